"""Hex-grid geometry in axial coordinates: directions, rotation, regions, paths and lines.

Hexes are pointy-topped. ``q`` grows to the east, ``r`` grows to the south-east (down the
screen) and the third cube coordinate is ``s = -q - r``. Directions are numbered 0-5 starting
east and going clockwise as seen on screen: east, south-east, south-west, west, north-west,
north-east. Positive rotation steps are clockwise too, so rotating direction ``d`` by one step
gives direction ``d + 1``. Terminal rendering uses "odd-r" offset coordinates (odd rows are
shoved half a hex to the right).
"""

from __future__ import annotations

import heapq
import itertools
import re
from collections import deque
from collections.abc import Callable, Iterable
from typing import NamedTuple

_HEX_TEXT = re.compile(r"\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*", re.ASCII)


class Hex(NamedTuple):
    """One hex in axial coordinates; written as text ``"q,r"`` (e.g. ``"3,-2"``)."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    @classmethod
    def parse(cls, text: str) -> Hex:
        """Read ``"q,r"`` (spaces around the numbers are allowed); ValueError if malformed."""
        match = _HEX_TEXT.fullmatch(text)
        if match is None:
            raise ValueError(f"invalid hex {text!r}: expected two integers 'q,r', e.g. '3,-2'")
        return cls(int(match[1]), int(match[2]))

    def __str__(self) -> str:
        return format_hex(self)


def format_hex(h: Hex) -> str:
    """The text form ``"q,r"`` that :meth:`Hex.parse` reads back."""
    return f"{h.q},{h.r}"


ORIGIN = Hex(0, 0)

DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
    Hex(0, -1),
    Hex(1, -1),
)
"""Unit steps by direction index: 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE (clockwise from east)."""

DIRECTION_NAMES: tuple[str, ...] = ("E", "SE", "SW", "W", "NW", "NE")
"""Compass names of :data:`DIRECTIONS`, by the same index."""

_DIRECTION_OF_STEP = {step: index for index, step in enumerate(DIRECTIONS)}

Passable = Callable[[Hex], bool]
"""Whether a piece may enter a hex."""

MoveCost = Callable[[Hex, Hex], int]
"""The cost of one move from a hex to an adjacent hex; never negative."""


def _checked_direction(direction: int) -> int:
    if not 0 <= direction < 6:
        raise ValueError(f"direction must be 0-5, got {direction}")
    return direction


def neighbour(h: Hex, direction: int) -> Hex:
    """The hex next to ``h`` in ``direction`` (0-5, see :data:`DIRECTIONS`)."""
    step = DIRECTIONS[_checked_direction(direction)]
    return Hex(h.q + step.q, h.r + step.r)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes next to ``h``, in direction order."""
    return tuple(Hex(h.q + step.q, h.r + step.r) for step in DIRECTIONS)


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to ``b`` if they are adjacent, else None."""
    return _DIRECTION_OF_STEP.get(Hex(b.q - a.q, b.r - a.r))


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between two hexes on an open grid."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(h: Hex, steps: int, centre: Hex = ORIGIN) -> Hex:
    """Rotate ``h`` about ``centre`` by ``steps`` x 60 degrees (positive = clockwise)."""
    q = h.q - centre.q
    r = h.r - centre.r
    for _ in range(steps % 6):
        q, r = -r, q + r
    return Hex(centre.q + q, centre.r + r)


def rotate_direction(direction: int, steps: int) -> int:
    """The direction ``direction`` becomes after :func:`rotate` by ``steps``."""
    return (_checked_direction(direction) + steps) % 6


def reflect(h: Hex, centre: Hex = ORIGIN) -> Hex:
    """Mirror ``h`` across the east-west line through ``centre`` (north and south swap)."""
    q = h.q - centre.q
    r = h.r - centre.r
    return Hex(centre.q + q + r, centre.r - r)


def reflect_direction(direction: int) -> int:
    """The direction ``direction`` becomes after :func:`reflect`."""
    return -_checked_direction(direction) % 6


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps from ``centre``.

    Starts ``radius`` steps east of ``centre`` and walks clockwise; radius 0 gives ``[centre]``.
    """
    if radius < 0:
        raise ValueError(f"radius must not be negative, got {radius}")
    if radius == 0:
        return [centre]
    east = DIRECTIONS[0]
    h = Hex(centre.q + east.q * radius, centre.r + east.r * radius)
    result: list[Hex] = []
    for side in range(6):
        for _ in range(radius):
            result.append(h)
            h = neighbour(h, (side + 2) % 6)
    return result


def spiral(centre: Hex, radius: int) -> list[Hex]:
    """The hexes within ``radius`` of ``centre``: the centre, then each :func:`ring` outwards."""
    if radius < 0:
        raise ValueError(f"radius must not be negative, got {radius}")
    return [h for k in range(radius + 1) for h in ring(centre, k)]


def hex_range(centre: Hex, radius: int) -> frozenset[Hex]:
    """The set of hexes within ``radius`` steps of ``centre`` (``3r(r+1) + 1`` of them)."""
    return frozenset(spiral(centre, radius))


def _flood(seed: Hex, cells: frozenset[Hex] | set[Hex]) -> set[Hex]:
    """The hexes of ``cells`` connected to ``seed`` (which must be one of them)."""
    found = {seed}
    frontier = [seed]
    while frontier:
        h = frontier.pop()
        for n in neighbours(h):
            if n in cells and n not in found:
                found.add(n)
                frontier.append(n)
    return found


def connected_components(cells: Iterable[Hex]) -> list[frozenset[Hex]]:
    """Split ``cells`` into groups connected through adjacent hexes.

    The groups are ordered by their smallest hex (tuple order: ``q`` then ``r``).
    """
    cell_set = set(cells)
    seen: set[Hex] = set()
    components: list[frozenset[Hex]] = []
    for h in sorted(cell_set):
        if h not in seen:
            component = _flood(h, cell_set)
            seen |= component
            components.append(frozenset(component))
    return components


def is_connected(cells: Iterable[Hex]) -> bool:
    """Whether every hex of ``cells`` is reachable from every other; empty counts as connected."""
    cell_set = set(cells)
    if not cell_set:
        return True
    return len(_flood(next(iter(cell_set)), cell_set)) == len(cell_set)


def region_border(cells: Iterable[Hex]) -> frozenset[Hex]:
    """The hexes outside ``cells`` that are adjacent to at least one of them."""
    cell_set = set(cells)
    return frozenset(n for h in cell_set for n in neighbours(h) if n not in cell_set)


class _PassableCache:
    """Asks ``passable`` at most once per hex."""

    __slots__ = ("_answers", "_passable")

    def __init__(self, passable: Passable) -> None:
        self._passable = passable
        self._answers: dict[Hex, bool] = {}

    def __call__(self, h: Hex) -> bool:
        answer = self._answers.get(h)
        if answer is None:
            answer = self._answers[h] = bool(self._passable(h))
        return answer


def _breadth_first(
    start: Hex, passable: Passable, limit: int | None, goal: Hex | None
) -> tuple[dict[Hex, int], dict[Hex, Hex]]:
    """Step counts and parents of the hexes found, exploring neighbours in direction order."""
    can_enter = _PassableCache(passable)
    steps = {start: 0}
    parents: dict[Hex, Hex] = {}
    frontier = deque([start])
    while frontier:
        h = frontier.popleft()
        here = steps[h]
        if limit is not None and here >= limit:
            continue
        for n in neighbours(h):
            if n not in steps and can_enter(n):
                steps[n] = here + 1
                parents[n] = h
                if n == goal:
                    return steps, parents
                frontier.append(n)
    return steps, parents


def _cheapest_first(
    start: Hex, passable: Passable, cost: MoveCost, limit: int | None, goal: Hex | None
) -> tuple[dict[Hex, int], dict[Hex, Hex]]:
    """Dijkstra: final costs and parents; equal costs are settled in order of discovery."""
    can_enter = _PassableCache(passable)
    settled: dict[Hex, int] = {}
    best = {start: 0}
    parents: dict[Hex, Hex] = {}
    order = itertools.count()
    heap: list[tuple[int, int, Hex]] = [(0, next(order), start)]
    while heap:
        here, _, h = heapq.heappop(heap)
        if h in settled:
            continue
        settled[h] = here
        if h == goal:
            break
        for n in neighbours(h):
            if n in settled or not can_enter(n):
                continue
            step = cost(h, n)
            if step < 0:
                raise ValueError(f"move cost from {h} to {n} is negative: {step}")
            total = here + step
            if limit is not None and total > limit:
                continue
            if total < best.get(n, total + 1):
                best[n] = total
                parents[n] = h
                heapq.heappush(heap, (total, next(order), n))
    return settled, parents


def shortest_path(
    start: Hex,
    goal: Hex,
    passable: Passable,
    cost: MoveCost | None = None,
    *,
    max_cost: int | None = None,
) -> list[Hex] | None:
    """The cheapest path from ``start`` to ``goal`` (both included), or None if there is none.

    Every hex entered must be ``passable``; ``start`` itself is never tested. Without ``cost``
    each step costs 1 (breadth-first search), otherwise Dijkstra's algorithm is used. Ties are
    broken deterministically: neighbours are explored in direction order and the first cheapest
    route found wins. ``max_cost`` gives up on longer paths; without it an unreachable goal on an
    unbounded passable area never finishes, so bound the area or the cost.
    """
    if start == goal:
        return [start]
    if not passable(goal):
        return None
    if cost is None:
        found, parents = _breadth_first(start, passable, max_cost, goal)
    else:
        found, parents = _cheapest_first(start, passable, cost, max_cost, goal)
    if goal not in found:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(parents[path[-1]])
    path.reverse()
    return path


def reachable(
    start: Hex, budget: int, passable: Passable, cost: MoveCost | None = None
) -> dict[Hex, int]:
    """The minimal cost of every hex reachable from ``start`` within ``budget`` (start costs 0).

    Same rules as :func:`shortest_path`; the result is ordered by cost, then discovery.
    With zero-cost moves on an unbounded passable area this never finishes.
    """
    if budget < 0:
        raise ValueError(f"budget must not be negative, got {budget}")
    if cost is None:
        return _breadth_first(start, passable, budget, None)[0]
    return _cheapest_first(start, passable, cost, budget, None)[0]


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from ``a`` to ``b`` passes through, both ends included.

    Consecutive hexes are adjacent. Exact integer arithmetic; a line running along the edge
    between two hexes always takes the same side (as if nudged slightly towards +q, +r).
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    # Point i is a + (b - a) * i / n. Numerators are over 10 * n; the nudges (+1, +2, -3) keep
    # every rounding away from a tie without changing any rounding that was not a tie.
    denominator = 10 * n
    result: list[Hex] = []
    for i in range(n + 1):
        xq = 10 * (a.q * (n - i) + b.q * i) + 1
        xr = 10 * (a.r * (n - i) + b.r * i) + 2
        xs = 10 * (a.s * (n - i) + b.s * i) - 3
        result.append(_round_cube(xq, xr, xs, denominator))
    return result


def _round_cube(xq: int, xr: int, xs: int, denominator: int) -> Hex:
    """The hex nearest the cube point ``(xq, xr, xs) / denominator`` (no ties allowed)."""
    q = (2 * xq + denominator) // (2 * denominator)
    r = (2 * xr + denominator) // (2 * denominator)
    s = (2 * xs + denominator) // (2 * denominator)
    q_error = abs(q * denominator - xq)
    r_error = abs(r * denominator - xr)
    s_error = abs(s * denominator - xs)
    if q_error > r_error and q_error > s_error:
        q = -r - s
    elif r_error > s_error:
        r = -q - s
    return Hex(q, r)


def to_offset(h: Hex) -> tuple[int, int]:
    """``(col, row)`` in "odd-r" offset coordinates (odd rows shoved right); row is ``r``."""
    return h.q + (h.r - (h.r & 1)) // 2, h.r


def from_offset(col: int, row: int) -> Hex:
    """The hex at ``(col, row)`` in "odd-r" offset coordinates; inverse of :func:`to_offset`."""
    return Hex(col - (row - (row & 1)) // 2, row)
