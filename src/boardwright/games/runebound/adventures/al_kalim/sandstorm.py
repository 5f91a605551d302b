"""Sandstorm geometry (AK-13): what the marker covers, where its arrows point, the board's edge.

Pure functions of the compiled board, the storm's centre hex and the direction of its first
arrow; the second arrow points ``spread`` directions further clockwise (1 step = 60 degrees).
"""

from __future__ import annotations

from boardwright.engine.hexgrid import hex_range, neighbour
from boardwright.games.runebound.content import Board

DIRECTION_NAMES = ("east", "south-east", "south-west", "west", "north-west", "north-east")


def arrows(direction: int, spread: int) -> tuple[int, int]:
    """The two arrow directions of a marker turned to ``direction`` (AK-13.4)."""
    return direction % 6, (direction + spread) % 6


def covered(board: Board, centre: int, radius: int) -> frozenset[int]:
    """The hexes the marker covers: every board hex within ``radius`` of the centre (AK-13.4).
    Parts hanging over the edge cover nothing (AK-13.5)."""
    if centre < 0:
        return frozenset()
    found = (board.by_coordinates.get(h) for h in hex_range(board.hexes[centre].at, radius))
    return frozenset(i for i in found if i is not None)


def next_hex(board: Board, centre: int, direction: int) -> int:
    """The board hex next to ``centre`` in ``direction``, or -1 off the board."""
    return board.by_coordinates.get(neighbour(board.hexes[centre].at, direction), -1)


def points_off(board: Board, centre: int, direction: int, spread: int) -> bool:
    """Whether either arrow points off the board (AK-13.5)."""
    return any(next_hex(board, centre, d) < 0 for d in arrows(direction, spread))


def settle(board: Board, centre: int, direction: int, spread: int) -> int:
    """AK-13.5: turn clockwise one step at a time until neither arrow points off the board
    (unchanged if no turn helps, which only a board too small for the marker can cause)."""
    for turn in range(6):
        candidate = (direction + turn) % 6
        if not points_off(board, centre, candidate, spread):
            return candidate
    return direction % 6


def fits(board: Board, centre: int, spread: int) -> bool:
    """Whether the marker can be turned on this centre so that no arrow points off the board
    (at a corner of the map it cannot)."""
    return any(not points_off(board, centre, d, spread) for d in range(6))


def steps(board: Board, centre: int, direction: int, spread: int) -> list[tuple[int, int]]:
    """The moves of one storm step (AK-13.3): (arrow direction, new centre) per arrow whose
    next hex is on the board and leaves room to turn the marker so that it fits (AK-13.5)."""
    found: list[tuple[int, int]] = []
    for d in dict.fromkeys(arrows(direction, spread)):
        target = next_hex(board, centre, d)
        if target >= 0 and fits(board, target, spread):
            found.append((d, target))
    return found
