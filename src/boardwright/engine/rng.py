"""Seeded random numbers whose whole state is one integer, so it lives inside the game state.

SplitMix64 is small, fast in pure Python and passes BigCrush; cloning or serializing it is
copying two ints, unlike :class:`random.Random` with its 625-word state.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from mypy_extensions import mypyc_attr

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


# compiled by mypyc (setup.py); games, tests and tools subclass it in plain Python
@mypyc_attr(allow_interpreted_subclasses=True)
class Rng:
    """A SplitMix64 generator. ``draws`` counts numbers drawn: undo uses it to spot randomness."""

    __slots__ = ("draws", "state")

    def __init__(self, seed: int, *, state: int | None = None, draws: int = 0) -> None:
        self.state = _mix(seed & _MASK64) if state is None else state & _MASK64
        self.draws = draws

    def next64(self) -> int:
        z = self.state = (self.state + _GOLDEN) & _MASK64
        self.draws += 1
        # _mix written out: every die, shuffle and random bot choice comes through here
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def die(self, sides: int) -> int:
        """Roll one die with faces ``1..sides``."""
        return self.below(sides) + 1

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self) -> Rng:
        return Rng(0, state=self.state, draws=self.draws)

    def to_data(self) -> list[int]:
        return [self.state, self.draws]

    @classmethod
    def from_data(cls, data: Sequence[int]) -> Rng:
        return cls(0, state=int(data[0]), draws=int(data[1]))


def derive_seed(base: int, *parts: object) -> int:
    """A 63-bit seed derived from ``base`` and ``parts`` (stable across runs and platforms)."""
    text = ":".join(str(p) for p in (base, *parts))
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") & ((1 << 63) - 1)
