"""Runebound static content: YAML records compiled once into index-based lookups."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from boardwright.engine.content import (
    ContentError,
    ContentRecord,
    load_document,
    load_records,
    validate_records,
)
from boardwright.engine.hexgrid import Hex, neighbours
from boardwright.games.runebound.records import (
    COLOURS,
    TERRAINS,
    AdventureCard,
    BoardRecord,
    Hero,
    MarketCard,
)

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content" / "runebound" / "base"
CITY = len(TERRAINS)  # terrain index of city hexes (no die shows it)
TERRAIN_NAMES = (*TERRAINS, "city")

CONTENT_MODELS: dict[str, type[ContentRecord]] = {
    "board": BoardRecord,
    "heroes": Hero,
    "adventures": AdventureCard,
    "market": MarketCard,
}


@dataclass(frozen=True)
class BoardHex:
    index: int
    at: Hex
    terrain: int  # index into TERRAIN_NAMES
    gem: int  # colour index, -1 for none
    star: bool
    city: int  # city index, -1 for none
    name: str | None
    neighbours: tuple[int, ...]


@dataclass(frozen=True)
class City:
    index: int
    id: str
    name: str
    hex: int
    market_position: int


@dataclass(frozen=True)
class Board:
    hexes: tuple[BoardHex, ...]
    cities: tuple[City, ...]  # in market-row order (Tamalir first)
    die_faces: tuple[int, ...]  # each face as a bit set of terrain indexes
    counter_values: tuple[int, ...]  # experience per colour index
    by_coordinates: dict[Hex, int]

    def hex_name(self, index: int) -> str:
        h = self.hexes[index]
        if h.city >= 0:
            return self.cities[h.city].name
        return h.name or f"{TERRAIN_NAMES[h.terrain]} {h.at.q},{h.at.r}"


@dataclass(frozen=True)
class RuneboundContent:
    board: Board
    heroes: tuple[Hero, ...]
    adventures: tuple[AdventureCard, ...]
    market: tuple[MarketCard, ...]
    adventure_index: dict[str, int]
    market_index: dict[str, int]


def compile_board(record: BoardRecord) -> Board:
    coords = [Hex.parse(h.at) for h in record.hexes]
    by_coordinates = {h: i for i, h in enumerate(coords)}
    city_ids = [c.id for c in sorted(record.cities, key=lambda c: c.market_position)]
    city_hex: dict[str, int] = {}
    hexes = []
    for i, (rec, at) in enumerate(zip(record.hexes, coords, strict=True)):
        if rec.city is not None:
            if rec.city not in city_ids:
                raise ContentError("board", f"hexes[{i}].city", f"unknown city '{rec.city}'")
            city_hex[rec.city] = i
        hexes.append(
            BoardHex(
                index=i,
                at=at,
                terrain=TERRAIN_NAMES.index(rec.terrain),
                gem=COLOURS.index(rec.gem) if rec.gem else -1,
                star=rec.star,
                city=city_ids.index(rec.city) if rec.city else -1,
                name=rec.name,
                neighbours=tuple(by_coordinates[n] for n in neighbours(at) if n in by_coordinates),
            )
        )
    cities = []
    for index, city_record in enumerate(sorted(record.cities, key=lambda c: c.market_position)):
        if city_record.id not in city_hex:
            raise ContentError("board", "cities", f"city '{city_record.id}' is on no hex")
        cities.append(
            City(
                index,
                city_record.id,
                city_record.name,
                city_hex[city_record.id],
                city_record.market_position,
            )
        )
    faces = tuple(
        sum(1 << TERRAINS.index(t) for t in face.terrains) for face in record.movement_die
    )
    values = tuple(record.counter_values.get(c, 1) for c in COLOURS)  # type: ignore[call-overload]
    return Board(
        tuple(hexes),
        tuple(cities),
        faces,
        values,
        by_coordinates,
    )


def load_content(directory: Path = CONTENT_DIR) -> RuneboundContent:
    board = compile_board(load_document(directory / "board.yaml", BoardRecord))
    heroes = load_records(directory / "heroes.yaml", Hero, list_key="heroes")
    adventures = load_records(directory / "adventures.yaml", AdventureCard, list_key="adventures")
    market = load_records(directory / "market.yaml", MarketCard, list_key="market")
    content = RuneboundContent(
        board=board,
        heroes=heroes,
        adventures=adventures,
        market=market,
        adventure_index={c.id: i for i, c in enumerate(adventures)},
        market_index={c.id: i for i, c in enumerate(market)},
    )
    check_content(content)
    return content


def check_content(content: RuneboundContent) -> None:
    """Cross-file checks: references resolve, the red deck can be won."""
    for card in content.adventures:
        for ability in card.abilities:
            for effect in ability.effects:
                if effect.do == "fight" and effect.card not in content.adventure_index:
                    raise ContentError(
                        "adventures", card.id, f"fights unknown card '{effect.card}'"
                    )
        for choice in card.choices:
            for effect in (*choice.success, *choice.failure):
                if effect.do == "fight" and effect.card not in content.adventure_index:
                    raise ContentError(
                        "adventures", card.id, f"fights unknown card '{effect.card}'"
                    )
    if not any(c.reward.wins_game for c in content.adventures) and (
        sum(c.reward.dragon_rune for c in content.adventures) < 3
    ):
        raise ContentError("adventures", "", "no way to win: no High Lord and fewer than 3 runes")
    if not content.heroes:
        raise ContentError("heroes", "", "no heroes")


def validate_content_dir(directory: Path) -> list[ContentError]:
    errors: list[ContentError] = []
    for stem, model in CONTENT_MODELS.items():
        path = directory / f"{stem}.yaml"
        if stem == "board":
            try:
                load_document(path, BoardRecord)
            except ContentError as err:
                errors.append(err)
        else:
            errors.extend(validate_records(path, model, list_key=stem))
    if not errors:
        try:
            load_content(directory)
        except ContentError as err:
            errors.append(err)
    return errors


@cache
def default_content() -> RuneboundContent:
    return load_content()
