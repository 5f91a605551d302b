"""Rules RS-2 (turn, main action A: tiles) and RS-3 (main action B: discs; levels)."""

from __future__ import annotations

from boardwright.games.realm_of_sand.geometry import DISC, EMPTY, SQUARE
from boardwright.games.realm_of_sand.state import RealmState
from tests.realm_of_sand.scenario import (
    CONTENT,
    GAME,
    field,
    keys,
    new_game,
    play,
    put,
    refresh,
    show_card,
)


def test_rs_2_1_turn_menu_one_main_action_further_actions_around_it() -> None:
    """RS-2.1: exactly one main action; fulfilling before and after; then end the turn."""
    state = new_game(2)
    assert "place-tile" in keys(state) and "discs" in keys(state) and "end" not in keys(state)
    play(state, "discs", "done")
    assert state.pending is not None and state.pending.kind == "turn"
    assert keys(state) == ["end"]  # main action done: no second one
    put(state, 0, "B2:g B3:k C3:g")
    show_card(state, "I-01")
    assert keys(state) == ["fulfil:I-01", "end"]  # a further action after the main action
    play(state, "end")
    assert state.seat == 1


def test_rs_2_1_further_action_before_the_main_action() -> None:
    """RS-2.1: a building may be fulfilled before the main action too."""
    state = new_game(2)
    put(state, 0, "B2:g B3:k C3:g")
    show_card(state, "I-01")
    assert keys(state)[0] == "fulfil:I-01"
    play(state, "fulfil:I-01", "at:B2+B3+C3")
    assert "place-tile" in keys(state) and "discs" in keys(state)


def test_rs_2_2_tile_goes_within_the_light_area_rotated_and_flipped() -> None:
    """RS-2.2: a zone tile goes on the light area; all rotations, and flips (option)."""
    state = new_game(2)
    bent = next(t for t in CONTENT.tiles if t.shape == "L" and len(set(t.colours)) == 3)
    state.players[0].zone[0] = bent.index
    state.circle.remove(bent.index) if bent.index in state.circle else None
    refresh(state)
    play(state, "place-tile", f"tile:{bent.id}")
    assert len(keys(state)) == 8  # 4 rotations x 2 sides of a tile with three colours
    play(state, "orient:0")
    positions = keys(state)
    assert len(positions) == 16  # a 2x2 box fits 4x4 ways in the 5x5 light area
    assert all(not part.startswith(("A", "G")) for k in positions for part in k[3:].split("+"))
    no_flip = new_game(2, tile_flip=False)
    no_flip.players[0].zone[0] = bent.index
    refresh(no_flip)
    play(no_flip, "place-tile", f"tile:{bent.id}")
    assert len(keys(no_flip)) == 4


def first(state: RealmState) -> None:
    """Choose the first option of the current decision."""
    play(state, keys(state)[0])


def place_first_tile(state: RealmState, tile: int | None = None) -> int:
    """Start action A with the zone's first tile (or ``tile``) in its first orientation."""
    tile = state.players[state.seat].zone[0] if tile is None else tile
    play(state, "place-tile", f"tile:{CONTENT.tiles[tile].id}", "orient:0")
    return tile


def test_rs_2_3_overbuilding_returns_squares_and_discs() -> None:
    """RS-2.3: covered squares go back to the supply, covered discs to their owner."""
    state = new_game(2)
    put(state, 0, "B2:r C2:B")
    straight = next(t for t in CONTENT.tiles if t.shape == "I")
    state.players[0].zone[0] = straight.index
    refresh(state)
    play(state, "place-tile", f"tile:{straight.id}")
    assert state.pending is not None
    horizontal = next(o.key for o in state.pending.options if len(o.args["rows"]) == 1)
    play(state, horizontal)
    red_before = state.squares[1]
    play(state, "at:B2+C2+D2")
    p = state.players[0]
    assert p.pool[3] == 1  # the blue disc is back in front of its owner
    assert state.squares[1] == red_before + 1 - straight.colours.count(1)
    assert all(p.cells[field(n)] >= SQUARE for n in ("B2", "C2", "D2"))
    assert p.discs_on_board == 0


def test_rs_2_4_squares_come_from_the_supply_and_shortage_rules() -> None:
    """RS-2.4: the tile is replaced by squares of its colours; shortage blocks (or partial)."""
    state = new_game(2)
    before = state.squares[:]
    tile = CONTENT.tiles[place_first_tile(state)]
    first(state)
    used = [before[c] - state.squares[c] for c in range(3)]
    assert used == [tile.colours.count(c) for c in range(3)]
    assert state.players[0].occupied().bit_count() == 3
    blocked = new_game(2)
    colour = CONTENT.tiles[blocked.players[0].zone[0]].colours[0]
    blocked.squares[colour] = 0
    refresh(blocked)
    playable = GAME.rules.placeable_tiles(blocked, blocked.players[0])
    assert blocked.players[0].zone[0] not in playable
    partial = new_game(2, square_shortage="partial")
    partial.squares = [0, 0, 0]
    refresh(partial)
    place_first_tile(partial)
    first(partial)
    assert partial.players[0].occupied() == 0 and partial.squares == [0, 0, 0]


def test_rs_2_5_tile_goes_behind_the_queen_and_one_of_the_first_two_is_taken() -> None:
    """RS-2.5: the placed tile joins the end of the circle; take one of the two after the queen."""
    state = new_game(2)
    head, second, third = state.circle[:3]
    tile = place_first_tile(state)
    first(state)
    assert state.circle[-1] == tile
    assert keys(state) == [f"take:{CONTENT.tiles[head].id}", f"take:{CONTENT.tiles[second].id}"]
    play(state, f"take:{CONTENT.tiles[second].id}")
    assert second in state.players[0].zone
    assert state.circle[:2] == [head, third]  # the queen skips no tile: the first one stays first


def test_rs_2_6_zone_is_refilled_to_three() -> None:
    """RS-2.6: whenever the zone holds fewer than 3 tiles it is refilled at once."""
    state = new_game(2)
    place_first_tile(state)
    first(state)
    assert len(state.players[0].zone) == 2
    first(state)
    assert len(state.players[0].zone) == 3
    solo = new_game(1)
    play(solo, "discs", "done")
    first(solo)  # set one tile aside
    assert solo.pending is not None and solo.pending.kind == "take_tile"
    assert len(solo.players[0].zone) == 2
    first(solo)
    assert len(solo.players[0].zone) == 3


def test_rs_3_1_up_to_three_discs_placed_or_moved() -> None:
    """RS-3.1: place discs from in front of you and/or move discs already on the board: up to
    three *discs* in all (seed 003 "bis zu 3 Scheiben"), so a disc placed or moved in this
    action is not moved again."""
    state = new_game(2)
    p = state.players[0]
    put(state, 0, "C3:Y")
    p.pool = [2, 0, 0, 1, 0]
    state.spirit_supply = [s - d for s, d in zip(state.spirit_supply, p.pool, strict=True)]
    refresh(state)
    play(state, "discs")
    assert keys(state) == ["place:G", "place:B", "move:C3", "done"]
    play(state, "place:G", "to:B2")
    assert "move:B2" not in keys(state) and "move:C3" in keys(state)
    play(state, "move:C3", "to:D3")
    assert keys(state) == ["place:G", "place:B", "done"]  # neither moved disc moves again
    play(state, "place:B", "to:D2")
    assert keys(state) == ["done"]  # three discs: only finishing is left
    assert p.cells[field("B2")] == DISC + 0 and p.cells[field("D2")] == DISC + 3
    assert p.cells[field("D3")] == DISC + 4 and p.cells[field("C3")] == EMPTY
    assert p.pool == [1, 0, 0, 0, 0]


def test_rs_3_1_discs_only_on_allowed_fields() -> None:
    """RS-3.1: every disc goes to an allowed field; the dark zone is closed at level 0."""
    state = new_game(2)
    state.players[0].pool[0] = 1
    state.spirit_supply[0] -= 1
    refresh(state)
    play(state, "discs", "place:G")
    targets = {k[3:] for k in keys(state)}
    assert len(targets) == 25 and "A1" not in targets and "B2" in targets


def test_rs_3_2_each_level_opens_exactly_one_dark_field() -> None:
    """RS-3.2: at level L the player may use L dark fields of their choice."""
    state = new_game(2)
    p = state.players[0]
    p.level = 1
    p.pool[0] = 2
    state.spirit_supply[0] -= 2
    refresh(state)
    play(state, "discs", "place:G")
    assert "to:A1" in keys(state) and "to:G7" in keys(state)
    play(state, "to:A1")
    assert p.unlocked == 1 << field("A1")
    play(state, "place:G")
    targets = {k[3:] for k in keys(state)}
    assert "A1" in targets and "G7" not in targets  # the one level is used up
    play(state, "to:A1")
    assert p.cells[field("A1")] == DISC and p.pool[0] == 1
    # a tile may open dark fields too, within the same budget
    p.level = 2
    play(state, "done", "end")
    play(state, "discs", "done", "end")
    play(state, "place-tile", f"tile:{CONTENT.tiles[p.zone[0]].id}", "orient:0")
    spots = [set(k[3:].split("+")) for k in keys(state)]
    dark = {f"{c}{r}" for c in "ABCDEFG" for r in range(1, 8) if c in "AG" or r in (1, 7)}
    closed_dark = dark - {"A1"}
    assert max(len(s & closed_dark) for s in spots) == 1  # one more dark field may open
    assert any("A1" in s for s in spots)


def test_rs_3_2_level_is_capped_at_max_level() -> None:
    """RS-3.2: the level track tops out at max_level."""
    state = new_game(2, max_level=1)
    p = state.players[0]
    put(state, 0, "B2:g C2:k C3:g")
    show_card(state, "I-03")  # GK / .G with a level up
    play(state, "fulfil:I-03", "at:B2+C2+C3")
    assert p.level == 1
    put(state, 0, "B2:k B3:r C3:r")
    show_card(state, "I-06")  # K. / RR with a level up
    play(state, "fulfil:I-06", "at:B2+B3+C3")
    assert p.level == 1 and len(p.fulfilled) == 2


def test_rs_3_3_disc_target_loses_its_piece() -> None:
    """RS-3.3: a piece on the target field leaves the board (squares to supply, discs back)."""
    state = new_game(2)
    p = state.players[0]
    put(state, 0, "B2:r C2:Y")
    p.pool[0] = 2
    state.spirit_supply[0] -= 2
    refresh(state)
    red = state.squares[1]
    play(state, "discs", "place:G", "to:B2")
    assert state.squares[1] == red + 1 and p.cells[field("B2")] == DISC
    play(state, "place:G", "to:C2")
    assert p.pool[4] == 1 and p.cells[field("C2")] == DISC
