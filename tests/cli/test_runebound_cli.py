"""Runebound at the command line: simulate flags, play to the end, content packs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, cast

import pytest
from typer.testing import CliRunner, Result

from boardwright.bots import Bot, RandomBot, factories, seat_bots
from boardwright.bots.factories import runebound_heuristic
from boardwright.bots.runebound.bot import RuneboundBot
from boardwright.cli.main import app
from boardwright.engine.game import Game
from boardwright.engine.session import load_save
from boardwright.games import GameEntry, get_game
from boardwright.games.realm_of_sand.content import CONTENT_DIR as REALM_CONTENT
from boardwright.games.runebound.content import CONTENT_DIR as RUNEBOUND_CONTENT
from boardwright.sim.runner import derive_seed, play_one, simulate

SIMULATE = ["simulate", "runebound", "--adventure", "dragonlords", "--players", "3"]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner(env={"COLUMNS": "120", "BOARDWRIGHT_DEBUG": None})


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh $BOARDWRIGHT_HOME for content packs."""
    folder = tmp_path / "home"
    monkeypatch.setenv("BOARDWRIGHT_HOME", str(folder))
    return folder


def invoke(runner: CliRunner, args: list[str], stdin: str | None = None) -> Result:
    return runner.invoke(app, args, input=stdin)


def assert_one_line_error(result: Result, *fragments: str) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for fragment in fragments:
        assert fragment in lines[0]
    return lines[0]


def copy_content(source: Path, target: Path) -> Path:
    target.mkdir(parents=True)
    for file in source.glob("*.yaml"):
        shutil.copy(file, target / file.name)
    return target


# --- simulate ------------------------------------------------------------------------------------
def test_simulate_runebound_json_has_heroes_rounds_and_endings(runner: CliRunner) -> None:
    result = invoke(runner, [*SIMULATE, "--games", "3", "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["errors"] == 0, summary["error_messages"]
    assert summary["options"]["adventure"] == "dragonlords"
    assert summary["mean_rounds"] > 0
    heroes = {hero.name for hero in get_game("runebound").content.heroes}  # type: ignore[attr-defined]
    assert set(summary["wins_by_hero"]) <= heroes
    assert sum(summary["games_by_hero"].values()) == 3 * 3
    assert sum(summary["wins_by_hero"].values()) == sum(summary["wins_by_seat"])
    assert sum(summary["ended_by"].values()) == 3
    assert set(summary["ended_by"]) <= {"victory", "round cap"}


def test_simulate_runebound_table_and_rules_base(runner: CliRunner) -> None:
    args = [*SIMULATE, "--games", "2", "--seed", "1", "--rules", "base"]
    result = invoke(runner, args)
    assert result.exit_code == 0, result.output
    assert "Heroes" in result.stdout and "win %" in result.stdout
    assert "mean rounds" in result.stdout
    assert "ended by:" in result.stdout


def test_simulate_json_lists_the_options_of_the_configured_adventure_only(
    runner: CliRunner,
) -> None:
    short = ["--games", "1", "--seed", "2", "--option", "max_rounds=2", "--json"]
    base = json.loads(invoke(runner, [*SIMULATE, *short]).stdout)
    assert not [name for name in base["options"] if name.startswith("al_kalim.")]
    assert "max_rounds" in base["options"] and "advanced.endgame" in base["options"]
    assert list(base["means_by_seat"]) == ["dragon_runes", "experience_counters"]
    args = ["simulate", "runebound", "--adventure", "al-kalim", "--players", "2", *short]
    al_kalim = json.loads(invoke(runner, args).stdout)
    assert al_kalim["options"]["al_kalim.hero_pool"] == "both"
    assert set(al_kalim["options"]) - set(base["options"]) == {
        name for name in get_game("runebound").option_set.by_name if name.startswith("al_kalim.")
    }
    assert {"legendary_rewards", "survival_gear"} <= set(al_kalim["means_by_seat"])
    assert set(al_kalim["means_by_hero"]) == set(al_kalim["means_by_seat"])


def test_simulate_averages_the_adventures_figures_per_seat_and_hero() -> None:
    """The summary's means are those of the games played one by one with the same seeds."""
    game = get_game("runebound")
    seats = ["heuristic", "heuristic"]
    summary = simulate(game, 2, 2, seed=6, seats=seats)
    config = game.config(2, {})
    results = []
    for index in range(2):
        seed = derive_seed(6, "game", index)
        bots = cast(list[Bot], seat_bots(seats, game, 2, seed, allow_human=False))
        results.append(play_one(game, config, seed, bots)[1])
    runes = [result.details["dragon_runes"] for result in results]
    assert any(map(any, runes)), "the seeded games end with Dragon Runes held"
    per_seat = [(a + b) / 2 for a, b in zip(*runes, strict=True)]
    assert summary.means_by_seat["dragon_runes"] == per_seat
    by_hero: dict[str, list[int]] = {}
    for result, held in zip(results, runes, strict=True):
        for hero, count in zip(result.details["heroes"], held, strict=True):
            by_hero.setdefault(hero, []).append(count)
    means = {hero: sum(counts) / len(counts) for hero, counts in by_hero.items()}
    assert summary.means_by_hero["dragon_runes"] == means
    assert set(summary.means_by_seat) == {"dragon_runes", "experience_counters"}
    assert summary.wins_by_hero is not None
    assert list(summary.means_by_hero["dragon_runes"]) == list(summary.wins_by_hero)
    text = CliRunner(env={"COLUMNS": "160"}).invoke(
        app, ["simulate", "runebound", "--seats", ",".join(seats), "--games", "2", "--seed", "6"]
    )
    assert text.stdout.count("mean dragon runes") == 2  # the seat table and the hero table


def test_realm_of_sand_summary_keeps_its_fields(runner: CliRunner) -> None:
    result = invoke(runner, ["simulate", "realm-of-sand", "--games", "2", "--seed", "1", "--json"])
    summary = json.loads(result.stdout)
    for key in ("wins_by_hero", "games_by_hero", "means_by_hero", "ended_by", "content"):
        assert key not in summary


def test_bad_adventure_and_rules_are_one_line_errors(runner: CliRunner) -> None:
    result = invoke(runner, [*SIMULATE, "--adventure", "shadow", "--games", "1"])
    assert_one_line_error(result, "--adventure 'shadow'", "dragonlords")
    result = invoke(runner, ["simulate", "realm-of-sand", "--adventure", "dragonlords"])
    assert_one_line_error(result, "realm-of-sand has no adventures")
    result = invoke(runner, [*SIMULATE, "--rules", "expert", "--games", "1"])
    assert_one_line_error(result, "--rules 'expert'", "allowed: base, advanced")
    result = invoke(runner, [*SIMULATE, "--option", "adventure=other", "--games", "1"])
    assert_one_line_error(result, "disagree")


def test_bots_are_the_games_own(runner: CliRunner) -> None:
    args = ["simulate", "runebound", "--seats", "heuristic,random", "--games", "1", "--json"]
    result = invoke(runner, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["seats"] == ["heuristic", "random"]
    result = invoke(runner, ["simulate", "runebound", "--seats", "heuristic,clever"])
    assert_one_line_error(result, "seat 2", "clever", "heuristic, mcts, random")


def test_a_game_without_the_bot_refuses_it(runner: CliRunner) -> None:
    """Realm of Sand offers no heuristic bot: a one-line error listing its bots, not random."""
    result = invoke(runner, ["simulate", "realm-of-sand", "--seats", "heuristic,random"])
    assert_one_line_error(result, "seat 1", "unknown bot 'heuristic' for realm-of-sand", "random")
    result = invoke(runner, ["play", "realm-of-sand", "--seats", "human,heuristic"])
    assert_one_line_error(result, "seat 2", "its bots: greedy, mcts, random", "(or 'human')")


def test_a_bot_factory_error_of_another_kind_is_still_one_line(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    def make_bot(self: GameEntry, kind: str, seed: int, game: object) -> RandomBot:
        raise KeyError(kind)

    monkeypatch.setattr(GameEntry, "make_bot", make_bot)
    result = invoke(runner, ["simulate", "runebound", "--seats", "odd,random"])
    assert_one_line_error(result, "seat 1", "unknown bot 'odd'")


def test_simulate_runner_counts_heroes() -> None:
    summary = simulate("runebound", 2, 2, seed=8, options={"max_rounds": "5"})
    assert summary.errors == 0
    assert summary.mean_rounds == 5
    assert summary.ended_by == {"round cap": 2}
    assert summary.wins_by_hero is not None and summary.games_by_hero is not None
    assert sum(summary.games_by_hero.values()) == 4
    wins = list(summary.wins_by_hero.values())
    assert wins == sorted(wins, reverse=True)


# --- play ----------------------------------------------------------------------------------------
def test_bot_game_of_runebound_runs_to_the_end(runner: CliRunner) -> None:
    result = invoke(runner, ["play", "runebound", "--seats", "random,random", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.stdout
    assert "Markets (cost in gold)" in result.stdout
    assert "Winner" in result.stdout or "Tied" in result.stdout


def test_human_sees_the_runebound_table(runner: CliRunner) -> None:
    args = ["play", "runebound", "--seats", "human,random", "--seed", "2"]
    result = invoke(runner, args, stdin="1\nq\n\n")
    assert result.exit_code == 0, result.output
    assert "Runebound · round 1" in result.stdout
    assert "(you)" in result.stdout


# --- content packs -------------------------------------------------------------------------------
def test_import_realm_of_sand_content_and_simulate_with_it(runner: CliRunner, home: Path) -> None:
    result = invoke(
        runner, ["content", "import", "realm-of-sand", str(REALM_CONTENT), "--name", "mine"]
    )
    assert result.exit_code == 0, result.output
    pack = home / "content" / "realm-of-sand" / "mine"
    assert sorted(p.name for p in pack.glob("*.yaml")) == [
        "boards.yaml",
        "cards.yaml",
        "tiles.yaml",
    ]
    listing = invoke(runner, ["content", "list", "realm-of-sand"])
    assert listing.exit_code == 0 and "mine" in listing.stdout
    args = ["simulate", "realm-of-sand", "--content", "mine", "--games", "2", "--seed", "1"]
    result = invoke(runner, [*args, "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["errors"] == 0 and summary["content"] == "mine"
    plain = json.loads(
        invoke(
            runner, ["simulate", "realm-of-sand", "--games", "2", "--seed", "1", "--json"]
        ).stdout
    )
    assert summary["wins_by_seat"] == plain["wins_by_seat"]  # the same cards, the same games


def test_import_of_a_broken_copy_lists_errors_and_copies_nothing(
    runner: CliRunner, home: Path, tmp_path: Path
) -> None:
    folder = copy_content(RUNEBOUND_CONTENT, tmp_path / "broken")
    market = folder / "market.yaml"
    market.write_text(market.read_text().replace("cost: 2\n", "cost: 0\n", 1))
    heroes = folder / "heroes.yaml"
    heroes.write_text(heroes.read_text().replace("life: 5", "life: many", 1))
    result = invoke(runner, ["content", "import", "runebound", str(folder)])
    assert result.exit_code == 2
    assert f"{market}: market[0] (id 'm-01').cost: Input should be greater" in result.stdout
    assert f"{heroes}: heroes[" in result.stdout and ".life: Input should be" in result.stdout
    assert "nothing was imported" in result.stderr
    assert not (home / "content" / "runebound").exists() or not any(
        (home / "content" / "runebound").iterdir()
    )
    listing = invoke(runner, ["content", "list", "runebound"])
    assert "no runebound content packs" in listing.stdout


def test_import_refuses_to_overwrite_and_bad_names(
    runner: CliRunner, home: Path, tmp_path: Path
) -> None:
    folder = copy_content(REALM_CONTENT, tmp_path / "pack")
    assert invoke(runner, ["content", "import", "realm-of-sand", str(folder)]).exit_code == 0
    again = invoke(runner, ["content", "import", "realm-of-sand", str(folder)])
    assert_one_line_error(again, "exists already", "--replace")
    replaced = invoke(runner, ["content", "import", "realm-of-sand", str(folder), "--replace"])
    assert replaced.exit_code == 0, replaced.output
    bad = invoke(runner, ["content", "import", "realm-of-sand", str(folder), "--name", "../up"])
    assert_one_line_error(bad, "not a usable content pack name")
    missing = invoke(runner, ["content", "import", "realm-of-sand", str(tmp_path / "nowhere")])
    assert_one_line_error(missing, "is not a folder")


def test_unknown_pack_is_one_line_error(runner: CliRunner, home: Path) -> None:
    result = invoke(runner, ["simulate", "runebound", "--content", "nope", "--games", "1"])
    assert_one_line_error(result, "no runebound content pack 'nope'", "content import")


def test_saves_made_with_a_pack_name_it_for_replay_and_load(
    runner: CliRunner, home: Path, tmp_path: Path
) -> None:
    folder = copy_content(RUNEBOUND_CONTENT, tmp_path / "owners")
    heroes = folder / "heroes.yaml"
    heroes.write_text(heroes.read_text().replace("Dorrin Ashblade", "Dorrin the Renamed"))
    assert invoke(runner, ["content", "import", "runebound", str(folder)]).exit_code == 0
    save = tmp_path / "game.json"
    args = ["play", "runebound", "--content", "owners", "--seats", "random,random", "--seed", "3"]
    result = invoke(runner, [*args, "--option", "max_rounds=2", "--save", str(save)])
    assert result.exit_code == 0, result.output
    assert "content pack: owners" in result.stdout
    data = json.loads(save.read_text())
    assert data["content"] == "owners"
    load_save(data, get_game)  # the engine reads it (it passes over the extra key)
    replay = invoke(runner, ["replay", str(save)])
    assert replay.exit_code == 0, replay.output
    assert "content pack owners" in " ".join(replay.stdout.split())
    loaded = invoke(runner, ["play", "runebound", "--load", str(save), "--seats", "random,random"])
    assert loaded.exit_code == 0, loaded.output
    refused = invoke(runner, ["play", "runebound", "--load", str(save), "--content", "owners"])
    assert_one_line_error(refused, "drop --content")
    data["content"] = "elsewhere"
    save.write_text(json.dumps(data))
    assert_one_line_error(invoke(runner, ["replay", str(save)]), "no runebound content pack")


def test_pack_names_show_in_the_render(runner: CliRunner, home: Path, tmp_path: Path) -> None:
    folder = copy_content(RUNEBOUND_CONTENT, tmp_path / "renamed")
    heroes = folder / "heroes.yaml"
    text = heroes.read_text()
    for hero in get_game("runebound").content.heroes:  # type: ignore[attr-defined]
        text = text.replace(f"name: {hero.name}\n", f"name: Sir {hero.name}\n")
    heroes.write_text(text)
    assert invoke(runner, ["content", "import", "runebound", str(folder)]).exit_code == 0
    args = ["play", "runebound", "--content", "renamed", "--seats", "human,random", "--seed", "2"]
    result = invoke(runner, args, stdin="q\n\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Sir ") >= 2


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "runebound", "--seats", "heuristic,heuristic", "--games", "1"],
        ["play", "runebound", "--seats", "heuristic,heuristic", "--seed", "4"],
    ],
    ids=["simulate", "play"],
)
def test_the_heuristic_bot_plays_with_the_packs_cards(
    runner: CliRunner,
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    command: list[str],
) -> None:
    """With --content, the bots know the pack's cards (a hero's life, a market card's cost),
    not the built-in ones."""
    folder = copy_content(RUNEBOUND_CONTENT, tmp_path / "stats")
    heroes = folder / "heroes.yaml"
    shipped = get_game("runebound").content  # type: ignore[attr-defined]
    shipped_life = shipped.heroes[0].life  # h-ysolde, first
    life_line = f"life: {shipped_life}\n"
    heroes.write_text(heroes.read_text().replace(life_line, "life: 9\n", 1))
    market = folder / "market.yaml"
    market.write_text(market.read_text().replace("cost: 2\n", "cost: 7\n", 1))  # m-01, first
    assert invoke(runner, ["content", "import", "runebound", str(folder)]).exit_code == 0
    built = get_game("runebound").content  # type: ignore[attr-defined]
    assert (built.heroes[0].id, built.heroes[0].life) == ("h-ysolde", shipped_life)
    assert (built.market[0].id, built.market[0].cost) == ("m-01", 2)
    made: list[RuneboundBot] = []

    def recording(seed: int, game: Game[Any]) -> Bot:
        bot = runebound_heuristic(seed, game)
        assert isinstance(bot, RuneboundBot)
        made.append(bot)
        return bot

    monkeypatch.setattr(factories, "runebound_heuristic", recording)
    result = invoke(runner, [*command, "--content", "stats", "--option", "max_rounds=1"])
    assert result.exit_code == 0, result.output
    assert made
    for bot in made:
        assert bot.kb.heroes["h-ysolde"].life == 9
        assert bot.kb.market["m-01"].cost == 7


def test_simulate_reports_how_kelnov_and_cult_games_end_and_the_vp_distribution(
    runner: CliRunner,
) -> None:
    """Issue 20: ``simulate --adventure kelnov`` says which victory condition was met (KV-9);
    ``--adventure cult`` the VP distribution and how each game ended (CR-24, CR-27)."""
    seats = ["--players", "4", "--seats", "heuristic,heuristic,heuristic,heuristic"]
    kelnov = json.loads(
        invoke(
            runner,
            ["simulate", "runebound", "--adventure", "kelnov", *seats, "--games", "3", "--json"],
        ).stdout
    )
    assert kelnov["errors"] == 0 and sum(kelnov["ended_by"].values()) == 3
    assert set(kelnov["ended_by"]) <= {"Kelnov", "avatars", "round cap"}
    assert list(kelnov["means_by_seat"]) == ["avatars", "experience_counters"]
    cult = json.loads(
        invoke(
            runner,
            [
                "simulate",
                "runebound",
                "--adventure",
                "cult",
                *seats,
                "--games",
                "2",
                "--option",
                "cult.pile_goal=6",
                "--json",
            ],
        ).stdout
    )
    assert cult["errors"] == 0 and sum(cult["ended_by"].values()) == 2
    vp = cult["distributions"]["vp"]
    assert sum(vp.values()) == 2 * 4  # every seat of every game
    assert {"vp", "card_vp", "cultists", "corruption", "eliminated"} <= set(cult["means_by_seat"])
