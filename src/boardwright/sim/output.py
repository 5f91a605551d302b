"""Game records to files and back: ``simulate --out FILE.csv | FILE.jsonl | FILE.parquet``.

JSON lines hold each record as :meth:`GameRecord.to_data` gives it (seats numbered from 0, as
the engine and the JSON API number them). CSV and Parquet hold one flat row per game, for
spreadsheets and data frames, with seats numbered from 1 as players name them:

- ``index``, ``seed``, ``game``, ``players``, ``packs`` (comma-separated), ``winners`` (the
  winning seats, space-separated), ``rounds``, ``decisions``, ``ended_by``, ``error``;
- ``round_<condition>``: the round each victory condition or end trigger was met;
- per seat ``n``: ``seat<n>_bot``, ``seat<n>_hero``, ``seat<n>_rank``, ``seat<n>_score``, the
  result's figures as ``seat<n>_<figure>`` and the game's tallies as ``seat<n>_tally_<name>``;
- ``options`` and ``details`` as JSON text.

Every format reads back into the same records (:func:`read_records`). Parquet needs pyarrow, an
optional extra (``pip install -e '.[parquet]'``).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from boardwright.engine.errors import ConfigError
from boardwright.sim.records import GameRecord

FORMATS = (".csv", ".jsonl", ".parquet")
_SEAT_FIELDS = ("bot", "hero", "rank", "score")
_TALLY = "tally_"


def out_format(path: Path) -> str:
    """The format ``path`` asks for by its suffix, or a one-line ConfigError."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ConfigError(
            f"--out {path}: unknown format '{suffix or '(none)'}'; name a {', '.join(FORMATS)} file"
        )
    return suffix


def write_records(path: Path, records: Sequence[GameRecord]) -> None:
    """Write ``records`` to ``path`` in the format its suffix names (a ConfigError for a file
    that cannot be written, saying why)."""
    suffix = out_format(path)
    try:
        if suffix == ".jsonl":
            with path.open("w", encoding="utf-8") as out:
                for record in records:
                    out.write(json.dumps(record.to_data(), sort_keys=True) + "\n")
        elif suffix == ".csv":
            rows = [flat_row(record) for record in records]
            with path.open("w", encoding="utf-8", newline="") as out:
                writer = csv.DictWriter(out, fieldnames=_columns(rows))
                writer.writeheader()
                for row in rows:
                    writer.writerow({k: "" if v is None else v for k, v in row.items()})
        else:
            _write_parquet(path, [flat_row(record) for record in records])
    except OSError as err:
        raise ConfigError(f"--out {path}: cannot write it ({err.strerror or err})") from None


def read_records(path: Path) -> list[GameRecord]:
    """The records a file written by :func:`write_records` holds; a ConfigError naming the
    file and the line or row that is wrong."""
    suffix = out_format(path)
    try:
        if suffix == ".jsonl":
            return _read_jsonl(path)
        if suffix == ".csv":
            with path.open(encoding="utf-8", newline="") as source:
                rows: list[Mapping[str, Any]] = list(csv.DictReader(source))
        else:
            rows = _read_parquet(path)
    except OSError as err:
        raise ConfigError(f"{path}: cannot read it ({err.strerror or err})") from None
    records = []
    for number, row in enumerate(rows, start=2 if suffix == ".csv" else 1):
        try:
            records.append(from_flat_row(row))
        except (ValueError, KeyError, TypeError) as err:
            where = "line" if suffix == ".csv" else "row"
            raise ConfigError(f"{path}, {where} {number}: {err}") from None
    return records


def _read_jsonl(path: Path) -> list[GameRecord]:
    records = []
    with path.open(encoding="utf-8") as source:
        for number, line in enumerate(source, start=1):
            if not line.strip():
                continue
            try:
                records.append(GameRecord.from_data(json.loads(line)))
            except (ValueError, AttributeError) as err:
                raise ConfigError(f"{path}, line {number}: {err}") from None
    return records


# --- flat rows (CSV, Parquet) ----------------------------------------------------------------
def flat_row(record: GameRecord) -> dict[str, Any]:
    """One game as a flat row (see the module docstring)."""
    row: dict[str, Any] = {
        "index": record.index,
        "seed": record.seed,
        "game": record.game,
        "players": record.players,
        "packs": ",".join(record.packs),
        "winners": " ".join(str(seat + 1) for seat in record.winners),
        "rounds": record.rounds,
        "decisions": record.decisions,
        "ended_by": record.ended_by,
        "error": record.error,
    }
    for name, round_ in record.milestones.items():
        row[f"round_{name}"] = round_
    for seat in range(record.players):
        prefix = f"seat{seat + 1}_"
        row[prefix + "bot"] = record.seats[seat]
        row[prefix + "hero"] = None if record.heroes is None else record.heroes[seat]
        row[prefix + "rank"] = record.ranks[seat] if record.ranks else None
        row[prefix + "score"] = record.scores[seat] if record.scores else None
        for name, values in record.figures.items():
            if name in _SEAT_FIELDS or name.startswith(_TALLY):
                raise ValueError(f"a result figure may not be called '{name}'")
            row[prefix + name] = values[seat]
        for name, values in record.tallies.items():
            row[prefix + _TALLY + name] = values[seat]
    row["options"] = json.dumps(record.options, sort_keys=True)
    row["details"] = json.dumps(record.details, sort_keys=True)
    return row


def from_flat_row(row: Mapping[str, Any]) -> GameRecord:
    """The record :func:`flat_row` made (CSV cells come back as text, empty for none)."""
    players = int(row["players"])
    value = {key: (None if cell == "" else cell) for key, cell in row.items()}
    figures: dict[str, list[float]] = {}
    tallies: dict[str, list[float]] = {}
    seat_prefixes = [f"seat{seat + 1}_" for seat in range(players)]
    for key in row:
        if not key.startswith(seat_prefixes[0]):
            continue
        name = key[len(seat_prefixes[0]) :]
        if name in _SEAT_FIELDS:
            continue
        cells = [value.get(prefix + name) for prefix in seat_prefixes]
        if any(cell is None for cell in cells):
            continue  # a game without this figure (an error, or another game's)
        numbers = [float(cell) for cell in cells if cell is not None]
        if name.startswith(_TALLY):
            tallies[name[len(_TALLY) :]] = numbers
        else:
            figures[name] = numbers
    ranks = [value.get(prefix + "rank") for prefix in seat_prefixes]
    scores = [value.get(prefix + "score") for prefix in seat_prefixes]
    heroes = [value.get(prefix + "hero") for prefix in seat_prefixes]
    winners = str(value.get("winners") or "").split()
    return GameRecord(
        index=int(row["index"]),
        seed=int(row["seed"]),
        game=str(row["game"]),
        players=players,
        options=json.loads(str(row["options"])),
        packs=[p for p in str(value.get("packs") or "").split(",") if p],
        seats=[str(value.get(prefix + "bot")) for prefix in seat_prefixes],
        heroes=None if any(h is None for h in heroes) else [str(h) for h in heroes],
        winners=[int(seat) - 1 for seat in winners],
        ranks=[] if any(r is None for r in ranks) else [int(float(str(r))) for r in ranks],
        scores=[] if any(s is None for s in scores) else [float(str(s)) for s in scores],
        rounds=None if value.get("rounds") is None else float(str(value["rounds"])),
        decisions=int(float(str(value.get("decisions") or 0))),
        ended_by=None if value.get("ended_by") is None else str(value["ended_by"]),
        milestones={
            key[len("round_") :]: int(float(str(cell)))
            for key, cell in value.items()
            if key.startswith("round_") and cell is not None
        },
        figures=figures,
        tallies=tallies,
        details=json.loads(str(row.get("details") or "{}")),
        error=None if value.get("error") is None else str(value["error"]),
    )


def _columns(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every column any row has, in the order rows first name them."""
    columns: dict[str, None] = {}
    for row in rows:
        for key in row:
            columns.setdefault(key, None)
    return list(columns)


def _import_pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ConfigError(
            "--out FILE.parquet needs pyarrow, an optional extra: pip install -e '.[parquet]'"
        ) from None
    return pyarrow


def _write_parquet(path: Path, rows: list[dict[str, Any]]) -> None:
    pyarrow = _import_pyarrow()
    columns = _columns(rows)
    table = pyarrow.table({name: [row.get(name) for row in rows] for name in columns})
    pyarrow.parquet.write_table(table, str(path))


def _read_parquet(path: Path) -> list[Mapping[str, Any]]:
    pyarrow = _import_pyarrow()
    try:
        table = pyarrow.parquet.read_table(str(path))
    except pyarrow.ArrowInvalid as err:
        raise ConfigError(f"{path}: not a Parquet file ({err})") from None
    rows: list[Mapping[str, Any]] = table.to_pylist()
    return [{k: ("" if v is None else v) for k, v in row.items()} for row in rows]
