"""The Runebound renderer with an Al-Kalim game: the overlay map and its terrain names, the
sandstorm, the lost cities, day or night, quest boards, gear, legend stacks and combat."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console, RenderableType
from typer.testing import CliRunner

from boardwright.cli.main import app
from boardwright.engine.hexgrid import Hex, to_offset
from boardwright.engine.session import Match
from boardwright.games import get_game
from boardwright.games.runebound.adventures.al_kalim.content import (
    GEAR_KINDS,
    AlKalimContent,
    al_kalim_content,
)
from boardwright.games.runebound.adventures.al_kalim.render import (
    STORM_CENTRE,
    STORM_CHAR,
    AlKalimNames,
)
from boardwright.games.runebound.adventures.al_kalim.state import LegendSlot, al_kalim_state
from boardwright.games.runebound.content import RuneboundContent
from boardwright.games.runebound.render import (
    board_map,
    hero_panel,
    names_for,
    render_view,
)
from boardwright.games.runebound.state import RuneboundState

GAME = "runebound"
OPTIONS = {"adventure": "al-kalim"}
LABEL = 7  # each map row starts with the "q,r" of its first hex
View = dict[str, Any]


def new_match(seed: int, players: int = 2) -> Match[Any]:
    game = get_game(GAME)
    return Match(game, game.config(players, OPTIONS), seed)


def content() -> RuneboundContent:
    found: RuneboundContent = get_game(GAME).content  # type: ignore[attr-defined]
    return found


def al_kalim_records() -> AlKalimContent:
    ak = al_kalim_content(content())
    assert ak is not None
    return ak


def state_of(match: Match[Any]) -> RuneboundState:
    state: RuneboundState = match.state
    return state


def play_until(match: Match[Any], rng: random.Random, found: Callable[[View], bool]) -> View:
    """Random choices until the seat-0 view satisfies ``found``."""
    for _ in range(5000):
        view = match.view(0)
        if found(view):
            return view
        decision = match.decision
        assert decision is not None, "the game ended first"
        match.play(rng.randrange(len(decision.options)))
    raise AssertionError("not found in 5000 decisions")


def to_text(renderable: RenderableType, width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def rendered(view: View, width: int = 120) -> str:
    return to_text(render_view(view, content=content()), width)


def flat(text: str) -> str:
    return " ".join(text.split())


def assert_fits(text: str, width: int = 120) -> None:
    too_wide = [line for line in text.splitlines() if len(line.rstrip()) > width]
    assert not too_wide, "\n".join(too_wide)


def map_lines(view: View) -> list[str]:
    return board_map(view, names_for(view, content())).plain.splitlines()


def cell_at(lines: list[str], at: str) -> str:
    """The two characters drawing the hex ``at`` on the map."""
    col, row = to_offset(Hex.parse(at))
    start = LABEL + (row & 1) + 2 * col
    return lines[row][start : start + 2]


def panel(view: View, seat: int) -> str:
    """One hero's panel, unwrapped."""
    names = names_for(view, content())
    hero = next(h for h in view["heroes"] if h["seat"] == seat)
    return to_text(hero_panel(hero, view, names), width=300)


# --- after setup ---------------------------------------------------------------------------------
def test_setup_shows_the_overlay_board_and_the_expansion() -> None:
    view = new_match(1).view(0)
    assert view["al_kalim"] is not None
    text = rendered(view)
    assert_fits(text)
    assert "Runebound · Al-Kalim · round 1" in text
    for word in ("dunes", "rock", "lowland", "canyon", "wasteland", "mirage"):
        assert word in text
    assert "plains" not in text.split("Markets")[0]
    board = al_kalim_records().board
    for city in board.cities:
        assert city.name in text
    for lost in board.lost_cities:
        assert lost.name in text
    assert "Legends ally" in text
    assert "Gear supply Pack Camel 6 · Waterskin 6 · Adventurer's Kit 6" in flat(text)
    assert "Al-Kalim allies" in text
    assert "quest board: no limit counter yet" in text
    assert "Event" not in text  # Al-Kalim has no event cards
    names = AlKalimNames(content())
    for stack in view["al_kalim"]["legend_stacks"].values():
        assert stack["top"] is not None
        legend = next(c for c in al_kalim_records().legends if c.id == stack["top"])
        assert legend.name in flat(text)
    assert names.legends  # the base content carries the Al-Kalim legend cards


def test_shared_and_lost_city_market_stacks() -> None:
    view = new_match(2).view(0)
    assert "hasmeen" in view["markets"] and "sulun-wells" not in view["markets"]
    text = rendered(view)
    assert "5/6  Hasmeen / Sulun Wells" in text
    for line in text.split("Markets (cost in gold)")[1].splitlines():
        assert not line.startswith("?"), line  # every stack has a place
    market = {card.id: card.name for card in names_for(view, content()).content.market}
    words = flat(text)
    for stack in view["markets"].values():
        for card in stack:
            assert market[card] in words  # Al-Kalim allies by name, not by id


# --- the sandstorm and the lost cities ------------------------------------------------------------
def test_sandstorm_covers_hexes_on_the_map_and_its_arrows_are_named() -> None:
    match = new_match(3)
    view = play_until(match, random.Random(3), lambda v: v["al_kalim"]["sandstorm"] is not None)
    storm = view["al_kalim"]["sandstorm"]
    text = rendered(view)
    assert_fits(text)
    assert f"Sandstorm {STORM_CENTRE} centre {storm['centre']}" in text
    for arrow in storm["arrows"]:
        assert arrow in text
    lines = map_lines(view)
    names = names_for(view, content())
    lost = {at for at in view["al_kalim"]["lost_cities"].values() if at}
    marked = 0
    for at in storm["covers"]:
        if names.hexes[at].city >= 0 or at in lost:
            continue
        expected = STORM_CENTRE if at == storm["centre"] else STORM_CHAR
        assert cell_at(lines, at)[0] == expected, at
        marked += 1
    assert marked
    assert text.count(STORM_CHAR) >= marked


def test_lost_cities_on_the_map_and_in_the_legend() -> None:
    match = new_match(4)
    state = state_of(match)
    al_kalim = al_kalim_state(state)
    board = al_kalim_records().board
    free = [h.index for h in board.hexes if h.city < 0 and h.index not in al_kalim.lost_cities]
    al_kalim.lost_cities[0] = free[10]
    al_kalim.lost_cities[1] = -1
    view = match.view(0)
    at = str(board.hexes[free[10]].at)
    text = rendered(view)
    faith, dreams = board.lost_cities[0], board.lost_cities[1]
    assert cell_at(map_lines(view), at)[0] == "F"
    assert f"F {faith.name} at {at}" in text
    assert f"{dreams.name} not found yet" in text
    assert f"{dreams.name} (not found yet)" in text  # its market stack


# --- day or night and combat ----------------------------------------------------------------------
@pytest.mark.parametrize("night", [False, True])
def test_combat_shows_the_life_for_the_time_of_day_and_the_trait(night: bool) -> None:
    match = new_match(5)
    play_until(match, random.Random(5), lambda v: bool(v["combat"]))
    al_kalim = al_kalim_state(state_of(match))
    al_kalim.night = night
    view = match.view(0)
    card = next(c for c in al_kalim_records().adventures if c.id == view["combat"]["card"])
    assert card.life is not None and card.night_life is not None
    life = card.night_life if night else card.life
    wounds = view["combat"]["enemy_wounds"]
    time = "night" if night else "day"
    text = rendered(view)
    assert_fits(text)
    words = flat(text)
    assert "Combat" in words and card.name in words
    assert f"life {life - wounds}/{life} by {time}" in words
    assert card.traits and f"· {', '.join(card.traits)}" in words
    assert (" · sunburst" in words) == card.sunburst
    first_line = text.splitlines()[0]
    assert f"· {time} ·" in first_line


def test_the_day_or_night_decision_is_shown_as_a_question() -> None:
    match = new_match(6)
    view = play_until(
        match,
        random.Random(6),
        lambda v: (v["decision"] or {}).get("kind") == "day_or_night",
    )
    assert "day or night?" in rendered(view).splitlines()[0]


# --- quest boards and gear ------------------------------------------------------------------------
def test_quest_board_legends_progress_rune_uses_and_gear() -> None:
    match = new_match(7)
    al_kalim = al_kalim_state(state_of(match))
    legends = al_kalim_records().legends
    rune = next(i for i, c in enumerate(legends) if c.type == "rune")
    quest = next(i for i, c in enumerate(legends) if len(c.quest.steps) > 1)
    done = LegendSlot(rune)
    done.done, done.uses = True, 1
    going = LegendSlot(quest)
    going.step, going.progress = 1, 0
    board = al_kalim.boards[0]
    board.legends, board.limit = [done, going], 2
    board.gear = [1, 0, 2]
    view = match.view(0)
    text = panel(view, 0)
    uses = legends[rune].reward.uses
    assert uses is not None
    assert "quest board: limit 2" in text
    assert f"{legends[rune].name} (rune) reward, {uses - 1}/{uses} uses left" in text
    steps = legends[quest].quest.steps
    assert f"{legends[quest].name} ({legends[quest].type}) step 2/{len(steps)}: " in text
    assert f" 0/{steps[1].count}" in text
    assert "gear Pack Camel 1, Adventurer's Kit 2" in text
    assert "gear none" in panel(view, 1)
    screen = rendered(view)
    assert_fits(screen)
    assert legends[quest].name in flat(screen)
    # a legend on the quest board left its stack, the supply shows the gear left
    al_kalim.gear_supply = [5, 6, 4]
    supply = flat(rendered(match.view(0)))
    assert "Gear supply Pack Camel 5 · Waterskin 6 · Adventurer's Kit 4" in supply
    assert len(GEAR_KINDS) == 3


def test_legendary_ally_and_spent_rune() -> None:
    match = new_match(8)
    state = state_of(match)
    al_kalim = al_kalim_state(state)
    legends = al_kalim_records().legends
    rune = next(i for i, c in enumerate(legends) if c.type == "rune")
    uses = legends[rune].reward.uses
    assert uses is not None
    spent = LegendSlot(rune)
    spent.done, spent.uses = True, uses
    al_kalim.boards[1].legends, al_kalim.boards[1].limit = [spent], 1
    view = match.view(None)
    assert f"{legends[rune].name} (rune) reward, 0/{uses} uses left" in panel(view, 1)
    assert "spectator view" in rendered(view)


def test_a_legend_card_to_give_up_is_shown_on_the_losers_panel() -> None:
    """AK-11.12: while a challenge takes a legend card, the loser's panel says so for every
    seat (the prompt is public); the choices themselves are only the loser's."""
    match = new_match(9)
    state = state_of(match)
    al_kalim = al_kalim_state(state)
    legends = al_kalim_records().legends
    picks = [next(i for i, c in enumerate(legends) if c.type == t) for t in ("rune", "mount")]
    for kind in picks:
        for stack in al_kalim.legend_stacks:
            if kind in stack:
                stack.remove(kind)
        al_kalim.boards[0].legends.append(LegendSlot(kind))
    al_kalim.boards[0].limit = 4
    rules = get_game(GAME).rules_for(state)  # type: ignore[attr-defined]
    rules.lose_legends(state, 0, 1, None, source="card:ak-r-02")
    get_game(GAME).procedures_for(state).run(state, None)
    assert state.pending is not None and state.pending.kind == "lose_legend"
    for viewer in (0, 1, None):
        view = match.view(viewer)
        text = panel(view, 0)
        assert "must give up a legend card to The Sultan of Thieves: which one?" in text
        assert "must give up" not in panel(view, 1)
        assert_fits(rendered(view))
    offered = [(o.what, dict(o.args)) for o in state.pending.options]
    assert offered == [
        (
            "rb.option.lose_quest",
            {
                "legend": legends[pick].id,
                "legend_type": legend_type,
                "quest_step": 1,
                "steps": len(legends[pick].quest.steps),
            },
        )
        for pick, legend_type in zip(picks, ("rune", "mount"), strict=True)
    ]


# --- whole games ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12)])
def test_random_al_kalim_games_render_within_120_columns(players: int, seed: int) -> None:
    match = new_match(seed, players)
    rng = random.Random(seed)
    shown = 0
    for step in range(3000):
        decision = match.decision
        if decision is None:
            break
        if step % 40 == 0:
            view = match.view(step % players)
            assert_fits(rendered(view))
            shown += 1
        match.play(rng.randrange(len(decision.options)))
    final = rendered(match.view(None))
    assert_fits(final)
    assert "game over" in final
    rendered(match.view(0), width=80)  # a narrow console does not break
    assert shown > 10
    assert match.result is not None  # the finished game was drawn too


def test_playing_al_kalim_turns_at_the_terminal() -> None:
    runner = CliRunner(env={"COLUMNS": "120", "BOARDWRIGHT_DEBUG": None})
    args = ["play", GAME, "--players", "2", "--seats", "human,random", "--seed", "1"]
    result = runner.invoke(app, [*args, "--option", "adventure=al-kalim"], input="1\n" * 60)
    assert result.exit_code == 0, result.output
    assert "internal error" not in result.output
    out = result.stdout
    assert "Runebound · Al-Kalim · round 1" in out
    assert "Runebound · Al-Kalim · round 3" in out  # full turns of both seats
    assert "day or night?" in out
    assert "Sandstorm" in out and "Legends ally" in out and "Gear supply" in out
    assert "input ended" in out
