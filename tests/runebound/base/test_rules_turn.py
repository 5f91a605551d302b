"""Runebound base rules RB-2 (the turn) and RB-3 (movement)."""

from __future__ import annotations

from boardwright.engine.events import Event
from boardwright.games.runebound.records import TERRAINS
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.scenario import (
    BOARD,
    GAME,
    MELEE,
    TAMALIR,
    add_counter,
    adventure,
    before_combat_harm,
    bonus,
    challenge,
    damage,
    effect_value,
    enemy_life,
    enemy_step,
    events,
    faces,
    gem_hexes,
    give,
    hero_ability,
    hex_at,
    keys,
    kind,
    life,
    market,
    me,
    new_game,
    on_top,
    pass_turn,
    play,
    put,
    raise_stamina,
    reaching,
    refresh,
    rig,
    rigged_left,
    rolls,
    safe_green_hex,
    stamina,
    start_adventure,
    terrain,
)

PLAINS_BY_TAMALIR = hex_at(3, 5)  # plains; next to Tamalir, roads, rivers and a forest
# a hero whose activated ability costs exhaustion and gives bonus moves (Nettle's Slip Away)
MOVER, SLIP_AWAY, SLIP = hero_ability("activate", "extra_move", exhaustion_cost=True)


def neighbours(index: int) -> tuple[int, ...]:
    return BOARD.hexes[index].neighbours


def at_key(index: int) -> str:
    return f"to:{BOARD.hexes[index].at}"


def targets(state: RuneboundState) -> set[int]:
    """Hexes offered by the current move/step decision."""
    assert state.pending is not None
    return {o.data for o in state.pending.options if o.key.startswith("to:")}


def roll_dice(state: RuneboundState, *face_numbers: int, log: list[Event] | None = None) -> None:
    rig(state, *faces(*face_numbers))
    play(state, f"roll:{len(face_numbers)}", log=log)


def kinds_of_turn(state: RuneboundState, answers: dict[str, str]) -> list[str]:
    """Play one turn answering each decision kind with a fixed key; the kinds met, in order."""
    seen = []
    turn = state.turn_number
    while state.turn_number == turn:
        k = kind(state)
        assert k is not None
        seen.append(k)
        play(state, answers[k])
    return seen


# --- RB-2 the turn ------------------------------------------------------------------------------


def test_rb_2_1_steps_in_order_market_only_in_a_city() -> None:
    """RB-2.1: refresh, movement, adventure, market (in a city only), experience."""
    answers = {"movement": "stay", "adventure": "skip", "market": "done", "experience": "done"}
    state = new_game()
    me(state).counters = [3, 3]  # enough experience to be asked in the experience step
    gem = safe_green_hex()
    put(state, gem)
    assert kinds_of_turn(state, answers) == ["movement", "adventure", "experience"]
    put(state, TAMALIR)
    assert kinds_of_turn(state, answers) == ["movement", "market", "experience"]


def test_rb_2_1_the_market_follows_the_adventure_step() -> None:
    """RB-2.1: a hero knocked out in the adventure step goes on to a city's market."""
    state = new_game()
    gem = safe_green_hex()
    wounds, _ = before_combat_harm("g-15")  # before combat: wounds to the hero
    assert wounds > 0
    me(state).wounds = life(state) - wounds  # enough to knock the hero out before the fight
    on_top(state, "g-15")
    add_counter(state, gem, "green")
    put(state, gem)
    play(state, "stay")
    assert kind(state) == "adventure"
    play(state, "adventure:green")
    assert kind(state) == "market"
    assert me(state).hex == TAMALIR


def test_rb_2_2_refresh_readies_abilities_and_ends_turn_bonuses() -> None:
    """RB-2.2: at the start of the next turn used abilities are ready and turn bonuses end."""
    state = new_game(heroes=(MOVER,))
    h = me(state)
    mind = GAME.view(state, 0)["heroes"][0]["mind"]
    play(state, SLIP_AWAY)
    moves = effect_value(SLIP, "extra_move", "hexes")
    assert h.bonus_moves == moves and SLIP_AWAY not in keys(state)
    h.turn_mods.append(("mind", 2))  # a bonus "for this turn"
    assert GAME.view(state, 0)["heroes"][0]["mind"] == mind + 2
    pass_turn(state)
    assert kind(state) == "movement"
    assert SLIP_AWAY in keys(state)
    assert h.bonus_moves == 0 and h.turn_mods == [] and h.used == []
    assert GAME.view(state, 0)["heroes"][0]["mind"] == mind


def test_rb_2_3_an_ability_once_per_turn_costs_paid_when_used() -> None:
    """RB-2.3: an activated ability is used once per turn; its cost is paid on use."""
    state = new_game(heroes=(MOVER,))
    h = me(state)
    h.counters = [3, 3]
    raise_stamina(state, SLIP.cost.exhaustion)  # the cost stays exhaustion (RB-6.2)
    refresh(state)
    assert SLIP_AWAY in keys(state) and h.exhaustion == 0
    play(state, SLIP_AWAY)
    assert h.exhaustion == SLIP.cost.exhaustion  # paid at once
    assert SLIP_AWAY not in keys(state)
    play(state, "stay")
    assert kind(state) == "after_movement"  # the two bonus moves may still be spent
    assert any(k.startswith("to:") for k in keys(state))
    play(state, "done")
    assert kind(state) == "market"
    play(state, "done")
    assert kind(state) == "experience"
    assert SLIP_AWAY not in keys(state)


def test_rb_2_3_a_discard_cost_discards_the_card() -> None:
    """RB-2.3: a card whose cost is discarding it goes to the market discard pile on use."""
    state = new_game()
    (potion,) = give(state, "m-33")  # activate, discard: heal wounds
    heals = effect_value(market("m-33").abilities[0], "heal", "wounds")
    assert heals < life(state)
    me(state).wounds = heals
    refresh(state)
    play(state, f"use:m{potion}.0")
    assert me(state).wounds == 0
    assert potion not in me(state).items and potion in state.market_discard


def test_rb_2_3_an_ability_whose_cost_would_knock_out_is_not_offered() -> None:
    """RB-2.3: exhaustion beyond stamina becomes a wound; if that would knock out, no offer."""
    state = new_game(heroes=(MOVER,))
    h = me(state)
    cost = SLIP.cost.exhaustion
    h.exhaustion, h.wounds = stamina(state), life(state) - cost  # paying would reach life
    refresh(state)
    assert SLIP_AWAY not in keys(state)
    h.wounds -= 1
    refresh(state)
    assert SLIP_AWAY in keys(state)
    play(state, SLIP_AWAY)
    assert (h.exhaustion, h.wounds) == (stamina(state), life(state) - 1)


def test_rb_2_3_a_combat_step_ability_is_not_used_twice_in_one_turn() -> None:
    """RB-2.3: a hero ability used in round 1 of a fight cannot be used again that turn."""
    hero_id, key, ability = hero_ability("combat_step", exhaustion_cost=True)
    phases = {getattr(e, "phase", None) for e in ability.effects} - {None}
    step = str(phases.pop()) if phases else "melee"  # attack where the ability helps
    state = new_game(heroes=(hero_id,))
    (plate,) = give(state, "m-22")  # its combat_step ability asks at every step; never used
    raise_stamina(state, 2 * ability.cost.exhaustion + 1)  # affordable twice: only RB-2.3 says no
    rig(state, *rolls(*[20] * 12))  # every attack hits, every defence holds
    start_adventure(state, gem_hexes("blue")[0], "blue", "b-01")  # a value in every step
    play(state, f"attack:{step}")
    offered = 0
    while kind(state) == "combat_step":  # round 1: use it when offered
        offered += key in keys(state)
        play(state, key if key in keys(state) else "roll")
    assert offered == 1 and me(state).used.count(key[4:]) == 1
    assert kind(state) == "escape" and state.combat is not None and state.combat.round == 2
    me(state).exhaustion = 0
    play(state, "fight", f"attack:{step}")
    assert kind(state) == "combat_step" and f"use:m{plate}.0" in keys(state)
    while kind(state) == "combat_step":  # round 2: never offered again
        assert key not in keys(state)
        play(state, "roll")


def test_rb_2_3_a_challenges_passive_ability_applies() -> None:
    """RB-2.3: g-17's passive 'each hit on it deals 1 wound less' takes 1 off the hero's hit."""
    state = new_game()
    gem = safe_green_hex()
    armour = Rules.enemy_armour(challenge("g-17"))  # passive reduce_damage
    assert armour > 0 and damage(state, MELEE) - armour < enemy_life("g-17")
    on_top(state, "g-17")  # melee only: the hero attacks there
    add_counter(state, gem, "green")
    put(state, gem)
    rig(state, *rolls(reaching(enemy_step("g-17", MELEE).value, bonus(state, MELEE))))
    log: list[Event] = []
    play(state, "stay", "adventure:green", log=log)
    assert [e.data["hit"] for e in events(log, "combat_roll")] == [True]
    assert state.combat is not None
    assert state.combat.enemy_wounds == max(0, damage(state, MELEE) - armour)


# --- RB-3 movement ------------------------------------------------------------------------------


def most_dice(state: RuneboundState) -> int:
    return max((int(k[5:]) for k in keys(state) if k.startswith("roll:")), default=0)


def test_rb_3_1_five_dice_four_when_the_party_is_hurt_or_tired() -> None:
    """RB-3.1: up to 5 dice; 4 if the hero or an ally has a wound or an exhaustion."""
    state = new_game()
    h = me(state)
    assert most_dice(state) == 5
    assert [f"roll:{n}" for n in (5, 4, 3, 2, 1)] == keys(state)[:5]
    h.wounds = 1
    refresh(state)
    assert most_dice(state) == 4
    h.wounds, h.exhaustion = 0, 1
    refresh(state)
    assert most_dice(state) == 4
    h.exhaustion = 0
    give(state, "m-64")
    refresh(state)
    assert most_dice(state) == 5
    h.allies[0].exhaustion = 1
    refresh(state)
    assert most_dice(state) == 4
    h.allies[0].exhaustion, h.allies[0].wounds = 0, 1
    refresh(state)
    assert most_dice(state) == 4


def test_rb_3_1_card_effects_change_the_dice_between_zero_and_six() -> None:
    """RB-3.1: `modify movement_dice` raises or lowers the limit, within 0 to 6."""
    state = new_game()
    h = me(state)
    give(state, "m-46")  # +1 movement die
    refresh(state)
    assert most_dice(state) == 6
    h.wounds = 1
    refresh(state)
    assert most_dice(state) == 5
    h.wounds = 0
    give(state, "m-47")  # another +1: 7 is capped at 6
    refresh(state)
    assert most_dice(state) == 6
    state.event = adventure("g-25")  # while in play: -1 movement die
    h.items.clear()
    refresh(state)
    assert most_dice(state) == 4
    h.turn_mods.append(("movement_dice", -9))
    refresh(state)
    assert most_dice(state) == 0
    assert "step" in keys(state) and "stay" in keys(state)


def test_rb_3_2_each_die_below_four_not_rolled_removes_one_exhaustion() -> None:
    """RB-3.2: rolling 3 dice removes 1 exhaustion, 4 dice none; wounds stay."""
    state = new_game()
    h = me(state)
    h.exhaustion, h.wounds = 2, 1
    refresh(state)
    play(state, "roll:4")
    assert (h.exhaustion, h.wounds) == (2, 1)
    pass_turn(state)
    roll_dice(state, 1, 1, 1)
    assert (h.exhaustion, h.wounds) == (1, 1)
    assert kind(state) == "move"  # the three dice still move the hero


def test_rb_3_2_rest_goes_on_to_the_allies_once_the_hero_has_none() -> None:
    """RB-3.2: after the hero's exhaustion, the allies' exhaustion comes off."""
    state = new_game()
    h = me(state)
    give(state, "m-64", "m-75")
    h.exhaustion = 1
    h.allies[0].exhaustion, h.allies[1].exhaustion = 1, 2
    refresh(state)
    roll_dice(state, 1)  # 3 dice not rolled
    assert (h.exhaustion, h.allies[0].exhaustion, h.allies[1].exhaustion) == (0, 0, 1)


def test_rb_3_2_full_rest_removes_up_to_four_and_the_hero_stays() -> None:
    """RB-3.2: rolling no dice removes up to 4 exhaustion, never wounds; no movement."""
    state = new_game()
    h = me(state)
    raise_stamina(state, 5)  # room for more exhaustion than a rest removes
    put(state, PLAINS_BY_TAMALIR)
    h.exhaustion, h.wounds = 5, 2
    give(state, "m-64")
    h.allies[0].exhaustion = 1
    refresh(state)
    draws = state.rng.draws
    play(state, "rest")
    assert (h.exhaustion, h.wounds, h.allies[0].exhaustion) == (1, 2, 1)
    assert h.hex == PLAINS_BY_TAMALIR
    assert state.rng.draws == draws  # no dice rolled
    assert kind(state) != "move"


def test_rb_3_2_rest_is_offered_only_to_a_tired_party() -> None:
    """RB-3.2: with no exhaustion there is nothing to rest off."""
    state = new_game()
    assert "rest" not in keys(state)
    me(state).exhaustion = 1
    refresh(state)
    assert "rest" in keys(state)


def test_rb_3_3_each_die_pays_for_one_adjacent_hex_of_a_terrain_it_shows() -> None:
    """RB-3.3: a die moves the hero one adjacent hex whose terrain is on its face."""
    state = new_game()
    put(state, PLAINS_BY_TAMALIR)
    roll_dice(state, 6)  # river
    river = {n for n in neighbours(PLAINS_BY_TAMALIR) if terrain(n) in ("river", "city")}
    assert targets(state) == river
    assert "stop" in keys(state)
    target = min(n for n in river if terrain(n) == "river")
    play(state, at_key(target))
    assert me(state).hex == target
    assert kind(state) != "move"  # the one die is spent


def test_rb_3_3_dice_in_any_order_each_once() -> None:
    """RB-3.3: two dice, used in either order, one die per hex."""
    state = new_game()
    put(state, PLAINS_BY_TAMALIR)
    roll_dice(state, 6, 3)  # river; road/plains/forest
    forest = next(n for n in neighbours(PLAINS_BY_TAMALIR) if terrain(n) == "forest")
    play(state, at_key(forest))
    left = state.stack[-1][1]
    assert left == (BOARD.die_faces[5],)  # the river die is left
    nxt = targets(state)
    assert nxt and all(terrain(n) in ("river", "city") for n in nxt)


def test_rb_3_3_the_player_chooses_which_die_pays_when_different_dice_fit() -> None:
    """RB-3.3: road fits both road/plains and road/plains/hills: the player picks."""
    state = new_game()
    put(state, PLAINS_BY_TAMALIR)
    roll_dice(state, 1, 2)
    road = next(n for n in neighbours(PLAINS_BY_TAMALIR) if terrain(n) == "road")
    play(state, at_key(road))
    assert kind(state) == "move_die"
    assert keys(state) == ["pay:plains/road", "pay:plains/road/hills"]
    play(state, "pay:plains/road")
    assert me(state).hex == road
    assert state.stack[-1][1] == (BOARD.die_faces[1],)  # the hills die is kept
    # two equal dice do not ask
    state2 = new_game()
    put(state2, PLAINS_BY_TAMALIR)
    roll_dice(state2, 1, 1)
    play(state2, at_key(road))
    assert kind(state2) == "move" and me(state2).hex == road


def test_rb_3_4_one_hex_step_into_any_terrain_without_dice() -> None:
    """RB-3.4: step exactly one hex to any neighbour, whatever its terrain; not a rest."""
    state = new_game()
    put(state, PLAINS_BY_TAMALIR)
    me(state).exhaustion = 1
    refresh(state)
    draws = state.rng.draws
    play(state, "step")
    assert targets(state) == set(neighbours(PLAINS_BY_TAMALIR))
    forest = next(n for n in neighbours(PLAINS_BY_TAMALIR) if terrain(n) == "forest")
    play(state, at_key(forest))
    assert me(state).hex == forest
    assert me(state).exhaustion == 1  # not a rest
    assert state.rng.draws == draws
    assert kind(state) not in ("move", "step")  # exactly one hex


def test_rb_3_5_stop_after_any_hex_unused_dice_are_lost() -> None:
    """RB-3.5: stopping early is allowed; staying put too; unused dice are lost."""
    state = new_game()
    put(state, PLAINS_BY_TAMALIR)
    roll_dice(state, 1, 1, 1)
    road = next(n for n in neighbours(PLAINS_BY_TAMALIR) if terrain(n) == "road")
    play(state, at_key(road), "stop")
    assert me(state).hex == road
    pass_turn(state)
    assert kind(state) == "movement"  # the two dice did not carry over
    play(state, "stay")
    assert me(state).hex == road


def test_rb_3_6_the_movement_die_faces() -> None:
    """RB-3.6: six faces, a city never shown; road 4, plains 3, river 3, hills 2, others 1."""
    table = [
        {"road", "plains"},
        {"road", "plains", "hills"},
        {"road", "plains", "forest"},
        {"road", "river", "swamp"},
        {"hills", "river", "mountains"},
        {"river"},
    ]
    shown = [{t for i, t in enumerate(TERRAINS) if face >> i & 1} for face in BOARD.die_faces]
    assert shown == table
    count = {t: sum(t in f for f in shown) for t in TERRAINS}
    assert count == {
        "road": 4,
        "plains": 3,
        "river": 3,
        "hills": 2,
        "forest": 1,
        "swamp": 1,
        "mountains": 1,
    }
    state = new_game()
    log: list[Event] = []
    roll_dice(state, 5, 4, 6, 2, 1, log=log)
    (rolled,) = events(log, "roll")
    rolled_faces = [table[n - 1] for n in (5, 4, 6, 2, 1)]
    assert sorted(rolled.data["dice"]) == sorted(
        "/".join(t for t in TERRAINS if t in f) for f in rolled_faces
    )


def test_rb_3_7_a_city_is_entered_with_any_die() -> None:
    """RB-3.7: no die shows a city, but any die (or the step) enters one."""
    for face in range(1, 7):
        state = new_game()
        put(state, PLAINS_BY_TAMALIR)
        roll_dice(state, face)
        assert TAMALIR in targets(state)
        play(state, at_key(TAMALIR))
        assert me(state).hex == TAMALIR
    state = new_game()
    put(state, PLAINS_BY_TAMALIR)
    play(state, "step")
    assert TAMALIR in targets(state)


def two_heroes_on(index: int) -> RuneboundState:
    state = new_game(2)
    state.heroes[1].hex = index
    put(state, index)
    return state


def test_rb_3_8_ending_on_another_heros_hex_allows_an_attack_instead_of_an_adventure() -> None:
    """RB-3.8: on a hex with another hero the adventure step offers to attack them."""
    gem = safe_green_hex()
    state = two_heroes_on(gem)
    play(state, "stay")
    assert kind(state) == "adventure"
    assert keys(state) == ["adventure:green", "attack:2", "skip"]
    play(state, "attack:2")
    assert kind(state) == "duel_attack"  # the attack replaces the adventure
    # an empty wild hex: the attack alone
    wild = next(n for n in neighbours(TAMALIR) if BOARD.hexes[n].gem < 0)
    state = two_heroes_on(wild)
    play(state, "stay")
    assert keys(state) == ["attack:2", "skip"]


def test_rb_3_8_no_attack_in_a_city() -> None:
    """RB-3.8: cities are safe: heroes sharing a city hex cannot attack each other there."""
    state = two_heroes_on(TAMALIR)
    play(state, "stay")
    assert kind(state) != "adventure" or "attack:2" not in keys(state)


def test_rb_3_step_and_roll_leave_no_dice_behind() -> None:
    """RB-3.3/RB-3.5: a hero who rolled and used every die has no further move."""
    state = new_game()
    put(state, PLAINS_BY_TAMALIR)
    roll_dice(state, 1)
    road = next(n for n in neighbours(PLAINS_BY_TAMALIR) if terrain(n) == "road")
    play(state, at_key(road))
    assert kind(state) != "move"
    assert rigged_left(state) == []
