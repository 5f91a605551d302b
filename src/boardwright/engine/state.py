"""What every game state carries: the seeded RNG, the procedure stack and the reveal counter."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from boardwright.engine.rng import Rng

if TYPE_CHECKING:
    from boardwright.engine.decision import Decision

Frame = tuple[Any, ...]
"""A procedure frame: ``(procedure name, *small immutable arguments)``; cheap to copy."""


# compiled by mypyc (setup.py); games, tests and tools subclass it in plain Python
@mypyc_attr(allow_interpreted_subclasses=True)
class StateBase:
    """Base of every game state.

    Subclasses add ids, counters and small lists, and override :meth:`clone` to copy them.
    ``reveals`` counts hidden information made public (a card turned face up); together with
    ``rng.draws`` it tells undo whether an action crossed a random or hidden event.
    ``pending`` caches the current decision; it is derived data, recomputed after loading.
    """

    __slots__ = ("pending", "reveals", "rng", "stack")

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.stack: list[Frame] = []
        self.reveals = 0
        self.pending: Decision | None = None

    def _copy_base_into(self, other: StateBase) -> None:
        other.rng = self.rng.clone()
        other.stack = list(self.stack)
        other.reveals = self.reveals
        other.pending = self.pending

    def reseed(self, source: Rng) -> None:
        """Replace the generator by one seeded from ``source`` (determinization: the future
        dice must not be the real ones). The draw count stays, so undo's barrier mark is kept."""
        self.rng = Rng(source.next64(), draws=self.rng.draws)

    def barrier_mark(self) -> tuple[int, int]:
        """Changes whenever randomness is used or hidden information is revealed."""
        return (self.rng.draws, self.reveals)
