"""Seeded fuzz of Advanced Runebound: games with every advanced option on (the preset of
``--rules advanced``, with the base options mixed as in ``test_rb_fuzz``) between random and
"eager" random bots, and :func:`rbadvanced.check_advanced_invariants` after every decision:
every adventure card in exactly one place (decks, discard piles, the undefeated track, the doom
track, the event space, red cards held, the card being resolved, or out of the game), at most 8
doom counters and never one fewer, the doom track shorter than its length, a consistent
endgame, market cards and adventure counters conserved, no hero standing knocked out.

The default run plays a CI sample; the full run (1,000 games of 2-6 players) is marked
``fuzz_full``::

    pytest tests/runebound/test_rb_advanced_fuzz.py -m fuzz_full -n 2
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rbadvanced import all_on, play_advanced_game
from rbkit import GAME, case_options

from boardwright.engine.rng import Rng
from boardwright.games.runebound.render import render_view

PLAYER_COUNTS = (2, 3, 4, 5, 6)
SAMPLE_GAMES = 6  # per player count in the default run
FULL_GAMES = 200  # per player count with -m fuzz_full: 1,000 in all
FULL_CHUNKS = 4


def advanced_case(players: int, index: int) -> dict[str, Any]:
    """Every advanced option on; the base options mixed per case (no short round caps, so
    most games reach the doom track's end); pairs at the table price or the base price."""
    options = {**case_options(players, index), **all_on()}
    options["max_rounds"] = 60
    if index % 4 == 3:
        options["advanced.experience"] = "base_price"
    return options


def play_cases(players: int, start: int, stop: int) -> Counter[str]:
    endings: Counter[str] = Counter()
    for index in range(start, stop):
        seed = players * 7_000_003 + index
        state, _ = play_advanced_game(
            players, seed, advanced_case(players, index), eager=index % 3 != 0
        )
        result = GAME.result(state)
        assert result is not None
        how = str(result.details["ended_by"])
        endings[how] += 1
        report = result.details["endgame"]
        assert report["reached"] == (how == "endgame")
        if how == "endgame":
            endings[f"endgame: {state.endgame_how}"] += 1
            assert state.doom_counters == 8
            assert report["winners"] == [
                result.details["heroes"][s] for s, rank in enumerate(result.ranks) if rank == 1
            ]
        if state.winner >= 0:
            assert result.ranks[state.winner] == 1
            assert sum(1 for r in result.ranks if r == 1) == 1
    return endings


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_advanced_fuzz_sample(players: int) -> None:
    """The CI sample: every advanced option on; the endgame is reached."""
    endings = play_cases(players, 0, SAMPLE_GAMES)
    assert endings["endgame"] >= 1, endings


@pytest.mark.fuzz_full
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("chunk", range(FULL_CHUNKS))
def test_advanced_fuzz_full(players: int, chunk: int) -> None:
    """200 games per player count (1,000 in all); runs only with ``-m fuzz_full``."""
    size = FULL_GAMES // FULL_CHUNKS
    endings = play_cases(players, chunk * size, (chunk + 1) * size)
    print(f"advanced players={players} chunk={chunk} endings={dict(endings)}")


def test_advanced_views_hide_the_doom_track_and_render() -> None:
    """AR-2.2: views show the doom track's colours, never its cards; every view renders."""
    state = GAME.setup(GAME.config(3, all_on()), 21)
    rng = Rng(5)
    for step in range(3000):
        decision = state.pending
        if decision is None:
            break
        if step % 25 == 0 or state.endgame_order:
            for seat in (None, 0, 1, 2):
                view = GAME.view(state, seat)
                text = json.dumps(view)
                hidden = [GAME.content.adventures[c].id for c in state.doom_row]
                assert not any(f'"{card}"' in text for card in hidden)
                assert view["doom"]["track"] == [
                    GAME.content.adventures[c].colour for c in state.doom_row
                ]
            render_view(GAME.view(state, 0))
        GAME.apply(state, rng.below(len(decision.options)))
    assert state.endgame_order, "the sample game should reach the endgame"
