"""``boardwright serve``: the web table's server (lobby and live play) under uvicorn."""

from __future__ import annotations

import logging
from typing import Annotated

import typer

from boardwright.engine.errors import BoardwrightError
from boardwright.server.limits import BOT_DELAY

from .common import stdout_console
from .packs import user_home

DATABASE_FILE = "boardwright.db"
WEBSOCKET_LIMIT = 1024 * 1024
"""The largest WebSocket frame uvicorn takes; the app itself refuses messages over 64 KiB
with an error and goes on serving (bigger frames close the connection)."""


def default_database_url() -> str:
    """SQLite in $BOARDWRIGHT_HOME (created when missing)."""
    home = user_home()
    try:
        home.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise BoardwrightError(f"cannot create {home} for the database: {err.strerror}") from None
    return f"sqlite:///{home / DATABASE_FILE}"


def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=0, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL (SQLAlchemy), e.g. postgresql+psycopg://user:pw@host/name; "
            "default: SQLite in $BOARDWRIGHT_HOME."
        ),
    ] = None,
    bot_workers: Annotated[
        int, typer.Option(help="Processes the bots think in (0: a thread).", min=0, max=64)
    ] = 1,
    bot_delay: Annotated[
        float,
        typer.Option(
            help="Seconds at least between a table's bot moves, so players can follow them "
            "(0: as fast as the bots think).",
            min=0.0,
            max=60.0,
        ),
    ] = BOT_DELAY,
) -> None:
    """Start the web table: the lobby (JSON API, documented at /docs) and live play over
    WebSocket. Every table is kept in the database and resumed when the server starts again."""
    import uvicorn

    from boardwright.server.app import create_app
    from boardwright.server.store import Store

    url = db if db is not None else default_database_url()
    Store(url).close()  # a database that cannot be opened is a one-line error, before serving
    app = create_app(url, bot_workers=bot_workers, bot_delay=bot_delay)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    console = stdout_console()
    console.print(f"boardwright is serving at http://{shown}:{port}/ (API docs: /docs)")
    console.print(f"database: {Store.describe(url)}; stop with Ctrl-C")
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    uvicorn.run(app, host=host, port=port, ws_max_size=WEBSOCKET_LIMIT, log_level="warning")
