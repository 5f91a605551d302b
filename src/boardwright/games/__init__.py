"""The games, each a package fulfilling :class:`boardwright.engine.Game`; look them up by name."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

from boardwright.engine.errors import BoardwrightError
from boardwright.engine.game import Game

_GAMES: dict[str, str] = {
    "realm-of-sand": "boardwright.games.realm_of_sand.game:RealmOfSand",
    "runebound": "boardwright.games.runebound.game:Runebound",
}


def game_names() -> list[str]:
    return sorted(_GAMES)


@cache
def get_game(name: str) -> Game[Any]:
    """The game called ``name`` (built once; games are immutable)."""
    target = _GAMES.get(name)
    if target is None:
        raise BoardwrightError(f"unknown game '{name}'; known games: {', '.join(game_names())}")
    module_name, _, class_name = target.partition(":")
    game: Game[Any] = getattr(import_module(module_name), class_name)()
    return game
