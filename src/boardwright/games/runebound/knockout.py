"""Knock-out (RB-5.9): what happens to a hero whose wounds reach their life."""

from __future__ import annotations

from boardwright.games.runebound.rules import Log, Rules, emit
from boardwright.games.runebound.state import ADVENTURE, RuneboundState


def knock_out(
    rules: Rules, state: RuneboundState, seat: int, log: Log, *, lose_gold: bool = True
) -> None:
    """RB-5.9: to the nearest city, healed; standard penalty: half the gold and every ally.

    The turn then goes on from the city: the adventure step is over, the market step follows.
    """
    h = state.heroes[seat]
    h.hex = rules.nearest_city_hex(state, seat)
    h.wounds = 0
    h.exhaustion = 0
    if state.opts.knockout_penalty == "standard":
        lost = h.gold // 2 if lose_gold else 0
        h.gold -= lost
        for ally in h.allies:
            state.market_discard.append(ally.card)
        h.allies.clear()
        emit(
            log,
            "penalty",
            f"{rules.who(state, seat)} loses {lost} gold and every ally",
            seat=seat,
            gold=lost,
        )
    emit(
        log,
        "move",
        f"{rules.who(state, seat)} wakes up in {rules.board.hex_name(h.hex)}",
        seat=seat,
    )
    if seat != state.seat:
        return  # a defender knocked out in another hero's turn: that turn goes on
    stack = state.stack
    while stack and stack[-1][0] != "turn":
        stack.pop()
    if stack and stack[-1][1] < ADVENTURE:
        stack[-1] = ("turn", ADVENTURE)  # the market step (in the new city) comes next
