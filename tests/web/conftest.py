"""The browser tests' fixtures: a real server (``boardwright serve`` on SQLite) and Debian's
Chromium driven by Playwright (which downloads nothing: it is given the browser's path).
Where Chromium or Playwright is missing, the tests are skipped and say why."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.process import server

CHROMIUM = "/usr/bin/chromium"
# what a closed sandbox needs: no GPU, no background calls to the network
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """(the server's address, its database URL)."""
    home = tmp_path_factory.mktemp("web")
    database = f"sqlite:///{home / 'tables.db'}"
    with server(database, home, bot_delay=0.02) as (base, _process):
        yield base, database


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.skip("Debian's chromium is not installed (tools/test_services.py installs it)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium"),
            args=CHROMIUM_ARGS,
        )
        yield launched
        launched.close()
