"""A tiny dice game used to test the engine without any real game.

Each turn the seat first picks a stake (1-3, no randomness), then rolls a die or holds.
Rolling adds stake x die to the turn total (a 1 loses it); holding banks it. First to 20 wins.
A roll also tells the roller, privately, the next die face (a hidden peek for view tests).
"""

from __future__ import annotations

from typing import Any

from boardwright.engine import Decision, Event, Game, GameConfig, Option, Result, Rng, StateBase
from boardwright.engine.catalog import DEFAULT_LANGUAGE, Catalog
from boardwright.engine.options import OptionSet, OptionSpec
from boardwright.engine.procedure import Procedure, ProcedureTable
from boardwright.engine.state import Frame
from boardwright.engine.texts import Texts

Log = list[Event] | None

MESSAGES = {
    "toy.option.stake": "stake {stake}",
    "toy.option.roll": "roll",
    "toy.option.hold": "hold",
    "toy.option.restake": "change stake",
    "toy.prompt.stake": "seat {seat}: pick a stake",
    "toy.prompt.roll": "seat {seat}: roll or hold",
    "toy.event.stake": "seat {seat} stakes {stake}",
    "toy.event.roll": "seat {seat} rolled {face}",
    "toy.event.peek": "next face is {peek}",
    "toy.event.peek.public": "someone peeked",
}


class ToyState(StateBase):
    __slots__ = ("banked", "seat", "stake", "target", "turn", "turn_total")

    def __init__(self, rng: Rng, players: int, target: int) -> None:
        super().__init__(rng)
        self.banked = [0] * players
        self.seat = 0
        self.turn = 0
        self.stake = 0
        self.turn_total = 0
        self.target = target

    def clone(self) -> ToyState:
        other = ToyState.__new__(ToyState)
        self._copy_base_into(other)
        other.banked = self.banked[:]
        other.seat, other.turn, other.stake = self.seat, self.turn, self.stake
        other.turn_total, other.target = self.turn_total, self.target
        return other


class PickStake(Procedure[ToyState]):
    name = "stake"

    def step(self, state: ToyState, frame: Frame, log: Log) -> Decision | None:
        options = tuple(
            Option(f"stake:{n}", "toy.option.stake", {"stake": n}, data=n) for n in (1, 2, 3)
        )
        return Decision(state.seat, "stake", options, {"seat": state.seat})

    def resume(self, state: ToyState, frame: Frame, option: Option, log: Log) -> None:
        state.stake = option.data
        if log is not None:
            log.append(Event("stake", {"seat": state.seat, "stake": option.data}))
        state.stack[-1] = ("roll",)


class RollOrHold(Procedure[ToyState]):
    name = "roll"

    def step(self, state: ToyState, frame: Frame, log: Log) -> Decision | None:
        if max(state.banked) >= state.target:
            state.stack.pop()
            return None
        options = (
            Option("roll", "toy.option.roll"),
            Option("hold", "toy.option.hold"),
            Option("restake", "toy.option.restake"),
        )
        return Decision(state.seat, "roll", options, {"seat": state.seat})

    def resume(self, state: ToyState, frame: Frame, option: Option, log: Log) -> None:
        if option.key == "restake":
            state.stack[-1] = ("stake",)
            return
        if option.key == "roll":
            face = state.rng.die(6)
            if log is not None:
                log.append(Event("roll", {"seat": state.seat, "face": face}))
                peek = state.rng.clone().die(6)
                log.append(Event("peek", {"peek": peek}, seats=frozenset({state.seat}), public={}))
            if face != 1:
                state.turn_total += face * state.stake
                return
            state.turn_total = 0
        state.banked[state.seat] += state.turn_total
        state.turn_total = 0
        if max(state.banked) >= state.target:
            state.stack.pop()
            return
        state.seat = (state.seat + 1) % len(state.banked)
        state.turn += 1
        state.stack[-1] = ("stake",)


class ToyGame(Game[ToyState]):
    name = "toy"
    title = "Toy dice"
    min_players = 2
    max_players = 3
    option_set = OptionSet(
        (
            OptionSpec("target", "int", 20, "points to win", minimum=5, maximum=100),
            OptionSpec("mode", "choice", "plain", "a choice option", allowed=("plain", "fancy")),
            OptionSpec("fast", "bool", False, "a bool option"),
            OptionSpec("colours", "choices", (), "a list option", allowed=("red", "blue")),
        )
    )

    def __init__(self) -> None:
        self.procedures = ProcedureTable([PickStake(), RollOrHold()])

    def initial_state(self, config: GameConfig, seed: int, log: Log) -> ToyState:
        state = ToyState(Rng(seed), config.players, config.options["target"])
        state.stack.append(("stake",))
        return state

    def determinize(self, state: ToyState, seat: int | None, rng: Rng) -> ToyState:
        """Only the dice are hidden (the peek at the next face is an event, never kept)."""
        other = state.clone()
        other.reseed(rng)
        return other

    def texts(self, config: GameConfig, language: str = DEFAULT_LANGUAGE) -> Texts:
        """English only: other languages fall back to it, as a game's missing catalog does."""
        english = Catalog(DEFAULT_LANGUAGE, MESSAGES)
        catalog = english if language == DEFAULT_LANGUAGE else Catalog(language, {}, english)
        return Texts(catalog, "toy")

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {"banked": list(state.banked), "seat": state.seat, "turn_total": state.turn_total}

    def result(self, state: ToyState) -> Result | None:
        if state.stack:
            return None
        best = max(state.banked)
        ranks = tuple(1 + sum(1 for b in state.banked if b > mine) for mine in state.banked)
        return Result(tuple(float(b) for b in state.banked), ranks, {"best": best})

    def turn_key(self, state: ToyState) -> tuple[int, ...]:
        return (state.turn,)
