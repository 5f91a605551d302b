"""What the bot knows from the static content alone (shared by all bots of a process): the
board's distances and discounts, the challenges as the fight model sees them (:class:`Enemy`), the
colour samples it weighs decks by, and how far a roll of the movement dice carries a hero
(:data:`ADVANCE`)."""

from __future__ import annotations

import gc
from collections import deque
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from boardwright.bots.runebound.constants import (
    CHALLENGE_ARMOUR,
    FIGHT_GRIDS_KEPT,
    FIGHT_TABLES_KEPT,
    GAMMA,
    HEXES_PER_TURN,
    PLAN_ROUNDS_KEPT,
    SIGNATURES_KEPT,
    VALUES_KEPT,
)
from boardwright.bots.runebound.induction import FightGrid, PlanRounds, RoundPaths
from boardwright.bots.runebound.memo import BoundedMemo
from boardwright.engine.rng import Rng
from boardwright.games.runebound.content import CITY, RuneboundContent, default_content
from boardwright.games.runebound.records import COLOURS, TERRAINS, AdventureCard, MarketCard
from boardwright.games.runebound.rules import KEPT_KEY

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


Step = tuple[int, int] | None  # a challenge's (value, damage) in one combat step
# Triple and HeroSig are kept boxed by the compiled code (setup.py): mypyc turns a tuple type
# of fixed length into a C struct, unboxed and boxed again (new tuples) at every call between
# compiled and interpreted code, so signatures would be rebuilt and rehashed at every fight
# lookup; a tuple of any length and a NamedTuple stay the objects they are
Triple = tuple[int, ...]  # one number per combat step (ranged, melee, magic)
AllySig = tuple[Triple, Triple, int]  # attack values, damages, life left


class HeroSig(NamedTuple):
    """What the fight model sees of a party: attack, defence, damage and armour per combat
    step, life left (wounds short of a knock-out) and its allies."""

    att: Triple
    dfn: Triple
    dmg: Triple
    arm: Triple
    life: int
    allies: tuple[AllySig, ...]


class FightTable:
    """A solved fight: for every state (wounds dealt, wounds taken), P(win), P(knocked out) and
    the best attack step (-1: none changes anything) when the hero fights on from it.

    It reads a :class:`~boardwright.bots.runebound.induction.FightGrid` (solved by how far each
    state is from either end of the fight, two doubles and a byte a state) at the offset of
    this enemy's life and the hero's: many tables share one grid, and the floats read back are
    the very ones stored.
    """

    __slots__ = ("_corner", "_stride", "hp", "life", "p_ko", "p_win", "steps")

    def __init__(self, grid: FightGrid, life: int, hp: int) -> None:
        if life > grid.rooms_e or hp > grid.rooms_h:
            size = f"{grid.rooms_e}x{grid.rooms_h}"
            raise ValueError(f"a {life}x{hp} fight does not fit a {size} grid")
        self.life = life
        self.hp = hp
        self.p_win = grid.p_win
        self.p_ko = grid.p_ko
        self.steps = grid.steps
        self._stride = grid.rooms_h
        self._corner = (life - 1) * grid.rooms_h + hp - 1  # the state (0, 0)

    def fight_on(self, dealt: int, taken: int) -> tuple[float, float, int]:
        """P(win), P(knocked out) and the attack step fighting on from (dealt, taken)."""
        i = self._corner - dealt * self._stride - taken
        return self.p_win[i], self.p_ko[i], self.steps[i] - 1

    def states(self) -> list[tuple[float, float, int]]:
        """Every state's :meth:`fight_on`, dealt-major."""
        return [self.fight_on(e, h) for e in range(self.life) for h in range(self.hp)]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FightTable):
            return NotImplemented
        return (self.life, self.hp, self.states()) == (other.life, other.hp, other.states())

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True)
class Enemy:
    """A challenge as the fight model sees it."""

    key: str
    steps: tuple[Step, ...]  # ranged, melee, magic (of any length: kept boxed, see Triple)
    life: int
    armour: int
    no_escape: bool
    harm_wounds: int
    harm_exhaustion: int


def kept_card(card: AdventureCard) -> MarketCard:
    """RB-4.11: a kept card's reward abilities as an item the party holds (never sold)."""
    return MarketCard(
        id=f"kept:{card.id}", name=card.name, kind="rune", cost=1, abilities=card.reward.abilities
    )


class Knowledge:
    """Everything the bot precomputes from the static content (shared by all bots of a process)."""

    def __init__(
        self,
        content: RuneboundContent,
        discount: tuple[float, ...] | None = None,
        sample_sizes: tuple[int, int] | None = (5, 3),
        set_aside: frozenset[str] = frozenset(),
    ) -> None:
        self.content = content
        self.set_aside = set_aside
        """Ids of adventure cards the game never deals (Avatars of Kelnov's base red cards,
        KV-2): known by name, never weighed as a draw."""
        # the value kept by a target this many hexes away (an adventure's play may have its own)
        self.discount = discount or _DISCOUNT
        board = content.board
        self.hex_count = len(board.hexes)
        self.index_of = {str(h.at): h.index for h in board.hexes}
        self.terrain = tuple(h.terrain for h in board.hexes)
        self.neighbours = tuple(h.neighbours for h in board.hexes)
        self.dist = tuple(self._bfs(i) for i in range(self.hex_count))
        # per hex: each neighbour, whether it is a city (any die face enters) and its terrain bit
        self.step_masks = tuple(
            tuple((n, self.terrain[n] == CITY, 1 << self.terrain[n]) for n in ns)
            for ns in self.neighbours
        )
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
        # RB-4.11: the reward abilities of each card a hero may keep, as a card of the shape the
        # party reads items from, with the game's ability-key prefix ("r<adventure index>")
        self.kept: dict[str, tuple[str, MarketCard]] = {
            c.id: (f"{KEPT_KEY}{i}", kept_card(c))
            for i, c in enumerate(content.adventures)
            if c.reward.abilities
        }
        self.challenges: dict[str, list[AdventureCard]] = {c: [] for c in COLOURS}
        self.encounters: dict[str, list[AdventureCard]] = {c: [] for c in COLOURS}
        for card in content.adventures:
            if card.id in set_aside:
                continue
            if card.kind == "challenge":
                self.challenges[card.colour].append(card)
            elif card.kind == "encounter":
                self.encounters[card.colour].append(card)
        self.enemies = {c.id: self.enemy_of(c) for cards in self.challenges.values() for c in cards}
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
        # each fight signature seen gets a number (never reused): the memos below key on it,
        # cheaper to hash and compare than the signature; the last one asked is kept at hand
        self.signatures: BoundedMemo[HeroSig, int] = BoundedMemo(SIGNATURES_KEPT)
        self.signatures_made = 0
        self.last_sig: HeroSig | None = None
        self.last_sig_number = 0
        # fight tables by (enemy, signature number, kappa)
        self.fight_cache: BoundedMemo[tuple[str, int, float], FightTable] = BoundedMemo(
            FIGHT_TABLES_KEPT
        )
        # the grids the tables read, by (no escape, kappa, each plan's step and number)
        self.fight_grids: BoundedMemo[tuple[Any, ...], FightGrid] = BoundedMemo(FIGHT_GRIDS_KEPT)
        self.plan_rounds: BoundedMemo[RoundPaths, PlanRounds] = BoundedMemo(PLAN_ROUNDS_KEPT)
        # each plan's round paths get a number (never given to other paths): the fight grids
        # are keyed by them; kept as long as grids may be
        self.plan_serials: BoundedMemo[RoundPaths, int] = BoundedMemo(FIGHT_GRIDS_KEPT)
        self.plans_made = 0
        self.value_cache: BoundedMemo[tuple[Any, ...], float] = BoundedMemo(VALUES_KEPT)
        # a win's mean worth per colour by the runes held (strength.py; a few entries)
        self.colour_worth: dict[tuple[str, int], float] = {}

    def sig_number(self, sig: HeroSig) -> int:
        """The number of a fight signature (equal signatures, equal numbers; a number is never
        given to another signature, so a memo keyed on it is keyed on the signature)."""
        if sig is self.last_sig:  # asked again and again while one party is weighed
            return self.last_sig_number
        found = self.signatures.get(sig)
        if found is None:
            self.signatures_made += 1
            found = self.signatures_made
            self.signatures.put(sig, found)
        self.last_sig = sig
        self.last_sig_number = found
        return found

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
    def enemy_of(card: AdventureCard) -> Enemy:
        """A challenge as the fight model sees it; its harm before combat (and, PV-10, its
        per-round harm over the rounds a fight usually lasts) is taken at the start."""
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
                elif ability.timing == "combat_round" and e.do == "harm":
                    # PV-10: every round; a fight lasts about ROUNDS_SEEN rounds
                    wounds += e.wounds * ROUNDS_SEEN
                    exhaustion += e.exhaustion * ROUNDS_SEEN
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


ROUNDS_SEEN = 2  # PV-10: the rounds of a fight a challenge's per-round harm is counted for


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

_KNOWLEDGE: dict[tuple[int, frozenset[str]], Knowledge] = {}


def knowledge(
    content: RuneboundContent | None = None, set_aside: frozenset[str] = frozenset()
) -> Knowledge:
    """The process's knowledge of ``content`` (default: the built-in one), with the cards
    ``set_aside`` never weighed as draws."""
    content = content or default_content()
    key = (id(content), set_aside)
    found = _KNOWLEDGE.get(key)
    if found is None or found.content is not content:
        found = Knowledge(content, set_aside=set_aside)
        _KNOWLEDGE[key] = found
        settle()
    return found


def settle() -> None:
    """Exempt every object that exists now from the cyclic garbage collector's passes
    (``gc.freeze``). Called when a process-wide knowledge has just been built: the modules, the
    content and the knowledge live as long as the process, and a heuristic game spent about a
    tenth of its time in full collections walking them again and again. Frozen objects are still
    freed when nothing refers to them; only a cycle frozen here that later becomes garbage (at
    most the bot being built, once per knowledge) is never collected."""
    gc.freeze()
