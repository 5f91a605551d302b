"""Runebound base rules RB-1 (setup)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardwright.engine.hexgrid import to_offset
from boardwright.games.runebound.content import TERRAIN_NAMES
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.scenario import BOARD, CONTENT, GAME, TAMALIR, keys, kind, pass_turn, play

ROW = (
    "Tamalir",
    "Riverwatch",
    "Dawnsmoor",
    "Vynelvale",
    "Forge",
    "Nerekhall",
    "Greyhaven",
    "Frostgate",
)


def fresh(players: int = 2, seed: int = 1, **options: Any) -> RuneboundState:
    return GAME.setup(GAME.config(players, options), seed)


def test_rb_1_1_board_census_tamalir_in_the_centre_and_eight_city_stacks() -> None:
    """RB-1.1: 182 hexes with the printed terrain census; Tamalir in the centre; 8 stacks."""
    assert len(BOARD.hexes) == 182
    census = Counter(TERRAIN_NAMES[h.terrain] for h in BOARD.hexes)
    assert census == {
        "forest": 40,
        "plains": 36,
        "hills": 32,
        "river": 30,
        "mountains": 17,
        "road": 15,
        "city": 8,
        "swamp": 4,
    }
    assert {c.name for c in BOARD.cities} == set(ROW)
    assert BOARD.cities[0].name == "Tamalir"
    col, row = to_offset(BOARD.hexes[TAMALIR].at)
    rows = {to_offset(h.at)[1] for h in BOARD.hexes}
    cols = {to_offset(h.at)[0] for h in BOARD.hexes}
    assert row == (min(rows) + max(rows)) // 2
    assert abs(col - (min(cols) + max(cols)) / 2) <= 0.5
    state = fresh()
    assert len(state.stacks) == 8  # a market stack for every city


def test_rb_1_1_market_row_order() -> None:
    """RB-1.1: the market row runs Tamalir, Riverwatch, Dawnsmoor, Vynelvale, Forge,
    Nerekhall, Greyhaven, Frostgate."""
    assert tuple(c.name for c in BOARD.cities) == ROW


def test_rb_1_2_a_counter_on_every_gem_hex_and_two_spares_per_colour() -> None:
    """RB-1.2: 50 gem hexes (18/14/11/7), each with a counter of its colour; supply 2 each."""
    gems = Counter(COLOURS[h.gem] for h in BOARD.hexes if h.gem >= 0)
    assert gems == {"green": 18, "yellow": 14, "blue": 11, "red": 7}
    starred = sum(1 for h in BOARD.hexes if h.gem >= 0 and h.star)
    assert 50 / 4 < starred < 50 / 2.5  # about a third
    for seed in (1, 2):
        state = fresh(seed=seed)
        for h in BOARD.hexes:
            assert state.counters[h.index] == (1 << h.gem if h.gem >= 0 else 0)
        assert state.counter_supply == [2, 2, 2, 2]
        on_board = [sum(bits >> c & 1 for bits in state.counters) for c in range(4)]
        boxed = [n + s for n, s in zip(on_board, state.counter_supply, strict=True)]
        assert boxed == [20, 16, 13, 9]  # 58 counters in the box


def test_rb_1_3_shuffled_market_deck_one_card_on_every_stack_but_tamalir() -> None:
    """RB-1.3: items and allies in one shuffled deck; a card on each city stack but Tamalir."""
    state = fresh()
    assert state.stacks[0] == []
    assert all(len(stack) == 1 for stack in state.stacks[1:])
    everything = [*state.market_deck, *(c for s in state.stacks for c in s)]
    assert sorted(everything) == list(range(len(CONTENT.market)))
    kinds = {CONTENT.market[c].kind for c in state.market_deck}
    assert "ally" in kinds and "weapon" in kinds  # items and allies together
    orders = {tuple(fresh(seed=seed).market_deck) for seed in range(1, 6)}
    assert len(orders) == 5


def test_rb_1_4_four_shuffled_adventure_decks_with_their_own_discards() -> None:
    """RB-1.4: one deck per colour, shuffled separately; empty discard piles."""
    state = fresh()
    for c, deck in enumerate(state.adventure_decks):
        expected = [i for i, a in enumerate(CONTENT.adventures) if a.colour == COLOURS[c]]
        assert sorted(deck) == expected
    assert state.adventure_discards == [[], [], [], []]
    assert state.event == -1
    orders = {tuple(fresh(seed=seed).adventure_decks[0]) for seed in range(1, 6)}
    assert len(orders) == 5


def test_rb_1_5_the_track_starts_empty() -> None:
    """RB-1.5: the undefeated track (six spaces, see RB-4.9) starts with no card or marker."""
    state = fresh()
    assert state.track == [] and state.undefeated == {}


def test_rb_1_6_every_player_takes_three_gold() -> None:
    """RB-1.6: 3 gold each, nothing else."""
    for players in (1, 3, 6):
        state = fresh(players)
        for h in state.heroes:
            assert (h.gold, h.wounds, h.exhaustion) == (3, 0, 0)
            assert h.items == [] and h.allies == [] and h.counters == [] and h.xp == []


def test_rb_1_7_random_heroes_are_dealt_and_distinct() -> None:
    """RB-1.7 (random): each player is dealt a different random hero; the rest stay out."""
    dealt = set()
    for seed in range(1, 9):
        state = fresh(4, seed)
        heroes = [h.hero for h in state.heroes]
        assert len(set(heroes)) == 4
        assert sorted(heroes + state.unused_heroes) == list(range(len(CONTENT.heroes)))
        dealt.add(tuple(heroes))
        assert kind(state) == "movement"  # no choice asked
    assert len(dealt) > 1


def test_rb_1_7_choose_in_turn_order_among_heroes_not_taken() -> None:
    """RB-1.7 (choose): from the first player on, each picks a hero nobody has taken."""
    state = fresh(3, 5, hero_selection="choose")
    first = state.first
    picked: list[int] = []
    for n in range(3):
        assert state.pending is not None and kind(state) == "choose_hero"
        assert state.pending.seat == (first + n) % 3
        offered = keys(state)
        assert len(offered) == len(CONTENT.heroes) - n
        assert not any(f"hero:{CONTENT.heroes[p].id}" in offered for p in picked)
        choice = offered[-1]
        play(state, choice)
        seat = (first + n) % 3
        assert CONTENT.heroes[state.heroes[seat].hero].id == choice.removeprefix("hero:")
        picked.append(state.heroes[seat].hero)
    assert kind(state) == "movement" and state.pending is not None
    assert state.pending.seat == first
    assert len(set(picked)) == 3


def test_rb_1_8_every_hero_starts_in_tamalir() -> None:
    """RB-1.8: all heroes start on Tamalir's hex."""
    for players in (1, 4, 6):
        state = fresh(players, players)
        assert all(h.hex == TAMALIR for h in state.heroes)


def test_rb_1_9_random_first_player_then_clockwise_rounds() -> None:
    """RB-1.9: the first player is random; play goes clockwise; a round starts with them."""
    firsts = {fresh(4, seed).first for seed in range(1, 30)}
    assert firsts == {0, 1, 2, 3}
    state = fresh(3, 2)
    first = state.first
    order = []
    for _ in range(7):
        assert state.pending is not None
        order.append((state.round, state.pending.seat))
        pass_turn(state)
    assert order == [(1 + n // 3, (first + n) % 3) for n in range(7)]
