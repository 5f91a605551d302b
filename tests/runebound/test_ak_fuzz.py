"""Seeded fuzz of The Sands of Al-Kalim: full games between random ("eager") bots, with the
invariants of ``akkit.check_ak_invariants`` after every decision: every adventure, market and
legend card in exactly one place (legend cards across the five stacks and the quest boards),
survival gear at most 6 per kind and conserved, the sandstorm never pointing off the board once
placed, adventure counters conserved (limit counters included), nothing negative, allies within
the limit, unique option keys, and every game ending.

The default run plays a CI sample; the issue's full run (1,000 games of 2-6 players) is marked
``fuzz_full``::

    pytest tests/runebound/test_ak_fuzz.py -m fuzz_full -n 2
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from akkit import AK_OPTIONS, GAME, ak_case_options, play_random_ak_game

from boardwright.engine.rng import Rng

PLAYER_COUNTS = (2, 3, 4, 5, 6)
SAMPLE_GAMES = 2  # per player count in the default run
FULL_GAMES = 200  # per player count with -m fuzz_full: 1,000 in all
FULL_CHUNKS = 4


def _play_cases(players: int, start: int, stop: int) -> Counter[str]:
    endings: Counter[str] = Counter()
    for index in range(start, stop):
        seed = players * 2_000_003 + index
        state, _ = play_random_ak_game(
            players, seed, ak_case_options(players, index), eager=index % 4 != 3
        )
        result = GAME.result(state)
        assert result is not None
        endings[str(result.details["ended_by"])] += 1
        if state.winner >= 0:
            assert result.ranks[state.winner] == 1
    return endings


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_ak_fuzz_sample(players: int) -> None:
    """The CI sample, mixing every base and Al-Kalim option."""
    _play_cases(players, 0, SAMPLE_GAMES)


@pytest.mark.fuzz_full
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("chunk", range(FULL_CHUNKS))
def test_ak_fuzz_full(players: int, chunk: int) -> None:
    """200 games per player count (1,000 in all); runs only with ``-m fuzz_full``."""
    size = FULL_GAMES // FULL_CHUNKS
    endings = _play_cases(players, chunk * size, (chunk + 1) * size)
    print(f"players={players} chunk={chunk} endings={dict(endings)}")


def test_ak_views_are_json_and_hide_deck_order() -> None:
    """Views of an Al-Kalim game: JSON-ready, options only for the deciding seat, legend
    stacks shown by size and top card only."""
    state = GAME.setup(GAME.config(3, AK_OPTIONS), 5)
    rng = Rng(9)
    for step in range(600):
        decision = state.pending
        if decision is None:
            break
        if step % 9 == 0:
            for seat in (None, 0, 1, 2):
                view = GAME.view(state, seat)
                json.dumps(view)
                assert ("options" in view["decision"]) == (seat == decision.seat)
                stacks = view["al_kalim"]["legend_stacks"]
                assert set(stacks) == {"ally", "artifact", "location", "mount", "rune"}
                assert all(set(s) == {"size", "top"} for s in stacks.values())
        GAME.apply(state, rng.below(len(decision.options)))
