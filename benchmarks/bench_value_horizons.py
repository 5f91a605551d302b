"""How far ahead the guided search must look before its position value tells a better option
from a worse one. A plain script, not a test::

    python benchmarks/bench_value_horizons.py FILE --play [--adventure al-kalim] [--games 400]
        [--rate 0.1] [--workers 2]
    python benchmarks/bench_value_horizons.py FILE [--adventure al-kalim] [--kinds K,...]

The guided search (bots/mcts/guided.py) compares options by the position value
(``RuneboundWorth``) a few decisions after each, so what matters is not whether the value
foretells who wins (``tools/fit_runebound_value.py`` fits it to that) but whether its
*difference* between two options at the rollouts' horizon foretells the difference the options
make to the win.

``--play``: two-player games between heuristic bots; at a share (``--rate``) of the decisions
the guided search may search (more than one option, not a kind of ``SETTLED``), an option other
than the heuristic's is drawn at random and both are played on copies of the state (the same
dice: common random numbers), by heuristic bots in every seat, to the end of the game. The
deciding seat's features less the other's are taken after each of ``HORIZONS`` decisions (at the
first quiet position from there, as a rollout stops), and the pair's true gain is the drawn
option's win share less the heuristic choice's (a shared first place counts half). One JSON line
per pair, appended as games finish: a run that is cut short keeps what it played, and a later
run plays only the games the file lacks.

``FILE`` alone: per horizon, the correlation of the shipped value's predicted gain (the search's
reward for the drawn option less the heuristic's, a side whose game ended before the horizon
valued by its result, as a rollout is) with the true gain, with its standard error by a
bootstrap over games; and per decision kind the drawn options' mean true gain. See
docs/bots.md, "How far the search looks".
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any, cast

import numpy as np

from boardwright.bots.factories import SETTLED, runebound_heuristic, runebound_quiet
from boardwright.bots.mcts.guided import EXTENSION
from boardwright.bots.mcts.reward import rewards
from boardwright.bots.mcts.runebound_worth import RuneboundWorth, names, shipped_fits
from boardwright.engine.bot import Bot, observe
from boardwright.engine.rng import Rng, derive_seed
from boardwright.games import get_game
from boardwright.games.runebound.game import Runebound

HORIZONS = (0, 10, 20, 40, 80)
"""Decisions after the option at which the features are taken (then the first quiet one)."""


def play_pair(
    game: Runebound, worth: RuneboundWorth, state: Any, seat: int, index: int, seed: int
) -> tuple[float, dict[int, list[float]]]:
    """Plays ``index`` on a copy of ``state`` and on to the end by heuristic bots: the seat's
    win share and its feature differences at each horizon (a game over before one: absent)."""
    copy = game.clone(state)
    game.apply(copy, index)
    bots: dict[int, Bot] = {}
    taken: dict[int, list[float]] = {}
    wanted = list(HORIZONS)
    made = 0
    while True:
        while (
            wanted
            and made >= wanted[0]
            and (runebound_quiet(copy) or made >= wanted[0] + EXTENSION)
        ):
            ours, theirs = worth.features(copy, seat), worth.features(copy, 1 - seat)
            taken[wanted.pop(0)] = [round(a - b, 4) for a, b in zip(ours, theirs, strict=True)]
        decision = game.decision(copy)
        if decision is None:
            break
        if len(decision.options) == 1:
            game.apply(copy, 0)
        else:
            bot = bots.get(decision.seat)
            if bot is None:
                bot = bots[decision.seat] = runebound_heuristic(
                    derive_seed(seed, decision.seat), game
                )
            game.apply(copy, bot.choose(observe(game, copy, decision)))
        made += 1
    return rewards(game, copy, 2)[seat], taken


def play_game(adventure: str, seed: int, rate: float, number: int) -> list[dict[str, Any]]:
    """Game ``number``'s pairs (see the module docstring)."""
    game = cast(Runebound, get_game("runebound"))
    worth = RuneboundWorth(game)
    game_seed = derive_seed(seed, "game", number)
    state = game.setup(game.config(2, {"adventure": adventure}), game_seed)
    bots = [runebound_heuristic(derive_seed(game_seed, "bot", s), game) for s in (0, 1)]
    rng = Rng(derive_seed(game_seed, "pick"))
    rows: list[dict[str, Any]] = []
    made = 0
    while (decision := game.decision(state)) is not None:
        seat = decision.seat
        prior = bots[seat].choose(observe(game, state, decision))
        count = len(decision.options)
        if count > 1 and decision.kind not in SETTLED and rng.below(1_000_000) < rate * 1_000_000:
            other = rng.below(count - 1)
            option = other + (other >= prior)
            pair_seed = derive_seed(game_seed, "pair", made)
            won, features = play_pair(game, worth, state, seat, option, pair_seed)
            base, base_features = play_pair(game, worth, state, seat, prior, pair_seed)
            rows.append(
                {
                    "game": number,
                    "decision": made,
                    "kind": decision.kind,
                    "options": count,
                    "gain": won - base,
                    "option": {str(h): f for h, f in features.items()},
                    "prior": {str(h): f for h, f in base_features.items()},
                    "ends": [won, base],
                }
            )
        game.apply(state, prior)
        made += 1
    return rows


def play(adventure: str, games: int, seed: int, rate: float, workers: int, out: Path) -> None:
    done: set[int] = set()
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            done.add(int(row["game"]))
    todo = [n for n in range(games) if n not in done]
    job = partial(play_game, adventure, seed, rate)
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(max(1, workers)) as pool:
        for finished, rows in enumerate(pool.imap_unordered(job, todo), start=1):
            with out.open("a", encoding="utf-8") as handle:
                for row in rows:
                    handle.write(json.dumps(row) + "\n")
            seconds = time.perf_counter() - started
            print(f"{finished}/{len(todo)} games, {len(rows)} pairs, {seconds:.0f} s", flush=True)


def side_value(side: dict[str, list[float]], key: str, end: float, weights: np.ndarray) -> float:
    """The search's reward for one side at horizon ``key``: the value model's win probability,
    or the game's result when the game was over before the horizon (as a rollout ends)."""
    features = side.get(key)
    if features is None:
        return end
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, float(np.dot(weights, features))))))


def agreement(
    rows: list[dict[str, Any]], key: str, weights: np.ndarray, draws: int = 200
) -> tuple[float, float, float]:
    """How well the value's predicted gain at horizon ``key`` foretells the true gain: the
    correlation, its standard error (a bootstrap over games: a game's pairs are not
    independent) and the least-squares slope of the true gain on the predicted one."""
    x = np.array(
        [
            side_value(r["option"], key, r["ends"][0], weights)
            - side_value(r["prior"], key, r["ends"][1], weights)
            for r in rows
        ]
    )
    y = np.array([r["gain"] for r in rows], dtype=float)
    games = sorted({r["game"] for r in rows})
    members = {g: [i for i, r in enumerate(rows) if r["game"] == g] for g in games}
    rng = np.random.default_rng(0)
    found = []
    for _ in range(draws):
        picked = np.concatenate([members[g] for g in rng.choice(games, len(games))])
        found.append(correlation(x[picked], y[picked]))
    centred = x - x.mean()
    slope = float(centred @ y / (centred @ centred)) if centred.any() else 0.0
    return correlation(x, y), float(np.std(found)), slope


def correlation(x: np.ndarray, y: np.ndarray) -> float:
    if np.std(x) == 0 or np.std(y) == 0:
        return 0.0
    return float(np.corrcoef(x, y)[0, 1])


def report(path: Path, adventure: str, kinds: set[str] | None) -> None:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    if kinds:
        rows = [row for row in rows if row["kind"] in kinds]
    if not rows:
        print("no pairs")
        return
    weights = np.array([shipped_fits()[adventure].weights[name] for name in names(adventure)])
    games = len({row["game"] for row in rows})
    changed = sum(1 for row in rows if row["gain"])
    print(f"{len(rows)} pairs from {games} games, {changed} with a different result")
    print("horizon  correlation with the true gain  slope")
    for h in HORIZONS:
        found, error, slope = agreement(rows, str(h), weights)
        print(f"{h:7}  {found:+.3f} ± {error:.3f}{'':19}{slope:+.2f}")
    by_kind: dict[str, list[float]] = {}
    for row in rows:
        by_kind.setdefault(row["kind"], []).append(row["gain"])
    print("the drawn option's true gain over the heuristic's choice, by decision kind:")
    for kind, gains in sorted(by_kind.items(), key=lambda item: -len(item[1])):
        mean = sum(gains) / len(gains)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1))
        error = spread / math.sqrt(len(gains))
        print(f"  {kind:20} {len(gains):5} pairs  {mean:+.3f} ± {error:.3f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--adventure", default="al-kalim")
    parser.add_argument("--play", action="store_true")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kinds", help="comma-separated decision kinds to fit on")
    args = parser.parse_args(argv)
    if args.play:
        play(args.adventure, args.games, args.seed, args.rate, args.workers, args.file)
        return 0
    kinds = set(args.kinds.split(",")) if args.kinds else None
    report(args.file, args.adventure, kinds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
