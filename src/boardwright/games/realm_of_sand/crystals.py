"""The six crystal powers of the advanced boards (rules RS-5).

Frames: (name, a, b, drawn) with meanings per power; -1 means "not chosen yet".
"""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.realm_of_sand.flow import (
    RealmProcedure,
    reveal_private,
    spirit_options,
    take_spirit,
)
from boardwright.games.realm_of_sand.geometry import COLOURS, EMPTY, bits, cell_name
from boardwright.games.realm_of_sand.rules import Log, disc, emit
from boardwright.games.realm_of_sand.state import RealmState, piece_colour


class RedCrystal(RealmProcedure):
    """RS-5.2: look at the top 3 cards of a deck, keep one face down, the rest go underneath.

    Frame: (name, level index or -1, unused, drawn card indexes).
    """

    name = "crystal_red"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        level: int = frame[1]
        if level < 0:
            options = tuple(
                Option(
                    f"deck:{i + 1}",
                    data=i,
                    what="rs.option.red_deck",
                    args={"level": i + 1, "size": len(deck)},
                )
                for i, deck in enumerate(state.decks)
                if deck
            )
            return Decision(seat, "red_deck", options=options, args={"seat": seat})
        drawn: tuple[int, ...] = frame[3]
        cards = self.rules.cards
        options = tuple(
            Option(
                f"keep:{cards[c].id}", data=c, what="rs.option.red_keep", args={"card": cards[c].id}
            )
            for c in drawn
        )
        return Decision(seat, "red_keep", options=options, args={"seat": seat, "level": level + 1})

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        seat = state.seat
        cards = self.rules.cards
        if frame[1] == -1:
            level: int = option.data
            deck = state.decks[level]
            drawn = tuple(deck.pop() for _ in range(min(3, len(deck))))
            state.reveals += 1
            for player in state.players:  # whoever put one of them under no longer knows its place
                player.known_under = [c for c in player.known_under if c not in drawn]
            reveal_private(
                log,
                "red_look",
                seat,
                {"seat": seat, "count": len(drawn), "level": level + 1},
                seat=seat,
                cards=[cards[c].id for c in drawn],
                level=level + 1,
            )
            state.stack[-1] = (self.name, level, -1, drawn)
            return
        level = frame[1]
        drawn = frame[3]
        kept: int = option.data
        state.players[seat].reserved.append(kept)
        # The others go under the deck in the order they were drawn (bottom = index 0).
        under = [c for c in reversed(drawn) if c != kept]
        state.decks[level][:0] = under
        state.players[seat].known_under.extend(under)
        reveal_private(
            log,
            "red_keep",
            seat,
            {"seat": seat, "level": level + 1},
            seat=seat,
            card=cards[kept].id,
            level=level + 1,
        )
        state.stack.pop()


class PurpleCrystal(RealmProcedure):
    """RS-5.5 (crystal mode): take a yellow or blue disc; no disc limit this turn."""

    name = "crystal_purple"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        state.unlimited_turn = state.turn_number
        options = spirit_options(state)
        if not options:
            state.stack.pop()
            return None
        return Decision(state.seat, "purple_spirit", options=options, args={"seat": state.seat})

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        take_spirit(state, state.seat, option.data, log)
        state.stack.pop()


class YellowCrystal(RealmProcedure):
    """RS-5.3: swap one of your discs (in front of you or on the board) for one from the supply.

    Frame: (name, source: colour 0-4 from the pool or 100+field, -1, ()).
    """

    name = "crystal_yellow"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        p = state.players[seat]
        source: int = frame[1]
        if source < 0:
            options = [
                Option(
                    f"disc:{COLOURS[c]}",
                    data=c,
                    what="rs.option.yellow_pool_disc",
                    args={"colour": COLOURS[c]},
                )
                for c in range(5)
                if p.pool[c] and self._swappable(state, c)
            ]
            for field in bits(p.discs_on_board):
                colour = piece_colour(p.cells[field])
                if self._swappable(state, colour):
                    cell = cell_name(field)
                    options.append(
                        Option(
                            f"disc@{cell}",
                            data=100 + field,
                            what="rs.option.yellow_board_disc",
                            args={"colour": COLOURS[colour], "cell": cell},
                        )
                    )
            return Decision(seat, "yellow_disc", options=tuple(options), args={"seat": seat})
        colour = source if source < 100 else piece_colour(p.cells[source - 100])
        options = [
            Option(
                f"swap:{COLOURS[c]}",
                data=c,
                what="rs.option.yellow_swap",
                args={"colour": COLOURS[c]},
            )
            for c in range(5)
            if c != colour and state.spirit_supply[c] > 0
        ]
        return Decision(
            seat,
            "yellow_swap",
            options=tuple(options),
            args={"seat": seat, "colour": COLOURS[colour]},
        )

    @staticmethod
    def _swappable(state: RealmState, colour: int) -> bool:
        return any(state.spirit_supply[c] for c in range(5) if c != colour)

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        if frame[1] == -1:
            state.stack[-1] = (self.name, option.data, -1, ())
            return
        seat = state.seat
        p = state.players[seat]
        source: int = frame[1]
        new: int = option.data
        if source >= 100:
            old = piece_colour(p.put(source - 100, disc(new)))
        else:
            old = source
            p.pool[old] -= 1
            p.pool[new] += 1
        state.spirit_supply[old] += 1
        state.spirit_supply[new] -= 1
        emit(
            log,
            "swap_disc",
            seat=seat,
            old=COLOURS[old],
            new=COLOURS[new],
            on_cell=cell_name(source - 100) if source >= 100 else None,
        )
        state.stack.pop()


class GreenCrystal(RealmProcedure):
    """RS-5.4: move one rune square on your board to an empty field.

    Frame: (name, field of the square or -1, -1, ()).
    """

    name = "crystal_green"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        p = state.players[seat]
        source: int = frame[1]
        if source < 0:
            squares = p.occupied() & ~p.discs_on_board
            options = tuple(
                Option(
                    f"square:{cell}",
                    data=f,
                    what="rs.option.green_square",
                    args={"colour": COLOURS[piece_colour(p.cells[f])], "cell": cell},
                )
                for f in bits(squares)
                for cell in (cell_name(f),)
            )
            return Decision(seat, "green_square", options=options, args={"seat": seat})
        empty = self.rules.allowed_targets(p) & ~p.occupied()
        options = tuple(
            Option(f"to:{cell}", data=f, what="rs.option.green_target", args={"cell": cell})
            for f in bits(empty)
            for cell in (cell_name(f),)
        )
        return Decision(
            seat, "green_target", options=options, args={"seat": seat, "cell": cell_name(source)}
        )

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        if frame[1] == -1:
            state.stack[-1] = (self.name, option.data, -1, ())
            return
        p = state.players[state.seat]
        source: int = frame[1]
        target: int = option.data
        code = p.put(source, EMPTY)
        self.rules.place_piece(state, p, target, code)
        emit(
            log,
            "move_square",
            seat=state.seat,
            source=cell_name(source),
            to=cell_name(target),
            colour=COLOURS[piece_colour(code)],
        )
        state.stack.pop()


class OrangeCrystal(RealmProcedure):
    """RS-5.6: raise your level by one."""

    name = "crystal_orange"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        p = state.players[state.seat]
        p.level = min(p.level + 1, state.opts.max_level)
        emit(log, "level", seat=state.seat, level=p.level)
        state.stack.pop()
        return None


class BlueCrystal(RealmProcedure):
    """RS-5.7: swap one or two tiles of your active zone for any tiles of the circle.

    Frame: (name, swaps done, zone tile being given or -1, ()).
    """

    name = "crystal_blue"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        p = state.players[seat]
        done: int = max(frame[1], 0)
        give: int = frame[2]
        tiles = self.rules.tiles
        if done >= 2 or not state.circle:
            state.stack.pop()
            return None
        if give < 0:
            options = [
                Option(
                    f"give:{tiles[t].id}",
                    data=t,
                    what="rs.option.blue_give",
                    args={"tile": tiles[t].id},
                )
                for t in p.zone
            ]
            if done >= 1:
                options.append(Option("done", what="rs.option.blue_done"))
            return Decision(
                seat, "blue_give", options=tuple(options), args={"seat": seat, "swap": done + 1}
            )
        options = [
            Option(
                f"take:{tiles[t].id}",
                data=i,
                what="rs.option.blue_take",
                args={"tile": tiles[t].id, "position": i},
            )
            for i, t in enumerate(state.circle)
        ]
        return Decision(
            seat, "blue_take", options=tuple(options), args={"seat": seat, "tile": tiles[give].id}
        )

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        done: int = max(frame[1], 0)
        if option.key == "done":
            state.stack.pop()
            return
        if frame[2] == -1:
            state.stack[-1] = (self.name, done, option.data, ())
            return
        p = state.players[state.seat]
        give: int = frame[2]
        position: int = option.data
        taken = state.circle[position]
        state.circle[position] = give
        p.zone[p.zone.index(give)] = taken
        emit(
            log,
            "swap_tile",
            seat=state.seat,
            gave=self.rules.tiles[give].id,
            took=self.rules.tiles[taken].id,
        )
        state.stack[-1] = (self.name, done + 1, -1, ())
