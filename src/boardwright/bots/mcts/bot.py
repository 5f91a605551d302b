"""The ``mcts`` bot: single-observer information-set MCTS (SO-ISMCTS) within a budget.

Each iteration asks the observation for a fresh determinization (``Game.determinize`` for the
bot's seat, from the bot's own generator), so the search never sees the true hidden state, and
walks the one shared tree (:mod:`.tree`) down it: at each decision the seat deciding there picks
among the legal option keys by UCB on its own rewards; the first key not yet in the tree is
added, then a rollout by uniformly random choices runs on for at most ``depth`` decisions and
the position is evaluated (:mod:`.reward`). The answer is the root's most visited option.

Given a ``policy`` (a bot factory: a seed to a bot that plays a seat from its view), the bot
searches by :mod:`.guided` instead: the policy proposes, and rollouts in which the policy plays
every seat overrule it only on clear evidence.
"""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter
from typing import Any

from boardwright.bots.mcts.guided import CONFIDENCE, Rollouts, Verdict, guided_choice
from boardwright.bots.mcts.reward import Worth, rewards
from boardwright.bots.mcts.tree import Node
from boardwright.engine.bot import Bot, Observation
from boardwright.engine.errors import ConfigError
from boardwright.engine.game import Game
from boardwright.engine.rng import Rng, derive_seed

ITERATIONS = 64
DEPTH = 16
"""The default budget (the registry's ``mcts``): modest, so that simulations stay practical."""
EXPLORATION = 0.7
"""UCB's exploration constant for rewards in [0, 1]."""


class MctsBot:
    """Searches ``iterations`` determinizations per decision, or for ``seconds`` when that is
    given (then ``iterations`` is ignored); a decision with one option is answered at once.

    ``players`` tells how many seats a state of ``game`` has (the reward is given per seat);
    ``worth``, when given, values a cut-off rollout's position per seat instead of the game's
    ``score`` (see :mod:`.reward`). ``policy``, when given, makes the bots of the guided search
    (:mod:`.guided`): one proposes the answer from the real observation, the others play the
    rollouts; ``iterations`` then counts rollouts and ``confidence`` is the evidence (in standard
    errors) needed to overrule the proposal; ``settled`` names decisions the proposal answers
    without search (a game's factory knows where its rollouts cannot judge); ``quiet`` tells a
    position a guided rollout may stop at, and ``turns`` gives its horizon in turns, ``depth``
    then being a cap in decisions (:class:`.guided.Rollouts`); ``cap`` tells, per observation,
    the most rollouts a guided search may play under any budget (None: no cap), and ``horizon``
    the decisions its rollouts play (None: ``depth``). ``clock`` measures
    ``seconds`` (``time.process_time`` gives the search its CPU time on a shared machine).
    """

    name = "mcts"

    def __init__(
        self,
        seed: int,
        game: Game[Any],
        players: Callable[[Any], int],
        *,
        iterations: int = ITERATIONS,
        seconds: float | None = None,
        depth: int = DEPTH,
        exploration: float = EXPLORATION,
        worth: Worth | None = None,
        policy: Callable[[int], Bot] | None = None,
        confidence: float = CONFIDENCE,
        settled: Callable[[Observation], bool] | None = None,
        quiet: Callable[[Any], bool] | None = None,
        turns: int | None = None,
        clock: Callable[[], float] = perf_counter,
        cap: Callable[[Observation], int | None] | None = None,
        horizon: Callable[[Observation], int | None] | None = None,
    ) -> None:
        if iterations < 1 or (seconds is not None and seconds <= 0) or depth < 0:
            raise ConfigError("mcts needs a positive budget and a depth of zero or more")
        self.rng = Rng(seed)
        self.game = game
        self.players = players
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.exploration = exploration
        self.worth = worth
        self.confidence = confidence
        self.policy = policy
        self.settled = settled
        self.cap = cap
        self.horizon = horizon
        self.clock = clock
        self.seed = seed
        self.overruled = 0
        """Proposals overruled so far (each gives the proposer a fresh start)."""
        self.proposer = None if policy is None else policy(derive_seed(seed, "proposer"))
        self.rollouts = (
            None
            if policy is None
            else Rollouts(game, policy, derive_seed(seed, "rollouts"), depth, quiet, turns)
        )
        self.searched = 0
        """Iterations run by the last :meth:`choose` (0 when it needed no search)."""
        self.verdict: Verdict | None = None
        """The last guided search's findings (None before the first)."""

    def choose(self, observation: Observation) -> int:
        options = observation.decision.options
        self.searched = 0
        if len(options) == 1:
            return 0
        if self.policy is not None and self.proposer is not None and self.rollouts is not None:
            prior = self.proposer.choose(observation)
            if not 0 <= prior < len(options):
                prior = 0
            if self.settled is not None and self.settled(observation):
                return prior
            verdict = guided_choice(
                observation,
                self.game,
                prior,
                self.rollouts,
                self.rng,
                players=self.players,
                worth=self.worth,
                iterations=self.iterations,
                seconds=self.seconds,
                confidence=self.confidence,
                clock=self.clock,
                cap=None if self.cap is None else self.cap(observation),
                depth=None if self.horizon is None else self.horizon(observation),
            )
            self.searched, self.verdict = verdict.played, verdict
            if verdict.choice != prior:  # the proposer planned a move the game will not see
                self.overruled += 1
                self.proposer = self.policy(derive_seed(self.seed, "proposer", self.overruled))
            return verdict.choice
        return self.search(observation).most_visited([option.key for option in options])

    def search(self, observation: Observation) -> Node:
        """The tree grown by one budget of iterations from ``observation``: its root's children
        are the options tried, with their visits and rewards."""
        root = Node(observation.seat)
        if self.seconds is None:
            for _ in range(self.iterations):
                self._iterate(root, observation)
        else:
            clock = self.clock
            deadline = clock() + self.seconds
            while True:
                self._iterate(root, observation)
                if clock() >= deadline:
                    break
        return root

    def _iterate(self, root: Node, observation: Observation) -> None:
        """One determinization: select and expand down the tree, roll out, back the rewards up."""
        game, rng = self.game, self.rng
        state = observation.sample(rng)
        node, path = root, []
        while (decision := game.decision(state)) is not None:
            keys = [option.key for option in decision.options]
            children = node.children
            fresh = [index for index, key in enumerate(keys) if key not in children]
            if fresh:
                index = fresh[rng.below(len(fresh))]
                for key in keys:  # the other legal moves were available this time too
                    if key in children:
                        children[key].available += 1
                node = children[keys[index]] = Node(decision.seat)
                node.available = 1
                path.append(node)
                game.apply(state, index, None)
                break
            index = node.select(keys, self.exploration)
            node = children[keys[index]]
            path.append(node)
            game.apply(state, index, None)
        for _ in range(self.depth):
            decision = game.decision(state)
            if decision is None:
                break
            game.apply(state, rng.below(len(decision.options)), None)
        reward = rewards(game, state, self.players(state), self.worth)
        for node in path:
            node.visits += 1
            node.total += reward[node.seat]
        self.searched += 1
