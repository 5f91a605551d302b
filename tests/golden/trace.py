"""Build a golden trace from a save: structured data only, never the English texts.

One line per decision: ``<number> seat <seat> <decision kind> <chosen key>``; under it one
indented line per event: ``<kind> <data>`` as compact sorted JSON, a private event followed by
``seats=[…]`` and its public form (``public=<data>``, or ``public=none`` when the others see
nothing). Events before the first decision come under ``setup``; the last line is the result.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from typing import Any

from boardwright.engine.errors import BoardwrightError
from boardwright.engine.events import Event
from boardwright.engine.session import load_save
from boardwright.games import get_game

HEADER = "# boardwright golden trace: rewrite with `python -m tests.golden`, then review the diff"
DIFF_LINES = 60


def compact(data: Any) -> str:
    """Compact, key-sorted JSON (the same data always gives the same text)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def event_line(event: Event) -> str:
    line = f"  {event.kind} {compact(dict(event.data))}"
    if event.seats is None:
        return line
    public = "none" if event.public is None else compact(dict(event.public))
    return f"{line} seats={compact(sorted(event.seats))} public={public}"


def event_lines(events: Iterable[Event]) -> list[str]:
    return [event_line(e) for e in events]


def build_trace(save: dict[str, Any]) -> list[str]:
    """Replay ``save`` and describe it; an action that does not fit ends the trace with a line
    saying so (the diff against the stored trace then shows where the game went elsewhere)."""
    match = load_save({**save, "actions": []}, get_game)
    lines = [HEADER, "setup", *event_lines(match.log)]
    for number, key in enumerate(save["actions"], 1):
        decision = match.decision
        if decision is None:
            lines.append(f"{number} the game is over; the save goes on with {key}")
            return lines
        try:
            events = match.play_key(key)
        except BoardwrightError as err:
            lines.append(f"{number} seat {decision.seat} {decision.kind} {key} does not fit: {err}")
            return lines
        lines.append(f"{number} seat {decision.seat} {decision.kind} {key}")
        lines.extend(event_lines(events))
    result = match.result
    lines.append(
        "no result: the game is not over"
        if result is None
        else f"result {compact(result.to_data())}"
    )
    return lines


def trace_text(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def first_differences(stored: list[str], built: list[str], *, name: str) -> str:
    """A unified diff of the first differing lines (empty when the traces are equal)."""
    diff = list(
        difflib.unified_diff(
            stored, built, fromfile=f"{name} (stored)", tofile=f"{name} (replayed)", lineterm=""
        )
    )
    if len(diff) > DIFF_LINES:
        diff = [*diff[:DIFF_LINES], f"... ({len(diff) - DIFF_LINES} more diff lines)"]
    return "\n".join(diff)
