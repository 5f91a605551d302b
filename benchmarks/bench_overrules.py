"""What the guided search's overrules are worth, judged by whole games rather than its own value.
A plain script, not a test::

    python benchmarks/bench_overrules.py [--adventure al-kalim] [--games 4] [--seconds 1]
        [--playouts 48] [--workers 2] [--record FILE]

Plays two-player Runebound games with the heuristic bot in both seats. At each of seat 0's
decisions that the registry's ``mcts`` bot would search, the guided search runs on seat 0's
observation at the given budget (CPU seconds) and its verdict is kept; the game itself goes on
with the heuristic's choice, so the positions are those a heuristic game reaches. Every option
whose difference to the heuristic's choice is above zero at one standard error (the candidates
any stricter rule could pick) is then judged against that choice by ``--playouts`` paired
playouts to the end of the game: a fresh determinization of seat 0's observation each, both
options played on copies of it with the same dice, the heuristic playing every seat to the end,
scored by the win (a shared first place counts half). A rule's worth is the mean true gain of
the overrules it would have made; the report shows it per rule with its standard error, next to
what the search itself predicted (its bias). ``--record`` appends each judged candidate as a
JSON line. See docs/bots.md.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any, cast

from boardwright.bots.factories import runebound_heuristic, runebound_mcts, runebound_settled
from boardwright.bots.mcts import MctsBot
from boardwright.bots.mcts.reward import rewards
from boardwright.engine.bot import Bot, Observation, observe
from boardwright.engine.game import Game
from boardwright.engine.rng import Rng, derive_seed
from boardwright.games import get_game

BASE_SEED = 20_261_128
SEAT = 0


def observation_of(game: Game[Any], state: Any, seat: int) -> Observation:
    decision = game.decision(state)
    assert decision is not None and decision.seat == seat
    return observe(game, state, decision)


def play_out(game: Game[Any], state: Any, policy: Callable[[int], Bot], seed: int) -> None:
    """Plays ``state`` to its end, the policy's bots (seeded from ``seed``) in every seat."""
    bots: dict[int, Bot] = {}
    while (decision := game.decision(state)) is not None:
        if len(decision.options) == 1:
            game.apply(state, 0)
            continue
        seat = decision.seat
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = policy(derive_seed(seed, seat))
        game.apply(state, bot.choose(observation_of(game, state, seat)))


def true_gain(
    game: Game[Any],
    observation: Observation,
    prior: int,
    option: int,
    playouts: int,
    seed: int,
) -> tuple[float, float]:
    """The mean and standard error of ``option``'s win share less ``prior``'s over paired
    playouts to the end of the game."""
    policy = partial(runebound_heuristic, game=game)
    rng = Rng(seed)
    differences = []
    for number in range(playouts):
        sample = observation.sample(rng)
        shares = []
        for index in (option, prior):
            state = game.clone(sample)
            game.apply(state, index)
            play_out(game, state, policy, derive_seed(seed, number))
            shares.append(rewards(game, state, 2)[observation.seat])
        differences.append(shares[0] - shares[1])
    mean = sum(differences) / playouts
    spread = sum((d - mean) ** 2 for d in differences) / max(1, playouts - 1)
    return mean, math.sqrt(spread / playouts)


def probe_game(adventure: str, number: int, seconds: float, playouts: int) -> list[dict[str, Any]]:
    """Game ``number``'s judged candidates (see the module docstring)."""
    game = get_game("runebound")
    seed = BASE_SEED + number
    state = game.setup(game.config(2, {"adventure": adventure}), seed)
    players = [runebound_heuristic(derive_seed(seed, seat), game) for seat in range(2)]
    search = cast(MctsBot, runebound_mcts(seed, game, seconds=seconds, clock=time.process_time))
    rows: list[dict[str, Any]] = []
    made = 0
    while (decision := game.decision(state)) is not None:
        observation = observation_of(game, state, decision.seat)
        prior = players[decision.seat].choose(observation)
        if (
            decision.seat == SEAT
            and len(decision.options) > 1
            and not runebound_settled(observation)
        ):
            search.proposer = _FixedProposer(prior)  # the proposal the game plays
            search.choose(observation)
            verdict = search.verdict
            assert verdict is not None
            for index in picks(verdict.evidence, len(decision.options)):
                count, mean, error = verdict.evidence[index]
                gain, gain_error = true_gain(
                    game, observation, prior, index, playouts, derive_seed(seed, made, index)
                )
                rows.append(
                    {
                        "adventure": adventure,
                        "game": number,
                        "decision": made,
                        "kind": decision.kind,
                        "options": len(decision.options),
                        "prior": prior,
                        "option": index,
                        "rounds": count,
                        "predicted": round(mean, 5),
                        "error": round(error, 5),
                        "chosen": index == verdict.choice,
                        "gain": round(gain, 4),
                        "gain_error": round(gain_error, 4),
                    }
                )
        game.apply(state, prior)
        made += 1
    return rows


def picks(evidence: dict[int, tuple[int, float, float]], options: int) -> set[int]:
    """The options some rule of :data:`RULES` would overrule with (each rule's best bound)."""
    chosen = set()
    for confidence in RULES.values():
        best, best_bound = None, 0.0
        for index, (count, mean, error) in evidence.items():
            bound = mean - confidence(options) * error
            if count >= 4 and bound > best_bound:
                best, best_bound = index, bound
        if best is not None:
            chosen.add(best)
    return chosen


class _FixedProposer:
    """A proposer that proposes the heuristic's choice already made for the game."""

    name = "fixed"

    def __init__(self, index: int) -> None:
        self.index = index

    def choose(self, observation: Observation) -> int:
        return self.index


RULES: dict[str, Callable[[int], float]] = {
    "z 1": lambda options: 1.0,
    "z 2 (today)": lambda options: 2.0,
    "z 3": lambda options: 3.0,
    "Bonferroni 5 %": lambda options: _bonferroni(options - 1),
}
"""Rules of overruling, by the standard errors each asks of a decision with ``options``."""


def _bonferroni(comparisons: int) -> float:
    """The one-sided normal quantile for 5 % shared among ``comparisons`` tests."""
    return _quantile(1.0 - 0.05 / max(1, comparisons))


def _quantile(p: float) -> float:
    low, high = 0.0, 10.0
    for _ in range(60):
        middle = (low + high) / 2
        if 0.5 * math.erfc(-middle / math.sqrt(2)) < p:
            low = middle
        else:
            high = middle
    return low


def rejudge_game(
    adventure: str,
    number: int,
    rows: list[dict[str, Any]],
    *,
    depth: int,
    weights: dict[str, float],
    rounds: int,
    turns: int | None = None,
) -> list[dict[str, Any]]:
    """``rows`` (judged candidates of game ``number``) estimated again by ``rounds`` paired
    rollouts of ``depth`` decisions valued by the shipped worth with ``weights`` changed: what
    another search would have predicted for the same options at the same positions."""
    from boardwright.bots.factories import runebound_quiet
    from boardwright.bots.mcts.guided import Difference, Rollouts
    from boardwright.bots.mcts.runebound_worth import RuneboundWorth, shipped_fits

    game = get_game("runebound")
    seed = BASE_SEED + number
    state = game.setup(game.config(2, {"adventure": adventure}), seed)
    players = [runebound_heuristic(derive_seed(seed, seat), game) for seat in range(2)]
    fitted = {name: dict(fit.weights) for name, fit in shipped_fits().items()}
    fitted[adventure] = {**fitted.get(adventure, {}), **weights}
    worth = RuneboundWorth(cast(Any, game), fitted)
    policy = partial(runebound_heuristic, game=game)
    rollouts = Rollouts(game, policy, derive_seed(seed, "rejudge"), depth, runebound_quiet, turns)
    rng = Rng(derive_seed(seed, "rejudge"))
    wanted: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        wanted.setdefault(row["decision"], []).append(row)
    out: list[dict[str, Any]] = []
    made = 0
    while (decision := game.decision(state)) is not None and made <= max(wanted, default=-1):
        observation = observation_of(game, state, decision.seat)
        prior = players[decision.seat].choose(observation)
        if made in wanted:
            assert all(row["prior"] == prior for row in wanted[made]), "the game went otherwise"
            options = sorted({row["option"] for row in wanted[made]})
            differences = {option: Difference() for option in options}
            for _ in range(rounds):
                sample = observation.sample(rng)
                values = {}
                for index in (prior, *options):
                    copy = game.clone(sample)
                    game.apply(copy, index)
                    rollouts.play(copy)
                    values[index] = rewards(game, copy, 2, worth)[SEAT]
                for option in options:
                    differences[option].add(values[option] - values[prior])
            for row in wanted[made]:
                found = differences[row["option"]]
                out.append({**row, "estimate": found.mean, "estimate_error": found.error()})
        game.apply(state, prior)
        made += 1
    return out


def calibration(rows: list[dict[str, Any]], field: str) -> str:
    """How well ``field`` (a predicted gain) foretells the true gain: the least-squares slope
    of the true gain on it, the correlation, and the true gain of the rows it calls positive."""
    xs = [row[field] for row in rows]
    ys = [row["gain"] for row in rows]
    n = len(rows)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    syy = sum((y - my) ** 2 for y in ys)
    slope = sxy / sxx if sxx else 0.0
    correlation = sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0
    positive = [y for x, y in zip(xs, ys, strict=True) if x > 0]
    called = sum(positive) / len(positive) if positive else 0.0
    return (
        f"{field}: slope {slope:+.2f}, correlation {correlation:+.3f}, "
        f"{len(positive)} called positive with true gain {called:+.3f}"
    )


def report(rows: list[dict[str, Any]]) -> None:
    decisions = {(r["game"], r["decision"]) for r in rows}
    print(f"{len(rows)} candidates judged at {len(decisions)} decisions")
    for name, confidence in RULES.items():
        picked: dict[tuple[int, int], dict[str, Any]] = {}
        for row in rows:
            bound = row["predicted"] - confidence(row["options"]) * row["error"]
            key = (row["game"], row["decision"])
            if bound > 0 and (key not in picked or bound > picked[key]["bound"]):
                picked[key] = {**row, "bound": bound}
        gains = [p["gain"] for p in picked.values()]
        errors = [p["gain_error"] for p in picked.values()]
        predicted = [p["predicted"] for p in picked.values()]
        if not gains:
            print(f"{name:16} no overrules")
            continue
        mean = sum(gains) / len(gains)
        error = math.sqrt(sum(e * e for e in errors)) / len(gains)
        print(
            f"{name:16} {len(gains):4} overrules, true gain {mean:+.3f} ± {error:.3f} "
            f"(sum {sum(gains):+.2f}), predicted {sum(predicted) / len(gains):+.3f}"
        )
    kinds: dict[str, list[float]] = {}
    for row in rows:
        kinds.setdefault(row["kind"], []).append(row["gain"])
    for kind, gains in sorted(kinds.items()):
        print(f"  {kind:22} {len(gains):4} candidates, true gain {sum(gains) / len(gains):+.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--adventure", default="al-kalim")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--playouts", type=int, default=48)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--record", type=Path, default=None)
    parser.add_argument("--report", action="store_true", help="only report --record")
    parser.add_argument("--rejudge", type=Path, default=None, help="estimate --record again")
    parser.add_argument("--depth", type=int, default=20, help="--rejudge: rollout depth")
    parser.add_argument("--turns", type=int, default=None, help="--rejudge: horizon in turns")
    parser.add_argument("--rounds", type=int, default=24, help="--rejudge: paired rounds")
    parser.add_argument("--weight", action="append", default=[], help="--rejudge: NAME=VALUE")
    args = parser.parse_args()
    if args.rejudge is not None:
        rejudge(args)
        return
    rows: list[dict[str, Any]] = []
    if args.record is not None and args.record.exists():
        rows = [json.loads(line) for line in args.record.read_text().splitlines() if line]
    if not args.report:
        numbers = range(args.first, args.first + args.games)
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            work = partial(probe_game, args.adventure, seconds=args.seconds, playouts=args.playouts)
            for found in pool.map(work, numbers):
                rows.extend(found)
                if args.record is not None:
                    with args.record.open("a") as out:
                        out.writelines(json.dumps(row) + "\n" for row in found)
    report(rows)


def rejudge(args: argparse.Namespace) -> None:
    """Estimates the judged candidates of ``--record`` again (see :func:`rejudge_game`) and
    writes them to ``--rejudge``, reporting the calibration of both estimates."""
    rows = [json.loads(line) for line in args.record.read_text().splitlines() if line]
    weights = {k: float(v) for k, _, v in (w.partition("=") for w in args.weight)}
    games: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        games.setdefault(row["game"], []).append(row)
    work = partial(
        rejudge_game,
        args.adventure,
        depth=args.depth,
        weights=weights,
        rounds=args.rounds,
        turns=args.turns,
    )
    found: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for rejudged in pool.map(work, games, games.values()):
            found.extend(rejudged)
    with args.rejudge.open("w") as out:
        out.writelines(json.dumps(row) + "\n" for row in found)
    horizon = f"{args.turns} turns (at most {args.depth} decisions)" if args.turns else args.depth
    print(f"horizon {horizon}, weights {weights or 'shipped'}, {args.rounds} rounds")
    print(calibration(found, "predicted"))
    print(calibration(found, "estimate"))


if __name__ == "__main__":
    main()
