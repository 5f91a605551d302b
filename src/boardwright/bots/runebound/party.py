"""Reading the party: the bot's hero as its view shows it (:class:`Party`: numbers, cards,
abilities, its fight signature and knock-out cost, with hypothetical changes for valuing
purchases), and the adventures the view shows on the board."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Any

from boardwright.bots.runebound.constants import (
    KNOCKOUT_BASE,
    STEP_NAMES,
    STEP_STATS,
    WIN_VALUE,
    WOUND,
    XP_POINT,
)
from boardwright.bots.runebound.fight import ally_life_class
from boardwright.bots.runebound.knowledge import AllySig, Enemy, HeroSig, Knowledge, Triple
from boardwright.games.runebound.records import Ability, AdventureCard, Effect, Hero, MarketCard


def passives(
    kb: Knowledge, hero: Hero, items: Iterable[MarketCard], allies: Iterable[MarketCard], event: str
) -> list[Effect]:
    """The passive effects of the hero, its items and allies, and the event in play's."""
    found = [e for a in hero.abilities if a.timing == "passive" for e in a.effects]
    for owned in (*items, *allies):
        found.extend(e for a in owned.abilities if a.timing == "passive" for e in a.effects)
    card = kb.adventures.get(event) if event else None
    if card is not None:
        found.extend(e for a in card.abilities if a.timing == "while_in_play" for e in a.effects)
    return found


class Party:
    """The bot's hero, read from the view, with hypothetical changes for valuing purchases."""

    def __init__(
        self,
        kb: Knowledge,
        view: dict[str, Any],
        seat: int,
        night: bool = False,
        extra_cards: Sequence[tuple[str, MarketCard]] = (),
    ) -> None:
        """``night`` and ``extra_cards`` are what an adventure's play reads from its own part of
        the view (:meth:`~boardwright.bots.runebound.play.BasePlay.party`): a night turn, where
        challenges have their night life, and cards beyond items and allies whose abilities the
        party may use, each with the prefix of its ability keys."""
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
        self.extra_cards = list(extra_cards)
        self.xp: list[str] = list(me.get("experience_counters", []))
        self.wounds = int(me["wounds"])
        self.exhaustion = int(me["exhaustion"])
        self.gold = int(me["gold"])
        self.advanced: dict[str, Any] = dict(view.get("advanced") or {})
        self.tough = bool(self.advanced.get("advanced.wounds"))  # AR-6.1: life + 1 to fall
        self.night = night
        self.enemies = kb.enemies_for(self.tough, self.night)
        self.life = int(me["life"]) + (1 if self.tough else 0)
        self.stamina = int(me["stamina"])
        self.runes = len(me.get("dragon_runes", []))
        # RB-4.11: the kept red cards' reward abilities, (ability-key prefix, card)
        kept = (*me.get("dragon_runes", []), *me.get("held", []))  # PV-12: held encounters
        self.kept = [kb.kept[r] for r in kept if r in kb.kept]
        self.kept_cards = [card for _, card in self.kept]
        self.held = [kb.adventures[c] for c in me.get("held", []) if c in kb.adventures]
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
        effects = passives(self.kb, hero, (*items, *self.kept_cards), allies, self.event)
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
        effects = passives(self.kb, self.hero, (*items, *self.kept_cards), allies, self.event)
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
        effects = passives(self.kb, self.hero, (*items, *self.kept_cards), ally_cards, self.event)
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
                    ally_life_class((card.life or 1) - wounds),
                )
                for card, wounds in ally_rows
            )
        return HeroSig(
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
        for prefix, card in (*self.kept, *self.extra_cards):
            found.extend(
                (f"{prefix}.{i}", a) for i, a in enumerate(card.abilities) if a.timing == timing
            )
        return found

    def passages(self) -> int:
        """PV-6: the terrains (a bit each) the party's lasting ``pathfinder`` abilities open to
        any movement die (its cards', its kept cards' and the event in play's)."""
        bits = 0
        for e in passives(
            self.kb,
            self.hero,
            (*self.items, *self.kept_cards, *(c for _, c in self.extra_cards)),
            [a for a, _, _ in self.allies],
            self.event,
        ):
            if e.do == "pathfinder":
                bits |= self.kb.face_bits[e.terrain]
        return bits

    def pre_damage(self) -> int:
        """Wounds the party's before-combat abilities deal at no risk of a wound."""
        if self._pre is None:
            self._pre = self.compute_pre_damage()
        return self._pre

    def compute_pre_damage(self) -> int:
        total = 0
        exhaustion = self.exhaustion
        for _, ability in self.abilities("before_combat"):
            hit = sum(e.amount for e in ability.effects if e.do == "damage_enemy")
            if hit and self.affordable(ability, exhaustion):
                total += hit
                if self.paying_ally(ability) is None:  # AR-6.2: an ally tires itself
                    exhaustion += ability.cost.exhaustion
        return total

    def rested_pre(self, extra: Sequence[MarketCard] = (), drop: Sequence[str] = ()) -> int:
        """Before-combat damage of the rested party (values cards apart from the moment)."""
        cards = [c for c in (*self.items, *(a for a, _, _ in self.allies)) if c.id not in drop]
        cards += self.kept_cards
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

    def paying_ally(self, ability: Ability) -> tuple[MarketCard, int, int] | None:
        """The ally (card, wounds, exhaustion) whose own ability ``ability`` is: it pays the
        exhaustion and wounds itself (AR-6.2); None when the hero pays."""
        for ally in self.allies:
            if any(ability is own for own in ally[0].abilities):
                return ally
        return None

    def payer(self, ability: Ability) -> tuple[int, int, int, int]:
        """(wounds, exhaustion, life, stamina) of whoever pays for ``ability`` (AR-6.2)."""
        ally = self.paying_ally(ability)
        if ally is None:
            return self.wounds, self.exhaustion, self.life, self.stamina
        card, wounds, exhaustion = ally
        return wounds, exhaustion, card.life or 1, card.stamina or 1

    def affordable(self, ability: Ability, exhaustion: int | None = None) -> bool:
        """The cost is payable without a wound (exhaustion within stamina, the hero's or the
        paying ally's, AR-6.2) and with gold in hand; ``exhaustion`` stands for the hero's."""
        cost = ability.cost
        _, tired, _, stamina = self.payer(ability)
        if exhaustion is not None and self.paying_ally(ability) is None:
            tired = exhaustion
        return (
            cost.wounds == 0
            and tired + cost.exhaustion <= stamina
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


def fight_start(party: Party, enemy: Enemy, sig: HeroSig) -> tuple[int, int]:
    """(wounds dealt, wounds taken) when the first round starts."""
    taken = party.wounds + enemy.harm_wounds
    taken += max(0, party.exhaustion + enemy.harm_exhaustion - party.stamina)
    return party.pre_damage(), taken


SpentAt = Callable[[str], Collection[str]]
"""The colours whose counters on a hex (its label) offer no adventure."""


def adventure_hexes(
    kb: Knowledge, view: dict[str, Any], spent_at: SpentAt | None = None
) -> Iterator[tuple[int, AdventureCard | None, Sequence[str]]]:
    """The hexes with an adventure: (hex, the undefeated challenge there or None, the colours of
    the adventure counters there), hexes with counters first; a counter whose deck is spent
    (RB-4.10) offers no adventure: ``spent_at`` says which, where an adventure draws some
    counters from decks of its own (by default the view's ``spent_decks``, everywhere)."""
    counters: dict[str, list[str]] = view.get("counters", {})
    undefeated: dict[str, str] = view.get("undefeated", {})
    everywhere: Collection[str] = view.get("spent_decks") or ()
    for at, present in counters.items():
        hex_index = kb.index_of.get(at)
        spent = everywhere if spent_at is None else spent_at(at)
        if spent:
            present = [c for c in present if c not in spent]
        if hex_index is not None and (present or at in undefeated):
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
