"""Runebound replays: determinism, save/load/continue, clones, undo limits (RB-2.3 and the
engine's undo rules on a dice game)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boardwright.engine.errors import UndoRefusedError
from boardwright.engine.rng import Rng
from boardwright.engine.session import Match, load_save
from boardwright.games import get_game
from tests.runebound.kit import GAME, eager_choice


def bot_keys(players: int, seed: int, limit: int = 100_000) -> tuple[Match[Any], list[str]]:
    match = Match(GAME, GAME.config(players), seed)
    rng = Rng(seed + 7)
    for _ in range(limit):
        decision = match.decision
        if decision is None:
            break
        match.play(eager_choice(decision, rng))
    return match, [a.key for a in match.actions]


def test_same_seed_and_actions_give_the_same_log() -> None:
    one, keys = bot_keys(3, 5)
    two = Match.replay(GAME, GAME.config(3), 5, keys)
    assert [e.to_data() for e in one.log] == [e.to_data() for e in two.log]
    assert one.result == two.result and one.result is not None
    other, _ = bot_keys(3, 6)
    assert [e.to_data() for e in other.log] != [e.to_data() for e in one.log]


def test_save_load_continue_equals_the_whole_game(tmp_path: Path) -> None:
    whole, keys = bot_keys(2, 9)
    half = Match.replay(GAME, GAME.config(2), 9, keys[: len(keys) // 2])
    half.save(tmp_path / "rb.json")
    loaded = load_save(tmp_path / "rb.json", get_game)
    for key in keys[len(keys) // 2 :]:
        loaded.play_key(key)
    assert [e.to_data() for e in loaded.log] == [e.to_data() for e in whole.log]
    assert json.dumps(loaded.view(None)) == json.dumps(whole.view(None))


def test_clone_is_independent() -> None:
    state = GAME.setup(GAME.config(2), 4)
    rng = Rng(1)
    for _ in range(50):
        assert state.pending is not None
        GAME.apply(state, eager_choice(state.pending, rng))
    before = json.dumps(GAME.view(state, None))
    copy = GAME.clone(state)
    for _ in range(50):
        if copy.pending is None:
            break
        GAME.apply(copy, eager_choice(copy.pending, rng))
    assert json.dumps(GAME.view(state, None)) == before


def test_undo_movement_choice_but_not_a_dice_roll() -> None:
    """Choosing to step one hex can be undone; a movement roll cannot (RB-3.1 dice)."""
    match = Match(GAME, GAME.config(2, {"hero_selection": "random"}), 3)
    seat = match.decision.seat if match.decision else 0
    match.play_key("step")
    match.undo(seat)
    assert match.decision is not None and match.decision.kind == "movement"
    match.play_key("roll:5")
    with pytest.raises(UndoRefusedError, match="random draw"):
        match.undo(seat)
