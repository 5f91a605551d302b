"""``boardwright games`` and ``boardwright options``: what can be played, and how."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from boardwright.engine.options import OptionSpec
from boardwright.games import game_names

from .common import load_game, stdout_console


def games_command() -> None:
    """List the games with their player counts."""
    table = Table(title="Games", title_justify="left")
    for heading in ("name", "title", "players", "options"):
        table.add_column(heading)
    for name in game_names():
        game = load_game(name)
        players = (
            str(game.min_players)
            if game.min_players == game.max_players
            else f"{game.min_players}-{game.max_players}"
        )
        table.add_row(name, game.title, players, str(len(game.option_set.specs)))
    stdout_console().print(table)


def shown_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value) or "(none)"
    return str(value)


def option_row(spec: OptionSpec) -> list[str]:
    return [
        spec.name,
        shown_value(spec.default),
        spec.allowed_text(),
        spec.description,
        spec.rule,
        "yes" if spec.reconstructed else "",
    ]


def options_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. realm-of-sand.")],
) -> None:
    """List a game's options: name, default, allowed values, description, rule, reconstructed.

    Set them with --option name=value.

    'reconstructed' marks options that stand in for a rule the sources do not settle.
    """
    the_game = load_game(game)
    console = stdout_console()
    if console.width < WIDE_TABLE:
        console.print(options_text(the_game.title, the_game.option_set.specs), soft_wrap=False)
        return
    table = Table(
        title=f"{the_game.title} options", title_justify="left", show_lines=True, expand=True
    )
    table.add_column("name", no_wrap=True)
    table.add_column("default", overflow="fold")
    table.add_column("allowed", ratio=1, overflow="fold")
    table.add_column("description", ratio=3)
    table.add_column("rule", no_wrap=True)
    table.add_column("reconstructed", no_wrap=True)
    for spec in the_game.option_set.specs:
        table.add_row(*option_row(spec))
    console.print(table)


WIDE_TABLE = 140  # below this many columns (or in a pipe: 80) the table's cells get too thin


def options_text(title: str, specs: Sequence[OptionSpec]) -> Text:
    """The options as one block each: the name with its facts, then the description indented
    (readable in a narrow terminal and in a pipe, where a six-column table breaks words)."""
    text = Text(f"{title} options\n", style="bold")
    for spec in specs:
        name, default, allowed, description, rule, reconstructed = option_row(spec)
        facts = f"default {default}; {allowed}; rule {rule}"
        facts += "; stands in for a reconstructed rule" if reconstructed else ""
        text.append(f"\n{name}\n", style="bold")
        text.append(_indented(facts), style="dim")
        text.append(_indented(description))
    return text


def _indented(paragraph: str) -> str:
    return (
        textwrap.fill(paragraph, width=76, initial_indent="    ", subsequent_indent="    ") + "\n"
    )
