"""Each adventure's figures in a finished game's result (``Adventure.result_details``), read
against the final state of the golden games; and the simulation code, which averages any
figure, names no adventure."""

from __future__ import annotations

import inspect
from functools import cache
from pathlib import Path
from typing import Any

import boardwright.cli.simulate as simulate_cli
import boardwright.sim as sim_package
from boardwright.engine.session import Match, load_save
from boardwright.games import get_game
from boardwright.games.runebound.adventures import all_adventures
from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules
from boardwright.games.runebound.adventures.al_kalim.state import LegendSlot, al_kalim_state
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.records import LegendCard
from boardwright.games.runebound.state import RuneboundState
from tests.golden.playthroughs import playthroughs

BASE_DETAILS = {"rounds", "ended_by", "heroes", "endgame", "experience_counters"}


@cache
def finished(name: str) -> Match[Any]:
    """The golden game ``runebound/<name>`` replayed to its end."""
    (found,) = [p for p in playthroughs() if p.name == f"runebound/{name}"]
    match = load_save(found.save(), get_game)
    assert match.result is not None
    return match


def game_and_state(match: Match[Any]) -> tuple[Runebound, RuneboundState]:
    game, state = match.game, match.state
    assert isinstance(game, Runebound) and isinstance(state, RuneboundState)
    return game, state


def legend_cards(game: Runebound, state: RuneboundState) -> tuple[LegendCard, ...]:
    rules = game.rules_for(state)
    assert isinstance(rules, AlKalimRules)
    return rules.al_kalim.legends


def test_a_dragonlords_result_counts_each_seats_dragon_runes() -> None:
    match = finished("four_heuristic_bots")
    game, state = game_and_state(match)
    assert match.result is not None
    runes = match.result.details["dragon_runes"]
    assert runes == [len(hero.runes) for hero in state.heroes]
    assert runes == [game.trophies(state, seat) for seat in range(len(state.heroes))]
    assert any(runes), "the golden game ends with Dragon Runes held"
    assert set(match.result.details) == BASE_DETAILS - {"endgame"} | {"dragon_runes"}


def test_an_al_kalim_result_reads_the_quest_boards() -> None:
    match = finished("al_kalim_four_heuristic_bots")
    game, state = game_and_state(match)
    assert match.result is not None
    details = match.result.details
    legends = legend_cards(game, state)
    boards = al_kalim_state(state).boards
    done = [[slot for slot in board.legends if slot.done] for board in boards]
    assert details["legendary_rewards"] == [len({legends[s.card].type for s in d}) for d in done]
    assert details["legendary_rewards"] == [game.trophies(state, s) for s in range(len(boards))]
    assert details["reward_cards"] == [len(d) for d in done]
    open_quests = [sum(not slot.done for slot in board.legends) for board in boards]
    assert details["open_quests"] == open_quests
    held = [a + b for a, b in zip(details["reward_cards"], open_quests, strict=True)]
    assert held == [len(board.legends) for board in boards]
    assert details["survival_gear"] == [sum(board.gear) for board in boards]
    assert any(details["survival_gear"])
    assert "dragon_runes" not in details
    # a quest still open (this game ended with none): counted as open, not as a reward
    opened = game.clone(state)
    slot = next(s for s in al_kalim_state(opened).boards[0].legends if s.done)
    slot.done = False
    after = game.result(opened)
    assert after is not None
    assert after.details["open_quests"][0] == open_quests[0] + 1
    assert after.details["reward_cards"][0] == details["reward_cards"][0] - 1


def test_a_second_reward_of_a_type_counts_as_a_card_not_as_a_legendary_reward() -> None:
    game, final = game_and_state(finished("al_kalim_four_heuristic_bots"))
    state = game.clone(final)
    legends = legend_cards(game, state)
    board = al_kalim_state(state).boards[0]
    held = next(slot for slot in board.legends if slot.done)
    twin = next(
        i
        for i, card in enumerate(legends)
        if card.type == legends[held.card].type and i != held.card
    )
    extra = LegendSlot(twin)
    extra.done = True
    board.legends.append(extra)
    before, after = game.result(final), game.result(state)
    assert before is not None and after is not None
    assert after.details["reward_cards"][0] == before.details["reward_cards"][0] + 1
    assert after.details["legendary_rewards"] == before.details["legendary_rewards"]


def adventure_words() -> set[str]:
    """What names an adventure: its id, its option value, and the figures its results carry."""
    words = {a.id for a in all_adventures()} | {a.option_value for a in all_adventures()}
    for name in ("four_heuristic_bots", "al_kalim_four_heuristic_bots"):
        result = finished(name).result
        assert result is not None
        words |= set(result.details) - BASE_DETAILS
    return words


def test_the_simulation_code_names_no_adventure() -> None:
    """The runner and the summary the command prints (not the command's help, which may give
    an adventure as an example of --adventure)."""
    sources = {
        path.name: path.read_text(encoding="utf-8")
        for path in sorted(Path(sim_package.__file__).parent.rglob("*.py"))
    }
    shown = (
        simulate_cli.print_summary,
        simulate_cli.seat_table,
        simulate_cli.hero_table,
        simulate_cli.figure_heading,
        simulate_cli.summary_lines,
    )
    sources.update({function.__name__: inspect.getsource(function) for function in shown})
    words = adventure_words()
    assert {"dragonlords", "al-kalim", "dragon_runes", "legendary_rewards"} <= words
    named = [
        f"{where}: {word}" for where, text in sources.items() for word in words if word in text
    ]
    assert named == []
