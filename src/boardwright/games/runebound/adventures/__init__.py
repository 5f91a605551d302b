"""Runebound adventures and their registry.

Each adventure is a package here (``dragonlords/``, ``al_kalim/``) with one
:class:`~boardwright.games.runebound.adventures.protocol.Adventure` instance, named below as
``"module:attribute"`` and imported the first time it is asked for. Adding an adventure is a new
folder plus one line in :data:`ADVENTURES`; base modules reach adventures only through the
functions here, never by importing an adventure package.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING

from boardwright.engine.errors import ConfigError
from boardwright.engine.options import OptionSet
from boardwright.games.runebound.options import (
    ADVANCED_SPECS,
    BASE_SPECS,
    PACK_SPECS,
    adventure_spec,
)

if TYPE_CHECKING:
    from boardwright.games.runebound.adventures.protocol import Adventure

ADVENTURES: dict[str, str] = {
    # the first is the default of the option "adventure"
    "dragonlords": "boardwright.games.runebound.adventures.dragonlords.adventure:DRAGONLORDS",
    "al_kalim": "boardwright.games.runebound.adventures.al_kalim.adventure:AL_KALIM",
    "kelnov": "boardwright.games.runebound.adventures.kelnov.adventure:KELNOV",
    "cult": "boardwright.games.runebound.adventures.cult.adventure:CULT",
}


@cache
def get_adventure(adventure_id: str) -> Adventure:
    """The adventure registered as ``adventure_id`` (e.g. ``al_kalim``)."""
    target = ADVENTURES.get(adventure_id)
    if target is None:
        known = ", ".join(ADVENTURES)
        raise ConfigError(f"unknown Runebound adventure '{adventure_id}'; known: {known}")
    module_name, _, attribute = target.partition(":")
    adventure: Adventure = getattr(import_module(module_name), attribute)
    return adventure


@cache
def all_adventures() -> tuple[Adventure, ...]:
    """Every registered adventure, the default first."""
    return tuple(get_adventure(adventure_id) for adventure_id in ADVENTURES)


@cache
def by_option_value() -> dict[str, Adventure]:
    """The adventures by their value of the option ``adventure`` (``al-kalim``)."""
    return {adventure.option_value: adventure for adventure in all_adventures()}


def other_adventures(option_value: str) -> tuple[Adventure, ...]:
    """Every registered adventure but the one the option ``adventure`` names."""
    return tuple(a for a in all_adventures() if a.option_value != option_value)


def adventure_of(option_value: str) -> Adventure:
    """The adventure a game's option ``adventure`` names."""
    found = by_option_value().get(option_value)
    if found is None:
        raise ConfigError(f"unknown Runebound adventure '{option_value}'")
    return found


def game_option_set() -> OptionSet:
    """Runebound's options: ``adventure``, the base and advanced options, then every
    adventure's own."""
    adventures = all_adventures()
    return OptionSet(
        (
            adventure_spec([(a.option_value, a.title) for a in adventures]),
            *BASE_SPECS,
            *ADVANCED_SPECS,
            *PACK_SPECS,
            *(spec for adventure in adventures for spec in adventure.option_specs),
        )
    )
