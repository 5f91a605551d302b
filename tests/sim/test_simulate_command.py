"""``boardwright simulate --jobs/--backend/--out/--plot`` through Typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from boardwright.cli.main import app
from boardwright.sim.output import read_records


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner(env={"COLUMNS": "120", "BOARDWRIGHT_DEBUG": None}).invoke(app, list(args))
    return result.exit_code, result.output


def test_records_and_charts_of_a_run_on_two_processes(tmp_path: Path) -> None:
    out, charts = tmp_path / "games.jsonl", tmp_path / "charts"
    code, text = invoke(
        "simulate", "realm-of-sand", "--games", "6", "--seed", "2", "--jobs", "2",
        "--out", str(out), "--plot", str(charts),
    )  # fmt: skip
    assert code == 0, text
    assert f"records: {out}" in text and f"charts: {charts}" in text
    records = read_records(out)
    assert [record.index for record in records] == list(range(6))
    assert all(record.tallies["tiles_placed"] for record in records)
    names = sorted(path.name for path in charts.iterdir())
    assert names == ["game_length.png", "score_distribution.png", "win_rate_by_bot.png"]
    code, serial = invoke("simulate", "realm-of-sand", "--games", "6", "--seed", "2", "--jobs",
                          "1", "--json")  # fmt: skip
    summary = json.loads(serial)
    assert summary["wins_by_seat"] == [
        sum(1 for record in records if seat in record.winners) for seat in range(2)
    ]


def test_a_bad_output_or_backend_is_refused_before_any_game(tmp_path: Path) -> None:
    code, text = invoke(
        "simulate", "realm-of-sand", "--games", "3", "--out", str(tmp_path / "x.xls")
    )
    assert code != 0 and "unknown format '.xls'" in text and "Traceback" not in text
    assert not (tmp_path / "x.xls").exists()
    code, text = invoke("simulate", "realm-of-sand", "--games", "3", "--backend", "mpi")
    assert code != 0 and "--backend mpi" in text and "Traceback" not in text
    code, text = invoke("simulate", "realm-of-sand", "--games", "3", "--jobs", "0")
    assert code != 0 and "--jobs must be at least 1" in text
