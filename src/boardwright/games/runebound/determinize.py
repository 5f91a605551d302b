"""Determinization of Runebound (``Game.determinize``): a state consistent with what one seat
has seen, hidden card orders dealt again.

Runebound has no per-seat hidden cards: every card a hero holds is open (view.py), and a drawn
adventure or market card is shown to the table. What no seat knows:

* the order of the four adventure decks (RB-1.4). A deck's contents are known (the cards of its
  colour not seen elsewhere, or after a reshuffle the discard pile that formed it), only the
  order is resampled;
* with a card pack in focus mode (PK-4, PK-5) a deck's top cards are the focus deck: which
  cards are in it is known, so the focus part and the rest are each dealt again on their own;
* the order of the market deck (RB-1.3), except the cards a knock-out put face down under it
  (AR-6.6): everyone saw which card it was, and the deck only loses cards from the top, so the
  lowest ``market_under`` cards keep their place until the deck is shuffled again;
* Advanced doom track (AR-2.2): the card laid on place 1 at setup was never seen by anyone. It
  is one of the green cards not seen elsewhere, so while it lies there it is dealt together with
  the green deck. Every later card on the track was seen when it was discarded (AR-2.3) and
  keeps its place; the setup card leaves place 1 with the first doom counter (AR-2.5), into the
  green discard pile.

Open and kept as they are: discard piles (every card in them was seen when it was discarded),
the unused heroes (a sorted set: all heroes not in play), the undefeated track, the event, the
market stacks. An adventure (e.g. The Sands of Al-Kalim) resamples its own hidden parts through
``Rules.determinize_adventure``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine.hidden import Slot, shuffle_slots
from boardwright.engine.rng import Rng
from boardwright.games.runebound.advanced import colour_of
from boardwright.games.runebound.state import RuneboundState

if TYPE_CHECKING:
    from boardwright.games.runebound.game import Runebound


def determinize(
    game: Runebound, state: RuneboundState, seat: int | None, rng: Rng
) -> RuneboundState:
    """A copy of ``state`` with every card order ``seat`` cannot know dealt again, reseeded."""
    out = state.clone()
    rules = game.rules_for(out)
    unseen_setup_colour = colour_of(rules, out.doom_row[0]) if setup_card_unseen(out) else -1
    for colour, deck in enumerate(out.adventure_decks):
        split = len(deck) - out.adventure_focus[colour]
        slots: list[Slot] = [(deck, i) for i in range(split)]
        if colour == unseen_setup_colour:
            slots.append((out.doom_row, 0))
        shuffle_slots(slots, rng)
        if split < len(deck):  # PK-5: the focus part is dealt again on its own
            shuffle_slots([(deck, i) for i in range(split, len(deck))], rng)
    shuffle_slots(unknown_market_slots(out), rng)
    focus = focus_market_slots(out)
    if focus:
        shuffle_slots(focus, rng)
    rules.determinize_adventure(out, seat, rng)
    out.reseed(rng)
    if out.pending is not None and out.pending.seat != seat:
        game.procedures_for(out).run(out, None)  # its options may show cards dealt again
    return out


def setup_card_unseen(state: RuneboundState) -> bool:
    """AR-2.2/AR-2.5: the unseen setup card still lies on place 1 of the doom track."""
    return state.opts.advanced_doom_track and state.doom_counters == 0 and bool(state.doom_row)


def unknown_market_slots(state: RuneboundState) -> list[Slot]:
    """The places of the market deck whose card no seat knows: all but the cards put under it
    since its last shuffle (AR-6.6) that are still there, at the bottom (index 0)."""
    deck = state.market_deck
    split = len(deck) - state.market_focus  # the focus part on top is dealt on its own
    return [(deck, i) for i in range(min(state.market_under, split), split)]


def focus_market_slots(state: RuneboundState) -> list[Slot]:
    """PK-4: the places of the market deck's focus part (its top ``market_focus`` cards): every
    seat knows which cards are in it, not their order."""
    deck = state.market_deck
    return [(deck, i) for i in range(len(deck) - state.market_focus, len(deck))]
