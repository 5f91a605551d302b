"""Runebound static content: YAML records compiled once into index-based lookups.

The base game's files live in ``content/runebound/base``; an adventure with files of its own
keeps them in a folder beside it (``content/runebound/al-kalim``; for a content pack: a subfolder
of the pack), loaded by the adventure into ``RuneboundContent.parts``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from boardwright.engine.content import (
    ContentError,
    ContentRecord,
    load_document,
    load_records,
    validate_records,
)
from boardwright.engine.hexgrid import Hex, distance, neighbours
from boardwright.games.runebound.adventures import all_adventures
from boardwright.games.runebound.card_packs import (
    BASE_SET,
    BUILTIN_PACKS_DIR,
    PACKS_FOLDER,
    REGISTRY_FILE,
    PackCards,
    check_unique_ids,
    in_play,
    is_pack_folder,
    is_pack_set,
    pack_file,
    pack_folders,
    read_packs,
    with_sets,
)
from boardwright.games.runebound.records import (
    COLOURS,
    CULT_EFFECTS,
    TERRAINS,
    AdventureCard,
    BoardRecord,
    Hero,
    MarketCard,
)
from boardwright.games.runebound.records import LEGEND_TYPES as LEGEND_TYPES  # re-exported
from boardwright.games.runebound.traits import (
    CardPlace,
    check_teleports,
    check_traits,
    known_traits,
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
BASE_FILES = ("board", "heroes", "adventures", "market")


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
    # cities of another board that a card may name, each with the index of the city of this
    # board that stands in for it (an adventure's own board: AK-17.7); empty for the base board
    stand_ins: dict[str, int] = field(default_factory=dict)

    def city_named(self, city_id: str) -> City | None:
        """The city a card's city id means on this board: its own city of that id, else the
        one that stands in for a city of another board (``stand_ins``); None for neither."""
        for city in self.cities:
            if city.id == city_id:
                return city
        index = self.stand_ins.get(city_id)
        return None if index is None else self.cities[index]

    def nearest_cities(self, index: int) -> list[City]:
        """Every city the fewest hexes from hex ``index``, in market-row order: the first is
        where a hero knocked out there wakes (RB-5.9); AR-6.6 lets the player pick."""
        here = self.hexes[index].at
        far = [distance(here, self.hexes[city.hex].at) for city in self.cities]
        best = min(far)
        return [city for city, d in zip(self.cities, far, strict=True) if d == best]

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
    # the content parts of adventures with files of their own, by adventure id (The Sands of
    # Al-Kalim: when its folder is there)
    parts: dict[str, Any] = field(default_factory=dict)
    # the card packs whose cards are here (PK-2), in the registry's order; their cards follow
    # the base cards in ``market`` and ``adventures``
    packs: tuple[str, ...] = ()
    pack_files: tuple[Path, ...] = ()  # the files they came from (pinned by saves)


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


def load_content(directory: Path = CONTENT_DIR, packs: Path | None = None) -> RuneboundContent:
    """The base game's content from ``directory``, with the content part of every adventure
    whose folder is there (:func:`adventure_folder`) and the cards of every card pack in its
    ``packs/`` folder (``packs``: another folder of card packs, e.g. a test's). A folder with
    card packs and no base files (an imported card pack) plays them with the built-in base."""
    base = base_folder(directory)
    board = compile_board(load_document(base / "board.yaml", BoardRecord))
    heroes = load_records(base / "heroes.yaml", Hero, list_key="heroes")
    adventures = base_cards(base, "adventures", AdventureCard)
    market = base_cards(base, "market", MarketCard)
    parts = {}
    for adventure in all_adventures():
        folder = adventure_folder(directory, adventure.content_folder)
        if folder is not None:
            parts[adventure.id] = adventure.load_content(folder)
    root = packs if packs is not None else packs_root(directory)
    errors: list[ContentError] = []
    cities = frozenset(c.id for c in board.cities)
    cards = check_packs(pack_folders(root), market, adventures, parts, errors, cities)
    if errors:
        raise errors[0]
    adventures = (*adventures, *cards.adventures)
    market = (*market, *cards.market)
    content = RuneboundContent(
        board=board,
        heroes=heroes,
        adventures=adventures,
        market=market,
        adventure_index={c.id: i for i, c in enumerate(adventures)},
        market_index={c.id: i for i, c in enumerate(market)},
        packs=cards.sets,
        pack_files=cards.files,
    )
    check_content(content)
    return replace(content, parts=parts) if parts else content


Card = TypeVar("Card", MarketCard, AdventureCard)


def base_cards(directory: Path, stem: str, model: type[Card]) -> tuple[Card, ...]:
    """A base file's cards, each of set ``base`` (PK-2)."""
    path = directory / f"{stem}.yaml"
    errors: list[ContentError] = []
    cards = with_sets(path, stem, load_records(path, model, list_key=stem), BASE_SET, errors)
    if errors:
        raise errors[0]
    return cards


def base_folder(directory: Path) -> Path:
    """Where a content folder's base files are: the folder, or for a folder of card packs
    alone (no base files) the built-in base folder."""
    if not any((directory / f"{stem}.yaml").exists() for stem in BASE_FILES) and (
        (directory / PACKS_FOLDER).is_dir()
    ):
        return CONTENT_DIR
    return directory


def packs_root(directory: Path) -> Path:
    """The folder of card packs of a content folder (for the built-in one: beside base/)."""
    if directory.resolve() == CONTENT_DIR:
        return BUILTIN_PACKS_DIR
    return directory / PACKS_FOLDER


def check_packs(
    folders: Iterable[Path],
    market: Iterable[MarketCard],
    adventures: Iterable[AdventureCard],
    parts: Mapping[str, Any],
    errors: list[ContentError],
    cities: frozenset[str],
) -> PackCards:
    """The cards of the pack folders, checked (every problem added to ``errors``): each pack
    file on its own, and every card id in one set only, against the base cards and the
    adventures' own (``parts``)."""
    cards = read_packs(folders, errors)
    taken_market = {c.id: c.card_set for c in market}
    taken_adventures = {c.id: c.card_set for c in adventures}
    for adventure in all_adventures():
        part = parts.get(adventure.id)
        if part is not None:
            own_market, own_adventures = adventure.own_cards(part)
            taken_market.update((c.id, c.card_set) for c in own_market)
            taken_adventures.update((c.id, c.card_set) for c in own_adventures)
    check_unique_ids(cards, taken_market, taken_adventures, errors)
    every = [*adventures, *cards.adventures]
    for adventure in all_adventures():
        part = parts.get(adventure.id)
        if part is not None:
            every += adventure.own_cards(part)[1]
    check_traits(list(pack_card_places(cards)), known_traits(every), errors, cities)
    return cards


def pack_card_places(
    cards: PackCards,
) -> Iterator[CardPlace]:
    """Every pack card with its file, list key and index in that file."""
    stems: tuple[tuple[str, Sequence[MarketCard | AdventureCard]], ...] = (
        ("market", cards.market),
        ("adventures", cards.adventures),
    )
    for stem, records in stems:
        positions: dict[str, int] = {}
        for card in records:
            index = positions.get(card.card_set, 0)
            positions[card.card_set] = index + 1
            yield pack_file(cards, card.card_set, stem), stem, index, card


def adventure_folder(directory: Path, name: str) -> Path | None:
    """Where an adventure's files (folder ``name``) are for a content folder: its subfolder, or
    for the built-in base folder the built-in folder beside it; None when there are none."""
    if not name:
        return None
    if (directory / name).is_dir():
        return directory / name
    beside = CONTENT_DIR.parent / name
    if base_folder(directory).resolve() == CONTENT_DIR and beside.is_dir():
        return beside
    return None


def cult_only_place(record: AdventureCard | MarketCard) -> str | None:
    """Where a card uses Cult of the Rune's own vocabulary (CR-43 to CR-46), or None."""
    abilities = [*record.abilities]
    if isinstance(record, AdventureCard):
        abilities += record.reward.abilities
    for i, ability in enumerate(abilities):
        if ability.only_if is not None:
            return f"abilities[{i}].only_if"
        for j, effect in enumerate(ability.effects):
            failures = effect.failure if effect.do == "test" else ()
            if effect.do in CULT_EFFECTS or any(f.do in CULT_EFFECTS for f in failures):
                return f"abilities[{i}].effects[{j}]"
    if isinstance(record, AdventureCard):
        effects = [*record.reward.effects]
        effects += [e for choice in record.choices for e in (*choice.success, *choice.failure)]
        for j, effect in enumerate(effects):
            if effect.do in CULT_EFFECTS:
                return f"effects[{j}]"
    return None


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
    for stem, records in (("adventures", content.adventures), ("market", content.market)):
        for record in records:
            place = cult_only_place(record)
            if place is not None:
                raise ContentError(
                    stem,
                    f"{record.id}.{place}",
                    "only Cult of the Rune's cards (set cult) use cult_move, corrupt and only_if "
                    "(CR-48)",
                )
    errors: list[ContentError] = []
    cities = frozenset(c.id for c in content.board.cities)
    places: list[CardPlace] = [("market", "market", i, c) for i, c in enumerate(content.market)]
    places += [("adventures", "adventures", i, c) for i, c in enumerate(content.adventures)]
    check_teleports(places, cities, errors)
    if errors:  # PV-9: a teleport to a city the board lacks
        raise errors[0]
    if not any(c.reward.wins_game for c in content.adventures) and (
        sum(c.reward.dragon_rune for c in content.adventures) < 3
    ):
        raise ContentError("adventures", "", "no way to win: no High Lord and fewer than 3 runes")
    if not content.heroes:
        raise ContentError("heroes", "", "no heroes")


def validate_files(
    directory: Path, stems: Iterable[str], models: Mapping[str, type[ContentRecord]]
) -> list[ContentError]:
    """The record-level problems of the files ``stems`` of a folder (``board`` is a document)."""
    errors: list[ContentError] = []
    for stem in stems:
        path = directory / f"{stem}.yaml"
        if stem == "board":
            try:
                load_document(path, BoardRecord)
            except ContentError as err:
                errors.append(err)
        else:
            errors.extend(validate_records(path, models[stem], list_key=stem))
    return errors


Part = TypeVar("Part")


def content_part(content: RuneboundContent, key: str, kind: type[Part]) -> Part | None:
    """An adventure's part of a game's content (``parts[key]``, of type ``kind``); None when
    its folder was not there."""
    found = content.parts.get(key)
    assert found is None or isinstance(found, kind), f"content part {key!r} is not a {kind}"
    return found


def content_with_part(content: RuneboundContent | None, key: str) -> RuneboundContent | None:
    """The content an adventure's cards are named from: the game's own when it has the part
    ``key``, else the built-in one when that has it, else None."""
    for chosen in (content, default_content()):
        if chosen is not None and chosen.parts.get(key) is not None:
            return chosen
    return None


def is_named_folder(directory: Path, name: str) -> bool:
    """Whether ``directory`` is an adventure's folder of one adventures file (Kelnov, the cult):
    named ``name``, with its adventures file (a card pack's folder holds an adventures file
    too, so the name tells them apart)."""
    return directory.name == name and (directory / "adventures.yaml").exists()


def validate_folder(
    directory: Path,
    stems: Iterable[str],
    models: Mapping[str, type[ContentRecord]],
    load: Callable[[Path], object],
) -> list[ContentError]:
    """Every problem of an adventure's folder: its records (``validate_files``), then, when
    they are sound, what its ``load`` checks across them."""
    errors = validate_files(directory, stems, models)
    if not errors:
        try:
            load(directory)
        except ContentError as err:
            errors.append(err)
    return errors


def validate_content_dir(directory: Path) -> list[ContentError]:
    """Every problem of a content folder: a base-game folder (with its adventures' subfolders
    and its card packs checked too), an adventure's folder on its own, a card pack's folder on
    its own or a folder of card packs (those checked against the built-in cards)."""
    adventures = [a for a in all_adventures() if a.content_folder]
    own = next((a for a in adventures if a.is_content_folder(directory)), None)
    if own is not None:
        return own.validate_content(directory)
    errors: list[ContentError] = []
    alone = pack_folders_alone(directory)
    if alone is not None:
        builtin = default_content()
        base_market = [c for c in builtin.market if not is_pack_set(c.card_set)]
        base_adventures = [c for c in builtin.adventures if not is_pack_set(c.card_set)]
        cities = frozenset(c.id for c in builtin.board.cities)
        check_packs(alone, base_market, base_adventures, builtin.parts, errors, cities)
        return errors
    base = base_folder(directory)
    if base == directory:
        errors = validate_files(directory, BASE_FILES, CONTENT_MODELS)
    for adventure in adventures:
        folder = directory / adventure.content_folder
        if folder.is_dir():
            errors.extend(adventure.validate_content(folder))
    root = directory / PACKS_FOLDER
    if not errors and root.is_dir():
        builtin_parts = default_content().parts if base != directory else {}
        try:
            market = base_cards(base, "market", MarketCard)
            cards = base_cards(base, "adventures", AdventureCard)
        except ContentError as err:
            errors.append(err)
        else:
            parts = builtin_parts or {
                a.id: a.load_content(directory / a.content_folder)
                for a in adventures
                if (directory / a.content_folder).is_dir()
            }
            board = load_document(base / "board.yaml", BoardRecord)
            cities = frozenset(c.id for c in board.cities)
            check_packs(pack_folders(root), market, cards, parts, errors, cities)
    if not errors:
        try:
            load_content(directory)
        except ContentError as err:
            errors.append(err)
    return errors


def pack_folders_alone(directory: Path) -> list[Path] | None:
    """The card-pack folders of a folder that holds card packs only: itself (one pack) or its
    subfolders (a folder of packs); None for any other folder."""
    if is_pack_folder(directory):
        return [directory]
    if any(p.name != REGISTRY_FILE for p in directory.glob("*.yaml")):
        return None  # the built-in packs folder holds the registry beside the packs
    subfolders = pack_folders(directory)
    if subfolders and all(is_pack_folder(sub) for sub in subfolders):
        return subfolders
    return None


def card_pack_part(directory: Path) -> str:
    """Where an imported folder goes in a content pack: ``packs/<name>`` for one card pack's
    folder, ``packs`` for a folder of card packs, "" for anything else."""
    alone = pack_folders_alone(directory)
    if alone is None:
        return ""
    if alone == [directory]:
        return f"{PACKS_FOLDER}/{directory.resolve().name}"
    return PACKS_FOLDER


@cache
def default_content() -> RuneboundContent:
    return load_content()


_WITH_PACKS: dict[tuple[int, tuple[str, ...]], tuple[RuneboundContent, RuneboundContent]] = {}


def with_adventure_cards(
    content: RuneboundContent, cards: Sequence[AdventureCard]
) -> RuneboundContent:
    """The content with an adventure's own cards after every other adventure card (Kelnov's,
    the cult's): the base and pack cards keep their indexes."""
    adventures = (*content.adventures, *cards)
    return replace(
        content,
        adventures=adventures,
        adventure_index={card.id: i for i, card in enumerate(adventures)},
    )


def with_packs(content: RuneboundContent, packs: Iterable[str]) -> RuneboundContent:
    """The content a game with ``packs`` plays with (PK-3): every card of the base and the
    adventures, and of the card packs only the chosen ones' (cached: content is immutable).

    A game's card indexes (and the ability keys built from them) are those of this view, so a
    game without packs numbers its cards as if no pack were installed."""
    chosen = tuple(p for p in content.packs if p in set(packs))
    if chosen == content.packs:
        return content
    key = (id(content), chosen)
    found = _WITH_PACKS.get(key)
    if found is None or found[0] is not content:
        market = tuple(c for c in content.market if in_play(c.card_set, chosen))
        adventures = tuple(c for c in content.adventures if in_play(c.card_set, chosen))
        view = replace(
            content,
            market=market,
            adventures=adventures,
            market_index={c.id: i for i, c in enumerate(market)},
            adventure_index={c.id: i for i, c in enumerate(adventures)},
            packs=chosen,
        )
        found = _WITH_PACKS[key] = (content, view)
    return found[1]
