"""The server's database: the migrations build exactly the schema the code reads and writes,
and a database that fails a write loses nothing and shows nothing unstored."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient

from boardwright.server import migrate
from boardwright.server.app import create_app
from boardwright.server.schema import metadata
from boardwright.server.store import Store, StoreError
from tests.server.helpers import bearer, one_line_error, seat_token, started


def test_the_migrations_build_the_schema_the_code_uses(database_url: str) -> None:
    store = Store(database_url)
    try:
        assert migrate.current(store.engine) == migrate.head()
        with store.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), metadata)
        assert differences == []
    finally:
        store.close()


def test_opening_twice_migrates_once(database_url: str) -> None:
    Store(database_url).close()
    store = Store(database_url)  # already at head: nothing to do, nothing lost
    try:
        assert migrate.current(store.engine) == migrate.head()
    finally:
        store.close()


def test_a_failed_write_refuses_the_move_and_shows_nothing(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(database_url, bot_workers=0, bot_delay=0)) as client:
        created = started(client, ["human", "human"])
        table = created["table"]["id"]
        spectator = bearer(created["spectator_token"])
        before = client.get(f"/api/tables/{table}/state", headers=spectator).json()
        seat = before["decision"]["seat"]
        token = bearer(seat_token(created, seat))
        mine = client.get(f"/api/tables/{table}/state", headers=token).json()
        move = {"key": mine["decision"]["options"][0]["key"], "version": mine["version"]}

        def broken(*args: object) -> None:
            raise StoreError("database sqlite:///x: disk I/O error")

        monkeypatch.setattr(Store, "append_actions", broken)
        refused = client.post(f"/api/tables/{table}/moves", json=move, headers=token)
        assert "disk I/O error" in one_line_error(refused, 503)
        assert client.get(f"/api/tables/{table}/state", headers=spectator).json() == before
        monkeypatch.undo()
        moved = client.post(f"/api/tables/{table}/moves", json=move, headers=token)
        assert moved.json()["version"] == mine["version"] + 1
