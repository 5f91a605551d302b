"""The Sands of Al-Kalim, AK-7 (the story step) and AK-8.1-AK-8.8 (the story symbols): every
symbol of the story die by day and by night."""

from __future__ import annotations

import pytest

from boardwright.engine.events import Event
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.al_kalim.scenario import (
    AL_KALIM_RULES,
    BOARD,
    CITY_HEX,
    FACE_DREAM,
    FACE_GOLD,
    FACE_LOST_CITY,
    FACE_SPRING_STIR,
    FACE_WIND,
    FACE_WIND_TURNS,
    LOST,
    PRISON,
    al_kalim_state,
    clear_counters,
    events,
    faces,
    give_ally,
    give_legend,
    keys,
    kind,
    legend,
    me,
    new_game_at,
    others_pass,
    out_in_the_dunes,
    play,
    quest_board,
    refresh,
    rig,
    rolls,
    set_limit,
    set_storm,
    starred,
    story,
    to_step3,
)
from tests.runebound.al_kalim.texts import text

BOTH = pytest.mark.parametrize("time", ["day", "night"])
SALT_MINER = "ak-a-10"


def no_ambush(state: RuneboundState) -> None:
    """Empty the green deck: a night ambush (AK-8.9) then finds no card and nothing happens."""
    state.adventure_decks[0] = []


# --- AK-7 the story step -----------------------------------------------------------------------


def test_ak_7_1_ak_6_1_outside_a_city_without_a_counter_the_story_die_must_be_rolled() -> None:
    """AK-7.1, AK-6.1: no adventure counter, no legend allowed: the only action is the story
    die; there is no way to skip step 3."""
    state = out_in_the_dunes()
    to_step3(state)
    assert keys(state) == ["story"]


def test_ak_7_1_one_story_action_only() -> None:
    """AK-7.1: a legend draw is the whole story step: no story die and no bazaar after it."""
    state = new_game_at(CITY_HEX["zerhaba"])
    set_limit(state, "yellow")
    to_step3(state)
    assert "bazaar" in keys(state) and "legend:rune" in keys(state)
    play(state, "legend:rune")
    assert state.seat == 1 and kind(state) == "day_or_night"  # the turn is over
    assert len(quest_board(state).legends) == 1


def test_ak_7_2_in_a_city_the_bazaar_never_the_story_die() -> None:
    """AK-7.2: in an open city the player draws a legend card or explores the bazaar."""
    state = new_game_at(CITY_HEX["mirath"])
    set_limit(state, "green")
    to_step3(state)
    assert "bazaar" in keys(state) and "story" not in keys(state)
    assert any(k.startswith("legend:") for k in keys(state))


def test_ak_7_2_ak_13_8_in_a_covered_city_the_story_die_not_the_bazaar() -> None:
    """AK-7.2, AK-13.8: under the sandstorm the bazaar is closed: legend or story die."""
    state = new_game_at(CITY_HEX["mirath"])
    set_storm(state, CITY_HEX["mirath"], 0)
    set_limit(state, "green")
    to_step3(state)
    assert "story" in keys(state) and "bazaar" not in keys(state)
    assert any(k.startswith("legend:") for k in keys(state))


def test_ak_7_2_outside_a_city_legend_or_story_die_never_a_bazaar() -> None:
    """AK-7.2: outside a city: a legend card if allowed, otherwise the story die."""
    state = out_in_the_dunes()
    set_limit(state, "green")
    to_step3(state)
    assert "story" in keys(state) and "bazaar" not in keys(state)
    assert sorted(k for k in keys(state) if k.startswith("legend:")) == [
        "legend:ally",
        "legend:artifact",
        "legend:location",
        "legend:mount",
        "legend:rune",
    ]


def test_ak_7_3_a_legend_card_needs_room_under_the_limit() -> None:
    """AK-7.3, AK-10.2: no limit counter, no legend card; with a limit of 1 one card may be
    drawn, and holding it fills the limit."""
    state = out_in_the_dunes()
    to_step3(state)
    assert not any(k.startswith("legend:") for k in keys(state))  # no limit counter yet
    set_limit(state, "green")  # limit 1
    refresh(state)
    assert any(k.startswith("legend:") for k in keys(state))
    give_legend(state, legend("ak-l-21"))  # one card held: the limit is reached
    refresh(state)
    assert not any(k.startswith("legend:") for k in keys(state))


@pytest.mark.parametrize(
    ("face", "symbols"),
    [
        (1, ["dunes", "road"]),
        (2, ["dunes", "road", "rock"]),
        (3, ["dunes", "road", "mirage"]),
        (4, ["road", "lowland", "wasteland"]),
        (5, ["lowland", "rock", "canyon"]),
    ],
)
def test_ak_7_4_ak_7_5_every_symbol_of_the_face_in_the_players_order(
    face: int, symbols: list[str]
) -> None:
    """AK-7.4, AK-7.5: the story die is one movement die; every symbol of the rolled face takes
    effect, in the order the player picks (faces of AK-7.5)."""
    state = out_in_the_dunes()
    story(state, face)
    assert kind(state) == "story_order"
    assert sorted(keys(state)) == sorted(f"symbol:{s}" for s in symbols)


def test_ak_7_5_face_6_is_the_wind_alone() -> None:
    """AK-7.5: face 6 shows only lowland: the wind rises (here the storm's first appearance)."""
    state = out_in_the_dunes()
    story(state, FACE_WIND)
    assert kind(state) == "storm_place"


def test_ak_7_4_all_three_symbols_take_effect() -> None:
    """AK-7.4: face 2 by day: a spring, stolen gold and creatures stir, each in turn."""
    state = out_in_the_dunes()
    me(state).exhaustion = 2
    empty = starred("green")[0]
    clear_counters(state, empty)
    gold = me(state).gold
    story(state, FACE_GOLD)
    play(state, "symbol:rock")
    assert me(state).gold == gold + 1
    play(state, "symbol:road")
    assert me(state).exhaustion == 1
    assert kind(state) == "place_counter"  # the last symbol, dunes by day


def test_ak_7_6_a_quest_asks_for_a_story_roll_at_a_place() -> None:
    """AK-7.6, AK-11.5: a quest step done by rolling the story die on a dunes hex (the Tamed
    Sandwyrm's second step), with the quest's own test."""
    state = out_in_the_dunes()
    set_limit(state, "green")
    slot = give_legend(state, legend("ak-l-17"))
    slot.step = 1  # its first step (a beast defeated in a canyon) is done
    test = AL_KALIM_RULES.al_kalim.legends[slot.card].quest.steps[1].test
    assert test is not None
    need = test.difficulty - AL_KALIM_RULES.test_bonus(state, 0, test.stat, test.skill)
    to_step3(state)
    rig(state, *faces(FACE_WIND), *rolls(max(2, need)))
    play(state, "story")
    assert slot.done  # the mount is won
    assert kind(state) == "storm_place"  # the story symbols follow


# --- AK-8.1-AK-8.8 the story symbols ------------------------------------------------------------


def test_ak_8_1_dunes_by_day_a_counter_on_an_empty_gem_hex() -> None:
    """AK-8.1: by day, creatures stir: the player may put a supply counter of the gem's colour
    on any empty gem hex, starred or not."""
    state = out_in_the_dunes()
    plain = next(h.index for h in BOARD.hexes if h.gem == 1 and not h.star)
    star = starred("blue")[0]
    clear_counters(state, plain)
    clear_counters(state, star)
    supply = state.counter_supply[:]
    story(state, FACE_SPRING_STIR)
    play(state, "symbol:dunes")
    assert kind(state) == "place_counter"
    offered = {o.data for o in state.pending.options if o.key != "none"}  # type: ignore[union-attr]
    assert offered == {plain, star} and "none" in keys(state)
    play(state, f"counter:{BOARD.hexes[plain].at.q},{BOARD.hexes[plain].at.r}")
    assert state.counters[plain] == 1 << 1  # yellow
    assert state.counter_supply[1] == supply[1] - 1


def test_ak_8_1_no_counter_of_that_colour_left_no_choice_of_that_hex() -> None:
    """AK-8.1: a gem hex whose colour the supply lacks cannot be chosen."""
    state = out_in_the_dunes()
    yellow = next(h.index for h in BOARD.hexes if h.gem == 1)
    red = next(h.index for h in BOARD.hexes if h.gem == 3)
    clear_counters(state, yellow)
    clear_counters(state, red)
    state.counter_supply[3] = 0
    story(state, FACE_SPRING_STIR)
    play(state, "symbol:dunes")
    assert {o.data for o in state.pending.options if o.key != "none"} == {yellow}  # type: ignore[union-attr]


def test_ak_8_2_ak_8_9_dunes_by_night_an_ambush() -> None:
    """AK-8.2, AK-8.9: by night the same symbol brings a night ambush: a fight at once."""
    state = out_in_the_dunes()
    log: list[Event] = []
    story(state, FACE_SPRING_STIR, time="night", log=log)
    play(state, "symbol:dunes", log=log)
    assert events(log, "ambush") and state.combat is not None
    assert state.combat.source == "ambush"


@BOTH
def test_ak_8_3_road_a_spring_removes_one_exhaustion_each(time: str) -> None:
    """AK-8.3: the hero and each ally lose 1 exhaustion (if they have any), day or night."""
    state = out_in_the_dunes()
    me(state).exhaustion = 2
    ally = give_ally(state, SALT_MINER)
    ally.exhaustion = 1
    other = give_ally(state, "ak-a-13")
    refresh(state)
    story(state, FACE_SPRING_STIR, time=time)
    play(state, "symbol:road")
    assert (me(state).exhaustion, ally.exhaustion, other.exhaustion) == (1, 0, 0)


@BOTH
def test_ak_8_4_lowland_the_wind_rises(time: str) -> None:
    """AK-8.4, AK-13.1: the first time the storm is put on the Prison of the Ifrit; a later
    time it moves two hexes; the same by day and by night."""
    state = out_in_the_dunes()
    story(state, FACE_WIND, time=time)
    play(state, "arrows:east")
    assert al_kalim_state(state).storm == PRISON
    others_pass(state)  # the next turn the same player rolls the wind again
    story(state, FACE_WIND, time=time)
    assert kind(state) == "storm_move"
    play(state, keys(state)[0])
    assert kind(state) == "storm_move"
    play(state, keys(state)[0])
    assert al_kalim_state(state).storm != PRISON


@BOTH
def test_ak_8_5_rock_stolen_gold(time: str) -> None:
    """AK-8.5: the hero gains 1 gold."""
    state = out_in_the_dunes()
    no_ambush(state)
    gold = me(state).gold
    story(state, FACE_GOLD, time=time)
    play(state, "symbol:rock")
    assert me(state).gold == gold + 1


@BOTH
def test_ak_8_6_wasteland_the_wind_turns_clockwise(time: str) -> None:
    """AK-8.6, AK-13.6: the storm's arrows turn one step clockwise."""
    state = out_in_the_dunes()
    set_storm(state, PRISON, 0)  # east and south-east
    story(state, FACE_WIND_TURNS, time=time)
    play(state, "symbol:wasteland")
    assert al_kalim_state(state).storm_direction == 1  # south-east and south-west


@BOTH
def test_ak_8_6_wasteland_does_nothing_before_the_storm_appears(time: str) -> None:
    """AK-8.6: with no storm on the board the wind has nothing to turn."""
    state = out_in_the_dunes()
    log: list[Event] = []
    story(state, FACE_WIND_TURNS, time=time, log=log)
    play(state, "symbol:wasteland", log=log)
    assert al_kalim_state(state).storm < 0 and al_kalim_state(state).storm_direction == 0
    assert "no sandstorm" in text(log[-1])


@BOTH
def test_ak_8_7_canyon_a_lost_city_appears(time: str) -> None:
    """AK-8.7, AK-14.2: the player picks a lost city still beside the market row; it goes on
    the hero's hex and its bazaar may be explored at once."""
    state = out_in_the_dunes()
    here = me(state).hex
    story(state, FACE_LOST_CITY, time=time)
    play(state, "symbol:canyon")
    assert kind(state) == "lost_city" and len(keys(state)) == 4
    play(state, "lost:city-of-dreams")
    assert al_kalim_state(state).lost_cities[LOST["city-of-dreams"]] == here
    assert kind(state) == "explore_lost_city"


def test_ak_8_7_ak_14_2_placing_a_lost_city_may_be_declined() -> None:
    """AK-8.7, AK-14.2: the player *may* take a lost city: choosing none leaves all three
    beside the market row and ends the symbol."""
    state = out_in_the_dunes()
    log: list[Event] = []
    story(state, FACE_LOST_CITY, log=log)
    play(state, "symbol:canyon", log=log)
    assert keys(state)[-1] == "none"
    play(state, "none", log=log)
    assert all(at < 0 for at in al_kalim_state(state).lost_cities)
    assert kind(state) != "explore_lost_city"
    assert "leaves the lost cities" in text(log[-1])


def test_ak_14_2_ak_13_8_a_lost_city_under_the_storm_gives_no_access() -> None:
    """AK-14.2, AK-13.8: a lost city put on a covered hex may not be explored: no bazaar."""
    state = out_in_the_dunes()
    here = me(state).hex
    set_storm(state, here, 0)
    story(state, FACE_LOST_CITY)
    play(state, "symbol:canyon", "lost:city-of-faith")
    assert al_kalim_state(state).lost_cities[LOST["city-of-faith"]] == here
    assert kind(state) not in ("explore_lost_city", "market")


@BOTH
def test_ak_8_8_mirage_heals_then_the_die_is_rolled_again(time: str) -> None:
    """AK-8.8: a dream of paradise heals 1 wound of the hero and of each ally, and once every
    symbol of the face is resolved the story die is rolled again."""
    state = out_in_the_dunes()
    no_ambush(state)  # dunes by night would draw an ambush; none is left to draw
    me(state).wounds = 2
    ally = give_ally(state, SALT_MINER)
    ally.wounds = 1
    refresh(state)
    story(state, FACE_DREAM, FACE_WIND, time=time)
    play(state, "symbol:mirage")
    assert (me(state).wounds, ally.wounds) == (1, 0)
    play(state, "symbol:road")  # then dunes, the last symbol, by itself
    assert kind(state) == "storm_place"  # the new roll: face 6, the wind rises


def test_ak_8_8_a_mirage_again_rolls_once_more() -> None:
    """AK-8.8: a new roll that shows the mirage again heals and rolls once more."""
    state = out_in_the_dunes()
    me(state).wounds = 3
    log: list[Event] = []
    story(state, FACE_DREAM, FACE_DREAM, FACE_GOLD, log=log)
    play(state, "symbol:mirage", "symbol:road", log=log)
    assert me(state).wounds == 2 and kind(state) == "story_order"
    play(state, "symbol:mirage", "symbol:road", log=log)
    assert me(state).wounds == 1
    assert len([e for e in events(log, "story") if "rolls" in text(e)]) == 3
    assert sorted(keys(state)) == ["symbol:dunes", "symbol:road", "symbol:rock"]


def test_ak_8_1_dunes_by_day_is_no_ambush() -> None:
    """AK-8.1, AK-8.2: by day the dunes symbol never draws a card."""
    state = out_in_the_dunes()
    decks = [len(d) for d in state.adventure_decks]
    story(state, FACE_SPRING_STIR)
    play(state, "symbol:dunes")
    assert [len(d) for d in state.adventure_decks] == decks and state.combat is None
