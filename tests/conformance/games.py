"""The game objects the conformance suite plays: each registered game as built by the
registry, except where a game's options need content the built-in folder does not ship.
Runebound's option ``packs`` needs card packs installed (docs/rules/packs.md), so Runebound
is played with the fixture packs of ``tests/runebound/packs/fixtures`` (the packs left out of
a configuration leave its games as they are with the built-in content)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.engine.game import Game
from boardwright.games import get_game
from tests.runebound.packs.kit import pack_game

UNDER_TEST: dict[str, Callable[[], Game[Any]]] = {"runebound": pack_game}


def conformance_game(name: str) -> Game[Any]:
    """The game ``name`` as the suite plays it."""
    build = UNDER_TEST.get(name)
    return build() if build is not None else get_game(name)
