"""The web table's server under load: a human's round trip while many bot tables play.
A plain script, not a test::

    python benchmarks/bench_server.py [--tables 50] [--moves 300] [--bot-workers 1]
        [--game runebound] [--db URL]

Starts ``boardwright serve`` in a process of its own (SQLite in a temporary folder unless
``--db``), creates ``--tables`` tables of two random bots, each watched by a spectator over a
WebSocket (a finished table is replaced by a new one, so the load stays), and one table of a
human against a random bot. The human plays ``--moves`` moves over its WebSocket; a round trip
is the time from sending a move to receiving the state that acknowledges it (the move
committed to the database and the view built). Reported: the round trip's p50 and p99, the
bot moves the server played and pushed per second meanwhile, and the memory of the server and
its bot workers per table (resident set size, from /proc).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

SERVER = "from boardwright.cli.main import run; run()"


def call(base: str, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method="POST" if data else "GET")
    request.add_header("content-type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def rss_kib(pid: int) -> int:
    """Resident memory of ``pid`` and its children (KiB)."""
    total = 0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    for each in pids:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{each}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total


class Load:
    """Bot tables kept running, each watched by a spectator socket."""

    def __init__(self, base: str, game: str) -> None:
        self.base = base
        self.game = game
        self.pushed = 0
        self.finished = 0

    async def watch_one(self) -> None:
        while True:
            created = await asyncio.to_thread(
                call, self.base, "/api/tables", {"game": self.game, "seats": ["random"] * 2}
            )
            table = created["table"]["id"]
            await asyncio.to_thread(
                call, self.base, f"/api/tables/{table}/start", {}, created["creator_token"]
            )
            url = self.base.replace("http", "ws") + f"/api/tables/{table}/live"
            async with websockets.connect(
                f"{url}?token={created['spectator_token']}", max_size=2**24
            ) as socket:
                async for text in socket:
                    message = json.loads(text)
                    self.pushed += 1
                    if message.get("result") is not None:
                        self.finished += 1
                        break


async def human_round_trips(base: str, moves: int) -> list[float]:
    """Milliseconds per acknowledged move of a human seat."""
    times: list[float] = []
    while len(times) < moves:
        created = await asyncio.to_thread(
            call, base, "/api/tables", {"game": "realm-of-sand", "seats": ["human", "random"]}
        )
        table = created["table"]["id"]
        await asyncio.to_thread(
            call, base, f"/api/tables/{table}/start", {}, created["creator_token"]
        )
        url = base.replace("http", "ws") + f"/api/tables/{table}/live"
        token = created["seats"][0]["token"]
        async with websockets.connect(f"{url}?token={token}", max_size=2**24) as socket:
            message = json.loads(await socket.recv())
            while message["result"] is None and len(times) < moves:
                decision = message["decision"]
                if decision is None or decision["seat"] != 0 or "options" not in decision:
                    message = json.loads(await socket.recv())
                    continue
                version = message["version"]
                key = decision["options"][len(times) % len(decision["options"])]["key"]
                sent = time.perf_counter()
                await socket.send(json.dumps({"type": "move", "key": key, "version": version}))
                while True:
                    message = json.loads(await socket.recv())
                    if message["type"] == "error":
                        raise SystemExit(f"the move was refused: {message['error']}")
                    if message["version"] > version:
                        break
                times.append((time.perf_counter() - sent) * 1000)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(base: str, pid: int, tables: int, moves: int, game: str) -> None:
    await human_round_trips(base, 1)  # the bot worker started and warmed up
    idle = rss_kib(pid)
    load = Load(base, game)
    watchers = [asyncio.create_task(load.watch_one()) for _ in range(tables)]
    await asyncio.sleep(5.0)  # the tables are created and under way
    pushed, started = load.pushed, time.perf_counter()
    times = await human_round_trips(base, moves)
    elapsed = time.perf_counter() - started
    memory = rss_kib(pid)
    for watcher in watchers:
        watcher.cancel()
    print(f"{tables} bot tables of {game} (random bots) running, {len(times)} human moves:")
    print(
        f"  round trip p50 {percentile(times, 0.5):.1f} ms, p99 {percentile(times, 0.99):.1f} ms,"
        f" max {max(times):.1f} ms"
    )
    print(
        f"  meanwhile {(load.pushed - pushed) / elapsed:,.0f} state messages a second pushed to"
        f" spectators, {load.finished} bot games finished"
    )
    print(
        f"  server and bot workers: {memory / 1024:.0f} MiB ({idle / 1024:.0f} MiB idle), "
        f"{(memory - idle) / 1024 / tables:.1f} MiB a table"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--bot-delay", type=float, default=None, help="the server's default")
    parser.add_argument("--game", default="runebound")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--db", default=None)
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="boardwright-bench-")
    db = args.db or f"sqlite:///{home}/tables.db"
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            SERVER,
            "serve",
            "--port",
            str(args.port),
            "--db",
            db,
            "--bot-workers",
            str(args.bot_workers),
            *([] if args.bot_delay is None else ["--bot-delay", str(args.bot_delay)]),
        ],
        env={**os.environ, "BOARDWRIGHT_HOME": home},
        stdout=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{args.port}"
    try:
        for _ in range(300):
            try:
                call(base, "/api/games")
                break
            except OSError:
                time.sleep(0.1)
        asyncio.run(measure(base, process.pid, args.tables, args.moves, args.game))
    finally:
        process.kill()
        process.wait()


if __name__ == "__main__":
    main()
