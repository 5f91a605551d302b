"""The Sands of Al-Kalim's display fields: how the adventure's own message arguments become text
(names from its content, words from its catalog ``messages/<language>.po``).

They join the base game's fields (``seat``, ``hero``, ``card``, ``item``, ``hex``...) in an
Al-Kalim game's :class:`~boardwright.engine.texts.Texts`; every argument name means one thing in
all of the game's messages: ``legend``/``quest`` a legend card id (its name, its quest text),
``gear`` a gear kind, ``lost_city`` a lost-city id, ``location`` a location id, ``direction`` a
sandstorm direction name and ``arrows`` the two of a marker, ``time`` day or night, ``symbol`` a
story symbol, ``rival``/``rival_hero`` another seat and its hero, ``replaced`` a market card id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from boardwright.engine.catalog import Catalog
from boardwright.engine.texts import FieldFormatter
from boardwright.games.runebound.adventures.al_kalim.content import al_kalim_content
from boardwright.games.runebound.content import RuneboundContent

PACKAGE = __package__ or "boardwright.games.runebound.adventures.al_kalim"
"""The package whose ``messages/`` hold the adventure's catalogs."""


def text_fields(
    content: RuneboundContent, base: Mapping[str, FieldFormatter]
) -> dict[str, FieldFormatter]:
    """The display fields of the Al-Kalim arguments of a game played with ``content``; those
    that mean what a base argument means use the base field from ``base`` (a rival is a
    ``seat``, its hero a ``hero``, a replaced ally an ``item``, a taker a ``source``)."""
    records = al_kalim_content(content)
    if records is None:
        raise ValueError("this content has no Al-Kalim folder")
    legends = {card.id: card for card in records.legends}
    gear = {record.kind: (record.id, record.name) for record in records.gear}
    lost_cities = {city.id: city.name for city in records.board.lost_cities}
    locations = {place.id: place.name for place in records.board.locations}
    return {
        "legend": lambda legend, catalog: catalog.name(legend, legends[legend].name),
        "quest": lambda legend, catalog: catalog.content_text(legends[legend].quest.text),
        "legend_type": partial(word, "legend_type"),
        "gear": lambda kind, catalog: catalog.name(*gear[kind]),
        "lost_city": lambda city, catalog: catalog.name(city, lost_cities[city]),
        "city_power": partial(word, "city_power"),
        "location": lambda place, catalog: catalog.name(place, locations[place]),
        "direction": partial(word, "direction"),
        "arrows": arrows,
        "time": partial(word, "time"),
        "symbol": partial(word, "symbol"),
        "rival": base["seat"],
        "rival_hero": base["hero"],
        "replaced": base["item"],
        "legend_cards": legend_cards,
        "which_first": which_first,
        "taken_by": partial(taken_by, base["source"]),
        "mirages": mirages,
    }


def word(kind: str, value: str, catalog: Catalog) -> str:
    """A word of the catalog: ``rb.al_kalim.<kind>.<value>``."""
    return catalog.format(f"rb.al_kalim.{kind}.{value}", {})


def arrows(directions: Sequence[str], catalog: Catalog) -> str:
    """The sandstorm marker's arrows: "east and south-east" (one direction on its own)."""
    words = [word("direction", d, catalog) for d in directions]
    if len(words) == 1:
        return words[0]
    first, second = words
    return catalog.format("rb.al_kalim.arrows", {"first": first, "second": second})


def legend_cards(count: int, catalog: Catalog) -> str:
    if count == 1:
        return catalog.format("rb.al_kalim.legend_cards.one", {})
    return catalog.format("rb.al_kalim.legend_cards.many", {"count": str(count)})


def which_first(several: bool, catalog: Catalog) -> str:
    return catalog.format("rb.al_kalim.which_first" if several else "rb.al_kalim.which_one", {})


def taken_by(source: FieldFormatter, ref: str, catalog: Catalog) -> str:
    """What took legend cards: the effect's source (``card:<id>``...), else "a challenge"."""
    return source(ref, catalog) if ref else catalog.format("rb.al_kalim.a_challenge", {})


def mirages(count: int, catalog: Catalog) -> str:
    """An optional part: the mirages of a day's roll, "" with none."""
    if not count:
        return ""
    return catalog.format("rb.al_kalim.part.mirages", {"mirages": str(count)})
