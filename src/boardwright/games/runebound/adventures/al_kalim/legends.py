"""Legend cards as procedures (AK-11): drawing a quest, a quest's own skill test, giving up
legend cards to a challenge and discarding an unfinished quest. The quest bookkeeping is in
:mod:`.quests`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.adventures.al_kalim import quests
from boardwright.games.runebound.adventures.al_kalim.message_args import record
from boardwright.games.runebound.adventures.al_kalim.options import al_kalim_options
from boardwright.games.runebound.adventures.al_kalim.procedure import AlKalimProcedure
from boardwright.games.runebound.adventures.al_kalim.state import LegendSlot, al_kalim_state
from boardwright.games.runebound.adventures.al_kalim.travel import KIT, kit_offer
from boardwright.games.runebound.content import LEGEND_TYPES
from boardwright.games.runebound.effects import test_outcome
from boardwright.games.runebound.rules import Log
from boardwright.games.runebound.state import (
    RuneboundState,
)

if TYPE_CHECKING:
    from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules


def may_draw_legend(rules: AlKalimRules, state: RuneboundState, seat: int) -> list[int]:
    """AK-7.3/AK-11.3/AK-11.4: the legend types the hero may draw from now (none if at the
    limit, after a discard this turn, or when the stacks of the types still open are empty)."""
    al_kalim = al_kalim_state(state)
    board = al_kalim.boards[seat]
    if len(board.legends) >= board.limit or board.drew_legend:
        return []
    held = {rules.al_kalim.legends[s.card].type for s in board.legends}
    return [
        t for t, kind in enumerate(LEGEND_TYPES) if kind not in held and al_kalim.legend_stacks[t]
    ]


def draw_legend(rules: AlKalimRules, state: RuneboundState, seat: int, kind: int, log: Log) -> None:
    """AK-11.2: the top card of the chosen stack goes quest side up onto the quest board."""
    al_kalim = al_kalim_state(state)
    card = al_kalim.legend_stacks[kind].pop()
    board = al_kalim.boards[seat]
    board.legends.append(LegendSlot(card))
    board.drew_legend = True
    legend = rules.al_kalim.legends[card]
    who = rules.party(state, seat)
    record(log, "legend", "takes_quest", **who, legend=legend.id, quest=legend.id)


class QuestTest(AlKalimProcedure):
    """AK-11.6/AK-9.9: a quest's own skill test; an adventurer's kit may add +3 after the roll.

    Frame: (name, seat, legend, total or -1).
    """

    name = "al_kalim_quest_test"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat: int = frame[1]
        legend: int = frame[2]
        total: int = frame[3]
        al_kalim = al_kalim_state(state)
        rules = self.ak_rules
        slot = next((s for s in al_kalim.boards[seat].legends if s.card == legend), None)
        if slot is None or slot.done:
            state.stack.pop()
            return None
        card = rules.al_kalim.legends[legend]
        test = card.quest.steps[slot.step].test
        assert test is not None
        if total < 0:
            rolled = rules.test_roll(state, seat, test.stat, test.skill)
            if rolled is None:  # AK-9.9/AK-11.10: a mastered skill succeeds without a roll
                test_outcome(rules, state, seat, test, None, log)
                state.stack.pop()
                quests.advance(rules, state, seat, slot, log)
                return None
            roll, total = rolled
            record(
                log,
                "test",
                "quest",
                **rules.party(state, seat),
                stat=test.stat,
                legend=card.id,
                roll=roll,
                total=total,
                difficulty=test.difficulty,
                success=total >= test.difficulty,
            )
            state.stack[-1] = (self.name, seat, legend, total)
        if total >= test.difficulty:
            state.stack.pop()
            quests.advance(rules, state, seat, slot, log)
            return None
        offer = kit_offer(state, seat, total, test.difficulty)
        if offer is not None:
            return offer
        state.stack.pop()
        quests.fail(rules, state, seat, legend, log)
        return None

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        al_kalim = al_kalim_state(state)
        seat: int = frame[1]
        if option.key == "kit":
            al_kalim.boards[seat].gear[KIT] -= 1
            al_kalim.gear_supply[KIT] += 1
            record(log, "gear", "uses_kit", **self.ak_rules.party(state, seat))
            state.stack[-1] = (self.name, seat, frame[2], frame[3] + 3)
            return
        state.stack.pop()
        quests.fail(self.ak_rules, state, seat, frame[2], log)


class LoseLegend(AlKalimProcedure):
    """AK-11.12: a challenge forces the player to give up legend cards from the quest board,
    quests or rewards alike: one decision per card while there is a choice (with no more cards
    than must go they all go, with none nothing happens). Each goes under its type's stack,
    quest side up. Frame: (name, seat, cards still to lose, the challenge's name)."""

    name = "al_kalim_lose_legend"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat: int = frame[1]
        amount: int = frame[2]
        source: str = frame[3]
        rules = self.ak_rules
        al_kalim = al_kalim_state(state)
        if amount <= 0 or quests.forced_loss_automatic(rules, state, seat, amount, log, source):
            state.stack.pop()
            return None
        legends = rules.al_kalim.legends
        options = tuple(
            Option(
                f"lose:{legends[s.card].id}",
                data=s.card,
                what="rb.option.lose_reward" if s.done else "rb.option.lose_quest",
                args=quests.legend_side(rules, s),
            )
            for s in al_kalim.boards[seat].legends
        )
        return Decision(
            seat,
            "lose_legend",
            options=options,
            args={
                **rules.party(state, seat),
                "legend_cards": amount,
                "taken_by": source,
                "which_first": amount > 1,
            },
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat: int = frame[1]
        state.stack[-1] = (self.name, seat, frame[2] - 1, frame[3])
        quests.lose_legend(self.ak_rules, state, seat, option.data, log, to=frame[3])
        self.ak_rules.hurt_hero(state, seat, 0, 0)  # exhaustion beyond a lost reward's stamina


class DiscardQuest(AlKalimProcedure):
    """AK-10.6: after spending experience, the player may discard an unfinished quest (one,
    or any number with legend_discard_limit=any). Frame: (name, seat)."""

    name = "al_kalim_discard_quest"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat: int = frame[1]
        al_kalim = al_kalim_state(state)
        legends = self.ak_rules.al_kalim.legends
        options = [
            Option(
                f"discard:{legends[s.card].id}",
                data=s.card,
                what="rb.option.discard_quest",
                args={"legend": legends[s.card].id},
            )
            for s in al_kalim.boards[seat].legends
            if not s.done
        ]
        if not options:
            state.stack.pop()
            return None
        options.append(Option("keep", what="rb.option.keep_quests"))
        return Decision(seat, "discard_quest", options=tuple(options))

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if option.key == "keep" or al_kalim_options(state).legend_discard_limit == "one":
            state.stack.pop()
        if option.key != "keep":
            quests.discard_legend(self.ak_rules, state, frame[1], option.data, log)
