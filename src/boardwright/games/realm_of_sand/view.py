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
    ROWS,
    STRIDE,
    bits,
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
    """A card as view data (built once per game and shared: views are read-only)."""
    return _static(game).cards[index]


def tile_data(game: RealmOfSand, index: int) -> dict[str, Any]:
    """A tile as view data (built once per game and shared: views are read-only)."""
    return _static(game).tiles[index]


class _StaticViews:
    """View data that never changes: cards, tiles, and each board's empty-field characters."""

    def __init__(self, game: RealmOfSand) -> None:
        content = game.content
        self.cards = [
            {
                "id": card.id,
                "name": card.name,
                "level": card.level,
                "pattern": list(card.rows),
                "stars": card.stars,
                "hourglasses": card.hourglasses,
                "spirits": [COLOURS[c] for c in card.spirits],
                "level_up": card.level_up,
            }
            for card in content.cards
        ]
        self.tiles = [
            {"id": t.id, "shape": t.shape, "colours": "".join(COLOURS[c] for c in t.colours)}
            for t in content.tiles
        ]
        self.empty_open = []  # per board: the character of each empty usable field
        for board in content.boards:
            chars = ["."] * (ROWS * STRIDE)
            if board.crystal_field >= 0:
                chars[board.crystal_field] = "*"
            self.empty_open.append(chars)


_STATIC: dict[int, _StaticViews] = {}


def _static(game: RealmOfSand) -> _StaticViews:
    views = _STATIC.get(id(game))
    if views is None:
        views = _STATIC[id(game)] = _StaticViews(game)
    return views


# What an occupied field shows: squares in lower case, discs in upper case.
_PIECE_CHARS = {
    code: (COLOURS[code - DISC] if code >= DISC else COLOURS[code - 1].lower())
    for code in (*range(1, 4), *range(DISC, DISC + 5))
}


_ROWS_MEMO: dict[tuple[int, int, tuple[int, ...]], list[str]] = {}


def board_rows(game: RealmOfSand, p: PlayerState) -> list[str]:
    """One string per row: '.' usable and empty, '~' closed dark field, '*' empty crystal field,
    'g' 'r' 'k' rune squares, 'G' 'R' 'K' 'B' 'Y' spirit discs.

    Memoised on the board's contents: every seat's view shows the same boards.
    """
    key = (p.board, p.unlocked, tuple(p.cells))
    rows = _ROWS_MEMO.get(key)
    if rows is None:
        usable = game.content.boards[p.board].light | p.unlocked
        empty = _static(game).empty_open[p.board]
        chars = [
            _PIECE_CHARS[code] if code else (empty[f] if usable >> f & 1 else "~")
            for f, code in enumerate(p.cells)
        ]
        rows = ["".join(chars[r * STRIDE : r * STRIDE + COLS]) for r in range(ROWS)]
        if len(_ROWS_MEMO) > 50_000:
            _ROWS_MEMO.clear()
        _ROWS_MEMO[key] = rows
    return rows[:]


def player_data(
    game: RealmOfSand, state: RealmState, seat: int, viewer: int | None
) -> dict[str, Any]:
    p = state.players[seat]
    board = game.content.boards[p.board]
    own = viewer == seat
    static = _static(game)
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
        "opened_dark_fields": [cell_name(f) for f in bits(p.unlocked)],
        "discs": {COLOURS[c]: p.pool[c] for c in range(5)},
        "zone": [static.tiles[t] for t in p.zone],
        "fulfilled": [game.content.cards[c].id for c in p.fulfilled],
        "stars": p.stars,
        "hourglasses": p.hourglasses,
        "kept_cards": [static.cards[c] for c in p.reserved] if own else len(p.reserved),
        "crystal": CRYSTAL_STATES[p.crystal],
    }


def seat_view(game: RealmOfSand, state: RealmState, seat: int | None) -> dict[str, Any]:
    decision = state.pending
    decision_data = None if decision is None else decision.view_data(seat)
    result = game.result(state)
    static = _static(game)
    tiles, cards = static.tiles, static.cards
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
        "circle": [tiles[t] for t in state.circle],
        "aside": [tiles[t] for t in state.aside],
        "display": [[cards[c] if c >= 0 else None for c in row] for row in state.display],
        "deck_sizes": [len(d) for d in state.decks],
        "seats": [player_data(game, state, s, seat) for s in range(len(state.players))],
        "decision": decision_data,
        "result": result.to_data() if result else None,
    }
