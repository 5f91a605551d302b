"""A played game as the engine stores it: config + seed + the chosen options, and its log.

Save files hold exactly that (JSON, versioned); states are rebuilt by replaying, so a save
never goes stale. Undo replays all but the last action, within the rules of :meth:`undo`.
A lean match (for simulation) keeps neither the log nor the history, so it cannot be undone
or saved.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from boardwright.engine.decision import Decision
from boardwright.engine.errors import (
    BoardwrightError,
    EngineError,
    IllegalActionError,
    SaveFileError,
    UndoRefusedError,
)
from boardwright.engine.events import Event, events_for_seat
from boardwright.engine.files import MEBIBYTE, UnreadableFileError, read_user_text
from boardwright.engine.game import Game, GameConfig, Result
from boardwright.engine.state import StateBase

SAVE_FORMAT = "boardwright-save"
SAVE_VERSION = 1
SAVE_FILE_LIMIT = 16 * MEBIBYTE
"""The largest save file read (a long game's save is some 100 KiB)."""

S = TypeVar("S", bound=StateBase)

UNDO_REFUSALS = {
    "lean": "this game keeps no history (it is played lean, for simulation)",
    "nothing": "there is nothing to undo",
    "not_yours": "the last decision was not yours",
    "barrier": "the last decision revealed hidden information or used a random draw",
    "over": "the game is over",
    "turn_change": "undoing it would change whose turn it is",
}
"""Why an undo is refused, by reason (:meth:`Match.undo_refusal_reason`)."""


@dataclass(frozen=True)
class ActionRecord:
    """One chosen option and what undo needs to know about it."""

    seat: int
    key: str
    crossed_barrier: bool
    turn_before: tuple[int, ...]
    events_before: int


class Match(Generic[S]):
    """A game in progress with its full history (none when ``lean``).

    ``version`` changes with every applied action and every undo (it never returns to an
    earlier value), so a move chosen on an older state can be told apart and refused.
    """

    def __init__(
        self,
        game: Game[S],
        config: GameConfig,
        seed: int,
        *,
        lean: bool = False,
        events: bool = False,
    ):
        self.game = game
        self.config = config
        self.seed = seed
        self.lean = lean
        self.keeps_events = events or not lean
        """Whether :attr:`log` is kept: always, and by a lean match asked for ``events``
        (a simulation that counts what happened, with no history all the same)."""
        self.log: list[Event] = []
        self.state: S = game.setup(config, seed, self.log if self.keeps_events else None)
        self.actions: list[ActionRecord] = []
        self.version = 0

    # --- playing ------------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        return self.game.decision(self.state)

    @property
    def result(self) -> Result | None:
        return self.game.result(self.state)

    def play(self, index: int, seat: int | None = None) -> list[Event]:
        """Choose option ``index``; with ``seat`` given, refuse if it is not that seat's call."""
        decision = self.decision
        if decision is None:
            raise IllegalActionError("the game is over; there is nothing to choose")
        if seat is not None and seat != decision.seat:
            raise IllegalActionError(f"it is seat {decision.seat}'s decision, not seat {seat}'s")
        if not 0 <= index < len(decision.options):
            raise IllegalActionError(
                f"option {index} is out of range: choose 0 to {len(decision.options) - 1}"
            )
        key = decision.options[index].key
        return self._apply(decision.seat, key, lambda log: self.game.apply(self.state, index, log))

    def play_key(self, key: str) -> list[Event]:
        decision = self.decision
        if decision is None:
            raise IllegalActionError("the game is over; there is nothing to choose")
        return self._apply(
            decision.seat, key, lambda log: self.game.apply_key(self.state, key, log)
        )

    def _apply(self, seat: int, key: str, do: Callable[[list[Event] | None], None]) -> list[Event]:
        if self.lean:
            do(self.log if self.keeps_events else None)
            self.version += 1
            return []
        mark = self.state.barrier_mark()
        turn = self.game.turn_key(self.state)
        start = len(self.log)
        do(self.log)
        crossed = self.state.barrier_mark() != mark
        self.actions.append(ActionRecord(seat, key, crossed, turn, start))
        self.version += 1
        return self.log[start:]

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        return events_for_seat(self.log[start:], seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    # --- undo ---------------------------------------------------------------------------
    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not undo now, or None if it may."""
        reason = self.undo_refusal_reason(seat)
        return None if reason is None else UNDO_REFUSALS[reason]

    def undo_refusal_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not undo now as a key of :data:`UNDO_REFUSALS` (for a front end
        that tells it in its own words), or None if it may."""
        if self.lean:
            return "lean"
        if not self.actions:
            return "nothing"
        last = self.actions[-1]
        if last.seat != seat:
            return "not_yours"
        if last.crossed_barrier:
            return "barrier"
        if self.decision is None:
            return "over"
        if self.decision.seat != seat or self.game.turn_key(self.state) != last.turn_before:
            return "turn_change"
        return None

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s own last decision, or raise UndoRefusedError saying why not."""
        refusal = self.undo_refusal(seat)
        if refusal is not None:
            raise UndoRefusedError(f"cannot undo: {refusal}")
        keys = [a.key for a in self.actions[:-1]]
        rebuilt = Match.replay(self.game, self.config, self.seed, keys)
        self.state, self.log, self.actions = rebuilt.state, rebuilt.log, rebuilt.actions
        self.version += 1

    # --- save, load, replay -----------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        if self.lean:
            raise EngineError("a lean match keeps no history to save")
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.name,
            "config": self.config.to_data(),
            "seed": self.seed,
            "actions": [a.key for a in self.actions],
        }

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_save(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def replay(cls, game: Game[S], config: GameConfig, seed: int, keys: list[str]) -> Match[S]:
        match = cls(game, config, seed)
        for number, key in enumerate(keys, 1):
            try:
                match.play_key(key)
            except IllegalActionError as err:
                raise SaveFileError(
                    f"action {number} ('{key}') does not fit the game: {err}"
                ) from None
        return match

    def states(self) -> Iterator[tuple[int, S, list[Event]]]:
        """Replay this match from the start: (action number, state, events of that action)."""
        again: Match[S] = Match(self.game, self.config, self.seed)
        yield 0, again.state, list(again.log)
        for number, record in enumerate(self.actions, 1):
            events = again.play_key(record.key)
            yield number, again.state, events


def read_save_data(path: Path) -> Any:
    """The parsed JSON of the save file ``path`` (a regular file of at most
    :data:`SAVE_FILE_LIMIT` bytes); SaveFileError says what is wrong."""
    try:
        text = read_user_text(path, SAVE_FILE_LIMIT)
    except UnreadableFileError as err:
        raise SaveFileError(f"{path}: {err}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveFileError(
            f"{path}: not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})"
        ) from None
    except RecursionError:
        raise SaveFileError(f"{path}: not a save file (its JSON is nested too deeply)") from None


def check_save_header(data: Any, where: str) -> dict[str, Any]:
    """``data`` if it is save data of the version this boardwright reads, else SaveFileError."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(f'{where}: not a boardwright save file (no "format": "{SAVE_FORMAT}")')
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError(
            f'{where}: "version" must be a whole number such as {SAVE_VERSION}, not {version!r}'
        )
    if version != SAVE_VERSION:
        raise SaveFileError(
            f"{where}: save format version {data.get('version')!r} is not supported "
            f"(this boardwright reads version {SAVE_VERSION})"
        )
    return data


def load_save(
    data_or_path: Path | str | dict[str, Any],
    lookup: Callable[[str], Game[Any]],
    where: str = "save data",
) -> Match[Any]:
    """Rebuild a match from a save file (path) or its parsed JSON (from the file ``where``);
    errors say what is wrong."""
    if isinstance(data_or_path, dict):
        data: Any = data_or_path
    else:
        where = str(data_or_path)
        data = read_save_data(Path(data_or_path))
    data = check_save_header(data, where)
    try:
        game = lookup(str(data["game"]))
        raw_config = data["config"]
        seed = data["seed"]
        keys = data["actions"]
        if not isinstance(raw_config, dict) or not isinstance(raw_config.get("players"), int):
            raise SaveFileError(f'{where}: "config" needs a whole-number "players"')
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveFileError(f'{where}: "seed" must be a whole number')
        if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
            raise SaveFileError(f'{where}: "actions" must be a list of option keys (strings)')
        options = raw_config.get("options", {})
        if not isinstance(options, dict):
            raise SaveFileError(f'{where}: "config.options" must be a mapping')
        config = game.config(raw_config["players"], options)
    except KeyError as err:
        raise SaveFileError(f"{where}: missing {err.args[0]!r}") from None
    except SaveFileError:
        raise
    except BoardwrightError as err:
        raise SaveFileError(f"{where}: {err}") from None
    try:
        return Match.replay(game, config, seed, keys)
    except SaveFileError as err:
        raise SaveFileError(f"{where}: {err}") from None
