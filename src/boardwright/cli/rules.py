"""``boardwright rules``: the rules reference of a game, whole or one rule by its ID."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.markdown import Markdown
from rich.table import Table

from boardwright.games import GAMES, game_names

from .common import FLAG, stdout_console
from .errors import CliError
from .rule_files import (
    RULES_DIR_VARIABLE,
    folder_references,
    game_references,
    owned_references,
    rules_dir,
)
from .rule_text import id_prefix, rule_ids, rule_section


def owner_hint(rule_id: str, asked: str) -> str:
    """``"RS rules are realm-of-sand's; "`` when the ID's prefix belongs to another game."""
    prefix = id_prefix(rule_id)
    for name, entry in GAMES.items():
        if name != asked and prefix in entry.rule_prefixes:
            return f"{prefix} rules are {name}'s; "
    return ""


def find_rule(game: str, rule_id: str) -> str:
    """The text of one rule of ``game``'s reference, looked for in the files whose rule IDs
    share its prefix (in every file of the game when none does: a heading-only rule); CliError
    naming where it was looked for."""
    references = game_references(game)
    prefix = id_prefix(rule_id)
    holders = [ref for ref in references if prefix in ref.prefixes]
    for reference in holders or references:
        section = rule_section(reference.text, rule_id)
        if section is not None:
            return section
    where = ", ".join(ref.path.name for ref in holders) or f"{game}'s rules reference"
    raise CliError(
        f"no rule '{rule_id}' in {where}; {owner_hint(rule_id, game)}"
        f"'boardwright rules {game} --ids' lists the rule IDs"
    )


def list_rule_files() -> None:
    console = stdout_console()
    folder = rules_dir()
    references = folder_references(folder)
    table = Table(title="Rules references", title_justify="left")
    table.add_column("game")
    table.add_column("file")
    for name in game_names():
        owned = owned_references(GAMES[name], references)
        table.add_row(name, ", ".join(ref.path.name for ref in owned) or "(none)")
    console.print(table)
    console.print(f"folder: {folder} (set {RULES_DIR_VARIABLE} to use another)", markup=False)
    console.print("Read one with: boardwright rules GAME [RULE-ID]", markup=False)


def show_markdown(text: str) -> None:
    """Rendered at a terminal; piped or redirected, the reference text itself, so that no line
    is wrapped, cut or lost whatever the width."""
    console = stdout_console()
    if console.is_terminal:
        console.print(Markdown(text))
    else:
        sys.stdout.write(text.rstrip("\n") + "\n")


def rules_command(
    game: Annotated[
        str | None, typer.Argument(help="The game; leave out to list games and rule files.")
    ] = None,
    rule_id: Annotated[
        str | None, typer.Argument(metavar="[RULE-ID]", help="One rule, e.g. RS-4.2.")
    ] = None,
    ids: Annotated[
        bool, typer.Option("--ids", metavar=FLAG, help="List the rule IDs of the game.")
    ] = False,
) -> None:
    """Print a game's rules reference, or one rule of it."""
    if game is None:
        list_rule_files()
        return
    if rule_id is not None and not ids:
        show_markdown(find_rule(game, rule_id))
        return
    text = "\n\n".join(ref.text for ref in game_references(game))
    if ids:
        console = stdout_console()
        for found in rule_ids(text):
            console.print(found, markup=False, highlight=False)
        return
    show_markdown(text)
