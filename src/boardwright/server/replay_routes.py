"""The replay viewer's frames: a game as it stood after any of its actions, as one seat (or a
spectator) saw it then. From a table (its stored actions; a table in play only as the token's
seat sees it) or from a save file the browser sends (which holds everything already)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from pydantic import Field

from boardwright.engine.errors import ConfigError, SaveFileError
from boardwright.engine.events import events_for_seat
from boardwright.engine.session import Match, check_save_header
from boardwright.games import get_game
from boardwright.server.common import REFUSALS, Token, bearer, hub_of
from boardwright.server.lobby import Strict
from boardwright.server.texts import check_language

router = APIRouter(tags=["replay"])

REPLAY_LIMIT = 4 * 1024 * 1024
"""The largest save file the viewer takes (bytes): a long Runebound game is ~100 KiB."""
LOG_TAIL = 200
"""Events a frame carries: the latest of what the seat had seen by then."""


class SaveFrame(Strict):
    save: dict[str, Any] = Field(description="a boardwright save file, as JSON")
    step: int = Field(ge=0, description="how many of its actions are played")
    seat: int | None = Field(default=None, description="whose view (none: the public one)")
    lang: str = "en"
    content: bool = Field(default=False, description="add the game's table content")


def frame(
    game_name: str,
    config_data: Any,
    seed: int,
    keys: list[str],
    step: int,
    seat: int | None,
    language: str,
    with_content: bool = False,
) -> dict[str, Any]:
    """The game after ``step`` of ``keys``, as ``seat`` sees it, with the words in
    ``language``: its view, decision, result, the events the last action made and the latest
    events of the log."""
    game = get_game(game_name)
    if not isinstance(config_data, dict) or not isinstance(config_data.get("players"), int):
        raise SaveFileError('"config" needs a whole-number "players"')
    config = game.config(config_data["players"], config_data.get("options") or {})
    if seat is not None and not 0 <= seat < config.players:
        raise ConfigError(f"seat {seat} is not a seat of this game (0 to {config.players - 1})")
    step = max(0, min(step, len(keys)))
    match = Match.replay(game, config, seed, keys[: max(0, step - 1)])
    before = len(match.log)
    if step > 0:
        match.play_key(keys[step - 1])
    texts = game.texts(config, language)
    seen = events_for_seat(match.log, seat)
    latest = events_for_seat(match.log[before:], seat) if step > 0 else []
    decision = match.decision
    result = match.result
    out: dict[str, Any] = {
        "game": game_name,
        "players": config.players,
        "seat": seat,
        "step": step,
        "steps": len(keys),
        "view": match.view(seat),
        "decision": None if decision is None else decision.view_data(seat),
        "result": None if result is None else result.to_data(),
        "latest": [event.to_data() for event in latest],
        "events": [event.to_data() for event in seen[-LOG_TAIL:]],
        "texts": {
            "language": language,
            "prompt": None if decision is None else texts.prompt(decision),
            "latest": [texts.event(event) for event in latest],
            "events": [texts.event(event) for event in seen[-LOG_TAIL:]],
        },
    }
    if with_content:
        out["content"] = game.table_content(match.state, language)
    return out


@router.post("/api/replay", responses=REFUSALS)
async def replay_save(body: SaveFrame) -> dict[str, Any]:
    """A frame of a save file (``boardwright play --save`` or a finished table's export)."""
    data = check_save_header(body.save, "the save file")
    keys = data.get("actions")
    seed = data.get("seed")
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        raise SaveFileError('the save file: "actions" must be a list of option keys (strings)')
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveFileError('the save file: "seed" must be a whole number')
    language = check_language(body.lang)
    return await asyncio.to_thread(
        frame,
        str(data.get("game")),
        data.get("config"),
        seed,
        keys,
        body.step,
        body.seat,
        language,
        body.content,
    )


@router.get("/api/tables/{table_id}/replay", responses=REFUSALS)
async def replay_table(
    request: Request, table_id: str, step: int = 0, lang: str = "en", authorization: Token = None
) -> dict[str, Any]:
    """A frame of a table, as the token's seat (or the spectator) saw it after ``step``
    actions."""
    language = check_language(lang)
    hub = hub_of(request)
    live = await hub.table(table_id)
    seat = hub.seat_of(live, bearer(authorization))
    match = live.match
    keys = [record.key for record in match.actions]
    return await asyncio.to_thread(
        frame, match.game.name, match.config.to_data(), match.seed, keys, step, seat, language
    )
