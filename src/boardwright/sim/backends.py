"""Where a run's games are played: in this process, in a local process pool, or on a Ray cluster.

Every backend plays *chunks* (lists of game indices) with :func:`~boardwright.sim.play.play_chunk`
and hands each finished chunk's records to a callback, in whatever order chunks finish; the run
sorts them by index. A game's record depends only on the run and its index
(:mod:`boardwright.sim.spec`), so every backend and job count gives the same records.

Chunks hold at least :data:`MIN_CHUNK_SECONDS` of play, judged by the first game (played here
before the others start), so that handing a chunk to a worker costs little beside it.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import socket
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from boardwright.engine.errors import ConfigError
from boardwright.sim.play import play_chunk
from boardwright.sim.records import GameRecord
from boardwright.sim.spec import RunSpec

BACKENDS = ("local", "ray")
MIN_CHUNK_SECONDS = 0.1
"""The least play a chunk holds, so that a task's overhead stays small beside its work."""
CHUNKS_PER_JOB = 16
"""More chunks than this per worker only add overhead: chunks grow instead."""

ChunkDone = Callable[[list[GameRecord]], None]


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def plan_chunks(indices: Sequence[int], jobs: int, seconds_per_game: float) -> list[list[int]]:
    """``indices`` cut into consecutive chunks of at least :data:`MIN_CHUNK_SECONDS` of play
    each (at ``seconds_per_game``), and no more than :data:`CHUNKS_PER_JOB` per worker."""
    if not indices:
        return []
    per_game = max(seconds_per_game, 1e-6)
    size = max(1, math.ceil(MIN_CHUNK_SECONDS / per_game))
    size = max(size, math.ceil(len(indices) / (CHUNKS_PER_JOB * max(jobs, 1))))
    return [list(indices[i : i + size]) for i in range(0, len(indices), size)]


def never() -> bool:
    return False


def run_local(
    spec: RunSpec,
    chunks: Sequence[Sequence[int]],
    jobs: int,
    done: ChunkDone,
    stop: Callable[[], bool] = never,
) -> None:
    """The chunks in a pool of ``jobs`` processes (forked where the platform allows, so that
    they start with the game already loaded). Once ``stop`` says so, chunks not yet begun are
    dropped and those being played are waited for."""
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    context = multiprocessing.get_context(method)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        pending: set[Future[list[dict[str, Any]]]] = {
            pool.submit(play_chunk, spec, list(chunk)) for chunk in chunks
        }
        try:
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    if not future.cancelled():
                        done([GameRecord.from_data(data) for data in future.result()])
                if stop():
                    for future in pending:
                        future.cancel()
        except BaseException:
            for future in pending:
                future.cancel()
            raise


def run_ray(
    spec: RunSpec,
    chunks: Sequence[Sequence[int]],
    jobs: int | None,
    address: str | None,
    done: ChunkDone,
    stop: Callable[[], bool] = never,
) -> None:
    """The chunks as Ray tasks: on the cluster at ``address`` (``auto`` finds a running one), or
    on a local Ray with ``jobs`` CPUs. Every node needs boardwright installed, the same
    version as here."""
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        if address is not None:
            check_reachable(address)
            try:
                ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
            except Exception as err:  # Ray raises several kinds for an unreachable cluster
                message = " ".join(str(err).split())[:200]
                raise ConfigError(
                    f"--address {address}: cannot join a Ray cluster ({message})"
                ) from None
        else:
            ray.init(
                num_cpus=jobs,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
    try:
        task = ray.remote(play_chunk)
        pending = [task.remote(spec, list(chunk)) for chunk in chunks]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                done([GameRecord.from_data(data) for data in ray.get(ref)])
            if stop():
                for ref in pending:
                    ray.cancel(ref)
                break
    finally:
        if started:  # a Ray this run started ends with it; one the caller started stays
            ray.shutdown()


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """A one-line ConfigError unless something answers at ``address`` (``HOST:PORT`` or
    ``ray://HOST:PORT``; ``auto`` is left to Ray): Ray itself keeps retrying for minutes."""
    target = address.removeprefix("ray://")
    host, _, port = target.rpartition(":")
    if address == "auto" or not host or not port.isdigit():
        return
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            pass
    except OSError as err:
        raise ConfigError(
            f"--address {address}: no Ray cluster answers there ({err.strerror or err})"
        ) from None


def import_ray() -> Any:
    """The ``ray`` module, or a one-line ConfigError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise ConfigError(
            "--backend ray needs Ray, an optional extra: pip install -e '.[ray]'"
        ) from None
    return ray
