"""The runs of the Runebound fuzz tests (``test_fuzz`` of ``base``,
``advanced`` and ``al_kalim``): a CI sample per player count, and the full run of the issues (1,000
games of 2-6 players), in chunks marked ``fuzz_full`` (tests/conftest.py skips those unless
selected: ``pytest -m fuzz_full``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import pytest

from boardwright.engine.rng import Rng
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.kit import GAME

PLAYER_COUNTS = (2, 3, 4, 5, 6)
FULL_GAMES = 200  # per player count with -m fuzz_full: 1,000 in all
FULL_CHUNKS = 4
PlayCase = Callable[[int, int], RuneboundState]  # (players, case index) -> the finished game
TestFunction = TypeVar("TestFunction", bound=Callable[..., None])

each_player_count = pytest.mark.parametrize("players", PLAYER_COUNTS)


def full_fuzz(test: TestFunction) -> TestFunction:
    """Marks a full-run test ``test(players, chunk)``: ``fuzz_full`` (skipped unless selected),
    every player count, and :data:`FULL_CHUNKS` chunks of the :data:`FULL_GAMES` games."""
    chunks = pytest.mark.parametrize("chunk", range(FULL_CHUNKS))
    marked: TestFunction = pytest.mark.fuzz_full(each_player_count(chunks(test)))
    return marked


def fuzz_endings(
    players: int, cases: Iterable[int], play_case: PlayCase, *, sole_winner: bool = True
) -> Counter[str]:
    """Play the cases: each game declares a result in which its winner, if any, ranks first
    (and, with ``sole_winner``, alone). Returns how the games ended, counted."""
    endings: Counter[str] = Counter()
    for index in cases:
        state = play_case(players, index)
        result = GAME.result(state)
        assert result is not None
        endings[str(result.details["ended_by"])] += 1
        if state.endgame_how:
            endings[f"endgame: {state.endgame_how}"] += 1
        if state.winner >= 0:
            assert result.ranks[state.winner] == 1
            assert not sole_winner or list(result.ranks).count(1) == 1
    return endings


def fuzz_full_chunk(
    players: int, chunk: int, play_case: PlayCase, *, sole_winner: bool = True, label: str = ""
) -> None:
    """One chunk of the full run (``FULL_GAMES // FULL_CHUNKS`` cases), its endings printed."""
    size = FULL_GAMES // FULL_CHUNKS
    cases = range(chunk * size, (chunk + 1) * size)
    endings = fuzz_endings(players, cases, play_case, sole_winner=sole_winner)
    print(f"{label}players={players} chunk={chunk} endings={dict(endings)}")


PACK_CHOICES: tuple[list[str], ...] = (
    [],
    ["kellos", "walkers"],
    ["margath", "drakes"],
    ["kellos", "walkers", "margath", "drakes"],
)
"""The shipped card packs an adventure's fuzz mixes in: none, the market packs, the
adventure-card packs, all four."""


def mix_packs(options: dict[str, Any], pick: Rng) -> None:
    """Add packs to a fuzz case's options, each kind in a mode ``pick`` chooses (PK-4, PK-5)."""
    packs = PACK_CHOICES[pick.below(len(PACK_CHOICES))]
    if packs:
        options["packs"] = packs
        if "kellos" in packs:
            options["packs.market_mode"] = ("mixed", "focus")[pick.below(2)]
        if "margath" in packs:
            options["packs.adventure_mode"] = ("mixed", "focus")[pick.below(2)]
