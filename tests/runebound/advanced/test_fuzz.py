"""Seeded fuzz of Advanced Runebound: games with every advanced option on (the preset of
``--rules advanced``, with the base options mixed as in ``base/test_fuzz``) between random and
"eager" random bots, and :func:`kit.check_advanced_invariants` after every decision:
every adventure card in exactly one place (decks, discard piles, the undefeated track, the doom
track, the event space, red cards held, the card being resolved, or out of the game), at most 8
doom counters and never one fewer, the doom track shorter than its length, a consistent
endgame, market cards and adventure counters conserved, no hero standing knocked out.

The default run plays a CI sample; the full run (1,000 games of 2-6 players) is marked
``fuzz_full``::

    pytest tests/runebound/advanced/test_fuzz.py -m fuzz_full -n 2
"""

from __future__ import annotations

import json
from typing import Any

from boardwright.engine.rng import Rng
from boardwright.games.runebound.render import render_view
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.advanced.kit import all_on, play_advanced_game
from tests.runebound.fuzzruns import each_player_count, full_fuzz, fuzz_endings, fuzz_full_chunk
from tests.runebound.kit import GAME, case_options, random_steps

SAMPLE_GAMES = 6  # per player count in the default run


def advanced_case(players: int, index: int) -> dict[str, Any]:
    """Every advanced option on; the base options mixed per case (no short round caps, so
    most games reach the doom track's end); pairs at the table price or the base price."""
    options = {**case_options(players, index), **all_on()}
    options["max_rounds"] = 60
    if index % 4 == 3:
        options["advanced.experience"] = "base_price"
    return options


def play_case(players: int, index: int) -> RuneboundState:
    """The case's game; its result reports the endgame (AR-3.7) as the game ended."""
    seed = players * 7_000_003 + index
    options = advanced_case(players, index)
    state, _ = play_advanced_game(players, seed, options, eager=index % 3 != 0)
    result = GAME.result(state)
    assert result is not None
    report = result.details["endgame"]
    assert report["reached"] == (state.ended_by == "endgame")
    if state.ended_by == "endgame":
        assert state.doom_counters == 8
        assert report["winners"] == [
            result.details["heroes"][s] for s, rank in enumerate(result.ranks) if rank == 1
        ]
    return state


@each_player_count
def test_advanced_fuzz_sample(players: int) -> None:
    """The CI sample: every advanced option on; the endgame is reached."""
    endings = fuzz_endings(players, range(SAMPLE_GAMES), play_case)
    assert endings["endgame"] >= 1, endings


@full_fuzz
def test_advanced_fuzz_full(players: int, chunk: int) -> None:
    """200 games per player count (1,000 in all); runs only with ``-m fuzz_full``."""
    fuzz_full_chunk(players, chunk, play_case, label="advanced ")


def test_advanced_views_hide_the_doom_track_and_render() -> None:
    """AR-2.2: views show the doom track's colours, never its cards; every view renders."""
    state = GAME.setup(GAME.config(3, all_on()), 20)
    for step, _ in random_steps(state, Rng(1), 3000):  # a seed that reaches the endgame
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
    assert state.endgame_order, "the sample game should reach the endgame"
