"""The endgame of Advanced Runebound (AR-3, option ``advanced.endgame``).

When the eighth doom counter is down (AR-2.6) normal play ends. The red deck is prepared
(AR-3.1), the heroes are ordered by experience value (AR-3.2), and each in turn fights red
challenges, one after another and without escape, until they win or are eliminated (AR-3.3 to
AR-3.6). If everyone is eliminated, the most red cards win (AR-3.7).
"""

from __future__ import annotations

from boardwright.engine.decision import Decision
from boardwright.engine.state import Frame
from boardwright.games.runebound.advanced import eliminate
from boardwright.games.runebound.effects import apply_effects, next_market_card
from boardwright.games.runebound.procedure import RuneboundProcedure
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Log, Rules, emit
from boardwright.games.runebound.state import CombatState, RuneboundState

RED = COLOURS.index("red")
RED_CARDS_TO_WIN = 3  # AR-3.5 (Dragon Runes from normal play count)


def begin_endgame(rules: Rules, state: RuneboundState, log: Log) -> None:
    """AR-3.1/AR-3.2: prepare the red deck, order the heroes, start the first confrontation."""
    state.endgame_pending = False
    state.stack.clear()
    state.combat = None
    deck = state.adventure_decks[RED]
    # AR-3.1 step 1: events and encounters leave the red deck and the game
    state.removed_adventures.extend(c for c in deck if rules.adventures[c].kind != "challenge")
    deck[:] = [c for c in deck if rules.adventures[c].kind == "challenge"]
    # step 2: undefeated red challenges go back into it; their markers leave the board
    for card in [c for c in state.track if rules.adventures[c].colour == "red"]:
        state.track.remove(card)
        for where in [h for h, c in state.undefeated.items() if c == card]:
            del state.undefeated[where]
        deck.append(card)
    state.rng.shuffle(deck)  # step 3
    state.adventure_focus[RED] = 0  # PK-5: a focus part is shuffled in with the rest
    # step 4 and AR-3.2: highest experience value first, then most gold, then at random
    order = list(range(len(state.heroes)))
    state.rng.shuffle(order)
    order.sort(key=lambda s: (-rules.experience_value(state.heroes[s]), -state.heroes[s].gold))
    state.endgame_order = order
    state.seat = order[0]
    state.turn_number += 1
    emit(
        log,
        "endgame",
        order=[[s, rules.heroes[state.heroes[s].hero].id] for s in order],
        red_cards=len(deck),
    )
    state.stack.append(("endgame", 0))


class Endgame(RuneboundProcedure):
    """AR-3.3: one confrontation after another. Frame: (name, position in the order)."""

    name = "endgame"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        position: int = frame[1]
        order = state.endgame_order
        rules = self.rules
        if position >= len(order):
            finish_all_eliminated(rules, state, log)
            return None
        seat = order[position]
        if seat in state.eliminated:
            state.stack[-1] = (self.name, position + 1)
            return None
        if state.seat != seat:
            state.seat = seat
            state.turn_number += 1
        deck = state.adventure_decks[RED]
        if not deck:  # AR-3.8: nothing left to face; everyone still waiting is out
            emit(log, "empty_deck", colour="red")
            for waiting in order[position:]:
                eliminate(rules, state, waiting, log)
            state.stack[-1] = (self.name, len(order))
            return None
        card = deck.pop()
        state.reveals += 1
        emit(
            log,
            "draw",
            variant="endgame",
            **rules.party(state, seat),
            card=rules.adventures[card].id,
            card_kind="challenge",
        )
        state.stack.append(("combat_start", card, state.heroes[seat].hex, "endgame"))
        return None


def finish_all_eliminated(rules: Rules, state: RuneboundState, log: Log) -> None:
    """AR-3.7: the most red cards win; ties: experience value, then gold (still tied: shared)."""
    keys = [endgame_key(rules, state, s) for s in range(len(state.heroes))]
    best = max(keys)
    top = [s for s, key in enumerate(keys) if key == best]
    state.finished = True
    state.ended_by = "endgame"
    state.endgame_how = "all eliminated"
    state.winner = top[0] if len(top) == 1 else -1
    state.stack.clear()
    if len(top) == 1:
        emit(log, "game_over", variant="all_eliminated", **rules.party(state, top[0]))
    else:
        emit(log, "game_over", variant="all_eliminated_shared", seats=top)


def endgame_key(rules: Rules, state: RuneboundState, seat: int) -> tuple[int, int, int]:
    """AR-3.7: red cards, experience value, gold."""
    h = state.heroes[seat]
    return (len(h.runes), rules.experience_value(h), h.gold)


def finish_endgame_fight(
    rules: Rules, state: RuneboundState, combat: CombatState, stage: str, log: Log
) -> None:
    """AR-3.5/AR-3.6: a beaten challenge is kept (and may win); otherwise the hero is
    eliminated and the card shuffled back into the red deck. No knock-out penalty."""
    seat = state.seat
    card = rules.adventures[combat.card]
    party = rules.party(state, seat)
    if stage != "won":  # "lost", or a fight that petered out (AR-3.4: lost)
        emit(log, "endgame_loss", **party, card=card.id)
        deck = state.adventure_decks[RED]
        deck.append(combat.card)
        state.rng.shuffle(deck)
        eliminate(rules, state, seat, log)
        return
    emit(log, "victory", **party, card=card.id)
    claim_endgame_victory(rules, state, seat, combat, log)
    if state.finished:
        return
    if rules.knocked_out(state, seat):  # both fell in the same step: kept, then out
        eliminate(rules, state, seat, log)
        return
    state.stack.append(("after_combat",))
    for index, ability in enumerate(card.abilities):
        if ability.timing == "after_combat" and not state.finished:
            emit(log, "ability", variant="card", card=card.id, card_ability=[card.id, index])
            apply_effects(rules, state, seat, ability.effects, log, source=f"card:{card.id}")


def claim_endgame_victory(
    rules: Rules, state: RuneboundState, seat: int, combat: CombatState, log: Log
) -> None:
    """AR-3.5: the red card is kept; Margath (the card that wins the game) or a third red card
    wins at once; otherwise the reward is paid and the hero fights on."""
    h = state.heroes[seat]
    card = rules.adventures[combat.card]
    h.runes.append(combat.card)
    party = rules.party(state, seat)
    emit(log, "rune", variant="red_card", **party, card=card.id, runes=len(h.runes))
    if card.reward.wins_game or len(h.runes) >= RED_CARDS_TO_WIN:
        state.finished = True
        state.winner = seat
        state.ended_by = "endgame"
        state.endgame_how = "Margath" if card.reward.wins_game else "three red cards"
        state.stack.clear()
        why = "endgame_defeats" if card.reward.wins_game else "red_cards"
        emit(log, "game_over", variant=why, **party, card=card.id)
        return
    reward = card.reward
    if reward.gold:
        h.gold += reward.gold
        emit(log, "gold", **party, amount=reward.gold)
    gained = next_market_card(state) if reward.market_card else -1
    if gained >= 0:
        if rules.can_carry(state, seat, gained):
            rules.gain_card(state, seat, gained)
        else:
            state.market_discard.append(gained)
    apply_effects(rules, state, seat, reward.effects, log, source=f"card:{card.id}")
