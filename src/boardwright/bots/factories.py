"""The bot factories the game registry names: each takes (seed, game) and returns a bot for that
game, so that a bot knows the content the game runs with (a content pack's, not the built-in)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from boardwright.bots.random_bot import RandomBot
from boardwright.engine.bot import Bot
from boardwright.engine.game import Game

if TYPE_CHECKING:
    from boardwright.games.runebound.game import Runebound


def random_bot(seed: int, game: Game[Any]) -> Bot:
    """Uniformly random choices (any game)."""
    return RandomBot(seed)


def runebound_heuristic(seed: int, game: Game[Any]) -> Bot:
    """The heuristic Runebound bot, knowing the cards of the content ``game`` is built from."""
    from boardwright.bots.runebound.bot import RuneboundBot

    return RuneboundBot(seed, content=cast("Runebound", game).content)
