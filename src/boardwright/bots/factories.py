"""The bot factories the game registry names: each takes (seed, game) and returns a bot for that
game, so that a bot knows the content the game runs with (a content pack's, not the built-in)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from boardwright.bots.mcts import MctsBot
from boardwright.bots.random_bot import RandomBot
from boardwright.engine.bot import Bot
from boardwright.engine.game import Game

if TYPE_CHECKING:
    from boardwright.games.realm_of_sand.state import RealmState
    from boardwright.games.runebound.game import Runebound
    from boardwright.games.runebound.state import RuneboundState


def random_bot(seed: int, game: Game[Any]) -> Bot:
    """Uniformly random choices (any game)."""
    return RandomBot(seed)


def runebound_heuristic(seed: int, game: Game[Any]) -> Bot:
    """The heuristic Runebound bot, knowing the cards of the content ``game`` is built from."""
    from boardwright.bots.runebound.bot import RuneboundBot

    return RuneboundBot(seed, content=cast("Runebound", game).content)


def realm_of_sand_mcts(seed: int, game: Game[Any]) -> Bot:
    """Information-set MCTS for Realm of Sand, at the budget of the registry's ``mcts``."""
    return MctsBot(seed, game, realm_players)


def runebound_mcts(seed: int, game: Game[Any]) -> Bot:
    """Information-set MCTS for Runebound (any adventure), at the registry's budget, its
    rollouts valued by the parties' progress (:mod:`boardwright.bots.mcts.runebound_worth`)."""
    from boardwright.bots.mcts.runebound_worth import RuneboundWorth

    return MctsBot(seed, game, runebound_players, worth=RuneboundWorth(cast("Runebound", game)))


def realm_players(state: RealmState) -> int:
    """The number of seats of a Realm of Sand state (MCTS rewards every seat)."""
    return len(state.players)


def runebound_players(state: RuneboundState) -> int:
    """The number of seats of a Runebound state."""
    return len(state.heroes)
