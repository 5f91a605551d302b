"""Save files as the command line writes and reads them: the engine's save data (version 1)
plus what the table needs to resume the same game.

Optional keys, which version 1 saves written before them simply lack:

- ``"seats"``: who played each seat, ``human`` or a bot by name; ``play --load`` seats them
  again unless ``--seats`` says otherwise.
- ``"content"``: the imported content pack the game was played with (absent: built-in content),
  and ``"content_files"``: its fingerprint, a short SHA-256 per file. Loading a save whose pack
  has changed since is refused (``--force`` loads it anyway and says what differs).
- ``"pinned_files"``: the fingerprint of the built-in content files the game played with
  beyond the base files (``Game.pinned_files``: Runebound's chosen card packs). A save whose
  files have changed since (a newer boardwright retuned a pack) is refused the same way.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardwright.engine.errors import SaveFileError
from boardwright.engine.game import Game, GameConfig
from boardwright.engine.session import Match, check_save_header, load_save, read_save_data
from boardwright.games import get_game

from .common import error_line
from .errors import CliError
from .packs import PACK_NAME, build_game, file_digest, pack_fingerprint

SEATS_KEY = "seats"
CONTENT_KEY = "content"
CONTENT_FILES_KEY = "content_files"
PINNED_KEY = "pinned_files"
SHOWN_DIFFERENCES = 3


@dataclass(frozen=True)
class ContentPin:
    """The content pack a game is played with: its name and its files' fingerprint."""

    name: str
    files: Mapping[str, str]

    @classmethod
    def of(cls, game: str, name: str) -> ContentPin:
        return cls(name, pack_fingerprint(game, name))


@dataclass(frozen=True)
class SavedGame:
    """A save file rebuilt: the match, the seats it names (None: an older save without them)
    and the content pack it was played with (None: built-in content)."""

    match: Match[Any]
    seats: tuple[str, ...] | None
    pin: ContentPin | None


def save_data(match: Match[Any], seats: Sequence[str], pin: ContentPin | None) -> dict[str, Any]:
    """The engine's save data plus the seats, the built-in files it pins and, with a content
    pack, its name and files."""
    data = match.to_save()
    data[SEATS_KEY] = list(seats)
    pinned = pinned_fingerprint(match.game, match.config)
    if pinned:
        data[PINNED_KEY] = pinned
    if pin is not None:
        data[CONTENT_KEY] = pin.name
        data[CONTENT_FILES_KEY] = dict(pin.files)
    return data


def pinned_fingerprint(game: Game[Any], config: GameConfig) -> dict[str, str]:
    """A short SHA-256 of each built-in file the configuration plays with (``pinned_files``)."""
    return {name: file_digest(path) for name, path in sorted(game.pinned_files(config).items())}


def _check_pinned(data: Mapping[str, Any], match: Match[Any], where: Path, force: bool) -> None:
    """CliError if the built-in files the save pins have changed since (unless ``force``: then
    a warning on stderr says what differs)."""
    saved = data.get(PINNED_KEY)
    if saved is None:
        return
    if not (isinstance(saved, dict) and all(isinstance(v, str) for v in saved.values())):
        raise SaveFileError(f'{where}: "{PINNED_KEY}" must map file names to digests')
    now = pinned_fingerprint(match.game, match.config)
    if saved == now:
        return
    what = changes(saved, now)
    if not force:
        raise CliError(
            f"{where} was played with built-in content that has changed since ({what}); "
            "load it with --force to play on with the content as it is now"
        )
    error_line(f"{where}: the built-in content has changed since: {what}", "warning")


def write_save(match: Match[Any], path: Path, seats: Sequence[str], pin: ContentPin | None) -> None:
    text = json.dumps(save_data(match, seats, pin), indent=1) + "\n"
    path.write_text(text, encoding="utf-8")


def changes(saved: Mapping[str, str], now: Mapping[str, str]) -> str:
    """What differs between two fingerprints, e.g. ``cards.yaml changed, x.yaml removed``."""
    notes = [
        f"{name} {'removed' if name not in now else 'added' if name not in saved else 'changed'}"
        for name in sorted(set(saved) | set(now))
        if saved.get(name) != now.get(name)
    ]
    more = len(notes) - SHOWN_DIFFERENCES
    return ", ".join(notes[:SHOWN_DIFFERENCES]) + (f" and {more} more" if more > 0 else "")


def _saved_seats(data: Mapping[str, Any], where: Path) -> tuple[str, ...] | None:
    seats = data.get(SEATS_KEY)
    if seats is None:
        return None
    if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats):
        raise SaveFileError(f'{where}: "{SEATS_KEY}" must be a list of seat names')
    return tuple(seats)


def _saved_pin(data: Mapping[str, Any], where: Path, force: bool) -> ContentPin | None:
    """The pack the save names, checked against the pack as it is now (CliError if it changed,
    unless ``force``: then a warning on stderr says what differs)."""
    name, game = data.get(CONTENT_KEY), data.get("game")
    if name is None or not isinstance(game, str):
        return None  # built-in content, or no game: load_save says what is missing
    if not isinstance(name, str) or not PACK_NAME.fullmatch(name):
        raise SaveFileError(f'{where}: "{CONTENT_KEY}" must be a content pack name')
    files = data.get(CONTENT_FILES_KEY)
    if files is not None and not (
        isinstance(files, dict) and all(isinstance(v, str) for v in files.values())
    ):
        raise SaveFileError(f'{where}: "{CONTENT_FILES_KEY}" must map file names to digests')
    current = ContentPin.of(game, name)  # CliError if the pack is gone
    if files is None or files == current.files:
        return current
    what = changes(files, current.files)
    if not force:
        raise CliError(
            f"{where} was played with the content pack '{name}', which has changed since "
            f"({what}); load it with --force to play on with the pack as it is now"
        )
    error_line(f"{where}: the content pack '{name}' has changed since: {what}", "warning")
    return current


def load_saved(path: Path, *, force: bool = False) -> SavedGame:
    """Rebuild a saved game with the seats and content pack it names; see the module doc."""
    data = check_save_header(read_save_data(path), str(path))
    seats = _saved_seats(data, path)
    pin = _saved_pin(data, path, force)
    if pin is None:
        match = load_save(data, get_game, str(path))
    else:
        name = pin.name

        def lookup(game: str) -> Game[Any]:
            return build_game(game, name)

        match = load_save(data, lookup, str(path))
    _check_pinned(data, match, path, force)
    return SavedGame(match, seats, pin)
