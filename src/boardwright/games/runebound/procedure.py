"""Base class of the Runebound procedures, and helpers to list abilities as options."""

from __future__ import annotations

from collections.abc import Sequence

from boardwright.engine.decision import Option
from boardwright.engine.procedure import Procedure
from boardwright.games.runebound.effects import apply_effects, pay_cost
from boardwright.games.runebound.records import Ability
from boardwright.games.runebound.rules import Log, Rules, emit
from boardwright.games.runebound.state import RuneboundState


class RuneboundProcedure(Procedure[RuneboundState]):
    def __init__(self, rules: Rules) -> None:
        self.rules = rules


def ability_options(found: Sequence[tuple[str, str, Ability]]) -> list[Option]:
    return [
        Option(
            f"use:{key}", data=key, what="rb.option.use", args={"ability": key, "ability_text": key}
        )
        for key, _, _ in found
    ]


def use_ability(
    rules: Rules,
    state: RuneboundState,
    seat: int,
    key: str,
    timing: str,
    log: Log,
    used: list[str],
    *,
    opponent: int = -1,
) -> None:
    """Pay for and apply one ability (found by its key), marking it used."""
    ability = next(a for k, _, a in rules.abilities(state, seat, timing) if k == key)
    used.append(key)
    rules.note_use(state, seat, key)  # AK-11.11: a legendary rune's uses
    state.activations += 1  # AR-6.3: counted per window (Rules.may_activate)
    cost = ability.cost
    ally = rules.paying_ally(state, seat, key)
    if ally is None:
        pay_cost(rules, state, seat, cost.exhaustion, cost.wounds, cost.gold)
    else:  # AR-6.2: an ally pays its own ability's exhaustion and wounds; the gold is the hero's
        pay_cost(rules, state, seat, 0, 0, cost.gold)
        rules.hurt_ally(state, seat, ally, cost.wounds, cost.exhaustion, log)
    emit(log, "ability", variant="used", **rules.party(state, seat), ability=key)
    if ability.cost.discard:
        discard_owned(rules, state, seat, key)
        rules.hurt_hero(state, seat, 0, 0)  # lost stamina turns exhaustion into wounds
    apply_effects(
        rules, state, seat, ability.effects, log, source=f"owner:{key}", opponent=opponent
    )


def discard_owned(rules: Rules, state: RuneboundState, seat: int, key: str) -> None:
    """Discard the item or ally an ability key belongs to (keys look like ``m<card>.<n>``)."""
    if not key.startswith("m"):
        return
    card = int(key[1:].split(".")[0])
    h = state.heroes[seat]
    if card in h.items:
        h.items.remove(card)
    else:
        h.allies = [a for a in h.allies if a.card != card]
    state.market_discard.append(card)
