"""The database tables as the server reads and writes them (SQLAlchemy Core).

A table of play is stored as exactly what replays it: the game, its config and seed, who sits
where, and one row per applied action, written and committed before the action is
acknowledged. Tokens are stored only as their SHA-256 digests. The schema is created and
changed by the Alembic migrations in :mod:`boardwright.server.migrations`, never by
``create_all``; this module must match the newest migration (a test checks it does).
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("config", Text, nullable=False),  # JSON: players and options
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False, index=True),  # see lobby.STATUSES
    Column("creator_hash", String(64), nullable=False),
    Column("spectator_hash", String(64), nullable=False),
    Column("undos", Integer, nullable=False),  # undos so far: the version goes on from them
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(64), nullable=False),  # "human" or a bot's name
    Column("token_hash", String(64), nullable=True),  # a human seat's credential
    Column("player", String(64), nullable=True),  # who took a human seat (None: free)
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),  # 1, 2, ...: the order of play
    Column("seat", Integer, nullable=False),
    Column("key", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
