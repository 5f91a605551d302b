"""RS view: what one seat may know, as JSON-ready data. Everything leaving the engine passes here.

Hidden: the order of the building decks, another player's face-down kept cards (red crystal),
the options of a decision that is not yours, and the random generator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.games.realm_of_sand.geometry import (
    COLOURS,
    COLS,
    DISC,
    EMPTY,
    ROWS,
    STRIDE,
    cell_name,
)
from boardwright.games.realm_of_sand.state import (
    CRYSTAL_ACTIVE,
    CRYSTAL_NONE,
    PlayerState,
    RealmState,
)

if TYPE_CHECKING:
    from boardwright.games.realm_of_sand.game import RealmOfSand

CRYSTAL_STATES = {CRYSTAL_NONE: "none", 1: "colourless", CRYSTAL_ACTIVE: "active"}


def card_data(game: RealmOfSand, index: int) -> dict[str, Any]:
    card = game.content.cards[index]
    return {
        "id": card.id,
        "name": card.name,
        "level": card.level,
        "pattern": list(card.rows),
        "stars": card.stars,
        "hourglasses": card.hourglasses,
        "spirits": [COLOURS[c] for c in card.spirits],
        "level_up": card.level_up,
    }


def tile_data(game: RealmOfSand, index: int) -> dict[str, Any]:
    tile = game.content.tiles[index]
    return {
        "id": tile.id,
        "shape": tile.shape,
        "colours": "".join(COLOURS[c] for c in tile.colours),
    }


def board_rows(game: RealmOfSand, p: PlayerState) -> list[str]:
    """One string per row: '.' usable and empty, '~' closed dark field, '*' empty crystal field,
    'g' 'r' 'k' rune squares, 'G' 'R' 'K' 'B' 'Y' spirit discs."""
    board = game.content.boards[p.board]
    usable = board.light | p.unlocked
    rows = []
    for r in range(ROWS):
        chars = []
        for c in range(COLS):
            field = r * STRIDE + c
            code = p.cells[field]
            if code == EMPTY:
                if not usable >> field & 1:
                    chars.append("~")
                elif field == board.crystal_field:
                    chars.append("*")
                else:
                    chars.append(".")
            elif code >= DISC:
                chars.append(COLOURS[code - DISC])
            else:
                chars.append(COLOURS[code - 1].lower())
        rows.append("".join(chars))
    return rows


def player_data(
    game: RealmOfSand, state: RealmState, seat: int, viewer: int | None
) -> dict[str, Any]:
    p = state.players[seat]
    board = game.content.boards[p.board]
    own = viewer == seat
    return {
        "seat": seat,
        "board": {
            "id": board.id,
            "name": board.name,
            "side": board.side,
            "crystal": board.crystal,
            "crystal_field": cell_name(board.crystal_field) if board.crystal_field >= 0 else None,
        },
        "rows": board_rows(game, p),
        "level": p.level,
        "opened_dark_fields": [cell_name(f) for f in range(ROWS * STRIDE) if p.unlocked >> f & 1],
        "discs": {COLOURS[c]: p.pool[c] for c in range(5)},
        "zone": [tile_data(game, t) for t in p.zone],
        "fulfilled": [game.content.cards[c].id for c in p.fulfilled],
        "stars": p.stars,
        "hourglasses": p.hourglasses,
        "kept_cards": [card_data(game, c) for c in p.reserved] if own else len(p.reserved),
        "crystal": CRYSTAL_STATES[p.crystal],
    }


def seat_view(game: RealmOfSand, state: RealmState, seat: int | None) -> dict[str, Any]:
    decision = state.pending
    decision_data: dict[str, Any] | None = None
    if decision is not None:
        decision_data = {"seat": decision.seat, "kind": decision.kind, "prompt": decision.prompt}
        if seat == decision.seat:
            decision_data["options"] = [{"key": o.key, "label": o.label} for o in decision.options]
    result = game.result(state)
    return {
        "game": game.name,
        "viewer": seat,
        "players": len(state.players),
        "solo": len(state.players) == 1,
        "round": state.round,
        "turn": state.seat,
        "first_player": state.first,
        "last_round": state.end_triggered,
        "finished": state.finished,
        "options": {name: getattr(state.opts, name) for name in state.opts.__slots__},
        "supply": {
            "squares": {COLOURS[c]: state.squares[c] for c in range(3)},
            "discs": {COLOURS[c]: state.spirit_supply[c] for c in range(5)},
        },
        "circle": [tile_data(game, t) for t in state.circle],
        "aside": [tile_data(game, t) for t in state.aside],
        "display": [[card_data(game, c) if c >= 0 else None for c in row] for row in state.display],
        "deck_sizes": [len(d) for d in state.decks],
        "seats": [player_data(game, state, s, seat) for s in range(len(state.players))],
        "decision": decision_data,
        "result": result.to_data() if result else None,
    }
