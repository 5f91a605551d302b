"""What the Al-Kalim play knows from the static content: the Al-Kalim content view, the
bot's knowledge of it (with its own discount), and :class:`AlKalimStatic` (legend cards, quest
places, cities, gems, traits, the story die's faces)."""

from __future__ import annotations

from boardwright.bots.runebound.constants import (
    GAMMA,
    HEXES_PER_TURN,
)
from boardwright.bots.runebound.knowledge import Knowledge, settle
from boardwright.games.runebound.adventures.al_kalim.content import (
    al_kalim_content,
)
from boardwright.games.runebound.adventures.al_kalim.rules import play_content
from boardwright.games.runebound.adventures.al_kalim.travel import (
    CANYON,
    DUNES,
    LOWLAND,
    MIRAGE,
    ROAD,
    ROCK,
    WASTELAND,
)
from boardwright.games.runebound.content import TERRAIN_NAMES, RuneboundContent, default_content
from boardwright.games.runebound.records import (
    COLOURS,
    LegendCard,
    QuestStep,
)


def time_ok(step: QuestStep, night: bool) -> bool:
    """Whether a quest step's time filter allows a day (or night) turn (AK-4.4)."""
    return step.time is None or (step.time == "night") == night


_VIEWS: dict[int, tuple[RuneboundContent, RuneboundContent]] = {}


def al_kalim_play_content(content: RuneboundContent | None = None) -> RuneboundContent:
    """The Al-Kalim content view of ``content`` (cached: content is immutable)."""
    content = content or default_content()
    found = _VIEWS.get(id(content))
    if found is None or found[0] is not content:
        found = (content, play_content(content))
        _VIEWS[id(content)] = found
    return found[1]


AL_KALIM_DISCOUNT = (1.0, *(GAMMA ** (1 + (d - 1) / HEXES_PER_TURN) for d in range(1, 64)))
"""The value kept by a target ``d`` hexes from where this turn's movement ends: a hex not
reached this turn is at least one turn away (step 3 comes once a turn), then ``HEXES_PER_TURN``
hexes a turn. The base game's smooth discount would let the bot crawl one free hex a day."""

_KNOWLEDGE: dict[int, tuple[RuneboundContent, Knowledge]] = {}


def al_kalim_knowledge(content: RuneboundContent | None = None) -> Knowledge:
    """The bot's knowledge of an Al-Kalim game (shared by all bots of a process)."""
    view = al_kalim_play_content(content)
    found = _KNOWLEDGE.get(id(view))
    if found is None or found[0] is not view:
        found = (view, Knowledge(view, AL_KALIM_DISCOUNT, sample_sizes=None))
        _KNOWLEDGE[id(view)] = found
        settle()
    return found[1]


class AlKalimStatic:
    """What the bot precomputes from the Al-Kalim content view."""

    def __init__(self, kb: Knowledge) -> None:
        content = kb.content
        records = al_kalim_content(content)
        assert records is not None
        board = content.board
        self.board = board
        self.legends: dict[str, LegendCard] = {card.id: card for card in records.legends}
        # legend cards by index, as the game keys their abilities
        self.legend_index = {card.id: i for i, card in enumerate(records.legends)}
        self.locations = {loc.id: loc.hexes for loc in board.locations}
        self.terrain_hexes = {
            name: frozenset(h.index for h in board.hexes if h.terrain == t)
            for t, name in enumerate(TERRAIN_NAMES)
        }
        self.city_hex = {c.id: c.hex for c in board.cities}
        self.city_at = {c.hex: c.id for c in board.cities}
        self.city_hexes = frozenset(self.city_hex.values())
        # the view names a market stack by the first city (or lost city) that uses it
        first: dict[int, str] = {}
        for c in board.cities:
            first.setdefault(c.market_position, c.id)
        self.stack_key = {c.id: first[c.market_position] for c in board.cities}
        self.lost_power = {lc.id: lc.power for lc in board.lost_cities}
        self.gems = tuple((h.index, h.gem) for h in board.hexes if h.gem >= 0)
        self.gem_hexes = frozenset(h for h, _ in self.gems)
        self.traits = {card.id: frozenset(card.traits) for card in content.adventures}
        self.trait_share: dict[tuple[str, str], float] = {}
        for colour in COLOURS:
            cards = [c for c in content.adventures if c.colour == colour]
            for trait in {t for c in cards for t in c.traits}:
                share = sum(1 for c in cards if trait in c.traits) / len(cards)
                self.trait_share[(colour, trait)] = share
        faces = board.die_faces
        self.faces = tuple(
            tuple(t for t in (DUNES, ROAD, LOWLAND, ROCK, WASTELAND, CANYON, MIRAGE) if f >> t & 1)
            for f in faces
        )
        self.mirage_share = sum(1 for f in faces if f >> MIRAGE & 1) / len(faces)
        self.dunes_share = sum(1 for f in faces if f >> DUNES & 1) / len(faces)
        self.storm_start = board.sandstorm_start
        self._places: dict[tuple[str, int], frozenset[int] | None] = {}

    def share(self, colour: str, trait: str | None) -> float:
        """The part of a colour's challenges with a trait (1 without a trait filter)."""
        return 1.0 if trait is None else self.trait_share.get((colour, trait), 0.0)

    def static_places(self, legend: str, index: int) -> frozenset[int] | None:
        """The hexes a quest step's terrain, location and printed city allow (None: any);
        lost cities move and are added by :meth:`AlKalimPlay.places`."""
        key = (legend, index)
        if key in self._places:
            return self._places[key]
        step = self.legends[legend].quest.steps[index]
        places: frozenset[int] | None = None
        if step.terrain is not None:
            places = self.terrain_hexes.get(step.terrain, frozenset())
        if step.location is not None:
            where = self.locations.get(step.location, frozenset())
            places = where if places is None else places & where
        if step.city is not None and step.city in self.city_hex:
            where = frozenset({self.city_hex[step.city]})
            places = where if places is None else places & where
        self._places[key] = places
        return places


_STATIC: dict[int, AlKalimStatic] = {}


def al_kalim_static(kb: Knowledge) -> AlKalimStatic:
    found = _STATIC.get(id(kb))
    if found is None or found.board is not kb.content.board:
        found = AlKalimStatic(kb)
        _STATIC[id(kb)] = found
    return found
