"""The effect vocabulary is closed (docs/content.md, "How to add an effect").

Every effect primitive of ``records.Effect`` (read from the pydantic models) has exactly one
rules handler and one valuation of the heuristic bot; every ``records.Timing`` is opened by the
rules and weighed by the bot; every hook the shipped content names exists. A new primitive or
timing without them fails here instead of silently doing nothing.
"""

from __future__ import annotations

import ast
import sys
import textwrap
from collections.abc import Callable, Iterator
from typing import Any, get_args

import pytest
from pydantic import BaseModel

from boardwright.bots.runebound.al_kalim.play import AlKalimPlay
from boardwright.bots.runebound.timings import TIMING_WORTH
from boardwright.bots.runebound.values import EFFECT_WORTH
from boardwright.engine.procedure import Procedure
from boardwright.games.runebound.adventures.al_kalim.content import al_kalim_content
from boardwright.games.runebound.effects import EFFECT_HANDLERS, HOOKS
from boardwright.games.runebound.loadout import Loadout
from boardwright.games.runebound.records import (
    LASTING_EFFECTS,
    LASTING_TIMINGS,
    Ability,
    Effect,
    Hook,
    HookName,
    Timing,
)
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.timings import TIMING_WINDOWS
from tests.compiled import module_of, parameter_annotations, source_of
from tests.runebound.scenario import GAME, effect_models, new_game

PRIMITIVES = frozenset(effect_models())
TIMINGS = frozenset(get_args(Timing))


def names_string(code: Callable[..., Any], text: str) -> bool:
    """Whether the source of ``code`` holds the string literal ``text``."""
    tree = ast.parse(textwrap.dedent(source_of(code)))
    return any(isinstance(n, ast.Constant) and n.value == text for n in ast.walk(tree))


def owner_class(code: Callable[..., Any]) -> type | None:
    """The class a method is defined on (None for a module-level function)."""
    outer, _, _name = code.__qualname__.rpartition(".")
    if not outer:
        return None
    found = getattr(sys.modules[module_of(code)], outer)
    assert isinstance(found, type)
    return found


def shipped_records(node: object) -> Iterator[BaseModel]:
    """Every content record reachable from ``node`` (the content and its nested records)."""
    if isinstance(node, BaseModel):
        yield node
        for name in type(node).model_fields:
            yield from shipped_records(getattr(node, name))
    elif isinstance(node, list | tuple):
        for item in node:
            yield from shipped_records(item)


def shipped_content() -> list[BaseModel]:
    content = GAME.content
    parts: list[object] = [content.heroes, content.adventures, content.market]
    expansion = al_kalim_content(content)
    assert expansion is not None
    parts += [expansion.heroes, expansion.adventures, expansion.allies, expansion.legends]
    return [record for part in parts for record in shipped_records(part)]


# --- the rules ------------------------------------------------------------------------------------
def test_the_union_is_read_from_the_models() -> None:
    assert {"modify", "harm", "hook", "lose_legend"} <= PRIMITIVES
    assert len(PRIMITIVES) == len(get_args(get_args(Effect)[0]))


def test_every_primitive_has_exactly_one_handler() -> None:
    assert set(EFFECT_HANDLERS) == PRIMITIVES, (
        f"no handler: {sorted(PRIMITIVES - set(EFFECT_HANDLERS))}; "
        f"no primitive: {sorted(set(EFFECT_HANDLERS) - PRIMITIVES)}"
    )


@pytest.mark.parametrize("do", sorted(PRIMITIVES))
def test_each_handler_takes_its_own_record(do: str) -> None:
    hints = parameter_annotations(EFFECT_HANDLERS[do])  # as written: the handler may be compiled
    assert hints["e"] == effect_models()[do].__name__


def test_every_timing_is_opened_by_the_rules() -> None:
    assert set(TIMING_WINDOWS) == TIMINGS, (
        f"opened nowhere: {sorted(TIMINGS - set(TIMING_WINDOWS))}; "
        f"not a timing: {sorted(set(TIMING_WINDOWS) - TIMINGS)}"
    )
    for timing, openers in TIMING_WINDOWS.items():
        assert openers, timing
        for opener in openers:
            assert names_string(opener, timing), f"{opener.__qualname__} never asks for {timing}"


def test_the_windows_are_opened_in_every_adventure_table() -> None:
    """A procedure that opens a window runs in the base and in the Al-Kalim table (a replaced
    procedure must subclass the one it replaces); the other openers are rule queries or
    functions those procedures call."""
    base = new_game()
    from tests.runebound.al_kalim import scenario as al_kalim_scenario

    tables = [
        GAME.procedures_for(base),
        al_kalim_scenario.GAME.procedures_for(al_kalim_scenario.new_game()),
    ]
    for timing, openers in TIMING_WINDOWS.items():
        for opener in openers:
            cls = owner_class(opener)
            if cls is None or issubclass(cls, Rules):
                continue
            assert issubclass(cls, Procedure), (timing, opener.__qualname__)
            for table in tables:
                assert any(isinstance(p, cls) for p in table.table.values()), (timing, cls)


def test_a_lasting_ability_holds_only_what_the_rules_read_while_it_lasts() -> None:
    """Passive and while-in-play abilities are read by the rules' stats walk, which knows only
    the lasting primitives; any other primitive there would do nothing, so content refuses it."""
    assert set(LASTING_TIMINGS) <= TIMINGS and set(LASTING_EFFECTS) <= PRIMITIVES
    for do in LASTING_EFFECTS:
        read = names_string(Rules, do) or names_string(Loadout, do)
        assert read, f"the rules never read a lasting {do}"
    with pytest.raises(
        ValueError, match="holds only modify and reduce_damage and master and pathfinder, not"
    ):
        Ability.model_validate(
            {
                "name": "Purse",
                "text": "-",
                "timing": "passive",
                "effects": [{"do": "gold", "amount": 1}],
            }
        )


def test_shipped_content_uses_known_hooks_and_timings() -> None:
    records = shipped_content()
    abilities = [r for r in records if isinstance(r, Ability)]
    assert len(abilities) > 100  # the walk reaches the cards
    assert {a.timing for a in abilities} <= TIMINGS
    unknown = {r.name for r in records if isinstance(r, Hook)} - set(HOOKS)
    assert not unknown, f"content names hooks the engine does not have: {sorted(unknown)}"


def test_content_may_name_exactly_the_hooks_there_are() -> None:
    """An unknown hook name is a content error at load, not a failure when the card is used."""
    assert set(get_args(HookName)) == set(HOOKS)


# --- the heuristic bot ----------------------------------------------------------------------------
def test_every_primitive_has_a_bot_valuation() -> None:
    assert set(EFFECT_WORTH) == PRIMITIVES, (
        f"not valued: {sorted(PRIMITIVES - set(EFFECT_WORTH))}; "
        f"no primitive: {sorted(set(EFFECT_WORTH) - PRIMITIVES)}"
    )


def test_every_timing_has_a_bot_valuation() -> None:
    assert set(TIMING_WORTH) == TIMINGS, (
        f"not weighed: {sorted(TIMINGS - set(TIMING_WORTH))}; "
        f"not a timing: {sorted(set(TIMING_WORTH) - TIMINGS)}"
    )
    for timing, worth in TIMING_WORTH.items():
        assert worth.how, timing
        for code in worth.valued_by:
            assert names_string(code, timing), f"{code.__qualname__} never reads {timing}"


def test_a_challenge_test_that_takes_legend_cards_is_weighed_by_the_adventure_play() -> None:
    """``after_knockout`` has no valuation (no shipped card has it: a knock-out never costs a
    legend card, AK-11.12); a challenge's test before combat that takes legend cards is
    weighed by the Al-Kalim play."""
    assert not TIMING_WORTH["after_knockout"].valued_by
    abilities = [r for r in shipped_content() if isinstance(r, Ability)]
    assert not any(a.timing == "after_knockout" for a in abilities)
    assert names_string(AlKalimPlay.plunder_cost, "before_combat")
    assert names_string(AlKalimPlay.plunder_cost, "lose_legend")
