"""The lost cities (AK-14): where they stand, which one appears, exploring its bazaar, and the
City of Clouds' flight."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.adventures.al_kalim.message_args import (
    record,
)
from boardwright.games.runebound.adventures.al_kalim.procedure import AlKalimProcedure
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.rules import Log
from boardwright.games.runebound.state import (
    RuneboundState,
)

if TYPE_CHECKING:
    from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules


def lost_city_at(state: RuneboundState, hex_index: int) -> int:
    """The lost city on a hex (the first if several), or -1."""
    al_kalim = al_kalim_state(state)
    return next((i for i, at in enumerate(al_kalim.lost_cities) if at == hex_index), -1)


def bazaar_stack(rules: AlKalimRules, state: RuneboundState, hex_index: int) -> int:
    """The market stack of the city on a hex: its place in the market row (AK-2.4, AK-14.8)."""
    city = rules.board.hexes[hex_index].city
    if city >= 0:
        return rules.board.cities[city].market_position - 1
    lost = lost_city_at(state, hex_index)
    return rules.board.lost_cities[lost].market_position - 1


def lost_city(rules: AlKalimRules, state: RuneboundState, seat: int, log: Log) -> None:
    """AK-8.7/AK-14.2/AK-14.4: a lost city appears on the hero's hex (the player picks which),
    or, with all three out, they all go back."""
    al_kalim = al_kalim_state(state)
    if all(at >= 0 for at in al_kalim.lost_cities):
        al_kalim.lost_cities = [-1] * len(al_kalim.lost_cities)
        record(log, "lost_city", "sink")
        return
    state.stack.append(("al_kalim_lost_city",))


class LostCity(AlKalimProcedure):
    """AK-14.2: which lost city appears; then its bazaar may be explored. Frame: (name,)."""

    name = "al_kalim_lost_city"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        al_kalim = al_kalim_state(state)
        cities = self.ak_rules.board.lost_cities
        options = tuple(
            Option(
                f"lost:{c.id}",
                data=c.index,
                what="rb.option.lost_city_appears",
                args={"lost_city": c.id, "city_power": c.power},
            )
            for c in cities
            if al_kalim.lost_cities[c.index] < 0
        )
        # AK-14.2/AK-8.7: the player *may* take a lost city (the seeds' "kann"/"może")
        keep = Option("none", what="rb.option.lost_city_none")
        return Decision(state.seat, "lost_city", options=(*options, keep))

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if option.key == "none":
            state.stack.pop()
            record(log, "lost_city", "declined", **self.rules.party(state, state.seat))
            return
        al_kalim = al_kalim_state(state)
        seat = state.seat
        here = state.heroes[seat].hex
        al_kalim.lost_cities[option.data] = here
        city = self.ak_rules.board.lost_cities[option.data]
        record(log, "lost_city", "rises", lost_city=city.id, hex=self.ak_rules.hex_labels[here])
        if here in self.ak_rules.storm_hexes(state):  # AK-13.8: a covered city gives no access
            state.stack.pop()
            return
        state.stack[-1] = ("al_kalim_explore_lost", option.data)


class ExploreLost(AlKalimProcedure):
    """AK-14.2: the hero may at once explore the new lost city's bazaar. Frame: (name, city)."""

    name = "al_kalim_explore_lost"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        city = self.ak_rules.board.lost_cities[frame[1]]
        return Decision(
            state.seat,
            "explore_lost_city",
            options=(
                Option("explore", what="rb.option.explore_lost_city", args={"lost_city": city.id}),
                Option("no", what="rb.option.lost_city_later"),
            ),
            args={"lost_city": city.id},
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if option.key == "no":
            state.stack.pop()
            return
        city = self.ak_rules.board.lost_cities[frame[1]]
        state.stack[-1] = ("market", False, city.market_position - 1, city.index)


class Clouds(AlKalimProcedure):
    """AK-14.7: after exploring the City of Clouds, move to any hex at the start of the
    experience step. Frame: (name,)."""

    name = "al_kalim_clouds"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        board = self.ak_rules.board
        here = state.heroes[state.seat].hex
        options = [Option("stay", what="rb.option.clouds_stay")]
        options.extend(
            Option(
                f"to:{h.at.q},{h.at.r}",
                data=h.index,
                what="rb.option.clouds_fly",
                args={"hex": str(h.at)},
            )
            for h in board.hexes
            if h.index != here
        )
        return Decision(state.seat, "clouds", options=tuple(options))

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        state.stack.pop()
        if option.key == "stay":
            return
        seat = state.seat
        state.heroes[seat].hex = option.data
        record(
            log,
            "move",
            "flies",
            **self.ak_rules.party(state, seat),
            hex=self.ak_rules.hex_labels[option.data],
        )
