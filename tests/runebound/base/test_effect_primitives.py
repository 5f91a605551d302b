"""What each effect primitive does (docs/content.md, "Effect primitives"): one small scenario per
primitive, so that no handler of ``effects.EFFECT_HANDLERS`` can be a no-op by accident, and a
test that every primitive of ``records.Effect`` has its scenario here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import TypeAdapter

from boardwright.engine.events import Event
from boardwright.games.runebound.effects import HOOKS, apply_effects
from boardwright.games.runebound.records import COLOURS, TERRAINS, Effect
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.state import CombatState, RuneboundState
from tests.runebound.kit import shown
from tests.runebound.scenario import (
    BOARD,
    CONTENT,
    RULES,
    TAMALIR,
    bonus,
    clear_counters,
    effect_models,
    events,
    gem_hexes,
    give,
    has_counter,
    me,
    new_game,
    safe_green_hex,
)

EFFECT: TypeAdapter[Effect] = TypeAdapter(Effect)
SCENARIOS: dict[str, Callable[[], None]] = {}
CHALLENGE = next(i for i, c in enumerate(CONTENT.adventures) if c.kind == "challenge")
ALLY = next(c.id for c in CONTENT.market if c.kind == "ally" and (c.life or 0) >= 2)


def scenario(do: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Register a test as the scenario of primitive ``do``."""

    def register(test: Callable[[], None]) -> Callable[[], None]:
        SCENARIOS[do] = test
        return test

    return register


def run(
    state: RuneboundState,
    *effects: dict[str, Any],
    rules: Rules = RULES,
    seat: int = 0,
    opponent: int = -1,
) -> list[Event]:
    """Apply effects (as content writes them) for ``seat``; the events they logged."""
    log: list[Event] = []
    records = [EFFECT.validate_python(e) for e in effects]
    apply_effects(rules, state, seat, records, log, source="seat:0", opponent=opponent)
    return log


def fighting(state: RuneboundState) -> CombatState:
    """Seat 0 is in a fight with a challenge on its hex."""
    state.combat = CombatState(CHALLENGE, me(state).hex, "counter:green")
    return state.combat


def test_every_primitive_has_a_scenario() -> None:
    assert set(SCENARIOS) == set(effect_models())


@scenario("modify")
def test_modify_lasts_the_turn_outside_a_fight_and_the_step_in_one() -> None:
    state = new_game()
    mind = bonus(state, 0)
    run(state, {"do": "modify", "stat": "mind", "amount": 2})
    assert me(state).turn_mods == [("mind", 2)]
    assert bonus(state, 0) == mind + 2
    combat = fighting(state)
    run(state, {"do": "modify", "stat": "damage", "amount": 1})
    assert combat.temp == [("damage", 1)]
    assert me(state).turn_mods == [("mind", 2)]


@scenario("modify_enemy")
def test_modify_enemy_changes_the_fought_challenge_by_or_to_a_number() -> None:
    state = new_game()
    assert not run(state, {"do": "modify_enemy", "stat": "value", "amount": -2})  # no fight
    combat = fighting(state)
    step = next(s for s, a in enumerate(RULES.steps_of(CONTENT.adventures[CHALLENGE])) if a)
    value, _damage = RULES.enemy_step(state, step)
    log = run(state, {"do": "modify_enemy", "stat": "value", "amount": -2})
    log += run(state, {"do": "modify_enemy", "stat": "damage", "to": 0, "duration": "combat"})
    assert RULES.enemy_step(state, step) == (value - 2, 0)
    first, second = (shown(e) for e in events(log, "enemy_modified"))
    assert first.endswith("value changes by -2 (every step, for this step)")
    assert second.endswith("damage becomes 0 (every step, for this combat)")
    assert len(combat.enemy_mods) == 2


@scenario("prevent")
def test_prevent_cancels_wounds_a_roll_is_about_to_cost() -> None:
    state = new_game()
    assert not run(state, {"do": "prevent", "amount": 1})  # no fight: nothing
    combat = fighting(state)
    assert not run(state, {"do": "prevent", "amount": 1})  # no wounds coming: nothing
    combat.pending_wounds = 3
    log = run(state, {"do": "prevent", "amount": 2})
    assert combat.pending_wounds == 1
    assert shown(events(log, "prevent")[0]) == (
        "Player 1 (" + RULES.heroes[me(state).hero].name + ") prevents 2 wound(s); 1 still to take"
    )
    run(state, {"do": "prevent", "amount": 5})
    assert combat.pending_wounds == 0


@scenario("pathfinder")
def test_pathfinder_used_opens_a_terrain_for_the_turn() -> None:
    state = new_game()
    swamp = TERRAINS.index("swamp")
    assert not RULES.passes(state, 0, swamp)
    log = run(state, {"do": "pathfinder", "terrain": "swamp"})
    assert RULES.passes(state, 0, swamp)
    assert shown(events(log, "pathfinder")[0]).endswith(
        "may enter swamp hexes with any die this turn"
    )


@scenario("damage_enemy")
def test_damage_enemy_wounds_the_challenge_or_the_other_hero() -> None:
    state = new_game(players=2)
    assert not run(state, {"do": "damage_enemy", "amount": 2})  # no fight: nothing
    combat = fighting(state)
    log = run(state, {"do": "damage_enemy", "amount": 2})
    assert combat.enemy_wounds == 2
    assert shown(events(log, "damage")[0]) == "Player 1 deals 2 wound(s) to the enemy"
    run(state, {"do": "damage_enemy", "amount": 1}, opponent=1)  # a duel
    assert me(state, 1).wounds == 1


@scenario("heal")
def test_heal_removes_wounds_and_exhaustion() -> None:
    state = new_game()
    me(state).wounds, me(state).exhaustion = 3, 2
    log = run(state, {"do": "heal", "wounds": 2, "exhaustion": 1})
    assert (me(state).wounds, me(state).exhaustion) == (1, 1)
    assert events(log, "heal")


@scenario("harm")
def test_harm_hurts_the_party_and_a_fall_ends_the_effects() -> None:
    state = new_game()
    give(state, ALLY)
    run(state, {"do": "harm", "wounds": 1, "exhaustion": 1, "target": "party"})
    assert (me(state).wounds, me(state).exhaustion) == (1, 1)
    assert (me(state).allies[0].wounds, me(state).allies[0].exhaustion) == (1, 1)
    me(state).hex, me(state).gold = safe_green_hex(), 0
    lethal = RULES.life(state, 0)
    log = run(state, {"do": "harm", "wounds": lethal}, {"do": "gold", "amount": 5})
    assert events(log, "knocked_out")
    assert shown(events(log, "knocked_out")[0]).endswith("is knocked out")  # the plain text
    assert me(state).hex in {c.hex for c in BOARD.cities}  # RB-5.9: to the nearest city
    assert me(state).gold == 0  # the effects after the knock-out lapse


@scenario("gold")
def test_gold_gains_and_pays_but_never_below_zero() -> None:
    state = new_game()
    me(state).gold = 2
    run(state, {"do": "gold", "amount": 3})
    assert me(state).gold == 5
    run(state, {"do": "gold", "amount": -9})
    assert me(state).gold == 0


@scenario("extra_move")
def test_extra_move_adds_bonus_moves() -> None:
    state = new_game()
    run(state, {"do": "extra_move", "hexes": 2})
    assert me(state).bonus_moves == 2


@scenario("reroll")
def test_reroll_lets_the_step_be_rolled_again() -> None:
    state = new_game()
    run(state, {"do": "reroll"})  # outside a fight: nothing to reroll
    combat = fighting(state)
    run(state, {"do": "reroll"})
    assert combat.reroll


@scenario("reduce_damage")
def test_reduce_damage_is_armour_for_the_step() -> None:
    state = new_game()
    combat = fighting(state)
    run(state, {"do": "reduce_damage", "amount": 2})
    assert combat.temp == [("armour", 2)]


@scenario("experience")
def test_experience_takes_a_counter_of_that_value_from_the_supply() -> None:
    state = new_game()
    colour, value = 0, BOARD.counter_values[0]
    supply = state.counter_supply[colour]
    run(state, {"do": "experience", "value": value})
    assert me(state).counters == [colour]
    assert state.counter_supply[colour] == supply - 1


@scenario("draw_market")
def test_draw_market_lays_cards_on_the_city_stack() -> None:
    state = new_game()
    me(state).hex = TAMALIR
    stack = len(state.stacks[0])
    run(state, {"do": "draw_market", "count": 2})
    assert len(state.stacks[0]) == stack + 2


@scenario("teleport")
def test_teleport_moves_to_a_city_or_asks_which() -> None:
    state = new_game()
    me(state).hex = safe_green_hex()
    run(state, {"do": "teleport", "to": "tamalir"})
    assert me(state).hex == TAMALIR
    run(state, {"do": "teleport", "to": "any_city"})
    assert state.stack[-1] == ("teleport", 0)


@scenario("replenish")
def test_replenish_returns_counters_to_starred_hexes() -> None:
    state = new_game()
    starred = gem_hexes("green", star=True)[0]
    clear_counters(state, starred)
    supply = state.counter_supply[0]
    run(state, {"do": "replenish", "colours": ["green"]})
    assert has_counter(state, starred, "green")
    assert state.counter_supply[0] == supply - 1


@scenario("fight")
def test_fight_takes_the_card_from_its_deck_and_starts_a_fight() -> None:
    state = new_game()
    card = CONTENT.adventures[CHALLENGE]
    deck = state.adventure_decks[COLOURS.index(card.colour)]
    if CHALLENGE not in deck:
        deck.append(CHALLENGE)
    run(state, {"do": "fight", "card": card.id})
    assert CHALLENGE not in deck
    assert state.stack[-1] == ("combat_start", CHALLENGE, me(state).hex, "encounter")


@scenario("lose_legend")
def test_lose_legend_takes_a_legend_card_in_al_kalim() -> None:
    from tests.runebound.al_kalim import scenario as al_kalim_scenario

    state = al_kalim_scenario.new_game()
    al_kalim_scenario.give_legend(state, al_kalim_scenario.legend_of_type("artifact"))
    rules = al_kalim_scenario.GAME.rules_for(state)
    run(state, {"do": "lose_legend", "amount": 1}, rules=rules)
    assert al_kalim_scenario.legend_ids(state) == []  # the only card goes without a question
    base = new_game()
    stack = list(base.stack)
    run(base, {"do": "lose_legend"})  # the base adventure has no legend cards
    assert base.stack == stack


@scenario("cult_move")
def test_cult_move_moves_the_cult_in_cult_of_the_rune() -> None:
    """CR-43: the cult's moves are asked for; the base adventure has no cult."""
    from tests.runebound.cult import kit as cult_kit

    state = cult_kit.cult_game()
    run(state, {"do": "cult_move", "times": 2}, rules=cult_kit.rules_of(state))
    assert state.stack[-1] == ("cult_move", 2, -1)
    base = new_game()
    stack = list(base.stack)
    run(base, {"do": "cult_move"})
    assert base.stack == stack


@scenario("corrupt")
def test_corrupt_brands_the_hero_in_cult_of_the_rune() -> None:
    """CR-44: corruption markers lower life; nothing in the base adventure."""
    from tests.runebound.cult import kit as cult_kit

    state = cult_kit.cult_game()
    rules = cult_kit.rules_of(state)
    life = rules.life(state, 0)
    run(state, {"do": "corrupt", "amount": 2}, rules=rules)
    assert cult_kit.part(state).corruption[0] == 2 and rules.life(state, 0) == life - 2
    base = new_game()
    run(base, {"do": "corrupt"})
    assert RULES.life(base, 0) == RULES.life(new_game(), 0)


@scenario("master")
def test_master_makes_every_test_of_its_skill_certain() -> None:
    from tests.runebound.al_kalim import scenario as al_kalim_scenario

    state = al_kalim_scenario.new_game()
    rules = al_kalim_scenario.GAME.rules_for(state)
    index, skill = next(
        (i, e.skill)
        for i, card in enumerate(al_kalim_scenario.CONTENT.legends)
        for a in card.reward.abilities
        if a.timing == "passive"
        for e in a.effects
        if e.do == "master" and e.skill
    )
    assert rules.test_roll(state, 0, "mind", skill) is not None  # no mastery yet: rolled
    al_kalim_scenario.give_legend(state, index, done=True)  # its legendary reward is held
    draws = state.rng.draws
    assert rules.test_roll(state, 0, "mind", skill) is None and state.rng.draws == draws
    other = next(s for s in ("lore", "climb", "stealth") if s != skill)
    assert rules.test_roll(state, 0, "mind", other) is not None  # another skill: rolled
    assert not run(state, {"do": "master", "skill": skill}, rules=rules)  # it only lasts


@scenario("test")
def test_test_rolls_and_a_failure_carries_out_its_effects() -> None:
    state = new_game()
    failing = {
        "do": "test",
        "stat": "mind",
        "difficulty": 40,
        "failure": [{"do": "harm", "wounds": 1}],
    }
    log = run(state, failing)
    assert me(state).wounds == 1 and events(log, "test")[0].data["variant"] == "failure"
    log = run(state, {**failing, "difficulty": 2})
    assert me(state).wounds == 1 and events(log, "test")[0].data["variant"] == "success"


@scenario("hook")
def test_hook_calls_the_named_rule() -> None:
    state = new_game()
    give(state, ALLY)
    me(state).wounds = me(state).allies[0].wounds = 1
    assert "heal_all" in HOOKS
    run(state, {"do": "hook", "name": "heal_all"})
    assert me(state).wounds == me(state).allies[0].wounds == 0
