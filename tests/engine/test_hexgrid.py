"""Hex-grid geometry: concrete values plus properties checked with hypothesis."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardwright.engine.hexgrid import (
    DIRECTION_NAMES,
    DIRECTIONS,
    ORIGIN,
    Hex,
    connected_components,
    direction_between,
    distance,
    format_hex,
    from_offset,
    hex_range,
    is_connected,
    line,
    neighbour,
    neighbours,
    reachable,
    reflect,
    reflect_direction,
    region_border,
    ring,
    rotate,
    rotate_direction,
    shortest_path,
    spiral,
    to_offset,
)

coordinates = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coordinates, coordinates)
near_coordinates = st.integers(min_value=-8, max_value=8)
near_hexes = st.builds(Hex, near_coordinates, near_coordinates)
directions = st.integers(min_value=0, max_value=5)
steps = st.integers(min_value=-20, max_value=20)

BOARD = hex_range(ORIGIN, 4)
"""A small bounded board for path properties (61 hexes)."""

board_hexes = st.sampled_from(sorted(BOARD))
board_subsets = st.frozensets(board_hexes, max_size=30)


def open_grid(h: Hex) -> bool:
    return True


def board_passable(blocked: frozenset[Hex] | set[Hex]) -> frozenset[Hex]:
    """The hexes of BOARD that are not blocked."""
    return BOARD - blocked


def path_cost(path: list[Hex], cost: dict[Hex, int]) -> int:
    return sum(cost[h] for h in path[1:])


def assert_is_walk(path: list[Hex]) -> None:
    for a, b in itertools.pairwise(path):
        assert distance(a, b) == 1, (a, b)


# --- Hex, parsing and formatting ---------------------------------------------------------


def test_hex_is_a_small_named_tuple() -> None:
    h = Hex(3, -2)
    assert (h.q, h.r, h.s) == (3, -2, -1)
    assert h == (3, -2)
    assert {h: "x"}[Hex(3, -2)] == "x"
    assert repr(h) == "Hex(q=3, r=-2)"


def test_format_hex_and_str() -> None:
    assert format_hex(Hex(3, -2)) == "3,-2"
    assert str(Hex(-10, 0)) == "-10,0"
    assert f"at {Hex(0, 7)}" == "at 0,7"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3,-2", Hex(3, -2)),
        (" 3 , -2 ", Hex(3, -2)),
        ("+3,-0", Hex(3, 0)),
        ("-12,40", Hex(-12, 40)),
    ],
)
def test_parse(text: str, expected: Hex) -> None:
    assert Hex.parse(text) == expected


@pytest.mark.parametrize("text", ["", "3", "3,", ",2", "a,b", "3,-2,1", "3.5,1", "3;-2", "٣,1"])
def test_parse_rejects_bad_text(text: str) -> None:
    with pytest.raises(ValueError, match="invalid hex"):
        Hex.parse(text)


def test_parse_error_message() -> None:
    with pytest.raises(ValueError) as caught:
        Hex.parse("3;-2")
    assert str(caught.value) == "invalid hex '3;-2': expected two integers 'q,r', e.g. '3,-2'"


@given(hexes)
def test_parse_reads_back_format(h: Hex) -> None:
    assert Hex.parse(format_hex(h)) == h
    assert Hex.parse(str(h)) == h


# --- directions and distance -------------------------------------------------------------


def test_directions_start_east_and_go_clockwise() -> None:
    assert (Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1), Hex(1, -1)) == DIRECTIONS
    assert DIRECTION_NAMES == ("E", "SE", "SW", "W", "NW", "NE")


def test_neighbour() -> None:
    h = Hex(2, 3)
    assert neighbour(h, 0) == Hex(3, 3)
    assert neighbour(h, 1) == Hex(2, 4)
    assert neighbour(h, 4) == Hex(2, 2)
    assert neighbours(h) == (Hex(3, 3), Hex(2, 4), Hex(1, 4), Hex(1, 3), Hex(2, 2), Hex(3, 2))
    assert neighbours(ORIGIN) == DIRECTIONS


@pytest.mark.parametrize("bad", [-1, 6, 100])
def test_bad_direction_is_rejected(bad: int) -> None:
    with pytest.raises(ValueError, match=f"direction must be 0-5, got {bad}"):
        neighbour(ORIGIN, bad)
    with pytest.raises(ValueError):
        rotate_direction(bad, 1)
    with pytest.raises(ValueError):
        reflect_direction(bad)


def test_direction_between() -> None:
    assert direction_between(Hex(2, 3), Hex(3, 3)) == 0
    assert direction_between(Hex(2, 3), Hex(3, 2)) == 5
    assert direction_between(Hex(2, 3), Hex(2, 3)) is None
    assert direction_between(Hex(2, 3), Hex(4, 3)) is None
    assert direction_between(Hex(0, 0), Hex(1, 1)) is None


def test_distance() -> None:
    assert distance(ORIGIN, ORIGIN) == 0
    assert distance(ORIGIN, Hex(3, -2)) == 3
    assert distance(Hex(-2, 1), Hex(3, -1)) == 5
    assert distance(Hex(1, 1), Hex(-1, -1)) == 4


@given(hexes, directions)
def test_direction_between_finds_the_neighbour(h: Hex, d: int) -> None:
    assert direction_between(h, neighbour(h, d)) == d
    assert neighbour(neighbour(h, d), (d + 3) % 6) == h


@given(hexes)
def test_neighbours_are_distinct_and_at_distance_one(h: Hex) -> None:
    around = neighbours(h)
    assert len(set(around)) == 6
    assert all(distance(h, n) == 1 for n in around)


@given(hexes, hexes)
def test_distance_is_symmetric_and_matches_cube_formula(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert distance(a, b) == max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


# --- rotation and reflection -------------------------------------------------------------


def test_rotate() -> None:
    assert rotate(Hex(1, 0), 1) == Hex(0, 1)  # east -> south-east: clockwise
    assert rotate(Hex(2, -1), 1) == Hex(1, 1)
    assert rotate(Hex(2, -1), -1) == Hex(1, -2)
    assert rotate(Hex(2, -1), 3) == Hex(-2, 1)
    assert rotate(Hex(3, 1), 2, centre=Hex(1, 1)) == Hex(-1, 3)
    assert rotate(Hex(1, 1), 5, centre=Hex(1, 1)) == Hex(1, 1)


def test_rotate_direction() -> None:
    assert rotate_direction(0, 1) == 1
    assert rotate_direction(5, 1) == 0
    assert rotate_direction(0, -1) == 5
    assert rotate_direction(2, 12) == 2


def test_reflect() -> None:
    assert reflect(Hex(2, 0)) == Hex(2, 0)  # the east-west axis stays put
    assert reflect(Hex(0, 1)) == Hex(1, -1)  # south-east <-> north-east
    assert reflect(Hex(2, -3)) == Hex(-1, 3)
    assert reflect(Hex(1, 2), centre=Hex(1, 1)) == Hex(2, 0)
    assert [reflect_direction(d) for d in range(6)] == [0, 5, 4, 3, 2, 1]


@given(hexes, hexes)
def test_six_rotations_are_the_identity(h: Hex, centre: Hex) -> None:
    assert rotate(h, 6, centre) == h
    current = h
    for _ in range(6):
        current = rotate(current, 1, centre)
    assert current == h


@given(hexes, hexes, steps)
def test_rotations_undo_each_other(h: Hex, centre: Hex, k: int) -> None:
    assert rotate(rotate(h, k, centre), -k, centre) == h
    assert rotate(h, k, centre) == rotate(h, k % 6, centre)


@given(hexes, hexes, hexes, steps)
def test_rotation_preserves_distance(a: Hex, b: Hex, centre: Hex, k: int) -> None:
    assert distance(rotate(a, k, centre), rotate(b, k, centre)) == distance(a, b)
    assert distance(rotate(a, k, centre), centre) == distance(a, centre)


@given(hexes, directions, steps)
def test_rotate_direction_matches_rotate(h: Hex, d: int, k: int) -> None:
    assert rotate(neighbour(h, d), k, centre=h) == neighbour(h, rotate_direction(d, k))


@given(hexes, hexes, hexes)
def test_reflection_is_an_involution_preserving_distance(a: Hex, b: Hex, centre: Hex) -> None:
    assert reflect(reflect(a, centre), centre) == a
    assert distance(reflect(a, centre), reflect(b, centre)) == distance(a, b)


@given(hexes, directions)
def test_reflect_direction_matches_reflect(h: Hex, d: int) -> None:
    assert reflect(neighbour(h, d), centre=h) == neighbour(h, reflect_direction(d))


# --- rings, ranges and regions -----------------------------------------------------------


def test_ring() -> None:
    assert ring(Hex(5, 5), 0) == [Hex(5, 5)]
    assert ring(ORIGIN, 1) == list(DIRECTIONS)
    assert ring(Hex(1, 1), 2) == [
        Hex(3, 1),
        Hex(2, 2),
        Hex(1, 3),
        Hex(0, 3),
        Hex(-1, 3),
        Hex(-1, 2),
        Hex(-1, 1),
        Hex(0, 0),
        Hex(1, -1),
        Hex(2, -1),
        Hex(3, -1),
        Hex(3, 0),
    ]


def test_negative_radius_is_rejected() -> None:
    for make_region in (ring, spiral, hex_range):
        with pytest.raises(ValueError, match="radius must not be negative, got -1"):
            make_region(ORIGIN, -1)


def test_spiral_and_hex_range() -> None:
    assert spiral(ORIGIN, 0) == [ORIGIN]
    assert spiral(Hex(2, 2), 1) == [Hex(2, 2), *(neighbours(Hex(2, 2)))]
    assert hex_range(Hex(2, 2), 1) == frozenset(spiral(Hex(2, 2), 1))
    assert len(hex_range(ORIGIN, 3)) == 37


@given(hexes, st.integers(min_value=1, max_value=12))
def test_ring_is_a_closed_loop_at_the_radius(centre: Hex, radius: int) -> None:
    cells = ring(centre, radius)
    assert len(cells) == len(set(cells)) == 6 * radius
    assert all(distance(centre, h) == radius for h in cells)
    assert_is_walk([*cells, cells[0]])
    assert cells[0] == Hex(centre.q + radius, centre.r)


@given(hexes, st.integers(min_value=0, max_value=8))
def test_hex_range_is_every_hex_within_the_radius(centre: Hex, radius: int) -> None:
    box = range(-radius, radius + 1)
    expected = {
        Hex(centre.q + dq, centre.r + dr)
        for dq in box
        for dr in box
        if distance(ORIGIN, Hex(dq, dr)) <= radius
    }
    assert hex_range(centre, radius) == expected
    assert len(expected) == 3 * radius * (radius + 1) + 1
    ordered = spiral(centre, radius)
    assert len(ordered) == len(expected)
    assert [distance(centre, h) for h in ordered] == sorted(distance(centre, h) for h in ordered)


def test_connected_components() -> None:
    west = {Hex(-3, 0), Hex(-2, 0), Hex(-2, -1)}
    east = {Hex(2, 0), Hex(3, -1)}
    alone = {Hex(0, 5)}
    components = connected_components([*east, *alone, *west, Hex(-3, 0)])
    assert components == [frozenset(west), frozenset(alone), frozenset(east)]
    assert connected_components([]) == []


def test_is_connected() -> None:
    assert is_connected([])
    assert is_connected([Hex(4, 4)])
    assert is_connected(ring(ORIGIN, 2))
    assert not is_connected([ORIGIN, Hex(2, 0)])
    assert is_connected([ORIGIN, Hex(1, 0), Hex(2, 0)])


def test_region_border() -> None:
    assert region_border([Hex(1, 1)]) == frozenset(neighbours(Hex(1, 1)))
    assert region_border(hex_range(Hex(1, -1), 2)) == frozenset(ring(Hex(1, -1), 3))
    assert region_border([]) == frozenset()
    # A ring's border includes the hole in its middle.
    assert region_border(ring(ORIGIN, 1)) == frozenset([ORIGIN, *ring(ORIGIN, 2)])


@given(board_subsets)
def test_components_partition_the_cells(cells: frozenset[Hex]) -> None:
    components = connected_components(cells)
    assert frozenset().union(*components) == cells
    assert sum(len(c) for c in components) == len(cells)
    assert all(is_connected(c) for c in components)
    for a, b in itertools.combinations(components, 2):
        assert not (region_border(a) & b)
    assert [min(c) for c in components] == sorted(min(c) for c in components)
    assert is_connected(cells) == (len(components) <= 1)


@given(board_subsets)
def test_region_border_is_outside_and_adjacent(cells: frozenset[Hex]) -> None:
    border = region_border(cells)
    assert not (border & cells)
    assert all(any(distance(b, c) == 1 for c in cells) for b in border)
    assert border == {n for c in cells for n in neighbours(c)} - cells


# --- paths -------------------------------------------------------------------------------


def test_shortest_path_on_an_open_grid() -> None:
    assert shortest_path(ORIGIN, Hex(3, 0), open_grid) == [ORIGIN, Hex(1, 0), Hex(2, 0), Hex(3, 0)]


def test_shortest_path_goes_around_walls() -> None:
    blocked = {Hex(1, 0), Hex(1, -1), Hex(0, 1)}
    area = hex_range(ORIGIN, 3) - blocked
    path = shortest_path(ORIGIN, Hex(2, 0), area.__contains__)
    assert path == [ORIGIN, Hex(-1, 1), Hex(-1, 2), Hex(0, 2), Hex(1, 1), Hex(2, 0)]
    assert shortest_path(ORIGIN, Hex(2, 0), area.__contains__) == path  # deterministic


def test_shortest_path_to_itself() -> None:
    assert shortest_path(Hex(1, 1), Hex(1, 1), lambda h: False) == [Hex(1, 1)]


def test_start_is_never_tested_for_passability() -> None:
    start = Hex(0, 0)
    path = shortest_path(start, Hex(2, 0), lambda h: h != start)
    assert path == [start, Hex(1, 0), Hex(2, 0)]


def test_impassable_goal_has_no_path() -> None:
    assert shortest_path(ORIGIN, Hex(2, 0), lambda h: h != Hex(2, 0)) is None


def test_walled_in_goal_has_no_path() -> None:
    goal = Hex(2, 2)
    area = hex_range(ORIGIN, 5) - set(ring(goal, 1))
    assert shortest_path(ORIGIN, goal, area.__contains__) is None
    assert shortest_path(ORIGIN, goal, area.__contains__, lambda a, b: 2) is None


def test_max_cost_limits_the_search() -> None:
    goal = Hex(3, 0)
    assert shortest_path(ORIGIN, goal, open_grid, max_cost=2) is None
    assert shortest_path(ORIGIN, goal, open_grid, max_cost=3) == line(ORIGIN, goal)
    assert shortest_path(ORIGIN, goal, open_grid, lambda a, b: 2, max_cost=5) is None
    assert shortest_path(ORIGIN, goal, open_grid, lambda a, b: 2, max_cost=6) is not None


def test_shortest_path_with_costs_avoids_expensive_hexes() -> None:
    swamp = Hex(1, 0)
    area = hex_range(ORIGIN, 3)

    def cost(a: Hex, b: Hex) -> int:
        return 10 if b == swamp else 1

    path = shortest_path(ORIGIN, Hex(2, 0), area.__contains__, cost)
    assert path == [ORIGIN, Hex(0, 1), Hex(1, 1), Hex(2, 0)]
    assert shortest_path(ORIGIN, Hex(2, 0), area.__contains__, lambda a, b: 1) == [
        ORIGIN,
        swamp,
        Hex(2, 0),
    ]


def test_cost_may_depend_on_the_move() -> None:
    # Moving west is free, everything else costs 3.
    def cost(a: Hex, b: Hex) -> int:
        return 0 if direction_between(a, b) == 3 else 3

    area = hex_range(ORIGIN, 3)
    assert reachable(ORIGIN, 0, area.__contains__, cost) == {
        ORIGIN: 0,
        Hex(-1, 0): 0,
        Hex(-2, 0): 0,
        Hex(-3, 0): 0,
    }


def test_negative_cost_is_rejected() -> None:
    with pytest.raises(ValueError, match="move cost from 0,0 to 1,0 is negative: -1"):
        shortest_path(ORIGIN, Hex(3, 0), open_grid, lambda a, b: -1)


def test_passable_is_asked_once_per_hex() -> None:
    asked: list[Hex] = []
    area = hex_range(ORIGIN, 3)

    def passable(h: Hex) -> bool:
        asked.append(h)
        return h in area and h != Hex(1, 0)

    reachable(ORIGIN, 10, passable)
    assert len(asked) == len(set(asked))
    asked.clear()
    reachable(ORIGIN, 10, passable, lambda a, b: 2)
    assert len(asked) == len(set(asked))


def test_reachable() -> None:
    assert reachable(Hex(4, 4), 0, open_grid) == {Hex(4, 4): 0}
    assert reachable(ORIGIN, 1, open_grid) == {ORIGIN: 0, **dict.fromkeys(DIRECTIONS, 1)}
    blocked = {Hex(1, 0), Hex(0, 1)}
    result = reachable(ORIGIN, 2, lambda h: h not in blocked)
    assert Hex(1, 1) not in result  # 4 steps around the wall
    assert result[Hex(2, -1)] == 2
    assert list(result.values()) == sorted(result.values())


def test_reachable_with_costs() -> None:
    forest = {Hex(1, 0), Hex(1, -1)}

    def cost(a: Hex, b: Hex) -> int:
        return 2 if b in forest else 1

    result = reachable(ORIGIN, 2, open_grid, cost)
    beyond_the_forest = {Hex(2, 0), Hex(2, -1), Hex(2, -2)}  # each costs 3
    expected = {
        h: 2 if h in forest else distance(ORIGIN, h)
        for h in hex_range(ORIGIN, 2) - beyond_the_forest
    }
    assert result == expected
    assert list(result.values()) == sorted(result.values())


def test_negative_budget_is_rejected() -> None:
    with pytest.raises(ValueError, match="budget must not be negative, got -1"):
        reachable(ORIGIN, -1, open_grid)


@given(near_hexes, near_hexes)
def test_shortest_path_length_is_the_distance_on_an_open_grid(a: Hex, b: Hex) -> None:
    path = shortest_path(a, b, open_grid)
    assert path is not None
    assert path[0] == a
    assert path[-1] == b
    assert len(path) - 1 == distance(a, b)
    assert_is_walk(path)


@given(board_hexes, board_hexes, board_subsets)
def test_path_avoids_impassable_hexes(start: Hex, goal: Hex, blocked: frozenset[Hex]) -> None:
    area = board_passable(blocked)
    path = shortest_path(start, goal, area.__contains__)
    costs = reachable(start, 1000, area.__contains__)
    if path is None:
        assert goal not in costs or start == goal
        return
    assert path[0] == start
    assert path[-1] == goal
    assert all(h in area for h in path[1:])
    assert_is_walk(path)
    assert len(path) - 1 == costs[goal]


@given(
    board_hexes,
    board_hexes,
    board_subsets,
    st.dictionaries(board_hexes, st.integers(min_value=0, max_value=5)),
)
def test_dijkstra_agrees_with_reachable(
    start: Hex, goal: Hex, blocked: frozenset[Hex], terrain: dict[Hex, int]
) -> None:
    area = board_passable(blocked)
    cost_of = {h: terrain.get(h, 1) for h in BOARD}

    def cost(a: Hex, b: Hex) -> int:
        return cost_of[b]

    path = shortest_path(start, goal, area.__contains__, cost)
    costs = reachable(start, 1000, area.__contains__, cost)
    if start == goal:
        assert path == [start]
    elif goal not in costs:
        assert path is None
    else:
        assert path is not None
        assert path[0] == start
        assert path[-1] == goal
        assert all(h in area for h in path[1:])
        assert_is_walk(path)
        assert path_cost(path, cost_of) == costs[goal]
    assert list(costs.values()) == sorted(costs.values())


@given(board_hexes, board_hexes, board_subsets)
def test_unit_cost_dijkstra_breaks_ties_like_breadth_first(
    start: Hex, goal: Hex, blocked: frozenset[Hex]
) -> None:
    area = board_passable(blocked)
    unweighted = shortest_path(start, goal, area.__contains__)
    weighted = shortest_path(start, goal, area.__contains__, lambda a, b: 1)
    assert unweighted == weighted
    assert reachable(start, 6, area.__contains__) == reachable(
        start, 6, area.__contains__, lambda a, b: 1
    )


@given(board_hexes, st.integers(min_value=0, max_value=10), board_subsets)
def test_reachable_respects_the_budget(start: Hex, budget: int, blocked: frozenset[Hex]) -> None:
    area = board_passable(blocked)
    costs = reachable(start, budget, area.__contains__)
    assert costs[start] == 0
    assert all(cost <= budget for cost in costs.values())
    for h, cost in costs.items():
        if h != start:
            path = shortest_path(start, h, area.__contains__)
            assert path is not None
            assert len(path) - 1 == cost


@given(near_hexes, st.integers(min_value=0, max_value=6))
def test_reachable_on_an_open_grid_is_the_hex_range(start: Hex, budget: int) -> None:
    costs = reachable(start, budget, open_grid)
    assert set(costs) == hex_range(start, budget)
    assert all(cost == distance(start, h) for h, cost in costs.items())


# --- lines -------------------------------------------------------------------------------


def test_line() -> None:
    assert line(Hex(2, 2), Hex(2, 2)) == [Hex(2, 2)]
    assert line(ORIGIN, Hex(3, 0)) == [ORIGIN, Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert line(ORIGIN, Hex(1, 1)) == [ORIGIN, Hex(0, 1), Hex(1, 1)]
    assert line(ORIGIN, Hex(2, -4)) == [ORIGIN, Hex(1, -1), Hex(1, -2), Hex(2, -3), Hex(2, -4)]
    assert line(Hex(-2, 1), Hex(3, -1)) == [
        Hex(-2, 1),
        Hex(-1, 1),
        Hex(0, 0),
        Hex(1, 0),
        Hex(2, -1),
        Hex(3, -1),
    ]


@given(hexes, hexes)
def test_line_is_a_shortest_walk(a: Hex, b: Hex) -> None:
    cells = line(a, b)
    assert cells[0] == a
    assert cells[-1] == b
    assert len(cells) == distance(a, b) + 1
    assert_is_walk(cells)
    assert [distance(a, h) for h in cells] == list(range(len(cells)))


@given(hexes, directions, st.integers(min_value=0, max_value=20))
def test_line_along_a_direction_is_straight(h: Hex, d: int, length: int) -> None:
    step = DIRECTIONS[d]
    expected = [Hex(h.q + step.q * i, h.r + step.r * i) for i in range(length + 1)]
    assert line(h, expected[-1]) == expected


# --- offset coordinates ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("h", "offset"),
    [
        (Hex(0, 0), (0, 0)),
        (Hex(0, 1), (0, 1)),
        (Hex(-1, 2), (0, 2)),
        (Hex(3, -2), (2, -2)),
        (Hex(0, -1), (-1, -1)),
        (Hex(-1, -1), (-2, -1)),
        (Hex(2, 3), (3, 3)),
    ],
)
def test_to_offset_is_odd_r(h: Hex, offset: tuple[int, int]) -> None:
    assert to_offset(h) == offset
    assert from_offset(*offset) == h


@given(hexes)
def test_offset_round_trip_from_hex(h: Hex) -> None:
    assert from_offset(*to_offset(h)) == h


@given(coordinates, coordinates)
def test_offset_round_trip_from_offset(col: int, row: int) -> None:
    assert to_offset(from_offset(col, row)) == (col, row)


@given(hexes)
def test_odd_rows_are_shoved_right(h: Hex) -> None:
    col, row = to_offset(h)
    assert to_offset(neighbour(h, 0)) == (col + 1, row)  # east is the next column
    south_east_col, south_east_row = to_offset(neighbour(h, 1))
    assert south_east_row == row + 1
    assert south_east_col == (col + 1 if row % 2 else col)
