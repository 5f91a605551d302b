"""Simulation at scale: games per second on 1 and on N local processes, and what a Ray task costs.

A plain script, not a test::

    python benchmarks/bench_scaling.py [--games 16] [--pairs 3] [--jobs 2] [--ray] [--json]

1. **Processes.** The same heuristic four-player Al-Kalim games (``boardwright simulate
   runebound --adventure al-kalim --seats heuristic,heuristic,heuristic,heuristic``), played with
   ``--jobs 1`` and with ``--jobs N``, alternated in ``--pairs`` pairs (each run in a fresh
   process, so neither inherits the other's caches); the speed-up is the median ratio of games/s.
2. **Ray** (``--ray``): a local Ray with N CPUs. Its overhead per chunk is the round trip of an
   empty chunk (a task that plays no game), the median over 200 tasks, beside the least work a
   chunk holds (``MIN_CHUNK_SECONDS``); then the same games as above through ``--backend ray``.

Every run's records are checked equal to the first run's: the backends play the same games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from typing import Any

from boardwright.sim.backends import MIN_CHUNK_SECONDS, import_ray
from boardwright.sim.play import play_chunk
from boardwright.sim.runner import run
from boardwright.sim.spec import RunSpec

SPEC = RunSpec("runebound", 4, ("heuristic",) * 4, 20_261_128, {"adventure": "al-kalim"})


def timed_run(games: int, jobs: int, backend: str = "local") -> dict[str, Any]:
    """One run in this process: seconds, games/s and a digest of the records."""
    start = time.perf_counter()
    done = run(SPEC, games, jobs=jobs, backend=backend)
    elapsed = time.perf_counter() - start
    digest = json.dumps([record.to_data() for record in done.records], sort_keys=True)
    fingerprint = hashlib.sha256(digest.encode()).hexdigest()
    return {"seconds": elapsed, "games_per_s": games / elapsed, "digest": fingerprint}


def fresh_run(games: int, jobs: int, backend: str = "local") -> dict[str, Any]:
    """:func:`timed_run` in a fresh interpreter (no warm caches carried between runs)."""
    code = (
        "import json, sys; sys.path.insert(0, 'benchmarks'); import bench_scaling as b; "
        f"print(json.dumps(b.timed_run({games}, {jobs}, {backend!r})))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def ray_overhead(jobs: int, tasks: int = 200) -> dict[str, float]:
    """Seconds per empty chunk sent to a local Ray with ``jobs`` CPUs and back (median of
    ``tasks``, after a warm-up that starts the workers)."""
    ray = import_ray()
    ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
    try:
        task = ray.remote(play_chunk)
        ray.get([task.remote(SPEC, []) for _ in range(jobs * 4)])  # warm the workers
        times = []
        for _ in range(tasks):
            start = time.perf_counter()
            ray.get(task.remote(SPEC, []))
            times.append(time.perf_counter() - start)
        batch_start = time.perf_counter()
        ray.get([task.remote(SPEC, []) for _ in range(tasks)])
        batch = (time.perf_counter() - batch_start) / tasks
    finally:
        ray.shutdown()
    return {"round_trip_s": statistics.median(times), "pipelined_s": batch}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=16, help="games per run")
    parser.add_argument("--pairs", type=int, default=3, help="1-process / N-process run pairs")
    parser.add_argument("--jobs", type=int, default=2, help="processes of the parallel runs")
    parser.add_argument("--ray", action="store_true", help="measure Ray too (needs .[ray])")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    serial, parallel = [], []
    for _ in range(args.pairs):
        serial.append(fresh_run(args.games, 1))
        parallel.append(fresh_run(args.games, args.jobs))
    digests = {r["digest"] for r in serial + parallel}
    ratios = [p["games_per_s"] / s["games_per_s"] for s, p in zip(serial, parallel, strict=True)]
    report: dict[str, Any] = {
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "games": args.games,
        "jobs": args.jobs,
        "serial_games_per_s": statistics.median(r["games_per_s"] for r in serial),
        "parallel_games_per_s": statistics.median(r["games_per_s"] for r in parallel),
        "speedup_median": statistics.median(ratios),
        "speedups": [round(r, 3) for r in ratios],
        "same_records": len(digests) == 1,
    }
    if args.ray:
        report["ray_chunk"] = ray_overhead(args.jobs)
        report["min_chunk_s"] = MIN_CHUNK_SECONDS
        on_ray = fresh_run(args.games, args.jobs, "ray")
        report["ray_games_per_s"] = on_ray["games_per_s"]
        report["same_records"] = report["same_records"] and on_ray["digest"] in digests
    if args.json:
        print(json.dumps(report))
        return
    print(f"{report['machine']}; {args.games} heuristic 4-player Al-Kalim games per run")
    print(f"1 process:   {report['serial_games_per_s']:.3f} games/s (median of {args.pairs})")
    print(f"{args.jobs} processes: {report['parallel_games_per_s']:.3f} games/s")
    print(f"speed-up:    {report['speedup_median']:.2f}x (pairs: {report['speedups']})")
    if args.ray:
        chunk = report["ray_chunk"]
        print(
            f"Ray: {1000 * chunk['round_trip_s']:.2f} ms per empty chunk (round trip), "
            f"{1000 * chunk['pipelined_s']:.2f} ms pipelined; a chunk holds at least "
            f"{1000 * MIN_CHUNK_SECONDS:.0f} ms of play; {report['ray_games_per_s']:.3f} games/s"
        )
    print("records identical across runs:", report["same_records"])


if __name__ == "__main__":
    main()
