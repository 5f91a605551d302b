"""The Al-Kalim movement potential: what ending the movement on each hex is worth at the
party's time of day, what a day's march costs, the best a turn can do, the pack camel."""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING

from boardwright.bots.runebound.al_kalim.constants import (
    CAMEL,
    CAMEL_VALUE,
    WATERSKIN,
    WATERSKIN_KEEP,
)
from boardwright.bots.runebound.al_kalim.knowledge import (
    time_ok,
)
from boardwright.bots.runebound.al_kalim.read import AlKalimRead
from boardwright.bots.runebound.constants import (
    EXHAUSTION,
    WOUND,
)
from boardwright.bots.runebound.party import Party, adventure_hexes
from boardwright.games.runebound.adventures.al_kalim.travel import (
    DUNES,
    LOWLAND,
)

if TYPE_CHECKING:
    pass

from boardwright.bots.runebound.al_kalim.values import AlKalimValues


class AlKalimTravel(AlKalimValues):
    """Where the Al-Kalim play wants to be at the end of the movement, and at what cost."""

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

        result: dict[int, float] = self.cached(party, ("hexes", party.here), make)
        return result

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
        pot = bot.potential(party)
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
            best = max(best, bot.roll_score(party, pot, dice, tired))
        return best

    def camel_value(self, pot: list[float], here: int) -> float:
        """AK-9.7: the pack camel used up for the best hex up to two hexes away."""
        kb = self.kb
        two = max(pot[h] for h in range(kb.hex_count) if kb.dist[here][h] <= 2)
        return two - CAMEL_VALUE
