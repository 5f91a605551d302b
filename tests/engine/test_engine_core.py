"""The engine core with a toy game: contract, options, RNG, events, save/load, replay, undo."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from boardwright.engine import ConfigError, IllegalActionError, Rng, SaveFileError
from boardwright.engine.errors import UndoRefusedError
from boardwright.engine.events import events_for_seat
from boardwright.engine.options import parse_option_pairs
from boardwright.engine.session import Match, load_save
from tests.engine.toygame import ToyGame

GAME = ToyGame()


def lookup(name: str) -> ToyGame:
    if name != "toy":
        raise ConfigError(f"unknown game '{name}'")
    return GAME


def play_out(match: Match[Any], seed: int, limit: int = 10_000) -> None:
    rng = Rng(seed)
    for _ in range(limit):
        decision = match.decision
        if decision is None:
            return
        match.play(rng.below(len(decision.options)))
    raise AssertionError("game did not end")


# --- RNG ------------------------------------------------------------------------------------
def test_rng_is_deterministic_and_clonable() -> None:
    a, b = Rng(7), Rng(7)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.clone()
    assert a.die(6) == c.die(6) and a.draws == c.draws
    assert Rng(8).next64() != Rng(7).next64()


def test_rng_is_splitmix64() -> None:
    """The reference SplitMix64 outputs from state 0: saved games and seeds stay valid."""
    rng = Rng(0, state=0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def _reference_below(state: int, n: int) -> tuple[int, int, int]:
    """SplitMix64 and rejection sampling on plain unsigned ints: (value, state, draws)."""
    mask = (1 << 64) - 1
    limit = (1 << 64) - ((1 << 64) % n)
    draws = 0
    while True:
        state = (state + 0x9E3779B97F4A7C15) & mask
        draws += 1
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        if z < limit:
            return z % n, state, draws


@pytest.mark.parametrize("seed", [0, 1, 12345, (1 << 63) - 1])
def test_rng_below_matches_the_reference_for_every_size_of_bound(seed: int) -> None:
    """The compiled build draws on machine words (engine/rng.py): the same numbers as plain
    integers give, for small bounds, bounds near 2**62 and 2**63, and powers of two."""
    bounds = [1, 2, 3, 6, 7, 60, 1 << 32, (1 << 40) + 3, (1 << 61) + 5, (1 << 62) - 1, 1 << 62]
    bounds += [(1 << 63) + 7, (1 << 64) - 1, 1 << 64, 3 << 62]
    rng = Rng(seed)
    state, draws = rng.state, 0
    for round_ in range(400):
        for n in bounds:
            value, state, used = _reference_below(state, n)
            draws += used
            assert rng.below(n) == value, (round_, n)
            assert (rng.state, rng.draws) == (state, draws)
    assert Rng.from_data(rng.to_data()).clone().next64() == rng.next64()


def test_rng_below_is_in_range_and_roughly_uniform() -> None:
    rng = Rng(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)
    with pytest.raises(ValueError):
        rng.below(0)


def test_rng_shuffle_is_a_permutation_and_serializes() -> None:
    rng = Rng(3)
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    again = Rng.from_data(rng.to_data())
    assert again.next64() == rng.next64()


# --- options --------------------------------------------------------------------------------
def test_options_defaults_and_validation() -> None:
    config = GAME.config(2, {"target": "30", "fast": "yes", "colours": "red,blue"})
    assert config.options == {
        "target": 30,
        "mode": "plain",
        "fast": True,
        "colours": ("red", "blue"),
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"speed": 1}, "unknown option 'speed'; known options: colours, fast, mode, target"),
        ({"target": 2}, "option 'target' got 2; allowed: a whole number from 5 to 100"),
        ({"target": "x"}, "option 'target' got 'x'"),
        ({"mode": "odd"}, "option 'mode' got 'odd'; allowed: one of plain, fancy"),
        ({"fast": "maybe"}, "allowed: true or false"),
        ({"colours": "green"}, "allowed: a list of red, blue"),
    ],
)
def test_invalid_options_are_rejected_with_names(options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        GAME.config(2, options)


def test_player_count_is_checked() -> None:
    with pytest.raises(ConfigError, match="Toy dice takes 2 to 3 players, not 5"):
        GAME.config(5)


def test_option_pairs_parse() -> None:
    assert parse_option_pairs(["a=1", " b = x "]) == {"a": "1", "b": "x"}
    with pytest.raises(ConfigError, match="name=value"):
        parse_option_pairs(["novalue"])


# --- contract -------------------------------------------------------------------------------
def test_apply_rejects_out_of_range_and_unknown_keys() -> None:
    state = GAME.setup(GAME.config(2), 1)
    with pytest.raises(IllegalActionError, match="option 5 is out of range: choose 0 to 2"):
        GAME.apply(state, 5)
    with pytest.raises(IllegalActionError, match="'roll' is not a legal choice for stake"):
        GAME.apply_key(state, "roll")


def test_same_seed_and_actions_give_the_same_game() -> None:
    one, two = Match(GAME, GAME.config(3), 11), Match(GAME, GAME.config(3), 11)
    play_out(one, 5)
    play_out(two, 5)
    assert [e.to_data() for e in one.log] == [e.to_data() for e in two.log]
    assert one.result == two.result and one.result is not None


def test_clone_is_independent() -> None:
    state = GAME.setup(GAME.config(2), 4)
    GAME.apply_key(state, "stake:2")
    copy = GAME.clone(state)
    GAME.apply_key(copy, "roll")
    assert state.rng.draws == 0 and copy.rng.draws == 1
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "roll"


# --- events ---------------------------------------------------------------------------------
def test_private_events_are_filtered_per_seat() -> None:
    match = Match(GAME, GAME.config(2), 2)
    match.play_key("stake:1")
    match.play_key("roll")
    english = GAME.texts(match.config)
    own = [english.event(e) for e in match.events_for(0)]
    other = [english.event(e) for e in match.events_for(1)]
    spectator = [english.event(e) for e in events_for_seat(match.log, None)]
    assert any(t.startswith("next face is") for t in own)
    assert not any(t.startswith("next face is") for t in other + spectator)
    assert "someone peeked" in other and "someone peeked" in spectator


# --- save / load / replay ---------------------------------------------------------------------
def test_save_load_continue_equals_uninterrupted(tmp_path: Path) -> None:
    whole = Match(GAME, GAME.config(2, {"target": 30}), 9)
    play_out(whole, 21)
    half = Match(GAME, GAME.config(2, {"target": 30}), 9)
    for record in whole.actions[: len(whole.actions) // 2]:
        half.play_key(record.key)
    half.save(tmp_path / "game.json")
    loaded = load_save(tmp_path / "game.json", lookup)
    for record in whole.actions[len(whole.actions) // 2 :]:
        loaded.play_key(record.key)
    assert [e.to_data() for e in loaded.log] == [e.to_data() for e in whole.log]
    assert loaded.result == whole.result


def test_replay_states_walk_the_game() -> None:
    match = Match(GAME, GAME.config(2), 3)
    play_out(match, 8)
    steps = list(match.states())
    assert len(steps) == len(match.actions) + 1
    assert GAME.result(steps[-1][1]) == match.result


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON (line 1, column 2"),
        ("[]", "not a boardwright save file"),
        (
            '{"format": "boardwright-save", "version": 99}',
            "save format version 99 is not supported",
        ),
        (
            '{"format": "boardwright-save", "version": 1, "game": "toy", "seed": 1,'
            ' "config": {"players": 2}}',
            "missing 'actions'",
        ),
        (
            '{"format": "boardwright-save", "version": 1, "game": "toy", "seed": 1,'
            ' "config": {"players": 7}, "actions": []}',
            "takes 2 to 3 players",
        ),
        (
            '{"format": "boardwright-save", "version": 1, "game": "toy", "seed": "x",'
            ' "config": {"players": 2}, "actions": []}',
            '"seed" must be a whole number',
        ),
        (
            '{"format": "boardwright-save", "version": 1, "game": "toy", "seed": 1,'
            ' "config": {"players": 2}, "actions": ["stake:1", "fly"]}',
            "action 2 ('fly') does not fit the game",
        ),
        (
            '{"format": "boardwright-save", "version": 1, "game": "chess", "seed": 1,'
            ' "config": {"players": 2}, "actions": []}',
            "unknown game 'chess'",
        ),
    ],
)
def test_corrupt_save_files_give_clear_errors(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveFileError, match=re.escape(message)):
        load_save(path, lookup)


def test_missing_save_file() -> None:
    with pytest.raises(SaveFileError, match="file does not exist"):
        load_save(Path("/nonexistent/save.json"), lookup)


def test_save_data_is_config_seed_and_keys() -> None:
    match = Match(GAME, GAME.config(2, {"colours": ["red"]}), 5)
    match.play_key("stake:3")
    data = json.loads(json.dumps(match.to_save()))
    assert data == {
        "format": "boardwright-save",
        "version": 1,
        "game": "toy",
        "config": {
            "players": 2,
            "options": {"target": 20, "mode": "plain", "fast": False, "colours": ["red"]},
        },
        "seed": 5,
        "actions": ["stake:3"],
    }


# --- undo -----------------------------------------------------------------------------------
def test_undo_own_decision_without_randomness() -> None:
    match = Match(GAME, GAME.config(2), 6)
    before = [e.to_data() for e in match.log]
    match.play_key("stake:2")
    match.undo(0)
    assert [a.key for a in match.actions] == []
    assert [e.to_data() for e in match.log] == before
    assert match.decision is not None and match.decision.kind == "stake"


def test_undo_refusals() -> None:
    match = Match(GAME, GAME.config(2), 6)
    with pytest.raises(UndoRefusedError, match="nothing to undo"):
        match.undo(0)
    match.play_key("stake:1")
    with pytest.raises(UndoRefusedError, match="the last decision was not yours"):
        match.undo(1)
    match.play_key("roll")
    with pytest.raises(UndoRefusedError, match="revealed hidden information or used a random draw"):
        match.undo(0)
    if match.decision is not None and match.decision.kind == "roll":
        match.play_key("hold")
        assert match.undo_refusal(0) == "undoing it would change whose turn it is"


def test_undo_refused_when_turn_would_change() -> None:
    match = Match(GAME, GAME.config(2), 6)
    match.play_key("stake:1")
    match.play_key("hold")  # no die used, but the turn passes to seat 1
    assert match.decision is not None and match.decision.seat == 1
    with pytest.raises(UndoRefusedError, match="not yours"):
        match.undo(1)
    with pytest.raises(UndoRefusedError, match="would change whose turn it is"):
        match.undo(0)
