"""How good a searched position is for each seat: a number in [0, 1] per seat.

At the end of a game a seat's reward is the share of the other seats it ranks above (a tie
counts half): 1 for a sole winner, 0 for a sole loser. Before the end (a rollout cut off at its
depth) a bot given a ``worth`` (a per-seat value of the position, in units where a difference of
one is a clear lead) compares seats by it on a smooth margin; without one, the game's ``score``
stands in for the ranks, compared seat against seat on a scale-free margin, so the same
evaluation serves every game whatever its scores count.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from boardwright.engine.game import Game

Worth = Callable[[Any, int], float]
"""A position's value to a seat, in units where a difference of one is a clear lead."""


def rewards(game: Game[Any], state: Any, players: int, worth: Worth | None = None) -> list[float]:
    """Each of the ``players`` seats' reward in ``state`` (see the module docstring)."""
    result = game.result(state)
    if result is not None:
        return pairwise([-rank for rank in result.ranks], players, margin=_beats)
    if worth is not None:
        values = [worth(state, seat) for seat in range(players)]
        return pairwise(values, players, margin=_ahead)
    scores = [game.score(state, seat) for seat in range(players)]
    return pairwise(scores, players, margin=_lead)


def pairwise(
    values: Sequence[float], players: int, *, margin: Callable[[float, float], float]
) -> list[float]:
    """Per seat: the mean of ``margin(own, other)`` (in [0, 1]) over the other seats."""
    if players < 2:
        return [0.5] * players
    return [
        sum(margin(values[seat], values[other]) for other in range(players) if other != seat)
        / (players - 1)
        for seat in range(players)
    ]


def _beats(own: float, other: float) -> float:
    return 1.0 if own > other else 0.5 if own == other else 0.0


def _lead(own: float, other: float) -> float:
    """0.5 when level, towards 1 (0) as ``own`` leads (trails) by more than the scores are."""
    return 0.5 + 0.5 * (own - other) / (abs(own) + abs(other) + 1.0)


def _ahead(own: float, other: float) -> float:
    """0.5 when level, about 0.88 (0.12) a unit ahead (behind), towards 1 (0) beyond."""
    return 0.5 + 0.5 * math.tanh(own - other)
