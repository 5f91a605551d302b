"""The fixture card packs (tests/runebound/packs/fixtures) and a Runebound game that has them."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from boardwright.games.runebound.content import CONTENT_DIR, load_content
from boardwright.games.runebound.game import Runebound

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@cache
def pack_game() -> Runebound:
    """Runebound with the built-in content and the four fixture packs installed."""
    return Runebound(load_content(CONTENT_DIR, packs=FIXTURES))
