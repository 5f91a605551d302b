"""``boardwright rules``: the rules reference of a game, whole or one rule by its ID."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markdown import Markdown
from rich.table import Table

import boardwright
from boardwright.engine.files import MEBIBYTE, UnreadableFileError, read_user_text
from boardwright.games import GAMES, game_names, get_game

from .common import FLAG, stdout_console
from .errors import CliError

RULE_LINE = re.compile(r"^ {0,3}(?:[-*+] +)?\*\*\s*(?P<id>[A-Za-z]{1,8}-\d+(?:\.\d+)*[a-z]?)\b")
HEADING = re.compile(r"^ {0,3}(?P<marks>#{1,6})\s")
RULES_DIR_VARIABLE = "BOARDWRIGHT_RULES_DIR"
REFERENCE_LIMIT = 4 * MEBIBYTE
PACKAGED_RULES = "reference"
"""The package data folder an installed boardwright reads the rules references from."""


def rules_dir() -> Path:
    """Where the rules references live: $BOARDWRIGHT_RULES_DIR, else the package's own copy
    (an installed boardwright: setup.py puts docs/rules there), else docs/rules of a checkout."""
    override = os.environ.get(RULES_DIR_VARIABLE)
    if override:
        return Path(override)
    package = Path(boardwright.__file__).resolve().parent
    shipped = package / PACKAGED_RULES
    return shipped if shipped.is_dir() else package.parents[1] / "docs" / "rules"


def rule_ids(text: str) -> list[str]:
    """The rule IDs in file order (a rule is a line starting with a bold ID, e.g. **RS-4.2**)."""
    ids = []
    for line in text.splitlines():
        found = RULE_LINE.match(line)
        if found:
            ids.append(found["id"])
    return ids


def _bold_rule(lines: list[str], wanted: str) -> list[str] | None:
    """From the line starting with the bold ID up to the next rule or heading."""
    for start, line in enumerate(lines):
        found = RULE_LINE.match(line)
        if found and found["id"].casefold() == wanted:
            end = start + 1
            while end < len(lines) and not (
                RULE_LINE.match(lines[end]) or HEADING.match(lines[end])
            ):
                end += 1
            return lines[start:end]
    return None


def _heading_rule(lines: list[str], wanted: str) -> list[str] | None:
    """A heading naming the ID (e.g. ``## RS-4 Buildings``) up to the next heading of its level."""
    pattern = re.compile(rf"(?<![\w.-]){re.escape(wanted)}(?![\w-]|\.\d)", re.IGNORECASE)
    for start, line in enumerate(lines):
        heading = HEADING.match(line)
        if heading and pattern.search(line):
            level = len(heading["marks"])
            end = start + 1
            while end < len(lines):
                other = HEADING.match(lines[end])
                if other and len(other["marks"]) <= level:
                    break
                end += 1
            return lines[start:end]
    return None


def rule_section(text: str, rule_id: str) -> str | None:
    """The text of one rule, or None if the file has no rule with that ID."""
    lines = text.splitlines()
    wanted = rule_id.strip().casefold()
    section = _bold_rule(lines, wanted) or _heading_rule(lines, wanted)
    if section is None:
        return None
    return "\n".join(section).strip()


def rules_file(game: str) -> Path:
    """The (first) rules reference of ``game``; CliError if the game or the file is unknown."""
    return rules_files(game)[0]


def rules_files(game: str) -> list[Path]:
    """Every rules reference file of ``game`` that exists (a file stem works as a name too)."""
    entry = GAMES.get(game)
    stems = entry.rules_files if entry is not None else (game,)
    paths = [rules_dir() / f"{stem}.md" for stem in stems]
    found = [p for p in paths if p.is_file()]
    if game not in game_names() and not found:
        get_game(game)  # raises the one-line 'unknown game' error
    if not found:
        raise CliError(f"no rules reference for '{game}': {paths[0]} does not exist")
    return found


def read_reference(path: Path) -> str:
    """The text of a rules reference file; CliError if it is not a readable regular file."""
    try:
        return read_user_text(path, REFERENCE_LIMIT)
    except UnreadableFileError as err:
        raise CliError(f"{path}: {err}") from None


def owner_hint(rule_id: str, asked: str) -> str:
    """``"RS rules are realm-of-sand's; "`` when the ID's prefix belongs to another game."""
    prefix = rule_id.strip().partition("-")[0].upper()
    for name, entry in GAMES.items():
        if name != asked and prefix in entry.rule_prefixes:
            return f"{prefix} rules are {name}'s; "
    return ""


def list_rule_files() -> None:
    console = stdout_console()
    folder = rules_dir()
    table = Table(title="Rules references", title_justify="left")
    table.add_column("game")
    table.add_column("file")
    for name in game_names():
        stems = GAMES[name].rules_files
        found = [f"{stem}.md" for stem in stems if (folder / f"{stem}.md").is_file()]
        table.add_row(name, ", ".join(found) or "(none)")
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
    paths = rules_files(game)
    path = paths[0]
    text = "\n\n".join(read_reference(p) for p in paths)
    console = stdout_console()
    if ids:
        for found in rule_ids(text):
            console.print(found, markup=False, highlight=False)
        return
    if rule_id is None:
        show_markdown(text)
        return
    section = rule_section(text, rule_id)
    if section is None:
        raise CliError(
            f"no rule '{rule_id}' in {path.name}; {owner_hint(rule_id, game)}"
            f"'boardwright rules {game} --ids' lists the rule IDs"
        )
    show_markdown(section)
