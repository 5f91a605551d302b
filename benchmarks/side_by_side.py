"""Random-play speed of this checkout against another one, measured side by side. A plain
script, not a test::

    git worktree add /tmp/before <commit>            # the code to compare against
    python benchmarks/side_by_side.py --other /tmp/before [--pairs 5] [--games 6] [--json]

For each configuration (Realm of Sand; Runebound's base game, its advanced rules and The Sands
of Al-Kalim) it runs the same seeded random games in fresh processes, alternating this checkout
(A) and the other (B): A B A B ..., so a change in the machine's load touches both alike. Each
run reports decisions per second of CPU time (``setup`` + ``apply`` with no event log: the raw
speed of the rules, what simulation and search pay). The figure quoted is the median of the
pair-by-pair ratios A/B. Only the stable contract calls are used (``config``, ``setup``,
``apply``, ``state.pending``), so the other checkout may be any older version.
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

HERE = Path(__file__).resolve().parent
CONFIGURATIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "realm-of-sand": ("realm-of-sand", {}),
    "runebound": ("runebound", {}),
    "runebound advanced": ("runebound", {"ADVANCED": True}),
    "al-kalim": ("runebound", {"adventure": "al-kalim"}),
    "kelnov": ("runebound", {"adventure": "kelnov"}),
    "cult": ("runebound", {"adventure": "cult"}),
}
PLAYERS = (2, 4)
BASE_SEED = 20_240_601

CHILD = """
import json, sys, time
from boardwright.engine.rng import Rng
from boardwright.games import get_game

name, raw = sys.argv[1], json.loads(sys.argv[2])
games, base_seed = int(sys.argv[3]), int(sys.argv[4])
game = get_game(name)
options = dict(raw)
if options.pop("ADVANCED", False):
    options.update(game.rule_sets["advanced"])
decisions = 0
seconds = 0.0
for players in (2, 4):
    config = game.config(players, options)
    for index in range(games):
        seed = base_seed + 1000 * players + index
        start = time.process_time()
        state = game.setup(config, seed)
        bot = Rng(seed ^ 0xB07)
        pending = state.pending
        while pending is not None:
            game.apply(state, bot.below(len(pending.options)))
            decisions += 1
            pending = state.pending
        seconds += time.process_time() - start
print(json.dumps({"decisions": decisions, "seconds": seconds}))
"""


def measure(src: Path, name: str, options: dict[str, Any], games: int) -> float:
    """Decisions per CPU second of one run in a fresh process importing ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    args = [sys.executable, "-c", CHILD, name, json.dumps(options), str(games), str(BASE_SEED)]
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout
    figures = json.loads(out)
    return float(figures["decisions"]) / float(figures["seconds"])


def compare(this: Path, other: Path, pairs: int, games: int) -> dict[str, dict[str, Any]]:
    results: dict[str, dict[str, Any]] = {}
    for label, (name, options) in CONFIGURATIONS.items():
        a_runs, b_runs = [], []
        measure(this, name, options, 1)  # warm the file caches of both checkouts
        measure(other, name, options, 1)
        for _ in range(pairs):
            a_runs.append(measure(this, name, options, games))
            b_runs.append(measure(other, name, options, games))
        results[label] = {
            "this": round(statistics.median(a_runs)),
            "other": round(statistics.median(b_runs)),
            **pair_ratios(a_runs, b_runs),
        }
    return results


def pair_ratios(a_runs: list[float], b_runs: list[float]) -> dict[str, float]:
    """The median, least and greatest of the pair-by-pair ratios A/B."""
    ratios = [a / b for a, b in zip(a_runs, b_runs, strict=True)]
    return {
        "ratio": round(statistics.median(ratios), 3),
        "ratio_min": round(min(ratios), 3),
        "ratio_max": round(max(ratios), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--other", type=Path, required=True, help="the other checkout's root")
    parser.add_argument("--pairs", type=int, default=5, help="A/B pairs per configuration")
    parser.add_argument("--games", type=int, default=6, help="games per player count per run")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    results = compare(HERE.parent / "src", args.other / "src", args.pairs, args.games)
    if args.json:
        print(json.dumps(results, indent=1))
        return
    print(f"random play, decisions per CPU second (median of {args.pairs} A/B pairs)")
    print(f"{'configuration':<20} {'this':>9} {'other':>9} {'ratio':>7}  (min-max)")
    for label, row in results.items():
        print(
            f"{label:<20} {row['this']:>9,} {row['other']:>9,} {row['ratio']:>6.3f}x"
            f"  ({row['ratio_min']:.3f}-{row['ratio_max']:.3f})"
        )


if __name__ == "__main__":
    main()
