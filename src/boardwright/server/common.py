"""What the server's routes share: the hub of the running app, tokens from headers, and how
a refusal is told (a status and a code per kind of error)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Header, Request, WebSocket

from boardwright.engine.errors import (
    BoardwrightError,
    ConfigError,
    IllegalActionError,
    NotYourTurnError,
    StaleMoveError,
    UndoRefusedError,
)
from boardwright.server.live import Conflict, Forbidden, Hub, NotFound
from boardwright.server.lobby import Problem
from boardwright.server.store import StoreError

STATUS_OF: tuple[tuple[type[BaseException], int, str], ...] = (
    (NotFound, 404, "not_found"),
    (Forbidden, 403, "forbidden"),
    (Conflict, 409, "conflict"),
    (StaleMoveError, 409, "stale"),
    (NotYourTurnError, 403, "not_your_turn"),
    (IllegalActionError, 400, "illegal"),
    (UndoRefusedError, 400, "illegal"),
    (ConfigError, 400, "bad_request"),
    (StoreError, 503, "database"),
    (BoardwrightError, 400, "bad_request"),
)
"""Per kind of refusal: the HTTP status and the WebSocket error code (the first that fits)."""

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
    """The token of an ``Authorization: Bearer TOKEN`` header."""
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub
