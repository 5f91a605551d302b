"""Screenshots of each game's board for the docs: ``python -m tools.screenshots`` (from the
project folder, with the test dependencies installed).

Starts ``boardwright serve`` on a scratch database, creates one table per game and adventure
(seat 1 human, seat 2 a bot, fixed seeds), plays the human seat's first decisions through the
API, and photographs the page as that seat sees it in Debian's Chromium (Playwright, which
downloads nothing). Writes docs/screenshots/<name>.png; the lobby too.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tests.server.process import call, server
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
TABLES = [  # (file name, game, options, bot, moves of the human seat, language)
    ("realm-of-sand", "realm-of-sand", {"board_side": "advanced"}, "greedy", 14, "en"),
    ("runebound", "runebound", {}, "heuristic", 10, "en"),
    ("runebound-al-kalim", "runebound", {"adventure": "al-kalim"}, "heuristic", 10, "de"),
    ("runebound-kelnov", "runebound", {"adventure": "kelnov"}, "heuristic", 8, "en"),
    ("runebound-cult", "runebound", {"adventure": "cult"}, "heuristic", 8, "pl"),
]


def play_human(base: str, table: str, token: str, moves: int, seed: int) -> None:
    """The human seat's first ``moves`` decisions, preferring moves onto the board."""
    chooser = random.Random(seed)
    for _ in range(moves):
        deadline = time.monotonic() + 60
        while True:
            state = call(base, "GET", f"/api/tables/{table}/state", token=token)
            decision = state["decision"]
            if decision is None or decision["seat"] == 0:
                break
            if time.monotonic() > deadline:
                return
            time.sleep(0.05)
        if decision is None:
            return
        options = decision["options"]
        placed = [
            o
            for o in options
            if {"to", "fields", "cell"} & set(o["args"]) or o["key"] == "place-tile"
        ]
        option = chooser.choice(placed or options)
        call(
            base,
            "POST",
            f"/api/tables/{table}/moves",
            {"key": option["key"], "version": state["version"]},
            token,
        )


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        folder = Path(home)
        database = f"sqlite:///{folder / 'shots.db'}"
        with server(database, folder) as (base, _process), sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            shoot(browser, base)
            browser.close()
    return 0


def shoot(browser: Any, base: str) -> None:
    for name, game, options, bot, moves, language in TABLES:
        created = call(
            base,
            "POST",
            "/api/tables",
            {
                "game": game,
                "seats": ["human", bot],
                "options": options,
                "seed": 7,
                "creator": "Ada",
            },
        )
        table, token = created["table"]["id"], created["seats"][0]["token"]
        call(base, "POST", f"/api/tables/{table}/seats/0/claim", {"player": "Ada"}, token)
        call(base, "POST", f"/api/tables/{table}/start", token=created["creator_token"])
        play_human(base, table, token, moves, seed=11)
        page = browser.new_page(viewport={"width": 1440, "height": 1000})
        held = {table: {"game": game, "seat": 0, "token": token}}
        page.add_init_script(
            f"localStorage.setItem('bw.tables', {json.dumps(json.dumps(held))});"
            f"localStorage.setItem('bw.language', '{language}');"
        )
        page.goto(f"{base}/#/t/{table}")
        page.wait_for_selector('.table-page[data-mine="yes"]', timeout=60_000)
        page.wait_for_selector("#board svg, #board .rs-board")
        page.wait_for_timeout(300)
        page.screenshot(path=str(OUT / f"{name}.png"))
        print(f"wrote {OUT / f'{name}.png'}")
        page.close()
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    page.goto(base + "/")
    page.wait_for_selector("#create")
    page.click("details.lobby-options summary")
    page.screenshot(path=str(OUT / "lobby.png"))
    print(f"wrote {OUT / 'lobby.png'}")
    page.close()


if __name__ == "__main__":
    sys.exit(main())
