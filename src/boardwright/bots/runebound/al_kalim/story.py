"""The Al-Kalim play's step 3 away from fights: the story die (its faces by day and by night,
quest rolls, a new counter, a lost city rising) and the bazaars (healing, cards, survival gear,
quest steps, the lost cities' powers)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardwright.bots.runebound.al_kalim.constants import (
    CAMEL,
    CAMEL_STORM_WISH,
    CAMEL_WISH,
    KIT,
    KIT_WISH,
    POWER_VALUE,
    ROCK_GOLD,
    STORM_SYMBOL,
    WATERSKIN,
    WATERSKIN_WISH,
)
from boardwright.bots.runebound.al_kalim.knowledge import (
    time_ok,
)
from boardwright.bots.runebound.al_kalim.read import AlKalimRead, Job
from boardwright.bots.runebound.constants import (
    CITY_LOTTERY,
    EXHAUSTION,
    SHOPPING_RANGE,
    WOUND,
    XP_POINT,
)
from boardwright.bots.runebound.party import Party
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
)

if TYPE_CHECKING:
    pass
from boardwright.bots.runebound.al_kalim.quests import AlKalimQuests


class AlKalimStory(AlKalimQuests):
    """The story die and the bazaars of one :class:`RuneboundBot`'s Al-Kalim play."""

    # --- the story die ----------------------------------------------------------------------------
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
        if not kb.encounters[colour]:
            return total / len(cards)
        share = self.fight_share(colour)  # AK-17.4: an encounter is met instead of a fight
        return share * total / len(cards) + (1 - share) * self.encounter_worth(party, colour)

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

    # --- the bazaars and survival gear ------------------------------------------------------------
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
