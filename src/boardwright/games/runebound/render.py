"""Rich rendering of a Runebound view dict (the output of ``Runebound.view``).

The view holds ids; names, costs and the board come from the static content (public
information), by default :func:`default_content` or the content the game was built with.

The map is drawn in "odd-r" offset rows (odd rows shoved one character to the right), two
characters per hex: the first is the place (a terrain letter, or the city's digit in the market
row), the second what stands on it (a hero's seat number, ``+`` for several heroes, ``!`` for an
undefeated challenge, else an adventure counter as its colour's capital letter). Every coloured
piece also shows a letter, so the board reads without colours. Four heroes fit a 120-column
terminal.

An Al-Kalim view (its ``al_kalim`` section is set) is drawn with the Al-Kalim content (the
overlay board, its cards and the legend cards): the terrains under their desert names, the lost
cities as capital letters, the hexes the sandstorm covers as ``~`` (its centre ``@``), day or
night in the header, each hero's quest board and survival gear, the legend stacks and the gear
supply, and a challenge's life for the time of day.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from boardwright.engine.hexgrid import from_offset, to_offset
from boardwright.games.runebound.alkalim.rules import al_kalim_view
from boardwright.games.runebound.content import (
    ANY_LOST_CITY,
    GEAR_KINDS,
    TERRAIN_NAMES,
    BoardHex,
    LostCity,
    RuneboundContent,
    default_content,
)
from boardwright.games.runebound.records import (
    AdventureCard,
    Attack,
    GearRecord,
    LegendCard,
    MarketCard,
    QuestStep,
)

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
HERO_STYLE = "bold white on magenta"
UNDEFEATED_CHAR = "!"
SEVERAL_HEROES = "+"
TRACK_LENGTH = 6  # RB-6: undefeated challenges on the track
PANEL_WIDTH = 40
MAP_WIDTH = 36
STEP_TITLES = ("ranged", "melee", "magic")


def seat_label(seat: int) -> str:
    """How the game names a seat (``Player 1`` for seat 0)."""
    return f"Player {seat + 1}"


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
    """Id lookups in the static content; unknown ids show as the id itself."""

    def __init__(self, content: RuneboundContent) -> None:
        self.content = content
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
        ak = content.al_kalim
        self.legends: dict[str, LegendCard] = {c.id: c for c in ak.legends} if ak else {}
        self.gear: dict[str, GearRecord] = {g.kind: g for g in ak.gear} if ak else {}
        self.locations = {location.id: location.name for location in board.locations}

    def gear_name(self, kind: str) -> str:
        record = self.gear.get(kind)
        return record.name if record is not None else kind

    def terrain(self, index: int) -> str:
        """A terrain's shown name (``dunes`` for plains on the Al-Kalim board)."""
        return self.terrain_names[index] if index < len(self.terrain_names) else "?"

    def place(self, place_id: str) -> str:
        """A city's or lost city's name by id."""
        city = self.cities.get(place_id)
        if city is not None:
            return city.name
        lost = self.lost.get(place_id)
        return lost.name if lost is not None else place_id

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
        text = Text(card.name, style=TEXT_STYLES.get(card.colour, "bold"))
        text.append(f" [{COLOUR_LETTERS.get(card.colour, '?')}]", style="dim")
        return text

    def market_card(self, card_id: str, *, cost: bool = False) -> Text:
        card = self.market.get(card_id)
        if card is None:
            return Text(card_id)
        text = Text(card.name)
        if cost:
            text.append(f" {card.cost}g", style="yellow")
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


def al_kalim_marks(view: Mapping[str, Any]) -> tuple[dict[str, str], set[str], str | None]:
    """Where the lost cities lie (hex → lost-city id), the hexes the sandstorm covers and its
    centre; empty for a view without Al-Kalim."""
    ak: Mapping[str, Any] = view.get("al_kalim") or {}
    lost_at = {str(at): str(lost) for lost, at in (ak.get("lost_cities") or {}).items() if at}
    storm: Mapping[str, Any] = ak.get("sandstorm") or {}
    covers = {str(at) for at in storm.get("covers") or ()}
    centre = storm.get("centre")
    return lost_at, covers, None if centre is None else str(centre)


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
        return Text("(no board)", style="dim")
    heroes_at: dict[str, list[int]] = {}
    for hero in view.get("heroes", []):
        heroes_at.setdefault(str(hero["at"]), []).append(int(hero["seat"]))
    undefeated: Mapping[str, str] = view.get("undefeated") or {}
    counters: Mapping[str, Sequence[str]] = view.get("counters") or {}
    lost_at, covers, centre = al_kalim_marks(view)
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
            place = lost_city_mark(names, lost_at[at]) if at in lost_at else place_char(cell, names)
            if at in covers:
                if cell.city < 0 and at not in lost_at:
                    place = Text(STORM_CENTRE if at == centre else STORM_CHAR)
                place.stylize(STORM_STYLE)
            drawing.append_text(place)
            drawing.append_text(occupant_char(at, heroes_at, undefeated, counters, names))
    return drawing


def legend(names: Names, view: Mapping[str, Any] | None = None) -> Text:
    """Terrain letters, city numbers and what the second character of a hex means (Al-Kalim:
    the lost cities with where they lie, and the sandstorm's marks)."""
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
        text.append(f" {city.name}", style="dim")
    ak: Mapping[str, Any] = (view or {}).get("al_kalim") or {}
    where: Mapping[str, Any] = ak.get("lost_cities") or {}
    for lost in names.content.board.lost_cities:
        text.append("\n")
        text.append_text(lost_city_mark(names, lost.id))
        text.append(f" {lost.name}", style="dim")
        at = where.get(lost.id)
        text.append(f" at {at}" if at else " not found yet", style="dim")
    if ak:
        text.append("\n")
        text.append(STORM_CHAR, style=STORM_STYLE)
        text.append(" sandstorm ", style="dim")
        text.append(STORM_CENTRE, style=STORM_STYLE)
        text.append(" its centre", style="dim")
    text.append("\n")
    text.append("1", style=HERO_STYLE)
    text.append(" hero ", style="dim")
    text.append(SEVERAL_HEROES, style=HERO_STYLE)
    text.append(" heroes ", style="dim")
    text.append(UNDEFEATED_CHAR, style="bold reverse")
    text.append(" undefeated\n", style="dim")
    for colour in COLOUR_LETTERS:
        text.append_text(gem(colour))
        text.append(" ")
    text.append("adventure counters", style="dim")
    return text


# --- heroes ------------------------------------------------------------------------------------
def hero_heading(hero: Mapping[str, Any], view: Mapping[str, Any]) -> Text:
    seat = int(hero["seat"])
    heading = hero_mark(seat)
    heading.append(f" {hero['name']}", style="bold")
    if view.get("viewer") == seat:
        heading.append(" (you)", style="bold cyan")
    if not view.get("finished") and view.get("turn") == seat:
        heading.append(" ◀ turn", style="bold yellow")
    if view.get("winner") == seat:
        heading.append(" ★ winner", style="bold yellow")
    return heading


def stat_line(hero: Mapping[str, Any]) -> Text:
    """``life 4/5 w1 · stamina 2/3 e1 · 3g`` (what is left of the maximum; wounds, exhaustion)."""
    life, wounds = int(hero["life"]), int(hero["wounds"])
    stamina, exhaustion = int(hero["stamina"]), int(hero["exhaustion"])
    text = Text("life ")
    text.append(f"{life - wounds}/{life}", style="bold red1" if wounds else "bold")
    text.append(f" wounds {wounds}", style="dim")
    text.append(" · stamina ")
    text.append(f"{stamina - exhaustion}/{stamina}", style="bold cyan" if exhaustion else "bold")
    text.append(f" exh. {exhaustion}", style="dim")
    return text


def ability_line(hero: Mapping[str, Any]) -> Text:
    text = Text("gold ")
    text.append(str(hero["gold"]), style="bold yellow")
    for stat in ("mind", "body", "spirit"):
        text.append(f" · {stat} ")
        text.append(str(hero[stat]), style="bold")
    return text


def experience_line(hero: Mapping[str, Any]) -> Text:
    text = Text("xp ")
    text.append(str(hero["experience"]), style="bold")
    counters = list(hero.get("counters", []))
    if counters:
        text.append(" ")
        for colour in counters:
            text.append_text(gem(colour))
    bought = list(hero.get("experience_counters", []))
    if bought:
        text.append(" · bought ")
        text.append(" ".join(f"+{kind}" for kind in bought), style="magenta")
    return text


def labelled(label: str, parts: Sequence[Text]) -> Text:
    text = Text(f"{label} ", style="dim")
    text.append_text(Text(", ").join(parts) if parts else Text("none", style="dim"))
    return text


def ally_text(ally: Mapping[str, Any], names: Names) -> Text:
    text = names.market_card(str(ally["id"]))
    marks = []
    if ally.get("wounds"):
        marks.append(f"w{ally['wounds']}")
    if ally.get("exhaustion"):
        marks.append(f"e{ally['exhaustion']}")
    if marks:
        text.append(f" ({' '.join(marks)})", style="red1")
    return text


def where_text(hero: Mapping[str, Any], lost_city: str | None = None) -> Text:
    """``at forest 3,4``; named places and cities get their ``q,r`` added to find them (and a
    lost city on the hex its name)."""
    where, at = str(hero["where"]), str(hero["at"])
    shown = where if where.endswith(at) else f"{where} ({at})"
    if lost_city is not None:
        shown += f", {lost_city}"
    return Text(f"at {shown}", style="italic")


# --- Al-Kalim ----------------------------------------------------------------------------------
def step_text(step: QuestStep, names: Names) -> str:
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


def legend_slot_text(slot: Mapping[str, Any], names: Names) -> Text:
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


def gear_text(gear: Mapping[str, int], names: Names, label: str) -> Text:
    """Survival gear counts: ``Gear supply Pack Camel 6 · Waterskin 5 · Adventurer's Kit 6``."""
    text = Text(f"{label} ", style="dim")
    for number, kind in enumerate(GEAR_KINDS):
        if number:
            text.append(" · ")
        text.append(names.gear_name(kind))
        count = int(gear.get(kind, 0))
        text.append(f" {count}", style="bold" if count else "dim")
    return text


def quest_board_parts(board: Mapping[str, Any], names: Names) -> list[RenderableType]:
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
    ak = view.get("al_kalim")
    if not ak or view.get("finished"):
        return None
    decision = view.get("decision") or {}
    if decision.get("kind") == "day_or_night":
        return Text("day or night?", style="bold")
    return Text("night", style=NIGHT_STYLE) if ak.get("night") else Text("day", style=DAY_STYLE)


def sandstorm_text(view: Mapping[str, Any]) -> Text:
    """The sandstorm: its centre, the hexes it covers and where its arrows point (AK-13)."""
    storm: Mapping[str, Any] | None = (view.get("al_kalim") or {}).get("sandstorm")
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


def legend_stacks_text(view: Mapping[str, Any], names: Names) -> Text:
    """Each legend stack: its type, size and the quest on top (open, AK-11.2)."""
    stacks: Mapping[str, Mapping[str, Any]] = (view.get("al_kalim") or {}).get(
        "legend_stacks"
    ) or {}
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


def supply_text(view: Mapping[str, Any], names: Names) -> Text:
    """The survival gear left in the supply (with its price) and the Al-Kalim ally deck."""
    ak: Mapping[str, Any] = view.get("al_kalim") or {}
    text = gear_text(ak.get("gear_supply") or {}, names, "Gear supply")
    text.stylize("bold", 0, len("Gear supply"))
    costs = {record.cost for record in names.gear.values()}
    if len(costs) == 1:
        text.append(f" ({costs.pop()}g each)", style="yellow")
    text.append("   Al-Kalim allies ", style="bold")
    text.append(str(ak.get("ally_deck", "?")))
    return text


def hero_panel(hero: Mapping[str, Any], view: Mapping[str, Any], names: Names) -> Group:
    """Name, where, life and stamina, gold and stats, experience, items, allies, Dragon Runes
    (Al-Kalim: the quest board and the survival gear)."""
    lost_at = al_kalim_marks(view)[0]
    lost_here = lost_at.get(str(hero["at"]))
    parts: list[RenderableType] = [
        hero_heading(hero, view),
        where_text(hero, None if lost_here is None else names.place(lost_here)),
        stat_line(hero),
        ability_line(hero),
        experience_line(hero),
        labelled("items", [names.market_card(str(i)) for i in hero.get("items", [])]),
        labelled("allies", [ally_text(a, names) for a in hero.get("allies", [])]),
    ]
    runes = [names.adventure(str(r)) for r in hero.get("dragon_runes", [])]
    if runes:
        rune_text = Text(f"Dragon Runes {len(runes)}: ", style="bold red1")
        rune_text.append_text(Text(", ").join(runes))
        parts.append(rune_text)
    boards = list((view.get("al_kalim") or {}).get("quest_boards") or [])
    seat = int(hero["seat"])
    if seat < len(boards):
        parts.extend(quest_board_parts(boards[seat], names))
        losing = legend_loss_text(view, seat)
        if losing is not None:
            parts.append(losing)
    return Group(*parts)


def legend_loss_text(view: Mapping[str, Any], seat: int) -> Text | None:
    """AK-11.12: a challenge takes legend cards from this hero's quest board and the player is
    choosing which (the prompt is public; the choices are the deciding seat's own)."""
    decision = view.get("decision") or {}
    if decision.get("kind") != "lose_legend" or decision.get("seat") != seat:
        return None
    prompt = str(decision.get("prompt", ""))
    _, found, rest = prompt.partition(" must ")  # "Player 1 (Hero) must give up ..."
    return Text(f"must {rest}" if found else prompt, style="bold red1")


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


# --- the table ---------------------------------------------------------------------------------
def event_text(view: Mapping[str, Any], names: Names) -> Text:
    text = Text("Event ", style="bold")
    event = view.get("event")
    if event is None:
        text.append("none in play", style="dim")
        return text
    card = names.adventures.get(str(event))
    if card is not None and card.number is not None:
        text.append(f"#{card.number} ", style="dim")
    text.append_text(names.adventure(str(event)))
    if card is not None and card.text:
        text.append(f": {card.text}")
    return text


def track_text(view: Mapping[str, Any], names: Names) -> Text:
    """The undefeated track in order, each with the hex its marker stands on."""
    track = [str(card) for card in view.get("track", [])]
    where = {str(card): at for at, card in (view.get("undefeated") or {}).items()}
    text = Text(f"Undefeated {len(track)}/{TRACK_LENGTH} ", style="bold")
    if not track:
        text.append("none", style="dim")
    for number, card in enumerate(track, 1):
        if number > 1:
            text.append(" · ")
        text.append(f"{number}.", style="dim")
        text.append_text(names.adventure(card))
        if card in where:
            text.append(f" at {where[card]}", style="dim")
    return text


def doom_text(view: Mapping[str, Any]) -> Text | None:
    """Advanced Runebound: the doom track's face-down colours, the doom counters and the
    endgame's order (AR-2, AR-3); None when neither is in play."""
    doom: Mapping[str, Any] = view.get("doom") or {}
    endgame: Mapping[str, Any] | None = view.get("endgame")
    if doom.get("places") is None and not doom.get("counters") and endgame is None:
        return None
    text = Text("Doom ", style="bold")
    places = doom.get("places")
    if places is not None:
        track = list(doom.get("track") or [])
        text.append(f"track {len(track)}/{places} ")
        for colour in track:
            text.append(COLOUR_LETTERS.get(colour, "?"), style=TEXT_STYLES.get(colour, ""))
        text.append(" · ")
    text.append(f"counters {doom.get('counters', 0)}/8")
    if endgame is not None:
        out = set(endgame.get("eliminated") or [])
        order = endgame.get("order") or []
        text.append("   Endgame ", style="bold red")
        text.append(
            " → ".join(seat_label(s) + (" (out)" if s in out else "") for s in order)
            or "about to begin"
        )
    return text


def decks_text(view: Mapping[str, Any]) -> Text:
    """Deck sizes (discards in brackets) and the spare adventure counters."""
    sizes: Mapping[str, int] = view.get("deck_sizes") or {}
    discards: Mapping[str, int] = view.get("discard_sizes") or {}
    text = Text("Decks ", style="bold")
    text.append(f"market {sizes.get('market', '?')}")
    for colour in COLOUR_LETTERS:
        if colour not in sizes:
            continue
        text.append(" · ")
        text.append(colour, style=TEXT_STYLES[colour])
        text.append(f" {sizes[colour]}")
        if discards.get(colour):
            text.append(f" (+{discards[colour]} discarded)", style="dim")
    supply: Mapping[str, int] = view.get("counter_supply") or {}
    if supply:
        text.append("   Spare counters ", style="bold")
        for colour, count in supply.items():
            text.append_text(gem(colour))
            text.append(f"{count} ")
    return text


def market_table(view: Mapping[str, Any], names: Names) -> Table:
    """Each city's face-up stack: number, city, card names and costs in gold."""
    table = Table(
        title="Markets (cost in gold)",
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
    lost_at = al_kalim_marks(view)[0]
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
        table.add_row(mark, label, Text(" · ").join(cards) if cards else Text("empty", style="dim"))
    return table


def stack_label(stack_id: str, view: Mapping[str, Any], names: Names) -> tuple[Text, Text]:
    """The map marks and the name of the places using a market stack: one city, the cities
    sharing its position (Al-Kalim: ``5/6 Hasmeen / Sulun Wells``), or a lost city with where
    it lies."""
    lost = names.lost.get(stack_id)
    if lost is not None:
        at = ((view.get("al_kalim") or {}).get("lost_cities") or {}).get(stack_id)
        label = Text(lost.name)
        label.append(f" at {at}" if at else " (not found yet)", style="dim")
        return lost_city_mark(names, stack_id), label
    city = names.cities.get(stack_id)
    if city is None:
        return Text("?", style=CITY_STYLE), Text(stack_id)
    sharing = [c for c in names.content.board.cities if c.market_position == city.market_position]
    if len(sharing) < 2:
        return Text(str(city.index + 1)[-1], style=CITY_STYLE), Text(city.name)
    marks = Text("/").join(Text(str(c.index + 1)[-1], style=CITY_STYLE) for c in sharing)
    return marks, Text(" / ".join(c.name for c in sharing))


def attack_text(label: str, attack: Attack | None) -> Text:
    if attack is None:
        return Text(f"{label} —", style="dim")
    return Text(f"{label} {attack.value}/{attack.damage}")


def combat_text(view: Mapping[str, Any], names: Names) -> Text | None:
    """The fight in progress: who, against what, the challenge's stats, round and wounds."""
    combat = view.get("combat")
    if not combat:
        return None
    text = Text("Combat ", style="bold red1")
    seat = view.get("turn")
    heroes = {int(h["seat"]): h for h in view.get("heroes", [])}
    if isinstance(seat, int) and seat in heroes:
        text.append_text(hero_mark(seat))
        text.append(f" {heroes[seat]['name']} against ")
    text.append_text(names.adventure(str(combat["card"])))
    card = names.adventures.get(str(combat["card"]))
    wounds = int(combat.get("enemy_wounds", 0))
    ak = view.get("al_kalim")
    if ak and card is not None and card.life is not None:
        night = bool(ak.get("night")) and card.night_life is not None
        life = card.night_life if night and card.night_life is not None else card.life
        text.append(f" · life {life - wounds}/{life}")
        text.append(" by night" if ak.get("night") else " by day", style="dim")
        if card.traits:
            text.append(f" · {', '.join(card.traits)}", style="bold")
        if card.sunburst:
            text.append(" · sunburst", style="bold yellow")
    elif card is not None and card.life is not None:
        text.append(f" · life {card.life - wounds}/{card.life}")
    elif wounds:
        text.append(f" · wounds {wounds}")
    if card is not None:
        attacks = (card.ranged, card.melee, card.magic)
        stats = [
            attack_text(label, attack) for label, attack in zip(STEP_TITLES, attacks, strict=True)
        ]
        text.append(" · ")
        text.append_text(Text(" ").join(stats))
        text.append(" (value/damage)", style="dim")
    text.append(f" · round {combat.get('round', '?')}")
    if combat.get("hero_step"):
        text.append(f" · hero attacks in {combat['hero_step']}")
    return text


def header(view: Mapping[str, Any], names: Names) -> Text:
    text = Text("Runebound", style="bold")
    if view.get("al_kalim"):
        text.append(" · Al-Kalim", style="bold")
    text.append(f" · round {view.get('round', '?')}")
    if view.get("finished"):
        text.append(" · game over", style="bold red")
        winner = view.get("winner")
        if isinstance(winner, int):
            text.append(f" · {seat_label(winner)} wins")
    else:
        turn = view.get("turn")
        if isinstance(turn, int):
            text.append(f" · {seat_label(turn)}'s turn")
        decision = view.get("decision") or {}
        deciding = decision.get("seat", turn)
        if deciding != turn and isinstance(deciding, int):
            text.append(f" · {seat_label(deciding)} decides")
        time = time_of_day(view)
        if time is not None:
            text.append(" · ")
            text.append_text(time)
    first = view.get("first_player")
    if isinstance(first, int):
        text.append(f" · first player {seat_label(first)}", style="dim")
    viewer = view.get("viewer")
    text.append(
        f" · seen by {seat_label(viewer)}" if viewer is not None else " · spectator view",
        style="dim",
    )
    return text


_AL_KALIM_NAMES: dict[int, tuple[RuneboundContent, Names]] = {}


def al_kalim_names(content: RuneboundContent) -> Names:
    """The names of an Al-Kalim game: its content view (the overlay board, the Al-Kalim cards,
    the Al-Kalim allies and the legend pseudo-cards in the market), made once per content."""
    hit = _AL_KALIM_NAMES.get(id(content))
    if hit is None or hit[0] is not content:
        hit = (content, Names(al_kalim_view(content)))
        _AL_KALIM_NAMES[id(content)] = hit
    return hit[1]


def names_for(view: Mapping[str, Any], content: RuneboundContent | None) -> Names:
    """The names of the view's game: Al-Kalim's content view when the view is of an Al-Kalim
    game (the built-in Al-Kalim content if ``content`` has none), else ``content``."""
    chosen = content if content is not None else default_content()
    if view.get("al_kalim"):
        if chosen.al_kalim is None:
            chosen = default_content()
        if chosen.al_kalim is not None:
            return al_kalim_names(chosen)
    return Names(chosen)


def render_view(view: Mapping[str, Any], content: RuneboundContent | None = None) -> RenderableType:
    """The whole table as one Rich renderable (names from ``content``, default: built-in)."""
    names = names_for(view, content)
    left = Group(board_map(view, names), Text(""), legend(names, view))
    top = Table.grid(padding=(0, 2, 0, 0))
    top.add_column(width=MAP_WIDTH)
    top.add_column()
    top.add_row(left, hero_grid(view, names))
    parts: list[RenderableType] = [header(view, names), top]
    fight = combat_text(view, names)
    if fight is not None:
        parts.append(fight)
    ak = view.get("al_kalim")
    if not ak or view.get("event") is not None:  # Al-Kalim has no events (AK-1.3)
        parts.append(event_text(view, names))
    parts.append(track_text(view, names))
    if ak:
        parts.extend([sandstorm_text(view), legend_stacks_text(view, names)])
    doom = doom_text(view)
    if doom is not None:
        parts.append(doom)
    parts.extend([market_table(view, names), decks_text(view)])
    if ak:
        parts.append(supply_text(view, names))
    return Group(*parts)
