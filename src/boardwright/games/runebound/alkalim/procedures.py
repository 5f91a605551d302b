"""The Al-Kalim procedures: the turn, day or night, step 3 (adventure or story), the story die,
the sandstorm, lost cities, legend draws, quest tests and the hero's placement at setup.

Each is registered in the Al-Kalim procedure table; "turn" replaces the base turn there, so base
code that looks for the ("turn", stage) frame (knock-outs) keeps working.
"""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.adventure import draw_adventure
from boardwright.games.runebound.alkalim import quests
from boardwright.games.runebound.alkalim.rules import AlKalimRules
from boardwright.games.runebound.alkalim.sandstorm import (
    DIRECTION_NAMES,
    arrows,
    covered,
    points_off,
    settle,
    steps,
)
from boardwright.games.runebound.alkalim.state import LegendSlot
from boardwright.games.runebound.alkalim.travel import (
    CANYON,
    DUNES,
    KIT,
    LOWLAND,
    MIRAGE,
    ROAD,
    ROCK,
    WASTELAND,
    WATERSKIN,
    check_travel_wounds,
    use_waterskin,
)
from boardwright.games.runebound.content import LEGEND_TYPES
from boardwright.games.runebound.effects import replenish
from boardwright.games.runebound.knockout import knock_out
from boardwright.games.runebound.movement import face_text
from boardwright.games.runebound.procedure import RuneboundProcedure
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Log, emit, seat_name
from boardwright.games.runebound.state import (
    ADVENTURE,
    EXPERIENCE,
    MARKET,
    MOVEMENT,
    REFRESH,
    RuneboundState,
)
from boardwright.games.runebound.turn import end_turn, refresh

# The story symbols in the order the die's terrains are listed (AK-7.4, AK-8)
STORY_NAMES = {
    DUNES: "creatures stir",
    ROAD: "a spring",
    LOWLAND: "the wind rises",
    ROCK: "stolen gold",
    WASTELAND: "the wind turns",
    CANYON: "a lost city",
    MIRAGE: "a dream of paradise",
}
STORY_KEYS = {
    DUNES: "dunes",
    ROAD: "road",
    LOWLAND: "lowland",
    ROCK: "rock",
    WASTELAND: "wasteland",
    CANYON: "canyon",
    MIRAGE: "mirage",
}


class AkProcedure(RuneboundProcedure):
    rules: AlKalimRules

    def __init__(self, rules: AlKalimRules) -> None:
        super().__init__(rules)
        self.rules = rules


def spread(state: RuneboundState) -> int:
    """AK-13.4: the arrows' spread in direction steps (60 degrees = 1)."""
    return 1 if state.opts.al_kalim_sandstorm_arrow_spread == "60" else 2


class AkTurn(AkProcedure):
    """AK-4: refresh and day or night, movement, adventure or story, experience (no market).

    Frame: ("turn", stage) with the base stage numbers; stage MARKET only passes through (the
    City of Clouds' move comes at the start of the experience step, AK-14.7).
    """

    name = "turn"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        stage: int = frame[1]
        seat = state.seat
        alk = state.alk
        assert alk is not None
        stack = state.stack
        state.activations = 0  # AR-6.3: each step is a window of its own
        if stage == REFRESH:
            refresh(state, seat)
            board = alk.boards[seat]
            board.drew_legend = False
            board.explored = -1
            alk.travel_pieces = []
            stack[-1] = (self.name, MOVEMENT)
            stack.append(("movement",))
            stack.append(("ak_time",))
        elif stage == MOVEMENT:
            stack[-1] = (self.name, ADVENTURE)
            here = state.heroes[seat].hex
            stack.append(("ak_step3",))
            quests.on_action(self.rules, state, seat, "end_movement", here, log)
        elif stage == ADVENTURE:
            stack[-1] = (self.name, MARKET)  # AK-4.1: no market step
        elif stage == MARKET:
            stack[-1] = (self.name, EXPERIENCE)
            stack.append(("experience",))
            explored = alk.boards[seat].explored
            if explored >= 0 and self.rules.board.lost_cities[explored].power == "clouds":
                stack.append(("ak_clouds",))
        else:
            stack.pop()
            end_turn(state, log)
        return None


class TimeOfDay(AkProcedure):
    """AK-4.4: the player declares day or night for this turn. Frame: (name,)."""

    name = "ak_time"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        return Decision(
            seat,
            "day_or_night",
            f"{self.rules.who(state, seat)}: travel by day or by night?",
            (
                Option("day", "by day: travel costs exhaustion; challenges have their day life"),
                Option("night", "by night: no travel exhaustion; challenges are stronger"),
            ),
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        alk = state.alk
        assert alk is not None
        alk.night = option.key == "night"
        state.stack.pop()
        emit(
            log,
            "time",
            f"{self.rules.who(state, state.seat)} travels by {option.key}",
            seat=state.seat,
            night=alk.night,
        )


def may_draw_legend(rules: AlKalimRules, state: RuneboundState, seat: int) -> list[int]:
    """AK-7.3/AK-11.3/AK-11.4: the legend types the hero may draw from now (none if at the
    limit, after a discard this turn, or when the stacks of the types still open are empty)."""
    alk = state.alk
    assert alk is not None
    board = alk.boards[seat]
    if len(board.legends) >= board.limit or board.drew_legend:
        return []
    held = {rules.ak.legends[s.card].type for s in board.legends}
    return [t for t, kind in enumerate(LEGEND_TYPES) if kind not in held and alk.legend_stacks[t]]


class Step3(AkProcedure):
    """AK-6.1/AK-7.2: an adventure step, or a story step: a legend card, the story die or the
    bazaar. Frame: (name,)."""

    name = "ak_step3"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat = state.seat
        rules = self.rules
        alk = state.alk
        assert alk is not None
        here = state.heroes[seat].hex
        covered = rules.storm_hexes(state)
        options: list[Option] = []
        if here not in covered:  # AK-13.8: nothing under the storm can be taken on
            undefeated = state.undefeated.get(here, -1)
            if undefeated >= 0:
                card = rules.adventures[undefeated]
                options.append(
                    Option(
                        "undefeated",
                        f"fight the undefeated {card.name} ({card.colour})",
                        undefeated,
                    )
                )
            else:
                options.extend(
                    Option(f"adventure:{COLOURS[c]}", f"draw a {COLOURS[c]} adventure card", c)
                    for c in range(4)
                    if state.counters[here] >> c & 1
                )
        if rules.board.hexes[here].city < 0:  # RB-3.8 (AK-16.2): attack a hero met here
            options.extend(
                Option(f"attack:{other + 1}", f"attack {rules.who(state, other)}", other)
                for other, o in enumerate(state.heroes)
                if other != seat and o.hex == here
            )
        for t in may_draw_legend(rules, state, seat):
            top = rules.ak.legends[alk.legend_stacks[t][-1]]
            options.append(
                Option(
                    f"legend:{LEGEND_TYPES[t]}",
                    f"draw the {LEGEND_TYPES[t]} legend: {top.name} — {top.quest.text}",
                    t,
                )
            )
        # AK-7.2/AK-14.3/AK-14.9: an open city (a lost city too) has a bazaar; the story die is
        # never rolled in a city unless al_kalim.lost_city_counts_as_city=false lets a hero on a
        # lost city choose either
        open_here = here not in covered
        has_bazaar = rules.board.hexes[here].city >= 0 or lost_city_at(state, here) >= 0
        if open_here and has_bazaar:
            options.append(Option("bazaar", "explore the bazaar"))
        if not (open_here and rules.is_city(state, here)):
            options.append(Option("story", "roll the story die"))
        where = rules.board.hex_name(here)
        return Decision(
            seat,
            "adventure_or_story",
            f"{rules.who(state, seat)} at {where}: an adventure or a story?",
            tuple(options),
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat = state.seat
        here = state.heroes[seat].hex
        key = option.key
        rules = self.rules
        if key.startswith("attack:"):
            emit(
                log,
                "duel",
                f"{rules.who(state, seat)} attacks {rules.who(state, option.data)}",
                attacker=seat,
                defender=option.data,
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
            state.stack[-1] = ("ak_story", symbols, False)
            quests.on_action(rules, state, seat, "story_roll", here, log)


def lost_city_at(state: RuneboundState, hex_index: int) -> int:
    """The lost city on a hex (the first if several), or -1."""
    alk = state.alk
    assert alk is not None
    return next((i for i, at in enumerate(alk.lost_cities) if at == hex_index), -1)


def bazaar_stack(rules: AlKalimRules, state: RuneboundState, hex_index: int) -> int:
    """The market stack of the city on a hex: its place in the market row (AK-2.4, AK-14.8)."""
    city = rules.board.hexes[hex_index].city
    if city >= 0:
        return rules.board.cities[city].market_position - 1
    lost = lost_city_at(state, hex_index)
    return rules.board.lost_cities[lost].market_position - 1


def draw_legend(rules: AlKalimRules, state: RuneboundState, seat: int, kind: int, log: Log) -> None:
    """AK-11.2: the top card of the chosen stack goes quest side up onto the quest board."""
    alk = state.alk
    assert alk is not None
    card = alk.legend_stacks[kind].pop()
    board = alk.boards[seat]
    board.legends.append(LegendSlot(card))
    board.drew_legend = True
    legend = rules.ak.legends[card]
    emit(
        log,
        "legend",
        f"{rules.who(state, seat)} takes the quest {legend.name}: {legend.quest.text}",
        seat=seat,
        legend=legend.id,
    )


def roll_story(rules: AlKalimRules, state: RuneboundState, seat: int, log: Log) -> tuple[int, ...]:
    """AK-7.4: roll the story die; every terrain symbol of the face takes effect."""
    faces = rules.board.die_faces
    face = faces[state.rng.below(len(faces))]
    symbols = tuple(t for t in STORY_NAMES if face >> t & 1)
    emit(
        log,
        "story",
        f"{rules.who(state, seat)} rolls the story die: {face_text(face)}",
        seat=seat,
        face=face_text(face),
    )
    return symbols


class StoryDie(AkProcedure):
    """AK-7.4/AK-8: resolve the symbols of the story die in the player's order.

    Frame: (name, symbols still to resolve, roll again). A mirage heals and asks for a new roll
    once every symbol of its face is resolved (AK-8.8).
    """

    name = "ak_story"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        symbols: tuple[int, ...] = frame[1]
        if not symbols:
            if frame[2]:  # AK-8.8: the mirage's new roll (a roll of the story die again)
                seat = state.seat
                symbols = roll_story(self.rules, state, seat, log)
                state.stack[-1] = (self.name, symbols, False)
                here = state.heroes[seat].hex
                quests.on_action(self.rules, state, seat, "story_roll", here, log)
            else:
                state.stack.pop()
            return None
        if len(symbols) == 1:
            self._resolve(state, frame, symbols[0], log)
            return None
        options = tuple(
            Option(f"symbol:{STORY_KEYS[s]}", f"{STORY_KEYS[s]}: {STORY_NAMES[s]}", s)
            for s in symbols
        )
        return Decision(state.seat, "story_order", "Which story symbol first?", options)

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        self._resolve(state, frame, option.data, log)

    def _resolve(self, state: RuneboundState, frame: Frame, symbol: int, log: Log) -> None:
        rules = self.rules
        seat = state.seat
        alk = state.alk
        assert alk is not None
        h = state.heroes[seat]
        who = rules.who(state, seat)
        rest = tuple(s for s in frame[1] if s != symbol)
        state.stack[-1] = (self.name, rest, frame[2] or symbol == MIRAGE)
        if symbol == MIRAGE:  # AK-8.8
            h.wounds -= min(1, h.wounds)
            for ally in h.allies:
                ally.wounds -= min(1, ally.wounds)
            emit(log, "story", f"{who} dreams of paradise: 1 wound healed each", seat=seat)
        elif symbol == ROAD:  # AK-8.3
            h.exhaustion -= min(1, h.exhaustion)
            for ally in h.allies:
                ally.exhaustion -= min(1, ally.exhaustion)
            emit(log, "story", f"{who} finds a spring: 1 exhaustion removed each", seat=seat)
        elif symbol == ROCK:  # AK-8.5
            h.gold += 1
            emit(log, "story", f"{who} finds stolen gold (1 gold)", seat=seat)
        elif symbol == LOWLAND:  # AK-8.4
            emit(log, "story", "The wind rises", seat=seat)
            state.stack.append(storm_frame(state))
        elif symbol == WASTELAND:  # AK-8.6
            turn_storm(rules, state, log)
        elif symbol == CANYON:  # AK-8.7
            lost_city(rules, state, seat, log)
        elif alk.night:  # dunes by night, AK-8.2/AK-8.9: a night ambush
            ambush(rules, state, seat, log)
        else:  # dunes by day, AK-8.1
            state.stack.append(("ak_place_counter",))


def storm_frame(state: RuneboundState) -> tuple[object, ...]:
    """The frame that brings the sandstorm in or moves it (AK-13.1-AK-13.3)."""
    alk = state.alk
    assert alk is not None
    if alk.storm < 0:
        moves = 2 if state.opts.al_kalim_sandstorm_start == "place_and_move" else 0
        return ("ak_storm", -1, moves)
    return ("ak_storm", 0, 2)


def turn_storm(rules: AlKalimRules, state: RuneboundState, log: Log) -> None:
    """AK-13.6: the wind turns one step clockwise, then the edge rule (AK-13.5); nothing when
    the storm has not appeared yet (AK-8.6)."""
    alk = state.alk
    assert alk is not None
    if alk.storm < 0:
        emit(log, "story", "The wind turns, but no sandstorm blows yet")
        return
    alk.storm_direction = settle(rules.board, alk.storm, alk.storm_direction + 1, spread(state))
    emit(
        log,
        "storm",
        f"The wind turns: the sandstorm now blows {direction_text(state)}",
        direction=alk.storm_direction,
    )


def direction_text(state: RuneboundState) -> str:
    alk = state.alk
    assert alk is not None
    a, b = arrows(alk.storm_direction, spread(state))
    return f"{DIRECTION_NAMES[a]} and {DIRECTION_NAMES[b]}"


class Storm(AkProcedure):
    """AK-13.1-AK-13.5: place the sandstorm, then move it step by step.

    Frame: (name, stage, moves left): stage -1 = place it (choose the arrows), 0 = move.
    """

    name = "ak_storm"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        stage: int = frame[1]
        left: int = frame[2]
        alk = state.alk
        assert alk is not None
        board = self.rules.board
        seat = state.seat
        if stage < 0:
            centre = board.sandstorm_start
            options = tuple(
                Option(
                    f"arrows:{DIRECTION_NAMES[d]}",
                    "arrows to the "
                    + " and ".join(DIRECTION_NAMES[a] for a in arrows(d, spread(state))),
                    d,
                )
                for d in range(6)
                if not points_off(board, centre, d, spread(state))
            )
            if not options:
                options = (Option("arrows:east", "arrows to the east", 0),)
            return Decision(
                seat, "storm_place", "The sandstorm rises: where do its winds blow?", options
            )
        if left <= 0:
            state.stack.pop()
            return None
        moves = steps(board, alk.storm, alk.storm_direction, spread(state))
        if not moves:  # AK-13.5: no arrow allows a step; the rest of the move is lost
            state.stack.pop()
            return None
        options = tuple(
            Option(f"step:{DIRECTION_NAMES[d]}", f"move the sandstorm {DIRECTION_NAMES[d]}", t)
            for d, t in moves
        )
        return Decision(seat, "storm_move", "Move the sandstorm one hex", options)

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        alk = state.alk
        assert alk is not None
        board = self.rules.board
        if frame[1] < 0:
            alk.storm = board.sandstorm_start
            alk.storm_direction = option.data
            emit(
                log,
                "storm",
                f"A sandstorm rises over {board.hex_name(alk.storm)}, blowing "
                f"{direction_text(state)}",
                hex=str(board.hexes[alk.storm].at),
            )
            state.stack[-1] = (self.name, 0, frame[2])
            return
        old = alk.storm
        alk.storm = option.data
        if state.opts.al_kalim_storm_carries_heroes:  # AK-13.7 (option)
            carry(self.rules, state, old, alk.storm)
        alk.storm_direction = settle(board, alk.storm, alk.storm_direction, spread(state))
        emit(
            log,
            "storm",
            f"The sandstorm moves to {board.hex_name(alk.storm)}, blowing {direction_text(state)}",
            hex=str(board.hexes[alk.storm].at),
        )
        state.stack[-1] = (self.name, 0, frame[2] - 1)


def carry(rules: AlKalimRules, state: RuneboundState, old: int, new: int) -> None:
    """AK-13.7 (option storm_carries_heroes): covered heroes move as the marker moves."""
    board = rules.board
    radius = state.opts.al_kalim_sandstorm_radius
    before = covered(board, old, radius)
    shift_q = board.hexes[new].at.q - board.hexes[old].at.q
    shift_r = board.hexes[new].at.r - board.hexes[old].at.r
    for h in state.heroes:
        if h.hex in before:
            at = board.hexes[h.hex].at
            target = board.by_coordinates.get(type(at)(at.q + shift_q, at.r + shift_r))
            if target is not None:
                h.hex = target


class PlaceCounter(AkProcedure):
    """AK-8.1: by day, the dunes symbol lets the player put a counter from the supply on an
    empty gem hex of its colour. Frame: (name,)."""

    name = "ak_place_counter"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        board = self.rules.board
        options = [
            Option(
                f"counter:{h.at.q},{h.at.r}",
                f"a {COLOURS[h.gem]} counter on {board.hex_name(h.index)}",
                h.index,
            )
            for h in board.hexes
            if h.gem >= 0 and not state.counters[h.index] and state.counter_supply[h.gem] > 0
        ]
        if not options:
            state.stack.pop()
            return None
        options.append(Option("none", "place no counter"))
        return Decision(
            state.seat,
            "place_counter",
            "Creatures stir: place an adventure counter?",
            tuple(options),
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        state.stack.pop()
        if option.key == "none":
            return
        board = self.rules.board
        gem = board.hexes[option.data].gem
        state.counter_supply[gem] -= 1
        state.counters[option.data] |= 1 << gem
        emit(
            log,
            "counter",
            f"Creatures stir at {board.hex_name(option.data)}: a {COLOURS[gem]} counter",
            colour=COLOURS[gem],
        )


def ambush_colour(state: RuneboundState, seat: int) -> int:
    """AK-8.9: the deck of the limit counter's colour, green without one."""
    alk = state.alk
    assert alk is not None
    colour = alk.boards[seat].limit_colour
    return colour if colour >= 0 else 0


def ambush(rules: AlKalimRules, state: RuneboundState, seat: int, log: Log) -> None:
    """AK-8.9: a night ambush: a challenge from the limit counter's deck, fought at once."""
    colour = ambush_colour(state, seat)
    card = draw_adventure(rules, state, colour)
    if card < 0:
        emit(log, "empty_deck", f"The {COLOURS[colour]} deck is empty: no ambush")
        return
    state.reveals += 1
    adventure = rules.adventures[card]
    emit(
        log,
        "ambush",
        f"Night ambush! {rules.who(state, seat)} meets {adventure.name}",
        seat=seat,
        card=adventure.id,
    )
    state.stack.append(("combat_start", card, state.heroes[seat].hex, "ambush"))
    if adventure.sunburst:  # AK-6.6: replenish and the storm before the fight
        sunburst(rules, state, card, log)


def sunburst(rules: AlKalimRules, state: RuneboundState, card: int, log: Log) -> None:
    """AK-6.6/AK-6.7: counters replenished, then the sandstorm (pushed above the fight)."""
    if state.opts.al_kalim_sunburst_refill == "card_colour":
        colours = [COLOURS.index(rules.adventures[card].colour)]
    else:
        colours = list(range(len(COLOURS)))
    replenish(rules, state, colours, log)
    state.stack.append(storm_frame(state))


def lost_city(rules: AlKalimRules, state: RuneboundState, seat: int, log: Log) -> None:
    """AK-8.7/AK-14.2/AK-14.4: a lost city appears on the hero's hex (the player picks which),
    or, with all three out, they all go back."""
    alk = state.alk
    assert alk is not None
    if all(at >= 0 for at in alk.lost_cities):
        alk.lost_cities = [-1] * len(alk.lost_cities)
        emit(log, "lost_city", "The lost cities sink back into the sands")
        return
    state.stack.append(("ak_lost_city",))


class LostCity(AkProcedure):
    """AK-14.2: which lost city appears; then its bazaar may be explored. Frame: (name,)."""

    name = "ak_lost_city"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        alk = state.alk
        assert alk is not None
        cities = self.rules.board.lost_cities
        options = tuple(
            Option(f"lost:{c.id}", f"{c.name} ({c.power})", c.index)
            for c in cities
            if alk.lost_cities[c.index] < 0
        )
        return Decision(state.seat, "lost_city", "A lost city appears: which one?", options)

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        alk = state.alk
        assert alk is not None
        seat = state.seat
        here = state.heroes[seat].hex
        alk.lost_cities[option.data] = here
        city = self.rules.board.lost_cities[option.data]
        emit(
            log,
            "lost_city",
            f"{city.name} rises from the sand at {self.rules.board.hex_name(here)}",
            city=city.id,
        )
        state.stack[-1] = ("ak_explore_lost", option.data)


class ExploreLost(AkProcedure):
    """AK-14.2: the hero may at once explore the new lost city's bazaar. Frame: (name, city)."""

    name = "ak_explore_lost"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        city = self.rules.board.lost_cities[frame[1]]
        return Decision(
            state.seat,
            "explore_lost_city",
            f"Explore the bazaar of {city.name} now?",
            (Option("explore", f"explore the bazaar of {city.name}"), Option("no", "not now")),
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if option.key == "no":
            state.stack.pop()
            return
        city = self.rules.board.lost_cities[frame[1]]
        state.stack[-1] = ("market", False, city.market_position - 1, city.index)


class Clouds(AkProcedure):
    """AK-14.7: after exploring the City of Clouds, move to any hex at the start of the
    experience step. Frame: (name,)."""

    name = "ak_clouds"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        board = self.rules.board
        here = state.heroes[state.seat].hex
        options = [Option("stay", "stay where you are")]
        options.extend(
            Option(f"to:{h.at.q},{h.at.r}", f"fly to {board.hex_name(h.index)}", h.index)
            for h in board.hexes
            if h.index != here
        )
        return Decision(
            state.seat, "clouds", "The City of Clouds carries you: where to?", tuple(options)
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        state.stack.pop()
        if option.key == "stay":
            return
        seat = state.seat
        state.heroes[seat].hex = option.data
        emit(
            log,
            "move",
            f"{self.rules.who(state, seat)} flies to {self.rules.board.hex_name(option.data)}",
            seat=seat,
        )


class QuestTest(AkProcedure):
    """AK-11.6/AK-9.9: a quest's own skill test; an adventurer's kit may add +3 after the roll.

    Frame: (name, seat, legend, total or -1).
    """

    name = "ak_quest_test"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat: int = frame[1]
        legend: int = frame[2]
        total: int = frame[3]
        alk = state.alk
        assert alk is not None
        rules = self.rules
        slot = next((s for s in alk.boards[seat].legends if s.card == legend), None)
        if slot is None or slot.done:
            state.stack.pop()
            return None
        card = rules.ak.legends[legend]
        test = card.quest.steps[slot.step].test
        assert test is not None
        if total < 0:
            roll = state.rng.die(10) + state.rng.die(10)
            total = roll + rules.test_bonus(state, seat, test.stat, test.skill)
            emit(
                log,
                "test",
                f"{rules.who(state, seat)} tests {test.stat} for {card.name}: rolls {roll}, "
                f"total {total} against {test.difficulty}",
                seat=seat,
                roll=roll,
                total=total,
                difficulty=test.difficulty,
                success=total >= test.difficulty,
            )
            state.stack[-1] = (self.name, seat, legend, total)
        if total >= test.difficulty:
            state.stack.pop()
            quests.advance(rules, state, seat, slot, log)
            return None
        if alk.boards[seat].gear[KIT] > 0 and total + 3 >= test.difficulty:
            return Decision(
                seat,
                "adventurers_kit",
                f"{total} fails {test.difficulty}: use an adventurer's kit for +3?",
                (
                    Option("kit", "discard an adventurer's kit: +3"),
                    Option("fail", "accept failure"),
                ),
            )
        state.stack.pop()
        quests.fail(rules, state, seat, legend, log)
        return None

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        alk = state.alk
        assert alk is not None
        seat: int = frame[1]
        if option.key == "kit":
            alk.boards[seat].gear[KIT] -= 1
            alk.gear_supply[KIT] += 1
            emit(log, "gear", f"{self.rules.who(state, seat)} uses an adventurer's kit", seat=seat)
            state.stack[-1] = (self.name, seat, frame[2], frame[3] + 3)
            return
        state.stack.pop()
        quests.fail(self.rules, state, seat, frame[2], log)


class PlaceHero(AkProcedure):
    """AK-3.11: in turn order each player puts their hero on a city of their choice.

    Frame: (name, seats still to place).
    """

    name = "ak_place_hero"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        waiting: tuple[int, ...] = frame[1]
        if not waiting:
            state.stack.pop()
            return None
        seat = waiting[0]
        options = tuple(
            Option(f"city:{c.id}", f"start in {c.name}", c.hex) for c in self.rules.board.cities
        )
        return Decision(
            seat, "start_city", f"{seat_name(seat)}: where does your hero start?", options
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        waiting: tuple[int, ...] = frame[1]
        seat = waiting[0]
        state.heroes[seat].hex = option.data
        emit(
            log,
            "move",
            f"{self.rules.who(state, seat)} starts in {self.rules.board.hex_name(option.data)}",
            seat=seat,
        )
        state.stack[-1] = (self.name, waiting[1:])
        state.turn_number += 1


class AkTravel(AkProcedure):
    """The end of the movement step: a waterskin may cancel the day's march (AK-9.8), then day
    wounds knock out or kill (AK-5.7), then the base travel problems (RB-10.1) if in play.

    Frame: ("travel", stage): stage 0 = the waterskin, 1 = the checks.
    """

    name = "travel"

    def __init__(self, rules: AlKalimRules, base: RuneboundProcedure) -> None:
        super().__init__(rules)
        self.base = base

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        alk = state.alk
        assert alk is not None
        seat = state.seat
        stage = frame[1] if len(frame) > 1 else 0
        if stage == 0:
            if alk.boards[seat].gear[WATERSKIN] > 0 and any(
                tired or hurt for tired, hurt in alk.travel_pieces
            ):
                options = [Option("keep", "keep the waterskin")]
                if state.opts.al_kalim_waterskin_cancels == "both":
                    options.insert(
                        0, Option("both", "drink: cancel the day's exhaustion and wounds")
                    )
                else:
                    options[0:0] = [
                        Option("exhaustion", "drink: cancel the day's exhaustion"),
                        Option("wounds", "drink: cancel the day's wounds"),
                    ]
                return Decision(
                    seat,
                    "waterskin",
                    f"{self.rules.who(state, seat)}: drink from a waterskin?",
                    tuple(options),
                )
            state.stack[-1] = (self.name, 1)
            return None
        alk.travel_pieces = []
        state.stack[-1] = ("travel",)  # the base procedure's own frame
        if check_travel_wounds(self.rules, state, seat, log):
            state.stack.pop()
            knock_out(self.rules, state, seat, log)
            return None
        return self.base.step(state, ("travel",), log)

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if option.key != "keep":
            use_waterskin(self.rules, state, state.seat, option.key, log)
        state.stack[-1] = (self.name, 1)


class LoseLegend(AkProcedure):
    """AK-11.12: a challenge forces the player to give up legend cards from the quest board,
    quests or rewards alike: one decision per card while there is a choice (with no more cards
    than must go they all go, with none nothing happens). Each goes under its type's stack,
    quest side up. Frame: (name, seat, cards still to lose, the challenge's name)."""

    name = "ak_lose_legend"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat: int = frame[1]
        amount: int = frame[2]
        source: str = frame[3]
        rules = self.rules
        alk = state.alk
        assert alk is not None
        if amount <= 0 or quests.forced_loss_automatic(rules, state, seat, amount, log, source):
            state.stack.pop()
            return None
        legends = rules.ak.legends
        options = tuple(
            Option(
                f"lose:{legends[s.card].id}",
                f"give up {legends[s.card].name} ({quests.legend_side(rules, s)})",
                s.card,
            )
            for s in alk.boards[seat].legends
        )
        what = "a legend card" if amount == 1 else f"{amount} legend cards"
        which = "which one" if amount == 1 else "which one first"
        return Decision(
            seat,
            "lose_legend",
            f"{rules.who(state, seat)} must give up {what} to {source or 'a challenge'}: {which}?",
            options,
        )

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        seat: int = frame[1]
        state.stack[-1] = (self.name, seat, frame[2] - 1, frame[3])
        quests.lose_legend(self.rules, state, seat, option.data, log, to=frame[3] or "a challenge")
        self.rules.hurt_hero(state, seat, 0, 0)  # exhaustion beyond a lost reward's stamina


class DiscardQuest(AkProcedure):
    """AK-10.6: after spending experience, the player may discard an unfinished quest (one,
    or any number with legend_discard_limit=any). Frame: (name, seat)."""

    name = "ak_discard_quest"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        seat: int = frame[1]
        alk = state.alk
        assert alk is not None
        legends = self.rules.ak.legends
        options = [
            Option(f"discard:{legends[s.card].id}", f"give up {legends[s.card].name}", s.card)
            for s in alk.boards[seat].legends
            if not s.done
        ]
        if not options:
            state.stack.pop()
            return None
        options.append(Option("keep", "keep your quests"))
        return Decision(seat, "discard_quest", "Give up an unfinished quest?", tuple(options))

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        if option.key == "keep" or state.opts.al_kalim_legend_discard_limit == "one":
            state.stack.pop()
        if option.key != "keep":
            quests.discard_legend(self.rules, state, frame[1], option.data, log)
