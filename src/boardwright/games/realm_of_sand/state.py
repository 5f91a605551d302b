"""Realm of Sand game state: ids, counters and small lists, cheap to clone."""

from __future__ import annotations

from boardwright.engine.rng import Rng
from boardwright.engine.state import StateBase
from boardwright.games.realm_of_sand.geometry import (
    CELLS,
    COLOURS,
    DISC,
    EMPTY,
    ROWS,
    SQUARE,
    STRIDE,
)
from boardwright.games.realm_of_sand.options import RealmOptions

CRYSTAL_NONE = 0  # starter side: no crystal
CRYSTAL_SPENT = 1  # colourless side up
CRYSTAL_ACTIVE = 2  # coloured side up


class PlayerState:
    """One player's board and belongings. ``masks[c]`` are the fields holding colour ``c``."""

    __slots__ = (
        "board",
        "cells",
        "crystal",
        "crystal_turn",
        "discs_on_board",
        "fulfilled",
        "hourglasses",
        "known_under",
        "level",
        "masks",
        "pool",
        "reserved",
        "stars",
        "unlocked",
        "zone",
    )

    def __init__(self, board: int) -> None:
        self.board = board
        self.cells = [EMPTY] * (ROWS * STRIDE)
        self.masks = [0] * len(COLOURS)
        self.discs_on_board = 0  # bit mask of fields holding a disc
        self.unlocked = 0  # dark fields opened by levels
        self.level = 0
        self.pool = [0] * len(COLOURS)  # spirit discs in front of the player, by colour
        self.zone: list[int] = []  # tile indexes in the active zone
        self.fulfilled: list[int] = []  # card indexes
        self.reserved: list[int] = []  # face-down cards kept with the red crystal
        # cards this player put under a deck with the red crystal: while one is still in its
        # deck, only this player knows which card lies there (determinize keeps it in place)
        self.known_under: list[int] = []
        self.stars = 0
        self.hourglasses = 0
        self.crystal = CRYSTAL_NONE
        self.crystal_turn = -1  # the turn number in which the crystal was last activated

    def clone(self) -> PlayerState:
        # through __init__: a compiled (mypyc) class has no bare __new__
        other = PlayerState(self.board)
        other.cells = self.cells[:]
        other.masks = self.masks[:]
        other.discs_on_board = self.discs_on_board
        other.unlocked = self.unlocked
        other.level = self.level
        other.pool = self.pool[:]
        other.zone = self.zone[:]
        other.fulfilled = self.fulfilled[:]
        other.reserved = self.reserved[:]
        other.known_under = self.known_under[:]
        other.stars = self.stars
        other.hourglasses = self.hourglasses
        other.crystal = self.crystal
        other.crystal_turn = self.crystal_turn
        return other

    # --- board changes keep cells and masks in step -------------------------------------------
    def put(self, field: int, code: int) -> int:
        """Place a piece code on a field; return what was there (EMPTY, SQUARE+c or DISC+c)."""
        old = self.cells[field]
        bit = 1 << field
        if old != EMPTY:
            self.masks[_colour(old)] &= ~bit
        self.cells[field] = code
        if code != EMPTY:
            self.masks[_colour(code)] |= bit
        if code >= DISC:
            self.discs_on_board |= bit
        else:
            self.discs_on_board &= ~bit
        return old

    def occupied(self) -> int:
        m = self.masks
        return m[0] | m[1] | m[2] | m[3] | m[4]

    def pieces_on_board(self) -> int:
        return sum(1 for i in CELLS if self.cells[i] != EMPTY)


def _colour(code: int) -> int:
    return code - DISC if code >= DISC else code - SQUARE


def piece_colour(code: int) -> int:
    return _colour(code)


class RealmState(StateBase):
    __slots__ = (
        "aside",
        "circle",
        "decks",
        "display",
        "end_triggered",
        "finished",
        "first",
        "opts",
        "players",
        "round",
        "seat",
        "spirit_supply",
        "spirits_in_game",
        "squares",
        "turn_number",
        "unlimited_turn",
    )

    def __init__(self, rng: Rng, opts: RealmOptions) -> None:
        super().__init__(rng)
        self.opts = opts  # immutable, shared by clones
        self.players: list[PlayerState] = []
        self.decks: list[list[int]] = [[], [], []]  # card indexes, top = last
        self.display: list[list[int]] = [[], [], []]  # 4 slots per level, -1 = empty
        self.circle: list[int] = []  # tile indexes; [0] is the first tile clockwise after the queen
        self.aside: list[int] = []  # solo: tiles set aside as round markers
        self.squares = [0, 0, 0]  # rune squares in the supply by colour
        self.spirit_supply = [0] * len(COLOURS)
        self.spirits_in_game = 0  # discs taken out of the box for this player count
        self.first = 0
        self.seat = 0
        self.turn_number = 0
        self.round = 1
        self.end_triggered = False
        self.finished = False
        self.unlimited_turn = -1  # purple crystal (crystal mode): the turn with no disc limit

    def clone(self) -> RealmState:
        # through __init__: a compiled (mypyc) class has no bare __new__
        other = RealmState(self.rng, self.opts)
        self._copy_base_into(other)
        other.opts = self.opts
        other.players = [p.clone() for p in self.players]
        other.decks = [d[:] for d in self.decks]
        other.display = [d[:] for d in self.display]
        other.circle = self.circle[:]
        other.aside = self.aside[:]
        other.squares = self.squares[:]
        other.spirit_supply = self.spirit_supply[:]
        other.spirits_in_game = self.spirits_in_game
        other.first = self.first
        other.seat = self.seat
        other.turn_number = self.turn_number
        other.round = self.round
        other.end_triggered = self.end_triggered
        other.finished = self.finished
        other.unlimited_turn = self.unlimited_turn
        return other
