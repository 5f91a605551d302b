"""Replays of Realm of Sand: determinism, save/load, clones, golden games and undo.

Golden games (``tests/realm_of_sand/golden/<name>.json``) hold a save (config, seed, the chosen
option keys); ``tests/golden`` replays each and compares it with its readable trace
(``<name>.trace``), so any change to how the game plays shows up as a diff of the trace. When
the saves themselves must change (a rules fix makes the recorded choices differ), re-record
them with the bots and rewrite the traces with::

    python -m tests.realm_of_sand.test_replay --regenerate

and review the diff of the golden files before committing them. Never regenerate just to make
a failing test pass without knowing why the game changed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardwright.engine.errors import UndoRefusedError
from boardwright.engine.events import Event
from boardwright.engine.session import Match, load_save
from boardwright.games import get_game
from boardwright.games.realm_of_sand.state import RealmState
from tests.realm_of_sand.fuzzkit import (
    CARDS,
    GAME,
    FuzzBot,
    all_views,
    log_data,
    new_match,
    play,
    snapshot,
)

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
REPO = Path(__file__).resolve().parents[2]
REGENERATE = "python -m tests.realm_of_sand.test_replay --regenerate"

RealmMatch = Match[RealmState]

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (1, {}),
    (2, {"board_side": "starter", "starting_draft": "reverse_order"}),
    (3, {"board_side": "advanced", "purple_power": "crystal", "hourglass_goal": 5}),
    (4, {"board_side": "advanced", "starting_draft": "blind", "square_shortage": "partial"}),
]
CONFIG_IDS = [f"{players}p" for players, _ in CONFIGS]


def json_normal(data: Any) -> Any:
    """``data`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(data))


def finished_match(players: int, options: dict[str, Any], seed: int, bot_seed: int) -> RealmMatch:
    match = new_match(players, options, seed)
    assert not play(match, FuzzBot("eager", bot_seed))
    assert match.result is not None
    return match


def match_record(match: RealmMatch) -> dict[str, Any]:
    """Everything that must agree between two runs of the same game."""
    result = match.result
    return {
        "log": log_data(match.log),
        "actions": [a.key for a in match.actions],
        "result": None if result is None else result.to_data(),
        "views": all_views(match.state),
        "state": snapshot(match.state),
    }


# --- determinism ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_same_config_seed_and_choices_give_the_same_game(
    players: int, options: dict[str, Any]
) -> None:
    first = finished_match(players, options, seed=501, bot_seed=9)
    second = finished_match(players, options, seed=501, bot_seed=9)
    assert match_record(first) == match_record(second)
    # The views of every seat are equal all along the game, not only at its end.
    for (_, state_a, events_a), (_, state_b, events_b) in zip(
        first.states(), second.states(), strict=True
    ):
        assert log_data(events_a) == log_data(events_b)
        if state_a.turn_number % 5 == 0:
            assert all_views(state_a) == all_views(state_b)


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_another_seed_gives_another_game(players: int, options: dict[str, Any]) -> None:
    one = finished_match(players, options, seed=501, bot_seed=9)
    other = finished_match(players, options, seed=502, bot_seed=9)
    assert log_data(one.log) != log_data(other.log)
    assert snapshot(one.state) != snapshot(other.state)
    # The layout alone already differs: the setup itself is seeded.
    assert snapshot(new_match(players, options, 501).state) != snapshot(
        new_match(players, options, 502).state
    )


def test_the_log_does_not_change_the_game() -> None:
    """Playing with ``apply(..., log=None)`` and with a log reaches the same state."""
    config = GAME.config(4, {"board_side": "advanced"})
    quiet = GAME.setup(config, 77)
    logged_events: list[Event] = []
    logged = GAME.setup(config, 77, logged_events)
    bot_a, bot_b = FuzzBot("eager", 3), FuzzBot("eager", 3)
    while quiet.pending is not None:
        assert logged.pending is not None
        GAME.apply(quiet, bot_a.choose(quiet.pending, quiet))
        GAME.apply(logged, bot_b.choose(logged.pending, logged), logged_events)
        assert snapshot(quiet) == snapshot(logged)
    assert logged.pending is None and logged_events


# --- save, load, continue -------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
@pytest.mark.parametrize("played", [0, 1, 37, 150])
def test_save_load_continue_equals_the_uninterrupted_game(
    players: int, options: dict[str, Any], played: int
) -> None:
    uninterrupted = new_match(players, options, 640)
    play(uninterrupted, FuzzBot("eager", 21), steps=played)
    save = json_normal(uninterrupted.to_save())
    loaded: RealmMatch = load_save(save, get_game)
    assert match_record(loaded) == match_record(uninterrupted)
    # Both continue with the same choices to the end.
    play(uninterrupted, FuzzBot("uniform", 8))
    play(loaded, FuzzBot("uniform", 8))
    assert uninterrupted.result is not None
    assert match_record(loaded) == match_record(uninterrupted)


def test_save_file_round_trip(tmp_path: Path) -> None:
    match = new_match(3, {"board_side": "advanced"}, 99)
    play(match, FuzzBot("eager", 4), steps=120)
    path = tmp_path / "game.json"
    match.save(path)
    loaded: RealmMatch = load_save(path, get_game)
    assert match_record(loaded) == match_record(match)
    assert json.loads(path.read_text(encoding="utf-8")) == json_normal(match.to_save())


def test_save_during_a_red_crystal_look_loads_at_the_same_point() -> None:
    """A save taken while a seat holds the looked-at cards replays to that very decision."""
    match = red_crystal_match()
    play(match, FuzzBot("eager", 1), steps=1)  # the deck: the cards are drawn
    assert match.decision is not None and match.decision.kind == "red_keep"
    loaded: RealmMatch = load_save(json_normal(match.to_save()), get_game)
    assert match_record(loaded) == match_record(match)
    play(match, FuzzBot("uniform", 2))
    play(loaded, FuzzBot("uniform", 2))
    assert match_record(loaded) == match_record(match)


# --- clones ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_a_clone_is_independent_of_its_original(players: int, options: dict[str, Any]) -> None:
    match = new_match(players, options, 812)
    play(match, FuzzBot("eager", 13), steps=60)
    original = match.state
    before = snapshot(original)
    clone = GAME.clone(original)
    assert clone is not original
    assert snapshot(clone) == before
    # Playing the clone to its end leaves the original as it was...
    clone_log: list[Any] = []
    bot = FuzzBot("uniform", 5)
    while clone.pending is not None:
        GAME.apply(clone, bot.choose(clone.pending, clone), clone_log)
    assert GAME.result(clone) is not None
    assert snapshot(original) == before
    assert all_views(original) == all_views(match.state)
    # ...and playing the original does not touch a clone taken earlier.
    second = GAME.clone(original)
    kept = snapshot(second)
    play(match, FuzzBot("uniform", 5))
    assert snapshot(second) == kept
    # The clone was faithful: the same choices led both to the same end.
    assert snapshot(clone) == snapshot(match.state)
    assert log_data(clone_log) == log_data(match.log[-len(clone_log) :])


def test_a_clone_of_a_finished_game_and_of_a_fresh_one() -> None:
    fresh = new_match(2, {}, 5).state
    assert snapshot(GAME.clone(fresh)) == snapshot(fresh)
    done = finished_match(2, {}, 5, 6).state
    copy = GAME.clone(done)
    assert snapshot(copy) == snapshot(done)
    assert GAME.result(copy) == GAME.result(done)


# --- golden games ---------------------------------------------------------------------------------
GOLDEN: dict[str, dict[str, Any]] = {
    "solo_starter": {
        "description": "Solo game on the starter side with the default options.",
        "players": 1,
        "options": {},
        "seed": 2028,
        "bot_seed": 2029,
    },
    "two_players_starter": {
        "description": "Two players on the starter side, official draft.",
        "players": 2,
        "options": {"board_side": "starter"},
        "seed": 7,
        "bot_seed": 8,
    },
    "four_players_advanced": {
        "description": "Four players on the advanced side (crystals, red-crystal looks).",
        "players": 4,
        "options": {"board_side": "advanced"},
        "seed": 42,
        "bot_seed": 43,
    },
}


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.json"


def record_golden(name: str) -> dict[str, Any]:
    spec = GOLDEN[name]
    match = finished_match(spec["players"], spec["options"], spec["seed"], spec["bot_seed"])
    return {
        "description": spec["description"],
        "recorded_with": f"fuzzkit.FuzzBot('eager', {spec['bot_seed']}) for every seat",
        "regenerate": REGENERATE,
        "save": match.to_save(),
    }


def golden_match(name: str) -> RealmMatch:
    golden = json.loads(golden_path(name).read_text(encoding="utf-8"))
    match: RealmMatch = load_save(golden["save"], get_game)
    return match


def test_golden_games_cover_what_they_claim() -> None:
    """The golden saves (their traces are compared in ``tests/golden``) reach the end and use
    what they are meant to show: crystals, red-crystal looks, reveals, the solo title."""
    four = golden_match("four_players_advanced")
    kinds = {event.kind for event in four.log}
    shown = {"crystal", "red_look", "red_keep", "fulfil", "reveal", "end_triggered", "game_over"}
    assert shown <= kinds
    solo = golden_match("solo_starter")
    assert solo.result is not None and "solo_title" in solo.result.details
    assert solo.config.players == 1 and any(event.kind == "fulfil" for event in solo.log)


def regenerate() -> None:
    """Re-record the saves with the bots, then rewrite every golden trace from its save."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name in sorted(GOLDEN):
        data = record_golden(name)
        path = golden_path(name)
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path}: {len(data['save']['actions'])} actions")
    subprocess.run([sys.executable, "-m", "tests.golden"], check=True, cwd=REPO)


# --- undo -----------------------------------------------------------------------------------------
def match_state(match: RealmMatch) -> dict[str, Any]:
    return {
        "state": snapshot(match.state),
        "log": log_data(match.log),
        "actions": [(a.seat, a.key) for a in match.actions],
        "views": all_views(match.state),
    }


def find(
    players: int,
    options: dict[str, Any],
    when: Callable[[RealmMatch], bool],
    *,
    seeds: range = range(300),
) -> RealmMatch:
    """The first seeded game (eager bots) that reaches a decision where ``when`` holds."""
    for seed in seeds:
        match = new_match(players, options, seed)
        if play(match, FuzzBot("eager", seed), until=when):
            return match
    raise AssertionError(f"no game with seeds {seeds} reached the situation")


def keys_now(match: RealmMatch) -> list[str]:
    decision = match.decision
    return [] if decision is None else [o.key for o in decision.options]


def refused(match: RealmMatch, seat: int, reason: str) -> None:
    """Undo for ``seat`` is refused with a message giving ``reason``, and changes nothing."""
    before = match_state(match)
    assert match.undo_refusal(seat) is not None
    with pytest.raises(UndoRefusedError) as caught:
        match.undo(seat)
    assert str(caught.value) == f"cannot undo: {reason}"
    assert match_state(match) == before


def test_undo_takes_back_own_decisions_one_by_one() -> None:
    """Choosing a tile, its orientation and its place, then undoing each step in turn."""

    def main_action_menu(m: RealmMatch) -> bool:
        d = m.decision
        return (
            d is not None and d.kind == "turn" and "place-tile" in keys_now(m) and m.state.round > 2
        )

    match = find(2, {"board_side": "advanced"}, main_action_menu)
    seat = match.state.seat
    saved = [match_state(match)]
    match.play_key("place-tile")
    saved.append(match_state(match))
    for _ in range(3):  # the tile, its orientation, its place: each time the last option
        decision = match.decision
        assert decision is not None and decision.seat == seat
        match.play(len(decision.options) - 1, seat)
        saved.append(match_state(match))
    assert match.actions[-1].key.startswith("at:")
    steps = [a.key.split(":")[0] for a in match.actions[-4:]]
    assert steps == ["place-tile", "tile", "orient", "at"]
    for expected in reversed(saved[:-1]):
        assert match.undo_refusal(seat) is None
        match.undo(seat)
        assert match_state(match) == expected
    # Choosing the same again from there gives the same game as before the undos.
    match.play_key("place-tile")
    assert match_state(match) == saved[1]


def test_undo_refused_with_nothing_to_undo() -> None:
    match = new_match(2, {}, 3)
    refused(match, 0, "there is nothing to undo")
    refused(match, 1, "there is nothing to undo")
    decision = match.decision
    assert decision is not None and decision.kind == "draft"
    match.play(0, decision.seat)
    match.undo(decision.seat)
    assert match.actions == []
    refused(match, decision.seat, "there is nothing to undo")


def test_undo_refused_for_another_seats_decision() -> None:
    match = new_match(3, {}, 4)
    decision = match.decision
    assert decision is not None
    match.play(0, decision.seat)
    for other in range(3):
        if other != decision.seat:
            refused(match, other, "the last decision was not yours")
    match.undo(decision.seat)  # its own seat may


def quiet_turn_end(players: int) -> Callable[[RealmMatch], bool]:
    """At a turn menu offering "end" with a full display: ending reveals nothing."""

    def when(m: RealmMatch) -> bool:
        return (
            "end" in keys_now(m)
            and m.state.round > 1
            and all(c >= 0 for row in m.state.display for c in row)
        )

    return when


@pytest.mark.parametrize("players", [1, 2])
def test_undo_refused_when_it_would_change_whose_turn_it_is(players: int) -> None:
    match = find(players, {}, quiet_turn_end(players))
    seat = match.state.seat
    reveals = match.state.reveals
    match.play_key("end")
    assert match.state.reveals == reveals and not match.actions[-1].crossed_barrier
    refused(match, seat, "undoing it would change whose turn it is")


def test_undo_refused_across_the_display_refill() -> None:
    """Ending a turn after fulfilling a display card turns up a new card: no undo."""

    def after_fulfil(m: RealmMatch) -> bool:
        s = m.state
        return "end" in keys_now(m) and any(
            -1 in row and deck for row, deck in zip(s.display, s.decks, strict=True)
        )

    match = find(2, {"board_side": "starter"}, after_fulfil)
    seat = match.state.seat
    events = match.play_key("end")
    assert any(e.kind == "reveal" for e in events)
    refused(match, seat, "the last decision revealed hidden information or used a random draw")


def red_crystal_match() -> RealmMatch:
    """A seeded advanced game stopped where a seat picks the deck for its red crystal."""

    def red_deck(m: RealmMatch) -> bool:
        d = m.decision
        return d is not None and d.kind == "red_deck"

    return find(2, {"board_side": "advanced"}, red_deck)


def test_undo_refused_after_the_red_crystal_looks_at_a_deck() -> None:
    match = red_crystal_match()
    seat = match.state.seat
    at_deck_choice = match_state(match)
    # Choosing to use the crystal revealed nothing yet: it may be undone and redone.
    assert match.actions[-1].key == "crystal" and match.actions[-1].seat == seat
    match.undo(seat)
    assert "crystal" in keys_now(match)
    match.play_key("crystal")
    assert match_state(match) == at_deck_choice
    # Looking at the top cards reveals them to the seat: no undo.
    match.play(0, seat)
    decision = match.decision
    assert decision is not None and decision.kind == "red_keep" and decision.seat == seat
    assert match.actions[-1].crossed_barrier
    refused(match, seat, "the last decision revealed hidden information or used a random draw")
    # Keeping one of them is an ordinary choice again and may be taken back, to the look.
    looking = match_state(match)
    match.play(0, seat)
    match.undo(seat)
    assert match_state(match) == looking
    refused(match, seat, "the last decision revealed hidden information or used a random draw")


def test_rs_4_1_fulfilling_a_kept_card_shows_it_and_cannot_be_undone() -> None:
    """RS-4.1/RS-5.2: choosing to fulfil a card kept face down shows it to the table (the
    pattern must be seen on the board), so the choice is a barrier undo does not cross; a
    card from the display was open already and may be taken back."""

    def fulfilling(kept: bool) -> Callable[[RealmMatch], bool]:
        def when(match: RealmMatch) -> bool:
            state = match.state
            reserved = {f"fulfil:{CARDS[c].id}" for c in state.players[state.seat].reserved}
            return any(
                (key in reserved) == kept for key in keys_now(match) if key.startswith("fulfil:")
            )

        return when

    for kept in (True, False):
        match = find(1, {"board_side": "advanced"}, fulfilling(kept), seeds=range(2000))
        state = match.state
        reserved = {f"fulfil:{CARDS[c].id}" for c in state.players[state.seat].reserved}
        key = next(
            k for k in keys_now(match) if k.startswith("fulfil:") and (k in reserved) == kept
        )
        seat = state.seat
        match.play_key(key)
        assert match.actions[-1].crossed_barrier == kept
        if kept:
            refused(
                match, seat, "the last decision revealed hidden information or used a random draw"
            )
        else:
            assert match.undo_refusal(seat) is None


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        print(f"usage: {REGENERATE}", file=sys.stderr)
        raise SystemExit(2)
    regenerate()
