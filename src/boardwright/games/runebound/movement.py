"""Movement (RB-3): roll dice and walk terrain by terrain, rest, or step one hex."""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.content import CITY, TERRAIN_NAMES
from boardwright.games.runebound.procedure import RuneboundProcedure, ability_options, use_ability
from boardwright.games.runebound.records import TERRAINS
from boardwright.games.runebound.rules import Log, emit
from boardwright.games.runebound.state import RuneboundState

FULL_REST = 4  # RB-3.2: dice below 4 not rolled each remove one exhaustion


def face_text(face: int) -> str:
    return "/".join(t for i, t in enumerate(TERRAINS) if face >> i & 1)


class Movement(RuneboundProcedure):
    """RB-3.1/3.2/3.4: how to move this turn. Frame: (name,)."""

    name = "movement"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        h = state.heroes[seat]
        rules = self.rules
        most = rules.max_movement_dice(state, seat)
        tired = h.exhaustion + sum(a.exhaustion for a in h.allies)
        options = [Option(f"roll:{n}", f"roll {n} movement dice", n) for n in range(most, 0, -1)]
        if tired:
            options.append(Option("rest", "rest: roll no dice and remove up to 4 exhaustion", 0))
        options.append(Option("step", "move one hex without rolling"))
        options.append(Option("stay", "stay where you are"))
        options.extend(ability_options(rules.usable(state, seat, "before_movement", h.used)))
        options.extend(ability_options(rules.usable(state, seat, "activate", h.used)))
        where = rules.board.hex_name(h.hex)
        return Decision(
            seat, "movement", f"{rules.who(state, seat)} in {where}: movement", tuple(options)
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat = state.seat
        h = state.heroes[seat]
        key = option.key
        who = self.rules.who(state, seat)
        if key.startswith("use:"):
            timing = (
                "before_movement"
                if any(
                    k == option.data
                    for k, _, _ in self.rules.abilities(state, seat, "before_movement")
                )
                else "activate"
            )
            use_ability(self.rules, state, seat, option.data, timing, log, h.used)
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
            emit(
                log,
                "rest",
                f"{who} rests and removes {removed} exhaustion",
                seat=seat,
                removed=removed,
            )
        faces = self.rules.board.die_faces
        rolled = tuple(sorted(faces[state.rng.below(len(faces))] for _ in range(dice)))
        if dice:
            emit(
                log,
                "roll",
                f"{who} rolls " + ", ".join(face_text(f) for f in rolled),
                seat=seat,
                dice=[face_text(f) for f in rolled],
            )
        state.stack[-1] = ("move", rolled)


class Move(RuneboundProcedure):
    """RB-3.3/3.5/3.7: spend a die (or a bonus move) per hex. Frame: (name, unused faces)."""

    name = "move"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        h = state.heroes[seat]
        faces: tuple[int, ...] = frame[1]
        board = self.rules.board
        options = []
        for n in board.hexes[h.hex].neighbours:
            if self._payment(faces, board.hexes[n].terrain, h.bonus_moves) is not None:
                options.append(
                    Option(
                        f"to:{board.hexes[n].at}",
                        f"to {board.hex_name(n)} ({TERRAIN_NAMES[board.hexes[n].terrain]})",
                        n,
                    )
                )
        if not options:
            state.stack[-1] = ("after_movement",)
            return None
        options.append(Option("stop", "stop here"))
        left = ", ".join(face_text(f) for f in faces) or "none"
        return Decision(
            seat,
            "move",
            f"{self.rules.who(state, seat)} in {board.hex_name(h.hex)}; "
            f"dice left: {left}; bonus moves: {h.bonus_moves}",
            tuple(options),
        )

    @staticmethod
    def _payment(faces: tuple[int, ...], terrain: int, bonus: int) -> int | None:
        """The die to spend (the least flexible that fits), -1 for a bonus move, None if none."""
        fitting = [i for i, f in enumerate(faces) if terrain == CITY or f >> terrain & 1]
        if fitting:
            return min(fitting, key=lambda i: (faces[i].bit_count(), faces[i]))
        return -1 if bonus > 0 else None

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat = state.seat
        h = state.heroes[seat]
        if option.key == "stop":
            state.stack[-1] = ("after_movement",)
            return
        faces: tuple[int, ...] = frame[1]
        target: int = option.data
        die = self._payment(faces, self.rules.board.hexes[target].terrain, h.bonus_moves)
        if die == -1:
            h.bonus_moves -= 1
        elif die is not None:
            faces = faces[:die] + faces[die + 1 :]
        h.hex = target
        emit(
            log,
            "move",
            f"{self.rules.who(state, seat)} moves to {self.rules.board.hex_name(target)}",
            seat=seat,
            to=str(self.rules.board.hexes[target].at),
        )
        state.stack[-1] = (self.name, faces)


class StepOne(RuneboundProcedure):
    """RB-3.4: move exactly one hex without rolling. Frame: (name,)."""

    name = "step"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        board = self.rules.board
        here = state.heroes[seat].hex
        options = [
            Option(f"to:{board.hexes[n].at}", f"to {board.hex_name(n)}", n)
            for n in board.hexes[here].neighbours
        ]
        options.append(Option("back", "choose another way to move"))
        return Decision(
            seat, "step", f"{self.rules.who(state, seat)}: step to which hex?", tuple(options)
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if option.key == "back":
            state.stack[-1] = ("movement",)
            return
        seat = state.seat
        state.heroes[seat].hex = option.data
        emit(
            log,
            "move",
            f"{self.rules.who(state, seat)} steps to {self.rules.board.hex_name(option.data)}",
            seat=seat,
            to=str(self.rules.board.hexes[option.data].at),
        )
        state.stack[-1] = ("after_movement",)


class AfterMovement(RuneboundProcedure):
    """Abilities timed "after movement"; then the movement step ends. Frame: (name,)."""

    name = "after_movement"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        h = state.heroes[seat]
        options = ability_options(self.rules.usable(state, seat, "after_movement", h.used))
        if not options:
            state.stack.pop()
            return None
        options.append(Option("done", "go on to the adventure step"))
        return Decision(
            seat, "after_movement", f"{self.rules.who(state, seat)}: after movement", tuple(options)
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if option.key == "done":
            state.stack.pop()
            return
        h = state.heroes[state.seat]
        if option.key.startswith("attack:"):
            h.used.append("duel")
            emit(
                log,
                "duel",
                f"{self.rules.who(state, state.seat)} attacks {self.rules.who(state, option.data)}",
                attacker=state.seat,
                defender=option.data,
            )
            state.stack.append(("duel", state.seat, option.data, 0, "round", (), -1))
            return
        use_ability(self.rules, state, state.seat, option.data, "after_movement", log, h.used)


class Teleport(RuneboundProcedure):
    """An effect that takes the hero to a city of the player's choice. Frame: (name, seat)."""

    name = "teleport"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat: int = frame[1]
        options = tuple(
            Option(f"city:{c.id}", f"to {c.name}", c.hex) for c in self.rules.board.cities
        )
        return Decision(seat, "teleport", f"{self.rules.who(state, seat)}: to which city?", options)

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat: int = frame[1]
        state.heroes[seat].hex = option.data
        emit(
            log,
            "move",
            f"{self.rules.who(state, seat)} is taken to {self.rules.board.hex_name(option.data)}",
            seat=seat,
        )
        state.stack.pop()
