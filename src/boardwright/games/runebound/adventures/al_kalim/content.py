"""The content part of The Sands of Al-Kalim: its folder (``content/runebound/al-kalim``, or an
``al-kalim`` subfolder of a content pack) with the overlay board and the expansion's cards,
loaded as :class:`AlKalimContent` into ``RuneboundContent.parts["al_kalim"]``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from boardwright.engine.content import ContentError, ContentRecord, load_document, load_records
from boardwright.games.runebound.card_packs import with_sets
from boardwright.games.runebound.content import (
    CONTENT_DIR,
    LEGEND_TYPES,
    Board,
    RuneboundContent,
    compile_board,
    content_part,
    validate_folder,
)
from boardwright.games.runebound.records import (
    Ability,
    AdventureCard,
    BoardRecord,
    Effect,
    GearRecord,
    Hero,
    LegendCard,
    MarketCard,
)

AL_KALIM_FOLDER = "al-kalim"  # the Al-Kalim folder: beside base/, or a subfolder of a content pack
AL_KALIM_DIR = CONTENT_DIR.parent / AL_KALIM_FOLDER
AL_KALIM_FILES = ("board", "adventures", "legends", "allies", "heroes", "gear")
AL_KALIM_MODELS: dict[str, type[ContentRecord]] = {
    "board": BoardRecord,
    "heroes": Hero,
    "adventures": AdventureCard,
    "legends": LegendCard,
    "allies": MarketCard,
    "gear": GearRecord,
}
GEAR_KINDS = ("pack_camel", "waterskin", "adventurers_kit")
LOST_CITY_POWERS = ("faith", "dreams", "clouds")
ANY_LOST_CITY = "lost"  # a quest step's city: any lost city


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


def is_al_kalim_folder(directory: Path) -> bool:
    """Whether ``directory`` holds Al-Kalim files (legends, allies, gear; no market deck)."""
    own = ("legends", "allies", "gear")
    return not (directory / "market.yaml").exists() and any(
        (directory / f"{stem}.yaml").exists() for stem in own
    )


def load_al_kalim(directory: Path = AL_KALIM_DIR) -> AlKalimContent:
    """The Sands of Al-Kalim's six files from ``directory``, compiled and cross-checked."""
    board = compile_board(load_document(directory / "board.yaml", BoardRecord))
    adventures = own_set(directory, "adventures", AdventureCard)
    legends = load_records(directory / "legends.yaml", LegendCard, list_key="legends")
    allies = own_set(directory, "allies", MarketCard)
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


Card = TypeVar("Card", MarketCard, AdventureCard)


def own_set(directory: Path, stem: str, model: type[Card]) -> tuple[Card, ...]:
    """An Al-Kalim card file's cards, each of set ``al-kalim`` (PK-2)."""
    path = directory / f"{stem}.yaml"
    errors: list[ContentError] = []
    cards = load_records(path, model, list_key=stem)
    known = (AL_KALIM_FOLDER,)
    cards = with_sets(path, stem, cards, AL_KALIM_FOLDER, errors, known)
    if errors:
        raise errors[0]
    return cards


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


def al_kalim_content(content: RuneboundContent) -> AlKalimContent | None:
    """The Al-Kalim part of a game's content; None when its folder was not there."""
    return content_part(content, "al_kalim", AlKalimContent)


def validate_al_kalim_dir(directory: Path) -> list[ContentError]:
    """Every problem of an Al-Kalim folder: its records, then the cross-file checks."""
    return validate_folder(directory, AL_KALIM_FILES, AL_KALIM_MODELS, load_al_kalim)
