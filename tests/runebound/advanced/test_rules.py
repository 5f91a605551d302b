"""Advanced Runebound AR-5 (first-turn dice) and AR-6 (the changed base rules)."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.engine.events import Event
from boardwright.games.runebound.adventure import draw_adventure, resolve_event
from boardwright.games.runebound.knockout import knock_out
from boardwright.games.runebound.records import MarketCard
from boardwright.games.runebound.state import XP_KINDS, RuneboundState
from tests.runebound.advanced.kit import (
    GREEN,
    YELLOW,
    adv_game,
    cards,
    fix_d10,
    lose_fight,
    plain_challenge,
    plain_encounter,
    plain_event,
    put_on_top,
    take_anywhere,
)
from tests.runebound.kit import shown
from tests.runebound.scenario import (
    BOARD,
    CONTENT,
    GAME,
    RULES,
    TAMALIR,
    add_counter,
    clear_counters,
    gem_hexes,
    give,
    hero_index,
    keys,
    kind,
    me,
    play,
    put,
    refresh,
    safe_green_hex,
)

MIND, BODY, SPIRIT, STAMINA, LIFE = range(len(XP_KINDS))
WILD = safe_green_hex()  # a green gem hex next to Tamalir, not a city


def market(where: Any) -> list[MarketCard]:
    return [c for c in CONTENT.market if where(c)]


def ability_cards(
    timing: str, *, cost: int | None = 0, kind_not: str = "ally", effect: str | None = None
) -> list[str]:
    """Ids of market cards (not of ``kind_not``) with an ability of this timing and cost (and
    this effect) whose effects have no phase (so it fits every combat step)."""
    found = [
        c.id
        for c in CONTENT.market
        if c.kind != kind_not
        for a in c.abilities
        if a.timing == timing
        and (cost is None or a.cost.exhaustion == cost)
        and not a.cost.discard
        and not a.cost.gold
        and not a.cost.wounds
        and (effect is None or any(e.do == effect for e in a.effects))
        and all(getattr(e, "phase", None) is None for e in a.effects)
    ]
    return list(dict.fromkeys(found))


# --- AR-5 -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "dice"),
    [
        (2, [4, 5]),
        (3, [3, 4, 5]),
        (4, [2, 3, 4, 5]),
        (5, [2, 3, 4, 5, 5]),
        (6, [2, 3, 4, 5, 5, 5]),
    ],
)
def test_ar_5_1_the_first_turn_dice_table_example_16(players: int, dice: list[int]) -> None:
    """AR-5.1 (Example 16, the seed's table): first-turn dice by turn position; from the
    second round on the normal count."""
    state = adv_game(players, "first_turn_dice")
    assert state.round == 1 and state.first == 0
    assert [RULES.max_movement_dice(state, s) for s in range(players)] == dice
    state.round = 2
    assert [RULES.max_movement_dice(state, s) for s in range(players)] == [5] * players


def test_ar_5_1_positions_count_from_the_first_player_example_17() -> None:
    """AR-5.1 (Example 17): three players, seat 2 first: seat 2 rolls 3, seat 3 4, seat 1 5;
    the first player's movement decision offers at most 2 dice in a four-player game."""
    state = adv_game(3, "first_turn_dice")
    state.first = 1
    assert [RULES.max_movement_dice(state, s) for s in range(3)] == [5, 3, 4]
    state = adv_game(4, "first_turn_dice")
    assert "roll:2" in keys(state) and "roll:3" not in keys(state)


def test_ar_5_2_modifiers_still_apply_fewer_dice_allowed_solo_normal() -> None:
    """AR-5.2: card effects still change the number; rolling fewer is allowed; a solo player
    has the normal 5 dice."""
    state = adv_game(3, "first_turn_dice")
    me(state).turn_mods.append(("movement_dice", 1))
    refresh(state)
    assert RULES.max_movement_dice(state, 0) == 4
    assert {"roll:4", "roll:1"} <= set(keys(state))
    assert RULES.max_movement_dice(adv_game(1, "first_turn_dice"), 0) == 5


# --- AR-6.1 -----------------------------------------------------------------------------------
def test_ar_6_1_wounds_must_exceed_life_example_18() -> None:
    """AR-6.1 (Example 18): a life-5 hero with 5 wounds fights on, the sixth knocks them out;
    a life-2 challenge needs 3 wounds; an ally dies only past its life."""
    life_5 = ("h-hagen",)
    base, advanced = adv_game(1, heroes=life_5), adv_game(1, "wounds", heroes=life_5)
    for state in (base, advanced):
        assert RULES.life(state, 0) == 5
        me(state).wounds = 5
    assert RULES.knocked_out(base, 0) and not RULES.knocked_out(advanced, 0)
    me(advanced).wounds = 6
    assert RULES.knocked_out(advanced, 0)
    assert RULES.falls(base, 2, 2) and not RULES.falls(advanced, 2, 2)
    assert RULES.falls(advanced, 3, 2)
    ally_card = next(c for c in market(lambda c: c.kind == "ally") if (c.life or 1) >= 1)
    give(advanced, ally_card.id)
    ally = me(advanced).allies[0]
    RULES.hurt_ally(advanced, 0, ally, ally_card.life or 1, 0, None)
    assert me(advanced).allies == [ally]
    RULES.hurt_ally(advanced, 0, ally, 1, 0, None)
    assert me(advanced).allies == []


def test_ar_6_1_a_challenge_at_its_life_fights_on() -> None:
    """AR-6.1: a challenge with wounds equal to its life is still standing."""
    state = adv_game(1, "wounds")
    challenge = plain_challenge("green")
    put_on_top(state, challenge)
    clear_counters(state, WILD)
    add_counter(state, WILD, "green")
    put(state, WILD)
    play(state, "stay", "adventure:green")
    assert state.combat is not None
    state.combat.enemy_wounds = CONTENT.adventures[challenge].life or 1
    state.stack[-1] = ("combat", "round", 0)
    log: list[Event] = []
    rng = fix_d10(state, 1, 6)  # the hero misses in round 1
    me(state).turn_mods.append(("life", 20))
    GAME.procedures.run(state, log)
    rng.left = 0
    assert log[0].kind == "round"  # not beaten at wounds equal to its life: round 1 starts


def test_ar_6_1_paying_may_bring_wounds_up_to_life() -> None:
    """AR-6.1 with RB-2.3: an ability whose exhaustion overflows into a wound that brings the
    hero to wounds equal to life may be used (RB-5.8 would forbid it)."""
    for option, offered in ((False, False), (True, True)):
        state = adv_game(1, *(["wounds"] if option else []))
        h = me(state)
        key, _, ability = next(
            f for f in RULES.abilities(state, 0, "combat_step") if f[2].cost.exhaustion
        )
        h.exhaustion = RULES.stamina(state, 0)
        h.wounds = RULES.life(state, 0) - ability.cost.exhaustion
        found = [k for k, _, _ in RULES.usable(state, 0, "combat_step", [], fighting=True)]
        assert (key in found) is offered


# --- AR-6.2 -----------------------------------------------------------------------------------
def test_ar_6_2_no_voluntary_exhaustion_that_would_wound_example_19() -> None:
    """AR-6.2 (Example 19): stamina 3 and 2 exhaustion: an ability costing 1 is offered, one
    costing 2 is not (it is under RB-2.3); forced exhaustion still turns into wounds."""
    hero = next(h for h in CONTENT.heroes if h.stamina == 3)
    card = next(
        c
        for c in CONTENT.market
        if c.kind != "ally"
        and any(a.timing == "combat_step" and a.cost.exhaustion == 1 for a in c.abilities)
    )
    for option in (False, True):
        state = adv_game(1, *(["exhaustion"] if option else []), heroes=(hero.id,))
        give(state, card.id)
        h = me(state)
        assert RULES.stamina(state, 0) == 3
        h.exhaustion = 2
        one = [
            k
            for k, _, a in RULES.usable(state, 0, "combat_step", [], fighting=True)
            if a.cost.exhaustion == 1
        ]
        assert one
        h.exhaustion = 3  # now a cost of 1 would become a wound
        later = [
            k
            for k, _, a in RULES.usable(state, 0, "combat_step", [], fighting=True)
            if a.cost.exhaustion == 1
        ]
        assert bool(later) is not option
    state = adv_game(1, "exhaustion", heroes=(hero.id,))
    me(state).exhaustion = 2
    RULES.hurt_hero(state, 0, 0, 2)
    assert (me(state).exhaustion, me(state).wounds) == (3, 1)


def test_ar_6_2_an_ally_pays_its_own_ability_with_its_own_stamina() -> None:
    """AR-6.2 (seed 002 "sowohl für Helden wie auch für Verbündete": allies take exhaustion
    for their abilities): an ally's ability costs the ally's exhaustion, not the hero's, with
    or without the option; it is offered by the ally's stamina (an exhausted hero does not
    block it); with the option, not when the ally's exhaustion would become a wound."""
    card = next(
        c
        for c in CONTENT.market
        if c.kind == "ally"
        and any(a.timing == "activate" and a.cost.exhaustion == 1 for a in c.abilities)
    )
    index = next(i for i, a in enumerate(card.abilities) if a.timing == "activate")
    for option in (False, True):
        state = adv_game(1, *(["exhaustion"] if option else []))
        give(state, card.id)
        h = me(state)
        h.wounds, h.allies[0].wounds = 1, 1  # something to heal, whoever the ability heals
        h.exhaustion = RULES.stamina(state, 0)  # the hero could pay nothing more
        refresh(state)
        key = f"use:m{CONTENT.market.index(card)}.{index}"
        assert key in keys(state)
        play(state, key)
        assert h.exhaustion == RULES.stamina(state, 0) and h.allies[0].exhaustion == 1
        state = adv_game(1, *(["exhaustion"] if option else []))
        give(state, card.id)
        me(state).wounds, me(state).allies[0].wounds = 1, 1
        me(state).allies[0].exhaustion = card.stamina or 1  # the ally is spent
        refresh(state)
        assert (key in keys(state)) is not option


# --- AR-6.3 -----------------------------------------------------------------------------------
def test_ar_6_3_one_activation_in_the_movement_step() -> None:
    """AR-6.3: after one card is activated in the movement step, no other is offered there
    (without the option both can be)."""
    healers = ability_cards("activate", kind_not="ally")
    assert len(healers) >= 2
    for option in (False, True):
        state = adv_game(1, *(["activation_limit"] if option else []))
        first, second = give(state, *healers[:2])
        me(state).wounds, me(state).exhaustion = 2, 2
        refresh(state)
        offered = [k for k in keys(state) if k.startswith("use:")]
        assert any(k.startswith(f"use:m{first}.") for k in offered)
        assert any(k.startswith(f"use:m{second}.") for k in offered)
        play(state, next(k for k in offered if k.startswith(f"use:m{first}.")))
        again = [k for k in keys(state) if k.startswith(f"use:m{second}.")]
        assert bool(again) is not option


def fight_with_boosts(option: bool) -> tuple[list[str], list[tuple[int, int, bool]]]:
    """A blue fight with two before-combat strikes and two combat-step boosts in hand (every
    roll misses, the hero cannot fall). Returns the before-combat keys offered after the first
    strike, and per boost used: (round, step, another activation offered in that round)."""
    strikes = ability_cards("before_combat", effect="damage_enemy")
    boosts = ability_cards("combat_step", cost=None, kind_not="weapon")
    boosts = [b for b in boosts if CONTENT.market[CONTENT.market_index[b]].kind != "armour"]
    assert len(strikes) >= 2 and len(boosts) >= 2
    state = adv_game(1, *(["activation_limit"] if option else []))
    a, _ = give(state, *strikes[:2])
    give(state, *boosts[:2])
    me(state).turn_mods.extend([("life", 60), ("stamina", 10)])
    put_on_top(state, plain_challenge("blue"))
    where = gem_hexes("blue")[0]
    clear_counters(state, where)
    add_counter(state, where, "blue")
    put(state, where)
    play(state, "stay", "adventure:blue")
    assert kind(state) == "before_combat"
    play(state, next(k for k in keys(state) if k.startswith(f"use:m{a}.")))
    after_strike = (
        [k for k in keys(state) if k.startswith("use:")] if kind(state) == ("before_combat") else []
    )
    if kind(state) == "before_combat":
        play(state, "fight")
    rng = fix_d10(state, 1)
    used: list[tuple[int, int, bool]] = []
    while state.combat is not None and len(used) < 2:
        current = kind(state)
        if current == "combat_step":
            offered = [k for k in keys(state) if k.startswith("use:")]
            if offered:
                rnd, step = state.combat.round, state.stack[-1][2]
                play(state, offered[0])
                more = (
                    state.combat is not None
                    and kind(state) == "combat_step"
                    and state.combat.round == rnd
                    and any(k.startswith("use:") for k in keys(state))
                )
                used.append((rnd, step, more))
                continue
            play(state, "roll")
        else:
            play(
                state,
                {"attack_step": keys(state)[0], "ally_step": "ally:none"}.get(
                    str(current), "fight"
                ),
            )
    rng.left = 0
    return after_strike, used


def test_ar_6_3_one_activation_before_combat_and_one_per_round() -> None:
    """AR-6.3: one before-combat activation, and one combat-step activation per round (the
    next round allows another); without the option more are offered."""
    after_strike, used = fight_with_boosts(True)
    assert after_strike == []
    assert [more for _, _, more in used] == [False, False]
    assert used[0][0] < used[1][0]  # the second boost had to wait for the next round
    after_strike, used = fight_with_boosts(False)
    assert after_strike  # the second strike is still on offer
    assert used[0][2] is True  # and a second boost in the same round


def test_ar_6_3_one_activation_in_the_market_step() -> None:
    """AR-6.3: one market activation per market step."""
    sellers = [h.id for h in CONTENT.heroes if any(a.timing == "market" for a in h.abilities)]
    ledgers = ability_cards("market", kind_not="ally")
    assert sellers and ledgers
    for option in (False, True):
        state = adv_game(1, *(["activation_limit"] if option else []), heroes=(sellers[0],))
        give(state, ledgers[0])
        put(state, TAMALIR)
        play(state, "stay")
        assert kind(state) == "market"
        uses = [k for k in keys(state) if k.startswith("use:")]
        assert len(uses) >= 2
        play(state, uses[0])
        left = [k for k in keys(state) if k.startswith("use:")]
        assert bool(left) is not option


# --- AR-6.4 -----------------------------------------------------------------------------------
def test_ar_6_4_five_dice_only_outside_a_city_without_exhaustion_example_20() -> None:
    """AR-6.4 (Example 20, seed 002 "nicht in einer Stadt und ... keine Erschöpfungen"):
    outside a city, 2 wounds and no exhaustion: 5 dice (RB-3.1: 4); no counters but an ally
    with 1 exhaustion: 5 (4); 1 exhaustion: 4; in Forge with 2 exhaustion: 4; in Forge with
    none: 4 (RB-3.1: 5). Option advanced.city_dice=five: 5 in Forge either way."""
    forge = next(c.hex for c in BOARD.cities if c.name == "Forge")
    ally_card = next(c for c in market(lambda c: c.kind == "ally") if (c.stamina or 1) >= 1)
    results = {}
    for names in ((), ("movement_dice",), ("movement_dice", "city_dice=five")):
        state = adv_game(1, *names)
        h = me(state)
        h.hex = WILD
        h.wounds = 2
        first = RULES.max_movement_dice(state, 0)
        h.wounds = 0
        give(state, ally_card.id)
        h.allies[0].exhaustion = 1
        second = RULES.max_movement_dice(state, 0)
        h.allies[0].exhaustion = 0
        h.exhaustion = 1
        third = RULES.max_movement_dice(state, 0)
        h.hex, h.exhaustion = forge, 2
        fourth = RULES.max_movement_dice(state, 0)
        h.exhaustion = 0
        fifth = RULES.max_movement_dice(state, 0)
        results[names] = (first, second, third, fourth, fifth)
    assert results == {
        (): (4, 4, 4, 4, 5),
        ("movement_dice",): (5, 5, 4, 4, 4),
        ("movement_dice", "city_dice=five"): (5, 5, 4, 5, 5),
    }


# --- AR-6.5 -----------------------------------------------------------------------------------
def test_ar_6_5_only_challenges_are_reshuffled_example_21() -> None:
    """AR-6.5 (Example 21): the empty green deck is rebuilt from the green challenges of its
    discard pile; its events and encounters leave the game; a pile without challenges leaves
    the deck empty."""
    state = adv_game(1, "reshuffle")
    challenges = cards("green", "challenge")[:2]
    others = [cards("green", "event")[0], cards("green", "encounter")[0]]
    for card in state.adventure_decks[GREEN]:
        state.removed_adventures.append(card)
    state.adventure_decks[GREEN] = []
    for card in [*challenges, *others]:
        take_anywhere(state, card)
    state.adventure_discards[GREEN] = [challenges[0], others[0], challenges[1], others[1]]
    drawn = draw_adventure(RULES, state, GREEN)
    assert drawn in challenges and state.adventure_decks[GREEN] == [
        c for c in challenges if c != drawn
    ]
    assert set(others) <= set(state.removed_adventures) and state.adventure_discards[GREEN] == []
    state.adventure_decks[GREEN] = []
    state.adventure_discards[GREEN] = [cards("green", "event")[1]]
    assert draw_adventure(RULES, state, GREEN) == -1
    base = adv_game(1, adventure_discards="reshuffle")
    base.adventure_decks[GREEN], base.adventure_discards[GREEN] = [], list(others)
    assert draw_adventure(RULES, base, GREEN) in others  # RB-4.10 (option): the whole pile


# --- AR-6.6 -----------------------------------------------------------------------------------
def costs_for_example_22() -> tuple[str, str, str]:
    """A cheaper item, and an item and an ally of one equal, higher cost."""
    items = [c for c in CONTENT.market if c.kind in ("artifact", "rune")]
    allies = [c for c in CONTENT.market if c.kind == "ally"]
    for ally in sorted(allies, key=lambda c: c.cost):
        same = [i for i in items if i.cost == ally.cost]
        cheaper = [i for i in items if i.cost < ally.cost]
        if same and cheaper:
            return cheaper[0].id, same[0].id, ally.id
    raise AssertionError("no item and ally of equal cost")


def test_ar_6_6_the_advanced_knock_out_example_22() -> None:
    """AR-6.6 (Example 22): 7 gold, a green and a yellow counter, a cheap item, and an item
    and an ally of the top cost; knocked out by a yellow challenge: all gold and both counters
    go, the player picks the card that goes under the market deck, the challenge becomes
    undefeated, the hero wakes healed in the nearest city and may take a new hero, keeping the
    experience counters."""
    cheap, item, ally = costs_for_example_22()
    state = adv_game(1, "knockout")
    h = me(state)
    h.gold = 7
    h.counters = [GREEN, YELLOW]
    state.counter_supply[GREEN] -= 1
    state.counter_supply[YELLOW] -= 1
    supply = list(state.counter_supply)
    cheap_i, item_i, ally_i = give(state, cheap, item, ally)
    h.xp = [MIND, LIFE]
    challenge = plain_challenge("yellow")
    put_on_top(state, challenge)
    where = gem_hexes("yellow")[0]
    clear_counters(state, where)
    add_counter(state, where, "yellow")
    put(state, where)
    play(state, "stay", "adventure:yellow")
    lose_fight(state)
    assert h.gold == 0 and h.counters == [] and (h.wounds, h.exhaustion) == (0, 0)
    assert state.counter_supply == [supply[0] + 1, supply[1] + 1, *supply[2:]]
    assert state.undefeated == {where: challenge} and state.track == [challenge]
    assert BOARD.hexes[h.hex].city >= 0
    assert kind(state) == "knockout_card"
    assert sorted(keys(state)) == sorted(f"lose:{CONTENT.market[c].id}" for c in (item_i, ally_i))
    play(state, f"lose:{ally}")
    assert state.market_deck[0] == ally_i and h.allies == [] and h.items == [cheap_i, item_i]
    while kind(state) == "knockout_city":
        play(state, keys(state)[0])
    assert kind(state) == "new_hero" and keys(state) == ["keep", "new"]
    old = h.hero
    play(state, "new")
    assert h.hero != old and old in state.unused_heroes and h.hero not in state.unused_heroes
    assert h.xp == [MIND, LIFE] and h.items == [cheap_i, item_i]
    assert kind(state) == "market"  # the turn goes on in the city (RB-5.9)


def test_ar_6_6_equally_near_cities_the_player_chooses() -> None:
    """AR-6.6 step 4: between equally near cities the player picks; a chosen new hero."""
    probe = adv_game(1)

    def nearest(index: int) -> list[int]:
        me(probe).hex = index
        return RULES.nearest_city_hexes(probe, 0)

    tie = next(hx.index for hx in BOARD.hexes if hx.city < 0 and len(nearest(hx.index)) >= 2)
    cities = nearest(tie)
    state = adv_game(1, "knockout", hero_selection="choose")
    h = me(state)
    h.hex = tie
    knock_out(RULES, state, 0, None)
    refresh(state)
    assert kind(state) == "knockout_city" and len(keys(state)) == len(cities)
    play(state, keys(state)[-1])
    assert h.hex == cities[-1]
    assert kind(state) == "new_hero" and keys(state)[0] == "keep"
    assert all(k.startswith("hero:") for k in keys(state)[1:])
    play(state, "keep")


def test_ar_6_6_a_duel_loser_gives_the_rest_of_the_gold_to_the_bank() -> None:
    """AR-6.6: hero against hero, the winner takes half the gold first (RB-5.10); the loser's
    knock-out then gives the rest to the bank, and the loser's choices come before the turn
    goes on."""
    state = adv_game(2, "knockout")
    state.heroes[1].gold = 3
    knock_out(RULES, state, 1, None, lose_gold=False)
    assert state.heroes[1].gold == 0
    assert state.stack[-1][:2] == ("knockout", 1)
    refresh(state)
    assert state.pending is not None and state.pending.seat == 1


# --- AR-6.7 -----------------------------------------------------------------------------------
def test_ar_6_7_a_lower_event_is_discarded_example_23() -> None:
    """AR-6.7 (Example 23): event 6 in play; event 4 is drawn and discarded without effect,
    and the hero draws again; event 9 replaces event 6."""
    middle = plain_event("yellow")
    number = CONTENT.adventures[middle].number or 0
    low = plain_event("green", number=lambda n: n < number)
    high = plain_event("blue", number=lambda n: n > number)
    encounter, _ = plain_encounter("green")
    for doom in (False, True):
        state = adv_game(1, "events", *(["doom_track"] if doom else []))
        take_anywhere(state, middle)
        state.event = middle
        put_on_top(state, low, encounter)
        clear_counters(state, WILD)
        add_counter(state, WILD, "green")
        put(state, WILD)
        play(state, "stay", "adventure:green")
        assert state.event == middle and kind(state) == "encounter"
        assert low in (state.doom_row if doom else state.adventure_discards[GREEN])
        take_anywhere(state, high)
        resolve_event(RULES, state, 0, high, None)
        assert state.event == high
        assert middle in (state.doom_row if doom else state.adventure_discards[1])


# --- AR-6.8 -----------------------------------------------------------------------------------
def test_ar_6_8_one_gold_for_all_exhaustion_example_24() -> None:
    """AR-6.8 (Example 24): hero 2 wounds and 3 exhaustion, ally 1 wound and 2 exhaustion:
    5 gold heal everything; without the option the market removes no exhaustion."""
    hero = next(h for h in CONTENT.heroes if h.stamina >= 3)
    ally = next(
        c
        for c in CONTENT.market
        if c.kind == "ally" and (c.stamina or 1) >= 2 and (c.life or 1) >= 2
    )
    for option in (False, True):
        state = adv_game(1, *(["healing"] if option else []), heroes=(hero.id,))
        give(state, ally.id)
        h = me(state)
        h.wounds, h.exhaustion, h.gold = 2, 3, 5
        h.allies[0].wounds, h.allies[0].exhaustion = 1, 2
        put(state, TAMALIR)
        play(state, "stay")
        assert kind(state) == "market"
        rest = {"heal-exhaustion", "heal-exhaustion-ally:0"}
        if not option:
            assert not rest & set(keys(state))
            continue
        assert rest <= set(keys(state))
        play(state, "heal", "heal", "heal-ally:0", "heal-exhaustion", "heal-exhaustion-ally:0")
        assert (h.wounds, h.exhaustion, h.gold) == (0, 0, 0)
        assert (h.allies[0].wounds, h.allies[0].exhaustion) == (0, 0)


# --- AR-6.9 to AR-6.12 -------------------------------------------------------------------------
def to_experience(state: RuneboundState, *colours: int) -> None:
    """Seat 0 holds these adventure counters and reaches the experience step in Tamalir."""
    for colour in colours:
        state.counter_supply[colour] -= 1
        me(state).counters.append(colour)
    put(state, TAMALIR)
    play(state, "stay")
    while kind(state) == "market":
        play(state, "done")


PAIRS = {f"xp:{XP_KINDS[a]}+{XP_KINDS[b]}" for a in range(5) for b in range(a + 1, 5)}


def test_ar_6_9_two_counters_for_the_table_price_never_one_example_25() -> None:
    """AR-6.9 (Example 25): four players: 5 experience points buy two counters; no single
    counter is offered, and 4 points buy nothing."""
    state = adv_game(4, "experience=table")
    to_experience(state, 2, 1)  # blue 3 + yellow 2
    assert kind(state) == "experience"
    offered = {k for k in keys(state) if k.startswith("xp:")}
    assert state.pending is not None and "(5 experience)" in shown(state.pending.options[0])
    assert offered == PAIRS
    play(state, "xp:mind+body")
    assert me(state).xp == [MIND, BODY] and me(state).counters == []
    state = adv_game(4, "experience=table")
    to_experience(state, 1, 1)  # 4 points
    assert kind(state) != "experience" or not any(k.startswith("xp:") for k in keys(state))


@pytest.mark.parametrize(
    ("players", "price", "mode"),
    [
        (2, 6, "table"),
        (3, 5, "table"),
        (4, 5, "table"),
        (5, 4, "table"),
        (6, 3, "table"),
        (4, 4, "base_price"),
        (5, 3, "base_price"),
    ],
)
def test_ar_6_9_the_price_of_a_pair(players: int, price: int, mode: str) -> None:
    """AR-6.9: 6/5/5/4/3 for 2/3/4/5/6 players (table); the RB-8.2 price of one counter
    with base_price."""
    from boardwright.games.runebound.options import experience_pair_price

    state = adv_game(players, f"experience={mode}")
    assert experience_pair_price(state.opts, players) == price


def test_ar_6_9_paying_keeps_what_is_not_needed_example_26() -> None:
    """AR-6.9 (Example 26): six players, a pair costs 3; with a green (1) and a blue (3)
    counter the hero pays with the blue one and keeps the green."""
    state = adv_game(6, "experience=table")
    to_experience(state, GREEN, 2)
    play(state, "xp:spirit+life")
    assert me(state).counters == [GREEN] and me(state).xp == [SPIRIT, LIFE]


def test_ar_6_10_no_kind_twice_in_one_experience_step_example_27() -> None:
    """AR-6.10 (Example 27, seed 002 "zur gleichen Zeit"): a pair is of two different kinds,
    and a second pair in the same step may not repeat a kind of the first: with 10 experience
    in a four-player game, mind+body and then only pairs of spirit, stamina and life."""
    state = adv_game(4, "experience=table")
    to_experience(state, 3, 0, 2, 1)  # 4 + 1 and 3 + 2: two payments of 5
    assert "xp:mind+mind" not in keys(state) and len(PAIRS & set(keys(state))) == 10
    play(state, "xp:mind+body")
    offered = PAIRS & set(keys(state))
    assert offered == {"xp:spirit+stamina", "xp:spirit+life", "xp:stamina+life"}
    play(state, "xp:spirit+life")
    assert me(state).xp == [MIND, BODY, SPIRIT, LIFE]


def test_ar_6_10_option_pair_lets_a_second_pair_repeat_kinds() -> None:
    """AR-6.10, option advanced.experience_kinds=pair (our earlier reading of "at the same
    time" as "in one pair"): a second pair in the same step may repeat the first one's
    kinds."""
    state = adv_game(4, "experience=table", "experience_kinds=pair")
    to_experience(state, 3, 0, 2, 1)
    play(state, "xp:mind+body")
    assert "xp:mind+body" in keys(state)
    play(state, "xp:mind+body")
    assert me(state).xp == [MIND, BODY, MIND, BODY]


def test_ar_6_11_buying_experience_heals_the_hero_not_the_allies() -> None:
    """AR-6.11: buying experience counters (a pair, or one without advanced.experience)
    removes all the hero's wounds and exhaustion; allies keep theirs."""
    ally = next(c for c in CONTENT.market if c.kind == "ally" and (c.life or 1) >= 2)
    for names, key in (
        (("experience_heal",), "xp:body"),
        (("experience_heal", "experience=table"), "xp:body+life"),
        ((), "xp:body"),
    ):
        state = adv_game(2, *names)
        give(state, ally.id)
        h = me(state)
        to_experience(state, 3, 3)
        h.wounds, h.exhaustion, h.allies[0].wounds = 2, 1, 1
        refresh(state)
        play(state, key)
        healed = bool(names)
        assert (h.wounds, h.exhaustion) == ((0, 0) if healed else (2, 1))
        assert h.allies[0].wounds == 1


def test_ar_6_12_experience_value_is_the_sum_of_the_bonuses_example_28() -> None:
    """AR-6.12 (Example 28): +2 mind, +2 body, +1 life: value 5 (three counters); +2 spirit
    twice: value 4 (two counters). The view shows it."""
    state = adv_game(2)
    state.heroes[0].xp = [MIND, BODY, LIFE]
    state.heroes[1].xp = [SPIRIT, SPIRIT]
    assert [RULES.experience_value(h) for h in state.heroes] == [5, 4]
    assert [h["experience_value"] for h in GAME.view(state, None)["heroes"]] == [5, 4]
    assert hero_index("h-ysolde") >= 0
