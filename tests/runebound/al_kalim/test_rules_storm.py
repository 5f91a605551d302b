"""The Sands of Al-Kalim, AK-13: the sandstorm (placement, two-step moves along either arrow,
turning, the board's edge, covered hexes) and AK-2.3 (the Prison of the Ifrit)."""

from __future__ import annotations

import pytest

from boardwright.engine.events import Event
from boardwright.engine.hexgrid import neighbour
from boardwright.games.runebound.adventures.al_kalim.sandstorm import (
    DIRECTION_NAMES,
    points_off,
    settle,
)
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.al_kalim.scenario import (
    AL_KALIM_RULES,
    BOARD,
    DUNES,
    FACE_WIND,
    FACE_WIND_TURNS,
    GAME,
    PRISON,
    ROAD,
    al_kalim_state,
    at_key,
    covered,
    faces,
    hex_at,
    keys,
    kind,
    me,
    new_game,
    next_to,
    play,
    put,
    quiet_hex,
    rig,
    set_storm,
    story,
    terrain,
)

E, SE, SW, W, NW, NE = range(6)
EAST_EDGE = hex_at(10, 6)  # the last hex of row 6: nothing to its east
NEAR_EAST_EDGE = hex_at(9, 6)


def storm_roll(
    state: RuneboundState, face: int = FACE_WIND, log: list[Event] | None = None
) -> None:
    """Seat 0, on a quiet dunes hex far from the storm, rolls the story die by day."""
    put(state, quiet_hex(DUNES))
    story(state, face, log=log)


def storm_log(state: RuneboundState) -> list[Event]:
    """:func:`storm_roll` with an event log, returned."""
    log: list[Event] = []
    storm_roll(state, log=log)
    return log


# --- AK-13.1 and AK-13.2 the first appearance -------------------------------------------------


def test_ak_13_1_ak_2_3_the_storm_enters_on_the_prison_of_the_ifrit() -> None:
    """AK-13.1, AK-2.3, AK-3.7: it waits beside the board; at its first appearance its centre
    goes on the Prison of the Ifrit and the player turns its arrows the way they want."""
    state = new_game()
    assert (
        al_kalim_state(state).storm == -1 and GAME.view(state, 0)["al_kalim"]["sandstorm"] is None
    )
    assert BOARD.hex_name(PRISON) == "Prison of the Ifrit"
    storm_roll(state)
    assert kind(state) == "storm_place"
    assert keys(state) == [f"arrows:{d}" for d in DIRECTION_NAMES]
    play(state, "arrows:north-east")
    assert (al_kalim_state(state).storm, al_kalim_state(state).storm_direction) == (PRISON, NE)
    view = GAME.view(state, 0)["al_kalim"]["sandstorm"]
    assert view["arrows"] == ["north-east", "east"]
    assert view["centre"] == str(BOARD.hexes[PRISON].at)


@pytest.mark.parametrize(("start", "moves"), [("place_only", 0), ("place_and_move", 2)])
def test_ak_13_2_the_first_time_it_is_placed_and_maybe_moved(start: str, moves: int) -> None:
    """AK-13.2 (option sandstorm_start): placed only (default), or placed and moved two hexes."""
    state = new_game(sandstorm_start=start)
    storm_roll(state)
    play(state, "arrows:east")
    for _ in range(moves):
        assert kind(state) == "storm_move"
        play(state, "step:east")
    assert kind(state) != "storm_move"
    assert al_kalim_state(state).storm == (PRISON if moves == 0 else next_to(next_to(PRISON, E), E))


# --- AK-13.3 moving --------------------------------------------------------------------------


def test_ak_13_3_example_9_one_hex_along_each_arrow() -> None:
    """AK-13.3, example 9: arrows north-east and east: one hex north-east, then one east."""
    state = new_game()
    set_storm(state, PRISON, NE)
    storm_roll(state)
    assert kind(state) == "storm_move" and keys(state) == ["step:north-east", "step:east"]
    play(state, "step:north-east")
    assert al_kalim_state(state).storm == next_to(PRISON, NE)
    assert kind(state) == "storm_move"
    play(state, "step:east")
    assert al_kalim_state(state).storm == next_to(next_to(PRISON, NE), E)
    assert kind(state) != "storm_move"  # two hexes, no more


def test_ak_13_3_two_hexes_along_the_same_arrow() -> None:
    """AK-13.3: or both steps along one arrow."""
    state = new_game()
    set_storm(state, PRISON, NE)
    storm_roll(state)
    play(state, "step:east", "step:east")
    assert al_kalim_state(state).storm == next_to(next_to(PRISON, E), E)


# --- AK-13.4 the marker ----------------------------------------------------------------------


@pytest.mark.parametrize(("radius", "count"), [(0, 1), (1, 7), (2, 19)])
def test_ak_13_4_the_marker_covers_its_centre_and_rings(radius: int, count: int) -> None:
    """AK-13.4 (option sandstorm_radius): 1, 7 (default) or 19 hexes around its centre."""
    state = new_game(sandstorm_radius=radius)
    set_storm(state, PRISON, 0)
    assert len(covered(state)) == count and PRISON in covered(state)
    if radius:
        assert set(BOARD.hexes[PRISON].neighbours) <= covered(state)


@pytest.mark.parametrize(("spread", "second"), [("60", SE), ("120", SW)])
def test_ak_13_4_the_arrows_spread_and_turn_together(spread: str, second: int) -> None:
    """AK-13.4 (option sandstorm_arrow_spread): arrows 60 degrees apart (default) or 120;
    turning the marker turns both."""
    state = new_game(sandstorm_arrow_spread=spread)
    storm_roll(state)
    play(state, "arrows:east")
    arrows = GAME.view(state, 0)["al_kalim"]["sandstorm"]["arrows"]
    assert arrows == ["east", DIRECTION_NAMES[second]]


# --- AK-13.5 and AK-13.6 the edge and turning ----------------------------------------------------


def test_ak_13_5_the_marker_turns_only_when_the_move_ends() -> None:
    """AK-13.5: a first step to the east edge leaves the arrows as they were (east and
    south-east): only south-east is a step now, and the marker is not turned mid-move."""
    assert next_to_or_none(EAST_EDGE, E) is None
    state = new_game()
    set_storm(state, NEAR_EAST_EDGE, E)
    storm_roll(state)
    play(state, "step:east")
    assert al_kalim_state(state).storm == EAST_EDGE
    assert al_kalim_state(state).storm_direction == E  # not turned in the middle of the move
    assert keys(state) == ["step:south-east"]  # the east arrow points off: no step that way


def test_ak_13_5_a_move_ending_with_an_arrow_off_the_board_turns_clockwise() -> None:
    """AK-13.5: when the move ends with an arrow off the board, the marker turns clockwise one
    step at a time until neither arrow points off it."""
    state = new_game()
    start = next_to(NEAR_EAST_EDGE, W)
    set_storm(state, start, E)
    log = storm_log(state)
    play(state, "step:east", log=log)
    assert al_kalim_state(state).storm_direction == E
    play(state, "step:east", log=log)
    storm = al_kalim_state(state)
    assert storm.storm == EAST_EDGE
    assert storm.storm_direction == settle(BOARD, EAST_EDGE, E, 1) == SE
    assert [e.data.get("variant") for e in log if e.kind == "storm"] == ["moves", "moves", "edge"]


def test_ak_13_5_placement_never_points_off_and_the_overhang_covers_nothing() -> None:
    """AK-13.5: at the edge a marker part hanging over covers nothing; no arrow points off."""
    state = new_game()
    set_storm(state, EAST_EDGE, SE)
    assert len(covered(state)) < 7 and EAST_EDGE in covered(state)
    assert points_off(BOARD, EAST_EDGE, E, 1)
    assert settle(BOARD, EAST_EDGE, E, 1) == SE
    assert not points_off(BOARD, EAST_EDGE, settle(BOARD, EAST_EDGE, NE, 1), 1)


def test_ak_13_6_ak_8_6_the_wind_turns_then_the_edge_rule() -> None:
    """AK-13.6: the wasteland symbol turns the marker one step clockwise; then the edge rule
    turns it on while an arrow points off the board."""
    state = new_game()
    set_storm(state, PRISON, W)  # west and north-west, in the middle of the board
    storm_roll(state, FACE_WIND_TURNS)
    play(state, "symbol:wasteland")
    assert al_kalim_state(state).storm_direction == NW  # one step: north-west and north-east
    state = new_game()
    set_storm(state, EAST_EDGE, NW)  # north-west and north-east: both on the board
    storm_roll(state, FACE_WIND_TURNS)
    play(state, "symbol:wasteland")
    # one step gives north-east and east, but east is off the board; turning on, east and
    # south-east still point off; south-east and south-west are the first to stay on
    assert al_kalim_state(state).storm_direction == SE


def next_to_or_none(index: int, direction: int) -> int | None:
    return BOARD.by_coordinates.get(neighbour(BOARD.hexes[index].at, direction))


# --- AK-13.7 heroes under the storm --------------------------------------------------------------


@pytest.mark.parametrize("carries", [False, True])
def test_ak_13_7_covered_heroes_stay_or_are_carried(carries: bool) -> None:
    """AK-13.7 (option storm_carries_heroes): a covered hero stays on their own hex when the
    storm moves on (default), or moves with the marker."""
    state = new_game(storm_carries_heroes=carries)
    under = next_to(PRISON, W)
    state.heroes[1].hex = under
    set_storm(state, PRISON, E)
    assert under in covered(state)
    storm_roll(state)
    play(state, "step:east")
    expected = next_to(under, E) if carries else under
    assert state.heroes[1].hex == expected


# --- AK-13.8 to AK-13.10 covered hexes --------------------------------------------------------


def test_ak_13_8_no_adventure_or_bazaar_under_the_storm() -> None:
    """AK-13.8: a covered counter cannot be taken on, a covered city's bazaar not explored."""
    state = new_game()
    here = quiet_hex(DUNES)
    state.counters[here] = 1
    set_storm(state, here, E)
    put(state, here)
    play(state, "day", "stay")
    assert keys(state) == ["story"]


def test_ak_13_9_no_die_enters_a_covered_hex() -> None:
    """AK-13.9: a covered hex is 'sandstorm' terrain, which no movement die shows."""
    state = new_game()
    start = quiet_hex(DUNES)
    target = next_to(start, E)
    set_storm(state, next_to(target, E), E)
    assert target in covered(state) and start not in covered(state)
    put(state, start)
    play(state, "night")
    rig(state, *faces(1, 2, 3, 4, 5))  # every terrain shown
    play(state, "roll:5")
    assert at_key(target) not in keys(state)
    assert AL_KALIM_RULES.move_terrain(state, target) != terrain(target)


def test_ak_13_9_the_one_hex_step_enters_a_covered_hex() -> None:
    """AK-13.9: the step without rolling (RB-3.4) may enter it."""
    state = new_game()
    start = quiet_hex(DUNES)
    target = next_to(start, E)
    set_storm(state, next_to(target, E), E)
    put(state, start)
    play(state, "night", "step")
    assert at_key(target) in keys(state)
    play(state, at_key(target))
    assert me(state).hex == target


def test_ak_13_10_leaving_a_covered_hex_with_a_die_of_the_hex_entered() -> None:
    """AK-13.10: from a covered hex the hero leaves with a die showing the terrain of the hex
    entered, if that hex is not covered itself."""
    state = new_game(sandstorm_radius=0)
    start = quiet_hex(DUNES)
    set_storm(state, start, E)
    put(state, start)
    play(state, "night")
    rig(state, *faces(1))  # road/dunes
    play(state, "roll:1")
    dunes = [n for n in BOARD.hexes[start].neighbours if terrain(n) == DUNES]
    others = [n for n in BOARD.hexes[start].neighbours if terrain(n) not in (DUNES, ROAD)]
    assert dunes and all(at_key(n) in keys(state) for n in dunes)
    assert all(at_key(n) not in keys(state) for n in others)
