"""Al-Kalim game state: the adventure's state part, kept in ``RuneboundState.adventure_state``.

Like the base state it holds only ids, counters and small lists, so cloning stays cheap.
"""

from __future__ import annotations

from boardwright.games.runebound.adventures.al_kalim.content import GEAR_KINDS
from boardwright.games.runebound.records import LEGEND_TYPES
from boardwright.games.runebound.state import RuneboundState


class LegendSlot:
    """A legend card on a quest board (AK-11.1): the quest side until done, then the reward.

    ``step`` is the quest step in progress and ``progress`` how often it was done so far;
    ``uses`` counts the uses of a legendary rune (AK-11.11).
    """

    __slots__ = ("card", "done", "progress", "step", "uses")

    def __init__(self, card: int) -> None:
        self.card = card
        self.step = 0
        self.progress = 0
        self.done = False
        self.uses = 0

    def clone(self) -> LegendSlot:
        # through __init__: a compiled (mypyc) class has no bare __new__
        other = LegendSlot(self.card)
        other.step = self.step
        other.progress = self.progress
        other.done = self.done
        other.uses = self.uses
        return other


class QuestBoard:
    """A player's quest board (AK-1.7): legend cards, the limit counter and survival gear."""

    __slots__ = ("drew_legend", "explored", "gear", "legends", "limit", "limit_colour")

    def __init__(self) -> None:
        self.legends: list[LegendSlot] = []
        self.limit = 0  # the number on the limit counter (AK-10.2); 0: no counter yet
        self.limit_colour = -1  # its colour (the deck of night ambushes, AK-8.9)
        self.gear = [0] * len(GEAR_KINDS)  # tokens held per kind (AK-9.4)
        self.drew_legend = False  # this turn (AK-10.7)
        self.explored = -1  # lost city whose bazaar was explored this turn (AK-14.7), or -1

    def clone(self) -> QuestBoard:
        # through __init__: a compiled (mypyc) class has no bare __new__
        other = QuestBoard()
        other.legends = [slot.clone() for slot in self.legends]
        other.limit = self.limit
        other.limit_colour = self.limit_colour
        other.gear = self.gear[:]
        other.drew_legend = self.drew_legend
        other.explored = self.explored
        return other


class AlKalimState:
    """Everything Al-Kalim adds to a game in progress."""

    __slots__ = (
        "ally_deck",
        "boards",
        "gear_supply",
        "legend_stacks",
        "legend_under",
        "lost_cities",
        "night",
        "storm",
        "storm_direction",
        "travel_pieces",
    )

    def __init__(self, players: int, lost_cities: int) -> None:
        self.night = False  # the active player's choice this turn (AK-4.4)
        self.storm = -1  # hex index of the sandstorm's centre; -1 before it appears (AK-13.1)
        self.storm_direction = 0  # direction of its first arrow (AK-13.4)
        self.lost_cities = [-1] * lost_cities  # hex of each lost city, -1 beside the row
        self.legend_stacks: list[list[int]] = []  # per legend type, top = last (AK-3.6)
        # per legend type: how many open legend cards went under the stack (AK-11.6); the
        # lowest of them that are left keep their place when a view is determinized
        self.legend_under = [0] * len(LEGEND_TYPES)
        self.ally_deck: list[int] = []  # Al-Kalim allies as market indexes, top = last
        self.gear_supply = [0] * len(GEAR_KINDS)
        self.boards = [QuestBoard() for _ in range(players)]
        # per party member (hero first, then allies): day-travel exhaustion and wounds taken
        # in this movement step, which a waterskin can cancel (AK-9.8)
        self.travel_pieces: list[tuple[int, int]] = []

    def clone(self) -> AlKalimState:
        # through __init__: a compiled (mypyc) class has no bare __new__
        other = AlKalimState(0, 0)
        other.night = self.night
        other.storm = self.storm
        other.storm_direction = self.storm_direction
        other.lost_cities = self.lost_cities[:]
        other.legend_stacks = [s[:] for s in self.legend_stacks]
        other.legend_under = self.legend_under[:]
        other.ally_deck = self.ally_deck[:]
        other.gear_supply = self.gear_supply[:]
        other.boards = [b.clone() for b in self.boards]
        other.travel_pieces = self.travel_pieces[:]
        return other


def al_kalim_state(state: RuneboundState) -> AlKalimState:
    """The Al-Kalim part of an Al-Kalim game's state."""
    found = state.adventure_state
    assert isinstance(found, AlKalimState), "not an Al-Kalim game"
    return found
