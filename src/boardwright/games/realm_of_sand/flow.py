"""Setup decisions, the turn menu and the end of a turn (rules RS-1, RS-2.1, RS-6, RS-7)."""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.events import Event
from boardwright.engine.procedure import Procedure
from boardwright.engine.state import Frame
from boardwright.games.realm_of_sand.geometry import COLOURS
from boardwright.games.realm_of_sand.rules import Log, Rules, emit
from boardwright.games.realm_of_sand.state import RealmState

BLUE, YELLOW = 3, 4


class RealmProcedure(Procedure[RealmState]):
    def __init__(self, rules: Rules) -> None:
        self.rules = rules


class Draft(RealmProcedure):
    """RS-1.7: seats in ``order`` each choose 3 tiles from the circle, one at a time.

    Frame: (name, order, position in order).
    """

    name = "draft"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        order: tuple[int, ...] = frame[1]
        position: int = frame[2]
        if position >= len(order):
            state.stack.pop()
            return None
        seat = order[position]
        picks = len(state.players[seat].zone)
        tiles = self.rules.tiles
        options = tuple(
            Option(
                f"tile:{tiles[t].id}",
                data=t,
                what="rs.option.draft_tile",
                args={"tile": tiles[t].id},
            )
            for t in state.circle
        )
        return Decision(seat, "draft", options=options, args={"seat": seat, "pick": picks + 1})

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        order: tuple[int, ...] = frame[1]
        position: int = frame[2]
        seat = order[position]
        tile: int = option.data
        state.circle.remove(tile)
        state.players[seat].zone.append(tile)
        emit(log, "draft", seat=seat, tile=self.rules.tiles[tile].id)
        if len(state.players[seat].zone) >= 3:
            state.stack[-1] = (self.name, order, position + 1)
            state.turn_number += 1


class PurpleSetup(RealmProcedure):
    """RS-5.5 (passive): the purple board's owner takes a yellow or blue disc at setup.

    Frame: (name, seat).
    """

    name = "purple_setup"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        seat: int = frame[1]
        options = spirit_options(state)
        if not options:
            state.stack.pop()
            return None
        return Decision(seat, "purple_spirit", options=options, args={"seat": seat})

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        seat: int = frame[1]
        take_spirit(state, seat, option.data, log)
        state.stack.pop()


def spirit_options(state: RealmState) -> tuple[Option, ...]:
    return tuple(
        Option(f"spirit:{COLOURS[c]}", data=c, what="rs.option.spirit", args={"colour": COLOURS[c]})
        for c in (YELLOW, BLUE)
        if state.spirit_supply[c] > 0
    )


def take_spirit(state: RealmState, seat: int, colour: int, log: Log) -> None:
    state.spirit_supply[colour] -= 1
    state.players[seat].pool[colour] += 1
    emit(log, "spirit", seat=seat, colour=COLOURS[colour])


class Turn(RealmProcedure):
    """RS-2.1: one main action, and any number of further actions before and after it.

    Frame: (name, main action done: bool).
    """

    name = "turn"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        p = state.players[seat]
        rules = self.rules
        cards = rules.cards
        options = [
            Option(
                f"fulfil:{cards[c].id}", data=c, what="rs.option.fulfil", args={"card": cards[c].id}
            )
            for c in rules.fulfillable(state, p)
        ]
        if rules.crystal_ready(state, p):
            colour = rules.crystal_colour(p)
            options.append(Option("crystal", what="rs.option.crystal", args={"colour": colour}))
        if frame[1]:
            options.append(Option("end", what="rs.option.end_turn"))
            stage = "further"
        else:
            if rules.placeable_tiles(state, p):
                options.append(Option("place-tile", what="rs.option.place_tile"))
            options.append(Option("discs", what="rs.option.discs"))
            stage = "main"
        return Decision(seat, "turn", options=tuple(options), args={"seat": seat, "stage": stage})

    def resume(self, state: RealmState, frame: Frame, option: Option, log: Log) -> None:
        key = option.key
        stack = state.stack
        seat = state.seat
        if key == "end":
            stack[-1] = ("end_turn",)
        elif key == "place-tile":
            stack[-1] = (self.name, True)
            stack.append(("place_tile", -1, -1))
        elif key == "discs":
            stack[-1] = (self.name, True)
            stack.append(("discs", self.rules.disc_limit(state, state.players[seat]), 0))
        elif key == "crystal":
            p = state.players[seat]
            colour = self.rules.crystal_colour(p)
            p.crystal = 1  # spent: colourless side up
            emit(log, "crystal", seat=seat, colour=colour)
            stack.append(("crystal_" + str(colour), -1, -1, ()))
        else:  # fulfil
            if option.data in state.players[seat].reserved:
                state.reveals += 1  # RS-4.1: a kept card is shown when it is fulfilled
            stack.append(("fulfil", option.data))


class EndTurn(RealmProcedure):
    """RS-4.5, RS-6, RS-7: refill the display, check the end, pass to the next seat."""

    name = "end_turn"

    def step(self, state: RealmState, frame: Frame, log: Log) -> Decision | None:
        refill_display(self.rules, state, log)
        n = len(state.players)
        opts = state.opts
        if n > 1 and not state.end_triggered:
            for seat, p in enumerate(state.players):
                if p.hourglasses >= opts.hourglass_goal:
                    state.end_triggered = True
                    emit(log, "end_triggered", seat=seat, hourglasses=p.hourglasses)
                    break
        state.seat = (state.seat + 1) % n
        state.turn_number += 1
        state.stack.pop()
        if state.seat == state.first:
            if self._game_over(state):
                state.finished = True
                emit(log, "game_over", round=state.round)
                return None
            state.round += 1
        emit(log, "turn", round=state.round, seat=state.seat)
        state.stack.append(("turn", False))
        return None

    @staticmethod
    def _game_over(state: RealmState) -> bool:
        opts = state.opts
        if len(state.players) == 1:
            return len(state.aside) >= opts.solo_rounds or state.round >= opts.max_rounds
        cards_left = any(state.decks) or any(c >= 0 for row in state.display for c in row)
        cards_left = cards_left or any(p.reserved for p in state.players)
        return state.end_triggered or state.round >= opts.max_rounds or not cards_left


def refill_display(rules: Rules, state: RealmState, log: Log) -> None:
    """RS-4.5: empty display slots are filled from their level's deck after the turn."""
    for level, row in enumerate(state.display):
        deck = state.decks[level]
        for slot, card in enumerate(row):
            if card < 0 and deck:
                row[slot] = deck.pop()
                state.reveals += 1
                emit(log, "reveal", level=level + 1, card=rules.cards[row[slot]].id)


def reveal_private(
    log: Log, kind: str, viewer: int, public: dict[str, object], /, **data: object
) -> None:
    """An event whose details only ``viewer`` sees; the others see ``public``."""
    # not named ``seat``: compiled (mypyc), a keyword ``seat`` in ``data`` would bind to it
    if log is not None:
        log.append(Event(kind, data=data, seats=frozenset({viewer}), public=public))
