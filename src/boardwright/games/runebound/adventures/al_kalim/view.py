"""The Al-Kalim section of a view (``view["al_kalim"]``): day or night, the sandstorm, lost cities,
the top quest of each legend stack (AK-11.2), quest boards and gear. Deck orders stay hidden."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from boardwright.games.runebound.adventures.al_kalim.content import GEAR_KINDS
from boardwright.games.runebound.adventures.al_kalim.options import al_kalim_options
from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules
from boardwright.games.runebound.adventures.al_kalim.sandstorm import DIRECTION_NAMES, arrows
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.adventures.al_kalim.storm import spread
from boardwright.games.runebound.content import LEGEND_TYPES
from boardwright.games.runebound.state import RuneboundState


@lru_cache(maxsize=16)  # rules objects hash by identity
def hex_labels(rules: AlKalimRules) -> tuple[str, ...]:
    return tuple(str(h.at) for h in rules.board.hexes)


@lru_cache(maxsize=16)
def legend_names(rules: AlKalimRules) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ids and the types of the legend cards, by index."""
    legends = rules.al_kalim.legends
    return tuple(card.id for card in legends), tuple(card.type for card in legends)


def al_kalim_section(rules: AlKalimRules, state: RuneboundState) -> dict[str, Any]:
    """The expansion's open information."""
    al_kalim = al_kalim_state(state)
    labels = hex_labels(rules)
    legend_ids, legend_types = legend_names(rules)
    storm = None
    if al_kalim.storm >= 0:
        first, second = arrows(al_kalim.storm_direction, spread(state))
        storm = {
            "centre": labels[al_kalim.storm],
            "arrows": [DIRECTION_NAMES[first], DIRECTION_NAMES[second]],
            "covers": sorted(labels[i] for i in rules.storm_hexes(state)),
        }
    return {
        "night": al_kalim.night,
        # AK-17.3: how a pack challenge's day life is read (an option: open to everyone)
        "pack_day_life": al_kalim_options(state).pack_day_life,
        "sandstorm": storm,
        "lost_cities": {
            lost.id: (labels[at] if at >= 0 else None)
            for lost, at in zip(rules.board.lost_cities, al_kalim.lost_cities, strict=True)
        },
        "legend_stacks": {
            kind: {"size": len(stack), "top": legend_ids[stack[-1]] if stack else None}
            for kind, stack in zip(LEGEND_TYPES, al_kalim.legend_stacks, strict=True)
        },
        "ally_deck": len(al_kalim.ally_deck),
        # AK-9.8: the exhaustion and wounds (hero first, then allies) that rolling by day gave
        # the active party in this movement step, which a waterskin can cancel
        "day_march": [list(piece) for piece in al_kalim.travel_pieces],
        "gear_supply": dict(zip(GEAR_KINDS, al_kalim.gear_supply, strict=True)),
        "quest_boards": [
            {
                "limit": b.limit,
                "legends": [
                    {
                        "id": legend_ids[slot.card],
                        "type": legend_types[slot.card],
                        "done": slot.done,
                        "step": slot.step,
                        "progress": slot.progress,
                        "uses": slot.uses,
                    }
                    for slot in b.legends
                ],
                "gear": dict(zip(GEAR_KINDS, b.gear, strict=True)),
            }
            for b in al_kalim.boards
        ],
    }
