"""Rule queries and effect primitives shared by the Runebound procedures."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from boardwright.engine.events import Event
from boardwright.engine.hexgrid import distance
from boardwright.games.runebound.content import RuneboundContent
from boardwright.games.runebound.records import (
    Ability,
    AdventureCard,
    Attack,
    Effect,
    MarketCard,
)
from boardwright.games.runebound.state import XP_KINDS, AllyState, HeroState, RuneboundState

Log = list[Event] | None
STEP_STATS = ("mind", "body", "spirit")  # RB-5.5: ranged, melee, magic
STEP_NAMES = ("ranged", "melee", "magic")
WEAPON_LIMIT = 2  # RB-5.7
ARMOUR_LIMIT = 1


def emit(log: Log, kind: str, text: str, **data: object) -> None:
    if log is not None:
        log.append(Event(kind, text, data))


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


class Rules:
    """Static content plus the queries and effects every procedure needs."""

    def __init__(self, content: RuneboundContent) -> None:
        self.content = content
        self.board = content.board
        self.heroes = content.heroes
        self.adventures = content.adventures
        self.market = content.market

    # --- names ---------------------------------------------------------------------------
    def who(self, state: RuneboundState, seat: int) -> str:
        return f"{seat_name(seat)} ({self.heroes[state.heroes[seat].hero].name})"

    # --- the party's cards and abilities -----------------------------------------------------
    def owned_cards(self, state: RuneboundState, seat: int) -> Iterator[tuple[str, MarketCard]]:
        """(key, card) for every item and ally; the key names the card for once-per-turn use."""
        h = state.heroes[seat]
        for item in h.items:
            yield f"m{item}", self.market[item]
        for ally in h.allies:
            yield f"m{ally.card}", self.market[ally.card]

    def abilities(
        self, state: RuneboundState, seat: int, timing: str
    ) -> list[tuple[str, str, Ability]]:
        """(key, owner name, ability) of the hero, items and allies with this timing."""
        h = state.heroes[seat]
        hero = self.heroes[h.hero]
        found = [
            (f"h{h.hero}.{i}", hero.name, a)
            for i, a in enumerate(hero.abilities)
            if a.timing == timing
        ]
        for key, card in self.owned_cards(state, seat):
            found.extend(
                (f"{key}.{i}", card.name, a)
                for i, a in enumerate(card.abilities)
                if a.timing == timing
            )
        return found

    def usable(
        self,
        state: RuneboundState,
        seat: int,
        timing: str,
        used: Sequence[str],
        *,
        fighting: bool = False,
    ) -> list[tuple[str, str, Ability]]:
        """Abilities of this timing not used yet whose cost can be paid."""
        h = state.heroes[seat]
        life = self.life(state, seat)
        stamina = self.stamina(state, seat)
        return [
            (key, owner, a)
            for key, owner, a in self.abilities(state, seat, timing)
            if key not in used
            and a.cost.gold <= h.gold
            # paying must not knock the hero out (exhaustion beyond stamina becomes wounds)
            and h.wounds + a.cost.wounds + max(0, h.exhaustion + a.cost.exhaustion - stamina) < life
            and self.effects_matter(state, seat, a.effects, fighting or state.combat is not None)
            and (not a.cost.discard or self._discard_safe(state, seat, key))
        ]

    def _discard_safe(self, state: RuneboundState, seat: int, key: str) -> bool:
        """A card discarded to pay for its ability must not take the hero down with it."""
        return not key.startswith("m") or self.survives_losing(
            state, seat, int(key[1:].split(".")[0])
        )

    def effects_matter(
        self, state: RuneboundState, seat: int, effects: Sequence[Effect], fighting: bool
    ) -> bool:
        """Skip abilities that would do nothing now (healing a party with no wounds...)."""
        h = state.heroes[seat]
        hurt = h.wounds or any(a.wounds for a in h.allies)
        tired = h.exhaustion or any(a.exhaustion for a in h.allies)
        for e in effects:
            if e.do == "heal":
                if (e.wounds and hurt) or (e.exhaustion and tired):
                    return True
            elif e.do != "damage_enemy" or fighting:
                return True
        return False

    # --- stats ---------------------------------------------------------------------------
    def _passive(self, state: RuneboundState, seat: int) -> Iterator[Effect]:
        h = state.heroes[seat]
        for a in self.heroes[h.hero].abilities:
            if a.timing == "passive":
                yield from a.effects
        for _, card in self.owned_cards(state, seat):
            for a in card.abilities:
                if a.timing == "passive":
                    yield from a.effects
        if state.event >= 0:
            for a in self.adventures[state.event].abilities:
                if a.timing == "while_in_play":
                    yield from a.effects

    def modifier(
        self, state: RuneboundState, seat: int, stat: str, step: int = -1, when: str = "always"
    ) -> int:
        """Sum of passive, turn-long and this-step modifiers of a stat."""
        phase = STEP_NAMES[step] if step >= 0 else None
        total = 0
        for e in self._passive(state, seat):
            if (
                e.do == "modify"
                and e.stat == stat
                and (e.phase is None or e.phase == phase)
                and e.when in ("always", when)
            ):
                total += e.amount
        h = state.heroes[seat]
        total += sum(amount for s, amount in h.turn_mods if s == stat)
        if state.combat is not None:
            total += sum(amount for s, amount in state.combat.temp if s == stat)
        return total

    def xp_bonus(self, h: HeroState, kind: str) -> int:
        """RB-8.3: +2 per mind/body/spirit/stamina counter, +1 per life counter."""
        count = sum(1 for x in h.xp if XP_KINDS[x] == kind)
        return count if kind == "life" else 2 * count

    def life(self, state: RuneboundState, seat: int) -> int:
        h = state.heroes[seat]
        return (
            self.heroes[h.hero].life + self.xp_bonus(h, "life") + self.modifier(state, seat, "life")
        )

    def stamina(self, state: RuneboundState, seat: int) -> int:
        h = state.heroes[seat]
        base = self.heroes[h.hero].stamina + self.xp_bonus(h, "stamina")
        return base + self.modifier(state, seat, "stamina")

    def hero_attack(self, state: RuneboundState, seat: int, step: int) -> Attack:
        h = state.heroes[seat]
        hero = self.heroes[h.hero]
        return (hero.mind, hero.body, hero.spirit)[step]

    def hero_roll_bonus(self, state: RuneboundState, seat: int, step: int, when: str) -> int:
        stat = STEP_STATS[step]
        h = state.heroes[seat]
        return (
            self.hero_attack(state, seat, step).value
            + self.xp_bonus(h, stat)
            + self.modifier(state, seat, stat, step, when)
        )

    def hero_damage(self, state: RuneboundState, seat: int, step: int) -> int:
        return max(
            0,
            self.hero_attack(state, seat, step).damage
            + self.modifier(state, seat, "damage", step, "attack"),
        )

    def armour(self, state: RuneboundState, seat: int, step: int) -> int:
        """Wounds taken off each hit: armour, shields, this step's protections."""
        total = self.modifier(state, seat, "armour", step, "defend")
        for e in self._passive(state, seat):
            if e.do == "reduce_damage":
                total += e.amount
        return max(0, total)

    def max_movement_dice(self, state: RuneboundState, seat: int) -> int:
        """RB-3.1: 5 dice, at most 4 when the hero or an ally has a wound or exhaustion."""
        h = state.heroes[seat]
        hurt = h.wounds or h.exhaustion or any(a.wounds or a.exhaustion for a in h.allies)
        dice = (4 if hurt else 5) + self.modifier(state, seat, "movement_dice")
        return max(0, min(dice, 6))

    def test_bonus(self, state: RuneboundState, seat: int, stat: str, skill: str | None) -> int:
        """RB-6.1: stat + skill + test modifiers."""
        h = state.heroes[seat]
        hero = self.heroes[h.hero]
        value = {"mind": hero.mind, "body": hero.body, "spirit": hero.spirit}[stat].value
        value += self.xp_bonus(h, stat) + self.modifier(state, seat, stat)
        if skill is not None:
            value += hero.skills.get(skill, 0)  # type: ignore[call-overload]
        for e in self._passive(state, seat):
            if e.do == "modify" and e.stat == "test" and (e.skill is None or e.skill == skill):
                value += e.amount
        return value

    # --- equipment ---------------------------------------------------------------------------
    def can_carry(self, state: RuneboundState, seat: int, card: int) -> bool:
        """RB-5.7 / RB-7.4: weapons, armour and allies within their limits."""
        h = state.heroes[seat]
        kind = self.market[card].kind
        if kind == "ally":
            return len(h.allies) < state.opts.ally_limit
        if kind in ("weapon", "armour"):
            limit = WEAPON_LIMIT if kind == "weapon" else ARMOUR_LIMIT
            return sum(1 for i in h.items if self.market[i].kind == kind) < limit
        return True

    def survives_losing(self, state: RuneboundState, seat: int, card: int) -> bool:
        """Whether the hero stays standing without this card's passive life and stamina."""
        life = stamina = 0
        for a in self.market[card].abilities:
            if a.timing == "passive":
                for e in a.effects:
                    if e.do == "modify" and e.stat in ("life", "stamina"):
                        life += e.amount if e.stat == "life" else 0
                        stamina += e.amount if e.stat == "stamina" else 0
        h = state.heroes[seat]
        new_stamina = self.stamina(state, seat) - stamina
        return h.wounds + max(0, h.exhaustion - new_stamina) < self.life(state, seat) - life

    def gain_card(self, state: RuneboundState, seat: int, card: int) -> None:
        h = state.heroes[seat]
        if self.market[card].kind == "ally":
            h.allies.append(AllyState(card))
        else:
            h.items.append(card)

    # --- wounds and exhaustion ---------------------------------------------------------------
    def hurt_hero(self, state: RuneboundState, seat: int, wounds: int, exhaustion: int) -> None:
        """RB-6.2: exhaustion beyond stamina turns into wounds."""
        h = state.heroes[seat]
        h.wounds += wounds
        h.exhaustion += exhaustion
        over = h.exhaustion - self.stamina(state, seat)
        if over > 0:
            h.exhaustion -= over
            h.wounds += over

    def hurt_ally(
        self,
        state: RuneboundState,
        seat: int,
        ally: AllyState,
        wounds: int,
        exhaustion: int,
        log: Log,
    ) -> None:
        card = self.market[ally.card]
        ally.wounds += wounds
        ally.exhaustion += exhaustion
        over = ally.exhaustion - (card.stamina or 1)
        if over > 0:
            ally.exhaustion -= over
            ally.wounds += over
        if ally.wounds >= (card.life or 1):
            allies = state.heroes[seat].allies
            if state.combat is not None and ally in allies:
                plans = state.combat.ally_steps  # keep the other allies' plans in line
                position = next(i for i, a in enumerate(allies) if a is ally)
                if position < len(plans):
                    del plans[position]
            state.heroes[seat].allies.remove(ally)
            state.market_discard.append(ally.card)
            emit(log, "ally_died", f"{card.name} died", seat=seat, card=card.id)

    def knocked_out(self, state: RuneboundState, seat: int) -> bool:
        return state.heroes[seat].wounds >= self.life(state, seat)

    def heal_party(
        self, state: RuneboundState, seat: int, wounds: int, exhaustion: int, target: str
    ) -> None:
        h = state.heroes[seat]
        if target in ("hero", "party"):
            taken = min(wounds, h.wounds)
            h.wounds -= taken
            h.exhaustion -= min(exhaustion, h.exhaustion)
        if target in ("ally", "party"):
            for ally in sorted(h.allies, key=lambda a: -a.wounds):
                ally.wounds -= min(wounds, ally.wounds)
                ally.exhaustion -= min(exhaustion, ally.exhaustion)
                if target == "ally":
                    break

    # --- counters and experience ------------------------------------------------------------
    def xp_total(self, h: HeroState) -> int:
        values = self.board.counter_values
        return sum(values[c] for c in h.counters)

    def pay_experience(self, state: RuneboundState, seat: int, price: int) -> list[int]:
        """RB-8.4: spend counters worth at least ``price``, wasting as little as possible."""
        h = state.heroes[seat]
        values = self.board.counter_values
        best: dict[int, tuple[int, ...]] = {0: ()}
        for position, colour in enumerate(h.counters):
            for total, chosen in list(best.items()):
                new = total + values[colour]
                if new not in best or len(best[new]) > len(chosen) + 1:
                    best[new] = (*chosen, position)
        paid = min(t for t in best if t >= price)
        spent = [h.counters[i] for i in best[paid]]
        for i in sorted(best[paid], reverse=True):
            state.counter_supply[h.counters.pop(i)] += 1
        if state.opts.xp_change:
            self.give_change(state, seat, paid - price)
        return spent

    def give_change(self, state: RuneboundState, seat: int, amount: int) -> None:
        values = self.board.counter_values
        for colour in sorted(range(4), key=lambda c: -values[c]):
            while amount >= values[colour] and state.counter_supply[colour] > 0:
                state.counter_supply[colour] -= 1
                state.heroes[seat].counters.append(colour)
                amount -= values[colour]

    def counter_for_value(self, state: RuneboundState, value: int) -> int:
        """The colour of a supply counter worth ``value`` (-1 if none is left)."""
        values = self.board.counter_values
        for colour in range(4):
            if values[colour] == value and state.counter_supply[colour] > 0:
                return colour
        return -1

    def nearest_city_hex(self, state: RuneboundState, seat: int) -> int:
        """The closest city by hexes (ties: earlier in the market row)."""
        here = self.board.hexes[state.heroes[seat].hex].at
        return min(
            (c.hex for c in self.board.cities),
            key=lambda x: distance(here, self.board.hexes[x].at),
        )

    # --- cards -------------------------------------------------------------------------------
    @staticmethod
    def enemy_armour(card: AdventureCard) -> int:
        """Wounds a challenge's passive abilities take off every hit it suffers."""
        return sum(
            e.amount
            for a in card.abilities
            if a.timing == "passive"
            for e in a.effects
            if e.do == "reduce_damage"
        )

    def steps_of(self, card: AdventureCard) -> tuple[Attack | None, Attack | None, Attack | None]:
        return (card.ranged, card.melee, card.magic)
