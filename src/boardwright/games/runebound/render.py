"""Rich rendering of a Runebound view dict (the output of ``Runebound.view``).

The view holds ids; names, costs and the board come from the static content (public
information), by default :func:`default_content` or the content the game was built with.

The map is drawn in "odd-r" offset rows (odd rows shoved one character to the right), two
characters per hex: the first is the place (a terrain letter, or the city's digit in the market
row), the second what stands on it (a hero's seat number, ``+`` for several heroes, ``!`` for an
undefeated challenge, else an adventure counter as its colour's capital letter). Every coloured
piece also shows a letter, so the board reads without colours. Four heroes fit a 120-column
terminal.

An adventure adds to this drawing what its view section holds, through its
:class:`AdventureDrawing` (named by ``Adventure.drawing``; Al-Kalim's is in
``adventures/al_kalim/render.py``): the names it reads, marks on the map, lines in the legend,
the header and the hero panels, and parts of the table.

The words of the table are the game's catalog's (``rb.ui.*`` and the words of its messages,
merged with the adventure's catalog) in the player's language, and so are the names of the
content where the catalog has them (:class:`Names`); the letters and marks on the map stay as
they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from boardwright.engine.catalog import DEFAULT_LANGUAGE, Catalog, load_catalog
from boardwright.engine.hexgrid import from_offset, to_offset
from boardwright.games.runebound.adventures import get_adventure
from boardwright.games.runebound.content import (
    TERRAIN_NAMES,
    BoardHex,
    City,
    LostCity,
    RuneboundContent,
    default_content,
)
from boardwright.games.runebound.records import (
    AdventureCard,
    Attack,
    MarketCard,
)
from boardwright.games.runebound.texts import PACKAGE as TEXTS_PACKAGE
from boardwright.games.runebound.texts import hex_naming, hex_text, runebound_catalog

TERRAIN_LETTERS = {
    "plains": "p",
    "road": "r",
    "hills": "h",
    "forest": "f",
    "mountains": "m",
    "river": "w",
    "swamp": "s",
}
TERRAIN_STYLES = {
    "plains": "light_goldenrod2",
    "road": "grey70",
    "hills": "dark_orange3",
    "forest": "green3",
    "mountains": "bright_white",
    "river": "deep_sky_blue1",
    "swamp": "medium_purple2",
}
COLOUR_LETTERS = {"green": "G", "yellow": "Y", "blue": "B", "red": "R"}
GEM_STYLES = {
    "green": "bold black on green3",
    "yellow": "bold black on yellow1",
    "blue": "bold white on dodger_blue2",
    "red": "bold white on red3",
}
TEXT_STYLES = {
    "green": "bold green3",
    "yellow": "bold yellow1",
    "blue": "bold dodger_blue1",
    "red": "bold red1",
}
CITY_STYLE = "bold black on grey82"
LOST_CITY_STYLE = "bold black on gold1"
HERO_STYLE = "bold white on magenta"
UNDEFEATED_CHAR = "!"
SEVERAL_HEROES = "+"
TRACK_LENGTH = 6  # RB-6: undefeated challenges on the track
PANEL_WIDTH = 40
MAP_WIDTH = 36
STEP_TITLES = ("ranged", "melee", "magic")
DOOM_COUNTERS = 8  # AR-2: the doom counters that end the normal game


def unique_letters(names: Sequence[str], taken: set[str]) -> list[str]:
    """One letter per name, each the first of its letters not taken yet (``?`` if none is left);
    the letters found are added to ``taken``."""
    letters = []
    for name in names:
        free = [c for c in name.lower() if c.isalpha() and c not in taken]
        letter = free[0] if free else "?"
        taken.add(letter)
        letters.append(letter)
    return letters


def terrain_letters(shown: Sequence[str]) -> dict[int, str]:
    """The map letter of each terrain index, for the board's shown terrain names: the base
    letters for the base names, else the first free letter of the shown name (Al-Kalim:
    ``d`` dunes, ``o`` rock, ...); a terrain keeps its base letter where its name is unchanged."""
    letters: dict[int, str] = {}
    renamed: list[int] = []
    for terrain, letter in TERRAIN_LETTERS.items():
        index = TERRAIN_NAMES.index(terrain)
        name = shown[index] if index < len(shown) else terrain
        if name == terrain:
            letters[index] = letter
        else:
            renamed.append(index)
    found = unique_letters([shown[i] for i in renamed], set(letters.values()))
    letters.update(zip(renamed, found, strict=True))
    return letters


class Names:
    """Id lookups in the static content, and the words of the table: ``catalog`` (default: the
    base game's English one) names the content where it has a name for it, else the content
    file's name shows; unknown ids show as the id itself."""

    def __init__(self, content: RuneboundContent, catalog: Catalog | None = None) -> None:
        self.content = content
        self.catalog = catalog if catalog is not None else load_catalog(TEXTS_PACKAGE)
        self.adventures: dict[str, AdventureCard] = {c.id: c for c in content.adventures}
        self.market: dict[str, MarketCard] = {c.id: c for c in content.market}
        self.cities = {c.id: c for c in content.board.cities}
        self.hexes: dict[str, BoardHex] = {str(h.at): h for h in content.board.hexes}
        board = content.board
        self.terrain_names: tuple[str, ...] = board.terrain_names
        self.letters = terrain_letters(board.terrain_names)
        self.lost: dict[str, LostCity] = {c.id: c for c in board.lost_cities}
        upper = unique_letters([c.power for c in board.lost_cities], set())
        self.lost_letters = {
            c.id: letter.upper() for c, letter in zip(board.lost_cities, upper, strict=True)
        }
        self.locations = {
            location.id: self.catalog.name(location.id, location.name)
            for location in board.locations
        }
        # PK-2: the short tag of each card pack here, from the message catalog
        self.set_tags = {pack: self.word(f"rb.set.{pack}") for pack in content.packs}

    def word(self, msgid: str, **fields: object) -> str:
        """The catalog's message ``msgid`` with ``fields`` filled in."""
        return self.catalog.text(msgid, **fields)

    def word_or(self, msgid: str, shown: str) -> str:
        """The catalog's word ``msgid``, or ``shown`` where it has none (a content pack's own
        terrain or trait)."""
        return self.word(msgid) if self.catalog.has(msgid) else shown

    @property
    def english(self) -> bool:
        return self.catalog.language == DEFAULT_LANGUAGE

    def seat(self, seat: int) -> str:
        """How the game names a seat (``Player 1`` for seat 0)."""
        return self.word("rb.seat", number=seat + 1)

    def hero(self, hero: Mapping[str, Any]) -> str:
        """The name of a hero of the view (its ``hero`` id and English ``name``)."""
        return self.catalog.name(str(hero.get("hero", "")), str(hero["name"]))

    def city(self, city: City) -> str:
        return self.catalog.name(city.id, city.name)

    def hex_name(self, at: str, english: str) -> str:
        """The name of the hex ``at`` (``english``: as the view names it) in the catalog's
        language: a city's or a place's name, else its terrain and ``q,r``."""
        cell = self.hexes.get(at)
        if self.english or cell is None:
            return english
        return hex_text(hex_naming(self.content.board, cell.index), at, self.catalog)

    def set_tag(self, text: Text, card_set: str) -> Text:
        """``text`` with the card's pack tag after it, for a card pack's card."""
        tag = self.set_tags.get(card_set)
        if tag is not None:
            text.append(f" [{tag}]", style="magenta")
        return text

    def terrain(self, index: int) -> str:
        """A terrain's shown name (``dunes`` for plains on the Al-Kalim board), in the catalog's
        language where it has a word for it."""
        if index >= len(self.terrain_names):
            return "?"
        shown = self.terrain_names[index]
        return self.word_or(f"rb.terrain.{shown}", shown)

    def place(self, place_id: str) -> str:
        """A city's or lost city's name by id."""
        city = self.cities.get(place_id)
        if city is not None:
            return self.city(city)
        lost = self.lost.get(place_id)
        return self.catalog.name(lost.id, lost.name) if lost is not None else place_id

    def stack_position(self, stack_id: str) -> int | None:
        """The market position of a market stack, keyed by a city or lost-city id."""
        city = self.cities.get(stack_id)
        if city is not None:
            return city.market_position
        lost = self.lost.get(stack_id)
        return lost.market_position if lost is not None else None

    def adventure(self, card_id: str) -> Text:
        """An adventure card's name in its colour, with the colour letter (``[Y]``)."""
        card = self.adventures.get(card_id)
        if card is None:
            return Text(card_id)
        name = self.catalog.name(card.id, card.name)
        text = Text(name, style=TEXT_STYLES.get(card.colour, "bold"))
        text.append(f" [{COLOUR_LETTERS.get(card.colour, '?')}]", style="dim")
        return self.set_tag(text, card.card_set)

    def market_card(self, card_id: str, *, cost: bool = False) -> Text:
        card = self.market.get(card_id)
        if card is None:
            return Text(card_id)
        text = self.set_tag(Text(self.catalog.name(card.id, card.name)), card.card_set)
        if cost:
            text.append(f" {self.word('rb.ui.gold_cost', gold=card.cost)}", style="yellow")
        return text

    def city_number(self, city_id: str) -> int | None:
        city = self.cities.get(city_id)
        return None if city is None else city.index + 1


# --- pieces ------------------------------------------------------------------------------------
def gem(colour: str) -> Text:
    """An adventure counter: its colour's capital letter on the colour (1 cell)."""
    return Text(COLOUR_LETTERS.get(colour, "?"), style=GEM_STYLES.get(colour, "reverse"))


def hero_mark(seat: int) -> Text:
    return Text(str(seat + 1), style=HERO_STYLE)


def place_char(cell: BoardHex, names: Names | None = None) -> Text:
    """The first character of a hex: the city's number, else the terrain letter."""
    terrain = TERRAIN_NAMES[cell.terrain]
    if cell.city >= 0:
        return Text(str(cell.city + 1)[-1], style=CITY_STYLE)
    letter = names.letters.get(cell.terrain) if names is not None else None
    if letter is None:
        letter = TERRAIN_LETTERS.get(terrain, "?")
    return Text(letter, style=TERRAIN_STYLES.get(terrain, ""))


def lost_city_mark(names: Names, lost_id: str) -> Text:
    """A lost city: the capital letter of its power (``F`` for the City of Faith)."""
    return Text(names.lost_letters.get(lost_id, "?"), style=LOST_CITY_STYLE)


def occupant_char(
    at: str,
    heroes_at: Mapping[str, list[int]],
    undefeated: Mapping[str, str],
    counters: Mapping[str, Sequence[str]],
    names: Names,
) -> Text:
    """The second character of a hex: heroes, then an undefeated marker, then a counter."""
    seats = heroes_at.get(at, [])
    if len(seats) == 1:
        return hero_mark(seats[0])
    if seats:
        return Text(SEVERAL_HEROES, style=HERO_STYLE)
    card_id = undefeated.get(at)
    if card_id is not None:
        card = names.adventures.get(card_id)
        colour = card.colour if card is not None else ""
        return Text(UNDEFEATED_CHAR, style=GEM_STYLES.get(colour, "bold reverse"))
    here = counters.get(at) or []
    if here:
        return gem(here[-1])  # the most valuable colour when several share a hex
    return Text(" ")


def board_map(view: Mapping[str, Any], names: Names) -> Text:
    """The board in odd-r rows; each row starts with the ``q,r`` of its first hex."""
    cells = {to_offset(h.at): h for h in names.content.board.hexes}
    if not cells:
        return Text(names.word("rb.ui.no_board"), style="dim")
    heroes_at: dict[str, list[int]] = {}
    for hero in view.get("heroes", []):
        heroes_at.setdefault(str(hero["at"]), []).append(int(hero["seat"]))
    undefeated: Mapping[str, str] = view.get("undefeated") or {}
    counters: Mapping[str, Sequence[str]] = view.get("counters") or {}
    marks = drawing_for(view).map_marks(view, names)
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    first_col, last_col = min(cols), max(cols)
    drawing = Text()
    for row in range(min(rows), max(rows) + 1):
        start = from_offset(first_col, row)
        if row != min(rows):
            drawing.append("\n")
        drawing.append(f"{start.q:>3},{start.r:<3}", style="dim")
        if row & 1:
            drawing.append(" ")
        for col in range(first_col, last_col + 1):
            cell = cells.get((col, row))
            if cell is None:
                drawing.append("  ")
                continue
            at = str(cell.at)
            drawing.append_text(marks[at] if at in marks else place_char(cell, names))
            drawing.append_text(occupant_char(at, heroes_at, undefeated, counters, names))
    return drawing


def legend(names: Names, view: Mapping[str, Any] | None = None) -> Text:
    """Terrain letters, city numbers and what the second character of a hex means, with the
    adventure's own marks (Al-Kalim: the lost cities with where they lie, the sandstorm)."""
    text = Text()
    for number, terrain in enumerate(TERRAIN_LETTERS):
        if number:
            text.append("\n" if number == 4 else " ")
        index = TERRAIN_NAMES.index(terrain)
        text.append(names.letters.get(index, "?"), style=TERRAIN_STYLES[terrain])
        text.append(f" {names.terrain(index)}", style="dim")
    for city in names.content.board.cities:
        text.append("\n" if city.index % 3 == 0 else " ")
        text.append(str(city.index + 1)[-1], style=CITY_STYLE)
        text.append(f" {names.city(city)}", style="dim")
    shown = view or {}
    drawing_for(shown).legend_lines(text, shown, names)
    text.append("\n")
    text.append("1", style=HERO_STYLE)
    text.append(f" {names.word('rb.ui.hero')} ", style="dim")
    text.append(SEVERAL_HEROES, style=HERO_STYLE)
    text.append(f" {names.word('rb.ui.heroes')} ", style="dim")
    text.append(UNDEFEATED_CHAR, style="bold reverse")
    text.append(f" {names.word('rb.ui.undefeated_mark')}\n", style="dim")
    for colour in COLOUR_LETTERS:
        text.append_text(gem(colour))
        text.append(" ")
    text.append(names.word("rb.ui.counters"), style="dim")
    return text


# --- heroes ------------------------------------------------------------------------------------
def hero_heading(hero: Mapping[str, Any], view: Mapping[str, Any], names: Names) -> Text:
    seat = int(hero["seat"])
    heading = hero_mark(seat)
    heading.append(f" {names.hero(hero)}", style="bold")
    if view.get("viewer") == seat:
        heading.append(f" {names.word('rb.ui.you')}", style="bold cyan")
    if not view.get("finished") and view.get("turn") == seat:
        heading.append(f" ◀ {names.word('rb.ui.turn_mark')}", style="bold yellow")
    if view.get("winner") == seat:
        heading.append(f" ★ {names.word('rb.ui.winner')}", style="bold yellow")
    return heading


def stat_line(hero: Mapping[str, Any], names: Names) -> Text:
    """``life 4/5 wounds 1 · stamina 2/3 exh. 1`` (what is left of the maximum; wounds,
    exhaustion)."""
    life, wounds = int(hero["life"]), int(hero["wounds"])
    stamina, exhaustion = int(hero["stamina"]), int(hero["exhaustion"])
    text = Text(f"{names.word('rb.ui.life')} ")
    text.append(f"{life - wounds}/{life}", style="bold red1" if wounds else "bold")
    text.append(f" {names.word('rb.ui.wounds', count=wounds)}", style="dim")
    text.append(f" · {names.word('rb.ui.stamina')} ")
    text.append(f"{stamina - exhaustion}/{stamina}", style="bold cyan" if exhaustion else "bold")
    text.append(f" {names.word('rb.ui.exhaustion', count=exhaustion)}", style="dim")
    return text


def ability_line(hero: Mapping[str, Any], names: Names) -> Text:
    text = Text(f"{names.word('rb.ui.gold')} ")
    text.append(str(hero["gold"]), style="bold yellow")
    for stat in ("mind", "body", "spirit"):
        text.append(f" · {names.word(f'rb.stat.{stat}')} ")
        text.append(str(hero[stat]), style="bold")
    return text


def experience_line(hero: Mapping[str, Any], names: Names) -> Text:
    text = Text(f"{names.word('rb.ui.xp')} ")
    text.append(str(hero["experience"]), style="bold")
    counters = list(hero.get("counters", []))
    if counters:
        text.append(" ")
        for colour in counters:
            text.append_text(gem(colour))
    bought = list(hero.get("experience_counters", []))
    if bought:
        text.append(f" · {names.word('rb.ui.bought')} ")
        kinds = (names.word_or(f"rb.xp.{kind}", str(kind)) for kind in bought)
        text.append(" ".join(f"+{kind}" for kind in kinds), style="magenta")
    return text


def labelled(label: str, parts: Sequence[Text], names: Names) -> Text:
    """``label`` (a word of the catalog, ``rb.ui.items``) then the parts, or ``none``."""
    text = Text(f"{names.word(label)} ", style="dim")
    none = Text(names.word("rb.none"), style="dim")
    text.append_text(Text(", ").join(parts) if parts else none)
    return text


def ally_text(ally: Mapping[str, Any], names: Names) -> Text:
    text = names.market_card(str(ally["id"]))
    marks = []
    if ally.get("wounds"):
        marks.append(names.word("rb.ui.ally_wounds", count=ally["wounds"]))
    if ally.get("exhaustion"):
        marks.append(names.word("rb.ui.ally_exhaustion", count=ally["exhaustion"]))
    if marks:
        text.append(f" ({' '.join(marks)})", style="red1")
    return text


def where_text(hero: Mapping[str, Any], names: Names, lost_city: str | None = None) -> Text:
    """``at forest 3,4``; named places and cities get their ``q,r`` added to find them (and a
    lost city on the hex its name)."""
    at = str(hero["at"])
    where = names.hex_name(at, str(hero["where"]))
    shown = where if where.endswith(at) else f"{where} ({at})"
    if lost_city is not None:
        shown += f", {lost_city}"
    return Text(names.word("rb.ui.at", place=shown), style="italic")


def hero_panel(hero: Mapping[str, Any], view: Mapping[str, Any], names: Names) -> Group:
    """Name, where, life and stamina, gold and stats, experience, items, allies, Dragon Runes,
    then the adventure's parts (Al-Kalim: the quest board and the survival gear)."""
    drawing = drawing_for(view)
    lost_here = drawing.lost_cities(view).get(str(hero["at"]))
    items = [names.market_card(str(i)) for i in hero.get("items", [])]
    parts: list[RenderableType] = [
        hero_heading(hero, view, names),
        where_text(hero, names, None if lost_here is None else names.place(lost_here)),
        stat_line(hero, names),
        ability_line(hero, names),
        experience_line(hero, names),
        labelled("rb.ui.items", items, names),
        labelled("rb.ui.allies", [ally_text(a, names) for a in hero.get("allies", [])], names),
    ]
    runes = [names.adventure(str(r)) for r in hero.get("dragon_runes", [])]
    if runes:
        title = names.word(drawing.kept_title)
        rune_text = Text(f"{title} {len(runes)}: ", style="bold red1")
        rune_text.append_text(Text(", ").join(runes))
        parts.append(rune_text)
    held = [names.adventure(str(c)) for c in hero.get("held", [])]  # PV-12
    if held:
        parts.append(labelled("rb.ui.held", held, names))
    parts.extend(drawing.hero_parts(view, int(hero["seat"]), names))
    return Group(*parts)


def hero_grid(view: Mapping[str, Any], names: Names) -> Table:
    """The heroes two by two (the viewer's first, then the others in seat order)."""
    heroes = list(view.get("heroes", []))
    viewer = view.get("viewer")
    heroes.sort(key=lambda h: (h["seat"] != viewer, h["seat"]))
    columns = 1 if len(heroes) < 2 else 2
    grid = Table.grid(padding=(0, 1, 1, 0))
    for _ in range(columns):
        grid.add_column(width=PANEL_WIDTH)
    for start in range(0, len(heroes), columns):
        row: list[RenderableType] = [
            hero_panel(h, view, names) for h in heroes[start : start + columns]
        ]
        row.extend(Text("") for _ in range(columns - len(row)))
        grid.add_row(*row)
    return grid


# --- the adventure's part ---------------------------------------------------------------------
class AdventureDrawing:
    """What an adventure adds to the table. This base drawing adds nothing (Rise of the
    Dragonlords); an adventure names its subclass in ``Adventure.drawing``."""

    title = ""
    """The message id of the adventure's title, shown after "Runebound" in the header ("" for
    none)."""
    has_events = True
    """False: the event line shows only while an event is in play (Al-Kalim has none)."""
    kept_title = "rb.ui.dragon_runes"
    """The message id of what the red cards a hero keeps are called (Avatars of Kelnov:
    "Avatars")."""

    def names(self, content: RuneboundContent | None, catalog: Catalog | None = None) -> Names:
        """The names of a game of this adventure (``content`` default: the built-in one) in
        the language of ``catalog`` (default: English)."""
        return Names(content if content is not None else default_content(), catalog)

    def lost_cities(self, view: Mapping[str, Any]) -> dict[str, str]:
        """Where lost cities lie: hex label -> lost-city id."""
        return {}

    def map_marks(self, view: Mapping[str, Any], names: Names) -> dict[str, Text]:
        """The first character of the hexes drawn otherwise than by terrain or city."""
        return {}

    def legend_lines(self, text: Text, view: Mapping[str, Any], names: Names) -> None:
        """Add the adventure's own marks to the map's legend."""

    def header_text(self, view: Mapping[str, Any], names: Names) -> Text | None:
        """A word for the header after whose turn it is (Al-Kalim: day or night)."""
        return None

    def hero_parts(self, view: Mapping[str, Any], seat: int, names: Names) -> list[RenderableType]:
        """Lines under a hero's panel."""
        return []

    def combat_life(
        self, view: Mapping[str, Any], card: AdventureCard | None, wounds: int, names: Names
    ) -> Text | None:
        """The fought challenge's life, as the adventure reads it; None: the base reading."""
        return None

    def table_parts(self, view: Mapping[str, Any], names: Names) -> list[RenderableType]:
        """Lines after the undefeated track."""
        return []

    def supply_parts(self, view: Mapping[str, Any], names: Names) -> list[RenderableType]:
        """Lines after the decks."""
        return []


BASE_DRAWING = AdventureDrawing()


def table_catalog(view: Mapping[str, Any], language: str = DEFAULT_LANGUAGE) -> Catalog:
    """The words of the view's game in ``language``: the base game's catalog merged with its
    adventure's (:func:`~boardwright.games.runebound.texts.runebound_catalog`)."""
    adventure_id = view.get("adventure")
    if not adventure_id:
        return load_catalog(TEXTS_PACKAGE, language)
    return runebound_catalog(get_adventure(str(adventure_id)), language)


def drawing_for(view: Mapping[str, Any]) -> AdventureDrawing:
    """The drawing of the view's adventure (imported by name from its module)."""
    adventure_id = view.get("adventure")
    target = get_adventure(str(adventure_id)).drawing if adventure_id else ""
    if not target:
        return BASE_DRAWING
    module_name, _, attribute = target.partition(":")
    found: AdventureDrawing = getattr(import_module(module_name), attribute)
    return found


# --- the table ---------------------------------------------------------------------------------
def event_text(view: Mapping[str, Any], names: Names) -> Text:
    text = Text(f"{names.word('rb.ui.event')} ", style="bold")
    event = view.get("event")
    if event is None:
        text.append(names.word("rb.ui.no_event"), style="dim")
        return text
    card = names.adventures.get(str(event))
    if card is not None and card.number is not None:
        text.append(f"#{card.number} ", style="dim")
    text.append_text(names.adventure(str(event)))
    if card is not None and card.text:
        text.append(f": {names.catalog.content_text(card.text)}")
    return text


def track_text(view: Mapping[str, Any], names: Names) -> Text:
    """The undefeated track in order, each with the hex its marker stands on."""
    track = [str(card) for card in view.get("track", [])]
    where = {str(card): at for at, card in (view.get("undefeated") or {}).items()}
    heading = names.word("rb.ui.undefeated", count=len(track), places=TRACK_LENGTH)
    text = Text(f"{heading} ", style="bold")
    if not track:
        text.append(names.word("rb.none"), style="dim")
    for number, card in enumerate(track, 1):
        if number > 1:
            text.append(" · ")
        text.append(f"{number}.", style="dim")
        text.append_text(names.adventure(card))
        if card in where:
            text.append(f" {names.word('rb.ui.at', place=where[card])}", style="dim")
    return text


def endgame_order(endgame: Mapping[str, Any], names: Names) -> str:
    """AR-3: the heroes' order in the endgame, those out of it marked."""
    out = set(endgame.get("eliminated") or [])
    order = endgame.get("order") or []
    marked = (names.seat(s) + (f" {names.word('rb.ui.out')}" if s in out else "") for s in order)
    return " → ".join(marked) or names.word("rb.ui.endgame_soon")


def doom_text(view: Mapping[str, Any], names: Names) -> Text | None:
    """Advanced Runebound: the doom track's face-down colours, the doom counters and the
    endgame's order (AR-2, AR-3); None when neither is in play."""
    doom: Mapping[str, Any] = view.get("doom") or {}
    endgame: Mapping[str, Any] | None = view.get("endgame")
    if doom.get("places") is None and not doom.get("counters") and endgame is None:
        return None
    text = Text(f"{names.word('rb.ui.doom')} ", style="bold")
    places = doom.get("places")
    if places is not None:
        track = list(doom.get("track") or [])
        text.append(f"{names.word('rb.ui.doom_track', count=len(track), places=places)} ")
        for colour in track:
            text.append(COLOUR_LETTERS.get(colour, "?"), style=TEXT_STYLES.get(colour, ""))
        text.append(" · ")
    counters = doom.get("counters", 0)
    text.append(names.word("rb.ui.doom_counters", count=counters, most=DOOM_COUNTERS))
    if endgame is not None:
        text.append(f"   {names.word('rb.ui.endgame')} ", style="bold red")
        text.append(endgame_order(endgame, names))
    return text


def from_packs(count: int, names: Names) -> str:
    """PK-4/PK-5: `` (2 from packs first)``."""
    return f" {names.word('rb.ui.from_packs', count=count)}"


def decks_text(view: Mapping[str, Any], names: Names) -> Text:
    """Deck sizes (discards in brackets) and the spare adventure counters."""
    sizes: Mapping[str, int] = view.get("deck_sizes") or {}
    discards: Mapping[str, int] = view.get("discard_sizes") or {}
    packs: Mapping[str, Any] = view.get("packs") or {}
    focus: Mapping[str, int] = packs.get("focus_sizes") or {}  # PK-4/PK-5: drawn first
    text = Text(f"{names.word('rb.ui.decks')} ", style="bold")
    text.append(names.word("rb.ui.market_deck", count=sizes.get("market", "?")))
    if focus.get("market"):
        text.append(from_packs(focus["market"], names), style="magenta")
    for colour in COLOUR_LETTERS:
        if colour not in sizes:
            continue
        text.append(" · ")
        text.append(names.word(f"rb.colour.{colour}"), style=TEXT_STYLES[colour])
        text.append(f" {sizes[colour]}")
        if focus.get(colour):
            text.append(from_packs(focus[colour], names), style="magenta")
        if discards.get(colour):
            text.append(f" {names.word('rb.ui.discarded', count=discards[colour])}", style="dim")
    supply: Mapping[str, int] = view.get("counter_supply") or {}
    if supply:
        text.append(f"   {names.word('rb.ui.spare_counters')} ", style="bold")
        for colour, count in supply.items():
            text.append_text(gem(colour))
            text.append(f"{count} ")
    return text


def market_table(view: Mapping[str, Any], names: Names) -> Table:
    """Each city's face-up stack: number, city, card names and costs in gold."""
    table = Table(
        title=names.word("rb.ui.markets"),
        title_justify="left",
        title_style="bold",
        box=None,
        show_header=False,
        padding=(0, 1),
        pad_edge=False,
    )
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    markets: Mapping[str, Sequence[str]] = view.get("markets") or {}
    lost_at = drawing_for(view).lost_cities(view)
    by_position = {names.stack_position(key): key for key in markets}
    heroes_in: dict[str, list[int]] = {}
    for hero in view.get("heroes", []):
        cell = names.hexes.get(str(hero["at"]))
        stack_id: str | None = None
        if cell is not None and cell.city >= 0:
            city = names.content.board.cities[cell.city]
            stack_id = by_position.get(city.market_position, city.id)
        elif str(hero["at"]) in lost_at:
            stack_id = lost_at[str(hero["at"])]
        if stack_id is not None:
            heroes_in.setdefault(stack_id, []).append(int(hero["seat"]))
    for stack_id, stack in markets.items():
        mark, label = stack_label(stack_id, view, names)
        for seat in heroes_in.get(stack_id, []):
            label.append(" ")
            label.append_text(hero_mark(seat))
        cards = [names.market_card(str(c), cost=True) for c in stack]
        empty = Text(names.word("rb.ui.empty"), style="dim")
        table.add_row(mark, label, Text(" · ").join(cards) if cards else empty)
    return table


def stack_label(stack_id: str, view: Mapping[str, Any], names: Names) -> tuple[Text, Text]:
    """The map marks and the name of the places using a market stack: one city, the cities
    sharing its position (Al-Kalim: ``5/6 Hasmeen / Sulun Wells``), or a lost city with where
    it lies."""
    lost = names.lost.get(stack_id)
    if lost is not None:
        lost_at = drawing_for(view).lost_cities(view)
        at = next((where for where, found in lost_at.items() if found == stack_id), None)
        label = Text(names.place(stack_id))
        where = names.word("rb.ui.at", place=at) if at else f"({names.word('rb.ui.not_found')})"
        label.append(f" {where}", style="dim")
        return lost_city_mark(names, stack_id), label
    city = names.cities.get(stack_id)
    if city is None:
        return Text("?", style=CITY_STYLE), Text(stack_id)
    sharing = [c for c in names.content.board.cities if c.market_position == city.market_position]
    if len(sharing) < 2:
        return Text(str(city.index + 1)[-1], style=CITY_STYLE), Text(names.city(city))
    marks = Text("/").join(Text(str(c.index + 1)[-1], style=CITY_STYLE) for c in sharing)
    return marks, Text(" / ".join(names.city(c) for c in sharing))


def attack_text(label: str, attack: Attack | None) -> Text:
    if attack is None:
        return Text(f"{label} —", style="dim")
    return Text(f"{label} {attack.value}/{attack.damage}")


def combat_text(view: Mapping[str, Any], names: Names) -> Text | None:
    """The fight in progress: who, against what, the challenge's stats, round and wounds."""
    combat = view.get("combat")
    if not combat:
        return None
    text = Text(f"{names.word('rb.ui.combat')} ", style="bold red1")
    seat = view.get("turn")
    heroes = {int(h["seat"]): h for h in view.get("heroes", [])}
    if isinstance(seat, int) and seat in heroes:
        text.append_text(hero_mark(seat))
        text.append(f" {names.word('rb.ui.against', hero=names.hero(heroes[seat]))} ")
    text.append_text(names.adventure(str(combat["card"])))
    card = names.adventures.get(str(combat["card"]))
    wounds = int(combat.get("enemy_wounds", 0))
    life_text = drawing_for(view).combat_life(view, card, wounds, names)
    if life_text is not None:
        text.append_text(life_text)
    elif card is not None and card.life is not None:
        text.append(f" · {names.word('rb.ui.life')} {card.life - wounds}/{card.life}")
    elif wounds:
        text.append(f" · {names.word('rb.ui.wounds', count=wounds)}")
    if card is not None:
        text.append(" · ")
        text.append_text(attacks_text(card, names))
        text.append(f" {names.word('rb.ui.value_damage')}", style="dim")
    text.append(f" · {names.word('rb.ui.round', round=combat.get('round', '?'))}")
    if combat.get("hero_step"):
        step = names.word_or(f"rb.step.{combat['hero_step']}", str(combat["hero_step"]))
        text.append(f" · {names.word('rb.ui.hero_attacks', step=step)}")
    return text


def attacks_text(card: AdventureCard, names: Names) -> Text:
    """A challenge's value/damage in each combat step (``ranged 10/1 melee — magic —``)."""
    attacks = (card.ranged, card.melee, card.magic)
    return Text(" ").join(
        attack_text(names.word(f"rb.step.{step}"), attack)
        for step, attack in zip(STEP_TITLES, attacks, strict=True)
    )


def turn_text(view: Mapping[str, Any], names: Names) -> Text:
    """Whose turn it is and who decides (when another seat does), and the adventure's word."""
    text = Text()
    turn = view.get("turn")
    if isinstance(turn, int):
        text.append(f" · {names.word('rb.ui.turn', seat=names.seat(turn))}")
    decision = view.get("decision") or {}
    deciding = decision.get("seat", turn)
    if deciding != turn and isinstance(deciding, int):
        text.append(f" · {names.word('rb.ui.decides', seat=names.seat(deciding))}")
    extra = drawing_for(view).header_text(view, names)
    if extra is not None:
        text.append(" · ")
        text.append_text(extra)
    return text


def header(view: Mapping[str, Any], names: Names) -> Text:
    drawing = drawing_for(view)
    text = Text("Runebound", style="bold")
    if drawing.title:
        text.append(f" · {names.word(drawing.title)}", style="bold")
    text.append(f" · {names.word('rb.ui.round', round=view.get('round', '?'))}")
    if view.get("finished"):
        text.append(f" · {names.word('rb.ui.game_over')}", style="bold red")
        winner = view.get("winner")
        if isinstance(winner, int):
            text.append(f" · {names.word('rb.ui.wins', seat=names.seat(winner))}")
    else:
        text.append_text(turn_text(view, names))
    first = view.get("first_player")
    if isinstance(first, int):
        shown = names.word("rb.ui.first_player", seat=names.seat(first))
        text.append(f" · {shown}", style="dim")
    viewer = view.get("viewer")
    seen = (
        names.word("rb.ui.seen_by", seat=names.seat(viewer))
        if viewer is not None
        else names.word("rb.ui.spectator")
    )
    text.append(f" · {seen}", style="dim")
    return text


def names_for(
    view: Mapping[str, Any],
    content: RuneboundContent | None,
    language: str = DEFAULT_LANGUAGE,
) -> Names:
    """The names of the view's game, as its adventure's drawing reads ``content`` (default:
    the built-in content), with the words of ``language``."""
    return drawing_for(view).names(content, table_catalog(view, language))


def render_view(
    view: Mapping[str, Any],
    content: RuneboundContent | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> RenderableType:
    """The whole table as one Rich renderable (names from ``content``, default: built-in), in
    ``language``."""
    drawing = drawing_for(view)
    names = names_for(view, content, language)
    left = Group(board_map(view, names), Text(""), legend(names, view))
    top = Table.grid(padding=(0, 2, 0, 0))
    top.add_column(width=MAP_WIDTH)
    top.add_column()
    top.add_row(left, hero_grid(view, names))
    parts: list[RenderableType] = [header(view, names), top]
    fight = combat_text(view, names)
    if fight is not None:
        parts.append(fight)
    if drawing.has_events or view.get("event") is not None:
        parts.append(event_text(view, names))
    parts.append(track_text(view, names))
    parts.extend(drawing.table_parts(view, names))
    doom = doom_text(view, names)
    if doom is not None:
        parts.append(doom)
    parts.extend([market_table(view, names), decks_text(view, names)])
    parts.extend(drawing.supply_parts(view, names))
    return Group(*parts)
