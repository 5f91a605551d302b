"""Runebound content records: the typed, validated shape of every YAML content file.

Owners can type in their own cards and board in these shapes (``boardwright content schema
runebound`` writes the JSON Schemas). Card abilities are data: a timing window, an optional cost
and a list of effect primitives from a small vocabulary (see ``docs/content.md``); ``hook`` names
a Python function only where no primitive fits.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from boardwright.engine.content import ContentRecord

Colour = Literal["green", "yellow", "blue", "red"]
Terrain = Literal["plains", "road", "hills", "forest", "mountains", "river", "swamp", "city"]
Phase = Literal["ranged", "melee", "magic"]
Stat = Literal["mind", "body", "spirit"]
Skill = Literal["climb", "swim", "diplomacy", "stealth", "survival", "lore"]

TERRAINS: tuple[str, ...] = ("plains", "road", "hills", "forest", "mountains", "river", "swamp")
COLOURS: tuple[str, ...] = ("green", "yellow", "blue", "red")
PHASES: tuple[str, ...] = ("ranged", "melee", "magic")


# --- effects ------------------------------------------------------------------------------------
class Modify(ContentRecord):
    """A passive or temporary change of a number: a stat, damage, movement dice, a skill."""

    do: Literal["modify"]
    stat: Literal[
        "mind",
        "body",
        "spirit",
        "life",
        "stamina",
        "damage",
        "movement_dice",
        "test",
        "armour",
    ]
    amount: int
    phase: Phase | None = None  # combat modifiers: only in this phase
    when: Literal["always", "attack", "defend"] = "always"
    skill: Skill | None = None  # stat "test": bonus to tests of this skill (None: every test)


class DamageEnemy(ContentRecord):
    """Wounds dealt to the opponent at once (a before-combat strike, a bomb)."""

    do: Literal["damage_enemy"]
    amount: int = Field(ge=1)


class Heal(ContentRecord):
    """Remove wounds and/or exhaustion from the hero, an ally or everyone in the party."""

    do: Literal["heal"]
    wounds: int = Field(default=0, ge=0)
    exhaustion: int = Field(default=0, ge=0)
    target: Literal["hero", "ally", "party"] = "hero"


class Harm(ContentRecord):
    """Wounds and/or exhaustion taken (an encounter's failure, an event)."""

    do: Literal["harm"]
    wounds: int = Field(default=0, ge=0)
    exhaustion: int = Field(default=0, ge=0)
    target: Literal["hero", "party"] = "hero"


class Gold(ContentRecord):
    do: Literal["gold"]
    amount: int  # negative: pay (never below zero)


class ExtraMove(ContentRecord):
    """Move up to ``hexes`` more hexes without dice, into any terrain (a bonus move)."""

    do: Literal["extra_move"]
    hexes: int = Field(ge=1)


class Reroll(ContentRecord):
    """Roll the combat dice of this step again (once per activation)."""

    do: Literal["reroll"]


class ReduceDamage(ContentRecord):
    """Take this many fewer wounds from one hit (armour, a shield spell)."""

    do: Literal["reduce_damage"]
    amount: int = Field(ge=1)


class Experience(ContentRecord):
    """Gain an adventure counter worth ``value`` experience from the supply."""

    do: Literal["experience"]
    value: int = Field(ge=1)


class DrawMarket(ContentRecord):
    """Draw market cards into the current city's stack."""

    do: Literal["draw_market"]
    count: int = Field(default=1, ge=1)


class Teleport(ContentRecord):
    """Move the hero to a city (Tamalir, the nearest, or any of the player's choice)."""

    do: Literal["teleport"]
    to: Literal["tamalir", "nearest_city", "any_city"]


class Replenish(ContentRecord):
    """Put adventure counters back on the starred gem hexes of these colours (sunburst)."""

    do: Literal["replenish"]
    colours: list[Colour] = Field(min_length=1)


class Fight(ContentRecord):
    """Fight a challenge card now (an encounter's ambush, a red card's guardian)."""

    do: Literal["fight"]
    card: str


class Hook(ContentRecord):
    """A named Python rule for what no primitive expresses."""

    do: Literal["hook"]
    name: str
    amount: int = 0


Effect = Annotated[
    Modify
    | DamageEnemy
    | Heal
    | Harm
    | Gold
    | ExtraMove
    | Reroll
    | ReduceDamage
    | Experience
    | DrawMarket
    | Teleport
    | Replenish
    | Fight
    | Hook,
    Field(discriminator="do"),
]

Timing = Literal[
    "passive",  # always on while the card is in play
    "activate",  # once per turn, at any time the player chooses in their own turn
    "before_movement",
    "after_movement",
    "before_combat",  # once per combat, before the first round
    "combat_step",  # during one combat step, before rolling (once per round)
    "after_combat",
    "market",
    "event",  # an event card: when it comes into play
    "while_in_play",  # an event card: as long as it stays the event in play
]


class Cost(ContentRecord):
    """What using an ability costs: exhaustion, wounds, gold, or discarding the card."""

    exhaustion: int = Field(default=0, ge=0)
    wounds: int = Field(default=0, ge=0)
    gold: int = Field(default=0, ge=0)
    discard: bool = False


class Ability(ContentRecord):
    """One ability of a hero, ally, item or adventure card."""

    name: str
    text: str
    timing: Timing
    cost: Cost = Field(default_factory=Cost)
    effects: list[Effect] = Field(min_length=1)


# --- heroes and combatants ------------------------------------------------------------------------
class Attack(ContentRecord):
    """One combat step of a combatant: the value to roll against (or add) and the damage."""

    value: int
    damage: int = Field(ge=0)


class Hero(ContentRecord):
    id: str
    name: str
    life: int = Field(ge=1)
    stamina: int = Field(ge=1)
    mind: Attack  # ranged
    body: Attack  # melee
    spirit: Attack  # magic
    skills: dict[Skill, int] = Field(default_factory=dict)
    abilities: list[Ability] = Field(default_factory=list)


# --- adventure cards ------------------------------------------------------------------------------
class Reward(ContentRecord):
    gold: int = Field(default=0, ge=0)
    dragon_rune: bool = False  # red challenges: the card is kept as a Dragon Rune
    wins_game: bool = False  # High Lord Margath
    market_card: bool = False  # draw the top market card for free
    effects: list[Effect] = Field(default_factory=list)


class TestRecord(ContentRecord):
    """A skill test: 2d10 + the stat (+ skill and test bonuses) against the difficulty."""

    stat: Stat
    skill: Skill | None = None
    difficulty: int = Field(ge=2)


class EncounterChoice(ContentRecord):
    text: str
    test: TestRecord | None = None
    success: list[Effect] = Field(default_factory=list)  # or the outcome when there is no test
    failure: list[Effect] = Field(default_factory=list)


class AdventureCard(ContentRecord):
    id: str
    name: str
    colour: Colour
    kind: Literal["challenge", "event", "encounter"]
    text: str = ""
    # challenges
    life: int | None = Field(default=None, ge=1)
    ranged: Attack | None = None
    melee: Attack | None = None
    magic: Attack | None = None
    traits: list[str] = Field(default_factory=list)
    no_escape: bool = False
    abilities: list[Ability] = Field(default_factory=list)
    reward: Reward = Field(default_factory=Reward)
    # events
    number: int | None = Field(default=None, ge=1)
    # encounters
    choices: list[EncounterChoice] = Field(default_factory=list)

    @model_validator(mode="after")
    def _kind_fields(self) -> AdventureCard:
        if self.kind == "challenge":
            if self.life is None:
                raise ValueError("a challenge needs life")
            if not (self.ranged or self.melee or self.magic):
                raise ValueError("a challenge needs at least one of ranged, melee, magic")
        elif self.kind == "event":
            if self.number is None:
                raise ValueError("an event needs its number")
            if not self.abilities:
                raise ValueError("an event needs an ability with timing 'event' or 'while_in_play'")
        elif not self.choices:
            raise ValueError("an encounter needs at least one choice")
        return self


# --- market cards ---------------------------------------------------------------------------------
class MarketCard(ContentRecord):
    id: str
    name: str
    kind: Literal["weapon", "armour", "artifact", "rune", "ally"]
    cost: int = Field(ge=1, le=12)
    text: str = ""
    abilities: list[Ability] = Field(default_factory=list)
    # allies
    life: int | None = Field(default=None, ge=1)
    stamina: int | None = Field(default=None, ge=1)
    mind: Attack | None = None
    body: Attack | None = None
    spirit: Attack | None = None

    @model_validator(mode="after")
    def _ally_fields(self) -> MarketCard:
        stats = (self.life, self.stamina, self.mind, self.body, self.spirit)
        if self.kind == "ally" and any(s is None for s in stats):
            raise ValueError("an ally needs life, stamina, mind, body and spirit")
        if self.kind != "ally" and any(s is not None for s in stats):
            raise ValueError("only allies have life, stamina and combat stats")
        if self.kind != "ally" and not self.abilities:
            raise ValueError("an item needs at least one ability")
        return self


# --- the board ------------------------------------------------------------------------------------
class HexRecord(ContentRecord):
    at: str = Field(pattern=r"^-?\d+,-?\d+$", description="axial coordinates q,r")
    terrain: Terrain
    gem: Colour | None = None  # an adventure counter of this colour starts here
    star: bool = False  # replenished by sunburst events
    city: str | None = None  # the city on this hex (terrain city)
    name: str | None = None  # a named location

    @model_validator(mode="after")
    def _city_terrain(self) -> HexRecord:
        if (self.terrain == "city") != (self.city is not None):
            raise ValueError("a hex is a city exactly when its terrain is 'city' and it names one")
        if self.star and self.gem is None:
            raise ValueError("only gem hexes can be starred")
        if self.gem is not None and self.city is not None:
            raise ValueError("a city hex carries no adventure counter")
        return self


class CityRecord(ContentRecord):
    id: str
    name: str
    market_position: int = Field(ge=1, description="place in the market row (1 = Tamalir)")


class DieFace(ContentRecord):
    terrains: list[Literal["plains", "road", "hills", "forest", "mountains", "river", "swamp"]]


class BoardRecord(ContentRecord):
    id: str
    name: str
    cities: list[CityRecord] = Field(min_length=1)
    hexes: list[HexRecord] = Field(min_length=1)
    movement_die: list[DieFace] = Field(min_length=6, max_length=6)
    counter_values: dict[Colour, int] = Field(description="experience per adventure counter colour")
