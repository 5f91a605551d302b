"""MCTS bot figures: search speed on a mid-game Al-Kalim state, and head-to-head win rates.
A plain script, not a test::

    python benchmarks/bench_mcts.py speed [--iterations 400] [--depth 16]
    python benchmarks/bench_mcts.py duel [--seconds 1 | --iterations N] [--games 10]
        [--workers 2] [--only heuristic] [--match al-kalim:heuristic ...] [--plain]
        [--wall] [--confidence Z] [--search-only KIND,...] [--search-also KIND,...]
        [--horizon D] [--weights FILE] [--record FILE]
    python benchmarks/bench_mcts.py duel --summary --record FILE

``speed`` plays a seeded two-player Al-Kalim game at random to a mid-game decision with several
options and times the plain search (random rollouts, the tree) on one core (iterations per
second).

``duel`` plays two-player games, the registry's ``mcts`` bot against another bot, seats
alternated, and prints per match its wins with a 95 % Wilson interval (a shared first place
counts half). The matches: Realm of Sand against ``random`` and ``greedy``, Runebound base and
Al-Kalim against ``random`` and ``heuristic``; ``--only`` keeps those against one opponent,
``--match GAME:OPPONENT`` (repeatable) picks some. Game ``n`` is seeded ``BASE_SEED + n``
whatever the run, so a run with more games extends one with fewer. ``--seconds`` is the budget
per decision, measured as the searching process's CPU time (so other jobs on a shared machine
do not starve the search; ``--wall`` measures wall-clock time instead); ``--iterations`` a
budget in iterations (rollouts for the guided search). ``--plain`` plays Runebound with the
plain search (random rollouts valued by ``RuneboundWorth``), the configuration the speed figure
is for. ``--confidence``, ``--search-only``, ``--search-also``, ``--horizon`` and ``--weights``
probe variants of Runebound's guided search: its standard errors to overrule, the only decision
kinds it may search (the heuristic takes every other), settled kinds it searches as well, the
decisions its rollouts play, and a weights file for its position value (in the form of
``bots/mcts/runebound_weights.yaml``); the budget's label names them, so their games are
recorded apart. ``--workers`` plays games in parallel processes. ``--record FILE`` appends each
game's result as a JSON line and reuses the games the file already holds for the same match and
budget, so an interrupted or extended run plays only the games it lacks; ``--summary`` prints
the tables of everything such a file holds. See docs/bots.md.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any, cast

from boardwright.bots import Bot, make_bot
from boardwright.bots.factories import (
    realm_of_sand_mcts,
    runebound_mcts,
    runebound_players,
    runebound_settled,
)
from boardwright.bots.mcts import MctsBot
from boardwright.bots.mcts.bot import DEPTH, ITERATIONS
from boardwright.engine.bot import Observation, observe
from boardwright.engine.game import Game
from boardwright.engine.session import Match
from boardwright.engine.table import Table
from boardwright.games import get_game
from boardwright.games.runebound.game import Runebound
from boardwright.sim.positions import after_random_moves

BASE_SEED = 20_261_127
SPEED_ITERATIONS = 400  # one timed search
MID_GAME_MOVES = 400  # random decisions before the timed one (a mid-game Al-Kalim state)
MATCHES = (
    "realm-of-sand:random",
    "realm-of-sand:greedy",
    "base:random",
    "base:heuristic",
    "al-kalim:random",
    "al-kalim:heuristic",
)
"""Every match ``duel`` plays: the game (Runebound's adventure) and the opponent."""


def mid_game(game: Game[Any], options: dict[str, Any]) -> Any:
    """The two-player state ``speed`` searches: after MID_GAME_MOVES random decisions, at a
    choice of more than two options."""
    state = after_random_moves(game, game.config(2, options), BASE_SEED, MID_GAME_MOVES, 3)
    if state is None:
        raise SystemExit("the seeded game ended before a mid-game decision")
    return state


def speed(iterations: int, depth: int) -> None:
    game = get_game("runebound")
    state = mid_game(game, {"adventure": "al-kalim"})
    decision = game.decision(state)
    assert decision is not None
    observation = observe(game, state, decision)
    bot = MctsBot(1, game, runebound_players, iterations=iterations, depth=depth)
    started, cpu = time.perf_counter(), time.process_time()
    bot.search(observation)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(
        f"al-kalim mid-game ({decision.kind}, {len(decision.options)} options): "
        f"{iterations} iterations, depth {depth}: {elapsed:.2f} s, "
        f"{iterations / elapsed:,.0f} iterations/s ({iterations / cpu:,.0f} per CPU second)"
    )


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_and_options(match: str) -> tuple[str, dict[str, Any]]:
    where = match.partition(":")[0]
    if where == "realm-of-sand":
        return where, {}
    return "runebound", ({"adventure": "al-kalim"} if where == "al-kalim" else {})


def mcts_bot(game_name: str, seed: int, game: Game[Any], budget: dict[str, Any]) -> Bot:
    """The registry's ``mcts`` for the game at ``budget`` (``plain``: Runebound's plain
    search)."""
    clock = time.perf_counter if budget["wall"] else time.process_time
    iterations, seconds = budget["iterations"], budget["seconds"]
    if game_name == "realm-of-sand":
        return realm_of_sand_mcts(seed, game, iterations=iterations, seconds=seconds, clock=clock)
    if budget["plain"]:
        from boardwright.bots.mcts.runebound_worth import RuneboundWorth

        return MctsBot(
            seed,
            game,
            runebound_players,
            iterations=ITERATIONS if iterations is None else iterations,
            seconds=seconds,
            clock=clock,
            depth=DEPTH,
            worth=RuneboundWorth(cast(Runebound, game), position=False),
        )
    bot = runebound_mcts(seed, game, iterations=iterations, seconds=seconds, clock=clock)
    if isinstance(bot, MctsBot):  # the probes of a variant (docs/bots.md)
        if budget.get("confidence") is not None:
            bot.confidence = budget["confidence"]
        if budget.get("searched"):
            bot.settled = partial(searches_not, frozenset(budget["searched"]))
        if budget.get("also"):
            bot.settled = partial(settles_but, frozenset(budget["also"]))
        if budget.get("horizon") and bot.rollouts is not None:
            bot.rollouts.depth = budget["horizon"]
        if budget.get("weights"):
            from boardwright.bots.mcts.runebound_worth import RuneboundWorth, read_fits

            fits = read_fits(Path(budget["weights"]))
            weights = {name: fit.weights for name, fit in fits.items()}
            bot.worth = RuneboundWorth(cast(Runebound, game), weights)
    return bot


def searches_not(searched: frozenset[str], observation: Observation) -> bool:
    """``--search-only``'s rule: every decision kind but ``searched`` is the heuristic's."""
    return observation.decision.kind not in searched


def settles_but(searched: frozenset[str], observation: Observation) -> bool:
    """``--search-also``'s rule: the registry's settled kinds but ``searched``."""
    return observation.decision.kind not in searched and runebound_settled(observation)


def play_game(match: str, number: int, budget: dict[str, Any]) -> dict[str, Any]:
    """Game ``number`` of ``match``: the MCTS bot's share of the win and the game's figures."""
    game_name, options = game_and_options(match)
    game = get_game(game_name)
    seed = BASE_SEED + number
    mcts_seat = number % 2
    bots: list[Bot | None] = [None, None]
    bots[mcts_seat] = mcts_bot(game_name, seed, game, budget)
    bots[1 - mcts_seat] = make_bot(match.partition(":")[2], seed, game)
    started = time.perf_counter()
    table = Table(Match(game, game.config(2, options), seed, lean=True), bots)
    table.run_bots()
    result = table.result
    assert result is not None
    share = 1.0 / len(result.winners) if mcts_seat in result.winners else 0.0
    return {
        "match": match,
        "budget": budget_label(budget),
        "game": number,
        "mcts_seat": mcts_seat,
        "share": share,
        "scores": list(result.scores),
        "seconds": round(time.perf_counter() - started, 1),
    }


def budget_label(budget: dict[str, Any]) -> str:
    spent = f"{budget['seconds']} s" if budget["seconds"] else f"{budget['iterations']} it"
    clock = " wall" if budget["wall"] and budget["seconds"] else ""
    label = spent + clock + (" plain" if budget["plain"] else "")
    if budget.get("confidence") is not None:
        label += f" confidence {budget['confidence']}"
    if budget.get("searched"):
        label += " searching " + ",".join(sorted(budget["searched"]))
    if budget.get("also"):
        label += " also searching " + ",".join(sorted(budget["also"]))
    if budget.get("horizon"):
        label += f" horizon {budget['horizon']}"
    if budget.get("weights"):
        label += " weights " + Path(budget["weights"]).name
    return label


def recorded(path: Path | None) -> list[dict[str, Any]]:
    if path is None or not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def duel(
    matches: list[str], games: int, budget: dict[str, Any], workers: int, record: Path | None
) -> None:
    label = budget_label(budget)
    done = {(r["match"], r["game"]): r for r in recorded(record) if r["budget"] == label}
    todo = [(m, n) for n in range(games) for m in matches if (m, n) not in done]
    results = dict(done)
    with ProcessPoolExecutor(max_workers=max(1, workers)) as pool:
        futures = [pool.submit(play_game, m, n, budget) for m, n in todo]
        for future in futures:
            row = future.result()
            results[(row["match"], row["game"])] = row
            if record is not None:
                with record.open("a") as out:
                    out.write(json.dumps(row) + "\n")
    print(f"budget: {label} per decision, {games} games per match, seats alternated")
    for match in matches:
        print(table_line(match, [results[(match, n)] for n in range(games)]))


def table_line(match: str, rows: list[dict[str, Any]]) -> str:
    """The MCTS bot's wins in ``rows`` (games of ``match``) with their 95 % interval."""
    games = len(rows)
    wins = sum(row["share"] for row in rows)
    low, high = wilson(wins, games)
    seconds = sum(row["seconds"] for row in rows) / max(1, games)
    return (
        f"{match:22} mcts {wins:5.1f}/{games} ({wins / max(1, games):4.0%}, 95% CI "
        f"{low:4.0%}-{high:4.0%}), {seconds:7.1f} s/game"
    )


def summary(record: Path) -> None:
    """Every match and budget ``record`` holds, over the games it holds (the first ``n`` of
    each: a run cut short leaves a prefix plus stragglers, and only a prefix is a fixed set)."""
    groups: dict[tuple[str, str], dict[int, dict[str, Any]]] = {}
    for row in recorded(record):
        groups.setdefault((row["budget"], row["match"]), {})[row["game"]] = row
    for (label, match), rows in sorted(groups.items()):
        prefix = 0
        while prefix in rows:
            prefix += 1
        print(f"{label:>14}  " + table_line(match, [rows[n] for n in range(prefix)]))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("mode", choices=("speed", "duel"))
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--depth", type=int, default=DEPTH, help="speed: rollout depth")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", choices=("random", "heuristic", "greedy"), default=None)
    parser.add_argument("--match", action="append", choices=MATCHES, default=None)
    parser.add_argument("--plain", action="store_true", help="Runebound: the plain search")
    parser.add_argument("--wall", action="store_true", help="--seconds of wall-clock time")
    parser.add_argument(
        "--confidence", type=float, default=None, help="Runebound: the guided search's SEs"
    )
    parser.add_argument(
        "--search-only",
        default=None,
        help="Runebound: the decision kinds (comma-separated) the guided search may search",
    )
    parser.add_argument(
        "--search-also",
        default=None,
        help="Runebound: settled decision kinds (comma-separated) the guided search searches",
    )
    parser.add_argument(
        "--horizon", type=int, default=None, help="Runebound: the guided rollouts' decisions"
    )
    parser.add_argument(
        "--weights",
        type=Path,
        default=None,
        help="Runebound: a weights file (runebound_weights.yaml's form) for the position value",
    )
    parser.add_argument("--record", type=Path, default=None)
    parser.add_argument("--summary", action="store_true", help="duel: print --record's tables")
    args = parser.parse_args()
    if args.summary and args.record is not None:
        summary(args.record)
        return
    if args.mode == "speed":
        speed(args.iterations or SPEED_ITERATIONS, args.depth)
        return
    if args.search_only and args.search_also:
        parser.error("--search-only and --search-also each set the searched kinds: give one")
    matches = args.match or [m for m in MATCHES if args.only in (None, m.partition(":")[2])]
    budget = {
        "iterations": args.iterations,
        "seconds": args.seconds,
        "wall": args.wall,
        "plain": args.plain,
        "confidence": args.confidence,
        "searched": sorted(filter(None, (args.search_only or "").split(","))),
        "also": sorted(filter(None, (args.search_also or "").split(","))),
        "horizon": args.horizon,
        "weights": None if args.weights is None else str(args.weights),
    }
    duel(matches, args.games, budget, args.workers, args.record)


if __name__ == "__main__":
    main()
