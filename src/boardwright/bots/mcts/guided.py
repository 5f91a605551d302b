"""The guided search: a policy's choice, overruled only where rollouts show a clearly better one.

Given a *policy* (a bot kind that plays every seat in the rollouts, e.g. Runebound's heuristic),
the search is a Monte Carlo improvement of that policy at the root (Tesauro and Galperin's
rollout algorithm, in the information-set setting):

1. The policy's own bot for the searching seat proposes an option from the real observation
   (the *prior*; it sees what a player in the seat sees, nothing more).
2. Each round takes a fresh determinization (:meth:`Observation.sample`) and plays every option
   still in the race on a copy of it, each followed by a rollout in which the policy plays every
   seat, each from its own view of the sample, for at most ``depth`` decisions; the position is
   then valued as the tree search values it (:mod:`.reward`). The copies share the sample and its
   dice (common random numbers), so the options are compared on the same luck and the
   differences are far less noisy than the values.
3. After ``MIN_ROUNDS`` rounds an option whose mean difference to the prior's is below zero
   by more than ``confidence`` standard errors is dropped; the search ends when only
   the prior is left or the budget is spent (a decision with a single option takes none).
4. The answer is the option whose difference to the prior is highest at ``confidence`` standard
   errors below its mean, if that lower bound is above zero; else the prior. So the search plays
   like its policy unless the rollouts give evidence against it.

Everything played is a sample's: the rollout bots read ``Game.view(sample, seat)`` and nothing
of the true state ever reaches them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from time import perf_counter
from typing import Any, NamedTuple

from boardwright.bots.mcts.reward import Worth, rewards
from boardwright.engine.bot import Bot, Observation, observe
from boardwright.engine.game import Game
from boardwright.engine.rng import Rng, derive_seed

MIN_ROUNDS = 4
"""Rounds before an option may be dropped (fewer differences give no usable spread)."""
CONFIDENCE = 2.0
"""Standard errors of the mean difference that decide (about 98 % one-sided)."""


EXTENSION = 200
"""Decisions a rollout may run past its depth to reach a quiet position (a bound, not a goal)."""


class Rollouts:
    """Plays a sample on by the policy's bots, one per seat, for ``depth`` decisions (or, with
    ``turns`` given, until the game's turn has changed ``turns`` times, ``depth`` then being a
    cap) and then on until ``quiet(state)`` (at most :data:`EXTENSION` more): a position in the
    middle of something that settles soon (a Runebound fight) is not valued before it settles,
    since its worth would show the wounds taken and not yet the reward. A horizon in turns is
    the same stretch of play in every variant of a game, however many decisions its turns take.
    A decision with one option is taken without asking. Every rollout gets new bots (they cost
    next to nothing to make), so no bot carries a plan from another sample into this one."""

    def __init__(
        self,
        game: Game[Any],
        policy: Callable[[int], Bot],
        seed: int,
        depth: int,
        quiet: Callable[[Any], bool] | None = None,
        turns: int | None = None,
    ):
        self.game = game
        self.policy = policy
        self.seeds: dict[int, int] = {}
        self.seed = seed
        self.depth = depth
        self.quiet = quiet
        self.turns = turns

    def play(self, state: Any, depth: int | None = None) -> None:
        """Plays ``state`` on (``depth``, when given, in place of the rollouts' own)."""
        game, quiet, turns = self.game, self.quiet, self.turns
        depth = self.depth if depth is None else depth
        bots: dict[int, Bot] = {}
        passed = 0
        turn = game.turn_key(state) if turns is not None else ()
        for made in range(depth + (EXTENSION if quiet is not None else 0)):
            if (made >= depth or (turns is not None and passed >= turns)) and (
                quiet is None or quiet(state)
            ):
                return
            decision = game.decision(state)
            if decision is None:
                return
            if len(decision.options) == 1:
                game.apply(state, 0, None)
            else:
                seat = decision.seat
                bot = bots.get(seat)
                if bot is None:
                    seed = self.seeds.get(seat)
                    if seed is None:
                        seed = self.seeds[seat] = derive_seed(self.seed, seat)
                    bot = bots[seat] = self.policy(seed)
                index = bot.choose(observe(game, state, decision))
                game.apply(state, index if 0 <= index < len(decision.options) else 0, None)
            if turns is not None:
                now = game.turn_key(state)
                if now != turn:
                    passed += 1
                    turn = now


class Difference:
    """The running mean and spread of one option's reward less the prior's, round by round."""

    __slots__ = ("count", "mean", "squares")

    def __init__(self) -> None:
        self.count = 0
        self.mean = 0.0
        self.squares = 0.0  # sum of squared deviations (Welford)

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.squares += delta * (value - self.mean)

    def error(self) -> float:
        """The standard error of the mean (infinite below two rounds)."""
        if self.count < 2:
            return math.inf
        return math.sqrt(self.squares / (self.count - 1) / self.count)


class Verdict(NamedTuple):
    """What one guided search found: the chosen index, the rollouts it played, and per option
    other than the prior the rounds it was played in, its mean difference to the prior and that
    mean's standard error."""

    choice: int
    played: int
    evidence: dict[int, tuple[int, float, float]]


def guided_choice(
    observation: Observation,
    game: Game[Any],
    prior: int,
    rollouts: Rollouts,
    rng: Rng,
    *,
    players: Callable[[Any], int],
    worth: Worth | None,
    iterations: int,
    seconds: float | None,
    confidence: float = CONFIDENCE,
    clock: Callable[[], float] = perf_counter,
    cap: int | None = None,
    depth: int | None = None,
) -> Verdict:
    """The guided search's verdict on ``observation`` (see the module docstring). The budget is
    ``iterations`` rollouts, or ``seconds`` of ``clock`` when that is given; ``cap``, when
    given, bounds the rollouts under either budget; ``depth``, when given, replaces the
    rollouts' own."""
    seat = observation.seat
    live = list(range(len(observation.decision.options)))
    differences = {index: Difference() for index in live if index != prior}
    deadline = None if seconds is None else clock() + seconds
    played = rounds = 0
    while len(live) > 1:
        if deadline is None and played + len(live) > iterations:
            break
        if cap is not None and played + len(live) > cap:
            break
        sample = observation.sample(rng)
        values: dict[int, float] = {}
        for index in live:
            state = game.clone(sample)
            game.apply(state, index, None)
            rollouts.play(state, depth)
            values[index] = rewards(game, state, players(state), worth)[seat]
            played += 1
        rounds += 1
        for index in live:
            if index != prior:
                differences[index].add(values[index] - values[prior])
        if rounds >= MIN_ROUNDS:
            live = [
                index
                for index in live
                if index == prior
                or differences[index].mean + confidence * differences[index].error() >= 0.0
            ]
        if deadline is not None and clock() >= deadline:
            break
    best, best_bound = prior, 0.0
    for index in live:
        if index != prior and rounds >= MIN_ROUNDS:
            bound = differences[index].mean - confidence * differences[index].error()
            if bound > best_bound:
                best, best_bound = index, bound
    evidence = {index: (d.count, d.mean, d.error()) for index, d in differences.items()}
    return Verdict(best, played, evidence)
