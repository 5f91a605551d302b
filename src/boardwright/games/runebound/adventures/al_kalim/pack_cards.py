"""The adventure-card packs' cards in the desert (docs/rules/al-kalim.md AK-17): what the base
rules do not do for them here. How they join the decks, their night life, their red cards and
the cities they name are settled in the Al-Kalim content view (rules.py, ``play_content``); an
encounter drawn is met as RB-4.5 says (the base ``encounter`` procedure), whatever drew it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.games.runebound.adventure import discard_adventure
from boardwright.games.runebound.adventures.al_kalim.message_args import record
from boardwright.games.runebound.effects import apply_effects
from boardwright.games.runebound.rules import Log
from boardwright.games.runebound.state import RuneboundState

if TYPE_CHECKING:
    from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules


def play_event(rules: AlKalimRules, state: RuneboundState, seat: int, card: int, log: Log) -> None:
    """AK-17.5: a drawn event (an owner's imported pack may hold events) goes to its colour's
    discard pile and its ``event`` abilities happen at once for the hero who drew it; it never
    stays in play, so its number is never compared (RB-4.3) and its ``while_in_play`` abilities
    never act."""
    event = rules.adventures[card]
    record(log, "event", "al_kalim", card=event.id, card_text=event.id)
    discard_adventure(rules, state, card, log)
    for ability in event.abilities:
        if ability.timing == "event":
            apply_effects(rules, state, seat, ability.effects, log, source=f"card:{event.id}")
