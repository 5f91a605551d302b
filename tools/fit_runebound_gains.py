"""Fit the MCTS bot's Runebound position value to what options *do* to the win, not to who wins.

``tools/fit_runebound_value.py`` fits P(win) to the parties' features in self-play: a model of
who is ahead, which says little about what a decision changes (in Al-Kalim the guided search's
overrules judged by whole games gained nothing, docs/bots.md). This tool fits the value the
search actually uses, a difference of values at its horizon, to the true difference an option
makes:

``--play FILE``: two-player games between heuristic bots; at a share (``--rate``) of the
decisions the guided search would search (more than one option, not a base-settled kind), an
option other than the heuristic's is drawn at random and both are played on copies of the
state (the same dice: common random numbers), each on by heuristic bots in every seat to the
end of the game. The deciding seat's features less the other's are taken after ``HORIZONS``
decisions (each at the first quiet position from there, as the search's rollouts stop), and
the pair's outcome is the option's win share less the heuristic choice's. One JSON line per
pair, appended as games finish, so a run that is cut short keeps what it played.

``FILE`` alone (no ``--play``): fits weights ``w`` so that ``sigmoid(w . a) - sigmoid(w . b)``
(the search's reward difference at a horizon, ``a`` and ``b`` the two options' feature
differences) predicts the outcome difference by least squares, every fifth game held out,
and reports for each horizon the held-out correlation of the shipped weights' predictions and
of the fitted ones with the true differences.

Usage::

    python tools/fit_runebound_gains.py --adventure al-kalim --games 200 --workers 2 \
        --play pairs.jsonl
    python tools/fit_runebound_gains.py pairs.jsonl [--horizon 20] [--kinds K,...]
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

from boardwright.bots.factories import SETTLED, runebound_heuristic
from boardwright.bots.mcts.reward import rewards
from boardwright.bots.mcts.runebound_worth import RuneboundWorth, names, shipped_fits
from boardwright.engine.bot import Bot, observe
from boardwright.engine.rng import Rng, derive_seed
from boardwright.games import get_game
from boardwright.games.runebound.game import Runebound

HORIZONS = (0, 10, 20, 40, 80)
"""Decisions after the option at which the features are taken (then the first quiet one)."""
EXTENSION = 200
HELD_OUT = 5


def quiet(state: Any) -> bool:
    return state.combat is None


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
        while wanted and made >= wanted[0] and (quiet(copy) or made >= wanted[0] + EXTENSION):
            ours, theirs = worth.features(copy, seat), worth.features(copy, 1 - seat)
            taken[wanted.pop(0)] = [a - b for a, b in zip(ours, theirs, strict=True)]
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


def predict(weights: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(a @ weights, -30, 30))) - 1.0 / (
        1.0 + np.exp(-np.clip(b @ weights, -30, 30))
    )


def fit(a: np.ndarray, b: np.ndarray, y: np.ndarray, start: np.ndarray, ridge: float) -> np.ndarray:
    """Least squares of ``y`` on ``predict`` by Gauss-Newton with a ridge toward ``start``."""
    weights = start.copy()
    for _ in range(100):
        pa = 1.0 / (1.0 + np.exp(-np.clip(a @ weights, -30, 30)))
        pb = 1.0 / (1.0 + np.exp(-np.clip(b @ weights, -30, 30)))
        residual = y - (pa - pb)
        jacobian = (pa * (1 - pa))[:, None] * a - (pb * (1 - pb))[:, None] * b
        hessian = jacobian.T @ jacobian + ridge * len(y) * np.eye(len(weights))
        gradient = jacobian.T @ residual - ridge * len(y) * (weights - start)
        step = np.linalg.solve(hessian, gradient)
        weights = weights + step
        if np.max(np.abs(step)) < 1e-7:
            break
    return weights


def arrays(rows: list[dict[str, Any]], key: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The option's and the prior's feature differences at horizon ``key``, and the gains."""
    a = np.array([r["option"][key] for r in rows], dtype=float)
    b = np.array([r["prior"][key] for r in rows], dtype=float)
    return a, b, np.array([r["gain"] for r in rows], dtype=float)


def correlation(x: np.ndarray, y: np.ndarray) -> float:
    if np.std(x) == 0 or np.std(y) == 0:
        return 0.0
    return float(np.corrcoef(x, y)[0, 1])


def report(path: Path, adventure: str, horizon: int | None, kinds: set[str] | None) -> None:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    if kinds:
        rows = [row for row in rows if row["kind"] in kinds]
    features = names(adventure)
    shipped = np.array([shipped_fits()[adventure].weights[name] for name in features])
    games = len({row["game"] for row in rows})
    print(
        f"{len(rows)} pairs from {games} games; mean |gain| "
        f"{np.mean([abs(r['gain']) for r in rows]):.3f}"
    )
    for h in HORIZONS if horizon is None else (horizon,):
        key = str(h)

        usable = [r for r in rows if key in r["option"] and key in r["prior"]]
        train = [r for r in usable if r["game"] % HELD_OUT]
        test = [r for r in usable if not r["game"] % HELD_OUT]
        if len(train) < 50 or len(test) < 20:
            print(f"horizon {h}: too few pairs ({len(usable)})")
            continue

        a, b, y = arrays(train, key)
        ta, tb, ty = arrays(test, key)
        fitted = fit(a, b, y, shipped, 1e-4)
        free = fit(a, b, y, np.zeros(len(features)), 1e-4)
        print(
            f"horizon {h}: {len(train)} train, {len(test)} held out; held-out correlation "
            f"shipped {correlation(predict(shipped, ta, tb), ty):+.3f}, "
            f"fitted {correlation(predict(fitted, ta, tb), ty):+.3f}, "
            f"from zero {correlation(predict(free, ta, tb), ty):+.3f}; "
            f"mse shipped {np.mean((predict(shipped, ta, tb) - ty) ** 2):.4f} "
            f"fitted {np.mean((predict(fitted, ta, tb) - ty) ** 2):.4f} "
            f"zero {np.mean(ty**2):.4f}"
        )
        for name, s, w in zip(features, shipped, fitted, strict=True):
            print(f"    {name:15} shipped {s:+.4f}  fitted {w:+.4f}")
    by_kind: dict[str, list[float]] = {}
    for row in rows:
        by_kind.setdefault(row["kind"], []).append(row["gain"])
    for kind, gains in sorted(by_kind.items(), key=lambda item: -len(item[1])):
        mean = sum(gains) / len(gains)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1))
        print(
            f"  {kind:20} {len(gains):5} pairs, random option's gain {mean:+.3f} (sd {spread:.2f})"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--adventure", default="al-kalim")
    parser.add_argument("--play", action="store_true")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--horizon", type=int)
    parser.add_argument("--kinds", help="comma-separated decision kinds to fit on")
    args = parser.parse_args(argv)
    if args.play:
        play(args.adventure, args.games, args.seed, args.rate, args.workers, args.file)
        return 0
    kinds = set(args.kinds.split(",")) if args.kinds else None
    report(args.file, args.adventure, args.horizon, kinds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
