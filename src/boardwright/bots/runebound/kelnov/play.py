"""The heuristic bot in Avatars of Kelnov: the base play, weighing draws by the decks the game
deals (KV-2, KV-3): Kelnov's red challenges, never the set-aside red cards of the base game
and the packs. Kelnov's events and encounters stand in for the base ones (KV-5, KV-6), which
the base play already reads card by card as they come."""

from __future__ import annotations

from boardwright.bots.runebound.knowledge import Knowledge, knowledge
from boardwright.bots.runebound.play import BasePlay, own_red_deck
from boardwright.games.runebound.adventures.kelnov.content import KELNOV_FOLDER
from boardwright.games.runebound.adventures.kelnov.rules import play_content
from boardwright.games.runebound.content import RuneboundContent, default_content


def kelnov_cards(content: RuneboundContent) -> tuple[RuneboundContent, frozenset[str]]:
    """The content a game of this adventure plays with and the red cards it sets aside."""
    return own_red_deck(content, KELNOV_FOLDER, play_content)


class KelnovPlay(BasePlay):
    """The base play with Kelnov's decks."""

    def knowledge(self) -> Knowledge:
        played, aside = kelnov_cards(self.bot.content or default_content())
        return knowledge(played, aside)
