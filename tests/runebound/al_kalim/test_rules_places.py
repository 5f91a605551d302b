"""The Sands of Al-Kalim, AK-15 (locations, with the rulebook's examples 10 and 11) and AK-16
(base rules changed in Al-Kalim: knock-outs, fights between heroes, travel problems)."""

from __future__ import annotations

import pytest

from boardwright.engine.events import Event
from boardwright.games.runebound.adventures.al_kalim.quests import rewards
from boardwright.games.runebound.content import location_hexes
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.al_kalim.scenario import (
    AL_KALIM_RULES,
    BOARD,
    CITY_HEX,
    DUNES,
    LOWLAND,
    PRISON,
    adventure,
    al_kalim_state,
    clear_counters,
    events,
    faces,
    fight,
    give_gear,
    give_legend,
    hex_at,
    keys,
    kind,
    legend,
    me,
    nearest_city,
    new_game,
    new_game_at,
    on_top,
    out_in_the_dunes,
    play,
    put,
    quest_board,
    quiet_hex,
    rig,
    rolls,
    set_limit,
    set_storm,
    starred,
    to_step3,
)

JACKALS = adventure("ak-g-01")  # green, life 1 by day and 2 by night
OUTRIDERS = adventure("ak-g-07")  # green, with the sunburst
NADIRA = legend("ak-l-02")  # ally quest: first, end the movement in the Fertile Lands
BLOOD = legend("ak-l-13")  # location quest: a yellow challenge, then a defeat in Bloody Sands
PATHS = legend("ak-l-12")  # location quest: a defeat in the Desert of Eternity
QORRO = ("ak-h-qorro", "ak-h-idris")


def location(name: str) -> frozenset[int]:
    return frozenset(location_hexes(BOARD, name))


# --- AK-15 locations ---------------------------------------------------------------------------


def test_ak_15_1_a_location_adds_its_neighbours_of_the_same_terrain_once() -> None:
    """AK-15.1: the Fertile Lands are their two name hexes plus their lowland neighbours, not
    the stream those neighbours run into: a hero ending movement on an added hex does the
    Nadira quest's first step, one further down the stream does not."""
    fertile = location("fertile-lands")
    named = {hex_at(11, 0), hex_at(11, 1)}
    ring = {
        n for i in named for n in BOARD.hexes[i].neighbours if BOARD.hexes[n].terrain == LOWLAND
    }
    assert fertile == named | ring
    stream = next(
        n
        for i in ring
        for n in BOARD.hexes[i].neighbours
        if BOARD.hexes[n].terrain == LOWLAND and n not in fertile
    )
    for where, done in ((stream, False), (min(ring - named), True)):
        state = new_game()
        set_limit(state, "green")
        slot = give_legend(state, NADIRA)
        put(state, where)
        play(state, "night", "stay")
        assert (slot.step == 1) == done


def test_ak_15_2_example_10_the_fertile_lands() -> None:
    """AK-15.2, example 10: the Fertile Lands are the 6 lowland hexes in the top right corner."""
    fertile = location("fertile-lands")
    assert len(fertile) == 6 and {BOARD.hexes[i].terrain for i in fertile} == {LOWLAND}
    assert all(BOARD.hexes[i].at.r <= 2 for i in fertile)
    assert min(BOARD.hexes[i].at.q + BOARD.hexes[i].at.r // 2 for i in fertile) >= 10


def test_ak_15_2_example_11_the_desert_of_eternity() -> None:
    """AK-15.2, example 11: the Desert of Eternity is 9 dunes hexes, Bloody Sands among them."""
    desert = location("desert-of-eternity")
    assert len(desert) == 9 and {BOARD.hexes[i].terrain for i in desert} == {DUNES}
    sands = location("bloody-sands")
    assert len(sands) == 1 and sands <= desert
    assert BOARD.hex_name(next(iter(sands))) == "Bloody Sands"


def defeat_at(state: RuneboundState, where: int) -> None:
    """Seat 0 defeats the Dune Jackals (a beast) from a green counter on ``where`` by day."""
    state.counters[where] = 1
    on_top(state, JACKALS)
    put(state, where)
    to_step3(state)
    play(state, "adventure:green")
    fight(state, 20)


def test_ak_15_3_bloody_sands_is_its_own_place_and_part_of_the_desert() -> None:
    """AK-15.3: one fight on the Bloody Sands hex counts for a quest naming Bloody Sands and
    for one naming the Desert of Eternity; a fight elsewhere in the desert only for the latter.
    Bloody Sands does not take in its neighbours (adjoining: false)."""
    sands = next(iter(location("bloody-sands")))
    desert = location("desert-of-eternity")
    assert any(BOARD.hexes[n].terrain == DUNES for n in BOARD.hexes[sands].neighbours)
    for where, both in ((sands, True), (min(desert - {sands}), False)):
        state = new_game(heroes=QORRO)
        set_limit(state, "blue")
        blood = give_legend(state, BLOOD)
        blood.step = 1  # the yellow challenge is beaten; Bloody Sands is next
        paths = give_legend(state, PATHS)
        defeat_at(state, where)
        assert paths.step == 1  # its defeat in the desert is done
        assert blood.done == both


# --- AK-16 base rules changed --------------------------------------------------------------------


def test_ak_16_1_knocked_out_in_the_adventure_step_no_market_follows() -> None:
    """AK-16.1: a hero knocked out in step 3 wakes in the nearest printed city, keeps their
    quests, loses their gear, and gets no market step: the turn goes on to experience."""
    state = new_game(heroes=QORRO)
    set_limit(state, "green")
    give_legend(state, PATHS)
    give_gear(state, 2)
    here = quiet_hex(DUNES)
    state.counters[here] = 1
    on_top(state, JACKALS)
    put(state, here)
    city = nearest_city(state)
    me(state).wounds = 4
    to_step3(state, time="night")
    play(state, "adventure:green")
    log: list[Event] = []
    fight(state, 2, 2, log=log)
    assert events(log, "knocked_out") and me(state).hex == city
    assert quest_board(state).legends and quest_board(state).gear == [0, 0, 0]
    assert kind(state) != "market" and state.seat == 1  # straight on: no experience to buy


def test_ak_16_1_the_nearest_printed_city_even_under_the_storm() -> None:
    """AK-16.1: the destination ignores the sandstorm, and a lost city never is one."""
    state = new_game()
    here = quiet_hex(DUNES)
    me(state).hex = here
    city = nearest_city(state)
    set_storm(state, city, 0)
    al_kalim_state(state).lost_cities[0] = next(n for n in BOARD.hexes[here].neighbours)
    assert nearest_city(state) == city and BOARD.hexes[city].city >= 0


def test_ak_16_2_no_attack_in_a_city_and_an_attack_is_step_3() -> None:
    """AK-16.2: heroes meeting outside a city may fight; in a city they may not. The attack
    takes the place of the story step."""
    state = new_game_at(CITY_HEX["zerhaba"])
    state.heroes[1].hex = CITY_HEX["zerhaba"]
    to_step3(state)
    assert "attack:2" not in keys(state)
    state = new_game()
    here = quiet_hex(DUNES)
    state.heroes[1].hex = here
    put(state, here)
    to_step3(state, time="night")
    assert "attack:2" in keys(state) and "story" in keys(state)


@pytest.mark.parametrize(("time", "life"), [("day", 1), ("night", 2)])
def test_ak_16_4_travel_problems_draw_al_kalim_challenges(time: str, life: int) -> None:
    """AK-16.4 (base option travel_problems): trouble draws from the Al-Kalim green deck and is
    fought with the turn's day or night life."""
    state = new_game(heroes=QORRO, travel_problems=True)
    here = quiet_hex(DUNES)
    on_top(state, JACKALS)
    put(state, here)
    play(state, time)
    rig(state, *faces(6, 6), *rolls(20, 20))  # neither die shows dunes (plains): trouble
    log: list[Event] = []
    play(state, "stay", log=log)
    while state.combat is not None and kind(state) == "attack_step":
        play(state, "attack:melee", log=log)  # the jackals fight in two steps: Qorro picks melee
    assert events(log, "draw")[0].data["card"] == "ak-g-01"
    assert events(log, "combat")[0].data["life"] == life
    hits = [e for e in events(log, "combat_roll") if e.data["hit"] and e.data["attack"]]
    assert len(hits) == life and events(log, "victory")
    assert me(state).counters == [0]  # experience from the supply, no reward (RB-10.1)


def test_ak_16_4_ak_6_6_a_sunburst_travel_problem_refills_and_brings_the_storm_first() -> None:
    """AK-16.4, AK-6.6: a sunburst challenge drawn as a travel problem replenishes the counters
    and brings the storm in (or moves it) before the fight, like any other draw."""
    state = new_game(heroes=QORRO, travel_problems=True)
    here = quiet_hex(DUNES)
    empty = [h for h in starred() if h != here][:3]
    for h in empty:
        clear_counters(state, h)
    on_top(state, OUTRIDERS)
    put(state, here)
    play(state, "day")
    rig(state, *faces(6, 6))  # neither die shows dunes (plains): trouble
    log: list[Event] = []
    play(state, "stay", log=log)
    assert events(log, "draw")[0].data["card"] == "ak-g-07"
    assert all(state.counters[h] for h in empty)  # 1: replenished
    assert kind(state) == "storm_place" and state.combat is None  # 2: the storm, before
    play(state, "arrows:east", log=log)
    assert al_kalim_state(state).storm == PRISON
    assert state.combat is not None and state.combat.card == OUTRIDERS  # 3: the fight


def test_ak_16_5_the_rulebooks_clarifications_are_rules_here() -> None:
    """AK-16.5: the clarifications stand as rules: no day exhaustion without a roll (AK-5.6), a
    quest fails only on its own test (AK-11.6), a spent rune still counts (AK-11.11), and a
    sunburst goes replenish, storm, fight (AK-6.6); each has its own tests. Here: a night turn
    never costs day exhaustion, and a spent rune counts."""
    state = out_in_the_dunes()
    play(state, "night")
    rig(state, *faces(3, 3, 3, 3, 3))
    play(state, "roll:5")
    assert me(state).exhaustion == 0
    slot = give_legend(state, legend("ak-l-22"), done=True)
    slot.uses = 3
    assert rewards(AL_KALIM_RULES, state, 0) == 1
