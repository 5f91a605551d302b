"""Runebound static content: YAML records compiled once into index-based lookups.

The base game's files live in ``content/runebound/base``; the Sands of Al-Kalim's in
``content/runebound/al-kalim`` (for a content pack: an ``al-kalim`` subfolder of the pack).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
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
    Ability,
    AdventureCard,
    BoardRecord,
    Effect,
    GearRecord,
    Hero,
    LegendCard,
    MarketCard,
)
from boardwright.games.runebound.records import LEGEND_TYPES as LEGEND_TYPES  # re-exported

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content" / "runebound" / "base"
AL_KALIM = "al-kalim"  # the Al-Kalim folder: beside base/, or a subfolder of a content pack
AL_KALIM_DIR = CONTENT_DIR.parent / AL_KALIM
CITY = len(TERRAINS)  # terrain index of city hexes (no die shows it)
TERRAIN_NAMES = (*TERRAINS, "city")

CONTENT_MODELS: dict[str, type[ContentRecord]] = {
    "board": BoardRecord,
    "heroes": Hero,
    "adventures": AdventureCard,
    "market": MarketCard,
    # The Sands of Al-Kalim (its folder also holds board, heroes and adventures files)
    "legends": LegendCard,
    "allies": MarketCard,
    "gear": GearRecord,
}
BASE_FILES = ("board", "heroes", "adventures", "market")
AL_KALIM_FILES = ("board", "adventures", "legends", "allies", "heroes", "gear")
GEAR_KINDS = ("pack_camel", "waterskin", "adventurers_kit")
LOST_CITY_POWERS = ("faith", "dreams", "clouds")
ANY_LOST_CITY = "lost"  # a quest step's city: any lost city


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
class Location:
    """Al-Kalim: a named place (AK-15.1). ``hexes`` holds the name hexes and the adjoining
    hexes of the same terrain, worked out once when the board is compiled."""

    index: int
    id: str
    name: str
    name_hexes: tuple[int, ...]
    hexes: frozenset[int]


@dataclass(frozen=True)
class LostCity:
    """Al-Kalim: a lost-city marker (AK-1.8) and its market stack (AK-14.8)."""

    index: int
    id: str
    name: str
    crest: str
    market_position: int
    power: str  # faith, dreams or clouds (AK-14.5-AK-14.7)


@dataclass(frozen=True)
class Board:
    hexes: tuple[BoardHex, ...]
    cities: tuple[City, ...]  # in market-row order (Tamalir first)
    die_faces: tuple[int, ...]  # each face as a bit set of terrain indexes
    counter_values: tuple[int, ...]  # experience per colour index
    by_coordinates: dict[Hex, int]
    # Al-Kalim overlay (empty for the base board)
    terrain_names: tuple[str, ...] = TERRAIN_NAMES  # shown names by terrain index ("dunes")
    locations: tuple[Location, ...] = ()
    location_index: dict[str, int] = field(default_factory=dict)
    sandstorm_start: int = -1  # hex index of the Prison of the Ifrit (AK-2.3), -1 for none
    lost_cities: tuple[LostCity, ...] = ()

    def hex_name(self, index: int) -> str:
        h = self.hexes[index]
        if h.city >= 0:
            return self.cities[h.city].name
        return h.name or f"{self.terrain_names[h.terrain]} {h.at.q},{h.at.r}"


@dataclass(frozen=True)
class RuneboundContent:
    board: Board
    heroes: tuple[Hero, ...]
    adventures: tuple[AdventureCard, ...]
    market: tuple[MarketCard, ...]
    adventure_index: dict[str, int]
    market_index: dict[str, int]
    al_kalim: AlKalimContent | None = None  # The Sands of Al-Kalim, when its folder is there


@dataclass(frozen=True)
class AlKalimContent:
    """The Sands of Al-Kalim: the overlay board and the expansion's cards (AK-1.2)."""

    board: Board
    adventures: tuple[AdventureCard, ...]  # challenges only (AK-1.3)
    legends: tuple[LegendCard, ...]
    allies: tuple[MarketCard, ...]
    heroes: tuple[Hero, ...]
    gear: tuple[GearRecord, ...]
    adventure_index: dict[str, int]
    legend_index: dict[str, int]
    ally_index: dict[str, int]
    hero_index: dict[str, int]
    gear_index: dict[str, int]  # by gear kind
    traits: frozenset[str]  # every trait of the adventure cards (AK-6.5)


def adjoining_same_terrain(
    hexes: tuple[BoardHex, ...], name_hexes: Iterable[int]
) -> frozenset[int]:
    """AK-15.1: the name hexes plus each hex next to one of them with the same terrain as that
    name hex. The neighbours are added once; their own neighbours are not (no flood fill)."""
    found = set(name_hexes)
    for index in tuple(found):
        terrain = hexes[index].terrain
        found.update(n for n in hexes[index].neighbours if hexes[n].terrain == terrain)
    return frozenset(found)


def location_hexes(board: Board, location_id: str) -> frozenset[int]:
    """The hex indexes of a location (AK-15.1); KeyError for an unknown location id."""
    index = board.location_index.get(location_id)
    if index is None:
        raise KeyError(
            f"no location {location_id!r} on the board {', '.join(board.location_index)}"
        )
    return board.locations[index].hexes


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
    terrain_names = tuple(
        record.terrain_names.get(t, t)  # type: ignore[call-overload]
        for t in TERRAIN_NAMES
    )
    locations = []
    for index, location in enumerate(record.locations):
        name_hexes = tuple(by_coordinates[Hex.parse(at)] for at in location.hexes)
        members = (
            adjoining_same_terrain(tuple(hexes), name_hexes)
            if location.adjoining
            else frozenset(name_hexes)
        )
        locations.append(Location(index, location.id, location.name, name_hexes, members))
    lost_cities = tuple(
        LostCity(index, lost.id, lost.name, lost.crest, lost.market_position, lost.power)
        for index, lost in enumerate(sorted(record.lost_cities, key=lambda c: c.market_position))
    )
    storm = (
        by_coordinates[Hex.parse(record.sandstorm_start)]
        if record.sandstorm_start is not None
        else -1
    )
    return Board(
        tuple(hexes),
        tuple(cities),
        faces,
        values,
        by_coordinates,
        terrain_names=terrain_names,
        locations=tuple(locations),
        location_index={location.id: location.index for location in locations},
        sandstorm_start=storm,
        lost_cities=lost_cities,
    )


def al_kalim_folder(directory: Path) -> Path | None:
    """Where the Al-Kalim files of a content folder are: its ``al-kalim`` subfolder, or for the
    built-in base folder the built-in Al-Kalim folder beside it; None when there are none."""
    if (directory / AL_KALIM).is_dir():
        return directory / AL_KALIM
    if directory.resolve() == CONTENT_DIR and AL_KALIM_DIR.is_dir():
        return AL_KALIM_DIR
    return None


def is_al_kalim_folder(directory: Path) -> bool:
    """Whether ``directory`` holds Al-Kalim files (legends, allies, gear; no market deck)."""
    own = ("legends", "allies", "gear")
    return not (directory / "market.yaml").exists() and any(
        (directory / f"{stem}.yaml").exists() for stem in own
    )


def load_content(
    directory: Path = CONTENT_DIR, al_kalim_dir: Path | None = None
) -> RuneboundContent:
    """The base game's content from ``directory``, with the Sands of Al-Kalim from
    ``al_kalim_dir`` (default: :func:`al_kalim_folder`) when there is such a folder."""
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
    expansion = al_kalim_dir if al_kalim_dir is not None else al_kalim_folder(directory)
    if expansion is not None:
        content = replace(content, al_kalim=load_al_kalim(expansion))
    return content


def load_al_kalim(directory: Path = AL_KALIM_DIR) -> AlKalimContent:
    """The Sands of Al-Kalim's six files from ``directory``, compiled and cross-checked."""
    board = compile_board(load_document(directory / "board.yaml", BoardRecord))
    adventures = load_records(directory / "adventures.yaml", AdventureCard, list_key="adventures")
    legends = load_records(directory / "legends.yaml", LegendCard, list_key="legends")
    allies = load_records(directory / "allies.yaml", MarketCard, list_key="allies")
    heroes = load_records(directory / "heroes.yaml", Hero, list_key="heroes")
    gear = load_records(directory / "gear.yaml", GearRecord, list_key="gear")
    content = AlKalimContent(
        board=board,
        adventures=adventures,
        legends=legends,
        allies=allies,
        heroes=heroes,
        gear=gear,
        adventure_index={c.id: i for i, c in enumerate(adventures)},
        legend_index={c.id: i for i, c in enumerate(legends)},
        ally_index={c.id: i for i, c in enumerate(allies)},
        hero_index={c.id: i for i, c in enumerate(heroes)},
        gear_index={g.kind: i for i, g in enumerate(gear)},
        traits=frozenset(t for card in adventures for t in card.traits),
    )
    check_al_kalim(content, directory)
    return content


def _effects(abilities: Iterable[Ability]) -> Iterator[tuple[str, Effect]]:
    """(place in the record, effect) of every effect of the abilities."""
    for i, ability in enumerate(abilities):
        for j, effect in enumerate(ability.effects):
            yield f"abilities[{i}].effects[{j}]", effect


def check_al_kalim(content: AlKalimContent, directory: Path = AL_KALIM_DIR) -> None:
    """Cross-file checks of the Al-Kalim files: the rules' structure (challenges only, with a
    night life, AK-1.3, AK-6.3; five legend stacks, AK-3.6; three gear kinds, AK-1.9; three lost
    cities and the storm's start, AK-1.8, AK-2.3) and every id a card refers to."""
    board = content.board

    def file(stem: str) -> str:
        return str(directory / f"{stem}.yaml")

    def where(stem: str, index: int, record_id: str, place: str = "") -> str:
        return f"{stem}[{index}] (id {record_id!r}){'.' + place if place else ''}"

    if board.sandstorm_start < 0:
        raise ContentError(file("board"), "sandstorm_start", "missing: the Prison of the Ifrit")
    powers = sorted(lost.power for lost in board.lost_cities)
    if powers != sorted(LOST_CITY_POWERS):
        raise ContentError(
            file("board"), "lost_cities", "needs one lost city of each power: faith, dreams, clouds"
        )
    for i, card in enumerate(content.adventures):
        if card.kind != "challenge":
            problem = "the Al-Kalim decks hold challenges only (AK-1.3)"
            raise ContentError(file("adventures"), where("adventures", i, card.id, "kind"), problem)
        if card.night_life is None:
            problem = "missing: an Al-Kalim challenge has a night life (AK-6.3)"
            raise ContentError(
                file("adventures"), where("adventures", i, card.id, "night_life"), problem
            )
        if card.reward.dragon_rune or card.reward.wins_game:
            problem = "no dragon runes or wins_game in Al-Kalim (AK-12.2)"
            raise ContentError(
                file("adventures"), where("adventures", i, card.id, "reward"), problem
            )
        for place, effect in _effects(card.abilities):
            if effect.do == "fight" and effect.card not in content.adventure_index:
                raise ContentError(
                    file("adventures"),
                    where("adventures", i, card.id, place + ".card"),
                    f"unknown adventure card {effect.card!r}",
                )
    city_ids = {c.id for c in board.cities} | {c.id for c in board.lost_cities} | {ANY_LOST_CITY}

    def check_effects(
        stem: str, i: int, record_id: str, effects: Iterable[tuple[str, Effect]]
    ) -> None:
        for place, effect in effects:
            if effect.do != "modify":
                continue
            if effect.location is not None and effect.location not in board.location_index:
                raise ContentError(
                    file(stem),
                    where(stem, i, record_id, place + ".location"),
                    f"unknown location {effect.location!r}",
                )
            if effect.trait is not None and effect.trait not in content.traits:
                raise ContentError(
                    file(stem),
                    where(stem, i, record_id, place + ".trait"),
                    f"unknown trait {effect.trait!r} (no Al-Kalim challenge has it)",
                )

    for i, card in enumerate(content.adventures):
        check_effects("adventures", i, card.id, _effects(card.abilities))
    for i, ally in enumerate(content.allies):
        check_effects("allies", i, ally.id, _effects(ally.abilities))
    for i, hero in enumerate(content.heroes):
        check_effects("heroes", i, hero.id, _effects(hero.abilities))
    for i, legend in enumerate(content.legends):
        for j, step in enumerate(legend.quest.steps):
            place = f"quest.steps[{j}]"
            if step.location is not None and step.location not in board.location_index:
                raise ContentError(
                    file("legends"),
                    where("legends", i, legend.id, place + ".location"),
                    f"unknown location {step.location!r}",
                )
            if step.city is not None and step.city not in city_ids:
                raise ContentError(
                    file("legends"),
                    where("legends", i, legend.id, place + ".city"),
                    f"unknown city {step.city!r} (a city id, a lost-city id or 'lost')",
                )
            if step.trait is not None and step.trait not in content.traits:
                raise ContentError(
                    file("legends"),
                    where("legends", i, legend.id, place + ".trait"),
                    f"unknown trait {step.trait!r} (no Al-Kalim challenge has it)",
                )
        rewards = (
            (f"reward.{place}", effect) for place, effect in _effects(legend.reward.abilities)
        )
        check_effects("legends", i, legend.id, rewards)
    missing = [t for t in LEGEND_TYPES if not any(c.type == t for c in content.legends)]
    if missing:
        raise ContentError(
            file("legends"), "", f"no legend card of type {', '.join(missing)} (AK-3.6)"
        )
    for i, ally in enumerate(content.allies):
        if ally.kind != "ally":
            problem = "allies.yaml holds allies only (AK-1.5)"
            raise ContentError(file("allies"), where("allies", i, ally.id, "kind"), problem)
    kinds = sorted(g.kind for g in content.gear)
    if kinds != sorted(GEAR_KINDS):
        raise ContentError(
            file("gear"),
            "",
            "needs one record of each kind: pack_camel, waterskin, adventurers_kit",
        )


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


def _validate_files(directory: Path, stems: Iterable[str]) -> list[ContentError]:
    errors: list[ContentError] = []
    for stem in stems:
        path = directory / f"{stem}.yaml"
        if stem == "board":
            try:
                load_document(path, BoardRecord)
            except ContentError as err:
                errors.append(err)
        else:
            errors.extend(validate_records(path, CONTENT_MODELS[stem], list_key=stem))
    return errors


def validate_content_dir(directory: Path) -> list[ContentError]:
    """Every problem of a content folder: a base-game folder (with an ``al-kalim`` subfolder
    checked too, when it has one) or an Al-Kalim folder on its own."""
    if is_al_kalim_folder(directory):
        errors = _validate_files(directory, AL_KALIM_FILES)
        if not errors:
            try:
                load_al_kalim(directory)
            except ContentError as err:
                errors.append(err)
        return errors
    errors = _validate_files(directory, BASE_FILES)
    expansion = directory / AL_KALIM
    if expansion.is_dir():
        errors.extend(validate_content_dir(expansion))
    if not errors:
        try:
            load_content(directory)
        except ContentError as err:
            errors.append(err)
    return errors


@cache
def default_content() -> RuneboundContent:
    return load_content()
