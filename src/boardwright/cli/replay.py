"""``boardwright replay``: a saved game action by action, as one seat (or a spectator) saw it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from boardwright.engine.catalog import DEFAULT_LANGUAGE, Catalog
from boardwright.engine.decision import Decision
from boardwright.engine.events import events_for_seat
from boardwright.engine.session import ActionRecord, Match
from boardwright.engine.texts import Texts

from .common import (
    FLAG,
    AskFunction,
    LanguageOption,
    check_language,
    note_context,
    seat_name,
    stdin_ask,
    stdout_console,
)
from .errors import CliError
from .renderers import get_renderer
from .results import show_result
from .saves import load_saved
from .text import print_events
from .words import cli_words


def action_heading(
    number: int,
    record: ActionRecord,
    before: Decision | None,
    viewer: int | None,
    texts: Texts,
    words: Catalog | None = None,
) -> Text:
    """``[n] Player 2 · kind``, plus the chosen label when the viewer made the choice (the
    decision's kind as the rules name it)."""
    heading = Text(f"[{number}] ", style="dim")
    heading.append(seat_name(record.seat, words), style="bold")
    if before is not None:
        heading.append(f" · {before.kind}")
        index = before.index_of(record.key)
        if viewer == record.seat and index is not None:
            heading.append(f": {texts.option(before.options[index])}")
    return heading


class Stepper:
    """Waits for Enter between actions while stepping; end of input means run to the end."""

    def __init__(self, ask: AskFunction, enabled: bool, words: Catalog | None = None) -> None:
        self.ask = ask
        self.enabled = enabled
        self.prompt = (words or cli_words()).text("cli.replay.next")

    def wait(self) -> None:
        if not self.enabled:
            return
        try:
            self.ask(self.prompt)
        except EOFError:
            self.enabled = False


def replay_match(
    console: Console,
    match: Match[Any],
    viewer: int | None,
    stepper: Stepper,
    language: str = DEFAULT_LANGUAGE,
) -> None:
    """Print each action's events as ``viewer`` sees them, then the final table and result.

    Actions that show nothing to the viewer (no visible event, not the viewer's choice) are
    passed over silently, also when stepping.
    """
    before: Decision | None = None
    texts = match.game.texts(match.config, language)
    words = cli_words(language)
    for number, state, events in match.states():
        seen = events_for_seat(events, viewer)
        record = match.actions[number - 1] if number else None
        if record is not None and (seen or record.seat == viewer):
            stepper.wait()
            console.print(action_heading(number, record, before, viewer, texts, words))
        print_events(console, texts, seen)
        before = match.game.decision(state)
    console.rule(words.text("cli.replay.final_state"))
    console.print(get_renderer(match.game.name, match.game, language)(match.view(viewer)))
    result = match.result
    if result is not None:
        show_result(console, result, words, texts)
    elif match.decision is not None:
        deciding = seat_name(match.decision.seat, words)
        console.print(words.text("cli.replay.not_over", seat=deciding))


def replay_command(
    file: Annotated[Path, typer.Argument(help="A save file written by 'play --save' or 's FILE'.")],
    seat: Annotated[
        int | None,
        typer.Option(help="See the game as this player (1 = Player 1); default: a spectator."),
    ] = None,
    step: Annotated[
        bool,
        typer.Option(
            "--step", metavar=FLAG, help="Wait for Enter between actions (end of input: go on)."
        ),
    ] = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            metavar=FLAG,
            help="Replay even if the save's content pack has changed since.",
        ),
    ] = False,
    lang: LanguageOption = DEFAULT_LANGUAGE,
) -> None:
    """Replay a saved game, action by action."""
    language = check_language(lang)
    saved = load_saved(file, force=force)
    match, pack = saved.match, None if saved.pin is None else saved.pin.name
    note_context(game=match.game.name, seed=match.seed, players=match.config.players)
    if pack is not None:
        note_context(content=pack)
    note_context(options=match.config.to_data()["options"])
    players = match.config.players
    if seat is not None and not 1 <= seat <= players:
        raise CliError(f"--seat must be 1 to {players} for this {players}-player game")
    viewer = None if seat is None else seat - 1
    console = stdout_console()
    words = cli_words(language)
    console.print(replay_intro(match, viewer, pack, words), markup=False)
    stepper = Stepper(stdin_ask(console), step, words)
    replay_match(console, match, viewer, stepper, language)


def replay_intro(match: Match[Any], viewer: int | None, pack: str | None, words: Catalog) -> str:
    """The game, its players, seed and length, who sees it, and its content pack if any."""
    who = words.text("cli.replay.spectator") if viewer is None else seat_name(viewer, words)
    intro = words.text(
        "cli.replay.intro",
        game=match.game.title,
        players=match.config.players,
        seed=match.seed,
        actions=len(match.actions),
        who=who,
    )
    return intro if pack is None else intro + words.text("cli.replay.content_pack", name=pack)
