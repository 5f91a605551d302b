"""Live play over the WebSocket: the server's state messages out, the client's moves in, an
error for every bad message while the connection goes on (docs/server.md)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from boardwright.engine.errors import BoardwrightError
from boardwright.server.common import classify, hub_of
from boardwright.server.live import Client, Forbidden, Hub, LiveTable, seat_message
from boardwright.server.texts import check_language, optional_language

log = logging.getLogger("boardwright.server")

MESSAGE_LIMIT = 64 * 1024
"""The largest request body or WebSocket message taken (bytes)."""
RATE = 20.0
"""WebSocket messages a second a connection may send on average ..."""
BURST = 40.0
"""... and at most this many at once."""

router = APIRouter()


@router.websocket("/api/tables/{table_id}/live")
async def live_play(
    websocket: WebSocket,
    table_id: str,
    token: str | None = None,
    cursor: int = 0,
    lang: str | None = None,
) -> None:
    await websocket.accept()
    hub = hub_of(websocket)
    try:
        language = optional_language(lang)
        live = await hub.table(table_id)
        seat = hub.seat_of(live, token)
    except BoardwrightError as err:
        await send_error(websocket, err)
        await websocket.close(code=1008)
        return
    client = Client(seat, max(0, cursor), language)
    live.clients.add(client)
    client.outbox.put_nowait(seat_message(live, client))
    sender = asyncio.create_task(send_all(websocket, client))
    try:
        await receive_all(websocket, hub, live, client, Allowance(*websocket.app.state.allowance))
    finally:
        live.clients.discard(client)
        sender.cancel()


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
    ``{"type": "resume", "cursor"[, "language"]}`` or ``{"type": "ping"}``."""
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
        if "language" in message:
            language = message["language"]
            if not isinstance(language, str):
                raise MessageError('"language" must be a language code such as "de"')
            client.language = check_language(language)
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
