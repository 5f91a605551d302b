"""Decisions: the points where the rules stop and a seat must choose among enumerated options.

Options, decisions and events carry machine-readable data, never text: a message id and
JSON-ready ``args`` (ids, numbers, cell names). Text is made from them only when a front end
asks (:meth:`boardwright.engine.game.Game.texts`), so simulation builds none.

Options and decisions are shared by a state and its clones and are never changed once built.
They are not frozen dataclasses all the same: random play builds one option per legal choice,
and a frozen dataclass costs about twice as much to build.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

Args = Mapping[str, Any]
"""JSON-ready message arguments: names to strings, numbers, booleans, None or lists of them."""


class _NoArgs(Mapping[str, Any]):
    """The shared empty ``args``: immutable, and hashable as a dataclass default must be."""

    def __getitem__(self, key: str) -> Any:
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __hash__(self) -> int:
        return 0


NO_ARGS: Args = _NoArgs()


def copy_args(args: Args) -> dict[str, Any]:
    """A copy of ``args`` to hand out: lists are copied too, so changing what a front end or a
    bot got changes nothing that the engine keeps."""
    return {name: _copy_value(value) for name, value in args.items()}


def _copy_value(value: Any) -> Any:
    return [_copy_value(v) for v in value] if isinstance(value, list) else value


@dataclass(slots=True)
class Option:
    """One legal choice.

    ``key`` is stable text (e.g. ``"tile:2"``) that save files record, so a save stays readable
    if the enumeration order ever changes. ``what`` is the message id saying what the choice is
    (e.g. ``"rs.option.take_tile"``) and ``args`` its JSON-ready arguments (e.g. the tile id):
    together enough for a bot or a front end, in any language. ``data`` is the game's own
    payload and never leaves the engine.
    """

    key: str
    what: str
    args: Args = NO_ARGS
    data: Any = None

    def to_data(self) -> dict[str, Any]:
        return {"key": self.key, "what": self.what, "args": copy_args(self.args)}


@dataclass(slots=True)
class Decision:
    """Who decides (``seat``), what kind of choice it is, and the legal options.

    The prompt's message id follows from the game and ``kind`` (``<prefix>.prompt.<kind>``);
    ``args`` are its JSON-ready arguments.
    """

    seat: int
    kind: str
    options: tuple[Option, ...] = ()
    args: Args = NO_ARGS

    def index_of(self, key: str) -> int | None:
        for i, option in enumerate(self.options):
            if option.key == key:
                return i
        return None

    def to_data(self) -> dict[str, Any]:
        return self.view_data(self.seat)

    def view_data(self, viewer: int | None) -> dict[str, Any]:
        """The decision as ``viewer`` may see it: the options only for the deciding seat."""
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind, "args": copy_args(self.args)}
        if viewer == self.seat:
            out["options"] = [option.to_data() for option in self.options]
        return out
