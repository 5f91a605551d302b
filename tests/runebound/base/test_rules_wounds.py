"""Runebound base rules RB-6 (tests, wounds and exhaustion)."""

from __future__ import annotations

from boardwright.engine.events import Event
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.scenario import (
    CONTENT,
    MELEE,
    RULES,
    TAMALIR,
    adventure,
    ally,
    bonus,
    challenge,
    effect_value,
    enemy_step,
    events,
    gem_hexes,
    give,
    hero_ability,
    hero_card,
    keys,
    kind,
    life,
    market,
    market_card,
    me,
    new_game,
    pass_turn,
    play,
    put,
    raise_life,
    raise_stamina,
    reaching,
    refresh,
    rig,
    roll_on,
    rolls,
    safe_green_hex,
    short_of,
    stamina,
    start_adventure,
)

# a hero with the swim skill (the weakest swimmer: the test can still be met or missed)
SWIM_HERO = min(
    (h for h in CONTENT.heroes if h.skills.get("swim", 0) > 0),
    key=lambda h: h.body.value + h.skills["swim"],
).id
CROWN = effect_value(market("m-43").abilities[0], "modify", "amount")  # + to every skill test


def swim_test(
    roll: int, *, event: str | None = None, crown: bool = True
) -> tuple[RuneboundState, Event]:
    """A swimmer (with m-43: +CROWN to tests) takes g-26's body + swim test; ``roll`` counts
    from the total that just meets the difficulty (0: meets it, -1: one short)."""
    state = new_game(heroes=(SWIM_HERO,))
    if crown:
        give(state, "m-43")
    if event is not None:
        state.event = adventure(event)
    start_adventure(state, safe_green_hex(), "green", "g-26")
    log: list[Event] = []
    rig(state, *rolls(reaching(FORD, body_swim(state)) + roll))
    play(state, "choice:1", log=log)
    (test,) = events(log, "test")
    return state, test


def body_swim(state: RuneboundState) -> int:
    """The hero's printed body and swim skill plus the crown's bonus if worn (nothing else)."""
    hero = hero_card(state)
    assert hero.skills.get("swim", 0) > 0
    worn = market_card("m-43") in me(state).items
    return hero.body.value + hero.skills["swim"] + (CROWN if worn else 0)


def ford() -> int:
    """The difficulty of g-26's first choice, a body + swim test."""
    test = challenge("g-26").choices[0].test
    assert test is not None and (test.stat, test.skill) == ("body", "swim")
    return test.difficulty


FORD = ford()


def test_rb_6_1_test_total_is_2d10_stat_skill_and_card_bonuses() -> None:
    """RB-6.1: 2d10 + body + swim skill + `modify test`; meeting the difficulty succeeds."""
    state, test = swim_test(0)
    assert test.data["total"] == FORD == test.data["roll"] + body_swim(state)
    assert test.data["success"] is True
    assert me(state).exhaustion == 0  # not the failure effect


def test_rb_6_1_one_short_fails() -> None:
    """RB-6.1: a total below the difficulty fails and brings the failure effects."""
    state, test = swim_test(-1, crown=False)
    assert test.data["total"] == FORD - 1 and test.data["success"] is False
    assert me(state).exhaustion == 1  # the failure effect


def test_rb_6_1_a_skill_bonus_counts_only_for_its_skill() -> None:
    """RB-6.1: g-23 (+1 to diplomacy tests) does not help a swim test, but a diplomacy one."""
    _, test = swim_test(0, event="g-23")
    assert test.data["total"] == FORD
    haggle = challenge("g-27").choices[1].test
    assert haggle is not None and (haggle.stat, haggle.skill) == ("mind", "diplomacy")
    for event, success in ((None, False), ("g-23", True)):
        state = new_game()
        plus = RULES.test_bonus(state, 0, "mind", "diplomacy")  # without the event
        if event is not None:
            state.event = adventure(event)
        start_adventure(state, safe_green_hex(), "green", "g-27")
        log: list[Event] = []
        rig(state, *rolls(reaching(haggle.difficulty, plus) - 1))  # one short without g-23
        play(state, "choice:2", log=log)
        assert events(log, "test")[0].data["success"] is success


def test_rb_6_1_experience_counters_add_to_the_stat() -> None:
    """RB-6.1 / RB-8.3: a +2 body counter counts in body tests."""
    state = new_game(heroes=(SWIM_HERO,))
    me(state).xp = [1]  # +2 body
    hero = hero_card(state)
    start_adventure(state, safe_green_hex(), "green", "g-26")
    log: list[Event] = []
    rig(state, *rolls(4))
    play(state, "choice:1", log=log)
    assert events(log, "test")[0].data["total"] == 4 + hero.body.value + 2 + hero.skills["swim"]


def test_rb_6_2_x_exhaustion_is_x_counters_up_to_stamina_then_wounds() -> None:
    """RB-6.2: exhaustion counts one by one; beyond stamina each one becomes a wound."""
    state = new_game()
    raise_stamina(state, 2)
    blue = gem_hexes("blue")[0]
    start_adventure(state, blue, "blue", "b-21")
    play(state, "choice:3")  # take 2 exhaustion
    assert (me(state).exhaustion, me(state).wounds) == (2, 0)
    pass_turn(state)
    assert life(state) > 1
    me(state).exhaustion = stamina(state) - 1  # room for one more
    start_adventure(state, blue, "blue", "b-21")
    play(state, "choice:3")
    assert (me(state).exhaustion, me(state).wounds) == (stamina(state), 1)


def test_rb_6_2_take_x_exhaustion_the_player_chooses_x() -> None:
    """RB-6.2: an ability paid with "take X exhaustion" may be taken X times over in one
    activation, as far as paying keeps the hero standing: 3 times costs 3 exhaustion and
    heals 3 wounds; then it is used for the turn (RB-2.3)."""
    hero_id, use, ability = hero_ability("activate", "heal", exhaustion_cost=True)
    cost, heal = ability.cost.exhaustion, effect_value(ability, "heal", "wounds")
    state = new_game(heroes=(hero_id,))
    raise_stamina(state, 3 * cost)
    raise_life(state, 3 * heal + 1)
    h = me(state)
    h.wounds = 3 * heal
    refresh(state)
    offered = [k for k in keys(state) if k.partition("*")[0] == use]
    most = stamina(state) // cost  # within stamina; beyond it exhaustion turns into wounds
    assert offered[:most] == [use, *(f"{use}*{n}" for n in range(2, most + 1))]
    log: list[Event] = []
    play(state, f"{use}*3", log=log)
    assert (h.exhaustion, h.wounds) == (3 * cost, 0)
    assert [e.data.get("times") for e in events(log, "ability")] == [3]
    assert not [k for k in keys(state) if k.partition("*")[0] == use]


def test_rb_6_2_x_stops_where_paying_would_knock_the_hero_out() -> None:
    """RB-6.2: the largest X offered still leaves the hero standing (overflowing exhaustion
    becomes wounds, RB-6.2); AR-6.2 (option): no X whose exhaustion would become a wound."""
    hero_id, use, ability = hero_ability("activate", "heal", exhaustion_cost=True)
    cost = ability.cost.exhaustion
    for advanced, extra in ((False, "advanced.exhaustion"), (True, "advanced.exhaustion")):
        state = new_game(heroes=(hero_id,), **{extra: advanced})
        h = me(state)
        h.wounds = 1
        refresh(state)
        largest = max(
            int(k.partition("*")[2] or 1) for k in keys(state) if k.partition("*")[0] == use
        )
        room = stamina(state) - h.exhaustion
        if advanced:
            assert largest == room // cost
        else:  # each exhaustion past stamina is a wound; the hero must stay below life
            overflow = largest * cost - room
            assert h.wounds + overflow < life(state)
            assert h.wounds + (largest + 1) * cost - room >= life(state)


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
    start_adventure(state, safe_green_hex(), "green", "g-06")  # ranged and melee
    play(state, "attack:melee", "ally:ranged")
    # Pip misses in ranged and dies; the hero misses in melee (the fight goes on)
    rig(state, *rolls(2, short_of(enemy_step("g-06", MELEE).value, bonus(state, MELEE))))
    roll_on(state)
    assert me(state).allies == [] and state.market_discard == [pip]
    play(state, "escape")
    state.market_deck = []
    pass_turn(state)
    put(state, TAMALIR)
    play(state, "stay")
    assert kind(state) == "market"
    assert state.stacks[0] == [market_card("m-61")]
