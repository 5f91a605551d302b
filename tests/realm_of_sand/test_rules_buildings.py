"""Rules RS-4 (buildings) and RS-5 (crystals)."""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event
from boardwright.engine.session import Match
from boardwright.games.realm_of_sand.geometry import (
    DISC,
    EMPTY,
    SQUARE,
    STRIDE,
    cell_name,
)
from boardwright.games.realm_of_sand.state import CRYSTAL_ACTIVE, CRYSTAL_SPENT, RealmState
from tests.realm_of_sand.scenario import (
    CONTENT,
    GAME,
    card_index,
    field,
    keys,
    new_game,
    play,
    put,
    refresh,
    show_card,
)


def board_with(crystal: str, players: int = 2, **options: Any) -> RealmState:
    """A game where seat 1 has the advanced board of the given crystal colour."""
    for seed in range(200):
        state = new_game(players, seed=seed, board_side="advanced", **options)
        settled = state.pending is not None and state.pending.kind == "turn"
        if GAME.rules.crystal_colour(state.players[0]) == crystal and settled:
            return state
    raise AssertionError(f"no seed gives seat 1 the {crystal} board")


def activate(state: RealmState, seat: int = 0) -> None:
    p = state.players[seat]
    p.crystal = CRYSTAL_ACTIVE
    p.crystal_turn = -1
    refresh(state)


def test_rs_4_1_any_face_up_card_any_number_of_times() -> None:
    """RS-4.1: any face-up card of any level can be fulfilled, several in one turn."""
    state = new_game(2)
    put(state, 0, "B2:g B3:k C3:g D2:r D3:r E3:k")
    show_card(state, "I-01", slot=2)  # G. / KG
    show_card(state, "I-05", slot=3)  # R. / RK
    assert keys(state)[:2] == ["fulfil:I-01", "fulfil:I-05"]
    play(state, "fulfil:I-01", "at:B2+B3+C3", "fulfil:I-05", "at:D2+D3+E3")
    assert [CONTENT.cards[c].id for c in state.players[0].fulfilled] == ["I-01", "I-05"]


def test_rs_4_2_pattern_in_any_rotation_with_squares_and_discs() -> None:
    """RS-4.2: shape and colours must match, in any rotation, squares and discs alike."""
    state = new_game(2)
    # I-01 is G. / KG; a quarter turn clockwise it reads KG / G. (the green on D2 a disc)
    put(state, 0, "C2:k D2:G C3:g")
    show_card(state, "I-01")
    assert "fulfil:I-01" in keys(state)
    play(state, "fulfil:I-01")
    assert keys(state) == ["at:C2+D2+C3"]
    mirror_only = new_game(2)
    put(mirror_only, 0, "C2:k D2:r B3:r C3:g")  # .KR / RG. mirrors I-08's RK. / .GR
    show_card(mirror_only, "I-08")
    assert "fulfil:I-08" not in keys(mirror_only)
    mirrored = new_game(2, card_mirror=True)
    put(mirrored, 0, "C2:k D2:r B3:r C3:g")
    show_card(mirrored, "I-08")
    assert "fulfil:I-08" in keys(mirrored)


def test_rs_4_2_several_matches_are_a_choice() -> None:
    """RS-4.2: where the pattern lies in more than one place, the player picks the fields."""
    state = new_game(2)
    put(state, 0, "B2:g B3:k C3:g E2:g E3:k F3:g")
    show_card(state, "I-01")
    play(state, "fulfil:I-01")
    assert keys(state) == ["at:B2+B3+C3", "at:E2+E3+F3"]


def test_rs_4_3_used_pieces_leave_the_board() -> None:
    """RS-4.3: used squares go back to the supply, used discs back to the player."""
    state = new_game(2)
    put(state, 0, "B2:G B3:k C3:g D4:r")
    show_card(state, "I-01")
    supply = state.squares[:]
    play(state, "fulfil:I-01", "at:B2+B3+C3")
    p = state.players[0]
    assert p.pool[0] == 1 and state.squares == [supply[0] + 1, supply[1], supply[2] + 1]
    assert [p.cells[field(n)] for n in ("B2", "B3", "C3")] == [EMPTY] * 3
    assert p.cells[field("D4")] == SQUARE + 1  # pieces not used stay


def test_rs_4_4_rewards_stars_hourglasses_discs_level() -> None:
    """RS-4.4: bonus discs while the supply lasts, level up at once; stars and hourglasses."""
    state = new_game(2)
    p = state.players[0]
    put(state, 0, "B2:k C2:k C3:k")
    show_card(state, "I-02")  # KK / .K: 1 star, 2 hourglasses, a red disc
    play(state, "fulfil:I-02", "at:B2+C2+C3")
    assert (p.stars, p.hourglasses, p.pool[1]) == (1, 2, 1)
    state.spirit_supply[1] = 0
    put(state, 0, "B2:k C2:k C3:k")
    state.display[0][0] = card_index("I-02")
    state.players[0].fulfilled.remove(card_index("I-02"))
    refresh(state)
    play(state, "fulfil:I-02", "at:B2+C2+C3")
    assert p.pool[1] == 1  # the supply was empty: no disc
    put(state, 0, "B2:g C2:k C3:g")
    show_card(state, "I-03")  # level up
    play(state, "fulfil:I-03", "at:B2+C2+C3")
    assert p.level == 1


def test_rs_4_5_display_refilled_after_the_turn() -> None:
    """RS-4.5: the taken card's slot stays empty until the turn ends, then refills."""
    state = new_game(2)
    put(state, 0, "B2:g B3:k C3:g")
    show_card(state, "I-01", slot=1)
    top = state.decks[0][-1]
    play(state, "fulfil:I-01", "at:B2+B3+C3")
    assert state.display[0][1] == -1
    play(state, "discs", "done")
    assert state.display[0][1] == -1
    play(state, "end")
    assert state.display[0][1] == top
    put(state, 1, "B2:g B3:g C3:g")
    show_card(state, "I-04", slot=2)  # G. / GG
    state.decks[0].clear()
    play(state, "fulfil:I-04", "at:B2+B3+C3", "discs", "done", "end")
    assert state.display[0][2] == -1  # the deck is empty: the slot stays empty


def test_rs_5_1_crystal_activation_timing_and_reuse() -> None:
    """RS-5.1: covering the crystal field with a fulfilled card activates it; not this turn."""
    state = board_with("orange")
    p = state.players[0]
    crystal = CONTENT.boards[p.board].crystal_field
    assert p.crystal == CRYSTAL_SPENT
    # I-01 (G. / KG) with its top green on the crystal field
    fields = [crystal, crystal + STRIDE, crystal + STRIDE + 1]
    put(state, 0, " ".join(f"{cell_name(f)}:{c}" for f, c in zip(fields, "gkg", strict=True)))
    put(state, 0, "B2:g B3:k C3:g" if crystal != field("B2") else "E5:g E6:k F6:g")
    show_card(state, "I-01")
    play(state, "fulfil:I-01")
    assert len(keys(state)) == 2
    elsewhere = next(k for k in keys(state) if cell_name(crystal) not in k)
    play(state, elsewhere)
    assert p.crystal == CRYSTAL_SPENT  # the crystal field was not covered
    state.display[0][0] = card_index("I-01")
    p.fulfilled.remove(card_index("I-01"))
    refresh(state)
    play(state, "fulfil:I-01", "at:" + "+".join(cell_name(f) for f in sorted(fields)))
    assert p.crystal == CRYSTAL_ACTIVE
    assert "crystal" not in keys(state)  # not in the turn it was activated
    play(state, "discs", "done", "end", "discs", "done", "end")
    assert "crystal" in keys(state)
    play(state, "crystal")
    assert p.crystal == CRYSTAL_SPENT and p.level == 1
    assert "crystal" not in keys(state)


def test_rs_5_2_red_keep_one_of_three_face_down() -> None:
    """RS-5.2: look at the top 3 of a deck, keep one face down, the rest under the deck."""
    state = board_with("red")
    activate(state)
    match_log: list[Event] = []
    deck = state.decks[1]
    top3 = deck[-3:][::-1]
    play(state, "crystal", "deck:2", log=match_log)
    assert keys(state) == [f"keep:{CONTENT.cards[c].id}" for c in top3]
    play(state, f"keep:{CONTENT.cards[top3[1]].id}", log=match_log)
    assert state.players[0].reserved == [top3[1]]
    assert state.decks[1][:2] == [top3[2], top3[0]] or state.decks[1][:2] == [top3[0], top3[2]]
    assert len(state.decks[1]) == 13
    private = [e for e in match_log if e.seats is not None]
    assert [e.kind for e in private] == ["red_look", "red_keep"]
    assert all(e.seats == frozenset({0}) for e in private)
    other_view = GAME.view(state, 1)
    assert other_view["seats"][0]["kept_cards"] == 1
    assert GAME.view(state, 0)["seats"][0]["kept_cards"][0]["id"] == CONTENT.cards[top3[1]].id


def test_rs_5_2_kept_card_can_be_fulfilled_later() -> None:
    """RS-5.2: a kept card can be fulfilled any time later."""
    state = board_with("red")
    state.players[0].reserved.append(card_index("I-01"))
    state.decks[0].remove(card_index("I-01")) if card_index("I-01") in state.decks[0] else None
    for row in state.display:
        if card_index("I-01") in row:
            row[row.index(card_index("I-01"))] = -1
    put(state, 0, "B2:g B3:k C3:g")
    refresh(state)
    play(state, "fulfil:I-01", "at:B2+B3+C3")
    assert state.players[0].reserved == [] and state.players[0].stars == 2


def test_rs_5_3_yellow_swap_a_disc_with_the_supply() -> None:
    """RS-5.3: swap one of your discs for one from the supply (in front of you or on the board)."""
    state = board_with("yellow")
    p = state.players[0]
    p.pool[0] = 1
    state.spirit_supply[0] -= 1
    put(state, 0, "C2:R")
    activate(state)
    play(state, "crystal")
    assert keys(state) == ["disc:G", "disc@C2"]
    play(state, "disc@C2")
    assert "swap:R" not in keys(state) and "swap:B" in keys(state)
    supply = state.spirit_supply[:]
    play(state, "swap:B")
    assert p.cells[field("C2")] == DISC + 3
    assert state.spirit_supply[1] == supply[1] + 1 and state.spirit_supply[3] == supply[3] - 1


def test_rs_5_4_green_move_a_square_to_an_empty_field() -> None:
    """RS-5.4: move one rune square on your board to an empty field."""
    state = board_with("green")
    p = state.players[0]
    put(state, 0, "C2:r D2:G")
    activate(state)
    play(state, "crystal")
    assert keys(state) == ["square:C2"]  # discs are not squares
    play(state, "square:C2")
    assert "to:D2" not in keys(state) and "to:A1" not in keys(state)
    play(state, "to:E5")
    assert p.cells[field("E5")] == SQUARE + 1 and p.cells[field("C2")] == EMPTY


def test_rs_5_5_purple_passive_extra_disc_and_no_limit() -> None:
    """RS-5.5 (passive): a yellow or blue disc at setup; no 3-disc limit in action B."""
    for seed in range(300):
        state = GAME.setup(
            GAME.config(
                2, {"board_side": "advanced", "first_player": "1", "starting_draft": "queen_front"}
            ),
            seed,
        )
        if GAME.rules.crystal_colour(state.players[0]) == "purple":
            break
    assert state.pending is not None and state.pending.kind == "purple_spirit"
    assert keys(state) == ["spirit:Y", "spirit:B"]
    play(state, "spirit:B")
    p = state.players[0]
    assert p.pool[3] == 1
    p.pool[0] = 4
    state.spirit_supply[0] -= 4
    p.pool[3] += 1
    state.spirit_supply[3] -= 1
    refresh(state)
    play(state, "discs")
    for target in ("C3", "D3", "E3", "C4"):
        play(state, "place:G", f"to:{target}")
    assert "place:B" in keys(state)  # a fifth one is still allowed


def test_rs_5_5_purple_crystal_mode() -> None:
    """RS-5.5 (crystal mode option): spending the crystal gives the disc and the no-limit turn."""
    state = board_with("purple", purple_power="crystal")
    assert state.pending is not None and state.pending.kind == "turn"
    p = state.players[0]
    activate(state)
    play(state, "crystal", "spirit:Y", "discs")
    assert p.pool[4] == 1
    p.pool[0] = 3
    state.spirit_supply[0] -= 3
    refresh(state)
    for target in ("C3", "D3", "E3"):
        play(state, "place:G", f"to:{target}")
    assert "place:Y" in keys(state)


def test_rs_5_6_orange_level_up() -> None:
    """RS-5.6: raise your level by one."""
    state = board_with("orange")
    activate(state)
    play(state, "crystal")
    assert state.players[0].level == 1


def test_rs_5_7_blue_swap_one_or_two_tiles() -> None:
    """RS-5.7: swap 1-2 tiles of your zone for any tiles of the circle."""
    state = board_with("blue")
    p = state.players[0]
    activate(state)
    give = p.zone[0]
    far = state.circle[10]
    play(state, "crystal", f"give:{CONTENT.tiles[give].id}")
    assert len(keys(state)) == len(state.circle)  # any tile of the circle
    play(state, f"take:{CONTENT.tiles[far].id}")
    assert far in p.zone and state.circle[10] == give
    assert "done" in keys(state)
    play(state, f"give:{CONTENT.tiles[p.zone[1]].id}")
    play(state, keys(state)[0])
    assert state.pending is not None and state.pending.kind == "turn"  # two swaps at most


def test_rs_5_crystal_use_is_recorded_and_undo_stops_at_reveals() -> None:
    """RS-5.1/RS-5.2 with a Match: a red crystal look cannot be undone."""
    for seed in range(200):
        match = Match(
            GAME,
            GAME.config(
                2, {"board_side": "advanced", "first_player": "1", "starting_draft": "queen_front"}
            ),
            seed,
        )
        pending = match.state.pending
        settled = pending is not None and pending.kind == "turn"
        if GAME.rules.crystal_colour(match.state.players[0]) == "red" and settled:
            break
    activate(match.state)
    match.play_key("crystal")
    match.play_key("deck:1")
    assert match.undo_refusal(0) == (
        "the last decision revealed hidden information or used a random draw"
    )
    assert match.undo_refusal(1) == "the last decision was not yours"


def test_rs_5_3_yellow_not_offered_when_no_other_colour_is_in_the_supply() -> None:
    """RS-5.3: with only discs of your own colour in the supply there is nothing to swap."""
    state = board_with("yellow")
    p = state.players[0]
    p.pool[0] = 1
    state.spirit_supply = [state.spirit_supply[0] - 1, 0, 0, 0, 0]
    activate(state)
    assert "crystal" not in keys(state)
    state.spirit_supply[2] = 1
    refresh(state)
    assert "crystal" in keys(state)
