"""The ``boardwright`` command line, driven through Typer's CliRunner."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from boardwright.cli import info
from boardwright.cli.main import app
from boardwright.cli.rule_files import rules_dir
from boardwright.cli.rule_text import RULE_LINE, rule_ids, rule_section
from boardwright.engine.session import load_save
from boardwright.games import GAMES, get_game

GAME = "realm-of-sand"
SOLO = ["play", GAME, "--players", "1", "--seats", "human", "--seed", "3"]
SUMMARY_FIELDS = {
    "game",
    "players",
    "games",
    "seed",
    "seats",
    "options",
    "wins_by_seat",
    "mean_score",
    "mean_decisions",
    "decisions_per_second",
    "elapsed_s",
    "errors",
    "error_messages",
    "mean_rounds",
}


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner(env={"COLUMNS": "120", "BOARDWRIGHT_DEBUG": None})


def invoke(runner: CliRunner, args: list[str], stdin: str | None = None) -> Result:
    return runner.invoke(app, args, input=stdin)


def assert_one_line_error(result: Result, code: int, *fragments: str) -> None:
    """Exit ``code``, one ``error:`` line on stderr naming every fragment, no traceback."""
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for fragment in fragments:
        assert fragment in lines[0]


def bot_game_save(runner: CliRunner, path: Path, seed: int = 5) -> Result:
    args = ["play", GAME, "--seats", "random,random", "--seed", str(seed), "--save", str(path)]
    return invoke(runner, args)


# --- errors ------------------------------------------------------------------------------------
def test_too_many_players_is_one_line_error(runner: CliRunner) -> None:
    result = invoke(runner, ["play", GAME, "--players", "5"])
    assert_one_line_error(result, 2, "1 to 4 players")


def test_unknown_bot_in_seats(runner: CliRunner) -> None:
    result = invoke(runner, ["play", GAME, "--seats", "human,clever"])
    assert_one_line_error(result, 2, "clever", "random")


def test_wrong_seat_count(runner: CliRunner) -> None:
    result = invoke(runner, ["play", GAME, "--players", "3", "--seats", "human,random"])
    assert_one_line_error(result, 2, "2 seat(s)", "3 player(s)")


def test_unknown_game_and_bad_option(runner: CliRunner) -> None:
    assert_one_line_error(invoke(runner, ["play", "chess"]), 2, "unknown game")
    result = invoke(runner, ["play", GAME, "--option", "max_level=0"])
    assert_one_line_error(result, 2, "max_level")
    assert_one_line_error(invoke(runner, ["play", GAME, "--option", "oops"]), 2, "name=value")


def test_usage_errors_are_one_line(runner: CliRunner) -> None:
    assert_one_line_error(invoke(runner, ["play", GAME, "--frobnicate"]), 2, "--frobnicate")
    assert_one_line_error(invoke(runner, ["play", GAME, "--players", "many"]), 2, "--players")
    assert_one_line_error(invoke(runner, ["dance"]), 2, "dance")


def test_corrupt_save_for_replay_and_load(runner: CliRunner, tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text('{"format": "boardwright-save", "version": ', encoding="utf-8")
    assert_one_line_error(invoke(runner, ["replay", str(corrupt)]), 2, "not valid JSON")
    result = invoke(runner, ["play", GAME, "--load", str(corrupt)])
    assert_one_line_error(result, 2, "not valid JSON")
    assert_one_line_error(
        invoke(runner, ["replay", str(tmp_path / "nope.json")]), 2, "does not exist"
    )


def test_save_with_unfitting_action(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    data = {
        "format": "boardwright-save",
        "version": 1,
        "game": GAME,
        "config": {"players": 2, "options": {}},
        "seed": 1,
        "actions": ["no-such-key"],
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    assert_one_line_error(invoke(runner, ["replay", str(path)]), 2, "action 1")


def test_internal_error_has_no_traceback(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> list[str]:
        raise RuntimeError("boom")

    monkeypatch.setattr(info, "game_names", broken)
    result = invoke(runner, ["games"])
    assert result.exit_code == 3
    assert "Traceback" not in result.output
    assert result.stderr.startswith("internal error: RuntimeError: boom")
    assert "bug" in result.stderr


def test_internal_error_names_the_seed(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    from boardwright.cli import play

    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("kaput")

    monkeypatch.setattr(play.PlaySession, "run", broken)
    result = invoke(runner, ["play", GAME, "--seats", "random,random", "--seed", "77"])
    assert result.exit_code == 3
    assert "seed=77" in result.stderr
    assert "Traceback" not in result.output


# --- play --------------------------------------------------------------------------------------
def test_scripted_solo_game_to_the_end(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "solo.json"
    script = "abc\n999\n\n1\nu\nh\nv\nl\n" + "1\n" * 400
    result = invoke(runner, [*SOLO, "--save", str(save)], script)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "seed 3" in result.output
    assert "'abc' is not a choice" in result.output
    assert "there is no option 999" in result.output
    assert "taken back" in result.output or "cannot undo" in result.output
    assert "Game over" in result.output
    assert "solo title" in result.output
    match = load_save(save, get_game)
    assert match.result is not None


def test_end_of_input_ends_cleanly(runner: CliRunner) -> None:
    result = invoke(runner, SOLO, "1\n2\n")
    assert result.exit_code == 0
    assert "input ended" in result.output
    assert "Traceback" not in result.output


def test_quit_offers_to_save(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "quit.json"
    result = invoke(runner, SOLO, f"1\nq\n{target}\n")
    assert result.exit_code == 0
    assert "Save the game?" in result.output
    assert len(load_save(target, get_game).actions) == 1


def test_save_command_during_play_and_load(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "mid.json"
    result = invoke(runner, SOLO, f"1\n1\ns\ns {target}\nq\n\n")
    assert result.exit_code == 0
    assert "save needs a file name" in result.output
    assert f"saved to {target}" in result.output
    resumed = invoke(runner, ["play", GAME, "--seats", "human", "--load", str(target)], "1\n")
    assert resumed.exit_code == 0, resumed.output
    assert "seed 3" in resumed.output
    clash = invoke(runner, ["play", GAME, "--load", str(target), "--seed", "9"])
    assert_one_line_error(clash, 2, "--load")


def test_random_seed_is_printed(runner: CliRunner) -> None:
    result = invoke(runner, ["play", GAME, "--players", "1"], "")
    assert result.exit_code == 0
    assert "seed " in result.output


def test_hot_seat_says_whose_turn(runner: CliRunner) -> None:
    args = ["play", GAME, "--seats", "human,human", "--seed", "2"]
    result = invoke(runner, args, "1\n" * 12)
    assert result.exit_code == 0
    assert "pass the keyboard" in result.output


def test_bot_game_save_and_replay(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    played = bot_game_save(runner, save)
    assert played.exit_code == 0, played.output
    assert "Result" in played.output
    replayed = invoke(runner, ["replay", str(save)])
    assert replayed.exit_code == 0, replayed.output
    assert "spectator" in replayed.output
    assert "Final state" in replayed.output
    assert "Result" in replayed.output
    as_seat = invoke(runner, ["replay", str(save), "--seat", "2"])
    assert as_seat.exit_code == 0
    assert "seen by Player 2" in as_seat.output
    assert_one_line_error(invoke(runner, ["replay", str(save), "--seat", "3"]), 2, "--seat")


def test_replay_step_waits_and_runs_on_at_end_of_input(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "solo.json"
    invoke(runner, [*SOLO, "--save", str(save)], "1\n" * 400)
    result = invoke(runner, ["replay", str(save), "--step"], "\n\n")
    assert result.exit_code == 0
    assert result.output.count("[Enter: next action]") == 3
    assert "Final state" in result.output


# --- simulate ----------------------------------------------------------------------------------
def test_simulate_json(runner: CliRunner) -> None:
    args = ["simulate", GAME, "--players", "2", "--games", "20", "--seed", "11", "--json"]
    result = invoke(runner, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert set(summary) >= SUMMARY_FIELDS
    assert summary["errors"] == 0
    assert summary["games"] == 20
    assert summary["seats"] == ["random", "random"]
    assert len(summary["wins_by_seat"]) == 2
    assert sum(summary["wins_by_seat"]) >= 20
    assert summary["mean_decisions"] > 0
    again = json.loads(invoke(runner, args).stdout)
    assert again["wins_by_seat"] == summary["wins_by_seat"]
    assert again["mean_score"] == summary["mean_score"]


def test_simulate_table(runner: CliRunner) -> None:
    result = invoke(runner, ["simulate", GAME, "--players", "3", "--games", "3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "win %" in result.output
    assert "shared first place" in result.output


def test_simulate_rejects_humans_and_bad_counts(runner: CliRunner) -> None:
    result = invoke(runner, ["simulate", GAME, "--seats", "human,random", "--games", "1"])
    assert_one_line_error(result, 2, "human")
    assert_one_line_error(invoke(runner, ["simulate", GAME, "--games", "0"]), 2, "--games")


# --- rules -------------------------------------------------------------------------------------
def real_rules_text() -> str:
    path = rules_dir() / f"{GAME}.md"
    if not path.is_file():
        pytest.skip(f"{path} is not written yet")
    return path.read_text(encoding="utf-8")


def test_rules_known_and_unknown_id(runner: CliRunner) -> None:
    ids = rule_ids(real_rules_text())
    assert ids, "the rules reference has no bold rule IDs"
    first = ids[0]
    result = invoke(runner, ["rules", GAME, first])
    assert result.exit_code == 0, result.output
    assert first in result.output
    unknown = invoke(runner, ["rules", GAME, "ZZ-99.99"])
    assert_one_line_error(unknown, 2, "ZZ-99.99", "--ids")


def test_rules_whole_file_ids_and_listing(runner: CliRunner) -> None:
    ids = rule_ids(real_rules_text())
    listed = invoke(runner, ["rules", GAME, "--ids"])
    assert listed.stdout.split() == ids
    assert invoke(runner, ["rules", GAME]).exit_code == 0
    overview = invoke(runner, ["rules"])
    assert overview.exit_code == 0
    assert GAME in overview.output


RULES_SAMPLE = """# Sample rules

## ZZ-1 Setup

**ZZ-1.1** — Shuffle the deck.
It has two lines.

**ZZ-1.2** — Deal five cards.

## ZZ-2 Play

- **ZZ-2.1** Take a card.
"""


def test_rule_sections_in_an_overridden_folder(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder of one's own: a file is the game's by its rule IDs' prefix, whatever its name
    (the game's prefix made ZZ here, so that no real rule ID is written in this test)."""
    monkeypatch.setitem(GAMES, GAME, replace(GAMES[GAME], rule_prefixes=("ZZ",)))
    (tmp_path / "house-rules.md").write_text(RULES_SAMPLE, encoding="utf-8")
    (tmp_path / "other.md").write_text("**XY-1.2** — Not this game's.\n", encoding="utf-8")
    monkeypatch.setenv("BOARDWRIGHT_RULES_DIR", str(tmp_path))
    assert rule_ids(RULES_SAMPLE) == ["ZZ-1.1", "ZZ-1.2", "ZZ-2.1"]
    first = rule_section(RULES_SAMPLE, "zz-1.1")
    assert first == "**ZZ-1.1** — Shuffle the deck.\nIt has two lines."
    section = rule_section(RULES_SAMPLE, "ZZ-1")
    assert section is not None and "ZZ-1.2" in section and "ZZ-2.1" not in section
    assert rule_section(RULES_SAMPLE, "ZZ-1.3") is None
    assert RULE_LINE.match("**ZZ-1.2** — x")
    result = invoke(runner, ["rules", GAME, "ZZ-1.2"])
    assert result.exit_code == 0
    assert "Deal five cards" in result.output
    assert "Shuffle" not in result.output
    whole = invoke(runner, ["rules", GAME])
    assert whole.stdout == RULES_SAMPLE.rstrip("\n") + "\n"
    missing = invoke(runner, ["rules", GAME, "ZZ-1.3"])
    assert_one_line_error(missing, 2, "no rule 'ZZ-1.3' in house-rules.md")
    assert_one_line_error(invoke(runner, ["rules", GAME, "XY-1.2"]), 2, "no rule 'XY-1.2'")


def test_rules_missing_file(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOARDWRIGHT_RULES_DIR", str(tmp_path))
    assert_one_line_error(invoke(runner, ["rules", GAME]), 2, "no rules reference")
    assert_one_line_error(invoke(runner, ["rules", "chess"]), 2, "unknown game")


# --- games and options -------------------------------------------------------------------------
def test_games_lists_player_counts(runner: CliRunner) -> None:
    result = invoke(runner, ["games"])
    assert result.exit_code == 0
    assert GAME in result.output
    game = get_game(GAME)
    assert f"{game.min_players}-{game.max_players}" in result.output


def test_options_lists_every_option(runner: CliRunner) -> None:
    result = invoke(runner, ["options", GAME])
    assert result.exit_code == 0
    for spec in get_game(GAME).option_set.specs:
        assert spec.name in result.output
    assert "reconstructed" in result.output
    # a pipe is 80 columns: one block per option, values whole (no word broken over cells)
    assert "board_side\n    default starter; one of starter, advanced; rule RS-1.6" in result.output
    assert_one_line_error(invoke(runner, ["options", "chess"]), 2, "unknown game")


def test_no_command_shows_help(runner: CliRunner) -> None:
    result = invoke(runner, [])
    assert result.exit_code == 0
    assert "simulate" in result.output
