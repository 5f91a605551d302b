"""What the terminal shows of prompts, options and events: text from the game's catalog.

The rules build no text; the terminal asks the game's :class:`~boardwright.engine.texts.Texts`
for it, only for what it prints.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from boardwright.engine.decision import Decision
from boardwright.engine.events import Event
from boardwright.engine.texts import Texts


def print_events(console: Console, texts: Texts, events: Sequence[Event]) -> None:
    for event in events:
        console.print(Text("  · ") + Text(texts.event(event)), highlight=False)


MANY_OPTIONS = 8  # more than this are shown in columns


def show_options(console: Console, texts: Texts, decision: Decision) -> None:
    """The prompt and the numbered options (in columns when there are many)."""
    console.print(Text(texts.prompt(decision), style="bold"))
    entries = option_entries(texts, decision)
    if len(entries) > MANY_OPTIONS:
        console.print(Columns([Text(e) for e in entries], padding=(0, 3)))
    else:
        for entry in entries:
            console.print(Text(entry))


def option_entries(texts: Texts, decision: Decision) -> list[str]:
    """The numbered options, as the player types them: `` 1) ...``."""
    return [f"{n:>2}) {texts.option(option)}" for n, option in enumerate(decision.options, 1)]
