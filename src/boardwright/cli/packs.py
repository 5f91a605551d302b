"""Content packs: folders of a game's content files that owners import into their data folder.

A pack lives in ``$BOARDWRIGHT_HOME/content/<game>/<name>/`` (default home:
``$XDG_DATA_HOME/boardwright``, else ``~/.local/share/boardwright``) and holds the game's content
files plus ``pack.json`` (where it came from, when). ``play``/``simulate --content NAME`` build
the game from a pack; saves made with a pack record its name and fingerprint
(:mod:`boardwright.cli.saves`) so that ``replay`` and ``play --load`` rebuild the same game.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from boardwright.engine.content import CONTENT_FILE_LIMIT, ContentError
from boardwright.engine.files import MEBIBYTE, UnreadableFileError, read_user_text
from boardwright.engine.game import Game
from boardwright.games import game_entry, get_game

from .errors import CliError

HOME_VARIABLE = "BOARDWRIGHT_HOME"
PACK_INFO = "pack.json"
FINGERPRINT_DIGITS = 16
PACK_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


@dataclass(frozen=True)
class Pack:
    """An imported content pack as ``content list`` shows it."""

    name: str
    path: Path
    source: str
    imported: str
    files: tuple[str, ...]


# --- where packs live ----------------------------------------------------------------------------
def user_home() -> Path:
    """$BOARDWRIGHT_HOME, else $XDG_DATA_HOME/boardwright, else ~/.local/share/boardwright."""
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override).expanduser()
    data = os.environ.get("XDG_DATA_HOME")
    base = Path(data).expanduser() if data else Path.home() / ".local" / "share"
    return base / "boardwright"


def packs_dir(game: str) -> Path:
    return user_home() / "content" / game


def check_pack_name(name: str) -> str:
    if not PACK_NAME.fullmatch(name):
        raise CliError(
            f"'{name}' is not a usable content pack name: use 1 to 64 letters, digits, '.', "
            "'_' or '-', starting with a letter or digit"
        )
    return name


def pack_dir(game: str, name: str) -> Path:
    return packs_dir(game) / check_pack_name(name)


def content_files(game: Game[Any]) -> list[str]:
    """The file names of a game's content folder (one per content model)."""
    return [f"{stem}.yaml" for stem in game.content_models()]


def list_packs(game: str) -> list[Pack]:
    """The packs imported for ``game``, by name."""
    folder = packs_dir(game)
    if not folder.is_dir():
        return []
    packs = []
    for path in sorted(folder.iterdir()):
        if not path.is_dir() or not PACK_NAME.fullmatch(path.name):
            continue  # unfinished imports are hidden folders
        info: dict[str, Any] = {}
        try:
            loaded = json.loads(read_user_text(path / PACK_INFO, MEBIBYTE))
        except (ValueError, RecursionError):  # UnreadableFileError is a ValueError
            loaded = None
        if isinstance(loaded, dict):
            info = loaded
        files = tuple(sorted(p.relative_to(path).as_posix() for p in path.rglob("*.yaml")))
        source, imported = str(info.get("source", "?")), str(info.get("imported", "?"))
        packs.append(Pack(path.name, path, source, imported, files))
    return packs


# --- importing -----------------------------------------------------------------------------------
def import_pack(
    game_name: str, folder: Path, name: str | None = None, *, replace: bool = False
) -> tuple[Path | None, list[ContentError]]:
    """Validate ``folder`` and copy the game's content files into a new pack.

    Returns (the pack folder, []) or (None, every problem found); nothing is copied when the
    folder has a problem. CliError if the folder is missing or the pack exists (unless
    ``replace``).
    """
    game = get_game(game_name)
    files = content_files(game)
    if not files:
        raise CliError(f"{game_name} has no content files to import")
    if not folder.is_dir():
        raise CliError(f"{folder} is not a folder")
    source = folder.resolve()
    pack_name = check_pack_name(name if name is not None else source.name)
    target = pack_dir(game_name, pack_name)
    part = game.content_part_folder(folder)
    if part:
        return import_part(game_name, folder, pack_name, part, replace=replace)
    if target.exists() and not replace:
        raise CliError(
            f"a {game_name} content pack '{pack_name}' exists already ({target}); "
            "give another --name or --replace it"
        )
    errors = game.validate_content(folder)
    if errors:
        return None, errors

    def fill(staging: Path) -> list[str]:
        for file in files:
            if (folder / file).is_file():  # a valid folder may hold only some of them (Runebound)
                shutil.copy2(folder / file, staging / file)
        copy_subfolders(folder, staging)
        return files

    return write_staged(game_name, pack_name, source, target, fill)


class _Invalid(Exception):
    """The staged pack as a whole has problems (raised by a ``write_staged`` filler)."""

    def __init__(self, errors: list[ContentError]) -> None:
        super().__init__(f"{len(errors)} problem(s)")
        self.errors = errors


def write_staged(
    game_name: str,
    pack_name: str,
    source: Path,
    target: Path,
    fill: Callable[[Path], list[str]],
) -> tuple[Path | None, list[ContentError]]:
    """Build the pack in a staging folder beside ``target`` (``fill`` copies its files and
    returns their names, or raises ``_Invalid``), write its info, then swap it in: a problem
    or a failed write leaves ``target`` as it was."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{pack_name}.", dir=target.parent))
    try:
        files = fill(staging)
        info = {
            "game": game_name,
            "name": pack_name,
            "source": str(source),
            "imported": datetime.now(UTC).replace(microsecond=0).isoformat(),
            "files": files,
        }
        (staging / PACK_INFO).write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
        if target.exists():
            shutil.rmtree(target)
        staging.rename(target)
    except _Invalid as problem:
        return None, problem.errors
    except OSError as err:
        raise CliError(f"cannot write the content pack {target}: {err.strerror or err}") from None
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return target, []


def copy_subfolders(folder: Path, staging: Path, depth: int = 2) -> None:
    """The YAML files of ``folder``'s subfolders (parts of the content, e.g. runebound's
    al-kalim/ and packs/<pack>/), ``depth`` levels down, into the same places in ``staging``."""
    if depth == 0:
        return
    for sub in sorted(p for p in folder.iterdir() if p.is_dir() and PACK_NAME.fullmatch(p.name)):
        parts = sorted(sub.glob("*.yaml"))
        if parts:
            (staging / sub.name).mkdir(parents=True, exist_ok=True)
            for part in parts:
                shutil.copy2(part, staging / sub.name / part.name)
        copy_subfolders(sub, staging / sub.name, depth - 1)


def import_part(
    game_name: str, folder: Path, pack_name: str, part: str, *, replace: bool
) -> tuple[Path | None, list[ContentError]]:
    """Import a folder that is a part of the content (``part``: its place in the pack, e.g.
    ``packs/kellos``) into the content pack ``pack_name``, made if it is not there; a part the
    pack holds already is replaced only with ``replace``."""
    game = get_game(game_name)
    target = pack_dir(game_name, pack_name)
    if (target / part).exists() and not replace:
        raise CliError(
            f"the {game_name} content pack '{pack_name}' holds {part} already ({target}); "
            "give another --name or --replace it"
        )
    errors = game.validate_content(folder)
    if errors:
        return None, errors

    def fill(staging: Path) -> list[str]:
        if target.exists():
            shutil.copytree(target, staging, dirs_exist_ok=True)
        destination = staging / part
        if destination.exists():
            shutil.rmtree(destination)
        destination.mkdir(parents=True)
        for file in sorted(folder.glob("*.yaml")):
            shutil.copy2(file, destination / file.name)
        copy_subfolders(folder, destination, depth=1)
        problems = game.validate_content(staging)  # e.g. one pack in two folders of the pack
        if problems:
            raise _Invalid(problems)
        return sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*.yaml"))

    return write_staged(game_name, pack_name, folder.resolve(), target, fill)


# --- building games from packs -------------------------------------------------------------------
def existing_pack_dir(game_name: str, pack: str) -> Path:
    """The folder of the imported pack ``pack``; CliError naming the imported ones if none."""
    game_entry(game_name)  # the one-line 'unknown game' error
    directory = pack_dir(game_name, pack)
    if not directory.is_dir():
        known = ", ".join(p.name for p in list_packs(game_name)) or "none"
        raise CliError(
            f"no {game_name} content pack '{pack}' (imported: {known}); "
            f"import one with 'boardwright content import {game_name} FOLDER --name {pack}'"
        )
    return directory


def pack_fingerprint(game_name: str, pack: str) -> dict[str, str]:
    """A short SHA-256 of each content file of the pack, by its path within the pack."""
    directory = existing_pack_dir(game_name, pack)
    digests = {}
    for path in sorted(directory.rglob("*.yaml")):
        try:
            digest = file_digest(path)
        except UnreadableFileError as err:
            raise CliError(f"content pack '{pack}': {path.name}: {err}") from None
        digests[path.relative_to(directory).as_posix()] = digest
    return digests


def file_digest(path: Path) -> str:
    """A content file's short SHA-256 (UnreadableFileError if it cannot be read)."""
    text = read_user_text(path, CONTENT_FILE_LIMIT)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:FINGERPRINT_DIGITS]


def build_game(game_name: str, pack: str) -> Game[Any]:
    """The game ``game_name`` built from the imported content pack ``pack``."""
    entry = game_entry(game_name)
    directory = existing_pack_dir(game_name, pack)
    try:
        return entry.build(directory)
    except ContentError as err:
        raise CliError(f"content pack '{pack}' does not load: {err}") from None
