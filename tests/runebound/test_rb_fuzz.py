"""Seeded fuzz: full Runebound games between random (and "eager" random) bots, with the
invariants of ``rbkit.check_invariants`` after every decision: every adventure and market card
in exactly one place, adventure counters conserved, nothing negative, exhaustion within stamina,
allies within the limit, no hero left standing with wounds at their life, every decision with
unique options, and every game ending (victory, doom track, or the documented round cap with a
declared result). Views are checked for hygiene on a sample of decisions.

The default run plays a CI sample; the full run of the issue (1,000 games of 2-6 players) is
marked ``fuzz_full``::

    pytest tests/runebound/test_rb_fuzz.py -m fuzz_full -n 2
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rbkit import GAME, case_options, play_random_game

from boardwright.engine.rng import Rng

PLAYER_COUNTS = (2, 3, 4, 5, 6)
SAMPLE_GAMES = 6  # per player count in the default run
FULL_GAMES = 200  # per player count with -m fuzz_full: 1,000 in all
FULL_CHUNKS = 4


def _play_cases(players: int, start: int, stop: int) -> Counter[str]:
    endings: Counter[str] = Counter()
    for index in range(start, stop):
        seed = players * 1_000_003 + index
        state, _ = play_random_game(
            players, seed, case_options(players, index), eager=index % 3 != 0
        )
        result = GAME.result(state)
        assert result is not None
        endings[str(result.details["ended_by"])] += 1
        if state.winner >= 0:
            assert result.ranks[state.winner] == 1
            assert sum(1 for r in result.ranks if r == 1) == 1
    return endings


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_fuzz_sample(players: int) -> None:
    """The CI sample, mixing every option."""
    _play_cases(players, 0, SAMPLE_GAMES)


@pytest.mark.fuzz_full
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("chunk", range(FULL_CHUNKS))
def test_fuzz_full(players: int, chunk: int) -> None:
    """200 games per player count (1,000 in all); runs only with ``-m fuzz_full``."""
    size = FULL_GAMES // FULL_CHUNKS
    endings = _play_cases(players, chunk * size, (chunk + 1) * size)
    print(f"players={players} chunk={chunk} endings={dict(endings)}")


def test_views_hide_other_seats_options_and_are_json() -> None:
    """Views: JSON-ready; decision options only for the deciding seat; no deck order."""
    state = GAME.setup(GAME.config(3), 11)
    rng = Rng(3)
    for step in range(400):
        decision = state.pending
        if decision is None:
            break
        if step % 7 == 0:
            for seat in (None, 0, 1, 2):
                view = GAME.view(state, seat)
                json.dumps(view)
                shown = view["decision"]
                assert ("options" in shown) == (seat == decision.seat)
                assert all(isinstance(v, int) for v in view["deck_sizes"].values())
        GAME.apply(state, rng.below(len(decision.options)))
