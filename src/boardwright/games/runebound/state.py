"""Runebound game state: ids, counters and small lists, cheap to clone."""

from __future__ import annotations

from typing import Protocol, Self

from boardwright.engine.rng import Rng
from boardwright.engine.state import StateBase
from boardwright.games.runebound.options import RuneboundOptions

# Experience counter kinds (RB-8.3)
XP_KINDS = ("mind", "body", "spirit", "stamina", "life")

# The steps of a turn (RB-2.1), as kept in the ("turn", step) frame
REFRESH, MOVEMENT, ADVENTURE, MARKET, EXPERIENCE, END = range(6)


class AdventureState(Protocol):
    """What an adventure adds to a game in progress (its state part), cloned with the state."""

    def clone(self) -> Self: ...


class AllyState:
    __slots__ = ("card", "exhaustion", "wounds")

    def __init__(self, card: int, wounds: int = 0, exhaustion: int = 0) -> None:
        self.card = card
        self.wounds = wounds
        self.exhaustion = exhaustion

    def clone(self) -> AllyState:
        return AllyState(self.card, self.wounds, self.exhaustion)


class HeroState:
    """A seat's hero and belongings. Cards are indexes into the content tuples."""

    __slots__ = (
        "allies",
        "bonus_moves",
        "bought_this_turn",
        "counters",
        "exhaustion",
        "gold",
        "held",
        "hero",
        "hex",
        "items",
        "runes",
        "sold_this_turn",
        "turn_mods",
        "used",
        "wounds",
        "xp",
    )

    def __init__(self, hero: int, hex_index: int, gold: int) -> None:
        self.hero = hero
        self.hex = hex_index
        self.wounds = 0
        self.exhaustion = 0
        self.gold = gold
        self.counters: list[int] = []  # adventure counters kept, as colour indexes
        self.xp: list[int] = []  # experience counters bought, as indexes into XP_KINDS
        self.items: list[int] = []  # market card indexes (not allies)
        self.allies: list[AllyState] = []
        self.runes: list[int] = []  # red adventure cards kept as Dragon Runes
        self.held: list[int] = []  # PV-12: encounters held (reward.hold) until their goal
        self.used: list[str] = []  # abilities activated since the last refresh
        self.turn_mods: list[tuple[str, int]] = []  # (stat, amount) until the next refresh
        self.bonus_moves = 0  # hexes the hero may still move without dice this turn
        self.bought_this_turn: list[int] = []
        self.sold_this_turn: list[int] = []

    def drop_card(self, card: int) -> None:
        """The hero no longer has market card ``card`` (an item, or an ally)."""
        if card in self.items:
            self.items.remove(card)
        else:
            self.allies = [a for a in self.allies if a.card != card]

    def clone(self) -> HeroState:
        # through __init__: a compiled (mypyc) class has no bare __new__
        other = HeroState(self.hero, self.hex, self.gold)
        other.wounds = self.wounds
        other.exhaustion = self.exhaustion
        other.counters = self.counters[:]
        other.xp = self.xp[:]
        other.items = self.items[:]
        other.allies = [a.clone() for a in self.allies]
        other.runes = self.runes[:]
        other.held = self.held[:]
        other.used = self.used[:]
        other.turn_mods = self.turn_mods[:]
        other.bonus_moves = self.bonus_moves
        other.bought_this_turn = self.bought_this_turn[:]
        other.sold_this_turn = self.sold_this_turn[:]
        return other


class RuneboundState(StateBase):
    __slots__ = (
        "activations",
        "adventure_decks",
        "adventure_discards",
        "adventure_focus",
        "adventure_state",
        "charges",
        "combat",
        "counter_supply",
        "counters",
        "doom_count",
        "doom_counters",
        "doom_row",
        "eliminated",
        "ended_by",
        "endgame_how",
        "endgame_order",
        "endgame_pending",
        "event",
        "finished",
        "first",
        "heroes",
        "market_deck",
        "market_discard",
        "market_focus",
        "market_under",
        "opts",
        "removed_adventures",
        "round",
        "seat",
        "stacks",
        "track",
        "turn_number",
        "undefeated",
        "unused_heroes",
        "winner",
    )

    def __init__(self, rng: Rng, opts: RuneboundOptions) -> None:
        super().__init__(rng)
        self.opts = opts
        self.heroes: list[HeroState] = []
        self.unused_heroes: list[int] = []
        self.counters: list[int] = []  # per hex: bit set of colours of adventure counters there
        self.counter_supply = [0, 0, 0, 0]  # spare and spent counters by colour
        self.undefeated: dict[int, int] = {}  # hex -> adventure card on the track
        self.track: list[int] = []  # undefeated challenges (at most 6)
        self.adventure_decks: list[list[int]] = [[], [], [], []]  # top = last
        self.adventure_discards: list[list[int]] = [[], [], [], []]
        # PK-5 focus mode: how many cards at the top of each adventure deck are the packs' own
        # deck of that colour (drawn first; never refilled)
        self.adventure_focus = [0, 0, 0, 0]
        self.event = -1  # the event card in play
        self.doom_count = 0  # RB-10.2: discarded adventure cards since the last doom counter
        self.doom_counters = 0
        # Advanced Runebound (docs/rules/advanced.md)
        self.doom_row: list[int] = []  # AR-2: face-down cards on the doom track, place 1 first
        self.endgame_pending = False  # AR-2.6: the eighth doom counter is down
        self.endgame_order: list[int] = []  # AR-3.2: seats in confrontation order (endgame on)
        self.eliminated: list[int] = []  # AR-3.6: seats out of the endgame
        self.endgame_how = ""  # AR-3.5/3.7: "Margath", "three red cards", "all eliminated"
        self.removed_adventures: list[int] = []  # AR-3.1/AR-6.5: out of the game
        self.activations = 0  # AR-6.3: card activations in the current window
        self.market_deck: list[int] = []
        self.market_discard: list[int] = []
        # PK-4 focus mode: how many cards at the top of the market deck are the market packs'
        # own deck (drawn first; never refilled)
        self.market_focus = 0
        # PV-8: charges spent per market card with ``uses`` (a card gained starts full)
        self.charges: dict[int, int] = {}
        # AR-6.6: how many cards were put face down under the market deck since it was last
        # shuffled; everyone knows which, so the lowest of them that are left keep their place
        # when a seat's view of the deck is determinized
        self.market_under = 0
        self.stacks: list[list[int]] = []  # per city, face up (top = last)
        self.combat: CombatState | None = None
        self.first = 0
        self.seat = 0
        self.round = 1
        self.turn_number = 0
        self.finished = False
        self.winner = -1
        # the adventure's own state part (None when it has none, as Rise of the Dragonlords)
        self.adventure_state: AdventureState | None = None
        self.ended_by = ""  # "Margath", "runes", "round cap", "doom track", "endgame"

    def clone(self) -> RuneboundState:
        # through __init__: a compiled (mypyc) class has no bare __new__
        other = RuneboundState(self.rng, self.opts)
        self._copy_base_into(other)
        other.opts = self.opts
        other.heroes = [h.clone() for h in self.heroes]
        other.unused_heroes = self.unused_heroes[:]
        other.counters = self.counters[:]
        other.counter_supply = self.counter_supply[:]
        other.undefeated = dict(self.undefeated)
        other.track = self.track[:]
        other.adventure_decks = [d[:] for d in self.adventure_decks]
        other.adventure_discards = [d[:] for d in self.adventure_discards]
        other.adventure_focus = self.adventure_focus[:]
        other.event = self.event
        other.doom_count = self.doom_count
        other.doom_counters = self.doom_counters
        other.doom_row = self.doom_row[:]
        other.endgame_pending = self.endgame_pending
        other.endgame_order = self.endgame_order[:]
        other.eliminated = self.eliminated[:]
        other.endgame_how = self.endgame_how
        other.removed_adventures = self.removed_adventures[:]
        other.activations = self.activations
        other.market_deck = self.market_deck[:]
        other.market_discard = self.market_discard[:]
        other.market_focus = self.market_focus
        other.charges = dict(self.charges)
        other.market_under = self.market_under
        other.stacks = [s[:] for s in self.stacks]
        other.combat = self.combat.clone() if self.combat else None
        other.first = self.first
        other.seat = self.seat
        other.round = self.round
        other.turn_number = self.turn_number
        other.finished = self.finished
        other.winner = self.winner
        part = self.adventure_state
        other.adventure_state = part.clone() if part is not None else None
        other.ended_by = self.ended_by
        return other


class CombatState:
    """The fight in progress: the challenge card, its wounds, the round and per-round plans."""

    __slots__ = (
        "ally_steps",
        "card",
        "enemy_mods",
        "enemy_wounds",
        "escape_penalty",
        "escaped",
        "hero_step",
        "hex",
        "lasting",
        "pending_wounds",
        "reroll",
        "round",
        "source",
        "temp",
        "used",
    )

    def __init__(self, card: int, hex_index: int, source: str) -> None:
        self.card = card
        self.hex = hex_index
        self.source = source  # "counter:<colour>", "undefeated", "encounter", "travel", "endgame"
        self.enemy_wounds = 0
        self.round = 0
        self.hero_step = -1  # the step the hero attacks in this round (0 ranged, 1 melee, 2 magic)
        self.ally_steps: list[int] = []  # per ally: its attack step this round, -1 none
        self.escaped = False
        self.escape_penalty = 0  # added to escape tests (night ambushes: -10)
        self.used: list[str] = []  # once-per-combat abilities used
        self.temp: list[tuple[str, int]] = []  # (stat, amount) for the current step only
        self.reroll = False  # roll twice this step and keep the better
        # PV-2: changes to the challenge's steps, in the order used: (step or -1 for every
        # step, 0 value / 1 damage, amount, set-to or -1, lasts the whole fight)
        self.enemy_mods: list[tuple[int, int, int, int, bool]] = []
        self.lasting: list[tuple[str, int]] = []  # PV-4: (stat, amount) for the whole fight
        self.pending_wounds = 0  # PV-3: wounds a roll is about to cost the hero (when_damaged)

    def clone(self) -> CombatState:
        other = CombatState(self.card, self.hex, self.source)
        other.enemy_wounds = self.enemy_wounds
        other.round = self.round
        other.hero_step = self.hero_step
        other.ally_steps = self.ally_steps[:]
        other.escaped = self.escaped
        other.escape_penalty = self.escape_penalty
        other.used = self.used[:]
        other.temp = self.temp[:]
        other.reroll = self.reroll
        other.enemy_mods = self.enemy_mods[:]
        other.pending_wounds = self.pending_wounds
        other.lasting = self.lasting[:]
        return other
