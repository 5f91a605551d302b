"""The cult's path on our pointy-topped board (docs/rules/cult.md CR-28 to CR-32): the hexes
the marker may move to, which of them a rolled face allows, the city it jumps into, and how an
edge of the board turns the path. Pure geometry of the board: no state."""

from __future__ import annotations

from boardwright.engine.hexgrid import DIRECTIONS, Hex
from boardwright.games.runebound.content import Board

E, SE, SW, W, NW, NE = range(6)  # engine/hexgrid.py's directions, clockwise from east
NO_PATH = -1  # CR-29: before the marker's first move the path has no direction
MIRROR_LEFT_RIGHT = {W: E, NW: NE, SW: SE, E: W, NE: NW, SE: SW}
MIRROR_UP_DOWN = {NW: SW, NE: SE, SW: NW, SE: NE}


def neighbour(board: Board, index: int, direction: int) -> int:
    """The hex next to ``index`` in ``direction``, or -1 off the board."""
    step = DIRECTIONS[direction]
    at = board.hexes[index].at
    return board.by_coordinates.get(Hex(at.q + step.q, at.r + step.r), -1)


def candidates(board: Board, marker: int, path: int) -> list[tuple[int, int]]:
    """CR-29, CR-30: (direction, hex) of the hexes the marker may move to: with a path, its
    direction and the two beside it, else all six; never off the board, never a city."""
    directions = range(6) if path == NO_PATH else ((path + 5) % 6, path, (path + 1) % 6)
    out = []
    for direction in directions:
        target = neighbour(board, marker, direction)
        if target >= 0 and board.hexes[target].city < 0:
            out.append((direction, target))
    return out


def allowed(board: Board, marker: int, path: int, face: int) -> list[tuple[int, int]]:
    """CR-12, CR-30: the candidates whose terrain is on the rolled ``face`` (a bit set of
    terrain indexes): one means a forced move, several a choice, none no move."""
    return [
        (direction, target)
        for direction, target in candidates(board, marker, path)
        if face >> board.hexes[target].terrain & 1
    ]


def jump_cities(board: Board, index: int, infiltrated: frozenset[int]) -> list[int]:
    """CR-13: the hexes of the cities next to ``index`` not yet infiltrated (city indexes in
    ``infiltrated``), which draw the marker in at once."""
    out = []
    for direction in range(6):
        target = neighbour(board, index, direction)
        if target >= 0:
            city = board.hexes[target].city
            if city >= 0 and city not in infiltrated:
                out.append(target)
    return out


def turned(board: Board, index: int, path: int) -> int:
    """CR-32: the path after the marker reached ``index``: mirrored away from an edge of the
    board it points at, kept when it runs along the edge or points inward. The hex is on the
    left edge when its W neighbour is off the board (right: E), on the top edge when both its
    NW and NE neighbours are (bottom: SW and SE); a corner mirrors twice."""
    if path == NO_PATH:
        return path
    off = [neighbour(board, index, direction) < 0 for direction in range(6)]
    if (off[W] and path in (W, NW, SW)) or (off[E] and path in (E, NE, SE)):
        path = MIRROR_LEFT_RIGHT[path]
    if (off[NW] and off[NE] and path in (NW, NE)) or (off[SW] and off[SE] and path in (SW, SE)):
        path = MIRROR_UP_DOWN[path]
    return path
