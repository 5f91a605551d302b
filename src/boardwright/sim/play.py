"""Playing the games of a run: one game into one :class:`GameRecord`, and a chunk of them.

Each game is played at a :class:`~boardwright.engine.table.Table` of bots over a lean match
that keeps its event log (no history, no undo), so that the game can count what each seat did
(:meth:`Game.tally`). A game that raises becomes a record with its error: the run goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, cast

from boardwright.bots import Bot, seat_bots
from boardwright.engine.events import Event
from boardwright.engine.game import Game, GameConfig, Result
from boardwright.engine.session import Match
from boardwright.engine.table import Table
from boardwright.sim.records import GameRecord, split_details
from boardwright.sim.spec import RunSpec

MAX_DECISIONS = 200_000
"""A game still going after this many decisions counts as an error (a rules bug)."""


def play_record(spec: RunSpec, index: int) -> GameRecord:
    """Game ``index`` of the run ``spec``, played to its end."""
    game = spec.load()
    config = game.config(spec.players, dict(spec.options))
    seed = spec.game_seed(index)
    options = _plain(game.options_read(config))
    packs = _packs(options.get("packs"))
    seats = spec.seats_for(index)
    base = GameRecord(index, seed, game.name, spec.players, options, packs, list(seats))
    try:
        bots = cast(list[Bot], seat_bots(seats, game, spec.players, seed, allow_human=False))
        log: list[Event] = []
        state, result, decisions = play_one(game, config, seed, bots, log)
        return _finished(base, game, state, log, result, decisions)
    except Exception as error:  # a broken game is data: record it, go on
        message = " ".join(f"{type(error).__name__}: {error}".split())
        return replace(base, error=message)


def play_one(
    game: Game[Any],
    config: GameConfig,
    seed: int,
    bots: Sequence[Bot],
    log: list[Event] | None = None,
) -> tuple[Any, Result, int]:
    """Play one game to its end at a lean table; return the final state, the result and the
    decision count. The game's events go to ``log`` when one is given (unfiltered: for tools
    and tallies, not players)."""
    match = Match(game, config, seed, lean=True, events=log is not None)
    decisions = Table(match, bots).run_bots(MAX_DECISIONS)
    result = match.result
    if result is None:
        if match.decision is not None:
            raise RuntimeError(f"the game did not end after {MAX_DECISIONS} decisions")
        raise RuntimeError("the game has no decision left but no result either")
    if log is not None:
        log.extend(match.log)
    return match.state, result, decisions


def play_chunk(spec: RunSpec, indices: Sequence[int]) -> list[dict[str, Any]]:
    """Games ``indices`` of the run, as record data (what a worker sends back)."""
    return [play_record(spec, index).to_data() for index in indices]


def _finished(
    base: GameRecord,
    game: Game[Any],
    state: Any,
    log: Sequence[Event],
    result: Result,
    decisions: int,
) -> GameRecord:
    players = base.players
    figures, details = split_details(result, players)
    named = result.details.get("heroes")
    heroes = [str(h) for h in named] if isinstance(named, list | tuple) else None
    ended = result.details.get("ended_by")
    tally = game.tally(log, players)
    return replace(
        base,
        heroes=heroes,
        winners=list(result.winners),
        ranks=list(result.ranks),
        scores=[float(s) for s in result.scores],
        rounds=_rounds(game, state, result),
        decisions=decisions,
        ended_by=None if ended is None else str(ended),
        milestones=dict(tally.milestones),
        figures=figures,
        tallies={name: [float(v) for v in values] for name, values in tally.seats.items()},
        details=_plain(details),
    )


def _rounds(game: Game[Any], state: Any, result: Result) -> float | None:
    """The number of rounds played, if the result details or the view report it."""
    value = result.details.get("rounds")
    if value is None:
        view = game.view(state, None)
        value = view.get("rounds", view.get("round"))
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return None


def _packs(value: Any) -> list[str]:
    if isinstance(value, str):
        return [part for part in value.split(",") if part]
    if isinstance(value, list | tuple):
        return [str(part) for part in value]
    return []


def _plain(value: Any) -> Any:
    """JSON-ready: tuples become lists, mappings plain dicts, all the way down."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
