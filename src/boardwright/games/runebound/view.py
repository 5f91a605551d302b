"""What one seat may know of a Runebound game, as JSON-ready data.

Hidden: the order of every deck (only sizes are shown), the options of another seat's decision
and the random generator. Everything else in Runebound is open information.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.games.runebound.content import TERRAIN_NAMES
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import STEP_NAMES
from boardwright.games.runebound.state import XP_KINDS, RuneboundState

if TYPE_CHECKING:
    from boardwright.games.runebound.game import Runebound


def seat_view(game: Runebound, state: RuneboundState, seat: int | None) -> dict[str, Any]:
    rules = game.rules
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
            board.cities[i].id: [market[c].id for c in stack]
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
        "terrain_names": list(TERRAIN_NAMES),
        "decision": decision_data,
        "result": result.to_data() if result else None,
    }
