"""What one seat may know of a Runebound game, as JSON-ready data.

Hidden: the order of every deck (only sizes are shown), the options of another seat's decision
and the random generator. Everything else in Runebound is open information.

A view is built after every decision for every seat, so what never changes for one rules object
(card ids, hex labels and names, stack names) is worked out once (:func:`static_names`); the
view itself is always made of new lists and dicts, so a caller may change it freely.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import compress
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from boardwright.games.runebound.advanced import doom_length
from boardwright.games.runebound.adventure import can_draw
from boardwright.games.runebound.card_packs import is_pack_set
from boardwright.games.runebound.content import Board
from boardwright.games.runebound.options import ADVANCED_SPECS, field_name
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import STEP_NAMES, Rules
from boardwright.games.runebound.state import XP_KINDS, HeroState, RuneboundState

if TYPE_CHECKING:
    from boardwright.games.runebound.game import Runebound

# the colours of a hex's counters by its bit set: bit c is colour c, and only the four low
# bits count (hence ``bits & 15`` below)
COUNTER_COLOURS: tuple[tuple[str, ...], ...] = tuple(
    tuple(COLOURS[c] for c in range(4) if bits >> c & 1) for bits in range(16)
)
ADVANCED_NAMES = tuple(spec.name for spec in ADVANCED_SPECS)
advanced_values = attrgetter(*(field_name(name) for name in ADVANCED_NAMES))  # one tuple


class StaticNames:
    """What a view shows of one rules object's content, which is immutable: ids by index, the
    label ("q,r") and name of every hex, the name of every market stack. Tuples only, so a
    view can never change them."""

    __slots__ = (
        "adventure_colours",
        "adventure_sets",
        "adventures",
        "board",
        "hex_labels",
        "hex_names",
        "market",
        "market_sets",
        "stack_names",
    )

    def __init__(self, rules: Rules) -> None:
        board = rules.board
        self.board = board
        self.hex_labels = tuple(str(h.at) for h in board.hexes)
        self.hex_names = tuple(board.hex_name(i) for i in range(len(board.hexes)))
        stacks = len(board.cities) + len(board.lost_cities)
        self.stack_names = tuple(stack_name(board, i) for i in range(stacks))
        self.market = tuple(card.id for card in rules.market)
        self.adventures = tuple(card.id for card in rules.adventures)
        self.adventure_colours = tuple(card.colour for card in rules.adventures)
        # (card id, pack) of every card pack's card (PK-2)
        self.market_sets = tuple(
            (card.id, card.card_set) for card in rules.market if is_pack_set(card.card_set)
        )
        self.adventure_sets = tuple(
            (card.id, card.card_set) for card in rules.adventures if is_pack_set(card.card_set)
        )

    def stack(self, index: int) -> str:
        names = self.stack_names
        return names[index] if index < len(names) else stack_name(self.board, index)


@lru_cache(maxsize=16)  # rules objects hash by identity; a game holds one per adventure
def static_names(rules: Rules) -> StaticNames:
    return StaticNames(rules)


def pick(names: Sequence[str], indexes: Iterable[int]) -> list[str]:
    """``[names[i] for i in indexes]``, looked up in C."""
    return list(map(names.__getitem__, indexes))


def seat_view(game: Runebound, state: RuneboundState, seat: int | None) -> dict[str, Any]:
    rules = game.rules_for(state)
    adventure = game.adventure_for(state)
    section = adventure.view_section(rules, state)
    names = static_names(rules)
    labels = names.hex_labels
    adventures = names.adventures
    decision = state.pending
    decision_data = None if decision is None else decision.view_data(seat)
    combat = state.combat
    result = game.result(state)
    counters = state.counters
    return {
        "game": game.name,
        "viewer": seat,
        "players": len(state.heroes),
        "round": state.round,
        "turn": state.seat,
        "first_player": state.first,
        "finished": state.finished,
        "winner": state.winner if state.winner >= 0 else None,
        "heroes": [hero_view(rules, names, state, s, h) for s, h in enumerate(state.heroes)],
        "counters": {
            labels[i]: list(COUNTER_COLOURS[counters[i] & 15])
            for i in compress(range(len(counters)), counters)
        },
        "counter_supply": dict(zip(COLOURS, state.counter_supply, strict=True)),
        "undefeated": {labels[h]: adventures[c] for h, c in state.undefeated.items()},
        "track": pick(adventures, state.track),
        "event": adventures[state.event] if state.event >= 0 else None,
        "markets": {
            names.stack(i): pick(names.market, stack) for i, stack in enumerate(state.stacks)
        },
        "deck_sizes": {
            "market": len(state.market_deck),
            **dict(zip(COLOURS, map(len, state.adventure_decks), strict=True)),
        },
        "discard_sizes": dict(zip(COLOURS, map(len, state.adventure_discards), strict=True)),
        "packs": packs_view(names, state),
        # RB-4.10: colours whose adventures can no longer be taken on
        "spent_decks": [COLOURS[c] for c in range(4) if not can_draw(rules, state, c)],
        "combat": None if combat is None else combat_view(rules, state, adventures[combat.card]),
        # AR-2.2: the doom track's cards lie face down; only their colours are open
        "doom": {
            "track": pick(names.adventure_colours, state.doom_row),
            "places": doom_length(len(state.heroes)) if state.opts.advanced_doom_track else None,
            "counters": state.doom_counters,
        },
        "endgame": None
        if not (state.endgame_order or state.endgame_pending)
        else {
            "order": list(state.endgame_order),
            "eliminated": list(state.eliminated),
            "how": state.endgame_how or None,
        },
        "advanced": dict(zip(ADVANCED_NAMES, advanced_values(state.opts), strict=True)),
        "terrain_names": list(rules.board.terrain_names),
        # the adventure, and its own section under its id (view["al_kalim"]) when it has one
        "adventure": adventure.id,
        **({adventure.id: section} if section is not None else {}),
        "decision": decision_data,
        "result": result.to_data() if result else None,
    }


def packs_view(names: StaticNames, state: RuneboundState) -> dict[str, Any] | None:
    """The card packs in play (PK-3), their modes, how many cards the focus decks still hold
    (PK-4, PK-5; their order stays hidden) and the set of every pack card in play (PK-2); None
    in a game without packs."""
    opts = state.opts
    if not opts.packs:
        return None
    return {
        "chosen": list(opts.packs),
        "market_mode": opts.packs_market_mode,
        "adventure_mode": opts.packs_adventure_mode,
        "focus_sizes": {
            "market": state.market_focus,
            **dict(zip(COLOURS, state.adventure_focus, strict=True)),
        },
        "card_sets": {
            **{card: s for card, s in names.market_sets if s in opts.packs},
            **{card: s for card, s in names.adventure_sets if s in opts.packs},
        },
    }


def hero_view(
    rules: Rules, names: StaticNames, state: RuneboundState, s: int, h: HeroState
) -> dict[str, Any]:
    hero = rules.heroes[h.hero]
    life, stamina, mind, body, spirit, experience_value = rules.shown_stats(state, s)
    return {
        "seat": s,
        "hero": hero.id,
        "name": hero.name,
        "at": names.hex_labels[h.hex],
        "where": names.hex_names[h.hex],
        "life": life,
        "stamina": stamina,
        "wounds": h.wounds,
        "exhaustion": h.exhaustion,
        "gold": h.gold,
        "mind": mind,
        "body": body,
        "spirit": spirit,
        "experience": rules.xp_total(h),
        "experience_value": experience_value,  # AR-6.12
        "counters": pick(COLOURS, h.counters),
        "experience_counters": pick(XP_KINDS, h.xp),
        "items": pick(names.market, h.items),
        "allies": [
            {"id": names.market[a.card], "wounds": a.wounds, "exhaustion": a.exhaustion}
            for a in h.allies
        ],
        "dragon_runes": pick(names.adventures, h.runes),
        **charges_view(rules, state, h),
        **({"held": pick(names.adventures, h.held)} if h.held else {}),  # PV-12
    }


def charges_view(rules: Rules, state: RuneboundState, h: HeroState) -> dict[str, object]:
    """PV-8: ``charges``, the charges left on each held card that has them (only when the
    hero holds one)."""
    cards = [*h.items, *(a.card for a in h.allies)]
    left = {
        rules.market[c].id: uses - state.charges.get(c, 0)
        for c in cards
        if (uses := rules.market[c].uses) is not None
    }
    return {"charges": left} if left else {}


def stack_name(board: Board, index: int) -> str:
    """A market stack by the city that uses it (Al-Kalim: a lost city, AK-14.8)."""
    for city in board.cities:
        if city.market_position == index + 1:
            return city.id
    for lost in board.lost_cities:
        if lost.market_position == index + 1:
            return lost.id
    return f"stack-{index + 1}"


def combat_view(rules: Rules, state: RuneboundState, card: str) -> dict[str, object]:
    """The fight in progress; once a ``modify_enemy`` changed the challenge (PV-2), its
    (value, damage) per step as they now stand (None for a step it has not)."""
    combat = state.combat
    assert combat is not None
    out: dict[str, object] = {
        "card": card,
        "round": combat.round,
        "enemy_wounds": combat.enemy_wounds,
        # the challenge's life as the rules read it now (an adventure's day or night, AK-6.3)
        "life": rules.enemy_life(state, rules.adventures[combat.card]),
        "hero_step": STEP_NAMES[combat.hero_step] if combat.hero_step >= 0 else None,
    }
    if combat.enemy_mods:
        steps = rules.steps_of(rules.adventures[combat.card])
        out["enemy_steps"] = [
            list(rules.enemy_step(state, s)) if steps[s] is not None else None for s in range(3)
        ]
    return out
