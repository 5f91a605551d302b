"""Seeded fuzz of Cult of the Rune: full random ("eager") games, 2-6 players, with the base
options, every cult option, the shipped card packs and some Advanced options mixed per game,
and the invariants of ``kit.check_cult`` after every decision: every card in play in exactly
one place, the cult marker on the board, infiltration markers within their supply, corruption
gained minus removed equal to corruption held, VP equal to the held cultists' values,
counters conserved, nothing negative, unique option keys, and every game ending.

The default run plays a CI sample; the issue's full run (1,000 games of 2-6 players) is marked
``fuzz_full``::

    pytest tests/runebound/cult/test_fuzz.py -m fuzz_full -n 2
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.rng import Rng
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.cult.kit import CULT, check_cult
from tests.runebound.fuzzruns import (
    each_player_count,
    full_fuzz,
    fuzz_endings,
    fuzz_full_chunk,
    mix_packs,
)
from tests.runebound.kit import EAGER, GAME, case_options, play_out

SAMPLE_GAMES = 2  # per player count in the default run


def cult_case_options(players: int, index: int) -> dict[str, Any]:
    """The base options of the case without the doom track (CR-5), every cult option, packs
    in either mode, and now and then Advanced sections that combine (CR-42)."""
    pick = Rng(players * 9_000_011 + index)
    options: dict[str, Any] = {**case_options(players, index), **CULT}
    options.pop("base_doom_track", None)
    options["cult.ritual_radius"] = ("number", "colour", "capped")[pick.below(3)]
    options["cult.ritual_cap"] = pick.below(4)
    options["cult.event_refill"] = ("card", "all")[pick.below(2)]
    options["cult.path"] = ("fixed", "follows_move")[pick.below(2)]
    options["cult.infiltration_markers"] = (6, 6, 0, 2)[pick.below(4)]
    options["cult.brand_removal"] = ("per_marker", "all")[pick.below(2)]
    options["cult.elimination"] = ("unreduced", "reduced")[pick.below(2)]
    options["cult.pile_table"] = ("seed", "short")[pick.below(2)]
    mix_packs(options, pick)
    if not pick.below(4):
        options["advanced.travel_hazards"] = True
        options["advanced.wounds"] = True
    return options


def play_case(players: int, index: int) -> RuneboundState:
    seed = players * 5_000_011 + index
    state = GAME.setup(GAME.config(players, cult_case_options(players, index)), seed)
    check_cult(state)
    play_out(state, Rng(seed ^ 0x5EED), EAGER if index % 4 != 3 else None, check_cult)
    return state


@each_player_count
def test_cr_fuzz_sample(players: int) -> None:
    """The CI sample, mixing every base and cult option with packs."""
    fuzz_endings(players, range(SAMPLE_GAMES), play_case, sole_winner=False)


@full_fuzz
def test_cr_fuzz_full(players: int, chunk: int) -> None:
    """200 games per player count (1,000 in all); runs only with ``-m fuzz_full``."""
    fuzz_full_chunk(players, chunk, play_case, sole_winner=False)
