"""A heuristic Runebound bot ("heuristic"): it plays from its seat's view and the static content.

What the bot reads
------------------
Only its :class:`~boardwright.bots.Observation`: the decision (kind, arguments, option keys and
arguments, never their text) and its seat's view (the dict a human in that seat sees), plus the
public static content from :func:`boardwright.games.runebound.content.default_content` (the
board geometry, the movement die, hero, adventure and market card statistics). It never
touches the game object or its state.

How it plays
------------
* **Fights** are valued with a small dynamic programme over (wounds dealt, wounds taken): per combat
  round the hero picks an attack step, its allies are sent where they shield the hero or hit best,
  and from the second round on the hero may escape. The programme gives the chance to win and to be
  knocked out against any challenge card, for the hero's current numbers (stats, experience
  counters, weapons, armour, allies, the event in play). The same tables choose the attack step and
  whether to escape during a real fight.
* **Adventures**: a colour is worth the average over the challenges that may still be in its deck
  (events are redrawn; encounters count at a small value) of ``reward * P(win) - knock-out cost *
  P(knocked out)``. Rewards are experience, gold, market cards, Dragon Runes (worth more the more
  the hero holds) and the game itself for High Lord Margath; so the bot fights green while weak and
  moves up to red when its numbers make red pay.
* **Movement** follows a potential over the board: every hex with an adventure counter, undefeated
  challenge or useful city market is a target worth its value, discounted by the hexes (``GAMMA``
  per ``HEXES_PER_TURN``) to it. The bot steps one hex when the best target is next door, stays or
  rests when it stands on it, rolls fewer dice to shed exhaustion when the target is close, and
  otherwise rolls all dice; with the dice rolled it searches every way to spend them (the decision
  lists the dice left) for the reachable hex of highest potential.
* **Market**: heal the hero when badly hurt, buy the card that adds the most fighting strength per
  gold (strength = chance to beat the colours the hero is working on), sell a weaker weapon or
  armour to make room for a clearly better one, heal remaining wounds, hire allies (up to the
  limit the market enforces). Cities are targets when there is healing to do or something worth
  buying on their (public) market stacks.
* **Experience** goes to whichever counter (mind, body, spirit, stamina, life) adds the most
  strength; in practice the stat the hero attacks with, or life.

Adventures: the bot plays with the play its adventure names (``Adventure.bot_play``, found by the
view's ``adventure``). The Sands of Al-Kalim's is
:class:`~boardwright.bots.al_kalim_bot.AlKalimPlay`, with the Al-Kalim content view; it answers
the expansion's decisions and overrides the hooks of :class:`BasePlay` (movement targets, the
cost of a roll, options the base handlers do not know, what experience is for), as
``AlKalimRules`` overrides the base ``Rules``; see that module.

Other games: the bot knows only Runebound. For any other game (the view's ``game`` is not
``runebound``) it chooses uniformly at random from its own seeded generator, like ``RandomBot``.
Unknown decision kinds in Runebound are also answered at random. The bot is deterministic given
its seed: its generator only breaks such fallbacks.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from importlib import import_module
from itertools import islice
from typing import Any

from boardwright.bots.base import Observation
from boardwright.engine.decision import Decision
from boardwright.engine.rng import Rng
from boardwright.games.runebound.adventures import get_adventure
from boardwright.games.runebound.adventures.al_kalim.content import al_kalim_content
from boardwright.games.runebound.content import CITY, RuneboundContent, default_content
from boardwright.games.runebound.movement import payments
from boardwright.games.runebound.records import (
    COLOURS,
    TERRAINS,
    Ability,
    AdventureCard,
    DrawMarket,
    Effect,
    EncounterChoice,
    Experience,
    ExtraMove,
    Fight,
    Gold,
    Harm,
    Heal,
    Hero,
    MarketCard,
    Modify,
    ReduceDamage,
    Reroll,
    Teleport,
    TestRecord,
)

STEP_NAMES = ("ranged", "melee", "magic")
STEP_STATS = ("mind", "body", "spirit")
XP_KINDS = ("mind", "body", "spirit", "stamina", "life")

# --- values, in gold pieces --------------------------------------------------------------------
WIN_VALUE = 100.0  # winning the game (High Lord Margath, the third Dragon Rune)
XP_POINT = 0.8  # one point of experience (an adventure counter's back)
WOUND = 1.5  # a wound on the hero (healing costs 1 gold and time)
EXHAUSTION = 0.4  # an exhaustion counter (resting costs movement)
MARKET_CARD = 3.0  # a free market card as a reward
KNOCKOUT_BASE = 3.0  # a knock-out's cost besides gold and allies (lost time, the undefeated card)
ENCOUNTER = 0.5  # drawing an encounter instead of a challenge
ALLY_DISCOUNT = 0.6  # allies die; their fighting value counts this much
STRENGTH_FIGHTS = 4.0  # fights of a colour a strength gain is expected to help with
GAMMA = 0.75  # value kept per turn of travel
HEXES_PER_TURN = 4.0  # five dice carry a hero about four hexes towards a far target (ADVANCE)
CITY_LOTTERY = 0.3  # the unknown market card a city visit turns up
CHALLENGE_ARMOUR = True  # count a challenge's passive damage reduction against the hero's hits
KAPPAS = (0.25, 1.0, 4.0)  # knock-out cost / win value levels the fight tables are solved for
CACHE_LIMIT = 100_000  # fight tables kept per process (each a few kB; ~0.7 GB at the limit)
SHOPPING_RANGE = 10  # hexes: market stacks farther away are not worth a trip

ADVANCE: dict[int, tuple[float, ...]] = {
    1: (0.444, 0.556),
    2: (0.208, 0.266, 0.526),
    3: (0.12, 0.121, 0.248, 0.51),
    4: (0.071, 0.059, 0.103, 0.208, 0.558),
    5: (0.049, 0.043, 0.04, 0.074, 0.2, 0.595),
    6: (0.038, 0.021, 0.015, 0.027, 0.072, 0.191, 0.634),
}
"""P(a roll of n dice brings the hero a hexes closer to a far hex), for a = 0..n.

Measured on the base board with :func:`measure_advance` (2,000 random start and target hexes at
least n + 1 hexes apart per n, random faces of the movement die, the best use of the dice). The
bot uses it to weigh rolling against stepping one hex or staying.
"""


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


# --- static knowledge -----------------------------------------------------------------------------
Step = tuple[int, int] | None  # a challenge's (value, damage) in one combat step
Triple = tuple[int, int, int]
AllySig = tuple[Triple, Triple, int]  # attack values, damages, life left
HeroSig = tuple[Triple, Triple, Triple, Triple, int, tuple[AllySig, ...]]
Entry = tuple[float, float, float, float, float, int]
"""A fight state: (value, P(win), P(knocked out)) under the best policy (escape included), then
(P(win), P(knocked out), attack step) when the hero fights on from it."""


@dataclass(frozen=True)
class Enemy:
    """A challenge as the fight model sees it."""

    key: str
    steps: tuple[Step, Step, Step]
    life: int
    armour: int
    no_escape: bool
    harm_wounds: int
    harm_exhaustion: int


class Knowledge:
    """Everything the bot precomputes from the static content (shared by all bots of a process)."""

    def __init__(
        self,
        content: RuneboundContent,
        discount: tuple[float, ...] | None = None,
        sample_sizes: tuple[int, int] | None = (5, 3),
    ) -> None:
        self.content = content
        # the value kept by a target this many hexes away (Al-Kalim: its own, al_kalim_bot.py)
        self.discount = discount or _DISCOUNT
        board = content.board
        self.hex_count = len(board.hexes)
        self.index_of = {str(h.at): h.index for h in board.hexes}
        self.terrain = tuple(h.terrain for h in board.hexes)
        self.neighbours = tuple(h.neighbours for h in board.hexes)
        self.dist = tuple(self._bfs(i) for i in range(self.hex_count))
        self.discount_rows = tuple(
            tuple(self.discount[min(d, len(self.discount) - 1)] for d in row) for row in self.dist
        )
        self.city_hex = {c.id: c.hex for c in board.cities}
        self.city_at = {c.hex: c.id for c in board.cities}
        self.counter_values = board.counter_values
        self.face_bits = {t: 1 << i for i, t in enumerate(TERRAINS)}
        self.heroes = {h.id: h for h in content.heroes}
        self.hero_index = {h.id: i for i, h in enumerate(content.heroes)}
        self.adventures = {c.id: c for c in content.adventures}
        self.market = {c.id: c for c in content.market}
        # Al-Kalim: legend cards by id, as the ability keys count
        records = al_kalim_content(content)
        self.legend_index = {c.id: i for i, c in enumerate(records.legends)} if records else {}
        self.challenges: dict[str, list[AdventureCard]] = {c: [] for c in COLOURS}
        self.encounters: dict[str, list[AdventureCard]] = {c: [] for c in COLOURS}
        for card in content.adventures:
            if card.kind == "challenge":
                self.challenges[card.colour].append(card)
            elif card.kind == "encounter":
                self.encounters[card.colour].append(card)
        self.enemies = {c.id: self._enemy(c) for cards in self.challenges.values() for c in cards}
        # AR-6.1 (advanced.wounds): a challenge needs one wound more than its life
        self.tough_enemies = {
            key: replace(enemy, key=f"{key}+", life=enemy.life + 1)
            for key, enemy in self.enemies.items()
        }
        # AK-6.3 (Al-Kalim): by night a challenge has its upper life
        self.night_enemies = {
            c.id: replace(self.enemies[c.id], key=f"{c.id}@night", life=c.night_life)
            if c.night_life is not None
            else self.enemies[c.id]
            for cards in self.challenges.values()
            for c in cards
        }
        self.tough_night_enemies = {
            key: replace(enemy, key=f"{enemy.key}+", life=enemy.life + 1)
            for key, enemy in self.night_enemies.items()
        }
        # the challenges the bot weighs a colour by: a few spread over its difficulty, or (None)
        # every challenge of the colour
        big, small = sample_sizes or (None, None)
        self.samples = {
            colour: self._sample(cards, big) for colour, cards in self.challenges.items()
        }
        self.small_samples = {
            colour: self._sample(cards, small, with_winners=False)
            for colour, cards in self.challenges.items()
        }
        self.fight_cache: dict[tuple[str, HeroSig, float], list[list[Entry]]] = {}
        self.value_cache: dict[tuple[Any, ...], float] = {}

    def enemies_for(self, tough: bool, night: bool = False) -> dict[str, Enemy]:
        """The challenges as fought now: AR-6.1 (one wound more), AK-6.3 (night life)."""
        if night:
            return self.tough_night_enemies if tough else self.night_enemies
        return self.tough_enemies if tough else self.enemies

    def _bfs(self, start: int) -> tuple[int, ...]:
        far = self.hex_count + 1
        dist = [far] * self.hex_count
        dist[start] = 0
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for n in self.neighbours[here]:
                if dist[n] == far:
                    dist[n] = dist[here] + 1
                    queue.append(n)
        return tuple(dist)

    @staticmethod
    def _enemy(card: AdventureCard) -> Enemy:
        steps: list[Step] = [
            None if a is None else (a.value, a.damage)
            for a in (card.ranged, card.melee, card.magic)
        ]
        armour = wounds = exhaustion = 0
        for ability in card.abilities:
            for e in ability.effects:
                if ability.timing == "passive" and e.do == "reduce_damage" and CHALLENGE_ARMOUR:
                    armour += e.amount
                if ability.timing == "before_combat" and e.do == "harm":
                    wounds += e.wounds
                    exhaustion += e.exhaustion
        return Enemy(
            card.id,
            (steps[0], steps[1], steps[2]),
            card.life or 1,
            armour,
            card.no_escape,
            wounds,
            exhaustion,
        )

    def _sample(
        self, cards: list[AdventureCard], size: int | None = 5, with_winners: bool = True
    ) -> tuple[str, ...]:
        """``size`` challenges spread over the colour's difficulty (None: all of them), and the
        game winners if asked."""

        def hardness(card: AdventureCard) -> float:
            enemy = self.enemies[card.id]
            values = [s[0] for s in enemy.steps if s is not None]
            return sum(values) / len(values) + enemy.life

        winners = [c.id for c in cards if c.reward.wins_game] if with_winners else []
        ranked = sorted(
            (c for c in cards if not c.reward.wins_game), key=lambda c: (hardness(c), c.id)
        )
        if size is None or len(ranked) <= size:
            return (*(c.id for c in ranked), *winners)
        picks = {round(i * (len(ranked) - 1) / (size - 1)) for i in range(size)}
        return (*(ranked[i].id for i in sorted(picks)), *winners)


def measure_advance(kb: Knowledge, dice: int, samples: int, seed: int = 1) -> tuple[float, ...]:
    """How far ``dice`` movement dice carry a hero towards a far hex: the distribution behind
    :data:`ADVANCE` (random hexes at least ``dice + 1`` apart, random faces, best use)."""
    rng = Rng(seed)
    faces_of_die = kb.content.board.die_faces
    counts = [0] * (dice + 1)

    def closest(here: int, faces: tuple[int, ...], target: int, memo: dict[Any, int]) -> int:
        key = (here, faces)
        found = memo.get(key)
        if found is not None:
            return found
        best = kb.dist[target][here]
        for n in kb.neighbours[here]:
            terrain = kb.terrain[n]
            for i, face in enumerate(faces):
                if terrain == CITY or face >> terrain & 1:
                    best = min(best, closest(n, faces[:i] + faces[i + 1 :], target, memo))
        memo[key] = best
        return best

    for _ in range(samples):
        while True:
            start, target = rng.below(kb.hex_count), rng.below(kb.hex_count)
            if kb.dist[start][target] > dice:
                break
        faces = tuple(sorted(faces_of_die[rng.below(len(faces_of_die))] for _ in range(dice)))
        counts[kb.dist[start][target] - closest(start, faces, target, {})] += 1
    return tuple(c / samples for c in counts)


_DISCOUNT = tuple(GAMMA ** (d / HEXES_PER_TURN) for d in range(64))

_KNOWLEDGE: dict[int, Knowledge] = {}


def knowledge(content: RuneboundContent | None = None) -> Knowledge:
    content = content or default_content()
    found = _KNOWLEDGE.get(id(content))
    if found is None or found.content is not content:
        found = Knowledge(content)
        _KNOWLEDGE[id(content)] = found
    return found


# --- the fight model ----------------------------------------------------------------------------
def _ally_life_class(left: int) -> int:
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


def solve_fight(kb: Knowledge, enemy: Enemy, sig: HeroSig, kappa: float) -> list[list[Entry]]:
    """Every fight state [wounds dealt][wounds taken] valued under the best policy.

    Winning is worth 1, a knock-out ``-kappa`` and escaping 0 (escape is possible in every state
    but the first; the caller reads the first state's fight-on values).
    """
    key = (enemy.key, sig, kappa)
    cached = kb.fight_cache.get(key)
    if cached is not None:
        return cached
    # Many signatures differ only where this enemy cannot tell them apart: they share one table
    same = (enemy.key, _as_seen_by(enemy, sig), kappa)
    table = kb.fight_cache.get(same)
    if table is None:
        table = _solve_fight(enemy, sig, kappa)
    if len(kb.fight_cache) > CACHE_LIMIT:
        _forget_oldest_half(kb.fight_cache)
    kb.fight_cache[key] = table
    kb.fight_cache[same] = table
    return table


def _forget_oldest_half(cache: dict[Any, Any]) -> None:
    """Drop the older half of a full cache (dicts keep insertion order): clearing it all threw
    away the tables the current game was still asking for."""
    for key in list(islice(cache, len(cache) // 2)):
        del cache[key]


def _clamp(x: int, low: int, high: int) -> int:
    return low if x < low else high if x > high else x


def _as_seen_by(enemy: Enemy, sig: HeroSig) -> HeroSig:
    """``sig`` with every number the fight model cannot distinguish against ``enemy`` set to one
    representative: the stats of steps the enemy lacks, rolls below certain failure or above
    certain success (:func:`p_at_least` is flat there), damage the enemy's armour stops and armour
    beyond the enemy's damage. :func:`_solve_fight` gives the same table, bit for bit, for both."""
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


def _solve_fight(enemy: Enemy, sig: HeroSig, kappa: float) -> list[list[Entry]]:
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
        rounds: dict[tuple[int, int], Outcome] = {}
        plans.append((s, steps, reach_e, reach_h, rounds))
    # (value, P(win), P(knock-out)) of fighting on, per state e * hp + h
    flat: list[tuple[float, float, float]] = [(0.0, 0.0, 0.0)] * (life_e * hp)
    table: list[list[Entry]] = [[(0.0, 0.0, 0.0, 0.0, 0.0, -1)] * hp for _ in range(life_e)]
    for e in range(life_e - 1, -1, -1):
        row = table[e]
        room_e = life_e - e
        for h in range(hp - 1, -1, -1):
            here = e * hp + h
            room_h = hp - h
            best_u, best_pw, best_pl, best_s = -1e18, 0.0, 1.0, -1
            for s, steps, reach_e, reach_h, rounds in plans:
                room = (
                    room_e if room_e <= reach_e else reach_e + 1,
                    room_h if room_h <= reach_h else reach_h + 1,
                )
                outcome = rounds.get(room)
                if outcome is None:
                    outcome = rounds[room] = _round_outcomes(steps, room[0], room[1], hp)
                win, lose, stay, outcomes = outcome
                if stay > 1 - 1e-9:
                    continue
                u, pw, pl = win - kappa * lose, win, lose
                for offset, p in outcomes:
                    eu, epw, epl = flat[here + offset]
                    u += p * eu
                    pw += p * epw
                    pl += p * epl
                norm = 1 - stay
                u, pw, pl = u / norm, pw / norm, pl / norm
                if u > best_u + 1e-12:
                    best_u, best_pw, best_pl, best_s = u, pw, pl, s
            if best_s < 0:  # no step can change anything: a stalemate
                best_u, best_pw, best_pl = (-kappa, 0.0, 1.0) if no_escape else (0, 0, 0)
            if not no_escape and best_u < 0:
                entry: Entry = (0.0, 0.0, 0.0, best_pw, best_pl, best_s)
            else:
                entry = (best_u, best_pw, best_pl, best_pw, best_pl, best_s)
            row[h] = entry
            flat[here] = (entry[0], entry[1], entry[2])
    return table


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
    entry = solve_fight(kb, enemy, sig, kappa)[max(dealt, 0)][max(taken, 0)]
    return entry[3], entry[4], entry[5]


# --- the party as the bot sees it ---------------------------------------------------------------
def _passives(
    kb: Knowledge, hero: Hero, items: Iterable[MarketCard], allies: Iterable[MarketCard], event: str
) -> list[Effect]:
    found = [e for a in hero.abilities if a.timing == "passive" for e in a.effects]
    for owned in (*items, *allies):
        found.extend(e for a in owned.abilities if a.timing == "passive" for e in a.effects)
    card = kb.adventures.get(event) if event else None
    if card is not None:
        found.extend(e for a in card.abilities if a.timing == "while_in_play" for e in a.effects)
    return found


class Party:
    """The bot's hero, read from the view, with hypothetical changes for valuing purchases."""

    def __init__(self, kb: Knowledge, view: dict[str, Any], seat: int) -> None:
        self.kb = kb
        self.view = view
        me: dict[str, Any] = view["heroes"][seat]
        self.me = me
        self.seat = seat
        self.hero = kb.heroes[me["hero"]]
        self.event: str = view.get("event") or ""
        self.items = [kb.market[i] for i in me.get("items", []) if i in kb.market]
        self.allies = [
            (kb.market[a["id"]], int(a.get("wounds", 0)), int(a.get("exhaustion", 0)))
            for a in me.get("allies", [])
            if a["id"] in kb.market
        ]
        # Al-Kalim: finished legend cards other than allies (AK-11.8-AK-11.11), by legend index
        self.legends: list[tuple[int, MarketCard]] = []
        boards = (view.get("al_kalim") or {}).get("quest_boards") or []
        for slot in boards[seat].get("legends", []) if seat < len(boards) else []:
            card = kb.market.get(f"legend-{slot['id']}")
            if slot["done"] and slot["type"] != "ally" and card is not None:
                self.legends.append((kb.legend_index[slot["id"]], card))
        self.xp: list[str] = list(me.get("experience_counters", []))
        self.wounds = int(me["wounds"])
        self.exhaustion = int(me["exhaustion"])
        self.gold = int(me["gold"])
        self.advanced: dict[str, Any] = dict(view.get("advanced") or {})
        self.tough = bool(self.advanced.get("advanced.wounds"))  # AR-6.1: life + 1 to fall
        self.night = bool((view.get("al_kalim") or {}).get("night"))  # AK-4.4
        self.enemies = kb.enemies_for(self.tough, self.night)
        self.life = int(me["life"]) + (1 if self.tough else 0)
        self.stamina = int(me["stamina"])
        self.runes = len(me.get("dragon_runes", []))
        self.here = kb.index_of.get(me["at"], 0)
        self._sigs: dict[tuple[Any, ...], HeroSig] = {}
        self._pre: int | None = None
        # what the view shows beyond the computed numbers: this turn's bonuses
        base = self._always(self.items, [a for a, _, _ in self.allies], self.xp)
        self.turn_extra = tuple(int(me[STEP_STATS[s]]) - base[s] for s in range(3))
        self.life_extra = self.life - self._life(
            self.items, [a for a, _, _ in self.allies], self.xp
        )

    @property
    def hp_left(self) -> int:
        return self.life - self.wounds

    def _always(
        self, items: Sequence[MarketCard], allies: Sequence[MarketCard], xp: Sequence[str]
    ) -> Triple:
        hero = self.hero
        effects = _passives(self.kb, hero, items, allies, self.event)
        out = []
        for s, stat in enumerate(STEP_STATS):
            value = (hero.mind, hero.body, hero.spirit)[s].value + 2 * xp.count(stat)
            value += sum(
                e.amount
                for e in effects
                if e.do == "modify" and e.stat == stat and e.phase is None and e.when == "always"
            )
            out.append(value)
        return (out[0], out[1], out[2])

    def _life(
        self, items: Sequence[MarketCard], allies: Sequence[MarketCard], xp: Sequence[str]
    ) -> int:
        effects = _passives(self.kb, self.hero, items, allies, self.event)
        mods = sum(e.amount for e in effects if e.do == "modify" and e.stat == "life")
        return self.hero.life + xp.count("life") + mods

    def sig(
        self,
        extra_items: Sequence[MarketCard] = (),
        extra_allies: Sequence[MarketCard] = (),
        extra_xp: Sequence[str] = (),
        drop: Sequence[str] = (),
        with_allies: bool = True,
    ) -> HeroSig:
        """The fight signature: attack, defence, damage and armour per step, life, allies."""
        key = (
            tuple(c.id for c in extra_items),
            tuple(c.id for c in extra_allies),
            tuple(extra_xp),
            tuple(drop),
            with_allies,
        )
        found = self._sigs.get(key)
        if found is None:
            found = self._sig(extra_items, extra_allies, extra_xp, drop, with_allies)
            self._sigs[key] = found
        return found

    def _sig(
        self,
        extra_items: Sequence[MarketCard],
        extra_allies: Sequence[MarketCard],
        extra_xp: Sequence[str],
        drop: Sequence[str],
        with_allies: bool,
    ) -> HeroSig:
        items = [c for c in self.items if c.id not in drop] + list(extra_items)
        ally_rows = [(a, w) for a, w, _ in self.allies if a.id not in drop]
        ally_rows += [(a, 0) for a in extra_allies]
        ally_cards = [a for a, _ in ally_rows]
        xp = self.xp + list(extra_xp)
        effects = _passives(self.kb, self.hero, items, ally_cards, self.event)
        always = self._always(items, ally_cards, xp)
        hero = self.hero
        att, dfn, dmg, arm = [], [], [], []
        reduce = sum(e.amount for e in effects if e.do == "reduce_damage")
        for s, stat in enumerate(STEP_STATS):
            phase = STEP_NAMES[s]
            base = always[s] + self.turn_extra[s]
            a = d = 0
            damage = (hero.mind, hero.body, hero.spirit)[s].damage
            armour = reduce
            for e in effects:
                if e.do != "modify":
                    continue
                if e.stat == stat:
                    # phase-bound bonuses (the view leaves them out) and attack/defence-only ones
                    if (e.phase == phase and e.when in ("always", "attack")) or (
                        e.phase is None and e.when == "attack"
                    ):
                        a += e.amount
                    if (e.phase == phase and e.when in ("always", "defend")) or (
                        e.phase is None and e.when == "defend"
                    ):
                        d += e.amount
                elif e.stat == "damage" and e.phase in (None, phase) and e.when != "defend":
                    damage += e.amount
                elif e.stat == "armour" and e.phase in (None, phase) and e.when != "attack":
                    armour += e.amount
            att.append(base + a)
            dfn.append(base + d)
            dmg.append(max(0, damage))
            arm.append(max(0, armour))
        life = self._life(items, ally_cards, xp) + self.life_extra
        allies: tuple[AllySig, ...] = ()
        if with_allies:
            allies = tuple(
                (
                    (card.mind.value, card.body.value, card.spirit.value),  # type: ignore[union-attr]
                    (card.mind.damage, card.body.damage, card.spirit.damage),  # type: ignore[union-attr]
                    _ally_life_class((card.life or 1) - wounds),
                )
                for card, wounds in ally_rows
            )
        return (
            (att[0], att[1], att[2]),
            (dfn[0], dfn[1], dfn[2]),
            (dmg[0], dmg[1], dmg[2]),
            (arm[0], arm[1], arm[2]),
            life,
            allies,
        )

    def abilities(self, timing: str) -> list[tuple[str, Ability]]:
        """(key, ability) of the hero, items and allies with this timing (the game's keys)."""
        kb = self.kb
        hero_index = kb.hero_index[self.hero.id]
        found = [
            (f"h{hero_index}.{i}", a)
            for i, a in enumerate(self.hero.abilities)
            if a.timing == timing
        ]
        for card in (*self.items, *(a for a, _, _ in self.allies)):
            index = kb.content.market_index[card.id]
            found.extend(
                (f"m{index}.{i}", a) for i, a in enumerate(card.abilities) if a.timing == timing
            )
        for legend, card in self.legends:  # the game offers a spent rune's ability no more
            found.extend(
                (f"L{legend}.{i}", a) for i, a in enumerate(card.abilities) if a.timing == timing
            )
        return found

    def pre_damage(self) -> int:
        """Wounds the party's before-combat abilities deal at no risk of a wound."""
        if self._pre is None:
            self._pre = self._pre_damage()
        return self._pre

    def _pre_damage(self) -> int:
        total = 0
        exhaustion = self.exhaustion
        for _, ability in self.abilities("before_combat"):
            hit = sum(e.amount for e in ability.effects if e.do == "damage_enemy")
            if hit and self.affordable(ability, exhaustion):
                total += hit
                exhaustion += ability.cost.exhaustion
        return total

    def rested_pre(self, extra: Sequence[MarketCard] = (), drop: Sequence[str] = ()) -> int:
        """Before-combat damage of the rested party (values cards apart from the moment)."""
        cards = [c for c in (*self.items, *(a for a, _, _ in self.allies)) if c.id not in drop]
        abilities = [a for a in self.hero.abilities if a.timing == "before_combat"]
        for card in (*cards, *extra):
            abilities.extend(a for a in card.abilities if a.timing == "before_combat")
        total = 0
        tired = 0
        for ability in abilities:
            cost = ability.cost
            hit = sum(e.amount for e in ability.effects if e.do == "damage_enemy")
            free = not cost.wounds and not cost.discard and not cost.gold
            if hit and free and tired + cost.exhaustion <= self.stamina:
                total += hit
                tired += cost.exhaustion
        return total

    def affordable(self, ability: Ability, exhaustion: int | None = None) -> bool:
        """The cost is payable without a wound (exhaustion within stamina) and with gold in hand."""
        cost = ability.cost
        tired = self.exhaustion if exhaustion is None else exhaustion
        return (
            cost.wounds == 0
            and tired + cost.exhaustion <= self.stamina
            and cost.gold <= self.gold
            and not cost.discard
        )

    def knockout_cost(self) -> float:
        """Gold, allies and time lost to a knock-out, less the healing it brings.

        A knock-out heals every wound: a hero who cannot pay for healing (wounds beyond its gold)
        would otherwise be stuck, so those wounds count double.
        """
        healable = min(self.wounds, self.gold)
        healing = WOUND * healable + 2 * WOUND * (self.wounds - healable)
        if self.advanced.get("advanced.knockout"):  # AR-6.6: all gold, counters, one card
            costs = [c.cost for c in self.items] + [a.cost for a, _, _ in self.allies]
            experience = XP_POINT * int(self.me.get("experience", 0))
            lost = self.gold + max(costs, default=0) + experience
            return max(0.5, KNOCKOUT_BASE + lost - healing)
        ally_worth = sum(a.cost for a, _, _ in self.allies)
        return max(0.5, KNOCKOUT_BASE + self.gold // 2 + ally_worth - healing)

    def rune_value(self) -> float:
        return min(WIN_VALUE, WIN_VALUE / (3 - min(self.runes, 2)) * 0.9)


def card_win_value(kb: Knowledge, party: Party, card: AdventureCard, counter: bool) -> float:
    reward = card.reward
    value = float(reward.gold) + (MARKET_CARD if reward.market_card else 0.0)
    if reward.wins_game:
        value += WIN_VALUE
    if reward.dragon_rune:
        value += party.rune_value()
    if counter:
        value += XP_POINT * kb.counter_values[COLOURS.index(card.colour)]
    return value


def fight_start(party: Party, enemy: Enemy, sig: HeroSig) -> tuple[int, int]:
    """(wounds dealt, wounds taken) when the first round starts."""
    taken = party.wounds + enemy.harm_wounds
    taken += max(0, party.exhaustion + enemy.harm_exhaustion - party.stamina)
    return party.pre_damage(), taken


def adventure_hexes(
    kb: Knowledge, view: dict[str, Any]
) -> Iterator[tuple[int, AdventureCard | None, Sequence[str]]]:
    """The hexes with an adventure: (hex, the undefeated challenge there or None, the colours of
    the adventure counters there), hexes with counters first."""
    counters: dict[str, list[str]] = view.get("counters", {})
    undefeated: dict[str, str] = view.get("undefeated", {})
    for at, present in counters.items():
        hex_index = kb.index_of.get(at)
        if hex_index is not None:
            yield hex_index, kb.adventures.get(undefeated.get(at, "")), present
    for at, card_id in undefeated.items():
        hex_index = kb.index_of.get(at)
        card = kb.adventures.get(card_id)
        if hex_index is not None and card is not None and at not in counters:
            yield hex_index, card, ()


def undefeated_here(kb: Knowledge, party: Party) -> tuple[AdventureCard, bool] | None:
    """The undefeated challenge on the hero's hex, and whether a counter of its colour lies
    there too (its experience counts)."""
    at = party.me["at"]
    card = kb.adventures.get(party.view.get("undefeated", {}).get(at, ""))
    if card is None:
        return None
    return card, card.colour in party.view.get("counters", {}).get(at, [])


def challenge_ev(kb: Knowledge, party: Party, card: AdventureCard, counter: bool) -> float:
    """What taking on this challenge is worth: reward * P(win) - knock-out cost * P(knocked out)."""
    enemy = party.enemies[card.id]
    sig = party.sig()
    win = card_win_value(kb, party, card, counter)
    loss = party.knockout_cost()
    dealt, taken = fight_start(party, enemy, sig)
    pw, pl, _ = fight_odds(kb, enemy, sig, dealt, taken)
    return win * pw - loss * pl


# --- effects and tests ----------------------------------------------------------------------------
def test_chance(party: Party, stat: str, skill: str | None, difficulty: int) -> float:
    value = int(party.me.get(stat, 0))
    if skill is not None:
        value += int(party.hero.skills.get(skill, 0))  # type: ignore[call-overload]
    effects = _passives(
        party.kb, party.hero, party.items, [a for a, _, _ in party.allies], party.event
    )
    for e in effects:
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


def choice_value(kb: Knowledge, party: Party, choice: EncounterChoice) -> float:
    success = effect_value(kb, party, choice.success, moving=False)
    if choice.test is None:
        return success
    p = test_chance(party, choice.test.stat, choice.test.skill, choice.test.difficulty)
    failure = effect_value(kb, party, choice.failure, moving=False)
    return p * success + (1 - p) * failure


def ability_worth(party: Party, ability: Ability, moving: bool) -> float:
    """An ability's effects minus its cost, outside combat."""
    worth = effect_value(party.kb, party, ability.effects, moving)
    cost = ability.cost
    over = max(0, party.exhaustion + cost.exhaustion - party.stamina)
    worth -= EXHAUSTION * (cost.exhaustion - over) + WOUND * (over + cost.wounds) + cost.gold
    if cost.wounds + over + party.wounds >= party.life:
        return -1e9
    return worth


def _utility_value(card: MarketCard) -> float:
    """What a card's abilities outside the fight model are worth (movement, healing, tests...):
    each primitive's :attr:`EffectWorth.owned`."""
    total = 0.0
    for ability in card.abilities:
        scale = 0.5 if ability.cost.discard else 1.0
        scale_cost = 0.3 * ability.cost.exhaustion
        for e in ability.effects:
            total += EFFECT_WORTH[e.do].owned(e, ability.timing) * scale
        total -= scale_cost if total > 0 else 0.0
    return total


# --- what each effect primitive is worth ----------------------------------------------------------
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
    """One combat step as :meth:`RuneboundBot.combat_step` sees it before its roll."""

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
    :meth:`Knowledge._enemy`, :meth:`RuneboundBot.before_combat`), or it changes the board for
    every hero alike (``replenish``), or the adventure's play weighs it (``lose_legend``: Al-Kalim's
    ``plunder_cost``), or what it does is unknown (``hook``)."""


def _nothing_owned(e: Effect, timing: str) -> float:
    """No worth on a card beyond what the fight model (:meth:`RuneboundBot._card_value`) counts,
    or nothing a card of the market does."""
    return 0.0


def _nothing_in_step(e: Effect, odds: StepOdds) -> float:
    """No help with the roll of a combat step."""
    return 0.0


def _modify_now(running: Running, e: Modify) -> None:
    running.total += 0.2 * e.amount


def _modify_owned(e: Modify, timing: str) -> float:
    if e.stat == "movement_dice":
        return 2.0 * e.amount
    if e.stat == "test":
        return 0.3 * e.amount
    if e.stat == "stamina":
        return 0.4 * e.amount
    if timing == "combat_step":
        if e.stat == "damage":
            return 1.5 * e.amount
        if e.stat in STEP_STATS:
            return 0.4 * e.amount
        if e.stat == "armour":
            return 0.8 * e.amount
    return 0.0


def _modify_in_step(e: Modify, odds: StepOdds) -> float:
    """A better attack roll, or more damage if it hits; nothing while defending."""
    if odds.attacking and e.stat in STEP_STATS:
        return (p_at_least(odds.value - odds.sig[0][odds.step] - e.amount) - odds.p) * 3.0
    if odds.attacking and e.stat == "damage":
        return odds.p * e.amount * 1.0
    return 0.0


def _heal_now(running: Running, e: Heal) -> None:
    healed = min(e.wounds, running.wounds)
    running.wounds -= healed
    rested = min(e.exhaustion, running.exhaustion)
    running.exhaustion -= rested
    running.total += WOUND * healed + EXHAUSTION * rested
    if e.target in ("ally", "party"):
        running.total += WOUND * 0.5 * sum(min(e.wounds, w) for _, w, _ in running.party.allies)


def _heal_owned(e: Heal, timing: str) -> float:
    return 1.0 * e.wounds + 0.3 * e.exhaustion


def _harm_now(running: Running, e: Harm) -> None:
    """Exhaustion beyond stamina becomes wounds (RB-6.2); falling costs a knock-out."""
    party = running.party
    running.exhaustion += e.exhaustion
    over = max(0, running.exhaustion - party.stamina)
    running.exhaustion -= over
    hurt = e.wounds + over
    running.wounds += hurt
    running.total -= WOUND * hurt + EXHAUSTION * (e.exhaustion - over)
    if running.wounds >= party.life:
        running.total -= party.knockout_cost()


def _gold_now(running: Running, e: Gold) -> None:
    running.total += e.amount if e.amount > 0 else -min(-e.amount, running.party.gold)


def _gold_owned(e: Gold, timing: str) -> float:
    return 1.0 * e.amount


def _extra_move_now(running: Running, e: ExtraMove) -> None:
    running.total += 0.4 * e.hexes if running.moving else 0.0


def _extra_move_owned(e: ExtraMove, timing: str) -> float:
    return 0.4 * e.hexes if timing != "after_movement" else 0.1 * e.hexes


def _reroll_owned(e: Reroll, timing: str) -> float:
    return 1.0


def _reroll_in_step(e: Reroll, odds: StepOdds) -> float:
    return (1 - odds.p) * odds.p * (3.0 if odds.attacking else odds.taken)


def _reduce_damage_owned(e: ReduceDamage, timing: str) -> float:
    """Used in a combat step (a passive one is armour in the fight model)."""
    return 0.8 * e.amount if timing == "combat_step" else 0.0


def _reduce_damage_in_step(e: ReduceDamage, odds: StepOdds) -> float:
    return (1 - odds.p) * min(e.amount, odds.taken) * (2.0 if odds.critical else 0.8)


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


EFFECT_WORTH: dict[str, EffectWorth] = {
    "modify": EffectWorth(_modify_now, _modify_owned, _modify_in_step),
    "damage_enemy": EffectWorth(_nothing_now, _nothing_owned, _nothing_in_step),
    "heal": EffectWorth(_heal_now, _heal_owned, _nothing_in_step),
    "harm": EffectWorth(_harm_now, _nothing_owned, _nothing_in_step),
    "gold": EffectWorth(_gold_now, _gold_owned, _nothing_in_step),
    "extra_move": EffectWorth(_extra_move_now, _extra_move_owned, _nothing_in_step),
    "reroll": EffectWorth(_nothing_now, _reroll_owned, _reroll_in_step),
    "reduce_damage": EffectWorth(_nothing_now, _reduce_damage_owned, _reduce_damage_in_step),
    "experience": EffectWorth(_experience_now, _nothing_owned, _nothing_in_step),
    "draw_market": EffectWorth(_draw_market_now, _draw_market_owned, _nothing_in_step),
    "teleport": EffectWorth(_teleport_now, _teleport_owned, _nothing_in_step),
    "replenish": EffectWorth(_nothing_now, _nothing_owned, _nothing_in_step),
    "fight": EffectWorth(_fight_now, _nothing_owned, _nothing_in_step),
    "lose_legend": EffectWorth(_nothing_now, _nothing_owned, _nothing_in_step),
    "hook": EffectWorth(_nothing_now, _nothing_owned, _nothing_in_step),
}
"""Every effect primitive's worth to the bot, keyed by ``do`` (a test checks it names exactly
the primitives of ``records.Effect``; docs/content.md, "How to add an effect")."""


def _face_text_bits(kb: Knowledge, text: str) -> int | None:
    """A die face as the engine's arguments give it (terrains joined by "/") as terrain bits."""
    bits = 0
    for name in text.split("/"):
        bit = kb.face_bits.get(name)
        if bit is None:
            return None
        bits |= bit
    return bits


def _option_index(decision_options: Sequence[Any], key: str) -> int | None:
    for i, option in enumerate(decision_options):
        if option.key == key:
            return i
    return None


class BasePlay:
    """The base game's answers to the hooks in :class:`RuneboundBot`'s handlers.

    An expansion's play (:class:`~boardwright.bots.al_kalim_bot.AlKalimPlay`) overrides the hooks
    where it changes a choice in the middle of a base handler and adds handlers of its own, the
    way ``AlKalimRules`` overrides the base ``Rules``: the base handlers never test for an
    expansion.
    """

    def __init__(self, bot: RuneboundBot) -> None:
        self.bot = bot

    def handler(self, kind: str) -> Callable[[Observation], int] | None:
        """The handler for a decision kind that replaces the base one (None: the base one)."""
        return None

    # --- the movement potential -------------------------------------------------------------------
    def targets(self, party: Party) -> list[tuple[int, float]]:
        """Hexes worth ending the movement on and their values: adventures, cities."""
        bot = self.bot
        kb = bot.kb
        colours = bot._colour_values(party)
        out: list[tuple[int, float]] = []
        for hex_index, card, present in adventure_hexes(kb, party.view):
            if card is not None:
                value = challenge_ev(kb, party, card, counter=card.colour in present)
            else:
                value = max(colours.get(c, 0.0) for c in present) if present else 0.0
            out.append((hex_index, value))
        frontier = bot._frontier(party)
        for city, hex_index in kb.city_hex.items():
            out.append((hex_index, bot._city_value(party, city, frontier)))
        return [(h, v) for h, v in out if v > 0.05]

    def potential_key(self, party: Party) -> tuple[Any, ...] | None:
        """What the movement potential depends on beyond the base bot's key."""
        return None

    def floor(
        self, party: Party, pot: list[float], targets: Sequence[tuple[int, float]]
    ) -> list[float]:
        """The potential after what ending the movement on any hex costs (none in the base
        game)."""
        return pot

    # --- movement ---------------------------------------------------------------------------------
    def roll_cost(self, party: Party, dice: int) -> float:
        """What rolling ``dice`` movement dice costs besides the time (nothing in the base game)."""
        return 0.0

    def movement_option(self, party: Party, key: str, pot: list[float]) -> float:
        """The score of a movement option the base handler does not know (never taken)."""
        return -1e9

    # --- experience -------------------------------------------------------------------------------
    def stamina_xp(self, party: Party) -> float:
        """What a stamina counter is worth: room for abilities that cost exhaustion."""
        tiring = any(a.cost.exhaustion for _, a in party.abilities("combat_step")) or any(
            a.cost.exhaustion for _, a in party.abilities("before_combat")
        )
        return 0.5 if tiring else 0.05

    def xp_tests(self, party: Party) -> Sequence[tuple[TestRecord, float]]:
        """Tests the hero expects to roll, each with what passing it is worth: experience in
        their stat makes them likelier (none in the base game)."""
        return ()


def adventure_play(bot: RuneboundBot, adventure_id: str | None) -> BasePlay:
    """The play for the view's adventure: the class its module names (``Adventure.bot_play``,
    imported only when a game of that adventure is played), else the base play."""
    target = get_adventure(adventure_id).bot_play if adventure_id else ""
    if not target:
        return BasePlay(bot)
    module_name, _, class_name = target.partition(":")
    play: type[BasePlay] = getattr(import_module(module_name), class_name)
    return play(bot)


class RuneboundBot:
    """Heuristic Runebound player (see the module docstring). Random for any other game."""

    name = "heuristic"

    def __init__(self, seed: int, content: RuneboundContent | None = None) -> None:
        self.rng = Rng(seed)
        self._content = content
        self._kb: Knowledge | None = None
        self._game: str | None = None
        # memory within a turn
        self._faces: tuple[int, ...] | None = None
        self._bonus = 0
        self._move_target = -1
        self._pot: list[float] | None = None
        self._pot_key: tuple[Any, ...] | None = None
        self._target_list: list[tuple[int, float]] = []
        self._walk_pos = -1
        self._walk_memo: dict[tuple[int, tuple[int, ...], int], float] = {}
        self._ally_round: tuple[Any, ...] | None = None
        self._ally_shield: set[int] = set()
        self._play: BasePlay = BasePlay(self)  # AlKalimPlay in The Sands of Al-Kalim

    @property
    def kb(self) -> Knowledge:
        if self._kb is None:
            self._kb = knowledge(self._content)
        return self._kb

    # --- the entry point ------------------------------------------------------------------
    def choose(self, observation: Observation) -> int:
        decision = observation.decision
        count = len(decision.options)
        if count <= 1:
            return 0
        if self._game is None:
            self._game = str(observation.view.get("game", ""))
            if self._game == "runebound":
                self._play = adventure_play(self, observation.view.get("adventure"))
        replaced = self._play.handler(decision.kind)
        if replaced is not None:
            index = replaced(observation)
        else:
            handler = _HANDLERS.get(decision.kind) if self._game == "runebound" else None
            if handler is None:
                return self.rng.below(count)
            index = handler(self, observation)
        if not 0 <= index < count:  # pragma: no cover - a handler bug must not end the game
            return self.rng.below(count)
        return index

    def _party(self, observation: Observation) -> Party:
        return Party(self.kb, observation.view, observation.seat)

    def _pick(self, observation: Observation, scores: Sequence[float]) -> int:
        """The option with the highest score (the first on ties)."""
        best = 0
        for i, score in enumerate(scores):
            if score > scores[best] + 1e-9:
                best = i
        return best

    def _key_index(self, observation: Observation, key: str, default: int = 0) -> int:
        found = _option_index(observation.decision.options, key)
        return default if found is None else found

    def _ability(self, party: Party, key: str, timing: str) -> Ability | None:
        for k, ability in party.abilities(timing):
            if k == key:
                return ability
        return None

    def _ability_to_use(
        self,
        observation: Observation,
        party: Party,
        timings: Sequence[str],
        least: float,
        worth: Callable[[Ability], float] | None = None,
    ) -> int | None:
        """The first ``use:`` option whose ability (looked up under the first of ``timings``
        that has it) is worth more than ``least``: by ``worth``, else its worth outside
        combat and movement (:func:`ability_worth`)."""
        for i, option in enumerate(observation.decision.options):
            if not option.key.startswith("use:"):
                continue
            key = option.key[4:]
            ability: Ability | None = None
            for timing in timings:
                ability = self._ability(party, key, timing)
                if ability is not None:
                    break
            if ability is None:
                continue
            value = ability_worth(party, ability, moving=False) if worth is None else worth(ability)
            if value > least:
                return i
        return None

    def _use_or_pass(self, observation: Observation, timing: str, least: float) -> int:
        """The ``timing`` ability worth most, if it is worth more than ``least``; else the
        option that uses none."""
        party = self._party(observation)
        scores = []
        for option in observation.decision.options:
            if option.key.startswith("use:"):
                ability = self._ability(party, option.key[4:], timing)
                worth = -1.0 if ability is None else ability_worth(party, ability, moving=False)
                scores.append(worth if worth > least else -1.0)
            else:
                scores.append(0.0)
        return self._pick(observation, scores)

    # --- valuation ---------------------------------------------------------------------------
    def _known_elsewhere(self, view: dict[str, Any]) -> set[str]:
        """Adventure cards that cannot be in a deck: runes held, the track, the event in play."""
        out: set[str] = set(view.get("track", []))
        for hero in view.get("heroes", []):
            out.update(hero.get("dragon_runes", []))
        if view.get("event"):
            out.add(view["event"])
        combat = view.get("combat")
        if combat:
            out.add(combat.get("card", ""))
        return out

    def _colour_values(self, party: Party) -> dict[str, float]:
        """What drawing from each colour's deck is worth now."""
        kb = self.kb
        sig = party.sig()
        pre = party.pre_damage()
        loss = party.knockout_cost()
        gone = self._known_elsewhere(party.view)
        out: dict[str, float] = {}
        for colour in COLOURS:
            cards = [kb.adventures[c] for c in kb.samples[colour] if c not in gone]
            remaining = sum(1 for c in kb.challenges[colour] if c.id not in gone)
            encounters = kb.encounters[colour]
            if not cards and not encounters:
                out[colour] = 0.0
                continue
            total = 0.0
            for card in cards:
                enemy = party.enemies[card.id]
                win = card_win_value(kb, party, card, counter=True)
                taken = party.wounds + enemy.harm_wounds
                taken += max(0, party.exhaustion + enemy.harm_exhaustion - party.stamina)
                pw, pl, _ = fight_odds(kb, enemy, sig, pre, taken)
                total += win * pw - loss * pl
            encounter = 0.0
            if encounters:
                encounter = sum(
                    max(choice_value(kb, party, ch) for ch in card.choices) for card in encounters
                ) / len(encounters)
                encounter = max(encounter, 0.0) + ENCOUNTER
            n_fights = remaining if cards else 0
            n_enc = len(encounters)
            mean_fight = total / len(cards) if cards else 0.0
            out[colour] = (mean_fight * n_fights + encounter * n_enc) / (n_fights + n_enc)
        return out

    def _colour_pw(self, sig: HeroSig, pre: int, colour: str, tough: bool = False) -> float:
        kb = self.kb
        key = ("pw", sig, pre, colour, tough)
        found = kb.value_cache.get(key)
        if found is not None:
            return found
        samples = kb.small_samples[colour]
        enemies = kb.tough_enemies if tough else kb.enemies
        total = 0.0
        for card_id in samples:
            pw, _, _ = fight_odds(kb, enemies[card_id], sig, pre, 0)
            total += pw
        value = total / len(samples) if samples else 0.0
        if len(kb.value_cache) > CACHE_LIMIT:
            _forget_oldest_half(kb.value_cache)
        kb.value_cache[key] = value
        return value

    def _frontier(self, party: Party) -> tuple[str, ...]:
        """The colours the hero works on: the first it does not beat reliably yet, and the next."""
        sig = party.sig()
        pre = party.pre_damage()
        for i, colour in enumerate(COLOURS):
            if self._colour_pw(sig, pre, colour, party.tough) < 0.85:
                return tuple(COLOURS[i : i + 2])
        return (COLOURS[-1],)

    def _strength(self, party: Party, sig: HeroSig, pre: int, colours: Sequence[str]) -> float:
        kb = self.kb
        total = 0.0
        for colour in colours:
            cards = kb.challenges[colour]
            worth = sum(card_win_value(kb, party, c, counter=True) for c in cards) / max(
                len(cards), 1
            )
            total += self._colour_pw(sig, pre, colour, party.tough) * worth * STRENGTH_FIGHTS
        return total

    def _card_value(
        self, party: Party, card: MarketCard, colours: Sequence[str], drop: Sequence[str] = ()
    ) -> float:
        """What owning ``card`` (instead of the ``drop`` cards) adds, in gold.

        A pure function of the cache key: the hero's fight signature, its rested before-combat
        damage, stamina, runes held, the card, the colours and the dropped cards.
        """
        key = (
            "card",
            party.sig(),
            party.rested_pre(),
            party.stamina,
            party.runes,
            card.id,
            tuple(colours),
            tuple(drop),
        )
        found = self.kb.value_cache.get(key)
        if found is None:
            found = self._card_value_now(party, card, colours, drop)
            self.kb.value_cache[key] = found
        return found

    def _card_value_now(
        self, party: Party, card: MarketCard, colours: Sequence[str], drop: Sequence[str]
    ) -> float:
        base_sig = party.sig(drop=drop)
        pre_base = party.rested_pre(drop=drop)
        if card.kind == "ally":
            new_sig = party.sig(extra_allies=[card], drop=drop)
        else:
            new_sig = party.sig(extra_items=[card], drop=drop)
        pre_new = party.rested_pre(extra=[card], drop=drop)
        if new_sig == base_sig and pre_new == pre_base:  # nothing the fight model sees
            return _utility_value(card)
        gain = self._strength(party, new_sig, pre_new, colours) - self._strength(
            party, base_sig, pre_base, colours
        )
        if card.kind == "ally":
            gain *= ALLY_DISCOUNT
        return gain + _utility_value(card)

    def _city_value(self, party: Party, city: str, colours: Sequence[str]) -> float:
        near = self.kb.dist[party.here][self.kb.city_hex[city]] <= SHOPPING_RANGE
        shop = self._best_buy(party, city, party.gold, colours) if near else 0.0
        lottery = CITY_LOTTERY if party.gold >= 3 else 0.0
        return self._healing_value(party) + shop + lottery

    @staticmethod
    def _healing_value(party: Party) -> float:
        """Healing bought in a city: the hero's wounds first (the more hurt, the more it is
        worth), then the allies' with the gold left."""
        heal = min(party.wounds, party.gold) * WOUND * (1.0 + party.wounds / max(party.life, 1))
        ally_heal = min(sum(w for _, w, _ in party.allies), max(party.gold - party.wounds, 0))
        return heal + ally_heal * WOUND * 0.5

    def _best_buy(self, party: Party, stack: str, gold: int, colours: Sequence[str]) -> float:
        """The most a card of a market stack (named as the view names it) adds over its price,
        among those ``gold`` pays for and the party can carry."""
        shop = 0.0
        for card_id in party.view.get("markets", {}).get(stack, []):
            card = self.kb.market.get(card_id)
            if card is None or card.cost > gold or not self._can_carry(party, card):
                continue
            shop = max(shop, self._card_value(party, card, colours) - card.cost)
        return shop

    @staticmethod
    def _can_carry(party: Party, card: MarketCard) -> bool:
        if card.kind == "ally":
            return len(party.allies) < 2
        if card.kind in ("weapon", "armour"):
            limit = 2 if card.kind == "weapon" else 1
            return sum(1 for c in party.items if c.kind == card.kind) < limit
        return True

    def _potential(self, party: Party) -> list[float]:
        """The value of ending this turn's movement on each hex."""
        key = (
            party.view.get("round"),
            party.seat,
            party.wounds,
            party.exhaustion,
            party.gold,
            tuple(c.id for c in party.items),
            len(party.allies),
            self._play.potential_key(party),
        )
        if self._pot is not None and self._pot_key == key:
            return self._pot
        kb = self.kb
        pot = [0.0] * kb.hex_count
        targets = self._play.targets(party)
        for target, value in targets:
            pot = list(map(max, pot, [value * x for x in kb.discount_rows[target]]))
        pot = self._play.floor(party, pot, targets)
        self._pot = pot
        self._pot_key = key
        self._target_list = targets
        return pot

    def _roll_value(self, here: int, dice: int) -> float:
        """The expected potential after rolling ``dice`` dice (ADVANCE towards the best target)."""
        kb = self.kb
        chances = ADVANCE.get(min(dice, 6), (1.0,))
        discount = kb.discount
        best = 0.0
        for target, value in self._target_list:
            d = kb.dist[here][target]
            expected = sum(
                p * discount[min(max(0, d - a), len(discount) - 1)] for a, p in enumerate(chances)
            )
            best = max(best, value * expected)
        return best

    # --- movement ------------------------------------------------------------------------------
    def movement(self, observation: Observation) -> int:
        kb = self.kb
        party = self._party(observation)
        pot = self._potential(party)
        here = party.here
        options = observation.decision.options
        self._faces = None
        self._walk_pos = here
        self._walk_memo = {}
        # abilities first: healing, extra moves towards a far target, teleports
        best_far = max(range(kb.hex_count), key=lambda h: (pot[h], -kb.dist[here][h]))
        far = kb.dist[here][best_far]
        use = self._ability_to_use(
            observation,
            party,
            ("before_movement", "activate"),
            0.3,
            lambda ability: self._movement_ability_worth(party, ability, pot, far),
        )
        if use is not None:
            return use
        tired = party.exhaustion + sum(e for _, _, e in party.allies)
        scores: list[float] = []
        step_best = max((pot[n] for n in kb.neighbours[here]), default=0.0)
        for option in options:
            key = option.key
            if key == "stay":
                scores.append(pot[here])
            elif key == "rest":
                scores.append(pot[here] + self._rest_value(party, min(4, tired)))
            elif key == "step":
                scores.append(step_best)
            elif key.startswith("roll:"):
                scores.append(self._roll_score(party, pot, int(key[5:]), tired))
            else:
                scores.append(self._play.movement_option(party, key, pot))
        return self._pick(observation, scores)

    def _roll_score(self, party: Party, pot: list[float], dice: int, tired: int) -> float:
        """Rolling ``dice`` movement dice: the potential expected where they carry the hero,
        the rest of the dice not rolled (``tired``: the party's exhaustion), less their cost."""
        here = party.here
        reach = max(pot[here], self._roll_value(here, dice))
        rest = self._rest_value(party, min(max(0, 4 - dice), tired))
        return reach + rest - self._play.roll_cost(party, dice)

    @staticmethod
    def _rest_value(party: Party, removed: int) -> float:
        if removed <= 0:
            return 0.0
        value = EXHAUSTION * removed
        if party.exhaustion >= party.stamina - 1:
            value += 0.5
        return value

    def _movement_ability_worth(
        self, party: Party, ability: Ability, pot: list[float], far: int
    ) -> float:
        kb = self.kb
        worth = 0.0
        for e in ability.effects:
            if e.do == "teleport":
                if e.to == "tamalir":
                    dest = kb.city_hex.get("tamalir", party.here)
                elif e.to == "nearest_city":
                    dest = min(kb.city_hex.values(), key=lambda h: kb.dist[party.here][h])
                else:
                    dest = max(kb.city_hex.values(), key=lambda h: pot[h])
                gain = pot[dest] - max(pot[n] for n in (party.here, *kb.neighbours[party.here]))
                worth += gain - 1.0  # a city reached at once; moving on from it is not planned
            elif e.do == "extra_move":
                worth += 0.4 * e.hexes if far > 2 else 0.0
            else:
                worth += effect_value(kb, party, [e], moving=True)
        cost = ability.cost
        if not party.affordable(ability) and cost.discard is False:
            return -1.0
        worth -= EXHAUSTION * cost.exhaustion + cost.gold
        if cost.discard:
            worth -= 1.5
            if any(e.do == "heal" for e in ability.effects) and party.wounds * 2 < party.life:
                return -1.0
        return worth

    def _parse_dice(self, decision: Decision) -> tuple[tuple[int, ...], int] | None:
        """The dice left (sorted terrain bits) and the bonus moves of a move decision."""
        args = decision.args
        if "dice" not in args:
            return None
        faces: list[int] = []
        for text in args["dice"]:
            bits = _face_text_bits(self.kb, text)
            if bits is None:
                return None
            faces.append(bits)
        return tuple(sorted(faces)), int(args["bonus"])

    def _best_from(
        self,
        hex_index: int,
        faces: tuple[int, ...],
        bonus: int,
        pot: list[float],
        memo: dict[tuple[int, tuple[int, ...], int], float],
    ) -> float:
        key = (hex_index, faces, bonus)
        found = memo.get(key)
        if found is not None:
            return found
        best = pot[hex_index]
        kb = self.kb
        for n in kb.neighbours[hex_index]:
            terrain = kb.terrain[n]
            seen: set[int] = set()
            for i, face in enumerate(faces):
                if face in seen or not (terrain == CITY or face >> terrain & 1):
                    continue
                seen.add(face)
                rest = faces[:i] + faces[i + 1 :]
                best = max(best, self._best_from(n, rest, bonus, pot, memo))
            if bonus > 0:
                best = max(best, self._best_from(n, faces, bonus - 1, pot, memo))
        memo[key] = best
        return best

    def _walk_state(self, observation: Observation) -> tuple[int, list[float]]:
        """Where the hero stands and this turn's potential during a walk.

        The walk started at the movement decision (which read the view); the bot tracks the hexes
        it chose since, and checks its bookkeeping against the hex the decision names. Only
        when that fails does it read the view again.
        """
        here = self.kb.index_of.get(observation.decision.args.get("hex", ""), -1)
        if self._walk_pos >= 0 and self._pot is not None and here == self._walk_pos:
            return self._walk_pos, self._pot
        party = self._party(observation)
        pot = self._potential(party)
        self._walk_memo = {}
        self._walk_pos = party.here
        return party.here, pot

    def move(self, observation: Observation) -> int:
        kb = self.kb
        here, pot = self._walk_state(observation)
        parsed = self._parse_dice(observation.decision)
        options = observation.decision.options
        scores: list[float] = []
        memo = self._walk_memo
        for option in options:
            if option.key == "stop":
                scores.append(pot[here] + 1e-6)  # stopping wins ties
                continue
            target = kb.index_of.get(option.key[3:], -1)
            if target < 0:
                scores.append(-1e9)
                continue
            if parsed is None:
                scores.append(pot[target])
                continue
            faces, bonus = parsed
            best = -1e9
            for pay in payments(faces, kb.terrain[target], bonus):
                if pay < 0:
                    value = self._best_from(target, faces, bonus - 1, pot, memo)
                else:
                    value = self._best_from(
                        target, faces[:pay] + faces[pay + 1 :], bonus, pot, memo
                    )
                best = max(best, value)
            scores.append(best)
        index = self._pick(observation, scores)
        chosen = options[index].key
        if chosen != "stop":
            self._move_target = kb.index_of.get(chosen[3:], -1)
            self._walk_pos = self._move_target
        else:
            self._walk_pos = -1
        if parsed is not None and chosen != "stop":
            self._faces, self._bonus = parsed
        else:
            self._faces = None
        return index

    def move_die(self, observation: Observation) -> int:
        kb = self.kb
        options = observation.decision.options
        faces = self._faces
        target = self._move_target
        if faces is None or target < 0:
            # keep the most flexible dice: pay with the face showing the fewest terrains
            scores = []
            for option in options:
                face = option.args.get("face")
                bits = _face_text_bits(kb, face) if face is not None else None
                scores.append(-10.0 if bits is None else -float(bin(bits).count("1")))
            return self._pick(observation, scores)
        pot = self._pot
        if pot is None:
            pot = self._potential(self._party(observation))
        memo = self._walk_memo
        scores = []
        for option in options:
            face = option.args.get("face")
            if face is None:  # a bonus move
                scores.append(self._best_from(target, faces, self._bonus - 1, pot, memo))
                continue
            bits = _face_text_bits(kb, face)
            if bits is None or bits not in faces:
                scores.append(-1e9)
                continue
            i = faces.index(bits)
            scores.append(
                self._best_from(target, faces[:i] + faces[i + 1 :], self._bonus, pot, memo)
            )
        self._faces = None
        return self._pick(observation, scores)

    def _pick_by_potential(self, observation: Observation, hex_of: Callable[[str], int]) -> int:
        """The option whose hex (``hex_of`` its key, -1 for none) has the highest potential."""
        pot = self._potential(self._party(observation))
        scores = []
        for option in observation.decision.options:
            hex_index = hex_of(option.key)
            scores.append(pot[hex_index] if hex_index >= 0 else -1e9)
        return self._pick(observation, scores)

    def step(self, observation: Observation) -> int:
        index_of = self.kb.index_of
        return self._pick_by_potential(  # never "back": no loops
            observation, lambda key: index_of.get(key[3:], -1) if key.startswith("to:") else -1
        )

    def teleport(self, observation: Observation) -> int:
        city_hex = self.kb.city_hex
        return self._pick_by_potential(observation, lambda key: city_hex.get(key[5:], -1))

    def after_movement(self, observation: Observation) -> int:
        return self._use_or_pass(observation, "after_movement", 0.2)

    # --- adventures ---------------------------------------------------------------------------
    def adventure(self, observation: Observation) -> int:
        kb = self.kb
        party = self._party(observation)
        colours: dict[str, float] | None = None
        scores: list[float] = []
        for option in observation.decision.options:
            key = option.key
            if key == "skip":
                scores.append(0.0)
            elif key == "undefeated":
                found = undefeated_here(kb, party)
                scores.append(-1e9 if found is None else challenge_ev(kb, party, *found))
            elif key.startswith("adventure:"):
                if colours is None:
                    colours = self._colour_values(party)
                scores.append(colours.get(key[10:], -1e9))
            elif key.startswith("attack:"):
                scores.append(self._duel_value(party, int(key[7:]) - 1))
            else:
                scores.append(-1e9)
        return self._pick(observation, scores)

    def _duel_value(self, party: Party, other: int) -> float:
        heroes = party.view.get("heroes", [])
        if not 0 <= other < len(heroes):
            return -1e9
        them = Party(self.kb, party.view, other)
        mine, theirs = party.sig(with_allies=False), them.sig(with_allies=False)

        def per_round(a: HeroSig, b: HeroSig) -> tuple[float, float]:
            """Damage dealt and taken in a round where ``a`` fights as the hero."""
            best_dealt, best_taken = 0.0, 0.0
            best = -1e9
            for s in range(3):
                p = p_beats_roll(a[0][s], b[1][s])
                dealt = p * max(0, a[2][s] - b[3][s])
                taken = (1 - p) * max(0, b[2][s] - a[3][s])
                for t in range(3):
                    if t != s:
                        q = p_beats_roll(a[1][t], b[1][t])
                        taken += (1 - q) * max(0, b[2][t] - a[3][t])
                if dealt - taken > best:
                    best, best_dealt, best_taken = dealt - taken, dealt, taken
            return best_dealt, best_taken

        d1, t1 = per_round(mine, theirs)
        d2, t2 = per_round(theirs, mine)
        dealt = d1 + t2
        taken = t1 + d2
        if dealt <= 0.05:
            return -1e9
        my_time = party.hp_left / max(taken, 0.05)
        their_time = them.hp_left / dealt
        ratio = my_time / their_time
        p_win = ratio**2 / (1 + ratio**2)
        leader = 3.0 * them.runes
        gain = them.gold // 2 + leader + 1.0
        return p_win * gain - (1 - p_win) * (party.knockout_cost() + party.gold // 2) - 1.0

    def encounter(self, observation: Observation) -> int:
        kb = self.kb
        party = self._party(observation)
        card = kb.adventures.get(observation.decision.args.get("card", ""))
        if card is not None and card.kind != "encounter":
            card = None
        if card is None:
            return self.rng.below(len(observation.decision.options))
        scores = []
        for option in observation.decision.options:
            i = int(option.key.split(":")[1]) - 1
            scores.append(
                choice_value(kb, party, card.choices[i]) if i < len(card.choices) else -1e9
            )
        return self._pick(observation, scores)

    # --- combat ---------------------------------------------------------------------------------
    def _combat_enemy(self, view: dict[str, Any]) -> Enemy | None:
        combat = view.get("combat")
        if not combat:
            return None
        tough = bool((view.get("advanced") or {}).get("advanced.wounds"))
        night = bool((view.get("al_kalim") or {}).get("night"))  # AK-6.3
        return self.kb.enemies_for(tough, night).get(combat.get("card", ""))

    def before_combat(self, observation: Observation) -> int:
        party = self._party(observation)
        scores = []
        for option in observation.decision.options:
            if option.key == "fight":
                scores.append(0.0)
                continue
            ability = self._ability(party, option.key[4:], "before_combat")
            if ability is None:
                scores.append(-1.0)
                continue
            worth = 0.0
            for e in ability.effects:
                if e.do == "damage_enemy":
                    worth += 2.0 * e.amount
                else:
                    worth += effect_value(self.kb, party, [e], moving=False)
            if not party.affordable(ability):
                worth = -1.0
            worth -= EXHAUSTION * ability.cost.exhaustion
            scores.append(worth if worth > 0.1 else -1.0)
        return self._pick(observation, scores)

    def _fight_values(self, party: Party, view: dict[str, Any]) -> tuple[float, float]:
        """(win value, knock-out cost) of the fight in progress."""
        kb = self.kb
        card = kb.adventures.get((view.get("combat") or {}).get("card", ""))
        win = 0.0 if card is None else card_win_value(kb, party, card, counter=True)
        return win, party.knockout_cost()

    def escape(self, observation: Observation) -> int:
        kb = self.kb
        view = observation.view
        enemy = self._combat_enemy(view)
        if enemy is None:
            return self._key_index(observation, "fight")
        party = self._party(observation)
        win, loss = self._fight_values(party, view)
        dealt = int(view["combat"].get("enemy_wounds", 0))
        pw, pl, _ = fight_odds(kb, enemy, party.sig(), dealt, party.wounds, kappa_level(win, loss))
        if win * pw - loss * pl < 0:
            return self._key_index(observation, "escape")
        return self._key_index(observation, "fight")

    def attack_step(self, observation: Observation) -> int:
        kb = self.kb
        view = observation.view
        party = self._party(observation)
        sig = party.sig()
        att, dmg = list(sig[0]), list(sig[2])
        options = observation.decision.options
        label_scores: list[float] = []
        for option in options:
            args = option.args
            step = STEP_NAMES.index(args["step"]) if args.get("step") in STEP_NAMES else -1
            if step < 0 or "target" not in args:
                label_scores.append(-1e9)
                continue
            bonus, value, deal = int(args["bonus"]), int(args["target"]), int(args["deal"])
            att[step], dmg[step] = bonus, deal
            label_scores.append(p_at_least(value - bonus) * deal)
        enemy = self._combat_enemy(view)
        if enemy is None:
            return self._pick(observation, label_scores)
        live: HeroSig = (
            (att[0], att[1], att[2]),
            sig[1],
            (dmg[0], dmg[1], dmg[2]),
            sig[3],
            sig[4],
            sig[5],
        )
        win, loss = self._fight_values(party, view)
        dealt = int(view["combat"].get("enemy_wounds", 0))
        _, _, best = fight_odds(kb, enemy, live, dealt, party.wounds, kappa_level(win, loss))
        if best >= 0:
            index = _option_index(options, f"attack:{STEP_NAMES[best]}")
            if index is not None:
                return index
        return self._pick(observation, label_scores)

    def ally_step(self, observation: Observation) -> int:
        kb = self.kb
        view = observation.view
        combat = view.get("combat") or {}
        enemy = self._combat_enemy(view)
        party = self._party(observation)
        round_key = (combat.get("card"), combat.get("round"), party.seat)
        if round_key != self._ally_round:
            self._ally_round = round_key
            self._ally_shield = set()
        card = kb.market.get(observation.decision.args.get("item", ""))
        ally = next(((c, w) for c, w, _ in party.allies if card is not None and c is card), None)
        if enemy is None or ally is None:
            return self._key_index(observation, "ally:none")
        card, wounds = ally
        hp = (card.life or 1) - wounds
        sig = party.sig()
        hero_step = STEP_NAMES.index(combat["hero_step"]) if combat.get("hero_step") else -1
        hero_danger = WOUND * max(1.0, party.knockout_cost() / max(party.hp_left, 1) / 2)
        win, _ = self._fight_values(party, view)
        per_wound = max(win, 1.0) / max(enemy.life, 1)
        scores: list[float] = []
        for option in observation.decision.options:
            name = option.key[5:]
            if name == "none":
                scores.append(0.0)
                continue
            t = STEP_NAMES.index(name)
            step = enemy.steps[t]
            if step is None:
                scores.append(-1e9)
                continue
            value, damage = step
            a_stat = (card.mind, card.body, card.spirit)[t]
            assert a_stat is not None
            p = p_at_least(value - a_stat.value)
            score = p * max(0, a_stat.damage - enemy.armour) * per_wound
            if t != hero_step and t not in self._ally_shield:
                q = p_at_least(value - sig[1][t])
                score += (1 - q) * max(0, damage - sig[3][t]) * hero_danger
            if hp <= damage:
                score -= (1 - p) * (card.cost + 1.0)
            else:
                score -= (1 - p) * damage * 0.5
            scores.append(score)
        index = self._pick(observation, scores)
        chosen = observation.decision.options[index].key[5:]
        if chosen in STEP_NAMES and STEP_NAMES.index(chosen) != hero_step:
            self._ally_shield.add(STEP_NAMES.index(chosen))
        return index

    def combat_step(self, observation: Observation) -> int:
        view = observation.view
        party = self._party(observation)
        named = observation.decision.args.get("step")
        step = STEP_NAMES.index(named) if named in STEP_NAMES else -1
        combat = view.get("combat") or {}
        hero_step = STEP_NAMES.index(combat["hero_step"]) if combat.get("hero_step") else -1
        enemy = self._combat_enemy(view)
        if enemy is None or step < 0 or enemy.steps[step] is None:
            return self._key_index(observation, "roll")
        value, damage = enemy.steps[step]  # type: ignore[misc]
        sig = party.sig()
        attacking = step == hero_step
        shielded = (
            not attacking
            and self._ally_round == (combat.get("card"), combat.get("round"), party.seat)
            and step in self._ally_shield
        )
        p = p_at_least(value - (sig[0][step] if attacking else sig[1][step]))
        taken = max(0, damage - sig[3][step])
        critical = party.hp_left <= max(taken, 1) * 2 or enemy.key.startswith("r")
        odds = StepOdds(step, value, sig, p, taken, attacking, critical)
        scores: list[float] = []
        for option in observation.decision.options:
            if option.key == "roll":
                scores.append(0.0)
                continue
            ability = self._ability(party, option.key[4:], "combat_step")
            if ability is None or shielded:
                scores.append(-1.0)
                continue
            cost = ability.cost
            over = party.exhaustion + cost.exhaustion > party.stamina
            if cost.wounds or over or cost.gold > party.gold or (cost.discard and not critical):
                scores.append(-1.0)
                continue
            worth = 0.0
            for e in ability.effects:
                worth += EFFECT_WORTH[e.do].in_step(e, odds)
            worth -= 0.3 * cost.exhaustion
            scores.append(worth if worth > 0.05 else -1.0)
        return self._pick(observation, scores)

    def after_combat(self, observation: Observation) -> int:
        return self._use_or_pass(observation, "after_combat", 0.1)

    def duel_attack(self, observation: Observation) -> int:
        party = self._party(observation)
        sig = party.sig(with_allies=False)
        scores = []
        for option in observation.decision.options:
            args = option.args
            name = args.get("step")
            if name not in STEP_NAMES or "target" not in args:
                scores.append(-1e9)
                continue
            s = STEP_NAMES.index(name)
            bonus, target = int(args["bonus"]), int(args["target"])
            scores.append(p_at_least(target - bonus) * sig[2][s])
        return self._pick(observation, scores)

    # --- market and experience ------------------------------------------------------------
    def market(self, observation: Observation) -> int:
        kb = self.kb
        party = self._party(observation)
        options = observation.decision.options
        # free gold and other market abilities first
        use = self._ability_to_use(observation, party, ("market",), 0.2)
        if use is not None:
            return use
        heal = _option_index(options, "heal")
        if heal is not None and party.hp_left <= max(2, party.life // 2):
            return heal
        colours = self._frontier(party)
        best, best_net = -1, 0.5
        for i, option in enumerate(options):
            if option.key.startswith("buy:"):
                card = kb.market.get(option.key[4:])
                if card is None:
                    continue
                net = self._card_value(party, card, colours) - card.cost
                if party.gold - card.cost < party.wounds:  # healing first, unless it pays more
                    net -= WOUND * min(party.wounds, card.cost - (party.gold - party.wounds))
                if net > best_net:
                    best, best_net = i, net
        if best >= 0:
            return best
        sell = self._sell_for_upgrade(observation, party, colours)
        if sell is not None:
            return sell
        if heal is not None:
            return heal
        for i, option in enumerate(options):
            if option.key.startswith("heal-ally:"):
                return i
        rest = self._exhaustion_healing(observation, party)
        if rest is not None:
            return rest
        return self._key_index(observation, "done", len(options) - 1)

    def _exhaustion_healing(self, observation: Observation, party: Party) -> int | None:
        """AR-6.8: 1 gold for all of a character's exhaustion, when there is enough of it (any
        at all on the hero costs a movement die under AR-6.4)."""
        fewer_dice = bool(party.advanced.get("advanced.movement_dice"))
        for i, option in enumerate(observation.decision.options):
            if option.key == "heal-exhaustion" and (party.exhaustion >= 2 or fewer_dice):
                return i
            if option.key.startswith("heal-exhaustion-ally:"):
                index = int(option.key.rsplit(":", 1)[1])
                if index < len(party.allies) and party.allies[index][2] >= 2:
                    return i
        return None

    def _sell_for_upgrade(
        self, observation: Observation, party: Party, colours: Sequence[str]
    ) -> int | None:
        kb = self.kb
        city = kb.city_at.get(party.here)
        if city is None:
            return None
        offered = {o.key[4:] for o in observation.decision.options if o.key.startswith("buy:")}
        for card_id in party.view.get("markets", {}).get(city, []):
            card = kb.market.get(card_id)
            if card is None or card.id in offered or card.kind not in ("weapon", "armour"):
                continue
            same = [c for c in party.items if c.kind == card.kind]
            limit = 2 if card.kind == "weapon" else 1
            if len(same) < limit:
                continue
            worst = min(
                same, key=lambda c: (self._card_value(party, c, colours, drop=[c.id]), c.id)
            )
            sell_key = f"sell:{worst.id}"
            index = _option_index(observation.decision.options, sell_key)
            if index is None or party.gold + worst.cost // 2 < card.cost:
                continue
            gain = self._card_value(party, card, colours, drop=[worst.id]) - self._card_value(
                party, worst, colours, drop=[worst.id]
            )
            if gain - card.cost + worst.cost // 2 > 1.0:
                return index
        return None

    def experience(self, observation: Observation) -> int:
        party = self._party(observation)
        options = observation.decision.options
        use = self._ability_to_use(observation, party, ("activate",), 0.3)
        if use is not None:
            return use
        xp_options = [
            (i, o.key[3:].split("+")) for i, o in enumerate(options) if o.key.startswith("xp:")
        ]
        if not xp_options:
            return self._key_index(observation, "done", len(options) - 1)
        colours = self._frontier(party)
        sig = party.sig()
        pre = party.rested_pre()
        base = self._strength(party, sig, pre, colours)
        stamina_worth = self._play.stamina_xp(party)
        tests = self._play.xp_tests(party)
        scores = [-1e9] * len(options)
        for i, kinds in xp_options:  # one counter, or a pair of two kinds (AR-6.9/AR-6.10)
            stamina = kinds.count("stamina")
            others = [k for k in kinds if k != "stamina"]
            score = stamina * stamina_worth
            if others:
                score += self._strength(party, party.sig(extra_xp=others), pre, colours) - base
            for test, worth in tests:  # a test in a stat is 2 easier per counter in it
                plus = 2 * sum(1 for k in kinds if k == test.stat)
                if plus and test.stat in STEP_STATS:
                    now = test_chance(party, test.stat, test.skill, test.difficulty)
                    after = test_chance(party, test.stat, test.skill, test.difficulty - plus)
                    score += (after - now) * worth
            scores[i] = score
        return self._pick(observation, scores)

    # --- after a knock-out (AR-6.6) ---------------------------------------------------------
    def knockout_card(self, observation: Observation) -> int:
        """Give up the card that adds the least."""
        party = self._party(observation)
        colours = self._frontier(party)
        scores = []
        for option in observation.decision.options:
            card = self.kb.market.get(option.key[5:])
            value = 1e9 if card is None else self._card_value(party, card, colours)
            scores.append(-value)
        return self._pick(observation, scores)

    def knockout_city(self, observation: Observation) -> int:
        """Wake up in the city with the most to offer, or nearest the best target."""
        party = self._party(observation)
        colours = self._frontier(party)
        scores = [
            self._city_value(party, option.key[5:], colours)
            if option.key[5:] in self.kb.city_hex
            else -1e9
            for option in observation.decision.options
        ]
        return self._pick(observation, scores)

    def new_hero(self, observation: Observation) -> int:
        """Keep the hero unless a chosen one is clearly stronger (a random draw is kept out)."""
        party = self._party(observation)
        own = self._hero_score(party.hero.id)
        scores = []
        for option in observation.decision.options:
            if option.key.startswith("hero:"):
                scores.append(self._hero_score(option.key[5:]) - own - 0.3)
            else:
                scores.append(0.0 if option.key == "keep" else -1.0)
        return self._pick(observation, scores)

    def _hero_score(self, hero_id: str) -> float:
        """A fresh hero's chance to beat the first three colours (summed)."""
        hero = self.kb.heroes.get(hero_id)
        if hero is None:
            return -1e9
        me = {
            "hero": hero.id,
            "at": "",
            "wounds": 0,
            "exhaustion": 0,
            "gold": 3,
            "life": hero.life,
            "stamina": hero.stamina,
            "mind": hero.mind.value,
            "body": hero.body.value,
            "spirit": hero.spirit.value,
        }
        party = Party(self.kb, {"heroes": [me], "event": None}, 0)
        return sum(self._colour_pw(party.sig(), party.pre_damage(), c) for c in COLOURS[:3])

    def choose_hero(self, observation: Observation) -> int:
        scores = [self._hero_score(option.key[5:]) for option in observation.decision.options]
        return self._pick(observation, scores)


_HANDLERS: dict[str, Callable[[RuneboundBot, Observation], int]] = {
    "choose_hero": RuneboundBot.choose_hero,
    "movement": RuneboundBot.movement,
    "move": RuneboundBot.move,
    "move_die": RuneboundBot.move_die,
    "step": RuneboundBot.step,
    "teleport": RuneboundBot.teleport,
    "after_movement": RuneboundBot.after_movement,
    "adventure": RuneboundBot.adventure,
    "encounter": RuneboundBot.encounter,
    "before_combat": RuneboundBot.before_combat,
    "escape": RuneboundBot.escape,
    "attack_step": RuneboundBot.attack_step,
    "ally_step": RuneboundBot.ally_step,
    "combat_step": RuneboundBot.combat_step,
    "duel_attack": RuneboundBot.duel_attack,
    "after_combat": RuneboundBot.after_combat,
    "market": RuneboundBot.market,
    "experience": RuneboundBot.experience,
    "knockout_card": RuneboundBot.knockout_card,
    "knockout_city": RuneboundBot.knockout_city,
    "new_hero": RuneboundBot.new_hero,
}


@dataclass(frozen=True, slots=True)
class TimingWorth:
    """Where the bot weighs abilities of one timing: the code that reads that timing (a test
    checks each names it), and how, in a line."""

    valued_by: tuple[Callable[..., Any], ...]
    how: str


TIMING_WORTH: dict[str, TimingWorth] = {
    "passive": TimingWorth(
        (_passives, Knowledge._enemy),
        "in the party's numbers (stats, life, armour) and a challenge's armour",
    ),
    "activate": TimingWorth(
        (RuneboundBot.movement, RuneboundBot.experience),
        "used when offered in the movement and experience steps, by its worth now",
    ),
    "before_movement": TimingWorth(
        (RuneboundBot.movement,), "used when offered, by its worth for the movement"
    ),
    "after_movement": TimingWorth((RuneboundBot.after_movement,), "used when worth it"),
    "before_combat": TimingWorth(
        (RuneboundBot.before_combat, Party._pre_damage, Party.rested_pre, Knowledge._enemy),
        "wounds dealt before the first round in the fight model; a challenge's harm",
    ),
    "combat_step": TimingWorth(
        (RuneboundBot.combat_step, _modify_owned, _reduce_damage_owned),
        "used for a step by how it changes the roll (EffectWorth.in_step); on a card to buy",
    ),
    "after_combat": TimingWorth((RuneboundBot.after_combat,), "used when worth it"),
    "after_knockout": TimingWorth(
        (),
        "a challenge's own: the adventure's play counts it in the knock-out cost (Al-Kalim: "
        "AlKalimPlay.plunder_cost); the base adventure has no such challenge",
    ),
    "market": TimingWorth((RuneboundBot.market,), "used when offered in the market, if worth it"),
    "event": TimingWorth(
        (), "no choice: an event happens to the hero at once; drawing one is not weighed"
    ),
    "while_in_play": TimingWorth((_passives,), "in the party's numbers while the event stays"),
}
"""Every timing of ``records.Timing`` and where the bot weighs abilities of it (a test checks
that it names exactly the timings, and that each function listed reads its timing)."""
