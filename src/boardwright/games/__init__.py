"""The games, each a package fulfilling :class:`boardwright.engine.Game`: one entry per game.

An entry names everything a front end, simulation or a bot needs of a game — its class, how to
build it from a content folder, its terminal renderer, its rules reference and the bots it
offers — as ``"module:name"`` strings, imported only when used, so that importing the registry
stays cheap. Adding a game is one entry here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

from boardwright.engine.bot import Bot
from boardwright.engine.errors import BoardwrightError, ConfigError
from boardwright.engine.game import Game


def load_target(target: str) -> Any:
    """The object a ``"module:name"`` string names (the module is imported on first use)."""
    module_name, _, attribute = target.partition(":")
    return getattr(import_module(module_name), attribute)


@dataclass(frozen=True)
class GameEntry:
    """One game: where its parts live.

    ``game`` is the game class (built with ``content=`` for a content folder loaded by
    ``content_loader``); ``renderer`` draws a view at the terminal (a function taking the view,
    and ``content=`` if it names things from the content); ``rule_prefixes`` are the prefixes of
    its rule IDs (``RS`` for RS-2.5): the files of docs/rules whose rule IDs use them make its
    rules reference, in the order of the prefixes (found by their IDs, not named here); ``bots``
    maps each bot name a ``--seats`` list may give to a factory taking (seed, game), so that a
    bot knows the content the game runs with.
    """

    name: str
    game: str
    content_loader: str
    renderer: str
    rule_prefixes: tuple[str, ...]
    bots: Mapping[str, str]

    def build(self, content_dir: Path | None = None) -> Game[Any]:
        """A new game object, with the built-in content or the content of ``content_dir``
        (a :class:`~boardwright.engine.content.ContentError` when that does not load)."""
        game_class = load_target(self.game)
        if content_dir is None:
            built: Game[Any] = game_class()
        else:
            loader: Callable[[Path], Any] = load_target(self.content_loader)
            built = game_class(content=loader(content_dir))
        return built

    def make_bot(self, kind: str, seed: int, game: Game[Any]) -> Bot:
        """The bot ``kind`` for ``game`` (a game of this entry); ConfigError naming the bots
        this game offers when it offers no bot of that name."""
        target = self.bots.get(kind)
        if target is None:
            raise ConfigError(
                f"unknown bot '{kind}' for {self.name}; its bots: {', '.join(sorted(self.bots))}"
            )
        factory: Callable[[int, Game[Any]], Bot] = load_target(target)
        return factory(seed, game)


_RANDOM = "boardwright.bots.factories:random_bot"

GAMES: dict[str, GameEntry] = {
    entry.name: entry
    for entry in (
        GameEntry(
            name="realm-of-sand",
            game="boardwright.games.realm_of_sand.game:RealmOfSand",
            content_loader="boardwright.games.realm_of_sand.content:load_content",
            renderer="boardwright.games.realm_of_sand.render:render_view",
            rule_prefixes=("RS",),
            bots={
                "greedy": "boardwright.bots.factories:realm_of_sand_greedy",
                "mcts": "boardwright.bots.factories:realm_of_sand_mcts",
                "random": _RANDOM,
            },
        ),
        GameEntry(
            name="runebound",
            game="boardwright.games.runebound.game:Runebound",
            content_loader="boardwright.games.runebound.content:load_content",
            renderer="boardwright.games.runebound.render:render_view",
            rule_prefixes=("RB", "AK", "AR", "PK", "KL", "WW", "SM", "DD", "PV", "KV", "CR"),
            bots={
                "heuristic": "boardwright.bots.factories:runebound_heuristic",
                "mcts": "boardwright.bots.factories:runebound_mcts",
                "random": _RANDOM,
            },
        ),
    )
}


def game_names() -> list[str]:
    return sorted(GAMES)


def game_entry(name: str) -> GameEntry:
    """The entry of the game called ``name``; a one-line error naming the known games."""
    entry = GAMES.get(name)
    if entry is None:
        raise BoardwrightError(f"unknown game '{name}'; known games: {', '.join(game_names())}")
    return entry


@cache
def get_game(name: str) -> Game[Any]:
    """The game called ``name`` with its built-in content (built once; games are immutable)."""
    return game_entry(name).build()
