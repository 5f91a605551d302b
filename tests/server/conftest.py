"""Fixtures of the server tests: a fresh database per test, on SQLite and on PostgreSQL (a
private server, :mod:`tests.server.postgres`; skipped with the reason where it cannot start),
and a test client of the app on it."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from boardwright.server.app import create_app
from tests.server import postgres

_numbers = itertools.count()


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[postgres.Cluster]:
    try:
        cluster = postgres.start()
    except postgres.Unavailable as err:
        pytest.skip(str(err))
    yield cluster
    cluster.stop()


def new_pg_database(cluster: postgres.Cluster) -> str:
    name = f"t{next(_numbers)}"
    engine = sa.create_engine(cluster.url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(sa.text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return cluster.url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database: SQLite in a file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    cluster: postgres.Cluster = request.getfixturevalue("pg_cluster")
    return new_pg_database(cluster)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    """The app on a fresh database, bots thinking in a thread (fast to start)."""
    with TestClient(create_app(database_url, bot_workers=0, bot_delay=0)) as test_client:
        yield test_client
