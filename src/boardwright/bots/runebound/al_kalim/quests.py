"""The Al-Kalim play's quests: each unfinished quest's current step as a :class:`Job` (its value
and where it can be done), and the outlook of a quest from the hero's hex (the chance its tests
pass, the turns it still needs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.bots.runebound.al_kalim.constants import (
    COUNTER_WAIT,
    KIT,
    LOST_CITY_ROLLS,
    QUEST_GAMMA,
)
from boardwright.bots.runebound.al_kalim.read import AlKalimRead, Job
from boardwright.bots.runebound.constants import (
    HEXES_PER_TURN,
)
from boardwright.bots.runebound.party import Party
from boardwright.games.runebound.adventures.al_kalim.content import (
    ANY_LOST_CITY,
)
from boardwright.games.runebound.records import (
    COLOURS,
    LegendCard,
    QuestStep,
)

if TYPE_CHECKING:
    pass
from boardwright.bots.runebound.al_kalim.values import AlKalimValues


def decay(turns: float) -> float:
    """What a quest keeps of its value when it needs ``turns`` more turns."""
    return float(QUEST_GAMMA**turns)


class AlKalimQuests(AlKalimValues):
    """The quests of one :class:`RuneboundBot`'s Al-Kalim play."""

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
