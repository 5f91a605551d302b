"""Errors a user may see. Each carries a one-line message that says what is wrong and where."""


class BoardwrightError(Exception):
    """Base of every error meant for a user: the CLI prints its message, never a traceback."""


class ConfigError(BoardwrightError):
    """A game configuration (player count or an option) is invalid."""


class IllegalActionError(BoardwrightError):
    """An action is not among the current decision's options, or it is not that seat's turn."""


class StaleMoveError(IllegalActionError):
    """A move chosen on a state that has changed since (another move or an undo came first)."""


class NotYourTurnError(IllegalActionError):
    """A move from a seat that is not the one deciding now (or a seat a bot plays)."""


class UndoRefusedError(BoardwrightError):
    """Undo is not allowed here (a reveal, a die roll, another seat's decision, a turn change)."""


class SaveFileError(BoardwrightError):
    """A save file cannot be read: bad JSON, unknown format or game, or an unfitting action."""


class EngineError(RuntimeError):
    """A bug in a game's rules code (e.g. a decision with no options). Not a user error."""
