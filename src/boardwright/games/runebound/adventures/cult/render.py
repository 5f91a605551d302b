"""The terminal drawing of a Cult of the Rune game (the ``cult`` section of its view): the cult
marker on the map as ``C`` with its path in the legend, infiltrated cities marked, each hero's
corruption and victory points, and a line with the cult decks, the special pile and the goals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from boardwright.games.runebound.adventures.cult.rules import play_content
from boardwright.games.runebound.content import (
    RuneboundContent,
    content_with_part,
    default_content,
)
from boardwright.games.runebound.render import TEXT_STYLES, AdventureDrawing, Names

MARKER = "C"
MARKER_STYLE = "bold white on purple4"
INFILTRATED_STYLE = "bold white on dark_magenta"
ARROWS = {"E": "→", "SE": "↘", "SW": "↙", "W": "←", "NW": "↖", "NE": "↗"}


def section(view: Mapping[str, Any]) -> Mapping[str, Any]:
    found: Mapping[str, Any] = view.get("cult") or {}
    return found


class CultDrawing(AdventureDrawing):
    title = "Cult of the Rune"
    has_events = False  # CR-14: no event is ever in play

    def names(self, content: RuneboundContent | None) -> Names:
        """Names in the game's content with the cult's cards."""
        chosen = content_with_part(content, "cult")
        return Names(default_content()) if chosen is None else Names(play_content(chosen))

    def map_marks(self, view: Mapping[str, Any], names: Names) -> dict[str, Text]:
        """The marker as ``C``; an infiltrated city keeps its number on purple."""
        part = section(view)
        if not part:
            return {}
        marks: dict[str, Text] = {}
        cities = {c.id: c for c in names.content.board.cities}
        for city_id in part.get("infiltrated") or []:
            city = cities.get(city_id)
            if city is not None:
                at = str(names.content.board.hexes[city.hex].at)
                marks[at] = Text(str(city.index + 1), style=INFILTRATED_STYLE)
        marks[str(part["marker"])] = Text(MARKER, style=MARKER_STYLE)
        return marks

    def legend_lines(self, text: Text, view: Mapping[str, Any], names: Names) -> None:
        part = section(view)
        if not part:
            return
        text.append("\n")
        text.append(MARKER, style=MARKER_STYLE)
        path = part.get("path")
        heading = f"path {path} {ARROWS[path]}" if path else "no path yet"
        text.append(f" the cult marker at {part['marker']}, {heading}")

    def hero_parts(self, view: Mapping[str, Any], seat: int, names: Names) -> list[RenderableType]:
        seats = list(section(view).get("seats") or [])
        if seat >= len(seats):
            return []
        mine = seats[seat]
        text = Text("cult ", style="bold")
        if mine.get("eliminated"):
            text.append("eliminated", style="bold red")
            return [text]
        text.append(f"VP {mine['vp']} ({mine['card_vp']} from cards)")
        for colour, count in (mine.get("cards") or {}).items():
            if count:
                text.append(" · ")
                text.append(f"{colour} {count}", style=TEXT_STYLES.get(colour, ""))
        corruption = int(mine.get("corruption", 0))
        text.append(" · ")
        text.append(f"corruption {corruption}", style="bold magenta" if corruption else "dim")
        return [text]

    def supply_parts(self, view: Mapping[str, Any], names: Names) -> list[RenderableType]:
        part = section(view)
        if not part:
            return []
        text = Text("Cult decks ", style="bold")
        text.append(" · ".join(f"{c} {n}" for c, n in (part.get("decks") or {}).items()))
        special = part.get("special") or {}
        goals = part.get("goals") or {}
        text.append(f"   Special pile {special.get('counted', 0)}/{goals.get('pile', '?')}")
        if special.get("size", 0) != special.get("counted", 0):
            text.append(f" (+{special['size'] - special['counted']} from packs)", style="dim")
        text.append(f"   VP goal {goals.get('vp', '?')}")
        infiltrated = part.get("infiltrated") or []
        left = part.get("markers_left")
        text.append(f"   Infiltrated {len(infiltrated)}")
        if left is not None:
            text.append(f" ({left} markers left)")
        return [text]


CULT_DRAWING = CultDrawing()
