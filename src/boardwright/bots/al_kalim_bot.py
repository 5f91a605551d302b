"""The heuristic bot's play of The Sands of Al-Kalim (issue #4).

:class:`~boardwright.bots.runebound_bot.RuneboundBot` plays a game with :class:`AlKalimPlay` when
its view has an ``al_kalim`` section: it answers the expansion's decisions and overrides the
hooks of :class:`~boardwright.bots.runebound_bot.BasePlay` in the base handlers (the movement
targets and potential, the day's cost of a roll, the pack camel, stamina and quest tests in the
choice of experience). The bot still reads only its observation: the view (quest boards, legend
stacks, sandstorm, lost cities, gear) and the public static content, here the Al-Kalim content
view (overlay board, Al-Kalim challenges with their day and night life, legend cards with their
quests, Al-Kalim heroes and allies).

How it plays
------------
* **Quests** are the point of the game (AK-12.1). Each unfinished quest's current step is a *job*
  with a value (a share of a legendary reward, more for later steps, less for tests still to
  pass) and the hexes where it can be done: a location, a terrain, a city or a lost city. Jobs
  are movement targets (``end_movement`` and ``story_roll`` steps at their hexes, ``bazaar`` steps
  at their cities) or add to the value of fights that count (``defeat`` steps: the chance that
  the drawn challenge has the trait, times the chance to win).
* **Losing legend cards** (AK-11.12, a challenge that knocks the hero out takes some): the bot
  gives up unfinished quests before finished rewards, the quest with the least progress (then the
  least value) first, a spent rune before other rewards; the cards at risk count as part of the
  knock-out's cost when it weighs a fight against such a challenge.
* **Legend cards**: a quest is worth ``QUEST_REWARD * P(its tests) * QUEST_GAMMA ** turns``,
  with the turns estimated step by step from the hero's hex (travel, fights for a trait, rolls
  for a lost city). The bot draws the best open quest whenever the limit allows, and gives up
  (AK-10.6) quests that are worth little next to what the stacks offer.
* **Step 3** compares the adventure (the colour's fight value, a bonus for a counter that would
  raise the legend limit, quest fights), the undefeated challenge, a duel, a legend draw, the
  bazaar (healing, cards, survival gear, quest steps, the lost cities' powers) and the story die
  (the average of its faces by day or by night, quest rolls and their tests, lost cities).
* **Day or night**: the turn is valued both ways. Targets within a turn's reach are valued at
  that time (day or night life, a counter placed by day or an ambush by night on the story die),
  farther ones at the better time; rolling by day costs the expected exhaustion from the hero's
  hex and the mirages (AK-5.2, AK-5.3). Where step 3 can only be a story roll that risks a night
  ambush (fought as if without escape, AK-8.10), the movement potential carries that cost. A
  target not reached this turn counts at least a turn away (:data:`AL_KALIM_DISCOUNT`), so stepping
  one free hex a day is not mistaken for travel.
* **Experience** is spent as soon as it can be (the first purchase sets the legend limit,
  AK-10.3); a counter that would raise the limit when spent makes its colour's fights worth
  more (``LIMIT_STEP``), and quest tests count when choosing the stat.
* **Gear**: a waterskin for day travel, an adventurer's kit when a quest test is uncertain, a
  pack camel when a quest place lies under the sandstorm; the camel is used to reach a target
  one hex further, the waterskin when the day's march hurt enough, the kit whenever it saves a
  quest.
* **The sandstorm** is moved away from the hero and its quest places, towards rivals; counters
  placed by day go where the hero can fight them next; lost cities are chosen for quests, then
  healing (Faith), the flight (Clouds) and the card search (Dreams).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from math import comb
from typing import Any

from boardwright.bots.base import Observation
from boardwright.bots.runebound_bot import (
    CITY_LOTTERY,
    EXHAUSTION,
    GAMMA,
    HEXES_PER_TURN,
    SHOPPING_RANGE,
    WIN_VALUE,
    WOUND,
    XP_POINT,
    BasePlay,
    Knowledge,
    Party,
    RuneboundBot,
    _option_index,
    ability_worth,
    adventure_hexes,
    card_win_value,
    fight_odds,
    fight_start,
    test_chance,
    undefeated_here,
)
from boardwright.engine.hexgrid import distance
from boardwright.games.runebound.adventures.al_kalim.content import (
    ANY_LOST_CITY,
    GEAR_KINDS,
    al_kalim_content,
)
from boardwright.games.runebound.adventures.al_kalim.rules import play_content
from boardwright.games.runebound.adventures.al_kalim.sandstorm import (
    DIRECTION_NAMES,
    covered,
    next_hex,
)
from boardwright.games.runebound.adventures.al_kalim.travel import (
    CANYON,
    DUNES,
    LOWLAND,
    MIRAGE,
    ROAD,
    ROCK,
    WASTELAND,
)
from boardwright.games.runebound.content import TERRAIN_NAMES, RuneboundContent, default_content
from boardwright.games.runebound.records import (
    COLOURS,
    AdventureCard,
    LegendCard,
    QuestStep,
    TestRecord,
)

# --- values, in gold pieces (the scale of runebound_bot) ---------------------------------------
QUEST_REWARD = 30.0  # a legendary reward: a quarter of the way to victory (AK-12.1)
QUEST_GAMMA = 0.9  # a quest's value kept per turn it still needs
LEGEND_BASE = 3.0  # drawing a quest at all: an empty legend space does nothing
LIMIT_STEP = 10.0  # per legend space a counter would add once spent (AK-10.3, AK-10.4)
STORM_SYMBOL = 0.1  # moving or turning the sandstorm (the bot steers it)
ROCK_GOLD = 1.0  # AK-8.5
CAMEL_VALUE = 1.0  # a pack camel used up (its price)
WATERSKIN_KEEP = 1.0  # a waterskin kept for a harder day
WATERSKIN_WISH = 1.3  # a waterskin bought: the next day of travel
KIT_WISH = 0.8  # an adventurer's kit for quests still to come
CAMEL_WISH = 0.7  # a pack camel without a reason
CAMEL_STORM_WISH = 2.0  # a pack camel when a quest place lies under the sandstorm
URGENT_GEAR = 2.5  # gear worth this much is bought before cards and healing
DISCARD_BELOW = 1.5  # a quest worth less is given up (AK-10.6)
DISCARD_GAP = 4.0  # with a full quest board: a quest the stacks beat by this (and twice over)
LOST_CITY_ROLLS = 6.0  # story rolls to wait for the canyon (AK-8.7)
COUNTER_WAIT = 4.0  # turns until an empty gem hex gets a counter again (AK-6.7, AK-8.1)
KO_EXTRA = 4.0  # a knock-out in Al-Kalim: the way back from the nearest city (AK-16.1)
GEAR_LOST = 1.0  # per survival-gear token lost to a knock-out (AK-9.6)
STAMINA_XP = 0.3  # a stamina counter: room for the day's exhaustion (AK-5.5)
REACH = 5  # hexes a turn's movement may cover: this turn's day or night decides there
POWER_VALUE = {"dreams": 0.6, "clouds": 1.0}  # AK-14.6, AK-14.7 (faith heals: counted apart)
STORY_ORDER = ("rock", "road", "mirage", "wasteland", "lowland", "canyon", "dunes")
"""Story symbols in the order resolved: gold before a bazaar, rest and healing before a night
ambush, the lost city (and Faith's healing) before the ambush as well."""
CAMEL, WATERSKIN, KIT = GEAR_KINDS


def decay(turns: float) -> float:
    """What a quest keeps of its value when it needs ``turns`` more turns."""
    return float(QUEST_GAMMA**turns)


def time_ok(step: QuestStep, night: bool) -> bool:
    """Whether a quest step's time filter allows a day (or night) turn (AK-4.4)."""
    return step.time is None or (step.time == "night") == night


# --- static knowledge of the Al-Kalim content -----------------------------------------------------
_VIEWS: dict[int, tuple[RuneboundContent, RuneboundContent]] = {}


def al_kalim_play_content(content: RuneboundContent | None = None) -> RuneboundContent:
    """The Al-Kalim content view of ``content`` (cached: content is immutable)."""
    content = content or default_content()
    found = _VIEWS.get(id(content))
    if found is None or found[0] is not content:
        found = (content, play_content(content))
        _VIEWS[id(content)] = found
    return found[1]


AL_KALIM_DISCOUNT = (1.0, *(GAMMA ** (1 + (d - 1) / HEXES_PER_TURN) for d in range(1, 64)))
"""The value kept by a target ``d`` hexes from where this turn's movement ends: a hex not
reached this turn is at least one turn away (step 3 comes once a turn), then ``HEXES_PER_TURN``
hexes a turn. The base game's smooth discount would let the bot crawl one free hex a day."""

_KNOWLEDGE: dict[int, tuple[RuneboundContent, Knowledge]] = {}


def al_kalim_knowledge(content: RuneboundContent | None = None) -> Knowledge:
    """The bot's knowledge of an Al-Kalim game (shared by all bots of a process)."""
    view = al_kalim_play_content(content)
    found = _KNOWLEDGE.get(id(view))
    if found is None or found[0] is not view:
        found = (view, Knowledge(view, AL_KALIM_DISCOUNT, sample_sizes=None))
        _KNOWLEDGE[id(view)] = found
    return found[1]


class AlKalimStatic:
    """What the bot precomputes from the Al-Kalim content view."""

    def __init__(self, kb: Knowledge) -> None:
        content = kb.content
        records = al_kalim_content(content)
        assert records is not None
        board = content.board
        self.board = board
        self.legends: dict[str, LegendCard] = {card.id: card for card in records.legends}
        self.locations = {loc.id: loc.hexes for loc in board.locations}
        self.terrain_hexes = {
            name: frozenset(h.index for h in board.hexes if h.terrain == t)
            for t, name in enumerate(TERRAIN_NAMES)
        }
        self.city_hex = {c.id: c.hex for c in board.cities}
        self.city_at = {c.hex: c.id for c in board.cities}
        self.city_hexes = frozenset(self.city_hex.values())
        # the view names a market stack by the first city (or lost city) that uses it
        first: dict[int, str] = {}
        for c in board.cities:
            first.setdefault(c.market_position, c.id)
        self.stack_key = {c.id: first[c.market_position] for c in board.cities}
        self.lost_power = {lc.id: lc.power for lc in board.lost_cities}
        self.gems = tuple((h.index, h.gem) for h in board.hexes if h.gem >= 0)
        self.gem_hexes = frozenset(h for h, _ in self.gems)
        self.traits = {card.id: frozenset(card.traits) for card in content.adventures}
        self.trait_share: dict[tuple[str, str], float] = {}
        for colour in COLOURS:
            cards = [c for c in content.adventures if c.colour == colour]
            for trait in {t for c in cards for t in c.traits}:
                share = sum(1 for c in cards if trait in c.traits) / len(cards)
                self.trait_share[(colour, trait)] = share
        faces = board.die_faces
        self.faces = tuple(
            tuple(t for t in (DUNES, ROAD, LOWLAND, ROCK, WASTELAND, CANYON, MIRAGE) if f >> t & 1)
            for f in faces
        )
        self.mirage_share = sum(1 for f in faces if f >> MIRAGE & 1) / len(faces)
        self.dunes_share = sum(1 for f in faces if f >> DUNES & 1) / len(faces)
        self.storm_start = board.sandstorm_start
        self._places: dict[tuple[str, int], frozenset[int] | None] = {}

    def share(self, colour: str, trait: str | None) -> float:
        """The part of a colour's challenges with a trait (1 without a trait filter)."""
        return 1.0 if trait is None else self.trait_share.get((colour, trait), 0.0)

    def static_places(self, legend: str, index: int) -> frozenset[int] | None:
        """The hexes a quest step's terrain, location and printed city allow (None: any);
        lost cities move and are added by :meth:`AlKalimPlay.places`."""
        key = (legend, index)
        if key in self._places:
            return self._places[key]
        step = self.legends[legend].quest.steps[index]
        places: frozenset[int] | None = None
        if step.terrain is not None:
            places = self.terrain_hexes.get(step.terrain, frozenset())
        if step.location is not None:
            where = self.locations.get(step.location, frozenset())
            places = where if places is None else places & where
        if step.city is not None and step.city in self.city_hex:
            where = frozenset({self.city_hex[step.city]})
            places = where if places is None else places & where
        self._places[key] = places
        return places


_STATIC: dict[int, AlKalimStatic] = {}


def al_kalim_static(kb: Knowledge) -> AlKalimStatic:
    found = _STATIC.get(id(kb))
    if found is None or found.board is not kb.content.board:
        found = AlKalimStatic(kb)
        _STATIC[id(kb)] = found
    return found


# --- what the view says ---------------------------------------------------------------------
class AlKalimRead:
    """The Al-Kalim part of one view, read once."""

    def __init__(self, kb: Knowledge, st: AlKalimStatic, view: dict[str, Any], seat: int) -> None:
        section: dict[str, Any] = view["al_kalim"]
        self.night = bool(section.get("night"))
        storm = section.get("sandstorm")
        index_of = kb.index_of
        self.covered: frozenset[int] = (
            frozenset(index_of[a] for a in storm["covers"] if a in index_of)
            if storm
            else frozenset()
        )
        self.storm_centre = index_of.get(storm["centre"], -1) if storm else -1
        self.lost_at: dict[str, int] = {
            lost: index_of[at]
            for lost, at in (section.get("lost_cities") or {}).items()
            if at is not None and at in index_of
        }
        board: dict[str, Any] = section["quest_boards"][seat]
        self.limit = int(board.get("limit", 0))
        self.slots: list[dict[str, Any]] = list(board.get("legends", []))
        self.gear: dict[str, int] = dict(board.get("gear", {}))
        self.held_types = {s["type"] for s in self.slots}
        self.rewards = sum(1 for s in self.slots if s["done"])
        self.tops: dict[str, str] = {
            kind: stack["top"]
            for kind, stack in (section.get("legend_stacks") or {}).items()
            if stack.get("top")
        }
        self.gear_supply: dict[str, int] = dict(section.get("gear_supply", {}))
        self.day_march: list[list[int]] = list(section.get("day_march", []))
        self.open_cities = (st.city_hexes | frozenset(self.lost_at.values())) - self.covered
        self.key = (
            self.storm_centre,
            tuple(sorted(self.lost_at.items())),
            tuple((s["id"], s["step"], s["progress"], s["done"]) for s in self.slots),
            self.limit,
            tuple(sorted(self.gear.items())),
        )


@dataclass(frozen=True)
class Job:
    """The current step of one of the bot's unfinished quests."""

    legend: LegendCard
    index: int
    step: QuestStep
    unit: float  # doing the step once now (its own test not counted)
    p_test: float  # the chance to pass the step's own test (1 without one), a kit included
    held: float  # the quest's value as it stands (lost if the test fails)
    places: frozenset[int] | None  # where it can be done (None: anywhere)


class AlKalimPlay(BasePlay):
    """The Al-Kalim decisions of one :class:`RuneboundBot` (one per game), and its answers to
    the base handlers' hooks."""

    def __init__(self, bot: RuneboundBot) -> None:
        super().__init__(bot)
        bot._kb = al_kalim_knowledge(bot._content)
        self.kb = bot._kb
        self.st = al_kalim_static(self.kb)
        self._read: tuple[dict[str, Any], int, AlKalimRead] | None = None
        self._memo: dict[tuple[Any, ...], Any] = {}
        self._memo_view: dict[str, Any] | None = None
        self._handlers: dict[str, Callable[[Observation], int]] = {
            "day_or_night": self.day_or_night,
            "adventure_or_story": self.adventure_or_story,
            "story_order": self.story_order,
            "storm_place": self.storm_place,
            "storm_move": self.storm_move,
            "place_counter": self.place_counter,
            "lost_city": self.lost_city,
            "explore_lost_city": self.explore_lost_city,
            "clouds": self.clouds,
            "adventurers_kit": self.adventurers_kit,
            "discard_quest": self.discard_quest,
            "lose_legend": self.lose_legend,
            "start_city": self.start_city,
            "waterskin": self.waterskin,
            "city_of_dreams": self.city_of_dreams,
            "market": self.market,
            "move": self.move,
            "after_movement": self.after_movement,
        }

    def handler(self, kind: str) -> Callable[[Observation], int] | None:
        return self._handlers.get(kind)

    # --- reading and memory ---------------------------------------------------------------------
    def read(self, party: Party) -> AlKalimRead:
        found = self._read
        if found is not None and found[0] is party.view and found[1] == party.seat:
            return found[2]
        read = AlKalimRead(self.kb, self.st, party.view, party.seat)
        self._read = (party.view, party.seat, read)
        return read

    def _cached(
        self, party: Party, key: tuple[Any, ...], make: Callable[[], Any], timeless: bool = False
    ) -> Any:
        """Values that hold for one view (one decision); ``timeless`` ones hold by day and by
        night alike."""
        if self._memo_view is not party.view:
            self._memo_view = party.view
            self._memo = {}
        night = None if timeless else party.night
        full = (party.seat, night, party.wounds, party.exhaustion, party.gold, *key)
        if full not in self._memo:
            self._memo[full] = make()
        return self._memo[full]

    def potential_key(self, party: Party) -> tuple[Any, ...]:
        """What the movement potential depends on beyond the base bot's key."""
        read = self.read(party)
        return (party.night, len(party.me.get("counters", [])), read.key)

    def at_time(self, party: Party, night: bool) -> Party:
        """The party as it would fight and travel on a day (or night) turn (one per view)."""
        if party.night == night:
            return party

        def make() -> Party:
            other = Party(party.kb, party.view, party.seat)
            other.night = night
            other.enemies = party.kb.enemies_for(other.tough, night)
            return other

        found: Party = self._cached(party, ("at_time", night), make, timeless=True)
        return found

    # --- fights ---------------------------------------------------------------------------------
    def colour_stats(self, party: Party) -> dict[str, tuple[float, float]]:
        """Per colour: the value of drawing from its deck now and the chance to win."""

        def make() -> dict[str, tuple[float, float]]:
            kb = self.kb
            sig = party.sig()
            loss = self.ko_cost(party)
            out: dict[str, tuple[float, float]] = {}
            for colour in COLOURS:
                cards = [kb.adventures[c] for c in kb.samples[colour]]
                if not cards:
                    out[colour] = (0.0, 0.0)
                    continue
                ev = pw_sum = 0.0
                for card in cards:
                    enemy = party.enemies[card.id]
                    dealt, taken = fight_start(party, enemy, sig)
                    pw, pl, _ = fight_odds(kb, enemy, sig, dealt, taken)
                    lost = loss + self.plunder_cost(party, card)
                    ev += card_win_value(kb, party, card, counter=True) * pw - lost * pl
                    pw_sum += pw
                out[colour] = (ev / len(cards), pw_sum / len(cards))
            return out

        result: dict[str, tuple[float, float]] = self._cached(party, ("colours",), make)
        return result

    def ko_cost(self, party: Party) -> float:
        """A knock-out (AK-16.1): the base cost, the way back from the nearest printed city
        and the survival gear lost with it (AK-9.6)."""
        gear = sum(self.read(party).gear.values())
        return party.knockout_cost() + KO_EXTRA + GEAR_LOST * gear

    def legend_losses(self, party: Party, read: AlKalimRead) -> list[tuple[tuple[float, ...], str]]:
        """The legend cards on the bot's quest board, cheapest to lose first (AK-11.12), each as
        (sort key, id): unfinished quests before rewards, the least progress first, then the
        least valuable reward; among rewards a spent rune first, then the least valuable."""
        out: list[tuple[tuple[float, ...], str]] = []
        for slot in read.slots:
            legend = str(slot.get("id"))
            card = self.st.legends.get(legend)
            if card is None:
                out.append(((2.0, 0.0, 0.0), legend))
                continue
            worth = self.reward_value(read, party, card)
            if not slot.get("done"):
                out.append(((0.0, self.progress(card, slot), worth), legend))
                continue
            out.append(((1.0, 0.0 if self.spent(card, slot) else 1.0, worth), legend))
        out.sort()
        return out

    @staticmethod
    def progress(card: LegendCard, slot: dict[str, Any]) -> float:
        """How much of a quest is done, 0 to 1 (steps, and times within the current step)."""
        steps = card.quest.steps
        index = min(int(slot.get("step", 0)), len(steps) - 1)
        count = steps[index].count
        return (index + int(slot.get("progress", 0)) / count) / len(steps)

    @staticmethod
    def spent(card: LegendCard, slot: dict[str, Any]) -> bool:
        """A legendary rune whose three uses are gone (it still counts for victory, AK-11.11)."""
        uses = card.reward.uses
        return uses is not None and int(slot.get("uses", 0)) >= uses

    def legend_worth(self, party: Party, read: AlKalimRead, legend: str) -> float:
        """What losing one legend card costs: a quest the draw and the progress made, a reward
        its share of victory (and its card's use while it has one)."""
        card = self.st.legends.get(legend)
        slot = next((s for s in read.slots if s.get("id") == legend), None)
        if card is None or slot is None:
            return 0.0
        if not slot.get("done"):
            reward = self.reward_value(read, party, card)
            return LEGEND_BASE + reward * self.progress(card, slot) * QUEST_GAMMA
        if self.spent(card, slot):
            return self.reward_value(read)
        return self.reward_value(read, party, card)

    def plunder_cost(self, party: Party, card: AdventureCard) -> float:
        """AK-11.12: the legend cards a challenge takes when it knocks the hero out (its
        ``after_knockout`` ``lose_legend`` effects): the cheapest of the bot's own."""
        amount = sum(
            e.amount
            for a in card.abilities
            if a.timing == "after_knockout"
            for e in a.effects
            if e.do == "lose_legend"
        )
        if not amount:
            return 0.0
        read = self.read(party)
        if not read.slots:
            return 0.0
        losses = self.legend_losses(party, read)[:amount]
        return sum(self.legend_worth(party, read, legend) for _, legend in losses)

    def card_odds(
        self, party: Party, card: AdventureCard, ambush: bool = False
    ) -> tuple[float, float]:
        """P(win), P(knocked out) against a card; an ambush's escape test at -10 (AK-8.10)
        almost never succeeds, so it is fought as a challenge without escape."""
        sig = party.sig()
        enemy = party.enemies[card.id]
        if ambush and not enemy.no_escape:
            enemy = replace(enemy, key=f"{enemy.key}!", no_escape=True)
        dealt, taken = fight_start(party, enemy, sig)
        pw, pl, _ = fight_odds(self.kb, enemy, sig, dealt, taken)
        return pw, pl

    def limit_colour(self, read: AlKalimRead) -> str:
        """AK-8.9: the deck of the limit counter's colour (green without one)."""
        values = self.kb.counter_values
        for c, value in enumerate(values):
            if value == read.limit:
                return COLOURS[c]
        return COLOURS[0]

    def limit_bonus(self, party: Party, read: AlKalimRead, colour: str, pw: float) -> float:
        """A counter that, once spent, raises the legend limit (AK-10.3, AK-10.4)."""
        if read.limit >= 4:
            return 0.0
        values = self.kb.counter_values
        held = [values[COLOURS.index(c)] for c in party.me.get("counters", []) if c in COLOURS]
        best = max([read.limit, *held])
        gain = values[COLOURS.index(colour)] - best
        return LIMIT_STEP * gain * pw if gain > 0 else 0.0

    def defeat_bonus(
        self,
        jobs: Sequence[Job],
        hex_index: int,
        night: bool,
        colour: str,
        traits: frozenset[str] | None,
        pw: float,
    ) -> float:
        """Quest steps a win here would advance (AK-11.5): unknown cards by their trait's share
        of the deck, known ones by their traits."""
        total = 0.0
        for job in jobs:
            step = job.step
            if step.do != "defeat" or not time_ok(step, night):
                continue
            if step.colour is not None and step.colour != colour:
                continue
            if job.places is not None and hex_index not in job.places:
                continue
            if step.trait is None:
                share = 1.0
            elif traits is not None:
                share = 1.0 if step.trait in traits else 0.0
            else:
                share = self.st.share(colour, step.trait)
            total += job.unit * share * pw
        return total

    def adventure_value(
        self, party: Party, read: AlKalimRead, jobs: Sequence[Job], hex_index: int, colour: str
    ) -> float:
        ev, pw = self.colour_stats(party)[colour]
        return (
            ev
            + self.limit_bonus(party, read, colour, pw)
            + self.defeat_bonus(jobs, hex_index, party.night, colour, None, pw)
        )

    def undefeated_value(
        self,
        party: Party,
        read: AlKalimRead,
        jobs: Sequence[Job],
        hex_index: int,
        card: AdventureCard,
        counter: bool,
    ) -> float:
        pw, pl = self.card_odds(party, card)
        loss = self.ko_cost(party) + self.plunder_cost(party, card)
        value = card_win_value(self.kb, party, card, counter) * pw - loss * pl
        if counter:
            value += self.limit_bonus(party, read, card.colour, pw)
        traits = self.st.traits.get(card.id, frozenset())
        return value + self.defeat_bonus(jobs, hex_index, party.night, card.colour, traits, pw)

    # --- quests -------------------------------------------------------------------------------
    def places(
        self, step: QuestStep, legend: str, index: int, read: AlKalimRead
    ) -> frozenset[int] | None:
        """Where a step can be done now: its static places, lost cities where they stand, less
        what the step's action cannot use (a covered hex, an open city for the story die)."""
        places = self.st.static_places(legend, index)
        city = step.city
        if city is not None and city not in self.st.city_hex:
            if city == ANY_LOST_CITY:
                lost = frozenset(read.lost_at.values())
            else:
                at = read.lost_at.get(city, -1)
                lost = frozenset({at}) if at >= 0 else frozenset()
            places = lost if places is None else places & lost
        if places is None:
            return None
        if step.do in ("bazaar", "defeat"):  # AK-13.8
            places = places - read.covered
        elif step.do == "story_roll":  # AK-7.2: never in an open city
            places = places - read.open_cities
        return places

    def test_p(self, party: Party, test: TestRecord | None, kit: bool) -> float:
        if test is None:
            return 1.0
        difficulty = test.difficulty - (3 if kit else 0)  # AK-9.9: +3 after a failed roll
        return test_chance(party, test.stat, test.skill, difficulty)

    def reward_value(
        self, read: AlKalimRead, party: Party | None = None, card: LegendCard | None = None
    ) -> float:
        """A legendary reward (the fourth one wins the game, AK-12.1), and what the reward
        card adds to the party (an ally or an artifact, as the market values cards)."""
        value = WIN_VALUE if read.rewards >= 3 else QUEST_REWARD
        if party is not None and card is not None:
            reward = self.kb.market.get(f"legend-{card.id}")
            if reward is not None:
                bot = self.bot
                value += max(0.0, bot._card_value(party, reward, bot._frontier(party)))
        return value

    def jobs(self, party: Party, read: AlKalimRead) -> list[Job]:
        def make() -> list[Job]:
            kit = read.gear.get(KIT, 0) > 0
            out: list[Job] = []
            for slot in read.slots:
                card = self.st.legends.get(slot["id"])
                if card is None or slot["done"]:
                    continue
                steps = card.quest.steps
                index = int(slot["step"])
                if index >= len(steps):
                    continue
                step = steps[index]
                later = 1.0
                for other in steps[index + 1 :]:
                    later *= self.test_p(party, other.test, kit)
                progress = int(slot["progress"])
                fraction = (index + (progress + 1) / step.count) / len(steps)
                reward = self.reward_value(read, party, card)
                unit = reward * fraction * later
                p, turns = self.outlook(party, read, card, index, progress)
                out.append(
                    Job(
                        card,
                        index,
                        step,
                        unit,
                        self.test_p(party, step.test, kit),
                        reward * p * decay(turns),
                        self.places(step, card.id, index, read),
                    )
                )
            return out

        result: list[Job] = self._cached(party, ("jobs", party.here), make)
        return result

    def _nearest(self, here: int, hexes: frozenset[int] | set[int]) -> tuple[int, int]:
        """(distance, hex) of the nearest of ``hexes`` (far and -1 if there are none)."""
        row = self.kb.dist[here]
        best, where = self.kb.hex_count + 1, -1
        for h in hexes:
            if row[h] < best:
                best, where = row[h], h
        return best, where

    def outlook(
        self, party: Party, read: AlKalimRead, card: LegendCard, index: int, progress: int
    ) -> tuple[float, float]:
        """(P(the quest's tests pass), turns still needed) from the hero's hex."""
        kit = read.gear.get(KIT, 0) > 0
        stats = self.colour_stats(party)
        counters = {
            self.kb.index_of[at]: colours
            for at, colours in party.view.get("counters", {}).items()
            if at in self.kb.index_of
        }
        pos = party.here
        p = 1.0
        turns = 0.0
        steps = card.quest.steps
        night = self.at_time(party, True)
        ambush: tuple[str, float] = self._cached(
            night, ("ambush",), lambda: self.ambush_odds(night, read)
        )
        for k in range(index, len(steps)):
            step = steps[k]
            left = step.count - (progress if k == index else 0)
            places = self.places(step, card.id, k, read)
            target: frozenset[int] | set[int] | None = places
            if step.do == "defeat":
                fights = {h for h, cs in counters.items() if h not in read.covered and cs}
                if places is not None:
                    fights &= places
                colours = {c for h in fights for c in counters[h]} if fights else set(COLOURS)
                chance = max(
                    (
                        self.st.share(c, step.trait) * stats[c][1]
                        for c in colours
                        if step.colour in (None, c)
                    ),
                    default=0.0,
                )
                target = fights or places
                if not fights and places is not None:
                    if places & self.st.gem_hexes:
                        turns += COUNTER_WAIT  # a counter must come back first
                    elif step.time != "day":  # AK-8.12: only a night ambush there counts
                        colour, pw = ambush
                        chance = self.st.dunes_share * self.st.share(colour, step.trait) * pw
                        chance *= step.colour in (None, colour)
                    else:
                        chance = 0.0
                hops = self._nearest(pos, target)[0] if target else 0
                turns += hops / HEXES_PER_TURN + left / max(chance, 0.02)
            elif step.do == "bazaar":
                if not places:
                    turns += LOST_CITY_ROLLS
                else:
                    turns += self._nearest(pos, places)[0] / HEXES_PER_TURN + 1
                if step.gold > party.gold:
                    turns += 2.0 * (step.gold - party.gold)
            else:
                hops = self._nearest(pos, places)[0] if places else 0
                if places is not None and not places:
                    hops = 3 * int(HEXES_PER_TURN)  # the place is closed for now
                turns += max(1.0, hops / HEXES_PER_TURN + (step.do == "story_roll"))
                p *= self.test_p(party, step.test, kit)
            if step.time is not None:
                turns += 0.5
            if target:
                where = self._nearest(pos, target)[1]
                pos = where if where >= 0 else pos
        return p, turns

    def quest_value(self, party: Party, read: AlKalimRead, card: LegendCard) -> float:
        """What drawing a quest is worth from here (AK-11.2)."""
        p, turns = self.outlook(party, read, card, 0, 0)
        return self.reward_value(read, party, card) * p * decay(turns)

    # --- the story die and the bazaar ---------------------------------------------------------
    def story_value(self, party: Party, read: AlKalimRead, jobs: Sequence[Job], here: int) -> float:
        """Rolling the story die here: its faces' average, quest rolls and their tests."""
        value = self.story_ev(party, read, jobs, here)
        for job in jobs:
            step = job.step
            if step.do != "story_roll" or not time_ok(step, party.night):
                continue
            if job.places is not None and here not in job.places:
                continue
            value += job.unit * job.p_test - (1 - job.p_test) * job.held
        return value

    def story_ev(self, party: Party, read: AlKalimRead, jobs: Sequence[Job], here: int) -> float:
        def make() -> float:
            st = self.st
            allies = party.allies
            road = EXHAUSTION * (min(1, party.exhaustion) + sum(min(1, e) for _, _, e in allies))
            mirage = WOUND * (min(1, party.wounds) + 0.5 * sum(min(1, w) for _, w, _ in allies))
            canyon = self.canyon_value(party, read, jobs, here)
            if party.night:
                dunes = self.ambush_value(party, read, jobs, here)
            else:
                dunes = self.place_value(party, read, jobs)[0]
            symbol = {
                ROAD: road,
                ROCK: ROCK_GOLD,
                MIRAGE: mirage,
                LOWLAND: STORM_SYMBOL,
                WASTELAND: STORM_SYMBOL,
                CANYON: canyon,
                DUNES: dunes,
            }
            once = sum(sum(symbol[s] for s in face) for face in st.faces) / len(st.faces)
            return once * (1 + st.mirage_share)  # AK-8.8: a mirage rolls again

        result: float = self._cached(party, ("story", here), make)
        return result

    def ambush_value(
        self, party: Party, read: AlKalimRead, jobs: Sequence[Job], here: int
    ) -> float:
        """AK-8.9/AK-8.10: a fight from the limit counter's deck for a counter (no reward)."""
        kb = self.kb
        colour = self.limit_colour(read)
        xp = XP_POINT * kb.counter_values[COLOURS.index(colour)]
        loss = self.ko_cost(party)
        cards = [kb.adventures[c] for c in kb.samples[colour]]
        if not cards:
            return 0.0
        total = 0.0
        for card in cards:
            pw, pl = self.card_odds(party, card, ambush=True)
            traits = self.st.traits.get(card.id, frozenset())
            quest = self.defeat_bonus(jobs, here, True, colour, traits, 1.0)
            total += (xp + quest) * pw - loss * pl
        return total / len(cards)

    def place_value(
        self, party: Party, read: AlKalimRead, jobs: Sequence[Job]
    ) -> tuple[float, int]:
        """AK-8.1: the best empty gem hex for a new counter, by what the hero gains from it."""
        kb = self.kb
        view = party.view
        taken = {kb.index_of[at] for at in view.get("counters", {}) if at in kb.index_of}
        supply: dict[str, int] = view.get("counter_supply", {})
        rivals = [
            kb.index_of.get(h["at"], -1)
            for s, h in enumerate(view.get("heroes", []))
            if s != party.seat
        ]
        best, where = 0.0, -1
        for h, gem in self.st.gems:
            colour = COLOURS[gem]
            if h in taken or h in read.covered or supply.get(colour, 1) <= 0:
                continue
            mine = kb.dist[party.here][h]
            value = self.adventure_value(party, read, jobs, h, colour)
            value *= kb.discount[min(mine, len(kb.discount) - 1)]
            if any(r >= 0 and kb.dist[r][h] < mine for r in rivals):
                value *= 0.5
            if value > best:
                best, where = value, h
        return best, where

    def canyon_value(
        self, party: Party, read: AlKalimRead, jobs: Sequence[Job], here: int
    ) -> float:
        """AK-8.7: a lost city rises here (the best one still beside the row) and its bazaar
        may be explored at once; with all three out they sink."""
        waiting = [lost for lost in self.st.lost_power if lost not in read.lost_at]
        if not waiting:
            return 0.0
        return max(self.lost_city_value(party, read, jobs, here, lost) for lost in waiting)

    def lost_city_value(
        self, party: Party, read: AlKalimRead, jobs: Sequence[Job], here: int, lost: str
    ) -> float:
        return self.bazaar_value(party, read, jobs, here, lost, lost, self.st.lost_power[lost])

    def gear_values(self, party: Party, read: AlKalimRead) -> dict[str, float]:
        """What one more token of each kind of survival gear is worth (AK-9.7-AK-9.9)."""

        def make() -> dict[str, float]:
            out = {CAMEL: 0.0, WATERSKIN: 0.0, KIT: 0.0}
            gear = read.gear
            if gear.get(KIT, 0) == 0:
                best = KIT_WISH if read.limit > len(read.slots) else 0.0
                for slot in read.slots:
                    card = self.st.legends.get(slot["id"])
                    if card is None or slot["done"]:
                        continue
                    for step in card.quest.steps[int(slot["step"]) :]:
                        if step.test is not None:
                            gain = self.test_p(party, step.test, True) - self.test_p(
                                party, step.test, False
                            )
                            best = max(best, gain * self.reward_value(read) * 0.6)
                out[KIT] = best
            if gear.get(WATERSKIN, 0) == 0:
                out[WATERSKIN] = WATERSKIN_WISH
            if gear.get(CAMEL, 0) == 0:
                out[CAMEL] = CAMEL_WISH
                for slot in read.slots:
                    card = self.st.legends.get(slot["id"])
                    if card is None or slot["done"]:
                        continue
                    places = self.st.static_places(card.id, int(slot["step"]))
                    if places and read.covered and places & read.covered:
                        out[CAMEL] = CAMEL_STORM_WISH
            return out

        result: dict[str, float] = self._cached(party, ("gear",), make, timeless=True)
        return result

    def gear_wish(self, party: Party, read: AlKalimRead) -> float:
        """The gear worth buying in a bazaar, within the gold at hand."""
        worth = sorted(
            (v - 1.0 for k, v in self.gear_values(party, read).items() if read.gear_supply.get(k)),
            reverse=True,
        )
        return sum(w for w in worth[: max(party.gold, 0)] if w > 0)

    def bazaar_value(
        self,
        party: Party,
        read: AlKalimRead,
        jobs: Sequence[Job],
        hex_index: int,
        stack: str,
        city: str,
        power: str,
    ) -> float:
        """Exploring a bazaar (AK-9.1): healing, the best card, gear, quest steps, a power."""
        quest = 0.0
        for job in jobs:
            step = job.step
            if step.do != "bazaar" or step.gold > party.gold or not time_ok(step, party.night):
                continue
            lost = city in self.st.lost_power
            if step.city == city or (step.city == ANY_LOST_CITY and lost):
                quest += job.unit * job.p_test
        shopping: float = self._cached(
            party,
            ("bazaar", hex_index, stack, power),
            lambda: self._shopping(party, read, hex_index, stack, power),
            timeless=True,
        )
        return shopping + quest

    def _shopping(
        self, party: Party, read: AlKalimRead, hex_index: int, stack: str, power: str
    ) -> float:
        """A bazaar's healing, best card, gear and power."""
        bot = self.bot
        if power == "faith":  # AK-14.5: every wound healed for nothing
            urgency = 1.0 + party.wounds / max(party.life, 1)
            ally_wounds = sum(w for _, w, _ in party.allies)
            heal = WOUND * (party.wounds * urgency + 0.5 * ally_wounds)
            gold = party.gold
        else:
            heal = bot._healing_value(party)
            gold = party.gold - min(party.wounds, party.gold)
        shop = 0.0
        if self.kb.dist[party.here][hex_index] <= SHOPPING_RANGE:
            shop = bot._best_buy(party, stack, gold, bot._frontier(party))
        lottery = CITY_LOTTERY if party.gold >= 3 else 0.0
        gear = self.gear_wish(party, read)
        return heal + shop + lottery + gear + POWER_VALUE.get(power, 0.0)

    def city_bazaar(
        self, party: Party, read: AlKalimRead, jobs: Sequence[Job], hex_index: int
    ) -> float:
        """The bazaar on a hex: its printed city's or its lost city's."""
        city = self.st.city_at.get(hex_index)
        if city is not None:
            return self.bazaar_value(
                party, read, jobs, hex_index, self.st.stack_key[city], city, ""
            )
        for lost, at in read.lost_at.items():
            if at == hex_index:
                return self.lost_city_value(party, read, jobs, hex_index, lost)
        return 0.0

    # --- the movement potential -----------------------------------------------------------------
    def targets(self, party: Party) -> list[tuple[int, float]]:
        """Hexes worth ending the movement on, valued for this turn's time within a turn's
        reach and for the better time beyond it (each later turn chooses its own)."""
        kb = self.kb
        read = self.read(party)
        now = self.hex_values(party, read)
        later = self.hex_values(self.at_time(party, not party.night), read)
        row = kb.dist[party.here]
        values = dict(now)
        for h, value in later.items():
            if row[h] > REACH and value > values.get(h, 0.0):
                values[h] = value
        ranked = sorted(((v, h) for h, v in values.items()), key=lambda t: (-t[0], t[1]))
        # a target that a better one reaches undiscounted enough never sets the potential, nor
        # the value of a roll (discounts multiply along a path): leave it out, for speed
        rows = kb.discount_rows
        kept: list[tuple[int, float]] = []
        for value, h in ranked:
            if value <= 0.05:
                break
            if all(v * rows[t][h] < value for t, v in kept):
                kept.append((h, value))
        return kept

    def hex_values(self, party: Party, read: AlKalimRead) -> dict[int, float]:
        """The hexes with something to gain at the party's time: the best step 3 there (an
        adventure, a bazaar, a quest roll) plus the quest steps that ending there does."""

        def make() -> dict[int, float]:
            kb = self.kb
            jobs = self.jobs(party, read)
            night = party.night
            step3: dict[int, float] = {}
            bonus: dict[int, float] = {}

            def better(h: int, value: float) -> None:
                if value > step3.get(h, 0.0):
                    step3[h] = value

            for h, card, present in adventure_hexes(kb, party.view):
                if h in read.covered:
                    continue
                if card is not None:
                    counter = card.colour in present
                    value = self.undefeated_value(party, read, jobs, h, card, counter)
                elif present:
                    value = max(self.adventure_value(party, read, jobs, h, c) for c in present)
                else:
                    continue
                better(h, value)
            for h in (*self.st.city_hex.values(), *read.lost_at.values()):
                if h not in read.covered:
                    better(h, self.city_bazaar(party, read, jobs, h))
            story: dict[int, float] = {}
            ambush = self.ambush_odds(party, read) if night else None
            for job in jobs:
                step = job.step
                if job.places is None or not time_ok(step, night):
                    continue
                if step.do == "end_movement":
                    for h in job.places:
                        bonus[h] = bonus.get(h, 0.0) + job.unit * job.p_test
                elif step.do == "story_roll":
                    gain = job.unit * job.p_test - (1 - job.p_test) * job.held
                    for h in job.places:
                        story[h] = story.get(h, 0.0) + gain
                elif step.do == "defeat" and ambush is not None:  # AK-8.12: ambushes count
                    colour, pw = ambush
                    if step.colour not in (None, colour):
                        continue
                    gain = self.st.dunes_share * self.st.share(colour, step.trait) * pw * job.unit
                    for h in job.places - read.open_cities:
                        story[h] = story.get(h, 0.0) + gain
            if story:
                base = self.story_ev(party, read, jobs, party.here)
                for h, gain in story.items():
                    better(h, base + gain)
            return {h: step3.get(h, 0.0) + bonus.get(h, 0.0) for h in set(step3) | set(bonus)}

        result: dict[int, float] = self._cached(party, ("hexes", party.here), make)
        return result

    def ambush_odds(self, party: Party, read: AlKalimRead) -> tuple[str, float]:
        """AK-8.9: the colour of a night ambush and the chance to beat it."""
        colour = self.limit_colour(read)
        cards = [self.kb.adventures[c] for c in self.kb.samples[colour]]
        if not cards:
            return colour, 0.0
        return colour, sum(self.card_odds(party, c, ambush=True)[0] for c in cards) / len(cards)

    def floor(
        self, party: Party, pot: list[float], targets: Sequence[tuple[int, float]]
    ) -> list[float]:
        """AK-6.1/AK-7.2: a hero ending the movement where there is nothing to take on must
        take a story step; when the only one left is a harmful story roll (a night ambush it
        would likely lose), hexes that are no target carry that cost."""
        read = self.read(party)
        jobs = self.jobs(party, read)
        forced = self.story_ev(party, read, jobs, party.here)
        if forced >= 0 or self.may_draw(read):
            return pot
        skip = {h for h, _ in targets} | read.open_cities
        return [v if h in skip else v + forced for h, v in enumerate(pot)]

    def may_draw(self, read: AlKalimRead) -> bool:
        """AK-7.3/AK-11.3: a legend card may be drawn in this turn's story step."""
        if len(read.slots) >= read.limit:
            return False
        return any(kind not in read.held_types for kind in read.tops)

    def day_cost(self, party: Party, read: AlKalimRead, dice: int) -> float:
        """AK-5.2-AK-5.5: the expected cost of rolling ``dice`` movement dice by day."""
        if dice <= 0:
            return 0.0
        here = party.here
        if here in read.covered:
            start = 1
        else:
            terrain = self.kb.terrain[here]
            start = 2 if terrain == DUNES else 0 if terrain == LOWLAND else 1
        q = 1.0 / 6.0
        rest = max(0, 4 - dice)  # RB-3.2: dice not rolled rest first
        hero_tired = max(0, party.exhaustion - rest)
        left = rest - (party.exhaustion - hero_tired)
        members = [(party.stamina, hero_tired, True)]
        for card, _, tired in party.allies:
            removed = min(left, tired)
            left -= removed
            members.append((card.stamina or 1, tired - removed, False))
        hp = party.hp_left
        cost = 0.0
        for m in range(dice + 1):
            prob = comb(dice, m) * q**m * (1 - q) ** (dice - m)
            each = start + m
            total = 0.0
            for stamina, tired, hero in members:
                room = max(0, stamina - tired)
                hurt = max(0, each - room)
                total += EXHAUSTION * min(each, room) + WOUND * hurt
                if hero and hurt >= hp:
                    total += self.ko_cost(party)
            cost += prob * total
        if read.gear.get(WATERSKIN, 0) > 0:
            cost = min(cost, WATERSKIN_KEEP)
        return cost

    def turn_plan(self, party: Party, read: AlKalimRead) -> float:
        """The best this turn's movement can do (the day_or_night valuation)."""
        bot = self.bot
        kb = self.kb
        pot = bot._potential(party)
        here = party.here
        best = pot[here]
        neighbours = kb.neighbours[here]
        best = max(best, *(pot[n] for n in neighbours)) if neighbours else best
        if read.gear.get(CAMEL, 0) > 0:
            best = max(best, self.camel_value(pot, here))
        tired = party.exhaustion + sum(e for _, _, e in party.allies)
        hurt = party.wounds + sum(w for _, w, _ in party.allies)
        most = 4 if tired or hurt else 5
        for dice in range(1, most + 1):
            best = max(best, bot._roll_score(party, pot, dice, tired))
        return best

    def camel_value(self, pot: list[float], here: int) -> float:
        """AK-9.7: the pack camel used up for the best hex up to two hexes away."""
        kb = self.kb
        two = max(pot[h] for h in range(kb.hex_count) if kb.dist[here][h] <= 2)
        return two - CAMEL_VALUE

    # --- decisions: step 1 and movement ---------------------------------------------------------
    def day_or_night(self, observation: Observation) -> int:
        """AK-4.4: the turn valued by day and by night; the chosen potential is kept."""
        bot = self.bot
        party = bot._party(observation)
        read = self.read(party)
        values: dict[bool, float] = {}
        for night in (True, False):
            values[night] = self.turn_plan(self.at_time(party, night), read)
        night = values[True] > values[False] + 1e-9
        if night:
            bot._potential(self.at_time(party, True))  # keep it for the movement step
        return bot._key_index(observation, "night" if night else "day")

    def roll_cost(self, party: Party, dice: int) -> float:
        """AK-5.2: by day, the march's expected exhaustion (and wounds) per die rolled."""
        return 0.0 if party.night else self.day_cost(party, self.read(party), dice)

    def movement_option(self, party: Party, key: str, pot: list[float]) -> float:
        """AK-9.7: the pack camel, for a target two hexes away."""
        return self.camel_value(pot, party.here) if key == "camel" else -1e9

    def move(self, observation: Observation) -> int:
        """The base walk; a pack camel is loaded when one more hex reaches more (AK-9.7)."""
        bot = self.bot
        camel = _option_index(observation.decision.options, "camel")
        if camel is None:
            return bot.move(observation)
        here, pot = bot._walk_state(observation)
        parsed = bot._parse_dice(observation.decision)
        if parsed is not None:
            faces, bonus = parsed
            memo = bot._walk_memo
            now = bot._best_from(here, faces, bonus, pot, memo)
            more = bot._best_from(here, faces, bonus + 1, pot, memo)
            if more - CAMEL_VALUE > now + 1e-9:
                bot._walk_pos = here
                return camel
        return bot.move(observation)

    def after_movement(self, observation: Observation) -> int:
        """Bonus moves and the pack camel by the potential; abilities by their worth."""
        bot = self.bot
        kb = self.kb
        party = bot._party(observation)
        pot = bot._potential(party)
        here = party.here
        step_best = max((pot[n] for n in kb.neighbours[here]), default=pot[here])
        scores: list[float] = []
        for option in observation.decision.options:
            key = option.key
            if key == "done":
                scores.append(pot[here])
            elif key == "camel":
                scores.append(step_best - CAMEL_VALUE)
            elif key.startswith("to:"):
                target = kb.index_of.get(key[3:], -1)
                scores.append(pot[target] if target >= 0 else -1e9)
            elif key.startswith("use:"):
                ability = bot._ability(party, key[4:], "after_movement")
                if ability is None:
                    scores.append(-1e9)
                    continue
                hexes = sum(e.hexes for e in ability.effects if e.do == "extra_move")
                if hexes:
                    worth = step_best - pot[here] - EXHAUSTION * ability.cost.exhaustion
                    worth = worth if party.affordable(ability) else -1.0
                else:
                    worth = ability_worth(party, ability, moving=False)
                    worth = worth if worth > 0.2 else -1.0
                scores.append(pot[here] + worth)
            else:
                scores.append(-1e9)
        return bot._pick(observation, scores)

    def waterskin(self, observation: Observation) -> int:
        """AK-9.8: drink when the day's march cost enough (or would knock out or kill)."""
        bot = self.bot
        party = bot._party(observation)
        read = self.read(party)
        pieces = read.day_march
        tired = sum(p[0] for p in pieces)
        hurt = sum(p[1] for p in pieces)
        guard = 0.0
        if pieces and pieces[0][1] and party.wounds >= party.life:
            guard += self.ko_cost(party) + WIN_VALUE * 0.05
        for (card, wounds, _), piece in zip(party.allies, pieces[1:], strict=False):
            if piece[1] and wounds >= (card.life or 1):
                guard += card.cost
        scores: list[float] = []
        for option in observation.decision.options:
            if option.key == "keep":
                scores.append(WATERSKIN_KEEP)
            elif option.key == "exhaustion":
                scores.append(EXHAUSTION * tired)
            elif option.key == "wounds":
                scores.append(WOUND * hurt + guard)
            else:
                scores.append(EXHAUSTION * tired + WOUND * hurt + guard)
        return bot._pick(observation, scores)

    # --- decisions: step 3 --------------------------------------------------------------------
    def adventure_or_story(self, observation: Observation) -> int:
        """AK-6.1/AK-7.1: the adventure, a duel, a legend card, the bazaar or the story die."""
        bot = self.bot
        kb = self.kb
        party = bot._party(observation)
        read = self.read(party)
        jobs = self.jobs(party, read)
        here = party.here
        scores: list[float] = []
        for option in observation.decision.options:
            key = option.key
            if key.startswith("adventure:"):
                colour = key[10:]
                if colour in COLOURS:
                    scores.append(self.adventure_value(party, read, jobs, here, colour))
                else:
                    scores.append(-1e9)
            elif key == "undefeated":
                found = undefeated_here(kb, party)
                if found is None:
                    scores.append(-1e9)
                else:
                    scores.append(self.undefeated_value(party, read, jobs, here, *found))
            elif key.startswith("attack:"):
                scores.append(bot._duel_value(party, int(key[7:]) - 1))
            elif key.startswith("legend:"):
                card_id = read.tops.get(key[7:])
                legend = self.st.legends.get(card_id or "")
                scores.append(
                    -1e9 if legend is None else LEGEND_BASE + self.quest_value(party, read, legend)
                )
            elif key == "bazaar":
                scores.append(self.city_bazaar(party, read, jobs, here))
            elif key == "story":
                scores.append(self.story_value(party, read, jobs, here))
            else:
                scores.append(-1e9)
        return bot._pick(observation, scores)

    def story_order(self, observation: Observation) -> int:
        """AK-7.4: gold before a bazaar, rest and healing before an ambush."""
        scores = []
        for option in observation.decision.options:
            name = option.key.split(":", 1)[-1]
            rank = STORY_ORDER.index(name) if name in STORY_ORDER else len(STORY_ORDER)
            scores.append(-float(rank))
        return self.bot._pick(observation, scores)

    def place_counter(self, observation: Observation) -> int:
        """AK-8.1: a counter where the hero can fight it next, not where a rival is nearer."""
        bot = self.bot
        party = bot._party(observation)
        read = self.read(party)
        jobs = self.jobs(party, read)
        _, where = self.place_value(party, read, jobs)
        scores = []
        for option in observation.decision.options:
            if option.key.startswith("counter:"):
                h = self.kb.index_of.get(option.key[8:], -1)
                scores.append(1.0 if h == where and h >= 0 else -0.5)
            else:
                scores.append(0.0)
        return bot._pick(observation, scores)

    def lost_city(self, observation: Observation) -> int:
        """AK-14.2: the lost city a quest needs, else the one whose bazaar and power pay."""
        bot = self.bot
        party = bot._party(observation)
        read = self.read(party)
        jobs = self.jobs(party, read)
        scores = []
        for option in observation.decision.options:
            lost = option.key[5:]
            if lost in self.st.lost_power:
                scores.append(self.lost_city_value(party, read, jobs, party.here, lost))
            else:
                scores.append(-1e9)
        return bot._pick(observation, scores)

    def explore_lost_city(self, observation: Observation) -> int:
        """AK-14.2: exploring the risen city's bazaar costs nothing and may pay."""
        return self.bot._key_index(observation, "explore")

    def clouds(self, observation: Observation) -> int:
        """AK-14.7: fly to the hex of highest potential for the next turn."""
        bot = self.bot
        party = bot._party(observation)
        pot = bot._potential(party)
        scores = []
        for option in observation.decision.options:
            if option.key == "stay":
                scores.append(pot[party.here] + 1e-6)
                continue
            h = self.kb.index_of.get(option.key[3:], -1)
            scores.append(pot[h] if h >= 0 else -1e9)
        return bot._pick(observation, scores)

    def adventurers_kit(self, observation: Observation) -> int:
        """AK-9.9: the kit is offered only when its +3 saves the quest."""
        return self.bot._key_index(observation, "kit")

    def discard_quest(self, observation: Observation) -> int:
        """AK-10.6: give up the quest worth least when it is worth little, or much less than
        the best quest the stacks would give instead."""
        bot = self.bot
        party = bot._party(observation)
        read = self.read(party)
        held = {job.legend.id: job.held for job in self.jobs(party, read)}
        scores = []
        for option in observation.decision.options:
            if option.key == "keep":
                scores.append(0.0)
                continue
            legend = option.key[8:]
            worth = held.get(legend)
            card = self.st.legends.get(legend)
            if worth is None or card is None:
                scores.append(-1e9)
                continue
            offers = [
                self.quest_value(party, read, self.st.legends[top])
                for kind, top in read.tops.items()
                if top in self.st.legends and (kind == card.type or kind not in read.held_types)
            ]
            best = max(offers, default=0.0)
            full = len(read.slots) >= read.limit  # else a new quest needs no discard
            if worth < DISCARD_BELOW and best > worth:
                scores.append(best - worth + 1.0)
            elif full and best > 2 * worth + DISCARD_GAP:
                scores.append(best - 2 * worth)
            else:
                scores.append(-1.0)
        return bot._pick(observation, scores)

    def lose_legend(self, observation: Observation) -> int:
        """AK-11.12: a challenge takes a legend card: give up the cheapest (an unfinished quest
        with the least progress before a finished reward, :meth:`legend_losses`)."""
        options = observation.decision.options
        try:
            party = self.bot._party(observation)
            order = [legend for _, legend in self.legend_losses(party, self.read(party))]
        except (KeyError, TypeError, ValueError):  # a view the bot cannot read: any card
            return 0
        rank = {legend: i for i, legend in enumerate(order)}
        scores = [-float(rank.get(o.key.removeprefix("lose:"), len(order))) for o in options]
        return self.bot._pick(observation, scores)

    def start_city(self, observation: Observation) -> int:
        """AK-3.11: the city with the most worth fighting (or buying) around it."""
        bot = self.bot
        kb = self.kb
        party = bot._party(observation)
        targets = self.targets(party)
        scores = []
        for option in observation.decision.options:
            h = self.st.city_hex.get(option.key[5:], -1)
            if h < 0:
                scores.append(-1e9)
                continue
            row = kb.discount_rows[h]
            scores.append(sum(value * row[t] for t, value in targets))
        return bot._pick(observation, scores)

    # --- decisions: the sandstorm ---------------------------------------------------------------
    def _storm_score(self, party: Party, read: AlKalimRead, centre: int, radius: int) -> float:
        """Where the storm should be: far from the hero and its quest places, over rivals."""
        kb = self.kb
        board = self.st.board
        cover = covered(board, centre, radius)
        rivals = [
            kb.index_of.get(h["at"], -1)
            for s, h in enumerate(party.view.get("heroes", []))
            if s != party.seat
        ]
        score = 0.0
        if party.here in cover:
            score -= 3.0
        for job in self.jobs(party, read):
            places = self.st.static_places(job.legend.id, job.index)
            if places and places & cover:
                score -= 1.0
        near = min((kb.dist[centre][r] for r in rivals if r >= 0), default=0)
        score += sum(1.0 for r in rivals if r in cover)
        return score + 0.1 * (kb.dist[centre][party.here] - near)

    def storm_place(self, observation: Observation) -> int:
        """AK-13.1: the arrows point where two steps take the storm best."""
        bot = self.bot
        board = self.st.board
        party = bot._party(observation)
        read = self.read(party)
        centre = self.st.storm_start
        scores = []
        for option in observation.decision.options:
            best = -1e9
            for name in option.args.get("arrows", ()):
                if name not in DIRECTION_NAMES:
                    continue
                d = DIRECTION_NAMES.index(name)
                there = centre
                for _ in range(2):
                    step = next_hex(board, there, d) if there >= 0 else -1
                    there = step if step >= 0 else there
                best = max(best, self._storm_score(party, read, there, 1))
            scores.append(best)
        return bot._pick(observation, scores)

    def storm_move(self, observation: Observation) -> int:
        """AK-13.3: each step away from the hero and towards rivals."""
        bot = self.bot
        kb = self.kb
        party = bot._party(observation)
        read = self.read(party)
        centre = read.storm_centre
        if centre < 0:
            return 0
        radius = max((kb.dist[centre][h] for h in read.covered), default=1)
        board = self.st.board
        at = board.hexes[centre].at
        scores = []
        for option in observation.decision.options:
            name = option.key.split(":", 1)[-1]
            if name not in DIRECTION_NAMES:
                scores.append(-1e9)
                continue
            target = next_hex(board, centre, DIRECTION_NAMES.index(name))
            if target < 0 or distance(at, board.hexes[target].at) != 1:
                scores.append(-1e9)
                continue
            scores.append(self._storm_score(party, read, target, radius))
        return bot._pick(observation, scores)

    # --- decisions: bazaars and experience ------------------------------------------------------
    def market(self, observation: Observation) -> int:
        """AK-9: the base market step, with the City of Faith's healing, survival gear, and
        gold kept back for quest steps that ask for it."""
        bot = self.bot
        party = bot._party(observation)
        read = self.read(party)
        options = observation.decision.options
        faith = _option_index(options, "faith")
        hurt = party.wounds + sum(w for _, w, _ in party.allies)
        if faith is not None and hurt:
            return faith
        values = self.gear_values(party, read)
        reserve = 0
        here_city = self.st.city_at.get(party.here, "")
        for job in self.jobs(party, read):
            if job.step.do == "bazaar" and job.step.city != here_city:
                reserve += job.step.gold
        gear = sorted(
            (
                (values.get(option.key[5:], 0.0), i)
                for i, option in enumerate(options)
                if option.key.startswith("gear:")
            ),
            reverse=True,
        )
        spare = party.gold - reserve
        for value, i in gear:
            if value >= URGENT_GEAR and spare >= 1:
                return i
        held_back = observation
        if reserve > 0:
            held_back = _with_gold(observation, max(0, party.gold - reserve))
        index = bot.market(held_back)
        if options[index].key == "done":
            for value, i in gear:
                if value > 1.05 and spare >= 1:
                    return i
        return index

    def city_of_dreams(self, observation: Observation) -> int:
        """AK-14.6: the card most worth buying now (or later, at half its worth)."""
        bot = self.bot
        party = bot._party(observation)
        colours = bot._frontier(party)
        scores = []
        for option in observation.decision.options:
            card = self.kb.market.get(option.key[6:])
            if card is None:
                scores.append(-1e9)
                continue
            value = bot._card_value(party, card, colours)
            if card.cost <= party.gold and bot._can_carry(party, card):
                scores.append(value - card.cost)
            else:
                scores.append(0.5 * value - card.cost)
        return bot._pick(observation, scores)

    def stamina_xp(self, party: Party) -> float:
        """A stamina counter: room for the day's exhaustion (AK-5.5)."""
        return STAMINA_XP

    def xp_tests(self, party: Party) -> list[tuple[TestRecord, float]]:
        """The tests of the quest steps still to do, each worth a share of its reward."""
        read = self.read(party)
        tests: list[tuple[TestRecord, float]] = []
        for slot in read.slots:
            card = self.st.legends.get(slot["id"])
            if card is None or slot["done"]:
                continue
            tests.extend(
                (step.test, self.reward_value(read) * 0.6)
                for step in card.quest.steps[int(slot["step"]) :]
                if step.test is not None
            )
        return tests


def _with_gold(observation: Observation, gold: int) -> Observation:
    """The same observation with the hero's gold lowered (gold kept back for a quest)."""
    view = observation.view
    heroes = list(view.get("heroes", []))
    me = dict(heroes[observation.seat])
    me["gold"] = gold
    heroes[observation.seat] = me
    copied = {**view, "heroes": heroes}
    return Observation(observation.seat, observation.decision, lambda: copied)
