"""The same contract checks for every game, adventure and option family.

The configurations are derived from the games' option sets (``configurations``); each is
played with seeded random choices while ``contract`` checks decisions (options, unique keys,
every key accepted), views (JSON, hiding other seats' options, deck orders and the RNG),
clones, ``determinize``, save/load, undo and the end of the game, and ``texts`` that options,
decisions and events carry data only and render in English, German and Polish.
Run it alone with ``pytest tests/conformance -n 2``.
"""

from __future__ import annotations

import pytest

from boardwright.engine.catalog import Catalog, CatalogError
from boardwright.engine.decision import Decision, Option
from boardwright.engine.events import Event
from boardwright.engine.texts import Texts
from boardwright.games import game_names
from tests.conformance.games import conformance_game as get_game

from .configurations import Case, cases, configurations, other_values
from .contract import play_case, play_determinizing
from .hidden import with_hidden_parts_changed
from .texts import check_decision_texts, check_log_texts, check_structured

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


def test_the_text_checks_find_what_is_wrong() -> None:
    """An option that says not what it is, arguments JSON would change, a field left in the
    text and a missing message (here: of the copy other seats see) are each found."""
    messages = {"t.prompt.pick": "pick", "t.option.take": "take {{card}}", "t.event.drew": "drew"}
    catalog = Catalog("en", messages)
    texts = [Texts(catalog, "t")]
    with pytest.raises(AssertionError, match="says not what it is"):
        check_structured(Decision(0, "pick", (Option("take", ""),)))
    with pytest.raises(AssertionError, match="not JSON-ready"):
        check_structured(Decision(0, "pick", (Option("take", "t.option.take", {"at": (1, 2)}),)))
    with pytest.raises(AssertionError, match=r"leaves \{card\} unfilled"):
        check_decision_texts(Decision(0, "pick", (Option("take", "t.option.take"),)), texts)
    with pytest.raises(CatalogError, match=r"t\.event\.drew\.public"):
        private = Event("drew", {}, frozenset({0}), public={})
        check_log_texts([private], [0, None], texts)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_contract(case: Case) -> None:
    assert play_case(case) > 0


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_determinize_is_consistent(case: Case) -> None:
    play_determinizing(case)
