"""The guided search (``bots/mcts/guided.py``): it plays its policy's choice unless rollouts give
clear evidence for another, it needs no search where the policy settles, and the registry's
Runebound ``mcts`` plays whole games with it. Its information set: tests/bots/test_mcts.py."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from boardwright.bots import make_bot
from boardwright.bots.factories import (
    runebound_mcts,
    runebound_rollout_cap,
    runebound_rollout_depth,
    runebound_settled,
)
from boardwright.bots.mcts import MctsBot
from boardwright.bots.mcts.guided import EXTENSION, MIN_ROUNDS, Rollouts
from boardwright.engine.bot import Bot, Observation
from boardwright.engine.decision import Decision
from boardwright.engine.session import Match
from boardwright.engine.table import Table
from boardwright.games import get_game
from tests.engine.toygame import ToyGame, ToyState

TOY = ToyGame()


class Cautious:
    """A poor policy for the toy game: always the smallest stake, banking from 6 points on."""

    name = "cautious"

    def choose(self, observation: Observation) -> int:
        if observation.decision.kind == "stake":
            return 0
        keys = [option.key for option in observation.decision.options]
        return keys.index("hold" if observation.view["turn_total"] >= 6 else "roll")


def cautious(seed: int) -> Bot:
    return Cautious()


def toy_worth(state: ToyState, seat: int) -> float:
    """Points banked, and the turn's points for the seat whose turn it is, in tens."""
    running = state.turn_total if state.seat == seat else 0
    return (state.banked[seat] + running) / 10


def stake_decision() -> tuple[ToyState, Observation]:
    state = TOY.setup(TOY.config(2, {"target": 100}), 4)
    decision = TOY.decision(state)
    assert decision is not None and decision.kind == "stake"
    seat = decision.seat
    observation = Observation(
        seat, decision, partial(TOY.view, state, seat), partial(TOY.determinize, state, seat)
    )
    return state, observation


def guided(iterations: int, **extra: Any) -> MctsBot:
    return MctsBot(
        5,
        TOY,
        lambda state: len(state.banked),
        iterations=iterations,
        depth=12,
        worth=toy_worth,
        policy=cautious,
        **extra,
    )


def test_rollouts_overrule_a_clearly_worse_proposal() -> None:
    """The policy stakes 1; staking 3 triples every roll, which the rollouts see plainly."""
    _, observation = stake_decision()
    bot = guided(240)
    assert bot.choose(observation) == 2
    assert bot.verdict is not None and bot.verdict.choice == 2
    rounds, gain, error = bot.verdict.evidence[2]
    assert rounds >= MIN_ROUNDS and gain > 2 * error > 0
    assert 0 < bot.searched <= 240


def test_without_enough_rounds_the_proposal_stands() -> None:
    _, observation = stake_decision()
    bot = guided(3 * MIN_ROUNDS - 1)  # not enough rollouts for MIN_ROUNDS rounds of 3 options
    assert bot.choose(observation) == 0
    assert bot.searched < 3 * MIN_ROUNDS


def test_a_cap_bounds_the_rollouts_under_a_budget_in_seconds() -> None:
    """``cap`` bounds a guided search's rollouts whatever the budget: under a clock that gives
    the search 50 rounds, the cap stops it after 4."""
    _, observation = stake_decision()
    capped = guided(10, seconds=1.0, clock=ticks(0.02), cap=lambda _obs: 3 * MIN_ROUNDS)
    capped.choose(observation)
    assert 0 < capped.searched <= 3 * MIN_ROUNDS
    uncapped = guided(10, seconds=1.0, clock=ticks(0.02), cap=lambda _obs: None)
    uncapped.choose(observation)
    assert uncapped.searched > 3 * MIN_ROUNDS


def test_a_horizon_sets_the_rollouts_length_per_observation() -> None:
    """``horizon`` gives, per observation, the decisions each rollout plays in place of the
    bot's ``depth``: asked for 2, no rollout plays more."""
    _, observation = stake_decision()
    played = {}
    for horizon in (None, 2):
        asked = Counting()
        bot = MctsBot(
            5,
            TOY,
            lambda state: len(state.banked),
            iterations=24,
            depth=12,
            worth=toy_worth,
            policy=partial(same, asked),
            horizon=partial(fixed, horizon),
        )
        bot.choose(observation)
        assert bot.searched > 0
        played[horizon] = (asked.calls - 1) / bot.searched  # less the proposal
    assert played[2] <= 2 < played[None]


def fixed(value: int | None, observation: Observation) -> int | None:
    """A rollout horizon that is ``value`` whatever the observation."""
    return value


def ticks(step: float) -> Callable[[], float]:
    """A clock that moves ``step`` seconds each time it is read."""
    now = [0.0]

    def clock() -> float:
        now[0] += step
        return now[0]

    return clock


def test_runebound_caps_and_lengthens_the_rollouts_where_its_adventure_says() -> None:
    """Al-Kalim's play caps the search at 24 rollouts a decision, each of 80 decisions; the base
    game keeps the factory's budget and depth."""
    game = get_game("runebound")
    caps = {}
    depths = {}
    for options in ({}, {"adventure": "al-kalim"}):
        match = Match(game, game.config(2, options), 3)
        decision = match.decision
        assert decision is not None
        seen = partial(game.view, match.state, decision.seat)
        observation = Observation(decision.seat, decision, seen)
        caps[options.get("adventure", "base")] = runebound_rollout_cap(observation)
        depths[options.get("adventure", "base")] = runebound_rollout_depth(observation)
    assert caps == {"base": None, "al-kalim": 24}
    assert depths == {"base": None, "al-kalim": 80}


def test_a_settled_decision_takes_the_proposal_without_search() -> None:
    _, observation = stake_decision()
    bot = guided(240, settled=lambda observation: observation.decision.kind == "stake")
    assert bot.choose(observation) == 0
    assert bot.searched == 0


def test_runebound_leaves_market_experience_and_the_route_to_the_heuristic() -> None:
    def kind(name: str, adventure: str) -> Observation:
        return Observation(0, Decision(0, name, ()), lambda: {"adventure": adventure})

    for adventure in ("dragonlords", "al_kalim", "kelnov", "cult"):
        assert runebound_settled(kind("market", adventure))
        assert runebound_settled(kind("experience", adventure))
        assert all(
            runebound_settled(kind(name, adventure)) for name in ("move", "move_die", "step")
        )
        assert not runebound_settled(kind("movement", adventure))
    # with rollouts of 80 decisions Al-Kalim's search judges its own choice (AK-7.1) and the
    # fight's steps as well
    for name in ("adventure_or_story", "escape", "attack_step"):
        assert not runebound_settled(kind(name, "al_kalim"))
        assert not runebound_settled(kind(name, "dragonlords"))


def test_a_rollout_runs_past_its_depth_until_the_position_is_quiet() -> None:
    """A guided rollout stops at its depth only where ``quiet`` says it may: here, not before
    the seat to move has banked (a turn's points are not yet the seat's)."""
    state, _ = stake_decision()
    plain = TOY.clone(state)
    Rollouts(TOY, cautious, 1, 3).play(plain)
    quiet = TOY.clone(state)
    Rollouts(TOY, cautious, 1, 3, quiet=lambda s: s.turn_total == 0).play(quiet)
    assert quiet.turn_total == 0
    assert sum(quiet.banked) >= sum(plain.banked)
    endless = TOY.clone(state)
    asked = Counting()
    Rollouts(TOY, lambda seed: asked, 1, 3, quiet=lambda s: False).play(endless)
    assert asked.calls <= 3 + EXTENSION  # bounded all the same
    assert asked.calls == 3 + EXTENSION or TOY.result(endless) is not None


class Counting(Cautious):
    """The cautious policy, counting the decisions it is asked."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, observation: Observation) -> int:
        self.calls += 1
        return super().choose(observation)


def test_the_registry_mcts_plays_a_whole_al_kalim_game_guided() -> None:
    game = get_game("runebound")
    bot = runebound_mcts(1, game, iterations=8)
    assert isinstance(bot, MctsBot) and bot.policy is not None
    bots: list[Bot | None] = [bot, make_bot("heuristic", 2, game)]
    options = {"adventure": "al-kalim", "max_rounds": 4}
    table = Table(Match(game, game.config(2, options), 3, lean=True), bots)
    table.run_bots()
    assert table.result is not None
    assert bot.verdict is not None  # it searched at least once


def test_a_rollout_with_a_horizon_in_turns_plays_that_many_turns() -> None:
    """With ``turns``, a rollout plays on until the game's turn has changed that often (the
    same stretch of play however many decisions a turn takes), ``depth`` only capping it."""
    state, _ = stake_decision()
    (start,) = TOY.turn_key(state)
    for turns in (1, 2, 3):
        played = TOY.clone(state)
        asked = Counting()
        Rollouts(TOY, partial(same, asked), 1, 500, turns=turns).play(played)
        assert TOY.turn_key(played) == (start + turns,)
        assert asked.calls > turns  # a turn takes several decisions here, all played
    capped = Counting()
    Rollouts(TOY, partial(same, capped), 1, 2, turns=3).play(TOY.clone(state))
    assert capped.calls <= 2


def same(bot: Bot, seed: int) -> Bot:
    """A policy that is always ``bot``."""
    return bot
