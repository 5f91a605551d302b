"""A bot wrapper that hashes every choice it makes: two runs that play the same games give the
same digest, so a digest shows that a change left the bots' choices (or the rules) alone."""

from __future__ import annotations

from typing import Any

from boardwright.engine.bot import Bot, Observation


class Recorder:
    """Lets ``bot`` choose and feeds ``kind:key|`` of each choice to ``digest`` (a hashlib
    object shared by the seats of a game)."""

    def __init__(self, bot: Bot, digest: Any) -> None:
        self.name = bot.name
        self.bot = bot
        self.digest = digest

    def choose(self, observation: Observation) -> int:
        index = self.bot.choose(observation)
        decision = observation.decision
        self.digest.update(f"{decision.kind}:{decision.options[index].key}|".encode())
        return index
