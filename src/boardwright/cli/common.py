"""Helpers shared by the commands: consoles, one-line errors, seats, options and seeds."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import typer
from rich.console import Console

from boardwright.engine.catalog import LANGUAGES, Catalog
from boardwright.engine.errors import ConfigError
from boardwright.engine.game import Game
from boardwright.engine.options import parse_option_pairs
from boardwright.games import get_game

from .errors import CliError
from .packs import build_game
from .words import cli_words

AskFunction = Callable[[str], str]
"""Reads one line of input after showing a prompt; raises EOFError at the end of input."""

ContentPackOption = Annotated[
    str | None,
    typer.Option(
        "--content",
        help="Play with an imported content pack instead of the built-in content "
        "(see 'content list').",
    ),
]
"""The ``--content NAME`` flag of play and simulate."""

JobsOption = Annotated[
    int | None,
    typer.Option(help="Processes (or Ray CPUs) to play on (default: all cores)."),
]
BackendOption = Annotated[
    str,
    typer.Option(help="Where games are played: local (processes here) or ray (a cluster)."),
]
AddressOption = Annotated[
    str | None,
    typer.Option(help="The Ray cluster to join (e.g. auto, or ray://HOST:10001)."),
]
"""Where simulate's and compare's games are played (boardwright.sim.backends)."""

LanguageOption = Annotated[
    str,
    typer.Option(
        "--lang",
        envvar="BOARDWRIGHT_LANG",
        help="The language of the game's prompts, options and events: en, de or pl "
        "(default: en, or $BOARDWRIGHT_LANG).",
    ),
]
"""The ``--lang CODE`` flag of play and replay."""


def check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise CliError(f"--lang must be one of {', '.join(LANGUAGES)}, not '{language}'")
    return language


CardPacksOption = Annotated[
    str | None,
    typer.Option(
        "--packs",
        help="Card packs to play with, comma-separated (sets the option 'packs'), e.g. "
        "kellos,walkers for runebound (see 'options').",
    ),
]
"""The ``--packs A,B`` flag of play and simulate."""


def add_packs(game: Game[Any], options: dict[str, Any], packs: str | None) -> None:
    """``--packs A,B`` sets the game option ``packs``; ConfigError where it cannot."""
    if packs is None:
        return
    if "packs" not in game.option_set.by_name:
        raise ConfigError(
            f"{game.name} has no card packs: --packs is for games with a 'packs' option "
            "(see 'boardwright options GAME')"
        )
    given = options.get("packs")
    if given is not None and given != packs:
        raise ConfigError(f"--packs {packs} and --option packs={given} disagree; give one of them")
    options["packs"] = packs


FLAG = ""
"""The metavar of a switch such as ``--json``: none, so that help does not show it as taking
a ``<bool>`` value, which it refuses."""

BUG_CONTEXT: dict[str, Any] = {}
"""What a bug report should include (game, seed, players, options); filled in by commands."""


def note_context(**items: Any) -> None:
    """Remember facts for the one-line internal-error report."""
    BUG_CONTEXT.update(items)


def stdout_console() -> Console:
    """A console on the current stdout (test runners swap sys.stdout, so build one per use).

    Piped output keeps long lines whole (no hard wrapping), so messages with paths stay greppable.
    """
    return Console(file=sys.stdout, highlight=False, soft_wrap=not sys.stdout.isatty())


def stderr_console() -> Console:
    return Console(file=sys.stderr, highlight=False, soft_wrap=not sys.stderr.isatty())


def one_line(text: str) -> str:
    return " ".join(str(text).split())


def error_line(message: str, prefix: str = "error") -> None:
    """Print ``prefix: message`` as one plain line on stderr (no markup, no wrapping)."""
    sys.stderr.write(f"{prefix}: {one_line(message)}\n")
    sys.stderr.flush()


def stdin_ask(console: Console) -> AskFunction:
    """The default input function: prompt on the console, read a line from stdin."""

    def ask(prompt: str) -> str:
        console.print(prompt, end="", markup=False, highlight=False)
        console.file.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")

    return ask


def load_game(name: str, content_pack: str | None = None) -> Game[Any]:
    """The game called ``name``, built from an imported content pack when one is given."""
    note_context(game=name)
    if content_pack is None:
        return get_game(name)
    note_context(content=content_pack)
    return build_game(name, content_pack)


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    options = parse_option_pairs(pairs or [])
    note_context(options=options)
    return options


def choose_seed(seed: int | None) -> int:
    """The given seed, or a fresh random one."""
    chosen = secrets.randbelow(2**31) if seed is None else seed
    note_context(seed=chosen)
    return chosen


def split_seats(text: str) -> list[str]:
    return [part.strip().lower() for part in text.split(",")]


def bot_seats(text: str | None, count: int) -> list[str]:
    """The bot of each seat: ``--seats`` as given, else the random bot everywhere."""
    return split_seats(text) if text else ["random"] * count


def resolve_players(game: Game[Any], players: int | None, seats: str | None) -> int:
    """The player count: --players, else the number of --seats, else 2 (within the game's range)."""
    if players is None:
        if seats is not None:
            players = len(split_seats(seats))
        else:
            players = min(max(2, game.min_players), game.max_players)
    note_context(players=players)
    return players


def seat_name(seat: int, words: Catalog | None = None) -> str:
    """Seats are 0-based in the engine and 'Player 1' upwards for people (in the language of
    ``words``, the terminal's catalog; default English)."""
    return (words or cli_words()).text("cli.seat", number=seat + 1)
