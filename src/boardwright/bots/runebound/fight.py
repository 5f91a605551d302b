"""The fight model: the chances of 2d10 rolls, one combat round's outcomes, and
:func:`solve_fight`, a dynamic programme over (wounds dealt, wounds taken) that values every
fight state under the best policy (attack step, allies, escape), cached per knowledge."""

from __future__ import annotations

import math
from collections.abc import Sequence

from boardwright.bots.runebound.constants import KAPPAS
from boardwright.bots.runebound.induction import Path, PlanRounds, RoundPaths, solve_grid
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


def _round_paths(enemy: Enemy, sig: HeroSig, s: int) -> RoundPaths:
    """Per open step: the distribution of (wounds dealt, wounds taken) if the hero attacks in s."""
    att, dfn, dmg, arm, _life, allies = sig
    plan = _ally_plan(enemy, s, dfn, arm, allies) if allies else []
    armour = enemy.armour
    steps: list[Path] = []
    for t, step in enumerate(enemy.steps):
        if step is None:
            continue
        value, damage = step
        taken = max(0, damage - arm[t])
        helpers = [allies[i] for i, where in enumerate(plan) if where == t] if plan else []
        if t == s:  # the hero attacks: a hit, or the enemy's damage
            hit, p = max(0, dmg[t] - armour), p_at_least(value - att[t])
        elif not helpers:  # the hero defends
            hit, p = 0, p_at_least(value - dfn[t])
        else:  # the allies here spare the hero this roll
            steps.append(_with_helpers({(0, 0): 1.0}, value, armour, t, helpers))
            continue
        if not helpers:
            steps.append(_two_ways(hit, p, taken))
            continue
        dist: dict[tuple[int, int], float] = {}
        for key, q in (((hit, 0), p), ((0, taken), 1 - p)):
            if q > 0:
                dist[key] = dist.get(key, 0.0) + q
        steps.append(_with_helpers(dist, value, armour, t, helpers))
    return tuple(steps)


def _two_ways(hit: int, p: float, taken: int) -> Path:
    """A roll of the hero's alone: ``hit`` wounds dealt with chance ``p``, else ``taken``
    wounds taken (one outcome when they are the same, its chance summed as a dict would)."""
    if p >= 1.0:
        return ((hit, 0, p),)
    if p <= 0.0:
        return ((0, taken, 1 - p),)
    if hit == 0 and taken == 0:
        return ((0, 0, p + (1 - p)),)
    return ((hit, 0, p), (0, taken, 1 - p))


def _with_helpers(
    dist: dict[tuple[int, int], float], value: int, armour: int, t: int, helpers: list[AllySig]
) -> Path:
    """``dist`` with each helping ally's roll in step ``t`` added in turn."""
    for a_att, a_dmg, _hp in helpers:
        p = p_at_least(value - a_att[t])
        hit = max(0, a_dmg[t] - armour)
        new: dict[tuple[int, int], float] = {}
        for (de, dh), q in dist.items():
            if p > 0:
                k = (de + hit, dh)
                new[k] = new.get(k, 0.0) + q * p
            if p < 1:
                new[(de, dh)] = new.get((de, dh), 0.0) + q * (1 - p)
        dist = new
    return tuple((de, dh, q) for (de, dh), q in dist.items() if q > 0)


def solve_fight(kb: Knowledge, enemy: Enemy, sig: HeroSig, kappa: float) -> FightTable:
    """Every fight state [wounds dealt][wounds taken] solved under the best policy.

    Winning is worth 1, a knock-out ``-kappa`` and escaping 0 (escape is possible in every state
    but the first; the table keeps the odds of fighting on).
    """
    key = (enemy.key, kb.sig_number(sig), kappa)
    table = kb.fight_cache.get(key)
    if table is None:
        table = _solve_shared(kb, enemy, sig, kappa)
        kb.fight_cache.put(key, table)
    return table


def _solve_shared(kb: Knowledge, enemy: Enemy, sig: HeroSig, kappa: float) -> FightTable:
    """The table read from a grid shared by every fight with the same rounds: other enemies and
    heroes whose numbers give the same round paths, of any life up to the grid's size (a grid
    too small grows: by rows alone when it has the columns, else solved again)."""
    plans = []
    for s in range(3):
        if enemy.steps[s] is None:
            continue
        paths = _round_paths(enemy, sig, s)
        plan = kb.plan_rounds.get(paths)
        if plan is None:
            serial = kb.plan_serials.get(paths)
            if serial is None:
                kb.plans_made += 1
                serial = kb.plans_made
                kb.plan_serials.put(paths, serial)
            plan = PlanRounds(paths, serial)
            kb.plan_rounds.put(paths, plan)
        plans.append((s, plan))
    life, hp = enemy.life, max(sig[4], 1)
    # a plan's serial number stands for its round paths (cheaper to hash); a plan made again
    # after its memo let it go keeps its number while the longer memo of numbers holds it, so
    # its grids are found again (else it gets a new one, and its grids are solved again)
    grid_key = (enemy.no_escape, kappa, *[x for s, plan in plans for x in (s, plan.serial)])
    grid = kb.fight_grids.get(grid_key)
    if grid is None or grid.rooms_e < life or grid.rooms_h < hp:
        start = grid
        if grid is not None:
            life, hp = max(life, grid.rooms_e), max(hp, grid.rooms_h)
        # with as many columns, a tougher enemy only adds rows to the grid
        grid = solve_grid(plans, life, hp, enemy.no_escape, kappa, start)
        kb.fight_grids.put(grid_key, grid)
    return FightTable(grid, enemy.life, max(sig[4], 1))


def solve_fight_uncached(enemy: Enemy, sig: HeroSig, kappa: float) -> FightTable:
    """:func:`solve_fight` without the caches: the backward induction of
    :func:`~boardwright.bots.runebound.induction.solve_grid` over exactly this fight's states."""
    plans = [
        (s, PlanRounds(_round_paths(enemy, sig, s))) for s in range(3) if enemy.steps[s] is not None
    ]
    hp = max(sig[4], 1)
    grid = solve_grid(plans, enemy.life, hp, enemy.no_escape, kappa)
    return FightTable(grid, enemy.life, hp)


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
    key = (enemy.key, kb.sig_number(sig), kappa)
    table = kb.fight_cache.get(key)
    if table is None:  # solve_fight, the key made once
        table = _solve_shared(kb, enemy, sig, kappa)
        kb.fight_cache.put(key, table)
    return table.fight_on(dealt if dealt > 0 else 0, taken if taken > 0 else 0)
