"""Runebound options: variants, house rules and every reconstructed rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardwright.engine.errors import ConfigError
from boardwright.engine.options import OptionSpec
from boardwright.games.runebound.card_packs import card_packs

# Advanced Runebound (docs/rules/advanced.md): one option per section of seed 002, all off by
# default; the rule set "advanced" (RULE_SETS) switches them all on.
ADVANCED_SPECS = (
    OptionSpec(
        "advanced.doom_track",
        "bool",
        False,
        "Advanced: discarded adventure cards lie on the doom track beside the market row; "
        "every filled track (4/6/8 cards for 2/3/4-6 players) adds a doom counter, the eighth "
        "ends normal play. Replaces base_doom_track.",
        rule="AR-2.1",
    ),
    OptionSpec(
        "advanced.endgame",
        "bool",
        False,
        "Advanced: when a doom track fills, the heroes face red challenges one at a time, from "
        "the highest experience value down, without escape, until one wins.",
        rule="AR-3.1",
    ),
    OptionSpec(
        "advanced.travel_hazards",
        "bool",
        False,
        "Advanced: ending movement on an empty wild hex may bring one adventure card, its colour "
        "read off the doom track. Replaces travel_problems.",
        rule="AR-4.1",
    ),
    OptionSpec(
        "advanced.first_turn_dice",
        "bool",
        False,
        "Advanced: movement dice in each player's first turn by turn position "
        "(2 players 4/5; 3 players 3/4/5; 4-6 players 2/3/4/5/5/5).",
        rule="AR-5.1",
    ),
    OptionSpec(
        "advanced.wounds",
        "bool",
        False,
        "Advanced: heroes, allies and challenges fall only when their wounds exceed their life.",
        rule="AR-6.1",
    ),
    OptionSpec(
        "advanced.exhaustion",
        "bool",
        False,
        "Advanced: no ability whose exhaustion cost would turn into a wound.",
        rule="AR-6.2",
    ),
    OptionSpec(
        "advanced.activation_limit",
        "bool",
        False,
        "Advanced: one card activation in the movement step, one in the market step, one "
        "before combat and one per combat round.",
        rule="AR-6.3",
    ),
    OptionSpec(
        "advanced.movement_dice",
        "bool",
        False,
        "Advanced: 5 movement dice outside a city when the hero has no exhaustion, else 4 "
        "(wounds and allies do not count; see advanced.city_dice).",
        rule="AR-6.4",
    ),
    OptionSpec(
        "advanced.city_dice",
        "choice",
        "four",
        "Advanced, with advanced.movement_dice: a hero starting in a city rolls 4 dice as the "
        "seed's words say (four), or always 5 (five, our earlier reading).",
        allowed=("four", "five"),
        rule="AR-6.4",
    ),
    OptionSpec(
        "advanced.reshuffle",
        "bool",
        False,
        "Advanced: a spent adventure deck is rebuilt from the challenges of its discard pile; "
        "its events and encounters leave the game.",
        rule="AR-6.5",
    ),
    OptionSpec(
        "advanced.knockout",
        "bool",
        False,
        "Advanced: a knock-out costs all gold, the unspent adventure counters and the most "
        "expensive card; the player may take a new hero. Replaces knockout_penalty.",
        rule="AR-6.6",
    ),
    OptionSpec(
        "advanced.events",
        "bool",
        False,
        "Advanced: a drawn event with a lower number than the one in play is discarded "
        "without effect.",
        rule="AR-6.7",
    ),
    OptionSpec(
        "advanced.healing",
        "bool",
        False,
        "Advanced: the market also removes all exhaustion of the hero or of one ally for 1 gold.",
        rule="AR-6.8",
    ),
    OptionSpec(
        "advanced.experience",
        "choice",
        "off",
        "Advanced: experience counters only in pairs of two different kinds, at the seed's "
        "price table (table: 6/5/5/4/3 for 2/3/4/5/6 players) or at the price of one counter "
        "(base_price); off: single counters as in the base game.",
        allowed=("off", "table", "base_price"),
        rule="AR-6.9",
        reconstructed=True,
    ),
    OptionSpec(
        "advanced.experience_kinds",
        "choice",
        "step",
        "Advanced, with advanced.experience: no two counters of one kind in one experience step "
        "(step, the seed's 'at the same time'), or only within one pair (pair).",
        allowed=("step", "pair"),
        rule="AR-6.10",
    ),
    OptionSpec(
        "advanced.experience_heal",
        "bool",
        False,
        "Advanced: buying experience counters removes all of the hero's wounds and exhaustion.",
        rule="AR-6.11",
    ),
)


def adventure_spec(adventures: Sequence[tuple[str, str]]) -> OptionSpec:
    """The option ``adventure``: one value per registered adventure, given as (value, title);
    the first is the default."""
    titles = ", or ".join(title for _, title in adventures)
    return OptionSpec(
        "adventure",
        "choice",
        adventures[0][0],
        f"Which adventure: {titles}.",
        allowed=tuple(value for value, _ in adventures),
        rule="RB-9.1",
    )


BASE_SPECS = (
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
        "standard: to the nearest city, healed, half the gold and one item or ally of the "
        "player's choice lost; allies: half the gold and every ally; "
        "lenient: only the move and the healing.",
        allowed=("standard", "allies", "lenient"),
        rule="RB-5.9",
        reconstructed=True,
    ),
    OptionSpec(
        "escape_rule",
        "choice",
        "test",
        "test: in every round, an escape test (2d10 + the hero's best of mind, body and spirit "
        "against the challenge's highest value) must succeed; automatic: from the second "
        "round the hero may simply escape.",
        allowed=("test", "automatic"),
        rule="RB-5.3",
        reconstructed=True,
    ),
    OptionSpec(
        "adventure_discards",
        "choice",
        "removed",
        "removed: discarded adventure cards leave the game, and an empty deck stays empty; "
        "reshuffle: an empty deck is rebuilt from its discard pile (Al-Kalim's default).",
        allowed=("removed", "reshuffle"),
        rule="RB-4.10",
        reconstructed=True,
    ),
    OptionSpec(
        "full_track",
        "choice",
        "under_deck",
        "under_deck: a challenge left undefeated while the track holds six cards goes under its "
        "deck; discard: it is discarded (and leaves the game under adventure_discards=removed).",
        allowed=("under_deck", "discard"),
        rule="RB-4.9",
        reconstructed=True,
    ),
    OptionSpec(
        "event_rule",
        "choice",
        "number",
        "number: a drawn event with a lower number than the one in play cannot be played and "
        "is discarded without effect; newest: every drawn event replaces the one in play.",
        allowed=("number", "newest"),
        rule="RB-4.3",
        reconstructed=True,
    ),
    OptionSpec(
        "replenish_hexes",
        "choice",
        "starred",
        "Which empty gem hexes of the named colours a sunburst event refills: the starred "
        "ones, or all of them.",
        allowed=("starred", "all"),
        rule="RB-4.4",
        reconstructed=True,
    ),
    OptionSpec(
        "failed_attack",
        "choice",
        "hurt",
        "hurt: a failed attack roll costs the hero the step's damage, like a failed defence; "
        "miss: it only misses.",
        allowed=("hurt", "miss"),
        rule="RB-5.5",
        reconstructed=True,
    ),
    OptionSpec(
        "duel_spoils",
        "choice",
        "card",
        "What the winner of a fight between heroes takes besides half the loser's gold: "
        "card: one item or ally of the loser's (the winner's choice, instead of the card the "
        "knock-out costs); gold: nothing more.",
        allowed=("card", "gold"),
        rule="RB-5.10",
        reconstructed=True,
    ),
    OptionSpec(
        "duel_abilities",
        "bool",
        True,
        "Both heroes in a fight between heroes may use their combat-step abilities.",
        rule="RB-5.10",
        reconstructed=True,
    ),
    OptionSpec(
        "market_buys",
        "int",
        0,
        "Cards a hero may buy per market visit; 0 means no limit.",
        minimum=0,
        maximum=10,
        rule="RB-7.2",
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


def pack_specs() -> tuple[OptionSpec, ...]:
    """The card packs in play and how their cards join the decks (docs/rules/packs.md); the
    packs are the registry's (``content/runebound/packs/packs.yaml``)."""
    packs = card_packs()
    titles = ", ".join(f"{p.id} ({p.title})" for p in packs)
    return (
        OptionSpec(
            "packs",
            "choices",
            (),
            f"The card packs whose cards join the game: {titles}. Their cards must be "
            "installed (docs/content.md).",
            allowed=tuple(p.id for p in packs),
            rule="PK-3",
        ),
        OptionSpec(
            "packs.market_mode",
            "choice",
            "mixed",
            "mixed: the market packs' cards are shuffled into the market deck; focus: every "
            "market card comes from the packs' own deck first, the normal deck when it is empty.",
            allowed=("mixed", "focus"),
            rule="PK-4",
        ),
        OptionSpec(
            "packs.adventure_mode",
            "choice",
            "mixed",
            "mixed: the adventure packs' cards are shuffled into the adventure decks of their "
            "colour; focus: each colour draws from the packs' own deck first, the normal deck "
            "when it is empty.",
            allowed=("mixed", "focus"),
            rule="PK-5",
        ),
    )


PACK_SPECS = pack_specs()

BASE_OPTION_NAMES = (
    "adventure",
    *(spec.name for spec in (*BASE_SPECS, *ADVANCED_SPECS, *PACK_SPECS)),
)
"""The options every Runebound game reads into :class:`RuneboundOptions`; an adventure's own
options (``<adventure>.<x>``) go to the object it builds (``adventure_options``)."""


@dataclass(frozen=True, slots=True)
class RuneboundOptions:
    adventure: str
    hero_selection: str
    knockout_penalty: str
    escape_rule: str
    adventure_discards: str
    full_track: str
    event_rule: str
    replenish_hexes: str
    failed_attack: str
    duel_spoils: str
    duel_abilities: bool
    market_buys: int
    sell_price: str
    ally_limit: int
    xp_cost: int
    xp_change: bool
    max_rounds: int
    travel_problems: bool
    base_doom_track: bool
    # Advanced Runebound: the field of option "advanced.<x>" is advanced_<x>
    advanced_doom_track: bool = False
    advanced_endgame: bool = False
    advanced_travel_hazards: bool = False
    advanced_first_turn_dice: bool = False
    advanced_wounds: bool = False
    advanced_exhaustion: bool = False
    advanced_activation_limit: bool = False
    advanced_movement_dice: bool = False
    advanced_city_dice: str = "four"
    advanced_reshuffle: bool = False
    advanced_knockout: bool = False
    advanced_events: bool = False
    advanced_healing: bool = False
    advanced_experience: str = "off"
    advanced_experience_kinds: str = "step"
    advanced_experience_heal: bool = False
    # the card packs in play (docs/rules/packs.md): the field of "packs.<x>" is packs_<x>
    packs: tuple[str, ...] = ()
    packs_market_mode: str = "mixed"
    packs_adventure_mode: str = "mixed"
    # the adventure's own option values, in the object it builds (None when it has none);
    # Any, not object: mypyc cannot yet compile a dataclass field annotated ``object``
    adventure_options: Any = None

    @classmethod
    def from_mapping(
        cls, values: Mapping[str, Any], adventure_options: object = None
    ) -> RuneboundOptions:
        """Option names become field names: a dot becomes an underscore."""
        fields = {field_name(name): values[name] for name in BASE_OPTION_NAMES}
        return cls(**fields, adventure_options=adventure_options)


def field_name(option: str) -> str:
    """The RuneboundOptions field of an option: ``advanced.doom_track`` -> advanced_doom_track."""
    return option.replace(".", "_")


ADVANCED_PRESET: dict[str, Any] = {
    **{spec.name: True for spec in ADVANCED_SPECS if spec.kind == "bool"},
    "advanced.experience": "table",
}
"""Every advanced section on; advanced.experience takes the seed's own table. The readings
within a section (advanced.city_dice, advanced.experience_kinds) keep their defaults."""

RULE_SETS: dict[str, dict[str, Any]] = {"base": {}, "advanced": ADVANCED_PRESET}
"""``--rules NAME``: option values a rule set stands for (explicit ``--option``s win)."""


def check_advanced_combination(options: Mapping[str, Any], not_with: Sequence[str]) -> None:
    """ConfigError when an advanced option the adventure does not combine with (``not_with``,
    AR-1.3) is on."""
    adventure = str(options.get("adventure", ""))
    clashing = [name for name in not_with if options.get(name)]
    if clashing:
        fix = " ".join(f"--option {name}=false" for name in clashing)
        raise ConfigError(
            f"{', '.join(clashing)} cannot be played with the {adventure} adventure, which has "
            f"no doom track and no Margath (see 'boardwright rules runebound AR-1.3'); "
            f"turn them off: {fix}"
        )


XP_COST_BY_PLAYERS = {1: 5, 2: 5, 3: 4, 4: 4, 5: 3, 6: 2}


def experience_price(options: RuneboundOptions, players: int) -> int:
    """RB-8.2: experience points per experience counter."""
    return options.xp_cost or XP_COST_BY_PLAYERS[players]


XP_PAIR_PRICE = {1: 6, 2: 6, 3: 5, 4: 5, 5: 4, 6: 3}  # AR-6.9: seed 002's table (1 player: ours)


def experience_pair_price(options: RuneboundOptions, players: int) -> int:
    """AR-6.9: experience points for a pair of experience counters."""
    if options.advanced_experience == "base_price":
        return experience_price(options, players)
    return XP_PAIR_PRICE[players]
