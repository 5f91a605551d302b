"""Seeded random numbers whose whole state is one integer, so it lives inside the game state.

SplitMix64 is small, fast in pure Python and passes BigCrush; cloning or serializing it is
copying two ints, unlike :class:`random.Random` with its 625-word state.

Compiled (setup.py builds this module with mypyc and ``-fwrapv``), the generator runs on
machine words: the 64-bit state is kept as a signed word (``i64``) whose arithmetic wraps, so
a draw makes no Python integer at all. Interpreted, the same words are Python ints wrapped by
hand. Both give the very same numbers (tests/engine/test_rng.py holds them to the reference).
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

from mypy_extensions import i64, mypyc_attr

T = TypeVar("T")

_MASK64: Final = (1 << 64) - 1
_SIGN: Final = 1 << 63
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MUL1: Final = 0xBF58476D1CE4E5B9
_MUL2: Final = 0x94D049BB133111EB
# the same constants as signed words, and masks that make >> a logical shift
_GOLDEN_WORD: Final[i64] = -7046029254386353131
_MUL1_WORD: Final[i64] = -4658895280553007687
_MUL2_WORD: Final[i64] = -7723592293110705685
_LOW34: Final[i64] = (1 << 34) - 1
_LOW37: Final[i64] = (1 << 37) - 1
_LOW33: Final[i64] = (1 << 33) - 1
_WORD_BOUND: Final = 1 << 62
"""Bounds below this take the machine-word path of :meth:`Rng.below`."""


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _MUL1) & _MASK64
    z = ((z ^ (z >> 27)) * _MUL2) & _MASK64
    return z ^ (z >> 31)


def _to_word(value: int) -> int:
    """An unsigned 64-bit value as the signed word with the same bits."""
    return value - (1 << 64) if value >= _SIGN else value


def _unsigned(word: int) -> int:
    return word + (1 << 64) if word < 0 else word


def _too_big() -> int:
    return _SIGN


def _words_wrap() -> bool:
    """Whether this module runs compiled, its ``i64`` values machine words (a value that does
    not fit one is refused), rather than interpreted, where they are unbounded ints."""
    try:
        probe: i64 = _too_big()
    except (OverflowError, ValueError):
        return True
    return probe != _SIGN


_NATIVE: Final = _words_wrap()


# compiled by mypyc (setup.py); games, tests and tools subclass it in plain Python
@mypyc_attr(allow_interpreted_subclasses=True)
class Rng:
    """A SplitMix64 generator. ``draws`` counts numbers drawn: undo uses it to spot randomness."""

    __slots__ = ("draws", "word")

    def __init__(self, seed: int, *, state: int | None = None, draws: int = 0) -> None:
        start = _mix(seed & _MASK64) if state is None else state & _MASK64
        self.word: i64 = _to_word(start)
        """The state as a signed 64-bit word (see the module docstring)."""
        self.draws = draws

    @property
    def state(self) -> int:
        """The generator's state, an unsigned 64-bit integer."""
        return _unsigned(self.word)

    def _next_word(self) -> i64:
        """The next number, as a signed word; counts the draw."""
        self.draws += 1
        if _NATIVE:
            z: i64 = self.word + _GOLDEN_WORD
            self.word = z
            z = (z ^ ((z >> 30) & _LOW34)) * _MUL1_WORD
            z = (z ^ ((z >> 27) & _LOW37)) * _MUL2_WORD
            return z ^ ((z >> 31) & _LOW33)
        state = (_unsigned(self.word) + _GOLDEN) & _MASK64
        self.word = _to_word(state)
        return _to_word(_mix(state))

    def next64(self) -> int:
        """The next number, a uniform unsigned 64-bit integer."""
        return _unsigned(self._next_word())

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        if n >= _WORD_BOUND:
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                x = self.next64()
                if x < limit:
                    return x % n
        bound: i64 = n
        spare: i64 = (_WORD_BOUND % bound) * 4 % bound  # 2**64 % n: the numbers rejected
        while True:
            word = self._next_word()
            if word >= 0:  # below 2**63, never rejected
                return word % bound
            if word < -spare:  # the unsigned number is below 2**64 - spare
                return (word % bound + spare) % bound

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
