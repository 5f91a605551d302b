"""What things are worth to the party, in gold pieces: a challenge's reward and expected worth,
a test's chance, effects and abilities now, a card's abilities outside the fight model, and
:data:`EFFECT_WORTH`, every effect primitive's worth now, on a card and in a combat step."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from boardwright.bots.runebound.constants import (
    CORRUPTION,
    EXHAUSTION,
    KEPT_POINT,
    MARKET_CARD,
    MASTERY,
    STEP_NAMES,
    STEP_STATS,
    WIN_VALUE,
    WOUND,
    XP_POINT,
)
from boardwright.bots.runebound.fight import fight_odds, p_at_least
from boardwright.bots.runebound.knowledge import HeroSig, Knowledge
from boardwright.bots.runebound.party import Party, fight_start, passives
from boardwright.games.runebound.records import (
    COLOURS,
    Ability,
    AdventureCard,
    Corrupt,
    DamageEnemy,
    DrawMarket,
    Effect,
    EncounterChoice,
    Experience,
    ExtraMove,
    Fight,
    Gold,
    Harm,
    Heal,
    MarketCard,
    Master,
    Modify,
    ModifyEnemy,
    Pathfinder,
    Prevent,
    ReduceDamage,
    Reroll,
    SkillTest,
    Teleport,
)


def card_win_value(kb: Knowledge, party: Party, card: AdventureCard, counter: bool) -> float:
    reward = card.reward
    value = float(reward.gold) + (MARKET_CARD if reward.market_card else 0.0)
    if reward.wins_game:
        value += WIN_VALUE
    if reward.dragon_rune:
        value += party.rune_value() + kept_value(card)
    if counter:
        value += XP_POINT * kb.counter_values[COLOURS.index(card.colour)]
    return value


def kept_value(card: AdventureCard) -> float:
    """RB-4.11: what holding a kept card's reward abilities is worth, in gold: each primitive's
    :attr:`EffectWorth.owned`, and what the fight model would count on an item (a lasting
    point of a stat, damage, armour or life, a before-combat wound dealt) at KEPT_POINT."""
    total = 0.0
    for ability in card.reward.abilities:
        for e in ability.effects:
            total += EFFECT_WORTH[e.do].owned(e, ability.timing)
            if ability.timing == "passive" and isinstance(e, ReduceDamage):
                total += KEPT_POINT * e.amount
            elif ability.timing == "passive" and isinstance(e, Modify) and e.stat in FIGHT_STATS:
                total += KEPT_POINT * e.amount * (2 if e.stat == "damage" else 1)
            elif ability.timing == "before_combat" and isinstance(e, DamageEnemy):
                total += KEPT_POINT * e.amount
        total -= 0.3 * ability.cost.exhaustion
    return max(0.0, total)


def held_value(kb: Knowledge, party: Party, card: AdventureCard) -> float:
    """PV-12: what holding an encounter is worth: its abilities as a kept card's, and its
    goal's effects, discounted for the trip there (:data:`GOAL_SHARE`)."""
    goal = card.reward.goal
    reached = GOAL_SHARE * effect_value(kb, party, goal.effects, moving=False) if goal else 0.0
    return kept_value(card) + reached


GOAL_SHARE = 0.75
"""PV-12: the share of a held card's goal the bot counts on when it takes the card: its routes
aim for the goal city (``play.goal_values``), but the trip there costs turns."""

FIGHT_STATS = ("mind", "body", "spirit", "damage", "armour", "life")
"""The stats of a lasting ``modify`` that the fight model reads (:meth:`Party.sig`)."""


def challenge_ev(kb: Knowledge, party: Party, card: AdventureCard, counter: bool) -> float:
    """What taking on this challenge is worth: reward * P(win) - knock-out cost * P(knocked out)."""
    enemy = party.enemies[card.id]
    sig = party.sig()
    win = card_win_value(kb, party, card, counter)
    loss = party.knockout_cost()
    dealt, taken = fight_start(party, enemy, sig)
    pw, pl, _ = fight_odds(kb, enemy, sig, dealt, taken)
    return win * pw - loss * pl


def drawn_odds(
    kb: Knowledge, party: Party, card: AdventureCard, sig: HeroSig, pre: int
) -> tuple[float, float]:
    """P(win) and P(knocked out) against a challenge the party may draw, with ``pre`` wounds
    dealt before the fight: its harm lands first, and exhaustion above stamina as wounds."""
    enemy = party.enemies[card.id]
    taken = party.wounds + enemy.harm_wounds
    taken += max(0, party.exhaustion + enemy.harm_exhaustion - party.stamina)
    pw, pl, _ = fight_odds(kb, enemy, sig, pre, taken)
    return pw, pl


def test_chance(party: Party, stat: str, skill: str | None, difficulty: int) -> float:
    """The chance to pass a skill test (RB-6.1); certain for a mastered skill (AK-9.9)."""
    value = int(party.me.get(stat, 0))
    if skill is not None:
        value += int(party.hero.skills.get(skill, 0))  # type: ignore[call-overload]
    effects = passives(
        party.kb,
        party.hero,
        (*party.items, *party.kept_cards),
        [a for a, _, _ in party.allies],
        party.event,
    )
    for e in effects:
        if e.do == "master" and e.skill == skill:
            return 1.0
        if e.do == "modify" and e.stat == "test" and (e.skill is None or e.skill == skill):
            value += e.amount
    return p_at_least(difficulty - value)


def effect_value(kb: Knowledge, party: Party, effects: Sequence[Effect], moving: bool) -> float:
    """What a list of effects is worth to the party now, in gold (each primitive's
    :attr:`EffectWorth.now`, in order: a heal after a harm heals what the harm did)."""
    running = Running(kb, party, moving, party.wounds, party.exhaustion)
    for e in effects:
        EFFECT_WORTH[e.do].now(running, e)
    return running.total


def choice_value(
    kb: Knowledge, party: Party, choice: EncounterChoice, card: AdventureCard | None = None
) -> float:
    success = effect_value(kb, party, choice.success, moving=False)
    if choice.hold and card is not None:  # PV-12: keeping the card: its abilities and goal
        success += held_value(kb, party, card)
    if choice.test is None:
        return success
    p = test_chance(party, choice.test.stat, choice.test.skill, choice.test.difficulty)
    failure = effect_value(kb, party, choice.failure, moving=False)
    return p * success + (1 - p) * failure


def ability_worth(party: Party, ability: Ability, moving: bool) -> float:
    """An ability's effects minus its cost, outside combat."""
    worth = effect_value(party.kb, party, ability.effects, moving)
    cost = ability.cost
    wounds, exhaustion, life, stamina = party.payer(ability)  # AR-6.2: an ally pays its own
    over = max(0, exhaustion + cost.exhaustion - stamina)
    worth -= EXHAUSTION * (cost.exhaustion - over) + WOUND * (over + cost.wounds) + cost.gold
    if cost.wounds + over + wounds >= life:
        return -1e9
    return worth


def charge_share(card: MarketCard) -> float:
    """PV-8: the share of a lasting card's worth a card with charges (``uses``) keeps: a card
    used about once every few turns is worth its full price only with several charges."""
    return 1.0 if card.uses is None else min(1.0, card.uses / FULL_CHARGES)


FULL_CHARGES = 4.0  # PV-8: charges at which a card counts as lasting (about a game's uses)


def utility_value(card: MarketCard) -> float:
    """What a card's abilities outside the fight model are worth (movement, healing, tests...):
    each primitive's :attr:`EffectWorth.owned`; a card with charges by :func:`charge_share`."""
    if card.uses is not None:
        return charge_share(card) * utility_value(card.model_copy(update={"uses": None}))
    total = 0.0
    for ability in card.abilities:
        scale = 0.5 if ability.cost.discard else 1.0
        scale_cost = 0.3 * ability.cost.exhaustion
        for e in ability.effects:
            total += EFFECT_WORTH[e.do].owned(e, ability.timing) * scale
        total -= scale_cost if total > 0 else 0.0
    return total


@dataclass(slots=True)
class Running:
    """:func:`effect_value` under way: the party's wounds and exhaustion as the effects so far
    leave them, and the worth so far."""

    kb: Knowledge
    party: Party
    moving: bool  # in the movement step: extra moves are worth something
    wounds: int
    exhaustion: int
    total: float = 0.0


@dataclass(frozen=True, slots=True)
class StepOdds:
    """One combat step as :meth:`CombatHandlers.combat_step` sees it before its roll."""

    step: int
    value: int  # the enemy's number to roll against
    sig: HeroSig
    p: float  # the chance the roll succeeds without help
    taken: int  # wounds a failed defence costs
    attacking: bool
    critical: bool  # the hero is near a knock-out, or it is a red fight


@dataclass(frozen=True, slots=True)
class EffectWorth:
    """How the bot values one primitive: ``now`` adds its worth when carried out now (to
    :class:`Running`), ``owned`` is its worth on a market card the party may buy (with the
    ability's timing), ``in_step`` its worth used in a combat step before the roll."""

    now: Callable[[Running, Any], None]
    owned: Callable[[Any, str], float]
    in_step: Callable[[Any, StepOdds], float]


def _nothing_now(running: Running, e: Effect) -> None:
    """No worth outside a fight: the fight model weighs it (:meth:`Party.pre_damage`,
    :meth:`Knowledge.enemy_of`, :meth:`CombatHandlers.before_combat`), or it changes the board for
    every hero alike (``replenish``), or the adventure's play weighs it (``lose_legend``: Al-Kalim's
    ``plunder_cost``), or what it does is unknown (``hook``)."""


def _nothing_owned(e: Effect, timing: str) -> float:
    """No worth on a card beyond what the fight model (:meth:`Appraisal.card_value`) counts,
    or nothing a card of the market does."""
    return 0.0


def _nothing_in_step(e: Effect, odds: StepOdds) -> float:
    """No help with the roll of a combat step."""
    return 0.0


def _modify_now(running: Running, e: Modify) -> None:
    running.total += 0.2 * e.amount * LASTING[e.duration]


LASTING = {"step": 1.0, "combat": 2.0, "turn": 2.0}
"""PV-4: how many combat steps' worth a used modifier of each ``duration`` is counted as (a
fight lasts a few steps; a turn holds at most one fight)."""


def _modify_owned(e: Modify, timing: str) -> float:
    if e.stat == "movement_dice":
        return 2.0 * e.amount
    if e.stat == "test":
        return 0.3 * e.amount
    if e.stat == "stamina":
        return 0.4 * e.amount
    if timing in ("combat_step", "before_combat") and (
        timing == "combat_step" or e.duration != "step"
    ):
        scale = LASTING[e.duration]
        if e.stat == "damage":
            return 1.5 * e.amount * scale
        if e.stat in STEP_STATS:
            return 0.4 * e.amount * scale
        if e.stat == "armour":
            return 0.8 * e.amount * scale
    return 0.0


def _modify_in_step(e: Modify, odds: StepOdds) -> float:
    """A better attack roll, or more damage if it hits; nothing while defending."""
    later = 1.0 if e.duration == "step" else 1.5  # PV-4: it helps in the later steps too
    if odds.attacking and e.stat in STEP_STATS:
        return (p_at_least(odds.value - odds.sig[0][odds.step] - e.amount) - odds.p) * 3.0 * later
    if odds.attacking and e.stat == "damage":
        return odds.p * e.amount * 1.0 * later
    return 0.0


def _enemy_easing(e: ModifyEnemy, value: int, damage: int) -> tuple[int, int]:
    """How much easier a ``modify_enemy`` makes a step whose (value, damage) are given: the
    drop of its value and of its damage (negative when it makes the enemy stronger)."""
    if e.stat == "value":
        return (value - e.to if e.to is not None else -e.amount), 0
    return 0, (damage - e.to if e.to is not None else -e.amount)


def _modify_enemy_now(running: Running, e: ModifyEnemy) -> None:
    """Before a fight's first round (PV-2): a point of a step's value or damage taken off, for
    the rounds it lasts (a fight-long one counts as two rounds); nothing outside a fight."""
    if not running.party.view.get("combat"):
        return
    ease_value, ease_damage = _enemy_easing(e, 12, 2)
    rounds = 2.0 if e.duration == "combat" else 1.0
    scope = 1.0 if e.phase is None else 0.5
    running.total += rounds * scope * (0.3 * ease_value + 0.5 * ease_damage)


def _modify_enemy_owned(e: ModifyEnemy, timing: str) -> float:
    ease_value, ease_damage = _enemy_easing(e, 12, 2)
    rounds = 2.0 if e.duration == "combat" else 1.0
    return max(0.0, rounds * (0.3 * ease_value + 0.5 * ease_damage))


def _modify_enemy_in_step(e: ModifyEnemy, odds: StepOdds) -> float:
    """A lower value helps this step's roll, attacking or defending; lower damage saves
    wounds if the defence fails; a fight-long change counts once more for the later rounds."""
    if e.phase is not None and e.phase != STEP_NAMES[odds.step]:
        return 0.0
    ease_value, ease_damage = _enemy_easing(e, odds.value, odds.taken)
    bonus = odds.sig[0][odds.step] if odds.attacking else odds.sig[1][odds.step]
    p = p_at_least(odds.value - ease_value - bonus)
    worth = (p - odds.p) * (3.0 if odds.attacking else odds.taken)
    if not odds.attacking:
        worth += (1 - p) * min(ease_damage, odds.taken) * (2.0 if odds.critical else 0.8)
    return worth * (1.5 if e.duration == "combat" else 1.0)


def rivals_reached(party: Party, heroes: str) -> int:
    """PV-5: how many other heroes an effect reaches (``others``/``all``: every other hero;
    ``here``: those on the party's hex)."""
    if heroes == "self":
        return 0
    views: list[dict[str, Any]] = party.view.get("heroes", [])
    others = [v for i, v in enumerate(views) if i != party.seat]
    if heroes == "here":
        return sum(1 for v in others if v.get("at") == party.me.get("at"))
    return len(others)


RIVAL_SHARE = 0.3
"""PV-5: what a wound, a point of exhaustion or a gold piece to a rival is worth to the party,
as a share of its worth to the party itself (a race: a rival's loss is a small gain)."""


def _heal_now(running: Running, e: Heal) -> None:
    rivals = rivals_reached(running.party, e.heroes)
    running.total -= RIVAL_SHARE * rivals * (WOUND * e.wounds + EXHAUSTION * e.exhaustion) / 2
    if e.heroes in ("others",):
        return
    healed = min(e.wounds, running.wounds)
    running.wounds -= healed
    rested = min(e.exhaustion, running.exhaustion)
    running.exhaustion -= rested
    running.total += WOUND * healed + EXHAUSTION * rested
    if e.target in ("ally", "party"):
        running.total += WOUND * 0.5 * sum(min(e.wounds, w) for _, w, _ in running.party.allies)


def _heal_owned(e: Heal, timing: str) -> float:
    return (1.0 * e.wounds + 0.3 * e.exhaustion) * (0.0 if e.heroes == "others" else 1.0)


def _harm_now(running: Running, e: Harm) -> None:
    """Exhaustion beyond stamina becomes wounds (RB-6.2); falling costs a knock-out; PV-5: the
    same harm to rivals is a small gain."""
    party = running.party
    rivals = rivals_reached(party, e.heroes)
    running.total += RIVAL_SHARE * rivals * (WOUND * e.wounds + EXHAUSTION * e.exhaustion)
    if e.heroes == "others":
        return
    running.exhaustion += e.exhaustion
    over = max(0, running.exhaustion - party.stamina)
    running.exhaustion -= over
    hurt = e.wounds + over
    running.wounds += hurt
    running.total -= WOUND * hurt + EXHAUSTION * (e.exhaustion - over)
    if running.wounds >= party.life:
        running.total -= party.knockout_cost()


def _harm_owned(e: Harm, timing: str) -> float:
    """On a card to buy (PV-5): harm to rivals only is a small gain; harm to the party is a
    cost the fight model and the ability's use weigh."""
    if e.heroes != "others":
        return 0.0
    return RIVAL_SHARE * (WOUND * e.wounds + EXHAUSTION * e.exhaustion)


def _gold_now(running: Running, e: Gold) -> None:
    running.total -= RIVAL_SHARE * rivals_reached(running.party, e.heroes) * e.amount
    if e.heroes != "others":
        running.total += e.amount if e.amount > 0 else -min(-e.amount, running.party.gold)


def _gold_owned(e: Gold, timing: str) -> float:
    return 1.0 * e.amount * (0.0 if e.heroes == "others" else 1.0)


def _extra_move_now(running: Running, e: ExtraMove) -> None:
    running.total += 0.4 * e.hexes if running.moving else 0.0


def _extra_move_owned(e: ExtraMove, timing: str) -> float:
    return 0.4 * e.hexes if timing != "after_movement" else 0.1 * e.hexes


def _pathfinder_now(running: Running, e: Pathfinder) -> None:
    """PV-6, used: a terrain opened for the turn's movement (the engine then offers the moves
    it allows; the bot's routes read the dice alone)."""
    running.total += 0.4 if running.moving else 0.0


def _pathfinder_owned(e: Pathfinder, timing: str) -> float:
    """A terrain passable with any die: about half a movement die while owned; used, once
    a turn, less."""
    return 1.0 if timing in ("passive", "while_in_play") else 0.4


def _reroll_owned(e: Reroll, timing: str) -> float:
    return 1.0


def _reroll_in_step(e: Reroll, odds: StepOdds) -> float:
    return (1 - odds.p) * odds.p * (3.0 if odds.attacking else odds.taken)


def _reduce_damage_owned(e: ReduceDamage, timing: str) -> float:
    """Used in a combat step (a passive one is armour in the fight model)."""
    return 0.8 * e.amount * LASTING[e.duration] if timing == "combat_step" else 0.0


def _reduce_damage_in_step(e: ReduceDamage, odds: StepOdds) -> float:
    later = 1.0 if e.duration == "step" else 1.5  # PV-4
    return (1 - odds.p) * min(e.amount, odds.taken) * (2.0 if odds.critical else 0.8) * later


def _prevent_now(running: Running, e: Prevent) -> None:
    """Only in a ``when_damaged`` window, which :meth:`CombatHandlers.when_damaged` weighs with
    the wounds about to be taken; nothing outside it."""


def _prevent_owned(e: Prevent, timing: str) -> float:
    """On a card to buy: a reaction saves about a wound per point when it is needed; its
    ``when_damaged`` window comes only after a failed roll, so it is never wasted."""
    return 1.0 * e.amount if timing == "when_damaged" else 0.0


def _experience_now(running: Running, e: Experience) -> None:
    running.total += XP_POINT * e.value


def _draw_market_now(running: Running, e: DrawMarket) -> None:
    running.total += 0.3 * e.count


def _draw_market_owned(e: DrawMarket, timing: str) -> float:
    return 0.3


def _teleport_now(running: Running, e: Teleport) -> None:
    """Worth a little when the party is badly hurt (to a city's healer)."""
    running.total += 0.8 if running.wounds * 2 >= running.party.life else 0.0


def _teleport_owned(e: Teleport, timing: str) -> float:
    return 1.0


def _fight_now(running: Running, e: Fight) -> None:
    """The challenge's expected worth (no adventure counter comes with it)."""
    kb = running.kb
    card = kb.adventures.get(e.card)
    if card is None:
        card = next(
            (c for c in kb.content.adventures if c.name == e.card), None
        )  # pragma: no cover - content uses ids
    if card is not None and card.kind == "challenge":
        running.total += challenge_ev(kb, running.party, card, counter=False)


def _test_now(running: Running, e: SkillTest) -> None:
    """A card's test: what its failure effects would cost, times the chance to fail."""
    party = running.party
    fail = 1.0 - test_chance(party, e.stat, e.skill, e.difficulty)
    if fail <= 0.0:
        return
    after = Running(running.kb, party, running.moving, running.wounds, running.exhaustion)
    for effect in e.failure:
        EFFECT_WORTH[effect.do].now(after, effect)
    running.total += fail * after.total


def _corrupt_now(running: Running, e: Corrupt) -> None:
    """CR-21: each marker costs a point of maximum life and stamina for as long as it stays,
    and a victory-point card."""
    running.total -= CORRUPTION * e.amount


def _master_owned(e: Master, timing: str) -> float:
    """Mastery makes every test of the skill certain: worth a large test bonus."""
    return MASTERY if timing == "passive" else 0.0


EFFECT_WORTH: dict[str, EffectWorth] = {
    "modify": EffectWorth(_modify_now, _modify_owned, _modify_in_step),
    "modify_enemy": EffectWorth(_modify_enemy_now, _modify_enemy_owned, _modify_enemy_in_step),
    "damage_enemy": EffectWorth(_nothing_now, _nothing_owned, _nothing_in_step),
    "heal": EffectWorth(_heal_now, _heal_owned, _nothing_in_step),
    "harm": EffectWorth(_harm_now, _harm_owned, _nothing_in_step),
    "gold": EffectWorth(_gold_now, _gold_owned, _nothing_in_step),
    "extra_move": EffectWorth(_extra_move_now, _extra_move_owned, _nothing_in_step),
    "pathfinder": EffectWorth(_pathfinder_now, _pathfinder_owned, _nothing_in_step),
    "reroll": EffectWorth(_nothing_now, _reroll_owned, _reroll_in_step),
    "reduce_damage": EffectWorth(_nothing_now, _reduce_damage_owned, _reduce_damage_in_step),
    "prevent": EffectWorth(_prevent_now, _prevent_owned, _nothing_in_step),
    "experience": EffectWorth(_experience_now, _nothing_owned, _nothing_in_step),
    "draw_market": EffectWorth(_draw_market_now, _draw_market_owned, _nothing_in_step),
    "teleport": EffectWorth(_teleport_now, _teleport_owned, _nothing_in_step),
    "replenish": EffectWorth(_nothing_now, _nothing_owned, _nothing_in_step),
    "fight": EffectWorth(_fight_now, _nothing_owned, _nothing_in_step),
    "lose_legend": EffectWorth(_nothing_now, _nothing_owned, _nothing_in_step),
    "master": EffectWorth(_nothing_now, _master_owned, _nothing_in_step),
    "test": EffectWorth(_test_now, _nothing_owned, _nothing_in_step),
    "cult_move": EffectWorth(_nothing_now, _nothing_owned, _nothing_in_step),
    "corrupt": EffectWorth(_corrupt_now, _nothing_owned, _nothing_in_step),
    "hook": EffectWorth(_nothing_now, _nothing_owned, _nothing_in_step),
}
"""Every effect primitive's worth to the bot, keyed by ``do`` (a test checks it names exactly
the primitives of ``records.Effect``; docs/content.md, "How to add an effect")."""
