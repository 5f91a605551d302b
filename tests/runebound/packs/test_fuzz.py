"""Seeded fuzz with the fixture card packs (docs/rules/packs.md PK-3 to PK-6, docs/rules/
al-kalim.md AK-17): random games with packs in every mode, checked after every decision: every
card in play in exactly one place, counted per set; no card of a pack left out; the focus parts
of the decks hold only the chosen packs' cards; counters conserved and nothing negative; no
event in play in Al-Kalim; every game ends.

The default run plays a CI sample with the fixture packs and with the shipped packs
(``content/runebound/packs``); the full run, with the shipped packs (1,000 games of the base
adventure with the four packs, 500 of Al-Kalim with the market packs, 500 of Al-Kalim with the
adventure-card packs (and the market packs, Al-Kalim's options mixed), 500 with the advanced
rules; packs and modes mixed per game, 2-6 players), is marked ``fuzz_full``::

    pytest tests/runebound/packs/test_fuzz.py -m fuzz_full -n 2
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from boardwright.engine.rng import Rng
from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules
from boardwright.games.runebound.adventures.al_kalim.setup import EXTRA_COUNTERS, SPARE_COUNTERS
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.card_packs import in_play
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.options import ADVANCED_PRESET
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.al_kalim.kit import al_kalim_case_options
from tests.runebound.fuzzruns import PLAYER_COUNTS
from tests.runebound.kit import (
    DECISION_CAP,
    EAGER,
    assert_counters_conserved,
    case_options,
    drawn_adventure_cards,
    eager_choice,
    laid_out_adventure_cards,
    owned_market_cards,
)
from tests.runebound.kit import GAME as SHIPPED
from tests.runebound.packs.kit import ALL_PACKS, MARKET_PACKS, pack_game

GAMES: dict[str, Runebound] = {"fixtures": pack_game(), "shipped": SHIPPED}
MODES = ("mixed", "focus")


def per_set_once(cards: list[int], expected: list[int], sets: list[str], what: str) -> None:
    """``cards`` holds each card of ``expected`` exactly once and no other (per set)."""
    counts = Counter(cards)
    for card_set in sorted(set(sets)):
        want = {i for i in expected if sets[i] == card_set}
        have = {i for i in counts if i < len(sets) and sets[i] == card_set}
        assert have == want, f"{what} of set {card_set}: lost or out of place"
    assert set(counts) == set(expected), f"{what}: a card not in play is in the game"
    assert all(n == 1 for n in counts.values()), f"{what} in two places: {counts.most_common(2)}"


def check_focus(state: RuneboundState, rules: Rules) -> None:
    """The focus parts lie on top and hold only the chosen packs' cards (PK-4, PK-5)."""
    chosen = set(state.opts.packs)
    deck = state.market_deck
    assert 0 <= state.market_focus <= len(deck)
    for card in deck[len(deck) - state.market_focus :]:
        assert rules.market[card].card_set in chosen
    for colour, adventure_deck in enumerate(state.adventure_decks):
        focus = state.adventure_focus[colour]
        assert 0 <= focus <= len(adventure_deck)
        for card in adventure_deck[len(adventure_deck) - focus :]:
            assert rules.adventures[card].card_set in chosen


def check_invariants(game: Runebound, state: RuneboundState) -> None:
    rules = game.rules_for(state)
    packs = state.opts.packs
    check_focus(state, rules)
    market_sets = [card.card_set for card in rules.market]
    places = laid_out_adventure_cards(state) + drawn_adventure_cards(state)
    places += state.doom_row + state.removed_adventures
    sets = [card.card_set for card in rules.adventures]
    expected = [i for i, s in enumerate(sets) if in_play(s, packs)]
    per_set_once(places, expected, sets, "adventure card")  # AK-17.2: the desert's decks too
    if isinstance(rules, AlKalimRules):
        part = al_kalim_state(state)
        market = owned_market_cards(state, lambda ally: not rules.is_legendary(ally.card))
        market += part.ally_deck
        market += [c for frame in state.stack if frame[0] == "al_kalim_dreams" for c in frame[2]]
        limit = rules.first_legend
        limits = [b.limit_colour for b in part.boards if b.limit_colour >= 0]
        assert_counters_conserved(state, rules, SPARE_COUNTERS + EXTRA_COUNTERS, limits)
        assert state.event == -1  # AK-17.5: no event stays in play in the desert
    else:
        market = owned_market_cards(state)
        limit = len(rules.market)
        assert_counters_conserved(state, rules)
    expected_market = [i for i in range(limit) if in_play(market_sets[i], packs)]
    per_set_once(market, expected_market, market_sets, "market card")
    for h in state.heroes:
        assert h.gold >= 0 and h.wounds >= 0 and h.exhaustion >= 0
        assert all(a.wounds >= 0 and a.exhaustion >= 0 for a in h.allies)


def play(
    game: Runebound, players: int, seed: int, options: dict[str, Any], eager: bool
) -> RuneboundState:
    state = game.setup(game.config(players, options), seed)
    rng = Rng(seed ^ 0x9AC5)
    check_invariants(game, state)
    decisions = 0
    while (decision := state.pending) is not None:
        keys = [o.key for o in decision.options]
        assert keys and len(set(keys)) == len(keys)
        choice = eager_choice(decision, rng, EAGER) if eager else rng.below(len(keys))
        game.apply(state, choice)
        check_invariants(game, state)
        decisions += 1
        assert decisions < DECISION_CAP, "the game did not end"
    assert state.finished and game.result(state) is not None
    return state


def pack_case(family: str, players: int, index: int) -> dict[str, Any]:
    """Mixed options per case: the base options, which packs (at least one) and their modes."""
    pick = Rng(players * 31_337 + index)
    if family == "al-kalim":
        chosen = [p for p in MARKET_PACKS if pick.below(2)] or ["kellos"]
        return {"adventure": "al-kalim", "packs": chosen, "packs.market_mode": MODES[pick.below(2)]}
    if family == "al-kalim-adventure":  # AK-17: the adventure-card packs in the desert
        options = al_kalim_case_options(players, index)
        chosen = [p for p in ALL_PACKS if pick.below(3)]
        chosen = chosen if set(chosen) - set(MARKET_PACKS) else [*chosen, ADVENTURE[index % 2]]
        options.update(adventure="al-kalim", packs=chosen)
        options["packs.adventure_mode"] = MODES[pick.below(2)]
        if set(chosen) & set(MARKET_PACKS):
            options["packs.market_mode"] = MODES[pick.below(2)]
        options["al_kalim.pack_day_life"] = ("lower", "printed")[pick.below(2)]
        return options
    options = case_options(players, index)
    if family == "advanced":
        options.update(ADVANCED_PRESET)
        options["max_rounds"] = 60
    chosen = [p for p in ALL_PACKS if pick.below(3)] or ALL_PACKS
    options["packs"] = chosen
    if set(chosen) & set(MARKET_PACKS):
        options["packs.market_mode"] = MODES[pick.below(2)]
    if set(chosen) - set(MARKET_PACKS):
        options["packs.adventure_mode"] = MODES[pick.below(2)]
    return options


FAMILIES = ("dragonlords", "al-kalim", "al-kalim-adventure", "advanced")
SAMPLE = {  # games per player count in CI, by packs and family
    "fixtures": {"dragonlords": 2, "al-kalim": 1, "al-kalim-adventure": 1, "advanced": 1},
    "shipped": {"dragonlords": 1, "al-kalim": 1, "al-kalim-adventure": 1, "advanced": 1},
}
# per player count: 1000 / 500 / 500 / 500
FULL = {"dragonlords": 200, "al-kalim": 100, "al-kalim-adventure": 100, "advanced": 100}
ADVENTURE = ("margath", "drakes")


# PK-3, PK-4, PK-5
@pytest.mark.parametrize("packs", sorted(GAMES))
@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_PK_3_PK_4_PK_5_fuzz_sample(packs: str, family: str, players: int) -> None:
    """The CI sample: every game ends with every card of the chosen packs accounted for."""
    game = GAMES[packs]
    for index in range(SAMPLE[packs][family]):
        options = pack_case(family, players, index)
        play(game, players, 1000 * players + index, options, index % 2 == 0)


# PK-6
@pytest.mark.fuzz_full
@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_PK_6_fuzz_full(family: str, players: int) -> None:
    """The full run with the shipped packs (only with ``-m fuzz_full``)."""
    endings: Counter[str] = Counter()
    for index in range(FULL[family]):
        options = pack_case(family, players, index)
        state = play(SHIPPED, players, 77_000 * players + index, options, index % 3 != 0)
        endings[state.ended_by] += 1
    print(f"{family} players={players} endings={dict(endings)}")
