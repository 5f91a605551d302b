"""Which rules reference files make a game's reference, found by the files' rule IDs.

A game declares the prefixes of its rule IDs (``GameEntry.rule_prefixes``); its reference is
every Markdown file of the rules folder whose rule IDs use one of them, so a new expansion's
file needs no list of file names kept up to date: it belongs to the game whose prefix its IDs
carry (tests/cli/test_rules_reference.py fails for a file whose IDs no game declares).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import boardwright
from boardwright.engine.files import MEBIBYTE, UnreadableFileError, read_user_text
from boardwright.games import GAMES, GameEntry, game_entry

from .errors import CliError
from .rule_text import id_prefix, rule_ids

RULES_DIR_VARIABLE = "BOARDWRIGHT_RULES_DIR"
REFERENCE_LIMIT = 4 * MEBIBYTE
PACKAGED_RULES = "reference"
"""The package data folder an installed boardwright reads the rules references from."""


@dataclass(frozen=True)
class Reference:
    """One rules reference file: its text and the prefixes of its rule IDs (upper case)."""

    path: Path
    text: str
    prefixes: frozenset[str]


def rules_dir() -> Path:
    """Where the rules references live: $BOARDWRIGHT_RULES_DIR, else the package's own copy
    (an installed boardwright: setup.py puts docs/rules there), else docs/rules of a checkout."""
    override = os.environ.get(RULES_DIR_VARIABLE)
    if override:
        return Path(override)
    package = Path(boardwright.__file__).resolve().parent
    shipped = package / PACKAGED_RULES
    return shipped if shipped.is_dir() else package.parents[1] / "docs" / "rules"


def read_reference(path: Path) -> str:
    """The text of a rules reference file; CliError if it is not a readable regular file."""
    try:
        return read_user_text(path, REFERENCE_LIMIT)
    except UnreadableFileError as err:
        raise CliError(f"{path}: {err}") from None


def load_reference(path: Path) -> Reference:
    text = read_reference(path)
    return Reference(path, text, frozenset(id_prefix(found) for found in rule_ids(text)))


def folder_references(folder: Path) -> list[Reference]:
    """Every rules reference file in ``folder``, by name (a folder named ``*.md`` is none)."""
    return [load_reference(path) for path in sorted(folder.glob("*.md")) if path.is_file()]


def owned_references(entry: GameEntry, references: list[Reference]) -> list[Reference]:
    """The files whose rule IDs use one of the game's prefixes, in the order of its prefixes
    (the base rules first, then the expansions)."""
    rank = {prefix: place for place, prefix in enumerate(entry.rule_prefixes)}
    owned = [ref for ref in references if ref.prefixes & rank.keys()]
    return sorted(owned, key=lambda ref: min(rank[p] for p in ref.prefixes if p in rank))


def game_references(name: str) -> list[Reference]:
    """The files of the game called ``name`` (a file stem works as a name too: ``kelnov``);
    CliError if it has none, the one-line 'unknown game' error if the name is neither."""
    folder = rules_dir()
    entry = GAMES.get(name)
    if entry is None:
        path = folder / f"{name}.md"
        if not path.is_file():
            game_entry(name)  # raises the one-line 'unknown game' error
        return [load_reference(path)]
    owned = owned_references(entry, folder_references(folder))
    if not owned:
        prefixes = ", ".join(f"{prefix}-" for prefix in entry.rule_prefixes)
        raise CliError(f"no rules reference for '{name}': no file in {folder} has {prefixes} rules")
    return owned


def rules_files(name: str) -> list[Path]:
    """The paths of ``name``'s rules reference files (see :func:`game_references`)."""
    return [ref.path for ref in game_references(name)]


def rules_file(name: str) -> Path:
    """The first (base) rules reference file of ``name``."""
    return rules_files(name)[0]
