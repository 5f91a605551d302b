"""Rule queries and effect primitives shared by the Runebound procedures."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from boardwright.engine.decision import Option
from boardwright.engine.events import Event
from boardwright.engine.rng import Rng
from boardwright.games.runebound.content import CITY, TERRAIN_NAMES, RuneboundContent
from boardwright.games.runebound.loadout import Loadout, LoadoutCache, OwnedAbility
from boardwright.games.runebound.records import (
    COLOURS,
    Ability,
    AdventureCard,
    Attack,
    Effect,
    MarketCard,
    Modify,
    SkillTest,
)
from boardwright.games.runebound.state import XP_KINDS, AllyState, HeroState, RuneboundState

Log = list[Event] | None
STEP_STATS = ("mind", "body", "spirit")  # RB-5.5: ranged, melee, magic
STEP_NAMES = ("ranged", "melee", "magic")
# The stats a hero panel shows, each with the combat step its modifiers are read for.
SHOWN_PHASES: dict[str, str | None] = {
    "life": None,
    "stamina": None,
    **dict(zip(STEP_STATS, STEP_NAMES, strict=True)),
}
FIRST_TURN_DICE = {2: (4, 5), 3: (3, 4, 5), 4: (2, 3, 4, 5, 5, 5)}  # AR-5.1 by turn position
XP_INDEX = {kind: i for i, kind in enumerate(XP_KINDS)}  # the index a counter is kept as
PATHFINDER = "pathfinder"  # a used passage, kept among the turn's modifiers (PV-6)
KEPT_KEY = "r"  # ability keys of a kept red card's reward abilities: "r<adventure index>.<n>"
WEAPON_LIMIT = 2  # RB-5.7
ARMOUR_LIMIT = 1


def fits_item_limits(cards: Sequence[MarketCard]) -> bool:
    """RB-5.7 with dual cards (PV-11): whether the items fit the weapon and armour limits when
    each dual card counts as one of its two kinds; a dual card that may be an artifact or a
    rune always fits, the others take a free weapon or armour place."""
    weapons = sum(1 for c in cards if c.kind == "weapon")
    armour = sum(1 for c in cards if c.kind == "armour")
    limited = sum(
        1
        for c in cards
        if c.kind == "dual" and all(mode in ("weapon", "armour") for mode in c.modes)
    )
    if weapons > WEAPON_LIMIT or armour > ARMOUR_LIMIT:
        return False
    return limited <= (WEAPON_LIMIT - weapons) + (ARMOUR_LIMIT - armour)


def emit(log: Log, kind: str, **data: object) -> None:
    """Log an event: its kind and JSON-ready data; the catalog makes its text when asked."""
    if log is not None:
        log.append(Event(kind, data=data))


REPEATABLE_EFFECTS = frozenset({"modify", "reduce_damage", "heal", "damage_enemy"})
"""RB-6.2: effects that add up when an exhaustion-paid ability is taken X times."""


DRAW_AGAIN = -1
"""``Rules.drawn``: the card was set aside; the draw goes on."""
DEALT_WITH = -2
"""``Rules.drawn``: the adventure dealt with the card (frames of its own may follow); nothing is
left to resolve and the draw ends."""
DEALT_DRAW_AGAIN = -3
"""``Rules.drawn``: the adventure dealt with the card as an event (frames of its own may
follow, and come first); then an adventure's draw goes on (RB-4.3), a draw by travel ends."""


class Rules:
    """Static content plus the queries and effects every procedure needs."""

    story_after_knockout = False
    """Al-Kalim (AK-16.1): a hero knocked out while moving still takes step 3 in the city."""

    kept_as = "rune"
    """What a red card kept by its victor is, as the event of taking one names it: a Dragon
    Rune (``rune``, RB-4.6); Avatars of Kelnov keeps Avatars (``avatar``, KV-10)."""

    won_by: tuple[str, str] = ("Margath", "runes")
    """How a game ended (``ended_by``, the ``game_over`` event's variant after the first) when
    the red card that wins it is beaten, and when a hero holds three kept red cards (RB-9)."""

    kept_by_knockout: frozenset[str] = frozenset({"knockout"})
    """Frames a knock-out leaves on the stack: another hero's knock-out choices (Al-Kalim adds
    a quest test that still comes)."""

    def __init__(self, content: RuneboundContent) -> None:
        self.content = content
        self.board = content.board
        self.heroes = content.heroes
        self.adventures = content.adventures
        self.market = content.market
        # each hex's "q,r" label, the message argument naming it (made once, asked per option)
        self.hex_labels = tuple(str(h.at) for h in content.board.hexes)
        # each hex's "move there" option, made once: a mover is offered every neighbour it can
        # pay for at every hex (options are read-only, so decisions may share them)
        self.move_to_options = tuple(
            Option(
                f"to:{label}",
                data=n,
                what="rb.option.move_to",
                args={"to": label, "terrain": TERRAIN_NAMES[h.terrain]},
            )
            for n, (h, label) in enumerate(zip(content.board.hexes, self.hex_labels, strict=True))
        )
        self._loadouts = LoadoutCache()
        # PV-6: whether any card can open a terrain (else movement never asks)
        self._pathfinding = any(
            e.do == PATHFINDER
            for abilities in (
                *(h.abilities for h in content.heroes),
                *(c.abilities for c in content.market),
                *(c.reward.abilities for c in content.adventures),
                *(c.abilities for c in content.adventures if c.kind == "event"),
            )
            for a in abilities
            for e in a.effects
        )

    # --- names ---------------------------------------------------------------------------
    def party(self, state: RuneboundState, seat: int) -> dict[str, Any]:
        """The message arguments naming a seat and its hero ("{seat} ({hero})")."""
        return {"seat": seat, "hero": self.heroes[state.heroes[seat].hero].id}

    # --- the party's cards and abilities -----------------------------------------------------
    def owned_cards(self, state: RuneboundState, seat: int) -> Iterator[tuple[str, MarketCard]]:
        """(key, card) for every item and ally; the key names the card for once-per-turn use."""
        h = state.heroes[seat]
        for item in h.items:
            yield f"m{item}", self.market[item]
        for ally in h.allies:
            yield f"m{ally.card}", self.market[ally.card]

    def owned_fingerprint(self, state: RuneboundState, seat: int) -> tuple[int, ...]:
        """Everything the seat's :meth:`loadout` is made of, as a cheap hashable key: the event
        in play, the hero, then the items and allies in order (card indexes are never
        negative, so -1 separates the lists). An adventure whose :meth:`owned_cards` yields
        more cards appends them."""
        h = state.heroes[seat]
        base = (state.event, h.hero, *h.items, -1, *[a.card for a in h.allies])
        if h.held:  # PV-12: held encounters
            return (*base, -2, *h.runes, -3, *h.held)
        return (*base, -2, *h.runes) if h.runes else base  # RB-4.11: kept red cards

    def loadout(self, state: RuneboundState, seat: int) -> Loadout:
        """The seat's abilities and lasting effects, built once per :meth:`owned_fingerprint`:
        the cache is valid because they are read from the content (which never changes) and
        from nothing but what the fingerprint holds."""
        fingerprint = self.owned_fingerprint(state, seat)
        found = self._loadouts.get(fingerprint)
        if found is None:
            built = Loadout(self._owned_abilities(state, seat), self._passive(state, seat))
            found = self._loadouts.put(fingerprint, built)
        return found

    def _owned_abilities(self, state: RuneboundState, seat: int) -> Iterator[OwnedAbility]:
        """(key, owner name, ability) of the hero, then of the items and allies, every timing."""
        h = state.heroes[seat]
        hero = self.heroes[h.hero]
        for i, a in enumerate(hero.abilities):
            yield f"h{h.hero}.{i}", hero.name, a
        for key, card in self.owned_cards(state, seat):
            for i, a in enumerate(card.abilities):
                yield f"{key}.{i}", card.name, a
        for index, kept in self.kept_cards(state, seat):
            for i, a in enumerate(kept.reward.abilities):
                yield f"{KEPT_KEY}{index}.{i}", kept.name, a

    def kept_cards(self, state: RuneboundState, seat: int) -> Iterator[tuple[int, AdventureCard]]:
        """RB-4.11: (adventure index, card) of the red cards the seat keeps (Dragon Runes, or
        red cards won in the Advanced endgame), whose reward abilities the holder has."""
        h = state.heroes[seat]
        for index in h.runes:
            yield index, self.adventures[index]
        for index in h.held:  # PV-12: a held encounter's abilities, while it is held
            yield index, self.adventures[index]

    def abilities(self, state: RuneboundState, seat: int, timing: str) -> Sequence[OwnedAbility]:
        """(key, owner name, ability) of the hero, items and allies with this timing."""
        return self.loadout(state, seat).abilities.get(timing, ())

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
        candidates = self.abilities(state, seat, timing)
        if not candidates:  # the usual case: no stats to read
            return []
        h = state.heroes[seat]
        return [
            (key, owner, a)
            for key, owner, a in candidates
            if key not in used
            and a.cost.gold <= h.gold
            and self._payable(state, seat, key, a)
            and self.effects_matter(state, seat, a.effects, fighting or state.combat is not None)
            and (not a.cost.discard or self._discard_safe(state, seat, key))
        ]

    def repeats(self, state: RuneboundState, seat: int, key: str, ability: Ability) -> int:
        """RB-6.2: how often one activation may take an ability whose cost is "take X
        exhaustion" (X a multiple of the cost, the player's choice): as often as paying keeps
        the one who pays standing (the hero, or the ally whose ability it is, AR-6.2; under
        advanced exhaustion also below their stamina). 1 for any other ability: one with
        another cost, a card's own (legendary) counted uses, or an effect that does not add up.
        """
        cost = ability.cost
        if (
            cost.exhaustion == 0
            or cost.wounds
            or cost.gold
            or cost.discard
            or any(e.do not in REPEATABLE_EFFECTS for e in ability.effects)
        ):
            return 1
        wounds, tired, life, stamina = self._payer(state, seat, key)
        times = 1
        while True:
            exhaustion = tired + (times + 1) * cost.exhaustion
            if self.falls(state, wounds + max(0, exhaustion - stamina), life):
                return times
            if state.opts.advanced_exhaustion and exhaustion > stamina:
                return times
            times += 1

    def paying_ally(self, state: RuneboundState, seat: int, key: str) -> AllyState | None:
        """AR-6.2: the ally whose own ability ``key`` is (it pays the exhaustion and wounds
        itself), or None when the hero pays (the hero's, an item's or a kept card's)."""
        if not key.startswith("m"):
            return None
        card = int(key[1:].split(".")[0])
        return next((a for a in state.heroes[seat].allies if a.card == card), None)

    def _payable(self, state: RuneboundState, seat: int, key: str, a: Ability) -> bool:
        """Paying must not knock out the one who pays, hero or ally (exhaustion beyond stamina
        becomes wounds, RB-6.2); under AR-6.2's option not even a wound by choice."""
        wounds, exhaustion, life, stamina = self._payer(state, seat, key)
        tired = exhaustion + a.cost.exhaustion
        if state.opts.advanced_exhaustion and tired > stamina:
            return False
        return not self.falls(state, wounds + a.cost.wounds + max(0, tired - stamina), life)

    def _payer(self, state: RuneboundState, seat: int, key: str) -> tuple[int, int, int, int]:
        """(wounds, exhaustion, life, stamina) of whoever pays ability ``key``'s exhaustion and
        wounds: the ally whose ability it is (AR-6.2), else the hero."""
        ally = self.paying_ally(state, seat, key)
        if ally is None:
            h = state.heroes[seat]
            return h.wounds, h.exhaustion, self.life(state, seat), self.stamina(state, seat)
        card = self.market[ally.card]
        return ally.wounds, ally.exhaustion, card.life or 1, card.stamina or 1

    @staticmethod
    def may_activate(state: RuneboundState) -> bool:
        """AR-6.3 (option): one card activation per window (movement step, market step,
        before combat, combat round); without the option, no limit beyond RB-2.3."""
        return not state.opts.advanced_activation_limit or state.activations == 0

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
        """The lasting effects of the hero, cards and event (read through :meth:`loadout`)."""
        h = state.heroes[seat]
        for a in self.heroes[h.hero].abilities:
            if a.timing == "passive":
                yield from a.effects
        for _, card in self.owned_cards(state, seat):
            for a in card.abilities:
                if a.timing == "passive":
                    yield from a.effects
        for _, kept in self.kept_cards(state, seat):
            for a in kept.reward.abilities:
                if a.timing == "passive":
                    yield from a.effects
        if state.event >= 0:
            for a in self.adventures[state.event].abilities:
                if a.timing == "while_in_play":
                    yield from a.effects

    def applies(self, state: RuneboundState, seat: int, e: Modify) -> bool:
        """Whether a modifier's Al-Kalim conditions hold now: the foe's trait, the hero's
        location or terrain, day or night (AK-6.5, AK-15, AK-4.4). Unconditional ones always do."""
        if e.trait is not None:
            combat = state.combat
            if combat is None or e.trait not in self.adventures[combat.card].traits:
                return False
        if e.terrain is not None or e.location is not None:
            here = state.heroes[seat].hex
            if e.terrain is not None and TERRAIN_NAMES[self.board.hexes[here].terrain] != e.terrain:
                return False
            if e.location is not None:
                index = self.board.location_index.get(e.location)
                if index is None or here not in self.board.locations[index].hexes:
                    return False
        return e.time is None or (e.time == "night") == self.is_night(state)

    def is_night(self, state: RuneboundState) -> bool:
        """Whether this turn is played by night (Al-Kalim, AK-4.4); the base game has none."""
        return False

    def movement_options(self, state: RuneboundState, seat: int) -> list[Option]:
        """Options an adventure adds at any point of the movement (Al-Kalim: a pack camel,
        AK-9.7); none in the base game."""
        return []

    def take_movement_option(
        self, state: RuneboundState, seat: int, option: Option, log: Log
    ) -> bool:
        """Carry out an option of :meth:`movement_options`; False if the option is not one."""
        return False

    def after_movement_roll(
        self, state: RuneboundState, seat: int, rolled: tuple[int, ...], log: Log
    ) -> None:
        """The movement dice were rolled (Al-Kalim: day travel costs exhaustion, AK-5.2)."""

    def on_ambush_won(
        self, state: RuneboundState, seat: int, card: int, hex_index: int, log: Log
    ) -> None:
        """A night ambush was won (Al-Kalim, AK-8.12); the base game has no ambushes."""

    def move_terrain(self, state: RuneboundState, hex_index: int) -> int:
        """The terrain a movement die must show to enter this hex (RB-3.3); PV-6: a terrain
        the mover may pass with any die counts as a city."""
        terrain = self.board.hexes[hex_index].terrain
        if self._pathfinding and self.passes(state, state.seat, terrain):
            return CITY
        return terrain

    def passes(self, state: RuneboundState, seat: int, terrain: int) -> bool:
        """PV-6: whether the seat may enter hexes of this terrain with any die (a lasting
        ``pathfinder`` or one used this turn)."""
        if terrain >= CITY:
            return False
        passages = self.loadout(state, seat).passages
        for stat, amount in state.heroes[seat].turn_mods:
            if stat == PATHFINDER:
                passages |= 1 << amount
        return bool(passages >> terrain & 1)

    def escape_by_test(self, state: RuneboundState, source: str) -> bool:
        """RB-5.3: whether escaping needs a test (option escape_rule)."""
        return state.opts.escape_rule == "test"

    def is_legendary(self, card: int) -> bool:
        """Al-Kalim: a legendary ally (AK-11.7); the base game has none."""
        return False

    def sunburst(self, state: RuneboundState, card: int, log: Log) -> None:
        """Al-Kalim: a sunburst challenge was drawn (AK-6.6); nothing in the base game."""

    def drawn(self, state: RuneboundState, seat: int, colour: int, card: int, log: Log) -> int:
        """The card a hero resolves for ``card``, just drawn from the deck of ``colour`` (its
        draw already told): the card itself in the base game. Avatars of Kelnov puts one of its
        own in place of an event or encounter (KV-5, KV-6), or answers :data:`DRAW_AGAIN` when
        the draw is to go on (KV-7); Cult of the Rune deals with events and encounters itself
        (CR-14, CR-37) and answers :data:`DEALT_DRAW_AGAIN` for an event, :data:`DEALT_WITH`
        for an encounter."""
        return card

    def own_deck(self, state: RuneboundState, hex_index: int, colour: int) -> list[int] | None:
        """The deck of the adventure's own that an adventure counter of ``colour`` on the hex
        draws from (Cult of the Rune: a cultist's cult deck, CR-18), or None: the base deck."""
        return None

    def discard_pile(self, state: RuneboundState, card: int) -> list[int]:
        """The discard pile an adventure card goes to (RB-4.10): its colour's. Avatars of
        Kelnov keeps its own cards apart (KV-11)."""
        return state.adventure_discards[COLOURS.index(self.adventures[card].colour)]

    def on_defeat(
        self, state: RuneboundState, seat: int, card: int, hex_index: int, log: Log
    ) -> None:
        """A challenge was defeated: Al-Kalim quests may advance (AK-11.5)."""

    def note_use(self, state: RuneboundState, seat: int, key: str) -> None:
        """An ability was used (Al-Kalim counts the uses of legendary runes, AK-11.11)."""

    def draw_market_here(self, state: RuneboundState, seat: int, count: int, log: Log) -> bool:
        """Al-Kalim: an effect's market draw goes to the bazaar's own stack (AK-2.4, AK-9.2);
        False: the base game draws onto the city's stack itself."""
        return False

    def determinize_adventure(self, state: RuneboundState, seat: int | None, rng: Rng) -> None:
        """Deal again the adventure's own cards ``seat`` cannot know (``Game.determinize``);
        the base adventure has none beyond the decks determinize.py already handles."""

    def after_knockout(self, state: RuneboundState, seat: int, log: Log) -> None:
        """Al-Kalim: survival gear is lost (AK-9.6); nothing more in the base game."""

    def lose_legends(
        self, state: RuneboundState, seat: int, amount: int, log: Log, *, source: str = ""
    ) -> None:
        """The effect ``lose_legend``: Al-Kalim takes legend cards from the quest board
        (AK-11.12). The base adventure has no legend cards, so nothing happens."""

    def move_cult(self, state: RuneboundState, seat: int, times: int, log: Log) -> None:
        """The effect ``cult_move``: Cult of the Rune's cult rolls and moves (CR-43). The other
        adventures have no cult, so nothing happens."""

    def corrupt(self, state: RuneboundState, seat: int, amount: int, log: Log) -> None:
        """The effect ``corrupt``: Cult of the Rune brands the hero (CR-44); nothing elsewhere."""

    def ability_acts(self, state: RuneboundState, seat: int, ability: Ability) -> bool:
        """Whether an adventure card's ability acts against the hero of ``seat``: always, but for
        Cult of the Rune's ``only_if: branded`` (CR-46), which no other adventure's hero is."""
        return ability.only_if is None

    def unbeaten(self, state: RuneboundState, seat: int, card: int, source: str, log: Log) -> bool:
        """A challenge escaped or that knocked the hero out, drawn as ``source``: True when the
        adventure put it somewhere of its own (Cult of the Rune: under its deck, CR-11), False
        for the base game's undefeated track (RB-4.7, RB-4.9)."""
        return False

    def movement_ended(self, state: RuneboundState, seat: int, log: Log) -> None:
        """The hero of ``seat`` ended a movement step where it stands (Cult of the Rune brands a
        hero on the cult marker's hex, CR-20); nothing in the base game."""

    def enemy_life(self, state: RuneboundState, card: AdventureCard) -> int:
        """A challenge's life (RB-5.8); Al-Kalim reads it by day or night (AK-6.3)."""
        return card.life or 1

    def modifier(
        self, state: RuneboundState, seat: int, stat: str, step: int = -1, when: str = "always"
    ) -> int:
        """Sum of passive, turn-long and this-step modifiers of a stat."""
        phase = STEP_NAMES[step] if step >= 0 else None
        lasting = self.loadout(state, seat).modifies.get(stat)
        total = self._lasting(state, seat, lasting, phase, when) if lasting else 0
        return total + self._temporary(state, seat, stat)

    def modifiers(
        self,
        state: RuneboundState,
        seat: int,
        phases: Mapping[str, str | None],
        when: str = "always",
    ) -> dict[str, int]:
        """:meth:`modifier` of several stats in one walk of the effects: ``phases`` maps each
        stat to the combat step it is asked for (None: outside the combat steps, where a
        step-bound modifier does not count)."""
        modifies = self.loadout(state, seat).modifies
        totals = {
            stat: self._lasting(state, seat, modifies.get(stat, ()), phase, when)
            for stat, phase in phases.items()
        }
        for stat in totals:
            totals[stat] += self._temporary(state, seat, stat)
        return totals

    @staticmethod
    def _temporary(state: RuneboundState, seat: int, stat: str) -> int:
        """The turn-long and this-step changes of a stat (usually none)."""
        total = 0
        for changed, amount in state.heroes[seat].turn_mods:
            if changed == stat:
                total += amount
        if state.combat is not None:
            for changed, amount in state.combat.temp:
                if changed == stat:
                    total += amount
            for changed, amount in state.combat.lasting:  # PV-4: fight-long
                if changed == stat:
                    total += amount
        return total

    def _lasting(
        self,
        state: RuneboundState,
        seat: int,
        effects: Sequence[Modify],
        phase: str | None,
        when: str,
    ) -> int:
        """The sum of one stat's lasting modifiers that count in this phase and role."""
        total = 0
        for e in effects:
            if (
                (e.phase is None or e.phase == phase)
                and e.when in ("always", when)
                and self.applies(state, seat, e)
            ):
                total += e.amount
        return total

    def xp_bonus(self, h: HeroState, kind: str) -> int:
        """RB-8.3: +2 per mind/body/spirit/stamina counter, +1 per life counter."""
        count = h.xp.count(XP_INDEX[kind])
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

    def shown_stats(self, state: RuneboundState, seat: int) -> tuple[int, int, int, int, int, int]:
        """(life, stamina, mind, body, spirit, experience value) as :meth:`life`,
        :meth:`stamina`, :meth:`hero_roll_bonus` with ``when="always"`` and
        :meth:`experience_value` give them, in one walk of the effects instead of five: every
        seat's view shows them for every hero after every decision."""
        h = state.heroes[seat]
        hero = self.heroes[h.hero]
        bonus = {kind: self.xp_bonus(h, kind) for kind in XP_KINDS}
        mods = self.modifiers(state, seat, SHOWN_PHASES)
        mind, body, spirit = (
            self.hero_attack(state, seat, step).value + bonus[stat] + mods[stat]
            for step, stat in enumerate(STEP_STATS)
        )
        return (
            hero.life + bonus["life"] + mods["life"],
            hero.stamina + bonus["stamina"] + mods["stamina"],
            mind,
            body,
            spirit,
            sum(bonus.values()),
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
        return max(0, total + self.loadout(state, seat).armour)

    def max_movement_dice(self, state: RuneboundState, seat: int) -> int:
        """RB-3.1: 5 dice, at most 4 when the hero or an ally has a wound or exhaustion.

        AR-6.4 (option): 5 outside a city without exhaustion on the hero, else 4 (option
        advanced.city_dice=five: always 5 in a city). AR-5.1 (option): in round 1 the
        first-turn table by turn position instead.
        """
        h = state.heroes[seat]
        opts = state.opts
        players = len(state.heroes)
        if opts.advanced_first_turn_dice and state.round == 1 and players > 1:
            dice = FIRST_TURN_DICE[min(players, 4)][(seat - state.first) % players]
        elif opts.advanced_movement_dice:
            if self.board.hexes[h.hex].city >= 0:
                dice = 5 if opts.advanced_city_dice == "five" else 4
            else:
                dice = 4 if h.exhaustion else 5
        else:
            hurt = h.wounds or h.exhaustion or any(a.wounds or a.exhaustion for a in h.allies)
            dice = 4 if hurt else 5
        dice += self.modifier(state, seat, "movement_dice")
        return max(0, min(dice, 6))

    def test_roll(
        self, state: RuneboundState, seat: int, stat: str, skill: str | None
    ) -> tuple[int, int] | None:
        """RB-6.1: a skill test's 2d10 roll and total; None when the hero masters the skill
        (``master``, AK-9.9, AK-11.10): it succeeds without a roll."""
        if skill is not None and skill in self.loadout(state, seat).mastered:
            return None
        roll = state.rng.die(10) + state.rng.die(10)
        return roll, roll + self.test_bonus(state, seat, stat, skill)

    def take_card_test(
        self, state: RuneboundState, seat: int, test: SkillTest, log: Log, *, source: str = ""
    ) -> bool:
        """The effect ``test`` (effects.py) is the adventure's to carry out: True when it did
        (Al-Kalim, to offer the adventurer's kit after the roll, AK-9.9). The base game does
        not, and the effect rolls at once."""
        return False

    def test_bonus(self, state: RuneboundState, seat: int, stat: str, skill: str | None) -> int:
        """RB-6.1: stat + skill + test modifiers."""
        h = state.heroes[seat]
        hero = self.heroes[h.hero]
        value = {"mind": hero.mind, "body": hero.body, "spirit": hero.spirit}[stat].value
        value += self.xp_bonus(h, stat) + self.modifier(state, seat, stat)
        if skill is not None:
            value += hero.skills.get(skill, 0)  # type: ignore[call-overload]
        for e in self.loadout(state, seat).modifies.get("test", ()):
            if (e.skill is None or e.skill == skill) and self.applies(state, seat, e):
                value += e.amount
        return value

    # --- equipment ---------------------------------------------------------------------------
    def can_carry(self, state: RuneboundState, seat: int, card: int) -> bool:
        """RB-5.7 / RB-7.4: weapons, armour and allies within their limits (PV-11: dual cards
        count as whichever of their kinds fits)."""
        h = state.heroes[seat]
        kind = self.market[card].kind
        if kind == "ally":
            return len(h.allies) < state.opts.ally_limit
        if kind == "dual" or any(self.market[i].kind == "dual" for i in h.items):
            return fits_item_limits([*(self.market[i] for i in h.items), self.market[card]])
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
        wounds = h.wounds + max(0, h.exhaustion - new_stamina)
        return not self.falls(state, wounds, self.life(state, seat) - life)

    def gain_card(self, state: RuneboundState, seat: int, card: int) -> None:
        h = state.heroes[seat]
        if state.charges:
            state.charges.pop(card, None)  # PV-8: a card gained has all its charges
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
        if self.falls(state, ally.wounds, card.life or 1):
            allies = state.heroes[seat].allies
            if state.combat is not None and ally in allies:
                plans = state.combat.ally_steps  # keep the other allies' plans in line
                position = next(i for i, a in enumerate(allies) if a is ally)
                if position < len(plans):
                    del plans[position]
            state.heroes[seat].allies.remove(ally)
            state.market_discard.append(ally.card)
            emit(log, "ally_died", seat=seat, item=card.id)

    def knocked_out(self, state: RuneboundState, seat: int) -> bool:
        return self.falls(state, state.heroes[seat].wounds, self.life(state, seat))

    @staticmethod
    def falls(state: RuneboundState, wounds: int, life: int) -> bool:
        """RB-5.8: wounds at least equal to life defeat a hero, ally or challenge;
        AR-6.1 (option): only wounds that exceed life do."""
        return wounds > life if state.opts.advanced_wounds else wounds >= life

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

    def pay_experience(self, state: RuneboundState, seat: int, price: int) -> None:
        """RB-8.4: spend counters worth at least ``price``, wasting as little as possible
        (Al-Kalim: the player chooses them, and the limit counter, AK-10.3/AK-10.4)."""
        h = state.heroes[seat]
        values = self.board.counter_values
        best: dict[int, tuple[int, ...]] = {0: ()}
        for position, colour in enumerate(h.counters):
            for total, chosen in list(best.items()):
                new = total + values[colour]
                if new not in best or len(best[new]) > len(chosen) + 1:
                    best[new] = (*chosen, position)
        paid = min(t for t in best if t >= price)
        for i in sorted(best[paid], reverse=True):
            state.counter_supply[h.counters.pop(i)] += 1
        if state.opts.xp_change:
            self.give_change(state, seat, paid - price)

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
        return self.nearest_city_hexes(state, seat)[0]

    def nearest_city_hexes(self, state: RuneboundState, seat: int) -> list[int]:
        """Every city at the smallest distance, in market-row order (AR-6.6: the player picks)."""
        return [city.hex for city in self.board.nearest_cities(state.heroes[seat].hex)]

    def experience_value(self, h: HeroState) -> int:
        """AR-6.12: the total bonus of a hero's experience counters."""
        return sum(self.xp_bonus(h, kind) for kind in XP_KINDS)

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

    def enemy_step(self, state: RuneboundState, step: int) -> tuple[int, int]:
        """(value, damage) of the fought challenge in ``step``, as the ``modify_enemy``
        effects used in this fight leave them (PV-2), in the order they were used."""
        combat = state.combat
        assert combat is not None
        attack = self.steps_of(self.adventures[combat.card])[step]
        assert attack is not None
        numbers = [attack.value, attack.damage]
        for phase, stat, amount, to, _lasting in combat.enemy_mods:
            if phase < 0 or phase == step:
                numbers[stat] = to if to >= 0 else numbers[stat] + amount
        return max(0, numbers[0]), max(0, numbers[1])
