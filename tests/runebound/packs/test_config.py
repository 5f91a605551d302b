"""Choosing packs: the options, their refusals, saving, the view and the terminal
(docs/rules/packs.md PK-2 to PK-7; the adventure-card packs in Al-Kalim: test_al_kalim.py)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

from boardwright.cli.main import app
from boardwright.cli.saves import save_data
from boardwright.engine.errors import ConfigError
from boardwright.engine.session import Match, load_save
from boardwright.games.runebound.content import CONTENT_DIR, load_content
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.render import render_view
from tests.runebound.kit import GAME
from tests.runebound.packs.kit import ALL_PACKS, FIXTURES, pack_game


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner(env={"COLUMNS": "120", "BOARDWRIGHT_DEBUG": None})


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("BOARDWRIGHT_HOME", str(folder))
    return folder


def one_line_error(result: Result, *fragments: str) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0]
    return lines[0]


# PK-3
def test_PK_3_options_lists_the_pack_options(runner: CliRunner) -> None:
    result = runner.invoke(app, ["options", "runebound"])
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    for name in ("packs", "packs.market_mode", "packs.adventure_mode"):
        assert name in result.output
    assert "kellos, walkers, margath, drakes" in text


# PK-3
def test_PK_3_a_pack_not_installed_is_refused_with_how_to_import_it(
    runner: CliRunner, home: Path, tmp_path: Path
) -> None:
    """Content without a pack's cards (here: a copy of the base files, imported) refuses it."""
    bare = Runebound(load_content(CONTENT_DIR, packs=tmp_path / "no-packs"))
    with pytest.raises(ConfigError, match=r"card pack 'kellos' \(Champions of Kellos\) is not"):
        bare.config(2, {"packs": "kellos"})
    plain = tmp_path / "plain"
    shutil.copytree(CONTENT_DIR, plain)
    imported = runner.invoke(app, ["content", "import", "runebound", str(plain), "--name", "plain"])
    assert imported.exit_code == 0, imported.output
    for command in (["simulate", "runebound", "--games", "1"], ["play", "runebound"]):
        result = runner.invoke(app, [*command, "--content", "plain", "--packs", "kellos"])
        one_line_error(result, "'kellos'", "content import runebound")
    result = runner.invoke(
        app, ["simulate", "runebound", "--content", "plain", "--option", "packs=kellos"]
    )
    one_line_error(result, "not installed")


# PK-4, PK-5
def test_PK_4_PK_5_focus_needs_a_pack_of_its_family() -> None:
    game = pack_game()
    with pytest.raises(ConfigError, match=r"packs\.market_mode=focus needs a market pack"):
        game.config(2, {"packs": ["margath"], "packs.market_mode": "focus"})
    with pytest.raises(
        ConfigError, match=r"packs\.adventure_mode=focus needs an adventure-card pack"
    ):
        game.config(2, {"packs": ["kellos"], "packs.adventure_mode": "focus"})
    game.config(2, {"packs": ALL_PACKS, "packs.market_mode": "focus"})


# PK-3
def test_PK_3_the_packs_flag_and_the_option_must_agree(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["simulate", "runebound", "--packs", "kellos", "--option", "packs=walkers"]
    )
    one_line_error(result, "disagree")
    result = runner.invoke(app, ["simulate", "realm-of-sand", "--packs", "kellos"])
    one_line_error(result, "no card packs")


# PK-3
def test_PK_3_a_game_with_packs_saves_and_loads_to_the_same_state() -> None:
    game = pack_game()
    config = game.config(
        3, {"packs": ALL_PACKS, "packs.market_mode": "focus", "packs.adventure_mode": "focus"}
    )
    match = Match(game, config, 11)
    pick = random.Random(4)
    for _ in range(300):
        decision = match.decision
        if decision is None:
            break
        match.play(pick.randrange(len(decision.options)))
    data = json.loads(json.dumps(match.to_save()))
    assert data["config"]["options"]["packs"] == ALL_PACKS
    loaded = load_save(data, lambda name: game)
    assert game.view(loaded.state, 0) == game.view(match.state, 0)
    assert loaded.state.market_focus == match.state.market_focus
    assert loaded.state.adventure_focus == match.state.adventure_focus


# PK-2
def test_PK_2_the_view_and_the_terminal_show_a_pack_cards_set() -> None:
    game = pack_game()
    config = game.config(2, {"packs": ["kellos", "margath"], "packs.market_mode": "focus"})
    state = game.setup(config, 1)
    view = game.view(state, 0)
    packs = view["packs"]
    assert packs["chosen"] == ["kellos", "margath"]
    assert packs["card_sets"]["tk-01"] == "kellos" and packs["card_sets"]["tm-g1"] == "margath"
    assert "tw-01" not in packs["card_sets"]  # walkers is not in play
    assert game.view(game.setup(game.config(2, {}), 1), 0)["packs"] is None
    console = Console(width=160, record=True)
    console.print(render_view(view, game.content))
    shown = console.export_text()
    assert "[Kellos]" in shown and "Dawnhammer [Kellos]" in shown
    texts = game.texts(config)
    assert texts.catalog.format("rb.set.kellos", {}) == "Kellos"


# PK-3, PK-7
def test_PK_3_PK_7_an_imported_pack_plays_pins_its_files_and_replays(
    runner: CliRunner, home: Path, tmp_path: Path
) -> None:
    """Import two card packs into one content pack, play with them (bots, saved), then a
    change to a pack file refuses the save."""
    for pack in ("kellos", "margath"):
        result = runner.invoke(
            app, ["content", "import", "runebound", str(FIXTURES / pack), "--name", "mine"]
        )
        assert result.exit_code == 0, result.output
    again = runner.invoke(
        app, ["content", "import", "runebound", str(FIXTURES / "kellos"), "--name", "mine"]
    )
    one_line_error(again, "holds packs/kellos already")
    twin = tmp_path / "kellos-twin"
    shutil.copytree(FIXTURES / "kellos", twin)
    twice = runner.invoke(app, ["content", "import", "runebound", str(twin), "--name", "mine"])
    assert twice.exit_code == 2 and "pack 'kellos' is in two folders" in twice.output
    save = tmp_path / "game.json"
    args = ["play", "runebound", "--content", "mine", "--packs", "kellos,margath"]
    args += ["--seats", "heuristic,heuristic", "--seed", "5", "--save", str(save)]
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 0, result.output
    data = json.loads(save.read_text())
    assert set(data["content_files"]) == {
        "packs/kellos/market.yaml",
        "packs/margath/adventures.yaml",
    }
    assert data["config"]["options"]["packs"] == ["kellos", "margath"]
    replay = runner.invoke(app, ["replay", str(save)], input="")
    assert replay.exit_code == 0, replay.output
    market = home / "content" / "runebound" / "mine" / "packs" / "kellos" / "market.yaml"
    market.write_text(market.read_text().replace("cost: 4", "cost: 5"), encoding="utf-8")
    refused = runner.invoke(app, ["replay", str(save)], input="")
    one_line_error(refused, "has changed since", "packs/kellos/market.yaml changed")


# PK-3
def test_PK_3_simulate_with_every_pack_reports_no_errors(runner: CliRunner, home: Path) -> None:
    result = runner.invoke(app, ["content", "import", "runebound", str(FIXTURES), "--name", "all"])
    assert result.exit_code == 0, result.output
    args = ["simulate", "runebound", "--content", "all", "--packs", ",".join(ALL_PACKS)]
    args += ["--players", "4", "--games", "3", "--seed", "2", "--json"]
    args += ["--seats", "heuristic,heuristic,heuristic,heuristic"]
    args += ["--option", "packs.market_mode=focus", "--option", "packs.adventure_mode=focus"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["errors"] == 0 and data["options"]["packs"] == ALL_PACKS


# PK-9
def test_PK_9_a_save_pins_the_built_in_pack_files_and_refuses_them_changed(
    runner: CliRunner, tmp_path: Path
) -> None:
    """A game with built-in packs saves their files' fingerprint; a save whose pack files
    differ from the installed ones is refused with one line (``--force`` warns and loads)."""
    save = tmp_path / "game.json"
    args = ["play", "runebound", "--packs", "kellos,drakes", "--option", "max_rounds=3"]
    args += ["--seats", "heuristic,heuristic", "--seed", "3", "--save", str(save)]
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 0, result.output
    data = json.loads(save.read_text())
    assert set(data["pinned_files"]) == {"packs/kellos/market.yaml", "packs/drakes/adventures.yaml"}
    assert "content" not in data  # built-in content: no content pack named
    replay = runner.invoke(app, ["replay", str(save)], input="")
    assert replay.exit_code == 0, replay.output
    data["pinned_files"]["packs/drakes/adventures.yaml"] = "0" * 16  # as saved by an older copy
    save.write_text(json.dumps(data), encoding="utf-8")
    refused = runner.invoke(app, ["replay", str(save)], input="")
    one_line_error(refused, "built-in content", "packs/drakes/adventures.yaml changed")
    forced = runner.invoke(app, ["replay", str(save), "--force"], input="")
    assert forced.exit_code == 0, forced.output
    assert "packs/drakes/adventures.yaml changed" in forced.output


# PK-9
def test_PK_9_a_save_without_packs_pins_nothing(tmp_path: Path) -> None:
    match = Match(GAME, GAME.config(2, {}), 4)
    assert "pinned_files" not in save_data(match, ["random", "random"], None)
