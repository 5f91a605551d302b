"""The terminal drawing of an Al-Kalim game (the ``al_kalim`` section of its view), drawn with
the Al-Kalim content (the overlay board, its cards and the legend cards): the lost cities as
capital letters, the hexes the sandstorm covers as ``~`` (its centre ``@``), day or night in the
header, each hero's quest board and survival gear, the legend stacks and the gear supply, and a
challenge's life for the time of day. Its words are the Al-Kalim catalog's (``rb.ui.al_kalim.*``
and the adventure's words ``rb.al_kalim.*``), merged with the base game's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from boardwright.engine.catalog import Catalog
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
VOWELS = "aeiou"  # English: "an undead", "a red beast"


class AlKalimNames(Names):
    """Names in an Al-Kalim game's content view, with its legend cards and survival gear."""

    def __init__(self, content: RuneboundContent, catalog: Catalog | None = None) -> None:
        super().__init__(content, catalog)
        records = al_kalim_content(content)
        self.legends: dict[str, LegendCard] = {c.id: c for c in records.legends} if records else {}
        self.gear: dict[str, GearRecord] = {g.kind: g for g in records.gear} if records else {}

    def gear_name(self, kind: str) -> str:
        record = self.gear.get(kind)
        return self.catalog.name(record.id, record.name) if record is not None else kind

    def legend(self, legend_id: str) -> str:
        """A legend card's name by id (the id itself for an unknown one)."""
        card = self.legends.get(legend_id)
        return self.catalog.name(card.id, card.name) if card is not None else legend_id

    def legend_type(self, kind: str) -> str:
        """``ally``, ``artifact``...: a legend card's type."""
        return self.word_or(f"rb.al_kalim.legend_type.{kind}", kind)


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


def trait_word(trait: str, names: Names) -> str:
    """A challenge's trait (``beast``, ``undead``...) in the catalog's language."""
    return names.word_or(f"rb.ui.trait.{trait}", trait)


def target_text(step: QuestStep, names: Names) -> str:
    """What a ``defeat`` step asks for: ``a red beast``, ``an undead``, ``a challenge``."""
    colour = names.word(f"rb.colour.{step.colour}") if step.colour else None
    trait = trait_word(step.trait, names) if step.trait else None
    if colour is None and trait is None:
        return names.word("rb.ui.al_kalim.target.any")
    if colour is not None and trait is not None:
        kind = names.word("rb.ui.al_kalim.kind", colour=colour, trait=trait)
    else:
        kind = colour or trait or ""
    article = "an" if kind[:1] in VOWELS else "a"  # the English article; others have one
    return names.word(f"rb.ui.al_kalim.target.{article}", kind=kind)


def step_place(step: QuestStep, names: AlKalimNames) -> list[str]:
    """Where and when a quest step is done: ``in Kharadun``, ``at ...``, ``on dunes``, ``by
    night``."""
    words = []
    if step.city is not None:
        where = (
            names.word("rb.ui.al_kalim.a_lost_city")
            if step.city == ANY_LOST_CITY
            else names.place(step.city)
        )
        preposition = "of_city" if step.do == "bazaar" else "in_city"
        words.append(names.word(f"rb.ui.al_kalim.{preposition}", where=where))
    if step.location is not None:
        place = names.locations.get(step.location, step.location)
        words.append(names.word("rb.ui.at", place=place))
    if step.terrain is not None:
        terrain = names.terrain(TERRAIN_NAMES.index(step.terrain))
        words.append(names.word("rb.ui.al_kalim.on_terrain", terrain=terrain))
    if step.time is not None:
        words.append(names.word(f"rb.ui.al_kalim.by.{step.time}"))
    return words


def step_text(step: QuestStep, names: AlKalimNames) -> str:
    """A quest step in words: ``defeat a red beast by night``, ``end movement at ...``."""
    words = [names.word_or(f"rb.ui.al_kalim.do.{step.do}", step.do)]
    if step.do == "defeat":
        words.append(target_text(step, names))
    words.extend(step_place(step, names))
    if step.test is not None:
        stat = names.word_or(f"rb.stat.{step.test.stat}", step.test.stat)
        test = names.word("rb.ui.al_kalim.test", stat=stat, difficulty=step.test.difficulty)
        words.append(test)
    if step.gold:
        words.append(names.word("rb.ui.al_kalim.pay", gold=step.gold))
    return " ".join(words)


def legend_slot_text(slot: Mapping[str, Any], names: AlKalimNames) -> Text:
    """A legend card on a quest board: its name and type, then the quest step in progress or
    ``reward`` (a legendary rune with the uses it has left)."""
    card = names.legends.get(str(slot["id"]))
    text = Text(names.legend(str(slot["id"])), style="bold")
    text.append(f" ({names.legend_type(str(slot.get('type', '?')))})", style="dim")
    if slot.get("done"):
        text.append(f" {names.word('rb.ui.al_kalim.reward')}", style="bold green3")
        uses = card.reward.uses if card is not None else None
        if uses is not None:
            left = max(0, uses - int(slot.get("uses", 0)))
            uses_left = names.word("rb.ui.al_kalim.uses_left", left=left, uses=uses)
            text.append(f", {uses_left}", style="red1" if not left else "")
        return text
    if card is None:
        return text
    steps = card.quest.steps
    index = min(int(slot.get("step", 0)), len(steps) - 1)
    step = steps[index]
    shown = names.word("rb.ui.al_kalim.step", step=index + 1, steps=len(steps))
    text.append(f" {shown} ", style="dim")
    text.append(step_text(step, names))
    text.append(f" {slot.get('progress', 0)}/{step.count}", style="bold cyan")
    return text


def gear_text(gear: Mapping[str, int], names: AlKalimNames, label: str) -> Text:
    """Survival gear counts after ``label``: ``Gear supply Pack Camel 6 · Waterskin 5 ·
    Adventurer's Kit 6``."""
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
    heading = Text(f"{names.word('rb.ui.al_kalim.quest_board')} ", style="dim")
    if limit:
        heading.append(f"{names.word('rb.ui.al_kalim.limit')} ")
        heading.append(str(limit), style="bold")
    else:
        heading.append(names.word("rb.ui.al_kalim.no_limit"), style="dim")
    parts: list[RenderableType] = [heading]
    for slot in legends:
        line = Text("· ", style="dim")
        line.append_text(legend_slot_text(slot, names))
        parts.append(line)
    gear: Mapping[str, int] = board.get("gear") or {}
    held = [(kind, int(gear.get(kind, 0))) for kind in GEAR_KINDS if gear.get(kind)]
    gear_held = [Text(f"{names.gear_name(kind)} {count}") for kind, count in held]
    parts.append(labelled("rb.ui.al_kalim.gear", gear_held, names))
    return parts


def time_of_day(view: Mapping[str, Any], names: Names) -> Text | None:
    """``night`` or ``day`` of the current turn (``day or night?`` while it is declared)."""
    part = view.get("al_kalim")
    if not part or view.get("finished"):
        return None
    decision = view.get("decision") or {}
    if decision.get("kind") == "day_or_night":
        return Text(names.word("rb.ui.al_kalim.day_or_night"), style="bold")
    if part.get("night"):
        return Text(names.word("rb.al_kalim.time.night"), style=NIGHT_STYLE)
    return Text(names.word("rb.al_kalim.time.day"), style=DAY_STYLE)


def arrows_text(arrows: list[str], names: Names) -> str:
    """The sandstorm's arrows, each with its direction: ``↖ north-west, ↗ north-east``."""
    return ", ".join(
        f"{ARROWS.get(a, '?')} {names.word_or(f'rb.al_kalim.direction.{a}', a)}"
        for a in dict.fromkeys(arrows)
    )


def sandstorm_text(view: Mapping[str, Any], names: Names) -> Text:
    """The sandstorm: its centre, the hexes it covers and where its arrows point (AK-13)."""
    storm: Mapping[str, Any] | None = section(view).get("sandstorm")
    text = Text(f"{names.word('rb.ui.al_kalim.sandstorm')} ", style="bold")
    if not storm:
        text.append(names.word("rb.ui.al_kalim.storm_not_yet"), style="dim")
        return text
    covers = list(storm.get("covers") or [])
    text.append(STORM_CENTRE, style=STORM_STYLE)
    where = names.word("rb.ui.al_kalim.storm_covers", centre=storm.get("centre"), count=len(covers))
    text.append(f" {where} ")
    text.append(STORM_CHAR, style=STORM_STYLE)
    text.append(f" {' '.join(covers)}", style="dim")
    arrows = [str(a) for a in storm.get("arrows") or ()]
    text.append(f" · {names.word('rb.ui.al_kalim.arrows')} ")
    text.append(arrows_text(arrows, names))
    return text


def legend_stacks_text(view: Mapping[str, Any], names: AlKalimNames) -> Text:
    """Each legend stack: its type, size and the quest on top (open, AK-11.2)."""
    stacks: Mapping[str, Mapping[str, Any]] = section(view).get("legend_stacks") or {}
    text = Text(f"{names.word('rb.ui.al_kalim.legends')} ", style="bold")
    for number, (kind, stack) in enumerate(stacks.items()):
        if number:
            text.append(" · ")
        text.append(f"{names.legend_type(kind)} {stack.get('size', 0)}", style="bold")
        top = stack.get("top")
        if top is None:
            text.append(f" {names.word('rb.ui.empty')}", style="dim")
            continue
        text.append(f" {names.legend(str(top))}")
    return text


def supply_text(view: Mapping[str, Any], names: AlKalimNames) -> Text:
    """The survival gear left in the supply (with its price) and the Al-Kalim ally deck."""
    part: Mapping[str, Any] = section(view)
    label = names.word("rb.ui.al_kalim.gear_supply")
    text = gear_text(part.get("gear_supply") or {}, names, label)
    text.stylize("bold", 0, len(label))
    costs = {record.cost for record in names.gear.values()}
    if len(costs) == 1:
        text.append(f" {names.word('rb.ui.al_kalim.each', gold=costs.pop())}", style="yellow")
    text.append(f"   {names.word('rb.ui.al_kalim.allies')} ", style="bold")
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
    cards = (
        names.word("rb.al_kalim.legend_cards.one")
        if count == 1
        else names.word("rb.al_kalim.legend_cards.many", count=count)
    )
    which = names.word(
        "rb.al_kalim.which_first" if args.get("which_first") else "rb.al_kalim.which_one"
    )
    what, _, card_id = str(args.get("taken_by") or "").partition(":")  # "card:<id>": a challenge
    card = names.adventures.get(card_id) if what == "card" else None
    source = (
        names.catalog.name(card.id, card.name)
        if card is not None
        else names.word("rb.al_kalim.a_challenge")
    )
    loss = names.word("rb.ui.al_kalim.must_give_up", cards=cards, source=source, which=which)
    return Text(loss, style="bold red1")


_NAMES: dict[tuple[int, str], tuple[RuneboundContent, AlKalimNames]] = {}


def al_kalim_names(content: RuneboundContent, catalog: Catalog | None = None) -> AlKalimNames:
    """The names of an Al-Kalim game: its content view (the overlay board, the Al-Kalim cards,
    the Al-Kalim allies and the legend pseudo-cards in the market), made once per content and
    language (``catalog`` default: the base game's English one)."""
    key = (id(content), catalog.language if catalog is not None else "")
    hit = _NAMES.get(key)
    if hit is None or hit[0] is not content:
        hit = (content, AlKalimNames(play_content(content), catalog))
        _NAMES[key] = hit
    return hit[1]


class AlKalimDrawing(AdventureDrawing):
    title = "rb.ui.al_kalim.title"
    has_events = False  # AK-1.3: no event cards

    def names(self, content: RuneboundContent | None, catalog: Catalog | None = None) -> Names:
        """Al-Kalim's content view (the built-in Al-Kalim content if ``content`` has none)."""
        chosen = content_with_part(content, "al_kalim")
        if chosen is None:
            return Names(default_content(), catalog)
        return al_kalim_names(chosen, catalog)

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
            text.append(f" {names.place(lost.id)}", style="dim")
            at = where.get(lost.id)
            found = names.word("rb.ui.at", place=at) if at else names.word("rb.ui.not_found")
            text.append(f" {found}", style="dim")
        if section(view):
            text.append("\n")
            text.append(STORM_CHAR, style=STORM_STYLE)
            text.append(f" {names.word('rb.ui.al_kalim.storm_mark')} ", style="dim")
            text.append(STORM_CENTRE, style=STORM_STYLE)
            text.append(f" {names.word('rb.ui.al_kalim.storm_centre_mark')}", style="dim")

    def header_text(self, view: Mapping[str, Any], names: Names) -> Text | None:
        return time_of_day(view, names)

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
        self, view: Mapping[str, Any], card: AdventureCard | None, wounds: int, names: Names
    ) -> Text | None:
        """AK-6.3: the life by day or by night; traits and a sunburst (AK-6.5, AK-6.6)."""
        part = view.get("al_kalim")
        if not part or card is None or card.life is None:
            return None
        night = bool(part.get("night")) and card.night_life is not None
        life = card.night_life if night and card.night_life is not None else card.life
        shown = (view.get("combat") or {}).get("life")  # as the rules read it (AK-17.3)
        if isinstance(shown, int):
            life = shown
        text = Text(f" · {names.word('rb.ui.life')} {life - wounds}/{life}")
        time = "night" if part.get("night") else "day"
        text.append(f" {names.word(f'rb.ui.al_kalim.by.{time}')}", style="dim")
        if card.traits:
            traits = ", ".join(trait_word(trait, names) for trait in card.traits)
            text.append(f" · {traits}", style="bold")
        if card.sunburst:
            text.append(f" · {names.word('rb.ui.al_kalim.sunburst')}", style="bold yellow")
        return text

    def table_parts(self, view: Mapping[str, Any], names: Names) -> list[RenderableType]:
        if not section(view) or not isinstance(names, AlKalimNames):
            return []
        return [sandstorm_text(view, names), legend_stacks_text(view, names)]

    def supply_parts(self, view: Mapping[str, Any], names: Names) -> list[RenderableType]:
        if not section(view) or not isinstance(names, AlKalimNames):
            return []
        return [supply_text(view, names)]


AL_KALIM_DRAWING = AlKalimDrawing()
