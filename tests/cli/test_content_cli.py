"""``boardwright content schema`` and ``boardwright content validate``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from boardwright.cli.main import app
from boardwright.games.realm_of_sand.content import CONTENT_DIR


def test_schema_export_writes_one_schema_per_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["content", "schema", "realm-of-sand", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["boards.schema.json", "cards.schema.json", "tiles.schema.json"]
    cards = json.loads((tmp_path / "cards.schema.json").read_text())
    assert set(cards["required"]) >= {"id", "name", "level", "pattern", "stars", "hourglasses"}


def test_validate_shipped_content_is_clean() -> None:
    result = CliRunner().invoke(app, ["content", "validate", "realm-of-sand", str(CONTENT_DIR)])
    assert result.exit_code == 0 and "all content files are valid" in result.output


def test_validate_lists_every_problem_with_file_record_and_field(tmp_path: Path) -> None:
    for source in CONTENT_DIR.glob("*.yaml"):
        shutil.copy(source, tmp_path / source.name)
    cards = tmp_path / "cards.yaml"
    text = cards.read_text().replace('pattern: ["G.", "KG"]', 'pattern: ["G.", "XG"]', 1)
    cards.write_text(text.replace("stars: 2", "stars: -2", 1))
    result = CliRunner().invoke(app, ["content", "validate", "realm-of-sand", str(tmp_path)])
    assert result.exit_code == 2
    assert (
        f"{cards}: cards[0] (id 'I-01').pattern: Value error, pattern rows may hold"
        in result.output
    )
    assert f"{cards}: cards[0] (id 'I-01').stars: Input should be greater than" in result.output
    assert "Traceback" not in result.output


def test_validate_checks_component_counts(tmp_path: Path) -> None:
    for source in CONTENT_DIR.glob("*.yaml"):
        shutil.copy(source, tmp_path / source.name)
    tiles = tmp_path / "tiles.yaml"
    tiles.write_text(tiles.read_text().split('  - id: "T28"')[0])
    result = CliRunner().invoke(app, ["content", "validate", "realm-of-sand", str(tmp_path)])
    assert result.exit_code == 2 and "needs 28 rune tiles, found 27" in result.output


def test_rules_for_runebound_reads_its_reference_files() -> None:
    result = CliRunner().invoke(app, ["rules", "runebound", "RB-5.4"])
    assert result.exit_code == 0, result.output
    assert "attacks in exactly one step" in " ".join(result.output.split())
