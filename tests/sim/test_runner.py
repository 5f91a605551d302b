"""Simulation at scale (boardwright.sim): the same per-game records whatever the backend and the
number of jobs, records that round-trip through every output format, early stops, chunking and
one-line errors."""

from __future__ import annotations

import csv
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardwright.engine.errors import ConfigError
from boardwright.sim.backends import MIN_CHUNK_SECONDS, plan_chunks
from boardwright.sim.output import read_records, write_records
from boardwright.sim.records import GameRecord
from boardwright.sim.runner import run, simulate
from boardwright.sim.spec import RunSpec

AL_KALIM = RunSpec(
    "runebound", 2, ("heuristic", "random"), 5, {"adventure": "al-kalim", "max_rounds": 5}
)
REALM = RunSpec("realm-of-sand", 2, ("random", "random"), 3)


def data(records: list[GameRecord]) -> list[dict[str, Any]]:
    return [record.to_data() for record in records]


@pytest.fixture(scope="module")
def serial_records() -> list[GameRecord]:
    return run(AL_KALIM, 6).records


def test_a_record_says_what_the_game_was_and_how_it_went(
    serial_records: list[GameRecord],
) -> None:
    record = serial_records[0]
    assert [r.index for r in serial_records] == list(range(6))
    assert record.game == "runebound" and record.options["adventure"] == "al-kalim"
    assert record.seats == ["heuristic", "random"] and record.heroes is not None
    assert record.winners and len(record.ranks) == len(record.scores) == 2
    assert record.rounds is not None and record.decisions > 0
    assert record.ended_by is not None and record.milestones  # the round the end was met
    assert {"legendary_rewards", "experience_counters"} <= set(record.figures)
    assert {"fights", "knockouts", "tests", "gold_gained"} <= set(record.tallies)
    assert all(len(values) == 2 for values in record.tallies.values())


def test_two_processes_play_the_very_same_games(serial_records: list[GameRecord]) -> None:
    assert data(run(AL_KALIM, 6, jobs=2).records) == data(serial_records)


def test_ray_plays_the_very_same_games(serial_records: list[GameRecord]) -> None:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        played = run(AL_KALIM, 6, jobs=2, backend="ray")
    finally:
        ray.shutdown()
    assert data(played.records) == data(serial_records)


def test_the_summary_is_the_same_whatever_the_job_count() -> None:
    one = simulate("realm-of-sand", 2, 12, 4).to_data()
    two = simulate("realm-of-sand", 2, 12, 4, jobs=2).to_data()
    for summary in (one, two):
        summary.pop("elapsed_s"), summary.pop("decisions_per_second")
    assert one == two


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_records_round_trip_through_every_format(
    tmp_path: Path, suffix: str, serial_records: list[GameRecord]
) -> None:
    if suffix == ".parquet":
        pytest.importorskip("pyarrow")
    broken = GameRecord(
        9, 1, "runebound", 2, {"adventure": "al-kalim"}, [], ["heuristic", "random"], error="X: y"
    )
    records = [*serial_records, broken]
    path = tmp_path / f"games{suffix}"
    write_records(path, records)
    assert data(read_records(path)) == data(records)


def test_csv_rows_are_flat_with_seats_numbered_from_one(
    tmp_path: Path, serial_records: list[GameRecord]
) -> None:
    path = tmp_path / "games.csv"
    write_records(path, serial_records)
    with path.open(newline="") as source:
        rows = list(csv.DictReader(source))
    columns = list(rows[0])
    for column in ("seed", "winners", "rounds", "ended_by", "seat1_bot", "seat2_hero"):
        assert column in columns
    assert "seat1_tally_fights" in columns and "seat2_legendary_rewards" in columns
    assert any(column.startswith("round_") for column in columns)
    assert rows[0]["seat1_bot"] == "heuristic"
    assert rows[0]["winners"] == " ".join(str(s + 1) for s in serial_records[0].winners)


def test_a_bad_records_file_is_one_line_naming_the_place(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps({"index": 0}) + "\n")
    with pytest.raises(ConfigError, match=r"games.jsonl, line 1: .*lacks the field"):
        read_records(path)
    with pytest.raises(ConfigError, match=r"unknown format '\.txt'"):
        write_records(tmp_path / "games.txt", [])


def test_a_stop_ends_the_run_early() -> None:
    asked: Iterator[bool] = iter([False, False, True])
    played = run(REALM, 10, stop=lambda: next(asked, True))
    assert [r.index for r in played.records] == [0, 1, 2]


def test_rotated_seats_put_each_bot_in_every_seat() -> None:
    spec = RunSpec("realm-of-sand", 2, ("greedy", "random"), 1, rotate=True)
    assert [spec.seats_for(i) for i in range(3)] == [
        ("greedy", "random"),
        ("random", "greedy"),
        ("greedy", "random"),
    ]


def test_chunks_hold_enough_play_and_not_too_many_per_worker() -> None:
    quick = plan_chunks(range(1, 1001), 2, MIN_CHUNK_SECONDS / 10)
    assert all(len(chunk) >= 10 for chunk in quick[:-1])
    assert [i for chunk in quick for i in chunk] == list(range(1, 1001))
    slow = plan_chunks(range(1, 9), 2, 3.0)
    assert [len(chunk) for chunk in slow] == [1] * 8
    assert len(plan_chunks(range(100_000), 2, 3.0)) <= 2 * 16


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"jobs": 0}, "--jobs must be at least 1"),
        ({"backend": "mpi"}, "unknown backend 'mpi'"),
        ({"address": "auto"}, "give it with --backend ray"),
    ],
)
def test_bad_run_settings_are_one_line_errors(extra: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        run(REALM, 2, **extra)


def test_an_unreachable_cluster_is_refused_at_once() -> None:
    pytest.importorskip("ray")
    with pytest.raises(ConfigError, match="no Ray cluster answers there"):
        run(REALM, 3, jobs=2, backend="ray", address="127.0.0.1:9")


def test_without_ray_the_message_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if it were not installed
    with pytest.raises(ConfigError, match=r"pip install -e '\.\[ray\]'"):
        run(REALM, 3, jobs=2, backend="ray")


def test_without_pyarrow_the_message_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, serial_records: list[GameRecord]
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ConfigError, match=r"pip install -e '\.\[parquet\]'"):
        write_records(tmp_path / "games.parquet", serial_records)
