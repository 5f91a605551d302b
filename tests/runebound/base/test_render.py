"""The Runebound renderer: the map, the heroes, markets and combat within 120 columns."""

from __future__ import annotations

import io
import random
from functools import partial
from typing import Any

from rich.console import Console

from boardwright.cli.renderers import get_renderer
from boardwright.engine.hexgrid import Hex, to_offset
from boardwright.engine.session import Match
from boardwright.games import get_game
from boardwright.games.realm_of_sand.render import render_view as realm_render
from boardwright.games.runebound.content import default_content
from boardwright.games.runebound.render import Names, board_map, legend, render_view

GAME = "runebound"
LABEL = 7  # each map row starts with the "q,r" of its first hex


def random_match(players: int, seed: int, steps: int, **options: Any) -> Match[Any]:
    game = get_game(GAME)
    match = Match(game, game.config(players, options), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        decision = match.decision
        if decision is None:
            break
        match.play(rng.randrange(len(decision.options)))
    return match


def rendered(view: dict[str, Any], width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(render_view(view))
    return console.export_text()


def assert_fits(text: str, width: int = 120) -> None:
    too_wide = [line for line in text.splitlines() if len(line.rstrip()) > width]
    assert not too_wide, "\n".join(too_wide)


def test_mid_game_view_of_four_heroes_fits_120_columns() -> None:
    match = random_match(4, 3, 400)
    view = match.view(0)
    text = rendered(view)
    assert_fits(text)
    assert "Runebound · round" in text
    assert "seen by Player 1" in text
    for hero in view["heroes"]:
        assert hero["name"] in text
        assert f"at {hero['where']}" in text
    assert "Markets (cost in gold)" in text
    assert "Tamalir" in text
    assert "Undefeated" in text
    assert "Decks market" in text
    names = {card.id: card.name for card in default_content().market}
    flat = " ".join(text.split())
    for stack in view["markets"].values():
        for card in stack:
            assert names[card] in flat


def cell_at(lines: list[str], at: Hex) -> str:
    """The two characters drawing the hex ``at`` on the map."""
    col, row = to_offset(at)
    start = LABEL + (row & 1) + 2 * col
    return lines[row][start : start + 2]


def test_map_rows_are_two_characters_per_hex_with_odd_rows_shifted() -> None:
    content = default_content()
    match = random_match(2, 1, 0)  # both heroes still in Tamalir
    view = match.view(None)
    lines = board_map(view, Names(content)).plain.splitlines()
    assert len(lines) == 13
    assert all(len(line) == LABEL + 28 + (row & 1) for row, line in enumerate(lines))
    assert lines[1].startswith("  0,1  ")
    tamalir = content.board.hexes[content.board.cities[0].hex]
    assert cell_at(lines, tamalir.at) == "1+"  # city 1 with several heroes
    gem_hex = next(h for h in content.board.hexes if h.gem >= 0)
    assert cell_at(lines, gem_hex.at)[1] in "GYBR"
    view["heroes"] = view["heroes"][:1]
    lines = board_map(view, Names(content)).plain.splitlines()
    assert cell_at(lines, tamalir.at) == "11"  # city 1 with the hero of Player 1


def test_legend_names_terrains_and_cities() -> None:
    text = legend(Names(default_content())).plain
    for word in ("plains", "forest", "river", "swamp", "Tamalir", "undefeated", "counters"):
        assert word in text


def combat_with_event_and_allies(seed: int) -> dict[str, Any] | None:
    """The first view of a random 4-player game with a fight, an event and an ally."""
    game = get_game(GAME)
    rng = random.Random(seed)
    match = Match(game, game.config(4, {}), seed)
    for _ in range(3000):
        decision = match.decision
        if decision is None:
            return None
        match.play(rng.randrange(len(decision.options)))
        view = match.view(0)
        if view["combat"] and view["event"] and any(h["allies"] for h in view["heroes"]):
            return view
    return None


def test_combat_event_items_and_allies_are_named() -> None:
    # a few seeds, so that a change of the rules that ends one game early does not matter
    found = next(filter(None, map(combat_with_event_and_allies, range(2, 12))), None)
    assert found is not None
    text = rendered(found)
    assert_fits(text)
    content = default_content()
    adventures = {card.id: card.name for card in content.adventures}
    market = {card.id: card.name for card in content.market}
    assert "Combat" in text and adventures[found["combat"]["card"]] in text
    assert adventures[found["event"]] in text
    for hero in found["heroes"]:
        for ally in hero["allies"]:
            assert market[ally["id"]] in text


def test_spectator_six_players_and_finished_game() -> None:
    text = rendered(random_match(6, 4, 200).view(None))
    assert_fits(text)
    assert "spectator view" in text
    match = random_match(2, 5, 100_000, max_rounds=3)
    assert match.result is not None
    text = rendered(match.view(1))
    assert_fits(text)
    assert "game over" in text


def test_narrow_console_does_not_break() -> None:
    rendered(random_match(3, 6, 150).view(2), width=80)


def test_renderer_is_registered_and_bound_to_the_game_content() -> None:
    assert get_renderer(GAME) is render_view
    game = get_game(GAME)
    bound = get_renderer(GAME, game)
    assert isinstance(bound, partial)
    assert bound.keywords["content"] is getattr(game, "content", None)
    assert get_renderer("realm-of-sand", get_game("realm-of-sand")) is realm_render
