"""Runebound options: variants, house rules and every reconstructed rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from boardwright.engine.options import OptionSet, OptionSpec

OPTION_SET = OptionSet(
    (
        OptionSpec(
            "adventure",
            "choice",
            "dragonlords",
            "Which adventure: the base game's Rise of the Dragonlords.",
            allowed=("dragonlords",),
            rule="RB-9.1",
        ),
        OptionSpec(
            "hero_selection",
            "choice",
            "random",
            "Heroes are dealt at random, or each player chooses one in turn order.",
            allowed=("random", "choose"),
            rule="RB-1.7",
        ),
        OptionSpec(
            "knockout_penalty",
            "choice",
            "standard",
            "standard: to the nearest city, healed, half the gold and every ally lost; "
            "lenient: only the move and the healing.",
            allowed=("standard", "lenient"),
            rule="RB-5.9",
            reconstructed=True,
        ),
        OptionSpec(
            "escape_rule",
            "choice",
            "automatic",
            "automatic: from the second round the hero may simply escape; test: from the first "
            "round, an escape test (2d10 + the hero's best of mind, body and spirit against the "
            "challenge's highest value) must succeed.",
            allowed=("automatic", "test"),
            rule="RB-5.3",
            reconstructed=True,
        ),
        OptionSpec(
            "sell_price",
            "choice",
            "half",
            "What the bank pays for a sold item or ally: half its cost (rounded down), "
            "its full cost, or nothing (no selling).",
            allowed=("half", "full", "none"),
            rule="RB-7.3",
            reconstructed=True,
        ),
        OptionSpec(
            "ally_limit", "int", 2, "Allies a hero may have.", minimum=0, maximum=6, rule="RB-7.4"
        ),
        OptionSpec(
            "xp_cost",
            "int",
            0,
            "Experience points per experience counter; 0 means by player count "
            "(5/5/4/4/3/2 for 1/2/3/4/5/6 players).",
            minimum=0,
            maximum=20,
            rule="RB-8.2",
            reconstructed=True,
        ),
        OptionSpec(
            "xp_change",
            "bool",
            False,
            "Give change from the supply when the spent adventure counters are worth more "
            "than the price.",
            rule="RB-8.4",
            reconstructed=True,
        ),
        OptionSpec(
            "max_rounds",
            "int",
            60,
            "Round cap: then the most Dragon Runes wins, then experience counters, then gold.",
            minimum=1,
            maximum=1000,
            rule="RB-9.3",
            reconstructed=True,
        ),
        OptionSpec(
            "travel_problems",
            "bool",
            False,
            "Optional rule: ending movement on an empty wild hex may bring an adventure.",
            rule="RB-10.1",
            reconstructed=True,
        ),
        OptionSpec(
            "base_doom_track",
            "bool",
            False,
            "Optional rule: the base game's doom track.",
            rule="RB-10.2",
            reconstructed=True,
        ),
    )
)


@dataclass(frozen=True, slots=True)
class RuneboundOptions:
    adventure: str
    hero_selection: str
    knockout_penalty: str
    escape_rule: str
    sell_price: str
    ally_limit: int
    xp_cost: int
    xp_change: bool
    max_rounds: int
    travel_problems: bool
    base_doom_track: bool

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> RuneboundOptions:
        return cls(**{name: values[name] for name in OPTION_SET.names()})


XP_COST_BY_PLAYERS = {1: 5, 2: 5, 3: 4, 4: 4, 5: 3, 6: 2}


def experience_price(options: RuneboundOptions, players: int) -> int:
    """RB-8.2: experience points per experience counter."""
    return options.xp_cost or XP_COST_BY_PLAYERS[players]
