"""Small helpers of the server tests."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(
    client: TestClient,
    seats: list[str],
    game: str = "realm-of-sand",
    *,
    seed: int | None = 7,
    **extra: Any,
) -> dict[str, Any]:
    """A new table (201 asserted): the creator's answer."""
    body: dict[str, Any] = {"game": game, "seats": seats, **extra}
    if seed is not None:
        body["seed"] = seed
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def started(
    client: TestClient, seats: list[str], game: str = "realm-of-sand", **extra: Any
) -> dict[str, Any]:
    """A new table, started by its creator."""
    created = create(client, seats, game, **extra)
    table = created["table"]["id"]
    answer = client.post(f"/api/tables/{table}/start", headers=bearer(created["creator_token"]))
    assert answer.status_code == 200, answer.text
    return created


def seat_token(created: dict[str, Any], seat: int) -> str:
    token = created["seats"][seat]["token"]
    assert isinstance(token, str)
    return token


def one_line_error(answer: Any, status: int) -> str:
    """The refusal's one-line message (its status asserted)."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error"}, body
    message = body["error"]
    assert isinstance(message, str) and message and "\n" not in message
    assert "Traceback" not in message
    return message
