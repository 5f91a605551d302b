"""What a front end draws a Runebound game with: the board's hexes, cities and named places,
and the public face of every card and hero the game may show. Content only, never where a
card lies, so it is the same for every seat (:meth:`Runebound.table_content`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine.catalog import Catalog
from boardwright.games.runebound.content import Board
from boardwright.games.runebound.records import COLOURS, Attack
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.texts import hex_naming, hex_text

STATS = ("life", "stamina", "mind", "body", "spirit")


def table_content(
    rules: Rules, catalog: Catalog, adventure_names: Mapping[str, str]
) -> dict[str, Any]:
    """The content in ``catalog``'s language (names of our own content translated by id;
    the English names elsewhere); ``adventure_names`` are the adventure's own named records."""
    board = rules.board
    names = board.terrain_names
    name = catalog.name
    return {
        "hexes": [
            {
                "at": str(h.at),
                "q": h.at.q,
                "r": h.at.r,
                "terrain": names[h.terrain],
                "gem": COLOURS[h.gem] if h.gem >= 0 else None,
                "star": h.star,
                "city": board.cities[h.city].id if h.city >= 0 else None,
                "name": hex_name(board, h.index, catalog) if h.city >= 0 or h.name else None,
            }
            for h in board.hexes
        ],
        "cities": [
            {"id": c.id, "name": name(c.id, c.name), "at": str(board.hexes[c.hex].at)}
            for c in board.cities
        ],
        "lost_cities": [
            {"id": c.id, "name": name(c.id, c.name), "power": c.power} for c in board.lost_cities
        ],
        "locations": [
            {
                "id": place.id,
                "name": name(place.id, place.name),
                "at": [str(board.hexes[i].at) for i in place.name_hexes],
            }
            for place in board.locations
        ],
        "heroes": {
            hero.id: {
                "name": name(hero.id, hero.name),
                **{s: plain(getattr(hero, s)) for s in STATS},
            }
            for hero in rules.heroes
        },
        "market": {
            card.id: {
                "name": name(card.id, card.name),
                "kind": card.kind,
                "cost": card.cost,
                "text": catalog.content_text(card.text),
                **{s: plain(getattr(card, s)) for s in STATS if getattr(card, s, None) is not None},
            }
            for card in rules.market
        },
        "adventures": {
            card.id: {
                "name": name(card.id, card.name),
                "colour": card.colour,
                "kind": card.kind,
                "text": catalog.content_text(card.text),
                "life": card.life,
                # (value, damage) of the ranged, melee and magic steps; None: no such step
                "steps": [plain(step) for step in (card.ranged, card.melee, card.magic)],
            }
            for card in rules.adventures
        },
        "names": {key: name(key, english) for key, english in adventure_names.items()},
    }


def hex_name(board: Board, index: int, catalog: Catalog) -> str:
    """A city's, place's or named hex's name in the catalog's language."""
    return hex_text(hex_naming(board, index), str(board.hexes[index].at), catalog)


def plain(value: Any) -> Any:
    """A stat as JSON: a number, or an attack as [value, damage]."""
    if isinstance(value, Attack):
        return [value.value, value.damage]
    return value
