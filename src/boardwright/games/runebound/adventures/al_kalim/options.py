"""The options of The Sands of Al-Kalim (docs/rules/al-kalim.md), used only with
adventure=al-kalim: their specs, and the values of a game as :class:`AlKalimOptions`, which the
game keeps in ``RuneboundOptions.adventure_options``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from boardwright.engine.options import OptionSpec
from boardwright.games.runebound.state import RuneboundState

PREFIX = "al_kalim."  # option "al_kalim.<x>" is field <x> of AlKalimOptions

AL_KALIM_SPECS = (
    OptionSpec(
        "al_kalim.hero_pool",
        "choice",
        "both",
        "Al-Kalim: heroes are dealt (or chosen) from both boxes, only the six Al-Kalim heroes, "
        "or only the base heroes.",
        allowed=("both", "al_kalim", "base"),
        rule="AK-1.6",
    ),
    OptionSpec(
        "al_kalim.day_wound_check",
        "choice",
        "end_of_movement",
        "Al-Kalim: wounds from day travel knock out (or kill an ally) at the end of the "
        "movement step, after a waterskin could cancel them, or immediately.",
        allowed=("end_of_movement", "immediate"),
        rule="AK-5.7",
        reconstructed=True,
    ),
    OptionSpec(
        "al_kalim.sunburst_refill",
        "choice",
        "all",
        "Al-Kalim: a sunburst challenge refills every empty starred gem hex, or only those of "
        "the drawn card's colour.",
        allowed=("all", "card_colour"),
        rule="AK-6.7",
        reconstructed=True,
    ),
    OptionSpec(
        "al_kalim.ambush_escape",
        "choice",
        "test",
        "Al-Kalim: a night ambush always uses the escape test (at -10), or escape follows "
        "escape_rule.",
        allowed=("test", "escape_rule"),
        rule="AK-8.10",
        reconstructed=True,
    ),
    OptionSpec(
        "al_kalim.ambush_counts_for_quests",
        "bool",
        True,
        "Al-Kalim: a night ambush won counts for quests that ask for defeated challenges.",
        rule="AK-8.12",
        reconstructed=True,
    ),
    OptionSpec(
        "al_kalim.waterskin_cancels",
        "choice",
        "both",
        "Al-Kalim: a waterskin cancels the day-travel exhaustion and wounds (the Polish text), "
        "or either of them (the German text).",
        allowed=("both", "either"),
        rule="AK-9.8",
    ),
    OptionSpec(
        "al_kalim.legend_discard_limit",
        "choice",
        "one",
        "Al-Kalim: unfinished quests a player may discard when spending experience.",
        allowed=("one", "any"),
        rule="AK-10.6",
        reconstructed=True,
    ),
    OptionSpec(
        "al_kalim.legend_swap_same_turn",
        "bool",
        False,
        "Al-Kalim: allow drawing and discarding legend cards in the same turn.",
        rule="AK-10.7",
    ),
    OptionSpec(
        "al_kalim.sandstorm_start",
        "choice",
        "place_only",
        "Al-Kalim: on its first appearance the sandstorm is only placed, or placed and moved.",
        allowed=("place_only", "place_and_move"),
        rule="AK-13.2",
        reconstructed=True,
    ),
    OptionSpec(
        "al_kalim.sandstorm_radius",
        "int",
        1,
        "Al-Kalim: the sandstorm covers the hexes within this distance of its centre "
        "(0: 1 hex, 1: 7 hexes, 2: 19 hexes).",
        minimum=0,
        maximum=2,
        rule="AK-13.4",
        reconstructed=True,
    ),
    OptionSpec(
        "al_kalim.sandstorm_arrow_spread",
        "choice",
        "60",
        "Al-Kalim: the angle between the sandstorm's two arrows, in degrees.",
        allowed=("60", "120"),
        rule="AK-13.4",
        reconstructed=True,
    ),
    OptionSpec(
        "al_kalim.storm_carries_heroes",
        "bool",
        False,
        "Al-Kalim: heroes covered by the sandstorm move with it.",
        rule="AK-13.7",
        reconstructed=True,
    ),
    OptionSpec(
        "al_kalim.dream_city_draw",
        "choice",
        "extra",
        "Al-Kalim: the City of Dreams' search of 5 market cards comes on top of the bazaar's "
        "usual draw, or instead of it.",
        allowed=("extra", "instead"),
        rule="AK-14.6",
        reconstructed=True,
    ),
    OptionSpec(
        "al_kalim.lost_city_counts_as_city",
        "bool",
        True,
        "Al-Kalim: a hex with a lost city counts as a city for the story step (bazaar, "
        "no story die).",
        rule="AK-14.9",
        reconstructed=True,
    ),
    OptionSpec(
        "al_kalim.adventure_packs",
        "bool",
        True,
        "Al-Kalim: the adventure-card packs chosen with --packs join the desert's adventure "
        "decks; false keeps the expansion's own challenges only and refuses those packs.",
        rule="AK-17.1",
    ),
    OptionSpec(
        "al_kalim.pack_day_life",
        "choice",
        "lower",
        "Al-Kalim: a challenge from an adventure-card pack, which prints one life, has it by "
        "night and its colour's usual step less by day (as the heat wears the Al-Kalim "
        "challenges down), or has its printed life by day and by night.",
        allowed=("lower", "printed"),
        rule="AK-17.3",
        reconstructed=True,
    ),
)


@dataclass(frozen=True, slots=True)
class AlKalimOptions:
    """The values of the ``al_kalim.*`` options in one game."""

    hero_pool: str = "both"
    day_wound_check: str = "end_of_movement"
    sunburst_refill: str = "all"
    ambush_escape: str = "test"
    ambush_counts_for_quests: bool = True
    waterskin_cancels: str = "both"
    legend_discard_limit: str = "one"
    legend_swap_same_turn: bool = False
    sandstorm_start: str = "place_only"
    sandstorm_radius: int = 1
    sandstorm_arrow_spread: str = "60"
    storm_carries_heroes: bool = False
    dream_city_draw: str = "extra"
    lost_city_counts_as_city: bool = True
    adventure_packs: bool = True
    pack_day_life: str = "lower"

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> AlKalimOptions:
        return cls(**{spec.name[len(PREFIX) :]: values[spec.name] for spec in AL_KALIM_SPECS})


def al_kalim_options(state: RuneboundState) -> AlKalimOptions:
    """The Al-Kalim option values of an Al-Kalim game."""
    found = state.opts.adventure_options
    assert isinstance(found, AlKalimOptions), "not an Al-Kalim game"
    return found
