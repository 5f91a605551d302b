"""The game-independent core: the contract every game fulfils and the machinery behind it.

Nothing in this package knows a specific game. Games live in ``boardwright.games.<name>``;
bots, simulation, the CLI and the server talk to games only through :class:`Game`.
"""

from boardwright.engine.decision import Decision, Option
from boardwright.engine.errors import (
    BoardwrightError,
    ConfigError,
    IllegalActionError,
    SaveFileError,
    UndoRefusedError,
)
from boardwright.engine.events import Event
from boardwright.engine.game import Game, GameConfig, Result
from boardwright.engine.rng import Rng
from boardwright.engine.state import StateBase

__all__ = [
    "BoardwrightError",
    "ConfigError",
    "Decision",
    "Event",
    "Game",
    "GameConfig",
    "IllegalActionError",
    "Option",
    "Result",
    "Rng",
    "SaveFileError",
    "StateBase",
    "UndoRefusedError",
]
