"""Realm of Sand options: the seed's variants and house rules, and every reconstructed rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from boardwright.engine.options import OptionSet, OptionSpec

OPTION_SET = OptionSet(
    (
        OptionSpec(
            "board_side",
            "choice",
            "starter",
            "Which side of the player boards everyone uses: the starter side, or the advanced "
            "side with crystals (each player gets a random advanced board).",
            allowed=("starter", "advanced"),
            rule="RS-1.6",
        ),
        OptionSpec(
            "advanced_seats",
            "choices",
            (),
            "With board_side=starter: seats (1-4) of experienced players who take a random "
            "advanced board anyway, as the rules allow; a seat that does not play is refused.",
            allowed=("1", "2", "3", "4"),
            rule="RS-1.6",
        ),
        OptionSpec(
            "starting_draft",
            "choice",
            "official",
            "How the 3 starting tiles are taken: official (in turn order each chooses 3 from the "
            "circle), reverse_order (house rule: the last player chooses first), blind (house "
            "rule: 3 random tiles each before the circle is laid), queen_front (each takes the "
            "3 tiles after the queen in turn order).",
            allowed=("official", "reverse_order", "blind", "queen_front"),
            rule="RS-1.7",
        ),
        OptionSpec(
            "first_player",
            "choice",
            "random",
            "Who starts. The rules say the youngest player; seats are not told ages, so "
            "'random' stands in, or name the seat (1-4); a seat that does not play is refused.",
            allowed=("random", "1", "2", "3", "4"),
            rule="RS-1.8",
        ),
        OptionSpec(
            "tile_flip",
            "bool",
            True,
            "Tiles may be flipped as well as rotated when placed.",
            rule="RS-2.2",
            reconstructed=True,
        ),
        OptionSpec(
            "card_mirror",
            "bool",
            False,
            "Building patterns may also be matched mirror-inverted (the rules allow any rotation).",
            rule="RS-4.2",
            reconstructed=True,
        ),
        OptionSpec(
            "max_level",
            "int",
            6,
            "The top of the level track.",
            minimum=1,
            maximum=24,
            rule="RS-3.2",
            reconstructed=True,
        ),
        OptionSpec(
            "square_shortage",
            "choice",
            "block",
            "When the supply lacks a square of a tile's colour: block (that tile cannot be "
            "placed) or partial (place the tile; fields without a square stay empty).",
            allowed=("block", "partial"),
            rule="RS-2.4",
            reconstructed=True,
        ),
        OptionSpec(
            "purple_power",
            "choice",
            "passive",
            "The purple board's power: passive (an extra yellow or blue disc at setup and no "
            "3-disc limit, always) or crystal (spending the crystal gives both for that turn).",
            allowed=("passive", "crystal"),
            rule="RS-5.5",
            reconstructed=True,
        ),
        OptionSpec(
            "hourglass_goal",
            "int",
            10,
            "Hourglasses on fulfilled cards that end the game after the current round.",
            minimum=1,
            maximum=60,
            rule="RS-6.1",
        ),
        OptionSpec(
            "solo_rounds",
            "int",
            14,
            "Rounds in the solo variant.",
            minimum=1,
            maximum=25,
            rule="RS-7.1",
        ),
        OptionSpec(
            "max_rounds",
            "int",
            40,
            "Safety cap: the game ends after this many rounds even if nobody reached the "
            "hourglass goal (a real table would stop too).",
            minimum=1,
            maximum=500,
            rule="RS-6.4",
            reconstructed=True,
        ),
    )
)


@dataclass(frozen=True, slots=True)
class RealmOptions:
    """The resolved options as plain attributes (kept in the state, shared by clones)."""

    board_side: str
    advanced_seats: tuple[str, ...]
    starting_draft: str
    first_player: str
    tile_flip: bool
    card_mirror: bool
    max_level: int
    square_shortage: str
    purple_power: str
    hourglass_goal: int
    solo_rounds: int
    max_rounds: int

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> RealmOptions:
        return cls(**{name: values[name] for name in OPTION_SET.names()})
