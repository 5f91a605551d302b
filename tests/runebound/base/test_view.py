"""The seat view is built from names worked out once per rules object (``view.static_names``);
each view must still be new lists and dicts, so a caller that changes one (a bot, a front end)
corrupts neither the game nor any later view."""

from __future__ import annotations

import json
from typing import Any

import pytest

from boardwright.engine.rng import Rng
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.advanced.kit import all_on
from tests.runebound.al_kalim.kit import AL_KALIM_OPTIONS
from tests.runebound.kit import GAME, random_steps


def scramble(data: Any) -> None:
    """Empty every list and dict inside ``data`` (and ``data`` itself)."""
    if isinstance(data, dict):
        for value in data.values():
            scramble(value)
        data.clear()
    elif isinstance(data, list):
        for value in data:
            scramble(value)
        data.clear()


@pytest.mark.parametrize(
    ("options", "seed"),
    [({}, 3), (all_on(), 5), (AL_KALIM_OPTIONS, 7)],
    ids=["base", "advanced", "ak"],
)
def test_changing_a_view_changes_no_later_view(options: dict[str, Any], seed: int) -> None:
    state = GAME.setup(GAME.config(3, options), seed)
    for step, decision in random_steps(state, Rng(seed), 400):
        if step % 20 == 0:
            seat = decision.seat
            view = GAME.view(state, seat)
            before = json.dumps(view)
            scramble(view)
            assert json.dumps(GAME.view(state, seat)) == before


@pytest.mark.parametrize(
    ("options", "seed"),
    [({}, 11), (all_on(), 13), (AL_KALIM_OPTIONS, 17)],
    ids=["base", "advanced", "ak"],
)
def test_shown_stats_agree_with_the_single_queries(options: dict[str, Any], seed: int) -> None:
    """``Rules.shown_stats`` (one walk for the view) gives what the single queries give, in and
    out of combat, with items, allies, experience and turn modifiers as random play has them."""
    state = GAME.setup(GAME.config(4, options), seed)
    for step, _decision in random_steps(state, Rng(seed), 1500):
        if step % 7:
            continue
        rules = GAME.rules_for(state)
        modified = GAME.clone(state)  # and with this turn's modifiers (rare in random play)
        for hero in modified.heroes:
            hero.turn_mods.extend([("mind", 2), ("life", -1), ("spirit", 1)])
        for kept in (state, modified):
            assert_shown_stats_agree(rules, kept)


def assert_shown_stats_agree(rules: Rules, state: RuneboundState) -> None:
    for seat, hero in enumerate(state.heroes):
        expected = (
            rules.life(state, seat),
            rules.stamina(state, seat),
            *(rules.hero_roll_bonus(state, seat, s, "always") for s in range(3)),
            rules.experience_value(hero),
        )
        assert rules.shown_stats(state, seat) == expected
