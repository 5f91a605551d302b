"""Rule queries shared by the procedures: where pieces may go, which cards can be fulfilled."""

from __future__ import annotations

from boardwright.engine.events import Event
from boardwright.games.realm_of_sand.content import Card, RealmContent, Tile
from boardwright.games.realm_of_sand.geometry import DISC, EMPTY, SQUARE, Orientation, bits
from boardwright.games.realm_of_sand.state import (
    CRYSTAL_ACTIVE,
    PlayerState,
    RealmState,
    piece_colour,
)

Log = list[Event] | None


def emit(log: Log, kind: str, **data: object) -> None:
    """Log an event everybody sees: data only; its text is made when a front end asks."""
    if log is not None:
        log.append(Event(kind, data=data))


_MEMO_LIMIT = 200_000


def _fitting_anchors(orientation: Orientation, usable: int, budget: int) -> list[int]:
    """Anchors where every field is usable, or at most ``budget`` fields are not (dark ones)."""
    if budget == 0:
        found = orientation.anchors
        for offset, _ in orientation.fields:
            found &= usable >> offset
        return bits(found)
    shape = orientation.shape_mask
    return [a for a in bits(orientation.anchors) if ((shape << a) & ~usable).bit_count() <= budget]


class Rules:
    """Static content plus the queries every procedure needs."""

    def __init__(self, content: RealmContent) -> None:
        self._anchor_memo: dict[tuple[int, int, int, int], list[int]] = {}
        self.content = content
        self.tiles = content.tiles
        self.cards = content.cards
        self.boards = content.boards

    # --- areas -------------------------------------------------------------------------------
    def usable(self, p: PlayerState) -> int:
        """Fields a piece may go on without opening another dark field."""
        return self.boards[p.board].light | p.unlocked

    def locked_dark(self, p: PlayerState) -> int:
        return self.boards[p.board].dark & ~p.unlocked

    @staticmethod
    def dark_budget(p: PlayerState) -> int:
        """Dark fields the player's level still allows to open (one per level)."""
        return p.level - p.unlocked.bit_count()

    def open_fields(self, p: PlayerState, cells: int) -> None:
        """Record dark fields among ``cells`` as opened (the caller checked the budget)."""
        p.unlocked |= cells & self.boards[p.board].dark

    def allowed_targets(self, p: PlayerState) -> int:
        """Fields one piece may go on now: usable ones, or a dark one if the level allows."""
        if self.dark_budget(p) > 0:
            return self.boards[p.board].light | self.boards[p.board].dark
        return self.usable(p)

    # --- tiles -------------------------------------------------------------------------------
    def tile_orientations(self, state: RealmState, tile: Tile) -> tuple[Orientation, ...]:
        return tile.flipped if state.opts.tile_flip else tile.flat

    def tile_affordable(self, state: RealmState, tile: Tile) -> bool:
        if state.opts.square_shortage == "partial":
            return True
        need = [0, 0, 0]
        for colour in tile.colours:
            need[colour] += 1
        squares = state.squares
        return need[0] <= squares[0] and need[1] <= squares[1] and need[2] <= squares[2]

    def tile_anchors(self, p: PlayerState, orientation: Orientation) -> list[int]:
        """Anchors where this orientation fits the allowed area (dark fields within budget)."""
        usable = self.usable(p)
        budget = max(self.dark_budget(p), 0)
        key = (orientation.shape_mask, orientation.anchors, usable, budget)
        found = self._anchor_memo.get(key)
        if found is None:
            if len(self._anchor_memo) > _MEMO_LIMIT:
                self._anchor_memo.clear()
            found = self._anchor_memo[key] = _fitting_anchors(orientation, usable, budget)
        return found

    def placeable_tiles(self, state: RealmState, p: PlayerState) -> list[int]:
        return [
            t
            for t in p.zone
            if self.tile_affordable(state, self.tiles[t])
            and any(self.tile_anchors(p, o) for o in self.tile_orientations(state, self.tiles[t]))
        ]

    # --- cards -------------------------------------------------------------------------------
    @staticmethod
    def card_possible(state: RealmState, p: PlayerState, card: Card) -> bool:
        """Whether the card's pattern lies anywhere on the player's board (cheap existence test).

        The hottest query of random play: it runs for every display card at every turn menu,
        hence the inlined loops.
        """
        masks = p.masks
        for colour, count in card.need_pairs:
            if masks[colour].bit_count() < count:
                return False
        for orientation in card.with_mirror if state.opts.card_mirror else card.rotations:
            found = orientation.anchors
            for offset, colour in orientation.fields:
                found &= masks[colour] >> offset
                if not found:
                    break
            else:
                return True
        return False

    def card_placements(self, state: RealmState, p: PlayerState, card: Card) -> list[int]:
        """Distinct field sets (as masks) where the card's pattern is on the player's board."""
        masks = p.masks
        needs = card.needs
        for colour in range(5):
            if needs[colour] and masks[colour].bit_count() < needs[colour]:
                return []
        found: list[int] = []
        for orientation in card.with_mirror if state.opts.card_mirror else card.rotations:
            anchors = orientation.matches(masks)
            for anchor in bits(anchors):
                cells = orientation.shape_mask << anchor
                if cells not in found:
                    found.append(cells)
        return found

    def fulfillable(self, state: RealmState, p: PlayerState) -> list[int]:
        """Face-up display cards and the player's kept cards whose pattern is on the board."""
        cards = self.cards
        out = [
            c
            for row in state.display
            for c in row
            if c >= 0 and self.card_possible(state, p, cards[c])
        ]
        out.extend(c for c in p.reserved if self.card_possible(state, p, cards[c]))
        return out

    # --- crystals ----------------------------------------------------------------------------
    def crystal_colour(self, p: PlayerState) -> str | None:
        return self.boards[p.board].crystal

    def crystal_ready(self, state: RealmState, p: PlayerState) -> bool:
        """Active, not activated in this very turn, and its power would do something."""
        if p.crystal != CRYSTAL_ACTIVE or p.crystal_turn == state.turn_number:
            return False
        colour = self.crystal_colour(p)
        if colour == "red":
            return any(state.decks)
        if colour == "purple":
            return state.opts.purple_power == "crystal"
        if colour == "yellow":
            own = {c for c in range(5) if p.pool[c]}
            own.update(piece_colour(p.cells[f]) for f in bits(p.discs_on_board))
            supply = {c for c in range(5) if state.spirit_supply[c]}
            return any(supply - {c} for c in own)
        if colour == "green":
            squares = p.occupied() & ~p.discs_on_board
            return squares != 0 and (self.allowed_targets(p) & ~p.occupied()) != 0
        if colour == "orange":
            return p.level < state.opts.max_level
        if colour == "blue":
            return bool(state.circle) and bool(p.zone)
        return False

    def disc_limit(self, state: RealmState, p: PlayerState) -> int:
        """Discs the main action may place or move: 3, or -1 for no limit (purple power)."""
        unlimited = (
            state.opts.purple_power == "passive" or state.unlimited_turn == state.turn_number
        )
        return -1 if unlimited and self.crystal_colour(p) == "purple" else 3

    # --- pieces ------------------------------------------------------------------------------
    @staticmethod
    def remove_piece(state: RealmState, p: PlayerState, field: int) -> int:
        """Take the piece off a field: squares to the supply, discs back to the player."""
        old = p.put(field, EMPTY)
        if old != EMPTY:
            colour = piece_colour(old)
            if old >= DISC:
                p.pool[colour] += 1
            else:
                state.squares[colour] += 1
        return old

    def place_piece(self, state: RealmState, p: PlayerState, field: int, code: int) -> None:
        """Put a piece on a field, removing what was there and opening a dark field."""
        self.remove_piece(state, p, field)
        p.put(field, code)
        self.open_fields(p, 1 << field)


def square(colour: int) -> int:
    return SQUARE + colour


def disc(colour: int) -> int:
    return DISC + colour
