"""The Al-Kalim play's movement: the potential (what ending the movement on each hex is worth at
the party's time of day, the cost of a forced story roll), what a day's march costs, the best a
turn can do, the pack camel; and the decisions of step 1 and the movement (day or night, the
walk with the camel, after the movement, the waterskin)."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import TYPE_CHECKING, Any

from boardwright.bots.base import Observation
from boardwright.bots.runebound.al_kalim.constants import (
    CAMEL,
    CAMEL_VALUE,
    REACH,
    WATERSKIN,
    WATERSKIN_KEEP,
)
from boardwright.bots.runebound.al_kalim.knowledge import (
    time_ok,
)
from boardwright.bots.runebound.al_kalim.read import AlKalimRead
from boardwright.bots.runebound.constants import (
    EXHAUSTION,
    WIN_VALUE,
    WOUND,
)
from boardwright.bots.runebound.core import option_index
from boardwright.bots.runebound.party import Party, adventure_hexes
from boardwright.bots.runebound.play import goal_values
from boardwright.bots.runebound.values import ability_worth
from boardwright.games.runebound.adventures.al_kalim.travel import (
    DUNES,
    LOWLAND,
)

if TYPE_CHECKING:
    pass
from boardwright.bots.runebound.al_kalim.story import AlKalimStory


class AlKalimTravel(AlKalimStory):
    """Where the Al-Kalim play wants to be at the end of the movement, and at what cost."""

    # --- the movement potential -------------------------------------------------------------------
    def potential_key(self, party: Party) -> tuple[Any, ...]:
        """What the movement potential depends on beyond the base bot's key."""
        read = self.read(party)
        return (party.night, len(party.me.get("counters", [])), read.key)

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
            for city, worth in goal_values(party).items():  # PV-12 with AK-17.7's stand-ins
                h = self.st.city_hex.get(city, -1)
                if h >= 0:
                    bonus[h] = bonus.get(h, 0.0) + worth
            return {h: step3.get(h, 0.0) + bonus.get(h, 0.0) for h in set(step3) | set(bonus)}

        result: dict[int, float] = self.cached(party, ("hexes", party.here), make)
        return result

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

    # --- the cost of travel -----------------------------------------------------------------------
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

    def roll_cost(self, party: Party, dice: int) -> float:
        """AK-5.2: by day, the march's expected exhaustion (and wounds) per die rolled."""
        return 0.0 if party.night else self.day_cost(party, self.read(party), dice)

    def movement_option(self, party: Party, key: str, pot: list[float]) -> float:
        """AK-9.7: the pack camel, for a target two hexes away."""
        return self.camel_value(pot, party.here) if key == "camel" else -1e9

    # --- decisions: step 1 and movement -----------------------------------------------------------
    def day_or_night(self, observation: Observation) -> int:
        """AK-4.4: the turn valued by day and by night; the chosen potential is kept."""
        bot = self.bot
        party = bot.party(observation)
        read = self.read(party)
        values: dict[bool, float] = {}
        for night in (True, False):
            values[night] = self.turn_plan(self.at_time(party, night), read)
        night = values[True] > values[False] + 1e-9
        if night:
            bot.potential(self.at_time(party, True))  # keep it for the movement step
        return bot.key_index(observation, "night" if night else "day")

    def move(self, observation: Observation) -> int:
        """The base walk; a pack camel is loaded when one more hex reaches more (AK-9.7)."""
        bot = self.bot
        camel = option_index(observation.decision.options, "camel")
        if camel is None:
            return bot.move(observation)
        here, pot = bot.walk_state(observation)
        parsed = bot.parse_dice(observation.decision)
        if parsed is not None:
            faces, bonus = parsed
            memo = bot.walk_memo
            now = bot.best_from(here, faces, bonus, pot, memo)
            more = bot.best_from(here, faces, bonus + 1, pot, memo)
            if more - CAMEL_VALUE > now + 1e-9:
                bot.walk_pos = here
                return camel
        return bot.move(observation)

    def after_movement(self, observation: Observation) -> int:
        """Bonus moves and the pack camel by the potential; abilities by their worth."""
        bot = self.bot
        kb = self.kb
        party = bot.party(observation)
        pot = bot.potential(party)
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
                ability = bot.ability(party, key[4:], "after_movement")
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
        return bot.pick(observation, scores)

    def waterskin(self, observation: Observation) -> int:
        """AK-9.8: drink when the day's march cost enough (or would knock out or kill)."""
        bot = self.bot
        party = bot.party(observation)
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
        return bot.pick(observation, scores)
