"""The same contract checks for every game, adventure and option family.

The configurations are derived from the games' option sets (``configurations``); each is
played with seeded random choices while ``contract`` checks decisions (options, unique keys,
every key accepted), views (JSON, hiding other seats' options, deck orders and the RNG),
clones, ``determinize``, save/load, undo and the end of the game.
Run it alone with ``pytest tests/conformance -n 2``.
"""

from __future__ import annotations

import pytest

from boardwright.games import game_names, get_game

from .configurations import Case, cases, configurations, other_values
from .contract import play_case, play_determinizing
from .hidden import with_hidden_parts_changed

CASES = cases()


def test_every_game_and_adventure_is_covered() -> None:
    played = {case.game for case in CASES}
    assert played == set(game_names())
    for name in game_names():
        game = get_game(name)
        adventure = game.option_set.by_name.get("adventure")
        if adventure is not None:
            chosen = {case.options.get("adventure", adventure.default) for case in CASES}
            assert set(adventure.allowed) <= chosen


def test_every_option_value_is_played() -> None:
    """Every value of every option other than its default is in some configuration."""
    for name in game_names():
        game = get_game(name)
        played = [options for _, options, _ in configurations(game)]
        for spec in game.option_set:
            for value in other_values(spec):
                assert any(options.get(spec.name) == value for options in played), (
                    f"{name}: {spec.name}={value!r} is never played"
                )


def test_the_hidden_decks_are_found() -> None:
    """The view check reorders decks found by name: every configuration must have some, or the
    check would prove nothing."""
    for case in CASES:
        game = get_game(case.game)
        state = game.setup(game.config(case.players, case.options), case.seed)
        assert with_hidden_parts_changed(state) > 0, f"{case.id}: no deck found to reorder"


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_contract(case: Case) -> None:
    assert play_case(case) > 0


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_determinize_is_consistent(case: Case) -> None:
    play_determinizing(case)
