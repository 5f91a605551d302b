"""The Cult part of every seat's view (``view["cult"]``, CR-39): the marker and its path, the
infiltrated cities and the markers left, the cultist counters, each seat's corruption and VP
(per colour: the cards lie face down, their colours show), the special pile, the cult decks'
sizes, the goals and the set-aside cards' count. Never the order of a deck, nor which cultist
cards lie in another seat's VP pile."""

from __future__ import annotations

from typing import Any

from boardwright.games.runebound.adventures.cult.options import cult_options
from boardwright.games.runebound.adventures.cult.path import NO_PATH
from boardwright.games.runebound.adventures.cult.rules import BASE_SET, CultRules, markers_left
from boardwright.games.runebound.adventures.cult.state import cult_state
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.state import RuneboundState

DIRECTIONS = ("E", "SE", "SW", "W", "NW", "NE")


def cult_section(rules: Rules, state: RuneboundState) -> dict[str, Any]:
    assert isinstance(rules, CultRules)
    part = cult_state(state)
    labels = rules.hex_labels
    vp_goal, pile_goal = rules.goals(state)
    limit = cult_options(state).infiltration_markers
    return {
        "marker": labels[part.marker],
        "path": DIRECTIONS[part.path] if part.path != NO_PATH else None,
        "infiltrated": [rules.board.cities[c].id for c in part.infiltrated],
        "markers_left": max(0, markers_left(state)) if limit else None,
        "cultists": {
            labels[h]: [COLOURS[c] for c in range(4) if (bits & state.counters[h]) >> c & 1]
            for h, bits in enumerate(part.turned)
            if bits & state.counters[h]
        },
        "seats": [
            {
                "corruption": part.corruption[seat],
                "cards": {
                    colour: sum(1 for c in part.vp[seat] if rules.colour_of(c) == i)
                    for i, colour in enumerate(COLOURS)
                },
                "card_vp": rules.card_vp(state, seat),
                "vp": rules.vp(state, seat),
                "eliminated": seat in state.eliminated,
            }
            for seat in range(len(state.heroes))
        ],
        "special": {
            "size": len(part.special),
            "counted": sum(1 for c in part.special if rules.adventures[c].card_set == BASE_SET),
            "cards": [rules.adventures[c].id for c in part.special],
        },
        "decks": {COLOURS[c]: len(part.decks[c]) for c in range(4)},
        "goals": {"vp": vp_goal, "pile": pile_goal},
        "aside": len(part.aside),
    }
