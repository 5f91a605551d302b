"""Fit the MCTS bot's Runebound position value to self-play (bots/mcts/runebound_worth.py).

Plays ``--games`` two-player games of one adventure between heuristic bots, samples the two
parties' features (``RuneboundWorth.features``) at every ``SAMPLE_EVERY``-th decision, and fits
P(seat 0 wins) = sigmoid(w . (f0 - f1)) by Newton's method (no intercept: the model is symmetric
in the seats; a small ridge keeps it defined when a feature never varies). Every fifth game is held
out, and the report gives its log loss against a coin's (ln 2 = 0.693) and the hand-set worth's
it replaced. A harm (wounds, exhaustion) whose weight comes out as a gain is a correlation, not
a cause (heroes who exhaust themselves are those who move and fight): it is pinned at the
heuristic bot's price for it in gold times the fitted weight of a gold piece, and the rest
refitted. Likewise a good (anything else: gold, cards, an adventure's quests and gear) whose
weight comes out below zero is pinned at zero: holding more of it never hurts, as it need not
be used. Games that end level (the round cap) teach nothing about who wins and are left out.

Game ``i`` is seeded ``derive_seed(seed, "game", i)`` and its bots ``derive_seed(game seed,
"bot", seat)``, so a fit is reproducible from (adventure, games, seed) whatever ``--workers``.
``--write`` replaces the adventure's entry in ``src/boardwright/bots/mcts/runebound_weights.yaml``.

Usage::

    python tools/fit_runebound_value.py --adventure dragonlords --games 2000 --workers 2 [--write]
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

import yaml

from boardwright.bots import make_bot
from boardwright.bots.mcts.runebound_worth import (
    FEATURES,
    HARMS,
    WEIGHTS_FILE,
    RuneboundWorth,
    names,
    read_fits,
)
from boardwright.bots.runebound.constants import EXHAUSTION, WOUND, XP_POINT
from boardwright.engine.errors import ConfigError
from boardwright.engine.session import Match
from boardwright.engine.table import Table
from boardwright.games import get_game
from boardwright.games.runebound.game import Runebound
from boardwright.sim.runner import derive_seed

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_EVERY = 15  # decisions between samples: about one hero's turn
HELD_OUT = 5  # every fifth game is held out
RIDGE = 1e-3
HARM_PRICE = {"wounds": WOUND, "exhaustion": EXHAUSTION}  # the heuristic bot's, in gold
OLD_SCALE = 2.0 / 15.0  # the hand-set worth: tanh(gold lead / 15), i.e. a logit of 2/15 per gold

Row = tuple[list[float], float]  # feature differences (seat 0 less seat 1), 1.0 if seat 0 won


def play(adventure: str, seed: int, number: int) -> tuple[int, list[Row]]:
    """Game ``number``, played by the table driver: its samples (none if it ended level), taken
    before every ``SAMPLE_EVERY``-th decision."""
    game = cast(Runebound, get_game("runebound"))
    worth = RuneboundWorth(game)
    game_seed = derive_seed(seed, "game", number)
    bots = [make_bot("heuristic", derive_seed(game_seed, "bot", s), game) for s in (0, 1)]
    match = Match(game, game.config(2, {"adventure": adventure}), game_seed, lean=True)
    table = Table(match, bots)
    samples: list[list[float]] = []
    ahead = SAMPLE_EVERY - 1  # decisions before the first sample
    while table.run_bots(ahead) == ahead and match.decision is not None:
        ours, theirs = worth.features(match.state, 0), worth.features(match.state, 1)
        samples.append([a - b for a, b in zip(ours, theirs, strict=True)])
        ahead = SAMPLE_EVERY
    table.run_bots()
    result = match.result
    assert result is not None
    if result.ranks[0] == result.ranks[1]:
        return number, []
    won = 1.0 if result.ranks[0] < result.ranks[1] else 0.0
    return number, [(sample, won) for sample in samples]


def played(
    adventure: str, games: int, seed: int, workers: int, samples: Path | None
) -> list[tuple[int, list[Row]]]:
    """The games' samples: from ``samples`` when it holds these games' (same adventure, games,
    seed and features), else played (and written there)."""
    key = {"adventure": adventure, "games": games, "seed": seed, "features": names(adventure)}
    if samples is not None and samples.exists():
        stored = json.loads(samples.read_text(encoding="utf-8"))
        if {k: stored.get(k) for k in key} == {
            k: list(v) if k == "features" else v for k, v in key.items()
        }:
            return [(n, [(x, y) for x, y in rows]) for n, rows in stored["rows"]]
    job = partial(play, adventure, seed)
    with multiprocessing.get_context("spawn").Pool(max(1, workers)) as pool:
        out = sorted(pool.imap_unordered(job, range(games), chunksize=8))
    if samples is not None:
        stored = {**key, "features": list(key["features"]), "rows": out}
        samples.write_text(json.dumps(stored), encoding="utf-8")
    return out


def fit(rows: Sequence[Row], free: Sequence[int], pinned: dict[int, float]) -> list[float]:
    """Newton's method for the logistic weights of the ``free`` features, the ``pinned`` ones
    held at their weights; returns every feature's weight."""
    weights = [0.0] * len(rows[0][0])
    for index, value in pinned.items():
        weights[index] = value
    size = len(free)
    for _ in range(25):
        gradient = [RIDGE * weights[i] for i in free]
        hessian = [[RIDGE if r == c else 0.0 for c in range(size)] for r in range(size)]
        for x, y in rows:
            z = sum(w * v for w, v in zip(weights, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            spread = p * (1.0 - p)
            picked = [x[i] for i in free]
            for r in range(size):
                gradient[r] += (p - y) * picked[r]
                row = hessian[r]
                scaled = spread * picked[r]
                for c in range(r, size):
                    row[c] += scaled * picked[c]
        for r in range(size):
            for c in range(r):
                hessian[r][c] = hessian[c][r]
        step = solve(hessian, gradient)
        for k, i in enumerate(free):
            weights[i] -= step[k]
        if max(abs(s) for s in step) < 1e-9:
            break
    return weights


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """The x with matrix . x = vector, by Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [[*matrix[r], vector[r]] for r in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, size):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, size + 1):
                rows[r][c] -= factor * rows[col][c]
    out = [0.0] * size
    for r in reversed(range(size)):
        out[r] = (rows[r][size] - sum(rows[r][c] * out[c] for c in range(r + 1, size))) / rows[r][r]
    return out


def logit(weights: Sequence[float], x: Sequence[float]) -> float:
    return sum(w * v for w, v in zip(weights, x, strict=True))


def log_loss(rows: Sequence[Row], logit: Any) -> float:
    total = 0.0
    for x, y in rows:
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit(x)))))
        p = min(max(p, 1e-9), 1.0 - 1e-9)
        total -= y * math.log(p) + (1.0 - y) * math.log(1.0 - p)
    return total / max(1, len(rows))


def wrong_sign(feature: str, weight: float) -> bool:
    """A harm weighed as a gain, or a good as a loss."""
    return weight > 0.0 if feature in HARMS else weight < 0.0


def fitted_weights(train: Sequence[Row], features: Sequence[str]) -> list[float]:
    """The fit of ``features`` (the rows' columns), with any weight of the wrong sign pinned
    (see the module docstring)."""
    gold = features.index("gold")
    pinned: dict[int, float] = {}
    while True:
        free = [i for i in range(len(features)) if i not in pinned]
        weights = fit(train, free, pinned)
        wrong = [i for i in free if wrong_sign(features[i], weights[i])]
        if not wrong:
            return weights
        for i in wrong:
            harm = features[i] in HARMS
            pinned[i] = -HARM_PRICE[features[i]] * max(weights[gold], 0.0) if harm else 0.0


def old_logit(x: Sequence[float]) -> float:
    """The hand-set worth's logit (its gold-piece prices), for the report's comparison."""
    prices = {"trophies": 30.0, "xp_counters": 6.0, "xp_points": XP_POINT, "gold": 1.0}
    prices |= {"carried": 0.8, "kept": 1.0, "wounds": -WOUND, "exhaustion": -EXHAUSTION}
    prices["potential"] = 1.0
    base = x[: len(FEATURES)]  # it knew no adventure's own features
    return OLD_SCALE * sum(prices[name] * v for name, v in zip(FEATURES, base, strict=True))


def write(adventure: str, weights: list[float], provenance: str) -> None:
    fits = read_fits(WEIGHTS_FILE)
    table = {name: {"fitted": fit.fitted, "weights": fit.weights} for name, fit in fits.items()}
    values = {name: round(w, 5) for name, w in zip(names(adventure), weights, strict=True)}
    table[adventure] = {"fitted": provenance, "weights": values}
    header = [line for line in WEIGHTS_FILE.read_text(encoding="utf-8").splitlines()[:2]]
    body = yaml.safe_dump(table, sort_keys=False, width=96, allow_unicode=True)
    WEIGHTS_FILE.write_text("\n".join(header) + "\n" + body, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--adventure", default="dragonlords")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true")
    parser.add_argument(
        "--samples",
        type=Path,
        help="a file of the games' samples: read when it holds this fit's, else written",
    )
    args = parser.parse_args(argv)
    try:
        get_game("runebound").config(2, {"adventure": args.adventure})
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    games = played(args.adventure, args.games, args.seed, args.workers, args.samples)
    train = [row for number, rows in games if number % HELD_OUT for row in rows]
    test = [row for number, rows in games if not number % HELD_OUT for row in rows]
    if not train or not test:
        print("error: too few decided games to fit (raise --games)", file=sys.stderr)
        return 1
    features = names(args.adventure)
    weights = fitted_weights(train, features)
    fitted = log_loss(test, partial(logit, weights))
    hand = log_loss(test, old_logit)
    decided = sum(1 for _, rows in games if rows)
    seconds = time.perf_counter() - started
    provenance = (
        f"{args.games} two-player heuristic games (seed {args.seed}, {decided} decided), "
        f"{len(train) + len(test)} samples; held-out log loss {fitted:.3f} "
        f"(a coin 0.693, the hand-set worth {hand:.3f})"
    )
    print(f"{args.adventure}: {provenance}; {seconds:.0f} s")
    for name, weight in zip(features, weights, strict=True):
        print(f"  {name:12} {weight:+.5f}")
    if args.write:
        write(args.adventure, weights, provenance)
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
