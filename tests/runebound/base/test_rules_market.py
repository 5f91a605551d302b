"""Runebound base rules RB-7 (market) and RB-8 (experience)."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.engine.events import Event
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.scenario import (
    BOARD,
    GAME,
    MELEE,
    RULES,
    TAMALIR,
    adventure,
    ally,
    damage,
    enemy_life,
    give,
    hits_to_defeat,
    keys,
    kind,
    market_card,
    me,
    new_game,
    pass_turn,
    play,
    put,
    raise_life,
    raise_stamina,
    rig,
    rolls,
    safe_green_hex,
    start_adventure,
    take_adventure_card,
    to_stack,
)

GREEN, YELLOW, BLUE, RED = range(4)


def at_market(state: RuneboundState) -> None:
    """Seat 0 stays in Tamalir and reaches the market decision."""
    put(state, TAMALIR)
    play(state, "stay")
    assert kind(state) == "market"


def wild_by_tamalir() -> int:
    return next(n for n in BOARD.hexes[TAMALIR].neighbours if BOARD.hexes[n].gem < 0)


def at_experience(state: RuneboundState) -> None:
    """Seat 0 stays on an empty hex by Tamalir and reaches the experience decision."""
    put(state, wild_by_tamalir())
    play(state, "stay")
    assert kind(state) == "experience"


# --- RB-7 market ------------------------------------------------------------------------------


def test_rb_7_only_in_a_city() -> None:
    """RB-7: no market step outside a city."""
    state = new_game()
    me(state).counters = [RED, RED]
    put(state, wild_by_tamalir())
    play(state, "stay")
    assert kind(state) == "experience"


def test_rb_7_1_each_visit_puts_the_top_card_on_the_stack() -> None:
    """RB-7.1 / RB-7.7: Tamalir's empty stack gets the top market card on every visit."""
    state = new_game()
    assert state.stacks[0] == []
    top = state.market_deck[-1]
    at_market(state)
    assert state.stacks[0] == [top]
    play(state, "done")
    pass_turn(state)  # a second visit
    assert len(state.stacks[0]) == 2


def test_rb_7_1_an_empty_market_deck_is_rebuilt_from_the_discard_pile() -> None:
    """RB-7.1: the discard pile is shuffled into a new deck when the deck is empty."""
    state = new_game()
    a, b = market_card("m-01"), market_card("m-02")
    state.market_discard = [a, b]
    state.market_deck = []
    rig(state, 0)  # the shuffle swaps the two
    at_market(state)
    assert state.stacks[0] == [a] and state.market_deck == [b] and state.market_discard == []


def test_rb_7_2_buy_any_cards_in_the_stack_as_gold_allows() -> None:
    """RB-7.2: items and allies alike, several in one visit, each for its cost."""
    state = new_game()
    weapon, artifact, hireling = to_stack(state, 0, "m-01", "m-33", "m-61")  # 2, 1, 1 gold
    expensive = to_stack(state, 0, "m-20")[0]  # 10 gold
    state.market_deck = []  # nothing new comes this time
    me(state).gold = 4
    at_market(state)
    assert "buy:m-20" not in keys(state)
    play(state, "buy:m-01", "buy:m-33", "buy:m-61")
    h = me(state)
    assert h.gold == 0 and h.items == [weapon, artifact]
    assert [a.card for a in h.allies] == [hireling]
    assert state.stacks[0] == [expensive]


def test_rb_7_2_market_buys_option_limits_the_cards_per_visit() -> None:
    """RB-7.2 (option market_buys=2): after two cards, nothing more is for sale this visit;
    selling and healing go on."""
    state = new_game(market_buys=2)
    to_stack(state, 0, "m-01", "m-33", "m-61")  # 2, 1, 1 gold
    state.market_deck = []
    me(state).gold = 4
    at_market(state)
    play(state, "buy:m-33", "buy:m-61")
    assert me(state).gold == 2 and not [k for k in keys(state) if k.startswith("buy:")]
    assert "done" in keys(state)


@pytest.mark.parametrize(("price", "gold"), [("half", 3 + 2), ("full", 3 + 5)])
def test_rb_7_3_sell_to_the_bank(price: str, gold: int) -> None:
    """RB-7.3: sell an item or ally for half its cost rounded down (or the full cost)."""
    state = new_game(sell_price=price)
    sword, hireling = give(state, "m-09", "m-71")  # cost 5 each
    at_market(state)
    play(state, "sell:m-09")
    assert me(state).gold == gold and sword in state.market_discard
    play(state, "sell:m-71")
    assert me(state).allies == [] and hireling in state.market_discard


def test_rb_7_3_no_selling_with_sell_price_none_and_never_a_dragon_rune() -> None:
    """RB-7.3: `none` forbids selling; Dragon Runes are never on sale."""
    state = new_game(sell_price="none")
    give(state, "m-09")
    at_market(state)
    assert not any(k.startswith("sell:") for k in keys(state))
    state = new_game()
    rune = adventure("r-02")
    take_adventure_card(state, rune)
    me(state).runes = [rune]
    at_market(state)
    assert not any(k.startswith("sell:") for k in keys(state))


@pytest.mark.parametrize(("limit", "hires"), [(None, 2), (3, 3), (0, 0)])
def test_rb_7_4_ally_limit(limit: int | None, hires: int) -> None:
    """RB-7.4: at most two allies; the option `ally_limit` changes it."""
    options: dict[str, Any] = {} if limit is None else {"ally_limit": limit}
    state = new_game(**options)
    to_stack(state, 0, "m-61", "m-62", "m-63", "m-64")
    state.market_deck = []
    me(state).gold = 20
    at_market(state)
    hired = 0
    while any(k.startswith("buy:") for k in keys(state)):
        play(state, next(k for k in keys(state) if k.startswith("buy:")))
        hired += 1
    assert hired == hires == len(me(state).allies)


def test_rb_7_5_heal_one_wound_per_gold_hero_and_allies_not_exhaustion() -> None:
    """RB-7.5: 1 gold a wound, for the hero or an ally, as long as gold lasts."""
    state = new_game()
    give(state, "m-64")
    h = me(state)
    raise_stamina(state, 2)
    raise_life(state, 3)
    h.wounds, h.exhaustion, h.gold = 2, 2, 3
    ally(state, "m-64").wounds = 1
    at_market(state)
    assert "heal" in keys(state) and "heal-ally:0" in keys(state)
    log: list[Event] = []
    play(state, "heal", "heal", "heal-ally:0", log=log)
    assert (h.wounds, h.gold, ally(state, "m-64").wounds) == (0, 0, 0)
    assert h.exhaustion == 2
    assert not any(k.startswith("heal") for k in keys(state))
    texts = GAME.texts(GAME.config(1, {}))
    healed = [texts.event(e) for e in log if e.kind == "heal"]
    assert len(healed) == 3 and healed[0] != healed[2]  # the ally's heal has its own text


def test_rb_7_5_no_healing_without_gold() -> None:
    """RB-7.5: healing costs gold."""
    state = new_game()
    me(state).wounds, me(state).gold = 1, 0
    at_market(state)
    assert "heal" not in keys(state)


def test_rb_7_6_a_card_bought_this_turn_cannot_be_sold_until_next_turn() -> None:
    """RB-7.6: no buying and selling the same card in one turn."""
    state = new_game()
    to_stack(state, 0, "m-02")
    state.market_deck = []
    at_market(state)
    play(state, "buy:m-02")
    assert "sell:m-02" not in keys(state)
    turn = state.turn_number
    play(state, "done")
    assert state.turn_number == turn + 1  # the next turn
    at_market(state)
    assert "sell:m-02" in keys(state)


def test_rb_7_6_a_card_sold_this_turn_cannot_be_bought_back() -> None:
    """RB-7.6: a sold card that comes back to the stack the same turn is not for sale."""
    state = new_game()
    sword, ledger = give(state, "m-02", "m-38")  # m-38 (market): +1 gold and draw a card
    state.market_deck, state.market_discard = [], []
    at_market(state)
    play(state, "sell:m-02", f"use:m{ledger}.0")  # the discard pile (the sword) is the deck
    assert state.stacks[0] == [sword]
    assert "buy:m-02" not in keys(state)


def test_rb_7_7_tamalir_starts_empty_other_cities_do_not() -> None:
    """RB-7.7: Tamalir's stack is empty at the start and fills by visits."""
    state = new_game(2)
    assert state.stacks[0] == [] and all(state.stacks[1:])
    at_market(state)
    assert len(state.stacks[0]) == 1


# --- RB-8 experience ---------------------------------------------------------------------------


def test_rb_8_1_experience_is_the_sum_of_the_counters_values() -> None:
    """RB-8.1: unspent adventure counters, by value; from challenges and from effects."""
    state = new_game()
    hits = hits_to_defeat(enemy_life("g-01"), damage(state, MELEE))
    rig(state, *rolls(*[20] * hits))
    start_adventure(state, safe_green_hex(), "green", "g-01")  # melee only
    play(state, *["fight"] * (hits - 1))
    assert me(state).counters == [GREEN]
    start = RULES.xp_total(me(state))
    rig(state, *rolls(20))
    start_adventure(state, safe_green_hex(), "green", "g-29")
    play(state, "choice:1")  # experience 1 from the supply
    assert RULES.xp_total(me(state)) == start + 1 == 2
    me(state).counters = [GREEN, YELLOW, BLUE, RED]
    assert GAME.view(state, 0)["heroes"][0]["experience"] == 10


PRICE = {1: 5, 2: 5, 3: 4, 4: 4, 5: 3, 6: 2}


def experience_offered(players: int, points: int, **options: Any) -> bool:
    state = new_game(players, **options)
    me(state).counters = [GREEN] * points
    put(state, wild_by_tamalir())
    play(state, "stay")
    return kind(state) == "experience" and "xp:mind" in keys(state)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_rb_8_2_price_per_counter_by_player_count(players: int) -> None:
    """RB-8.2: 5, 5, 4, 4, 3, 2 experience per counter for 1-6 players."""
    assert not experience_offered(players, PRICE[players] - 1)
    assert experience_offered(players, PRICE[players])


def test_rb_8_2_xp_cost_sets_a_fixed_price() -> None:
    """RB-8.2: the option `xp_cost` replaces the table."""
    assert not experience_offered(2, 6, xp_cost=7)
    assert experience_offered(2, 7, xp_cost=7)
    assert experience_offered(6, 1, xp_cost=1)


def test_rb_8_2_as_many_counters_as_the_points_pay_for() -> None:
    """RB-8.2: buying goes on while the points last."""
    state = new_game(xp_cost=2)
    me(state).counters = [GREEN] * 5
    at_experience(state)
    play(state, "xp:mind", "xp:body")
    assert kind(state) != "experience"  # 1 point left: no more offers
    assert me(state).counters == [GREEN] and len(me(state).xp) == 2


def test_rb_8_3_five_kinds_and_their_permanent_bonuses() -> None:
    """RB-8.3: +2 mind, body, spirit or stamina, or +1 life; kept for good."""
    state = new_game(xp_cost=1)
    me(state).counters = [GREEN] * 5
    before = GAME.view(state, 0)["heroes"][0]
    at_experience(state)
    assert keys(state) == ["xp:mind", "xp:body", "xp:spirit", "xp:stamina", "xp:life", "done"]
    play(state, "xp:mind", "xp:body", "xp:spirit", "xp:stamina", "xp:life")
    pass_turn(state)
    after = GAME.view(state, 0)["heroes"][0]
    for stat in ("mind", "body", "spirit", "stamina"):
        assert after[stat] == before[stat] + 2
    assert after["life"] == before["life"] + 1
    assert after["experience_counters"] == ["mind", "body", "spirit", "stamina", "life"]


@pytest.mark.parametrize(
    ("counters", "left", "back"),
    [
        ([BLUE, BLUE, YELLOW, GREEN, GREEN], [BLUE, GREEN, GREEN], [0, 1, 1, 0]),  # 3+2
        ([RED, BLUE, BLUE], [RED], [0, 0, 2, 0]),  # 6 wastes 1; 7 would waste 2
        ([RED, RED], [], [0, 0, 0, 2]),  # 8: no change given
    ],
)
def test_rb_8_4_counters_spent_waste_least_then_fewest(
    counters: list[int], left: list[int], back: list[int]
) -> None:
    """RB-8.4: the fewest wasted points, then the fewest counters; spent ones to the supply."""
    state = new_game(xp_cost=5)
    me(state).counters = list(counters)
    supply = list(state.counter_supply)
    at_experience(state)
    play(state, "xp:body")
    assert sorted(me(state).counters) == sorted(left)
    assert [s - b for s, b in zip(state.counter_supply, supply, strict=True)] == back


@pytest.mark.parametrize(("blue_supply", "change"), [(2, [BLUE]), (0, [YELLOW, GREEN])])
def test_rb_8_4_xp_change_gives_change_largest_first(blue_supply: int, change: list[int]) -> None:
    """RB-8.4 (xp_change): the 3 points over the price come back as change, biggest first."""
    state = new_game(xp_cost=5, xp_change=True)
    state.counter_supply[BLUE] = blue_supply
    me(state).counters = [RED, RED]
    at_experience(state)
    play(state, "xp:spirit")
    assert me(state).counters == change
