"""The sandstorm's procedures (AK-13): placing and moving it, the wind turning, heroes carried,
and a sunburst's storm (AK-6.6). The geometry is in :mod:`.sandstorm`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.adventures.al_kalim.message_args import record
from boardwright.games.runebound.adventures.al_kalim.options import al_kalim_options
from boardwright.games.runebound.adventures.al_kalim.procedure import AlKalimProcedure
from boardwright.games.runebound.adventures.al_kalim.sandstorm import (
    DIRECTION_NAMES,
    arrows,
    covered,
    points_off,
    settle,
)
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.effects import replenish
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Log
from boardwright.games.runebound.state import (
    RuneboundState,
)

if TYPE_CHECKING:
    from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules


def spread(state: RuneboundState) -> int:
    """AK-13.4: the arrows' spread in direction steps (60 degrees = 1)."""
    return 1 if al_kalim_options(state).sandstorm_arrow_spread == "60" else 2


def storm_frame(state: RuneboundState) -> tuple[object, ...]:
    """The frame that brings the sandstorm in or moves it (AK-13.1-AK-13.3)."""
    al_kalim = al_kalim_state(state)
    if al_kalim.storm < 0:
        moves = 2 if al_kalim_options(state).sandstorm_start == "place_and_move" else 0
        return ("al_kalim_storm", -1, moves)
    return ("al_kalim_storm", 0, 2)


def turn_storm(rules: AlKalimRules, state: RuneboundState, log: Log) -> None:
    """AK-13.6: the wind turns one step clockwise, then the edge rule (AK-13.5); nothing when
    the storm has not appeared yet (AK-8.6)."""
    al_kalim = al_kalim_state(state)
    if al_kalim.storm < 0:
        record(log, "story", "wind_turns_calm")
        return
    al_kalim.storm_direction = settle(
        rules.board, al_kalim.storm, al_kalim.storm_direction + 1, spread(state)
    )
    record(
        log,
        "storm",
        "turns",
        direction=DIRECTION_NAMES[al_kalim.storm_direction],
        arrows=arrow_names(al_kalim.storm_direction, spread(state)),
    )


def arrow_names(direction: int, spread: int) -> list[str]:
    """The directions the two arrows of a marker turned to ``direction`` point to, by name
    (the display field ``arrows`` reads them "east and south-east")."""
    return [DIRECTION_NAMES[a] for a in arrows(direction, spread)]


class Storm(AlKalimProcedure):
    """AK-13.1-AK-13.5: place the sandstorm, then move it step by step.

    Frame: (name, stage, moves left): stage -1 = place it (choose the arrows), 0 = move.
    """

    name = "al_kalim_storm"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        stage: int = frame[1]
        left: int = frame[2]
        al_kalim = al_kalim_state(state)
        board = self.ak_rules.board
        seat = state.seat
        if stage < 0:
            centre = board.sandstorm_start
            options = tuple(
                Option(
                    f"arrows:{DIRECTION_NAMES[d]}",
                    data=d,
                    what="rb.option.storm_arrows",
                    args={"arrows": arrow_names(d, spread(state))},
                )
                for d in range(6)
                if not points_off(board, centre, d, spread(state))
            )
            if not options:
                options = (
                    Option(
                        "arrows:east",
                        data=0,
                        what="rb.option.storm_arrows",
                        args={"arrows": ["east"]},
                    ),
                )
            return Decision(seat, "storm_place", options=options)
        moves = self.ak_rules.storm_moves(al_kalim.storm, al_kalim.storm_direction, spread(state))
        if left <= 0 or not moves:  # AK-13.5: no arrow allows a step; the rest is lost
            self._end_move(state, log)
            state.stack.pop()
            return None
        options = tuple(
            Option(
                f"step:{DIRECTION_NAMES[d]}",
                data=t,
                what="rb.option.storm_step",
                args={"direction": DIRECTION_NAMES[d]},
            )
            for d, t in moves
        )
        return Decision(seat, "storm_move", options=options)

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        al_kalim = al_kalim_state(state)
        board = self.ak_rules.board
        if frame[1] < 0:
            al_kalim.storm = board.sandstorm_start
            al_kalim.storm_direction = option.data
            record(
                log,
                "storm",
                "rises",
                hex=self.ak_rules.hex_labels[al_kalim.storm],
                arrows=arrow_names(al_kalim.storm_direction, spread(state)),
            )
            state.stack[-1] = (self.name, 0, frame[2])
            return
        old = al_kalim.storm
        al_kalim.storm = option.data
        if al_kalim_options(state).storm_carries_heroes:  # AK-13.7 (option)
            carry(self.ak_rules, state, old, al_kalim.storm)
        # AK-13.5: the marker keeps its arrows during the move; only its end may turn it
        record(
            log,
            "storm",
            "moves",
            hex=self.ak_rules.hex_labels[al_kalim.storm],
            arrows=arrow_names(al_kalim.storm_direction, spread(state)),
        )
        state.stack[-1] = (self.name, 0, frame[2] - 1)

    def _end_move(self, state: RuneboundState, log: Log) -> None:
        """AK-13.5: a move that ends with an arrow off the board turns the marker clockwise
        until neither arrow points off it."""
        al_kalim = al_kalim_state(state)
        turned = settle(
            self.ak_rules.board, al_kalim.storm, al_kalim.storm_direction, spread(state)
        )
        if turned != al_kalim.storm_direction:
            al_kalim.storm_direction = turned
            record(
                log,
                "storm",
                "edge",
                direction=DIRECTION_NAMES[turned],
                arrows=arrow_names(turned, spread(state)),
            )


def carry(rules: AlKalimRules, state: RuneboundState, old: int, new: int) -> None:
    """AK-13.7 (option storm_carries_heroes): covered heroes move as the marker moves."""
    board = rules.board
    radius = al_kalim_options(state).sandstorm_radius
    before = covered(board, old, radius)
    shift_q = board.hexes[new].at.q - board.hexes[old].at.q
    shift_r = board.hexes[new].at.r - board.hexes[old].at.r
    for h in state.heroes:
        if h.hex in before:
            at = board.hexes[h.hex].at
            target = board.by_coordinates.get(type(at)(at.q + shift_q, at.r + shift_r))
            if target is not None:
                h.hex = target


def sunburst(rules: AlKalimRules, state: RuneboundState, card: int, log: Log) -> None:
    """AK-6.6/AK-6.7: counters replenished, then the sandstorm (pushed above the fight)."""
    if al_kalim_options(state).sunburst_refill == "card_colour":
        colours = [COLOURS.index(rules.adventures[card].colour)]
    else:
        colours = list(range(len(COLOURS)))
    replenish(rules, state, colours, log)
    state.stack.append(storm_frame(state))
