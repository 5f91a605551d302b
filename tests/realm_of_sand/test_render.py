"""The Realm of Sand renderer and the renderer table."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from boardwright.cli.renderers import generic_render, get_renderer
from boardwright.engine.session import Match
from boardwright.games import get_game
from boardwright.games.realm_of_sand.render import board_cell, render_view

GAME = "realm-of-sand"


def played_view(players: int, steps: int, seat: int | None, **options: str) -> dict[str, Any]:
    game = get_game(GAME)
    match = Match(game, game.config(players, options), 5)
    for _ in range(steps):
        if match.decision is None:
            break
        match.play(0)
    return match.view(seat)


def rendered(view: dict[str, Any], width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(render_view(view))
    return console.export_text()


def test_four_boards_fit_side_by_side_in_120_columns() -> None:
    text = rendered(played_view(4, 60, 0, board_side="advanced"))
    lines = text.splitlines()
    assert all(len(line.rstrip()) <= 120 for line in lines)
    headings = [line for line in lines if "Player 1" in line and "Player 4" in line]
    assert headings, text
    assert sum(line.count("A B C D E F G") for line in lines) == 4


def test_letters_for_colour_blind_play() -> None:
    assert board_cell("g").plain == "g "
    assert board_cell("K").plain == "●K"
    assert board_cell("~").plain == "~~"
    assert board_cell("*").plain.startswith("*")
    text = rendered(played_view(2, 40, 1))
    assert "queen" in text
    assert "supply" in text
    assert "seen by Player 2" in text


def test_spectator_and_finished_views() -> None:
    game = get_game(GAME)
    match = Match(game, game.config(1, {"solo_rounds": 1}), 2)
    while match.decision is not None:
        match.play(0)
    text = rendered(match.view(None))
    assert "game over" in text
    assert "spectator" in text


def test_renderer_table() -> None:
    assert get_renderer(GAME) is render_view
    assert get_renderer("unknown-game") is generic_render
