"""Realm of Sand's display fields: how message arguments become text (names from the content).

Every argument name means one thing in all of the game's messages (see
:mod:`boardwright.engine.texts`): ``seat``/``first`` a seat number, ``tile``/``gave``/``took``
a tile id, ``card`` a card id, ``colour``/``old``/``new`` a colour code (``G R K B Y``) or a
crystal colour (``red``...). Arguments that stand for an optional part of a sentence render
as "" when absent, else through their own ``rs.part.<name>`` message.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from boardwright.engine.catalog import DEFAULT_LANGUAGE, Catalog, load_catalog
from boardwright.engine.texts import FieldFormatter, Texts
from boardwright.games.realm_of_sand.content import RealmContent
from boardwright.games.realm_of_sand.geometry import COLOURS

PACKAGE = __package__ or "boardwright.games.realm_of_sand"
PREFIX = "rs"


def realm_texts(content: RealmContent, language: str = DEFAULT_LANGUAGE) -> Texts:
    return Texts(load_catalog(PACKAGE, language), PREFIX, display_fields(content))


def display_fields(content: RealmContent) -> dict[str, FieldFormatter]:
    tiles = {tile.id: tile for tile in content.tiles}
    cards = {card.id: card for card in content.cards}

    def tile(tile_id: str, catalog: Catalog) -> str:
        t = tiles[tile_id]
        colours = " ".join(colour(COLOURS[c], catalog) for c in t.colours)
        return catalog.format("rs.tile", {"id": t.id, "shape": t.shape, "colours": colours})

    def card(card_id: str, catalog: Catalog) -> str:
        name = catalog.name(card_id, cards[card_id].name)
        return catalog.format("rs.card", {"id": card_id, "name": name})

    def card_list(card_ids: Sequence[str], catalog: Catalog) -> str:
        return ", ".join(card(c, catalog) for c in card_ids)

    return {
        "seat": seat,
        "first": seat,
        "tile": tile,
        "gave": tile,
        "took": tile,
        "card": card,
        "cards": card_list,
        "colour": colour,
        "old": colour,
        "new": colour,
        "stage": stage,
        "left": discs_left,
        "rows": rows,
        "spirits": partial(part, "spirits", words),
        "covered": partial(part, "covered", plain),
        "covering": partial(part, "covering", plain),
        "new_level": partial(part, "new_level", plain),
        "activated": partial(part, "activated", colour),
        "on_cell": partial(part, "on_cell", plain),
    }


def seat(number: int, catalog: Catalog) -> str:
    return catalog.format("rs.seat", {"number": str(number + 1)})


def colour(code: str, catalog: Catalog) -> str:
    return catalog.format(f"rs.colour.{code}", {})


def stage(name: str, catalog: Catalog) -> str:
    return catalog.format(f"rs.stage.{name}", {})


def discs_left(left: int, catalog: Catalog) -> str:
    return catalog.format("rs.discs_left.any", {}) if left < 0 else str(left)


def rows(drawing: Sequence[str], catalog: Catalog) -> str:
    return " / ".join(drawing)


def plain(value: Any, catalog: Catalog) -> str:
    return str(value)


def words(values: Sequence[str], catalog: Catalog) -> str:
    return " ".join(values)


def part(name: str, show: FieldFormatter, value: Any, catalog: Catalog) -> str:
    """An optional part of a sentence: "" when ``value`` is absent (None, 0, False, empty)."""
    if not value:
        return ""
    return catalog.format(f"rs.part.{name}", {name: show(value, catalog)})
