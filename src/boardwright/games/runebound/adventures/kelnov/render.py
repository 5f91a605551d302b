"""The terminal drawing of an Avatars of Kelnov game (the ``kelnov`` section of its view): the
Kelnov piles' sizes with their discards, the last Kelnov cards discarded, and the red cards a
hero keeps called Avatars (KV-10). Names come from the game's content with Kelnov's cards; the
words from Kelnov's catalog (``rb.ui.kelnov.*``), merged with the base game's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from boardwright.engine.catalog import Catalog
from boardwright.games.runebound.adventures.kelnov.rules import play_content
from boardwright.games.runebound.content import (
    RuneboundContent,
    content_with_part,
    default_content,
)
from boardwright.games.runebound.render import TEXT_STYLES, AdventureDrawing, Names

SHOWN_DISCARDS = 3  # the newest cards of each Kelnov discard pile named on the table


class KelnovDrawing(AdventureDrawing):
    title = "rb.ui.kelnov.title"
    kept_title = "rb.ui.kelnov.avatars"

    def names(self, content: RuneboundContent | None, catalog: Catalog | None = None) -> Names:
        """Names in the game's content with Kelnov's cards (the built-in content if
        ``content`` has none)."""
        chosen = content_with_part(content, "kelnov")
        return Names(default_content() if chosen is None else play_content(chosen), catalog)

    def supply_parts(self, view: Mapping[str, Any], names: Names) -> list[RenderableType]:
        part: Mapping[str, Any] = view.get("kelnov") or {}
        if not part:
            return []
        return [piles_text(part, names)]


def piles_text(part: Mapping[str, Any], names: Names) -> Text:
    """``Kelnov piles green 5 (+2 discarded: …) · yellow 7 · blue 6``."""
    piles: Mapping[str, int] = part.get("piles") or {}
    discards: Mapping[str, list[str]] = part.get("discards") or {}
    text = Text(f"{names.word('rb.ui.kelnov.piles')} ", style="bold")
    for i, (colour, size) in enumerate(piles.items()):
        if i:
            text.append(" · ")
        shown = names.word_or(f"rb.colour.{colour}", colour)
        text.append(shown, style=TEXT_STYLES.get(colour, ""))
        text.append(f" {size}")
        gone = discards.get(colour) or []
        if gone:
            newest = ", ".join(names.adventure(card).plain for card in gone[-SHOWN_DISCARDS:])
            more = "…, " if len(gone) > SHOWN_DISCARDS else ""
            shown = names.word("rb.ui.kelnov.discarded", count=len(gone), cards=f"{more}{newest}")
            text.append(f" {shown}", style="dim")
    return text


KELNOV_DRAWING = KelnovDrawing()
