"""What one seat may know of a Runebound game, as JSON-ready data.

Hidden: the order of every deck (only sizes are shown), the options of another seat's decision
and the random generator. Everything else in Runebound is open information.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.games.runebound.advanced import doom_length
from boardwright.games.runebound.alkalim.procedures import spread
from boardwright.games.runebound.alkalim.rules import AlKalimRules
from boardwright.games.runebound.alkalim.sandstorm import DIRECTION_NAMES, arrows
from boardwright.games.runebound.content import GEAR_KINDS, LEGEND_TYPES, Board
from boardwright.games.runebound.options import ADVANCED_SPECS, field_name
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import STEP_NAMES, Rules
from boardwright.games.runebound.state import XP_KINDS, RuneboundState

if TYPE_CHECKING:
    from boardwright.games.runebound.game import Runebound


def seat_view(game: Runebound, state: RuneboundState, seat: int | None) -> dict[str, Any]:
    rules = game.rules_for(state)
    board = rules.board
    market = rules.market
    adventures = rules.adventures
    decision = state.pending
    decision_data: dict[str, Any] | None = None
    if decision is not None:
        decision_data = {"seat": decision.seat, "kind": decision.kind, "prompt": decision.prompt}
        if seat == decision.seat:
            decision_data["options"] = [{"key": o.key, "label": o.label} for o in decision.options]
    heroes = []
    for s, h in enumerate(state.heroes):
        hero = rules.heroes[h.hero]
        heroes.append(
            {
                "seat": s,
                "hero": hero.id,
                "name": hero.name,
                "at": str(board.hexes[h.hex].at),
                "where": board.hex_name(h.hex),
                "life": rules.life(state, s),
                "stamina": rules.stamina(state, s),
                "wounds": h.wounds,
                "exhaustion": h.exhaustion,
                "gold": h.gold,
                "mind": rules.hero_roll_bonus(state, s, 0, "always"),
                "body": rules.hero_roll_bonus(state, s, 1, "always"),
                "spirit": rules.hero_roll_bonus(state, s, 2, "always"),
                "experience": rules.xp_total(h),
                "experience_value": rules.experience_value(h),  # AR-6.12
                "counters": [COLOURS[c] for c in h.counters],
                "experience_counters": [XP_KINDS[x] for x in h.xp],
                "items": [market[i].id for i in h.items],
                "allies": [
                    {"id": market[a.card].id, "wounds": a.wounds, "exhaustion": a.exhaustion}
                    for a in h.allies
                ],
                "dragon_runes": [adventures[r].id for r in h.runes],
            }
        )
    combat = state.combat
    result = game.result(state)
    return {
        "game": game.name,
        "viewer": seat,
        "players": len(state.heroes),
        "round": state.round,
        "turn": state.seat,
        "first_player": state.first,
        "finished": state.finished,
        "winner": state.winner if state.winner >= 0 else None,
        "heroes": heroes,
        "counters": {
            str(board.hexes[i].at): [COLOURS[c] for c in range(4) if bits >> c & 1]
            for i, bits in enumerate(state.counters)
            if bits
        },
        "counter_supply": dict(zip(COLOURS, state.counter_supply, strict=True)),
        "undefeated": {
            str(board.hexes[h].at): adventures[c].id for h, c in state.undefeated.items()
        },
        "track": [adventures[c].id for c in state.track],
        "event": adventures[state.event].id if state.event >= 0 else None,
        "markets": {
            stack_name(board, i): [market[c].id for c in stack]
            for i, stack in enumerate(state.stacks)
        },
        "deck_sizes": {
            "market": len(state.market_deck),
            **{c: len(d) for c, d in zip(COLOURS, state.adventure_decks, strict=True)},
        },
        "discard_sizes": {
            c: len(d) for c, d in zip(COLOURS, state.adventure_discards, strict=True)
        },
        "combat": None
        if combat is None
        else {
            "card": adventures[combat.card].id,
            "round": combat.round,
            "enemy_wounds": combat.enemy_wounds,
            "hero_step": STEP_NAMES[combat.hero_step] if combat.hero_step >= 0 else None,
        },
        # AR-2.2: the doom track's cards lie face down; only their colours are open
        "doom": {
            "track": [adventures[c].colour for c in state.doom_row],
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
        "advanced": {
            spec.name: getattr(state.opts, field_name(spec.name)) for spec in ADVANCED_SPECS
        },
        "terrain_names": list(board.terrain_names),
        "al_kalim": al_kalim_view(rules, state),
        "decision": decision_data,
        "result": result.to_data() if result else None,
    }


def stack_name(board: Board, index: int) -> str:
    """A market stack by the city that uses it (Al-Kalim: a lost city, AK-14.8)."""
    for city in board.cities:
        if city.market_position == index + 1:
            return city.id
    for lost in board.lost_cities:
        if lost.market_position == index + 1:
            return lost.id
    return f"stack-{index + 1}"


def al_kalim_view(rules: Rules, state: RuneboundState) -> dict[str, Any] | None:
    """The expansion's open information: day or night, the sandstorm, lost cities, the top
    quest of each legend stack (AK-11.2), quest boards and gear. Deck orders stay hidden."""
    alk = state.alk
    if alk is None or not isinstance(rules, AlKalimRules):
        return None
    board = rules.board
    legends = rules.ak.legends
    storm = None
    if alk.storm >= 0:
        first, second = arrows(alk.storm_direction, spread(state))
        storm = {
            "centre": str(board.hexes[alk.storm].at),
            "arrows": [DIRECTION_NAMES[first], DIRECTION_NAMES[second]],
            "covers": sorted(str(board.hexes[i].at) for i in rules.storm_hexes(state)),
        }
    return {
        "night": alk.night,
        "sandstorm": storm,
        "lost_cities": {
            lost.id: (str(board.hexes[at].at) if at >= 0 else None)
            for lost, at in zip(board.lost_cities, alk.lost_cities, strict=True)
        },
        "legend_stacks": {
            kind: {"size": len(stack), "top": legends[stack[-1]].id if stack else None}
            for kind, stack in zip(LEGEND_TYPES, alk.legend_stacks, strict=True)
        },
        "ally_deck": len(alk.ally_deck),
        # AK-9.8: the exhaustion and wounds (hero first, then allies) that rolling by day gave
        # the active party in this movement step, which a waterskin can cancel
        "day_march": [list(piece) for piece in alk.travel_pieces],
        "gear_supply": dict(zip(GEAR_KINDS, alk.gear_supply, strict=True)),
        "quest_boards": [
            {
                "limit": b.limit,
                "legends": [
                    {
                        "id": legends[slot.card].id,
                        "type": legends[slot.card].type,
                        "done": slot.done,
                        "step": slot.step,
                        "progress": slot.progress,
                        "uses": slot.uses,
                    }
                    for slot in b.legends
                ],
                "gear": dict(zip(GEAR_KINDS, b.gear, strict=True)),
            }
            for b in alk.boards
        ],
    }
