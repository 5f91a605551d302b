"""Determinization of The Sands of Al-Kalim's hidden parts (called by the base Runebound
determinize through ``AlKalimRules.determinize_adventure``).

* The Al-Kalim ally deck (AK-3.5): its order is hidden, its contents known (the allies not seen).
* The five legend stacks (AK-3.6): the top quest of each is open (AK-11.2) and stays. A legend
  card lost from a quest board goes under its stack (AK-10.6, AK-11.6) in the open, and the stack
  only loses cards from the top, so the lowest ``legend_under`` cards keep their place. The
  cards between are dealt again.
* The City of Dreams (AK-14.6): while a player looks through the top market cards, those cards
  are known to that player only; for anyone else they are dealt from the unknown part of the
  market deck.

The adventure decks are the base game's (games/runebound/determinize.py).
"""

from __future__ import annotations

from boardwright.engine.hidden import Slot, shuffle_slots
from boardwright.engine.rng import Rng
from boardwright.games.runebound.adventures.al_kalim.bazaar import Dreams
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.determinize import focus_market_slots, unknown_market_slots
from boardwright.games.runebound.state import RuneboundState


def determinize_al_kalim(state: RuneboundState, seat: int | None, rng: Rng) -> None:
    """Deal again, in ``state``, the Al-Kalim cards ``seat`` cannot know."""
    part = al_kalim_state(state)
    shuffle_slots([(part.ally_deck, i) for i in range(len(part.ally_deck))], rng)
    for kind, stack in enumerate(part.legend_stacks):
        lowest = min(part.legend_under[kind], len(stack))
        shuffle_slots([(stack, i) for i in range(lowest, len(stack) - 1)], rng)
    frame = state.stack[-1] if state.stack else None
    pending = state.pending
    if frame and frame[0] == Dreams.name and frame[2] and pending and pending.seat != seat:
        shown = list(frame[2])
        from_focus: int = frame[3]  # PK-4: the first cards shown came from the focus part
        normal = range(from_focus, len(shown))
        slots: list[Slot] = [*unknown_market_slots(state), *((shown, i) for i in normal)]
        shuffle_slots(slots, rng)
        if from_focus or state.market_focus:
            focus = [*focus_market_slots(state), *((shown, i) for i in range(from_focus))]
            shuffle_slots(focus, rng)
        state.stack[-1] = (frame[0], frame[1], tuple(shown), *frame[3:])
