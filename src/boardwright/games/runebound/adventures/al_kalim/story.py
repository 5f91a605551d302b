"""The story die (AK-7.4, AK-8): rolling it, resolving its symbols in the player's order, the
counter placed by day and the night ambush."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.adventure import draw_adventure
from boardwright.games.runebound.adventures.al_kalim import quests
from boardwright.games.runebound.adventures.al_kalim.lost_cities import lost_city
from boardwright.games.runebound.adventures.al_kalim.procedure import AlKalimProcedure
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.adventures.al_kalim.storm import storm_frame, sunburst, turn_storm
from boardwright.games.runebound.adventures.al_kalim.travel import (
    CANYON,
    DUNES,
    LOWLAND,
    MIRAGE,
    ROAD,
    ROCK,
    WASTELAND,
)
from boardwright.games.runebound.movement import face_text
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Log, emit
from boardwright.games.runebound.state import (
    RuneboundState,
)

if TYPE_CHECKING:
    from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules

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


class StoryDie(AlKalimProcedure):
    """AK-7.4/AK-8: resolve the symbols of the story die in the player's order.

    Frame: (name, symbols still to resolve, roll again). A mirage heals and asks for a new roll
    once every symbol of its face is resolved (AK-8.8).
    """

    name = "al_kalim_story"

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
        al_kalim = al_kalim_state(state)
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
        elif al_kalim.night:  # dunes by night, AK-8.2/AK-8.9: a night ambush
            ambush(rules, state, seat, log)
        else:  # dunes by day, AK-8.1
            state.stack.append(("al_kalim_place_counter",))


class PlaceCounter(AlKalimProcedure):
    """AK-8.1: by day, the dunes symbol lets the player put a counter from the supply on an
    empty gem hex of its colour. Frame: (name,)."""

    name = "al_kalim_place_counter"

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
    al_kalim = al_kalim_state(state)
    colour = al_kalim.boards[seat].limit_colour
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
