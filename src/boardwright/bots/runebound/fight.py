"""The fight model: the chances of 2d10 rolls, one combat round's outcomes, and
:func:`solve_fight`, a dynamic programme over (wounds dealt, wounds taken) that values every
fight state under the best policy (attack step, allies, escape), cached per knowledge."""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Sequence

from boardwright.bots.runebound.constants import KAPPAS
from boardwright.bots.runebound.knowledge import (
    AllySig,
    Enemy,
    FightTable,
    HeroSig,
    Knowledge,
    Triple,
)


def _at_least_table() -> tuple[float, ...]:
    """P(2d10 >= k) for k = 0..22."""
    table = []
    for k in range(23):
        hits = sum(1 for a in range(1, 11) for b in range(1, 11) if a + b >= k)
        table.append(hits / 100)
    return tuple(table)


_AT_LEAST = _at_least_table()


def p_at_least(k: int) -> float:
    """The chance that 2d10 meets or beats ``k``."""
    if k <= 2:
        return 1.0
    if k > 20:
        return 0.0
    return _AT_LEAST[k]


def _difference_table() -> dict[int, float]:
    """P(2d10 - 2d10 >= k), for duels (both sides roll)."""
    sums = [0] * 21
    for a in range(1, 11):
        for b in range(1, 11):
            sums[a + b] += 1
    diff: dict[int, float] = {}
    for x in range(2, 21):
        for y in range(2, 21):
            diff[x - y] = diff.get(x - y, 0.0) + sums[x] * sums[y] / 10_000
    out: dict[int, float] = {}
    running = 0.0
    for k in range(18, -19, -1):
        running += diff.get(k, 0.0)
        out[k] = running
    return out


_DIFF_AT_LEAST = _difference_table()


def p_beats_roll(bonus: int, other: int) -> float:
    """The chance that 2d10 + bonus meets or beats 2d10 + other."""
    k = other - bonus
    if k <= -18:
        return 1.0
    if k > 18:
        return 0.0
    return _DIFF_AT_LEAST[k]


# --- the fight model ----------------------------------------------------------------------------
def ally_life_class(left: int) -> int:
    """An ally's life left, coarsely (the fight model only asks whether it outlasts a hit)."""
    if left >= 5:
        return 5
    return 3 if left >= 3 else max(left, 0)


def _ally_plan(
    enemy: Enemy, hero_step: int, dfn: Triple, arm: Triple, allies: Sequence[AllySig]
) -> list[int]:
    """Where each ally attacks when the hero attacks in ``hero_step`` (-1: stays back).

    An ally in a step the hero would defend spares the hero that roll (and its damage); an ally
    also adds its own hits. Fragile allies (one failure kills them) are kept back.
    """
    shielded: set[int] = set()
    plan: list[int] = []
    for att, dmg, hp in allies:
        best, best_score = -1, 0.0
        for t, step in enumerate(enemy.steps):
            if step is None:
                continue
            value, damage = step
            if hp <= damage:
                continue
            p_ally = p_at_least(value - att[t])
            score = p_ally * max(0, dmg[t] - enemy.armour)
            if t != hero_step and t not in shielded:
                score += (1 - p_at_least(value - dfn[t])) * max(0, damage - arm[t]) * 1.2
            score -= (1 - p_ally) * damage * 0.3
            if score > best_score + 1e-9:
                best, best_score = t, score
        plan.append(best)
        if best >= 0 and best != hero_step:
            shielded.add(best)
    return plan


def _round_paths(enemy: Enemy, sig: HeroSig, s: int) -> list[list[tuple[int, int, float]]]:
    """Per open step: the distribution of (wounds dealt, wounds taken) if the hero attacks in s."""
    att, dfn, dmg, arm, _life, allies = sig
    plan = _ally_plan(enemy, s, dfn, arm, allies)
    steps: list[list[tuple[int, int, float]]] = []
    for t, step in enumerate(enemy.steps):
        if step is None:
            continue
        value, damage = step
        taken = max(0, damage - arm[t])
        helpers = [allies[i] for i, where in enumerate(plan) if where == t]
        dist: dict[tuple[int, int], float] = {}
        if t == s or not helpers:
            if t == s:
                p = p_at_least(value - att[t])
                base = [((max(0, dmg[t] - enemy.armour), 0), p), ((0, taken), 1 - p)]
            else:
                p = p_at_least(value - dfn[t])
                base = [((0, 0), p), ((0, taken), 1 - p)]
        else:
            base = [((0, 0), 1.0)]
        for key, p in base:
            if p > 0:
                dist[key] = dist.get(key, 0.0) + p
        for a_att, a_dmg, _hp in helpers:
            p = p_at_least(value - a_att[t])
            hit = max(0, a_dmg[t] - enemy.armour)
            new: dict[tuple[int, int], float] = {}
            for (de, dh), q in dist.items():
                if p > 0:
                    k = (de + hit, dh)
                    new[k] = new.get(k, 0.0) + q * p
                if p < 1:
                    new[(de, dh)] = new.get((de, dh), 0.0) + q * (1 - p)
            dist = new
        steps.append([(de, dh, q) for (de, dh), q in dist.items() if q > 0])
    return steps


def solve_fight(kb: Knowledge, enemy: Enemy, sig: HeroSig, kappa: float) -> FightTable:
    """Every fight state [wounds dealt][wounds taken] solved under the best policy.

    Winning is worth 1, a knock-out ``-kappa`` and escaping 0 (escape is possible in every state
    but the first; the table keeps the odds of fighting on).
    """
    key = (enemy.key, sig, kappa)
    cached = kb.fight_cache.get(key)
    if cached is not None:
        return cached
    # Many signatures differ only where this enemy cannot tell them apart: they share one table
    same = (enemy.key, as_seen_by(enemy, sig), kappa)
    table = kb.fight_cache.get(same)
    if table is None:
        table = solve_fight_uncached(enemy, sig, kappa)
        kb.fight_cache.put(same, table)
    kb.fight_cache.put(key, table)
    return table


def _clamp(x: int, low: int, high: int) -> int:
    return low if x < low else high if x > high else x


def as_seen_by(enemy: Enemy, sig: HeroSig) -> HeroSig:
    """``sig`` with every number the fight model cannot distinguish against ``enemy`` set to one
    representative: the stats of steps the enemy lacks, rolls below certain failure or above
    certain success (:func:`p_at_least` is flat there), damage the enemy's armour stops and armour
    beyond the enemy's damage. :func:`solve_fight_uncached` gives the same table, bit for bit, for
    both."""
    att, dfn, dmg, arm, life, allies = sig
    armour = enemy.armour

    def seen(stats: Triple, rule: Callable[[int, tuple[int, int]], int]) -> Triple:
        a, b, c = (
            0 if step is None else rule(x, step) for x, step in zip(stats, enemy.steps, strict=True)
        )
        return (a, b, c)

    def roll(x: int, step: tuple[int, int]) -> int:
        # p_at_least(k) is 1.0 for k <= 2 and 0.0 for k >= 21, with k = step value - x
        return _clamp(x, step[0] - 21, step[0] - 2)

    def hit(x: int, _step: tuple[int, int]) -> int:
        return max(x, armour)

    def guard(x: int, step: tuple[int, int]) -> int:
        return min(x, step[1])

    return (
        seen(att, roll),
        seen(dfn, roll),
        seen(dmg, hit),
        seen(arm, guard),
        life,
        tuple((seen(a_att, roll), seen(a_dmg, hit), hp) for a_att, a_dmg, hp in allies),
    )


Outcome = tuple[float, float, float, list[tuple[int, float]]]


def _round_outcomes(
    steps: list[list[tuple[int, int, float]]], room_e: int, room_h: int, hp: int
) -> Outcome:
    """One round from a state ``room_e`` wounds short of winning and ``room_h`` short of a
    knock-out: P(win), P(knock-out), P(nothing changes) and every other outcome as (offset of
    its state in the flat table, probability), in the order the induction adds them up."""
    branches: dict[tuple[int, int], float] = {(0, 0): 1.0}
    win = lose = 0.0
    for dist in steps:
        new: dict[tuple[int, int], float] = {}
        for (e1, h1), p in branches.items():
            for de, dh, q in dist:
                e2 = e1 + de
                h2 = h1 + dh
                if e2 >= room_e:
                    win += p * q
                elif h2 >= room_h:
                    lose += p * q
                else:
                    k = (e2, h2)
                    new[k] = new.get(k, 0.0) + p * q
        branches = new
    stay = branches.pop((0, 0), 0.0)
    return win, lose, stay, [(de * hp + dh, p) for (de, dh), p in branches.items()]


Round = tuple[float, float, float, float, list[tuple[int, float]]]
"""A round as the induction uses it: P(win) - kappa * P(knock-out), P(win), P(knock-out),
1 - P(nothing changes) and the other outcomes (see :func:`_round_outcomes`)."""


def _round(
    steps: list[list[tuple[int, int, float]]], room_e: int, room_h: int, hp: int, kappa: float
) -> Round | None:
    """:func:`_round_outcomes` with the sums the induction repeats in every state done once;
    None for a round that (nearly) never changes anything."""
    win, lose, stay, outcomes = _round_outcomes(steps, room_e, room_h, hp)
    if stay > 1 - 1e-9:
        return None
    return win - kappa * lose, win, lose, 1 - stay, outcomes


def solve_fight_uncached(enemy: Enemy, sig: HeroSig, kappa: float) -> FightTable:
    """:func:`solve_fight` without the cache: backward induction over the fight states.

    A round depends on the state only through how far it is from either end, capped at what one
    round can reach, so each plan works a round out once per capped distance and reuses it,
    with the same sums in the same order: the table is bit for bit what solving every state
    afresh gives.
    """
    life_e = enemy.life
    hp = max(sig[4], 1)
    no_escape = enemy.no_escape
    plans = []
    for s in range(3):
        if enemy.steps[s] is None:
            continue
        steps = _round_paths(enemy, sig, s)
        # the most wounds one round can deal and take (every step's outcomes can combine)
        reach_e = sum(max(de for de, _, _ in dist) for dist in steps)
        reach_h = sum(max(dh for _, dh, _ in dist) for dist in steps)
        rounds: dict[int, Round | None] = {}  # by capped distances room_e * 1024 + room_h
        plans.append((s, steps, reach_e, reach_h, rounds))
    # value, P(win), P(knock-out) of fighting on (or escaping), per state e * hp + h
    size = life_e * hp
    values = [0.0] * size
    wins = [0.0] * size
    losses = [0.0] * size
    odds = [0.0] * (2 * size)  # P(win), P(knock-out) of fighting on
    chosen = bytearray(size)  # the attack step + 1
    for e in range(life_e - 1, -1, -1):
        room_e = life_e - e
        for h in range(hp - 1, -1, -1):
            here = e * hp + h
            room_h = hp - h
            best_u, best_pw, best_pl, best_s = -1e18, 0.0, 1.0, -1
            best: Round | None = None
            for s, steps, reach_e, reach_h, rounds in plans:
                cap_e = room_e if room_e <= reach_e else reach_e + 1
                cap_h = room_h if room_h <= reach_h else reach_h + 1
                key = cap_e * 1024 + cap_h
                if key in rounds:
                    round_ = rounds[key]
                else:
                    round_ = rounds[key] = _round(steps, cap_e, cap_h, hp, kappa)
                if round_ is None:
                    continue
                u, _, _, norm, outcomes = round_
                for offset, p in outcomes:
                    u += p * values[here + offset]
                u = u / norm
                if u > best_u + 1e-12:
                    best_u, best_s, best = u, s, round_
            if best is not None:
                # the odds only for the plan chosen (the value alone chooses)
                _, pw, pl, norm, outcomes = best
                for offset, p in outcomes:
                    there = here + offset
                    pw += p * wins[there]
                    pl += p * losses[there]
                best_pw, best_pl = pw / norm, pl / norm
            if best_s < 0:  # no step can change anything: a stalemate
                best_u, best_pw, best_pl = (-kappa, 0.0, 1.0) if no_escape else (0, 0, 0)
            if no_escape or best_u >= 0:  # else the hero escapes: worth nothing either way
                values[here], wins[here], losses[here] = best_u, best_pw, best_pl
            odds[2 * here] = best_pw
            odds[2 * here + 1] = best_pl
            chosen[here] = best_s + 1
    return FightTable(hp, array("d", odds), bytes(chosen))


def kappa_level(win: float, loss: float) -> float:
    """The solved knock-out/win ratio nearest (in log terms) to ``loss / win``."""
    ratio = max(loss, 0.01) / max(win, 0.01)
    return min(KAPPAS, key=lambda k: abs(math.log(k) - math.log(ratio)))


def fight_odds(
    kb: Knowledge, enemy: Enemy, sig: HeroSig, dealt: int, taken: int, kappa: float = 1.0
) -> tuple[float, float, int]:
    """P(win), P(knocked out) and the best attack step fighting on from (dealt, taken)."""
    if dealt >= enemy.life:
        return 1.0, 0.0, -1
    if taken >= sig[4]:
        return 0.0, 1.0, -1
    return solve_fight(kb, enemy, sig, kappa).fight_on(max(dealt, 0), max(taken, 0))
