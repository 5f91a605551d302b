"""The FastAPI app: the lobby's JSON routes (:mod:`.lobby_routes`), turn-based play
(:mod:`.play_routes`) and the WebSocket of live play (:mod:`.live_play`).

Tokens travel as ``Authorization: Bearer TOKEN`` (the WebSocket, which browsers cannot give
headers, takes ``?token=``). Every refusal is a JSON object ``{"error": "one line"}`` with a
fitting status (the WebSocket sends ``{"type": "error", "code": ..., "error": ...}`` and
keeps serving). Everything a client gets about a table in play is built from the view of the
seat its token opens (:func:`boardwright.server.live.seat_message`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from boardwright.engine.errors import BoardwrightError
from boardwright.server import live_play, lobby_routes, play_routes, replay_routes, web_routes
from boardwright.server.common import classify
from boardwright.server.limits import BOT_DELAY
from boardwright.server.live import Hub
from boardwright.server.live_play import BURST, MESSAGE_LIMIT, RATE
from boardwright.server.replay_routes import REPLAY_LIMIT
from boardwright.server.store import Store
from boardwright.server.web import WEB_DIR

log = logging.getLogger("boardwright.server")


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
    app.state.allowance = (rate, burst)
    for module in (lobby_routes, play_routes, live_play, replay_routes, web_routes):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=WEB_DIR / "static"), name="static")

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
        limit = REPLAY_LIMIT if request.url.path == "/api/replay" else MESSAGE_LIMIT
        if length is not None and (not length.isdigit() or int(length) > limit):
            return JSONResponse(
                {"error": f"the request body is over {limit // 1024} KiB"},
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

    return app


def validation_line(errors: Any) -> str:
    """FastAPI's validation errors as one line: where, and what is wrong."""
    parts = []
    for error in list(errors)[:3]:
        where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
        message = str(error.get("msg", "invalid"))
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts) or "the request is not valid"
