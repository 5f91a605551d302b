"""Game throughput: random-play decisions per second, clones per second, and the cost of the
event log and of per-seat views, for any game through the engine contract. A plain script, not
a test::

    python benchmarks/bench_play.py [--game NAME] [--games N] [--repeats R] [--json]

Every figure is the median of R repeats (default 5) on one core. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardwright.engine.events import Event
from boardwright.engine.game import Game
from boardwright.engine.rng import Rng
from boardwright.engine.state import StateBase
from boardwright.games import get_game

PLAYER_COUNTS = (2, 4)
MODES = ("plain", "log", "log_views")
MODE_TITLES = {
    "plain": "random play, no log",
    "log": "  with the event log",
    "log_views": "  with log + every seat's view",
}
BASE_SEED = 20_240_601


GAME_NAME = "realm-of-sand"


def game() -> Game[Any]:
    return get_game(GAME_NAME)


def play_game(rules: Game[Any], players: int, seed: int, mode: str) -> int:
    """One game with uniformly random choices; returns the number of decisions."""
    config = rules.config(players)
    log: list[Event] | None = None if mode == "plain" else []
    state = rules.setup(config, seed, log)
    bot = Rng(seed ^ 0xB07)
    apply = rules.apply
    view = rules.view
    seats = range(players)
    decisions = 0
    pending = state.pending
    while pending is not None:
        apply(state, bot.below(len(pending.options)), log)
        decisions += 1
        if mode == "log_views":
            for seat in seats:
                view(state, seat)
        pending = state.pending
    return decisions


def timed(run: Callable[[], int]) -> tuple[int, float]:
    start = time.perf_counter()
    count = run()
    return count, time.perf_counter() - start


def game_seeds(players: int, games: int) -> list[int]:
    """The seeds of the measured games: the same in every repeat and every mode."""
    return [BASE_SEED + players * 1000 + i for i in range(games)]


def mid_game_state(rules: Game[Any], players: int, seed: int) -> StateBase:
    """The state after half of the decisions of a random game."""
    total = play_game(rules, players, seed, "plain")
    state = rules.setup(rules.config(players), seed)
    bot = Rng(seed ^ 0xB07)
    for _ in range(total // 2):
        assert state.pending is not None
        rules.apply(state, bot.below(len(state.pending.options)))
    mid: StateBase = state
    return mid


def clones_per_second(rules: Game[Any], state: StateBase, clones: int) -> float:
    clone = rules.clone

    def run() -> int:
        for _ in range(clones):
            clone(state)
        return clones

    count, seconds = timed(run)
    return count / seconds


def cpu_model() -> str:
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return platform.processor() or "unknown"
    for line in text.splitlines():
        if line.lower().startswith(("model name", "hardware", "cpu model")):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def pin_to_one_core() -> str:
    """Run on a single core where the OS allows it (Linux); say which."""
    if not hasattr(os, "sched_getaffinity"):
        return "not pinned (no sched_setaffinity here)"
    allowed = sorted(os.sched_getaffinity(0))
    try:
        os.sched_setaffinity(0, {allowed[0]})
    except OSError as err:
        return f"not pinned ({err})"
    return f"pinned to CPU {allowed[0]}"


def machine_info(pinned: str) -> dict[str, Any]:
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpu": cpu_model(),
        "cpus": os.cpu_count(),
        "core": pinned,
    }


def run(games: int, repeats: int, clones: int) -> dict[str, Any]:
    rules = game()
    pinned = pin_to_one_core()
    for players in PLAYER_COUNTS:  # warm up: the rules memoise some board queries
        for seed in game_seeds(players, games):
            play_game(rules, players, seed, "plain")
        play_game(rules, players, BASE_SEED, "log_views")
    samples: dict[str, dict[str, list[float]]] = {
        mode: {key: [] for key in ("2", "4", "overall")} for mode in MODES
    }
    per_game: dict[str, float] = {}
    for repeat in range(repeats):
        decisions = {mode: {p: 0 for p in PLAYER_COUNTS} for mode in MODES}
        seconds = {mode: {p: 0.0 for p in PLAYER_COUNTS} for mode in MODES}
        # Modes interleave game by game (in rotating order), so that a change in the machine's
        # load during the run touches every mode alike.
        order = MODES[repeat % 3 :] + MODES[: repeat % 3]
        for players in PLAYER_COUNTS:
            for seed in game_seeds(players, games):
                for mode in order:
                    start = time.perf_counter()
                    decisions[mode][players] += play_game(rules, players, seed, mode)
                    seconds[mode][players] += time.perf_counter() - start
        for mode in MODES:
            for players in PLAYER_COUNTS:
                per_game[str(players)] = decisions[mode][players] / games
                samples[mode][str(players)].append(
                    decisions[mode][players] / seconds[mode][players]
                )
            all_seconds = sum(seconds[mode].values())
            samples[mode]["overall"].append(sum(decisions[mode].values()) / all_seconds)
    medians = {
        mode: {key: statistics.median(values) for key, values in by_key.items()}
        for mode, by_key in samples.items()
    }
    clone_rates: dict[str, float] = {}
    for players in PLAYER_COUNTS:
        state = mid_game_state(rules, players, BASE_SEED + players)
        rates = [clones_per_second(rules, state, clones) for _ in range(repeats)]
        clone_rates[str(players)] = statistics.median(rates)
    plain = medians["plain"]
    return {
        "benchmark": GAME_NAME,
        "machine": machine_info(pinned),
        "games_per_player_count": games,
        "repeats": repeats,
        "decisions_per_game": per_game,
        "decisions_per_second": medians,
        "ratio_to_plain": {
            mode: {key: medians[mode][key] / plain[key] for key in plain}
            for mode in MODES
            if mode != "plain"
        },
        "clones_per_second": clone_rates,
        "clones_per_repeat": clones,
    }


def table(report: dict[str, Any]) -> str:
    machine = report["machine"]
    rates = report["decisions_per_second"]
    ratios = report["ratio_to_plain"]
    lines = [
        f"{game().title}: {report['games_per_player_count']} random games per player count, "
        f"median of {report['repeats']} repeats",
        f"{machine['python']} on {machine['platform']}",
        f"CPU: {machine['cpu']} ({machine['cpus']} logical CPUs; {machine['core']})",
        "",
        f"{'decisions per second':<34}{'2 players':>18}{'4 players':>18}{'overall':>18}",
    ]
    for mode in MODES:
        cells = []
        for key in ("2", "4", "overall"):
            text = f"{rates[mode][key]:,.0f}"
            if mode != "plain":
                text += f" ({ratios[mode][key]:.2f}x)"
            cells.append(f"{text:>18}")
        lines.append(f"{MODE_TITLES[mode]:<34}" + "".join(cells))
    per_game = report["decisions_per_game"]
    lines.append(f"{'decisions per game (mean)':<34}{per_game['2']:>18,.0f}{per_game['4']:>18,.0f}")
    clones = report["clones_per_second"]
    lines.append(f"{'mid-game clones per second':<34}{clones['2']:>18,.0f}{clones['4']:>18,.0f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="realm-of-sand", help="the game (realm-of-sand)")
    parser.add_argument("--games", type=int, default=10, help="games per player count (10)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats; medians are shown (5)")
    parser.add_argument("--clones", type=int, default=20_000, help="clones per repeat (20000)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1 or args.clones < 1:
        parser.error("--games, --repeats and --clones must be at least 1")
    global GAME_NAME
    GAME_NAME = args.game
    report = run(args.games, args.repeats, args.clones)
    print(json.dumps(report, indent=2) if args.json else table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
