"""The options of Cult of the Rune (docs/rules/cult.md), used only with adventure=cult: their
specs, and the values of a game as :class:`CultOptions` (``adventure_options``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from boardwright.engine.options import OptionSpec
from boardwright.games.runebound.state import RuneboundState

PREFIX = "cult."

CULT_SPECS = (
    OptionSpec(
        "cult.ritual_radius",
        "choice",
        "number",
        "Cult of the Rune: an event's ritual reaches as far as its number (the seed's rule), as "
        "its colour's rank (green 1, yellow 2, blue 3), or its number up to cult.ritual_cap.",
        allowed=("number", "colour", "capped"),
        rule="CR-17",
    ),
    OptionSpec(
        "cult.ritual_cap",
        "int",
        2,
        "Cult of the Rune: the largest ritual radius under cult.ritual_radius=capped.",
        minimum=0,
        maximum=12,
        rule="CR-17",
    ),
    OptionSpec(
        "cult.event_refill",
        "choice",
        "card",
        "Cult of the Rune: an event refills its sunburst's colours (its own colour when it has "
        "none), or every colour.",
        allowed=("card", "all"),
        rule="CR-16",
        reconstructed=True,
    ),
    OptionSpec(
        "cult.path",
        "choice",
        "fixed",
        "Cult of the Rune: the cult's path keeps its direction, or follows every move.",
        allowed=("fixed", "follows_move"),
        rule="CR-31",
        reconstructed=True,
    ),
    OptionSpec(
        "cult.infiltration_markers",
        "int",
        6,
        "Cult of the Rune: infiltration markers (0: no limit).",
        minimum=0,
        maximum=20,
        rule="CR-33",
        reconstructed=True,
    ),
    OptionSpec(
        "cult.brand_removal",
        "choice",
        "per_marker",
        "Cult of the Rune: an experience point spent removes one corruption marker, or all.",
        allowed=("per_marker", "all"),
        rule="CR-22",
        reconstructed=True,
    ),
    OptionSpec(
        "cult.elimination",
        "choice",
        "unreduced",
        "Cult of the Rune: a hero is out when corruption reaches the maximum life before "
        "corruption, or the lowered one.",
        allowed=("unreduced", "reduced"),
        rule="CR-23",
        reconstructed=True,
    ),
    OptionSpec(
        "cult.vp_goal",
        "int",
        0,
        "Cult of the Rune: victory points from cards that end the game (0: 26, plus 1 per "
        "player above two).",
        minimum=0,
        maximum=73,
        rule="CR-25",
    ),
    OptionSpec(
        "cult.pile_goal",
        "int",
        0,
        "Cult of the Rune: base events and encounters on the special pile that end the game "
        "(0: cult.pile_table's number).",
        minimum=0,
        maximum=40,
        rule="CR-26",
    ),
    OptionSpec(
        "cult.pile_table",
        "choice",
        "seed",
        "Cult of the Rune: the pile goal by player count: the seed's (18, plus 1 per player "
        "above two) or short (4 plus 2 per player, at least two: 8, 10, 12 with four, 16 with "
        "six), a house rule for shorter games.",
        allowed=("seed", "short"),
        rule="CR-26",
    ),
)


@dataclass(frozen=True)
class CultOptions:
    """The values of the Cult options of one game."""

    ritual_radius: str = "number"
    ritual_cap: int = 2
    event_refill: str = "card"
    path: str = "fixed"
    infiltration_markers: int = 6
    brand_removal: str = "per_marker"
    elimination: str = "unreduced"
    vp_goal: int = 0
    pile_goal: int = 0
    pile_table: str = "seed"

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> CultOptions:
        fields = {
            spec.name[len(PREFIX) :]: values.get(spec.name, spec.default) for spec in CULT_SPECS
        }
        return cls(**fields)


def cult_options(state: RuneboundState) -> CultOptions:
    found = state.opts.adventure_options
    assert isinstance(found, CultOptions), "not a Cult game"
    return found
