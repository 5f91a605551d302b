"""The loadout cache (``Rules.loadout``) against a loadout built afresh: after every decision of
seeded eager games of the base game and of Al-Kalim (where cards come and go, events change and
legendary rewards are won and spent), every seat's cached abilities and lasting effects are the
ones its hero, cards and the event in play give it now. A fingerprint that missed something
would show here as a stale loadout."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.engine.rng import Rng
from boardwright.games.runebound.loadout import CACHE_LIMIT, Loadout, LoadoutCache
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.al_kalim.kit import AL_KALIM_OPTIONS
from tests.runebound.al_kalim.kit import EAGER as AL_KALIM_EAGER
from tests.runebound.kit import EAGER, GAME, play_out


def assert_loadouts_current(state: RuneboundState, seen: set[tuple[int, ...]]) -> None:
    """Every seat's cached loadout equals a fresh one; ``seen`` collects the fingerprints."""
    rules = GAME.rules_for(state)
    for seat in range(len(state.heroes)):
        cached = rules.loadout(state, seat)
        fresh = Loadout(rules._owned_abilities(state, seat), rules._passive(state, seat))
        assert cached.abilities == fresh.abilities
        assert cached.modifies == fresh.modifies
        assert cached.armour == fresh.armour
        assert cached.mastered == fresh.mastered
        seen.add(rules.owned_fingerprint(state, seat))


# seeds whose eager games change the event in play (base) or win a legendary reward (Al-Kalim)
CASES = [
    pytest.param({}, EAGER, 2, 0, id="base-2"),
    pytest.param({}, EAGER, 4, 0, id="base-4"),
    pytest.param(AL_KALIM_OPTIONS, AL_KALIM_EAGER, 2, 1, id="al-kalim-2"),
    pytest.param(AL_KALIM_OPTIONS, AL_KALIM_EAGER, 4, 16, id="al-kalim-4"),
]


@pytest.mark.parametrize(("options", "eager", "players", "seed"), CASES)
def test_cached_loadouts_stay_current(
    options: dict[str, Any], eager: tuple[str, ...], players: int, seed: int
) -> None:
    state = GAME.setup(GAME.config(players, options), seed)
    seen: set[tuple[int, ...]] = set()
    play_out(state, Rng(seed), eager, lambda s: assert_loadouts_current(s, seen))
    events = {fingerprint[0] for fingerprint in seen}
    # a legend reward in force adds a second -1 after the hero (owned_fingerprint)
    with_legends = [f for f in seen if f[2:].count(-1) == 2]
    assert len(events) > 1 if options == {} else with_legends


def test_the_cache_starts_over_when_full() -> None:
    cache = LoadoutCache()
    loadout = Loadout((), ())
    for key in range(CACHE_LIMIT + 1):
        cache.put(key, loadout)
    assert len(cache) == 1 and cache.get(CACHE_LIMIT) is loadout
