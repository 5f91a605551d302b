"""A table: one match and who sits at it. Every front end, simulation and benchmark drives a game
through a :class:`Table`.

A seat is played by a human (``None``) or by a :class:`~boardwright.engine.bot.Bot`, which the
caller builds (the game registry knows which bots a game offers). The table lets bots move
when they decide, takes a human's move only with the state version it was chosen on (so a stale
or misdirected move is refused, not applied), hands out each seat's events since that seat last
asked, and takes moves back by the match's undo policy. Saving and loading go through
:class:`~boardwright.engine.session.Match`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, Generic, TypeVar

from boardwright.engine.bot import Bot, Observation, observe
from boardwright.engine.decision import Decision
from boardwright.engine.errors import (
    ConfigError,
    IllegalActionError,
    NotYourTurnError,
    StaleMoveError,
    UndoRefusedError,
)
from boardwright.engine.events import Event, events_for_seat
from boardwright.engine.game import Result
from boardwright.engine.session import Match
from boardwright.engine.state import StateBase

S = TypeVar("S", bound=StateBase)

HUMAN = "human"
"""The seat kind of a human player (a bot's kind is its name)."""


class Table(Generic[S]):
    """A match with a human or a bot in each seat.

    ``bots`` has one entry per seat: None for a human. Events reach a seat through
    :meth:`events_for`, which keeps a cursor per seat (``None`` is a spectator). A lean match
    (``Match(..., lean=True)``) plays the same game with no event log and no history.
    """

    def __init__(self, match: Match[S], bots: Sequence[Bot | None]) -> None:
        if len(bots) != match.config.players:
            raise ConfigError(
                f"the table has {len(bots)} seat(s) but the game has "
                f"{match.config.players} player(s)"
            )
        self.match = match
        self.bots: tuple[Bot | None, ...] = tuple(bots)
        self._cursors: dict[int | None, int] = {}

    # --- who sits where -----------------------------------------------------------------------
    @property
    def kinds(self) -> list[str]:
        """Per seat: ``human`` or the bot's name."""
        return [HUMAN if bot is None else bot.name for bot in self.bots]

    @property
    def humans(self) -> list[int]:
        return [seat for seat, bot in enumerate(self.bots) if bot is None]

    # --- the game as it stands ------------------------------------------------------------------
    @property
    def version(self) -> int:
        """Changes with every applied move and undo; :meth:`play` needs the current one."""
        return self.match.version

    @property
    def decision(self) -> Decision | None:
        return self.match.decision

    @property
    def result(self) -> Result | None:
        return self.match.result

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.match.view(seat)

    # --- moves ------------------------------------------------------------------------------------
    def play(self, seat: int, key: str, version: int) -> list[Event]:
        """A human's move: option ``key`` chosen by ``seat`` on state ``version``.

        Refused (an IllegalActionError saying why) when the game is over, the version is not
        the current one, another seat decides or a bot plays this seat, or ``key`` is not an
        option (:meth:`check_move`). Returns the seat's events since it last asked, this move's
        included.
        """
        self.check_move(seat, key, version)
        self.match.play_key(key)
        return self.events_for(seat)

    def check_move(self, seat: int, key: str, version: int) -> None:
        """Raise what :meth:`play` would refuse the move for; return if it would take it (a
        front end that stores a move before applying it asks this first)."""
        decision = self._current(version)
        if seat != decision.seat:
            raise NotYourTurnError(f"it is seat {decision.seat}'s decision, not seat {seat}'s")
        bot = self.bots[seat]
        if bot is not None:
            raise NotYourTurnError(f"seat {seat} is played by the bot '{bot.name}'")
        if decision.index_of(key) is None:
            raise IllegalActionError(not_an_option(key, decision))

    def check_bot_move(self, key: str, version: int) -> None:
        """Raise why option ``key``, chosen by the deciding seat's bot elsewhere (another process)
        on state ``version``, cannot be played now: a human decides, or the state moved on."""
        decision = self._current(version)
        if self.bots[decision.seat] is None:
            raise NotYourTurnError(f"seat {decision.seat} is a human's")
        if decision.index_of(key) is None:
            raise IllegalActionError(not_an_option(key, decision))

    def play_bot_move(self, key: str, version: int) -> None:
        """Play a bot's move chosen elsewhere (:meth:`check_bot_move` first)."""
        self.check_bot_move(key, version)
        self.match.play_key(key)

    def _current(self, version: int) -> Decision:
        decision = self.match.decision
        if decision is None:
            raise IllegalActionError("the game is over; there is nothing to choose")
        self._check_version(version)
        return decision

    def _check_version(self, version: int) -> None:
        if version != self.match.version:
            raise StaleMoveError(
                f"the move was chosen on version {version} of the game, which is now at "
                f"version {self.match.version}: look at the table again and choose anew"
            )

    def advance(self) -> bool:
        """Play one bot move if a bot decides now; False if a human decides or the game is over."""
        decision = self.match.decision
        if decision is None:
            return False
        bot = self.bots[decision.seat]
        if bot is None:
            return False
        self._bot_move(bot, decision)
        return True

    def run_bots(self, limit: int | None = None) -> int:
        """Let bots move until a human decides, the game ends or ``limit`` moves are made;
        return the number of moves made."""
        if self.match.lean:
            return self._run_bots_lean(limit)
        moves = 0
        while (limit is None or moves < limit) and self.advance():
            moves += 1
        return moves

    def _run_bots_lean(self, limit: int | None) -> int:
        """:meth:`run_bots` for simulation: a lean match never replaces its state (no undo)
        and keeps no log unless asked for its events, so the loop applies moves to the state
        itself, as fast as the game allows; the version still counts every move."""
        match, bots = self.match, self.bots
        game, state = match.game, match.state
        log = match.log if match.keeps_events else None
        # the state is changed in place, never replaced: one view and one sampler per seat
        views = [partial(game.view, state, seat) for seat in range(len(bots))]
        samples = [partial(game.determinize, state, seat) for seat in range(len(bots))]
        moves = 0
        try:
            while (decision := game.decision(state)) is not None and (
                limit is None or moves < limit
            ):
                seat = decision.seat
                bot = bots[seat]
                if bot is None:
                    break
                observation = Observation(seat, decision, views[seat], samples[seat])
                game.apply(state, bot.choose(observation), log)
                moves += 1
        finally:
            match.version += moves
        return moves

    def _bot_move(self, bot: Bot, decision: Decision) -> None:
        match = self.match
        match.play(bot.choose(observe(match.game, match.state, decision)), decision.seat)

    def check_undo(self, seat: int, version: int) -> None:
        """Raise why ``seat`` may not take its last decision back on state ``version``: the
        version is stale, a bot plays the seat, or the match's policy refuses
        (UndoRefusedError); return if it may (a front end that stores the undo first asks)."""
        self._check_version(version)
        bot = self.bots[seat]
        if bot is not None:
            raise NotYourTurnError(f"seat {seat} is played by the bot '{bot.name}'")
        refusal = self.match.undo_refusal(seat)
        if refusal is not None:
            raise UndoRefusedError(f"cannot undo: {refusal}")

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last move by the match's policy (UndoRefusedError saying why
        not); every seat's cursor moves back with the log."""
        self.match.undo(seat)
        end = len(self.match.log)
        for viewer, cursor in self._cursors.items():
            self._cursors[viewer] = min(cursor, end)

    # --- events -----------------------------------------------------------------------------------
    def events_for(self, seat: int | None) -> list[Event]:
        """The events ``seat`` may see (``None``: a spectator) since it last asked; the seat's
        cursor moves to the end of the log."""
        log = self.match.log
        start = min(self._cursors.get(seat, 0), len(log))
        self._cursors[seat] = len(log)
        return events_for_seat(log[start:], seat)

    def events_since(self, seat: int | None, cursor: int) -> tuple[list[Event], int, bool]:
        """For a front end that keeps a cursor per connection: the events ``seat`` may see after
        position ``cursor`` of the log, the log's end (the new cursor), and whether an undo took
        back events the cursor had passed (then all of them come again)."""
        log = self.match.log
        reset = cursor > len(log)
        return events_for_seat(log[0 if reset else cursor :], seat), len(log), reset

    def history(self, seat: int | None) -> list[Event]:
        """Every event ``seat`` may see, from the start; the cursor stays where it is."""
        return events_for_seat(self.match.log, seat)

    def mark_seen(self, seat: int | None) -> None:
        """Move ``seat``'s cursor to the end of the log without handing out the events."""
        self._cursors[seat] = len(self.match.log)


def not_an_option(key: str, decision: Decision) -> str:
    return f"'{_shortened(key)}' is not a legal choice for {decision.kind}"


def _shortened(text: str, limit: int = 80) -> str:
    """A client's text, cut to a length that fits a one-line message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
