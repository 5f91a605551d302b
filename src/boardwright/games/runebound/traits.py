"""What pack cards refer to, checked: traits outside Al-Kalim (docs/rules/packs.md PV-1,
gap G-2 of the packs research) and the cities a teleport names (PV-9).

A challenge's ``traits`` are words other cards refer to (``dragon``, ``undead``); a ``modify``
with ``trait`` applies only in fights against a challenge with that trait (Rules.applies). A
card of a card pack may name a trait only if some adventure card of the loaded content has it
(the base cards, the adventures' own and the packs'), so a misspelt trait is a one-line error
with file, record and field, not a bonus that silently never applies. Likewise a ``teleport``
names a keyword or a city of the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from pydantic import BaseModel

from boardwright.engine.content import ContentError
from boardwright.games.runebound.records import TELEPORT_KEYWORDS, AdventureCard, MarketCard


def effect_fields(record: BaseModel, field: str, place: str = "") -> Iterator[tuple[str, str]]:
    """(field path, value) of ``field`` in every effect below ``record`` that has it set: the
    walk reaches abilities, encounter choices, rewards and a test's failure effects."""
    for name in type(record).model_fields:
        value = getattr(record, name)
        here = f"{place}.{name}" if place else name
        if name == field and isinstance(value, str) and hasattr(record, "do"):
            yield here, value
        elif isinstance(value, BaseModel):
            yield from effect_fields(value, field, here)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, BaseModel):
                    yield from effect_fields(item, field, f"{here}[{i}]")


def filtered_traits(record: BaseModel) -> Iterator[tuple[str, str]]:
    """(field path, trait) of every effect below ``record`` that filters by a trait."""
    return effect_fields(record, "trait")


CardPlace = tuple[Path | str | None, str, int, MarketCard | AdventureCard]
"""A card and where it is: (file, list key, index in the file, card)."""


def known_traits(adventures: Iterable[AdventureCard]) -> frozenset[str]:
    return frozenset(t for card in adventures for t in card.traits)


def check_traits(
    cards: Sequence[CardPlace],
    traits: frozenset[str],
    errors: list[ContentError],
    cities: frozenset[str] = frozenset(),
) -> None:
    """Each card's trait filters name a known trait and its teleports a keyword or one of
    ``cities`` (when given); ``cards`` are (file, list key, index in the file, card)."""
    shown = ", ".join(sorted(traits))
    for path, stem, index, card in cards:
        for place, trait in filtered_traits(card):
            if trait not in traits:
                where = f"{stem}[{index}] (id {card.id!r}).{place}"
                problem = f"unknown trait {trait!r} (no adventure card has it; known: {shown})"
                errors.append(ContentError(str(path), where, problem))
    if cities:
        check_teleports(cards, cities, errors)


def check_teleports(
    cards: Sequence[CardPlace], cities: frozenset[str], errors: list[ContentError]
) -> None:
    """PV-9: each teleport names a keyword or a city id of the board."""
    known = ", ".join((*TELEPORT_KEYWORDS, *sorted(cities)))
    for path, stem, index, card in cards:
        goal = card.reward.goal if isinstance(card, AdventureCard) else None
        if goal is not None and goal.city not in cities:  # PV-12: a held card's goal city
            where = f"{stem}[{index}] (id {card.id!r}).reward.goal.city"
            problem = (
                f"unknown city {goal.city!r}; the board's cities are {', '.join(sorted(cities))}"
            )
            errors.append(ContentError(str(path), where, problem))
        for place, to in effect_fields(card, "to"):  # only teleport's ``to`` is text
            if to not in TELEPORT_KEYWORDS and to not in cities:
                where = f"{stem}[{index}] (id {card.id!r}).{place}"
                problem = f"unknown city {to!r} to teleport to; the choices are {known}"
                errors.append(ContentError(str(path), where, problem))
