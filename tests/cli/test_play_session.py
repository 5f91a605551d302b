"""The play loop driven directly through its injectable input function."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from rich.console import Console
from typer.testing import CliRunner

from boardwright.bots import RandomBot
from boardwright.cli import info
from boardwright.cli.common import AskFunction
from boardwright.cli.main import app
from boardwright.cli.play import PlaySession
from boardwright.engine.session import Match
from boardwright.engine.table import Table
from boardwright.games import get_game

GAME = "realm-of-sand"


def scripted(lines: list[str]) -> tuple[list[str], AskFunction]:
    """An ask function answering from ``lines``: records prompts, raises EOFError at the end."""
    prompts: list[str] = []
    answers: Iterator[str] = iter(lines)

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return prompts, ask


def quiet_console(buffer: io.StringIO | None = None) -> Console:
    return Console(file=buffer or io.StringIO(), width=120, color_system=None)


def test_a_human_and_a_bot_play_to_the_end() -> None:
    game = get_game(GAME)
    match = Match(game, game.config(2, {"max_rounds": "6"}), 8)
    prompts, ask = scripted(["1"] * 2000)
    session = PlaySession(Table(match, [None, RandomBot(1)]), quiet_console(), ask)
    assert session.run() == 0
    assert match.result is not None
    assert prompts and all(p == "Player 1> " for p in prompts)


def test_undo_refusal_is_shown_and_asked_again() -> None:
    game = get_game(GAME)
    match = Match(game, game.config(1, {}), 3)
    buffer = io.StringIO()
    _, ask = scripted(["u", "1", "u", "u"])
    session = PlaySession(Table(match, [None]), quiet_console(buffer), ask)
    assert session.run() == 0
    text = buffer.getvalue()
    assert "cannot undo: there is nothing to undo" in text
    assert "taken back" in text
    assert "input ended" in text
    assert len(match.actions) == 0


def test_debug_variable_shows_the_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> list[str]:
        raise RuntimeError("boom")

    monkeypatch.setattr(info, "game_names", broken)
    result = CliRunner(env={"BOARDWRIGHT_DEBUG": "1"}).invoke(app, ["games"])
    assert result.exit_code == 3
    assert "Traceback" in result.stderr
    assert "internal error: RuntimeError: boom" in result.stderr


def test_prompts_options_and_events_are_shown_in_english() -> None:
    game = get_game(GAME)
    match = Match(game, game.config(1, {}), 3)
    buffer = io.StringIO()
    _, ask = scripted(["1", "q"])
    session = PlaySession(Table(match, [None]), quiet_console(buffer), ask)
    first = match.decision
    assert first is not None
    tile = game.texts(match.config).option(first.options[0])
    assert session.run() == 0
    text = buffer.getvalue()
    assert "Player 1: choose starting tile 1 of 3" in text
    assert f" 1) {tile}" in text
    assert f"Player 1 took {tile}" in text
    assert "Player 1: choose starting tile 2 of 3" in text
