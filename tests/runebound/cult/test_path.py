"""The cult's path on our board (docs/rules/cult.md CR-28 to CR-32), with the seed's worked
example from Forge and the edges of the board."""

from __future__ import annotations

from boardwright.engine.hexgrid import Hex
from boardwright.games.runebound.adventures.cult.path import (
    NE,
    NO_PATH,
    NW,
    SE,
    SW,
    E,
    W,
    allowed,
    candidates,
    jump_cities,
    neighbour,
    turned,
)
from boardwright.games.runebound.content import TERRAIN_NAMES
from tests.runebound.scenario import BOARD

FACES = BOARD.die_faces
FORGE = next(c.hex for c in BOARD.cities if c.id == "forge")


def face_of(*terrains: str) -> int:
    """The die face showing exactly these terrains."""
    wanted = {TERRAIN_NAMES.index(t) for t in terrains}
    return next(f for f in FACES if {i for i in range(7) if f >> i & 1} == wanted)


def at(index: int) -> Hex:
    return BOARD.hexes[index].at


def test_cr_28_the_seeds_compass_turned_onto_our_grid() -> None:
    """CR-28: the seed's SE path with its neighbours NE and S is our SE with E and SW."""
    around = {direction for direction, _ in candidates(BOARD, FORGE, SE)}
    assert around == {E, SE, SW}


def test_cr_29_the_first_move_sets_the_path_from_forge() -> None:
    """CR-29, the seed's example: from Forge (plains E, river SE, hills SW, mountains W, NW and
    NE) a roll of road, river and swamp forces the move SE, which becomes the path."""
    terrains = [TERRAIN_NAMES[BOARD.hexes[neighbour(BOARD, FORGE, d)].terrain] for d in range(6)]
    assert terrains == ["plains", "river", "hills", "mountains", "mountains", "mountains"]
    assert len(candidates(BOARD, FORGE, NO_PATH)) == 6
    moves = allowed(BOARD, FORGE, NO_PATH, face_of("road", "river", "swamp"))
    assert moves == [(SE, neighbour(BOARD, FORGE, SE))]


def test_cr_30_one_match_must_move_several_choose_none_stays() -> None:
    """CR-30: with path W from Forge the candidates are NW, W and SW: hills and mountains on
    the face make a choice of three; plains alone (E, off the path) none."""
    assert {d for d, _ in allowed(BOARD, FORGE, W, face_of("hills", "mountains", "river"))} == {
        NW,
        W,
        SW,
    }
    assert allowed(BOARD, FORGE, W, face_of("plains", "road")) == []


def test_cr_30_cities_are_never_candidates() -> None:
    """CR-30: a city next to the marker is no candidate (it is reached only by a jump)."""
    for h in BOARD.hexes:
        for _, target in candidates(BOARD, h.index, NO_PATH):
            assert BOARD.hexes[target].city < 0


def test_cr_31_a_side_move_keeps_the_path() -> None:
    """CR-31: the path is a lasting heading; turned() changes it only at an edge."""
    middle = BOARD.by_coordinates[Hex(4, 6)]
    for path in range(6):
        assert turned(BOARD, middle, path) == path


def test_cr_32_edges_turn_the_path_away() -> None:
    """CR-32: on the left edge W-ish paths turn E-ish, on the right E-ish W-ish, on the top
    N-ish S-ish, on the bottom S-ish N-ish; along an edge the path is kept."""
    left = [h.index for h in BOARD.hexes if neighbour(BOARD, h.index, W) < 0]
    right = [h.index for h in BOARD.hexes if neighbour(BOARD, h.index, E) < 0]
    top = [
        h.index
        for h in BOARD.hexes
        if neighbour(BOARD, h.index, NW) < 0 and neighbour(BOARD, h.index, NE) < 0
    ]
    assert left and right and top
    assert turned(BOARD, left[len(left) // 2], W) == E
    assert turned(BOARD, left[len(left) // 2], SE) == SE  # pointing inward: kept
    assert turned(BOARD, right[len(right) // 2], NE) in (NW, SW)
    assert turned(BOARD, top[len(top) // 2], NW) == SW
    assert turned(BOARD, top[len(top) // 2], E) == E  # along the edge


def test_cr_13_jump_cities_are_the_uninfiltrated_neighbours() -> None:
    """CR-13: a hex next to Forge draws the marker into Forge unless Forge is infiltrated."""
    next_to = neighbour(BOARD, FORGE, E)
    forge_city = BOARD.hexes[FORGE].city
    assert FORGE in jump_cities(BOARD, next_to, frozenset())
    assert FORGE not in jump_cities(BOARD, next_to, frozenset({forge_city}))
    assert at(next_to) != at(FORGE)
