"""Issue 18's first-user defects (items 12 to 19), each named by the command it fixes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from boardwright.cli.main import app
from boardwright.cli.play import PlaySession
from boardwright.cli.rule_files import rules_files
from boardwright.engine.session import Match
from boardwright.engine.table import Table
from boardwright.games import GAMES, get_game
from boardwright.games.realm_of_sand.content import CONTENT_DIR
from boardwright.games.realm_of_sand.render import seat_heading

from .test_cli import assert_one_line_error
from .test_play_session import quiet_console, scripted

GAME = "realm-of-sand"


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("BOARDWRIGHT_HOME", str(tmp_path / "home"))
    return CliRunner(env={"COLUMNS": "120", "BOARDWRIGHT_DEBUG": None})


def invoke(runner: CliRunner, args: Sequence[object], stdin: str | None = None) -> Result:
    return runner.invoke(app, [str(a) for a in args], input=stdin)


# --- 12: saves keep their seats ------------------------------------------------------------------
def test_play_load_keeps_the_saved_seats(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", GAME, "--seats", "random,human", "--seed", "4", "--save", save]
    assert invoke(runner, args, stdin="q\n").exit_code == 0
    assert json.loads(save.read_text())["seats"] == ["random", "human"]
    loaded = invoke(runner, ["play", GAME, "--load", save], stdin="q\n")
    assert loaded.exit_code == 0, loaded.output
    assert "Player 1 random, Player 2 human" in loaded.output


def test_play_load_seats_override_the_saved_ones(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", GAME, "--seats", "human,random", "--seed", "4", "--save", save]
    assert invoke(runner, args, stdin="q\n").exit_code == 0
    loaded = invoke(runner, ["play", GAME, "--load", save, "--seats", "random,random"])
    assert loaded.exit_code == 0, loaded.output
    assert "Player 1 random, Player 2 random" in loaded.output and "Game over" in loaded.output


def test_play_load_reads_an_older_save_without_seats(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", GAME, "--seats", "random,human", "--seed", "4", "--save", save]
    assert invoke(runner, args, stdin="q\n").exit_code == 0
    data = json.loads(save.read_text())
    del data["seats"]
    assert data["version"] == 1
    save.write_text(json.dumps(data))
    loaded = invoke(runner, ["play", GAME, "--load", save], stdin="q\n")
    assert loaded.exit_code == 0, loaded.output
    assert "Player 1 human, Player 2 random" in loaded.output  # the default seats


# --- 13: saves pin their content pack ------------------------------------------------------------
def import_pack(runner: CliRunner, folder: Path, *extra: str) -> None:
    result = invoke(runner, ["content", "import", GAME, folder, "--name", "mine", *extra])
    assert result.exit_code == 0, result.output


def test_replay_refuses_a_changed_content_pack(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    shutil.copytree(CONTENT_DIR, folder)
    import_pack(runner, folder)
    save = tmp_path / "game.json"
    args = ["play", GAME, "--content", "mine", "--seats", "random,random", "--seed", "5"]
    assert invoke(runner, [*args, "--save", save]).exit_code == 0
    assert json.loads(save.read_text())["content"] == "mine"
    assert invoke(runner, ["replay", save]).exit_code == 0
    cards = folder / "cards.yaml"
    cards.write_text(cards.read_text() + "# changed\n")
    import_pack(runner, folder, "--replace")
    for command in (["replay", save], ["play", GAME, "--load", save]):
        refused = invoke(runner, command)
        assert_one_line_error(refused, 2, "content pack 'mine'", "cards.yaml changed", "--force")
    forced = invoke(runner, ["replay", save, "--force"])
    assert forced.exit_code == 0, forced.output
    assert "warning:" in forced.stderr and "cards.yaml changed" in forced.stderr


# --- 14 and 15: the rules reference ---------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_piped_prints_the_reference_whole(runner: CliRunner, game: str) -> None:
    reference = "\n\n".join(p.read_text(encoding="utf-8") for p in rules_files(game))
    result = invoke(runner, ["rules", game])
    assert result.exit_code == 0
    assert result.stdout == reference.rstrip("\n") + "\n"


def test_rules_lists_each_game_with_its_files(runner: CliRunner) -> None:
    result = invoke(runner, ["rules"])
    assert result.exit_code == 0
    assert "none yet" not in result.output
    assert "runebound-base.md" in result.output and "realm-of-sand.md" in result.output


# --- 16: hostile save and content files ----------------------------------------------------------
def test_replay_refuses_deeply_nested_json(runner: CliRunner, tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    assert_one_line_error(invoke(runner, ["replay", deep]), 2, "nested too deeply")


def test_replay_refuses_a_huge_file(runner: CliRunner, tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(64 * 1024 * 1024)  # sparse: no disk used
    assert_one_line_error(invoke(runner, ["replay", huge]), 2, "larger than 16 MiB")


def test_play_load_refuses_dev_zero_and_a_fifo(runner: CliRunner, tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    for path in (Path("/dev/zero"), fifo, link):
        result = invoke(runner, ["play", GAME, "--load", path])
        assert_one_line_error(result, 2, str(path), "not a regular file")


def test_content_validate_refuses_a_file_linked_to_dev_zero(
    runner: CliRunner, tmp_path: Path
) -> None:
    for source in CONTENT_DIR.glob("*.yaml"):
        shutil.copy(source, tmp_path / source.name)
    (tmp_path / "cards.yaml").unlink()
    (tmp_path / "cards.yaml").symlink_to("/dev/zero")
    result = invoke(runner, ["content", "validate", GAME, tmp_path])
    assert result.exit_code == 2
    assert "cards.yaml: not a regular file" in result.stdout
    assert "Traceback" not in result.output


# --- 17 and 18: content validate and content schema -----------------------------------------------
def test_content_validate_reports_an_unknown_top_level_key(
    runner: CliRunner, tmp_path: Path
) -> None:
    for source in CONTENT_DIR.glob("*.yaml"):
        shutil.copy(source, tmp_path / source.name)
    cards = tmp_path / "cards.yaml"
    cards.write_text(cards.read_text() + "crads: []\n")
    result = invoke(runner, ["content", "validate", GAME, tmp_path])
    assert result.exit_code == 2
    assert f"{cards}: crads: unknown top-level key; this file holds 'cards'" in result.stdout


def test_content_schema_out_on_a_file_is_one_line_error(runner: CliRunner, tmp_path: Path) -> None:
    taken = tmp_path / "schemas"
    taken.write_text("mine\n")
    result = invoke(runner, ["content", "schema", GAME, "--out", taken])
    assert_one_line_error(result, 2, f"--out {taken} is a file")
    assert taken.read_text() == "mine\n"


# --- 19: the smaller ones ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("command", "flag"),
    [(["simulate"], "--json"), (["replay"], "--step"), (["rules"], "--ids")],
)
def test_help_shows_switches_without_a_value(
    runner: CliRunner, command: list[str], flag: str
) -> None:
    text = invoke(runner, [*command, "--help"]).stdout
    line = next(line for line in text.splitlines() if flag in line)
    assert "<bool>" not in line


def test_simulate_seat_count_hint_suggests_no_human(runner: CliRunner) -> None:
    result = invoke(runner, ["simulate", GAME, "--players", "3", "--seats", "random"])
    assert_one_line_error(result, 2, "--seats random,random,random")
    assert "human" not in result.stderr


def test_play_board_names_the_start_player_not_a_rank() -> None:
    view = {"first_player": 1, "finished": True, "turn": 0}
    heading = seat_heading({"seat": 1}, view).plain
    assert "1st" not in heading and "start player" in heading


def play_session(tmp_path: Path, lines: list[str]) -> tuple[PlaySession, list[str], str]:
    game = get_game(GAME)
    match = Match(game, game.config(1, {}), 3)
    prompts, ask = scripted(lines)
    console = quiet_console()
    session = PlaySession(Table(match, [None]), console, ask)
    session.run()
    return session, prompts, console.file.getvalue()  # type: ignore[attr-defined]


def test_play_save_command_keeps_an_existing_file(tmp_path: Path) -> None:
    kept = tmp_path / "kept.json"
    kept.write_text("mine\n")
    _, _, text = play_session(tmp_path, [f"s {kept}"])
    assert kept.read_text() == "mine\n"
    assert f"s{kept}!tooverwrite" in "".join(text.split())
    play_session(tmp_path, [f"s {kept}!"])
    assert json.loads(kept.read_text())["game"] == GAME


def test_play_ctrl_c_at_a_prompt_offers_to_save(tmp_path: Path) -> None:
    game = get_game(GAME)
    match = Match(game, game.config(1, {}), 3)
    target = tmp_path / "saved.json"
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) == 1:
            raise KeyboardInterrupt
        return str(target)

    session = PlaySession(Table(match, [None]), quiet_console(), ask)
    assert session.run() == 130
    assert prompts[1].startswith("Save the game?")
    assert json.loads(target.read_text())["game"] == GAME


def test_replay_version_as_a_string_says_it_must_be_a_number(
    runner: CliRunner, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    save.write_text(json.dumps({"format": "boardwright-save", "version": "1"}))
    assert_one_line_error(
        invoke(runner, ["replay", save]), 2, '"version" must be a whole number', "'1'"
    )


# --- 15: the rules reference ships with the package ----------------------------------------------
def test_rules_from_an_installed_copy_reads_the_shipped_reference(tmp_path: Path) -> None:
    """Build the package as pip would (setuptools' build_py, which setup.py extends), away from
    the checkout's docs, and ask the built copy for a rule."""
    root = Path(__file__).resolve().parents[2]
    project = tmp_path / "project"
    project.mkdir()
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy(root / name, project / name)
    shutil.copytree(root / "src", project / "src", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(root / "docs" / "rules", project / "docs" / "rules")
    site = tmp_path / "site"
    build = [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(site)]
    subprocess.run(build, cwd=project, check=True, capture_output=True)
    shipped = sorted(p.name for p in (site / "boardwright" / "reference").glob("*.md"))
    assert shipped == sorted(p.name for p in (root / "docs" / "rules").glob("*.md"))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "BOARDWRIGHT_RULES_DIR")}
    command = "from boardwright.cli.main import run; run()"
    shown = subprocess.run(
        [sys.executable, "-c", command, "rules", GAME, "RS-2.5"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("**RS-2.5** — After placing, the tile goes to the end")
    # Kelnov's rules ship too and are Runebound's (issue 41: KV-5 was 'no rule').
    kelnov = subprocess.run(
        [sys.executable, "-c", command, "rules", "runebound", "KV-5"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert kelnov.returncode == 0, kelnov.stderr
    assert kelnov.stdout.startswith("**KV-5**")
