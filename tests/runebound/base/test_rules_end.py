"""Runebound base rules RB-9 (victory) and RB-10 (optional rules: travel problems, doom track)."""

from __future__ import annotations

import pytest

from boardwright.engine.events import Event
from boardwright.games.runebound import adventure as adventure_step
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.kit import shown
from tests.runebound.scenario import (
    BOARD,
    GAME,
    MELEE,
    RANGED,
    RULES,
    TAMALIR,
    adventure,
    bonus,
    challenge,
    damage,
    enemy_life,
    enemy_step,
    events,
    faces,
    gem_hexes,
    give,
    hex_at,
    hits_to_defeat,
    item_ability,
    keys,
    kind,
    life,
    me,
    new_game,
    on_top,
    pass_turn,
    play,
    put,
    rig,
    roll_on,
    rolls,
    safe_green_hex,
    short_of,
    start_adventure,
    take_adventure_card,
    terrain,
)

GREEN, YELLOW, BLUE, RED = range(4)
PLAINS = hex_at(3, 5)  # an empty plains hex by Tamalir
FOREST = hex_at(4, 4)  # an empty forest hex next to it


def finishing_blow(state: RuneboundState, card_id: str) -> None:
    """Leave the challenge one hit from falling; the hero's hits get past its armour."""
    assert state.combat is not None and state.combat.card == adventure(card_id)
    state.combat.enemy_wounds = enemy_life(card_id) - 1
    me(state).turn_mods.append(("damage", Rules.enemy_armour(challenge(card_id))))


def give_runes(state: RuneboundState, seat: int, *card_ids: str) -> None:
    for card_id in card_ids:
        card = adventure(card_id)
        take_adventure_card(state, card)
        state.heroes[seat].runes.append(card)


# --- RB-9 victory -----------------------------------------------------------------------------


def test_rb_9_1_defeating_margath_wins_at_once() -> None:
    """RB-9.1: the hero who defeats High Lord Margath (r-09) wins; the game stops there.
    Rise of the Dragonlords is the default adventure, the one these victory rules are for."""
    spec = GAME.option_set.by_name["adventure"]
    assert spec.default == "dragonlords" and "dragonlords" in spec.allowed
    assert GAME.config(2).options["adventure"] == "dragonlords"
    state = new_game(2)  # the default adventure
    assert state.opts.adventure == "dragonlords"
    start_adventure(state, gem_hexes("red")[0], "red", "r-09")
    assert state.combat is not None and kind(state) == "attack_step"
    finishing_blow(state, "r-09")
    rig(state, *rolls(20))
    play(state, "attack:ranged")
    roll_on(state)
    assert state.finished and state.winner == 0 and state.pending is None
    result = GAME.result(state)
    assert result is not None and result.ranks == (1, 2)
    assert result.details["ended_by"] == "Margath"


def test_rb_9_2_a_third_dragon_rune_wins_at_once() -> None:
    """RB-9.2: holding three Dragon Runes wins at once (no market step, no more turns)."""
    state = new_game(2)
    give_runes(state, 0, "r-06", "r-08")  # passive powers only (RB-4.11)
    give_runes(state, 1, "r-04", "r-05")
    state.heroes[1].xp = [0, 0, 0]
    start_adventure(state, gem_hexes("red")[0], "red", "r-02")  # ranged and melee
    assert state.combat is not None
    finishing_blow(state, "r-02")
    rig(state, *rolls(20))
    play(state, "attack:ranged")
    roll_on(state)
    assert len(me(state).runes) == 3
    assert state.finished and state.winner == 0 and state.pending is None
    result = GAME.result(state)
    assert result is not None and result.winners == (0,)
    assert result.details["ended_by"] == "runes"


def capped(setup: dict[int, tuple[int, int, int]]) -> tuple[int, ...]:
    """Play a 2-player game with max_rounds=1 after giving (runes, xp counters, gold)."""
    state = new_game(2, max_rounds=1)
    runes = iter(["r-01", "r-02", "r-03", "r-04"])
    for seat, (n_runes, n_xp, gold) in setup.items():
        give_runes(state, seat, *[next(runes) for _ in range(n_runes)])
        state.heroes[seat].xp = [0] * n_xp
        state.heroes[seat].gold = gold
    pass_turn(state)
    assert not state.finished
    pass_turn(state)
    assert state.finished and state.winner == -1 and state.pending is None
    result = GAME.result(state)
    assert result is not None and result.details["ended_by"] == "round cap"
    return result.ranks


def test_rb_9_3_round_cap_most_runes_then_experience_counters_then_gold() -> None:
    """RB-9.3: after round `max_rounds` the most runes win; ties: counters, then gold."""
    assert capped({0: (1, 0, 0), 1: (0, 5, 20)}) == (1, 2)
    assert capped({0: (1, 1, 20), 1: (1, 2, 0)}) == (2, 1)
    assert capped({0: (0, 1, 9), 1: (0, 1, 3)}) == (1, 2)


def test_rb_9_3_players_still_tied_share_the_place() -> None:
    """RB-9.3: equal runes, counters and gold: both first."""
    assert capped({0: (1, 1, 4), 1: (1, 1, 4)}) == (1, 1)


def test_rb_9_3_the_cap_defaults_to_60_rounds() -> None:
    """RB-9.3: `max_rounds` defaults to 60 and ends the game after that round, not before."""
    assert GAME.config(1).options["max_rounds"] == 60
    state = new_game(1, max_rounds=3)
    for _ in range(2):
        pass_turn(state)
    assert not state.finished and state.round == 3
    pass_turn(state)
    assert state.finished and state.round == 3


# --- RB-10.1 travel problems ------------------------------------------------------------------


def step_into_the_forest(state: RuneboundState, *dice: int, log: list[Event] | None = None) -> None:
    """Seat 0 steps from the plains into the empty forest with these travel dice (then 2d10s)."""
    assert terrain(FOREST) == "forest" and not state.counters[FOREST]
    put(state, PLAINS)
    rig(state, *dice)
    play(state, "step", f"to:{BOARD.hexes[FOREST].at}", log=log)


def test_rb_10_1_a_die_showing_the_terrain_means_a_safe_journey() -> None:
    """RB-10.1: two dice; one shows forest (face 3): nothing happens."""
    state = new_game(travel_problems=True)
    deck = list(state.adventure_decks[GREEN])
    step_into_the_forest(state, *faces(3, 6))
    assert state.adventure_decks[GREEN] == deck and state.combat is None
    assert state.rng.draws > 0 and kind(state) == "movement"


def test_rb_10_1_trouble_a_challenge_without_before_combat_or_escape() -> None:
    """RB-10.1: neither die shows forest: a green card; no before-combat, no escape step;
    losing knocks the hero out and discards the card."""
    state = new_game(travel_problems=True)
    on_top(state, "g-15")  # before combat: a wound; ranged and melee
    log: list[Event] = []
    step_into_the_forest(state, *faces(1, 6), log=log)
    assert state.combat is not None and me(state).wounds == 0
    assert kind(state) == "attack_step"
    ranged = enemy_step("g-15", RANGED)
    me(state).wounds = life(state) - ranged.damage
    rig(state, *rolls(short_of(ranged.value, bonus(state, RANGED))))
    play(state, "attack:ranged", "roll", log=log)  # the ranged attack misses: knocked out
    assert state.combat is None and me(state).hex == TAMALIR
    assert state.track == [] and adventure("g-15") in state.adventure_discards[GREEN]
    assert not any(e.kind == "escape" for e in log)
    assert kind(state) == "market"  # RB-5.9: the turn goes on in the city


def test_rb_10_1_no_escape_step_in_later_rounds() -> None:
    """RB-10.1: a travel-problem fight runs round after round with no escape step."""
    state = new_game(travel_problems=True)
    on_top(state, "g-10")  # melee only
    melee = enemy_step("g-10", MELEE)
    miss = short_of(melee.value, bonus(state, MELEE))
    hits = hits_to_defeat(enemy_life("g-10"), damage(state, MELEE))
    assert 2 * melee.damage < life(state)
    log: list[Event] = []
    # two misses, then hits until it falls
    step_into_the_forest(state, *faces(1, 6), *rolls(miss, miss, *[20] * hits), log=log)
    assert state.combat is None  # no decision was asked during the fight
    assert [e.data["round"] for e in events(log, "round")] == list(range(1, hits + 3))
    assert me(state).wounds == 2 * melee.damage and me(state).counters == [GREEN]


def test_rb_10_1_winning_gives_no_reward_but_a_counter_from_the_supply() -> None:
    """RB-10.1: victory: no reward; an adventure counter of the card's colour from the supply."""
    state = new_game(travel_problems=True)
    on_top(state, "g-08")  # melee only; a gold reward
    assert challenge("g-08").reward.gold > 0
    hits = hits_to_defeat(enemy_life("g-08"), damage(state, MELEE))
    step_into_the_forest(state, *faces(1, 6), *rolls(*[20] * hits))
    assert state.combat is None
    assert me(state).gold == 3 and me(state).counters == [GREEN]
    assert state.counter_supply[GREEN] == 1 and state.counters[FOREST] == 0
    assert adventure("g-08") in state.adventure_discards[GREEN]


def test_rb_10_1_an_event_or_encounter_without_further_cards() -> None:
    """RB-10.1: an event is resolved and no further card is drawn; an encounter as usual."""
    state = new_game(travel_problems=True)
    on_top(state, "g-22", "g-01")
    step_into_the_forest(state, *faces(1, 6))
    assert state.event == adventure("g-22") and state.combat is None
    assert state.adventure_decks[GREEN][-1] == adventure("g-01")
    state = new_game(travel_problems=True)
    on_top(state, "g-29")
    step_into_the_forest(state, *faces(1, 6))
    assert kind(state) == "encounter"


def test_rb_10_1_only_on_an_empty_wild_hex_with_the_option_on() -> None:
    """RB-10.1: no check in a city, on a counter, beside another hero, or without the option."""
    state = new_game()  # travel_problems off
    put(state, PLAINS)
    draws = state.rng.draws
    play(state, "step", f"to:{BOARD.hexes[FOREST].at}")
    assert state.rng.draws == draws and kind(state) == "movement"
    for where in (TAMALIR, safe_green_hex()):
        state = new_game(travel_problems=True)
        put(state, PLAINS)
        draws = state.rng.draws
        play(state, "step", f"to:{BOARD.hexes[where].at}")
        assert state.rng.draws == draws
    state = new_game(2, travel_problems=True)
    state.heroes[1].hex = FOREST
    put(state, PLAINS)
    draws = state.rng.draws
    play(state, "step", f"to:{BOARD.hexes[FOREST].at}")
    assert state.rng.draws == draws


def test_rb_10_1_after_the_after_movement_abilities() -> None:
    """RB-10.1: the travel check is the last act of movement, after 'after movement'."""
    item_id, ability = item_ability("after_movement")  # no base hero has one
    state = new_game(travel_problems=True)
    (held,) = give(state, item_id)
    use_key = f"use:m{held}.{ability}"
    put(state, PLAINS)
    draws = state.rng.draws
    play(state, "step", f"to:{BOARD.hexes[FOREST].at}")
    assert kind(state) == "after_movement" and state.rng.draws == draws
    assert use_key in keys(state)
    rig(state, *faces(3, 3))
    play(state, "done")
    assert state.rng.draws == draws + 2


# --- RB-10.2 doom track -----------------------------------------------------------------------


def resolve_encounter(
    state: RuneboundState, card_id: str = "g-29", log: list[Event] | None = None
) -> None:
    """Seat 0 takes on a green encounter and picks its untested choice (one discard)."""
    start_adventure(state, safe_green_hex(), "green", card_id, log=log)
    play(state, "choice:2", log=log)


def test_rb_10_2_every_fourth_discard_places_a_doom_counter_with_two_players() -> None:
    """RB-10.2: 1-2 players: a doom counter per 4 discarded adventure cards."""
    state = new_game(2, base_doom_track=True)
    for n in range(1, 5):
        resolve_encounter(state)
        pass_turn(state)  # seat 1
        assert (state.doom_counters, state.doom_count) == ((1, 0) if n == 4 else (0, n))


def test_rb_10_2_what_counts() -> None:
    """RB-10.2: a replaced event and an undefeated card with no room (discarded under
    ``full_track=discard``, RB-4.9) count; a rune does not; a card going onto the track does not."""
    state = new_game(base_doom_track=True, full_track="discard")
    state.event = adventure("g-23")
    start_adventure(state, safe_green_hex(), "green", "g-22", "g-29")
    assert state.doom_count == 1  # g-23 replaced
    play(state, "choice:2")
    assert state.doom_count == 2
    pass_turn(state)
    rig(state, *rolls(short_of(enemy_step("g-10", MELEE).value, bonus(state, MELEE))))
    start_adventure(state, safe_green_hex(), "green", "g-10")
    play(state, "escape")
    assert state.track and state.doom_count == 2  # on the track: not discarded
    state.doom_count = 0
    state.track = [adventure(c) for c in ("y-01", "y-02", "y-04", "y-05", "y-06", "y-08")]
    state.undefeated = dict(zip(gem_hexes("yellow"), state.track, strict=False))
    pass_turn(state)
    me(state).wounds = 0
    b05 = enemy_step("b-05", MELEE)
    assert b05.damage < life(state)
    rig(state, *rolls(short_of(b05.value, bonus(state, MELEE))))
    start_adventure(state, gem_hexes("blue")[0], "blue", "b-05")
    play(state, "escape")
    assert state.doom_count == 1  # no room on the track: discarded
    pass_turn(state)
    me(state).wounds = 0
    rig(state, *rolls(20))
    start_adventure(state, gem_hexes("red")[0], "red", "r-03")
    finishing_blow(state, "r-03")
    rig(state, *rolls(20))
    play(state, "fight")
    assert me(state).runes == [adventure("r-03")] and state.doom_count == 1


@pytest.mark.parametrize(("players", "every"), [(1, 4), (2, 4), (3, 6), (4, 8), (6, 8)])
def test_rb_10_2_threshold_by_player_count(players: int, every: int) -> None:
    """RB-10.2: 4 (1-2 players), 6 (3 players) or 8 (4-6 players) discards per counter."""
    state = new_game(players, base_doom_track=True)
    for n in range(1, every + 1):
        adventure_step.discard_adventure(RULES, state, adventure("g-29"), None)
        assert state.doom_counters == (1 if n == every else 0)


def test_rb_10_2_the_eighth_doom_counter_ends_the_game_with_the_cap_ranking() -> None:
    """RB-10.2: the eighth counter: Margath rises, the game ends, RB-9.3 ranks the players."""
    state = new_game(2, base_doom_track=True)
    state.doom_counters, state.doom_count = 7, 3
    give_runes(state, 1, "r-01")
    log: list[Event] = []
    resolve_encounter(state, log=log)
    assert state.finished and state.winner == -1 and state.pending is None
    assert shown(events(log, "game_over")[-1]) == "Margath has risen: the doom track ends the game"
    result = GAME.result(state)
    assert result is not None and result.ranks == (2, 1)


def test_rb_10_2_off_by_default() -> None:
    """RB-10.2: without the option nothing is counted."""
    state = new_game(2)
    resolve_encounter(state)
    assert state.doom_count == 0 and state.doom_counters == 0
