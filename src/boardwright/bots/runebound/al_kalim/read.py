"""Reading the Al-Kalim part of a view: :class:`AlKalimRead` (the sandstorm, lost cities, the
bot's quest board and gear, the legend stacks) and :class:`Job`, a quest step to do."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardwright.bots.runebound.al_kalim.knowledge import AlKalimStatic
from boardwright.bots.runebound.knowledge import Knowledge
from boardwright.games.runebound.records import (
    LegendCard,
    QuestStep,
)


class AlKalimRead:
    """The Al-Kalim part of one view, read once."""

    def __init__(self, kb: Knowledge, st: AlKalimStatic, view: dict[str, Any], seat: int) -> None:
        section: dict[str, Any] = view["al_kalim"]
        self.night = bool(section.get("night"))
        storm = section.get("sandstorm")
        index_of = kb.index_of
        self.covered: frozenset[int] = (
            frozenset(index_of[a] for a in storm["covers"] if a in index_of)
            if storm
            else frozenset()
        )
        self.storm_centre = index_of.get(storm["centre"], -1) if storm else -1
        self.lost_at: dict[str, int] = {
            lost: index_of[at]
            for lost, at in (section.get("lost_cities") or {}).items()
            if at is not None and at in index_of
        }
        board: dict[str, Any] = section["quest_boards"][seat]
        self.limit = int(board.get("limit", 0))
        self.slots: list[dict[str, Any]] = list(board.get("legends", []))
        self.gear: dict[str, int] = dict(board.get("gear", {}))
        self.held_types = {s["type"] for s in self.slots}
        self.rewards = sum(1 for s in self.slots if s["done"])
        self.tops: dict[str, str] = {
            kind: stack["top"]
            for kind, stack in (section.get("legend_stacks") or {}).items()
            if stack.get("top")
        }
        self.gear_supply: dict[str, int] = dict(section.get("gear_supply", {}))
        self.day_march: list[list[int]] = list(section.get("day_march", []))
        self.open_cities = (st.city_hexes | frozenset(self.lost_at.values())) - self.covered
        self.key = (
            self.storm_centre,
            tuple(sorted(self.lost_at.items())),
            tuple((s["id"], s["step"], s["progress"], s["done"]) for s in self.slots),
            self.limit,
            tuple(sorted(self.gear.items())),
        )


@dataclass(frozen=True)
class Job:
    """The current step of one of the bot's unfinished quests."""

    legend: LegendCard
    index: int
    step: QuestStep
    unit: float  # doing the step once now (its own test not counted)
    p_test: float  # the chance to pass the step's own test (1 without one), a kit included
    held: float  # the quest's value as it stands (lost if the test fails)
    places: frozenset[int] | None  # where it can be done (None: anywhere)
