"""The bot interface (:class:`Bot`, :class:`Observation`) and bots by name, per game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardwright.engine.bot import Bot, Observation
from boardwright.engine.errors import BoardwrightError, ConfigError
from boardwright.engine.game import Game
from boardwright.engine.rng import derive_seed
from boardwright.engine.table import HUMAN

__all__ = ["Bot", "Observation", "bot_seed", "make_bot", "seat_bots"]


def make_bot(kind: str, seed: int, game: Game[Any] | None = None) -> Bot:
    """The bot called ``kind`` (a name in ``--seats`` lists) that ``game`` offers, playing
    with the content ``game`` is built from. ConfigError naming the game's bots if it offers
    none of that name.

    Without ``game``: the bot from the first game (by name) that offers ``kind``, playing that
    game's built-in content (for tools and tests that play the built-in games).
    """
    from boardwright.games import GAMES, game_entry, get_game

    if game is None:
        offering = [name for name in sorted(GAMES) if kind in GAMES[name].bots]
        if not offering:
            known = sorted({bot for entry in GAMES.values() for bot in entry.bots})
            raise ConfigError(f"unknown bot '{kind}'; known bots: {', '.join(known)}")
        game = get_game(offering[0])
    return game_entry(game.name).make_bot(kind, seed, game)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a game seeded ``seed`` (the terminal's tables and the
    server's bot pool give it alike)."""
    return derive_seed(seed, "bot", seat)


def seat_bots(
    kinds: Sequence[str], game: Game[Any], players: int, seed: int, *, allow_human: bool
) -> list[Bot | None]:
    """One entry per seat for a :class:`~boardwright.engine.table.Table`: None for ``human``,
    else the bot of that name for ``game``, seeded from ``seed`` and the seat. ConfigError (one
    line, naming the seat) if the count does not match ``players`` or a kind is not allowed."""
    if len(kinds) != players:
        raise ConfigError(
            f"--seats lists {len(kinds)} seat(s) but the game has {players} player(s); "
            "give one per player, e.g. --seats "
            + ",".join(["human" if allow_human else "random"] + ["random"] * (players - 1))
        )
    seats: list[Bot | None] = []
    for seat, kind in enumerate(kinds):
        if kind == HUMAN:
            if not allow_human:
                raise ConfigError("a simulation has no human seats; use bots such as 'random'")
            seats.append(None)
            continue
        try:
            seats.append(make_bot(kind, bot_seed(seed, seat), game))
        except (BoardwrightError, ValueError, KeyError) as err:
            extra = " (or 'human')" if allow_human else ""
            problem = f"unknown bot '{kind}'" if isinstance(err, KeyError) else str(err)
            raise ConfigError(f"--seats, seat {seat + 1}: {problem}{extra}") from None
    return seats
