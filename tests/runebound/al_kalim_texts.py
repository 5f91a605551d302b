"""Al-Kalim texts for tests: the game's :class:`Texts` made of the adventure's catalog and its
display fields (``AL_KALIM.text_fields``), with the base game's fields.

STAND-IN (until the base Runebound catalog and fields are merged): the base fields ``seat``,
``hero``, ``card``, ``item``, ``hex``, ``city``, ``colour``, ``stat`` and ``dice`` below are
minimal stand-ins written from the Al-Kalim rules' content view, and the catalog is the
adventure's own only. Once the base game's merged Texts exist, ``AL_KALIM_TEXTS`` is
``GAME.texts(config)`` of an Al-Kalim configuration.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from al_kalim_kit import RULES

from boardwright.engine.catalog import DEFAULT_LANGUAGE, Catalog, read_messages
from boardwright.engine.decision import Decision, Option
from boardwright.engine.events import Event
from boardwright.engine.texts import FieldFormatter, Texts
from boardwright.games.runebound.adventures.al_kalim.adventure import AL_KALIM
from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules


def stand_in_base_fields(rules: AlKalimRules) -> dict[str, FieldFormatter]:
    """STAND-IN for the base game's display fields (see the module)."""
    board = rules.board
    heroes = {hero.id: hero.name for hero in rules.heroes}
    cards = {card.id: card.name for card in rules.adventures}
    items = {card.id: card.name for card in rules.market}
    hexes = {str(h.at): board.hex_name(h.index) for h in board.hexes}
    cities = {city.id: city.name for city in board.cities}

    def dice(faces: Sequence[str], catalog: Catalog) -> str:
        return ", ".join(faces)

    return {
        "seat": lambda seat, catalog: f"Player {seat + 1}",
        "hero": lambda hero, catalog: heroes[hero],
        "card": lambda card, catalog: cards[card],
        "item": lambda item, catalog: items[item],
        "hex": lambda label, catalog: hexes[label],
        "city": lambda city, catalog: cities[city],
        "colour": lambda colour, catalog: str(colour),
        "stat": lambda stat, catalog: str(stat),
        "dice": dice,
    }


def al_kalim_texts(rules: AlKalimRules) -> Texts:
    catalog = Catalog(DEFAULT_LANGUAGE, read_messages(AL_KALIM.message_package, DEFAULT_LANGUAGE))
    fields = {**stand_in_base_fields(rules), **AL_KALIM.text_fields(rules.content)}
    return Texts(catalog, "rb", fields)


AL_KALIM_TEXTS = al_kalim_texts(RULES)


def text(event: Event) -> str:
    return AL_KALIM_TEXTS.event(event)


def label(option: Option) -> str:
    return AL_KALIM_TEXTS.option(option)


def prompt(decision: Decision) -> str:
    return AL_KALIM_TEXTS.prompt(decision)
