"""``boardwright rules`` reaches every rule of every rules file (issue 41, finding 5).

A game's reference files are found by their rule IDs' prefixes (``GameEntry.rule_prefixes``);
the checker below fails for any rule ID of docs/rules/*.md that the command does not print, so
a new rules file whose prefix no game declares is caught here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardwright.cli.errors import CliError
from boardwright.cli.main import app
from boardwright.cli.rule_files import RULES_DIR_VARIABLE
from boardwright.cli.rule_text import RULE_LINE, id_prefix, rule_ids
from boardwright.cli.rules import find_rule
from boardwright.games import GAMES

RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv(RULES_DIR_VARIABLE, str(RULES_DIR))
    return CliRunner(env={"COLUMNS": "120", "BOARDWRIGHT_DEBUG": None})


def owner(rule_id: str) -> list[str]:
    """The games declaring the rule ID's prefix."""
    return [name for name, entry in GAMES.items() if id_prefix(rule_id) in entry.rule_prefixes]


def unreachable_rules(folder: Path) -> list[str]:
    """``file: ID: why`` for each rule ID of ``folder/*.md`` that ``boardwright rules GAME ID``
    (GAME: the game declaring its prefix) does not print as that rule of that file."""
    problems = []
    for path in sorted(folder.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for rule_id in rule_ids(text):
            games = owner(rule_id)
            if len(games) != 1:
                problems.append(f"{path.name}: {rule_id}: its prefix is declared by {games}")
                continue
            try:
                section = find_rule(games[0], rule_id)
            except CliError as err:
                problems.append(f"{path.name}: {rule_id}: {err}")
                continue
            shown = RULE_LINE.match(section)
            if shown is None or shown["id"] != rule_id or section not in text:
                problems.append(f"{path.name}: {rule_id}: printed another text")
    return problems


def test_every_rule_id_of_every_rules_file_is_reachable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(RULES_DIR_VARIABLE, str(RULES_DIR))
    assert {"cult.md", "kelnov.md"} <= {p.name for p in RULES_DIR.glob("*.md")}
    problems = unreachable_rules(RULES_DIR)
    assert not problems, "rules the rules command cannot show:\n" + "\n".join(problems)


def test_the_checker_reports_a_file_whose_prefix_no_game_declares(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("kelnov.md", "runebound-base.md"):
        (tmp_path / name).write_text((RULES_DIR / name).read_text(encoding="utf-8"))
    (tmp_path / "new-expansion.md").write_text("# New\n\n**NX-1** — A rule.\n", encoding="utf-8")
    monkeypatch.setenv(RULES_DIR_VARIABLE, str(tmp_path))
    assert unreachable_rules(tmp_path) == ["new-expansion.md: NX-1: its prefix is declared by []"]


def test_rules_command_shows_kv_and_cr_rules(runner: CliRunner) -> None:
    """KV-5, CR-1, CR-17 and CR-26 through the command line: Kelnov's and the Cult's rules
    (kelnov.md, cult.md) are Runebound's, not 'no rule … in runebound-base.md'."""
    for rule_id, source in (
        ("KV-5", "kelnov.md"),
        ("CR-1", "cult.md"),
        ("CR-17", "cult.md"),
        ("CR-26", "cult.md"),
    ):
        result = runner.invoke(app, ["rules", "runebound", rule_id])
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith(f"**{rule_id}**"), result.stdout
        assert result.stdout.strip() in (RULES_DIR / source).read_text(encoding="utf-8")


def first_rule_of_each_prefix() -> list[str]:
    firsts: dict[str, str] = {}
    for path in sorted(RULES_DIR.glob("*.md")):
        for rule_id in rule_ids(path.read_text(encoding="utf-8")):
            firsts.setdefault(id_prefix(rule_id), rule_id)
    return sorted(firsts.values())


@pytest.mark.parametrize("rule_id", first_rule_of_each_prefix())
def test_rules_command_shows_a_rule_of_every_prefix(runner: CliRunner, rule_id: str) -> None:
    """Every prefix (RB, AR, AK, PK, KL, WW, SM, DD, PV, KV, CR; RS) through the command."""
    (game,) = owner(rule_id)
    result = runner.invoke(app, ["rules", game, rule_id])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"**{rule_id}**")


def test_rules_runebound_lists_kelnov_and_cult_and_their_ids(runner: CliRunner) -> None:
    listing = runner.invoke(app, ["rules"])
    assert "kelnov.md" in listing.stdout and "cult.md" in listing.stdout
    ids = runner.invoke(app, ["rules", "runebound", "--ids"]).stdout.split()
    assert {"RB-1.1", "KV-5", "CR-17"} <= set(ids)


def test_a_missing_kv_rule_names_kelnov_md(runner: CliRunner) -> None:
    result = runner.invoke(app, ["rules", "runebound", "KV-999"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: no rule 'KV-999' in kelnov.md; "
        "'boardwright rules runebound --ids' lists the rule IDs"
    )


def test_a_folder_named_like_a_rules_file_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every *.md file of the folder is read for its IDs; a folder called drafts.md is none."""
    (tmp_path / "drafts.md").mkdir()
    for name in ("kelnov.md", "runebound-base.md"):
        (tmp_path / name).write_text((RULES_DIR / name).read_text(encoding="utf-8"))
    monkeypatch.setenv(RULES_DIR_VARIABLE, str(tmp_path))
    assert find_rule("runebound", "KV-5").startswith("**KV-5**")
