"""A greedy bot (``greedy``): the option after which the seat's score is highest, looking no further
than its own next few decisions.

Per decision it takes one determinized state (:meth:`Observation.sample`, so it never sees the
true hidden state) and tries every option on a copy. A decision is often one step of a longer
move (a tile, then its orientation, then its place), so after an option it also tries the seat's
own following decisions, up to ``lookahead`` decisions in all, and values the option by the best
it can reach: the game's ``score`` for the seat, then ``tiebreak`` (e.g. what the game ranks
tied players by), then its own seeded generator among options still equal. It never looks past
a decision of another seat: it is greedy, not a search.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.engine.bot import Observation
from boardwright.engine.errors import ConfigError
from boardwright.engine.game import Game
from boardwright.engine.rng import Rng

LOOKAHEAD = 4
"""Own decisions tried per choice (Realm of Sand: the action, the tile, its orientation, its
place)."""

Value = tuple[float, float]


class GreedyBot:
    """Chooses the option whose reachable ``(score, tiebreak)`` for its seat is highest."""

    name = "greedy"

    def __init__(
        self,
        seed: int,
        game: Game[Any],
        tiebreak: Callable[[Any, int], float],
        lookahead: int = LOOKAHEAD,
    ) -> None:
        if lookahead < 1:
            raise ConfigError("greedy needs a lookahead of one decision or more")
        self.rng = Rng(seed)
        self.game = game
        self.tiebreak = tiebreak
        self.lookahead = lookahead

    def choose(self, observation: Observation) -> int:
        count = len(observation.decision.options)
        if count == 1:
            return 0
        sample = observation.sample(self.rng)
        seat = observation.seat
        best: list[int] = []
        best_value: Value | None = None
        for index in range(count):
            value = self._reach(sample, index, seat, self.lookahead - 1)
            if best_value is None or value > best_value:
                best, best_value = [index], value
            elif value == best_value:
                best.append(index)
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]

    def _reach(self, state: Any, index: int, seat: int, further: int) -> Value:
        """The best value ``seat`` reaches by option ``index`` in ``state`` and at most
        ``further`` of its own decisions right after it."""
        game = self.game
        after = game.clone(state)
        game.apply(after, index, None)
        decision = game.decision(after)
        if decision is None or decision.seat != seat or further == 0:
            return (game.score(after, seat), self.tiebreak(after, seat))
        return max(
            self._reach(after, option, seat, further - 1) for option in range(len(decision.options))
        )
