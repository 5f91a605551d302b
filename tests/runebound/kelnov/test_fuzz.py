"""Seeded fuzz of Avatars of Kelnov: full random ("eager") games, 2-6 players, with the base
options, ``kelnov.fallback``, the shipped card packs and some Advanced options mixed per game,
and the invariants of ``kit.check_kelnov`` after every decision: every card in play in exactly
one place and the set-aside red cards in none, Kelnov's piles and discards holding only his
cards of their colour and the base discards none, the red deck only his, counters conserved,
nothing negative, unique option keys, and every game ending.

The default run plays a CI sample; the issue's full run (1,000 games of 2-6 players) is marked
``fuzz_full``::

    pytest tests/runebound/kelnov/test_fuzz.py -m fuzz_full -n 2
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.rng import Rng
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.fuzzruns import (
    each_player_count,
    full_fuzz,
    fuzz_endings,
    fuzz_full_chunk,
    mix_packs,
)
from tests.runebound.kelnov.kit import KELNOV, check_kelnov
from tests.runebound.kit import EAGER, GAME, case_options, play_out

SAMPLE_GAMES = 2  # per player count in the default run


def kelnov_case_options(players: int, index: int) -> dict[str, Any]:
    """The base options of the case (tests.runebound.kit), Kelnov's fallback, packs in either
    mode, and now and then the Advanced doom track and endgame (KV-14, KV-15, KV-18, KV-19)."""
    pick = Rng(players * 7_000_019 + index)
    options: dict[str, Any] = {**case_options(players, index), **KELNOV}
    options["kelnov.fallback"] = ("skip", "resolve")[pick.below(2)]
    mix_packs(options, pick)
    if not pick.below(4):
        options["advanced.doom_track"] = True
        options["advanced.endgame"] = bool(pick.below(2))
        options.pop("base_doom_track", None)
    return options


def play_case(players: int, index: int) -> RuneboundState:
    seed = players * 3_000_017 + index
    state = GAME.setup(GAME.config(players, kelnov_case_options(players, index)), seed)
    check_kelnov(state)
    play_out(state, Rng(seed ^ 0x5EED), EAGER if index % 4 != 3 else None, check_kelnov)
    return state


@each_player_count
def test_kv_fuzz_sample(players: int) -> None:
    """The CI sample, mixing every base and Kelnov option with packs."""
    fuzz_endings(players, range(SAMPLE_GAMES), play_case, sole_winner=False)


@full_fuzz
def test_kv_fuzz_full(players: int, chunk: int) -> None:
    """200 games per player count (1,000 in all); runs only with ``-m fuzz_full``."""
    fuzz_full_chunk(players, chunk, play_case, sole_winner=False)
