"""The heuristic bot's play of The Sands of Al-Kalim (issue #4).

:class:`~boardwright.bots.runebound.bot.RuneboundBot` plays a game of The Sands of Al-Kalim with
:class:`AlKalimPlay` (the adventure's ``bot_play``): it answers the expansion's decisions and
overrides the hooks of :class:`~boardwright.bots.runebound.play.BasePlay` in the base handlers
(the knowledge of the Al-Kalim content view, the party by day or night with its legendary
rewards, the movement targets and potential, the day's cost of a roll, the pack camel, stamina
and quest tests in the choice of experience). It is built in layers: what it knows
(:mod:`.knowledge`) and reads (:mod:`.read`), fights and legend cards (:mod:`.values`), quests
(:mod:`.quests`), the story die and bazaars (:mod:`.story`), the movement (:mod:`.travel`), and
here the other hooks and decisions. The bot still reads only its observation: the view (quest
boards, legend stacks, sandstorm, lost cities, gear) and the public static content, here the
Al-Kalim content view (overlay board, Al-Kalim challenges with their day and night life, legend
cards with their quests, Al-Kalim heroes and allies).

How it plays
------------
* **Quests** are the point of the game (AK-12.1). Each unfinished quest's current step is a *job*
  with a value (a share of a legendary reward, more for later steps, less for tests still to
  pass) and the hexes where it can be done: a location, a terrain, a city or a lost city. Jobs
  are movement targets (``end_movement`` and ``story_roll`` steps at their hexes, ``bazaar`` steps
  at their cities) or add to the value of fights that count (``defeat`` steps: the chance that
  the drawn challenge has the trait, times the chance to win).
* **Losing legend cards** (AK-11.12, a challenge whose test before the fight the hero fails
  takes some): the bot gives up unfinished quests before finished rewards, the quest with the
  least progress (then the least value) first, a spent rune before other rewards; the cards at
  risk, times the chance to fail the test (a kit helps, mastery makes it certain), count
  against a fight with such a challenge, won or lost.
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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from boardwright.bots.base import Observation
from boardwright.bots.runebound.al_kalim.constants import (
    AMBUSH_SHARE,
    DISCARD_BELOW,
    DISCARD_GAP,
    LEGEND_BASE,
    LIMIT_STEP,
    STAMINA_XP,
    STORY_ORDER,
    URGENT_GEAR,
)
from boardwright.bots.runebound.al_kalim.read import AlKalimRead
from boardwright.bots.runebound.constants import XP_POINT
from boardwright.bots.runebound.core import option_index
from boardwright.bots.runebound.knowledge import Knowledge
from boardwright.bots.runebound.party import Party, undefeated_here
from boardwright.engine.hexgrid import distance
from boardwright.games.runebound.adventures.al_kalim.sandstorm import (
    DIRECTION_NAMES,
    covered,
    next_hex,
)
from boardwright.games.runebound.records import (
    COLOURS,
    MarketCard,
    TestRecord,
)

if TYPE_CHECKING:
    from boardwright.bots.runebound.bot import RuneboundBot
from boardwright.bots.runebound.al_kalim.travel import AlKalimTravel


class AlKalimPlay(AlKalimTravel):
    """The Al-Kalim decisions of one :class:`RuneboundBot` (one per game), and its answers to
    the base handlers' hooks."""

    search_depth: ClassVar[int | None] = 80
    """What a decision changes in Al-Kalim shows late: quests take turns and the four legendary
    rewards win. Over 3,058 random options played against the heuristic's choice to the end of
    two-player games (``benchmarks/bench_value_horizons.py``), the position value's predicted
    gain correlated with the true gain +0.09 ± 0.02 twenty decisions after the choice (the
    base game's horizon, 1.3 Al-Kalim turns), +0.10 at 40, and +0.23 ± 0.03 at 80 (about five
    turns), for every kind of decision. With rollouts of 80 decisions the search also judges
    the adventure, story or bazaar choice and the fight's steps, which it misjudged at 20
    (docs/bots.md, "How far the search looks")."""
    search_rollouts: ClassVar[int | None] = 24
    """Set when the rollouts were 20 decisions long and the value misjudged Al-Kalim: a second
    of them per decision overruled the heuristic more and won 11 of 33 two-player games against
    it, where 24 rollouts won 25 of 40. Rollouts of 80 decisions take about 40 ms each, so 24
    of them fill about the second a decision is given in the duels."""
    worth_features: ClassVar[tuple[str, ...]] = ("quests", "quest_progress", "limit", "gear")
    """Open quests held, the share of them done (AK-11.4), the limit counter (AK-10.2) and the
    survival gear tokens held (AK-9.4): without them a search saw discarding a quest, raising
    the limit or drinking a waterskin as free."""

    def __init__(self, bot: RuneboundBot) -> None:
        super().__init__(bot)
        self.handlers: dict[str, Callable[[Observation], int]] = {
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
            "pay_experience": self.pay_experience,
            "limit_counter": self.limit_counter,
            "lose_legend": self.lose_legend,
            "start_city": self.start_city,
            "waterskin": self.waterskin,
            "dreams_search": self.dreams_search,
            "city_of_dreams": self.city_of_dreams,
            "market": self.market,
            "move": self.move,
            "after_movement": self.after_movement,
        }

    def handler(self, kind: str) -> Callable[[Observation], int] | None:
        return self.handlers.get(kind)

    # --- what the bot knows and reads -------------------------------------------------------------
    def knowledge(self) -> Knowledge:
        """The bot's knowledge of the Al-Kalim content view (its own discount, every challenge
        weighed)."""
        return self.kb

    def party(self, view: dict[str, Any], seat: int) -> Party:
        """The party by day or night (AK-4.4), with its finished legend cards other than allies
        (AK-11.8-AK-11.11), keyed as the game keys their abilities ("L<legend index>")."""
        section = view.get("al_kalim") or {}
        legends: list[tuple[str, MarketCard]] = []
        boards = section.get("quest_boards") or []
        for slot in boards[seat].get("legends", []) if seat < len(boards) else []:
            card = self.kb.market.get(f"legend-{slot['id']}")
            if slot["done"] and slot["type"] != "ally" and card is not None:
                legends.append((f"L{self.st.legend_index[slot['id']]}", card))
        party = Party(self.kb, view, seat, night=self.night(view), extra_cards=legends)
        if self.one_life:  # AK-17.3: how the pack challenges' day life reads
            party.enemies = self.enemies_at(view, party.tough, party.night)
        return party

    def worth_values(self, view: dict[str, Any], seat: int) -> list[float]:
        boards = (view.get("al_kalim") or {}).get("quest_boards") or []
        board: dict[str, Any] = boards[seat] if seat < len(boards) else {}
        quests = progress = 0.0
        for slot in board.get("legends", []):
            card = self.st.legends.get(slot["id"])
            if not slot["done"] and card is not None:
                quests += 1.0
                progress += self.progress(card, slot)
        gear = float(sum((board.get("gear") or {}).values()))
        return [quests, progress, float(board.get("limit", 0)), gear]

    def night(self, view: dict[str, Any]) -> bool:
        """AK-6.3: by night challenges have their night life."""
        return bool((view.get("al_kalim") or {}).get("night"))

    # --- decisions: step 3 ------------------------------------------------------------------------
    def adventure_or_story(self, observation: Observation) -> int:
        """AK-6.1/AK-7.1: the adventure, a duel, a legend card, the bazaar or the story die."""
        bot = self.bot
        kb = self.kb
        party = bot.party(observation)
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
                scores.append(bot.duel_value(party, int(key[7:]) - 1))
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
        return bot.pick(observation, scores)

    def story_order(self, observation: Observation) -> int:
        """AK-7.4: gold before a bazaar, rest and healing before an ambush."""
        scores = []
        for option in observation.decision.options:
            name = option.key.split(":", 1)[-1]
            rank = STORY_ORDER.index(name) if name in STORY_ORDER else len(STORY_ORDER)
            scores.append(-float(rank))
        return self.bot.pick(observation, scores)

    def place_counter(self, observation: Observation) -> int:
        """AK-8.1: a counter where the hero can fight it next, not where a rival is nearer."""
        bot = self.bot
        party = bot.party(observation)
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
        return bot.pick(observation, scores)

    def lost_city(self, observation: Observation) -> int:
        """AK-14.2: the lost city a quest needs, else the one whose bazaar and power pay."""
        bot = self.bot
        party = bot.party(observation)
        read = self.read(party)
        jobs = self.jobs(party, read)
        scores = []
        for option in observation.decision.options:
            lost = option.key[5:]
            if option.key == "none":  # AK-14.2: declining gains nothing; a tie goes to a city
                scores.append(-1e-6)
            elif lost in self.st.lost_power:
                scores.append(self.lost_city_value(party, read, jobs, party.here, lost))
            else:
                scores.append(-1e9)
        return bot.pick(observation, scores)

    def explore_lost_city(self, observation: Observation) -> int:
        """AK-14.2: exploring the risen city's bazaar costs nothing and may pay."""
        return self.bot.key_index(observation, "explore")

    def clouds(self, observation: Observation) -> int:
        """AK-14.7: fly to the hex of highest potential for the next turn."""
        bot = self.bot
        party = bot.party(observation)
        pot = bot.potential(party)
        scores = []
        for option in observation.decision.options:
            if option.key == "stay":
                scores.append(pot[party.here] + 1e-6)
                continue
            h = self.kb.index_of.get(option.key[3:], -1)
            scores.append(pot[h] if h >= 0 else -1e9)
        return bot.pick(observation, scores)

    def adventurers_kit(self, observation: Observation) -> int:
        """AK-9.9: the kit is offered only when its +3 saves the quest."""
        return self.bot.key_index(observation, "kit")

    def pay_experience(self, observation: Observation) -> int:
        """AK-10.3, RB-8.4: the counters that waste least, unless one that raises the legend
        limit (it becomes the limit counter) is worth its waste."""
        bot = self.bot
        party = bot.party(observation)
        read = self.read(party)
        price = int(observation.decision.args.get("price", 0))
        values = self.kb.counter_values
        scores = []
        for option in observation.decision.options:
            colours = [c for c in option.args.get("colours", ()) if c in COLOURS]
            waste = int(option.args.get("total", price)) - price
            best = max((values[COLOURS.index(c)] for c in colours), default=0)
            gain = max(0, min(best, 4) - read.limit) if read.limit < 4 else 0
            scores.append(LIMIT_STEP * gain - XP_POINT * waste - 0.01 * len(colours))
        return bot.pick(observation, scores)

    def limit_counter(self, observation: Observation) -> int:
        """AK-10.3, AK-8.9: the most legend room, the night-ambush deck weighed a little."""
        bot = self.bot
        party = bot.party(observation)
        stats = self.colour_stats(party)
        values = self.kb.counter_values
        scores = []
        for option in observation.decision.options:
            colour = str(option.args.get("colour", ""))
            if colour not in COLOURS:
                scores.append(-1e9)
                continue
            ambush = min(0.0, stats.get(colour, (0.0, 0.0))[0])
            scores.append(LIMIT_STEP * values[COLOURS.index(colour)] + AMBUSH_SHARE * ambush)
        return bot.pick(observation, scores)

    def discard_quest(self, observation: Observation) -> int:
        """AK-10.6: give up the quest worth least when it is worth little, or much less than
        the best quest the stacks would give instead."""
        bot = self.bot
        party = bot.party(observation)
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
        return bot.pick(observation, scores)

    def lose_legend(self, observation: Observation) -> int:
        """AK-11.12: a challenge takes a legend card: give up the cheapest (an unfinished quest
        with the least progress before a finished reward, :meth:`legend_losses`)."""
        options = observation.decision.options
        try:
            party = self.bot.party(observation)
            order = [legend for _, legend in self.legend_losses(party, self.read(party))]
        except (KeyError, TypeError, ValueError):  # a view the bot cannot read: any card
            return 0
        rank = {legend: i for i, legend in enumerate(order)}
        scores = [-float(rank.get(o.key.removeprefix("lose:"), len(order))) for o in options]
        return self.bot.pick(observation, scores)

    def start_city(self, observation: Observation) -> int:
        """AK-3.11: the city with the most worth fighting (or buying) around it."""
        bot = self.bot
        kb = self.kb
        party = bot.party(observation)
        targets = self.targets(party)
        scores = []
        for option in observation.decision.options:
            h = self.st.city_hex.get(option.key[5:], -1)
            if h < 0:
                scores.append(-1e9)
                continue
            row = kb.discount_rows[h]
            scores.append(sum(value * row[t] for t, value in targets))
        return bot.pick(observation, scores)

    # --- decisions: the sandstorm -----------------------------------------------------------------
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
        party = bot.party(observation)
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
        return bot.pick(observation, scores)

    def storm_move(self, observation: Observation) -> int:
        """AK-13.3: each step away from the hero and towards rivals."""
        bot = self.bot
        kb = self.kb
        party = bot.party(observation)
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
        return bot.pick(observation, scores)

    # --- decisions: bazaars and experience --------------------------------------------------------
    def market(self, observation: Observation) -> int:
        """AK-9: the base market step, with the City of Faith's healing, survival gear, and
        gold kept back for quest steps that ask for it."""
        bot = self.bot
        party = bot.party(observation)
        read = self.read(party)
        options = observation.decision.options
        faith = option_index(options, "faith")
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

    def dreams_search(self, observation: Observation) -> int:
        """AK-14.6: the search costs nothing and adds a card to the bazaar it is in."""
        return self.bot.key_index(observation, "search")

    def city_of_dreams(self, observation: Observation) -> int:
        """AK-14.6: the card most worth buying now (or later, at half its worth)."""
        bot = self.bot
        party = bot.party(observation)
        colours = bot.frontier(party)
        scores = []
        for option in observation.decision.options:
            card = self.kb.market.get(option.key[6:])
            if card is None:
                scores.append(-1e9)
                continue
            value = bot.card_value(party, card, colours)
            if card.cost <= party.gold and bot.can_carry(party, card):
                scores.append(value - card.cost)
            else:
                scores.append(0.5 * value - card.cost)
        return bot.pick(observation, scores)

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
