"""Carrying out effect primitives (the card-effect vocabulary of records.py).

Each primitive has one handler in :data:`EFFECT_HANDLERS`, keyed by its ``do``; a test checks
that the table and the ``Effect`` union name the same primitives (docs/content.md, "How to add
an effect"), so a new primitive cannot silently do nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from boardwright.games.runebound.decks import pop_market, take_from_adventure_deck
from boardwright.games.runebound.knockout import knock_out
from boardwright.games.runebound.records import (
    COLOURS,
    PHASES,
    TERRAINS,
    Corrupt,
    CultMove,
    DamageEnemy,
    DrawMarket,
    Effect,
    Experience,
    ExtraMove,
    Fight,
    Gold,
    Harm,
    Heal,
    Hook,
    LoseLegend,
    Master,
    Modify,
    ModifyEnemy,
    Pathfinder,
    Prevent,
    ReduceDamage,
    Replenish,
    Reroll,
    SkillTest,
    Teleport,
    TestRecord,
)
from boardwright.games.runebound.rules import PATHFINDER, Log, Rules, emit
from boardwright.games.runebound.state import RuneboundState


def pay_cost(
    rules: Rules, state: RuneboundState, seat: int, exhaustion: int, wounds: int, gold: int
) -> None:
    h = state.heroes[seat]
    h.gold -= min(gold, h.gold)
    rules.hurt_hero(state, seat, wounds, exhaustion)


REROLL = "reroll"  # a duel step's reroll, kept among the hero's turn modifiers (RB-5.10)


@dataclass(slots=True)
class EffectCall:
    """What every handler is given besides its effect: whose effects, where they come from.

    ``source`` says what the effects come from, as a message argument: ``card:<adventure card
    id>`` or ``owner:<ability key>`` ("" when unknown). ``opponent`` is the other hero in a duel
    (-1 otherwise). A handler sets ``lapsed`` when the effects after it no longer happen (the
    hero was knocked out).
    """

    rules: Rules
    state: RuneboundState
    seat: int
    log: Log
    source: str
    opponent: int
    lapsed: bool = False

    @property
    def party(self) -> dict[str, object]:
        return self.rules.party(self.state, self.seat)


Handler = Callable[[EffectCall, Any], None]  # the second argument is the handler's own record


def apply_effects(
    rules: Rules,
    state: RuneboundState,
    seat: int,
    effects: Sequence[Effect],
    log: Log,
    *,
    source: str = "",
    opponent: int = -1,
) -> None:
    """Apply effects for ``seat`` in order; those that need a choice push a procedure frame.

    ``opponent`` is the other hero in a duel: "the enemy" that damage_enemy wounds.
    """
    call = EffectCall(rules, state, seat, log, source, opponent)
    for e in effects:
        if state.finished or call.lapsed:
            return
        EFFECT_HANDLERS[e.do](call, e)


# --- the handlers, one per primitive --------------------------------------------------------------
def _modify(call: EffectCall, e: Modify) -> None:
    """For the current combat step in a fight, else for the rest of the turn; PV-4: a
    ``duration`` of ``combat`` lasts the fight, of ``turn`` the turn."""
    lasts(call, e.stat, e.amount, e.duration)


def lasts(call: EffectCall, stat: str, amount: int, duration: str) -> None:
    """A used change of a stat, kept as long as ``duration`` says (PV-4)."""
    combat = call.state.combat
    if combat is not None and duration == "step":
        combat.temp.append((stat, amount))
    elif combat is not None and duration == "combat":
        combat.lasting.append((stat, amount))
    else:
        call.state.heroes[call.seat].turn_mods.append((stat, amount))


def _modify_enemy(call: EffectCall, e: ModifyEnemy) -> None:
    """PV-2: the fought challenge's value or damage, for a step or the rest of the fight."""
    combat = call.state.combat
    if combat is None:
        return
    phase = PHASES.index(e.phase) if e.phase is not None else -1
    to = e.to if e.to is not None else -1
    combat.enemy_mods.append(
        (phase, 0 if e.stat == "value" else 1, e.amount, to, e.duration == "combat")
    )
    emit(
        call.log,
        "enemy_modified",
        variant="by" if e.to is None else "to",
        seat=call.seat,
        source=call.source or f"seat:{call.seat}",
        card=call.rules.adventures[combat.card].id,
        stat=e.stat,
        amount=e.amount if e.to is None else e.to,
        step=e.phase or "every",
        duration=e.duration,
    )


def _damage_enemy(call: EffectCall, e: DamageEnemy) -> None:
    """Wounds to the other hero of a duel, or to the challenge fought; nothing outside a fight."""
    rules, state = call.rules, call.state
    source = call.source or f"seat:{call.seat}"
    if call.opponent >= 0:
        rules.hurt_hero(state, call.opponent, e.amount, 0)
        opponent = state.heroes[call.opponent]
        emit(
            call.log,
            "damage",
            seat=call.seat,
            source=source,
            amount=e.amount,
            opponent=call.opponent,
            opponent_hero=rules.heroes[opponent.hero].id,
        )
    elif state.combat is not None:
        state.combat.enemy_wounds += e.amount
        emit(call.log, "damage", variant="enemy", seat=call.seat, source=source, amount=e.amount)


def reached(call: EffectCall, heroes: str) -> list[int]:
    """PV-5: the seats an effect reaches, the user's first, then in seat order after it;
    heroes out of the game (AR-3.6) are not reached."""
    state, seat = call.state, call.seat
    if heroes == "self":
        return [seat]
    count = len(state.heroes)
    order = [(seat + k) % count for k in range(count)]
    here = state.heroes[seat].hex
    found = []
    for s in order:
        if s in state.eliminated:
            continue
        wanted = {"all": True, "others": s != seat, "here": state.heroes[s].hex == here}
        if wanted[heroes]:
            found.append(s)
    return found


def _heal(call: EffectCall, e: Heal) -> None:
    for seat in reached(call, e.heroes):
        call.rules.heal_party(call.state, seat, e.wounds, e.exhaustion, e.target)
        emit(
            call.log,
            "heal",
            variant="effect",
            **call.rules.party(call.state, seat),
            wounds=e.wounds,
            exhaustion=e.exhaustion,
        )


def _harm(call: EffectCall, e: Harm) -> None:
    """Outside a fight a hero who falls is knocked out at once; when it is the user, the
    effects after this one lapse (PV-5: another hero knocked out leaves the turn going on)."""
    rules, state, log = call.rules, call.state, call.log
    for seat in reached(call, e.heroes):
        if state.finished:
            return
        rules.hurt_hero(state, seat, e.wounds, e.exhaustion)
        if e.target == "party":
            for ally in list(state.heroes[seat].allies):
                rules.hurt_ally(state, seat, ally, e.wounds, e.exhaustion, log)
        party = rules.party(state, seat)
        emit(log, "harm", **party, wounds=e.wounds, exhaustion=e.exhaustion)
        fighting = state.combat is not None and seat in (call.seat, state.seat)
        if not fighting and rules.knocked_out(state, seat):
            emit(log, "knocked_out", **party)
            knock_out(rules, state, seat, log)
            if seat == call.seat:
                call.lapsed = True


def _gold(call: EffectCall, e: Gold) -> None:
    for seat in reached(call, e.heroes):
        h = call.state.heroes[seat]
        h.gold = max(0, h.gold + e.amount)
        party = call.rules.party(call.state, seat)
        if e.amount >= 0:
            emit(call.log, "gold", **party, amount=e.amount)
        else:
            emit(call.log, "gold", variant="pays", **party, amount=e.amount, paid=-e.amount)


def _extra_move(call: EffectCall, e: ExtraMove) -> None:
    call.state.heroes[call.seat].bonus_moves += e.hexes


def _pathfinder(call: EffectCall, e: Pathfinder) -> None:
    """PV-6, used: the terrain opens for the rest of the turn (as a passive, Rules reads it)."""
    call.state.heroes[call.seat].turn_mods.append((PATHFINDER, TERRAINS.index(e.terrain)))
    emit(call.log, "pathfinder", **call.party, terrain=e.terrain)


def _reroll(call: EffectCall, e: Reroll) -> None:
    """In a fight: roll twice this step and keep the better (in a duel the step's turn-long
    modifiers carry it, and the duel takes them off after the step, RB-5.10)."""
    if call.state.combat is not None:
        call.state.combat.reroll = True
    elif call.opponent >= 0:
        call.state.heroes[call.seat].turn_mods.append((REROLL, 1))


def _reduce_damage(call: EffectCall, e: ReduceDamage) -> None:
    """Used in a fight: armour for this step (as a passive, Rules reads it directly)."""
    if call.state.combat is not None:
        lasts(call, "armour", e.amount, e.duration)  # PV-4
    elif call.opponent >= 0:  # a duel: until the duel takes this step's modifiers off
        call.state.heroes[call.seat].turn_mods.append(("armour", e.amount))


def _prevent(call: EffectCall, e: Prevent) -> None:
    """PV-3: up to ``amount`` of the wounds a combat roll is about to cost are cancelled."""
    combat = call.state.combat
    if combat is None or combat.pending_wounds <= 0:
        return
    cut = min(e.amount, combat.pending_wounds)
    combat.pending_wounds -= cut
    emit(call.log, "prevent", **call.party, amount=cut, left=combat.pending_wounds)


def _experience(call: EffectCall, e: Experience) -> None:
    """RB-8.1: a counter of that value from the supply, if one is left."""
    state = call.state
    colour = call.rules.counter_for_value(state, e.value)
    if colour >= 0:
        state.counter_supply[colour] -= 1
        state.heroes[call.seat].counters.append(colour)
        emit(call.log, "experience", variant="effect", **call.party, value=e.value)


def _draw_market(call: EffectCall, e: DrawMarket) -> None:
    rules, state = call.rules, call.state
    city = rules.board.hexes[state.heroes[call.seat].hex].city
    if not rules.draw_market_here(state, call.seat, e.count, call.log) and city >= 0:
        for _ in range(e.count):
            draw_market_card(rules, state, city, call.log)


def _teleport(call: EffectCall, e: Teleport) -> None:
    """Tamalir or the nearest city at once; any city: a choice (the ``teleport`` frame)."""
    rules, state, seat = call.rules, call.state, call.seat
    if e.to == "any_city":
        state.stack.append(("teleport", seat))
        return
    if e.to == "nearest_city":
        target = rules.nearest_city_hex(state, seat)
    elif e.to == "tamalir":
        target = rules.board.cities[0].hex
    else:  # PV-9: a named city (the content check makes sure the board has it, AK-17.7)
        named = rules.board.city_named(e.to)
        if named is None:
            return
        target = named.hex
    state.heroes[seat].hex = target
    emit(call.log, "move", variant="taken", **call.party, to=rules.hex_labels[target])


def _replenish(call: EffectCall, e: Replenish) -> None:
    replenish(call.rules, call.state, [COLOURS.index(c) for c in e.colours], call.log)


def _fight(call: EffectCall, e: Fight) -> None:
    """The card leaves its deck or discard pile and a fight starts (``combat_start`` frame)."""
    rules, state = call.rules, call.state
    card = rules.content.adventure_index.get(e.card, -1)
    if card < 0:  # a card this game's adventure set aside is not in play: no fight
        return
    colour = COLOURS.index(rules.adventures[card].colour)
    deck = state.adventure_decks[colour]
    pile = state.adventure_discards[colour]
    if card in deck:
        take_from_adventure_deck(state, colour, card)  # PK-5: a focus card leaves the focus part
    elif card in pile:
        pile.remove(card)
    else:
        return
    state.stack.append(("combat_start", card, state.heroes[call.seat].hex, "encounter"))


def _lose_legend(call: EffectCall, e: LoseLegend) -> None:
    """AK-11.12; the base adventure has no legend cards."""
    call.rules.lose_legends(call.state, call.seat, e.amount, call.log, source=call.source)


def _master(call: EffectCall, e: Master) -> None:
    """A lasting effect only (``passive``): Rules.test_roll reads it from the loadout; carried
    out once it changes nothing."""


def _test(call: EffectCall, e: SkillTest) -> None:
    """RB-6.1: the card's skill test, then its ``failure`` effects if it fails; an adventure
    may carry it out itself (Rules.take_card_test: Al-Kalim's adventurer's kit)."""
    rules, state = call.rules, call.state
    if rules.take_card_test(state, call.seat, e, call.log, source=call.source):
        return
    if not test_outcome(
        rules, state, call.seat, e, rules.test_roll(state, call.seat, e.stat, e.skill), call.log
    ):
        apply_effects(rules, state, call.seat, e.failure, call.log, source=call.source)


def test_outcome(
    rules: Rules,
    state: RuneboundState,
    seat: int,
    e: SkillTest | TestRecord,
    rolled: tuple[int, int] | None,
    log: Log,
    bonus: int = 0,
) -> bool:
    """Whether a card's test (a ``test`` effect or an encounter's), rolled as Rules.test_roll
    gives it, plus ``bonus``, succeeds; logs the test."""
    party = rules.party(state, seat)
    if rolled is None:  # a mastered skill (AK-9.9)
        emit(log, "test", variant="mastered", **party, stat=e.stat, skill=e.skill)
        return True
    roll, total = rolled
    success = total + bonus >= e.difficulty
    emit(
        log,
        "test",
        variant="success" if success else "failure",
        **party,
        stat=e.stat,
        roll=roll,
        total=total + bonus,
        difficulty=e.difficulty,
        success=success,
    )
    return success


def _cult_move(call: EffectCall, e: CultMove) -> None:
    """CR-43; another adventure has no cult."""
    call.rules.move_cult(call.state, call.seat, e.times, call.log)


def _corrupt(call: EffectCall, e: Corrupt) -> None:
    """CR-44; another adventure has no corruption."""
    call.rules.corrupt(call.state, call.seat, e.amount, call.log)


def _hook(call: EffectCall, e: Hook) -> None:
    HOOKS[e.name](call.rules, call.state, call.seat, e.amount, call.log)


EFFECT_HANDLERS: dict[str, Handler] = {
    "modify": _modify,
    "modify_enemy": _modify_enemy,
    "damage_enemy": _damage_enemy,
    "heal": _heal,
    "harm": _harm,
    "gold": _gold,
    "extra_move": _extra_move,
    "pathfinder": _pathfinder,
    "reroll": _reroll,
    "reduce_damage": _reduce_damage,
    "prevent": _prevent,
    "experience": _experience,
    "draw_market": _draw_market,
    "teleport": _teleport,
    "replenish": _replenish,
    "fight": _fight,
    "lose_legend": _lose_legend,
    "master": _master,
    "test": _test,
    "cult_move": _cult_move,
    "corrupt": _corrupt,
    "hook": _hook,
}


def replenish(rules: Rules, state: RuneboundState, colours: Sequence[int], log: Log) -> None:
    """RB-4.4: a counter on every starred gem hex of these colours that lacks one (option
    ``replenish_hexes=all``: on every such gem hex)."""
    placed = 0
    every = state.opts.replenish_hexes == "all"
    for h in rules.board.hexes:
        missing = (
            (h.star or every) and h.gem in colours and not state.counters[h.index] >> h.gem & 1
        )
        if missing and state.counter_supply[h.gem] > 0:
            state.counter_supply[h.gem] -= 1
            state.counters[h.index] |= 1 << h.gem
            placed += 1
    emit(log, "replenish", placed=placed, colours=[COLOURS[c] for c in colours])


def next_market_card(state: RuneboundState) -> int:
    """The top market card (revealed), reshuffling the discards when the deck ran out; -1 if
    there is none at all."""
    if not state.market_deck and state.market_discard:
        state.market_deck = state.market_discard
        state.market_discard = []
        state.rng.shuffle(state.market_deck)
        state.market_under = 0
    if not state.market_deck:
        return -1
    state.reveals += 1
    return pop_market(state)


def draw_market_card(rules: Rules, state: RuneboundState, city: int, log: Log) -> None:
    """RB-7.1: the top market card goes face up onto the city's stack."""
    card = next_market_card(state)
    if card >= 0:
        state.stacks[city].append(card)
        emit(log, "market", city=rules.board.cities[city].id, item=rules.market[card].id)


def _heal_all(rules: Rules, state: RuneboundState, seat: int, amount: int, log: Log) -> None:
    h = state.heroes[seat]
    h.wounds = h.exhaustion = 0
    for ally in h.allies:
        ally.wounds = ally.exhaustion = 0


HookRule = Callable[[Rules, RuneboundState, int, int, Log], None]
# the named rules a ``hook`` effect may call (content names them; a test checks they exist)
HOOKS: dict[str, HookRule] = {"heal_all": _heal_all}
