"""Carrying out effect primitives (the card-effect vocabulary of records.py)."""

from __future__ import annotations

from collections.abc import Sequence

from boardwright.games.runebound.knockout import knock_out
from boardwright.games.runebound.records import COLOURS, Effect
from boardwright.games.runebound.rules import Log, Rules, emit
from boardwright.games.runebound.state import RuneboundState


def pay_cost(
    rules: Rules, state: RuneboundState, seat: int, exhaustion: int, wounds: int, gold: int
) -> None:
    h = state.heroes[seat]
    h.gold -= min(gold, h.gold)
    rules.hurt_hero(state, seat, wounds, exhaustion)


def apply_effects(
    rules: Rules,
    state: RuneboundState,
    seat: int,
    effects: Sequence[Effect],
    log: Log,
    *,
    source: str = "",
    opponent: int = -1,
) -> None:
    """Apply effects for ``seat``; those that need a choice push a procedure frame.

    ``opponent`` is the other hero in a duel: "the enemy" that damage_enemy wounds.
    """
    h = state.heroes[seat]
    who = rules.who(state, seat)
    for e in effects:
        if state.finished:
            return
        if e.do == "modify":
            if state.combat is not None:
                state.combat.temp.append((e.stat, e.amount))
            else:
                h.turn_mods.append((e.stat, e.amount))
        elif e.do == "damage_enemy":
            if opponent >= 0:
                rules.hurt_hero(state, opponent, e.amount, 0)
                emit(
                    log,
                    "damage",
                    f"{source or who} deals {e.amount} wound(s) to {rules.who(state, opponent)}",
                    seat=seat,
                    amount=e.amount,
                )
            elif state.combat is not None:
                state.combat.enemy_wounds += e.amount
                emit(
                    log,
                    "damage",
                    f"{source or who} deals {e.amount} wound(s) to the enemy",
                    seat=seat,
                    amount=e.amount,
                )
        elif e.do == "heal":
            rules.heal_party(state, seat, e.wounds, e.exhaustion, e.target)
            emit(
                log,
                "heal",
                f"{who} heals ({e.wounds} wound(s), {e.exhaustion} exhaustion)",
                seat=seat,
            )
        elif e.do == "harm":
            rules.hurt_hero(state, seat, e.wounds, e.exhaustion)
            if e.target == "party":
                for ally in list(h.allies):
                    rules.hurt_ally(state, seat, ally, e.wounds, e.exhaustion, log)
            emit(
                log,
                "harm",
                f"{who} takes {e.wounds} wound(s) and {e.exhaustion} exhaustion",
                seat=seat,
                wounds=e.wounds,
                exhaustion=e.exhaustion,
            )
            if state.combat is None and rules.knocked_out(state, seat):
                emit(log, "knocked_out", f"{who} is knocked out", seat=seat)
                knock_out(rules, state, seat, log)
                return
        elif e.do == "gold":
            h.gold = max(0, h.gold + e.amount)
            emit(
                log,
                "gold",
                f"{who} {'gains' if e.amount >= 0 else 'pays'} {abs(e.amount)} gold",
                seat=seat,
                amount=e.amount,
            )
        elif e.do == "extra_move":
            h.bonus_moves += e.hexes
        elif e.do == "reroll":
            if state.combat is not None:
                state.combat.reroll = True
        elif e.do == "reduce_damage":
            if state.combat is not None:
                state.combat.temp.append(("armour", e.amount))
        elif e.do == "experience":
            colour = rules.counter_for_value(state, e.value)
            if colour >= 0:
                state.counter_supply[colour] -= 1
                h.counters.append(colour)
                emit(log, "experience", f"{who} gains {e.value} experience", seat=seat)
        elif e.do == "draw_market":
            city = rules.board.hexes[h.hex].city
            if not rules.draw_market_here(state, seat, e.count, log) and city >= 0:
                for _ in range(e.count):
                    draw_market_card(rules, state, city, log)
        elif e.do == "teleport":
            if e.to == "any_city":
                state.stack.append(("teleport", seat))
            else:
                target = (
                    rules.board.cities[0].hex
                    if e.to == "tamalir"
                    else rules.nearest_city_hex(state, seat)
                )
                h.hex = target
                emit(
                    log,
                    "move",
                    f"{who} is taken to {rules.board.hex_name(target)}",
                    seat=seat,
                    to=rules.board.hex_name(target),
                )
        elif e.do == "replenish":
            replenish(rules, state, [COLOURS.index(c) for c in e.colours], log)
        elif e.do == "fight":
            card = rules.content.adventure_index[e.card]
            colour = COLOURS.index(rules.adventures[card].colour)
            deck = state.adventure_decks[colour]
            pile = deck if card in deck else state.adventure_discards[colour]
            if card in pile:
                pile.remove(card)
                state.stack.append(("combat_start", card, h.hex, "encounter"))
        elif e.do == "lose_legend":  # AK-11.12; the base adventure has no legend cards
            rules.lose_legends(state, seat, e.amount, log, source=source)
        elif e.do == "hook":
            HOOKS[e.name](rules, state, seat, e.amount, log)


def replenish(rules: Rules, state: RuneboundState, colours: Sequence[int], log: Log) -> None:
    """RB-4.4: a counter on every starred gem hex of these colours that lacks one."""
    placed = 0
    for h in rules.board.hexes:
        missing = h.star and h.gem in colours and not state.counters[h.index] >> h.gem & 1
        if missing and state.counter_supply[h.gem] > 0:
            state.counter_supply[h.gem] -= 1
            state.counters[h.index] |= 1 << h.gem
            placed += 1
    emit(
        log,
        "replenish",
        f"Adventure counters return to {placed} starred hex(es) "
        f"({', '.join(COLOURS[c] for c in colours)})",
        placed=placed,
    )


def next_market_card(state: RuneboundState) -> int:
    """The top market card (revealed), reshuffling the discards when the deck ran out; -1 if
    there is none at all."""
    if not state.market_deck and state.market_discard:
        state.market_deck = state.market_discard
        state.market_discard = []
        state.rng.shuffle(state.market_deck)
        state.market_under = 0
    if not state.market_deck:
        return -1
    state.reveals += 1
    return state.market_deck.pop()


def draw_market_card(rules: Rules, state: RuneboundState, city: int, log: Log) -> None:
    """RB-7.1: the top market card goes face up onto the city's stack."""
    card = next_market_card(state)
    if card >= 0:
        state.stacks[city].append(card)
        emit(
            log,
            "market",
            f"{rules.market[card].name} comes to {rules.board.cities[city].name}",
            city=rules.board.cities[city].id,
            card=rules.market[card].id,
        )


def _heal_all(rules: Rules, state: RuneboundState, seat: int, amount: int, log: Log) -> None:
    h = state.heroes[seat]
    h.wounds = h.exhaustion = 0
    for ally in h.allies:
        ally.wounds = ally.exhaustion = 0


HOOKS = {"heal_all": _heal_all}
