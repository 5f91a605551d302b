"""The command line's own error: a problem that is not about a game."""

from __future__ import annotations

from boardwright.engine.errors import BoardwrightError


class CliError(BoardwrightError):
    """A command-line problem that is not about a game (a file, a flag combination)."""
