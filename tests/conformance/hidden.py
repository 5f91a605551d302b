"""Hidden parts of a state, for checking that views leave them out.

Deck orders are found by name: every list attribute called ``*deck`` or ``*decks`` anywhere in
the state (``decks``, ``market_deck``, ``adventure_decks``, an adventure's ``ally_deck``…), the
project's naming for face-down piles. The random generator is reseeded.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.rng import Rng
from boardwright.engine.state import StateBase
from tests.compiled import all_fields

RESEED = 0x5EED_0F_D1CE


def fields(obj: object) -> dict[str, Any]:
    """An object's attributes, from its classes' fields and from ``__dict__``."""
    out: dict[str, Any] = dict(getattr(obj, "__dict__", {}))
    for name in all_fields(type(obj)):
        if hasattr(obj, name):
            out[name] = getattr(obj, name)
    return out


def decks(obj: object, depth: int = 0) -> list[list[Any]]:
    """Every deck list reachable from ``obj`` through plain mutable objects."""
    found: list[list[Any]] = []
    if depth > 4:
        return found
    for name, value in fields(obj).items():
        if name.endswith(("deck", "decks")) and isinstance(value, list):
            piles = value if value and all(isinstance(v, list) for v in value) else [value]
            found += [pile for pile in piles if isinstance(pile, list)]
        elif _is_state_part(value):
            found += decks(value, depth + 1)
        elif isinstance(value, list):
            for item in value:
                if _is_state_part(item):
                    found += decks(item, depth + 1)
    return found


def _is_state_part(value: object) -> bool:
    """A mutable part of a state (a seat's record, an adventure's state): parts of a state copy
    themselves with ``clone()``, content and options do not."""
    return not isinstance(value, type) and callable(getattr(value, "clone", None))


def with_hidden_parts_changed(state: StateBase) -> int:
    """Reverse every deck in ``state`` (a copy) and reseed its generator; the number of decks
    whose order changed (their contents stay, so only the order differs)."""
    changed = 0
    for pile in decks(state):
        if len(set(map(repr, pile))) > 1:
            pile.reverse()
            changed += 1
    state.rng = Rng(RESEED, draws=state.rng.draws)
    return changed
