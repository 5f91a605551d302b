"""The procedures of a Cult of the Rune game: the turn with the cult's step (CR-12), eliminated
seats passed over (CR-34), the draw from a cultist's cult deck and rule C (CR-14 to CR-18), the
cult's moves with their choices (CR-12, CR-13, CR-29 to CR-32), the VP card a branded player
gives up (CR-21), and the experience step's corruption removal (CR-22)."""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.adventures.cult.options import cult_options
from boardwright.games.runebound.adventures.cult.path import (
    NO_PATH,
    allowed,
    neighbour,
    turned,
)
from boardwright.games.runebound.adventures.cult.rules import (
    CultRules,
    enter,
    jump_targets,
    lose_vp_card,
    remove_corruption,
)
from boardwright.games.runebound.adventures.cult.state import cult_state
from boardwright.games.runebound.movement import face_text
from boardwright.games.runebound.procedure import RuneboundProcedure
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Log, emit
from boardwright.games.runebound.state import END, EXPERIENCE, RuneboundState
from boardwright.games.runebound.turn import Experience, Turn, end_turn

DIRECTION_NAMES = ("E", "SE", "SW", "W", "NW", "NE")


class CultProcedure(RuneboundProcedure):
    def __init__(self, rules: CultRules) -> None:
        super().__init__(rules)
        self.cult_rules = rules


CULT_STEP = END + 1  # the turn's stage after the experience step (CR-12)


class CultTurn(Turn):
    """The base turn (RB-2.1), an eliminated seat passed over (CR-34), and the cult's step
    after the experience step (CR-12): one roll of a movement die moves the marker."""

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        stage: int = frame[1]
        if state.seat in state.eliminated or stage == CULT_STEP:
            state.stack.pop()
            end_turn(state, log)
            return None
        if stage == EXPERIENCE:  # the experience step is over: the cult's step
            state.stack[-1] = (self.name, CULT_STEP)
            state.stack.append(("cult_move", 1, -1))
            return None
        return super().step(state, frame, log)


class CultExperience(Experience):
    """RB-8 with CR-22: an experience point spent removes a corruption marker (all of them
    under ``cult.brand_removal=all``), paid with counters as RB-8.4 says."""

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        decision = super().step(state, frame, log)
        seat = state.seat
        cleanse = self._cleanse_options(state, seat)
        if not cleanse:
            return decision
        if decision is not None:
            options = (*cleanse, *decision.options)
            return Decision(decision.seat, decision.kind, options=options, args=decision.args)
        state.stack.append(("experience",))  # the base step had nothing to offer
        total = self.rules.xp_total(state.heroes[seat])
        return Decision(
            seat,
            "experience",
            options=(*cleanse, Option("done", what="rb.option.end_turn")),
            args={**self.rules.party(state, seat), "total": total},
        )

    def _cleanse_options(self, state: RuneboundState, seat: int) -> list[Option]:
        """One option per number of markers the experience held can remove, one point each
        (paid at once, so a counter worth more is not wasted on one); under
        ``cult.brand_removal=all`` one point removes them all."""
        held = cult_state(state).corruption[seat]
        points = self.rules.xp_total(state.heroes[seat])
        if not held or not points:
            return []
        if cult_options(state).brand_removal == "all":
            return [Option("cleanse:all", data=(1, held), what="rb.option.cleanse_all")]
        return [
            Option(f"cleanse:{n}", data=(n, n), what="rb.option.cleanse", args={"markers": n})
            for n in range(1, min(held, points) + 1)
        ]

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if not option.key.startswith("cleanse:"):
            super().resume(state, frame, option, log)
            return
        seat = state.seat
        rules = self.rules
        assert isinstance(rules, CultRules)
        price, markers = option.data
        rules.pay_experience(state, seat, price)
        remove_corruption(rules, state, seat, markers, log)


class CultMove(CultProcedure):
    """The cult's moves (CR-12, CR-13, CR-29 to CR-32). Frame: (name, moves left, face): the
    face rolled for the current move, -1 before the roll. The active player chooses among
    several hexes the face allows."""

    name = "cult_move"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        left: int = frame[1]
        face: int = frame[2]
        if left <= 0 or state.finished:
            state.stack.pop()
            return None
        rules = self.cult_rules
        part = cult_state(state)
        if face < 0:
            faces = rules.board.die_faces
            face = faces[state.rng.below(len(faces))]
            emit(log, "cult_roll", dice=[face_text(face)])
        choices = allowed(rules.board, part.marker, part.path, face)
        if len(choices) > 1:
            state.stack[-1] = (self.name, left, face)
            labels = rules.hex_labels
            options = tuple(
                Option(
                    f"cult:{labels[target]}",
                    data=(direction, target),
                    what="rb.option.cult_move",
                    args={"to": labels[target], "direction": DIRECTION_NAMES[direction]},
                )
                for direction, target in choices
            )
            return Decision(state.seat, "cult_move", options=options, args={"moves": left})
        state.stack[-1] = (self.name, left - 1, -1)
        if choices:
            self.move(state, *choices[0], log)
        else:
            emit(log, "cult_stays", at=rules.hex_labels[part.marker])
        return None

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        state.stack[-1] = (self.name, frame[1] - 1, -1)
        direction, target = option.data
        self.move(state, direction, target, log)

    def move(self, state: RuneboundState, direction: int, target: int, log: Log) -> None:
        """One step of the marker: the path set or kept (CR-29, CR-31), the hex's effects, then
        a jump into an uninfiltrated city next to it (CR-13), the edges after every move
        (CR-32)."""
        rules = self.cult_rules
        part = cult_state(state)
        if part.path == NO_PATH or cult_options(state).path == "follows_move":
            part.path = direction
        enter(rules, state, target, log)
        part.path = turned(rules.board, target, part.path)
        if state.finished:
            return
        cities = jump_targets(rules, state, target)
        if cities:
            city = min(cities)
            if cult_options(state).path == "follows_move":
                part.path = next(d for d in range(6) if neighbour(rules.board, target, d) == city)
            emit(log, "cult_jump", city=rules.board.cities[rules.board.hexes[city].city].id)
            enter(rules, state, city, log)
            part.path = turned(rules.board, city, part.path)


class CultBrand(CultProcedure):
    """CR-21: the branded player puts one cultist card of their choice from their VP pile
    under its cult deck. Frame: (name, seat)."""

    name = "cult_brand"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat: int = frame[1]
        rules = self.cult_rules
        colours = sorted({rules.colour_of(card) for card in cult_state(state).vp[seat]})
        if len(colours) <= 1:
            state.stack.pop()
            if colours:
                lose_vp_card(rules, state, seat, colours[0], log)
            return None
        options = tuple(
            Option(
                f"lose:{COLOURS[c]}",
                data=c,
                what="rb.option.lose_cultist",
                args={"colour": COLOURS[c]},
            )
            for c in colours
        )
        return Decision(seat, "cult_brand", options=options, args=rules.party(state, seat))

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        state.stack.pop()
        lose_vp_card(self.cult_rules, state, frame[1], option.data, log)
