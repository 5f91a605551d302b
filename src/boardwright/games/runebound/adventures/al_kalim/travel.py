"""Travelling in Al-Kalim: day exhaustion (AK-5), survival gear on the move (AK-9.7, AK-9.8),
what the sandstorm does to movement (AK-13.9), and the end of the movement step (the waterskin,
then day wounds)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.adventures.al_kalim.message_args import record
from boardwright.games.runebound.adventures.al_kalim.options import al_kalim_options
from boardwright.games.runebound.adventures.al_kalim.procedure import AlKalimProcedure
from boardwright.games.runebound.adventures.al_kalim.state import AlKalimState, al_kalim_state
from boardwright.games.runebound.knockout import knock_out
from boardwright.games.runebound.procedure import RuneboundProcedure
from boardwright.games.runebound.records import TERRAINS
from boardwright.games.runebound.rules import Log, Rules
from boardwright.games.runebound.state import RuneboundState

if TYPE_CHECKING:
    from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules


DUNES = TERRAINS.index("plains")  # AK-2.2: dunes stand on the dice for plains
LOWLAND = TERRAINS.index("river")
MIRAGE = TERRAINS.index("forest")
CANYON = TERRAINS.index("mountains")
ROCK = TERRAINS.index("hills")
WASTELAND = TERRAINS.index("swamp")
ROAD = TERRAINS.index("road")
PACK_CAMEL, WATERSKIN, KIT = range(3)  # GEAR_KINDS order
KIT_BONUS = 3  # AK-9.9: the adventurer's kit after a failed test roll


def kit_offer(state: RuneboundState, seat: int, total: int, difficulty: int) -> Decision | None:
    """AK-9.9: after a failed test roll the hero may spend an adventurer's kit for +3, asked
    only when it turns the failure into a success; None when there is nothing to ask."""
    if al_kalim_state(state).boards[seat].gear[KIT] <= 0 or total + KIT_BONUS < difficulty:
        return None
    return Decision(
        seat,
        "adventurers_kit",
        options=(
            Option("kit", what="rb.option.kit_use"),
            Option("fail", what="rb.option.kit_fail"),
        ),
        args={"total": total, "difficulty": difficulty},
    )


def start_cost(rules: AlKalimRules, state: RuneboundState, hex_index: int) -> int:
    """AK-5.2: day exhaustion per party member by the starting hex (AK-13.10: a covered hex
    counts as 'any other hex')."""
    if hex_index in rules.storm_hexes(state):
        return 1
    terrain = rules.board.hexes[hex_index].terrain
    if terrain == DUNES:
        return 2
    if terrain == LOWLAND:
        return 0
    return 1


def day_travel(
    rules: AlKalimRules, state: RuneboundState, seat: int, rolled: tuple[int, ...], log: Log
) -> None:
    """AK-5.2-AK-5.5: after a day roll the hero and every ally take exhaustion, a wound instead
    at their stamina. What was taken is remembered for a waterskin (AK-9.8); whether wounds
    knock out now or at the end of the movement step follows ``al_kalim.day_wound_check``.

    Called once the ("move", ...) frame is in place, so that a knock-out here (AK-5.7,
    ``immediate``) takes the movement step off the stack like any other knock-out."""
    al_kalim = al_kalim_state(state)
    if al_kalim.night or not rolled:
        return
    h = state.heroes[seat]
    mirages = sum(1 for face in rolled if face >> MIRAGE & 1)
    each = start_cost(rules, state, h.hex) + mirages
    if each == 0:
        return
    pieces: list[tuple[int, int]] = []
    stamina = rules.stamina(state, seat)
    tired = min(each, max(0, stamina - h.exhaustion))
    h.exhaustion += tired
    h.wounds += each - tired
    pieces.append((tired, each - tired))
    immediate = al_kalim_options(state).day_wound_check == "immediate"
    for ally in list(h.allies):
        card = rules.market[ally.card]
        room = max(0, (card.stamina or 1) - ally.exhaustion)
        ally_tired = min(each, room)
        if immediate:
            rules.hurt_ally(state, seat, ally, 0, each, log)
            if ally not in h.allies:  # it died: nothing of it for a waterskin to cancel
                continue
        else:
            ally.exhaustion += ally_tired
            ally.wounds += each - ally_tired
        pieces.append((ally_tired, each - ally_tired))
    al_kalim.travel_pieces = pieces
    record(log, "day_travel", **rules.party(state, seat), each=each, mirages=mirages)
    if immediate and rules.knocked_out(state, seat):  # AK-5.7: before the hero moves
        al_kalim.travel_pieces = []
        record(log, "knocked_out", "heat", **rules.party(state, seat))
        knock_out(rules, state, seat, log)


def check_travel_wounds(rules: AlKalimRules, state: RuneboundState, seat: int, log: Log) -> bool:
    """AK-5.7: allies whose wounds reach their life die; True if the hero is knocked out."""
    h = state.heroes[seat]
    for ally in list(h.allies):
        if rules.falls(state, ally.wounds, rules.market[ally.card].life or 1):
            rules.hurt_ally(state, seat, ally, 0, 0, log)  # removes the dead ally
    return rules.knocked_out(state, seat)


def use_waterskin(
    rules: AlKalimRules, state: RuneboundState, seat: int, cancel: str, log: Log
) -> None:
    """AK-9.8: cancel this movement step's day-travel exhaustion and/or wounds.

    ``cancel`` is "both", "exhaustion" or "wounds" (the last two under waterskin_cancels=either).
    Counters from other sources stay: at most what day travel gave is removed.
    """
    al_kalim = al_kalim_state(state)
    h = state.heroes[seat]
    al_kalim.boards[seat].gear[WATERSKIN] -= 1
    al_kalim.gear_supply[WATERSKIN] += 1
    members = [None, *h.allies]
    for member, (tired, hurt) in zip(members, al_kalim.travel_pieces, strict=False):
        take_tired = tired if cancel in ("both", "exhaustion") else 0
        take_hurt = hurt if cancel in ("both", "wounds") else 0
        if member is None:
            h.exhaustion -= min(take_tired, h.exhaustion)
            h.wounds -= min(take_hurt, h.wounds)
        else:
            member.exhaustion -= min(take_tired, member.exhaustion)
            member.wounds -= min(take_hurt, member.wounds)
    al_kalim.travel_pieces = []
    record(log, "gear", "waterskin", **rules.party(state, seat), gear="waterskin")


def camel_options(state: RuneboundState, seat: int) -> list[Option]:
    """AK-9.7: a pack camel may be discarded for a bonus move at any point of the movement."""
    al_kalim = state.adventure_state
    if not isinstance(al_kalim, AlKalimState) or al_kalim.boards[seat].gear[PACK_CAMEL] <= 0:
        return []
    return [Option("camel", what="rb.option.pack_camel")]


def use_camel(rules: Rules, state: RuneboundState, seat: int, log: Log) -> None:
    """AK-9.7: the camel's move is a bonus move not tied to a terrain (so it can enter the
    sandstorm, AK-13.9); the token goes back to the stock (AK-9.5)."""
    al_kalim = al_kalim_state(state)
    al_kalim.boards[seat].gear[PACK_CAMEL] -= 1
    al_kalim.gear_supply[PACK_CAMEL] += 1
    state.heroes[seat].bonus_moves += 1
    record(log, "gear", "camel", **rules.party(state, seat))


class AlKalimTravel(AlKalimProcedure):
    """The end of the movement step: a waterskin may cancel the day's march (AK-9.8), then day
    wounds knock out or kill (AK-5.7), then the base travel problems (RB-10.1) if in play.

    Frame: ("travel", stage): stage 0 = the waterskin, 1 = the checks.
    """

    name = "travel"

    def __init__(self, rules: AlKalimRules, base: RuneboundProcedure) -> None:
        super().__init__(rules)
        self.base = base

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        al_kalim = al_kalim_state(state)
        seat = state.seat
        stage = frame[1] if len(frame) > 1 else 0
        if stage == 0:
            if al_kalim.boards[seat].gear[WATERSKIN] > 0 and any(
                tired or hurt for tired, hurt in al_kalim.travel_pieces
            ):
                options = [Option("keep", what="rb.option.keep_waterskin")]
                if al_kalim_options(state).waterskin_cancels == "both":
                    options.insert(0, Option("both", what="rb.option.drink_both"))
                else:
                    options[0:0] = [
                        Option("exhaustion", what="rb.option.drink_exhaustion"),
                        Option("wounds", what="rb.option.drink_wounds"),
                    ]
                return Decision(
                    seat,
                    "waterskin",
                    options=tuple(options),
                    args=self.ak_rules.party(state, seat),
                )
            state.stack[-1] = (self.name, 1)
            return None
        al_kalim.travel_pieces = []
        state.stack[-1] = ("travel",)  # the base procedure's own frame
        if check_travel_wounds(self.ak_rules, state, seat, log):
            state.stack.pop()
            record(log, "knocked_out", "heat", **self.ak_rules.party(state, seat))
            knock_out(self.ak_rules, state, seat, log)
            return None
        return self.base.step(state, ("travel",), log)

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if option.key != "keep":
            use_waterskin(self.ak_rules, state, state.seat, option.key, log)
        state.stack[-1] = (self.name, 1)
