"""The Cult part of a game's state (``RuneboundState.adventure_state``): the cult marker and its
path, infiltrated cities, cultist counters, corruption, the VP piles, the special pile, the cult
decks and the set-aside red cards (docs/rules/cult.md). Ids and small lists only."""

from __future__ import annotations

from boardwright.games.runebound.state import RuneboundState


class CultState:
    """``turned[hex]``: bits of the colours whose counter there is a cultist (CR-18; red ones
    always are, CR-8). Per seat: ``corruption`` held, ``gained`` and ``removed`` in all (so
    gained - removed == held), ``vp`` the defeated cultists (CR-9). ``decks`` per colour, top
    last; ``special`` the events and encounters of rule C (CR-14); ``aside`` the red cards set
    aside (CR-2, CR-41); ``moved_end`` the turn whose end of movement was handled (CR-20)."""

    __slots__ = (
        "aside",
        "corruption",
        "decks",
        "gained",
        "infiltrated",
        "marker",
        "moved_end",
        "path",
        "removed",
        "special",
        "turned",
        "vp",
    )

    def __init__(self, hexes: int, players: int) -> None:
        self.marker = -1
        self.path = -1
        self.infiltrated: list[int] = []  # city indexes, in the order infiltrated
        self.turned = [0] * hexes
        self.corruption = [0] * players
        self.gained = [0] * players
        self.removed = [0] * players
        self.vp: list[list[int]] = [[] for _ in range(players)]
        self.decks: list[list[int]] = [[], [], [], []]
        self.special: list[int] = []
        self.aside: list[int] = []
        self.moved_end = -1

    def clone(self) -> CultState:
        # through __init__: a compiled (mypyc) class has no bare __new__
        other = CultState(0, 0)
        other.marker = self.marker
        other.path = self.path
        other.infiltrated = self.infiltrated[:]
        other.turned = self.turned[:]
        other.corruption = self.corruption[:]
        other.gained = self.gained[:]
        other.removed = self.removed[:]
        other.vp = [pile[:] for pile in self.vp]
        other.decks = [deck[:] for deck in self.decks]
        other.special = self.special[:]
        other.aside = self.aside[:]
        other.moved_end = self.moved_end
        return other


def cult_state(state: RuneboundState) -> CultState:
    """The Cult part of a Cult game's state."""
    found = state.adventure_state
    assert isinstance(found, CultState), "not a Cult game"
    return found
