"""The Sands of Al-Kalim, AK-1 (components and the adventure), AK-2 (the overlay) and AK-3
(setup), as an Al-Kalim game lays them out."""

from __future__ import annotations

from collections import Counter

import pytest

from boardwright.engine.errors import ConfigError
from boardwright.games.runebound.adventures.al_kalim.state import AlKalimState
from boardwright.games.runebound.content import LEGEND_TYPES
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.al_kalim.scenario import (
    AL_KALIM_RULES,
    BOARD,
    CITY_HEX,
    GAME,
    al_kalim_state,
    config_options,
    keys,
    kind,
    new_game,
    play,
    quest_board,
    set_limit,
    to_step3,
)


def fresh(players: int = 2, seed: int = 7, **options: object) -> RuneboundState:
    """An Al-Kalim game just set up: the first start_city decision."""
    return GAME.setup(GAME.config(players, config_options(**options)), seed)


# --- AK-1 components and the adventure -----------------------------------------------------------


def test_ak_1_1_an_adventure_for_2_to_6_players() -> None:
    """AK-1.1: played on the base game, for 2-6 players."""
    with pytest.raises(ConfigError, match="2 to 6"):
        GAME.config(1, {"adventure": "al-kalim"})
    for players in (2, 6):
        state = fresh(players)
        assert len(state.heroes) == players and isinstance(state.adventure_state, AlKalimState)
    with pytest.raises(ConfigError):
        GAME.config(7, {"adventure": "al-kalim"})
    # an Al-Kalim option outside an Al-Kalim game is refused
    with pytest.raises(ConfigError, match="al-kalim"):
        GAME.config(2, {"al_kalim.sandstorm_radius": 2})


def test_ak_1_2_ak_1_4_ak_1_5_ak_1_9_the_components_laid_out() -> None:
    """AK-1.2, AK-1.4, AK-1.5, AK-1.9: 56 adventure cards (20/16/12/8), 25 legend cards in five
    stacks of 5, 23 Al-Kalim allies, 18 survival-gear tokens (6 of each kind), 3 lost cities."""
    state = fresh()
    market_allies = [c for s in state.stacks for c in s if c >= AL_KALIM_RULES.first_ally]
    assert [len(d) for d in state.adventure_decks] == [20, 16, 12, 8]
    assert [len(s) for s in al_kalim_state(state).legend_stacks] == [5, 5, 5, 5, 5]
    assert len(al_kalim_state(state).ally_deck) + len(market_allies) == 23
    assert al_kalim_state(state).gear_supply == [6, 6, 6]
    assert al_kalim_state(state).lost_cities == [-1, -1, -1]


def test_ak_1_3_ak_3_8_the_decks_hold_al_kalim_challenges_only() -> None:
    """AK-1.3, AK-3.8, AK-16.3: the four Al-Kalim decks replace the base decks: challenges only,
    no events and no encounters."""
    state = fresh()
    for colour, deck in enumerate(state.adventure_decks):
        cards = [AL_KALIM_RULES.adventures[i] for i in deck]
        assert all(c.kind == "challenge" and c.colour == COLOURS[colour] for c in cards)
        assert all(c.id.startswith("ak-") for c in cards)
    assert state.event == -1


@pytest.mark.parametrize(
    ("pool", "which"),
    [("both", {"base", "ak"}), ("al_kalim", {"ak"}), ("base", {"base"})],
)
def test_ak_1_6_ak_3_10_the_hero_pool(pool: str, which: set[str]) -> None:
    """AK-1.6, AK-3.10 (option hero_pool): heroes are dealt from both boxes, the six Al-Kalim
    heroes only, or the base heroes only; each hero takes 3 gold."""
    seen: set[str] = set()
    for seed in range(6):
        state = fresh(6, seed, hero_pool=pool)
        for h in state.heroes:
            seen.add("ak" if h.hero >= AL_KALIM_RULES.base_heroes else "base")
            assert h.gold == 3
        everyone = sorted([h.hero for h in state.heroes] + state.unused_heroes)
        expected = {
            "both": range(len(AL_KALIM_RULES.heroes)),
            "al_kalim": range(AL_KALIM_RULES.base_heroes, 18),
        }
        assert everyone == list(expected.get(pool, range(AL_KALIM_RULES.base_heroes)))
    assert seen == which


def test_ak_1_6_choosing_a_hero_from_the_pool() -> None:
    """AK-1.6 (with hero_selection=choose): the choice is among the pool's heroes."""
    state = fresh(2, hero_pool="al_kalim", hero_selection="choose")
    assert kind(state) == "choose_hero"
    assert all(k.startswith("hero:ak-h-") for k in keys(state)) and len(keys(state)) == 6


def test_ak_1_7_the_quest_board_holds_legends_apart_from_cards() -> None:
    """AK-1.7: each player has a quest board: no legend cards and no limit counter at first;
    legend cards go there, not among the items and allies."""
    state = new_game()
    board = quest_board(state)
    assert (board.legends, board.limit, board.gear) == ([], 0, [0, 0, 0])
    set_limit(state, "green")
    state.heroes[0].hex = next(h.index for h in BOARD.hexes if h.city < 0 and h.gem < 0)
    to_step3(state)
    top = al_kalim_state(state).legend_stacks[LEGEND_TYPES.index("artifact")][-1]
    play(state, "legend:artifact")
    assert [s.card for s in board.legends] == [top]
    assert state.heroes[0].items == [] and state.heroes[0].allies == []


def test_ak_1_8_ak_3_2_three_lost_cities_by_the_crests_of_stacks_6_to_8() -> None:
    """AK-1.8, AK-3.2: the City of Faith (griffin, stack 6), of Dreams (stag, 7) and of Clouds
    (eagle, 8) start beside the market row."""
    crests = [(c.name, c.crest, c.market_position) for c in BOARD.lost_cities]
    assert crests == [
        ("City of Faith", "griffin", 6),
        ("City of Dreams", "stag", 7),
        ("City of Clouds", "eagle", 8),
    ]
    assert al_kalim_state(fresh()).lost_cities == [-1, -1, -1]


def test_ak_1_10_ak_3_7_the_sandstorm_waits_beside_the_board() -> None:
    """AK-1.10, AK-3.7: no storm on the board at the start."""
    state = fresh()
    assert al_kalim_state(state).storm == -1 and not AL_KALIM_RULES.storm_hexes(state)


def test_ak_1_11_ak_3_9_the_extra_counters_join_the_supply() -> None:
    """AK-1.11, AK-3.9: the expansion's 20 counters, 5 of each colour, join the base spares in
    the common supply."""
    assert fresh().counter_supply == [2 + 5] * 4


# --- AK-2 the overlay board -----------------------------------------------------------------------


def test_ak_2_1_ak_3_1_the_overlay_replaces_the_map_the_market_row_stays() -> None:
    """AK-2.1, AK-3.1: the game is played on the overlay (its terrains and names), with the
    market row's eight stacks."""
    state = fresh()
    assert GAME.rules_for(state).board is BOARD
    assert BOARD.terrain_names[0] == "dunes" and len(state.stacks) == 8
    assert [c.name for c in BOARD.cities][:2] == ["Kharadun", "Zerhaba"]


def test_ak_2_4_ak_3_3_gem_hexes_start_with_their_counters() -> None:
    """AK-2.4, AK-3.3: every gem hex gets one counter of its colour; starred hexes as on the
    base board; the printed cities sit on stacks 1-5."""
    state = fresh()
    for h in BOARD.hexes:
        assert state.counters[h.index] == ((1 << h.gem) if h.gem >= 0 else 0)
    assert any(h.star for h in BOARD.hexes)
    assert sorted({c.market_position for c in BOARD.cities}) == [1, 2, 3, 4, 5]


# --- AK-3 setup -------------------------------------------------------------------------------


def test_ak_3_4_a_card_on_each_of_the_eight_stacks_base_allies_replaced() -> None:
    """AK-3.4, AK-16.3: the top eight market cards are dealt, one on each stack (the first stack
    too); a base ally dealt there is replaced by an Al-Kalim ally (AK-9.2)."""
    replaced = 0
    for seed in range(12):
        state = fresh(2, seed)
        assert all(len(s) == 1 for s in state.stacks)
        for stack in state.stacks:
            card = AL_KALIM_RULES.market[stack[0]]
            assert not (card.kind == "ally" and stack[0] < AL_KALIM_RULES.base_market)
        replaced += len(state.market_discard)
        assert all(AL_KALIM_RULES.market[c].kind == "ally" for c in state.market_discard)
        assert len(al_kalim_state(state).ally_deck) == 23 - len(state.market_discard)
    assert replaced > 0


def test_ak_3_5_ak_3_6_shuffled_decks_with_the_top_quests_open() -> None:
    """AK-3.5, AK-3.6: the ally deck and the legend stacks are shuffled; each stack's top quest
    is open to all, the order below is not."""
    orders = set()
    for seed in range(4):
        state = fresh(2, seed)
        orders.add(tuple(al_kalim_state(state).legend_stacks[0]))
        stacks = GAME.view(state, None)["al_kalim"]["legend_stacks"]
        for kind_name, stack in zip(LEGEND_TYPES, al_kalim_state(state).legend_stacks, strict=True):
            assert stacks[kind_name] == {
                "size": 5,
                "top": AL_KALIM_RULES.al_kalim.legends[stack[-1]].id,
            }
            assert all(AL_KALIM_RULES.al_kalim.legends[c].type == kind_name for c in stack)
    assert len(orders) > 1


def test_ak_3_11_start_player_then_each_hero_on_a_printed_city() -> None:
    """AK-3.11: a drawn start player; then in turn order each player puts their hero on a
    printed city of their choice; two heroes may share a city."""
    firsts = set()
    for seed in range(8):
        state = fresh(3, seed)
        firsts.add(state.first)
        order = []
        while kind(state) == "start_city":
            assert state.pending is not None
            order.append(state.pending.seat)
            assert keys(state) == [f"city:{c.id}" for c in BOARD.cities]
            play(state, "city:mirath")
        assert order == [(state.first + i) % 3 for i in range(3)]
        assert all(h.hex == CITY_HEX["mirath"] for h in state.heroes)
        assert kind(state) == "day_or_night" and state.seat == state.first
    assert len(firsts) > 1


def test_ak_3_10_each_hero_takes_3_gold() -> None:
    """AK-3.10: 3 gold each, and the heroes not in play leave the game."""
    state = fresh(4)
    assert [h.gold for h in state.heroes] == [3, 3, 3, 3]
    assert len(state.unused_heroes) == len(AL_KALIM_RULES.heroes) - 4
    assert Counter(h.hero for h in state.heroes).most_common(1)[0][1] == 1
