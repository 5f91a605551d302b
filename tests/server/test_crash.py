"""A real server (``boardwright serve`` in a process of its own) killed with SIGKILL in the
middle of play, then started again on the same database: every acknowledged action is there
and every table goes on."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.server.postgres import free_port

STARTUP_SECONDS = 60.0


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


@contextmanager
def server(database: str, home: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``boardwright serve`` on a free port, ready to answer; killed on leaving."""
    port = free_port()
    environment = {**os.environ, "BOARDWRIGHT_HOME": str(home)}
    errors = (home / "server.log").open("ab")
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from boardwright.cli.main import run; run()",
            "serve",
            "--port",
            str(port),
            "--db",
            database,
            "--bot-workers",
            "1",
            "--bot-delay",
            "0",
        ],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=errors,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + STARTUP_SECONDS
    try:
        while True:
            try:
                call(base, "GET", "/api/games")
                break
            except (urllib.error.URLError, ConnectionError):
                if process.poll() is not None or time.monotonic() > deadline:
                    logged = (home / "server.log").read_text(errors="replace")
                    pytest.fail(f"the server did not start: {logged[-500:]}")
                time.sleep(0.2)
        yield base, process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=30)
        errors.close()


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
