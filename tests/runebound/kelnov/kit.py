"""What the Avatars of Kelnov tests share (docs/rules/kelnov.md): a Kelnov game at seat 0's
first movement, card indexes of the game's content, the Kelnov piles, and the fuzz invariants:
every card of the game in exactly one place, Kelnov's apart from the base ones."""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Any

from boardwright.games.runebound.adventures.kelnov.rules import KelnovRules
from boardwright.games.runebound.adventures.kelnov.state import KelnovState, kelnov_state
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
from tests.runebound.scenario import new_game, refresh

KELNOV = {"adventure": "kelnov"}


def kelnov_game(players: int = 1, seed: int = 1, **options: Any) -> RuneboundState:
    """A Kelnov game at seat 0's first movement decision (scenario.new_game's heroes)."""
    return new_game(players, seed, **KELNOV, **options)


def rules_of(state: RuneboundState) -> KelnovRules:
    rules = GAME.rules_for(state)
    assert isinstance(rules, KelnovRules)
    return rules


def card(state: RuneboundState, card_id: str) -> int:
    """A card's index in the game's content (Kelnov's cards after the base ones)."""
    return rules_of(state).content.adventure_index[card_id]


def card_id(state: RuneboundState, index: int) -> str:
    return rules_of(state).adventures[index].id


def kelnov_cards(state: RuneboundState, colour: str, kind: str | None = None) -> list[str]:
    """The ids of Kelnov's cards of a colour (and kind)."""
    rules = rules_of(state)
    return [
        c.id
        for c in rules.adventures[rules.first_kelnov :]
        if c.colour == colour and (kind is None or c.kind == kind)
    ]


def pile(state: RuneboundState, colour: str) -> list[int]:
    return kelnov_state(state).piles[COLOURS.index(colour)]


def pile_top(state: RuneboundState, *card_ids: str) -> None:
    """Put Kelnov cards on top of their piles; the first named comes first."""
    part = kelnov_state(state)
    for name in reversed(card_ids):
        index = card(state, name)
        colour = COLOURS.index(rules_of(state).adventures[index].colour)
        for place in (part.piles[colour], part.discards[colour]):
            if index in place:
                place.remove(index)
        part.piles[colour].append(index)
    refresh(state)


def base_on_top(state: RuneboundState, *card_ids: str) -> None:
    """Put base cards on top of their decks; the first named is drawn first."""
    for name in reversed(card_ids):
        index = card(state, name)
        colour = COLOURS.index(rules_of(state).adventures[index].colour)
        for place in (state.adventure_decks[colour], state.adventure_discards[colour]):
            if index in place:
                place.remove(index)
        state.adventure_decks[colour].append(index)


def set_aside(state: RuneboundState) -> list[int]:
    """KV-2, KV-15: the red cards of the base game and of the chosen packs (never dealt)."""
    rules = rules_of(state)
    return [
        i
        for i, c in enumerate(rules.adventures[: rules.first_kelnov])
        if c.colour == "red" and in_play(c.card_set, state.opts.packs)
    ]


def assert_once(places: list[int], expected: list[int], what: str) -> None:
    """``places`` holds every card of ``expected`` exactly once and no other."""
    counts = Counter(places)
    assert set(counts) == set(expected), f"{what}: a card is lost or out of the game"
    assert all(n == 1 for n in counts.values()), f"{what} in two places: {counts.most_common(2)}"


def kelnov_places(part: KelnovState) -> list[int]:
    return [*chain(*part.piles), *chain(*part.discards)]


def check_kelnov(state: RuneboundState) -> None:
    """The invariants of a Kelnov game, after every decision of a fuzz game: every card in
    play (base and chosen packs, Kelnov's) in exactly one place, the set-aside red cards in
    none; Kelnov's piles and discards hold only Kelnov's cards of their colour; the red deck
    only Kelnov's; counters conserved; heroes within bounds."""
    rules = rules_of(state)
    part = kelnov_state(state)
    aside = set(set_aside(state))
    places = (
        laid_out_adventure_cards(state)
        + drawn_adventure_cards(state)
        + kelnov_places(part)
        + list(state.removed_adventures)
        + list(state.doom_row)
    )
    packs = state.opts.packs
    in_game = [
        i for i, c in enumerate(rules.adventures) if in_play(c.card_set, packs) and i not in aside
    ]
    assert not aside & set(places), "a set-aside red card is in the game (KV-2)"
    assert_once(places, in_game, "adventure card")
    for colour in range(len(part.piles)):
        for index in (*part.piles[colour], *part.discards[colour]):
            assert rules.is_kelnov(index), "a base card in a Kelnov pile (KV-11)"
            assert COLOURS.index(rules.adventures[index].colour) == colour
        for index in state.adventure_discards[colour]:
            assert not rules.is_kelnov(index), "a Kelnov card in a base discard pile (KV-11)"
    red = COLOURS.index("red")
    assert all(rules.is_kelnov(c) for c in state.adventure_decks[red]), "KV-3: the red deck"
    market = [i for i, c in enumerate(rules.market) if in_play(c.card_set, packs)]
    assert_once(owned_market_cards(state), market, "market card")
    assert_counters_conserved(state, rules)
    for seat, h in enumerate(state.heroes):
        assert_hero_in_bounds(state, rules, seat, h.allies)
