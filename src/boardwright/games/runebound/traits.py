"""Traits outside Al-Kalim (docs/rules/packs.md PK-6, gap G-2 of the packs research).

A challenge's ``traits`` are words other cards refer to (``dragon``, ``undead``); a ``modify``
with ``trait`` applies only in fights against a challenge with that trait (Rules.applies). A
card of a card pack may name a trait only if some adventure card of the loaded content has it
(the base cards, the adventures' own and the packs'), so a misspelt trait is a one-line error
with file, record and field, not a bonus that silently never applies.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from pydantic import BaseModel

from boardwright.engine.content import ContentError
from boardwright.games.runebound.records import AdventureCard, MarketCard


def filtered_traits(record: BaseModel, place: str = "") -> Iterator[tuple[str, str]]:
    """(field path, trait) of every effect below ``record`` that filters by a trait: the walk
    reaches abilities, encounter choices, rewards and a test's failure effects."""
    for name in type(record).model_fields:
        value = getattr(record, name)
        here = f"{place}.{name}" if place else name
        if name == "trait" and isinstance(value, str) and hasattr(record, "do"):
            yield here, value
        elif isinstance(value, BaseModel):
            yield from filtered_traits(value, here)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, BaseModel):
                    yield from filtered_traits(item, f"{here}[{i}]")


def known_traits(adventures: Iterable[AdventureCard]) -> frozenset[str]:
    return frozenset(t for card in adventures for t in card.traits)


def check_traits(
    cards: Iterable[tuple[Path | None, str, int, MarketCard | AdventureCard]],
    traits: frozenset[str],
    errors: list[ContentError],
) -> None:
    """Each card's trait filters name a known trait; ``cards`` are (file, list key, index in
    the file, card)."""
    shown = ", ".join(sorted(traits))
    for path, stem, index, card in cards:
        for place, trait in filtered_traits(card):
            if trait not in traits:
                where = f"{stem}[{index}] (id {card.id!r}).{place}"
                problem = f"unknown trait {trait!r} (no adventure card has it; known: {shown})"
                errors.append(ContentError(str(path), where, problem))
