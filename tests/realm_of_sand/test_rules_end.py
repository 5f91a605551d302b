"""Rules RS-6 (end and scoring) and RS-7 (solo variant)."""

from __future__ import annotations

from boardwright.engine.events import Event
from boardwright.engine.rng import Rng
from boardwright.games.realm_of_sand.game import solo_title
from boardwright.games.realm_of_sand.state import RealmState
from tests.realm_of_sand.scenario import GAME, keys, new_game, play, put, refresh


def pass_turn(state: RealmState) -> None:
    play(state, "discs", "done", "end")


def test_rs_6_1_ten_hourglasses_end_the_game_after_the_round() -> None:
    """RS-6.1: the round in which someone reaches 10 hourglasses is played to its end."""
    state = new_game(3, first_player="1")
    pass_turn(state)  # seat 1
    state.players[1].hourglasses = 10  # seat 2 reaches the goal during its turn
    refresh(state)
    log: list[Event] = []
    play(state, "discs", "done", "end", log=log)
    assert state.end_triggered and any(e.kind == "end_triggered" for e in log)
    assert not state.finished and state.seat == 2  # seat 3 still plays this round
    pass_turn(state)
    assert state.finished and state.pending is None
    assert GAME.result(state) is not None


def test_rs_6_1_goal_reached_by_the_last_seat_ends_at_once() -> None:
    """RS-6.1: reached in the round's last turn, the game ends right after that turn."""
    state = new_game(2, first_player="2", hourglass_goal=3)
    pass_turn(state)  # seat 2 (first)
    state.players[0].hourglasses = 3
    refresh(state)
    pass_turn(state)  # seat 1 closes the round
    assert state.finished


def test_rs_6_2_scores_are_stars() -> None:
    """RS-6.2: each player scores the stars on their fulfilled cards."""
    state = new_game(2, max_rounds=1)
    state.players[0].stars = 9
    state.players[1].stars = 4
    refresh(state)
    pass_turn(state)
    pass_turn(state)
    result = GAME.result(state)
    assert result is not None and result.scores == (9.0, 4.0) and result.ranks == (1, 2)
    assert result.winners == (0,)


def test_rs_6_3_tie_broken_by_pieces_on_the_board_then_shared() -> None:
    """RS-6.3: equal stars: more squares and discs on the board wins; still equal: shared."""
    state = new_game(3, max_rounds=1)
    for p in state.players:
        p.stars = 5
    put(state, 1, "B2:g C2:R")
    put(state, 2, "B2:g C2:k")
    put(state, 0, "B2:k")
    refresh(state)
    for _ in range(3):
        pass_turn(state)
    result = GAME.result(state)
    assert result is not None
    assert result.ranks == (3, 1, 1) and result.details["pieces_on_board"] == [1, 2, 2]
    assert result.winners == (1, 2)


def test_rs_6_4_safety_cap_on_rounds() -> None:
    """RS-6.4: the game stops after max_rounds rounds whatever the hourglasses."""
    state = new_game(2, max_rounds=2)
    for _ in range(4):
        assert not state.finished
        pass_turn(state)
    assert state.finished and state.round == 2


def test_rs_6_5_game_ends_when_no_card_is_left() -> None:
    """RS-6.5: once no card is left in decks, display or kept hands, the round ends the game."""
    state = new_game(2)
    for level in range(3):
        state.decks[level].clear()
        state.display[level] = [-1] * 4
    refresh(state)
    pass_turn(state)
    assert not state.finished
    pass_turn(state)
    assert state.finished


def test_rs_6_random_games_end_by_hourglasses() -> None:
    """RS-6.1 in play: with a low goal, random games end by the final-round rule."""
    ended = 0
    for seed in range(20):
        state = GAME.setup(GAME.config(2, {"hourglass_goal": 2}), seed)
        rng = Rng(seed)
        while state.pending is not None:
            GAME.apply(state, rng.below(len(state.pending.options)))
        ended += state.end_triggered
        assert state.round < state.opts.max_rounds or state.end_triggered
    assert ended >= 15


def test_rs_7_1_solo_lasts_14_rounds_without_hourglass_end() -> None:
    """RS-7.1: the solo game lasts 14 rounds; hourglasses do not end it."""
    state = new_game(1)
    state.players[0].hourglasses = 30
    refresh(state)
    turns = 0
    while state.pending is not None:
        assert state.pending.kind == "turn"
        play(state, "discs", "done")
        play(state, keys(state)[0])  # set a tile aside
        while state.pending is not None and state.pending.kind == "take_tile":
            play(state, keys(state)[0])
        play(state, "end")
        turns += 1
    assert turns == 14 and len(state.aside) == 14 and state.round == 14


def test_rs_7_2_solo_tiles_are_set_aside_as_round_markers() -> None:
    """RS-7.2: action A sets the placed tile aside; action B sets a chosen zone tile aside."""
    state = new_game(1)
    p = state.players[0]
    tile = p.zone[0]
    circle = len(state.circle)
    play(state, "place-tile", f"tile:{GAME.rules.tiles[tile].id}", "orient:0")
    play(state, keys(state)[0])
    assert state.aside == [tile] and tile not in state.circle
    play(state, keys(state)[0])  # refill from the two after the queen
    assert len(state.circle) == circle - 1 and len(p.zone) == 3
    play(state, "end", "discs", "done")
    assert state.pending is not None and state.pending.kind == "set_aside"
    chosen = p.zone[2]
    play(state, f"aside:{GAME.rules.tiles[chosen].id}")
    assert state.aside == [tile, chosen] and chosen not in p.zone


def test_rs_7_3_solo_rank_table() -> None:
    """RS-7.3: <=25 Lehrling, 26-30 Meister, 31-35 Grossmeister, 36-39 Premier, >=40 Koenig."""
    table = {
        0: "Lehrling",
        25: "Lehrling",
        26: "Meister",
        30: "Meister",
        31: "Großmeister",
        35: "Großmeister",
        36: "Premier",
        39: "Premier",
        40: "König von Ragusa",
        55: "König von Ragusa",
    }
    for stars, title in table.items():
        assert solo_title(stars) == title
    state = new_game(1, solo_rounds=1)
    state.players[0].stars = 33
    refresh(state)
    play(state, "discs", "done")
    play(state, keys(state)[0])
    while state.pending is not None and state.pending.kind == "take_tile":
        play(state, keys(state)[0])
    play(state, "end")
    result = GAME.result(state)
    assert result is not None and result.details["solo_title"] == "Großmeister"
