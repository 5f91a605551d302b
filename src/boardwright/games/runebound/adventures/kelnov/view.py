"""The Kelnov part of every seat's view (``view["kelnov"]``): how many cards each Kelnov pile
holds, never their order, and the cards of each Kelnov discard pile (KV-11)."""

from __future__ import annotations

from typing import Any

from boardwright.games.runebound.adventures.kelnov.state import PILES, kelnov_state
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.state import RuneboundState


def kelnov_section(rules: Rules, state: RuneboundState) -> dict[str, Any]:
    part = kelnov_state(state)
    ids = rules.adventures
    return {
        "piles": {COLOURS[c]: len(part.piles[c]) for c in range(PILES)},
        "discards": {COLOURS[c]: [ids[card].id for card in part.discards[c]] for c in range(PILES)},
    }
