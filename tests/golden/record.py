"""Recording the Runebound golden games: four heuristic bots play a seeded game to its end.

The Realm of Sand golden games are recorded by ``tests/realm_of_sand/test_replay.py``, where
their bot (``fuzzkit.FuzzBot``) lives.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from boardwright.bots.base import make_bot
from boardwright.engine.session import Match
from boardwright.engine.table import Table
from boardwright.games import get_game

from .playthroughs import TESTS

RUNEBOUND_GOLDEN = TESTS / "runebound" / "golden"
PLAYERS = 4

# name -> (description, seed, options)
RUNEBOUND_GAMES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "four_heuristic_bots": ("Rise of the Dragonlords, four heuristic bots.", 2005, {}),
    "al_kalim_four_heuristic_bots": (
        "The Sands of Al-Kalim, four heuristic bots.",
        2011,
        {"adventure": "al-kalim"},
    ),
}


def record_runebound(seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """The save of a game between four heuristic bots (bot seeds ``seed * 10 + seat``)."""
    game = get_game("runebound")
    match = Match(game, game.config(PLAYERS, options), seed)
    bots = [make_bot("heuristic", seed * 10 + seat, game) for seat in range(PLAYERS)]
    Table(match, bots).run_bots()
    return match.to_save()


def write_runebound_saves() -> list[Path]:
    written = []
    for name, (description, seed, options) in RUNEBOUND_GAMES.items():
        path = RUNEBOUND_GOLDEN / f"{name}.json"
        data = {
            "description": description,
            "recorded_with": f"make_bot('heuristic', {seed} * 10 + seat) for every seat",
            "save": record_runebound(seed, options),
        }
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    return written
