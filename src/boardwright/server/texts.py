"""The words of a state message in the client's language: the decision's prompt, its options
(only for the seat deciding) and the events the message carries, each built from its data by
the game's catalog only when a client that asked for a language is sent it (architecture
point 6). The structured data stays beside the words: a client never needs to parse them.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.catalog import LANGUAGES
from boardwright.engine.decision import Decision
from boardwright.engine.errors import ConfigError
from boardwright.engine.events import Event
from boardwright.engine.texts import Texts


def check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise ConfigError(f"unknown language '{language}': choose one of {', '.join(LANGUAGES)}")
    return language


def optional_language(language: str | None) -> str | None:
    """A client's ``lang`` parameter: None (it wants data only) or a checked language."""
    return None if language is None else check_language(language)


def seat_texts(
    texts: Texts,
    seat: int | None,
    decision: Decision | None,
    events: list[Event],
) -> dict[str, Any]:
    """``prompt`` (the decision's, for every seat: its arguments are public), ``options`` (one
    text per option, in order, only for the deciding seat) and ``events`` (one per event
    given, in order; a redacted event is told by its public copy)."""
    out: dict[str, Any] = {
        "language": texts.catalog.language,
        "prompt": None if decision is None else texts.prompt(decision),
        "events": [texts.event(event) for event in events],
    }
    if decision is not None and decision.seat == seat:
        out["options"] = [texts.option(option) for option in decision.options]
    return out
