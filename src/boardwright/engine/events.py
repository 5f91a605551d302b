"""The event log: what happened, and who may see which part of it.

An event is data, never text: its message id follows from the game and ``kind``
(``<prefix>.event.<kind>``, and ``<prefix>.event.<kind>.public`` for what the other seats see
of a private event), and ``data`` holds the JSON-ready arguments. Text is made from them only
when a front end asks (:meth:`boardwright.engine.game.Game.texts`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from boardwright.engine.decision import NO_ARGS, copy_args

EventData = Mapping[str, Any]


class Event:
    """One thing that happened.

    ``seats`` None means everybody sees ``data``. Otherwise only those seats see ``data`` and
    everybody else sees ``public`` instead (or nothing at all when ``public`` is None): that is
    how a private draw shows up as "drew a card" for the table. The copy the others see is
    marked ``redacted``, so that its text comes from the ``.public`` message.

    A plain class with ``Final`` fields rather than a frozen dataclass: compiled, a frozen
    dataclass is built through ``object.__setattr__`` at ~2 us an event, this at ~0.2 us, and
    a Runebound game logs thousands (the compiled build still refuses an assignment).
    """

    __slots__ = ("data", "kind", "public", "redacted", "seats")

    def __init__(
        self,
        kind: str,
        data: EventData = NO_ARGS,
        seats: frozenset[int] | None = None,
        public: EventData | None = None,
        redacted: bool = False,
    ) -> None:
        self.kind: Final = kind
        self.data: Final = data
        self.seats: Final = seats
        self.public: Final = public
        self.redacted: Final = redacted

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (
            self.kind == other.kind
            and self.data == other.data
            and self.seats == other.seats
            and self.public == other.public
            and self.redacted == other.redacted
        )

    __hash__ = None  # type: ignore[assignment]  # equal by value, and its data is a dict

    def __repr__(self) -> str:
        return (
            f"Event(kind={self.kind!r}, data={self.data!r}, seats={self.seats!r}, "
            f"public={self.public!r}, redacted={self.redacted!r})"
        )

    def for_seat(self, seat: int | None) -> Event | None:
        """This event as ``seat`` may see it (``None`` is a spectator), or None if hidden."""
        if self.seats is None or (seat is not None and seat in self.seats):
            return self if self.seats is None else Event(self.kind, self.data)
        if self.public is None:
            return None
        return Event(self.kind, self.public, redacted=True)

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "data": copy_args(self.data)}
        if self.redacted:
            out["redacted"] = True
        if self.seats is not None:
            out["seats"] = sorted(self.seats)
            if self.public is not None:
                out["public"] = copy_args(self.public)
        return out


def events_for_seat(events: Iterable[Event], seat: int | None) -> list[Event]:
    """Filter a log for one seat: the only way events leave the engine."""
    out = []
    for event in events:
        seen = event.for_seat(seat)
        if seen is not None:
            out.append(seen)
    return out
