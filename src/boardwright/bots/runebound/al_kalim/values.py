"""What the Al-Kalim play weighs (one per game, with its memory of the current view): fights with
their knock-out and legend losses, quests (their steps as jobs, places and outlook), the story
die, the bazaars and survival gear."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from boardwright.bots.runebound.al_kalim.constants import (
    CAMEL,
    CAMEL_STORM_WISH,
    CAMEL_WISH,
    COUNTER_WAIT,
    GEAR_LOST,
    KIT,
    KIT_WISH,
    KO_EXTRA,
    LEGEND_BASE,
    LIMIT_STEP,
    LOST_CITY_ROLLS,
    POWER_VALUE,
    QUEST_GAMMA,
    QUEST_REWARD,
    ROCK_GOLD,
    STORM_SYMBOL,
    WATERSKIN,
    WATERSKIN_WISH,
)
from boardwright.bots.runebound.al_kalim.knowledge import (
    al_kalim_knowledge,
    al_kalim_static,
    time_ok,
)
from boardwright.bots.runebound.al_kalim.read import AlKalimRead, Job
from boardwright.bots.runebound.constants import (
    CITY_LOTTERY,
    EXHAUSTION,
    HEXES_PER_TURN,
    SHOPPING_RANGE,
    WIN_VALUE,
    WOUND,
    XP_POINT,
)
from boardwright.bots.runebound.fight import fight_odds
from boardwright.bots.runebound.party import Party, fight_start
from boardwright.bots.runebound.play import BasePlay
from boardwright.bots.runebound.values import card_win_value, test_chance
from boardwright.games.runebound.adventures.al_kalim.content import (
    ANY_LOST_CITY,
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
from boardwright.games.runebound.records import (
    COLOURS,
    AdventureCard,
    LegendCard,
    QuestStep,
    TestRecord,
)

if TYPE_CHECKING:
    from boardwright.bots.runebound.bot import RuneboundBot


def decay(turns: float) -> float:
    """What a quest keeps of its value when it needs ``turns`` more turns."""
    return float(QUEST_GAMMA**turns)


class AlKalimValues(BasePlay):
    """The Al-Kalim valuations of one :class:`RuneboundBot`'s play."""

    def __init__(self, bot: RuneboundBot) -> None:
        super().__init__(bot)
        self.kb = al_kalim_knowledge(bot.content)
        self.st = al_kalim_static(self.kb)
        self._read: tuple[dict[str, Any], int, AlKalimRead] | None = None
        self._memo: dict[tuple[Any, ...], Any] = {}
        self._memo_view: dict[str, Any] | None = None

    # --- reading and memory ---------------------------------------------------------------------
    def read(self, party: Party) -> AlKalimRead:
        found = self._read
        if found is not None and found[0] is party.view and found[1] == party.seat:
            return found[2]
        read = AlKalimRead(self.kb, self.st, party.view, party.seat)
        self._read = (party.view, party.seat, read)
        return read

    def cached(
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

    def at_time(self, party: Party, night: bool) -> Party:
        """The party as it would fight and travel on a day (or night) turn (one per view)."""
        if party.night == night:
            return party

        def make() -> Party:
            other = self.party(party.view, party.seat)
            other.night = night
            other.enemies = party.kb.enemies_for(other.tough, night)
            return other

        found: Party = self.cached(party, ("at_time", night), make, timeless=True)
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

        result: dict[str, tuple[float, float]] = self.cached(party, ("colours",), make)
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
                value += max(0.0, bot.card_value(party, reward, bot.frontier(party)))
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

        result: list[Job] = self.cached(party, ("jobs", party.here), make)
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
        ambush: tuple[str, float] = self.cached(
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

        result: float = self.cached(party, ("story", here), make)
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

        result: dict[str, float] = self.cached(party, ("gear",), make, timeless=True)
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
        shopping: float = self.cached(
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
            heal = bot.healing_value(party)
            gold = party.gold - min(party.wounds, party.gold)
        shop = 0.0
        if self.kb.dist[party.here][hex_index] <= SHOPPING_RANGE:
            shop = bot.best_buy(party, stack, gold, bot.frontier(party))
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

    def ambush_odds(self, party: Party, read: AlKalimRead) -> tuple[str, float]:
        """AK-8.9: the colour of a night ambush and the chance to beat it."""
        colour = self.limit_colour(read)
        cards = [self.kb.adventures[c] for c in self.kb.samples[colour]]
        if not cards:
            return colour, 0.0
        return colour, sum(self.card_odds(party, c, ambush=True)[0] for c in cards) / len(cards)
