"""Seeded positions to measure or test a bot on: a game played by seeded random choices up to
a real decision, so that a benchmark and a test that want "a mid-game state" build the same one."""

from __future__ import annotations

from typing import Any

from boardwright.engine.game import Game, GameConfig
from boardwright.engine.rng import Rng


def after_random_moves(
    game: Game[Any], config: GameConfig, seed: int, moves: int, min_options: int = 2
) -> Any | None:
    """The state of a game set up with ``seed`` after ``moves`` decisions chosen at random (a
    generator seeded with ``seed`` too), then on to the first decision with at least
    ``min_options`` options; None when the game ends first."""
    state = game.setup(config, seed)
    rng = Rng(seed)
    made = 0
    while (decision := game.decision(state)) is not None:
        if made >= moves and len(decision.options) >= min_options:
            return state
        game.apply(state, rng.below(len(decision.options)))
        made += 1
    return None
