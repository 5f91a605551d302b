"""The terminal drawing of an Al-Kalim game (the ``al_kalim`` section of its view), drawn with
the Al-Kalim content (the overlay board, its cards and the legend cards): the lost cities as
capital letters, the hexes the sandstorm covers as ``~`` (its centre ``@``), day or night in the
header, each hero's quest board and survival gear, the legend stacks and the gear supply, and a
challenge's life for the time of day."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from boardwright.games.runebound.adventures.al_kalim.content import (
    ANY_LOST_CITY,
    GEAR_KINDS,
    al_kalim_content,
)
from boardwright.games.runebound.adventures.al_kalim.rules import play_content
from boardwright.games.runebound.content import (
    TERRAIN_NAMES,
    RuneboundContent,
    content_with_part,
    default_content,
)
from boardwright.games.runebound.records import AdventureCard, GearRecord, LegendCard, QuestStep
from boardwright.games.runebound.render import (
    AdventureDrawing,
    Names,
    labelled,
    lost_city_mark,
    place_char,
)

STORM_STYLE = "bold black on orange3"
STORM_CHAR = "~"  # a hex the sandstorm covers (AK-13.4)
STORM_CENTRE = "@"
ARROWS = {
    "east": "→",
    "south-east": "↘",
    "south-west": "↙",
    "west": "←",
    "north-west": "↖",
    "north-east": "↗",
}
NIGHT_STYLE = "bold light_slate_blue"
DAY_STYLE = "bold yellow1"
STEP_WORDS = {
    "defeat": "defeat",
    "story_roll": "roll the story die",
    "bazaar": "explore the bazaar",
    "end_movement": "end movement",
}


class AlKalimNames(Names):
    """Names in an Al-Kalim game's content view, with its legend cards and survival gear."""

    def __init__(self, content: RuneboundContent) -> None:
        super().__init__(content)
        records = al_kalim_content(content)
        self.legends: dict[str, LegendCard] = {c.id: c for c in records.legends} if records else {}
        self.gear: dict[str, GearRecord] = {g.kind: g for g in records.gear} if records else {}

    def gear_name(self, kind: str) -> str:
        record = self.gear.get(kind)
        return record.name if record is not None else kind


def section(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The view's Al-Kalim section (empty when there is none)."""
    found: Mapping[str, Any] = view.get("al_kalim") or {}
    return found


def al_kalim_marks(view: Mapping[str, Any]) -> tuple[dict[str, str], set[str], str | None]:
    """Where the lost cities lie (hex → lost-city id), the hexes the sandstorm covers and its
    centre; empty for a view without Al-Kalim."""
    part: Mapping[str, Any] = section(view)
    lost_at = {str(at): str(lost) for lost, at in (part.get("lost_cities") or {}).items() if at}
    storm: Mapping[str, Any] = part.get("sandstorm") or {}
    covers = {str(at) for at in storm.get("covers") or ()}
    centre = storm.get("centre")
    return lost_at, covers, None if centre is None else str(centre)


def step_text(step: QuestStep, names: AlKalimNames) -> str:
    """A quest step in words: ``defeat a red beast by night``, ``end movement at ...``."""
    words = [STEP_WORDS.get(step.do, step.do)]
    if step.do == "defeat":
        what = " ".join(w for w in (step.colour, step.trait) if w) or "challenge"
        words.append(f"{'an' if what[0] in 'aeiou' else 'a'} {what}")
    if step.city is not None:
        where = "a lost city" if step.city == ANY_LOST_CITY else names.place(step.city)
        words.append(f"of {where}" if step.do == "bazaar" else f"in {where}")
    if step.location is not None:
        words.append(f"at {names.locations.get(step.location, step.location)}")
    if step.terrain is not None:
        words.append(f"on {names.terrain(TERRAIN_NAMES.index(step.terrain))}")
    if step.time is not None:
        words.append(f"by {step.time}")
    if step.test is not None:
        words.append(f"+ {step.test.stat} test {step.test.difficulty}")
    if step.gold:
        words.append(f"+ pay {step.gold}g")
    return " ".join(words)


def legend_slot_text(slot: Mapping[str, Any], names: AlKalimNames) -> Text:
    """A legend card on a quest board: its name and type, then the quest step in progress or
    ``reward`` (a legendary rune with the uses it has left)."""
    card = names.legends.get(str(slot["id"]))
    text = Text(card.name if card is not None else str(slot["id"]), style="bold")
    text.append(f" ({slot.get('type', '?')})", style="dim")
    if slot.get("done"):
        text.append(" reward", style="bold green3")
        uses = card.reward.uses if card is not None else None
        if uses is not None:
            left = max(0, uses - int(slot.get("uses", 0)))
            text.append(f", {left}/{uses} uses left", style="red1" if not left else "")
        return text
    if card is None:
        return text
    steps = card.quest.steps
    index = min(int(slot.get("step", 0)), len(steps) - 1)
    step = steps[index]
    text.append(f" step {index + 1}/{len(steps)}: ", style="dim")
    text.append(step_text(step, names))
    text.append(f" {slot.get('progress', 0)}/{step.count}", style="bold cyan")
    return text


def gear_text(gear: Mapping[str, int], names: AlKalimNames, label: str) -> Text:
    """Survival gear counts: ``Gear supply Pack Camel 6 · Waterskin 5 · Adventurer's Kit 6``."""
    text = Text(f"{label} ", style="dim")
    for number, kind in enumerate(GEAR_KINDS):
        if number:
            text.append(" · ")
        text.append(names.gear_name(kind))
        count = int(gear.get(kind, 0))
        text.append(f" {count}", style="bold" if count else "dim")
    return text


def quest_board_parts(board: Mapping[str, Any], names: AlKalimNames) -> list[RenderableType]:
    """A hero's quest board: the limit, each legend card, then the survival gear."""
    legends = list(board.get("legends") or [])
    limit = int(board.get("limit", 0))
    heading = Text("quest board: ", style="dim")
    if limit:
        heading.append("limit ")
        heading.append(str(limit), style="bold")
    else:
        heading.append("no limit counter yet", style="dim")
    parts: list[RenderableType] = [heading]
    for slot in legends:
        line = Text("· ", style="dim")
        line.append_text(legend_slot_text(slot, names))
        parts.append(line)
    gear: Mapping[str, int] = board.get("gear") or {}
    held = [(kind, int(gear.get(kind, 0))) for kind in GEAR_KINDS if gear.get(kind)]
    parts.append(
        labelled("gear", [Text(f"{names.gear_name(kind)} {count}") for kind, count in held])
    )
    return parts


def time_of_day(view: Mapping[str, Any]) -> Text | None:
    """``night`` or ``day`` of the current turn (``day or night?`` while it is declared)."""
    part = view.get("al_kalim")
    if not part or view.get("finished"):
        return None
    decision = view.get("decision") or {}
    if decision.get("kind") == "day_or_night":
        return Text("day or night?", style="bold")
    return Text("night", style=NIGHT_STYLE) if part.get("night") else Text("day", style=DAY_STYLE)


def sandstorm_text(view: Mapping[str, Any]) -> Text:
    """The sandstorm: its centre, the hexes it covers and where its arrows point (AK-13)."""
    storm: Mapping[str, Any] | None = section(view).get("sandstorm")
    text = Text("Sandstorm ", style="bold")
    if not storm:
        text.append("not yet on the board", style="dim")
        return text
    covers = list(storm.get("covers") or [])
    text.append(STORM_CENTRE, style=STORM_STYLE)
    text.append(f" centre {storm.get('centre')} · covers {len(covers)} hexes ")
    text.append(STORM_CHAR, style=STORM_STYLE)
    text.append(f" {' '.join(covers)}", style="dim")
    arrows = [str(a) for a in storm.get("arrows") or ()]
    text.append(" · arrows ")
    text.append(", ".join(f"{ARROWS.get(a, '?')} {a}" for a in dict.fromkeys(arrows)))
    return text


def legend_stacks_text(view: Mapping[str, Any], names: AlKalimNames) -> Text:
    """Each legend stack: its type, size and the quest on top (open, AK-11.2)."""
    stacks: Mapping[str, Mapping[str, Any]] = section(view).get("legend_stacks") or {}
    text = Text("Legends ", style="bold")
    for number, (kind, stack) in enumerate(stacks.items()):
        if number:
            text.append(" · ")
        text.append(f"{kind} {stack.get('size', 0)}", style="bold")
        top = stack.get("top")
        if top is None:
            text.append(" empty", style="dim")
            continue
        card = names.legends.get(str(top))
        text.append(f" {card.name if card is not None else top}")
    return text


def supply_text(view: Mapping[str, Any], names: AlKalimNames) -> Text:
    """The survival gear left in the supply (with its price) and the Al-Kalim ally deck."""
    part: Mapping[str, Any] = section(view)
    text = gear_text(part.get("gear_supply") or {}, names, "Gear supply")
    text.stylize("bold", 0, len("Gear supply"))
    costs = {record.cost for record in names.gear.values()}
    if len(costs) == 1:
        text.append(f" ({costs.pop()}g each)", style="yellow")
    text.append("   Al-Kalim allies ", style="bold")
    text.append(str(part.get("ally_deck", "?")))
    return text


def legend_loss_text(view: Mapping[str, Any], seat: int, names: Names) -> Text | None:
    """AK-11.12: a challenge takes legend cards from this hero's quest board and the player is
    choosing which (the decision's args are public; the choices are the deciding seat's own)."""
    decision = view.get("decision") or {}
    if decision.get("kind") != "lose_legend" or decision.get("seat") != seat:
        return None
    args: Mapping[str, Any] = decision.get("args") or {}
    count = int(args.get("legend_cards", 1))
    cards = "a legend card" if count == 1 else f"{count} legend cards"
    which = "which one first" if args.get("which_first") else "which one"
    what, _, card_id = str(args.get("taken_by") or "").partition(":")  # "card:<id>": a challenge
    card = names.adventures.get(card_id) if what == "card" else None
    source = card.name if card is not None else "a challenge"
    return Text(f"must give up {cards} to {source}: {which}?", style="bold red1")


_NAMES: dict[int, tuple[RuneboundContent, AlKalimNames]] = {}


def al_kalim_names(content: RuneboundContent) -> AlKalimNames:
    """The names of an Al-Kalim game: its content view (the overlay board, the Al-Kalim cards,
    the Al-Kalim allies and the legend pseudo-cards in the market), made once per content."""
    hit = _NAMES.get(id(content))
    if hit is None or hit[0] is not content:
        hit = (content, AlKalimNames(play_content(content)))
        _NAMES[id(content)] = hit
    return hit[1]


class AlKalimDrawing(AdventureDrawing):
    title = "Al-Kalim"
    has_events = False  # AK-1.3: no event cards

    def names(self, content: RuneboundContent | None) -> Names:
        """Al-Kalim's content view (the built-in Al-Kalim content if ``content`` has none)."""
        chosen = content_with_part(content, "al_kalim")
        return Names(default_content()) if chosen is None else al_kalim_names(chosen)

    def lost_cities(self, view: Mapping[str, Any]) -> dict[str, str]:
        return al_kalim_marks(view)[0]

    def map_marks(self, view: Mapping[str, Any], names: Names) -> dict[str, Text]:
        """Lost cities by their letter; hexes under the sandstorm on its colour, ``~`` (its
        centre ``@``) where no city is."""
        lost_at, covers, centre = al_kalim_marks(view)
        marks = {at: lost_city_mark(names, lost) for at, lost in lost_at.items()}
        for at in covers:
            cell = names.hexes.get(at)
            if cell is None:
                continue
            if cell.city < 0 and at not in lost_at:
                place = Text(STORM_CENTRE if at == centre else STORM_CHAR)
            else:
                place = marks[at] if at in marks else place_char(cell, names)
            place.stylize(STORM_STYLE)
            marks[at] = place
        return marks

    def legend_lines(self, text: Text, view: Mapping[str, Any], names: Names) -> None:
        """The lost cities with where they lie, and the sandstorm's marks."""
        where: Mapping[str, Any] = section(view).get("lost_cities") or {}
        for lost in names.content.board.lost_cities:
            text.append("\n")
            text.append_text(lost_city_mark(names, lost.id))
            text.append(f" {lost.name}", style="dim")
            at = where.get(lost.id)
            text.append(f" at {at}" if at else " not found yet", style="dim")
        if section(view):
            text.append("\n")
            text.append(STORM_CHAR, style=STORM_STYLE)
            text.append(" sandstorm ", style="dim")
            text.append(STORM_CENTRE, style=STORM_STYLE)
            text.append(" its centre", style="dim")

    def header_text(self, view: Mapping[str, Any]) -> Text | None:
        return time_of_day(view)

    def hero_parts(self, view: Mapping[str, Any], seat: int, names: Names) -> list[RenderableType]:
        """The hero's quest board and gear, and the legend cards a challenge is taking."""
        boards = list(section(view).get("quest_boards") or [])
        if seat >= len(boards) or not isinstance(names, AlKalimNames):
            return []
        parts = quest_board_parts(boards[seat], names)
        losing = legend_loss_text(view, seat, names)
        if losing is not None:
            parts.append(losing)
        return parts

    def combat_life(
        self, view: Mapping[str, Any], card: AdventureCard | None, wounds: int
    ) -> Text | None:
        """AK-6.3: the life by day or by night; traits and a sunburst (AK-6.5, AK-6.6)."""
        part = view.get("al_kalim")
        if not part or card is None or card.life is None:
            return None
        night = bool(part.get("night")) and card.night_life is not None
        life = card.night_life if night and card.night_life is not None else card.life
        text = Text(f" · life {life - wounds}/{life}")
        text.append(" by night" if part.get("night") else " by day", style="dim")
        if card.traits:
            text.append(f" · {', '.join(card.traits)}", style="bold")
        if card.sunburst:
            text.append(" · sunburst", style="bold yellow")
        return text

    def table_parts(self, view: Mapping[str, Any], names: Names) -> list[RenderableType]:
        if not section(view) or not isinstance(names, AlKalimNames):
            return []
        return [sandstorm_text(view), legend_stacks_text(view, names)]

    def supply_parts(self, view: Mapping[str, Any], names: Names) -> list[RenderableType]:
        if not section(view) or not isinstance(names, AlKalimNames):
            return []
        return [supply_text(view, names)]


AL_KALIM_DRAWING = AlKalimDrawing()
