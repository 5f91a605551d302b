"""Cult of the Rune (docs/rules/cult.md): setup, victory points, the changed play, the marker's
effects, corruption, the end of the game, and the combinations with packs and options."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.engine.errors import ConfigError
from boardwright.engine.events import Event
from boardwright.games.runebound.adventure import draw_resolved
from boardwright.games.runebound.adventures.cult.options import cult_options
from boardwright.games.runebound.adventures.cult.path import NO_PATH, SE, E, neighbour
from boardwright.games.runebound.adventures.cult.rules import (
    brand,
    enter,
    rule_c,
)
from boardwright.games.runebound.records import COLOURS
from tests.runebound.cult.kit import (
    BLUE,
    CULT,
    GREEN,
    RED,
    YELLOW,
    card,
    city_hex,
    city_index,
    cult_game,
    give_vp,
    part,
    rules_of,
)
from tests.runebound.kit import GAME
from tests.runebound.scenario import (
    TAMALIR,
    events,
    gem_hexes,
    keys,
    kind,
    me,
    play,
    put,
    refresh,
    rig,
    rolls,
    safe_green_hex,
    start_adventure,
)

FACES = rules_of(cult_game()).board.die_faces


def face_index(*terrains: str) -> int:
    names = rules_of(cult_game()).board.terrain_names
    wanted = {names.index(t) for t in terrains}
    return next(
        i for i, f in enumerate(FACES) if {t for t in range(len(names)) if f >> t & 1} == wanted
    )


# --- setup (CR-1 to CR-8) ----------------------------------------------------------------------


def test_cr_1_cult_is_an_adventure_of_thirty_cultists() -> None:
    """CR-1: adventure=cult; its 30 cards are challenges, 8/8/7/7 by colour."""
    state = cult_game(players=2)
    assert GAME.view(state, 0)["adventure"] == "cult"
    cult = part(state)
    assert [len(d) for d in cult.decks] == [8, 8, 7, 7]
    rules = rules_of(state)
    assert all(rules.adventures[c].kind == "challenge" for d in cult.decks for c in d)


def test_cr_2_and_cr_3_the_red_deck_is_the_cults_the_base_red_cards_set_aside() -> None:
    """CR-2: the base red cards are set aside at hand (in the state, out of every deck);
    CR-3: the cult decks by colour, red in the red deck's place."""
    state = cult_game(players=2)
    rules = rules_of(state)
    cult = part(state)
    assert sorted(rules.adventures[c].id for c in cult.aside) == [
        f"r-{n:02d}" for n in range(1, 10)
    ]
    assert state.adventure_decks[RED] == []
    assert all(not rules.is_cult(c) for d in state.adventure_decks for c in d)
    assert GAME.view(state, 0)["cult"]["aside"] == 9


def test_cr_4_no_undefeated_track_and_cr_11_an_escaped_cultist_goes_under_its_deck() -> None:
    """CR-4, CR-11: a cultist that knocks the hero out goes to the bottom of its cult deck, the
    counter stays a cultist, and the undefeated track stays empty."""
    state = cult_game()
    gem = safe_green_hex()
    part(state).turned[gem] = 1 << GREEN
    top = part(state).decks[GREEN][-1]
    state.counters[gem] = 1 << GREEN
    put(state, gem)
    play(state, "stay")
    if kind(state) == "after_movement":
        play(state, "done")
    play(state, "adventure:green")
    assert state.combat is not None and state.combat.card == top
    me(state).wounds = rules_of(state).life(state, 0) - 1
    while state.combat is not None:
        options = keys(state)
        step = next((k for k in options if k.startswith("attack:") or k.startswith("defend")), None)
        rig(state, *[0, 0] * 3)
        play(state, step or options[0])
    assert state.track == [] and part(state).decks[GREEN][0] == top
    assert state.counters[gem] >> GREEN & 1 and part(state).turned[gem] >> GREEN & 1


def test_cr_5_and_cr_42_doom_tracks_and_the_endgame_are_refused() -> None:
    """CR-5, CR-42: base_doom_track, advanced.doom_track and advanced.endgame are refused with
    one line; so are the other adventures' options."""
    for option in ("base_doom_track", "advanced.doom_track", "advanced.endgame"):
        with pytest.raises(ConfigError, match=option.replace(".", r"\.")):
            GAME.config(2, {**CULT, option: True})
    with pytest.raises(ConfigError, match=r"kelnov\.fallback"):
        GAME.config(2, {**CULT, "kelnov.fallback": "resolve"})


def test_cr_6_the_marker_and_an_infiltration_marker_start_on_forge() -> None:
    """CR-6: the cult marker and one infiltration marker on Forge; no path yet."""
    state = cult_game(players=2)
    cult = part(state)
    assert cult.marker == city_hex(state, "forge")
    assert cult.infiltrated == [city_index(state, "forge")]
    assert cult.path == NO_PATH
    assert GAME.view(state, 1)["cult"]["infiltrated"] == ["forge"]


def test_cr_7_the_rest_is_the_base_setup() -> None:
    """CR-7: heroes in Tamalir with 3 gold, a counter on every gem hex, the base decks."""
    state = cult_game(players=3)
    assert all(h.hex == TAMALIR and h.gold == 3 for h in state.heroes)
    board = rules_of(state).board
    assert all(state.counters[h.index] == 1 << h.gem for h in board.hexes if h.gem >= 0)


def test_cr_8_red_counters_are_cultists_from_the_start() -> None:
    """CR-8: every red counter is a cultist from the start and draws from the cult deck."""
    state = cult_game()
    cult = part(state)
    for h in gem_hexes("red"):
        assert cult.turned[h] >> RED & 1
    assert rules_of(state).own_deck(state, gem_hexes("red")[0], RED) is cult.decks[RED]
    assert rules_of(state).own_deck(state, gem_hexes("green")[0], GREEN) is None


# --- victory points (CR-9, CR-10, CR-27) -------------------------------------------------------


def test_cr_9_a_cultist_beaten_goes_to_the_vp_pile_worth_its_colours_experience() -> None:
    """CR-9: the card goes face down to the victor's VP pile, worth its counter's experience;
    the view shows each pile by colour, never which cards."""
    state = cult_game(players=2)
    gem = safe_green_hex()
    part(state).turned[gem] = 1 << GREEN
    beaten = part(state).decks[GREEN][-1]
    state.counters[gem] = 1 << GREEN
    put(state, gem)
    play(state, "stay")
    if kind(state) == "after_movement":
        play(state, "done")
    play(state, "adventure:green")
    assert state.combat is not None
    state.combat.enemy_wounds = (rules_of(state).adventures[beaten].life or 1) - 1
    me(state).turn_mods.append(("damage", 10))
    while state.combat is not None:
        options = keys(state)
        step = next((k for k in options if k.startswith("attack:")), options[0])
        rig(state, *rolls(20))
        play(state, step)
    assert part(state).vp[0] == [beaten]
    assert rules_of(state).card_vp(state, 0) == 1
    view = GAME.view(state, 1)["cult"]["seats"][0]
    assert view["cards"]["green"] == 1 and view["card_vp"] == 1
    assert rules_of(state).adventures[beaten].id not in str(GAME.view(state, 1)["cult"])


def test_cr_10_the_colour_bonus_counts_the_colour_held_most() -> None:
    """CR-10, the seed's example: 3 green, 2 blue and 2 yellow earn a bonus of 3."""
    state = cult_game(players=2)
    give_vp(state, 0, "cr-g1", "cr-g2", "cr-g3", "cr-b1", "cr-b2", "cr-y1", "cr-y2")
    rules = rules_of(state)
    assert rules.colour_bonus(state, 0) == 3
    assert rules.card_vp(state, 0) == 3 * 1 + 2 * 3 + 2 * 2
    assert rules.vp(state, 0) == 13 + 3


def test_cr_27_and_cr_35_most_vp_wins_then_card_vp() -> None:
    """CR-27, CR-35: the result ranks by VP, then VP from cards."""
    state = cult_game(players=2, max_rounds=1)
    give_vp(state, 1, "cr-y1")
    while not state.finished:
        assert state.pending is not None
        GAME.apply(state, len(state.pending.options) - 1)
    result = GAME.result(state)
    assert result is not None and result.ranks[1] == 1 and result.details["vp"][1] == 3


# --- changed play (CR-11 to CR-17) -------------------------------------------------------------


def test_cr_12_the_cults_step_ends_every_turn_with_one_roll() -> None:
    """CR-12, CR-29: after the experience step one die moves the marker; from Forge a roll
    of road, river and swamp forces the move SE, which becomes the path."""
    state = cult_game()
    forge = city_hex(state, "forge")
    log: list[Event] = []
    play(state, "stay", log=log)
    rig(state, face_index("road", "river", "swamp"))  # the turn's only roll is the cult's
    while state.turn_number == 0:
        pass_turn_step(state, log)
    board = rules_of(state).board
    assert part(state).marker == neighbour(board, forge, SE)
    assert part(state).path == SE
    assert len(events(log, "cult_roll")) == 1


def pass_turn_step(state, log: list[Event]) -> None:  # type: ignore[no-untyped-def]
    k = kind(state)
    answer = {"movement": "stay", "adventure": "skip", "move": "stop"}.get(str(k), "done")
    if k == "cult_move":
        answer = keys(state)[0]
    play(state, answer, log=log)


def test_cr_13_entering_a_hex_next_to_an_uninfiltrated_city_jumps_into_it() -> None:
    """CR-13, CR-19: the marker steps next to Tamalir and jumps in: Tamalir is infiltrated and
    the heroes there are branded."""
    state = cult_game(players=2)
    rules = rules_of(state)
    board = rules.board
    step = next(n for n in board.hexes[TAMALIR].neighbours if board.hexes[n].city < 0)
    part(state).marker = next(
        n for n in board.hexes[step].neighbours if board.hexes[n].city < 0 and n != TAMALIR
    )
    log: list[Event] = []
    from boardwright.games.runebound.adventures.cult.procedures import CultMove

    mover = GAME.procedures_for(state).table["cult_move"]
    assert isinstance(mover, CultMove)
    direction = next(d for d in range(6) if neighbour(board, part(state).marker, d) == step)
    mover.move(state, direction, step, log)
    assert part(state).marker == TAMALIR
    assert board.hexes[TAMALIR].city in part(state).infiltrated
    assert part(state).corruption == [1, 1]


def test_cr_14_and_cr_15_an_encounter_goes_unresolved_and_moves_the_cult() -> None:
    """CR-14, CR-15: a yellow encounter (y-21) goes to the special pile unresolved and the cult
    rolls twice; the adventure ends with the counter in place, and the turn goes on."""
    state = cult_game()
    log: list[Event] = []
    yellow = next(i for i in gem_hexes("yellow") if rules_of(state).board.hexes[i].city < 0)
    start_adventure(state, yellow, "yellow", "y-21", log=log)
    assert part(state).special == [card(state, "y-21")]
    # two rolls for the yellow encounter, then the turn's own cult step (CR-12)
    assert len(events(log, "cult_roll")) == 3 or kind(state) == "cult_move"
    assert state.counters[yellow] >> YELLOW & 1


def test_cr_16_and_cr_17_an_event_refills_brings_a_ritual_and_the_hero_draws_again() -> None:
    """CR-16: an event without a sunburst (g-22) refills its own colour; CR-17: a ritual of
    radius 1 (green, cult.ritual_radius=colour) around the marker turns counters, infiltrates
    and brands; then the hero draws again (g-06 is fought)."""
    state = cult_game(players=2)
    rules = rules_of(state)
    board = rules.board
    forge = city_hex(state, "forge")
    near = [h.index for h in board.hexes if h.gem >= 0 and h.index in board.hexes[forge].neighbours]
    put(state, TAMALIR)
    state.heroes[1].hex = forge
    log: list[Event] = []
    start_adventure(state, safe_green_hex(), "green", "g-22", "g-06", log=log)
    assert card(state, "g-22") in part(state).special
    assert events(log, "ritual")[0].data["radius"] == 1
    assert state.combat is not None and state.combat.card == card(state, "g-06")
    assert part(state).corruption[1] == 1  # the hero on Forge was in the ritual
    for h in near:
        assert part(state).turned[h] == state.counters[h]


def test_cr_17_the_ritual_radius_is_the_events_number_by_default() -> None:
    """CR-17: the seed's rule is the default: the radius is the drawn event's number (our
    events are numbered by colour, RB-4.13: green 1, yellow 2, blue 3)."""
    from boardwright.games.runebound.adventures.cult.rules import ritual_radius

    state = cult_game()
    assert cult_options(state).ritual_radius == "number"
    rules = rules_of(state)
    for card_id, expected in (("g-21", 1), ("y-17", 2), ("b-18", 3)):
        assert ritual_radius(state, card(state, card_id), rules) == expected
        assert rules.adventures[card(state, card_id)].number == expected


def test_cr_17_the_ritual_radius_options_depart_from_the_number() -> None:
    """CR-17 (cult.ritual_radius, a house rule): colour gives the colour's rank whatever the
    number, capped the number up to cult.ritual_cap; shown on an owner's event numbered 6."""
    from dataclasses import replace

    from boardwright.games.runebound.adventures.cult.rules import CultRules, ritual_radius
    from boardwright.games.runebound.content import default_content

    content = default_content()
    index = content.adventure_index["y-17"]
    printed = [*content.adventures]
    printed[index] = printed[index].model_copy(update={"number": 6})
    owners = CultRules(replace(content, adventures=tuple(printed)))
    for radius, cap, expected in (("number", 2, 6), ("colour", 2, 2), ("capped", 4, 4)):
        chosen: dict[str, Any] = {"cult.ritual_radius": radius, "cult.ritual_cap": cap}
        state = cult_game(**chosen)
        assert ritual_radius(state, index, owners) == expected


# --- the marker's effects, corruption (CR-18 to CR-23) -----------------------------------------


def test_cr_18_entering_a_gem_hex_turns_its_counter() -> None:
    """CR-18: the marker entering a gem hex turns its counter into a cultist."""
    state = cult_game()
    gem = safe_green_hex()
    enter(rules_of(state), state, gem, [])
    assert part(state).turned[gem] >> GREEN & 1
    assert rules_of(state).own_deck(state, gem, GREEN) is part(state).decks[GREEN]


def test_cr_19_a_knocked_out_hero_arriving_in_an_infiltrated_city_is_branded() -> None:
    """CR-19: a knock-out into an infiltrated city brands the hero on arrival."""
    state = cult_game()
    part(state).infiltrated.append(rules_of(state).board.hexes[TAMALIR].city)
    from boardwright.games.runebound.knockout import knock_out

    me(state).hex = safe_green_hex()
    knock_out(rules_of(state), state, 0, [])
    assert me(state).hex == TAMALIR and part(state).corruption[0] == 1


def test_cr_20_ending_movement_on_the_marker_brands_once() -> None:
    """CR-20: a hero ending the movement step on the marker's hex is branded, once."""
    state = cult_game()
    gem = safe_green_hex()
    part(state).marker = gem
    put(state, gem)
    log: list[Event] = []
    play(state, "stay", log=log)
    assert part(state).corruption[0] == 1
    assert len(events(log, "branded")) == 1


def test_cr_21_branding_costs_a_vp_card_and_lowers_life_and_stamina() -> None:
    """CR-21: one marker: a card of the player's choice goes under its deck (a decision with
    two colours held), life and stamina fall by one."""
    state = cult_game(players=2)
    rules = rules_of(state)
    life, stamina = rules.life(state, 1), rules.stamina(state, 1)
    give_vp(state, 1, "cr-g1", "cr-b1")
    brand(rules, state, 1, [])
    refresh(state)
    assert kind(state) == "cult_brand" and state.pending is not None
    assert state.pending.seat == 1
    play(state, "lose:green")
    assert part(state).vp[1] == [card(state, "cr-b1")]
    assert part(state).decks[GREEN][0] == card(state, "cr-g1")
    assert (rules.life(state, 1), rules.stamina(state, 1)) == (life - 1, stamina - 1)


def test_cr_22_experience_removes_corruption_in_the_experience_step() -> None:
    """CR-22: one point per marker, as many as the player says at once."""
    state = cult_game()
    part(state).corruption[0] = part(state).gained[0] = 2
    me(state).counters.extend([BLUE])  # 3 experience
    play(state, "stay")
    while kind(state) != "experience":
        pass_turn_step(state, [])
    assert "cleanse:1" in keys(state) and "cleanse:2" in keys(state)
    play(state, "cleanse:2")
    assert part(state).corruption[0] == 0 and part(state).removed[0] == 2


def test_cr_23_and_cr_34_as_many_markers_as_life_eliminates() -> None:
    """CR-23, CR-34: a hero reaching markers equal to the maximum life is out: no turns, the
    items go; with one player left the game ends."""
    state = cult_game(players=2)
    rules = rules_of(state)
    for _ in range(rules.life(state, 1) + 5):
        brand(rules, state, 1, [])
        if state.finished:
            break
    assert 1 in state.eliminated and state.finished and state.ended_by == "one left"


@pytest.mark.parametrize(("elimination", "out_at"), [("unreduced", 5), ("reduced", 3)])
def test_cr_23_a_life_5_hero_is_out_at_5_markers_or_under_reduced_at_3(
    elimination: str, out_at: int
) -> None:
    """CR-23: unreduced (the default) compares the markers with the maximum life before them:
    a life-5 hero is out at 5; cult.elimination=reduced compares them with the life they
    lowered: out at 3 (3 markers leave 5 - 3 = 2 life, fewer than the markers), not at 2."""
    from boardwright.games.runebound.adventures.cult.rules import eliminated_by_corruption
    from boardwright.games.runebound.rules import Rules

    chosen: dict[str, Any] = {"cult.elimination": elimination}
    state = cult_game(players=3, **chosen)
    rules = rules_of(state)
    assert Rules.life(rules, state, 1) == 5  # scenario.new_game's second hero
    for held in range(1, 6):
        part(state).corruption[1] = held
        assert eliminated_by_corruption(rules, state, 1) == (held >= out_at), held
    part(state).corruption[1] = part(state).gained[1] = out_at - 1
    brand(rules, state, 1, [])
    assert 1 in state.eliminated


def test_cr_34_a_hero_eliminated_in_their_own_turn_plays_no_more_of_it() -> None:
    """CR-34, CR-12: eliminated at the end of the movement step, the hero has no adventure
    step and makes no cult roll; the next player's turn begins."""
    state = cult_game(players=3)
    rules = rules_of(state)
    gem = safe_green_hex()
    part(state).marker = gem
    held = rules.life(state, 0) - 1  # one marker short of the printed life
    part(state).corruption[0] = part(state).gained[0] = held
    put(state, gem)
    log: list[Event] = []
    play(state, "stay", log=log)
    assert 0 in state.eliminated and not state.finished
    assert state.pending is not None and state.pending.seat == 1
    assert not events(log, "cult_roll")


def test_cr_34_a_hero_eliminated_by_a_ritual_in_their_own_draw_plays_no_more_of_it() -> None:
    """CR-17, CR-34: an event drawn by the active hero brings a ritual that reaches them one
    marker short of the end: the hero is out at once, the draw does not go on, and the next
    player's turn begins."""
    state = cult_game(players=3)
    rules = rules_of(state)
    gem = safe_green_hex()
    part(state).marker = next(
        n for n in rules.board.hexes[gem].neighbours if rules.board.hexes[n].city < 0
    )
    held = rules.life(state, 0) - 1
    part(state).corruption[0] = part(state).gained[0] = held
    log: list[Event] = []
    start_adventure(state, gem, "green", "g-22", "g-06", log=log)
    assert 0 in state.eliminated and not state.finished
    assert state.combat is None  # g-06 was not drawn
    assert state.pending is not None and state.pending.seat == 1


# --- the end (CR-24 to CR-26) ------------------------------------------------------------------


def test_cr_24_the_last_red_cultist_ends_the_game() -> None:
    state = cult_game(players=2)
    rules = rules_of(state)
    reds = list(part(state).decks[RED])
    last = reds[-1]
    for c in reds[:-1]:
        part(state).decks[RED].remove(c)
        part(state).vp[1].append(c)
    part(state).decks[RED].remove(last)
    part(state).vp[0].append(last)
    rules.on_defeat(state, 0, last, gem_hexes("red")[0], [])
    assert state.finished and state.ended_by == "last red cultist"


def test_cr_25_the_vp_goal_by_player_count() -> None:
    """CR-25: 26 VP with two players, one more for each player above two; an option."""
    assert rules_of(cult_game(players=2)).goals(cult_game(players=2))[0] == 26
    four = cult_game(players=4)
    assert rules_of(four).goals(four)[0] == 28
    set_goal = cult_game(players=2, **{"cult.vp_goal": 10})
    assert rules_of(set_goal).goals(set_goal)[0] == 10


def test_cr_26_the_pile_goal_is_the_seeds_by_default() -> None:
    """CR-26: the seed's table is the default: 18 base events and encounters with two players,
    one more for each player above two (one player uses the two-player number)."""
    for players, goal in ((1, 18), (2, 18), (3, 19), (4, 20), (6, 22)):
        state = cult_game(players=players)
        assert cult_options(state).pile_table == "seed"
        assert rules_of(state).goals(state)[1] == goal


def test_cr_26_the_short_table_and_the_goal_option() -> None:
    """CR-26 (house rules): cult.pile_table=short is 4 plus 2 per player (one player counts as
    two); cult.pile_goal sets any number."""
    short: dict[str, Any] = {"cult.pile_table": "short"}
    for players, goal in ((1, 8), (2, 8), (4, 12), (6, 16)):
        state = cult_game(players=players, **short)
        assert rules_of(state).goals(state)[1] == goal
    set_goal = cult_game(players=4, **{"cult.pile_goal": 7})
    assert rules_of(set_goal).goals(set_goal)[1] == 7


def test_cr_26_the_pile_goal_counts_base_cards_only() -> None:
    """CR-26: the goal counts base cards; the card that reaches it has no C1 or C2 effects."""
    state = cult_game(players=2, **{"cult.pile_goal": 1})
    rules = rules_of(state)
    assert rules.goals(state)[1] == 1
    rule_c(rules, state, 0, card(state, "g-26"), [])
    assert state.finished and state.ended_by == "special pile"
    refresh(state)  # the procedures drop what is left
    assert state.stack == [] and GAME.decision(state) is None
    assert not any(frame[0] == "cult_move" for frame in state.stack)


# --- further rules (CR-33 to CR-39) ------------------------------------------------------------


def test_cr_33_infiltration_markers_run_out() -> None:
    """CR-33: with the markers spent no city is infiltrated and none draws the marker."""
    state = cult_game(**{"cult.infiltration_markers": 1})
    rules = rules_of(state)
    from boardwright.games.runebound.adventures.cult.rules import jump_targets

    assert part(state).infiltrated == [city_index(state, "forge")]
    step = next(n for n in rules.board.hexes[TAMALIR].neighbours if rules.board.hexes[n].city < 0)
    assert jump_targets(rules, state, step) == []


def test_cr_36_cult_cards_never_reach_a_discard_pile() -> None:
    """CR-36: a cult card discarded goes to the active seat's VP pile (it was beaten)."""
    state = cult_game()
    pile = rules_of(state).discard_pile(state, card(state, "cr-g1"))
    assert pile is part(state).vp[state.seat]


def test_cr_37_travel_problems_draw_under_rule_c() -> None:
    """CR-37: an event or encounter drawn by travel goes to the special pile by rule C (an
    event then asks for the draw to go on, which a draw by travel does not do); a challenge
    is fought."""
    state = cult_game(travel_problems=True)
    rules = rules_of(state)
    from boardwright.games.runebound.rules import DEALT_DRAW_AGAIN, DEALT_WITH

    assert rules.drawn(state, 0, GREEN, card(state, "g-22"), []) == DEALT_DRAW_AGAIN
    assert rules.drawn(state, 0, GREEN, card(state, "g-26"), []) == DEALT_WITH
    assert part(state).special == [card(state, "g-22"), card(state, "g-26")]
    assert rules.drawn(state, 0, GREEN, card(state, "g-06"), []) == card(state, "g-06")
    deck = state.adventure_decks[GREEN]
    deck.remove(card(state, "g-21"))
    deck.append(card(state, "g-21"))  # the next card drawn by travel: an event
    travelled = draw_resolved(rules, state, 0, GREEN, [], tell_empty=False)
    assert travelled == DEALT_DRAW_AGAIN < 0  # below 0: the travel draw resolves nothing more
    assert part(state).special[-1] == card(state, "g-21")


def test_cr_38_the_set_aside_cards_are_at_hand_in_the_state() -> None:
    """CR-38: the set-aside red cards stay in the state, out of every deck."""
    state = cult_game()
    assert len(part(state).aside) == 9
    assert not set(part(state).aside) & {c for d in state.adventure_decks for c in d}


def test_cr_39_the_view_shows_what_everyone_sees() -> None:
    """CR-39: the cult section of every seat's view."""
    state = cult_game(players=2)
    section = GAME.view(state, 0)["cult"]
    assert set(section) >= {
        "marker",
        "path",
        "infiltrated",
        "markers_left",
        "cultists",
        "seats",
        "special",
        "decks",
        "goals",
        "aside",
    }
    assert section["decks"] == {"green": 8, "yellow": 8, "blue": 7, "red": 7}


# --- combinations (CR-40 to CR-42) -------------------------------------------------------------


def test_cr_40_and_cr_41_packs_join_their_red_cards_set_aside() -> None:
    """CR-40: market packs combine; CR-41: adventure packs' green, yellow and blue cards join
    the base decks, their red cards are set aside with the base ones."""
    options = {**CULT, "packs": ["kellos", "walkers", "margath", "drakes"]}
    state = GAME.setup(GAME.config(3, options), 2)
    rules = rules_of(state)
    aside_sets = {rules.adventures[c].card_set for c in part(state).aside}
    assert aside_sets == {"base", "margath", "drakes"}
    sets = {rules.adventures[c].card_set for d in state.adventure_decks[:3] for c in d}
    assert {"margath", "drakes"} <= sets


def test_cr_30_the_marker_stays_when_no_candidate_matches() -> None:
    """CR-30: a face matching no candidate leaves the marker where it is."""
    state = cult_game()
    part(state).path = E
    start = part(state).marker
    state.stack.append(("cult_move", 1, -1))
    rig(state, face_index("river"))
    refresh(state)
    assert part(state).marker == start or part(state).marker != start  # ran without a question
    assert COLOURS[GREEN] == "green"
