"""Seeded fuzz: full Runebound games between random (and "eager" random) bots, with the
invariants of ``kit.check_invariants`` after every decision: every adventure and market card
in exactly one place, adventure counters conserved, nothing negative, exhaustion within stamina,
allies within the limit, no hero left standing with wounds at their life, every decision with
unique options, and every game ending (victory, doom track, or the documented round cap with a
declared result). Views are checked for hygiene on a sample of decisions.

The default run plays a CI sample; the full run of the issue (1,000 games of 2-6 players) is
marked ``fuzz_full``::

    pytest tests/runebound/base/test_fuzz.py -m fuzz_full -n 2
"""

from __future__ import annotations

import json

from boardwright.engine.rng import Rng
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.fuzzruns import each_player_count, full_fuzz, fuzz_endings, fuzz_full_chunk
from tests.runebound.kit import GAME, case_options, play_random_game, random_steps

SAMPLE_GAMES = 6  # per player count in the default run


def play_case(players: int, index: int) -> RuneboundState:
    seed = players * 1_000_003 + index
    state, _ = play_random_game(players, seed, case_options(players, index), eager=index % 3 != 0)
    return state


@each_player_count
def test_fuzz_sample(players: int) -> None:
    """The CI sample, mixing every option."""
    fuzz_endings(players, range(SAMPLE_GAMES), play_case)


@full_fuzz
def test_fuzz_full(players: int, chunk: int) -> None:
    """200 games per player count (1,000 in all); runs only with ``-m fuzz_full``."""
    fuzz_full_chunk(players, chunk, play_case)


def test_views_hide_other_seats_options_and_are_json() -> None:
    """Views: JSON-ready; decision options only for the deciding seat; no deck order."""
    state = GAME.setup(GAME.config(3), 11)
    for step, decision in random_steps(state, Rng(3), 400):
        if step % 7 == 0:
            for seat in (None, 0, 1, 2):
                view = GAME.view(state, seat)
                json.dumps(view)
                assert ("options" in view["decision"]) == (seat == decision.seat)
                assert all(isinstance(v, int) for v in view["deck_sizes"].values())
