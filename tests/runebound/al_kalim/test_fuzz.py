"""Seeded fuzz of The Sands of Al-Kalim: full games between random ("eager") bots, with the
invariants of ``kit.check_al_kalim_invariants`` after every decision: every adventure,
market and legend card in exactly one place (legend cards across the five stacks and the quest
boards), survival gear at most 6 per kind and conserved, the sandstorm never pointing off the
board once placed, adventure counters conserved (limit counters included), nothing negative,
allies within the limit, unique option keys, and every game ending.

The default run plays a CI sample; the issue's full run (1,000 games of 2-6 players) is marked
``fuzz_full``::

    pytest tests/runebound/al_kalim/test_fuzz.py -m fuzz_full -n 2
"""

from __future__ import annotations

import json

from boardwright.engine.rng import Rng
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.al_kalim.kit import (
    AL_KALIM_OPTIONS,
    GAME,
    al_kalim_case_options,
    play_random_al_kalim_game,
)
from tests.runebound.fuzzruns import each_player_count, full_fuzz, fuzz_endings, fuzz_full_chunk
from tests.runebound.kit import random_steps

SAMPLE_GAMES = 2  # per player count in the default run


def play_case(players: int, index: int) -> RuneboundState:
    seed = players * 2_000_003 + index
    options = al_kalim_case_options(players, index)
    state, _ = play_random_al_kalim_game(players, seed, options, eager=index % 4 != 3)
    return state


@each_player_count
def test_ak_fuzz_sample(players: int) -> None:
    """The CI sample, mixing every base and Al-Kalim option."""
    fuzz_endings(players, range(SAMPLE_GAMES), play_case, sole_winner=False)


@full_fuzz
def test_ak_fuzz_full(players: int, chunk: int) -> None:
    """200 games per player count (1,000 in all); runs only with ``-m fuzz_full``."""
    fuzz_full_chunk(players, chunk, play_case, sole_winner=False)


def test_ak_views_are_json_and_hide_deck_order() -> None:
    """Views of an Al-Kalim game: JSON-ready, options only for the deciding seat, legend
    stacks shown by size and top card only."""
    state = GAME.setup(GAME.config(3, AL_KALIM_OPTIONS), 5)
    for step, decision in random_steps(state, Rng(9), 600):
        if step % 9 == 0:
            for seat in (None, 0, 1, 2):
                view = GAME.view(state, seat)
                json.dumps(view)
                assert ("options" in view["decision"]) == (seat == decision.seat)
                stacks = view["al_kalim"]["legend_stacks"]
                assert set(stacks) == {"ally", "artifact", "location", "mount", "rune"}
                assert all(set(s) == {"size", "top"} for s in stacks.values())
