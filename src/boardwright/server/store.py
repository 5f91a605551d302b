"""The server's database: tables of play, seats and actions (see :mod:`.schema`).

All calls are synchronous and short; the server makes them on one thread of its own
(:class:`boardwright.server.live.Hub`), so a database never sees two writers at once and the
event loop never waits on a disk. An action is committed before the call returns: what the
server acknowledged is on disk.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import create_engine, delete, event, func, insert, select, update
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError

from boardwright.engine.errors import BoardwrightError
from boardwright.server import migrate
from boardwright.server.schema import actions, seats, tables


class StoreError(BoardwrightError):
    """The database could not be opened, read or written (the message says which and why)."""


class ActionConflict(StoreError):
    """An action numbered like one already stored: another writer got there first."""


@dataclass(frozen=True)
class TableRecord:
    """One table of play as stored."""

    id: str
    game: str
    config: dict[str, Any]
    seed: int
    status: str
    creator_hash: str
    spectator_hash: str
    undos: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class SeatRecord:
    """One seat: a human (``kind`` "human", taken when ``player`` is set) or a bot."""

    seat: int
    kind: str
    token_hash: str | None
    player: str | None


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL: a commit survives the process being killed, and readers do not block the writer."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def now() -> datetime:
    return datetime.now(UTC)


class Store:
    """The database at ``url`` (any SQLAlchemy URL), brought to the newest schema on opening."""

    def __init__(self, url: str) -> None:
        self.url = url
        try:
            make_url(url)
        except ArgumentError:
            raise StoreError(
                f"'{url}' is not a database URL (e.g. sqlite:///PATH or "
                "postgresql+psycopg://USER:PASSWORD@HOST/NAME)"
            ) from None
        try:
            if url.startswith("sqlite"):
                self.engine: Engine = create_engine(url, connect_args={"check_same_thread": False})
                event.listen(self.engine, "connect", _sqlite_pragmas)
            else:
                self.engine = create_engine(url, pool_pre_ping=True)
            migrate.upgrade(self.engine)
        except ArgumentError as err:
            raise StoreError(f"cannot open the database {url}: {err}") from None
        except ImportError as err:
            raise StoreError(
                f"cannot open the database {self.describe(url)}: its driver is not installed "
                f"({err.name or err}); for PostgreSQL: pip install 'psycopg[binary]'"
            ) from None
        except SQLAlchemyError as err:
            raise StoreError(f"cannot open the database {self.safe_url}: {_reason(err)}") from None

    @property
    def safe_url(self) -> str:
        """The URL without its password (for messages and logs)."""
        return self.engine.url.render_as_string(hide_password=True)

    @staticmethod
    def describe(url: str) -> str:
        """``url`` without its password."""
        try:
            return make_url(url).render_as_string(hide_password=True)
        except ArgumentError:
            return "(not a database URL)"

    def close(self) -> None:
        self.engine.dispose()

    # --- writing --------------------------------------------------------------------------------
    def create_table(self, record: TableRecord, seat_records: list[SeatRecord]) -> None:
        with self._writing() as connection:
            connection.execute(
                insert(tables).values(
                    id=record.id,
                    game=record.game,
                    config=json.dumps(record.config, sort_keys=True),
                    seed=record.seed,
                    status=record.status,
                    creator_hash=record.creator_hash,
                    spectator_hash=record.spectator_hash,
                    undos=record.undos,
                    created_at=record.created_at,
                    updated_at=record.updated_at,
                )
            )
            for seat in seat_records:
                connection.execute(
                    insert(seats).values(
                        table_id=record.id,
                        seat=seat.seat,
                        kind=seat.kind,
                        token_hash=seat.token_hash,
                        player=seat.player,
                    )
                )

    def set_status(self, table_id: str, status: str, stamp: datetime) -> None:
        with self._writing() as connection:
            connection.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(status=status, updated_at=stamp)
            )

    def set_seat(self, table_id: str, seat: SeatRecord, stamp: datetime) -> None:
        with self._writing() as connection:
            connection.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat.seat)
                .values(kind=seat.kind, token_hash=seat.token_hash, player=seat.player)
            )
            connection.execute(
                update(tables).where(tables.c.id == table_id).values(updated_at=stamp)
            )

    def append_actions(self, rows: list[tuple[str, int, int, str]]) -> None:
        """Store actions (table, number, seat, key) of any tables in one transaction (a group
        commit: one disk write for all); none of them if one fails (ActionConflict when one
        exists already)."""
        stamp = now()
        try:
            with self._writing() as connection:
                connection.execute(
                    insert(actions),
                    [
                        {
                            "table_id": table_id,
                            "number": number,
                            "seat": seat,
                            "key": key,
                            "created_at": stamp,
                        }
                        for table_id, number, seat, key in rows
                    ],
                )
                for table_id in sorted({row[0] for row in rows}):
                    connection.execute(
                        update(tables).where(tables.c.id == table_id).values(updated_at=stamp)
                    )
        except StoreError as err:
            if isinstance(err.__cause__, IntegrityError):
                first = rows[0]
                raise ActionConflict(
                    f"table {first[0]} has an action {first[1]} already"
                    if len(rows) == 1
                    else "an action was stored already"
                ) from None
            raise

    def undo_to(self, table_id: str, kept: int) -> None:
        """An undo: forget every action after the first ``kept`` and count the undo."""
        with self._writing() as connection:
            connection.execute(
                delete(actions).where(actions.c.table_id == table_id, actions.c.number > kept)
            )
            connection.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(undos=tables.c.undos + 1, updated_at=now())
            )

    # --- reading --------------------------------------------------------------------------------
    def table(self, table_id: str) -> TableRecord | None:
        with self._reading() as connection:
            row = connection.execute(select(tables).where(tables.c.id == table_id)).first()
        return None if row is None else _table_record(row._mapping)

    def tables_with(self, statuses: tuple[str, ...], limit: int = 200) -> list[TableRecord]:
        """Tables in one of ``statuses``, the most recently changed first."""
        with self._reading() as connection:
            rows = connection.execute(
                select(tables)
                .where(tables.c.status.in_(statuses))
                .order_by(tables.c.updated_at.desc(), tables.c.id)
                .limit(limit)
            ).all()
        return [_table_record(row._mapping) for row in rows]

    def seats(self, table_id: str) -> list[SeatRecord]:
        with self._reading() as connection:
            rows = connection.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            ).all()
        return [SeatRecord(row.seat, row.kind, row.token_hash, row.player) for row in rows]

    def actions(self, table_id: str) -> list[tuple[int, str]]:
        """(seat, key) of every stored action of the table, in the order of play."""
        with self._reading() as connection:
            rows = connection.execute(
                select(actions.c.number, actions.c.seat, actions.c.key)
                .where(actions.c.table_id == table_id)
                .order_by(actions.c.number)
            ).all()
        for expected, row in enumerate(rows, 1):
            if row.number != expected:
                raise StoreError(f"table {table_id}: action {expected} is missing from the store")
        return [(row.seat, row.key) for row in rows]

    def seats_and_counts(
        self, table_ids: list[str]
    ) -> tuple[dict[str, list[SeatRecord]], dict[str, int]]:
        """The seats and the number of actions of each of ``table_ids`` (two queries)."""
        seated: dict[str, list[SeatRecord]] = {table_id: [] for table_id in table_ids}
        counts: dict[str, int] = {}
        if not table_ids:
            return seated, counts
        with self._reading() as connection:
            for row in connection.execute(
                select(seats).where(seats.c.table_id.in_(table_ids)).order_by(seats.c.seat)
            ):
                seated[row.table_id].append(
                    SeatRecord(row.seat, row.kind, row.token_hash, row.player)
                )
            for table_id, count in connection.execute(
                select(actions.c.table_id, func.count())
                .where(actions.c.table_id.in_(table_ids))
                .group_by(actions.c.table_id)
            ):
                counts[table_id] = int(count)
        return seated, counts

    # --- transactions -----------------------------------------------------------------------------
    def _writing(self) -> _Transaction:
        return _Transaction(self, write=True)

    def _reading(self) -> _Transaction:
        return _Transaction(self, write=False)


class _Transaction:
    """A connection in a transaction that commits on leaving (``write``) and turns a database
    error into a StoreError naming the database."""

    def __init__(self, store: Store, *, write: bool) -> None:
        self.store = store
        self.write = write
        self.context: Any = None

    def __enter__(self) -> Any:
        try:
            self.context = self.store.engine.begin() if self.write else self.store.engine.connect()
            return self.context.__enter__()
        except SQLAlchemyError as err:
            raise StoreError(f"database {self.store.safe_url}: {_reason(err)}") from err

    def __exit__(self, kind: Any, value: Any, trace: Any) -> None:
        try:
            self.context.__exit__(kind, value, trace)
        except SQLAlchemyError as err:
            raise StoreError(f"database {self.store.safe_url}: {_reason(err)}") from err
        if isinstance(value, SQLAlchemyError):
            raise StoreError(f"database {self.store.safe_url}: {_reason(value)}") from value


def _reason(error: SQLAlchemyError) -> str:
    """The first line of a database error, without SQLAlchemy's links and parameters."""
    original = getattr(error, "orig", None)
    text = str(original if original is not None else error)
    return text.strip().splitlines()[0] if text.strip() else type(error).__name__


def _table_record(row: Any) -> TableRecord:
    return TableRecord(
        id=row["id"],
        game=row["game"],
        config=json.loads(row["config"]),
        seed=int(row["seed"]),
        status=row["status"],
        creator_hash=row["creator_hash"],
        spectator_hash=row["spectator_hash"],
        undos=int(row["undos"]),
        created_at=_aware(row["created_at"]),
        updated_at=_aware(row["updated_at"]),
    )


def _aware(stamp: datetime) -> datetime:
    """SQLite hands back naive datetimes; every stamp stored is UTC."""
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)
