"""Runebound base rules RB-6 (tests, wounds and exhaustion)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from rbscenario import (
    TAMALIR,
    adventure,
    ally,
    events,
    gem_hexes,
    give,
    kind,
    market_card,
    me,
    new_game,
    pass_turn,
    play,
    put,
    rig,
    rolls,
    safe_green_hex,
    start_adventure,
)

from boardwright.engine.events import Event
from boardwright.games.runebound.state import RuneboundState


def swim_test(roll: int, *, event: str | None = None) -> tuple[RuneboundState, Event]:
    """Tamsin (body 2, swim 2) with m-43 (+2 to tests) takes g-26's body+swim test of 10."""
    state = new_game(heroes=("h-tamsin",))
    give(state, "m-43")
    if event is not None:
        state.event = adventure(event)
    start_adventure(state, safe_green_hex(), "green", "g-26")
    log: list[Event] = []
    rig(state, *rolls(roll))
    play(state, "choice:1", log=log)
    (test,) = events(log, "test")
    return state, test


def test_rb_6_1_test_total_is_2d10_stat_skill_and_card_bonuses() -> None:
    """RB-6.1: 2d10 + body + swim skill + `modify test`; meeting the difficulty succeeds."""
    state, test = swim_test(4)
    assert test.data["total"] == 4 + 2 + 2 + 2
    assert test.data["success"] is True
    assert me(state).exhaustion == 0  # not the failure effect


def test_rb_6_1_one_short_fails() -> None:
    """RB-6.1: a total below the difficulty fails and brings the failure effects."""
    state, test = swim_test(3)
    assert test.data["total"] == 9 and test.data["success"] is False
    assert me(state).exhaustion == 1  # the failure effect


def test_rb_6_1_a_skill_bonus_counts_only_for_its_skill() -> None:
    """RB-6.1: g-23 (+1 to diplomacy tests) does not help a swim test, but a diplomacy one."""
    _, test = swim_test(4, event="g-23")
    assert test.data["total"] == 10
    for event, success in ((None, False), ("g-23", True)):
        state = new_game()
        if event is not None:
            state.event = adventure(event)
        start_adventure(state, safe_green_hex(), "green", "g-27")
        log: list[Event] = []
        rig(state, *rolls(5))  # 5 + mind 5 (+1) against 11
        play(state, "choice:2", log=log)
        assert events(log, "test")[0].data["success"] is success


def test_rb_6_1_experience_counters_add_to_the_stat() -> None:
    """RB-6.1 / RB-8.3: a +2 body counter counts in body tests."""
    state = new_game(heroes=("h-tamsin",))
    me(state).xp = [1]  # +2 body
    start_adventure(state, safe_green_hex(), "green", "g-26")
    log: list[Event] = []
    rig(state, *rolls(4))
    play(state, "choice:1", log=log)
    assert events(log, "test")[0].data["total"] == 4 + 2 + 2 + 2


def test_rb_6_2_x_exhaustion_is_x_counters_up_to_stamina_then_wounds() -> None:
    """RB-6.2: exhaustion counts one by one; beyond stamina each one becomes a wound."""
    state = new_game()  # Ysolde: stamina 3
    blue = gem_hexes("blue")[0]
    start_adventure(state, blue, "blue", "b-18")
    play(state, "choice:3")  # take 2 exhaustion
    assert (me(state).exhaustion, me(state).wounds) == (2, 0)
    pass_turn(state)
    me(state).exhaustion = 3
    start_adventure(state, blue, "blue", "b-18")
    play(state, "choice:3")
    assert (me(state).exhaustion, me(state).wounds) == (3, 2)


def test_rb_6_2_an_allys_exhaustion_beyond_stamina_becomes_wounds() -> None:
    """RB-6.2: the same for allies (m-64: stamina 2)."""
    state = new_game()
    give(state, "m-64")
    ally(state, "m-64").exhaustion = 2
    start_adventure(state, gem_hexes("yellow")[0], "yellow", "y-12")  # 1 exhaustion to the party
    assert (ally(state, "m-64").exhaustion, ally(state, "m-64").wounds) == (2, 1)


def test_rb_6_3_a_dead_ally_goes_to_the_market_discard_and_comes_back_later() -> None:
    """RB-6.3: an ally with wounds equal to its life dies; the discard pile is the next deck."""
    state = new_game()
    (pip,) = give(state, "m-61")  # life 1
    start_adventure(state, safe_green_hex(), "green", "g-06")  # ranged 11/1
    play(state, "attack:melee", "ally:ranged")
    rig(state, *rolls(2, 20))  # Pip misses and takes 1 wound
    play(state, "roll")
    assert me(state).allies == [] and state.market_discard == [pip]
    play(state, "escape")
    state.market_deck = []
    pass_turn(state)
    put(state, TAMALIR)
    play(state, "stay")
    assert kind(state) == "market"
    assert state.stacks[0] == [market_card("m-61")]
