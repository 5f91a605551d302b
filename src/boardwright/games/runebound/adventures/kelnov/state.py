"""The Kelnov part of a game's state (``RuneboundState.adventure_state``): the three Kelnov
piles and their discard piles, as card indexes (KV-3, KV-11)."""

from __future__ import annotations

from boardwright.games.runebound.state import RuneboundState

PILES = 3  # green, yellow and blue (KV-3): the colour indexes 0, 1, 2


class KelnovState:
    """Per colour (green, yellow, blue): the face-down Kelnov pile (top = last) and the Kelnov
    discard pile."""

    __slots__ = ("discards", "piles")

    def __init__(self) -> None:
        self.piles: list[list[int]] = [[] for _ in range(PILES)]
        self.discards: list[list[int]] = [[] for _ in range(PILES)]

    def clone(self) -> KelnovState:
        # through __init__: a compiled (mypyc) class has no bare __new__
        other = KelnovState()
        other.piles = [pile[:] for pile in self.piles]
        other.discards = [pile[:] for pile in self.discards]
        return other


def kelnov_state(state: RuneboundState) -> KelnovState:
    """The Kelnov part of a Kelnov game's state."""
    found = state.adventure_state
    assert isinstance(found, KelnovState), "not a Kelnov game"
    return found
