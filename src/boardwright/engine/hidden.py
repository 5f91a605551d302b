"""Resampling hidden cards for determinization (``Game.determinize``).

A game lists the *slots* whose card a seat cannot know — a place in a deck, another player's
face-down card — and :func:`shuffle_slots` deals the cards found there back among the same
slots in a random order. Every card stays a card the seat could not tell apart from the others,
and every slot the seat knows keeps its card, because it was never listed.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence

from boardwright.engine.rng import Rng

Slot = tuple[MutableSequence[int], int]
"""A place holding one card: a list and an index into it."""


def shuffle_slots(slots: Sequence[Slot], rng: Rng) -> None:
    """Permute the cards held by ``slots`` uniformly at random (Fisher-Yates, from ``rng``).

    The cards are sorted first, so the deal depends only on which cards are hidden and on
    ``rng``, never on the order they lay in (which the seat could not know)."""
    cards = sorted(where[i] for where, i in slots)
    rng.shuffle(cards)
    for (where, i), card in zip(slots, cards, strict=True):
        where[i] = card
