"""Realm of Sand static content: typed records from YAML, compiled once into fast lookups."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from boardwright.engine.content import ContentError, ContentRecord, load_records, validate_records
from boardwright.games.realm_of_sand.geometry import (
    COLOURS,
    COLS,
    ROWS,
    STRIDE,
    Orientation,
    orientations,
)

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content" / "realm_of_sand"
CRYSTAL_COLOURS = ("red", "purple", "yellow", "green", "orange", "blue")


class TileRecord(ContentRecord):
    """A rune tile: three squares, straight (I) or bent (L), each green, red or black."""

    id: str
    shape: Literal["I", "L"]
    colours: str = Field(
        pattern=r"^[GRK]{3}$", description="three of G, R, K; for L the corner is the middle one"
    )


class CardRecord(ContentRecord):
    """A building card: the pattern to fulfil and its rewards."""

    id: str
    name: str
    level: Literal[1, 2, 3]
    pattern: list[str] = Field(min_length=1, description="rows of G R K B Y, '.' for no field")
    stars: int = Field(ge=0)
    hourglasses: int = Field(ge=0)
    spirits: list[Literal["G", "R", "K", "B", "Y"]] = Field(default_factory=list)
    level_up: int = Field(default=0, ge=0)

    @field_validator("pattern")
    @classmethod
    def _pattern_fields(cls, rows: list[str]) -> list[str]:
        if any(ch not in "GRKBY." for row in rows for ch in row):
            raise ValueError("pattern rows may hold only G, R, K, B, Y and '.'")
        if len(rows) > ROWS or any(len(row) > COLS for row in rows):
            raise ValueError(f"pattern is larger than the {ROWS}x{COLS} board")
        if not any(ch != "." for row in rows for ch in row):
            raise ValueError("pattern has no field")
        return rows


class BoardRecord(ContentRecord):
    """A player board side: light (L), dark (D) and crystal (C) fields."""

    id: str
    side: Literal["starter", "advanced"]
    name: str
    crystal: Literal["red", "purple", "yellow", "green", "orange", "blue"] | None = None
    rows: list[str]

    @model_validator(mode="after")
    def _layout(self) -> BoardRecord:
        if len(self.rows) != ROWS or any(len(row) != COLS for row in self.rows):
            raise ValueError(f"rows must be {ROWS} strings of {COLS} fields")
        if any(ch not in "LDC" for row in self.rows for ch in row):
            raise ValueError("rows may hold only L, D and C")
        crystals = sum(row.count("C") for row in self.rows)
        if self.side == "advanced" and (crystals != 1 or self.crystal is None):
            raise ValueError("an advanced board needs exactly one C field and a crystal colour")
        if self.side == "starter" and (crystals or self.crystal is not None):
            raise ValueError("a starter board has no crystal")
        return self


@dataclass(frozen=True)
class Tile:
    index: int
    id: str
    shape: str
    colours: tuple[int, ...]
    flat: tuple[Orientation, ...]  # rotations only
    flipped: tuple[Orientation, ...]  # rotations and mirror images


@dataclass(frozen=True)
class Card:
    index: int
    id: str
    name: str
    level: int
    stars: int
    hourglasses: int
    spirits: tuple[int, ...]
    level_up: int
    rotations: tuple[Orientation, ...]
    with_mirror: tuple[Orientation, ...]
    needs: tuple[int, ...]  # pieces needed per colour
    need_pairs: tuple[tuple[int, int], ...]  # (colour, count) for colours needed: a quick filter
    rows: tuple[str, ...]


@dataclass(frozen=True)
class Board:
    index: int
    id: str
    side: str
    name: str
    crystal: str | None
    light: int
    dark: int
    crystal_field: int  # -1 on the starter side
    rows: tuple[str, ...]


@dataclass(frozen=True)
class RealmContent:
    tiles: tuple[Tile, ...]
    cards: tuple[Card, ...]
    boards: tuple[Board, ...]

    def card_by_id(self, card_id: str) -> Card | None:
        return next((c for c in self.cards if c.id == card_id), None)


_TILE_FIELDS = {"I": ((0, 0), (0, 1), (0, 2)), "L": ((0, 0), (1, 0), (1, 1))}


def _compile_tile(index: int, record: TileRecord) -> Tile:
    colours = tuple(COLOURS.index(ch) for ch in record.colours)
    fields = [
        (r, c, colour) for (r, c), colour in zip(_TILE_FIELDS[record.shape], colours, strict=True)
    ]
    return Tile(
        index=index,
        id=record.id,
        shape=record.shape,
        colours=colours,
        flat=orientations(fields, mirror=False),
        flipped=orientations(fields, mirror=True),
    )


def _compile_card(index: int, record: CardRecord) -> Card:
    fields = [
        (r, c, COLOURS.index(ch))
        for r, row in enumerate(record.pattern)
        for c, ch in enumerate(row)
        if ch != "."
    ]
    needs = [0] * len(COLOURS)
    for _, _, colour in fields:
        needs[colour] += 1
    return Card(
        index=index,
        id=record.id,
        name=record.name,
        level=record.level,
        stars=record.stars,
        hourglasses=record.hourglasses,
        spirits=tuple(COLOURS.index(s) for s in record.spirits),
        level_up=record.level_up,
        rotations=orientations(fields, mirror=False),
        with_mirror=orientations(fields, mirror=True),
        needs=tuple(needs),
        need_pairs=tuple((c, n) for c, n in enumerate(needs) if n),
        rows=tuple(record.pattern),
    )


def _compile_board(index: int, record: BoardRecord) -> Board:
    light = dark = 0
    crystal_field = -1
    for r, row in enumerate(record.rows):
        for c, ch in enumerate(row):
            bit = 1 << (r * STRIDE + c)
            if ch == "D":
                dark |= bit
            else:
                light |= bit
            if ch == "C":
                crystal_field = r * STRIDE + c
    return Board(
        index,
        record.id,
        record.side,
        record.name,
        record.crystal,
        light,
        dark,
        crystal_field,
        tuple(record.rows),
    )


CONTENT_MODELS: dict[str, type[ContentRecord]] = {
    "tiles": TileRecord,
    "cards": CardRecord,
    "boards": BoardRecord,
}


def validate_content_dir(directory: Path) -> list[ContentError]:
    """All problems of a content directory: each file's records, then the component counts."""
    errors: list[ContentError] = []
    for stem, model in CONTENT_MODELS.items():
        errors.extend(validate_records(directory / f"{stem}.yaml", model, list_key=stem))
    if not errors:
        try:
            check_components(load_content(directory))
        except ContentError as err:
            errors.append(err)
    return errors


def load_content(directory: Path = CONTENT_DIR) -> RealmContent:
    """Load and check a content directory (tiles.yaml, cards.yaml, boards.yaml)."""
    tiles = load_records(directory / "tiles.yaml", TileRecord, list_key="tiles")
    cards = load_records(directory / "cards.yaml", CardRecord, list_key="cards")
    boards = load_records(directory / "boards.yaml", BoardRecord, list_key="boards")
    return RealmContent(
        tiles=tuple(_compile_tile(i, t) for i, t in enumerate(tiles)),
        cards=tuple(_compile_card(i, c) for i, c in enumerate(cards)),
        boards=tuple(_compile_board(i, b) for i, b in enumerate(boards)),
    )


@cache
def default_content() -> RealmContent:
    return load_content()


def check_components(content: RealmContent) -> None:
    """RS-0: the component counts the rules describe; owners' own data must keep them."""
    where = "realm of sand content"
    if len(content.tiles) != 28:
        raise ContentError(where, "tiles", f"needs 28 rune tiles, found {len(content.tiles)}")
    for level in (1, 2, 3):
        count = sum(1 for c in content.cards if c.level == level)
        if count != 18:
            raise ContentError(where, "cards", f"needs 18 level {level} cards, found {count}")
    if sum(1 for b in content.boards if b.side == "starter") != 1:
        raise ContentError(where, "boards", "needs exactly one starter board")
    crystals = sorted(str(b.crystal) for b in content.boards if b.side == "advanced")
    if crystals != sorted(CRYSTAL_COLOURS):
        raise ContentError(
            where, "boards", f"needs one advanced board per crystal colour {CRYSTAL_COLOURS}"
        )
