"""Runebound base rules RB-4 (adventures)."""

from __future__ import annotations

from statistics import mean
from typing import Any

from boardwright.engine.events import Event
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.kit import shown
from tests.runebound.scenario import (
    BOARD,
    CONTENT,
    GAME,
    MELEE,
    RULES,
    TAMALIR,
    add_counter,
    adventure,
    before_combat_harm,
    bonus,
    challenge,
    clear_counters,
    damage,
    enemy_life,
    enemy_step,
    events,
    gem_hexes,
    has_counter,
    hits_to_defeat,
    keys,
    kind,
    life,
    market_card,
    me,
    new_game,
    on_top,
    pass_turn,
    play,
    put,
    reaching,
    refresh,
    rig,
    roll_on,
    rolls,
    safe_green_hex,
    short_of,
    start_adventure,
)

GREEN, YELLOW, BLUE, RED = range(4)


def miss_g10(state: RuneboundState) -> int:
    """The highest 2d10 total with which the hero misses g-10 (melee only)."""
    return short_of(enemy_step("g-10", MELEE).value, bonus(state, MELEE))


def escape_from_g10(state: RuneboundState, gem: int) -> int:
    """The hero misses g-10 (melee only) in round 1 and escapes in round 2."""
    rig(state, *rolls(miss_g10(state)))
    start_adventure(state, gem, "green", "g-10")
    roll_on(state)
    assert kind(state) == "escape"
    play(state, "escape")
    return adventure("g-10")


# --- RB-4.1 -----------------------------------------------------------------------------------


def test_rb_4_1_counter_values_and_difficulty_by_colour() -> None:
    """RB-4.1: green 1, yellow 2, blue 3, red 4; challenges get harder with the colour."""
    assert BOARD.counter_values == (1, 2, 3, 4)
    state = new_game()
    me(state).counters = [GREEN, YELLOW, BLUE, RED]
    assert RULES.xp_total(me(state)) == 10
    difficulty = []
    for colour in COLOURS:
        values = [
            step.value
            for card in CONTENT.adventures
            if card.colour == colour and card.kind == "challenge"
            for step in (card.ranged, card.melee, card.magic)
            if step is not None
        ]
        difficulty.append(mean(values))
    assert difficulty == sorted(difficulty) and len(set(difficulty)) == 4


# --- RB-4.2 -----------------------------------------------------------------------------------


def test_rb_4_2_the_card_comes_from_the_deck_of_the_counters_colour() -> None:
    """RB-4.2: the top card of the counter's colour is drawn."""
    for colour, card in (("green", "g-26"), ("yellow", "y-21"), ("blue", "b-19")):
        state = new_game()
        gem = gem_hexes(colour)[0]
        start_adventure(state, gem, colour, card)
        assert kind(state) == "encounter"
        assert state.pending is not None
        assert shown(state.pending).startswith(CONTENT.adventures[adventure(card)].name)


def test_rb_4_2_at_most_one_adventure_per_turn_and_only_on_a_counter() -> None:
    """RB-4.2: one adventure a turn; none without a counter; cities never have counters."""
    state = new_game()
    gem = safe_green_hex()
    start_adventure(state, gem, "green", "g-29")
    turn = state.turn_number
    play(state, "choice:2")  # no test
    assert has_counter(state, gem, "green")  # an encounter leaves the counter
    assert state.turn_number == turn + 1 and kind(state) == "movement"
    assert all(state.counters[c.hex] == 0 for c in BOARD.cities)
    assert all(BOARD.hexes[c.hex].gem < 0 for c in BOARD.cities)
    empty = next(n for n in BOARD.hexes[TAMALIR].neighbours if BOARD.hexes[n].gem < 0)
    put(state, empty)
    play(state, "stay")
    assert kind(state) != "adventure"


def test_rb_4_2_the_player_may_decline_the_adventure() -> None:
    """RB-4.2: 'may take on': skipping draws nothing."""
    state = new_game()
    gem = safe_green_hex()
    add_counter(state, gem, "green")
    put(state, gem)
    deck = list(state.adventure_decks[GREEN])
    play(state, "stay", "skip")
    assert state.adventure_decks[GREEN] == deck and has_counter(state, gem, "green")


# --- RB-4.3 -----------------------------------------------------------------------------------


def draw_two_events(state: RuneboundState, in_play: str) -> list[Event]:
    """RB-4.3 set-up: with ``in_play`` the event in play and the hero hurt (2 wounds, 1
    exhaustion), a green adventure draws events g-22 (2) and g-23 (3), then encounter g-26."""
    state.event = adventure(in_play)
    me(state).wounds, me(state).exhaustion = 2, 1
    log: list[Event] = []
    start_adventure(state, safe_green_hex(), "green", "g-22", "g-23", "g-26", log=log)
    assert [e.data["card"] for e in events(log, "draw")] == ["g-22", "g-23", "g-26"]
    return log


def test_rb_4_3_an_event_replaces_the_one_in_play_and_the_hero_draws_again() -> None:
    """RB-4.3: a higher-numbered event replaces the old, acts, and drawing goes on."""
    state = new_game()
    draw_two_events(state, "g-21")  # number 1 in play
    assert state.event == adventure("g-23")
    assert adventure("g-21") in state.adventure_discards[GREEN]
    assert adventure("g-22") in state.adventure_discards[GREEN]
    assert (me(state).wounds, me(state).exhaustion) == (0, 0)  # g-22's event: heal 2 and 1
    assert kind(state) == "encounter"


def test_rb_4_3_a_lower_numbered_event_cannot_be_played() -> None:
    """RB-4.3: an event with a lower number than the one in play is discarded without effect
    (no healing, no refill), the one in play stays, and drawing goes on."""
    state = new_game()
    log = draw_two_events(state, "b-18")  # number 12 in play
    assert state.event == adventure("b-18")
    assert [e.data["card"] for e in events(log, "event")] == ["g-22", "g-23"]
    assert all(e.data["variant"] == "lower" for e in events(log, "event"))
    assert adventure("g-22") in state.adventure_discards[GREEN]
    assert adventure("g-23") in state.adventure_discards[GREEN]
    assert (me(state).wounds, me(state).exhaustion) == (2, 1)  # g-22 did nothing
    assert kind(state) == "encounter"


def test_rb_4_3_event_rule_newest_option_every_event_replaces_the_one_in_play() -> None:
    """RB-4.3 (option event_rule=newest): the new event, whatever its number, replaces the old."""
    state = new_game(event_rule="newest")
    draw_two_events(state, "b-18")  # number 12 in play
    assert state.event == adventure("g-23")
    assert adventure("b-18") in state.adventure_discards[BLUE]
    assert adventure("g-22") in state.adventure_discards[GREEN]
    assert (me(state).wounds, me(state).exhaustion) == (0, 0)  # g-22's event: heal 2 and 1
    assert kind(state) == "encounter"


def test_rb_4_3_drawing_stops_at_a_challenge() -> None:
    """RB-4.3: an event then a challenge: the challenge is fought."""
    state = new_game()
    gem = safe_green_hex()
    start_adventure(state, gem, "green", "g-23", "g-06")
    assert state.event == adventure("g-23")
    assert state.combat is not None and state.combat.card == adventure("g-06")


def test_rb_4_3_while_in_play_lasts_until_the_event_is_replaced() -> None:
    """RB-4.3: g-25 (-1 movement die while in play) stops when another event replaces it."""
    state = new_game(event_rule="newest")
    state.event = adventure("g-25")
    refresh(state)
    assert "roll:5" not in keys(state) and "roll:4" in keys(state)
    gem = safe_green_hex()
    start_adventure(state, gem, "green", "g-23", "g-26")
    play(state, "choice:1")
    assert kind(state) == "movement"
    assert "roll:5" in keys(state)


# --- RB-4.4 -----------------------------------------------------------------------------------


def test_rb_4_4_sunburst_refills_starred_hexes_only_as_far_as_the_supply_allows() -> None:
    """RB-4.4: replenish puts supply counters on empty starred hexes of the named colour."""
    state = new_game()
    gem = safe_green_hex()
    assert not BOARD.hexes[gem].star
    greens = gem_hexes("green")
    for h in greens:
        clear_counters(state, h)
    state.counter_supply[GREEN] = 3
    start_adventure(state, gem, "green", "g-21", "g-26")  # sunburst (green), an encounter
    starred = gem_hexes("green", star=True)
    filled = [h for h in greens if has_counter(state, h, "green")]
    assert filled == sorted([gem, *starred[:3]])
    assert state.counter_supply[GREEN] == 0


def test_rb_4_4_sunburst_leaves_unstarred_and_other_colours_alone() -> None:
    """RB-4.4: every empty starred hex of each named colour is refilled, nothing else."""
    state = new_game()
    gem = safe_green_hex()
    for colour in ("green", "yellow", "blue"):
        for h in gem_hexes(colour):
            clear_counters(state, h)
    state.counter_supply = [20, 20, 20, 20]
    start_adventure(state, gem, "green", "g-24", "g-26")  # sunburst: green and yellow
    for colour in ("green", "yellow"):
        filled = {h for h in gem_hexes(colour) if has_counter(state, h, colour)}
        assert filled == set(gem_hexes(colour, star=True)) | ({gem} if colour == "green" else set())
    assert not any(has_counter(state, h, "blue") for h in gem_hexes("blue"))
    assert state.counter_supply[:2] == [20 - 6, 20 - 5] and state.counter_supply[2] == 20


def test_rb_4_4_replenish_hexes_all_option_refills_unstarred_gem_hexes_too() -> None:
    """RB-4.4 (option replenish_hexes=all): every empty gem hex of the named colour."""
    state = new_game(replenish_hexes="all")
    gem = safe_green_hex()
    greens = gem_hexes("green")
    for h in greens:
        clear_counters(state, h)
    state.counter_supply[GREEN] = 50
    start_adventure(state, gem, "green", "g-21", "g-26")  # sunburst (green), an encounter
    assert all(has_counter(state, h, "green") for h in greens)
    assert any(not BOARD.hexes[h].star for h in greens)


# --- RB-4.5 -----------------------------------------------------------------------------------


def riddle(state: RuneboundState) -> int:
    """The 2d10 total that just passes g-29's first choice (a mind + lore test)."""
    test = challenge("g-29").choices[0].test
    assert test is not None and (test.stat, test.skill) == ("mind", "lore")
    return reaching(test.difficulty, RULES.test_bonus(state, 0, "mind", "lore"))


def test_rb_4_5_encounter_test_success_and_the_counter_stays() -> None:
    """RB-4.5: the chosen test succeeds: success effects; card discarded; counter stays."""
    state = new_game()
    gem = safe_green_hex()
    start_adventure(state, gem, "green", "g-29")
    assert keys(state) == ["choice:1", "choice:2"]
    rig(state, *rolls(riddle(state)))  # 2d10 + mind + lore meets the difficulty
    play(state, "choice:1")
    assert me(state).counters == [GREEN]  # success: 1 experience
    assert me(state).exhaustion == 0
    assert adventure("g-29") in state.adventure_discards[GREEN]
    assert has_counter(state, gem, "green")


def test_rb_4_5_encounter_test_failure() -> None:
    """RB-4.5: a failed test brings the failure effects."""
    state = new_game()
    gem = safe_green_hex()
    start_adventure(state, gem, "green", "g-29")
    rig(state, *rolls(riddle(state) - 1))  # one short
    play(state, "choice:1")
    assert me(state).counters == [] and me(state).exhaustion == 1
    assert has_counter(state, gem, "green")


def test_rb_4_5_a_choice_without_a_test_has_its_success_effects() -> None:
    """RB-4.5: no test, no roll: only the success effects."""
    state = new_game()
    gem = safe_green_hex()
    me(state).exhaustion = 1
    start_adventure(state, gem, "green", "g-29")
    draws = state.rng.draws
    play(state, "choice:2")  # heal 1 exhaustion
    assert me(state).exhaustion == 0 and state.rng.draws == draws
    assert adventure("g-29") in state.adventure_discards[GREEN]


# --- RB-4.6 -----------------------------------------------------------------------------------


def test_rb_4_6_victory_gives_the_counter_and_the_reward() -> None:
    """RB-4.6: the hex's counter (experience), the gold; the card is discarded."""
    state = new_game()
    gem = safe_green_hex()
    hits = hits_to_defeat(enemy_life("g-10"), damage(state, MELEE))
    rig(state, *rolls(*[20] * hits))  # hits until it falls
    start_adventure(state, gem, "green", "g-10")  # melee only
    play(state, *["fight"] * (hits - 1))
    h = me(state)
    assert h.counters == [GREEN] and not has_counter(state, gem, "green")
    assert h.gold == 3 + challenge("g-10").reward.gold
    assert adventure("g-10") in state.adventure_discards[GREEN]
    assert state.combat is None


def test_rb_4_6_a_free_market_card_reward() -> None:
    """RB-4.6: a reward 'market card' gives the top card of the market deck."""
    state = new_game()
    gem = gem_hexes("yellow")[0]
    top = state.market_deck[-1]
    start_adventure(state, gem, "yellow", "y-16")  # melee and magic; a market card reward
    assert state.combat is not None
    state.combat.enemy_wounds = enemy_life("y-16") - 1
    rig(state, *rolls(20))
    play(state, "attack:melee")
    roll_on(state)
    h = me(state)
    assert top in h.items or top in [a.card for a in h.allies]
    assert h.gold == 3 + challenge("y-16").reward.gold and h.counters == [YELLOW]


def test_rb_4_6_a_free_market_card_when_the_market_deck_ran_out() -> None:
    """RB-4.6 / RB-6.3: the reward card comes from the rebuilt deck (the discard pile)."""
    state = new_game()
    gem = gem_hexes("yellow")[0]
    sword = market_card("m-01")
    state.market_deck = []
    state.market_discard = [sword]
    start_adventure(state, gem, "yellow", "y-16")
    assert state.combat is not None
    state.combat.enemy_wounds = enemy_life("y-16") - 1
    rig(state, *rolls(20))
    play(state, "attack:melee")
    roll_on(state)
    assert me(state).items == [sword]


def test_rb_4_6_a_dragon_rune_is_kept() -> None:
    """RB-4.6: a red challenge rewarding a Dragon Rune is kept, never discarded."""
    state = new_game()
    gem = gem_hexes("red")[0]
    rune = challenge("r-03")
    rig(state, *rolls(20))
    start_adventure(state, gem, "red", "r-03")  # melee only; a Dragon Rune
    assert kind(state) == "escape"
    assert state.combat is not None
    state.combat.enemy_wounds = enemy_life("r-03") - 1
    me(state).turn_mods.append(("damage", Rules.enemy_armour(rune)))  # past r-03's hide
    rig(state, *rolls(20))
    play(state, "fight")
    h = me(state)
    assert h.runes == [adventure("r-03")]
    assert adventure("r-03") not in state.adventure_discards[RED]
    assert h.counters == [RED] and h.gold == 3 + rune.reward.gold
    assert not state.finished  # one rune does not win


# --- RB-4.7 / RB-4.8 / RB-4.9 -------------------------------------------------------------------


def test_rb_4_7_an_escaped_challenge_waits_on_the_track_with_a_marker() -> None:
    """RB-4.7: escape: card on the track, marker on the hex, the counter stays."""
    state = new_game()
    gem = safe_green_hex()
    card = escape_from_g10(state, gem)
    assert state.track == [card] and state.undefeated == {gem: card}
    assert has_counter(state, gem, "green")
    assert me(state).wounds == enemy_step("g-10", MELEE).damage  # wounds taken are kept


def test_rb_4_7_the_next_hero_must_fight_the_undefeated_card_and_takes_all_on_winning() -> None:
    """RB-4.7: no new card is drawn; a victory takes reward and counter, marker and track clear."""
    state = new_game()
    gem = safe_green_hex()
    card = escape_from_g10(state, gem)
    pass_turn(state)
    on_top(state, "g-26")
    deck = list(state.adventure_decks[GREEN])
    play(state, "stay")
    assert keys(state) == ["undefeated", "skip"]
    me(state).wounds = 0
    rig(state, *rolls(miss_g10(state)))  # round 1 misses
    play(state, "undefeated")
    assert state.combat is not None and state.combat.card == card
    state.combat.enemy_wounds = enemy_life("g-10") - 1
    rig(state, *rolls(20))
    play(state, "fight")
    assert state.adventure_decks[GREEN] == deck
    assert state.track == [] and state.undefeated == {}
    assert me(state).counters == [GREEN] and me(state).gold == 3 + challenge("g-10").reward.gold
    assert not has_counter(state, gem, "green")
    assert card in state.adventure_discards[GREEN]


def test_rb_4_7_a_knock_out_leaves_the_challenge_undefeated() -> None:
    """RB-4.7: a hero knocked out by a challenge leaves it undefeated on its hex."""
    state = new_game()
    gem = safe_green_hex()
    wounds, _ = before_combat_harm("g-15")  # before combat: wounds
    assert wounds > 0
    me(state).wounds = life(state) - wounds
    start_adventure(state, gem, "green", "g-15")
    card = adventure("g-15")
    assert state.track == [card] and state.undefeated == {gem: card}
    assert has_counter(state, gem, "green")


def test_rb_4_7_losing_to_an_undefeated_card_keeps_it_on_the_track() -> None:
    """RB-4.7: escaping from an undefeated challenge again leaves it where it was."""
    state = new_game()
    gem = safe_green_hex()
    card = escape_from_g10(state, gem)
    pass_turn(state)
    me(state).wounds = 0
    rig(state, *rolls(miss_g10(state)))
    play(state, "stay", "undefeated", "escape")
    assert state.track == [card] and state.undefeated == {gem: card}


def test_rb_4_8_an_undefeated_marker_comes_before_another_colours_counter() -> None:
    """RB-4.8: marker and a counter of another colour: the undefeated card must be faced."""
    state = new_game()
    gem = safe_green_hex()
    card = escape_from_g10(state, gem)
    add_counter(state, gem, "yellow")
    pass_turn(state)
    play(state, "stay")
    assert keys(state) == ["undefeated", "skip"]
    play(state, "undefeated")
    assert state.combat is not None and state.combat.card == card


def test_rb_4_8_counters_of_several_colours_the_player_chooses() -> None:
    """RB-4.8: with green and yellow counters the player picks which to take on."""
    state = new_game()
    gem = safe_green_hex()
    add_counter(state, gem, "yellow")
    on_top(state, "y-21")
    put(state, gem)
    play(state, "stay")
    assert keys(state) == ["adventure:green", "adventure:yellow", "skip"]
    play(state, "adventure:yellow")
    assert state.pending is not None and shown(state.pending).startswith(
        CONTENT.adventures[adventure("y-21")].name
    )


def _full_track_escape(**options: Any) -> tuple[RuneboundState, int, int]:
    """Six yellow cards fill the track; the hero escapes from g-10 at a green gem hex."""
    state = new_game(**options)
    gem = safe_green_hex()
    others = [h for h in gem_hexes("yellow")][:6]
    for h, card_id in zip(others, ("y-01", "y-02", "y-04", "y-05", "y-06", "y-08"), strict=True):
        card = adventure(card_id)
        state.adventure_decks[YELLOW].remove(card)
        state.track.append(card)
        state.undefeated[h] = card
    return state, gem, escape_from_g10(state, gem)


def test_rb_4_9_a_full_track_puts_the_new_undefeated_challenge_under_its_deck() -> None:
    """RB-4.9 / RB-1.5: six cards fill the track; a seventh goes under its deck, no marker,
    so it stays in the game (a Dragonlord is never lost to a full track)."""
    state, gem, card = _full_track_escape()
    assert len(state.track) == 6 and card not in state.track
    assert gem not in state.undefeated
    assert state.adventure_decks[GREEN][0] == card  # the bottom: drawn last
    assert card not in state.adventure_discards[GREEN]
    assert has_counter(state, gem, "green")


def test_rb_4_9_option_full_track_discard_discards_the_new_undefeated_challenge() -> None:
    """RB-4.9, option ``full_track=discard``: the seventh card is discarded, no marker."""
    state, gem, card = _full_track_escape(full_track="discard")
    assert len(state.track) == 6 and card not in state.track
    assert gem not in state.undefeated
    assert card in state.adventure_discards[GREEN]
    assert card not in state.adventure_decks[GREEN]
    assert has_counter(state, gem, "green")


# --- RB-4.10 ----------------------------------------------------------------------------------


def test_rb_1_4_rb_4_10_discarded_adventure_cards_leave_the_game() -> None:
    """RB-1.4/RB-4.10: an empty deck is not rebuilt from its discards: nothing is drawn, the
    counter stays and the turn goes on."""
    state = new_game()
    gem = safe_green_hex()
    state.adventure_decks[GREEN] = []
    state.adventure_discards[GREEN] = [adventure("g-26"), adventure("g-29")]
    add_counter(state, gem, "green")
    add_counter(state, gem, "yellow")
    put(state, gem)
    play(state, "stay")
    assert kind(state) == "adventure" and "adventure:green" not in keys(state)
    assert "adventure:yellow" in keys(state)
    assert GAME.view(state, 0)["spent_decks"] == ["green"]
    turn = state.turn_number
    play(state, "skip")
    assert state.combat is None and state.turn_number == turn + 1
    assert state.adventure_decks[GREEN] == []
    assert state.adventure_discards[GREEN] == [adventure("g-26"), adventure("g-29")]
    assert has_counter(state, gem, "green")


def test_rb_4_10_adventure_discards_reshuffle_option_rebuilds_an_empty_deck() -> None:
    """RB-4.10 (option adventure_discards=reshuffle): the discard pile is shuffled into a new
    deck when the deck is empty."""
    state = new_game(adventure_discards="reshuffle")
    gem = safe_green_hex()
    state.adventure_decks[GREEN] = []
    state.adventure_discards[GREEN] = [adventure("g-26"), adventure("g-29")]
    add_counter(state, gem, "green")
    put(state, gem)
    play(state, "stay")
    rig(state, 0)  # the shuffle swaps the two cards
    play(state, "adventure:green")
    assert kind(state) == "encounter"
    assert state.pending is not None
    assert shown(state.pending).startswith(CONTENT.adventures[adventure("g-26")].name)
    assert state.adventure_decks[GREEN] == [adventure("g-29")]
    assert state.adventure_discards[GREEN] == []


def test_rb_4_10_no_cards_at_all_means_no_adventure() -> None:
    """RB-4.10 (adventure_discards=reshuffle): deck and discard pile empty: no adventure of
    that colour is offered, and the turn goes on."""
    state = new_game(adventure_discards="reshuffle")
    gem = safe_green_hex()
    state.adventure_decks[GREEN] = []
    add_counter(state, gem, "green")
    put(state, gem)
    turn = state.turn_number
    play(state, "stay")
    assert state.combat is None and state.turn_number == turn + 1
    assert has_counter(state, gem, "green")
