"""A real server: ``boardwright serve`` in a process of its own on a free port, and plain
HTTP calls to it (for the crash test and the browser tests)."""

from __future__ import annotations

import json
import os
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
def server(
    database: str, home: Path, bot_delay: float = 0.0
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
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
            str(bot_delay),
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
