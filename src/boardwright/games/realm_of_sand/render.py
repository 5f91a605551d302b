"""Rich rendering of a Realm of Sand view dict (the output of ``RealmOfSand.view``).

Colour-blind friendly: every coloured piece also shows its letter. Rune squares are coloured
blocks with a lower-case letter (``g`` ``r`` ``k``), spirit discs a circle and an upper-case
letter (``●G``), closed dark fields are dim ``~~`` and the empty crystal field is ``*``.
Four boards side by side fit a 120-column terminal.

The words of the table are the game's catalog's (``rs.ui.*`` and its names of seats, colours,
cards and boards) in the player's language; the letters of pieces and fields stay as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from boardwright.engine.catalog import DEFAULT_LANGUAGE, Catalog, load_catalog
from boardwright.games.realm_of_sand.texts import PACKAGE as TEXTS_PACKAGE

SQUARE_STYLES = {
    "G": "bold black on green3",
    "R": "bold white on red3",
    "K": "bold white on grey27",
}
DISC_STYLES = {
    "G": "bold green3",
    "R": "bold red1",
    "K": "bold black on grey74",
    "B": "bold dodger_blue1",
    "Y": "bold yellow1",
}
CRYSTAL_STYLES = {
    "red": "bold red1",
    "purple": "bold medium_purple1",
    "yellow": "bold yellow1",
    "green": "bold green1",
    "orange": "bold dark_orange",
    "blue": "bold dodger_blue1",
}
COLUMN_LETTERS = "ABCDEFGHIJ"
LEVEL_NAMES = ("I", "II", "III", "IV")
STAR = "★"
HOURGLASS = "⧗"
TIMES = "\u00d7"  # multiplication sign, for counts
NAME_WIDTH = 14
PATTERN_WIDTH = 8


def realm_words(language: str = DEFAULT_LANGUAGE) -> Catalog:
    """The game's catalog in ``language``: the table's words and the names of its content."""
    return load_catalog(TEXTS_PACKAGE, language)


def seat_label(seat: int, words: Catalog) -> str:
    """How the game names a seat (``Player 1`` for seat 0)."""
    return words.text("rs.seat", number=seat + 1)


# --- pieces ------------------------------------------------------------------------------------
def square(letter: str) -> Text:
    """A rune square: a coloured block with its lower-case letter (2 cells)."""
    upper = letter.upper()
    return Text(f"{upper.lower()} ", style=SQUARE_STYLES.get(upper, "reverse"))


def disc(letter: str) -> Text:
    """A spirit disc: a circle and its upper-case letter (2 cells)."""
    return Text(f"●{letter.upper()}", style=DISC_STYLES.get(letter.upper(), "bold"))


def board_cell(char: str, crystal: str | None = None) -> Text:
    """One field of a board row from the view (``.``, ``~``, ``*``, ``g``/``r``/``k``, discs)."""
    if char == ".":
        return Text("· ", style="dim")
    if char == "~":
        return Text("~~", style="dim")
    if char == "*":
        return Text("* ", style=CRYSTAL_STYLES.get(crystal or "", "bold magenta"))
    if char.islower():
        return square(char)
    return disc(char)


def pattern_cell(char: str) -> Text:
    """One field of a building pattern: G/R/K as squares, B/Y as discs, '.' empty."""
    if char == ".":
        return Text("  ")
    if char in SQUARE_STYLES:
        return square(char)
    return disc(char)


def tile_text(tile: Mapping[str, Any], *, with_id: bool = True) -> Text:
    """A tile: its id, its shape letter and its three coloured squares, e.g. ``T09 I:krr``."""
    text = Text()
    if with_id:
        text.append(f"{tile['id']} ", style="dim")
    text.append(f"{tile['shape']}:")
    for letter in tile["colours"]:
        text.append(letter.lower(), style=SQUARE_STYLES.get(letter, "reverse"))
    return text


def joined(parts: Sequence[Text], separator: str = " ") -> Text:
    return Text(separator).join(parts)


# --- one player's board ------------------------------------------------------------------------
def board_grid(rows: Sequence[str], crystal: str | None) -> Text:
    """The 7x7 board with column letters and row numbers (field names as in the options)."""
    width = max((len(r) for r in rows), default=0)
    grid = Text("  " + " ".join(COLUMN_LETTERS[:width]), style="dim")
    for number, row in enumerate(rows, 1):
        grid.append("\n")
        grid.append(f"{number} ", style="dim")
        for char in row:
            grid.append_text(board_cell(char, crystal))
    return grid


def labelled(label: str, shown: Text) -> Text:
    """``label`` then what it names (``discs ●G`` and a count)."""
    return Text(f"{label} ") + shown


def disc_pool(discs: Mapping[str, int], words: Catalog) -> Text:
    held = [disc(c) + Text(f"{TIMES}{n}") for c, n in discs.items() if n]
    none = Text(words.text("rs.ui.none"), style="dim")
    return labelled(words.text("rs.ui.discs"), joined(held) if held else none)


def kept_cards(seat: Mapping[str, Any], words: Catalog) -> RenderableType | None:
    kept = seat["kept_cards"]
    if isinstance(kept, int):
        return Text(words.text("rs.ui.kept_hidden", count=kept), style="dim") if kept else None
    if not kept:
        return None
    cards = (card_box(card, words) for card in kept)
    return Group(Text(words.text("rs.ui.kept")), *cards)


def seat_heading(
    seat: Mapping[str, Any], view: Mapping[str, Any], words: Catalog | None = None
) -> Text:
    words = words or realm_words()
    number = seat["seat"]
    heading = Text(seat_label(number, words), style="bold")
    if view.get("viewer") == number:
        heading.append(f" {words.text('rs.ui.you')}", style="bold cyan")
    if not view.get("finished") and view.get("turn") == number:
        heading.append(f" ◀ {words.text('rs.ui.turn_mark')}", style="bold yellow")
    if view.get("first_player") == number and not view.get("solo"):
        # not a rank: who began the rounds
        heading.append(f" {words.text('rs.ui.start_player')}", style="dim")
    return heading


def board_caption(board: Mapping[str, Any], crystal_state: str, words: Catalog) -> Text:
    """Board name and crystal: ◆ when the crystal is active, ◇ once it is colourless."""
    caption = Text(words.name(str(board["id"]), str(board["name"])), style="italic")
    crystal = board.get("crystal")
    if crystal:
        mark = "◆" if crystal_state == "active" else "◇"
        colour = words.text(f"rs.ui.crystal.{crystal}")
        caption.append(f" {mark}{colour}", style=CRYSTAL_STYLES.get(crystal, "bold"))
    return caption


def seat_stats(seat: Mapping[str, Any], view: Mapping[str, Any], words: Catalog) -> Text:
    """``level 1/4  ★3  ⧗2``."""
    max_level = view.get("options", {}).get("max_level", "?")
    stats = Text(words.text("rs.ui.level", level=seat["level"], max_level=max_level) + "  ")
    stats.append(f"{STAR}{seat['stars']}", style="bold yellow")
    stats.append(f"  {HOURGLASS}{seat['hourglasses']}", style="bold cyan")
    return stats


def seat_panel(seat: Mapping[str, Any], view: Mapping[str, Any], words: Catalog) -> RenderableType:
    """Heading, board, level, stars, hourglasses, discs, zone tiles, built and kept cards."""
    board = seat["board"]
    zone = [tile_text(tile) for tile in seat["zone"]]
    empty = Text(words.text("rs.ui.empty"), style="dim")
    parts: list[RenderableType] = [
        seat_heading(seat, view, words),
        board_caption(board, seat["crystal"], words),
        board_grid(seat["rows"], board.get("crystal")),
        seat_stats(seat, view, words),
        disc_pool(seat["discs"], words),
        labelled(words.text("rs.ui.zone"), joined(zone, "  ") if zone else empty),
    ]
    if seat["fulfilled"]:
        built = " ".join((words.text("rs.ui.built"), *seat["fulfilled"]))
        parts.append(Text(built, style="dim"))
    kept = kept_cards(seat, words)
    if kept is not None:
        parts.append(kept)
    return Group(*parts)


def seats_row(view: Mapping[str, Any], words: Catalog) -> Table:
    """All boards side by side (the viewer's first, then the others in seat order)."""
    seats = list(view["seats"])
    viewer = view.get("viewer")
    seats.sort(key=lambda s: (s["seat"] != viewer, s["seat"]))
    table = Table.grid(padding=(0, 2))
    for _ in seats:
        table.add_column(min_width=17, max_width=29)
    table.add_row(*(seat_panel(s, view, words) for s in seats))
    return table


# --- building cards ----------------------------------------------------------------------------
def card_pattern(pattern: Sequence[str]) -> Text:
    drawing = Text()
    for number, row in enumerate(pattern):
        if number:
            drawing.append("\n")
        for char in row:
            drawing.append_text(pattern_cell(char))
    return drawing


def card_info(card: Mapping[str, Any], words: Catalog) -> Text:
    name = words.name(str(card["id"]), str(card["name"]))
    if len(name) > NAME_WIDTH:
        name = name[: NAME_WIDTH - 1] + "…"
    info = Text(str(card["id"]), style="bold")
    info.append(f" {STAR}{card['stars']}", style="yellow")
    info.append(f" {HOURGLASS}{card['hourglasses']}", style="cyan")
    info.append(f"\n{name}")
    extras = [disc(c) for c in card.get("spirits", [])]
    if card.get("level_up"):
        extras.append(Text(words.text("rs.ui.level_up", levels=card["level_up"]), style="magenta"))
    if extras:
        info.append("\n")
        info.append_text(joined(extras))
    return info


def card_box(card: Mapping[str, Any] | None, words: Catalog) -> RenderableType:
    """A building card: its pattern drawn beside id, stars, hourglasses, name and rewards."""
    if card is None:
        return Text(words.text("rs.ui.no_card"), style="dim")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(min_width=PATTERN_WIDTH)
    grid.add_column()
    grid.add_row(card_pattern(card["pattern"]), card_info(card, words))
    return grid


def card_display(view: Mapping[str, Any], words: Catalog) -> Table:
    """The face-up cards, one row per level, with the size of each level's deck."""
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    width = max((len(row) for row in view["display"]), default=0)
    for _ in range(width):
        table.add_column(no_wrap=True)
    sizes = view.get("deck_sizes", [])
    for level, row in enumerate(view["display"]):
        name = LEVEL_NAMES[level] if level < len(LEVEL_NAMES) else str(level + 1)
        deck = f"\n[{sizes[level]}]" if level < len(sizes) else ""
        table.add_row(Text(name + deck), *(card_box(card, words) for card in row))
    return table


# --- the table ---------------------------------------------------------------------------------
def circle_text(view: Mapping[str, Any], words: Catalog) -> Text:
    """The tile circle in order after the queen; the two takeable tiles are underlined."""
    text = Text(f"♛ {words.text('rs.ui.queen')} ▶ ", style="bold")
    for place, tile in enumerate(view["circle"], 1):
        text.append(f"{place}.", style="dim")
        shown = tile_text(tile, with_id=place <= 2)
        if place <= 2:
            shown.stylize("underline")
        text.append_text(shown)
        text.append("  ")
    if not view["circle"]:
        text.append(words.text("rs.ui.no_tile"), style="dim")
    aside = view.get("aside") or []
    if aside:
        text.append(f"\n{words.text('rs.ui.set_aside')} ", style="bold")
        text.append_text(joined([tile_text(t) for t in aside], "  "))
    return text


def supply_text(view: Mapping[str, Any], words: Catalog) -> Text:
    supply = view["supply"]
    text = Text(f"{words.text('rs.ui.supply')} ", style="bold")
    text.append_text(
        joined([square(c) + Text(f"{TIMES}{n}") for c, n in supply["squares"].items()])
    )
    text.append("  ")
    text.append_text(joined([disc(c) + Text(f"{TIMES}{n}") for c, n in supply["discs"].items()]))
    return text


def whose_turn(view: Mapping[str, Any], words: Catalog) -> str:
    """`` · Player 1's turn``, with who decides when another seat does and the last round."""
    turn = view["turn"]
    shown = f" · {words.text('rs.ui.turn', seat=seat_label(turn, words))}"
    decision = view.get("decision") or {}
    deciding = decision.get("seat", turn)
    if deciding != turn:
        shown += f" · {words.text('rs.ui.decides', seat=seat_label(deciding, words))}"
    return shown


def header(view: Mapping[str, Any], words: Catalog) -> Text:
    options = view.get("options", {})
    text = Text("Realm of Sand", style="bold")
    rounds = f"/{options.get('solo_rounds')}" if view.get("solo") else ""
    text.append(f" · {words.text('rs.ui.round', round=view['round'])}{rounds}")
    if view.get("finished"):
        text.append(f" · {words.text('rs.ui.game_over')}", style="bold red")
    else:
        text.append(whose_turn(view, words))
        if view.get("last_round"):
            text.append(f" · {words.text('rs.ui.last_round')}", style="bold red")
    if not view.get("solo"):
        goal = f"{HOURGLASS}{options.get('hourglass_goal', '?')}"
        text.append(f" · {words.text('rs.ui.goal', goal=goal)}", style="dim")
    viewer = view.get("viewer")
    seen = (
        words.text("rs.ui.seen_by", seat=seat_label(viewer, words))
        if viewer is not None
        else words.text("rs.ui.spectator")
    )
    text.append(f" · {seen}", style="dim")
    return text


def legend(words: Catalog) -> Text:
    """What the marks mean."""
    return Text(words.text("rs.ui.legend", star=STAR, hourglass=HOURGLASS), style="dim")


def render_view(view: Mapping[str, Any], language: str = DEFAULT_LANGUAGE) -> RenderableType:
    """The whole table as one Rich renderable, in ``language``."""
    words = realm_words(language)
    return Group(
        header(view, words),
        seats_row(view, words),
        Text(""),
        card_display(view, words),
        circle_text(view, words),
        supply_text(view, words),
        legend(words),
    )
