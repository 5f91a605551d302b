"""Heuristic-bot speed of this checkout against another one, measured side by side. A plain
script, not a test::

    git worktree add /tmp/before <commit>            # the code to compare against
    python benchmarks/bots_side_by_side.py --other /tmp/before [--adventure al-kalim]
        [--pairs 5] [--games 2] [--json] [--python PY] [--other-python PY]

It runs this checkout's ``bench_bots.py`` in fresh processes, importing this checkout's
``src`` (A) and the other's (B) in turn: A B A B ..., so a change in the machine's load touches
both alike. Each run plays the same seeded four-player games of heuristic bots from cold caches
and reports the CPU seconds of each game and the digest of every choice. The figure quoted is
the median of the pair-by-pair ratios B/A of the runs' median CPU seconds per game (above 1:
this checkout is faster); the digests must agree, or the two play different games.

``--python`` and ``--other-python`` name the interpreter of each side (default: this one), so a
compiled build of this checkout in a private virtual environment can race the compiled build
the system Python has installed; a side whose ``src`` holds compiled modules runs them unless
``BOARDWRIGHT_PURE`` is set.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from side_by_side import pair_ratios

HERE = Path(__file__).resolve().parent


def run(src: Path, bench_args: list[str], python: str = sys.executable) -> dict[str, Any]:
    """One ``bench_bots.py --json`` run in a fresh process of ``python`` importing ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    args = [python, str(HERE / "bench_bots.py"), "--json", *bench_args]
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def compare(
    this: Path,
    other: Path,
    pairs: int,
    bench_args: list[str],
    pythons: tuple[str, str] = (sys.executable, sys.executable),
) -> dict[str, Any]:
    a_runs: list[dict[str, Any]] = []
    b_runs: list[dict[str, Any]] = []
    for _ in range(pairs):
        a_runs.append(run(this, bench_args, pythons[0]))
        b_runs.append(run(other, bench_args, pythons[1]))
    a_cpu = [r["median_cpu_seconds_per_game"] for r in a_runs]
    b_cpu = [r["median_cpu_seconds_per_game"] for r in b_runs]
    digests = {r["digest"] for r in a_runs + b_runs}
    return {
        "this_cpu_seconds_per_game": round(statistics.median(a_cpu), 3),
        "other_cpu_seconds_per_game": round(statistics.median(b_cpu), 3),
        "this_cpu_runs": a_cpu,
        "other_cpu_runs": b_cpu,
        **pair_ratios(b_cpu, a_cpu),  # how many times faster this checkout is
        "same_choices": len(digests) == 1,
        "digests": sorted(digests),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--other", type=Path, required=True, help="the other checkout's root")
    parser.add_argument("--pairs", type=int, default=5, help="A/B pairs")
    parser.add_argument("--games", type=int, default=2, help="games per run")
    parser.add_argument("--adventure", default="", help="e.g. al-kalim (default: the base game)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--python", default=sys.executable, help="this checkout's interpreter")
    parser.add_argument("--other-python", default=sys.executable, help="the other's interpreter")
    args = parser.parse_args()
    bench_args = ["--games", str(args.games), "--players", str(args.players)]
    if args.adventure:
        bench_args += ["--adventure", args.adventure]
    pythons = (args.python, args.other_python)
    result = compare(HERE.parent / "src", args.other / "src", args.pairs, bench_args, pythons)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.adventure or 'base'}, {args.players} heuristic bots, {args.games} games a run")
    print(f"this checkout: {result['this_cpu_seconds_per_game']} CPU s per game (median)")
    print(f"other:         {result['other_cpu_seconds_per_game']} CPU s per game (median)")
    spread = f"{result['ratio_min']}-{result['ratio_max']}"
    print(f"this is {result['ratio']}x as fast (median of {args.pairs} pairs, {spread})")
    same = "the same" if result["same_choices"] else "DIFFERENT"
    print(f"choices: {same} ({', '.join(result['digests'])})")


if __name__ == "__main__":
    main()
