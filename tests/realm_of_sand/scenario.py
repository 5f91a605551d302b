"""Helpers to set up Realm of Sand situations for rule tests."""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event
from boardwright.games import get_game
from boardwright.games.realm_of_sand.game import RealmOfSand
from boardwright.games.realm_of_sand.geometry import COLOURS, DISC, SQUARE, parse_cell
from boardwright.games.realm_of_sand.state import RealmState

GAME: RealmOfSand = get_game("realm-of-sand")  # type: ignore[assignment]
CONTENT = GAME.content


def new_game(players: int = 2, seed: int = 1, **options: Any) -> RealmState:
    """A game past the starting draft (queen_front unless told otherwise), seat 1 to move."""
    options.setdefault("starting_draft", "queen_front")
    options.setdefault("first_player", "1")
    return GAME.setup(GAME.config(players, options), seed)


def keys(state: RealmState) -> list[str]:
    assert state.pending is not None
    return [o.key for o in state.pending.options]


def play(state: RealmState, *choices: str, log: list[Event] | None = None) -> None:
    for key in choices:
        GAME.apply_key(state, key, log)


def card_index(card_id: str) -> int:
    card = CONTENT.card_by_id(card_id)
    assert card is not None
    return card.index


def tile_index(tile_id: str) -> int:
    return next(t.index for t in CONTENT.tiles if t.id == tile_id)


def field(name: str) -> int:
    index = parse_cell(name)
    assert index is not None
    return index


def put(state: RealmState, seat: int, layout: str) -> None:
    """Place pieces directly, e.g. ``"B2:g C2:R"``: lower case = square, upper case = disc.

    Squares come from the supply and discs from the spirit supply, so counts stay conserved.
    """
    p = state.players[seat]
    for item in layout.split():
        name, _, piece = item.partition(":")
        colour = COLOURS.index(piece.upper())
        if piece.islower():
            state.squares[colour] -= 1
            p.put(field(name), SQUARE + colour)
        else:
            state.spirit_supply[colour] -= 1
            p.put(field(name), DISC + colour)


def show_card(state: RealmState, card_id: str, slot: int = 0) -> int:
    """Put a card face up in a slot of its level's display; what it displaces takes its place."""
    index = card_index(card_id)
    level = CONTENT.cards[index].level - 1
    row, deck = state.display[level], state.decks[level]
    old = row[slot]
    if index in row:
        row[row.index(index)] = old
    else:
        assert index in deck, f"{card_id} is neither in its deck nor in the display"
        deck.remove(index)
        if old >= 0:
            deck.insert(0, old)
    row[slot] = index
    GAME.procedures.run(state, None)  # re-ask the current decision with the new display
    return index


def refresh(state: RealmState) -> None:
    """Recompute the pending decision after changing the state by hand."""
    GAME.procedures.run(state, None)
