"""The bot interface: what a seat's bot is shown when it must decide, and what it answers."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from boardwright.engine.decision import Decision
from boardwright.engine.errors import BoardwrightError
from boardwright.engine.rng import Rng
from boardwright.engine.state import StateBase

if TYPE_CHECKING:
    from boardwright.engine.game import Game


class Observation:
    """What a seat knows when it must decide: its seat, the decision and (lazily) its view.

    The view is built on first use: a bot that never looks at it costs nothing, and one that
    does gets the same filtered view a human player sees. A look-ahead bot asks for
    :meth:`sample` instead: a state to search from, made by ``Game.determinize`` for the seat,
    so it never holds the true hidden state.
    """

    __slots__ = ("_make_sample", "_make_view", "_view", "decision", "seat")

    def __init__(
        self,
        seat: int,
        decision: Decision,
        make_view: Callable[[], dict[str, Any]],
        make_sample: Callable[[Rng], StateBase] | None = None,
    ):
        self.seat = seat
        self.decision = decision
        self._make_view = make_view
        self._make_sample = make_sample
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._make_view()
        return self._view

    def sample(self, rng: Rng) -> StateBase:
        """A new state consistent with everything the seat has seen, the cards it cannot know
        dealt again and the dice reseeded from ``rng`` (which advances); the bot may play on
        it freely. A BoardwrightError when whoever built the observation offers no samples."""
        if self._make_sample is None:
            raise BoardwrightError("this observation offers no determinized states")
        return self._make_sample(rng)


def observe(game: Game[Any], state: StateBase, decision: Decision) -> Observation:
    """What the seat deciding ``decision`` in ``state`` is shown: the decision, its view of the
    state and determinized samples for it (never the state itself)."""
    seat = decision.seat
    return Observation(
        seat, decision, partial(game.view, state, seat), partial(game.determinize, state, seat)
    )


class Bot(Protocol):
    name: str

    def choose(self, observation: Observation) -> int:
        """Return the index of the chosen option."""
        ...
