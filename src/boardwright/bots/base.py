"""The bot interface."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from boardwright.engine.decision import Decision
from boardwright.engine.errors import ConfigError


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


def make_bot(kind: str, seed: int) -> Bot:
    """A bot by its name in ``--seats`` lists.

    ``heuristic`` plays Runebound (for any other game it falls back to uniformly random choices).
    """
    from boardwright.bots.random_bot import RandomBot

    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        from boardwright.bots.runebound_bot import RuneboundBot

        return RuneboundBot(seed)
    raise ConfigError(f"unknown bot '{kind}'; known bots: heuristic, random")
