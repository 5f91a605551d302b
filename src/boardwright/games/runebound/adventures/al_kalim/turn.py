"""The Al-Kalim turn (AK-4): refresh and the choice of day or night, movement, step 3 (an
adventure or a story: a legend card, the story die or the bazaar), experience (no market).

"turn" replaces the base turn in the Al-Kalim procedure table, so base code that looks for the
("turn", stage) frame (knock-outs) keeps working.
"""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.adventure import attack_options, challenge_options
from boardwright.games.runebound.adventures.al_kalim import quests
from boardwright.games.runebound.adventures.al_kalim.legends import draw_legend, may_draw_legend
from boardwright.games.runebound.adventures.al_kalim.lost_cities import bazaar_stack, lost_city_at
from boardwright.games.runebound.adventures.al_kalim.message_args import (
    record,
)
from boardwright.games.runebound.adventures.al_kalim.procedure import AlKalimProcedure
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.adventures.al_kalim.story import roll_story
from boardwright.games.runebound.content import LEGEND_TYPES
from boardwright.games.runebound.rules import Log
from boardwright.games.runebound.state import (
    ADVENTURE,
    EXPERIENCE,
    MARKET,
    MOVEMENT,
    REFRESH,
    RuneboundState,
)
from boardwright.games.runebound.turn import end_turn, refresh


class AlKalimTurn(AlKalimProcedure):
    """AK-4: refresh and day or night, movement, adventure or story, experience (no market).

    Frame: ("turn", stage) with the base stage numbers; stage MARKET only passes through (the
    City of Clouds' move comes at the start of the experience step, AK-14.7).
    """

    name = "turn"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        stage: int = frame[1]
        seat = state.seat
        al_kalim = al_kalim_state(state)
        stack = state.stack
        state.activations = 0  # AR-6.3: each step is a window of its own
        if stage == REFRESH:
            refresh(state, seat)
            board = al_kalim.boards[seat]
            board.drew_legend = False
            board.explored = -1
            al_kalim.travel_pieces = []
            stack[-1] = (self.name, MOVEMENT)
            stack.append(("movement",))
            stack.append(("al_kalim_time",))
        elif stage == MOVEMENT:
            stack[-1] = (self.name, ADVENTURE)
            here = state.heroes[seat].hex
            stack.append(("al_kalim_step3",))
            quests.on_action(self.ak_rules, state, seat, "end_movement", here, log)
        elif stage == ADVENTURE:
            stack[-1] = (self.name, MARKET)  # AK-4.1: no market step
        elif stage == MARKET:
            stack[-1] = (self.name, EXPERIENCE)
            stack.append(("experience",))
            explored = al_kalim.boards[seat].explored
            if explored >= 0 and self.ak_rules.board.lost_cities[explored].power == "clouds":
                stack.append(("al_kalim_clouds",))
        else:
            stack.pop()
            end_turn(state, log)
        return None


class TimeOfDay(AlKalimProcedure):
    """AK-4.4: the player declares day or night for this turn. Frame: (name,)."""

    name = "al_kalim_time"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        return Decision(
            seat,
            "day_or_night",
            options=(
                Option("day", what="rb.option.by_day"),
                Option("night", what="rb.option.by_night"),
            ),
            args=self.ak_rules.party(state, seat),
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        al_kalim = al_kalim_state(state)
        al_kalim.night = option.key == "night"
        state.stack.pop()
        record(
            log,
            "time",
            **self.ak_rules.party(state, state.seat),
            time=option.key,
            night=al_kalim.night,
        )


class Step3(AlKalimProcedure):
    """AK-6.1/AK-7.2: an adventure step, or a story step: a legend card, the story die or the
    bazaar. Frame: (name,)."""

    name = "al_kalim_step3"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        rules = self.ak_rules
        al_kalim = al_kalim_state(state)
        here = state.heroes[seat].hex
        covered = rules.storm_hexes(state)
        options: list[Option] = []
        if here not in covered:  # AK-13.8: nothing under the storm can be taken on
            options.extend(challenge_options(rules, state, here))
        options.extend(attack_options(rules, state, seat, here))  # RB-3.8 (AK-16.2)
        for t in may_draw_legend(rules, state, seat):
            top = rules.al_kalim.legends[al_kalim.legend_stacks[t][-1]]
            options.append(
                Option(
                    f"legend:{LEGEND_TYPES[t]}",
                    data=t,
                    what="rb.option.step3_legend",
                    args={"legend_type": LEGEND_TYPES[t], "legend": top.id, "quest": top.id},
                )
            )
        # AK-7.2/AK-14.3/AK-14.9: an open city (a lost city too) has a bazaar; the story die is
        # never rolled in a city unless al_kalim.lost_city_counts_as_city=false lets a hero on a
        # lost city choose either
        open_here = here not in covered
        has_bazaar = rules.board.hexes[here].city >= 0 or lost_city_at(state, here) >= 0
        if open_here and has_bazaar:
            options.append(Option("bazaar", what="rb.option.step3_bazaar"))
        if not (open_here and rules.is_city(state, here)):
            options.append(Option("story", what="rb.option.step3_story"))
        return Decision(
            seat,
            "adventure_or_story",
            options=tuple(options),
            args={**rules.party(state, seat), "hex": rules.hex_labels[here]},
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat = state.seat
        here = state.heroes[seat].hex
        key = option.key
        rules = self.ak_rules
        if key.startswith("attack:"):
            rival = rules.party(state, option.data)
            record(
                log,
                "duel",
                "al_kalim_attack",
                **rules.party(state, seat),
                rival=option.data,
                rival_hero=rival["hero"],
            )
            state.stack[-1] = ("duel", seat, option.data, 0, f"before:{option.data}", (), (), ())
        elif key == "undefeated":
            state.stack[-1] = ("combat_start", option.data, here, "undefeated")
        elif key.startswith("adventure:"):
            state.stack[-1] = ("draw", option.data, here, 0)
        elif key.startswith("legend:"):
            state.stack.pop()
            draw_legend(rules, state, seat, option.data, log)
        elif key == "bazaar":
            state.stack[-1] = (
                "market",
                False,
                bazaar_stack(rules, state, here),
                lost_city_at(state, here),
            )
        else:
            symbols = roll_story(rules, state, seat, log)
            state.stack[-1] = ("al_kalim_story", symbols, False)
            quests.on_action(rules, state, seat, "story_roll", here, log)
