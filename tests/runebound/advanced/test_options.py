"""Advanced Runebound AR-1: the options, the preset ``--rules advanced``, precedence over the
base options, other adventures; dotted option names in the engine; the command line."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardwright.cli.main import app
from boardwright.engine.errors import ConfigError
from boardwright.engine.events import Event
from boardwright.engine.options import OptionSet, OptionSpec, parse_option_pairs
from boardwright.games import get_game
from boardwright.games.runebound.adventure import discard_adventure
from boardwright.games.runebound.adventures import get_adventure
from boardwright.games.runebound.endgame import begin_endgame, claim_endgame_victory
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.options import (
    ADVANCED_PRESET,
    ADVANCED_SPECS,
    BASE_OPTION_NAMES,
    RuneboundOptions,
    check_advanced_combination,
    field_name,
)
from boardwright.games.runebound.state import CombatState
from tests.runebound.advanced.kit import adv_game, cards, lose_fight, plain_challenge, put_on_top
from tests.runebound.scenario import (
    CONTENT,
    GAME,
    RULES,
    add_counter,
    clear_counters,
    give,
    me,
    play,
    put,
    safe_green_hex,
)

SECTIONS = {
    "advanced.doom_track": "AR-2.1",
    "advanced.endgame": "AR-3.1",
    "advanced.travel_hazards": "AR-4.1",
    "advanced.first_turn_dice": "AR-5.1",
    "advanced.wounds": "AR-6.1",
    "advanced.exhaustion": "AR-6.2",
    "advanced.activation_limit": "AR-6.3",
    "advanced.movement_dice": "AR-6.4",
    "advanced.reshuffle": "AR-6.5",
    "advanced.knockout": "AR-6.6",
    "advanced.events": "AR-6.7",
    "advanced.healing": "AR-6.8",
    "advanced.experience": "AR-6.9",
    "advanced.experience_heal": "AR-6.11",
}
READINGS = {
    "advanced.city_dice": ("AR-6.4", "four"),
    "advanced.experience_kinds": ("AR-6.10", "step"),
}
"""Options for a reading within a section; their defaults follow seed 002's words."""


# --- AR-1.1 -----------------------------------------------------------------------------------
def test_ar_1_1_one_option_per_section_all_off_and_the_preset_turns_all_on() -> None:
    """AR-1.1: each section of seed 002 is an option of its own (dotted names), off by default;
    the rule set "advanced" switches every one on (advanced.experience takes the table)."""
    assert {s.name: s.rule for s in ADVANCED_SPECS} == {
        **SECTIONS,
        **{name: rule for name, (rule, _) in READINGS.items()},
    }
    defaults = GAME.config(2).options
    assert all(defaults[name] in (False, "off") for name in SECTIONS)
    assert all(defaults[name] == default for name, (_, default) in READINGS.items())
    assert set(ADVANCED_PRESET) == set(SECTIONS)
    assert GAME.rule_sets["advanced"] == ADVANCED_PRESET and GAME.rule_sets["base"] == {}
    options = GAME.config(2, GAME.rule_set_options("advanced")).options
    assert all(options[name] is True for name in SECTIONS if name != "advanced.experience")
    assert options["advanced.experience"] == "table"
    opts = RuneboundOptions.from_mapping(options)
    assert opts.advanced_doom_track and opts.advanced_experience == "table"
    explicit = GAME.rule_set_options("advanced", {"advanced.movement_dice": "false"})
    assert GAME.config(2, explicit).options["advanced.movement_dice"] is False
    with pytest.raises(ConfigError, match="allowed: base, advanced"):
        GAME.rule_set_options("expert")
    realm = get_game("realm-of-sand")
    with pytest.raises(ConfigError, match=r"allowed: base$"):
        realm.rule_set_options("advanced")


def test_ar_1_1_bad_values_are_clear_errors() -> None:
    """AR-1.1: a bad value or an unknown advanced option names the option and what it allows."""
    with pytest.raises(ConfigError, match=r"option 'advanced.experience' got 'pairs'"):
        GAME.config(2, {"advanced.experience": "pairs"})
    with pytest.raises(ConfigError, match=r"unknown option 'advanced\.doom'"):
        GAME.config(2, {"advanced.doom": True})
    with pytest.raises(ConfigError, match=r"advanced\.wounds"):
        GAME.config(2, {"advanced.wounds": "maybe"})


def test_dotted_option_names_go_through_the_engine() -> None:
    """Engine options: names with dots parse from name=value and resolve like any other."""
    pairs = parse_option_pairs(["advanced.wounds=true", " a.b.c = 3 "])
    assert pairs == {"advanced.wounds": "true", "a.b.c": "3"}
    options = OptionSet((OptionSpec("a.b.c", "int", 1, "x", minimum=0, maximum=9),))
    assert options.resolve({"a.b.c": pairs["a.b.c"]}) == {"a.b.c": 3}
    assert field_name("advanced.activation_limit") == "advanced_activation_limit"
    assert all(hasattr(RuneboundOptions, field_name(n)) for n in BASE_OPTION_NAMES)


# --- AR-1.2 -----------------------------------------------------------------------------------
def test_ar_1_2_advanced_options_replace_their_base_counterparts() -> None:
    """AR-1.2: advanced.doom_track replaces base_doom_track (nothing is counted),
    advanced.knockout replaces knockout_penalty (the allies are kept, all the gold goes)."""
    state = adv_game(2, "doom_track", base_doom_track=True)
    for card in cards("yellow", "encounter")[:3]:
        discard_adventure(RULES, state, card, None)
    assert state.doom_count == 0 and state.doom_counters == 1
    ally = next(c for c in CONTENT.market if c.kind == "ally")
    for advanced in (False, True):
        state = adv_game(1, *(["knockout"] if advanced else []), knockout_penalty="standard")
        give(state, ally.id)
        me(state).gold = 6
        here = safe_green_hex()
        put_on_top(state, plain_challenge("green"))
        clear_counters(state, here)
        add_counter(state, here, "green")
        put(state, here)
        play(state, "stay", "adventure:green")
        lose_fight(state)
        kept = [CONTENT.market[a.card].id for a in me(state).allies]
        if advanced:  # the ally is the one card lost, as the most expensive
            assert me(state).gold == 0 and state.market_deck[0] == CONTENT.market_index[ally.id]
        else:
            assert me(state).gold == 3 and kept == []


# --- AR-1.3 -----------------------------------------------------------------------------------
def test_ar_1_3_al_kalim_refuses_the_doom_track_and_the_endgame_only() -> None:
    """AR-1.3: the doom track and the endgame do not combine with Al-Kalim (refused with a
    message naming them); every other section does. The base adventure takes them all."""
    not_with = get_adventure("al_kalim").advanced_not_with
    assert not_with == ("advanced.doom_track", "advanced.endgame")
    everything = {**ADVANCED_PRESET}
    dragonlords = get_adventure("dragonlords").advanced_not_with
    check_advanced_combination({"adventure": "dragonlords", **everything}, dragonlords)
    with pytest.raises(ConfigError) as error:
        check_advanced_combination({"adventure": "al-kalim", **everything}, not_with)
    assert "advanced.doom_track, advanced.endgame" in str(error.value)
    assert "al-kalim" in str(error.value)
    allowed = {k: v for k, v in everything.items() if k not in not_with}
    check_advanced_combination({"adventure": "al-kalim", **allowed}, not_with)
    assert GAME.config(4, everything).options["adventure"] == "dragonlords"
    # through the game's own option checks
    with pytest.raises(ConfigError, match=r"--option advanced\.endgame=false"):
        GAME.config(3, {"adventure": "al-kalim", "advanced.endgame": True})
    config = GAME.config(3, {"adventure": "al-kalim", **allowed})
    assert config.options["advanced.travel_hazards"] is True


def test_ar_1_3_the_winning_card_not_its_name_decides_the_endgame() -> None:
    """AR-1.3: card packs add adventures such as Avatars of Kelnov: whichever red card wins
    the game plays Margath's part in the endgame (AR-3.5 reads the reward, not the name)."""
    content = GAME.content
    winner = next(i for i, c in enumerate(content.adventures) if c.reward.wins_game)
    renamed = tuple(
        c.model_copy(update={"name": "Allfather Kelnov"}) if i == winner else c
        for i, c in enumerate(content.adventures)
    )
    game = Runebound(replace(content, adventures=renamed))
    state = game.setup(game.config(2, {"advanced.doom_track": True, "advanced.endgame": True}), 1)
    begin_endgame(game.rules, state, None)
    log: list[Event] = []
    fight = CombatState(winner, state.heroes[state.seat].hex, "endgame")
    claim_endgame_victory(game.rules, state, state.seat, fight, log)
    assert state.finished and state.endgame_how == "Margath" and state.winner >= 0
    texts = game.texts(game.config(2, {}))
    assert "Allfather Kelnov" in texts.event(log[-1])


# --- the command line -----------------------------------------------------------------------------
@pytest.fixture
def runner() -> CliRunner:
    return CliRunner(env={"COLUMNS": "120", "BOARDWRIGHT_DEBUG": None})


def test_ar_1_1_simulate_rules_advanced_json_reports_the_endgame(runner: CliRunner) -> None:
    """AR-1.1: `simulate runebound --rules advanced --json`: every advanced option on, no
    errors, and a summary of the games that ended in the endgame and who won it."""
    args = ["simulate", "runebound", "--rules", "advanced", "--players", "2"]
    result = runner.invoke(app, [*args, "--games", "3", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["errors"] == 0, summary["error_messages"]
    assert summary["rules"] == "advanced"
    assert all(summary["options"][name] == ADVANCED_PRESET[name] for name in SECTIONS)
    endgame = summary["endgame"]
    assert endgame["games"] == summary["ended_by"].get("endgame", 0)
    assert sum(endgame["how"].values()) == endgame["games"]
    assert set(endgame["wins_by_hero"]) <= set(summary["wins_by_hero"])
    text = runner.invoke(app, [*args, "--games", "2", "--seed", "2"])
    assert text.exit_code == 0 and "endgame:" in text.stdout


def test_ar_1_1_simulate_option_wins_over_the_preset(runner: CliRunner) -> None:
    """AR-1.1: an explicit --option beats the preset; base runs have no endgame summary."""
    args = ["simulate", "runebound", "--players", "2", "--games", "1", "--seed", "1", "--json"]
    result = runner.invoke(
        app, [*args, "--rules", "advanced", "--option", "advanced.endgame=false"]
    )
    summary = json.loads(result.stdout)
    assert summary["options"]["advanced.endgame"] is False and "endgame" not in summary
    assert summary["options"]["advanced.wounds"] is True
    base = json.loads(runner.invoke(app, [*args, "--rules", "base"]).stdout)
    assert "endgame" not in base and base["options"]["advanced.wounds"] is False


def test_ar_rules_reference_and_options_listing(runner: CliRunner) -> None:
    """The reference prints an AR rule; the options listing names the dotted options."""
    result = runner.invoke(app, ["rules", "runebound", "AR-2.5"])
    assert result.exit_code == 0 and "doom counter" in result.stdout
    listing = runner.invoke(app, ["options", "runebound"])
    assert listing.exit_code == 0 and "advanced.doom_track" in listing.stdout


def test_ar_1_1_play_takes_the_preset_too(runner: CliRunner, tmp_path: Path) -> None:
    """AR-1.1: `play --rules advanced` plays with every advanced option (stored in the save)."""
    save = tmp_path / "game.json"
    args = ["play", "runebound", "--seats", "random,random", "--seed", "3", "--rules", "advanced"]
    result = runner.invoke(app, [*args, "--save", str(save)])
    assert result.exit_code == 0, result.output
    stored = json.loads(save.read_text())["config"]["options"]
    assert stored["advanced.doom_track"] is True and stored["advanced.experience"] == "table"


def test_ar_1_3_rules_advanced_with_al_kalim_is_a_one_line_error(runner: CliRunner) -> None:
    """AR-1.3: `--rules advanced --adventure al-kalim` names the two sections to turn off."""
    args = ["simulate", "runebound", "--rules", "advanced", "--adventure", "al-kalim"]
    result = runner.invoke(app, [*args, "--games", "1"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert "advanced.doom_track, advanced.endgame" in lines[0]
