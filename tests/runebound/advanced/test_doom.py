"""Advanced Runebound AR-2: the doom track (option ``advanced.doom_track``)."""

from __future__ import annotations

import json

import pytest

from boardwright.engine.events import Event
from boardwright.games.runebound.adventure import discard_adventure
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.advanced.kit import (
    BLUE,
    GREEN,
    YELLOW,
    adv_game,
    cards,
    plain_challenge,
    plain_encounter,
    plain_event,
    put_on_top,
    take_anywhere,
    win_fight,
)
from tests.runebound.kit import shown
from tests.runebound.scenario import (
    BOARD,
    CONTENT,
    GAME,
    RULES,
    add_counter,
    clear_counters,
    gem_hexes,
    keys,
    kind,
    me,
    play,
    put,
    rig,
    rigged_left,
    rolls,
    safe_green_hex,
)


def discard(state: RuneboundState, card: int, log: list[Event] | None = None) -> None:
    take_anywhere(state, card)
    discard_adventure(RULES, state, card, log)


def spare_cards(state: RuneboundState) -> list[int]:
    """Cards from the decks, to be discarded in tests that only count."""
    return [c for deck in state.adventure_decks for c in deck]


# --- AR-2.1 / AR-2.2 --------------------------------------------------------------------------
def test_ar_2_1_doom_counters_go_on_the_crests_along_the_market_row() -> None:
    """AR-2.1 (Example 4): the first doom counter on Tamalir's crest, then Riverwatch,
    Dawnsmoor, ..., the eighth on the last crest of the row (Frostgate's)."""
    state = adv_game(2, "doom_track", "endgame")
    log: list[Event] = []
    for card in spare_cards(state)[: 8 * 3]:
        discard(state, card, log)
    crests = [shown(e) for e in log if e.kind == "doom" and "crest" in shown(e)]
    assert len(crests) == 8 and state.doom_counters == 8
    for text, city in zip(crests, BOARD.cities, strict=True):
        assert f"{city.name}'s crest" in text
    assert [c.name for c in BOARD.cities][:3] == ["Tamalir", "Riverwatch", "Dawnsmoor"]
    assert BOARD.cities[-1].name == "Frostgate"


def test_ar_2_2_the_setup_card_is_the_top_green_card_face_down() -> None:
    """AR-2.2: at setup the top green card goes, unseen, onto place 1; only its colour shows.
    Nothing else of the setup changes (the same seed deals the same game otherwise)."""
    plain = GAME.setup(GAME.config(2, {}), 5)
    advanced = GAME.setup(GAME.config(2, {"advanced.doom_track": True}), 5)
    assert advanced.doom_row == [plain.adventure_decks[GREEN][-1]]
    assert advanced.adventure_decks[GREEN] == plain.adventure_decks[GREEN][:-1]
    assert advanced.adventure_decks[1:] == plain.adventure_decks[1:]
    assert advanced.rng.state == plain.rng.state and advanced.reveals == plain.reveals
    assert plain.doom_row == []
    for seat in (None, 0, 1):
        view = GAME.view(advanced, seat)
        assert view["doom"] == {"track": ["green"], "places": 4, "counters": 0}
        assert CONTENT.adventures[advanced.doom_row[0]].id not in json.dumps(view)


# --- AR-2.3 -----------------------------------------------------------------------------------
def test_ar_2_3_first_discard_goes_on_place_2() -> None:
    """AR-2.3 (Example 1): the first card discarded in the game goes beside Riverwatch (place
    2), the next on place 3; the discard piles stay empty."""
    state = adv_game(4, "doom_track")
    first, second = cards("yellow", "encounter")[:2]
    log: list[Event] = []
    discard(state, first, log)
    discard(state, second, log)
    assert state.doom_row[1:] == [first, second]
    assert [e.data["place"] for e in log if e.kind == "doom_track"] == [2, 3]
    assert not any(state.adventure_discards)


def test_ar_2_3_every_kind_of_discard_goes_onto_the_track() -> None:
    """AR-2.3: a resolved encounter, a replaced event, a defeated challenge and (with
    ``full_track=discard``, RB-4.9) an undefeated challenge with no room on the undefeated track
    all go onto the doom track; a Dragon Rune won stays with the hero."""
    state = adv_game(4, "doom_track")
    here = safe_green_hex()
    encounter, choice = plain_encounter("green")
    event = plain_event("green")
    old_event = plain_event(  # RB-4.3: an event of the same number replaces the one in play
        "green", number=lambda n: n <= (CONTENT.adventures[event].number or 0), other_than=event
    )
    take_anywhere(state, old_event)
    state.event = old_event
    put_on_top(state, event, encounter)
    clear_counters(state, here)
    add_counter(state, here, "green")
    put(state, here)
    play(state, "stay", "adventure:green")
    assert state.doom_row[-1] == old_event and state.event == event  # the replaced event
    play(state, f"choice:{choice + 1}")
    assert state.doom_row[-1] == encounter  # the resolved encounter
    # a defeated challenge
    state = adv_game(4, "doom_track")
    challenge = plain_challenge("green")
    put_on_top(state, challenge)
    clear_counters(state, here)
    add_counter(state, here, "green")
    put(state, here)
    play(state, "stay", "adventure:green")
    win_fight(state)
    assert state.combat is None and state.doom_row[-1] == challenge
    # an undefeated challenge that finds the undefeated track full (discarded: RB-4.9's option)
    state = adv_game(4, "doom_track", full_track="discard")
    full = cards("yellow", "challenge")[:6]
    for card in full:
        take_anywhere(state, card)
    state.track = list(full)
    state.undefeated = dict(zip(gem_hexes("yellow"), full, strict=False))
    blue = plain_challenge("blue")
    put_on_top(state, blue)
    where = gem_hexes("blue")[0]
    clear_counters(state, where)
    add_counter(state, where, "blue")
    put(state, where)
    play(state, "stay", "adventure:blue")
    rig(state, *rolls(2, 2, 2, 2, 2, 2))
    me(state).turn_mods.append(("life", 20))
    while kind(state) != "escape":
        play(state, keys(state)[0] if kind(state) != "combat_step" else "roll")
    play(state, "escape")
    rigged_left(state).clear()
    assert state.combat is None and state.doom_row[-1] == blue and blue not in state.track
    # a red card kept as a Dragon Rune does not
    state = adv_game(4, "doom_track")
    rune = next(c for c in cards("red", "challenge") if CONTENT.adventures[c].reward.dragon_rune)
    put_on_top(state, rune)
    red_hex = gem_hexes("red")[0]
    clear_counters(state, red_hex)
    add_counter(state, red_hex, "red")
    put(state, red_hex)
    play(state, "stay", "adventure:red")
    row = list(state.doom_row)
    win_fight(state)
    assert me(state).runes == [rune] and state.doom_row == row


# --- AR-2.4 / AR-2.5 --------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "length"), [(1, 4), (2, 4), (3, 6), (4, 8), (5, 8), (6, 8)])
def test_ar_2_4_track_length_by_player_count(players: int, length: int) -> None:
    """AR-2.4 (Example 2): 4 places with 1-2 players, 6 with 3, 8 with 4-6; place 1 is taken
    at setup, so the counter comes with the (length - 1)th discard of the game."""
    state = adv_game(players, "doom_track")
    spare = spare_cards(state)
    for n in range(1, length):
        discard(state, spare[n])
        assert state.doom_counters == (1 if n == length - 1 else 0)
        assert len(state.doom_row) == (1 if n == length - 1 else n + 1)


def test_ar_2_5_adding_a_doom_counter_example_3() -> None:
    """AR-2.5 (Example 3): two players; setup green, then a yellow encounter, a green
    challenge and a blue event: the blue card moves to place 1, the others go to the discard
    piles of their colours, and the first doom counter goes on Tamalir's crest."""
    state = adv_game(2, "doom_track")
    setup_card = state.doom_row[0]
    encounter = cards("yellow", "encounter")[0]
    challenge = cards("green", "challenge")[0]
    event = cards("blue", "event")[0]
    log: list[Event] = []
    for card in (encounter, challenge, event):
        discard(state, card, log)
    assert state.doom_row == [event]
    assert state.adventure_discards[GREEN] == [setup_card, challenge]
    assert state.adventure_discards[YELLOW] == [encounter]
    assert state.adventure_discards[BLUE] == []
    assert state.doom_counters == 1
    assert any("Tamalir's crest" in shown(e) for e in log if e.kind == "doom")
    for card in cards("green", "challenge")[1:4]:
        discard(state, card)
    assert state.doom_counters == 2 and len(state.doom_row) == 1  # three more discards


# --- AR-2.6 -----------------------------------------------------------------------------------
def nearly_doomed(players: int, *names: str) -> RuneboundState:
    """Seven doom counters and a track one card short of full."""
    state = adv_game(players, "doom_track", *names)
    state.doom_counters = 7
    for card in cards("yellow", "encounter")[:2]:
        discard(state, card)
    assert len(state.doom_row) == 3
    return state


def test_ar_2_6_the_eighth_counter_starts_the_endgame_after_the_card_is_dealt_with() -> None:
    """AR-2.6: the eighth counter ends normal play: the beaten challenge that filled the track
    still pays its reward, then the endgame begins at once (no market, no experience step, no
    more turns)."""
    state = nearly_doomed(2, "endgame")
    challenge = next(
        c
        for c in cards("green", "challenge")
        if CONTENT.adventures[c].reward.gold > 0 and not CONTENT.adventures[c].abilities
    )
    put_on_top(state, challenge)
    here = safe_green_hex()
    clear_counters(state, here)
    add_counter(state, here, "green")
    put(state, here)
    gold = me(state).gold
    play(state, "stay", "adventure:green")
    log: list[Event] = []
    win_fight(state, log)
    assert state.doom_counters == 8
    assert me(state).gold == gold + CONTENT.adventures[challenge].reward.gold
    assert state.endgame_order and not state.endgame_pending and not state.finished
    assert kind(state) not in ("market", "experience", "movement", "after_combat")
    assert any(e.kind == "endgame" for e in log)
    assert not any(frame[0] == "turn" for frame in state.stack)


def test_ar_2_6_without_the_endgame_the_game_ends_with_the_cap_ranking() -> None:
    """AR-2.6: with advanced.endgame off, the eighth counter ends the game; RB-9.3 ranks."""
    state = nearly_doomed(2)
    rune = cards("red", "challenge")[0]
    take_anywhere(state, rune)
    state.heroes[1].runes.append(rune)
    discard(state, cards("green", "encounter")[0])
    assert state.finished and state.ended_by == "doom track" and state.stack == []
    result = GAME.result(state)
    assert result is not None and result.ranks == (2, 1) and "endgame" not in result.details


# --- AR-2.7 -----------------------------------------------------------------------------------
def discards_to_doom(players: int, options: dict[str, bool]) -> int:
    state = GAME.setup(GAME.config(players, options), 3)
    spare = cards()
    n = 0
    while state.doom_counters < 8:
        discard_adventure(RULES, state, spare[n % len(spare)], None)
        n += 1
    assert state.finished and state.ended_by == "doom track"
    return n


@pytest.mark.parametrize(("players", "advanced", "base"), [(2, 24, 32), (3, 40, 48), (4, 56, 64)])
def test_ar_2_7_the_advanced_track_is_faster_than_the_base_one(
    players: int, advanced: int, base: int
) -> None:
    """AR-2.7 (Example 5): discards for all eight doom counters: 24/40/56 with the advanced
    track, 32/48/64 with the base track (RB-10.2); with both on, the base one is ignored."""
    assert discards_to_doom(players, {"advanced.doom_track": True}) == advanced
    assert discards_to_doom(players, {"base_doom_track": True}) == base
    both = {"advanced.doom_track": True, "base_doom_track": True}
    assert discards_to_doom(players, both) == advanced
