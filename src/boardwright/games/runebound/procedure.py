"""Base class of the Runebound procedures, and helpers to list abilities as options."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from boardwright.engine.decision import Option
from boardwright.engine.procedure import Procedure
from boardwright.games.runebound.effects import apply_effects, pay_cost
from boardwright.games.runebound.records import Ability
from boardwright.games.runebound.rules import Log, Rules, emit
from boardwright.games.runebound.state import RuneboundState


class RuneboundProcedure(Procedure[RuneboundState]):
    def __init__(self, rules: Rules) -> None:
        self.rules = rules


def market_card_options(
    rules: Rules, cards: Sequence[int], prefix: str, what: str
) -> tuple[Option, ...]:
    """One option per market card (an item or ally to lose, take, ...): key
    ``<prefix>:<card id>``, data the card index, args naming the card, its kind and cost."""
    return tuple(
        Option(
            f"{prefix}:{rules.market[c].id}",
            data=c,
            what=what,
            args={
                "item": rules.market[c].id,
                "item_kind": rules.market[c].kind,
                "cost": rules.market[c].cost,
            },
        )
        for c in cards
    )


def ability_options(
    found: Sequence[tuple[str, str, Ability]],
    repeats: Callable[[str, Ability], int] | None = None,
) -> list[Option]:
    """One option per ability; with ``repeats`` (RB-6.2), also ``use:<key>*<n>`` for taking an
    exhaustion-paid ability ``n`` times in one activation."""
    options = []
    for key, _, ability in found:
        args = {"ability": key, "ability_text": key}
        options.append(Option(f"use:{key}", data=key, what="rb.option.use", args=args))
        times = repeats(key, ability) if repeats is not None and key[0] in "hm" else 1
        options.extend(
            Option(
                f"use:{key}*{n}",
                data=f"{key}*{n}",
                what="rb.option.use_times",
                args={**args, "times": n, "exhaustion": n * ability.cost.exhaustion},
            )
            for n in range(2, times + 1)
        )
    return options


def repeats_for(rules: Rules, state: RuneboundState, seat: int) -> Callable[[str, Ability], int]:
    """RB-6.2: how often the seat may take each ability in one activation."""
    return partial(rules.repeats, state, seat)


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
    """Pay for and apply one ability (found by its key), marking it used; a key ``<key>*<n>``
    takes it ``n`` times (RB-6.2: n times the exhaustion, n times the effects)."""
    key, _, count = key.partition("*")
    times = int(count) if count else 1
    ability = next(a for k, _, a in rules.abilities(state, seat, timing) if k == key)
    used.append(key)
    rules.note_use(state, seat, key)  # AK-11.11: a legendary rune's uses
    state.activations += 1  # AR-6.3: counted per window (Rules.may_activate)
    cost = ability.cost
    ally = rules.paying_ally(state, seat, key)
    if ally is None:
        pay_cost(rules, state, seat, times * cost.exhaustion, cost.wounds, cost.gold)
    else:  # AR-6.2: an ally pays its own ability's exhaustion and wounds; the gold is the hero's
        pay_cost(rules, state, seat, 0, 0, cost.gold)
        rules.hurt_ally(state, seat, ally, cost.wounds, times * cost.exhaustion, log)
    extra = {"times": times, "variant": "times"} if times > 1 else {"variant": "used"}
    emit(log, "ability", **extra, **rules.party(state, seat), ability=key)
    if cost.discard:
        discard_owned(rules, state, seat, key)
        rules.hurt_hero(state, seat, 0, 0)  # lost stamina turns exhaustion into wounds
    for _ in range(times):
        apply_effects(
            rules, state, seat, ability.effects, log, source=f"owner:{key}", opponent=opponent
        )
    if key.startswith("m") and not cost.discard:
        spend_charge(rules, state, seat, int(key[1:].split(".")[0]), log)


def spend_charge(rules: Rules, state: RuneboundState, seat: int, card: int, log: Log) -> None:
    """PV-8: a use of a card with charges (``uses``) spends one; the last one crumbles it to
    the market discard pile."""
    uses = rules.market[card].uses
    h = state.heroes[seat]
    if uses is None or not (card in h.items or any(a.card == card for a in h.allies)):
        return
    spent = state.charges.get(card, 0) + 1
    party = rules.party(state, seat)
    if spent < uses:
        state.charges[card] = spent
        emit(log, "charge", **party, item=rules.market[card].id, left=uses - spent)
        return
    state.charges.pop(card, None)
    h.drop_card(card)
    state.market_discard.append(card)
    emit(log, "charge", variant="crumbles", **party, item=rules.market[card].id)


def discard_owned(rules: Rules, state: RuneboundState, seat: int, key: str) -> None:
    """Discard the item or ally an ability key belongs to (keys look like ``m<card>.<n>``)."""
    if not key.startswith("m"):
        return
    card = int(key[1:].split(".")[0])
    h = state.heroes[seat]
    h.drop_card(card)
    state.market_discard.append(card)
