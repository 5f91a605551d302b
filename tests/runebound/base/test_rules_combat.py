"""Runebound base rules RB-5 (combat, knock-out, hero against hero)."""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event
from boardwright.games.runebound.state import CombatState, RuneboundState
from tests.runebound.kit import shown
from tests.runebound.scenario import (
    BOARD,
    GAME,
    MAGIC,
    MELEE,
    RANGED,
    TAMALIR,
    adventure,
    ally,
    before_combat_harm,
    bonus,
    city_distance,
    damage,
    effect_value,
    enemy_life,
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
    play,
    put,
    raise_stamina,
    reaching,
    refresh,
    rig,
    roll_on,
    rolls,
    safe_green_hex,
    short_of,
    start_adventure,
    take_adventure_card,
    to_stack,
)

GREEN = 0


def steps_rolled(log: list[Event]) -> list[tuple[str, bool, int]]:
    """(step, hero attacking, total) of the hero's combat rolls."""
    return [
        (e.data["step"], e.data["attack"], e.data["total"])
        for e in events(log, "combat_roll")
        if "item" not in e.data
    ]


def fight(
    card_id: str,
    *totals: int,
    heroes: tuple[str, ...] = ("h-ysolde",),
    log: list[Event] | None = None,
    state: RuneboundState | None = None,
) -> RuneboundState:
    """Seat 0 takes on ``card_id`` on the green hex by Tamalir with these 2d10 rolls scripted."""
    state = state or new_game(heroes=heroes)
    colour = {"g": "green", "y": "yellow", "b": "blue", "r": "red"}[card_id[0]]
    index = safe_green_hex() if colour == "green" else gem_hexes(colour)[0]
    rig(state, *rolls(*totals))
    start_adventure(state, index, colour, card_id, log=log)
    if totals:
        roll_on(state, log)  # the scripted rolls are for the dice, not for hero abilities
    return state


# --- RB-5.1 -----------------------------------------------------------------------------------


def test_rb_5_1_the_challenge_acts_first_then_each_before_combat_ability_once() -> None:
    """RB-5.1: the challenge's before-combat effect, then the party's abilities, once each."""
    hero_id, roar, ability = hero_ability("before_combat", "damage_enemy")  # Battle Roar
    strike = effect_value(ability, "damage_enemy", "amount")
    _, tired = before_combat_harm("y-12")  # before combat: exhaustion
    assert tired > 0 and strike < enemy_life("y-12")
    state = new_game(heroes=(hero_id,))
    raise_stamina(state, tired + ability.cost.exhaustion)
    (rune,) = give(state, "m-49")  # before combat: 1 wound to the enemy
    log: list[Event] = []
    start_adventure(state, gem_hexes("yellow")[0], "yellow", "y-12", log=log)
    assert kind(state) == "before_combat"
    assert me(state).exhaustion == tired  # the challenge went first
    offered = keys(state)
    assert roar in offered and offered[-2:] == [f"use:m{rune}.0", "fight"]
    play(state, roar, log=log)
    assert me(state).exhaustion == tired + ability.cost.exhaustion
    assert state.combat is not None and state.combat.enemy_wounds == strike
    # used once per combat, also taken several times over (RB-6.2)
    assert keys(state) == [k for k in offered if k.partition("*")[0] != roar]
    abilities = events(log, "ability")
    assert abilities[0].data.get("card") == "y-12" and abilities[1].data.get("seat") == 0
    rig(state, *rolls(short_of(enemy_step("y-12", MAGIC).value, bonus(state, MAGIC))))
    play(state, "fight")
    roll_on(state)
    assert kind(state) == "escape"  # round 2; the abilities are not offered again


# --- RB-5.2 / RB-5.3 / RB-5.4 -----------------------------------------------------------------


def test_rb_5_2_rounds_of_escape_ranged_melee_magic() -> None:
    """RB-5.2: each round: escape, then ranged, melee and magic; rounds go on."""
    log: list[Event] = []
    state = fight("b-01", log=log)  # a value in every step
    assert kind(state) == "attack_step"  # round 1: no escape step yet (RB-5.3)
    rig(state, *rolls(20, 20, 20))
    play(state, "attack:melee", log=log)
    roll_on(state, log)
    assert [s for s, _, _ in steps_rolled(log)] == ["ranged", "melee", "magic"]
    assert kind(state) == "escape"  # round 2 opens with the escape step
    assert [e.data["round"] for e in events(log, "round")] == [1, 2]


def test_rb_5_3_escape_rule_automatic_option_escape_from_round_two_keeps_the_wounds() -> None:
    """RB-5.3 (option escape_rule=automatic): no escape in round 1; from round 2 escaping
    needs no roll; wounds stay."""
    state = new_game(escape_rule="automatic")
    melee, magic = enemy_step("g-05", MELEE), enemy_step("g-05", MAGIC)
    attack, defence = (
        short_of(melee.value, bonus(state, MELEE)),
        short_of(magic.value, bonus(state, MAGIC, "defend")),
    )
    fight("g-05", attack, defence, state=state)
    assert kind(state) == "attack_step"
    play(state, "attack:melee")
    roll_on(state)
    assert me(state).wounds == melee.damage + magic.damage
    assert kind(state) == "escape" and keys(state) == ["fight", "escape"]
    draws = state.rng.draws
    play(state, "escape")
    assert state.rng.draws == draws and state.combat is None
    assert me(state).wounds == 2
    assert state.track == [adventure("g-05")]


def test_rb_5_3_a_no_escape_challenge_cannot_be_escaped() -> None:
    """RB-5.3: `no_escape` (High Lord Margath): round 2 has no escape step."""
    state = fight("r-09")
    assert kind(state) == "attack_step"
    rig(state, *rolls(20, 20, 20))
    play(state, "attack:melee")
    roll_on(state)
    assert state.combat is not None and state.combat.round == 2
    assert kind(state) == "attack_step"


def test_rb_5_3_escape_is_a_test_in_every_round_by_default() -> None:
    """RB-5.3 (default escape_rule=test): round 1 and round 2 both offer an escape that needs
    a test; a failed test leaves the hero fighting, a roll short of the value each time."""
    assert GAME.config(1, {}).options["escape_rule"] == "test"
    highest = max(enemy_step("g-05", s).value for s in (MELEE, MAGIC))
    state = new_game(escape_rule=GAME.config(1, {}).options["escape_rule"])
    best = max(bonus(state, s, "always") for s in (RANGED, MELEE, MAGIC))
    start_adventure(state, safe_green_hex(), "green", "g-05")
    for round_number in (1, 2):
        assert kind(state) == "escape" and state.combat is not None
        assert state.combat.round == round_number
        draws = state.rng.draws
        rig(state, *rolls(short_of(highest, best)))  # one short: caught
        play(state, "escape")
        assert state.rng.draws == draws + 2 and kind(state) == "attack_step"
        me(state).wounds = 0
        rig(state, *rolls(2, 20, 20))  # the attack misses, the defence holds
        play(state, "attack:melee")
        roll_on(state)
        me(state).wounds = 0
    assert kind(state) == "escape" and state.combat is not None and state.combat.round == 3


def test_rb_5_3_escape_rule_test_option_escape_test_from_round_one() -> None:
    """RB-5.3 (option escape_rule=test): from round 1, 2d10 + best stat vs the highest value."""
    highest = max(enemy_step("g-05", s).value for s in (MELEE, MAGIC))
    state = new_game(escape_rule="test")
    best = max(bonus(state, s, "always") for s in (RANGED, MELEE, MAGIC))
    start_adventure(state, safe_green_hex(), "green", "g-05")
    assert kind(state) == "escape" and state.combat is not None and state.combat.round == 1
    rig(state, *rolls(short_of(highest, best)))  # one short: caught
    play(state, "escape")
    assert kind(state) == "attack_step" and state.combat is not None
    state2 = new_game(escape_rule="test")
    start_adventure(state2, safe_green_hex(), "green", "g-05")
    rig(state2, *rolls(reaching(highest, best)))  # just enough: away
    play(state2, "escape")
    assert state2.combat is None and state2.track == [adventure("g-05")]


def test_rb_5_4_one_attack_per_round_steps_without_a_value_skipped() -> None:
    """RB-5.4: the hero attacks in exactly one chosen step; the missing step has no roll."""
    log: list[Event] = []
    state = fight("g-05", 20, 20, log=log)  # no ranged value
    assert keys(state) == ["attack:melee", "attack:magic"]
    play(state, "attack:magic", log=log)
    assert [(s, a) for s, a, _ in steps_rolled(log)] == [("melee", False), ("magic", True)]


def test_rb_5_4_a_single_step_is_the_attack_step() -> None:
    """RB-5.4: with only a melee value, the hero attacks in melee without being asked."""
    log: list[Event] = []
    state = new_game()
    miss = short_of(enemy_step("g-01", MELEE).value, bonus(state, MELEE))
    fight("g-01", miss, 20, state=state, log=log)  # only a melee value
    play(state, "fight", log=log)
    assert [(s, a) for s, a, _ in steps_rolled(log)] == [("melee", True), ("melee", True)]


# --- RB-5.5 -----------------------------------------------------------------------------------


def test_rb_5_5_meeting_the_value_hits_for_damage_plus_weapon_bonus() -> None:
    """RB-5.5 / RB-2.3: 2d10 + body (+1 weapon) meets the melee value; the hero's damage + the
    weapon's +1."""
    state = new_game()
    give(state, "m-12")  # passive: +1 melee roll, +1 melee damage
    body = hero_card(state).body
    value = enemy_step("b-05", MELEE).value  # melee only, plenty of life
    assert body.damage + 1 < enemy_life("b-05")
    log: list[Event] = []
    fight("b-05", reaching(value, body.value + 1), state=state, log=log)
    assert steps_rolled(log) == [("melee", True, value)]
    assert state.combat is not None and state.combat.enemy_wounds == body.damage + 1
    assert me(state).wounds == 0


def test_rb_5_5_rolls_use_mind_body_spirit_by_step() -> None:
    """RB-5.5: ranged adds mind, melee body, magic spirit."""
    log: list[Event] = []
    state = fight("b-01", log=log)
    hero = hero_card(state)
    rig(state, *rolls(20, 20, 20))
    play(state, "attack:melee", log=log)
    roll_on(state, log)
    assert steps_rolled(log) == [
        ("ranged", False, 20 + hero.mind.value),
        ("melee", True, 20 + hero.body.value),
        ("magic", False, 20 + hero.spirit.value),
    ]


def test_rb_5_5_a_failed_attack_costs_the_steps_damage() -> None:
    """RB-5.5: a failed attack: the hero takes the challenge's damage."""
    state = new_game()
    melee = enemy_step("b-05", MELEE)
    assert melee.damage < life(state)
    fight("b-05", short_of(melee.value, bonus(state, MELEE)), state=state)
    assert me(state).wounds == melee.damage


def test_rb_5_5_failed_attack_miss_option_a_failed_attack_only_misses() -> None:
    """RB-5.5 (option failed_attack=miss): a failed attack costs no wounds."""
    state = new_game(heroes=("h-ysolde",), failed_attack="miss")
    melee = enemy_step("b-05", MELEE)
    fight("b-05", short_of(melee.value, bonus(state, MELEE)), state=state)
    assert me(state).wounds == 0 and state.combat is not None


def test_rb_5_5_defence_fails_or_holds() -> None:
    """RB-5.5: failed defence: damage; successful defence: none."""
    ranged = enemy_step("g-06", RANGED)  # and a melee value, where the hero attacks
    state = fight("g-06")
    plus = bonus(state, RANGED, "defend")
    rig(state, *rolls(short_of(ranged.value, plus), 20))  # one short; the melee attack hits
    play(state, "attack:melee")
    roll_on(state)
    assert me(state).wounds == ranged.damage
    state = fight("g-06")
    rig(state, *rolls(reaching(ranged.value, plus), 20))  # the value met: holds
    play(state, "attack:melee")
    roll_on(state)
    assert me(state).wounds == 0


def test_rb_5_5_armour_takes_wounds_off_each_hit() -> None:
    """RB-5.5: armour (reduce_damage, armour modifiers) lowers the damage taken."""
    melee = enemy_step("b-05", MELEE)
    assert melee.damage > 1
    for armour in ("m-24", "m-25"):  # passive reduce_damage 1; armour +1 when defending
        state = new_game()
        give(state, armour)
        fight("b-05", short_of(melee.value, bonus(state, MELEE)), state=state)
        assert me(state).wounds == melee.damage - 1


def test_rb_5_5_a_shield_ability_reduces_this_steps_damage() -> None:
    """RB-5.5: a hero's shield ability (Shield Wall, Ward of Dawn) in the step takes its amount
    off the hit; its exhaustion is paid."""
    hero_id, shield, ability = hero_ability("combat_step", "reduce_damage", exhaustion_cost=True)
    less = effect_value(ability, "reduce_damage", "amount")
    melee = enemy_step("b-05", MELEE)
    assert melee.damage - less > 0
    state = new_game(heroes=(hero_id,))
    raise_stamina(state, ability.cost.exhaustion)
    fight("b-05", state=state)
    assert kind(state) == "combat_step"
    rig(state, *rolls(short_of(melee.value, bonus(state, MELEE))))
    play(state, shield)
    roll_on(state)
    assert me(state).wounds == melee.damage - less
    assert me(state).exhaustion == ability.cost.exhaustion


# --- RB-5.6 -----------------------------------------------------------------------------------


def test_rb_5_6_an_allys_hit_deals_its_damage_and_the_hero_does_not_defend() -> None:
    """RB-5.6: the ally attacks ranged; the hero, not attacking there, does not roll."""
    state = new_game()
    give(state, "m-75")  # strongest in the ranged step
    huntress = market("m-75").mind
    assert huntress is not None
    ranged = enemy_step("b-01", RANGED).value  # a value in every step, plenty of life
    log: list[Event] = []
    fight("b-01", state=state, log=log)
    play(state, "attack:melee")
    assert kind(state) == "ally_step"
    assert keys(state) == ["ally:ranged", "ally:melee", "ally:magic", "ally:none"]
    play(state, "ally:ranged")
    # the ally meets the ranged value; the hero hits in melee and holds in magic
    rig(state, *rolls(reaching(ranged, huntress.value), 20, 20))
    roll_on(state, log)
    ally_rolls = [e for e in events(log, "combat_roll") if "item" in e.data]
    assert [(e.data["step"], e.data["total"]) for e in ally_rolls] == [("ranged", ranged)]
    assert [s for s, _, _ in steps_rolled(log)] == ["melee", "magic"]
    assert state.combat is not None
    assert state.combat.enemy_wounds == huntress.damage + damage(state, MELEE)


def test_rb_5_6_a_failed_ally_attack_hurts_the_ally_not_the_hero() -> None:
    """RB-5.6: the ally takes the step's damage; the hero is untouched in that step."""
    state = new_game()
    give(state, "m-75")
    huntress = market("m-75").mind
    assert huntress is not None
    ranged, melee = enemy_step("g-06", RANGED), enemy_step("g-06", MELEE)
    fight("g-06", state=state)
    play(state, "attack:melee", "ally:ranged")
    # the ally misses in ranged; the hero misses in melee
    rig(
        state,
        *rolls(short_of(ranged.value, huntress.value), short_of(melee.value, bonus(state, MELEE))),
    )
    roll_on(state)
    assert ally(state, "m-75").wounds == ranged.damage
    assert me(state).wounds == melee.damage  # only the melee miss


def test_rb_5_6_effects_on_heroes_do_not_touch_allies() -> None:
    """RB-5.6: a 'hero' effect leaves allies alone; a 'party' effect does not."""
    state = new_game()
    give(state, "m-64")
    fight("y-09", state=state)  # before combat: wounds to the hero
    assert kind(state) == "ally_step"  # the fight has not rolled yet
    assert me(state).wounds == before_combat_harm("y-09")[0] > 0
    assert ally(state, "m-64").wounds == 0
    state = new_game()
    give(state, "m-64")
    fight("y-12", state=state)  # before combat: exhaustion to the party
    assert ally(state, "m-64").exhaustion == before_combat_harm("y-12")[1] > 0


def test_rb_5_6_an_allys_death_does_not_cancel_another_allys_attack() -> None:
    """RB-5.6: each ally attacks in its step, even after another ally died earlier."""
    state = new_game()
    give(state, "m-61", "m-75")  # Pip: life 1; m-75: magic 1/0
    log: list[Event] = []
    fight("b-01", state=state, log=log)
    play(state, "attack:melee", "ally:ranged", "ally:magic")
    rig(state, *rolls(2, 20, 20, 20))
    roll_on(state, log)
    assert market_card("m-61") in state.market_discard  # Pip died in the ranged step
    ally_steps = [e.data["step"] for e in events(log, "combat_roll") if "item" in e.data]
    assert ally_steps == ["ranged", "magic"]


# --- RB-5.7 / RB-5.8 --------------------------------------------------------------------------


def test_rb_5_7_two_weapons_one_armour_artifacts_and_runes_unlimited() -> None:
    """RB-5.7: no third weapon or second armour on offer; artifacts without limit."""
    state = new_game()
    give(state, "m-01", "m-02", "m-21", "m-33", "m-34", "m-35", "m-36", "m-49", "m-50")
    me(state).gold = 20
    to_stack(state, 0, "m-04", "m-22", "m-37", "m-51")
    refresh(state)
    play(state, "stay")
    assert kind(state) == "market"
    offered = keys(state)
    assert "buy:m-04" not in offered and "buy:m-22" not in offered
    assert "buy:m-37" in offered and "buy:m-51" in offered
    play(state, "sell:m-01")
    assert "buy:m-04" in keys(state)


def test_rb_5_8_wounds_equal_to_life_defeat_a_challenge() -> None:
    """RB-5.8: the challenge falls when its wounds reach its life, not before."""
    log: list[Event] = []
    state = new_game()
    card_life, dealt = enemy_life("g-05"), damage(state, MELEE)
    assert 0 < dealt < card_life
    fight("g-05", state=state, log=log)  # melee and magic: the hero picks a step
    assert state.combat is not None
    state.combat.enemy_wounds = card_life - 1 - dealt  # one hit leaves it one wound short
    rig(state, *rolls(20, 20))  # the melee hit, the magic defence
    play(state, "attack:melee", log=log)
    roll_on(state, log)
    assert state.combat is not None and state.combat.enemy_wounds == card_life - 1
    rig(state, *rolls(20, 20))
    play(state, "fight", "attack:melee", log=log)
    roll_on(state, log)
    assert state.combat is None and events(log, "victory")


def test_rb_5_8_wounds_equal_to_life_knock_the_hero_out() -> None:
    """RB-5.8: a hero one wound short of their life stands; one more knocks them out."""
    state = new_game()
    melee = enemy_step("g-01", MELEE)
    miss = short_of(melee.value, bonus(state, MELEE))
    me(state).wounds = life(state) - 1 - melee.damage
    fight("g-01", miss, state=state)
    assert me(state).wounds == life(state) - 1 and state.combat is not None
    rig(state, *rolls(miss))
    play(state, "fight")
    assert state.combat is None and me(state).hex == TAMALIR and me(state).wounds == 0


# --- RB-5.9 -----------------------------------------------------------------------------------


def far_from_tamalir() -> int:
    """A hex with a single nearest city that is not Tamalir."""
    for h in BOARD.hexes:
        d = city_distance(h.index)
        if h.city < 0 and d.count(min(d)) == 1 and d.index(min(d)) != 0 and min(d) >= 2:
            return h.index
    raise AssertionError("no such hex")


def knocked_out_far_away(**options: Any) -> RuneboundState:
    state = new_game(**options)
    h = me(state)
    h.gold, h.wounds, h.exhaustion = 5, life(state) - before_combat_harm("g-15")[0], 1
    give(state, "m-64", "m-01")
    rune = adventure("r-02")
    take_adventure_card(state, rune)
    h.runes, h.counters, h.xp = [rune], [GREEN], [0]
    where = far_from_tamalir()
    start_adventure(state, where, "green", "g-15")  # before combat: 1 wound
    return state


def test_rb_5_9_standard_knock_out_costs_one_item_or_ally_of_the_players_choice() -> None:
    """RB-5.9 (standard): nearest city, healed, half the gold, and one ordinary item or ally
    that the player chooses goes to the market discard pile."""
    d = city_distance(far_from_tamalir())
    city = BOARD.cities[d.index(min(d))]
    stack = len(new_game().stacks[city.index])
    for lost, kept in (("m-64", "m-01"), ("m-01", "m-64")):
        state = knocked_out_far_away()
        h = me(state)
        assert h.hex == city.hex
        assert (h.wounds, h.exhaustion, h.gold) == (0, 0, 3)  # 5 - 5 // 2
        assert state.pending is not None
        assert (kind(state), state.pending.args["variant"]) == ("knockout_card", "discard")
        assert sorted(keys(state)) == ["lose:m-01", "lose:m-64"]
        play(state, f"lose:{lost}")
        owned = [*h.items, *(a.card for a in h.allies)]
        assert owned == [market_card(kept)] and state.market_discard == [market_card(lost)]
        assert h.counters == [GREEN] and h.xp == [0] and h.runes == [adventure("r-02")]
        assert state.track == [adventure("g-15")]
        assert kind(state) == "market"  # the turn goes on in that city
        assert len(state.stacks[city.index]) == stack + 1  # a market visit there


def test_rb_5_9_standard_knock_out_with_one_card_loses_it_without_asking() -> None:
    """RB-5.9 (standard): a single ordinary card is lost at once; none: nothing to choose."""
    state = new_game()
    h = me(state)
    h.wounds = life(state) - before_combat_harm("g-15")[0]
    give(state, "m-01")
    start_adventure(state, far_from_tamalir(), "green", "g-15")
    assert h.items == [] and state.market_discard == [market_card("m-01")]
    assert kind(state) == "market"


def test_rb_5_9_knockout_penalty_allies_option_costs_every_ally() -> None:
    """RB-5.9 (option knockout_penalty=allies): half the gold and every ally; items kept."""
    state = knocked_out_far_away(knockout_penalty="allies")
    h = me(state)
    assert (h.wounds, h.exhaustion, h.gold) == (0, 0, 3)
    assert h.allies == [] and market_card("m-64") in state.market_discard
    assert h.items == [market_card("m-01")]
    assert kind(state) == "market"


def test_rb_5_9_lenient_knock_out() -> None:
    """RB-5.9 (lenient): moved and healed, the challenge undefeated, nothing else lost."""
    state = knocked_out_far_away(knockout_penalty="lenient")
    h = me(state)
    assert (h.wounds, h.exhaustion, h.gold) == (0, 0, 5)
    assert [a.card for a in h.allies] == [market_card("m-64")]
    assert state.track == [adventure("g-15")]
    assert BOARD.hexes[h.hex].city >= 0


def test_rb_5_9_a_tie_goes_to_the_city_earlier_in_the_market_row() -> None:
    """RB-5.9: equally near Riverwatch (2nd) and Dawnsmoor (3rd): Riverwatch."""
    names = [c.name for c in BOARD.cities]
    tie = next(
        h.index
        for h in BOARD.hexes
        if h.city < 0
        and sorted(
            i for i, x in enumerate(city_distance(h.index)) if x == min(city_distance(h.index))
        )
        == [names.index("Riverwatch"), names.index("Dawnsmoor")]
    )
    state = new_game()
    me(state).wounds = life(state) - before_combat_harm("g-15")[0]  # knocked out at once
    start_adventure(state, tie, "green", "g-15")
    assert BOARD.hexes[me(state).hex].city == names.index("Riverwatch")


# --- RB-5.10 ----------------------------------------------------------------------------------


def duel_game(
    attacker: str = "h-ysolde", defender: str = "h-dorrin", **options: Any
) -> RuneboundState:
    """Two heroes on an empty road next to Tamalir; seat 0 to move."""
    state = new_game(2, heroes=(attacker, defender), **options)
    road = next(n for n in BOARD.hexes[TAMALIR].neighbours if BOARD.hexes[n].gem < 0)
    state.heroes[1].hex = road
    put(state, road)
    play(state, "stay")
    return state


def test_rb_5_10_the_defender_acts_before_combat_first() -> None:
    """RB-5.10: before-combat abilities: the defender's first, then the attacker's."""
    for seat in (1, 0):
        state = duel_game()
        (flask,) = give(state, "m-41", seat=seat)  # before combat: 2 exhaustion off the party
        raise_stamina(state, 2, seat=0)
        raise_stamina(state, 2, seat=1)
        state.heroes[0].exhaustion = state.heroes[1].exhaustion = 2
        refresh(state)
        draws = state.rng.draws
        play(state, "attack:2")
        assert state.pending is not None
        assert (kind(state), state.pending.seat) == ("before_combat", seat)
        assert state.rng.draws == draws  # before the first roll of the duel
        play(state, f"use:m{flask}.0")
        assert state.heroes[seat].exhaustion == 0 and state.heroes[1 - seat].exhaustion == 2
        assert state.pending is not None
        assert (kind(state), state.pending.seat) == ("duel_attack", 0)


def test_rb_5_10_before_combat_strikes_are_used_in_a_duel() -> None:
    """RB-5.10: the defender may use a before-combat strike (Battle Roar), then the attacker
    (Rite of Banishing); a strike wounds the other hero."""
    defender, roar, ability = hero_ability("before_combat", "damage_enemy")
    attacker, _, _ = hero_ability("before_combat", "damage_enemy", skip=1)
    strike = effect_value(ability, "damage_enemy", "amount")
    state = duel_game(attacker, defender)
    raise_stamina(state, ability.cost.exhaustion, seat=1)
    assert strike < life(state, 0)
    play(state, "attack:2")
    assert state.pending is not None
    assert (kind(state), state.pending.seat) == ("before_combat", 1)
    assert roar in keys(state)
    play(state, roar)
    assert state.heroes[0].wounds == strike
    assert state.pending is not None
    assert (kind(state), state.pending.seat) == ("before_combat", 0)


def test_rb_5_10_rolled_targets_and_roles_that_swap() -> None:
    """RB-5.10: the defender's values are 2d10 + stat + items; roles swap; no escape."""
    state = duel_game()
    give(state, "m-21", seat=1)  # +1 mind and body when defending
    log: list[Event] = []
    rig(state, *rolls(2, 3, 20))
    play(state, "attack:2", log=log)
    (first,) = events(log, "duel_round")
    attacker, defender = hero_card(state, 0), hero_card(state, 1)
    # the defender's mind, body and spirit; the armour adds 1 to mind and body when defending
    mind, body, spirit = defender.mind, defender.body, defender.spirit
    assert first.data["targets"] == [2 + mind.value + 1, 3 + body.value + 1, 20 + spirit.value]
    assert state.pending is not None and state.pending.seat == 0
    assert keys(state) == ["attack:ranged", "attack:melee", "attack:magic"]
    assert 2 + attacker.spirit.value < 20 + spirit.value  # the magic defence below will fail
    assert spirit.damage < life(state, 0) and damage(state, RANGED) < life(state, 1)
    rig(state, *rolls(20, 20, 2))  # ranged hit, melee held, magic defence fails
    play(state, "attack:ranged", log=log)
    roll_on(state, log)  # no combat-step abilities used (RB-5.10)
    assert state.heroes[1].wounds == attacker.mind.damage  # the attacker's ranged hit
    assert state.heroes[0].wounds == spirit.damage  # the defender's magic
    assert state.pending is not None
    assert (kind(state), state.pending.seat) == ("duel_attack", 1)  # round 2: roles swapped


def win_duel(state: RuneboundState, *defender_cards: str, gold: int = 7) -> None:
    """The attacker's ranged hit knocks the defender (holding ``defender_cards``) out."""
    defender = state.heroes[1]
    defender.gold, defender.wounds = gold, life(state, 1) - damage(state, RANGED)
    give(state, *defender_cards, seat=1)
    rig(state, *rolls(2, 2, 2, 20))
    play(state, "attack:2", "attack:ranged")
    roll_on(state)


def test_rb_5_10_the_winner_takes_half_the_losers_gold_the_loser_is_knocked_out() -> None:
    """RB-5.10: half the gold to the winner; the loser knocked out, no gold to the bank; the
    winner takes the loser's only ally (duel_spoils=card), so the knock-out costs no more."""
    state = duel_game()
    defender = state.heroes[1]
    win_duel(state, "m-64")
    assert state.heroes[0].gold == 3 + 3 and defender.gold == 4
    assert defender.hex == TAMALIR and defender.wounds == 0
    assert defender.allies == [] and market_card("m-64") not in state.market_discard
    assert [a.card for a in state.heroes[0].allies] == [market_card("m-64")]
    assert state.track == [] and state.undefeated == {}
    assert state.heroes[0].counters == [] and defender.counters == []
    assert state.pending is not None and state.pending.seat == 1  # seat 0's turn is over


def test_rb_5_10_the_winner_chooses_which_card_to_take_and_the_loser_keeps_the_rest() -> None:
    """RB-5.10 (duel_spoils=card): with two cards the winner chooses; the loser keeps the
    other, since the card taken stands in for the one the knock-out costs (RB-5.9)."""
    for taken, kept in (("m-64", "m-01"), ("m-01", "m-64")):
        state = duel_game()
        win_duel(state, "m-64", "m-01")
        assert state.pending is not None
        assert (kind(state), state.pending.seat) == ("duel_spoils", 0)
        assert sorted(keys(state)) == ["take:m-01", "take:m-64"]
        assert state.pending is not None
        texts = [shown(state.pending), *map(shown, state.pending.options)]
        assert all(text and "{" not in text for text in texts)
        log: list[Event] = []
        play(state, f"take:{taken}", log=log)
        assert market("m-01").name in " ".join(texts) and market(taken).name in shown(
            events(log, "spoils")[0]
        )
        winner, loser = state.heroes
        assert [*winner.items, *(a.card for a in winner.allies)] == [market_card(taken)]
        assert [*loser.items, *(a.card for a in loser.allies)] == [market_card(kept)]
        assert state.market_discard == []


def test_rb_5_10_duel_spoils_gold_option_the_loser_loses_a_card_as_in_any_knock_out() -> None:
    """RB-5.10 (option duel_spoils=gold): the winner takes only the gold; the loser's
    knock-out costs a card of the loser's choice (RB-5.9)."""
    state = duel_game(duel_spoils="gold")
    win_duel(state, "m-64", "m-01")
    assert state.pending is not None
    assert (kind(state), state.pending.seat) == ("knockout_card", 1)
    play(state, "lose:m-01")
    winner, loser = state.heroes
    assert winner.items == [] and winner.allies == [] and winner.gold == 3 + 3
    assert [a.card for a in loser.allies] == [market_card("m-64")] and loser.items == []
    assert state.market_discard == [market_card("m-01")]


def test_rb_5_10_an_attacker_who_loses_is_knocked_out_in_their_own_turn() -> None:
    """RB-5.10: the attacker loses: gold to the defender, knocked out, the market follows."""
    state = duel_game()
    attacker = state.heroes[0]
    hit = damage(state, RANGED, seat=1)  # the defender's ranged damage knocks the attacker out
    assert hit > 0
    attacker.gold, attacker.wounds = 5, life(state, 0) - hit
    rig(state, *rolls(20, 20, 20, 2))  # targets high; the ranged attack misses
    play(state, "attack:2", "attack:ranged")
    roll_on(state)
    assert attacker.gold == 3 and state.heroes[1].gold == 3 + 2
    assert attacker.hex == TAMALIR and attacker.wounds == 0
    assert kind(state) == "market"


def test_rb_5_10_the_side_playing_the_hero_may_use_combat_step_abilities() -> None:
    """RB-5.10 (duel_abilities, default on): before a step is rolled the side playing the hero
    may use a combat-step ability (Steady Aim: +3 mind in the ranged step); it lasts for that
    step only. Off: no such choice, and the same roll misses."""
    hero_id, aim, ability = hero_ability("combat_step", "modify", exhaustion_cost=True)
    plus = effect_value(ability, "modify", "amount")
    for allowed in (True, False):
        state = duel_game(hero_id, "h-dorrin", duel_abilities=allowed)
        raise_stamina(state, ability.cost.exhaustion, seat=0)
        target = 14 + hero_card(state, 1).mind.value
        before = bonus(state, RANGED)
        needed = reaching(target, before + plus)
        assert needed + before < target  # only the ability makes it a hit
        log: list[Event] = []
        rig(state, *rolls(14, 2, 2, needed, 20, 20))  # targets; the attack; two defences
        play(state, "attack:2", "attack:ranged", log=log)
        if allowed:
            assert state.pending is not None
            assert (kind(state), state.pending.seat) == ("combat_step", 0)
            assert state.pending.args["step"] == "ranged" and aim in keys(state)
            play(state, aim, log=log)
            roll_on(state, log)
            assert state.heroes[1].wounds == hero_card(state, 0).mind.damage
            assert me(state).exhaustion == ability.cost.exhaustion
        else:
            assert not any(e.kind == "ability" for e in log)
            assert state.heroes[1].wounds == 0
        assert me(state).turn_mods == [] and bonus(state, RANGED) == before
        assert state.pending is not None
        assert (kind(state), state.pending.seat) == ("duel_attack", 1)  # round 2


def test_rb_5_10_the_side_playing_the_challenge_may_raise_its_value() -> None:
    """RB-5.10: the side playing the challenge may use a combat-step ability too; its bonus
    adds to that step's rolled value."""
    hero_id, aim, ability = hero_ability("combat_step", "modify", exhaustion_cost=True)
    plus = effect_value(ability, "modify", "amount")
    state = duel_game("h-dorrin", hero_id)
    raise_stamina(state, ability.cost.exhaustion, seat=1)
    log: list[Event] = []
    rig(state, *rolls(10, 10, 10))
    play(state, "attack:2", "attack:ranged", log=log)
    while state.pending is not None and state.pending.seat == 0 and kind(state) == "combat_step":
        play(state, "roll", log=log)
    assert state.pending is not None
    assert (kind(state), state.pending.seat) == ("combat_step", 1) and aim in keys(state)
    play(state, aim, log=log)
    roll_on(state, log)
    rolled = events(log, "duel_round")[0]
    ranged = next(e for e in events(log, "duel_roll") if e.data["step"] == "ranged")
    assert ranged.data["target"] == rolled.data["targets"][RANGED] + plus


def test_rb_5_10_the_side_playing_the_hero_may_use_allies() -> None:
    """RB-5.10: the attacker (playing the hero in round 1) can send an ally into a step."""
    state = duel_game()
    give(state, "m-75")
    refresh(state)
    rig(state, *rolls(10, 10, 10))
    play(state, "attack:2", "attack:melee")
    assert kind(state) == "ally_step"


def test_rb_5_5_grimwalds_wyrmfear_counts_only_in_fights_against_dragons() -> None:
    """RB-5.5 with a hero's trait-filtered passive (our content): Grimwald's Wyrmfear takes 1
    spirit from his attack and defence against a dragon, and nothing in any other fight."""
    state = new_game(heroes=("h-grimwald", "h-dorrin"))
    spirit = {when: bonus(state, MAGIC, when) for when in ("attack", "defend")}
    body = bonus(state, MELEE)
    cards = GAME.rules.content.adventures
    dragon = next(i for i, c in enumerate(cards) if "dragon" in c.traits)
    other = next(
        i for i, c in enumerate(cards) if c.kind == "challenge" and "dragon" not in c.traits
    )
    for card, less in ((other, 0), (dragon, 1)):
        state.combat = CombatState(card, me(state).hex, "counter:red")
        for when in ("attack", "defend"):
            assert bonus(state, MAGIC, when) == spirit[when] - less, (cards[card].name, when)
        assert bonus(state, MELEE) == body  # his other steps are untouched
    state.combat = None
    assert bonus(state, MAGIC) == spirit["attack"]
