"""Decisions: the points where the rules stop and a seat must choose among enumerated options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Option:
    """One legal choice.

    ``key`` is stable text (e.g. ``"tile:2"``) that save files record, so a save stays readable
    if the enumeration order ever changes; ``label`` is for people; ``data`` is the game's own
    payload and never leaves the engine.
    """

    key: str
    label: str
    data: Any = None


@dataclass(frozen=True, slots=True)
class Decision:
    """Who decides (``seat``), what kind of choice it is, a prompt, and the legal options."""

    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]

    def index_of(self, key: str) -> int | None:
        for i, option in enumerate(self.options):
            if option.key == key:
                return i
        return None

    def to_data(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [{"key": o.key, "label": o.label} for o in self.options],
        }
