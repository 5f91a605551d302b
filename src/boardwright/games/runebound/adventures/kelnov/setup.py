"""The setup of an Avatars of Kelnov game (KV-2 to KV-4, KV-15): the base game's, with the red
cards of the base and of the packs set aside, Kelnov's red challenges as the red deck and his
green, yellow and blue cards as the Kelnov piles."""

from __future__ import annotations

from boardwright.games.runebound.adventures.kelnov.rules import KelnovRules
from boardwright.games.runebound.adventures.kelnov.state import PILES, KelnovState
from boardwright.games.runebound.board_setup import standard_setup
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Log
from boardwright.games.runebound.state import RuneboundState

RED = COLOURS.index("red")


def setup_kelnov(rules: KelnovRules, state: RuneboundState, players: int, log: Log) -> None:
    """RB-1 with KV-2 and KV-3 (KV-4: the rest of the setup is the base game's)."""
    part = KelnovState()
    state.adventure_state = part

    def arrange(state: RuneboundState, focus: list[list[int]]) -> None:
        decks = state.adventure_decks
        for colour in range(len(decks)):
            # Kelnov's cards leave the base decks; every red base or pack card is set aside
            keep = [] if colour == RED else [c for c in decks[colour] if not rules.is_kelnov(c)]
            decks[colour] = keep
            focus[colour] = [] if colour == RED else focus[colour]
        own = range(rules.first_kelnov, len(rules.adventures))
        for card in own:
            colour = COLOURS.index(rules.adventures[card].colour)
            (decks[RED] if colour == RED else part.piles[colour]).append(card)
        state.rng.shuffle(decks[RED])
        for colour in range(PILES):
            state.rng.shuffle(part.piles[colour])

    standard_setup(rules, state, players, log, arrange)
