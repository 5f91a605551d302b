"""``boardwright play``: a game at the terminal, humans and bots, hot-seat if several humans."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from boardwright.bots import seat_bots
from boardwright.engine.catalog import DEFAULT_LANGUAGE
from boardwright.engine.decision import Decision
from boardwright.engine.errors import UndoRefusedError
from boardwright.engine.events import Event
from boardwright.engine.game import Result
from boardwright.engine.rng import derive_seed
from boardwright.engine.session import Match
from boardwright.engine.table import HUMAN, Table

from .common import (
    FLAG,
    AskFunction,
    CardPacksOption,
    ContentPackOption,
    LanguageOption,
    add_packs,
    check_language,
    choose_seed,
    load_game,
    note_context,
    parse_options,
    resolve_players,
    seat_name,
    split_seats,
    stdin_ask,
    stdout_console,
)
from .errors import CliError
from .renderers import get_renderer
from .saves import ContentPin, load_saved, write_save
from .text import print_events, show_options

HELP_TEXT = """\
Type the number of an option to choose it. Other commands:
  u, undo            take back your last decision (when the rules allow it)
  s FILE, save FILE  save the game to FILE (s FILE! overwrites a file that exists)
  l, log             show the recent events
  v                  redraw the table and the options
  h, help            this help
  q, quit            leave the game (offers to save; so does Ctrl-C)"""

LOG_LINES = 20
OVERWRITE_MARK = "!"
EXIT_INTERRUPTED = 130


class Step(Enum):
    """What a line of input led to."""

    AGAIN = "again"  # ask the same seat again
    DONE = "done"  # the game moved on (a choice or an undo)
    QUIT = "quit"  # leave the game


def result_table(result: Result, kinds: Sequence[str] = ()) -> RichTable:
    """Ranks and scores per seat (and who played it, if known), plus per-seat details."""
    per_seat = {
        key: value
        for key, value in result.details.items()
        if isinstance(value, list | tuple) and len(value) == len(result.scores)
    }
    table = RichTable(title="Result", title_justify="left")
    headings = ("rank", "seat", *(("who",) if kinds else ()), "score", *per_seat)
    for heading in headings:
        table.add_column(heading.replace("_", " "))
    order = sorted(range(len(result.scores)), key=lambda s: (result.ranks[s], s))
    for seat in order:
        score = result.scores[seat]
        shown = f"{score:g}"
        extra = [str(values[seat]) for values in per_seat.values()]
        who = [kinds[seat] if seat < len(kinds) else "?"] if kinds else []
        table.add_row(str(result.ranks[seat]), seat_name(seat), *who, shown, *extra)
    return table


def result_details(result: Result) -> list[str]:
    """The details that are not per-seat lists, as ``name: value`` lines."""
    lines = []
    for key, value in result.details.items():
        if isinstance(value, list | tuple) and len(value) == len(result.scores):
            continue
        lines.append(f"{key.replace('_', ' ')}: {value}")
    return lines


def show_result(console: Console, result: Result, kinds: Sequence[str] = ()) -> None:
    console.print(result_table(result, kinds))
    for line in result_details(result):
        console.print(line, markup=False)
    if len(result.scores) < 2:
        return
    winners = ", ".join(seat_name(s) for s in result.winners)
    console.print(Text(f"Winner: {winners}" if len(result.winners) == 1 else f"Tied: {winners}"))


class PlaySession:
    """Input and output at the terminal for a :class:`Table`: asks humans through ``ask`` and
    shows what happens; the table runs the bots, the events per seat, moves and undo."""

    def __init__(
        self,
        table: Table[Any],
        console: Console,
        ask: AskFunction,
        save_path: Path | None = None,
        pin: ContentPin | None = None,
        seats: Sequence[str] | None = None,
        language: str = DEFAULT_LANGUAGE,
    ) -> None:
        self.table = table
        self.pin = pin
        self.seats = list(seats) if seats is not None else table.kinds
        self.interrupted = False
        self.console = console
        self.ask = ask
        self.save_path = save_path
        self.render = get_renderer(table.match.game.name, table.match.game)
        self.texts = table.match.game.texts(table.match.config, language)
        self.humans = table.humans
        self.table_seat = self.humans[0] if len(self.humans) == 1 else None
        self.drawn: tuple[int, int] | None = None
        self.last_human: int | None = None

    # --- the loop -------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends or a human leaves; return the exit code."""
        table = self.table
        print_events(self.console, self.texts, table.history(self.table_seat)[-LOG_LINES:])
        for viewer in {self.table_seat, *self.humans}:
            table.mark_seen(viewer)
        while (decision := table.decision) is not None:
            if table.advance():
                print_events(self.console, self.texts, table.events_for(self.table_seat))
            elif not self.human_move(decision):
                return EXIT_INTERRUPTED if self.interrupted else 0
        self.autosave()
        self.finish()
        return 0

    def human_move(self, decision: Decision) -> bool:
        """Ask a human until the game moves on; False when the player leaves."""
        seat, version = decision.seat, self.table.version
        self.announce(seat, self.table.events_for(seat))
        if self.drawn != (seat, len(self.table.match.log)):
            self.draw(seat)
        show_options(self.console, self.texts, decision)
        while True:
            try:
                line = self.ask(f"{seat_name(seat)}> ")
            except EOFError:
                self.leave("input ended")
                return False
            except KeyboardInterrupt:
                self.console.print()
                self.interrupted = True
                self.leave("interrupted")
                return False
            step = self.handle(line.strip(), decision, version)
            if step is Step.QUIT:
                return False
            if step is Step.DONE:
                return True

    # --- showing --------------------------------------------------------------------------
    def announce(self, seat: int, recap: Sequence[Event]) -> None:
        """Hot-seat: say whose turn it is and recap what happened since that seat's last move
        (with one human, or the same human again, everything was shown as it happened)."""
        if len(self.humans) < 2 or seat == self.last_human:
            return
        self.last_human = seat
        self.console.rule(f"{seat_name(seat)}'s turn: pass the keyboard to {seat_name(seat)}")
        if recap:
            self.console.print(f"Since your last decision ({seat_name(seat)} sees):")
            print_events(self.console, self.texts, recap)

    def draw(self, seat: int | None) -> None:
        self.console.print(self.render(self.table.view(seat)))
        if seat is not None:
            self.drawn = (seat, len(self.table.match.log))

    def hint(self, message: str) -> None:
        self.console.print(Text(message, style="yellow"))

    # --- input ----------------------------------------------------------------------------
    def handle(self, line: str, decision: Decision, version: int) -> Step:
        """Act on one line of input (``version``: the table's when the options were shown)."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word.isdigit():
            return self.choose(int(word), decision, version)
        if word in ("u", "undo"):
            return self.undo(decision.seat)
        if word in ("s", "save"):
            self.save_to(rest.strip())
        elif word in ("l", "log"):
            self.show_log(decision.seat)
        elif word == "v":
            self.draw(decision.seat)
            show_options(self.console, self.texts, decision)
        elif word in ("h", "help", "?"):
            self.console.print(HELP_TEXT, markup=False, highlight=False)
        elif word in ("q", "quit", "exit"):
            self.leave("you left the game")
            return Step.QUIT
        else:
            shown = f"'{line}' is not a choice" if line else "nothing typed"
            self.hint(f"{shown}: type 1 to {len(decision.options)}, or h for help")
        return Step.AGAIN

    def choose(self, number: int, decision: Decision, version: int) -> Step:
        count = len(decision.options)
        if not 1 <= number <= count:
            self.hint(f"there is no option {number}: type 1 to {count}, or h for help")
            return Step.AGAIN
        key = decision.options[number - 1].key
        print_events(self.console, self.texts, self.table.play(decision.seat, key, version))
        self.table.mark_seen(self.table_seat)  # hot-seat: the table saw the move as it was made
        self.autosave()
        return Step.DONE

    def undo(self, seat: int) -> Step:
        try:
            self.table.undo(seat)
        except UndoRefusedError as refusal:
            self.hint(str(refusal))
            return Step.AGAIN
        self.console.print(Text("Your last decision was taken back.", style="cyan"))
        self.drawn = None
        return Step.DONE

    def save_to(self, name: str) -> bool:
        """Save to ``name``; a file that exists is kept unless the name ends in ``!``."""
        overwrite = name.endswith(OVERWRITE_MARK)
        name = name.removesuffix(OVERWRITE_MARK).strip()
        if not name:
            self.hint("save needs a file name: s FILE")
            return False
        if Path(name).exists() and not overwrite:
            self.hint(f"{name} exists; type s {name}{OVERWRITE_MARK} to overwrite it")
            return False
        try:
            self.write(Path(name))
        except OSError as err:
            self.hint(f"could not save to {name}: {err.strerror or err}")
            return False
        self.console.print(Text(f"saved to {name}", style="cyan"))
        return True

    def show_log(self, seat: int) -> None:
        events = self.table.history(seat)[-LOG_LINES:]
        self.console.print(Text(f"The last {len(events)} event(s):", style="bold"))
        print_events(self.console, self.texts, events)

    # --- leaving and the end ------------------------------------------------------------------
    def write(self, path: Path) -> None:
        write_save(self.table.match, path, self.seats, self.pin)

    def autosave(self) -> None:
        if self.save_path is None:
            return
        try:
            self.write(self.save_path)
        except OSError as err:
            self.hint(f"could not save to {self.save_path}: {err.strerror or err}")

    def leave(self, why: str) -> None:
        """Leaving early: save to --save, else offer to save (unless input has ended)."""
        self.console.print(Text(f"{why}; the game stops here.", style="bold"))
        if self.save_path is not None:
            self.autosave()
            self.console.print(f"The game is saved in {self.save_path}.", markup=False)
            return
        if why == "input ended":
            self.console.print("The game was not saved.")
            return
        while True:
            try:
                name = self.ask("Save the game? File name (Enter: do not save): ").strip()
            except (EOFError, KeyboardInterrupt):
                name = ""
            if not name or self.save_to(name):
                break
        if not name:
            self.console.print("The game was not saved.")

    def finish(self) -> None:
        self.console.rule("Game over")
        self.draw(self.table_seat)
        result = self.table.result
        if result is not None:
            show_result(self.console, result, self.table.kinds)
        if self.save_path is not None:
            self.console.print(f"The game is saved in {self.save_path}.", markup=False)


# --- the command -----------------------------------------------------------------------------
def new_match(
    game_name: str,
    players: int | None,
    seats: str | None,
    seed: int | None,
    options: list[str],
    content_pack: str | None = None,
    rules: str | None = None,
    packs: str | None = None,
) -> tuple[Table[Any], list[str]]:
    """A new game at a table with the seats ``seats`` names (default: a human, then random),
    and those seats' names."""
    game = load_game(game_name, content_pack)
    count = resolve_players(game, players, seats)
    chosen = game.rule_set_options(rules, parse_options(options))
    add_packs(game, chosen, packs)
    config = game.config(count, chosen)
    match = Match(game, config, choose_seed(seed))
    kinds = split_seats(seats) if seats else default_seats(count)
    return seated(match, kinds), kinds


def default_seats(count: int) -> list[str]:
    return [HUMAN] + ["random"] * (count - 1)


def seated(match: Match[Any], kinds: Sequence[str]) -> Table[Any]:
    """``match`` at a table with the seats ``kinds`` names, each bot seeded from the game's
    seed and the number of moves made (so a loaded game gets fresh bots)."""
    count = match.config.players
    seed = derive_seed(match.seed, "play", len(match.actions))
    return Table(match, seat_bots(kinds, match.game, count, seed, allow_human=True))


def loaded_match(
    game_name: str,
    path: Path,
    players: int | None,
    seats: str | None,
    given: Mapping[str, Any],
    force: bool = False,
) -> tuple[Table[Any], list[str], ContentPin | None]:
    """The saved game at a table with ``seats`` (default: the seats the save names, for an
    older save a human and random bots), its seats' names and the content pack it names."""
    load_game(game_name)
    if any(value for value in given.values()):
        flags = ", ".join(name for name, value in given.items() if value)
        raise CliError(
            f"--load takes the players, seed, options and content from the save; drop {flags}"
        )
    saved = load_saved(path, force=force)
    match = saved.match
    if match.game.name != game_name:
        raise CliError(f"{path} is a save of '{match.game.name}', not of '{game_name}'")
    count = match.config.players
    note_context(seed=match.seed, players=count, options=match.config.to_data()["options"])
    if players is not None and players != count:
        raise CliError(f"{path} is a {count}-player game, not {players}-player")
    if seats:
        kinds = split_seats(seats)
    elif saved.seats is not None:
        kinds = list(saved.seats)
    else:
        kinds = default_seats(count)
    return seated(match, kinds), kinds, saved.pin


def introduce(
    console: Console, match: Match[Any], kinds: Sequence[str], pin: ContentPin | None = None
) -> None:
    who = ", ".join(f"{seat_name(s)} {kind}" for s, kind in enumerate(kinds))
    console.print(
        f"{match.game.title} · {match.config.players} player(s) · seed {match.seed} · {who}",
        markup=False,
    )
    if pin is not None:
        console.print(f"content pack: {pin.name}", markup=False)
    changed = {
        k: v for k, v in match.config.options.items() if match.game.option_set.defaults()[k] != v
    }
    if changed:
        console.print("options: " + ", ".join(f"{k}={v}" for k, v in changed.items()), markup=False)
    if HUMAN in kinds:
        console.print("Type h for help.")


def play_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. realm-of-sand (see 'games').")],
    players: Annotated[
        int | None,
        typer.Option(help="Number of players (default: the number of --seats, else 2)."),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help="Who plays each seat, comma-separated: human or a bot (random). "
            "Default: human for seat 1, random for the rest. Several humans play hot-seat."
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the game (default: a random one, printed).")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", "-o", help="A game option as name=value; repeat for more (see 'options')."
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            help="Save the game to this file after each human decision, at the end and on quit."
        ),
    ] = None,
    load: Annotated[
        Path | None,
        typer.Option(
            help="Continue a saved game (its players, seed, options, content and seats are "
            "used; --seats seats others)."
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            metavar=FLAG,
            help="With --load: play on even if the save's content pack has changed since.",
        ),
    ] = False,
    content: ContentPackOption = None,
    rules: Annotated[
        str | None,
        typer.Option(
            help="The rule set: base (the default), or a preset such as Runebound's advanced "
            "(every Advanced Runebound option on); --option values win over it."
        ),
    ] = None,
    packs: CardPacksOption = None,
    lang: LanguageOption = DEFAULT_LANGUAGE,
) -> None:
    """Play a game at the terminal: humans type option numbers, bots move by themselves."""
    language = check_language(lang)
    console = stdout_console()
    if load is not None:
        given = {
            "--seed": seed is not None,
            "--option": bool(option),
            "--content": content is not None,
            "--rules": rules is not None,
            "--packs": packs is not None,
        }
        table, kinds, pin = loaded_match(game, load, players, seats, given, force)
    else:
        if force:
            raise CliError("--force goes with --load")
        table, kinds = new_match(game, players, seats, seed, option or [], content, rules, packs)
        pin = None if content is None else ContentPin.of(game, content)
    if save is not None:
        try:
            write_save(table.match, save, kinds, pin)
        except OSError as err:
            raise CliError(f"cannot write the save file {save}: {err.strerror or err}") from None
    introduce(console, table.match, table.kinds, pin)
    session = PlaySession(table, console, stdin_ask(console), save, pin, kinds, language)
    code = session.run()
    if code:
        raise typer.Exit(code)
