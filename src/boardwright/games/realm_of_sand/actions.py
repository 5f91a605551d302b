"""The main actions and fulfilling buildings (rules RS-2, RS-3, RS-4, RS-7.2)."""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.realm_of_sand.flow import RealmProcedure
from boardwright.games.realm_of_sand.geometry import (
    COLOURS,
    EMPTY,
    bits,
    cell_name,
    cells_key,
)
from boardwright.games.realm_of_sand.rules import Log, disc, emit, square
from boardwright.games.realm_of_sand.state import (
    CRYSTAL_ACTIVE,
    CRYSTAL_SPENT,
    RealmState,
    piece_colour,
)


class PlaceTile(RealmProcedure):
    """RS-2.2: choose a tile, then its orientation, then where it goes.

    Frame: (name, tile index or -1, orientation index or -1).
    """

    name = "place_tile"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        rules = self.rules
        seat = state.seat
        p = state.players[seat]
        tile_index: int = frame[1]
        orient: int = frame[2]
        tiles = rules.tiles
        if tile_index < 0:
            options = tuple(
                Option(
                    f"tile:{tiles[t].id}",
                    data=t,
                    what="rs.option.choose_tile",
                    args={"tile": tiles[t].id},
                )
                for t in rules.placeable_tiles(state, p)
            )
            return Decision(seat, "choose_tile", options=options, args={"seat": seat})
        tile = tiles[tile_index].id
        orientations = rules.tile_orientations(state, tiles[tile_index])
        if orient < 0:
            options = tuple(
                Option(
                    f"orient:{i}",
                    data=i,
                    what="rs.option.orientation",
                    args={"tile": tile, "orientation": i, "rows": list(o.rows)},
                )
                for i, o in enumerate(orientations)
                if rules.tile_anchors(p, o)
            )
            return Decision(
                seat, "tile_orientation", options=options, args={"seat": seat, "tile": tile}
            )
        orientation = orientations[orient]
        options = tuple(
            Option(f"at:{fields}", data=a, what="rs.option.tile_fields", args={"fields": fields})
            for a in rules.tile_anchors(p, orientation)
            for fields in (cells_key(orientation.shape_mask << a),)
        )
        return Decision(
            seat,
            "tile_position",
            options=options,
            args={"seat": seat, "tile": tile, "orientation": orient},
        )

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        if frame[1] == -1:
            state.stack[-1] = (self.name, option.data, -1)
            return
        if frame[2] == -1:
            state.stack[-1] = (self.name, frame[1], option.data)
            return
        rules = self.rules
        seat = state.seat
        p = state.players[seat]
        tile_index: int = frame[1]
        orientation = rules.tile_orientations(state, rules.tiles[tile_index])[frame[2]]
        anchor: int = option.data
        covered = 0
        for offset, colour in orientation.fields:
            field = anchor + offset
            if p.cells[field] != EMPTY:
                covered += 1
            rules.remove_piece(state, p, field)
            if state.squares[colour] > 0:
                state.squares[colour] -= 1
                p.put(field, square(colour))
        rules.open_fields(p, orientation.shape_mask << anchor)
        p.zone.remove(tile_index)
        solo = len(state.players) == 1
        if solo:
            state.aside.append(tile_index)
        else:
            state.circle.append(tile_index)  # behind the queen
        emit(
            log,
            "place_tile",
            seat=seat,
            tile=rules.tiles[tile_index].id,
            fields=cells_key(orientation.shape_mask << anchor),
            covered=covered,
        )
        state.stack[-1] = ("refill_zone",)


class RefillZone(RealmProcedure):
    """RS-2.5/RS-2.6: take one of the first two tiles after the queen until the zone holds 3."""

    name = "refill_zone"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        p = state.players[seat]
        if len(p.zone) >= 3 or not state.circle:
            state.stack.pop()
            return None
        if len(state.circle) == 1:
            self._take(state, 0, log)
            return None
        tiles = self.rules.tiles
        options = tuple(
            Option(
                f"take:{tiles[t].id}",
                data=i,
                what="rs.option.take_tile",
                args={"tile": tiles[t].id, "position": i},
            )
            for i, t in enumerate(state.circle[:2])
        )
        return Decision(seat, "take_tile", options=options, args={"seat": seat})

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        self._take(state, option.data, log)

    def _take(self, state: RealmState, position: int, log: Log) -> None:
        tile = state.circle.pop(position)
        state.players[state.seat].zone.append(tile)
        emit(log, "take_tile", seat=state.seat, tile=self.rules.tiles[tile].id)


class SoloAside(RealmProcedure):
    """RS-7.2: after the disc action in the solo game, set one zone tile aside as round marker."""

    name = "solo_aside"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        p = state.players[state.seat]
        if not p.zone:
            state.stack[-1] = ("refill_zone",)
            return None
        tiles = self.rules.tiles
        options = tuple(
            Option(
                f"aside:{tiles[t].id}",
                data=t,
                what="rs.option.set_aside",
                args={"tile": tiles[t].id},
            )
            for t in p.zone
        )
        return Decision(state.seat, "set_aside", options=options, args={"seat": state.seat})

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        p = state.players[state.seat]
        p.zone.remove(option.data)
        state.aside.append(option.data)
        emit(log, "set_aside", seat=state.seat, tile=self.rules.tiles[option.data].id)
        state.stack[-1] = ("refill_zone",)


class Discs(RealmProcedure):
    """RS-3.1: place or move up to 3 discs (``left`` -1: no limit), each disc once: a disc
    placed or moved in this action does not move again.

    Frame: (name, moves left, mask of the fields holding the discs this action has moved).
    """

    name = "discs"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        p = state.players[seat]
        left: int = frame[1]
        moved: int = frame[2]
        options: list[Option] = []
        if left != 0:
            targets = self.rules.allowed_targets(p)
            if targets:
                options.extend(
                    Option(
                        f"place:{COLOURS[c]}",
                        data=c,
                        what="rs.option.place_disc",
                        args={"colour": COLOURS[c]},
                    )
                    for c in range(5)
                    if p.pool[c]
                )
            for field in bits(p.discs_on_board & ~moved):
                if targets & ~(1 << field):
                    cell = cell_name(field)
                    options.append(
                        Option(
                            f"move:{cell}",
                            data=100 + field,
                            what="rs.option.move_disc",
                            args={"colour": COLOURS[piece_colour(p.cells[field])], "cell": cell},
                        )
                    )
        options.append(Option("done", what="rs.option.discs_done"))
        return Decision(seat, "discs", options=tuple(options), args={"seat": seat, "left": left})

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        if option.key == "done":
            if len(state.players) == 1:
                state.stack[-1] = ("solo_aside",)
            else:
                state.stack.pop()
            return
        state.stack.append(("disc_target", option.data))


class DiscTarget(RealmProcedure):
    """Where the chosen disc goes. Frame: (name, source: colour 0-4 from the pool, 100+field)."""

    name = "disc_target"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        p = state.players[seat]
        source: int = frame[1]
        targets = self.rules.allowed_targets(p)
        if source >= 100:
            targets &= ~(1 << (source - 100))
        options = tuple(
            Option(f"to:{cell}", data=f, what="rs.option.disc_target", args={"cell": cell})
            for f in bits(targets)
            for cell in (cell_name(f),)
        )
        return Decision(seat, "disc_target", options=options, args={"seat": seat})

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        rules = self.rules
        seat = state.seat
        p = state.players[seat]
        source: int = frame[1]
        target: int = option.data
        if source >= 100:
            colour = piece_colour(p.put(source - 100, EMPTY))
        else:
            colour = source
            p.pool[colour] -= 1
        covering = p.cells[target] != EMPTY
        rules.place_piece(state, p, target, disc(colour))
        emit(
            log,
            "move_disc" if source >= 100 else "place_disc",
            seat=seat,
            colour=COLOURS[colour],
            to=cell_name(target),
            source=cell_name(source - 100) if source >= 100 else "pool",
            covering=covering,
        )
        state.stack.pop()
        _, left, moved = state.stack[-1]
        if source >= 100:
            moved &= ~(1 << (source - 100))
        state.stack[-1] = ("discs", left - 1 if left > 0 else left, moved | 1 << target)


class Fulfil(RealmProcedure):
    """RS-4: choose which matching fields fulfil the card; pay the pieces, take the rewards.

    Frame: (name, card index).
    """

    name = "fulfil"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        card = self.rules.cards[frame[1]]
        placements = self.rules.card_placements(state, state.players[seat], card)
        options = tuple(
            Option(f"at:{fields}", data=m, what="rs.option.fulfil_fields", args={"fields": fields})
            for m in placements
            for fields in (cells_key(m),)
        )
        return Decision(
            seat, "fulfil_fields", options=options, args={"seat": seat, "card": card.id}
        )

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        rules = self.rules
        seat = state.seat
        p = state.players[seat]
        card_index: int = frame[1]
        card = rules.cards[card_index]
        cells: int = option.data
        for field in bits(cells):
            rules.remove_piece(state, p, field)
        if card_index in p.reserved:
            p.reserved.remove(card_index)
        else:
            row = state.display[card.level - 1]
            row[row.index(card_index)] = -1
        p.fulfilled.append(card_index)
        p.stars += card.stars
        p.hourglasses += card.hourglasses
        gained = []
        for colour in card.spirits:
            if state.spirit_supply[colour] > 0:
                state.spirit_supply[colour] -= 1
                p.pool[colour] += 1
                gained.append(COLOURS[colour])
        if card.level_up:
            p.level = min(p.level + card.level_up, state.opts.max_level)
        crystal_field = rules.boards[p.board].crystal_field
        activated = crystal_field >= 0 and cells >> crystal_field & 1 and p.crystal == CRYSTAL_SPENT
        if activated:
            p.crystal = CRYSTAL_ACTIVE
            p.crystal_turn = state.turn_number
        emit(
            log,
            "fulfil",
            seat=seat,
            card=card.id,
            fields=cells_key(cells),
            stars=card.stars,
            hourglasses=card.hourglasses,
            spirits=gained,
            new_level=p.level if card.level_up else None,
            activated=rules.crystal_colour(p) if activated else None,
        )
        state.stack.pop()
