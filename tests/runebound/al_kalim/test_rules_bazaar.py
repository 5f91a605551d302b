"""The Sands of Al-Kalim, AK-9 (bazaars, Al-Kalim allies and survival gear) and AK-14 (the lost
cities), with the shared market stack of AK-2.4."""

from __future__ import annotations

import pytest

from boardwright.engine.events import Event
from boardwright.games.runebound.knockout import knock_out
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.al_kalim.scenario import (
    AL_KALIM_RULES,
    BOARD,
    CANYON,
    CITY_HEX,
    DUNES,
    FACE_LOST_CITY,
    GAME,
    KIT,
    LOST,
    PACK_CAMEL,
    PRISON,
    WATERSKIN,
    al_kalim_state,
    at_key,
    events,
    faces,
    finish_story,
    give_ally,
    give_gear,
    give_legend,
    keys,
    kind,
    legend,
    market_card,
    me,
    nearest_city,
    new_game,
    new_game_at,
    next_to,
    others_pass,
    out_in_the_dunes,
    play,
    put,
    quest_board,
    quiet_hex,
    refresh,
    rig,
    rolls,
    set_limit,
    set_storm,
    story,
    take_market_card,
    terrain,
    to_step3,
)
from tests.runebound.al_kalim.texts import label, prompt, text

BASE_ALLY = next(
    i
    for i, c in enumerate(AL_KALIM_RULES.market)
    if c.kind == "ally" and i < AL_KALIM_RULES.base_market and c.cost <= 3
)
BASE_ITEM = next(
    i
    for i, c in enumerate(AL_KALIM_RULES.market)
    if c.kind != "ally" and i < AL_KALIM_RULES.base_market and c.cost <= 2
)
SALT_MINER = market_card("ak-a-10")
ZERHABA_STACK = 1  # market position 2


def top_of_market(state: RuneboundState, *cards: int) -> None:
    """Put market cards on top of the market deck; the first given is drawn first."""
    for c in reversed(cards):
        take_market_card(state, c)
        state.market_deck.append(c)


def bazaar_keys(state: RuneboundState) -> list[str]:
    return [k for k in keys(state) if k.startswith(("gear:", "sell-gear:"))]


# --- AK-9 bazaars -----------------------------------------------------------------------------


def test_ak_9_1_a_bazaar_draws_a_card_onto_the_citys_stack_then_trades() -> None:
    """AK-9.1: first the top market card goes onto the city's stack, then the hero may buy,
    sell, hire and heal as in the base market step."""
    state = new_game_at(CITY_HEX["zerhaba"])
    top_of_market(state, BASE_ITEM)
    me(state).wounds = 1
    to_step3(state)
    play(state, "bazaar")
    assert state.stacks[ZERHABA_STACK][-1] == BASE_ITEM
    assert f"buy:{AL_KALIM_RULES.market[BASE_ITEM].id}" in keys(state) and "heal" in keys(state)
    play(state, f"buy:{AL_KALIM_RULES.market[BASE_ITEM].id}")
    assert BASE_ITEM in me(state).items


def test_ak_9_2_a_base_ally_is_replaced_by_the_top_al_kalim_ally() -> None:
    """AK-9.2: a base ally drawn from the market deck is discarded and the top Al-Kalim ally
    takes its place."""
    state = new_game_at(CITY_HEX["zerhaba"])
    top_of_market(state, BASE_ALLY)
    al_kalim_state(state).ally_deck.append(SALT_MINER)
    take_market_card(state, SALT_MINER)
    al_kalim_state(state).ally_deck.append(SALT_MINER)
    to_step3(state)
    play(state, "bazaar")
    assert state.stacks[ZERHABA_STACK][-1] == SALT_MINER
    assert state.market_discard[-1] == BASE_ALLY


def test_ak_9_2_with_the_al_kalim_allies_gone_the_base_ally_stays() -> None:
    """AK-9.2: with the Al-Kalim ally deck empty the base ally is kept."""
    state = new_game_at(CITY_HEX["zerhaba"])
    top_of_market(state, BASE_ALLY)
    al_kalim_state(state).ally_deck.clear()
    to_step3(state)
    play(state, "bazaar")
    assert state.stacks[ZERHABA_STACK][-1] == BASE_ALLY


def test_ak_9_3_a_dead_al_kalim_ally_is_discarded_and_kept_when_drawn_again() -> None:
    """AK-9.3: an Al-Kalim ally that dies goes to the market discard pile; drawn again from the
    reshuffled deck it stays, since only base allies are replaced."""
    state = new_game_at(CITY_HEX["zerhaba"])
    ally = give_ally(state, "ak-a-10")
    AL_KALIM_RULES.hurt_ally(state, 0, ally, 4, 0, None)  # life 4: dead
    assert ally not in me(state).allies and state.market_discard[-1] == SALT_MINER
    state.market_discard.remove(SALT_MINER)
    top_of_market(state, SALT_MINER)
    deck = al_kalim_state(state).ally_deck[:]
    to_step3(state)
    play(state, "bazaar")
    assert state.stacks[ZERHABA_STACK][-1] == SALT_MINER and al_kalim_state(state).ally_deck == deck


def test_ak_9_4_survival_gear_for_one_gold_in_any_bazaar() -> None:
    """AK-9.4, AK-1.9: the three kinds for 1 gold each, from a stock beside the board, never in
    the market deck or on a stack."""
    state = new_game_at(CITY_HEX["zerhaba"])
    to_step3(state)
    play(state, "bazaar")
    assert bazaar_keys(state) == ["gear:pack_camel", "gear:waterskin", "gear:adventurers_kit"]
    gold = me(state).gold
    play(state, "gear:waterskin")
    assert me(state).gold == gold - 1
    assert quest_board(state).gear == [0, 1, 0] and al_kalim_state(state).gear_supply == [6, 5, 6]
    everywhere = [*state.market_deck, *state.market_discard, *(c for s in state.stacks for c in s)]
    assert all(c < AL_KALIM_RULES.first_legend for c in everywhere)


def test_ak_9_5_one_of_each_kind_per_story_step() -> None:
    """AK-9.5: at most one token of each kind in one story step; several of a kind may be held
    from different steps."""
    state = new_game_at(CITY_HEX["zerhaba"])
    me(state).gold = 10
    give_gear(state, WATERSKIN)
    to_step3(state)
    play(state, "bazaar", "gear:waterskin")
    assert "gear:waterskin" not in bazaar_keys(state)
    play(state, "gear:pack_camel", "gear:adventurers_kit")
    assert not [k for k in bazaar_keys(state) if k.startswith("gear:")]
    assert quest_board(state).gear == [1, 2, 1]


def test_ak_9_5_a_kind_sold_out_until_a_token_comes_back() -> None:
    """AK-9.5: the stock is limited; a discarded token returns to it."""
    state = new_game_at(CITY_HEX["zerhaba"])
    give_gear(state, PACK_CAMEL, 6, seat=1)
    to_step3(state)
    play(state, "bazaar")
    assert "gear:pack_camel" not in bazaar_keys(state)
    play(state, "done")
    # the other player (in Zerhaba too) discards a camel: it is for sale again
    assert state.seat == 1
    play(state, "day", "camel", "stay", "done")
    assert al_kalim_state(state).gear_supply[PACK_CAMEL] == 1
    play(state, "bazaar")
    assert "gear:pack_camel" in bazaar_keys(state)


@pytest.mark.parametrize(("price", "value"), [("half", 0), ("full", 1)])
def test_ak_9_6_survival_gear_is_sold_like_an_item(price: str, value: int) -> None:
    """AK-9.6: a token is an item: it sells for half its price (nothing) or, with
    sell_price=full, its price; it goes back to the stock."""
    state = new_game_at(CITY_HEX["zerhaba"], sell_price=price)
    give_gear(state, KIT)
    gold = me(state).gold
    to_step3(state)
    play(state, "bazaar", "sell-gear:adventurers_kit")
    assert me(state).gold == gold + value
    assert quest_board(state).gear[KIT] == 0 and al_kalim_state(state).gear_supply[KIT] == 6


def test_ak_9_6_no_selling_with_sell_price_none() -> None:
    """AK-9.6 (RB-7.3 sell_price=none): gear cannot be sold when nothing can."""
    state = new_game_at(CITY_HEX["zerhaba"], sell_price="none")
    give_gear(state, KIT)
    to_step3(state)
    play(state, "bazaar")
    assert "sell-gear:adventurers_kit" not in keys(state)


def test_ak_9_6_ak_16_1_a_knock_out_loses_all_survival_gear() -> None:
    """AK-9.6, AK-16.1: every token is discarded, back to the stock, whatever the penalty."""
    state = new_game(knockout_penalty="lenient")
    for kind_index in range(3):
        give_gear(state, kind_index, 2)
    AL_KALIM_RULES.hurt_hero(state, 0, 10, 0)
    knock_out(AL_KALIM_RULES, state, 0, None)
    assert quest_board(state).gear == [0, 0, 0] and al_kalim_state(state).gear_supply == [6, 6, 6]


def test_ak_9_7_the_camel_moves_one_hex_before_between_or_after_dice() -> None:
    """AK-9.7: discarded during the movement step for one extra move onto a neighbouring hex
    of any terrain, here after the dice moves; the token goes back to the stock."""
    state = new_game()
    start = quiet_hex(DUNES)
    put(state, start)
    give_gear(state, PACK_CAMEL, 2)
    refresh(state)
    play(state, "night")
    rig(state, *faces(1))  # one road/dunes die
    play(state, "roll:1")
    step = next(n for n in BOARD.hexes[start].neighbours if terrain(n) == DUNES)
    play(state, at_key(step))
    assert "camel" in keys(state)  # the die is spent; the camel is still there
    play(state, "camel")
    beyond = next(n for n in BOARD.hexes[step].neighbours if n != start)
    play(state, at_key(beyond))
    assert me(state).hex == beyond
    assert quest_board(state).gear[PACK_CAMEL] == 1
    assert al_kalim_state(state).gear_supply[PACK_CAMEL] == 5


def test_ak_9_7_ak_13_9_the_camel_enters_the_sandstorm() -> None:
    """AK-9.7, AK-13.9: the camel's move may enter a covered hex, which no die can."""
    state = new_game()
    start = quiet_hex(DUNES)
    put(state, start)
    storm_centre = next_to(next_to(start, 0), 0)
    set_storm(state, storm_centre, 3)
    give_gear(state, PACK_CAMEL)
    refresh(state)
    play(state, "night")
    rig(state, *faces(1, 2, 3, 4, 5))
    play(state, "roll:5")
    target = next_to(start, 0)
    assert at_key(target) not in keys(state)  # covered: no die shows "sandstorm"
    play(state, "camel", at_key(target))
    assert me(state).hex == target


@pytest.mark.parametrize(
    ("cancels", "choice", "left"),
    [("both", "both", (2, 0)), ("either", "exhaustion", (2, 2)), ("either", "wounds", (3, 0))],
)
def test_ak_9_8_the_waterskin_cancels_the_days_march(
    cancels: str, choice: str, left: tuple[int, int]
) -> None:
    """AK-9.8 (option waterskin_cancels): discarded at the end of the movement step, it cancels
    the exhaustion and the wounds taken from rolling by day (mirages included), or (the German
    reading) either of them; other counters stay."""
    state = out_in_the_dunes(waterskin_cancels=cancels)
    me(state).exhaustion = 2  # Idris: stamina 3
    give_gear(state, WATERSKIN)
    refresh(state)
    play(state, "day")
    rig(state, *faces(1, 2, 3, 4))  # dunes 2 + one mirage: 3 each
    play(state, "roll:4")
    assert (me(state).exhaustion, me(state).wounds) == (3, 2)
    play(state, "stop")
    assert kind(state) == "waterskin"
    options = {"both": ["both", "keep"], "either": ["exhaustion", "wounds", "keep"]}[cancels]
    assert keys(state) == options
    play(state, choice)
    # the march gave 1 exhaustion and 2 wounds; the 2 exhaustion from before stay
    assert (me(state).exhaustion, me(state).wounds) == left
    assert al_kalim_state(state).gear_supply[WATERSKIN] == 6


def test_ak_9_8_no_waterskin_offered_by_night() -> None:
    """AK-9.8: nothing to cancel after a night's movement."""
    state = out_in_the_dunes()
    give_gear(state, WATERSKIN)
    refresh(state)
    play(state, "night")
    rig(state, *faces(1, 2))
    play(state, "roll:2", "stop")
    assert kind(state) == "adventure_or_story"


SECRETS = legend("ak-l-11")  # Secrets of the Prison of the Ifrit: step 2, a story roll there
SECRETS_TEST = AL_KALIM_RULES.al_kalim.legends[SECRETS].quest.steps[1].test
assert SECRETS_TEST is not None


def quest_test_game(
    short: int, kit: bool, log: list[Event] | None = None
) -> tuple[RuneboundState, object]:
    """Idris rolls the story die in the Prison of the Ifrit for the second step of the Secrets
    of the Prison (a spirit + lore test of its own) and misses by ``short``."""
    state = new_game()
    set_limit(state, "green")
    slot = give_legend(state, SECRETS)
    slot.step = 1
    if kit:
        give_gear(state, KIT)
    put(state, PRISON)
    assert SECRETS_TEST is not None
    bonus = AL_KALIM_RULES.test_bonus(state, 0, SECRETS_TEST.stat, SECRETS_TEST.skill)
    to_step3(state)
    rig(state, *faces(6), *rolls(SECRETS_TEST.difficulty - short - bonus))
    play(state, "story", log=log)
    return state, slot


def test_ak_9_9_the_kit_adds_3_after_the_roll() -> None:
    """AK-9.9, AK-11.6: a failed quest test 3 short or less: the kit is offered after the roll
    and its +3 saves the quest."""
    log: list[Event] = []
    state, slot = quest_test_game(3, kit=True, log=log)  # exactly what the kit makes up
    assert kind(state) == "adventurers_kit" and state.pending is not None
    assert SECRETS_TEST is not None
    asked = f"{SECRETS_TEST.difficulty - 3} fails {SECRETS_TEST.difficulty}: use an adventurer's"
    assert prompt(state.pending) == f"{asked} kit for +3?"
    assert [label(o) for o in state.pending.options] == [
        "discard an adventurer's kit: +3",
        "accept failure",
    ]
    play(state, "kit", log=log)
    assert text(events(log, "gear")[-1]).endswith(") uses an adventurer's kit")
    assert slot.done and quest_board(state).gear[KIT] == 0  # type: ignore[attr-defined]
    assert al_kalim_state(state).gear_supply[KIT] == 6


def test_ak_9_9_no_kit_when_three_would_not_be_enough() -> None:
    """AK-9.9: 4 short, the kit cannot help: the quest fails at once."""
    log: list[Event] = []
    state, _slot = quest_test_game(4, kit=True, log=log)
    assert kind(state) != "adventurers_kit"
    name = AL_KALIM_RULES.al_kalim.legends[SECRETS].name
    failed = f" fails the quest of {name}; the card goes under its stack"
    assert text(events(log, "quest")[-1]).endswith(failed)
    assert SECRETS not in [s.card for s in quest_board(state).legends]
    assert quest_board(state).gear[KIT] == 1


# --- AK-2.4 and AK-14.8 market stacks --------------------------------------------------------


def test_ak_2_4_hasmeen_and_sulun_wells_share_stack_5() -> None:
    """AK-2.4: the six printed cities use stacks 1-5; Hasmeen and Sulun Wells share stack 5,
    so a card drawn in one is for sale in the other."""
    state = new_game_at(CITY_HEX["hasmeen"])
    top_of_market(state, BASE_ITEM)
    to_step3(state)
    play(state, "bazaar")
    assert state.stacks[4][-1] == BASE_ITEM
    play(state, "done")
    state.heroes[1].hex = CITY_HEX["sulun-wells"]
    state.heroes[1].gold = 5
    play(state, "day", "stay", "bazaar")
    assert f"buy:{AL_KALIM_RULES.market[BASE_ITEM].id}" in keys(state)


def lost_city_out(name: str, **options: object) -> tuple[RuneboundState, int]:
    """Roll the canyon on a quiet dunes hex and raise the named lost city there (not explored)."""
    state = new_game(**options)  # type: ignore[arg-type]
    here = quiet_hex(DUNES)
    put(state, here)
    story(state, FACE_LOST_CITY)
    play(state, "symbol:canyon", f"lost:{name}")
    return state, here


def test_ak_14_1_ak_3_2_lost_cities_start_beside_the_market_row() -> None:
    """AK-14.1, AK-3.2: all three lost cities wait beside their stacks' crests."""
    state = new_game()
    assert al_kalim_state(state).lost_cities == [-1, -1, -1]
    assert set(GAME.view(state, 0)["al_kalim"]["lost_cities"].values()) == {None}


def test_ak_14_2_ak_14_8_explored_at_once_on_its_own_stack() -> None:
    """AK-14.2, AK-14.8: the hero may explore the new city's bazaar at once; it draws onto the
    city's own stack (the City of Faith: stack 6) and is part of the same story step."""
    state, here = lost_city_out("city-of-faith")
    assert kind(state) == "explore_lost_city"
    top_of_market(state, BASE_ITEM)
    play(state, "explore")
    assert kind(state) == "market" and state.stacks[5][-1] == BASE_ITEM
    assert bazaar_keys(state)[:3] == ["gear:pack_camel", "gear:waterskin", "gear:adventurers_kit"]
    play(state, "done")
    assert kind(state) == "story_order"  # the face's other symbols: the same story step
    assert al_kalim_state(state).lost_cities[LOST["city-of-faith"]] == here


def test_ak_14_3_ak_14_9_another_hero_explores_it_later_as_a_city() -> None:
    """AK-14.3, AK-14.9: the lost city stays; a hero ending movement there later takes its
    bazaar in the story step, and cannot roll the story die there."""
    state, here = lost_city_out("city-of-dreams")
    play(state, "no")
    others_pass(state, seat=1)
    state.heroes[1].hex = here
    play(state, "day", "stay")
    assert "bazaar" in keys(state) and "story" not in keys(state)
    play(state, "bazaar")
    assert kind(state) == "dreams_search"


def test_ak_14_9_option_false_a_lost_city_hex_offers_both() -> None:
    """AK-14.9 (lost_city_counts_as_city=false): the hero may choose its bazaar or the die."""
    state, _here = lost_city_out("city-of-faith", lost_city_counts_as_city=False)
    play(state, "no")
    others_pass(state)
    play(state, "day", "stay")
    assert "bazaar" in keys(state) and "story" in keys(state)


def test_ak_14_9_a_covered_lost_city_is_open_land() -> None:
    """AK-14.9, AK-13.8: under the storm its bazaar is closed and the story die is rolled."""
    state, here = lost_city_out("city-of-faith")
    play(state, "no")
    others_pass(state)
    set_storm(state, here, 0)
    refresh(state)
    play(state, "day", "stay")
    assert "story" in keys(state) and "bazaar" not in keys(state)


def test_ak_14_9_it_keeps_its_terrain_and_is_no_knock_out_destination() -> None:
    """AK-14.9: for movement and day exhaustion the hex keeps its terrain (dunes: 2), and a
    knocked-out hero never wakes in a lost city."""
    state, here = lost_city_out("city-of-faith")
    play(state, "no")
    others_pass(state)
    assert nearest_city(state) != here and BOARD.hexes[nearest_city(state)].city >= 0
    play(state, "day")
    rig(state, *faces(1, 2))
    play(state, "roll:2")
    assert me(state).exhaustion == 2


def test_ak_14_4_with_all_three_out_the_canyon_sends_them_back() -> None:
    """AK-14.4: rolled while every lost city is on the board, all three return beside the
    market row and none is placed."""
    state = new_game()
    here = quiet_hex(DUNES)
    put(state, here)
    al_kalim_state(state).lost_cities = [CITY_HEX["kharadun"], CITY_HEX["mirath"], next_to(here, 0)]
    story(state, FACE_LOST_CITY)
    play(state, "symbol:canyon")
    assert al_kalim_state(state).lost_cities == [-1, -1, -1]
    assert kind(state) == "story_order"  # the other symbols go on


def test_ak_14_5_the_city_of_faith_heals_the_party_for_free() -> None:
    """AK-14.5: every wound of the hero and of all allies, free of charge."""
    state, _here = lost_city_out("city-of-faith")
    me(state).wounds = 3
    ally = give_ally(state, "ak-a-10")
    ally.wounds = 2
    gold = me(state).gold
    play(state, "explore", "faith")
    assert (me(state).wounds, ally.wounds, me(state).gold) == (0, 0, gold)
    assert "faith" not in keys(state)


@pytest.mark.parametrize(("draw", "drawn"), [("extra", 6), ("instead", 5)])
def test_ak_14_6_the_city_of_dreams_searches_five_cards(draw: str, drawn: int) -> None:
    """AK-14.6 (option dream_city_draw): after (extra) or instead of the usual draw, the top 5
    market cards are shown; one joins the stack, the others go back into the deck."""
    state, _here = lost_city_out("city-of-dreams", dream_city_draw=draw)
    deck = len(state.market_deck)
    play(state, "explore")
    assert kind(state) == "dreams_search"
    play(state, "search")
    assert kind(state) == "city_of_dreams" and len(keys(state)) == 5
    assert state.pending is not None
    chosen = next(o for o in state.pending.options if AL_KALIM_RULES.market[o.data].kind != "ally")
    play(state, chosen.key)
    chosen = chosen.data
    stack = state.stacks[6]
    assert stack[-1] == chosen and len(stack) == {"extra": 3, "instead": 2}[draw]
    assert len(state.market_deck) == deck - (drawn - 4)
    assert kind(state) == "market"


def test_ak_14_6_a_base_ally_found_in_dreams_is_replaced() -> None:
    """AK-14.6, AK-9.2: a base ally chosen in the City of Dreams is replaced too."""
    state, _here = lost_city_out("city-of-dreams", dream_city_draw="instead")
    top_of_market(state, BASE_ALLY)
    take_market_card(state, SALT_MINER)
    al_kalim_state(state).ally_deck.append(SALT_MINER)
    play(state, "explore", "search", f"dream:{AL_KALIM_RULES.market[BASE_ALLY].id}")
    assert state.stacks[6][-1] == SALT_MINER and BASE_ALLY in state.market_discard


@pytest.mark.parametrize(("draw", "added"), [("extra", 1), ("instead", 0)])
def test_ak_14_6_the_city_of_dreams_search_may_be_declined(draw: str, added: int) -> None:
    """AK-14.6: the player *may* search: declining shows no card, leaves the market deck as it
    was and goes on with the bazaar (with the usual draw only under dream_city_draw=extra)."""
    state, _here = lost_city_out("city-of-dreams", dream_city_draw=draw)
    before = len(state.stacks[6])
    play(state, "explore")
    deck = list(state.market_deck)
    reveals = state.reveals
    play(state, "no")
    assert state.market_deck == deck and state.reveals == reveals
    assert len(state.stacks[6]) == before + added
    assert kind(state) == "market"


def test_ak_14_7_the_city_of_clouds_flies_the_hero_anywhere_before_experience() -> None:
    """AK-14.7: having explored it, at the start of the experience step the hero may move to
    any hex, with no die and no exhaustion."""
    state, _here = lost_city_out("city-of-clouds")
    play(state, "explore", "done")
    finish_story(state)
    assert kind(state) == "clouds"
    far = CITY_HEX["hasmeen"]
    play(state, at_key(far))
    assert me(state).hex == far and me(state).exhaustion == 0


def test_ak_14_2_canyon_by_a_hero_in_the_storm_on_a_canyon() -> None:
    """AK-14.2: the lost city goes on the hero's own hex, whatever its terrain (a canyon)."""
    state = new_game()
    canyon = quiet_hex(CANYON)
    put(state, canyon)
    story(state, FACE_LOST_CITY)
    play(state, "symbol:canyon", "lost:city-of-clouds", "no")
    assert al_kalim_state(state).lost_cities[LOST["city-of-clouds"]] == canyon


def test_ak_9_1_exploring_a_bazaar_can_complete_a_quest_step() -> None:
    """AK-9.1, AK-11.5: Rashid's quest starts with the bazaar of Kharadun and 2 gold."""
    state = new_game_at(CITY_HEX["kharadun"])
    set_limit(state, "green")
    slot = give_legend(state, legend("ak-l-01"))
    gold = me(state).gold
    log: list[Event] = []
    to_step3(state)
    play(state, "bazaar", log=log)
    assert slot.step == 1 and me(state).gold == gold - 2
    assert events(log, "quest")


def test_ak_2_4_ak_9_2_a_cards_market_draw_in_sulun_wells_goes_to_stack_5() -> None:
    """AK-2.4, AK-9.2, AK-14.8: a base card's market draw (the Merchant's Ledger) in a bazaar
    goes onto that bazaar's own stack (Sulun Wells: the shared stack 5; a lost city: its own),
    and a base ally drawn that way is replaced too."""
    ledger = market_card("m-38")
    state = new_game()
    take_market_card(state, ledger)
    me(state).items.append(ledger)
    put(state, CITY_HEX["sulun-wells"])
    top_of_market(state, BASE_ITEM, BASE_ALLY)
    take_market_card(state, SALT_MINER)
    al_kalim_state(state).ally_deck.append(SALT_MINER)
    to_step3(state)
    play(state, "bazaar")  # the bazaar's own draw: the base item
    play(state, f"use:m{ledger}.0")  # the ledger's draw: the base ally, replaced
    assert state.stacks[4][-2:] == [BASE_ITEM, SALT_MINER]
    assert [len(s) for s in state.stacks[5:]] == [1, 1, 1]  # the lost cities' stacks untouched
