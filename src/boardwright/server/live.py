"""The tables in play, held in memory and kept in step with the database.

The :class:`Hub` is the server's one authority on a table: every move, undo and seat change
goes through it, under the table's lock, and is committed to the database before anyone is
told (so what a player saw acknowledged survives a crash). A table is loaded on first use by
replaying its stored actions. Bots move in the bot pool (:mod:`.botpool`), one task per table
asking for one move at a time. Every message for a seat is built from that seat's view
(:func:`seat_message`); a spectator gets the public view.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from boardwright.engine.bot import Bot, Observation
from boardwright.engine.errors import (
    BoardwrightError,
    ConfigError,
    EngineError,
    IllegalActionError,
)
from boardwright.engine.game import Game
from boardwright.engine.session import Match
from boardwright.engine.table import HUMAN, Table
from boardwright.games import get_game
from boardwright.server import tokens
from boardwright.server.botpool import MoveRequest, bot_executor, choose_move
from boardwright.server.limits import BOT_DELAY
from boardwright.server.lobby import (
    CLOSED,
    FINISHED,
    OPEN,
    PLAYING,
    CreatedTable,
    NewTable,
    SeatInfo,
    SeatLink,
    TableInfo,
    check_seats,
    table_config,
)
from boardwright.server.store import SeatRecord, Store, StoreError, TableRecord, now
from boardwright.server.texts import seat_texts

log = logging.getLogger("boardwright.server")

T = TypeVar("T")


class NotFound(BoardwrightError):
    """No such table (or seat)."""


class Forbidden(BoardwrightError):
    """The token does not open this."""


class Conflict(BoardwrightError):
    """The table is not in a state that allows this."""


@dataclass(eq=False)  # a connection is itself: hashed and compared by identity
class Client:
    """One connection to a table: its seat (None: a spectator), the log position it has seen,
    and the queue its sender task empties."""

    seat: int | None
    cursor: int = 0
    language: str | None = None  # the words come along in this language (None: data only)
    outbox: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)


class RemoteBot:
    """A bot seat of a server table: its bot thinks in the bot pool (:mod:`.botpool`), so the
    table only needs its name."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, observation: Observation) -> int:
        raise EngineError(f"the bot '{self.name}' plays in the server's bot pool")


def seated(seats: list[SeatRecord]) -> list[Bot | None]:
    """The table's seats as the engine's table takes them: None for a human."""
    return [None if seat.kind == HUMAN else RemoteBot(seat.kind) for seat in seats]


@dataclass
class LiveTable:
    """One table in play: its stored record and seats, and the engine's table that plays it."""

    record: TableRecord
    seats: list[SeatRecord]
    table: Table[Any]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    last_move: float = 0.0  # the event loop's time of the last move played
    content: dict[str, dict[str, Any]] = field(default_factory=dict)  # by language, when asked

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def match(self) -> Match[Any]:
        return self.table.match

    def info(self) -> TableInfo:
        return table_info(self.record, self.seats, len(self.match.actions))


def seat_infos(seats: list[SeatRecord]) -> list[SeatInfo]:
    """The seats as everyone may see them (never a token)."""
    return [
        SeatInfo(
            seat=s.seat, kind=s.kind, player=s.player, free=s.kind == HUMAN and s.player is None
        )
        for s in seats
    ]


def table_info(record: TableRecord, seats: list[SeatRecord], actions: int) -> TableInfo:
    return TableInfo(
        id=record.id,
        game=record.game,
        players=int(record.config["players"]),
        options=dict(record.config["options"]),
        status=record.status,
        seats=seat_infos(seats),
        actions=actions,
        created_at=record.created_at,
        updated_at=record.updated_at,
    )


def seat_message(live: LiveTable, client: Client) -> dict[str, Any]:
    """What ``client``'s seat may see now: the view, its events since its cursor (all of them
    again, marked ``reset``, when an undo took back events it had), the decision (its options
    only for the seat deciding) and the result; with ``texts`` in the client's language when
    it asked for one. The cursor moves to the end of the log."""
    match, seat = live.match, client.seat
    events, client.cursor, reset = live.table.events_since(seat, client.cursor)
    decision = match.decision
    result = match.result
    message = {
        "type": "state",
        "table": live.id,
        "status": live.record.status,
        "seat": seat,
        "version": match.version,
        "cursor": client.cursor,
        "reset": reset,
        "seats": [s.model_dump() for s in seat_infos(live.seats)],
        "view": match.view(seat),
        "events": [event.to_data() for event in events],
        "decision": None if decision is None else decision.view_data(seat),
        "result": None if result is None else result.to_data(),
    }
    if client.language is not None:
        texts = match.game.texts(match.config, client.language)  # each game keeps its texts
        message["texts"] = seat_texts(texts, seat, decision, events)
    return message


class ActionWriter:
    """Group commit: moves of every table that wait for the database are stored together, one
    transaction for all that queued while the last one was written, so that a move never waits
    behind a queue of single commits (each caller still returns only once its move is stored).
    A failed group is written again move by move, so each move gets its own outcome."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.queue: list[tuple[tuple[str, int, int, str], asyncio.Future[None]]] = []
        self.task: asyncio.Task[None] | None = None

    async def append(self, row: tuple[str, int, int, str]) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.queue.append((row, future))
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._drain())
        await future

    async def _drain(self) -> None:
        store = self.hub.store
        while self.queue:
            batch, self.queue = self.queue, []
            try:
                await self.hub.db(store.append_actions, [row for row, _ in batch])
            except StoreError:
                for row, future in batch:
                    try:
                        await self.hub.db(store.append_actions, [row])
                    except StoreError as err:
                        future.set_exception(err)
                    else:
                        future.set_result(None)
                continue
            for _row, future in batch:
                future.set_result(None)


class Hub:
    """Every live table of one server, its database and its bot pool."""

    def __init__(self, store: Store, bot_workers: int = 1, bot_delay: float = BOT_DELAY) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.database: Executor = ThreadPoolExecutor(1, thread_name_prefix="boardwright-db")
        self.bots: Executor = bot_executor(bot_workers)
        self.live: dict[str, LiveTable] = {}
        self.writer = ActionWriter(self)
        self._loading: dict[str, asyncio.Lock] = {}
        self.closing = False

    # --- life cycle ------------------------------------------------------------------------------
    async def resume(self) -> int:
        """Load every table in play and let its bots go on; the number of tables resumed."""
        records = await self.db(self.store.tables_with, (PLAYING,), 10_000)
        resumed = 0
        for record in records:
            try:
                live = await self.table(record.id)
            except BoardwrightError as err:
                log.error("table %s cannot be resumed: %s", record.id, err)
                continue
            self.wake_bots(live)
            resumed += 1
        return resumed

    async def shutdown(self) -> None:
        self.closing = True
        for live in self.live.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
        self.bots.shutdown(wait=False, cancel_futures=True)
        self.database.shutdown(wait=True)
        self.store.close()

    async def db(self, call: Callable[..., T], *args: Any) -> T:
        """``call(*args)`` on the database thread."""
        return await asyncio.get_running_loop().run_in_executor(self.database, call, *args)

    # --- tables ----------------------------------------------------------------------------------
    async def table(self, table_id: str) -> LiveTable:
        """The live table ``table_id``, loaded from the database on first use; NotFound."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.live.get(table_id)
            if live is None:
                live = await self._load(table_id)
                self.live[table_id] = live
        return live

    async def _load(self, table_id: str) -> LiveTable:
        record = await self.db(self.store.table, table_id)
        if record is None:
            raise NotFound(f"there is no table '{table_id}'")
        seats = await self.db(self.store.seats, table_id)
        stored = await self.db(self.store.actions, table_id)
        game = get_game(record.game)
        config = game.config(int(record.config["players"]), record.config["options"])
        match = await asyncio.get_running_loop().run_in_executor(
            None, Match.replay, game, config, record.seed, [key for _, key in stored]
        )
        # the version goes on where it was: each undo took back one action and counted one
        match.version = len(stored) + 2 * record.undos
        return LiveTable(record, seats, Table(match, seated(seats)))

    async def create(self, request: NewTable) -> CreatedTable:
        game = _game(request.game)
        config = table_config(game, request)
        creator, spectator = tokens.new_token(), tokens.new_token()
        stamp = now()
        record = TableRecord(
            id=tokens.new_table_id(),
            game=game.name,
            config=config.to_data(),
            seed=request.seed if request.seed is not None else secrets.randbelow(2**62),
            status=OPEN,
            creator_hash=tokens.digest(creator),
            spectator_hash=tokens.digest(spectator),
            undos=0,
            created_at=stamp,
            updated_at=stamp,
        )
        links: list[SeatLink] = []
        seats: list[SeatRecord] = []
        for seat, kind in enumerate(request.seats):
            token = tokens.new_token() if kind == HUMAN else None
            seats.append(SeatRecord(seat, kind, token and tokens.digest(token), None))
            links.append(SeatLink(seat=seat, kind=kind, token=token))
        await self.db(self.store.create_table, record, seats)
        live = LiveTable(record, seats, Table(Match(game, config, record.seed), seated(seats)))
        self.live[record.id] = live
        return CreatedTable(
            table=live.info(), creator_token=creator, spectator_token=spectator, seats=links
        )

    async def listing(self, statuses: tuple[str, ...]) -> list[TableInfo]:
        records = await self.db(self.store.tables_with, statuses, 200)
        stored = [record.id for record in records if record.id not in self.live]
        seats, counts = await self.db(self.store.seats_and_counts, stored)
        out = []
        for record in records:
            live = self.live.get(record.id)
            if live is not None:
                out.append(live.info())
            else:
                out.append(table_info(record, seats.get(record.id, []), counts.get(record.id, 0)))
        return out

    # --- seats -----------------------------------------------------------------------------------
    async def join(self, table_id: str, player: str) -> tuple[int, str]:
        """Take the first free human seat of an open table: (seat, its new token)."""
        live = await self.table(table_id)
        async with live.lock:
            if live.record.status != OPEN:
                raise Conflict(f"table {table_id} is {live.record.status}: no seat can be joined")
            for seat in live.seats:
                if seat.kind == HUMAN and seat.player is None:
                    token = tokens.new_token()
                    taken = replace(seat, token_hash=tokens.digest(token), player=player)
                    await self._set_seat(live, taken)
                    return seat.seat, token
        raise Conflict(f"table {table_id} has no free seat")

    async def claim(self, table_id: str, seat: int, token: str | None, player: str) -> None:
        """A seat's join link used: the seat's token holder sits down as ``player``."""
        live = await self.table(table_id)
        async with live.lock:
            record = self._seat(live, seat)
            if not tokens.matches(token, record.token_hash):
                raise Forbidden(f"the token does not open seat {seat} of table {table_id}")
            await self._set_seat(live, replace(record, player=player))

    async def set_bot(self, table_id: str, creator: str | None, seat: int, bot: str) -> None:
        """The creator gives an empty seat to a bot (before the start)."""
        live = await self.table(table_id)
        async with live.lock:
            self._check_creator(live, creator)
            if live.record.status != OPEN:
                raise Conflict("bots can only be seated before the table starts")
            record = self._seat(live, seat)
            if record.kind == HUMAN and record.player is not None:
                raise Conflict(f"seat {seat} is taken by {record.player}")
            check_seats(live.match.game, [bot])
            await self._set_seat(live, SeatRecord(seat, bot, None, None))

    async def start(self, table_id: str, creator: str | None) -> None:
        live = await self.table(table_id)
        async with live.lock:
            self._check_creator(live, creator)
            if live.record.status != OPEN:
                raise Conflict(f"table {table_id} is {live.record.status}, not open")
            await self._set_status(live, PLAYING if live.match.result is None else FINISHED)
        await self.broadcast(live)
        self.wake_bots(live)

    async def close(self, table_id: str, creator: str | None) -> None:
        live = await self.table(table_id)
        async with live.lock:
            self._check_creator(live, creator)
            if live.record.status in (CLOSED, FINISHED):
                raise Conflict(f"table {table_id} is {live.record.status} already")
            await self._set_status(live, CLOSED)
            if live.bot_task is not None:
                live.bot_task.cancel()
        await self.broadcast(live)

    # --- who is asking ---------------------------------------------------------------------------
    def seat_of(self, live: LiveTable, token: str | None) -> int | None:
        """The seat ``token`` opens, None for the spectator token; Forbidden for anything else."""
        for seat in live.seats:
            if tokens.matches(token, seat.token_hash):
                return seat.seat
        if tokens.matches(token, live.record.spectator_hash):
            return None
        raise Forbidden(f"the token opens no seat of table {live.id} and is not its spectator link")

    # --- play ------------------------------------------------------------------------------------
    async def act(self, live: LiveTable, seat: int, key: str, version: int) -> None:
        """A human's move, checked by the engine's table, committed, then applied and shown."""
        async with live.lock:
            self._check_playing(live)
            live.table.check_move(seat, key, version)
            await self._commit(live, seat, key)
            live.table.play(seat, key, version)
            await self._after_move(live)
        await self.broadcast(live)
        self.wake_bots(live)

    async def undo(self, live: LiveTable, seat: int, version: int) -> None:
        async with live.lock:
            self._check_playing(live)
            live.table.check_undo(seat, version)
            kept = len(live.match.actions) - 1
            await self.db(self.store.undo_to, live.id, kept)
            live.record = replace(live.record, undos=live.record.undos + 1)
            live.table.undo(seat)
        await self.broadcast(live)

    async def _commit(self, live: LiveTable, seat: int, key: str) -> None:
        """Store a checked move before it is applied (under the table's lock): the match in
        memory is never ahead of the database, so nothing a client is shown can be lost."""
        number = len(live.match.actions) + 1
        await self.writer.append((live.id, number, seat, key))

    async def _after_move(self, live: LiveTable) -> None:
        live.last_move = asyncio.get_running_loop().time()
        if live.match.result is not None:
            await self._set_status(live, FINISHED)

    # --- bots ------------------------------------------------------------------------------------
    def wake_bots(self, live: LiveTable) -> None:
        """Let the table's bots play while a bot decides (one task per table)."""
        if self.closing or live.record.status != PLAYING:
            return
        if live.bot_task is not None and not live.bot_task.done():
            return
        decision = live.match.decision
        if decision is None or live.seats[decision.seat].kind == HUMAN:
            return
        live.bot_task = asyncio.create_task(self._run_bots(live))

    async def _run_bots(self, live: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        while not self.closing and live.record.status == PLAYING:
            match = live.match
            decision = match.decision
            if decision is None or live.seats[decision.seat].kind == HUMAN:
                return
            version = match.version
            request = MoveRequest(
                table_id=live.id,
                game=live.record.game,
                config=live.record.config,
                seed=live.record.seed,
                keys=tuple(action.key for action in match.actions),
                seat=decision.seat,
                bot=live.seats[decision.seat].kind,
            )
            try:
                key = await loop.run_in_executor(self.bots, choose_move, request)
            except Exception as err:  # a broken bot must not take the server down
                log.error("table %s: the bot in seat %s failed: %s", live.id, decision.seat, err)
                for client in list(live.clients):
                    client.outbox.put_nowait(
                        {
                            "type": "error",
                            "code": "bot_failed",
                            "error": f"the bot in seat {decision.seat} failed; the table waits "
                            "until the server starts again",
                        }
                    )
                return
            wait = live.last_move + self.bot_delay - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            async with live.lock:
                try:
                    live.table.check_bot_move(key, version)
                except IllegalActionError:
                    continue  # the table moved on (an undo) while the bot thought
                try:
                    await self._commit(live, decision.seat, key)
                except StoreError as err:
                    log.error("table %s: a bot's move was not stored: %s", live.id, err)
                    return
                live.table.play_bot_move(key, version)
                await self._after_move(live)
            await self.broadcast(live)

    # --- messages --------------------------------------------------------------------------------
    async def broadcast(self, live: LiveTable) -> None:
        """Every client of the table gets what its seat may see now."""
        for client in list(live.clients):
            client.outbox.put_nowait(seat_message(live, client))

    # --- helpers ---------------------------------------------------------------------------------
    async def _set_seat(self, live: LiveTable, record: SeatRecord) -> None:
        stamp = now()
        await self.db(self.store.set_seat, live.id, record, stamp)
        live.seats[record.seat] = record
        live.table.bots = tuple(seated(live.seats))
        live.record = replace(live.record, updated_at=stamp)

    async def _set_status(self, live: LiveTable, status: str) -> None:
        stamp = now()
        await self.db(self.store.set_status, live.id, status, stamp)
        live.record = replace(live.record, status=status, updated_at=stamp)

    def _seat(self, live: LiveTable, seat: int) -> SeatRecord:
        if not 0 <= seat < len(live.seats):
            raise NotFound(f"table {live.id} has no seat {seat}")
        return live.seats[seat]

    def _check_creator(self, live: LiveTable, creator: str | None) -> None:
        if not tokens.matches(creator, live.record.creator_hash):
            raise Forbidden(f"only the creator of table {live.id} may do this")

    def _check_playing(self, live: LiveTable) -> None:
        status = live.record.status
        if status == OPEN:
            raise Conflict("the table has not started yet")
        if status == CLOSED:
            raise Conflict("the table is closed")


def _game(name: str) -> Game[Any]:
    try:
        return get_game(name)
    except BoardwrightError as err:
        raise ConfigError(str(err)) from None
