"""A skill test a card demands (the effect ``test``) in an Al-Kalim game: the adventurer's kit
may add +3 after the roll (AK-9.9), as for a quest's own test (:class:`.legends.QuestTest`)."""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.adventures.al_kalim.message_args import record
from boardwright.games.runebound.adventures.al_kalim.procedure import AlKalimProcedure
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.adventures.al_kalim.travel import KIT, kit_offer
from boardwright.games.runebound.effects import apply_effects, test_outcome
from boardwright.games.runebound.records import SkillTest
from boardwright.games.runebound.rules import Log
from boardwright.games.runebound.state import RuneboundState


class CardTest(AlKalimProcedure):
    """The card's test, then its ``failure`` effects unless it (with a kit) succeeds.

    Frame: (name, seat, the test effect, the roll's total or -1, the source of the effect);
    a mastered skill passes without a roll (AK-9.9, AK-11.10).
    """

    name = "al_kalim_card_test"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        _, seat, test, total, source = frame
        rules = self.rules
        if total < 0:
            rolled = rules.test_roll(state, seat, test.stat, test.skill)
            if test_outcome(rules, state, seat, test, rolled, log):
                state.stack.pop()
                return None
            assert rolled is not None
            total = rolled[1]
            state.stack[-1] = (self.name, seat, test, total, source)
        offer = kit_offer(state, seat, total, test.difficulty)
        if offer is not None:
            return offer
        state.stack.pop()
        apply_effects(rules, state, seat, test.failure, log, source=source)
        return None

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        _, seat, test, _total, source = frame
        state.stack.pop()
        if option.key == "kit":  # +3 turns the failure into a success (offered only then)
            al_kalim = al_kalim_state(state)
            al_kalim.boards[seat].gear[KIT] -= 1
            al_kalim.gear_supply[KIT] += 1
            record(log, "gear", "uses_kit", **self.rules.party(state, seat))
            return
        apply_effects(self.rules, state, seat, test.failure, log, source=source)


def card_test_frame(seat: int, test: SkillTest, source: str) -> tuple[object, ...]:
    """The frame that carries out a card's test for ``seat`` (:class:`CardTest`)."""
    return (CardTest.name, seat, test, -1, source)
