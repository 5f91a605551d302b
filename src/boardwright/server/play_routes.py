"""Play without a WebSocket (turn-based): the seat's state, moves, undo and export."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Request

from boardwright.engine.events import events_for_seat
from boardwright.server.common import REFUSALS, Token, bearer, hub_of
from boardwright.server.live import Client, Forbidden, Hub, LiveTable, seat_message
from boardwright.server.lobby import FINISHED, Move
from boardwright.server.texts import check_language, optional_language

router = APIRouter(tags=["play"])


async def seat_and_table(
    request: Request, table_id: str, authorization: str | None
) -> tuple[Hub, LiveTable, int | None]:
    hub = hub_of(request)
    live = await hub.table(table_id)
    return hub, live, hub.seat_of(live, bearer(authorization))


@router.get("/api/tables/{table_id}/state", responses=REFUSALS, tags=["play"])
async def state(
    request: Request,
    table_id: str,
    cursor: int = 0,
    lang: str | None = None,
    authorization: Token = None,
) -> dict[str, Any]:
    """What the token's seat (or a spectator) sees, with its events from ``cursor``; with
    their words in ``lang`` (en, de, pl) when given."""
    language = optional_language(lang)
    _hub, live, seat = await seat_and_table(request, table_id, authorization)
    return seat_message(live, Client(seat, max(0, cursor), language))


@router.post("/api/tables/{table_id}/moves", responses=REFUSALS, tags=["play"])
async def move(
    request: Request,
    table_id: str,
    body: Move,
    cursor: int = 0,
    lang: str | None = None,
    authorization: Token = None,
) -> dict[str, Any]:
    """Choose option ``key`` of the seat's decision on state ``version``."""
    language = optional_language(lang)
    hub, live, seat = await seat_and_table(request, table_id, authorization)
    if seat is None:
        raise Forbidden("a spectator cannot move")
    await hub.act(live, seat, body.key, body.version)
    return seat_message(live, Client(seat, max(0, cursor), language))


@router.post("/api/tables/{table_id}/undo", responses=REFUSALS, tags=["play"])
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


@router.get("/api/tables/{table_id}/content", responses=REFUSALS, tags=["play"])
async def content(request: Request, table_id: str, lang: str = "en") -> dict[str, Any]:
    """The static content the table's game is drawn with (its board, the faces of the cards
    and heroes it may show, names in ``lang``): the same for everyone, so no token is
    needed."""
    language = check_language(lang)
    live = await hub_of(request).table(table_id)
    made = live.content.get(language)
    if made is None:
        made = live.content[language] = live.match.game.table_content(live.match.state, language)
    return made


@router.get("/api/tables/{table_id}/export", responses=REFUSALS, tags=["play"])
async def export(request: Request, table_id: str, authorization: Token = None) -> dict[str, Any]:
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
