"""Determinization of Realm of Sand (``Game.determinize``): a state consistent with what one
seat has seen, hidden cards dealt again.

What a seat knows and what it does not, per level of building card:

* Open to all: the display, every fulfilled card, the size of each deck and of each player's
  face-down pile, and the level of every face-down card (the event says which deck it came
  from). The tiles are all open (circle, zones, solo aside), so only cards are resampled.
* Unknown to the seat: the order of the three decks, except the cards the seat itself put under
  a deck with the red crystal (RS-5.2: they go to the bottom, in an order it chose; after that a
  deck only loses cards from the top and takes new ones at the bottom, so the seat knows where
  each still lies) — those stay in place. Another player's face-down cards (``reserved``) are
  unknown too: they are dealt from the same pool as the deck of their level, and so are the
  cards another player is looking at with the red crystal right now (a pending ``red_keep``).
* A kept card another player has chosen to fulfil is named by the prompt of its choice of
  fields (``fulfil_fields``), which everyone sees, so it stays.
* A known simplification: once another player's red crystal has looked at a card the seat had
  put under, the seat no longer keeps track of it (it could tell that card is among the three
  looked at); such a card simply joins the unknown pool.

Another player's own knowledge moves with the cards: the places of its ``known_under`` cards
are open to all, so after the deal its list names the cards now lying there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine.hidden import Slot, shuffle_slots
from boardwright.engine.rng import Rng
from boardwright.games.realm_of_sand.actions import Fulfil
from boardwright.games.realm_of_sand.crystals import RedCrystal
from boardwright.games.realm_of_sand.state import RealmState

if TYPE_CHECKING:
    from boardwright.games.realm_of_sand.game import RealmOfSand


def determinize(game: RealmOfSand, state: RealmState, seat: int | None, rng: Rng) -> RealmState:
    """A copy of ``state`` with every card ``seat`` cannot know dealt again, reseeded."""
    out = state.clone()
    levels = [card.level - 1 for card in game.content.cards]
    decider = out.pending.seat if out.pending is not None else None
    looking = _looked_at(out) if decider != seat else None
    # the place of every card a player knows under a deck: (player, deck, index)
    places = [
        (s, level, deck.index(card))
        for s, p in enumerate(out.players)
        for card in p.known_under
        for level, deck in enumerate(out.decks)
        if card in deck
    ]
    own = {out.decks[level][i] for s, level, i in places if s == seat}
    named = _being_fulfilled(out)
    for level, deck in enumerate(out.decks):
        slots: list[Slot] = [(deck, i) for i, card in enumerate(deck) if card not in own]
        for s, p in enumerate(out.players):
            if s != seat:
                kept = p.reserved
                slots.extend(
                    (kept, i) for i, c in enumerate(kept) if levels[c] == level and c != named
                )
        if looking is not None and looking[1] == level:
            slots.extend((looking[0], i) for i in range(len(looking[0])))
        shuffle_slots(slots, rng)
    for s, p in enumerate(out.players):
        p.known_under = [out.decks[level][i] for t, level, i in places if t == s]
    if looking is not None:
        frame = out.stack[-1]
        out.stack[-1] = (*frame[:3], tuple(looking[0]))
    out.reseed(rng)
    if decider != seat:  # another seat's options may show cards dealt again
        game.procedures_for(out).run(out, None)
    return out


def _looked_at(state: RealmState) -> tuple[list[int], int] | None:
    """The cards the red crystal is showing its owner now (RS-5.2) and their level, if any."""
    if not state.stack:
        return None
    frame = state.stack[-1]
    if frame[0] != RedCrystal.name or frame[1] < 0:
        return None
    return list(frame[3]), frame[1]


def _being_fulfilled(state: RealmState) -> int:
    """The card a pending choice of fields is for (its prompt names it to everyone), or -1."""
    if state.stack and state.stack[-1][0] == Fulfil.name:
        card: int = state.stack[-1][1]
        return card
    return -1
