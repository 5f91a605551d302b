"""The game registry: every entry's parts exist, and its rules reference uses its rule prefixes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardwright.cli.main import app
from boardwright.engine.errors import ConfigError
from boardwright.games import GAMES, GameEntry, get_game, load_target

RULES_DIR = Path(__file__).resolve().parents[1] / "docs" / "rules"
DEFINITION = re.compile(r"^\*\*([A-Z]{2,3})-\d", re.MULTILINE)


@pytest.mark.parametrize("entry", GAMES.values(), ids=list(GAMES))
def test_every_part_of_an_entry_loads(entry: GameEntry) -> None:
    game = get_game(entry.name)
    assert game.name == entry.name
    for target in (entry.game, entry.content_loader, entry.renderer, *entry.bots.values()):
        assert callable(load_target(target)), target
    for kind in entry.bots:
        assert entry.make_bot(kind, 1, game).name == kind


@pytest.mark.parametrize("entry", GAMES.values(), ids=list(GAMES))
def test_every_rule_prefix_of_a_game_has_rules(entry: GameEntry) -> None:
    """A game's prefixes find its rules files (tests/cli/test_rules_reference.py checks the other
    way: that every rules file's IDs have a game)."""
    used = {
        prefix
        for path in RULES_DIR.glob("*.md")
        for prefix in DEFINITION.findall(path.read_text(encoding="utf-8"))
    }
    unused = sorted(set(entry.rule_prefixes) - used)
    assert not unused, f"{entry.name} declares rule prefixes no file in {RULES_DIR} uses: {unused}"


def test_a_bot_the_game_does_not_offer_is_refused() -> None:
    entry = GAMES["realm-of-sand"]
    with pytest.raises(
        ConfigError,
        match="unknown bot 'heuristic' for realm-of-sand; its bots: greedy, mcts, random",
    ):
        entry.make_bot("heuristic", 1, get_game("realm-of-sand"))


def test_a_rule_of_another_game_says_whose_it_is() -> None:
    result = CliRunner().invoke(app, ["rules", "runebound", "RS-4.2"])
    assert result.exit_code == 2
    assert "no rule 'RS-4.2'" in result.stderr and "RS rules are realm-of-sand's" in result.stderr
