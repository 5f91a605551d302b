"""Bots think in worker processes, so that a slow bot never holds up the server's event loop
or another table's messages.

A worker is asked for one move at a time: the table's game, config, seed and actions so far,
the seat and the bot's name. It keeps the last matches it played (:data:`CACHED_TABLES`), with
the bots that play them, and brings a cached match up to date by the actions it lacks; a match
that went another way (an undo) or that it never saw is replayed. The bot sees what
:class:`~boardwright.engine.table.Table` shows a bot: the seat's view and determinized
samples for the seat, never the true hidden state.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from boardwright.bots import bot_seed, make_bot
from boardwright.engine.bot import Bot, observe
from boardwright.engine.game import Game
from boardwright.engine.session import Match
from boardwright.games import get_game

CACHED_TABLES = 64
"""Matches a worker keeps between moves (a few MB each at most)."""


@dataclass(frozen=True)
class MoveRequest:
    """What a worker needs to choose a bot's move."""

    table_id: str
    game: str
    config: dict[str, Any]
    seed: int
    keys: tuple[str, ...]
    seat: int
    bot: str


@dataclass
class _Played:
    match: Match[Any]
    keys: list[str]
    bots: dict[int, Bot] = field(default_factory=dict)


_played: OrderedDict[str, _Played] = OrderedDict()


def choose_move(request: MoveRequest) -> str:
    """The key of the option the bot in ``request.seat`` chooses (run in a worker)."""
    game: Game[Any] = get_game(request.game)
    played = _played.get(request.table_id)
    keys = list(request.keys)
    if played is None or played.keys != keys[: len(played.keys)]:
        config = game.config(int(request.config["players"]), request.config["options"])
        played = _Played(Match(game, config, request.seed, lean=True), [])
    for key in keys[len(played.keys) :]:
        played.match.play_key(key)
        played.keys.append(key)
    _played[request.table_id] = played
    _played.move_to_end(request.table_id)
    while len(_played) > CACHED_TABLES:
        _played.popitem(last=False)
    decision = played.match.decision
    if decision is None or decision.seat != request.seat:
        raise ValueError(f"table {request.table_id}: seat {request.seat} has no decision")
    bot = played.bots.get(request.seat)
    if bot is None or bot.name != request.bot:
        bot = played.bots[request.seat] = make_bot(
            request.bot, bot_seed(request.seed, request.seat), game
        )
    observation = observe(game, played.match.state, decision)
    index = bot.choose(observation)
    if not 0 <= index < len(decision.options):
        index = 0
    return decision.options[index].key


def forget_table(table_id: str) -> None:
    _played.pop(table_id, None)


def bot_executor(workers: int) -> Executor:
    """``workers`` processes (started fresh, not forked from the server's threads), or one
    thread when ``workers`` is 0 (for a small machine or a debugger)."""
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="boardwright-bot")
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=follow_parent,
        initargs=(os.getpid(),),
    )


PARENT_CHECK_SECONDS = 1.0


def follow_parent(parent: int) -> None:
    """A worker ends itself once the server that started it is gone (a server killed with
    SIGKILL cannot stop its workers, and they would wait for work for ever)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="boardwright-parent-watch", daemon=True).start()
