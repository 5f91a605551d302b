"""``boardwright play``: a game at the terminal, humans and bots, hot-seat if several humans."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from boardwright.bots import seat_bots
from boardwright.engine.catalog import DEFAULT_LANGUAGE, Catalog
from boardwright.engine.decision import Decision
from boardwright.engine.errors import UndoRefusedError
from boardwright.engine.events import Event
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
from .results import show_result
from .saves import ContentPin, load_saved, write_save
from .text import print_events, show_options
from .words import cli_words

HELP_COMMANDS = (
    ("u, undo", "cli.help.undo"),
    ("s {file}, save {file}", "cli.help.save"),
    ("l, log", "cli.help.log"),
    ("v", "cli.help.redraw"),
    ("h, help", "cli.help.help"),
    ("q, quit", "cli.help.quit"),
)
"""The commands at the prompt (typed as they are in every language) and what each does."""

LOG_LINES = 20
INPUT_ENDED = "input_ended"
OVERWRITE_MARK = "!"
EXIT_INTERRUPTED = 130


class Step(Enum):
    """What a line of input led to."""

    AGAIN = "again"  # ask the same seat again
    DONE = "done"  # the game moved on (a choice or an undo)
    QUIT = "quit"  # leave the game


def help_text(words: Catalog) -> str:
    """The help at the prompt: the commands in a column, then what each does."""
    file = words.text("cli.help.file")
    commands = [
        (command.format(file=file), words.text(msgid, file=file))
        for command, msgid in HELP_COMMANDS
    ]
    width = max(len(command) for command, _ in commands) + 2
    lines = (f"  {command:<{width}}{does}" for command, does in commands)
    return "\n".join((words.text("cli.help"), *lines))


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
        self.render = get_renderer(table.match.game.name, table.match.game, language)
        self.texts = table.match.game.texts(table.match.config, language)
        self.words = cli_words(language)
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
                line = self.ask(f"{self.seat(seat)}> ")
            except EOFError:
                self.leave(INPUT_ENDED)
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
        self.console.rule(self.say("cli.hot_seat.turn", seat=self.seat(seat)))
        if recap:
            self.console.print(self.say("cli.hot_seat.recap", seat=self.seat(seat)))
            print_events(self.console, self.texts, recap)

    def draw(self, seat: int | None) -> None:
        self.console.print(self.render(self.table.view(seat)))
        if seat is not None:
            self.drawn = (seat, len(self.table.match.log))

    def hint(self, message: str) -> None:
        self.console.print(Text(message, style="yellow"))

    def say(self, msgid: str, **fields: object) -> str:
        """The terminal's message ``msgid`` in the player's language."""
        return self.words.text(msgid, **fields)

    def seat(self, seat: int) -> str:
        return seat_name(seat, self.words)

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
            self.console.print(help_text(self.words), markup=False, highlight=False)
        elif word in ("q", "quit", "exit"):
            self.leave("left")
            return Step.QUIT
        else:
            shown = (
                self.say("cli.not_a_choice", line=line) if line else self.say("cli.nothing_typed")
            )
            self.hint(self.say("cli.type_a_number", what=shown, count=len(decision.options)))
        return Step.AGAIN

    def choose(self, number: int, decision: Decision, version: int) -> Step:
        count = len(decision.options)
        if not 1 <= number <= count:
            shown = self.say("cli.no_such_option", number=number)
            self.hint(self.say("cli.type_a_number", what=shown, count=count))
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
            self.hint(self.refusal_text(seat, refusal))
            return Step.AGAIN
        self.console.print(Text(self.say("cli.undone"), style="cyan"))
        self.drawn = None
        return Step.DONE

    def refusal_text(self, seat: int, refusal: UndoRefusedError) -> str:
        """Why the undo was refused, in the player's language (the state has not changed)."""
        reason = self.table.match.undo_refusal_reason(seat)
        if reason is None:
            return str(refusal)
        return self.say("cli.undo_refused", why=self.say(f"cli.undo_refused.{reason}"))

    def save_to(self, name: str) -> bool:
        """Save to ``name``; a file that exists is kept unless the name ends in ``!``."""
        overwrite = name.endswith(OVERWRITE_MARK)
        name = name.removesuffix(OVERWRITE_MARK).strip()
        if not name:
            self.hint(self.say("cli.save.no_name", file=self.say("cli.help.file")))
            return False
        if Path(name).exists() and not overwrite:
            self.hint(self.say("cli.save.exists", name=name, overwrite=name + OVERWRITE_MARK))
            return False
        try:
            self.write(Path(name))
        except OSError as err:
            self.hint(self.say("cli.save.failed", name=name, error=err.strerror or err))
            return False
        self.console.print(Text(self.say("cli.save.done", name=name), style="cyan"))
        return True

    def show_log(self, seat: int) -> None:
        events = self.table.history(seat)[-LOG_LINES:]
        self.console.print(Text(self.say("cli.log", count=len(events)), style="bold"))
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
            error = err.strerror or err
            self.hint(self.say("cli.save.failed", name=self.save_path, error=error))

    def leave(self, reason: str) -> None:
        """Leaving early (``reason``: a ``cli.leave.*`` id's end): save to --save, else offer
        to save (unless input has ended)."""
        why = self.say(f"cli.leave.{reason}")
        self.console.print(Text(self.say("cli.leave", why=why), style="bold"))
        if self.save_path is not None:
            self.autosave()
            self.console.print(self.say("cli.saved_in", path=self.save_path), markup=False)
            return
        if reason == INPUT_ENDED:
            self.console.print(self.say("cli.not_saved"))
            return
        while True:
            try:
                name = self.ask(self.say("cli.save.ask")).strip()
            except (EOFError, KeyboardInterrupt):
                name = ""
            if not name or self.save_to(name):
                break
        if not name:
            self.console.print(self.say("cli.not_saved"))

    def finish(self) -> None:
        self.console.rule(self.say("cli.game_over"))
        self.draw(self.table_seat)
        result = self.table.result
        if result is not None:
            show_result(self.console, result, self.words, self.texts, self.table.kinds)
        if self.save_path is not None:
            self.console.print(self.say("cli.saved_in", path=self.save_path), markup=False)


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
    console: Console,
    match: Match[Any],
    kinds: Sequence[str],
    pin: ContentPin | None = None,
    words: Catalog | None = None,
) -> None:
    """The game, its seed and seats, its content pack and changed options (the option names
    and values as they are typed), and how to get help."""
    words = words or cli_words()
    who = ", ".join(f"{seat_name(s, words)} {kind}" for s, kind in enumerate(kinds))
    game, players, seed = match.game.title, match.config.players, match.seed
    intro = words.text("cli.intro", game=game, players=players, seed=seed, who=who)
    console.print(intro, markup=False)
    if pin is not None:
        console.print(words.text("cli.content_pack", name=pin.name), markup=False)
    changed = {
        k: v for k, v in match.config.options.items() if match.game.option_set.defaults()[k] != v
    }
    if changed:
        shown = ", ".join(f"{k}={v}" for k, v in changed.items())
        console.print(words.text("cli.options", options=shown), markup=False)
    if HUMAN in kinds:
        console.print(words.text("cli.help_hint"))


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
    introduce(console, table.match, table.kinds, pin, cli_words(language))
    session = PlaySession(table, console, stdin_ask(console), save, pin, kinds, language)
    code = session.run()
    if code:
        raise typer.Exit(code)
