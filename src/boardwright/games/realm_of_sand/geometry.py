"""The player board as bitmasks: fast pattern matching for tiles and building cards.

A board has ROWS x COLS fields. Field (row, col) is bit ``row * STRIDE + col``; the stride has
one spare column so that shifting a pattern never wraps from one row into the next. A pattern
orientation stores each field as (bit offset, colour); the anchors where it matches are the AND
of the colour masks shifted by each offset — a handful of big-int operations for all anchors.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

ROWS = 7
COLS = 7
STRIDE = COLS + 1
CELLS = tuple(r * STRIDE + c for r in range(ROWS) for c in range(COLS))
BOARD_MASK = sum(1 << i for i in CELLS)

COLOURS = ("G", "R", "K", "B", "Y")
RUNE_COLOURS = 3  # green, red, black: squares and discs; blue and yellow are discs only

EMPTY = 0
SQUARE = 1  # a square of colour c is stored as SQUARE + c
DISC = 6  # a disc of colour c is stored as DISC + c


def cell_name(index: int) -> str:
    """Field name as printed on our boards: column letter + row number, e.g. ``B3``."""
    return CELL_NAMES[index]


CELL_NAMES = tuple(f"{chr(65 + i % STRIDE)}{i // STRIDE + 1}" for i in range(ROWS * STRIDE))


def parse_cell(name: str) -> int | None:
    name = name.strip().upper()
    if len(name) < 2 or not name[1:].isdigit():
        return None
    col, row = ord(name[0]) - 65, int(name[1:]) - 1
    if 0 <= col < COLS and 0 <= row < ROWS:
        return row * STRIDE + col
    return None


# For each byte position and byte value, the absolute indexes of its set bits.
_BYTE_BITS = tuple(
    tuple(tuple(8 * k + j for j in range(8) if value >> j & 1) for value in range(256))
    for k in range((ROWS * STRIDE + 7) // 8)
)


def bits(mask: int) -> list[int]:
    """Indexes of the set bits of a board mask, lowest first (table lookup per byte)."""
    out: list[int] = []
    for table in _BYTE_BITS:
        if not mask:
            break
        byte = mask & 255
        if byte:
            out.extend(table[byte])
        mask >>= 8
    return out


@cache
def cells_key(mask: int) -> str:
    """Stable text for a set of fields, e.g. ``B2+B3+C3`` (memoised: the same sets recur)."""
    return "+".join(CELL_NAMES[i] for i in bits(mask))


@dataclass(frozen=True, slots=True)
class Orientation:
    """One rotation (or mirror image) of a pattern, normalised to its top-left corner."""

    fields: tuple[tuple[int, int], ...]  # (bit offset from the anchor, colour index)
    shape_mask: int  # the fields as bits at anchor 0
    anchors: int  # anchors where the pattern lies wholly on the board
    rows: tuple[str, ...]  # a drawing, e.g. ("GR", ".K")

    def matches(self, colour_masks: list[int]) -> int:
        """Anchors where every field of the pattern holds a piece of its colour."""
        found = self.anchors
        for offset, colour in self.fields:
            found &= colour_masks[colour] >> offset
            if not found:
                return 0
        return found


def _normalise(cells: Iterable[tuple[int, int, int]]) -> tuple[tuple[int, int, int], ...]:
    cells = list(cells)
    top = min(r for r, _, _ in cells)
    left = min(c for _, c, _ in cells)
    return tuple(sorted((r - top, c - left, colour) for r, c, colour in cells))


def orientations(
    cells: Iterable[tuple[int, int, int]], *, rotate: bool = True, mirror: bool
) -> tuple[Orientation, ...]:
    """The distinct orientations of a pattern given as (row, col, colour) fields."""
    shapes: list[tuple[tuple[int, int, int], ...]] = []
    base = _normalise(cells)
    variants = [base]
    if mirror:
        variants.append(_normalise((r, -c, colour) for r, c, colour in base))
    for variant in variants:
        current = variant
        for _ in range(4 if rotate else 1):
            if current not in shapes:
                shapes.append(current)
            current = _normalise((c, -r, colour) for r, c, colour in current)
    return tuple(_compile(shape) for shape in shapes)


def _compile(shape: tuple[tuple[int, int, int], ...]) -> Orientation:
    height = max(r for r, _, _ in shape) + 1
    width = max(c for _, c, _ in shape) + 1
    fields = tuple((r * STRIDE + c, colour) for r, c, colour in shape)
    anchors = 0
    for r in range(ROWS - height + 1):
        for c in range(COLS - width + 1):
            anchors |= 1 << (r * STRIDE + c)
    grid = [["."] * width for _ in range(height)]
    for r, c, colour in shape:
        grid[r][c] = COLOURS[colour]
    return Orientation(
        fields=fields,
        shape_mask=sum(1 << offset for offset, _ in fields),
        anchors=anchors,
        rows=tuple("".join(row) for row in grid),
    )
