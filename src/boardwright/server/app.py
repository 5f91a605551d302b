"""The FastAPI app: the lobby's JSON routes and the WebSocket of live play.

Tokens travel as ``Authorization: Bearer TOKEN`` (the WebSocket, which browsers cannot give
headers, takes ``?token=``). Every refusal is a JSON object ``{"error": "one line"}`` with a
fitting status (the WebSocket sends ``{"type": "error", "code": ..., "error": ...}`` and
keeps serving). Everything a client gets about a table in play is built from the view of the
seat its token opens (:func:`boardwright.server.live.seat_message`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Body, FastAPI, Header, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.websockets import WebSocketDisconnect, WebSocketState

from boardwright.engine.errors import (
    BoardwrightError,
    ConfigError,
    IllegalActionError,
    NotYourTurnError,
    StaleMoveError,
)
from boardwright.engine.events import events_for_seat
from boardwright.games import game_names, get_game
from boardwright.server.limits import BOT_DELAY
from boardwright.server.live import (
    Client,
    Conflict,
    Forbidden,
    Hub,
    LiveTable,
    NotFound,
    seat_message,
)
from boardwright.server.lobby import (
    FINISHED,
    OPEN,
    STATUSES,
    BotSeat,
    CreatedTable,
    GameInfo,
    Join,
    Joined,
    Move,
    NewTable,
    Problem,
    TableInfo,
    game_info,
)
from boardwright.server.store import Store, StoreError

log = logging.getLogger("boardwright.server")

MESSAGE_LIMIT = 64 * 1024
"""The largest request body or WebSocket message taken (bytes)."""
RATE = 20.0
"""WebSocket messages a second a connection may send on average ..."""
BURST = 40.0
"""... and at most this many at once."""

STATUS_OF: tuple[tuple[type[BaseException], int, str], ...] = (
    (NotFound, 404, "not_found"),
    (Forbidden, 403, "forbidden"),
    (Conflict, 409, "conflict"),
    (StaleMoveError, 409, "stale"),
    (NotYourTurnError, 403, "not_your_turn"),
    (IllegalActionError, 400, "illegal"),
    (ConfigError, 400, "bad_request"),
    (StoreError, 503, "database"),
    (BoardwrightError, 400, "bad_request"),
)

Token = Annotated[str | None, Header(alias="Authorization", include_in_schema=True)]
REFUSALS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem} for code in (400, 403, 404, 409, 413, 422, 503)
}


def classify(error: BaseException) -> tuple[int, str]:
    for kind, status, code in STATUS_OF:
        if isinstance(error, kind):
            return status, code
    return 500, "internal"


def bearer(header: str | None) -> str | None:
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def create_app(
    database_url: str,
    *,
    bot_workers: int = 1,
    bot_delay: float = BOT_DELAY,
    rate: float = RATE,
    burst: float = BURST,
) -> FastAPI:
    """The server on the database at ``database_url`` (migrated at start), with bots playing
    in ``bot_workers`` processes (0: a thread), at least ``bot_delay`` seconds between a
    table's bot moves; a WebSocket connection may send ``rate`` messages a second on average,
    ``burst`` at once."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, database_url)
        hub = Hub(store, bot_workers, bot_delay)
        app.state.hub = hub
        resumed = await hub.resume()
        log.info("database %s: %d table(s) in play resumed", store.safe_url, resumed)
        try:
            yield
        finally:
            await hub.shutdown()

    app = FastAPI(
        title="boardwright",
        summary="The web table: lobby and live play for Realm of Sand and Runebound",
        lifespan=lifespan,
    )

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    # --- errors as one line ---------------------------------------------------------------------
    @app.exception_handler(BoardwrightError)
    async def refused(_request: Request, error: BoardwrightError) -> JSONResponse:
        status, _code = classify(error)
        return JSONResponse({"error": str(error)}, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": validation_line(error.errors())}, status_code=422)

    @app.middleware("http")
    async def limit_body(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MESSAGE_LIMIT):
            return JSONResponse(
                {"error": f"the request body is over {MESSAGE_LIMIT // 1024} KiB"},
                status_code=413,
            )
        try:
            return await call_next(request)
        except Exception as err:  # never a traceback to a client
            log.exception("internal error on %s %s", request.method, request.url.path)
            return JSONResponse(
                {"error": f"internal error ({type(err).__name__}); the server logged it"},
                status_code=500,
            )

    # --- the lobby ------------------------------------------------------------------------------
    @app.get("/api/games", response_model=list[GameInfo], tags=["lobby"])
    async def games() -> list[GameInfo]:
        """Every game with its options (descriptions and rule IDs) and bots."""
        return [game_info(get_game(name)) for name in game_names()]

    @app.post(
        "/api/tables",
        response_model=CreatedTable,
        status_code=201,
        responses=REFUSALS,
        tags=["lobby"],
    )
    async def create_table(request: Request, body: NewTable) -> CreatedTable:
        """Create a table. The answer holds the creator's token, each human seat's join token
        and the spectator token: shown once, stored only as digests."""
        return await hub_of(request).create(body)

    @app.get("/api/tables", response_model=list[TableInfo], tags=["lobby"])
    async def list_tables(
        request: Request, status: Annotated[list[str] | None, Query()] = None
    ) -> list[TableInfo]:
        """Tables by status (default: open ones, waiting for players)."""
        wanted = tuple(status or [OPEN])
        unknown = [s for s in wanted if s not in STATUSES]
        if unknown:
            raise ConfigError(f"unknown status '{unknown[0]}'; known: {', '.join(STATUSES)}")
        return await hub_of(request).listing(wanted)

    @app.get("/api/tables/{table_id}", response_model=TableInfo, responses=REFUSALS, tags=["lobby"])
    async def table(request: Request, table_id: str) -> TableInfo:
        return (await hub_of(request).table(table_id)).info()

    @app.post(
        "/api/tables/{table_id}/join", response_model=Joined, responses=REFUSALS, tags=["lobby"]
    )
    async def join(request: Request, table_id: str, body: Join) -> Joined:
        """Take the first free human seat of an open table; the answer is its token."""
        seat, token = await hub_of(request).join(table_id, body.player)
        return Joined(table=table_id, seat=seat, token=token)

    @app.post("/api/tables/{table_id}/seats/{seat}/claim", responses=REFUSALS, tags=["lobby"])
    async def claim(
        request: Request, table_id: str, seat: int, body: Join, authorization: Token = None
    ) -> TableInfo:
        """Sit down in a seat by its join link (its token)."""
        hub = hub_of(request)
        await hub.claim(table_id, seat, bearer(authorization), body.player)
        return (await hub.table(table_id)).info()

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", responses=REFUSALS, tags=["lobby"])
    async def seat_bot(
        request: Request, table_id: str, seat: int, body: BotSeat, authorization: Token = None
    ) -> TableInfo:
        """The creator gives a free seat to a bot."""
        hub = hub_of(request)
        await hub.set_bot(table_id, bearer(authorization), seat, body.bot)
        return (await hub.table(table_id)).info()

    @app.post("/api/tables/{table_id}/start", responses=REFUSALS, tags=["lobby"])
    async def start(request: Request, table_id: str, authorization: Token = None) -> TableInfo:
        """The creator starts the table (free human seats may still be joined by their links)."""
        hub = hub_of(request)
        await hub.start(table_id, bearer(authorization))
        return (await hub.table(table_id)).info()

    @app.post("/api/tables/{table_id}/close", responses=REFUSALS, tags=["lobby"])
    async def close(request: Request, table_id: str, authorization: Token = None) -> TableInfo:
        """The creator closes the table: it is kept but no longer played."""
        hub = hub_of(request)
        await hub.close(table_id, bearer(authorization))
        return (await hub.table(table_id)).info()

    # --- play without a WebSocket (turn-based) -------------------------------------------------
    async def seat_and_table(
        request: Request, table_id: str, authorization: str | None
    ) -> tuple[Hub, LiveTable, int | None]:
        hub = hub_of(request)
        live = await hub.table(table_id)
        return hub, live, hub.seat_of(live, bearer(authorization))

    @app.get("/api/tables/{table_id}/state", responses=REFUSALS, tags=["play"])
    async def state(
        request: Request, table_id: str, cursor: int = 0, authorization: Token = None
    ) -> dict[str, Any]:
        """What the token's seat (or a spectator) sees, with its events from ``cursor``."""
        _hub, live, seat = await seat_and_table(request, table_id, authorization)
        return seat_message(live, Client(seat, max(0, cursor)))

    @app.post("/api/tables/{table_id}/moves", responses=REFUSALS, tags=["play"])
    async def move(
        request: Request, table_id: str, body: Move, cursor: int = 0, authorization: Token = None
    ) -> dict[str, Any]:
        """Choose option ``key`` of the seat's decision on state ``version``."""
        hub, live, seat = await seat_and_table(request, table_id, authorization)
        if seat is None:
            raise Forbidden("a spectator cannot move")
        await hub.act(live, seat, body.key, body.version)
        return seat_message(live, Client(seat, max(0, cursor)))

    @app.post("/api/tables/{table_id}/undo", responses=REFUSALS, tags=["play"])
    async def undo(
        request: Request,
        table_id: str,
        version: Annotated[int, Body(embed=True)],
        authorization: Token = None,
    ) -> dict[str, Any]:
        """Take back the seat's own last decision, where the rules allow it."""
        hub, live, seat = await seat_and_table(request, table_id, authorization)
        if seat is None:
            raise Forbidden("a spectator cannot undo")
        await hub.undo(live, seat, version)
        return seat_message(live, Client(seat, 0))

    @app.get("/api/tables/{table_id}/export", responses=REFUSALS, tags=["play"])
    async def export(
        request: Request, table_id: str, authorization: Token = None
    ) -> dict[str, Any]:
        """A finished table: its save file (for ``boardwright replay``). A table in play: what
        the token's seat has seen, its view and its events, which replay nothing hidden."""
        _hub, live, seat = await seat_and_table(request, table_id, authorization)
        if live.record.status == FINISHED:
            save: dict[str, Any] = live.match.to_save()
            return save
        return {
            "format": "boardwright-seat-record",
            "table": live.id,
            "game": live.record.game,
            "seat": seat,
            "version": live.match.version,
            "view": live.match.view(seat),
            "events": [e.to_data() for e in events_for_seat(live.match.log, seat)],
        }

    # --- live play ------------------------------------------------------------------------------
    @app.websocket("/api/tables/{table_id}/live")
    async def live_play(
        websocket: WebSocket, table_id: str, token: str | None = None, cursor: int = 0
    ) -> None:
        await websocket.accept()
        hub = hub_of(websocket)
        try:
            live = await hub.table(table_id)
            seat = hub.seat_of(live, token)
        except BoardwrightError as err:
            await send_error(websocket, err)
            await websocket.close(code=1008)
            return
        client = Client(seat, max(0, cursor))
        live.clients.add(client)
        client.outbox.put_nowait(seat_message(live, client))
        sender = asyncio.create_task(send_all(websocket, client))
        try:
            await receive_all(websocket, hub, live, client, Allowance(rate, burst))
        finally:
            live.clients.discard(client)
            sender.cancel()

    return app


async def send_all(websocket: WebSocket, client: Client) -> None:
    """Send the client's messages in order as they come."""
    try:
        while True:
            message = await client.outbox.get()
            await websocket.send_text(json.dumps(message))
    except (WebSocketDisconnect, RuntimeError):
        return


class Allowance:
    """A token bucket: ``rate`` messages a second, up to ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.left, self.last = burst, time.monotonic()

    def take(self) -> bool:
        moment = time.monotonic()
        self.left = min(self.burst, self.left + (moment - self.last) * self.rate)
        self.last = moment
        if self.left < 1.0:
            return False
        self.left -= 1.0
        return True


async def receive_all(
    websocket: WebSocket, hub: Hub, live: LiveTable, client: Client, allowance: Allowance
) -> None:
    """Take the client's messages until it goes; each bad one gets an error and no more."""
    while True:
        try:
            text = await websocket.receive_text()
        except (WebSocketDisconnect, RuntimeError):
            return
        except KeyError:  # a binary frame
            client.outbox.put_nowait(error_message("bad_message", "send JSON text, not bytes"))
            continue
        if not allowance.take():
            client.outbox.put_nowait(
                error_message(
                    "flood",
                    f"too many messages: at most {allowance.rate:g} a second; this one was dropped",
                )
            )
            continue
        if len(text.encode("utf-8", "surrogatepass")) > MESSAGE_LIMIT:
            client.outbox.put_nowait(
                error_message("too_big", f"a message may be at most {MESSAGE_LIMIT // 1024} KiB")
            )
            continue
        try:
            await handle(text, hub, live, client)
        except BoardwrightError as err:
            _status, code = classify(err)
            client.outbox.put_nowait(error_message(code, str(err)))
        except Exception as err:  # never a traceback to a client
            log.exception("table %s: internal error on a message", live.id)
            client.outbox.put_nowait(
                error_message("internal", f"internal error ({type(err).__name__}); logged")
            )
        if websocket.client_state != WebSocketState.CONNECTED:
            return


async def handle(text: str, hub: Hub, live: LiveTable, client: Client) -> None:
    """One message: ``{"type": "move", "key", "version"}``, ``{"type": "undo", "version"}``,
    ``{"type": "resume", "cursor"}`` or ``{"type": "ping"}``."""
    try:
        message = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as err:
        raise MessageError(f"not JSON: {err}") from None
    if not isinstance(message, dict):
        raise MessageError('a message is a JSON object such as {"type": "ping"}')
    kind = message.get("type")
    if kind == "ping":
        client.outbox.put_nowait({"type": "pong"})
        return
    if kind == "resume":
        client.cursor = whole(message, "cursor")
        client.outbox.put_nowait(seat_message(live, client))
        return
    if client.seat is None:
        raise Forbidden("a spectator can only watch")
    if kind == "move":
        key = message.get("key")
        if not isinstance(key, str):
            raise MessageError('"key" must be the key of an option (a string)')
        await hub.act(live, client.seat, key, whole(message, "version"))
        return
    if kind == "undo":
        await hub.undo(live, client.seat, whole(message, "version"))
        return
    raise MessageError(f"unknown message type {kind!r}; known: move, undo, resume, ping")


class MessageError(BoardwrightError):
    """A WebSocket message the server cannot read."""


def whole(message: dict[str, Any], name: str) -> int:
    value = message.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise MessageError(f'"{name}" must be a whole number of zero or more')
    return value


def error_message(code: str, text: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "error": text}


async def send_error(websocket: WebSocket, error: BoardwrightError) -> None:
    _status, code = classify(error)
    await websocket.send_text(json.dumps(error_message(code, str(error))))


def validation_line(errors: Any) -> str:
    """FastAPI's validation errors as one line: where, and what is wrong."""
    parts = []
    for error in list(errors)[:3]:
        where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
        message = str(error.get("msg", "invalid"))
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts) or "the request is not valid"
