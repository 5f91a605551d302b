"""The terminal drawing of a Cult of the Rune game (CR-39): the marker ``C`` on the map with
its path in the legend, infiltrated cities, each hero's VP and corruption, the cult decks, the
special pile and the goals."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from boardwright.games.runebound.render import hero_panel, names_for, render_view
from tests.runebound.cult.kit import cult_game, give_vp, part
from tests.runebound.kit import GAME


def rendered(view: dict[str, Any], width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(render_view(view, content=GAME.content))
    return console.export_text()


def panel(state: Any, seat: int) -> str:
    """One hero's panel, unwrapped."""
    view = GAME.view(state, 0)
    names = names_for(view, GAME.content)
    hero = next(h for h in view["heroes"] if h["seat"] == seat)
    console = Console(file=io.StringIO(), width=300, record=True, color_system=None)
    console.print(hero_panel(hero, view, names))
    return " ".join(console.export_text().split())


def test_cr_39_the_table_shows_the_cult() -> None:
    state = cult_game(players=2)
    give_vp(state, 0, "cr-g1", "cr-y1")
    part(state).corruption[1] = part(state).gained[1] = 2
    text = rendered(GAME.view(state, 0))
    flat = " ".join(text.split())
    assert "Cult of the Rune" in flat
    assert "C the cult marker at 1,2, no path yet" in flat
    # CR-10: one card of each colour: a bonus of 1
    assert "cult VP 4 (3 from cards) · green 1 · yellow 1 · corruption 0" in panel(state, 0)
    assert "cult VP 0 (0 from cards) · corruption 2" in panel(state, 1)
    assert "Cult decks green 7 · yellow 7 · blue 7 · red 7" in flat
    assert "Special pile 0/18" in flat and "VP goal 26" in flat
    assert "Infiltrated 1 (5 markers left)" in flat
    assert all(len(line.rstrip()) <= 120 for line in text.splitlines())
