"""What the Al-Kalim play weighs first (one per game, with its memory of the current view):
fights with their knock-out and legend losses, ambushes, the fights that raise the legend limit,
and what a legendary reward is worth."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from boardwright.bots.runebound.al_kalim.constants import (
    GEAR_LOST,
    KIT,
    KO_EXTRA,
    LEGEND_BASE,
    LIMIT_STEP,
    QUEST_GAMMA,
    QUEST_REWARD,
)
from boardwright.bots.runebound.al_kalim.knowledge import (
    al_kalim_knowledge,
    al_kalim_static,
    time_ok,
)
from boardwright.bots.runebound.al_kalim.read import AlKalimRead, Job
from boardwright.bots.runebound.constants import (
    ENCOUNTER,
    WIN_VALUE,
)
from boardwright.bots.runebound.fight import fight_odds
from boardwright.bots.runebound.knowledge import Enemy
from boardwright.bots.runebound.party import Party, fight_start
from boardwright.bots.runebound.play import BasePlay
from boardwright.bots.runebound.values import card_win_value, choice_value, test_chance
from boardwright.games.runebound.adventures.al_kalim.rules import one_life
from boardwright.games.runebound.content import default_content
from boardwright.games.runebound.records import (
    COLOURS,
    AdventureCard,
    LegendCard,
    SkillTest,
    TestRecord,
)

if TYPE_CHECKING:
    from boardwright.bots.runebound.bot import RuneboundBot


class AlKalimValues(BasePlay):
    """The Al-Kalim valuations of one :class:`RuneboundBot`'s play: fights and legend cards."""

    def __init__(self, bot: RuneboundBot) -> None:
        super().__init__(bot)
        self.kb = al_kalim_knowledge(bot.content)
        self.st = al_kalim_static(self.kb)
        self._read: tuple[dict[str, Any], int, AlKalimRead] | None = None
        self._memo: dict[tuple[Any, ...], Any] = {}
        self._memo_view: dict[str, Any] | None = None
        self._plunders: dict[str, int] = {}  # legend cards a challenge takes, by card
        # AK-17.3: the pack challenges that print one life, and the day tables that read it by
        # day too (al_kalim.pack_day_life=printed), by AR-6.1's toughness
        self.one_life = one_life(bot.content or default_content())
        self._printed_day: dict[bool, dict[str, Enemy]] = {}
        self._ambushers: dict[str, Enemy] = {}  # AK-8.10: challenges fought without escape

    # --- reading and memory -----------------------------------------------------------------------
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
            other.enemies = self.enemies_at(party.view, other.tough, night)
            return other

        found: Party = self.cached(party, ("at_time", night), make, timeless=True)
        return found

    def enemies_at(self, view: dict[str, Any], tough: bool, night: bool) -> dict[str, Enemy]:
        """The challenges as fought on a day (or night) turn: the knowledge's tables, with a
        pack challenge at its printed (night) life by day too under ``pack_day_life=printed``
        (AK-17.3, which the view tells)."""
        found = self.kb.enemies_for(tough, night)
        section = view.get("al_kalim") or {}
        if night or not self.one_life or section.get("pack_day_life") != "printed":
            return found
        table = self._printed_day.get(tough)
        if table is None:
            printed = self.kb.enemies_for(tough, True)
            table = {k: printed[k] if k in self.one_life else e for k, e in found.items()}
            self._printed_day[tough] = table
        return table

    # --- fights -----------------------------------------------------------------------------------
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
                    plunder = self.plunder_cost(party, card)  # before the fight, win or lose
                    ev += card_win_value(kb, party, card, counter=True) * pw - loss * pl - plunder
                    pw_sum += pw
                out[colour] = (ev / len(cards), pw_sum / len(cards))
                if kb.encounters[colour]:  # AK-17.4: a pack's encounters share the deck
                    share = self.fight_share(colour)
                    meet = max(self.encounter_worth(party, colour), 0.0) + ENCOUNTER
                    out[colour] = (
                        share * out[colour][0] + (1 - share) * meet,
                        share * out[colour][1],  # the counter needs a challenge beaten
                    )
            return out

        result: dict[str, tuple[float, float]] = self.cached(party, ("colours",), make)
        return result

    def ko_cost(self, party: Party) -> float:
        """A knock-out (AK-16.1): the base cost, the way back from the nearest printed city
        and the survival gear lost with it (AK-9.6)."""
        gear = sum(self.read(party).gear.values())
        return party.knockout_cost() + KO_EXTRA + GEAR_LOST * gear

    def card_odds(
        self, party: Party, card: AdventureCard, ambush: bool = False
    ) -> tuple[float, float]:
        """P(win), P(knocked out) against a card; an ambush's escape test at -10 (AK-8.10)
        almost never succeeds, so it is fought as a challenge without escape."""
        sig = party.sig()
        enemy = party.enemies[card.id]
        if ambush and not enemy.no_escape:
            found = self._ambushers.get(enemy.key)
            if found is None:
                found = replace(enemy, key=f"{enemy.key}!", no_escape=True)
                self._ambushers[enemy.key] = found
            enemy = found
        dealt, taken = fight_start(party, enemy, sig)
        pw, pl, _ = fight_odds(self.kb, enemy, sig, dealt, taken)
        return pw, pl

    def ambush_odds(self, party: Party, read: AlKalimRead) -> tuple[str, float]:
        """AK-8.9: the colour of a night ambush and the chance to beat it (a pack's encounter
        drawn instead is no fight, AK-17.4)."""
        colour = self.limit_colour(read)
        cards = [self.kb.adventures[c] for c in self.kb.samples[colour]]
        if not cards:
            return colour, 0.0
        pw = sum(self.card_odds(party, c, ambush=True)[0] for c in cards) / len(cards)
        if self.kb.encounters[colour]:
            pw *= self.fight_share(colour)
        return colour, pw

    def fight_share(self, colour: str) -> float:
        """AK-17.2: the share of a colour's deck that is challenges (with an adventure-card
        pack's encounters in it; events are drawn past)."""
        kb = self.kb
        fights = len(kb.challenges[colour])
        return fights / max(1, fights + len(kb.encounters[colour]))

    def encounter_worth(self, party: Party, colour: str) -> float:
        """AK-17.4: what meeting one of a colour's encounters is worth on average (the best
        choice of each), for a draw that may bring one."""
        cards = self.kb.encounters[colour]
        if not cards:
            return 0.0

        def make() -> float:
            kb = self.kb
            best = (max(choice_value(kb, party, ch, card) for ch in card.choices) for card in cards)
            return sum(best) / len(cards)

        found: float = self.cached(party, ("encounters", colour), make, timeless=True)
        return found

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
        loss = self.ko_cost(party)
        value = card_win_value(self.kb, party, card, counter) * pw - loss * pl
        value -= self.plunder_cost(party, card)  # AK-11.12: before the fight, win or lose
        if counter:
            value += self.limit_bonus(party, read, card.colour, pw)
        traits = self.st.traits.get(card.id, frozenset())
        return value + self.defeat_bonus(jobs, hex_index, party.night, card.colour, traits, pw)

    # --- legend cards -----------------------------------------------------------------------------
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
        """AK-11.12: the legend cards a challenge takes before the fight when the hero fails
        its test (a ``before_combat`` ``test`` whose failure holds ``lose_legend``), the
        cheapest of the bot's own, times the chance to fail (an adventurer's kit helps,
        mastery makes it certain); paid whether the fight is then won or lost."""
        amount = self._plunders.get(card.id)
        if amount is None:  # read from the card once (the content never changes)
            amount = self._plunders[card.id] = sum(
                f.amount
                for a in card.abilities
                if a.timing == "before_combat"
                for e in a.effects
                if e.do == "test"
                for f in e.failure
                if f.do == "lose_legend"
            )
        if not amount:
            return 0.0
        read = self.read(party)
        if not read.slots:
            return 0.0
        kit = read.gear.get(KIT, 0) > 0
        cost = 0.0
        for ability in card.abilities:
            if ability.timing != "before_combat":
                continue
            for e in ability.effects:
                if e.do != "test":
                    continue
                amount = sum(f.amount for f in e.failure if f.do == "lose_legend")
                if not amount:
                    continue
                fail = 1.0 - self.test_p(party, e, kit)
                losses = self.legend_losses(party, read)[:amount]
                cost += fail * sum(self.legend_worth(party, read, legend) for _, legend in losses)
        return cost

    def test_p(self, party: Party, test: TestRecord | SkillTest | None, kit: bool) -> float:
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
