"""Live play over the WebSocket and the turn-based JSON routes: the server checks the seat,
the version and the key, stores the move before anyone hears of it, and answers every bad
message with an error while the connection goes on serving."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from boardwright.engine.session import load_save
from boardwright.games import get_game
from boardwright.server.app import create_app
from boardwright.server.live_play import BURST
from boardwright.server.store import Store
from tests.server.helpers import bearer, one_line_error, seat_token, started


def live(client: TestClient, table: str, token: str, cursor: int = 0) -> WebSocketTestSession:
    return client.websocket_connect(f"/api/tables/{table}/live?token={token}&cursor={cursor}")


def next_state(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next message, which must be a state."""
    message: dict[str, Any] = ws.receive_json()
    assert message["type"] == "state", message
    return message


def until_decides(ws: WebSocketTestSession, seat: int, first: dict[str, Any]) -> dict[str, Any]:
    """Read states from ``first`` on until ``seat`` decides or the game is over."""
    message = first
    while message["result"] is None and (
        message["decision"] is None or message["decision"]["seat"] != seat
    ):
        message = next_state(ws)
    return message


def error_code(ws: WebSocketTestSession) -> str:
    message = ws.receive_json()
    assert message["type"] == "error", message
    assert message["error"] and "\n" not in message["error"]
    return str(message["code"])


def deciding(client: TestClient, created: dict[str, Any]) -> int:
    """The seat whose decision it is (asked as a spectator)."""
    table = created["table"]["id"]
    state = client.get(f"/api/tables/{table}/state", headers=bearer(created["spectator_token"]))
    seat: int = state.json()["decision"]["seat"]
    return seat


def stored_actions(url: str, table: str) -> int:
    store = Store(url)
    try:
        return store.seats_and_counts([table])[1].get(table, 0)
    finally:
        store.close()


def test_a_human_plays_against_a_bot_and_every_move_is_stored(
    client: TestClient, database_url: str
) -> None:
    created = started(client, ["human", "random"])
    table = created["table"]["id"]
    with live(client, table, seat_token(created, 0)) as ws:
        message = until_decides(ws, 0, next_state(ws))
        assert message["seat"] == 0 and message["status"] == "playing"
        for _ in range(6):
            options = message["decision"]["options"]
            ws.send_json({"type": "move", "key": options[-1]["key"], "version": message["version"]})
            after = next_state(ws)
            assert after["version"] == message["version"] + 1
            message = until_decides(ws, 0, after)
        version = message["version"]
        assert message["cursor"] > 0
    assert stored_actions(database_url, table) == version  # no undo: one row per version


def test_bad_messages_get_errors_and_the_connection_goes_on(
    client: TestClient, database_url: str
) -> None:
    created = started(client, ["human", "human"])
    table = created["table"]["id"]
    seat = deciding(client, created)
    with live(client, table, seat_token(created, 1 - seat)) as other:
        next_state(other)
        with live(client, table, seat_token(created, seat)) as ws:
            message = next_state(ws)
            assert message["decision"]["seat"] == seat
            key, version = message["decision"]["options"][0]["key"], message["version"]
            bad: list[tuple[str, str]] = [
                ("{not json", "bad_request"),
                ("[1, 2]", "bad_request"),
                (json.dumps({"type": "dance"}), "bad_request"),
                (json.dumps({"type": "move", "key": key, "version": version + 5}), "stale"),
                (json.dumps({"type": "move", "key": key, "version": "x"}), "bad_request"),
                (json.dumps({"type": "move", "key": 3, "version": version}), "bad_request"),
                (json.dumps({"type": "move", "key": "no-such", "version": version}), "illegal"),
                (json.dumps({"type": "move", "key": key, "padding": "x" * 70_000}), "too_big"),
                (json.dumps({"type": "undo", "version": version}), "illegal"),
            ]
            for text, code in bad:
                ws.send_text(text)
                assert error_code(ws) == code, text
            ws.send_bytes(b"\x00\x01")
            assert error_code(ws) == "bad_message"
            # the other seat may not move for this one
            other.send_json({"type": "move", "key": key, "version": version})
            assert error_code(other) == "not_your_turn"
            assert stored_actions(database_url, table) == 0
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
            ws.send_json({"type": "move", "key": key, "version": version})
            assert next_state(ws)["version"] == version + 1
    assert stored_actions(database_url, table) == 1


def test_a_flood_is_refused_message_by_message(client: TestClient) -> None:
    created = started(client, ["human", "random"])
    table = created["table"]["id"]
    with live(client, table, seat_token(created, 0)) as ws:
        next_state(ws)
        sent = int(BURST) + 20
        for _ in range(sent):
            ws.send_json({"type": "ping"})
        answers = [ws.receive_json() for _ in range(sent)]
        refused = [a for a in answers if a["type"] == "error"]
        assert refused and all(a["code"] == "flood" for a in refused)
        assert sum(a == {"type": "pong"} for a in answers) >= int(BURST) - 1


def test_a_wrong_token_is_refused_with_a_reason(client: TestClient) -> None:
    created = started(client, ["human", "random"])
    table = created["table"]["id"]
    for token in ("forged", created["creator_token"]):
        with live(client, table, token) as ws:
            assert error_code(ws) == "forbidden"
    with client.websocket_connect("/api/tables/none/live?token=x") as ws:
        assert error_code(ws) == "not_found"


def test_a_spectator_watches_the_public_view_and_cannot_move(client: TestClient) -> None:
    created = started(client, ["human", "human"])
    table = created["table"]["id"]
    with live(client, table, created["spectator_token"]) as ws:
        message = next_state(ws)
        assert message["seat"] is None
        assert "options" not in message["decision"]  # nobody's options but the seat's own
        ws.send_json({"type": "move", "key": "x", "version": message["version"]})
        assert error_code(ws) == "forbidden"


def test_a_client_resumes_from_its_cursor(client: TestClient) -> None:
    created = started(client, ["human", "human"])
    table = created["table"]["id"]
    seat = deciding(client, created)
    away = seat_token(created, 1 - seat)
    with live(client, table, away) as ws:
        first = next_state(ws)
    cursor = first["cursor"]
    token = seat_token(created, seat)
    version = first["version"]
    for _ in range(3):  # one seat plays on over the JSON routes while the other is away
        state = client.get(f"/api/tables/{table}/state", headers=bearer(token)).json()
        if state["decision"]["seat"] != seat:
            break
        key = state["decision"]["options"][0]["key"]
        moved = client.post(
            f"/api/tables/{table}/moves",
            json={"key": key, "version": version},
            headers=bearer(token),
        )
        version = moved.json()["version"]
    with live(client, table, away, cursor) as ws:
        resumed = next_state(ws)
    assert resumed["version"] == version and not resumed["reset"]
    everything = client.get(f"/api/tables/{table}/state", headers=bearer(away))
    assert resumed["events"] == everything.json()["events"][-len(resumed["events"]) :]
    assert 0 < len(resumed["events"]) < len(everything.json()["events"])


def test_undo_by_the_seat_and_the_versions_go_on(client: TestClient) -> None:
    created = started(client, ["human", "human"])
    table = created["table"]["id"]
    seat = deciding(client, created)
    token = seat_token(created, seat)
    with live(client, table, token) as ws:
        message = next_state(ws)
        before = message["view"]
        ws.send_json(
            {"type": "move", "key": message["decision"]["options"][0]["key"], "version": 0}
        )
        moved = next_state(ws)
        assert moved["decision"]["seat"] == seat  # seeded: the seat decides again
        ws.send_json({"type": "undo", "version": moved["version"]})
        undone = next_state(ws)
    assert undone["version"] == 2 and undone["reset"] is True
    assert undone["view"] == before
    # the undo is stored: a client on an old version is refused, even after a restart
    stale = client.post(
        f"/api/tables/{table}/moves",
        json={"key": message["decision"]["options"][0]["key"], "version": 0},
        headers=bearer(token),
    )
    assert "version 0" in one_line_error(stale, 409)


def test_a_restarted_server_resumes_every_table(sqlite_url: str, tmp_path: Path) -> None:
    with TestClient(create_app(sqlite_url, bot_workers=0, bot_delay=0)) as client:
        created = started(client, ["human", "random"])
        table = created["table"]["id"]
        token = seat_token(created, 0)
        with live(client, table, token) as ws:
            message = until_decides(ws, 0, next_state(ws))
            ws.send_json(
                {
                    "type": "move",
                    "key": message["decision"]["options"][0]["key"],
                    "version": message["version"],
                }
            )
            message = until_decides(ws, 0, next_state(ws))
        before = client.get(f"/api/tables/{table}/state", headers=bearer(token)).json()
    with TestClient(create_app(sqlite_url, bot_workers=0, bot_delay=0)) as client:
        after = client.get(f"/api/tables/{table}/state", headers=bearer(token)).json()
        assert after == before
        assert client.get(f"/api/tables/{table}").json()["status"] == "playing"


def test_bots_alone_finish_a_table_and_its_save_replays(client: TestClient) -> None:
    created = started(client, ["random", "random"])
    table = created["table"]["id"]
    with live(client, table, created["spectator_token"]) as ws:
        message = next_state(ws)
        while message["result"] is None:
            message = next_state(ws)
    assert message["status"] == "finished"
    save = client.get(f"/api/tables/{table}/export", headers=bearer(created["spectator_token"]))
    match = load_save(save.json(), get_game)
    assert match.result is not None and match.result.to_data() == message["result"]


def test_a_running_table_exports_only_what_the_seat_has_seen(client: TestClient) -> None:
    created = started(client, ["human", "human"])
    table = created["table"]["id"]
    exported = client.get(f"/api/tables/{table}/export", headers=bearer(seat_token(created, 1)))
    record = exported.json()
    assert record["format"] == "boardwright-seat-record" and record["seat"] == 1
    assert "seed" not in record and "actions" not in record
    one_line_error(client.get(f"/api/tables/{table}/export"), 403)


class Sleepy:
    """A bot that thinks for a long time (sleeping, as a slow search would compute)."""

    name = "random"

    def choose(self, observation: Any) -> int:
        time.sleep(SLOW_BOT_SECONDS)
        return 0


SLOW_BOT_SECONDS = 3.0


def test_a_slow_bot_delays_no_other_table(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """While a bot thinks in the bot pool, another table's moves are answered at once."""
    from boardwright.server import botpool

    monkeypatch.setattr(botpool, "make_bot", lambda kind, seed, game: Sleepy())
    with TestClient(create_app(sqlite_url, bot_workers=0, bot_delay=0)) as client:
        slow = started(client, ["random", "random"])  # its bot starts thinking at once
        busy = client.get(f"/api/tables/{slow['table']['id']}").json()
        assert busy["actions"] == 0
        created = started(client, ["human", "human"])
        table = created["table"]["id"]
        started_at = time.monotonic()
        moves = 0
        while moves < 5:
            seat = deciding(client, created)
            token = seat_token(created, seat)
            state = client.get(f"/api/tables/{table}/state", headers=bearer(token)).json()
            moved = client.post(
                f"/api/tables/{table}/moves",
                json={"key": state["decision"]["options"][0]["key"], "version": state["version"]},
                headers=bearer(token),
            )
            assert moved.status_code == 200, moved.text
            moves += 1
        assert time.monotonic() - started_at < SLOW_BOT_SECONDS / 2
        still = client.get(f"/api/tables/{slow['table']['id']}").json()
        assert still["actions"] == 0  # the bot was still thinking all along
