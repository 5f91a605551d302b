"""A seat's loadout: the abilities and lasting effects its hero, cards and the event give it.

The rules ask for these on every option list and every combat step (life, stamina, each roll's
modifiers, the abilities that may be used), while what they come from changes a few times a
game. ``Rules.loadout`` therefore builds a :class:`Loadout` once per distinct *fingerprint* (the
hero, the cards the seat owns in order, and the event in play) and looks it up afterwards.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from boardwright.games.runebound.records import TERRAINS, Ability, Effect, Modify

OwnedAbility = tuple[str, str, Ability]  # (key, owner name, ability)

CACHE_LIMIT = 4096  # distinct fingerprints kept per rules object before the cache starts over


class Loadout:
    """What a seat's hero, items, allies, rewards and the event in play give it, pre-sorted:
    abilities by timing, lasting ``modify`` effects by stat, the total ``reduce_damage``, the
    skills mastered (``master``, AK-9.9) and the terrains passable with any die
    (``pathfinder``, PV-6)."""

    __slots__ = ("abilities", "armour", "mastered", "modifies", "passages")

    def __init__(self, owned: Iterable[OwnedAbility], lasting: Iterable[Effect]) -> None:
        by_timing: dict[str, list[OwnedAbility]] = {}
        for entry in owned:
            by_timing.setdefault(entry[2].timing, []).append(entry)
        self.abilities = {timing: tuple(found) for timing, found in by_timing.items()}
        by_stat: dict[str, list[Modify]] = {}
        self.armour = 0
        mastered: set[str] = set()
        self.passages = 0  # PV-6: terrains (a bit each) entered with any die (``pathfinder``)
        for e in lasting:
            if e.do == "modify":
                by_stat.setdefault(e.stat, []).append(e)
            elif e.do == "reduce_damage":
                self.armour += e.amount
            elif e.do == "master":
                mastered.add(e.skill)
            elif e.do == "pathfinder":
                self.passages |= 1 << TERRAINS.index(e.terrain)
        self.mastered = frozenset(mastered)
        self.modifies = {stat: tuple(found) for stat, found in by_stat.items()}


class LoadoutCache(dict[Hashable, Loadout]):
    """Loadouts by fingerprint (looked up with ``get``), emptied when it grows past
    :data:`CACHE_LIMIT` so that long simulations keep bounded memory (a fingerprint seen again
    is simply rebuilt)."""

    def put(self, fingerprint: Hashable, loadout: Loadout) -> Loadout:
        if len(self) >= CACHE_LIMIT:
            self.clear()
        self[fingerprint] = loadout
        return loadout
