"""The spoils of a fight between heroes (RB-5.10, option ``duel_spoils=card``): the winner
takes one of the loser's items or allies that they can carry."""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.knockout import ordinary_cards
from boardwright.games.runebound.procedure import RuneboundProcedure, market_card_options
from boardwright.games.runebound.rules import Log, emit
from boardwright.games.runebound.state import RuneboundState


class Spoils(RuneboundProcedure):
    """RB-5.10 (option duel_spoils=card): the winner of a duel takes one item or ally of the
    loser's that they can carry. Frame: (name, winner, loser)."""

    name = "spoils"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        _, winner, loser = frame
        rules = self.rules
        cards = [
            c for c in ordinary_cards(rules, state, loser) if rules.can_carry(state, winner, c)
        ]
        if len(cards) <= 1:  # none left (an advanced knock-out took it), or no choice
            state.stack.pop()
            if cards:
                self._take(state, winner, loser, cards[0], log)
            return None
        return Decision(
            winner,
            "duel_spoils",
            options=market_card_options(rules, cards, "take", "rb.option.take_spoils"),
            args={**rules.party(state, winner), **self._loser(state, loser)},
        )

    def _loser(self, state: RuneboundState, loser: int) -> dict[str, object]:
        return {"opponent": loser, "opponent_hero": self.rules.heroes[state.heroes[loser].hero].id}

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        _, winner, loser = frame
        state.stack.pop()
        self._take(state, winner, loser, option.data, log)

    def _take(self, state: RuneboundState, winner: int, loser: int, card: int, log: Log) -> None:
        rules = self.rules
        h = state.heroes[loser]
        h.drop_card(card)
        rules.hurt_hero(state, loser, 0, 0)  # lost stamina turns exhaustion into wounds
        rules.gain_card(state, winner, card)
        emit(
            log,
            "spoils",
            **rules.party(state, winner),
            **self._loser(state, loser),
            item=rules.market[card].id,
        )
