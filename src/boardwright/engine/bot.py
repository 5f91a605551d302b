"""The bot interface: what a seat's bot is shown when it must decide, and what it answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from boardwright.engine.decision import Decision


class Observation:
    """What a seat knows when it must decide: its seat, the decision and (lazily) its view.

    The view is built on first use: a bot that never looks at it costs nothing, and one that
    does gets the same filtered view a human player sees.
    """

    __slots__ = ("_make_view", "_view", "decision", "seat")

    def __init__(self, seat: int, decision: Decision, make_view: Callable[[], dict[str, Any]]):
        self.seat = seat
        self.decision = decision
        self._make_view = make_view
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._make_view()
        return self._view


class Bot(Protocol):
    name: str

    def choose(self, observation: Observation) -> int:
        """Return the index of the chosen option."""
        ...
