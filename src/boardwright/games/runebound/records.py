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
TimeOfDay = Literal["day", "night"]  # Al-Kalim: the time a turn is travelled in (AK-4.4)

Duration = Literal["step", "combat", "turn"]  # how long a used modifier lasts (PV-4)
# whose hero an effect reaches (PV-5): the user's, every hero's, every other hero's, or the
# heroes' on the user's hex (the user's included)
Heroes = Literal["self", "all", "others", "here"]
HEROES_FIELD = "whose heroes it reaches (PV-5): self, all, others, or here (the user's hex)"

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
    # Al-Kalim filters (all optional): the change applies only while every given one holds.
    trait: str | None = None  # only in fights against a challenge with this trait (AK-6.5)
    location: str | None = None  # only while the hero's hex is in this location (AK-15)
    terrain: Terrain | None = None  # only while the hero's hex has this terrain
    time: TimeOfDay | None = None  # only on day turns or on night turns (AK-4.4)
    duration: Duration = Field(
        default="step",
        description="a used modifier (PV-4): step = the current combat step (outside a fight, "
        "the rest of the turn), combat = the rest of the fight, turn = the rest of the turn",
    )


class DamageEnemy(ContentRecord):
    """Wounds dealt to the opponent at once (a before-combat strike, a bomb)."""

    do: Literal["damage_enemy"]
    amount: int = Field(ge=1)


class ModifyEnemy(ContentRecord):
    """Change the challenge being fought: its combat ``value`` (what the hero's rolls must
    reach) or its ``damage`` (wounds a failed defence costs), by ``amount`` or ``to`` a number
    (PV-2 of docs/rules/packs.md). ``phase`` limits it to one combat step; ``duration`` says how
    long it lasts: the next combat step resolved (``step``) or the rest of the fight
    (``combat``). Outside a fight with a challenge it does nothing."""

    do: Literal["modify_enemy"]
    stat: Literal["value", "damage"]
    amount: int = 0
    to: int | None = Field(default=None, ge=0, description="set the number instead of adding")
    phase: Phase | None = None
    duration: Literal["step", "combat"] = "step"

    @model_validator(mode="after")
    def _amount_or_to(self) -> ModifyEnemy:
        if (self.to is None) == (self.amount == 0):
            raise ValueError("modify_enemy takes exactly one of a non-zero amount and to")
        return self


class Heal(ContentRecord):
    """Remove wounds and/or exhaustion from the hero, an ally or everyone in the party."""

    do: Literal["heal"]
    wounds: int = Field(default=0, ge=0)
    exhaustion: int = Field(default=0, ge=0)
    target: Literal["hero", "ally", "party"] = "hero"
    heroes: Heroes = Field(default="self", description=HEROES_FIELD)


class Harm(ContentRecord):
    """Wounds and/or exhaustion taken (an encounter's failure, an event)."""

    do: Literal["harm"]
    wounds: int = Field(default=0, ge=0)
    exhaustion: int = Field(default=0, ge=0)
    target: Literal["hero", "party"] = "hero"
    heroes: Heroes = Field(default="self", description=HEROES_FIELD)


class Gold(ContentRecord):
    do: Literal["gold"]
    amount: int  # negative: pay (never below zero)
    heroes: Heroes = Field(default="self", description=HEROES_FIELD)


class ExtraMove(ContentRecord):
    """Move up to ``hexes`` more hexes without dice, into any terrain (a bonus move)."""

    do: Literal["extra_move"]
    hexes: int = Field(ge=1)


class Reroll(ContentRecord):
    """Roll the combat dice of this step again (once per activation)."""

    do: Literal["reroll"]


class Pathfinder(ContentRecord):
    """Hexes of ``terrain`` may be entered with any movement die, as a city may (PV-6): while
    the card is owned (``passive``), or for the rest of the turn when used."""

    do: Literal["pathfinder"]
    terrain: Literal["plains", "road", "hills", "forest", "mountains", "river", "swamp"]


class ReduceDamage(ContentRecord):
    """Take this many fewer wounds from one hit (armour, a shield spell)."""

    do: Literal["reduce_damage"]
    amount: int = Field(ge=1)
    duration: Duration = Field(
        default="step", description="used in a fight: as modify's duration (PV-4)"
    )


class Prevent(ContentRecord):
    """Cancel up to ``amount`` of the wounds a combat roll is about to cost the hero (PV-3):
    only in a ``when_damaged`` ability, used after the roll and before the wounds are taken."""

    do: Literal["prevent"]
    amount: int = Field(ge=1)


class Experience(ContentRecord):
    """Gain an adventure counter worth ``value`` experience from the supply."""

    do: Literal["experience"]
    value: int = Field(ge=1)


class DrawMarket(ContentRecord):
    """Draw market cards into the current city's stack."""

    do: Literal["draw_market"]
    count: int = Field(default=1, ge=1)


TELEPORT_KEYWORDS = ("tamalir", "nearest_city", "any_city")


class Teleport(ContentRecord):
    """Move the hero to a city: Tamalir, the nearest, any of the player's choice, or (PV-9) the
    city of the board with this id."""

    do: Literal["teleport"]
    to: str = Field(
        min_length=1,
        description="tamalir, nearest_city, any_city, or a city id of the board (PV-9)",
    )


class Replenish(ContentRecord):
    """Put adventure counters back on the starred gem hexes of these colours (sunburst)."""

    do: Literal["replenish"]
    colours: list[Colour] = Field(min_length=1)


class Fight(ContentRecord):
    """Fight a challenge card now (an encounter's ambush, a red card's guardian)."""

    do: Literal["fight"]
    card: str


class LoseLegend(ContentRecord):
    """Al-Kalim: the player must give up ``amount`` legend cards from the quest board, quests or
    rewards of their choice, each to the bottom of its type's stack (AK-11.12). Nothing happens
    in the base adventure, which has no legend cards."""

    do: Literal["lose_legend"]
    amount: int = Field(
        default=1, ge=1, le=4, description="legend cards lost (a quest board holds 4, AK-1.7)"
    )


class Master(ContentRecord):
    """Al-Kalim: absolute mastery of a skill (AK-9.9, AK-11.10): while the card is in play every
    test of that skill succeeds without a roll. A lasting effect (``passive``)."""

    do: Literal["master"]
    skill: Skill


class CultMove(ContentRecord):
    """Cult of the Rune: the cult rolls and moves ``times`` times, the active player choosing
    among the hexes a roll allows (CR-43). Nothing happens in another adventure."""

    do: Literal["cult_move"]
    times: int = Field(default=1, ge=1, le=3)


class Corrupt(ContentRecord):
    """Cult of the Rune: the hero gets ``amount`` corruption markers, each one a branding
    (CR-44). Nothing happens in another adventure."""

    do: Literal["corrupt"]
    amount: int = Field(default=1, ge=1, le=2)


CULT_EFFECTS = ("cult_move", "corrupt")
"""The primitives only Cult of the Rune's cards may use (CR-43, CR-44, CR-48)."""

FailureEffect = Annotated[Harm | LoseLegend | Corrupt, Field(discriminator="do")]


class SkillTest(ContentRecord):
    """A skill test a card demands (RB-6.1): 2d10 + the stat, the hero's skill and the test
    bonuses against the difficulty; a mastered skill passes without a roll (``master``). When it
    fails, the ``failure`` effects happen (wounds or exhaustion, legend cards lost)."""

    do: Literal["test"]
    stat: Stat
    skill: Skill | None = None
    difficulty: int = Field(ge=2)
    failure: list[FailureEffect] = Field(min_length=1)


HookName = Literal["heal_all"]  # the rules of effects.HOOKS (a test keeps the two the same)


class Hook(ContentRecord):
    """A named Python rule for what no primitive expresses."""

    do: Literal["hook"]
    name: HookName
    amount: int = 0


Effect = Annotated[
    Modify
    | ModifyEnemy
    | DamageEnemy
    | Heal
    | Harm
    | Gold
    | ExtraMove
    | Pathfinder
    | Reroll
    | ReduceDamage
    | Prevent
    | Experience
    | DrawMarket
    | Teleport
    | Replenish
    | Fight
    | LoseLegend
    | Master
    | SkillTest
    | CultMove
    | Corrupt
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
    "after_knockout",  # a challenge's own: the fight ends with it knocking the hero out
    "market",
    "event",  # an event card: when it comes into play
    "while_in_play",  # an event card: as long as it stays the event in play
    "when_damaged",  # PV-3: after a hero's combat roll that would wound them, before the wounds
    "instead_of_movement",  # PV-7: replaces the movement step's dice (the hero's own turn)
    "combat_round",  # PV-10: a challenge's own, at the start of every combat round
]


class Cost(ContentRecord):
    """What using an ability costs: exhaustion, wounds, gold, or discarding the card."""

    exhaustion: int = Field(default=0, ge=0)
    wounds: int = Field(default=0, ge=0)
    gold: int = Field(default=0, ge=0)
    discard: bool = False


# the primitives the rules read while a card is in play; the others happen once, when used
LASTING_TIMINGS = ("passive", "while_in_play")
LASTING_EFFECTS = ("modify", "reduce_damage", "master", "pathfinder")
PATHFINDER_TIMINGS = (
    "passive",
    "while_in_play",
    "activate",
    "before_movement",
    "instead_of_movement",
)


class Ability(ContentRecord):
    """One ability of a hero, ally, item or adventure card."""

    name: str
    text: str
    timing: Timing
    cost: Cost = Field(default_factory=Cost)
    effects: list[Effect] = Field(min_length=1)
    only_if: Literal["branded"] | None = Field(
        default=None,
        description="Cult of the Rune (CR-46): the ability acts only when the hero fighting "
        "the card is branded",
    )

    @model_validator(mode="after")
    def _lasting_effects(self) -> Ability:
        for i, effect in enumerate(self.effects):
            if effect.do == "prevent" and self.timing != "when_damaged":
                raise ValueError(
                    f"effects[{i}]: prevent cancels wounds a roll is about to cost: its "
                    "timing must be when_damaged"
                )
            if effect.do == "pathfinder" and self.timing not in PATHFINDER_TIMINGS:
                raise ValueError(
                    f"effects[{i}]: pathfinder opens a terrain for movement: its timing must "
                    f"be one of {', '.join(PATHFINDER_TIMINGS)}"
                )
            if effect.do == "master" and self.timing not in LASTING_TIMINGS:
                raise ValueError(f"effects[{i}]: master lasts: its timing must be passive")
            failure = effect.failure if effect.do == "test" else ()
            takes = effect.do == "lose_legend" or any(f.do == "lose_legend" for f in failure)
            if takes and self.timing == "after_knockout":
                raise ValueError(
                    f"effects[{i}]: legend cards are never lost because of a knock-out "
                    "(AK-11.12): lose_legend cannot be an after_knockout effect"
                )
        if self.timing in LASTING_TIMINGS:
            for i, effect in enumerate(self.effects):
                lasting_for = getattr(effect, "duration", "step")
                if effect.do in ("modify", "reduce_damage") and lasting_for != "step":
                    raise ValueError(
                        f"effects[{i}]: a {self.timing} ability lasts while its card does: "
                        f"no duration {lasting_for!r} (that is for a used one)"
                    )
                if effect.do not in LASTING_EFFECTS:
                    raise ValueError(
                        f"effects[{i}]: a {self.timing} ability lasts, so it holds only "
                        f"{' and '.join(LASTING_EFFECTS)}, not {effect.do!r}"
                    )
        return self


CHALLENGE_TIMINGS = (
    "after_knockout",
    "combat_round",
)  # windows that only a challenge's own abilities have
HERO_TIMINGS = (
    "when_damaged",
    "instead_of_movement",
)  # windows of the hero's side only (PV-3: the hero's wounds)


def _challenge_timings_only(abilities: list[Ability], what: str) -> None:
    """A window that only a challenge has (its own knock-out) is an error anywhere else."""
    for i, ability in enumerate(abilities):
        if ability.timing in CHALLENGE_TIMINGS:
            raise ValueError(
                f"abilities[{i}]: timing {ability.timing!r} is for challenges only, not {what}"
            )


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

    @model_validator(mode="after")
    def _timings(self) -> Hero:
        _challenge_timings_only(self.abilities, "a hero")
        return self


# --- adventure cards ------------------------------------------------------------------------------
KEPT_TIMINGS = (
    "passive",
    "activate",
    "before_movement",
    "after_movement",
    "before_combat",
    "combat_step",
    "after_combat",
    "market",
    "when_damaged",
    "instead_of_movement",
)
"""The windows of a kept card's abilities: those of an item (no event or challenge window)."""


class Goal(ContentRecord):
    """PV-12: what a held card asks of its holder: to end a movement step in ``city``; then its
    ``effects`` happen and the card is discarded."""

    city: str = Field(min_length=1, description="a city id of the board")
    effects: list[Effect] = Field(min_length=1)


class Reward(ContentRecord):
    gold: int = Field(default=0, ge=0)
    dragon_rune: bool = False  # red challenges: the card is kept as a Dragon Rune
    hold: bool = Field(
        default=False,
        description="an encounter (PV-12): a choice with hold: true makes the hero keep the card, "
        "with its abilities, until its goal is reached",
    )
    goal: Goal | None = Field(default=None, description="a held card's goal (PV-12)")
    wins_game: bool = False  # High Lord Margath
    market_card: bool = False  # draw the top market card for free
    effects: list[Effect] = Field(default_factory=list)
    abilities: list[Ability] = Field(
        default_factory=list,
        description="what the holder of the kept card may use for as long as they hold it "
        "(a Dragon Rune's powers, RB-4.11); only on a card that is kept",
    )

    @model_validator(mode="after")
    def _kept_abilities(self) -> Reward:
        if self.abilities and not (self.dragon_rune or self.hold):
            raise ValueError(
                "abilities: only a kept card (dragon_rune: true, or hold: true) grants abilities"
            )
        if self.goal is not None and not self.hold:
            raise ValueError("goal: only a held card (hold: true) has a goal")
        if self.hold and self.dragon_rune:
            raise ValueError("hold: a card is held or kept as a Dragon Rune, not both")
        for i, ability in enumerate(self.abilities):
            if ability.timing not in KEPT_TIMINGS:
                raise ValueError(
                    f"abilities[{i}]: a kept card's ability has timing {ability.timing!r}; "
                    f"allowed: {', '.join(KEPT_TIMINGS)}"
                )
            if ability.cost.discard:
                raise ValueError(f"abilities[{i}]: a kept card is never discarded (RB-4.6)")
        return self


class TestRecord(ContentRecord):
    """A skill test: 2d10 + the stat (+ skill and test bonuses) against the difficulty."""

    stat: Stat
    skill: Skill | None = None
    difficulty: int = Field(ge=2)


class EncounterChoice(ContentRecord):
    text: str
    hold: bool = Field(
        default=False, description="PV-12: on success the hero keeps the card (reward.hold)"
    )
    test: TestRecord | None = None
    success: list[Effect] = Field(default_factory=list)  # or the outcome when there is no test
    failure: list[Effect] = Field(default_factory=list)


class AdventureCard(ContentRecord):
    id: str
    name: str
    colour: Colour
    kind: Literal["challenge", "event", "encounter"]
    text: str = ""
    card_set: str = Field(
        default="",
        alias="set",
        description="The content set the card belongs to (PK-2): base, al-kalim or a card "
        "pack; filled in from the file when left out",
    )
    # challenges
    life: int | None = Field(default=None, ge=1)  # Al-Kalim: the life by day (AK-6.3)
    ranged: Attack | None = None
    melee: Attack | None = None
    magic: Attack | None = None
    traits: list[str] = Field(default_factory=list)
    no_escape: bool = False
    abilities: list[Ability] = Field(default_factory=list)
    reward: Reward = Field(default_factory=Reward)
    # Al-Kalim challenges (AK-6.3, AK-6.6)
    night_life: int | None = Field(
        default=None, ge=1, description="Al-Kalim: the life on a night turn (the upper value)"
    )
    sunburst: bool = Field(
        default=False, description="Al-Kalim: drawing it refills starred hexes and moves the storm"
    )
    # events
    number: int | None = Field(default=None, ge=1)
    # encounters
    choices: list[EncounterChoice] = Field(default_factory=list)

    @model_validator(mode="after")
    def _kind_fields(self) -> AdventureCard:
        if self.kind != "challenge" and (self.night_life is not None or self.sunburst):
            raise ValueError("only a challenge has a night_life or a sunburst")
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
        if self.kind != "challenge":
            _challenge_timings_only(self.abilities, f"an {self.kind}")
        holding = any(choice.hold for choice in self.choices)
        if self.reward.hold != holding:
            raise ValueError(
                "reward.hold: an encounter is held exactly when one of its choices has hold: true"
            )
        for i, ability in enumerate(self.abilities):
            if ability.timing in HERO_TIMINGS:
                raise ValueError(
                    f"abilities[{i}]: timing {ability.timing!r} is for the hero's own cards, "
                    "not an adventure card"
                )
        return self


# --- market cards ---------------------------------------------------------------------------------
ItemKind = Literal["weapon", "armour", "artifact", "rune"]


class MarketCard(ContentRecord):
    id: str
    name: str
    kind: Literal["weapon", "armour", "artifact", "rune", "ally", "dual"]
    cost: int = Field(ge=1, le=12)
    text: str = ""
    card_set: str = Field(
        default="",
        alias="set",
        description="The content set the card belongs to (PK-2): base, al-kalim or a card "
        "pack; filled in from the file when left out",
    )
    abilities: list[Ability] = Field(default_factory=list)
    modes: list[ItemKind] = Field(
        default_factory=list,
        description="a dual card (kind dual, PV-11): the two item kinds it may count as",
    )
    uses: int | None = Field(
        default=None,
        ge=1,
        description="charges (PV-8): each use of one of its abilities spends one; after the "
        "last the card crumbles (to the market discard pile)",
    )
    # allies
    life: int | None = Field(default=None, ge=1)
    stamina: int | None = Field(default=None, ge=1)
    mind: Attack | None = None
    body: Attack | None = None
    spirit: Attack | None = None

    @model_validator(mode="after")
    def _ally_fields(self) -> MarketCard:
        if (self.kind == "dual") != bool(self.modes):
            raise ValueError("modes: a dual card, and only a dual card, lists its two kinds")
        if self.modes and (len(self.modes) != 2 or self.modes[0] == self.modes[1]):
            raise ValueError("modes: a dual card counts as two different item kinds")
        if self.uses is not None and not any(
            a.timing not in LASTING_TIMINGS for a in self.abilities
        ):
            raise ValueError("uses: only a card with an ability that is used has charges")
        stats = (self.life, self.stamina, self.mind, self.body, self.spirit)
        if self.kind == "ally" and any(s is None for s in stats):
            raise ValueError("an ally needs life, stamina, mind, body and spirit")
        if self.kind != "ally" and any(s is not None for s in stats):
            raise ValueError("only allies have life, stamina and combat stats")
        if self.kind != "ally" and not self.abilities:
            raise ValueError("an item needs at least one ability")
        _challenge_timings_only(self.abilities, f"a market card ({self.kind})")
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


HEX_PATTERN = r"^-?\d+,-?\d+$"


class LocationRecord(ContentRecord):
    """Al-Kalim: a named place on the overlay (AK-15.1).

    ``hexes`` are the hexes its printed name runs across; the engine adds every hex next to one
    of them that has the same terrain as it (once, not repeatedly). ``adjoining: false`` keeps
    the location to exactly these hexes (a place printed on a single hex, AK-15.3).
    """

    id: str
    name: str
    hexes: list[Annotated[str, Field(pattern=HEX_PATTERN)]] = Field(
        min_length=1, description="axial q,r of the hexes the printed name runs across"
    )
    adjoining: bool = Field(
        default=True, description="add the adjoining hexes of the same terrain (AK-15.1)"
    )


class LostCityRecord(ContentRecord):
    """Al-Kalim: a lost-city marker and the market stack by its crest (AK-1.8, AK-14.8)."""

    id: str
    name: str
    crest: str
    market_position: int = Field(ge=1, description="the market stack beside its crest (6, 7, 8)")
    power: Literal["faith", "dreams", "clouds"]  # the benefit of AK-14.5, AK-14.6 or AK-14.7


class BoardRecord(ContentRecord):
    id: str
    name: str
    cities: list[CityRecord] = Field(min_length=1)
    hexes: list[HexRecord] = Field(min_length=1)
    movement_die: list[DieFace] = Field(min_length=6, max_length=6)
    counter_values: dict[Colour, int] = Field(description="experience per adventure counter colour")
    # Al-Kalim overlay (all optional; the base board has none of them)
    terrain_names: dict[Terrain, str] = Field(
        default_factory=dict, description="names shown for the terrains (Al-Kalim: plains=dunes)"
    )
    locations: list[LocationRecord] = Field(default_factory=list)
    sandstorm_start: str | None = Field(
        default=None, pattern=HEX_PATTERN, description="q,r of the Prison of the Ifrit (AK-2.3)"
    )
    lost_cities: list[LostCityRecord] = Field(default_factory=list)

    @model_validator(mode="after")
    def _overlay_references(self) -> BoardRecord:
        on_board = {_canonical_hex(h.at) for h in self.hexes}
        seen: set[str] = set()
        for i, location in enumerate(self.locations):
            where = f"locations[{i}] (id {location.id!r})"
            if location.id in seen:
                raise ValueError(f"{where}: duplicate location id")
            seen.add(location.id)
            for j, at in enumerate(location.hexes):
                if _canonical_hex(at) not in on_board:
                    raise ValueError(f"{where}.hexes[{j}]: no hex at {at!r} on the board")
        if self.sandstorm_start is not None and (
            _canonical_hex(self.sandstorm_start) not in on_board
        ):
            raise ValueError(f"sandstorm_start: no hex at {self.sandstorm_start!r} on the board")
        city_ids = {c.id for c in self.cities}
        ids: set[str] = set()
        positions: set[int] = set()
        for i, lost in enumerate(self.lost_cities):
            where = f"lost_cities[{i}] (id {lost.id!r})"
            if lost.id in ids or lost.id in city_ids:
                raise ValueError(f"{where}: the id is used by another city")
            if lost.market_position in positions:
                raise ValueError(
                    f"{where}.market_position: stack {lost.market_position} has another lost city"
                )
            ids.add(lost.id)
            positions.add(lost.market_position)
        return self


def _canonical_hex(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return int(q), int(r)


# --- Al-Kalim: legend cards and survival gear -----------------------------------------------------
LegendType = Literal["ally", "artifact", "location", "mount", "rune"]
LEGEND_TYPES: tuple[str, ...] = ("ally", "artifact", "location", "mount", "rune")


class QuestStep(ContentRecord):
    """One thing a quest asks for (AK-11.5); a quest's steps are done in order.

    ``do``: ``defeat`` challenges, ``story_roll`` (roll the story die), explore a ``bazaar``, or
    ``end_movement`` on a hex. The optional filters say where, when and against what; a step
    without filters accepts any. ``test`` is a skill test the quest itself demands, made when
    the step's action is done: failing it fails the quest (AK-11.6). ``gold`` is paid to
    complete the step.
    """

    do: Literal["defeat", "story_roll", "bazaar", "end_movement"]
    count: int = Field(default=1, ge=1, description="how many times, in different actions")
    terrain: Terrain | None = None  # the terrain of the hero's hex
    location: str | None = None  # a location id of the board (AK-15)
    city: str | None = None  # a city id, a lost-city id, or "lost" for any lost city
    trait: str | None = None  # defeat: the challenge has this trait (AK-6.5)
    colour: Colour | None = None  # defeat: the challenge is of this colour
    time: TimeOfDay | None = None  # on a day turn or a night turn (AK-4.4)
    test: TestRecord | None = None  # the quest's own skill test (AK-11.6)
    gold: int = Field(default=0, ge=0, description="gold paid to complete the step")

    @model_validator(mode="after")
    def _filters_fit(self) -> QuestStep:
        if self.do == "bazaar":
            if self.city is None:
                raise ValueError("a bazaar step names its city (or 'lost')")
            if self.terrain is not None or self.location is not None:
                raise ValueError("a bazaar step is placed by its city, not a terrain or location")
        if self.do != "defeat" and (self.trait is not None or self.colour is not None):
            raise ValueError("only a defeat step filters by trait or colour")
        if self.city is not None and self.do not in ("bazaar", "end_movement"):
            raise ValueError("only a bazaar or end_movement step names a city")
        return self


class Quest(ContentRecord):
    """The quest side of a legend card: what the hero must do (AK-11.1, AK-11.5)."""

    text: str
    steps: list[QuestStep] = Field(min_length=1)


class LegendReward(ContentRecord):
    """The reward side of a legend card (AK-11.1, AK-11.7-AK-11.11).

    A legendary ally has a stat line (all five of life, stamina, mind, body, spirit); a
    legendary rune has ``uses`` (3: its power works three times, AK-11.11).
    """

    text: str
    abilities: list[Ability] = Field(default_factory=list)
    uses: int | None = Field(default=None, ge=1, description="legendary runes: uses (AK-11.11)")
    # legendary allies
    life: int | None = Field(default=None, ge=1)
    stamina: int | None = Field(default=None, ge=1)
    mind: Attack | None = None
    body: Attack | None = None
    spirit: Attack | None = None


class LegendCard(ContentRecord):
    """A legend card: a quest on one side, a legendary reward on the other (AK-1.4, AK-11)."""

    id: str
    name: str
    type: LegendType
    quest: Quest
    reward: LegendReward

    @model_validator(mode="after")
    def _type_fields(self) -> LegendCard:
        reward = self.reward
        stats = (reward.life, reward.stamina, reward.mind, reward.body, reward.spirit)
        if self.type == "ally" and any(s is None for s in stats):
            raise ValueError("a legendary ally needs life, stamina, mind, body and spirit")
        if self.type != "ally" and any(s is not None for s in stats):
            raise ValueError("only a legendary ally has life, stamina and combat stats")
        if self.type != "ally" and not reward.abilities:
            raise ValueError(f"a legendary {self.type} needs at least one ability")
        if (self.type == "rune") != (reward.uses is not None):
            raise ValueError("a legendary rune, and only a rune, has uses (AK-11.11)")
        _challenge_timings_only(reward.abilities, "a legendary reward")
        return self


class GearRecord(ContentRecord):
    """Al-Kalim survival gear, sold in bazaars (AK-1.9, AK-9.4). What it does is rules
    (AK-9.7-AK-9.9), keyed by ``kind``; ``text`` is shown to the players."""

    id: str
    kind: Literal["pack_camel", "waterskin", "adventurers_kit"]
    name: str
    text: str
    cost: int = Field(default=1, ge=0, description="price in gold per token")
    count: int = Field(default=6, ge=1, description="tokens of this kind in the stock")


# --- card packs (docs/rules/packs.md) -------------------------------------------------------------
class CardPackRecord(ContentRecord):
    """A card pack the game knows (PK-1, PK-2): a content set whose cards join the decks of any
    adventure. Its cards live in ``packs/<folder>/market.yaml`` (family ``market``) or
    ``adventures.yaml`` (family ``adventure``), each file declaring ``set: <id>``."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    family: Literal["market", "adventure"]
    title: str
    seed: str = Field(description="where the seed describes the pack")
