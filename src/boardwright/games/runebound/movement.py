"""Movement (RB-3): roll dice and walk terrain by terrain, rest, or step one hex."""

from __future__ import annotations

from functools import cache

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.advanced import hazard_colour
from boardwright.games.runebound.adventure import draw_resolved, reach_goals, resolve_event
from boardwright.games.runebound.content import CITY
from boardwright.games.runebound.procedure import (
    RuneboundProcedure,
    ability_options,
    repeats_for,
    use_ability,
)
from boardwright.games.runebound.records import TERRAINS
from boardwright.games.runebound.rules import Log, emit
from boardwright.games.runebound.state import END, RuneboundState

FULL_REST = 4  # RB-3.2: dice below 4 not rolled each remove one exhaustion


@cache
def face_text(face: int) -> str:
    """A die face (a bit set of terrains) as its terrains joined by "/" ("plains/road")."""
    return "/".join(t for i, t in enumerate(TERRAINS) if face >> i & 1)


def step_hero(
    procedure: RuneboundProcedure, state: RuneboundState, target: int, log: Log, how: str = ""
) -> None:
    """Put the hero whose turn it is on ``target`` and log it (``how``: the event's variant,
    "" for a move, "steps" for a step of RB-3.4)."""
    seat = state.seat
    rules = procedure.rules
    state.heroes[seat].hex = target
    to = rules.hex_labels[target]
    if how:
        emit(log, "move", variant=how, **rules.party(state, seat), to=to)
    else:
        emit(log, "move", **rules.party(state, seat), to=to)


def payments(faces: tuple[int, ...], terrain: int, bonus: int) -> list[int]:
    """RB-3.3/3.7: ways to pay for a hex of this terrain: one die per distinct face that shows
    it (any die for a city), -1 for a bonus move."""
    ways: list[int] = []
    seen: set[int] = set()
    for i, face in enumerate(faces):
        if (terrain == CITY or face >> terrain & 1) and face not in seen:
            seen.add(face)
            ways.append(i)
    if bonus > 0:
        ways.append(-1)
    return ways


def payable_terrains(faces: tuple[int, ...], bonus: int) -> int:
    """The terrains :func:`payments` finds a way to pay for, as a bit set (asked once, then
    read per neighbour): those a face shows, a city with any die, every one with a bonus move
    (-1 has every bit set)."""
    if bonus > 0:
        return -1
    shown = 1 << CITY if faces else 0
    for face in faces:
        shown |= face
    return shown


class Movement(RuneboundProcedure):
    """RB-3.1/3.2/3.4: how to move this turn. Frame: (name,)."""

    name = "movement"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        h = state.heroes[seat]
        rules = self.rules
        most = rules.max_movement_dice(state, seat)
        tired = h.exhaustion + sum(a.exhaustion for a in h.allies)
        options = [
            Option(f"roll:{n}", data=n, what="rb.option.roll", args={"count": n})
            for n in range(most, 0, -1)
        ]
        if tired:
            options.append(Option("rest", data=0, what="rb.option.rest"))
        options.append(Option("step", what="rb.option.step"))
        options.append(Option("stay", what="rb.option.stay"))
        options.extend(rules.movement_options(state, seat))
        if rules.may_activate(state):  # AR-6.3: one activation in the movement step
            repeats = repeats_for(rules, state, seat)
            options.extend(
                ability_options(rules.usable(state, seat, "before_movement", h.used), repeats)
            )
            options.extend(ability_options(rules.usable(state, seat, "activate", h.used), repeats))
            # PV-7: an ability used instead of the dice (the movement step ends with it)
            instead = rules.usable(state, seat, "instead_of_movement", h.used)
            options.extend(ability_options(instead, repeats))
        where = rules.hex_labels[h.hex]
        return Decision(
            seat,
            "movement",
            options=tuple(options),
            args={**rules.party(state, seat), "hex": where},
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat = state.seat
        h = state.heroes[seat]
        key = option.key
        if key.startswith("use:"):
            own = option.data.partition("*")[0]  # "<key>*<n>": taken n times (RB-6.2)
            timing = next(
                (
                    t
                    for t in ("before_movement", "instead_of_movement")
                    if any(k == own for k, _, _ in self.rules.abilities(state, seat, t))
                ),
                "activate",
            )
            at = len(state.stack) - 1  # an effect may push a frame (a choice) above this one
            use_ability(self.rules, state, seat, option.data, timing, log, h.used)
            if (
                timing == "instead_of_movement"
                and at < len(state.stack)
                and (state.stack[at] == frame)
            ):
                # PV-7: no dice; bonus moves the ability gave are walked, then the step ends
                state.stack[at] = ("move", (), -1)
            return
        if self.rules.take_movement_option(state, seat, option, log):
            return
        if key == "stay":
            state.stack[-1] = ("after_movement",)
            return
        if key == "step":
            state.stack[-1] = ("step",)
            return
        dice: int = option.data
        rest = max(0, FULL_REST - dice)
        removed = min(rest, h.exhaustion)
        h.exhaustion -= removed
        for ally in h.allies:
            extra = min(rest - removed, ally.exhaustion)
            ally.exhaustion -= extra
            removed += extra
        if removed:
            emit(log, "rest", **self.rules.party(state, seat), removed=removed)
        faces = self.rules.board.die_faces
        rolled = tuple(sorted(faces[state.rng.below(len(faces))] for _ in range(dice)))
        if dice:
            emit(log, "roll", **self.rules.party(state, seat), dice=[face_text(f) for f in rolled])
        state.stack[-1] = ("move", rolled, -1)
        self.rules.after_movement_roll(state, seat, rolled, log)


class Move(RuneboundProcedure):
    """RB-3.3/3.5/3.7: spend a die (or a bonus move) per hex.

    Frame: (name, unused faces, target hex or -1). When several different dice (or a bonus move)
    could pay for the chosen hex, the player picks which: keeping the right dice matters.
    """

    name = "move"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        h = state.heroes[seat]
        faces: tuple[int, ...] = frame[1]
        target: int = frame[2]
        rules = self.rules
        board = rules.board
        if target >= 0:
            ways_to_pay = payments(faces, rules.move_terrain(state, target), h.bonus_moves)
            ways = tuple(
                Option("pay:bonus", data=-1, what="rb.option.pay_bonus")
                if i < 0
                else Option(
                    f"pay:{face_text(faces[i])}",
                    data=i,
                    what="rb.option.pay_die",
                    args={"face": face_text(faces[i])},
                )
                for i in ways_to_pay
            )
            return Decision(
                seat,
                "move_die",
                options=ways,
                args={
                    **rules.party(state, seat),
                    "to": rules.hex_labels[target],
                    "dice": [face_text(f) for f in faces],
                    "bonus": h.bonus_moves,
                },
            )
        move_to = rules.move_to_options
        payable = payable_terrains(faces, h.bonus_moves)
        options = [
            move_to[n]
            for n in board.hexes[h.hex].neighbours
            if payable >> rules.move_terrain(state, n) & 1
        ]
        extra = rules.movement_options(state, seat)
        if not options and not extra:
            state.stack[-1] = ("after_movement",)
            return None
        options.extend(extra)
        options.append(Option("stop", what="rb.option.stop"))
        return Decision(
            seat,
            "move",
            options=tuple(options),
            args={
                **rules.party(state, seat),
                "hex": rules.hex_labels[h.hex],
                "dice": [face_text(f) for f in faces],
                "bonus": h.bonus_moves,
            },
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat = state.seat
        h = state.heroes[seat]
        faces: tuple[int, ...] = frame[1]
        if option.key == "stop":
            state.stack[-1] = ("after_movement",)
            return
        if self.rules.take_movement_option(state, seat, option, log):
            return
        if frame[2] < 0:
            target: int = option.data
            terrain = self.rules.move_terrain(state, target)
            ways_to_pay = payments(faces, terrain, h.bonus_moves)
            if len(ways_to_pay) > 1:
                state.stack[-1] = (self.name, faces, target)
                return
            payment = ways_to_pay[0]
        else:
            target = frame[2]
            payment = option.data
        if payment < 0:
            h.bonus_moves -= 1
        else:
            faces = faces[:payment] + faces[payment + 1 :]
        step_hero(self, state, target, log)
        state.stack[-1] = (self.name, faces, -1)


class StepOne(RuneboundProcedure):
    """RB-3.4: move exactly one hex without rolling. Frame: (name,)."""

    name = "step"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        board = self.rules.board
        here = state.heroes[seat].hex
        labels = self.rules.hex_labels
        options = [
            Option(f"to:{labels[n]}", data=n, what="rb.option.to", args={"to": labels[n]})
            for n in board.hexes[here].neighbours
        ]
        options.append(Option("back", what="rb.option.back"))
        return Decision(seat, "step", options=tuple(options), args=self.rules.party(state, seat))

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if option.key == "back":
            state.stack[-1] = ("movement",)
            return
        step_hero(self, state, option.data, log, "steps")
        state.stack[-1] = ("after_movement",)


class AfterMovement(RuneboundProcedure):
    """Abilities timed "after movement", and bonus moves gained by them (or earlier) that are
    still unspent; then the movement step ends. Frame: (name,)."""

    name = "after_movement"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        h = state.heroes[seat]
        board = self.rules.board
        options = (
            ability_options(
                self.rules.usable(state, seat, "after_movement", h.used),
                repeats_for(self.rules, state, seat),
            )
            if self.rules.may_activate(state)  # AR-6.3: the movement step's one activation
            else []
        )
        if h.bonus_moves > 0:
            labels = self.rules.hex_labels
            options.extend(
                Option(
                    f"to:{labels[n]}", data=n, what="rb.option.bonus_move", args={"to": labels[n]}
                )
                for n in board.hexes[h.hex].neighbours
            )
        options.extend(self.rules.movement_options(state, seat))
        if not options:
            state.stack[-1] = ("travel",)
            return None
        options.append(Option("done", what="rb.option.to_adventure"))
        return Decision(
            seat, "after_movement", options=tuple(options), args=self.rules.party(state, seat)
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if option.key == "done":
            state.stack[-1] = ("travel",)
            return
        seat = state.seat
        h = state.heroes[seat]
        if self.rules.take_movement_option(state, seat, option, log):
            return
        if option.key.startswith("to:"):
            h.bonus_moves -= 1
            step_hero(self, state, option.data, log)
            return
        use_ability(self.rules, state, seat, option.data, "after_movement", log, h.used)


class Teleport(RuneboundProcedure):
    """An effect that takes the hero to a city of the player's choice. Frame: (name, seat)."""

    name = "teleport"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat: int = frame[1]
        options = tuple(
            Option(f"city:{c.id}", data=c.hex, what="rb.option.to_city", args={"city": c.id})
            for c in self.rules.board.cities
        )
        return Decision(seat, "teleport", options=options, args=self.rules.party(state, seat))

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat: int = frame[1]
        state.heroes[seat].hex = option.data
        to = self.rules.hex_labels[option.data]
        emit(log, "move", variant="taken", **self.rules.party(state, seat), to=to)
        state.stack.pop()


class TravelProblems(RuneboundProcedure):
    """RB-10.1 (option): the last act of movement on an empty wild hex may bring trouble.

    Two movement dice are rolled; if neither shows the hex's terrain, one green adventure card
    is drawn and dealt with: no further card after an event, no before-combat actions, no
    escape, no reward, experience from the supply. Frame: (name,).

    AR-4 (option ``advanced.travel_hazards``, which replaces it): the colour is read off the
    doom track by a second roll (AR-4.3), experience comes with exact change (AR-4.6), and after
    an event or encounter the turn ends (AR-4.4).
    """

    name = "travel"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        depth = len(state.stack)
        reach_goals(self.rules, state, state.seat, log)  # PV-12: the movement step ended here
        if len(state.stack) == depth and not state.finished:
            # an adventure's own end of movement (Cult of the Rune, CR-20): called again after
            # a frame it pushed is done, so it acts once per movement step by its own account
            self.rules.movement_ended(state, state.seat, log)
        if len(state.stack) != depth or state.finished:
            return None  # a goal's effect asks a choice (or ended the turn): travel comes after
        state.stack.pop()
        seat = state.seat
        h = state.heroes[seat]
        board = self.rules.board
        here = board.hexes[h.hex]
        alone = all(o.hex != h.hex for s, o in enumerate(state.heroes) if s != seat)
        hazards = state.opts.advanced_travel_hazards  # AR-1.2: replaces travel_problems
        if not (
            (state.opts.travel_problems or hazards)
            and here.city < 0
            and not state.counters[h.hex]
            and h.hex not in state.undefeated
            and alone
        ):
            return None
        faces = board.die_faces
        rolled = [faces[state.rng.below(len(faces))] for _ in range(2)]
        party = self.rules.party(state, seat)
        if any(f >> here.terrain & 1 for f in rolled):
            emit(log, "travel", variant="safe", **party)
            return None
        emit(log, "travel", variant="trouble", **party, dice=[face_text(f) for f in rolled])
        colour = hazard_colour(self.rules, state, log) if hazards else 0  # AR-4.3
        card_index = draw_resolved(self.rules, state, seat, colour, log, tell_empty=False)
        if card_index < 0:  # none, or dealt with by the adventure (CR-37)
            return None
        card = self.rules.adventures[card_index]
        if hazards and card.kind != "challenge" and state.stack and state.stack[-1][0] == "turn":
            state.stack[-1] = ("turn", END)  # AR-4.4: after an event or encounter the turn ends
        if card.kind == "event":
            resolve_event(self.rules, state, seat, card_index, log)
        elif card.kind == "encounter":
            state.stack.append(("encounter", card_index, h.hex, colour))
        else:
            state.stack.append(("combat_start", card_index, h.hex, "travel"))
            if card.sunburst:  # AK-6.6/AK-16.4: counters and storm first, whatever drew it
                self.rules.sunburst(state, card_index, log)
        return None
