"""Heuristic-bot speed: seconds per seeded Runebound game played by heuristic bots only, and a
digest of every choice they made. A plain script, not a test::

    python benchmarks/bench_bots.py [--adventure al-kalim] [--players 4] [--games 6] [--json]
    python benchmarks/bench_bots.py --adventure al-kalim --games 40 --memory

``--memory`` adds the process's peak resident memory after the games and the size of the bot's
caches (they live as long as the process, so many games in one process are what fill them).

The digest is what makes a speed change safe: a change that leaves the bots' choices alone
leaves it the same, game for game. Each run starts with cold caches (a fresh process). See
benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import resource
import statistics
import sys
import time
from typing import Any

from boardwright.bots import make_bot
from boardwright.bots.recorder import Recorder
from boardwright.bots.runebound.al_kalim.knowledge import al_kalim_knowledge
from boardwright.bots.runebound.knowledge import knowledge
from boardwright.games import get_game
from boardwright.sim.runner import derive_seed, play_one

BASE_SEED = 20_261_126


def play(players: int, seed: int, options: dict[str, Any]) -> tuple[float, int, str, float]:
    """One game of heuristic bots: (seconds, decisions, digest of the chosen option keys, CPU
    seconds of this process; on a shared machine the steadier of the two)."""
    game = get_game("runebound")
    digest = hashlib.sha256()
    start = time.perf_counter()
    cpu = time.process_time()
    bots = [
        Recorder(make_bot("heuristic", derive_seed(seed, "bot", s), game), digest)
        for s in range(players)
    ]
    _, _, decisions = play_one(game, game.config(players, options), seed, bots)
    elapsed = time.perf_counter() - start
    return elapsed, decisions, digest.hexdigest(), time.process_time() - cpu


def memory_report() -> dict[str, int]:
    """Peak resident memory so far (MB) and the entries in the bots' shared caches."""
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kB on Linux
    report = {"peak_rss_mb": peak_kb // 1024}
    for name, kb in (("base", knowledge()), ("al_kalim", al_kalim_knowledge())):
        # the memos an older checkout lacks (bots_side_by_side.py runs this script on one) are
        # left out
        memos = ("fight_cache", "fight_grids", "plan_rounds", "plan_serials", "value_cache")
        for memo in (*memos, "signatures"):
            if hasattr(kb, memo):
                report[f"{name}_{memo}"] = len(getattr(kb, memo))
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--adventure", default="", help="e.g. al-kalim (default: the base game)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    parser.add_argument(
        "--memory", action="store_true", help="report peak memory and cache sizes after the games"
    )
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    options = {"adventure": args.adventure} if args.adventure else {}
    rows = [play(args.players, BASE_SEED + g, options) for g in range(args.games)]
    whole = hashlib.sha256("".join(r[2] for r in rows).encode()).hexdigest()[:16]
    result = {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "adventure": args.adventure or "base",
        "players": args.players,
        "games": args.games,
        "median_seconds_per_game": round(statistics.median(r[0] for r in rows), 3),
        "total_seconds": round(sum(r[0] for r in rows), 2),
        "median_cpu_seconds_per_game": round(statistics.median(r[3] for r in rows), 3),
        "total_cpu_seconds": round(sum(r[3] for r in rows), 2),
        "mean_decisions": round(statistics.mean(r[1] for r in rows), 1),
        "digest": whole,
        "game_digests": [r[2][:12] for r in rows],
    }
    if args.memory:
        result["memory"] = memory_report()
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"Python {result['python']} on {result['platform']}, one core")
    print(f"{result['adventure']}, {args.players} heuristic bots, {args.games} seeded games")
    for g, (seconds, decisions, digest, cpu) in enumerate(rows):
        line = f"{seconds:7.2f} s ({cpu:6.2f} s CPU)  {decisions:6d} decisions  {digest[:12]}"
        print(f"  game {g + 1}: {line}")
    median, cpu = result["median_seconds_per_game"], result["median_cpu_seconds_per_game"]
    print(f"median {median} s per game ({cpu} s CPU); choices digest {whole}")
    if args.memory:
        print("after the games: " + ", ".join(f"{k} {v}" for k, v in result["memory"].items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
