"""What a simulation run plays, as plain data every worker can rebuild its game from.

A :class:`RunSpec` names the game (and the folder of an imported content pack, if any), the
player count, the options, a bot per seat and the run's seed. Game ``i`` of the run is seeded
``derive_seed(seed, "game", i)`` and each bot from that seed and its seat, so a game's record
depends on the spec and ``i`` alone: serial, a process pool and a Ray cluster play the very same
games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from boardwright.engine.game import Game, GameConfig
from boardwright.engine.rng import derive_seed
from boardwright.games import game_entry, get_game


@dataclass(frozen=True)
class RunSpec:
    """A run's games: ``game`` by name, built from ``content_dir`` when given (an imported
    content pack's folder); ``options`` as the user gave them (validated by :meth:`config`)."""

    game: str
    players: int
    seats: tuple[str, ...]
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    content_dir: str | None = None
    rotate: bool = False
    """Game ``i`` seats the bots turned by ``i`` places (``seats[-k:] + seats[:-k]``, ``k = i``
    modulo the players), so that each bot plays from every seat equally often."""
    seed_tag: str = "game"
    """The word game seeds are derived with (another tag gives another series of games)."""

    def load(self) -> Game[Any]:
        """The game object (built once per process)."""
        return _load(self.game, self.content_dir)

    def config(self) -> GameConfig:
        return self.load().config(self.players, dict(self.options))

    def game_seed(self, index: int) -> int:
        return derive_seed(self.seed, self.seed_tag, index)

    def seats_for(self, index: int) -> tuple[str, ...]:
        """The bot in each seat of game ``index``."""
        if not self.rotate or not self.seats:
            return self.seats
        turn = index % len(self.seats)
        return self.seats[len(self.seats) - turn :] + self.seats[: len(self.seats) - turn]

    def with_options(self, options: Mapping[str, Any]) -> RunSpec:
        return replace(self, options=dict(options))

    def with_seats(self, seats: Sequence[str]) -> RunSpec:
        return replace(self, seats=tuple(seats))


_PRIMED: dict[str, Game[Any]] = {}
"""Game objects handed in by the caller (:func:`prime`), by the key a spec names them by."""


def prime(spec: RunSpec, game: Game[Any]) -> RunSpec:
    """A spec of ``spec``'s games played on ``game`` itself (e.g. built from other content in
    a test): it loads in this process only."""
    key = f"<object {id(game)}>"
    _PRIMED[key] = game
    return replace(spec, content_dir=key)


@cache
def _load(name: str, content_dir: str | None) -> Game[Any]:
    if content_dir is None:
        return get_game(name)
    if content_dir in _PRIMED:
        return _PRIMED[content_dir]
    return game_entry(name).build(Path(content_dir))
