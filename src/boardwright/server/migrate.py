"""Bringing a database to the newest schema with Alembic (run by the server at every start).

The migrations live in :mod:`boardwright.server.migrations` (``versions/``, one file per
change, never edited once released); a new database gets all of them, an older one the ones
it lacks. Alembic records the version it is at in its own table, ``alembic_version``.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade(engine: Engine) -> None:
    """Apply every migration ``engine``'s database lacks."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def head() -> str | None:
    """The newest migration's revision."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current(engine: Engine) -> str | None:
    """The revision ``engine``'s database is at (None: no migration applied yet)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
