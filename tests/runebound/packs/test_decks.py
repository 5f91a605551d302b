"""Decks built by set at setup, and the focus decks (docs/rules/packs.md PK-3 to PK-7, KL, WW,
SM, DD), with the fixture packs of tests/runebound/packs/fixtures."""

from __future__ import annotations

from pathlib import Path

from boardwright.engine.rng import Rng
from boardwright.games.runebound.adventure import draw_adventure
from boardwright.games.runebound.adventures.al_kalim.bazaar import shuffle_back_with_focus
from boardwright.games.runebound.content import CONTENT_DIR, load_content
from boardwright.games.runebound.decks import take_from_adventure_deck
from boardwright.games.runebound.effects import draw_market_card
from boardwright.games.runebound.endgame import RED, begin_endgame
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.kit import GAME
from tests.runebound.packs.kit import ALL_PACKS, MARKET_PACKS, big_market_pack, pack_game, sets_of


def setup(options: dict[str, object], seed: int = 3, players: int = 3) -> RuneboundState:
    game = pack_game()
    return game.setup(game.config(players, options), seed)


def market_cards(state: RuneboundState) -> list[int]:
    return [*state.market_deck, *(c for stack in state.stacks for c in stack)]


def pack_ids_of(game: Runebound, pack: str, market: bool) -> set[int]:
    content = game.content
    sets = [c.card_set for c in (content.market if market else content.adventures)]
    return {i for i, card_set in enumerate(sets) if card_set == pack}


# PK-3, PK-7
def test_PK_3_PK_7_packs_not_chosen_stay_out_and_the_game_is_unchanged() -> None:
    """Installed but not chosen, a pack's cards join no deck: the setup is the built-in
    game's, card for card."""
    state = setup({})
    plain = GAME.setup(GAME.config(3), 3)
    assert state.market_deck == plain.market_deck and state.stacks == plain.stacks
    assert state.adventure_decks == plain.adventure_decks
    assert set(sets_of(pack_game(), state, market_cards(state), True)) == {"base"}


# KL-1, WW-1, KL-3, WW-3
def test_KL_1_WW_1_KL_3_WW_3_mixed_shuffles_both_market_packs_into_the_market_deck() -> None:
    game = pack_game()
    state = setup({"packs": MARKET_PACKS})
    cards = market_cards(state)
    expected = pack_ids_of(game, "kellos", True) | pack_ids_of(game, "walkers", True)
    assert expected <= set(cards) and len(cards) == len(set(cards)) == 84 + len(expected)
    assert state.market_focus == 0
    # mixed: not all on top
    top = sets_of(game, state, state.market_deck[-len(expected) :], True)
    assert set(top) != {"kellos", "walkers"} or len(set(top)) > 1


# KL-2, WW-2, KL-3
def test_KL_2_WW_2_KL_3_focus_deals_the_packs_first_then_the_normal_deck() -> None:
    """The setup deal takes the joint focus deck (5 cards) first; the stacks after it get
    base cards (the fallback)."""
    game = pack_game()
    state = setup({"packs": MARKET_PACKS, "packs.market_mode": "focus"})
    dealt = [stack[0] for stack in state.stacks[1:]]  # dealt in city order from Riverwatch
    sets = sets_of(game, state, dealt, True)
    assert sorted(sets[:5]) == ["kellos"] * 3 + ["walkers"] * 2
    assert set(sets[5:]) == {"base"}
    assert state.market_focus == 0


# KL-2
def test_KL_2_focus_market_draws_go_on_in_play_until_the_pack_runs_out(tmp_path: Path) -> None:
    game = Runebound(load_content(CONTENT_DIR, packs=big_market_pack(tmp_path / "packs")))
    state = game.setup(game.config(2, {"packs": ["kellos"], "packs.market_mode": "focus"}), 7)
    rules = game.rules_for(state)
    assert state.market_focus == 12 - 7  # seven city stacks dealt from the focus deck
    drawn = []
    for _ in range(6):
        draw_market_card(rules, state, 1, None)
        drawn.append(state.stacks[1][-1])
    assert sets_of(game, state, drawn, True) == ["kellos"] * 5 + ["base"]
    assert state.market_focus == 0


# SM-1, SM-2, DD-1, DD-2
def test_SM_1_SM_2_DD_1_DD_2_mixed_sorts_pack_cards_into_the_decks_of_their_colour() -> None:
    game = pack_game()
    state = setup({"packs": ["margath", "drakes"]})
    for colour, deck in enumerate(state.adventure_decks):
        cards = [game.content.adventures[c] for c in deck]
        assert {c.colour for c in cards} == {COLOURS[colour]}
        in_pack = [c for c in cards if c.card_set in ("margath", "drakes")]
        expected = [
            c
            for c in game.content.adventures
            if c.card_set in ("margath", "drakes") and c.colour == COLOURS[colour]
        ]
        assert len(in_pack) == len(expected) > 0
    assert state.adventure_focus == [0, 0, 0, 0]


# SM-3, DD-3, SM-5, DD-5
def test_SM_3_DD_3_SM_5_DD_5_focus_per_colour_then_the_base_deck() -> None:
    """Each colour's deck holds its joint pack deck on top: drawn first, then base cards."""
    game = pack_game()
    state = setup({"packs": ["margath", "drakes"], "packs.adventure_mode": "focus"})
    rules = game.rules_for(state)
    expected = [
        sum(
            1
            for c in game.content.adventures
            if c.card_set in ("margath", "drakes") and c.colour == colour
        )
        for colour in COLOURS
    ]
    assert state.adventure_focus == expected
    for colour, count in enumerate(expected):
        drawn = [draw_adventure(rules, state, colour) for _ in range(count + 2)]
        sets = sets_of(game, state, drawn, False)
        assert set(sets[:count]) <= {"margath", "drakes"} and len(sets[:count]) == count
        assert sets[count:] == ["base", "base"]
        assert state.adventure_focus[colour] == 0


# SM-3
def test_SM_3_the_doom_track_setup_card_comes_from_the_base_deck() -> None:
    for seed in range(5):
        state = setup(
            {"packs": ALL_PACKS, "packs.adventure_mode": "focus", "advanced.doom_track": True},
            seed,
        )
        assert sets_of(pack_game(), state, state.doom_row, False) == ["base"]
        assert state.adventure_focus[0] == 3  # two Margath, one Drakes green card


# SM-3
def test_SM_3_a_fought_focus_card_leaves_the_focus_part_and_the_endgame_joins_them() -> None:
    game = pack_game()
    state = setup(
        {
            "packs": ALL_PACKS,
            "packs.adventure_mode": "focus",
            "advanced.endgame": True,
            "advanced.doom_track": True,
        }
    )
    green = state.adventure_decks[0]
    top = green[-1]
    take_from_adventure_deck(state, 0, top)
    assert state.adventure_focus[0] == 2 and top not in green
    base_card = green[0]
    take_from_adventure_deck(state, 0, base_card)
    assert state.adventure_focus[0] == 2
    begin_endgame(game.rules_for(state), state, None)
    assert state.adventure_focus[RED] == 0


# KL-4, WW-4
def test_KL_4_WW_4_market_packs_in_al_kalim_with_their_allies_replaced() -> None:
    """AK-9.2 replaces the pack allies dealt at setup as it replaces base allies."""
    game = pack_game()
    state = setup({"adventure": "al-kalim", "packs": MARKET_PACKS, "packs.market_mode": "focus"})
    rules = game.rules_for(state)
    dealt = [stack[0] for stack in state.stacks]
    first = [rules.market[c] for c in dealt[:5]]
    items = [c for c in first if c.kind != "ally"]
    assert {c.card_set for c in items} <= {"kellos", "walkers"} and len(items) == 3
    replaced = [c for c in first if c.kind == "ally"]
    assert {c.card_set for c in replaced} == {"al-kalim"} and len(replaced) == 2
    discarded = {rules.market[c].id for c in state.market_discard}
    assert {"tk-03", "tw-02"} <= discarded  # with the base allies dealt after them


# KL-2
def test_KL_2_city_of_dreams_cards_go_back_into_their_part_of_the_deck() -> None:
    state = setup({"packs": ["kellos"], "packs.market_mode": "focus"})
    state.market_deck = [10, 11, 12, 84, 85]  # base 10-12, two focus cards on top
    state.market_focus = 2
    shown = (86, 13, 14)  # the first came from the focus part
    shuffle_back_with_focus(state, shown, 1, 14)
    assert state.market_focus == 3
    assert set(state.market_deck[-3:]) == {84, 85, 86}
    assert set(state.market_deck[:-3]) == {10, 11, 12, 13}


# SM-3, KL-2
def test_SM_3_KL_2_determinize_deals_the_focus_parts_on_their_own() -> None:
    game = pack_game()
    state = setup(
        {"packs": ALL_PACKS, "packs.market_mode": "focus", "packs.adventure_mode": "focus"}
    )
    for seed in range(5):
        seen = game.determinize(state, 0, Rng(seed))
        for colour, deck in enumerate(seen.adventure_decks):
            focus = seen.adventure_focus[colour]
            original = state.adventure_decks[colour]
            assert sorted(deck[len(deck) - focus :]) == sorted(original[len(original) - focus :])
        assert game.view(seen, 0) == game.view(state, 0)


# KL-5, WW-5
def test_KL_5_WW_5_pack_cards_are_ordinary_items_and_allies() -> None:
    """No new procedure: a pack weapon's passive modifier and a pack ally's place under the
    ally limit are the base rules' (RB-5.7, RB-7.4)."""
    game = pack_game()
    state = setup({"packs": MARKET_PACKS, "ally_limit": 1})
    rules = game.rules_for(state)
    index = game.content.market_index
    before = rules.hero_roll_bonus(state, 0, 1, "attack")
    rules.gain_card(state, 0, index["tk-02"])  # Dawnhammer: +2 body attacking in melee
    assert rules.hero_roll_bonus(state, 0, 1, "attack") == before + 2
    assert rules.can_carry(state, 0, index["tw-02"])
    rules.gain_card(state, 0, index["tw-02"])  # Orrin Fernstep, an ally
    assert not rules.can_carry(state, 0, index["tk-03"])  # the limit counts pack allies
    assert [key for key, _ in rules.owned_cards(state, 0)] == [
        f"m{index['tk-02']}",
        f"m{index['tw-02']}",
    ]
