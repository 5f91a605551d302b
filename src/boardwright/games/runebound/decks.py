"""The market and adventure decks built by set at setup (RB-1.3, RB-1.4 with the card packs,
docs/rules/packs.md PK-3 to PK-5), and the draws that keep a focus deck's count.

A focus deck is the top of its deck: the chosen packs' cards, shuffled, laid on the normal
deck (shuffled on its own), with ``market_focus`` / ``adventure_focus[colour]`` counting how many
of the top cards still belong to it. Drawing from the top takes the focus cards first and the
normal deck when they have run out (PK-4, PK-5); the focus deck is never refilled (discards go
to the common pile, PK-A2).
"""

from __future__ import annotations

from boardwright.games.runebound.card_packs import in_play, is_pack_set
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.state import RuneboundState

FOCUS = "focus"


def deal_market_deck(rules: Rules, state: RuneboundState, count: int) -> None:
    """The market deck of market cards ``0..count-1`` in play, shuffled (RB-1.3, PK-3); in focus
    mode the chosen packs' cards form the focus deck on top (PK-4)."""
    packs = state.opts.packs
    market = rules.market
    focus = state.opts.packs_market_mode == FOCUS
    deck: list[int] = []
    top: list[int] = []
    for index in range(count):
        card_set = market[index].card_set
        if not in_play(card_set, packs):
            continue
        (top if focus and is_pack_set(card_set) else deck).append(index)
    state.rng.shuffle(deck)
    if top:
        state.rng.shuffle(top)
        deck += top
    state.market_deck = deck
    state.market_focus = len(top)


def deal_adventure_decks(rules: Rules, state: RuneboundState) -> list[list[int]]:
    """The four adventure decks of the cards in play, each shuffled (RB-1.4, PK-3); in focus
    mode the chosen packs' cards are left out and returned by colour, for
    :func:`lay_focus_decks` once the setup has drawn what it draws from the normal decks."""
    packs = state.opts.packs
    focus = state.opts.packs_adventure_mode == FOCUS
    decks: list[list[int]] = [[], [], [], []]
    tops: list[list[int]] = [[], [], [], []]
    for index, card in enumerate(rules.adventures):
        if not in_play(card.card_set, packs):
            continue
        target = tops if focus and is_pack_set(card.card_set) else decks
        target[COLOURS.index(card.colour)].append(index)
    for deck in decks:
        state.rng.shuffle(deck)
    state.adventure_decks = decks
    return tops


def lay_focus_decks(state: RuneboundState, tops: list[list[int]]) -> None:
    """PK-5: each colour's focus deck, shuffled, on top of that colour's deck."""
    for colour, top in enumerate(tops):
        if top:
            state.rng.shuffle(top)
            state.adventure_decks[colour] += top
        state.adventure_focus[colour] = len(top)


def pop_market(state: RuneboundState) -> int:
    """The top card of the (non-empty) market deck; a focus card first (PK-4)."""
    if state.market_focus:
        state.market_focus -= 1
    return state.market_deck.pop()


def pop_adventure(state: RuneboundState, colour: int) -> int:
    """The top card of a colour's (non-empty) deck; a focus card first (PK-5)."""
    if state.adventure_focus[colour]:
        state.adventure_focus[colour] -= 1
    return state.adventure_decks[colour].pop()


def take_from_adventure_deck(state: RuneboundState, colour: int, card: int) -> None:
    """A named card leaves its (colour's) deck; if it was in the focus part, that part is a
    card shorter."""
    deck = state.adventure_decks[colour]
    place = deck.index(card)
    if place >= len(deck) - state.adventure_focus[colour]:
        state.adventure_focus[colour] -= 1
    del deck[place]
