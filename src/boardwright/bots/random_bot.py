"""Uniformly random over the legal options, from its own seeded generator."""

from __future__ import annotations

from boardwright.bots.base import Observation
from boardwright.engine.rng import Rng


class RandomBot:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, observation: Observation) -> int:
        return self.rng.below(len(observation.decision.options))
