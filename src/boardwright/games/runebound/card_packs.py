"""Card packs as content sets (docs/rules/packs.md, PK-1/PK-2).

Every card carries its set (``AdventureCard.card_set``, ``MarketCard.card_set``): ``base`` for
the base game's files, ``al-kalim`` for The Sands of Al-Kalim's, and for a card pack the set its
file declares. The packs the game knows are data (``content/runebound/packs/packs.yaml``: id,
family, title); a pack's cards live in a folder of a content folder's ``packs/`` (for the
built-in content: ``content/runebound/packs/<folder>/``), one file per family:
``market.yaml`` (items and allies) or ``adventures.yaml`` (adventure cards), each starting with
``set: <pack id>``. Nothing here names a pack: the rules read a card's set and the family of
its pack.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar

from boardwright.engine.content import (
    ContentError,
    load_records,
    read_yaml,
    records_under_header,
)
from boardwright.games.runebound.records import AdventureCard, CardPackRecord, MarketCard

BUILTIN_PACKS_DIR = Path(__file__).resolve().parents[2] / "content" / "runebound" / "packs"
REGISTRY_FILE = "packs.yaml"
PACKS_FOLDER = "packs"  # a content folder's subfolder of card packs
BASE_SET = "base"
FAMILY_FILE = {"market": "market", "adventure": "adventures"}  # family -> file stem
FAMILY_NAME = {"market": "a market pack", "adventure": "an adventure-card pack"}
SET_KEY = "set"

Card = TypeVar("Card", MarketCard, AdventureCard)


@cache
def card_packs() -> tuple[CardPackRecord, ...]:
    """The card packs the game knows, in the registry's order."""
    return load_records(BUILTIN_PACKS_DIR / REGISTRY_FILE, CardPackRecord, list_key="packs")


def pack_record(pack: str) -> CardPackRecord | None:
    return next((p for p in card_packs() if p.id == pack), None)


def pack_ids(family: str | None = None) -> tuple[str, ...]:
    """The ids of the known packs (of one family)."""
    return tuple(p.id for p in card_packs() if family is None or p.family == family)


@cache
def pack_set_ids() -> frozenset[str]:
    return frozenset(pack_ids())


def is_pack_set(card_set: str) -> bool:
    """Whether a card of this set comes from a card pack (not from base or an adventure)."""
    return card_set in pack_set_ids()


@dataclass(frozen=True)
class PackCards:
    """The cards of the card packs found in one ``packs/`` folder."""

    market: tuple[MarketCard, ...] = ()
    adventures: tuple[AdventureCard, ...] = ()
    files: tuple[Path, ...] = ()

    @property
    def sets(self) -> tuple[str, ...]:
        """The packs with cards here, in the registry's order."""
        found = {c.card_set for c in self.market} | {c.card_set for c in self.adventures}
        return tuple(p for p in pack_ids() if p in found)


def record_place(stem: str, index: int, record_id: str, field: str = "") -> str:
    """Where a record is in its file, as ``content validate`` names it."""
    return f"{stem}[{index}] (id {record_id!r}){'.' + field if field else ''}"


def with_sets(
    path: Path,
    stem: str,
    cards: Sequence[Card],
    file_set: str,
    errors: list[ContentError],
    known: Sequence[str] = (),
) -> tuple[Card, ...]:
    """The cards with their set filled in from the file's (PK-2). A card that names another
    set, or one not in ``known`` (default: base and the packs), is an error."""
    out: list[Card] = []
    known = tuple(known) or (BASE_SET, *pack_ids())
    for index, card in enumerate(cards):
        if card.card_set and card.card_set not in known:
            errors.append(
                ContentError(
                    str(path),
                    record_place(stem, index, card.id, SET_KEY),
                    f"unknown set {card.card_set!r}; the sets are {', '.join(known)}",
                )
            )
        elif card.card_set and card.card_set != file_set:
            errors.append(
                ContentError(
                    str(path),
                    record_place(stem, index, card.id, SET_KEY),
                    f"set {card.card_set!r}, but the cards of this file are of set {file_set!r}"
                    + (
                        f" (a card of pack {card.card_set!r} goes in its own pack file)"
                        if is_pack_set(card.card_set)
                        else ""
                    ),
                )
            )
        out.append(card if card.card_set else card.model_copy(update={"card_set": file_set}))
    return tuple(out)


def file_set(path: Path, stem: str, errors: list[ContentError]) -> str | None:
    """The pack a pack file declares (``set:``), checked: known, and of the file's family."""
    try:
        document = read_yaml(path)
    except ContentError as err:
        errors.append(err)
        return None
    declared = document.get(SET_KEY) if isinstance(document, dict) else None
    known = ", ".join(pack_ids())
    if declared is None:
        problem = f"missing: a pack file starts with the pack it belongs to ({known})"
        errors.append(ContentError(str(path), SET_KEY, problem))
        return None
    pack = pack_record(str(declared))
    if pack is None:
        problem = f"unknown set {declared!r}; the card packs are {known}"
        errors.append(ContentError(str(path), SET_KEY, problem))
        return None
    wanted = FAMILY_FILE[pack.family]
    if wanted != stem:
        problem = (
            f"{pack.id!r} ({pack.title}) is {FAMILY_NAME[pack.family]}: its cards go in "
            f"{wanted}.yaml, not {stem}.yaml"
        )
        errors.append(ContentError(str(path), SET_KEY, problem))
        return None
    return pack.id


def pack_of_file(path: Path) -> str | None:
    """The pack a pack file declares (``set:``), None if it declares none it can be read for."""
    try:
        document = read_yaml(path)
    except ContentError:
        return None
    declared = document.get(SET_KEY) if isinstance(document, dict) else None
    return str(declared) if declared is not None else None


def pack_folders(root: Path) -> list[Path]:
    """The card-pack folders of a ``packs/`` folder, by name."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))


def is_pack_folder(directory: Path) -> bool:
    """Whether ``directory`` holds one card pack on its own: a market or adventures file
    that declares its set, and no base-game board."""
    if (directory / "board.yaml").exists():
        return False
    for stem in FAMILY_FILE.values():
        path = directory / f"{stem}.yaml"
        if path.is_file():
            try:
                document = read_yaml(path)
            except ContentError:
                continue
            if isinstance(document, dict) and SET_KEY in document:
                return True
    return False


def read_pack_folder(folder: Path, errors: list[ContentError]) -> PackCards:
    """The cards of one pack folder; every problem is added to ``errors``."""
    market: tuple[MarketCard, ...] = ()
    adventures: tuple[AdventureCard, ...] = ()
    files: list[Path] = []
    for path in sorted(folder.glob("*.yaml")):
        stem = path.stem
        if stem not in FAMILY_FILE.values():
            problem = "not a pack file: a card pack holds market.yaml or adventures.yaml"
            errors.append(ContentError(str(path), "", problem))
            continue
        declared = file_set(path, stem, errors)
        if declared is None:
            continue
        files.append(path)
        if stem == "market":
            cards, found = records_under_header(path, MarketCard, "market", (SET_KEY,))
            errors.extend(found)
            market = with_sets(path, stem, cards, declared, errors)
        else:
            adventure_cards, found = records_under_header(
                path, AdventureCard, "adventures", (SET_KEY,)
            )
            errors.extend(found)
            adventures = with_sets(path, stem, adventure_cards, declared, errors)
    return PackCards(market, adventures, tuple(files))


def read_packs(folders: Iterable[Path], errors: list[ContentError]) -> PackCards:
    """The cards of several pack folders, joined in folder order."""
    market: list[MarketCard] = []
    adventures: list[AdventureCard] = []
    files: list[Path] = []
    declared: dict[str, Path] = {}
    for folder in folders:
        cards = read_pack_folder(folder, errors)
        for card_set in cards.sets:
            first = declared.setdefault(card_set, folder)
            if first != folder:
                problem = f"pack {card_set!r} is in two folders: {first} and {folder}"
                errors.append(ContentError(str(folder), SET_KEY, problem))
                cards = PackCards()
        market += cards.market
        adventures += cards.adventures
        files += cards.files
    return PackCards(tuple(market), tuple(adventures), tuple(files))


def check_unique_ids(
    pack_cards: PackCards,
    taken_market: dict[str, str],
    taken_adventures: dict[str, str],
    errors: list[ContentError],
) -> None:
    """PK-2: a card id belongs to one set. ``taken_*`` map the ids of the other sets' cards
    (base, the adventures' own) to their set; pack cards are added as they are checked."""
    by_file = {p.stem: p for p in pack_cards.files}
    for stem, cards, taken in (
        ("market", pack_cards.market, taken_market),
        ("adventures", pack_cards.adventures, taken_adventures),
    ):
        positions: dict[str, int] = {}
        for card in cards:
            index = positions.get(card.card_set, 0)
            positions[card.card_set] = index + 1
            other = taken.get(card.id)
            if other is not None and other != card.card_set:
                path = pack_file(pack_cards, card.card_set, stem) or by_file.get(stem)
                errors.append(
                    ContentError(
                        str(path),
                        record_place(stem, index, card.id, "id"),
                        f"card id {card.id!r} is in two sets: {other} and {card.card_set}",
                    )
                )
            taken.setdefault(card.id, card.card_set)


def pack_file(pack_cards: PackCards, card_set: str, stem: str) -> Path | None:
    """The file of ``pack_cards`` holding the ``stem`` cards of ``card_set``."""
    for path in pack_cards.files:
        if path.stem != stem:
            continue
        try:
            document = read_yaml(path)
        except ContentError:
            continue
        if isinstance(document, dict) and document.get(SET_KEY) == card_set:
            return path
    return None


def in_play(card_set: str, packs: Sequence[str]) -> bool:
    """Whether a card of ``card_set`` is in a game with ``packs`` (PK-3): a pack's cards only
    when the pack is chosen, every other set's always."""
    return card_set in packs or not is_pack_set(card_set)
