"""The terminal drawing of a Cult of the Rune game (the ``cult`` section of its view): the cult
marker on the map as ``C`` with its path in the legend, infiltrated cities marked, each hero's
corruption and victory points, and a line with the cult decks, the special pile and the goals.
Its words are the cult's catalog's (``rb.ui.cult.*``), merged with the base game's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from boardwright.engine.catalog import Catalog
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
    title = "rb.ui.cult.title"
    has_events = False  # CR-14: no event is ever in play

    def names(self, content: RuneboundContent | None, catalog: Catalog | None = None) -> Names:
        """Names in the game's content with the cult's cards."""
        chosen = content_with_part(content, "cult")
        return Names(default_content() if chosen is None else play_content(chosen), catalog)

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
        heading = (
            names.word("rb.ui.cult.path", path=path, arrow=ARROWS[path])
            if path
            else names.word("rb.ui.cult.no_path")
        )
        text.append(f" {names.word('rb.ui.cult.marker', at=part['marker'], path=heading)}")

    def hero_parts(self, view: Mapping[str, Any], seat: int, names: Names) -> list[RenderableType]:
        seats = list(section(view).get("seats") or [])
        if seat >= len(seats):
            return []
        mine = seats[seat]
        text = Text(f"{names.word('rb.ui.cult.cult')} ", style="bold")
        if mine.get("eliminated"):
            text.append(names.word("rb.ui.cult.eliminated"), style="bold red")
            return [text]
        text.append(names.word("rb.ui.cult.vp", vp=mine["vp"], card_vp=mine["card_vp"]))
        for colour, count in (mine.get("cards") or {}).items():
            if count:
                text.append(" · ")
                shown = f"{colour_word(colour, names)} {count}"
                text.append(shown, style=TEXT_STYLES.get(colour, ""))
        corruption = int(mine.get("corruption", 0))
        text.append(" · ")
        shown = names.word("rb.ui.cult.corruption", count=corruption)
        text.append(shown, style="bold magenta" if corruption else "dim")
        return [text]

    def supply_parts(self, view: Mapping[str, Any], names: Names) -> list[RenderableType]:
        part = section(view)
        if not part:
            return []
        text = Text(f"{names.word('rb.ui.cult.decks')} ", style="bold")
        decks = (part.get("decks") or {}).items()
        text.append(" · ".join(f"{colour_word(c, names)} {n}" for c, n in decks))
        text.append_text(goals_text(part, names))
        return [text]


def colour_word(colour: str, names: Names) -> str:
    return names.word_or(f"rb.colour.{colour}", colour)


def goals_text(part: Mapping[str, Any], names: Names) -> Text:
    """The special pile and its goal, the VP goal and the infiltrated cities (CR-35)."""
    special = part.get("special") or {}
    goals = part.get("goals") or {}
    counted = special.get("counted", 0)
    pile = names.word("rb.ui.cult.special_pile", counted=counted, goal=goals.get("pile", "?"))
    text = Text(f"   {pile}")
    if special.get("size", 0) != counted:
        extra = names.word("rb.ui.cult.from_packs", count=special["size"] - counted)
        text.append(f" {extra}", style="dim")
    text.append(f"   {names.word('rb.ui.cult.vp_goal', vp=goals.get('vp', '?'))}")
    infiltrated = part.get("infiltrated") or []
    left = part.get("markers_left")
    text.append(f"   {names.word('rb.ui.cult.infiltrated', count=len(infiltrated))}")
    if left is not None:
        text.append(f" {names.word('rb.ui.cult.markers_left', count=left)}")
    return text


CULT_DRAWING = CultDrawing()
