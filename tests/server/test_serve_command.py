"""``boardwright serve``: a database it cannot open is a one-line error before any serving."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardwright.cli.main import app


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("nonsense", "is not a database URL"),
        ("mysql://someone@localhost/tables", "driver is not installed"),
        ("postgresql+psycopg://me:secret@127.0.0.1:1/none", "cannot open the database"),
    ],
)
def test_a_database_that_cannot_be_opened_is_one_line(url: str, words: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--db", url])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]
    assert "secret" not in result.output  # a password is never shown
    assert "Traceback" not in result.output


def test_the_default_database_lives_in_the_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from boardwright.cli.serve import default_database_url

    monkeypatch.setenv("BOARDWRIGHT_HOME", str(tmp_path / "home"))
    assert default_database_url() == f"sqlite:///{tmp_path / 'home' / 'boardwright.db'}"
    assert (tmp_path / "home").is_dir()
