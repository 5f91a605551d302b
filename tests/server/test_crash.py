"""A real server (``boardwright serve`` in a process of its own) killed with SIGKILL in the
middle of play, then started again on the same database: every acknowledged action is there
and every table goes on."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from tests.server.process import call, server


def test_a_killed_server_loses_no_acknowledged_action(database_url: str, tmp_path: Path) -> None:
    database = database_url
    acknowledged: dict[str, int] = {}
    with server(database, tmp_path) as (base, process):
        bots = call(
            base,
            "POST",
            "/api/tables",
            {"game": "runebound", "seats": ["random", "random"], "seed": 3},
        )
        call(base, "POST", f"/api/tables/{bots['table']['id']}/start", token=bots["creator_token"])
        human = call(
            base,
            "POST",
            "/api/tables",
            {"game": "realm-of-sand", "seats": ["human", "random"], "seed": 5},
        )
        table, token = human["table"]["id"], human["seats"][0]["token"]
        call(base, "POST", f"/api/tables/{table}/start", token=human["creator_token"])
        for _ in range(8):  # the human plays; the bot answers in the server
            state = call(base, "GET", f"/api/tables/{table}/state", token=token)
            while state["decision"] is not None and state["decision"]["seat"] != 0:
                time.sleep(0.05)
                state = call(base, "GET", f"/api/tables/{table}/state", token=token)
            key = state["decision"]["options"][0]["key"]
            moved = call(
                base,
                "POST",
                f"/api/tables/{table}/moves",
                {"key": key, "version": state["version"]},
                token=token,
            )
            acknowledged[table] = moved["version"]
        spectator = bots["spectator_token"]
        bots_table = bots["table"]["id"]
        seen = call(base, "GET", f"/api/tables/{bots_table}/state", token=spectator)
        acknowledged[bots_table] = seen["version"]
        assert seen["version"] > 0, "the bots played while the human did"
        os.kill(process.pid, signal.SIGKILL)  # in the middle of the bots' game
        process.wait(timeout=30)
    with server(database, tmp_path) as (base, _process):
        for table_id, version in acknowledged.items():
            info = call(base, "GET", f"/api/tables/{table_id}")
            assert info["actions"] >= version, f"{table_id} lost acknowledged actions"
        state = call(base, "GET", f"/api/tables/{table}/state", token=token)
        while state["decision"]["seat"] != 0:
            time.sleep(0.05)
            state = call(base, "GET", f"/api/tables/{table}/state", token=token)
        moved = call(
            base,
            "POST",
            f"/api/tables/{table}/moves",
            {"key": state["decision"]["options"][0]["key"], "version": state["version"]},
            token=token,
        )
        assert moved["version"] == state["version"] + 1  # the human's table goes on
        deadline = time.monotonic() + 120
        while call(base, "GET", f"/api/tables/{bots_table}")["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' table did not go on to its end"
            time.sleep(0.2)
