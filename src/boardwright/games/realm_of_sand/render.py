"""Rich rendering of a Realm of Sand view dict (the output of ``RealmOfSand.view``).

Colour-blind friendly: every coloured piece also shows its letter. Rune squares are coloured
blocks with a lower-case letter (``g`` ``r`` ``k``), spirit discs a circle and an upper-case
letter (``●G``), closed dark fields are dim ``~~`` and the empty crystal field is ``*``.
Four boards side by side fit a 120-column terminal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

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


def seat_label(seat: int) -> str:
    """How the game names a seat (``Player 1`` for seat 0)."""
    return f"Player {seat + 1}"


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


def disc_pool(discs: Mapping[str, int]) -> Text:
    held = [disc(c) + Text(f"{TIMES}{n}") for c, n in discs.items() if n]
    return Text("discs ") + (joined(held) if held else Text("none", style="dim"))


def kept_cards(seat: Mapping[str, Any]) -> RenderableType | None:
    kept = seat["kept_cards"]
    if isinstance(kept, int):
        return Text(f"kept {kept} face down", style="dim") if kept else None
    if not kept:
        return None
    return Group(Text("kept (only you see them):"), *(card_box(card) for card in kept))


def seat_heading(seat: Mapping[str, Any], view: Mapping[str, Any]) -> Text:
    number = seat["seat"]
    heading = Text(seat_label(number), style="bold")
    if view.get("viewer") == number:
        heading.append(" (you)", style="bold cyan")
    if not view.get("finished") and view.get("turn") == number:
        heading.append(" ◀ turn", style="bold yellow")
    if view.get("first_player") == number and not view.get("solo"):
        heading.append(" (start player)", style="dim")  # not a rank: who began the rounds
    return heading


def board_caption(board: Mapping[str, Any], crystal_state: str) -> Text:
    """Board name and crystal: ◆ when the crystal is active, ◇ once it is colourless."""
    caption = Text(str(board["name"]), style="italic")
    crystal = board.get("crystal")
    if crystal:
        mark = "◆" if crystal_state == "active" else "◇"
        caption.append(f" {mark}{crystal}", style=CRYSTAL_STYLES.get(crystal, "bold"))
    return caption


def seat_panel(seat: Mapping[str, Any], view: Mapping[str, Any]) -> RenderableType:
    """Heading, board, level, stars, hourglasses, discs, zone tiles, built and kept cards."""
    board = seat["board"]
    max_level = view.get("options", {}).get("max_level", "?")
    stats = Text(f"level {seat['level']}/{max_level}  ")
    stats.append(f"{STAR}{seat['stars']}", style="bold yellow")
    stats.append(f"  {HOURGLASS}{seat['hourglasses']}", style="bold cyan")
    zone = [tile_text(tile) for tile in seat["zone"]]
    parts: list[RenderableType] = [
        seat_heading(seat, view),
        board_caption(board, seat["crystal"]),
        board_grid(seat["rows"], board.get("crystal")),
        stats,
        disc_pool(seat["discs"]),
        Text("zone ") + (joined(zone, "  ") if zone else Text("empty", style="dim")),
    ]
    if seat["fulfilled"]:
        parts.append(Text("built " + " ".join(seat["fulfilled"]), style="dim"))
    kept = kept_cards(seat)
    if kept is not None:
        parts.append(kept)
    return Group(*parts)


def seats_row(view: Mapping[str, Any]) -> Table:
    """All boards side by side (the viewer's first, then the others in seat order)."""
    seats = list(view["seats"])
    viewer = view.get("viewer")
    seats.sort(key=lambda s: (s["seat"] != viewer, s["seat"]))
    table = Table.grid(padding=(0, 2))
    for _ in seats:
        table.add_column(min_width=17, max_width=29)
    table.add_row(*(seat_panel(s, view) for s in seats))
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


def card_info(card: Mapping[str, Any]) -> Text:
    name = str(card["name"])
    if len(name) > NAME_WIDTH:
        name = name[: NAME_WIDTH - 1] + "…"
    info = Text(str(card["id"]), style="bold")
    info.append(f" {STAR}{card['stars']}", style="yellow")
    info.append(f" {HOURGLASS}{card['hourglasses']}", style="cyan")
    info.append(f"\n{name}")
    extras = [disc(c) for c in card.get("spirits", [])]
    if card.get("level_up"):
        extras.append(Text(f"+{card['level_up']} lvl", style="magenta"))
    if extras:
        info.append("\n")
        info.append_text(joined(extras))
    return info


def card_box(card: Mapping[str, Any] | None) -> RenderableType:
    """A building card: its pattern drawn beside id, stars, hourglasses, name and rewards."""
    if card is None:
        return Text("(empty)", style="dim")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(min_width=PATTERN_WIDTH)
    grid.add_column()
    grid.add_row(card_pattern(card["pattern"]), card_info(card))
    return grid


def card_display(view: Mapping[str, Any]) -> Table:
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
        table.add_row(Text(name + deck), *(card_box(card) for card in row))
    return table


# --- the table ---------------------------------------------------------------------------------
def circle_text(view: Mapping[str, Any]) -> Text:
    """The tile circle in order after the queen; the two takeable tiles are underlined."""
    text = Text("♛ queen ▶ ", style="bold")
    for place, tile in enumerate(view["circle"], 1):
        text.append(f"{place}.", style="dim")
        shown = tile_text(tile, with_id=place <= 2)
        if place <= 2:
            shown.stylize("underline")
        text.append_text(shown)
        text.append("  ")
    if not view["circle"]:
        text.append("(empty)", style="dim")
    aside = view.get("aside") or []
    if aside:
        text.append("\nset aside ", style="bold")
        text.append_text(joined([tile_text(t) for t in aside], "  "))
    return text


def supply_text(view: Mapping[str, Any]) -> Text:
    supply = view["supply"]
    text = Text("supply ", style="bold")
    text.append_text(
        joined([square(c) + Text(f"{TIMES}{n}") for c, n in supply["squares"].items()])
    )
    text.append("  ")
    text.append_text(joined([disc(c) + Text(f"{TIMES}{n}") for c, n in supply["discs"].items()]))
    return text


def header(view: Mapping[str, Any]) -> Text:
    options = view.get("options", {})
    text = Text("Realm of Sand", style="bold")
    rounds = f"/{options.get('solo_rounds')}" if view.get("solo") else ""
    text.append(f" · round {view['round']}{rounds}")
    if view.get("finished"):
        text.append(" · game over", style="bold red")
    else:
        text.append(f" · {seat_label(view['turn'])}'s turn")
        decision = view.get("decision") or {}
        deciding = decision.get("seat", view["turn"])
        if deciding != view["turn"]:
            text.append(f" · {seat_label(deciding)} decides")
        if view.get("last_round"):
            text.append(" · LAST ROUND", style="bold red")
    if not view.get("solo"):
        text.append(f" · goal {HOURGLASS}{options.get('hourglass_goal', '?')}", style="dim")
    viewer = view.get("viewer")
    text.append(
        f" · seen by {seat_label(viewer)}" if viewer is not None else " · spectator view",
        style="dim",
    )
    return text


LEGEND = Text(
    "g r k squares · ●G discs · ~~ closed · * crystal field · "
    f"◆/◇ crystal on/used · {STAR} stars · {HOURGLASS} hourglasses · [n] in deck",
    style="dim",
)


def render_view(view: Mapping[str, Any]) -> RenderableType:
    """The whole table as one Rich renderable."""
    return Group(
        header(view),
        seats_row(view),
        Text(""),
        card_display(view),
        circle_text(view),
        supply_text(view),
        LEGEND,
    )
