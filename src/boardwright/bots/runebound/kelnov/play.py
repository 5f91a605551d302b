"""The heuristic bot in Avatars of Kelnov: the base play, weighing draws by the decks the game
deals (KV-2, KV-3): Kelnov's red challenges, never the set-aside red cards of the base game
and the packs. Kelnov's events and encounters stand in for the base ones (KV-5, KV-6), which
the base play already reads card by card as they come."""

from __future__ import annotations

from boardwright.bots.runebound.knowledge import Knowledge, knowledge
from boardwright.bots.runebound.play import BasePlay
from boardwright.games.runebound.adventures.kelnov.content import KELNOV_FOLDER
from boardwright.games.runebound.adventures.kelnov.rules import play_content
from boardwright.games.runebound.content import RuneboundContent, default_content

_PLAYED: dict[int, tuple[RuneboundContent, RuneboundContent, frozenset[str]]] = {}


def kelnov_cards(content: RuneboundContent) -> tuple[RuneboundContent, frozenset[str]]:
    """The content a Kelnov game plays with (its adventure indexes are the game's, so kept
    cards' ability keys match) and the red cards it sets aside, one per base content."""
    found = _PLAYED.get(id(content))
    if found is None or found[0] is not content:
        played = play_content(content)
        aside = frozenset(
            c.id for c in played.adventures if c.colour == "red" and c.card_set != KELNOV_FOLDER
        )
        found = _PLAYED[id(content)] = (content, played, aside)
    return found[1], found[2]


class KelnovPlay(BasePlay):
    """The base play with Kelnov's decks."""

    def knowledge(self) -> Knowledge:
        played, aside = kelnov_cards(self.bot.content or default_content())
        return knowledge(played, aside)
