"""The Sands of Al-Kalim, AK-4 (the turn, day or night) and AK-5 (movement and day travel),
with the rulebook's Tahlia examples (AK-5.4, examples 1-4) played step by step."""

from __future__ import annotations

import pytest

from boardwright.engine.events import Event
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.al_kalim.scenario import (
    BOARD,
    CITY_HEX,
    DUNES,
    GAME,
    LOWLAND,
    MIRAGE,
    PACK_CAMEL,
    ROAD,
    WASTELAND,
    WATERSKIN,
    al_kalim_state,
    at_key,
    events,
    faces,
    give_ally,
    give_gear,
    keys,
    kind,
    life,
    me,
    nearest_city,
    new_game,
    new_game_at,
    out_in_the_dunes,
    play,
    put,
    quiet_hex,
    refresh,
    rig,
    set_storm,
    stamina,
)

# Tahlia's party (AK-5.4): our hero with stamina 3 and an ally with stamina 3, so that the
# examples' exhaustion never reaches a wound
SALT_MINER = "ak-a-10"  # an Al-Kalim ally: life 4, stamina 3, no abilities
CARAVAN_GUARD = "ak-a-02"  # life 3, stamina 2
# Example 1's three dice: a dunes/plains symbol, a road symbol and one mirage/forest symbol
TAHLIA_DICE = (1, 4, 3)  # road+dunes, road+lowland+wasteland, road+dunes+mirage


def tahlia(start_terrain: int, **options: object) -> tuple[RuneboundState, object]:
    """Example 1's start: on a hex of this terrain with 1 exhaustion and one fresh ally."""
    state = new_game(**options)  # type: ignore[arg-type]
    put(state, quiet_hex(start_terrain))
    me(state).exhaustion = 1
    ally = give_ally(state, SALT_MINER)
    refresh(state)
    return state, ally


def counters(state: RuneboundState, ally: object) -> tuple[int, int, int, int]:
    h = me(state)
    return (h.exhaustion, h.wounds, ally.exhaustion, ally.wounds)  # type: ignore[attr-defined]


# --- AK-4 the turn ------------------------------------------------------------------------------


def hero_id(state: RuneboundState) -> str:
    """Seat 0's hero, as events name it."""
    return GAME.rules_for(state).heroes[me(state).hero].id


def test_ak_4_1_ak_4_2_no_market_step_after_an_adventure_or_a_story() -> None:
    """AK-4.1, AK-4.2, AK-16.3: the turn is refresh and day or night, movement, adventure or
    story, experience; step 4 (the market) is gone: a hero who ends in a city and takes the
    story step there gets its bazaar as the story action, and no market follows step 3."""
    state = new_game_at(CITY_HEX["zerhaba"])
    assert kind(state) == "day_or_night"  # step 1
    play(state, "day")
    assert kind(state) == "movement"  # step 2
    play(state, "stay")
    assert kind(state) == "adventure_or_story"  # step 3
    assert "bazaar" in keys(state) and "story" not in keys(state)
    play(state, "bazaar")
    assert kind(state) == "market"  # the bazaar is the story action itself
    play(state, "done")
    # no market step and no experience to buy: the next player's turn begins
    assert state.seat == 1 and kind(state) == "day_or_night"


def test_ak_4_2_the_experience_step_follows_step_3() -> None:
    """AK-4.2: step 5, experience, comes straight after step 3 (no market step between)."""
    state = new_game_at(CITY_HEX["zerhaba"])
    me(state).counters = [1, 2]  # yellow and blue: 5 experience, the price with 2 players
    play(state, "day", "stay", "bazaar", "done")
    assert state.seat == 0 and kind(state) == "experience"


def test_ak_4_3_refresh_readies_cards_at_the_start_of_the_turn() -> None:
    """AK-4.3: refresh as in the base game: the next player's used abilities are ready again."""
    state = new_game()
    state.heroes[1].used.append("h0.0")
    state.heroes[1].bonus_moves = 2
    put(state, CITY_HEX["zerhaba"])
    play(state, "day", "stay", "bazaar", "done")
    assert state.seat == 1 and kind(state) == "day_or_night"
    assert state.heroes[1].used == [] and state.heroes[1].bonus_moves == 0


@pytest.mark.parametrize("time", ["day", "night"])
def test_ak_4_4_day_or_night_is_declared_first_and_holds_for_the_turn(time: str) -> None:
    """AK-4.4: step 1 asks day or night before movement; everyone sees it (the view), and the
    choice still holds in step 3."""
    state = new_game()
    assert kind(state) == "day_or_night" and keys(state) == ["day", "night"]
    log: list[Event] = []
    play(state, time, log=log)
    assert events(log, "time")[0].data["night"] == (time == "night")
    assert GAME.view(state, 1)["al_kalim"]["night"] == (time == "night")
    assert kind(state) == "movement"
    play(state, "stay")
    assert kind(state) == "adventure_or_story"
    assert al_kalim_state(state).night == (time == "night")


def test_ak_4_4_each_turn_asks_again() -> None:
    """AK-4.4: the next player declares for their own turn."""
    state = new_game_at(CITY_HEX["zerhaba"])
    play(state, "night", "stay", "bazaar", "done")
    assert state.seat == 1 and kind(state) == "day_or_night"
    play(state, "day")
    assert al_kalim_state(state).night is False


# --- AK-5 movement --------------------------------------------------------------------------


def test_ak_5_1_movement_as_in_the_base_game_and_free_by_night() -> None:
    """AK-5.1: up to five dice (four with a wound or exhaustion in the party), rest, one-hex
    step or stay; by night rolling costs nothing more."""
    state = out_in_the_dunes()
    play(state, "night")
    assert keys(state)[:2] == ["roll:5", "roll:4"]
    assert {"step", "stay"} <= set(keys(state)) and "rest" not in keys(state)
    rig(state, *faces(1, 1, 1, 1, 3))
    log: list[Event] = []
    play(state, "roll:5", log=log)
    assert kind(state) == "move"
    assert me(state).exhaustion == 0 and not events(log, "day_travel")


def test_ak_5_1_a_wounded_ally_limits_the_dice_to_four() -> None:
    """AK-5.1 (RB-3.1): four dice when any party member is hurt."""
    state = new_game()
    ally = give_ally(state, SALT_MINER)
    ally.wounds = 1
    refresh(state)
    play(state, "day")
    assert keys(state)[0] == "roll:4"


def test_ak_2_2_al_kalim_terrains_are_entered_with_their_die_symbols() -> None:
    """AK-2.2: dunes take the plains symbol, lowland the river symbol, and so on."""
    state = new_game()
    start = quiet_hex(LOWLAND)  # 10,0: lowland neighbours and dunes neighbours
    put(state, start)
    play(state, "night")
    rig(state, *faces(6))  # the lowland (river) face only
    play(state, "roll:1")
    neighbours = BOARD.hexes[start].neighbours
    offered = {o.data for o in state.pending.options if o.key.startswith("to:")}  # type: ignore[union-attr]
    assert offered == {n for n in neighbours if BOARD.hexes[n].terrain == LOWLAND}
    assert offered and all(
        BOARD.terrain_names[BOARD.hexes[n].terrain] == "lowland" for n in offered
    )


@pytest.mark.parametrize(
    ("start", "each"),
    [(DUNES, 2), (LOWLAND, 0), (ROAD, 1), (WASTELAND, 1), (MIRAGE, 1), (-1, 1)],
    ids=["dunes", "lowland", "road", "wasteland", "mirage", "city"],
)
def test_ak_5_2_day_exhaustion_by_the_starting_hex(start: int, each: int) -> None:
    """AK-5.2: rolling by day costs the hero and each ally 2 on dunes, none on lowland and 1
    anywhere else (a city too); the dice here show no mirage."""
    state = new_game()
    put(state, CITY_HEX["zerhaba"] if start < 0 else quiet_hex(start))
    ally = give_ally(state, SALT_MINER)
    refresh(state)
    play(state, "day")
    rig(state, *faces(1, 2, 4, 5, 6))  # no forest/mirage face among them
    play(state, "roll:5")
    assert (me(state).exhaustion, ally.exhaustion) == (each, each)


def test_ak_5_2_ak_13_10_a_covered_starting_hex_costs_one() -> None:
    """AK-5.2, AK-13.10: a hero starting on a covered hex counts as 'any other hex' (1 each),
    even on dunes."""
    state = new_game()
    dunes = quiet_hex(DUNES)
    put(state, dunes)
    set_storm(state, dunes, 1)
    refresh(state)
    play(state, "day")
    rig(state, *faces(1, 2))
    play(state, "roll:2")
    assert me(state).exhaustion == 1


def test_ak_5_3_each_mirage_die_costs_one_more_everywhere() -> None:
    """AK-5.3: 1 more exhaustion each per die showing the mirage symbol, on lowland as on
    dunes."""
    state = new_game()
    put(state, quiet_hex(LOWLAND))
    ally = give_ally(state, SALT_MINER)
    refresh(state)
    play(state, "day")
    rig(state, *faces(3, 3, 1))  # two mirage dice
    log: list[Event] = []
    play(state, "roll:3", log=log)
    assert (me(state).exhaustion, ally.exhaustion) == (2, 2)
    assert events(log, "day_travel")[0].data == {
        "seat": 0,
        "hero": hero_id(state),
        "each": 2,
        "mirages": 2,
    }


def test_ak_5_4_example_1_tahlia_by_day_step_by_step() -> None:
    """AK-5.4, example 1: Tahlia on wasteland with 1 exhaustion may roll 4 dice; she rolls 3
    and rests with the fourth (her exhaustion goes to 0), rolls dunes, road and one mirage, and
    she and her ally each take 2 exhaustion (1 for the day from wasteland, 1 for the mirage)
    before she moves."""
    state, ally = tahlia(WASTELAND)
    assert counters(state, ally) == (1, 0, 0, 0)
    play(state, "day")
    assert keys(state)[0] == "roll:4"  # exhausted: four dice at most
    rig(state, *faces(*TAHLIA_DICE))
    log: list[Event] = []
    play(state, "roll:3", log=log)
    # first the rest with the fourth die, then the day, then the mirage; then she moves
    assert [e.kind for e in log if e.kind in ("rest", "roll", "day_travel")] == [
        "rest",
        "roll",
        "day_travel",
    ]
    assert events(log, "rest")[0].data["removed"] == 1
    assert events(log, "day_travel")[0].data == {
        "seat": 0,
        "hero": hero_id(state),
        "each": 2,
        "mirages": 1,
    }
    assert counters(state, ally) == (2, 0, 2, 0)  # neither at their stamina (3)
    assert kind(state) == "move"  # only now does she move with the dice
    assert [o.key for o in state.pending.options if o.key.startswith("to:")]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("start", "each"), [(DUNES, 3), (LOWLAND, 1)], ids=["example-2-dunes", "example-3-lowland"]
)
def test_ak_5_4_examples_2_and_3_the_same_roll_from_dunes_or_lowland(start: int, each: int) -> None:
    """AK-5.4, examples 2 and 3: the same rest and roll from dunes costs 3 each (2 + the
    mirage); from lowland only the mirage's 1."""
    state, ally = tahlia(start)
    play(state, "day")
    rig(state, *faces(*TAHLIA_DICE))
    play(state, "roll:3")
    assert counters(state, ally) == (each, 0, each, 0)


def test_ak_5_4_example_4_by_night_no_exhaustion() -> None:
    """AK-5.4, example 4 (by night): the same roll by night costs nothing."""
    state, ally = tahlia(WASTELAND)
    play(state, "night")
    rig(state, *faces(*TAHLIA_DICE))
    play(state, "roll:3")
    assert counters(state, ally) == (0, 0, 0, 0)  # only the rest took her 1 exhaustion off


def test_ak_5_4_example_4_resting_with_all_dice_costs_nothing() -> None:
    """AK-5.4, example 4 (rest), AK-5.6: resting with every die rolls nothing, so no day
    exhaustion, not even on dunes."""
    state, ally = tahlia(DUNES)
    play(state, "day", "rest")
    assert counters(state, ally) == (0, 0, 0, 0)


def test_ak_5_4_example_4_the_one_hex_step_costs_nothing() -> None:
    """AK-5.4, example 4 (step), AK-5.6: moving to a neighbouring hex without rolling costs no
    day exhaustion."""
    state, ally = tahlia(DUNES)
    start = me(state).hex
    play(state, "day", "step", at_key(BOARD.hexes[start].neighbours[0]))
    assert counters(state, ally) == (1, 0, 0, 0)


def test_ak_5_5_exhaustion_beyond_stamina_becomes_wounds_counter_by_counter() -> None:
    """AK-5.5: a member near their stamina takes part exhaustion and part wounds."""
    state = out_in_the_dunes()  # Idris: stamina 3
    me(state).exhaustion = 2
    guard = give_ally(state, CARAVAN_GUARD)  # stamina 2
    guard.exhaustion = 1
    refresh(state)
    play(state, "day")
    rig(state, *faces(1, 1, 2, 2))
    play(state, "roll:4")  # four dice: no rest
    assert (me(state).exhaustion, me(state).wounds) == (3, 1)
    assert (guard.exhaustion, guard.wounds) == (2, 1)


def test_ak_5_6_moving_only_by_pack_camel_costs_nothing() -> None:
    """AK-5.6, AK-9.7: a camel's move is not a roll: no day exhaustion."""
    state = new_game()
    dunes = quiet_hex(DUNES)
    put(state, dunes)
    give_gear(state, PACK_CAMEL)
    refresh(state)
    play(state, "day")
    assert "camel" in keys(state)
    play(state, "camel", "stay")
    assert kind(state) == "after_movement"
    target = BOARD.hexes[dunes].neighbours[0]
    play(state, at_key(target))
    assert me(state).hex == target and me(state).exhaustion == 0


def deadly_day(**options: object) -> RuneboundState:
    """Idris on dunes at his stamina with one wound short of his life: a day roll's 2 become
    wounds and reach his life."""
    state = out_in_the_dunes(**options)
    me(state).exhaustion = stamina(state)
    me(state).wounds = life(state) - 1
    refresh(state)
    play(state, "day")
    return state


def test_ak_5_7_end_of_movement_the_waterskin_comes_before_the_knock_out() -> None:
    """AK-5.7 (default end_of_movement), AK-9.8: the wounds knock out only at the end of the
    movement step, after a waterskin could cancel them; drinking saves the hero."""
    state = deadly_day()
    give_gear(state, WATERSKIN)
    refresh(state)
    rig(state, *faces(1, 1, 2, 2))
    play(state, "roll:4")
    assert me(state).wounds == life(state) + 1 and kind(state) == "move"  # still moving
    play(state, "stop")
    assert kind(state) == "waterskin"
    play(state, "both")
    assert me(state).wounds == life(state) - 1 and kind(state) == "adventure_or_story"
    assert me(state).hex != CITY_HEX["kharadun"]


def test_ak_5_7_end_of_movement_knock_out_then_the_story_step_in_the_city() -> None:
    """AK-5.7, AK-16.1: without a waterskin the hero is knocked out at the end of the movement
    step, wakes in the nearest printed city and goes on with step 3 there."""
    state = deadly_day()
    city = nearest_city(state)
    rig(state, *faces(1, 1, 2, 2))
    log: list[Event] = []
    play(state, "roll:4", "stop", log=log)
    assert me(state).hex == city
    assert me(state).wounds == 0 and kind(state) == "adventure_or_story"
    assert "bazaar" in keys(state)
    assert [e.data.get("variant") for e in events(log, "knocked_out")] == ["heat"]


def test_ak_5_7_immediate_knocks_out_before_the_hero_moves() -> None:
    """AK-5.7 (option immediate): the check comes at once: no move, no waterskin; the hero
    wakes in the nearest printed city and takes step 3 there."""
    state = deadly_day(day_wound_check="immediate")
    give_gear(state, WATERSKIN)
    city = nearest_city(state)
    refresh(state)
    rig(state, *faces(1, 1, 2, 2))
    log: list[Event] = []
    play(state, "roll:4", log=log)
    assert events(log, "knocked_out")
    assert me(state).hex == city and kind(state) == "adventure_or_story"
    assert al_kalim_state(state).boards[0].gear[WATERSKIN] == 0  # AK-9.6: the gear is lost with it


def test_ak_5_7_immediate_kills_an_ally_at_once() -> None:
    """AK-5.7 (immediate): an ally whose day wounds reach its life dies before the move."""
    state = out_in_the_dunes(day_wound_check="immediate")
    guard = give_ally(state, CARAVAN_GUARD)  # life 3, stamina 2
    guard.exhaustion = 2
    guard.wounds = 2
    refresh(state)
    play(state, "day")
    rig(state, *faces(1, 1, 2, 2))
    play(state, "roll:4")
    assert guard not in me(state).allies and kind(state) == "move"


def test_ak_5_7_end_of_movement_kills_an_ally_only_at_the_end() -> None:
    """AK-5.7 (default): the ally lives through the move and dies at the end of the step."""
    state = out_in_the_dunes()
    guard = give_ally(state, CARAVAN_GUARD)
    guard.exhaustion = 2
    guard.wounds = 2
    refresh(state)
    play(state, "day")
    rig(state, *faces(1, 1, 2, 2))
    play(state, "roll:4")
    assert guard in me(state).allies and guard.wounds == 4
    play(state, "stop")
    assert guard not in me(state).allies
