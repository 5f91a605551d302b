"""Knock-out (RB-5.9): what happens to a hero whose wounds reach their life."""

from __future__ import annotations

from boardwright.games.runebound.advanced import eliminate, knockout_penalty
from boardwright.games.runebound.rules import Log, Rules, emit
from boardwright.games.runebound.state import ADVENTURE, RuneboundState


def ordinary_cards(rules: Rules, state: RuneboundState, seat: int) -> list[int]:
    """The items and allies a knock-out can cost (RB-5.9): never a legendary ally (AK-11.7)."""
    h = state.heroes[seat]
    return [*h.items, *(a.card for a in h.allies if not rules.is_legendary(a.card))]


def knock_out(
    rules: Rules,
    state: RuneboundState,
    seat: int,
    log: Log,
    *,
    lose_gold: bool = True,
    lose_card: bool = True,
) -> None:
    """RB-5.9: to the nearest city, healed; standard penalty: half the gold and one item or
    ally of the player's choice (a "knockout" frame; ``lose_card`` False: a duel's winner takes
    one instead, RB-5.10); option ``knockout_penalty=allies``: half the gold and every ally.

    The turn then goes on from the city: the adventure step is over, the market step follows.
    AR-6.6 (option): the advanced penalty, with the player's choices in a "knockout" frame;
    AR-3.6: in the endgame the hero is eliminated instead.
    """
    h = state.heroes[seat]
    if state.endgame_order:  # AR-3.6: in the endgame a fallen hero is eliminated instead
        eliminate(rules, state, seat, log)
        stack = state.stack
        while stack and stack[-1][0] != "endgame":
            stack.pop()
        return
    cities: tuple[int, ...] = ()
    if state.opts.advanced_knockout:  # AR-1.2: AR-6.6 replaces knockout_penalty
        cities = knockout_penalty(rules, state, seat, log)
    else:
        h.hex = rules.nearest_city_hex(state, seat)
        h.wounds = 0
        h.exhaustion = 0
        penalty = state.opts.knockout_penalty
        if penalty != "lenient":
            lost = h.gold // 2 if lose_gold else 0
            h.gold -= lost
            if penalty == "allies":
                kept = [a for a in h.allies if rules.is_legendary(a.card)]  # AK-11.7
                for ally in h.allies:
                    if not rules.is_legendary(ally.card):
                        state.market_discard.append(ally.card)
                h.allies[:] = kept
            variant = {"variant": "allies"} if penalty == "allies" else {}
            emit(log, "penalty", **variant, **rules.party(state, seat), gold=lost)
    rules.after_knockout(state, seat, log)
    emit(
        log,
        "move",
        variant="wakes",
        **rules.party(state, seat),
        to=rules.hex_labels[h.hex],
    )
    choices: list[tuple[object, ...]] = []
    if state.opts.advanced_knockout:
        choices.append(("knockout", seat, "card", cities))
    elif (
        lose_card
        and state.opts.knockout_penalty == "standard"
        and ordinary_cards(rules, state, seat)
    ):
        choices.append(("knockout", seat, "discard", ()))  # RB-5.9: the player picks the card
    if seat != state.seat:
        state.stack.extend(choices)  # AR-6.6: the defender's choices come first
        return  # a defender knocked out in another hero's turn: that turn goes on
    stack = state.stack
    waiting = []  # another hero's knock-out choices (a duel where both fell) stay
    while stack and stack[-1][0] != "turn":
        frame = stack.pop()
        if frame[0] in rules.kept_by_knockout:
            waiting.append(frame)
    if stack and stack[-1][1] < ADVENTURE and not rules.story_after_knockout:
        stack[-1] = ("turn", ADVENTURE)  # the market step (in the new city) comes next
    stack.extend(reversed(waiting))
    stack.extend(choices)  # AR-6.6 steps 3, 4 and 6: the card, the city, a new hero
