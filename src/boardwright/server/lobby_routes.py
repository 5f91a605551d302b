"""The lobby's routes: games, creating and listing tables, joining, seating bots, starting
and closing (docs/server.md)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request

from boardwright.engine.errors import ConfigError
from boardwright.games import game_names, get_game
from boardwright.server.common import REFUSALS, Token, bearer, hub_of
from boardwright.server.lobby import (
    OPEN,
    STATUSES,
    BotSeat,
    CreatedTable,
    GameInfo,
    Join,
    Joined,
    NewTable,
    TableInfo,
    game_info,
)
from boardwright.server.texts import check_language

router = APIRouter(tags=["lobby"])


@router.get("/api/games", response_model=list[GameInfo], tags=["lobby"])
async def games(lang: str = "en") -> list[GameInfo]:
    """Every game with its options (labels, descriptions in ``lang``, rule IDs) and bots."""
    language = check_language(lang)
    return [game_info(get_game(name), language) for name in game_names()]


@router.post(
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


@router.get("/api/tables", response_model=list[TableInfo], tags=["lobby"])
async def list_tables(
    request: Request, status: Annotated[list[str] | None, Query()] = None
) -> list[TableInfo]:
    """Tables by status (default: open ones, waiting for players)."""
    wanted = tuple(status or [OPEN])
    unknown = [s for s in wanted if s not in STATUSES]
    if unknown:
        raise ConfigError(f"unknown status '{unknown[0]}'; known: {', '.join(STATUSES)}")
    return await hub_of(request).listing(wanted)


@router.get("/api/tables/{table_id}", response_model=TableInfo, responses=REFUSALS, tags=["lobby"])
async def table(request: Request, table_id: str) -> TableInfo:
    return (await hub_of(request).table(table_id)).info()


@router.post(
    "/api/tables/{table_id}/join", response_model=Joined, responses=REFUSALS, tags=["lobby"]
)
async def join(request: Request, table_id: str, body: Join) -> Joined:
    """Take the first free human seat of an open table; the answer is its token."""
    seat, token = await hub_of(request).join(table_id, body.player)
    return Joined(table=table_id, seat=seat, token=token)


@router.post("/api/tables/{table_id}/seats/{seat}/claim", responses=REFUSALS, tags=["lobby"])
async def claim(
    request: Request, table_id: str, seat: int, body: Join, authorization: Token = None
) -> TableInfo:
    """Sit down in a seat by its join link (its token)."""
    hub = hub_of(request)
    await hub.claim(table_id, seat, bearer(authorization), body.player)
    return (await hub.table(table_id)).info()


@router.post("/api/tables/{table_id}/seats/{seat}/bot", responses=REFUSALS, tags=["lobby"])
async def seat_bot(
    request: Request, table_id: str, seat: int, body: BotSeat, authorization: Token = None
) -> TableInfo:
    """The creator gives a free seat to a bot."""
    hub = hub_of(request)
    await hub.set_bot(table_id, bearer(authorization), seat, body.bot)
    return (await hub.table(table_id)).info()


@router.post("/api/tables/{table_id}/start", responses=REFUSALS, tags=["lobby"])
async def start(request: Request, table_id: str, authorization: Token = None) -> TableInfo:
    """The creator starts the table (free human seats may still be joined by their links)."""
    hub = hub_of(request)
    await hub.start(table_id, bearer(authorization))
    return (await hub.table(table_id)).info()


@router.post("/api/tables/{table_id}/close", responses=REFUSALS, tags=["lobby"])
async def close(request: Request, table_id: str, authorization: Token = None) -> TableInfo:
    """The creator closes the table: it is kept but no longer played."""
    hub = hub_of(request)
    await hub.close(table_id, bearer(authorization))
    return (await hub.table(table_id)).info()
