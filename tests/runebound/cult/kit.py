"""What the Cult of the Rune tests share (docs/rules/cult.md): a Cult game at seat 0's first
movement, card indexes of the game's content, the cult's state, and the fuzz invariants."""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Any

from boardwright.games.runebound.adventures.cult.rules import CultRules
from boardwright.games.runebound.adventures.cult.state import CultState, cult_state
from boardwright.games.runebound.card_packs import in_play
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.kit import (
    GAME,
    assert_counters_conserved,
    assert_hero_in_bounds,
    drawn_adventure_cards,
    laid_out_adventure_cards,
    owned_market_cards,
)
from tests.runebound.scenario import new_game

CULT = {"adventure": "cult"}
GREEN, YELLOW, BLUE, RED = range(4)


def cult_game(players: int = 1, seed: int = 1, **options: Any) -> RuneboundState:
    """A Cult game at seat 0's first movement decision (scenario.new_game's heroes)."""
    return new_game(players, seed, **CULT, **options)


def rules_of(state: RuneboundState) -> CultRules:
    rules = GAME.rules_for(state)
    assert isinstance(rules, CultRules)
    return rules


def part(state: RuneboundState) -> CultState:
    return cult_state(state)


def card(state: RuneboundState, card_id: str) -> int:
    return rules_of(state).content.adventure_index[card_id]


def city_hex(state: RuneboundState, city_id: str) -> int:
    return next(c.hex for c in rules_of(state).board.cities if c.id == city_id)


def city_index(state: RuneboundState, city_id: str) -> int:
    return next(c.index for c in rules_of(state).board.cities if c.id == city_id)


def give_vp(state: RuneboundState, seat: int, *card_ids: str) -> None:
    """Put cultists from their cult decks into a seat's VP pile."""
    cult = part(state)
    for name in card_ids:
        index = card(state, name)
        cult.decks[rules_of(state).colour_of(index)].remove(index)
        cult.vp[seat].append(index)


def assert_once(places: list[int], expected: list[int], what: str) -> None:
    counts = Counter(places)
    assert set(counts) == set(expected), f"{what}: a card is lost or out of the game"
    assert all(n == 1 for n in counts.values()), f"{what} in two places: {counts.most_common(2)}"


def check_cult(state: RuneboundState) -> None:
    """The invariants of a Cult game after every decision: every card in play in exactly one
    place (decks, discards, cult decks, VP piles, the special pile, set aside...); the cult
    marker on the board; infiltration markers within their supply; corruption gained minus
    removed equals corruption held; VP equal to the held cultists' values; counters conserved;
    heroes within bounds."""
    rules = rules_of(state)
    cult = part(state)
    packs = state.opts.packs
    places = (
        laid_out_adventure_cards(state)
        + drawn_adventure_cards(state)
        + list(chain(*cult.decks, *cult.vp))
        + cult.special
        + cult.aside
        + list(state.removed_adventures)
    )
    expected = [i for i, c in enumerate(rules.adventures) if in_play(c.card_set, packs)]
    assert_once(places, expected, "adventure card")
    assert 0 <= cult.marker < len(rules.board.hexes), "the cult marker is off the board"
    limit = state.opts.adventure_options.infiltration_markers
    assert not limit or len(cult.infiltrated) <= limit, "more infiltrations than markers"
    assert len(set(cult.infiltrated)) == len(cult.infiltrated)
    for seat in range(len(state.heroes)):
        assert cult.gained[seat] - cult.removed[seat] == cult.corruption[seat] >= 0
        values = rules.board.counter_values
        assert rules.card_vp(state, seat) == sum(values[rules.colour_of(c)] for c in cult.vp[seat])
        assert all(rules.is_cult(c) for c in cult.vp[seat])
    for colour, deck in enumerate(cult.decks):
        assert all(rules.is_cult(c) and rules.colour_of(c) == colour for c in deck)
    assert not state.adventure_decks[RED] and not state.track, "CR-3, CR-4"
    market = [i for i, c in enumerate(rules.market) if in_play(c.card_set, packs)]
    assert_once(owned_market_cards(state), market, "market card")
    assert_counters_conserved(state, rules)
    for seat, h in enumerate(state.heroes):
        if seat not in state.eliminated:  # CR-34: out of play, with nothing left to hold
            assert_hero_in_bounds(state, rules, seat, h.allies)
        else:
            assert not h.items and not h.allies


__all__ = ["COLOURS", "GAME"]
