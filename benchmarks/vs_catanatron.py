"""Random-play speed of this checkout against catanatron's (pure-Python Settlers of Catan, the
closest peer), measured side by side in one run. A plain script, not a test; it needs the
optional benchmark dependency (``pip install -e '.[bench]'``)::

    python benchmarks/vs_catanatron.py [--pairs 7] [--games 6] [--catan-games 20] [--json]

The unit is catanatron's random players' actions per second. For each configuration (Realm of
Sand; Runebound's base game, its advanced rules and The Sands of Al-Kalim; 2 and 4 players)
it alternates fresh processes, boardwright (A) then catanatron (B): A B A B ... Fresh processes
keep each side's imports, memoised board queries and garbage-collector state out of the
other's timing, and each process times only its own CPU (``time.process_time``); alternating
makes a change in the machine's load touch both sides alike. The figure quoted is the median
of the pair-by-pair ratios A/B.

What is counted is the same on both sides: one chosen action is one decision. boardwright
counts every ``game.apply`` (``setup`` + ``apply`` with no event log, as in
``side_by_side.py``); catanatron counts every ``Game.play_tick`` (the length of its action log
``game.state.actions`` after ``Game.play()``, with a ``RandomPlayer`` in every seat). Both
sides include the decisions with a single option (catanatron's lone ``ROLL`` or
``END_TURN``, say), and they are far more of catanatron's count than of boardwright's. So an
untimed census replays the seeded games on each side, counting the decisions that had only one
option, and the table adds a second ratio over the real choices alone (decisions with two or
more options per second: each side's speed times its share of such decisions). boardwright's
census plays exactly the timed games. catanatron's games do not repeat from a seed in another
process (some of its option lists come from sets of strings and ``None``, whose order follows
per-process hashes), so its share is an estimate from as many games as one timed run.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from bench_play import cpu_model
from side_by_side import BASE_SEED, CONFIGURATIONS, PLAYERS, measure, pair_ratios

HERE = Path(__file__).resolve().parent
TARGETS = {"realm-of-sand": 4.0}  # the targets; every Runebound configuration: 3x
RUNEBOUND_TARGET = 3.0

CATANATRON_CHILD = """
import json, sys, time
from catanatron.game import Game
from catanatron.models.player import Color, RandomPlayer

games, base_seed, census = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "census"
players_counts = json.loads(sys.argv[4])
decisions = forced = unfinished = 0
seconds = 0.0

def counting(player, game, actions):
    global forced
    forced += len(actions) == 1
    return player.decide(game, actions)

for players in players_counts:
    for index in range(games):
        seed = base_seed + 1000 * players + index
        start = time.process_time()
        game = Game([RandomPlayer(color) for color in list(Color)[:players]], seed=seed)
        winner = game.play(decide_fn=counting if census else None)
        seconds += time.process_time() - start
        decisions += len(game.state.actions)
        unfinished += winner is None
print(json.dumps({"decisions": decisions, "seconds": seconds, "forced": forced,
                  "unfinished": unfinished}))
"""

BOARDWRIGHT_CENSUS = """
import json, sys
from boardwright.engine.rng import Rng
from boardwright.games import get_game

name, raw = sys.argv[1], json.loads(sys.argv[2])
games, base_seed = int(sys.argv[3]), int(sys.argv[4])
players_counts = json.loads(sys.argv[5])
game = get_game(name)
options = dict(raw)
if options.pop("ADVANCED", False):
    options.update(game.rule_sets["advanced"])
decisions = forced = 0
for players in players_counts:
    config = game.config(players, options)
    for index in range(games):
        seed = base_seed + 1000 * players + index
        state = game.setup(config, seed)
        bot = Rng(seed ^ 0xB07)
        pending = state.pending
        while pending is not None:
            forced += len(pending.options) == 1
            game.apply(state, bot.below(len(pending.options)))
            decisions += 1
            pending = state.pending
print(json.dumps({"decisions": decisions, "forced": forced}))
"""


def run_catanatron(games: int, census: bool = False) -> dict[str, Any]:
    """One run of catanatron's random games in a fresh process: its counts and CPU seconds."""
    args = [
        sys.executable,
        "-c",
        CATANATRON_CHILD,
        str(games),
        str(BASE_SEED),
        "census" if census else "timed",
        json.dumps(PLAYERS),
    ]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    figures: dict[str, Any] = json.loads(out)
    return figures


def catanatron_speed(games: int) -> float:
    """catanatron's random-play actions per CPU second, one fresh process."""
    figures = run_catanatron(games)
    return float(figures["decisions"]) / float(figures["seconds"])


def compare(
    src: Path, pairs: int, games: int, catan_games: int, labels: list[str]
) -> dict[str, dict[str, Any]]:
    results: dict[str, dict[str, Any]] = {}
    for label in labels:
        name, options = CONFIGURATIONS[label]
        measure(src, name, options, 1)  # warm the file caches of both sides
        catanatron_speed(1)
        ours, theirs = [], []
        for _ in range(pairs):
            ours.append(measure(src, name, options, games))
            theirs.append(catanatron_speed(catan_games))
        results[label] = {
            "boardwright": round(statistics.median(ours)),
            "catanatron": round(statistics.median(theirs)),
            **pair_ratios(ours, theirs),
            "target": TARGETS.get(label, RUNEBOUND_TARGET),
        }
    return results


def census(src: Path, games: int, catan_games: int, labels: list[str]) -> dict[str, dict[str, int]]:
    """Untimed: how many decisions each side counted, and how many had a single option."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    counts: dict[str, dict[str, int]] = {}
    for label in labels:
        name, options = CONFIGURATIONS[label]
        args = [
            sys.executable,
            "-c",
            BOARDWRIGHT_CENSUS,
            name,
            json.dumps(options),
            str(games),
            str(BASE_SEED),
            json.dumps(PLAYERS),
        ]
        out = subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout
        counts[label] = json.loads(out)
    figures = run_catanatron(catan_games, census=True)
    counts["catanatron"] = {key: figures[key] for key in ("decisions", "forced", "unfinished")}
    return counts


def choice_share(row: dict[str, int]) -> float:
    """The share of counted decisions that offered two options or more."""
    return 1.0 - row["forced"] / row["decisions"]


def add_choice_ratios(
    results: dict[str, dict[str, Any]], counts: dict[str, dict[str, int]]
) -> None:
    """The ratio over real choices alone: each side's speed scaled by its share of them."""
    theirs = choice_share(counts["catanatron"])
    for label, row in results.items():
        row["choice_ratio"] = round(row["ratio"] * choice_share(counts[label]) / theirs, 3)


def machine() -> dict[str, Any]:
    return {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpu": cpu_model(),
        "cpus": os.cpu_count(),
        "catanatron": importlib.metadata.version("catanatron"),
        "command": " ".join(["python", "benchmarks/vs_catanatron.py", *sys.argv[1:]]),
    }


def print_table(results: dict[str, dict[str, Any]], pairs: int) -> None:
    print(f"random play against catanatron's (median of {pairs} A/B pairs, per CPU second)")
    print(
        f"{'configuration':<20} {'boardwright':>11} {'catanatron':>10} {'ratio':>7}"
        f"  {'(min-max)':<13} {'target':>6} {'choices only':>12}"
    )
    for label, row in results.items():
        span = f"({row['ratio_min']:.2f}-{row['ratio_max']:.2f})"
        print(
            f"{label:<20} {row['boardwright']:>11,} {row['catanatron']:>10,}"
            f" {row['ratio']:>6.2f}x  {span:<13} {row['target']:>5.0f}x"
            f" {row['choice_ratio']:>11.2f}x"
        )


def print_census(counts: dict[str, dict[str, int]]) -> None:
    print("decisions counted in the same games (untimed census): total, with a single option")
    for label, row in counts.items():
        share = row["forced"] / row["decisions"]
        extra = f", {row['unfinished']} games cut at the turn limit" if "unfinished" in row else ""
        print(f"{label:<20} {row['decisions']:>9,} {row['forced']:>9,} ({share:.0%}){extra}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=7, help="A/B pairs per configuration")
    parser.add_argument("--games", type=int, default=6, help="boardwright games per player count")
    parser.add_argument(
        "--catan-games", type=int, default=20, help="catanatron games per player count"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--only",
        default=",".join(CONFIGURATIONS),
        help=f"configurations, comma-separated (default: all of {', '.join(CONFIGURATIONS)})",
    )
    args = parser.parse_args()
    labels = [label.strip() for label in args.only.split(",") if label.strip()]
    unknown = [label for label in labels if label not in CONFIGURATIONS]
    if unknown:
        sys.exit(f"unknown configuration {unknown[0]!r}: choose from {', '.join(CONFIGURATIONS)}")
    if importlib.util.find_spec("catanatron") is None:
        sys.exit("catanatron is not installed: pip install -e '.[bench]'")
    src = HERE.parent / "src"
    info = machine()
    results = compare(src, args.pairs, args.games, args.catan_games, labels)
    counts = census(src, args.games, args.catan_games, labels)
    add_choice_ratios(results, counts)
    if args.json:
        print(json.dumps({"machine": info, "results": results, "census": counts}, indent=1))
        return
    print(
        f"{info['date']}; {info['python']} on {info['cpu']} ({info['cpus']} CPUs),"
        f" catanatron {info['catanatron']}; {info['command']}"
    )
    print_table(results, args.pairs)
    print_census(counts)


if __name__ == "__main__":
    main()
