"""The effect vocabulary the packs' cards need (docs/rules/packs.md PV), with the fixture packs
of tests/runebound/packs/fixtures: each rule's behaviour in a fight or on the map, and each
content check as a one-line error."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from boardwright.bots.runebound.values import charge_share
from boardwright.cli.main import app
from boardwright.engine.events import Event
from boardwright.games.runebound.content import CITY, TERRAIN_NAMES
from boardwright.games.runebound.effects import apply_effects
from boardwright.games.runebound.procedure import use_ability
from boardwright.games.runebound.records import (
    TERRAINS,
    AdventureCard,
    Gold,
    Harm,
    Heal,
    MarketCard,
    Modify,
    ModifyEnemy,
    Pathfinder,
    ReduceDamage,
    Teleport,
)
from boardwright.games.runebound.render import Names, hero_panel
from boardwright.games.runebound.state import CombatState, RuneboundState
from tests.runebound.packs.kit import ALL_PACKS, pack_game
from tests.runebound.scenario import rig, rolls

GAME = pack_game()
CONTENT = GAME.content


def setup(options: dict[str, object] | None = None, seed: int = 3) -> RuneboundState:
    return GAME.setup(GAME.config(3, {"packs": ALL_PACKS, **(options or {})}), seed)


def challenge(trait: str | None = None, without: str | None = None) -> int:
    """A base challenge with (or without) a trait."""
    return next(
        i
        for i, c in enumerate(CONTENT.adventures)
        if c.kind == "challenge"
        and c.card_set == "base"
        and (trait is None or trait in c.traits)
        and (without is None or without not in c.traits)
    )


def fight(state: RuneboundState, card: int, seat: int = 0) -> CombatState:
    state.combat = CombatState(card, state.heroes[seat].hex, "counter:green")
    return state.combat


def refresh(state: RuneboundState) -> None:
    """Seat 0 plays on from the frames set up by hand."""
    state.seat = 0
    GAME.procedures_for(state).run(state, None)


def validate(folder: Path) -> list[str]:
    result = CliRunner().invoke(app, ["content", "validate", "runebound", str(folder)])
    assert "Traceback" not in result.output
    return [line for line in result.output.splitlines() if line.strip()]


def write_pack(root: Path, name: str, text: str, stem: str = "market") -> Path:
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{stem}.yaml").write_text(text, encoding="utf-8")
    return folder


# PV-1
def test_PV_1_a_trait_filter_applies_only_against_a_challenge_with_that_trait() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    censer = CONTENT.market_index["tk-01"]  # +2 spirit, +1 damage against undead
    rules.gain_card(state, 0, censer)
    fight(state, challenge(without="undead"))
    spirit, damage = rules.hero_roll_bonus(state, 0, 2, "attack"), rules.hero_damage(state, 0, 2)
    fight(state, challenge(trait="undead"))
    assert rules.hero_roll_bonus(state, 0, 2, "attack") == spirit + 2
    assert rules.hero_damage(state, 0, 2) == damage + 1
    state.combat = None
    assert rules.hero_roll_bonus(state, 0, 2, "attack") == spirit  # outside a fight: none


# PV-1
def test_PV_1_a_pack_card_naming_an_unknown_trait_is_one_line_error(tmp_path: Path) -> None:
    item = (
        "set: kellos\nmarket:\n  - id: k-1\n    name: Relic\n    kind: artifact\n    cost: 2\n"
        "    abilities:\n      - name: Glow\n        text: Glow.\n        timing: passive\n"
        "        effects:\n          - {do: modify, stat: body, amount: 1, trait: undaed}\n"
    )
    folder = write_pack(tmp_path, "kellos", item)
    lines = validate(folder)
    assert lines[0].startswith(
        f"{folder / 'market.yaml'}: market[0] (id 'k-1').abilities[0].effects[0].trait: "
        "unknown trait 'undaed' (no adventure card has it"
    ), lines
    assert lines[-1].startswith("error: 1 problem(s)")
    # a trait only a pack's own challenge has is known (the drakes fixture's)
    (folder / "market.yaml").write_text(item.replace("undaed", "wyrmkin"), encoding="utf-8")
    write_pack(
        tmp_path,
        "drakes",
        "set: drakes\nadventures:\n  - id: d-1\n    name: Wyrm\n    colour: green\n"
        "    kind: challenge\n    life: 2\n    melee: {value: 9, damage: 1}\n"
        "    traits: [wyrmkin]\n",
        stem="adventures",
    )
    assert validate(tmp_path)[-1].endswith("all content files are valid")


def play_to(state: RuneboundState, kind: str, pick: str = "") -> None:
    """Play the game on (first option, or the option with key ``pick`` when offered) until a
    decision of ``kind``."""
    while state.pending is not None and state.pending.kind != kind:
        options = state.pending.options
        keys = [o.key for o in options]
        GAME.apply(state, keys.index(pick) if pick in keys else 0)


# PV-2
def test_PV_2_modify_enemy_for_a_step_lapses_after_it_and_for_the_combat_stays() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    card = next(
        i for i, c in enumerate(CONTENT.adventures) if c.card_set == "base" and c.melee and c.magic
    )
    combat = fight(state, card)
    state.stack.append(("combat", "resolve", 1))  # the melee step is resolved now
    melee = rules.enemy_step(state, 1)
    magic = rules.enemy_step(state, 2)
    log: list[Event] = []
    apply_effects(
        rules,
        state,
        0,
        [
            ModifyEnemy(do="modify_enemy", stat="value", amount=-3),
            ModifyEnemy(do="modify_enemy", stat="damage", to=0, phase="magic", duration="combat"),
        ],
        None,
    )
    assert rules.enemy_step(state, 1) == (melee[0] - 3, melee[1])
    assert rules.enemy_step(state, 2) == (magic[0] - 3, 0)
    view = GAME.view(state, 0)["combat"]
    assert view["enemy_steps"][1] == [melee[0] - 3, melee[1]]
    GAME.procedures_for(state).table["combat"].step(state, state.stack[-1], log)  # resolve
    assert rules.enemy_step(state, 1) == melee  # the step's change lapsed
    assert rules.enemy_step(state, 2) == (magic[0], 0)  # the fight-long one stays
    assert [m[4] for m in combat.enemy_mods] == [True]


# PV-2
def test_PV_2_a_challenge_raises_its_own_value_before_combat() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    gorgemaw = CONTENT.adventure_index["td-r1"]
    state.stack.append(("combat_start", gorgemaw, state.heroes[0].hex, "encounter"))
    GAME.procedures_for(state).table["combat_start"].step(state, state.stack[-1], [])
    printed = CONTENT.adventures[gorgemaw].melee
    assert printed is not None
    assert rules.enemy_step(state, 1) == (printed.value + 1, printed.damage)


# PV-2
def test_PV_2_modify_enemy_with_both_amount_and_to_is_one_line_error(tmp_path: Path) -> None:
    folder = write_pack(
        tmp_path,
        "walkers",
        "set: walkers\nmarket:\n  - id: w-1\n    name: Net\n    kind: weapon\n    cost: 2\n"
        "    abilities:\n      - name: Snare\n        text: Snare.\n        timing: combat_step\n"
        "        effects:\n          - {do: modify_enemy, stat: value, amount: -1, to: 3}\n",
    )
    lines = validate(folder)
    assert lines[0].startswith(f"{folder / 'market.yaml'}: market[0] (id 'w-1').abilities[0]")
    assert "exactly one of a non-zero amount and to" in lines[0]
    assert lines[-1].startswith("error: 1 problem(s)")


NEW_PRIMITIVES = ("modify_enemy", "prevent", "pathfinder")


# PV-1, PV-2
def test_PV_the_new_vocabulary_is_in_the_json_schema(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["content", "schema", "runebound", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    market = (tmp_path / "market.schema.json").read_text(encoding="utf-8")
    for do in NEW_PRIMITIVES:
        assert f'"{do}"' in market, do
    assert '"trait"' in market


def melee_challenge() -> int:
    return next(
        i
        for i, c in enumerate(CONTENT.adventures)
        if c.card_set == "base" and c.melee and c.melee.damage >= 2 and not c.ranged
    )


# PV-3
def test_PV_3_a_when_damaged_reaction_prevents_wounds_before_they_are_taken() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    ashka = CONTENT.market_index["tk-03"]  # exhaust 1: prevent 1 wound
    rules.gain_card(state, 0, ashka)
    combat = fight(state, melee_challenge())
    combat.enemy_mods.append((1, 0, 0, 99, True))  # the hero's defence cannot hold
    combat.hero_step = 2  # attacks in another step: defends in melee
    combat.ally_steps = [-1]
    state.stack.append(("combat", "resolve", 1))
    damage = rules.enemy_step(state, 1)[1] - rules.armour(state, 0, 1)
    wounds = state.heroes[0].wounds
    refresh(state)
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "when_damaged"
    assert decision.args["wounds"] == damage and state.heroes[0].wounds == wounds
    keys = [o.key for o in decision.options]
    assert keys[-1] == "take" and keys[0].startswith("use:")
    texts = GAME.texts(GAME.config(3, {"packs": ALL_PACKS}))
    assert texts.prompt(decision).endswith(f"deal {damage} wound(s) in the melee step")
    assert texts.option(decision.options[-1]) == f"take the {damage} wound(s)"
    GAME.apply(state, 0)  # the reaction: one wound fewer, then the rest is taken
    assert state.heroes[0].wounds == wounds + damage - 1
    assert state.heroes[0].allies[0].exhaustion == 1  # the ally pays its own (AR-6.2)


# PV-3
def test_PV_3_without_a_reaction_the_wounds_are_taken_at_once_and_prevent_needs_its_timing(
    tmp_path: Path,
) -> None:
    state = setup()
    rules = GAME.rules_for(state)
    combat = fight(state, melee_challenge())
    combat.enemy_mods.append((1, 0, 0, 99, True))
    combat.hero_step = 2
    state.stack.append(("combat", "resolve", 1))
    wounds = state.heroes[0].wounds
    damage = rules.enemy_step(state, 1)[1] - rules.armour(state, 0, 1)
    refresh(state)
    assert state.heroes[0].wounds == wounds + damage and combat.pending_wounds == 0
    folder = write_pack(
        tmp_path,
        "kellos",
        "set: kellos\nmarket:\n  - id: k-1\n    name: Ward\n    kind: artifact\n    cost: 2\n"
        "    abilities:\n      - name: Ward\n        text: Ward.\n        timing: combat_step\n"
        "        effects:\n          - {do: prevent, amount: 1}\n",
    )
    lines = validate(folder)
    assert lines[0].startswith(f"{folder / 'market.yaml'}: market[0] (id 'k-1').abilities[0]")
    assert "its timing must be when_damaged" in lines[0] and len(lines) == 2


# PV-4
def test_PV_4_a_used_modifier_lasts_the_step_the_fight_or_the_turn() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    combat = fight(state, melee_challenge())
    damage, armour = rules.hero_damage(state, 0, 1), rules.armour(state, 0, 1)
    body = rules.hero_roll_bonus(state, 0, 1, "attack")
    apply_effects(
        rules,
        state,
        0,
        [
            Modify(do="modify", stat="damage", amount=1, duration="combat"),
            ReduceDamage(do="reduce_damage", amount=1, duration="combat"),
            Modify(do="modify", stat="body", amount=2, duration="turn"),
            Modify(do="modify", stat="body", amount=1),  # the step only
        ],
        None,
    )
    assert rules.hero_damage(state, 0, 1) == damage + 1 and rules.armour(state, 0, 1) == armour + 1
    assert rules.hero_roll_bonus(state, 0, 1, "attack") == body + 3
    combat.temp.clear()  # what the end of a step does
    assert rules.hero_damage(state, 0, 1) == damage + 1 and rules.armour(state, 0, 1) == armour + 1
    assert rules.hero_roll_bonus(state, 0, 1, "attack") == body + 2
    state.combat = None  # the fight is over: the turn's change stays
    assert rules.hero_damage(state, 0, 1) == damage
    assert rules.hero_roll_bonus(state, 0, 1, "attack") == body + 2


# PV-4
def test_PV_4_the_fixture_hammer_consecrates_a_whole_fight() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    hammer = CONTENT.market_index["tk-02"]
    rules.gain_card(state, 0, hammer)
    fight(state, melee_challenge())
    found = rules.usable(state, 0, "before_combat", [])
    assert [a.name for _, _, a in found] == ["Consecrate"]
    damage = rules.hero_damage(state, 0, 0)
    apply_effects(rules, state, 0, found[0][2].effects, None)
    assert rules.hero_damage(state, 0, 0) == rules.hero_damage(state, 0, 2) == damage + 1


# PV-4
def test_PV_4_a_passive_modifier_takes_no_duration(tmp_path: Path) -> None:
    folder = write_pack(
        tmp_path,
        "kellos",
        "set: kellos\nmarket:\n  - id: k-1\n    name: Relic\n    kind: artifact\n    cost: 2\n"
        "    abilities:\n      - name: Glow\n        text: Glow.\n        timing: passive\n"
        "        effects:\n          - {do: modify, stat: body, amount: 1, duration: combat}\n",
    )
    lines = validate(folder)
    assert "no duration 'combat' (that is for a used one)" in lines[0] and len(lines) == 2


# PV-5
def test_PV_5_effects_reach_every_hero_the_others_or_those_on_the_hex() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    for h in state.heroes:
        h.gold, h.wounds, h.exhaustion = 4, 2, 0
    state.heroes[1].hex = state.heroes[0].hex
    state.heroes[2].hex = next(c.hex for c in rules.board.cities if c.hex != state.heroes[0].hex)
    log: list[Event] = []
    apply_effects(
        rules,
        state,
        0,
        [
            Heal(do="heal", wounds=1, heroes="here"),
            Gold(do="gold", amount=-3, heroes="others"),
            Harm(do="harm", exhaustion=1, heroes="all"),
        ],
        log,
    )
    assert [h.wounds for h in state.heroes] == [1, 1, 2]
    assert [h.gold for h in state.heroes] == [4, 1, 1]
    assert [h.exhaustion for h in state.heroes] == [1, 1, 1]
    assert [e.data["seat"] for e in log if e.kind == "harm"] == [0, 1, 2]


# PV-5
def test_PV_5_another_hero_falling_is_knocked_out_and_the_turn_goes_on() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    state.seat = 0
    other = state.heroes[1]
    other.wounds = rules.life(state, 1) - 1
    other.hex = next(i for i, h in enumerate(rules.board.hexes) if h.city < 0)
    log: list[Event] = []
    apply_effects(
        rules,
        state,
        0,
        [Harm(do="harm", wounds=1, heroes="others"), Gold(do="gold", amount=1)],
        log,
    )
    assert other.wounds == 0 and rules.board.hexes[other.hex].city >= 0  # knocked out
    assert [e.data["seat"] for e in log if e.kind == "knocked_out"] == [1]
    assert [e.data["seat"] for e in log if e.kind == "gold"] == [0]  # the user's effects go on


# PV-5
def test_PV_5_the_fixture_event_exhausts_every_hero() -> None:
    smoke = CONTENT.adventures[CONTENT.adventure_index["tm-g2"]]
    harm = smoke.abilities[1].effects[0]
    assert isinstance(harm, Harm) and harm.heroes == "all"
    state = setup()
    rules = GAME.rules_for(state)
    apply_effects(rules, state, 0, smoke.abilities[1].effects, None)
    assert all(h.exhaustion == 1 for h in state.heroes)


def mountain_next_to_plain() -> tuple[int, int, int]:
    """A hex (no mountain, no city) with a mountain neighbour, that neighbour, and a die face
    showing the terrain of another neighbour (so that the die moves somewhere)."""
    board = CONTENT.board
    mountains = TERRAIN_NAMES.index("mountains")
    for h in board.hexes:
        if h.city >= 0 or h.terrain == mountains:
            continue
        found = [n for n in h.neighbours if board.hexes[n].terrain == mountains]
        other = [
            board.hexes[n].terrain
            for n in h.neighbours
            if board.hexes[n].terrain not in (mountains, CITY)
        ]
        if found and other:
            return h.index, found[0], 1 << other[0]
    raise AssertionError("no mountain on the board")


def offered_moves(state: RuneboundState, faces: tuple[int, ...]) -> set[int]:
    state.stack.append(("move", faces, -1))
    refresh(state)
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "move"
    return {o.data for o in decision.options if o.key.startswith("to:")}


# PV-6
def test_PV_6_a_pathfinder_opens_its_terrain_to_any_die() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    start, mountain, face = mountain_next_to_plain()
    state.heroes[0].hex = start
    assert mountain not in offered_moves(state, (face,))
    state.stack.pop()
    rules.gain_card(state, 0, CONTENT.market_index["tw-02"])  # Orrin: hidden passes
    assert mountain in offered_moves(state, (face,))
    state.stack.pop()
    assert rules.move_terrain(state, mountain) == CITY
    assert rules.passes(state, 0, TERRAINS.index("mountains"))


# PV-6
def test_PV_6_a_used_pathfinder_lasts_the_turn_and_needs_a_movement_timing(tmp_path: Path) -> None:
    state = setup()
    rules = GAME.rules_for(state)
    state.seat = 0
    swamp = TERRAINS.index("swamp")
    assert not rules.passes(state, 0, swamp)
    apply_effects(rules, state, 0, [Pathfinder(do="pathfinder", terrain="swamp")], None)
    assert rules.passes(state, 0, swamp) and not rules.passes(state, 1, swamp)
    folder = write_pack(
        tmp_path,
        "walkers",
        "set: walkers\nmarket:\n  - id: w-1\n    name: Map\n    kind: artifact\n    cost: 2\n"
        "    abilities:\n      - name: Map\n        text: Map.\n        timing: after_combat\n"
        "        effects:\n          - {do: pathfinder, terrain: swamp}\n",
    )
    lines = validate(folder)
    assert "pathfinder opens a terrain for movement: its timing must be one of" in lines[0]


# PV-7
def test_PV_7_an_instead_of_movement_ability_replaces_the_dice() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    seat = state.seat
    assert state.pending is not None and state.pending.kind == "movement"
    orrin = CONTENT.market_index["tw-02"]
    rules.gain_card(state, seat, orrin)  # Orrin: Trailwise (his ability 1)
    GAME.procedures_for(state).run(state, None)
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "movement"
    use = [o.key for o in decision.options if o.key == f"use:m{orrin}.1"]
    assert len(use) == 1
    GAME.apply_key(state, use[0])
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "move"
    assert decision.args["dice"] == [] and decision.args["bonus"] == 3
    assert state.heroes[seat].allies[0].exhaustion == 1  # the ally pays (AR-6.2)
    GAME.apply_key(state, "stop")
    assert GAME.decision(state) is None or GAME.decision(state).kind != "movement"  # type: ignore[union-attr]


# PV-7
def test_PV_7_instead_of_movement_is_for_the_heros_side_only(tmp_path: Path) -> None:
    folder = write_pack(
        tmp_path,
        "drakes",
        "set: drakes\nadventures:\n  - id: d-1\n    name: Wyrm\n    colour: green\n"
        "    kind: challenge\n    life: 2\n    melee: {value: 9, damage: 1}\n"
        "    abilities:\n      - name: Glide\n        text: Glide.\n"
        "        timing: instead_of_movement\n        effects:\n"
        "          - {do: extra_move, hexes: 1}\n",
        stem="adventures",
    )
    lines = validate(folder)
    assert "timing 'instead_of_movement' is for the hero's own cards" in lines[0]


# PV-8
def test_PV_8_each_use_spends_a_charge_and_the_last_crumbles_the_card() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    hammer = CONTENT.market_index["tk-02"]  # 3 charges; Consecrate before combat
    rules.gain_card(state, 0, hammer)
    key = next(
        k for k, _, a in rules.usable(state, 0, "before_combat", []) if a.name == "Consecrate"
    )
    log: list[Event] = []
    for left in (2, 1):
        fight(state, melee_challenge())
        use_ability(rules, state, 0, key, "before_combat", log, [])
        assert GAME.view(state, 0)["heroes"][0]["charges"] == {"tk-02": left}
        state.heroes[0].exhaustion = 0
    use_ability(rules, state, 0, key, "before_combat", log, [])
    assert hammer not in state.heroes[0].items and hammer in state.market_discard
    assert "charges" not in GAME.view(state, 0)["heroes"][0]
    texts = GAME.texts(GAME.config(3, {"packs": ALL_PACKS}))
    shown = [texts.event(e) for e in log if e.kind == "charge"]
    assert shown[0].endswith("Dawnhammer [Kellos] has 2 charge(s) left")
    assert shown[-1].endswith("Dawnhammer [Kellos] spent its last charge and crumbles")
    state.market_discard.remove(hammer)
    rules.gain_card(state, 0, hammer)  # gained again: all its charges
    assert GAME.view(state, 0)["heroes"][0]["charges"] == {"tk-02": 3}


# PV-8
def test_PV_8_charges_need_a_used_ability_and_the_bot_prices_them() -> None:
    hammer = CONTENT.market[CONTENT.market_index["tk-02"]]
    assert charge_share(hammer) == 0.75 and charge_share(CONTENT.market[0]) == 1.0
    with pytest.raises(ValueError, match="only a card with an ability that is used has charges"):
        MarketCard.model_validate(
            {
                "id": "x",
                "name": "X",
                "kind": "artifact",
                "cost": 2,
                "uses": 2,
                "abilities": [
                    {
                        "name": "Glow",
                        "text": "Glow.",
                        "timing": "passive",
                        "effects": [{"do": "modify", "stat": "body", "amount": 1}],
                    }
                ],
            }
        )
    assert "uses" in MarketCard.model_json_schema()["properties"]


# PV-9
def test_PV_9_teleport_to_a_named_city() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    nerekhall = next(c for c in rules.board.cities if c.id == "nerekhall")
    log: list[Event] = []
    apply_effects(rules, state, 0, [Teleport(do="teleport", to="nerekhall")], log)
    assert state.heroes[0].hex == nerekhall.hex
    assert [e.kind for e in log] == ["move"]
    shrine = CONTENT.adventures[CONTENT.adventure_index["tm-b1"]]
    assert shrine.choices[1].success == [Teleport(do="teleport", to="nerekhall")]


# PV-9
def test_PV_9_a_teleport_to_a_city_the_board_lacks_is_one_line_error(tmp_path: Path) -> None:
    folder = write_pack(
        tmp_path,
        "margath",
        "set: margath\nadventures:\n  - id: m-1\n    name: Lure\n    colour: green\n"
        "    kind: encounter\n    choices:\n      - text: Go.\n        success:\n"
        "          - {do: teleport, to: nerekhal}\n",
        stem="adventures",
    )
    lines = validate(folder)
    assert lines[0].startswith(
        f"{folder / 'adventures.yaml'}: adventures[0] (id 'm-1').choices[0].success[0].to: "
        "unknown city 'nerekhal' to teleport to; the choices are tamalir, nearest_city, any_city"
    ), lines
    assert len(lines) == 2


# PV-10
def test_PV_10_a_challenge_acts_at_the_start_of_every_round() -> None:
    state = setup()
    drakeling = CONTENT.adventure_index["td-b1"]  # 1 exhaustion every round
    combat = fight(state, drakeling)
    state.heroes[0].exhaustion = 0
    state.stack.append(("combat", "round", 0))
    refresh(state)
    assert combat.round == 1 and state.heroes[0].exhaustion == 1
    state.stack[-1] = ("combat", "round", 0)
    refresh(state)
    assert combat.round == 2 and state.heroes[0].exhaustion == 2


# PV-10
def test_PV_10_a_round_ability_that_fells_the_hero_ends_the_fight_lost() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    combat = fight(state, CONTENT.adventure_index["td-b1"])
    hero = state.heroes[0]
    hero.exhaustion = rules.stamina(state, 0)  # the breath's exhaustion turns into a wound
    hero.wounds = rules.life(state, 0) - 1
    state.stack.append(("combat", "round", 0))
    log: list[Event] = []
    state.seat = 0
    GAME.procedures_for(state).run(state, log)
    assert combat.round == 1 and state.combat is None
    assert any(e.kind == "knocked_out" for e in log)


# PV-10
def test_PV_10_combat_round_is_a_challenges_own_timing() -> None:
    with pytest.raises(ValueError, match="timing 'combat_round' is for challenges only"):
        MarketCard.model_validate(
            {
                "id": "x",
                "name": "X",
                "kind": "artifact",
                "cost": 2,
                "abilities": [
                    {
                        "name": "Pulse",
                        "text": "Pulse.",
                        "timing": "combat_round",
                        "effects": [{"do": "heal", "wounds": 1}],
                    }
                ],
            }
        )


# PV-11
def test_PV_11_a_dual_card_counts_as_whichever_of_its_kinds_fits() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    index = CONTENT.market_index
    vest = index["tw-01"]  # armour or weapon
    weapons = [i for i, c in enumerate(CONTENT.market) if c.kind == "weapon"][:2]
    armour = next(i for i, c in enumerate(CONTENT.market) if c.kind == "armour")
    rules.gain_card(state, 0, weapons[0])
    rules.gain_card(state, 0, armour)
    assert rules.can_carry(state, 0, vest)  # as the second weapon
    rules.gain_card(state, 0, vest)
    assert not rules.can_carry(state, 0, weapons[1])  # the vest took the weapon place
    state.heroes[0].items.remove(armour)
    assert rules.can_carry(state, 0, weapons[1])  # the vest moves to the armour place
    rules.gain_card(state, 0, weapons[1])
    assert not rules.can_carry(state, 0, armour)
    texts = GAME.texts(GAME.config(3, {"packs": ALL_PACKS}))
    assert texts.catalog.format("rb.item_kind.dual", {}) == "dual item"


# PV-11
def test_PV_11_a_dual_card_names_two_different_kinds() -> None:
    effect = {"do": "modify", "stat": "body", "amount": 1}
    ability = {"name": "G", "text": "G.", "timing": "passive", "effects": [effect]}
    card: dict[str, object] = {"id": "x", "name": "X", "cost": 2, "abilities": [ability]}
    for kind, modes, problem in (
        ("dual", [], "a dual card, and only a dual card"),
        ("weapon", ["weapon", "armour"], "a dual card, and only a dual card"),
        ("dual", ["weapon", "weapon"], "two different item kinds"),
        ("dual", ["ally", "weapon"], "modes"),
    ):
        with pytest.raises(ValueError, match=problem):
            MarketCard.model_validate({**card, "kind": kind, "modes": modes})


def take_the_egg(state: RuneboundState) -> int:
    """Seat 0 meets the Ember Clutch and keeps it (its test rigged to pass)."""
    rules = GAME.rules_for(state)
    egg = CONTENT.adventure_index["td-y2"]
    state.seat = 0
    state.heroes[0].hex = next(i for i, h in enumerate(rules.board.hexes) if h.city < 0)
    state.stack.append(("encounter", egg, state.heroes[0].hex, 1))
    refresh(state)
    rig(state, *rolls(20))  # the test passes (a compiled Rules cannot be patched)
    GAME.apply_key(state, "choice:1")
    return egg


# PV-12
def test_PV_12_a_held_encounter_gives_its_abilities_while_held() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    fight(state, challenge(trait="dragon"))
    spirit = rules.hero_roll_bonus(state, 0, 2, "defend")
    state.combat = None
    egg = take_the_egg(state)
    assert state.heroes[0].held == [egg]
    assert egg not in state.adventure_discards[1]
    assert GAME.view(state, 0)["heroes"][0]["held"] == ["td-y2"]
    view = GAME.view(state, 0)
    console = Console(width=120, record=True)
    console.print(hero_panel(view["heroes"][0], view, Names(CONTENT)))
    assert "held The Ember Clutch" in console.export_text()
    fight(state, challenge(trait="dragon"))
    assert rules.hero_roll_bonus(state, 0, 2, "defend") == spirit + 1


# PV-12
def test_PV_12_ending_the_movement_in_the_goal_city_fulfils_it() -> None:
    state = setup()
    rules = GAME.rules_for(state)
    egg = take_the_egg(state)
    hero = state.heroes[0]
    gold = hero.gold
    hero.hex = next(c.hex for c in rules.board.cities if c.id == "tamalir")
    log: list[Event] = []
    state.stack.append(("travel",))
    state.seat = 0
    GAME.procedures_for(state).run(state, log)
    assert hero.held == [] and egg in state.adventure_discards[1]
    assert hero.gold == gold + 3 and len(hero.counters) == 1
    texts = GAME.texts(GAME.config(3, {"packs": ALL_PACKS}))
    shown = [texts.event(e) for e in log if e.kind == "goal"]
    assert shown == [
        f"Player 1 ({rules.heroes[hero.hero].name}) reaches the goal of The Ember "
        "Clutch [Drakes] in Tamalir"
    ]


# PV-12
def test_PV_12_a_held_card_needs_a_holding_choice_and_a_known_goal_city(tmp_path: Path) -> None:
    card = {
        "id": "x",
        "name": "X",
        "colour": "green",
        "kind": "encounter",
        "reward": {"hold": True},
        "choices": [{"text": "Go."}],
    }
    with pytest.raises(ValueError, match="held exactly when one of its choices has hold: true"):
        AdventureCard.model_validate(card)
    with pytest.raises(ValueError, match="only a held card"):
        AdventureCard.model_validate(
            {
                **card,
                "reward": {"goal": {"city": "forge", "effects": [{"do": "gold", "amount": 1}]}},
            }
        )
    folder = write_pack(
        tmp_path,
        "drakes",
        "set: drakes\nadventures:\n  - id: d-1\n    name: Egg\n    colour: green\n"
        "    kind: encounter\n    reward:\n      hold: true\n      goal:\n"
        "        city: nerekhal\n        effects: [{do: gold, amount: 1}]\n"
        "    choices:\n      - {text: Take it., hold: true}\n",
        stem="adventures",
    )
    lines = validate(folder)
    assert lines[0].startswith(
        f"{folder / 'adventures.yaml'}: adventures[0] (id 'd-1').reward.goal.city: "
        "unknown city 'nerekhal'"
    ), lines
