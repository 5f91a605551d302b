"""Run many bot-only games: serially, in a local process pool or on a Ray cluster.

Everything here goes through the :class:`boardwright.engine.Game` contract, each game at a
:class:`~boardwright.engine.table.Table` of bots over a lean match (no history, no undo), for
speed: bots see an :class:`~boardwright.bots.Observation` (a lazy view of their seat). Game ``i``
of a run uses a seed derived from the run's seed and ``i``; each bot's seed is derived from its
game's seed and seat, so a run is reproducible from (game, players, seats, options, seed, games)
and gives the same per-game records (:mod:`boardwright.sim.records`) whatever the backend and
the number of jobs (:mod:`boardwright.sim.backends`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardwright.bots import seat_bots
from boardwright.engine.errors import ConfigError
from boardwright.engine.game import Game
from boardwright.engine.rng import derive_seed
from boardwright.games import get_game
from boardwright.sim.backends import BACKENDS, never, plan_chunks, run_local, run_ray
from boardwright.sim.play import MAX_DECISIONS, play_one, play_record
from boardwright.sim.records import GameRecord
from boardwright.sim.spec import RunSpec, prime
from boardwright.sim.summary import Summary, summarise

__all__ = [
    "MAX_DECISIONS",
    "Run",
    "Summary",
    "derive_seed",
    "play_one",
    "run",
    "simulate",
]

ProgressCallback = Callable[[int, int], None]
"""Called as games finish with (games done, games in total)."""


@dataclass
class Run:
    """A finished run: its games' records by index and the seconds it took."""

    spec: RunSpec
    options: dict[str, Any]
    """The options every game was played with, as the game read them (defaults filled in)."""
    records: list[GameRecord]
    elapsed: float

    def summary(self) -> Summary:
        return summarise(
            self.records,
            game=self.spec.game,
            players=self.spec.players,
            seed=self.spec.seed,
            seats=self.spec.seats,
            options=self.options,
            elapsed=self.elapsed,
        )


def run(
    spec: RunSpec,
    games: int,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: ProgressCallback | None = None,
    stop: Callable[[], bool] = never,
) -> Run:
    """Play games ``0 .. games-1`` of ``spec``: in this process (``jobs`` 1, the local
    backend), in ``jobs`` local processes, or as Ray tasks (``backend="ray"``, on the cluster at
    ``address`` or a local Ray with ``jobs`` CPUs). One-line ConfigErrors before any game.
    ``stop``, asked as games finish, ends the run early (no new games are begun): the records
    are then those finished, not always games ``0 .. n``."""
    if games < 1:
        raise ConfigError(f"--games must be at least 1, not {games}")
    if jobs < 1:
        raise ConfigError(f"--jobs must be at least 1, not {jobs}")
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend '{backend}'; choose one of: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise ConfigError("--address is the Ray cluster's: give it with --backend ray")
    game = spec.load()
    config = game.config(spec.players, dict(spec.options))
    seat_bots(spec.seats, game, spec.players, spec.seed, allow_human=False)  # one-line errors
    records: list[GameRecord] = []

    def finished(chunk: list[GameRecord]) -> None:
        records.extend(chunk)
        if progress is not None:
            progress(len(records), games)

    start = time.perf_counter()
    first = play_record(spec, 0)
    finished([first])
    if backend == "local" and jobs == 1:
        for index in range(1, games):
            if stop():
                break
            finished([play_record(spec, index)])
    elif not stop():
        chunks = plan_chunks(range(1, games), jobs, time.perf_counter() - start)
        if backend == "ray":
            run_ray(spec, chunks, jobs, address, finished, stop)
        else:
            run_local(spec, chunks, jobs, finished, stop)
    records.sort(key=lambda record: record.index)
    options = game.options_read(config)
    return Run(spec, options, records, time.perf_counter() - start)


def simulate(
    game_name: str | Game[Any],
    players: int,
    games: int,
    seed: int,
    seats: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
    progress: ProgressCallback | None = None,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
) -> Summary:
    """Play ``games`` bot-only games and summarise them (a game that raises is counted and
    skipped; the run goes on). ``game_name`` is a game's name or a game object (e.g. one built
    with other content: it plays in this process only, unless it is the registry's)."""
    game = get_game(game_name) if isinstance(game_name, str) else game_name
    kinds = tuple(kind.strip() for kind in seats) if seats is not None else ("random",) * players
    spec = RunSpec(game.name, players, kinds, seed, dict(options or {}))
    if game is not get_game(game.name):
        if jobs != 1 or backend != "local":
            raise ConfigError("a game built from other content plays in this process only")
        spec = prime(spec, game)
    return run(
        spec, games, jobs=jobs, backend=backend, address=address, progress=progress
    ).summary()
