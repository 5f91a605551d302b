"""The story die (AK-7.4, AK-8): rolling it, resolving its symbols in the player's order, the
counter placed by day and the night ambush."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.adventure import draw_adventure
from boardwright.games.runebound.adventures.al_kalim import quests
from boardwright.games.runebound.adventures.al_kalim.lost_cities import lost_city
from boardwright.games.runebound.adventures.al_kalim.message_args import (
    record,
)
from boardwright.games.runebound.adventures.al_kalim.pack_cards import play_event
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
from boardwright.games.runebound.rules import Log
from boardwright.games.runebound.state import (
    RuneboundState,
)

if TYPE_CHECKING:
    from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules

# The story symbols in the order the die's terrains are listed (AK-7.4, AK-8), by their keys;
# the catalog names them ("rb.al_kalim.symbol.<key>")
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
    symbols = tuple(t for t in STORY_KEYS if face >> t & 1)
    record(log, "story", **rules.party(state, seat), dice=[face_text(face)])
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
                symbols = roll_story(self.ak_rules, state, seat, log)
                state.stack[-1] = (self.name, symbols, False)
                here = state.heroes[seat].hex
                quests.on_action(self.ak_rules, state, seat, "story_roll", here, log)
            else:
                state.stack.pop()
            return None
        if len(symbols) == 1:
            self._resolve(state, frame, symbols[0], log)
            return None
        options = tuple(
            Option(
                f"symbol:{STORY_KEYS[s]}",
                data=s,
                what="rb.option.story_symbol",
                args={"symbol": STORY_KEYS[s]},
            )
            for s in symbols
        )
        return Decision(state.seat, "story_order", options=options)

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        self._resolve(state, frame, option.data, log)

    def _resolve(self, state: RuneboundState, frame: Frame, symbol: int, log: Log) -> None:
        rules = self.ak_rules
        seat = state.seat
        al_kalim = al_kalim_state(state)
        h = state.heroes[seat]
        who = rules.party(state, seat)
        rest = tuple(s for s in frame[1] if s != symbol)
        state.stack[-1] = (self.name, rest, frame[2] or symbol == MIRAGE)
        if symbol == MIRAGE:  # AK-8.8
            h.wounds -= min(1, h.wounds)
            for ally in h.allies:
                ally.wounds -= min(1, ally.wounds)
            record(log, "story", "mirage", **who)
        elif symbol == ROAD:  # AK-8.3
            h.exhaustion -= min(1, h.exhaustion)
            for ally in h.allies:
                ally.exhaustion -= min(1, ally.exhaustion)
            record(log, "story", "spring", **who)
        elif symbol == ROCK:  # AK-8.5
            h.gold += 1
            record(log, "story", "stolen_gold", **who)
        elif symbol == LOWLAND:  # AK-8.4
            record(log, "story", "wind_rises", seat=seat)
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
        board = self.ak_rules.board
        options = [
            Option(
                f"counter:{h.at.q},{h.at.r}",
                data=h.index,
                what="rb.option.stir_counter",
                args={"colour": COLOURS[h.gem], "hex": str(h.at)},
            )
            for h in board.hexes
            if h.gem >= 0 and not state.counters[h.index] and state.counter_supply[h.gem] > 0
        ]
        if not options:
            state.stack.pop()
            return None
        options.append(Option("none", what="rb.option.stir_none"))
        return Decision(state.seat, "place_counter", options=tuple(options))

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        state.stack.pop()
        if option.key == "none":
            return
        board = self.ak_rules.board
        gem = board.hexes[option.data].gem
        state.counter_supply[gem] -= 1
        state.counters[option.data] |= 1 << gem
        record(
            log,
            "counter",
            "creatures_stir",
            colour=COLOURS[gem],
            hex=self.ak_rules.hex_labels[option.data],
        )


def ambush_colour(state: RuneboundState, seat: int) -> int:
    """AK-8.9: the deck of the limit counter's colour, green without one."""
    al_kalim = al_kalim_state(state)
    colour = al_kalim.boards[seat].limit_colour
    return colour if colour >= 0 else 0


def ambush(rules: AlKalimRules, state: RuneboundState, seat: int, log: Log) -> None:
    """AK-8.9: a night ambush: a challenge from the limit counter's deck, fought at once; an
    adventure-card pack's encounter drawn is met there instead (AK-17.4), an event happens and
    ends the ambush (AK-17.5)."""
    colour = ambush_colour(state, seat)
    card = draw_adventure(rules, state, colour)
    if card < 0:
        record(log, "empty_deck", "no_ambush", colour=COLOURS[colour])
        return
    state.reveals += 1
    adventure = rules.adventures[card]
    here = state.heroes[seat].hex
    record(log, "ambush", **rules.party(state, seat), card=adventure.id)
    if adventure.kind == "event":
        play_event(rules, state, seat, card, log)
    elif adventure.kind == "encounter":
        state.stack.append(("encounter", card, here, colour))
    else:
        state.stack.append(("combat_start", card, here, "ambush"))
        if adventure.sunburst:  # AK-6.6: replenish and the storm before the fight
            sunburst(rules, state, card, log)
