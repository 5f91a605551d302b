"""The event log: what happened, and who may see which part of it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

EventData = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``seats`` None means everybody sees ``data``. Otherwise only those seats see ``data`` and
    everybody else sees ``public`` instead (or nothing at all when ``public`` is None): that is
    how a private draw shows up as "drew a card" for the table.
    """

    kind: str
    text: str
    data: EventData
    seats: frozenset[int] | None = None
    public_text: str | None = None
    public: EventData | None = None

    def for_seat(self, seat: int | None) -> Event | None:
        """This event as ``seat`` may see it (``None`` is a spectator), or None if hidden."""
        if self.seats is None or (seat is not None and seat in self.seats):
            return self if self.seats is None else Event(self.kind, self.text, self.data)
        if self.public is None or self.public_text is None:
            return None
        return Event(self.kind, self.public_text, self.public)

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "data": dict(self.data)}
        if self.seats is not None:
            out["seats"] = sorted(self.seats)
            if self.public is not None:
                out["public"] = dict(self.public)
                out["public_text"] = self.public_text
        return out


def events_for_seat(events: Iterable[Event], seat: int | None) -> list[Event]:
    """Filter a log for one seat: the only way events leave the engine."""
    out = []
    for event in events:
        seen = event.for_seat(seat)
        if seen is not None:
            out.append(seen)
    return out
