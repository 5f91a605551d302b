"""Rich rendering of a Runebound view dict (the output of ``Runebound.view``).

The view holds ids; names, costs and the board come from the static content (public
information), by default :func:`default_content` or the content the game was built with.

The map is drawn in "odd-r" offset rows (odd rows shoved one character to the right), two
characters per hex: the first is the place (a terrain letter, or the city's digit in the market
row), the second what stands on it (a hero's seat number, ``+`` for several heroes, ``!`` for an
undefeated challenge, else an adventure counter as its colour's capital letter). Every coloured
piece also shows a letter, so the board reads without colours. Four heroes fit a 120-column
terminal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from boardwright.engine.hexgrid import from_offset, to_offset
from boardwright.games.runebound.content import (
    TERRAIN_NAMES,
    BoardHex,
    RuneboundContent,
    default_content,
)
from boardwright.games.runebound.records import AdventureCard, Attack, MarketCard

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


class Names:
    """Id lookups in the static content; unknown ids show as the id itself."""

    def __init__(self, content: RuneboundContent) -> None:
        self.content = content
        self.adventures: dict[str, AdventureCard] = {c.id: c for c in content.adventures}
        self.market: dict[str, MarketCard] = {c.id: c for c in content.market}
        self.cities = {c.id: c for c in content.board.cities}
        self.hexes: dict[str, BoardHex] = {str(h.at): h for h in content.board.hexes}

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


def place_char(cell: BoardHex) -> Text:
    """The first character of a hex: the city's number, else the terrain letter."""
    terrain = TERRAIN_NAMES[cell.terrain]
    if cell.city >= 0:
        return Text(str(cell.city + 1)[-1], style=CITY_STYLE)
    return Text(TERRAIN_LETTERS.get(terrain, "?"), style=TERRAIN_STYLES.get(terrain, ""))


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
            drawing.append_text(place_char(cell))
            drawing.append_text(occupant_char(at, heroes_at, undefeated, counters, names))
    return drawing


def legend(names: Names) -> Text:
    """Terrain letters, city numbers and what the second character of a hex means."""
    text = Text()
    for number, (terrain, letter) in enumerate(TERRAIN_LETTERS.items()):
        if number:
            text.append("\n" if number == 4 else " ")
        text.append(letter, style=TERRAIN_STYLES[terrain])
        text.append(f" {terrain}", style="dim")
    for city in names.content.board.cities:
        text.append("\n" if city.index % 3 == 0 else " ")
        text.append(str(city.index + 1)[-1], style=CITY_STYLE)
        text.append(f" {city.name}", style="dim")
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


def where_text(hero: Mapping[str, Any]) -> Text:
    """``at forest 3,4``; named places and cities get their ``q,r`` added to find them."""
    where, at = str(hero["where"]), str(hero["at"])
    shown = where if where.endswith(at) else f"{where} ({at})"
    return Text(f"at {shown}", style="italic")


def hero_panel(hero: Mapping[str, Any], view: Mapping[str, Any], names: Names) -> Group:
    """Name, where, life and stamina, gold and stats, experience, items, allies, Dragon Runes."""
    parts: list[RenderableType] = [
        hero_heading(hero, view),
        where_text(hero),
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
    heroes_in: dict[str, list[int]] = {}
    for hero in view.get("heroes", []):
        cell = names.hexes.get(str(hero["at"]))
        if cell is not None and cell.city >= 0:
            city_id = names.content.board.cities[cell.city].id
            heroes_in.setdefault(city_id, []).append(int(hero["seat"]))
    for city_id, stack in markets.items():
        number = names.city_number(city_id)
        city = names.cities.get(city_id)
        label = Text(city.name if city is not None else city_id)
        for seat in heroes_in.get(city_id, []):
            label.append(" ")
            label.append_text(hero_mark(seat))
        cards = [names.market_card(str(c), cost=True) for c in stack]
        table.add_row(
            Text("?" if number is None else str(number)[-1], style=CITY_STYLE),
            label,
            Text(" · ").join(cards) if cards else Text("empty", style="dim"),
        )
    return table


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
    if card is not None and card.life is not None:
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
    first = view.get("first_player")
    if isinstance(first, int):
        text.append(f" · first player {seat_label(first)}", style="dim")
    viewer = view.get("viewer")
    text.append(
        f" · seen by {seat_label(viewer)}" if viewer is not None else " · spectator view",
        style="dim",
    )
    return text


def render_view(view: Mapping[str, Any], content: RuneboundContent | None = None) -> RenderableType:
    """The whole table as one Rich renderable (names from ``content``, default: built-in)."""
    names = Names(content if content is not None else default_content())
    left = Group(board_map(view, names), Text(""), legend(names))
    top = Table.grid(padding=(0, 2, 0, 0))
    top.add_column(width=MAP_WIDTH)
    top.add_column()
    top.add_row(left, hero_grid(view, names))
    parts: list[RenderableType] = [header(view, names), top]
    fight = combat_text(view, names)
    if fight is not None:
        parts.append(fight)
    parts.extend(
        [
            event_text(view, names),
            track_text(view, names),
            market_table(view, names),
            decks_text(view),
        ]
    )
    return Group(*parts)
