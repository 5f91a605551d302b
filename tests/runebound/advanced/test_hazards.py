"""Advanced Runebound AR-4: travel hazards (option ``advanced.travel_hazards``)."""

from __future__ import annotations

from boardwright.engine.events import Event
from boardwright.games.runebound.advanced import hazard_place
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.advanced.kit import (
    BLUE,
    GREEN,
    YELLOW,
    adv_game,
    answer_fight,
    cards,
    empty_wild_step,
    face_with_symbols,
    faces_with,
    faces_without,
    fix_d10,
    plain_challenge,
    plain_encounter,
    plain_event,
    put_on_top,
    take_anywhere,
)
from tests.runebound.scenario import (
    BOARD,
    CONTENT,
    RULES,
    TAMALIR,
    add_counter,
    events,
    faces,
    give,
    item_ability,
    keys,
    kind,
    me,
    play,
    put,
    rig,
)

START, FOREST = empty_wild_step("forest")
SAFE = faces_without("forest")  # die faces (1-6) without a forest symbol
FOREST_FACE = faces_with("forest")[0]


def step_into_forest(
    state: RuneboundState,
    *dice: int,
    d10: int = 1,
    left: int = 0,
    log: list[Event] | None = None,
) -> None:
    """Seat 0 steps from START into the empty FOREST; ``dice`` script the movement dice
    rolled (faces 1-6), then ``left`` d10s show ``d10``."""
    put(state, START)
    fix_d10(state, d10, left, faces(*dice))
    play(state, "step", f"to:{BOARD.hexes[FOREST].at}", log=log)


def strong(state: RuneboundState) -> None:
    """One hit of the hero fells any challenge (this turn)."""
    me(state).turn_mods.append(("damage", 30))


def with_experience(state: RuneboundState, seat: int = 0) -> None:
    """Enough unspent experience that the experience step asks a question."""
    state.heroes[seat].counters = [3, 3]
    state.counter_supply[3] -= 2


def set_track(state: RuneboundState, *colours: str) -> list[int]:
    """Lay the doom track: one face-down challenge of each named colour, place 1 first."""
    row = []
    pools = {c: cards(c, "challenge") for c in set(colours)}
    for colour in colours:
        card = pools[colour].pop()
        take_anywhere(state, card)
        row.append(card)
    for card in state.doom_row:
        state.adventure_discards[GREEN].append(card)
    state.doom_row = row
    return row


# --- AR-4.1 / AR-4.2 --------------------------------------------------------------------------
def test_ar_4_1_only_on_an_empty_wild_hex_and_also_when_staying() -> None:
    """AR-4.1: no hazard roll in a city, on a counter, on an undefeated marker or beside
    another hero; a roll on an empty wild hex, even for a hero who stays there."""
    for blocked in ("city", "counter", "undefeated", "hero"):
        state = adv_game(2, "travel_hazards")
        target = TAMALIR if blocked == "city" else FOREST
        if blocked == "counter":
            add_counter(state, FOREST, "green")
        if blocked == "undefeated":
            card = cards("green", "challenge")[0]
            take_anywhere(state, card)
            state.track, state.undefeated = [card], {FOREST: card}
        if blocked == "hero":
            state.heroes[1].hex = FOREST
        put(state, START if blocked != "city" else BOARD.hexes[TAMALIR].neighbours[0])
        draws = state.rng.draws
        play(state, "step", f"to:{BOARD.hexes[target].at}")
        assert state.rng.draws == draws, blocked
    state = adv_game(1, "travel_hazards")
    put(state, FOREST)
    draws = state.rng.draws
    rig(state, *faces(FOREST_FACE, FOREST_FACE))
    play(state, "stay")
    assert state.rng.draws == draws + 2


def test_ar_4_1_the_roll_comes_after_the_after_movement_abilities() -> None:
    """AR-4.1: "after movement" abilities are used before the hazard roll."""
    boots, _ = item_ability("after_movement")
    state = adv_game(1, "travel_hazards")
    give(state, boots)
    put(state, START)
    draws = state.rng.draws
    play(state, "step", f"to:{BOARD.hexes[FOREST].at}")
    assert kind(state) == "after_movement" and state.rng.draws == draws
    rig(state, *faces(FOREST_FACE, FOREST_FACE))
    play(state, "done")
    assert state.rng.draws == draws + 2


def test_ar_4_2_johns_hazard_in_the_forest_example_9() -> None:
    """AR-4.2 (Example 9): John ends in a forest; neither die shows a forest: a hazard strikes
    (a card is drawn). With one forest symbol he would have travelled safely."""
    state = adv_game(1, "travel_hazards")
    encounter, _ = plain_encounter("green")
    put_on_top(state, encounter)
    step_into_forest(state, SAFE[0], SAFE[-1])
    assert kind(state) == "encounter" and state.stack[-1][1] == encounter
    state = adv_game(1, "travel_hazards")
    put_on_top(state, encounter)
    step_into_forest(state, SAFE[0], FOREST_FACE)
    assert state.adventure_decks[GREEN][-1] == encounter and kind(state) == "movement"


# --- AR-4.3 -----------------------------------------------------------------------------------
def test_ar_4_3_counting_up_the_track_examples_11_to_13() -> None:
    """AR-4.3 (Examples 11-13): a hazard number of 4 points to place 4, 6 to place 6; with 3
    cards on the track a 5 wraps round to place 2."""
    assert hazard_place(4, 8) == 4
    assert hazard_place(6, 8) == 6
    assert hazard_place(5, 3) == 2
    assert [hazard_place(n, 1) for n in range(2, 7)] == [1] * 5


def test_ar_4_3_john_counts_6_symbols_the_6th_card_is_yellow_example_12() -> None:
    """AR-4.3 (Example 12): John rolls again and counts 6 symbols; the 6th card on the track
    (beside Nerekhall) is yellow, so his hazard is a yellow card."""
    state = adv_game(4, "travel_hazards", "doom_track")
    set_track(state, "green", "blue", "green", "blue", "green", "yellow", "blue")
    assert BOARD.cities[5].name == "Nerekhall"
    encounter, _ = plain_encounter("yellow")
    put_on_top(state, encounter)
    three = face_with_symbols(3)
    log: list[Event] = []
    step_into_forest(state, SAFE[0], SAFE[0], three, three, log=log)
    hazard = events(log, "hazard")[0]
    assert (hazard.data["number"], hazard.data["place"], hazard.data["colour"]) == (6, 6, "yellow")
    assert kind(state) == "encounter" and state.stack[-1][1] == encounter


def test_ar_4_3_three_cards_and_a_hazard_number_of_5_example_13() -> None:
    """AR-4.3 (Example 13): three cards on the track and a hazard number of 5: place 2."""
    state = adv_game(2, "travel_hazards", "doom_track")
    set_track(state, "green", "blue", "yellow")
    blue = plain_challenge("blue")
    put_on_top(state, blue)
    log: list[Event] = []
    step_into_forest(state, SAFE[0], SAFE[0], face_with_symbols(2), face_with_symbols(3), log=log)
    hazard = events(log, "hazard")[0]
    assert (hazard.data["number"], hazard.data["place"], hazard.data["colour"]) == (5, 2, "blue")
    assert events(log, "draw")[0].data["card"] == CONTENT.adventures[blue].id


def test_ar_4_3_without_the_advanced_track_the_hazard_is_green() -> None:
    """AR-4.3: no advanced doom track: no second roll, a green card."""
    state = adv_game(2, "travel_hazards", base_doom_track=True)
    encounter, _ = plain_encounter("green")
    put_on_top(state, encounter)
    draws = state.rng.draws
    step_into_forest(state, SAFE[0], SAFE[0])
    assert state.stack[-1][1] == encounter and state.rng.draws == draws + 2


# --- AR-4.4 -----------------------------------------------------------------------------------
def test_ar_4_4_after_an_encounter_the_turn_is_over() -> None:
    """AR-4.4: one card only; after an encounter the turn ends (no experience step)."""
    state = adv_game(2, "travel_hazards")
    with_experience(state)
    encounter, choice = plain_encounter("green")
    put_on_top(state, encounter)
    step_into_forest(state, SAFE[0], SAFE[0])
    play(state, f"choice:{choice + 1}")
    assert state.seat == 1 and kind(state) == "movement"


def test_ar_4_4_an_event_and_no_further_card() -> None:
    """AR-4.4: an event is resolved, no further card is drawn, and the turn is over."""
    state = adv_game(2, "travel_hazards")
    with_experience(state)
    event = plain_event("green")
    encounter, _ = plain_encounter("green")
    put_on_top(state, event, encounter)
    step_into_forest(state, SAFE[0], SAFE[0])
    assert state.event == event and state.adventure_decks[GREEN][-1] == encounter
    assert state.seat == 1 and kind(state) == "movement"


def test_ar_4_4_a_beaten_challenge_lets_the_turn_go_on_an_empty_deck_means_no_hazard() -> None:
    """AR-4.4: after a hazard challenge the turn goes on; with the colour's deck empty and
    nothing to rebuild it from, no hazard happens."""
    state = adv_game(2, "travel_hazards")
    with_experience(state)
    challenge = plain_challenge("green")
    put_on_top(state, challenge)
    strong(state)
    step_into_forest(state, SAFE[0], SAFE[0], d10=10, left=2)
    answer_fight(state)
    assert state.combat is None and challenge in state.adventure_discards[GREEN]
    assert state.seat == 0 and kind(state) == "experience"
    state = adv_game(2, "travel_hazards")
    with_experience(state)
    state.removed_adventures.extend(state.adventure_decks[GREEN])
    state.adventure_decks[GREEN].clear()
    step_into_forest(state, SAFE[0], SAFE[0])
    assert state.combat is None and state.seat == 0 and kind(state) == "experience"


# --- AR-4.5 to AR-4.7 -------------------------------------------------------------------------
def test_ar_4_5_no_before_combat_actions_and_no_escape() -> None:
    """AR-4.5: the challenge's before-combat text is ignored, the hero may use no before-combat
    ability, and no round has an escape step."""
    ambusher = next(
        c
        for c in cards("green", "challenge")
        if any(
            a.timing == "before_combat" and any(e.do == "harm" for e in a.effects)
            for a in CONTENT.adventures[c].abilities
        )
    )
    rune = next(
        c
        for c in CONTENT.market
        if c.kind != "ally"
        and any(a.timing == "before_combat" and not a.cost.exhaustion for a in c.abilities)
    )
    state = adv_game(1, "travel_hazards")
    give(state, rune.id)
    me(state).turn_mods.append(("life", 60))
    put_on_top(state, ambusher)
    log: list[Event] = []
    step_into_forest(state, SAFE[0], SAFE[0], d10=1, left=18, log=log)  # 3 rounds of misses
    met = answer_fight(state, log)
    assert "before_combat" not in met and "escape" not in met and kind(state) != "escape"
    assert len(events(log, "round")) >= 3
    assert not events(log, "ability") and not events(log, "harm")  # no before-combat text


def test_ar_4_6_no_reward_experience_with_exact_change_example_15() -> None:
    """AR-4.6 (Example 15): a blue hazard challenge (worth 3) is beaten; no reward. The
    supply has no blue counter but one yellow and two green: the hero takes the yellow and one
    green. With only the two greens there is no exact change and no experience."""
    for supply, gained in (([2, 1, 0, 0], [YELLOW, GREEN]), ([2, 0, 0, 0], [])):
        state = adv_game(1, "travel_hazards", "doom_track")
        set_track(state, "blue")
        blue = next(c for c in cards("blue", "challenge") if CONTENT.adventures[c].reward.gold > 0)
        put_on_top(state, blue)
        state.counter_supply = list(supply)
        gold = me(state).gold
        strong(state)
        step_into_forest(state, SAFE[0], SAFE[0], SAFE[0], SAFE[0], d10=10, left=2)
        answer_fight(state)
        assert state.combat is None
        assert me(state).counters == gained and me(state).gold == gold
        assert sum(state.counter_supply) == sum(supply) - len(gained)
        assert state.doom_row[-1] == blue


def test_ar_4_7_an_unbeaten_hazard_goes_to_the_doom_track_not_undefeated() -> None:
    """AR-4.7: a hazard challenge that knocks the hero out is discarded onto the doom track;
    no undefeated card or marker; the hero is knocked out as usual."""
    state = adv_game(1, "travel_hazards", "doom_track")
    challenge = plain_challenge("green")
    put_on_top(state, challenge)
    set_track(state, "green")
    me(state).wounds = RULES.life(state, 0) - 1
    step_into_forest(state, SAFE[0], SAFE[0], SAFE[0], SAFE[0], d10=1, left=2)
    answer_fight(state)
    assert state.combat is None and state.doom_row[-1] == challenge
    assert state.track == [] and FOREST not in state.undefeated
    assert BOARD.hexes[me(state).hex].city >= 0 and me(state).wounds == 0


def test_ar_4_8_the_advanced_hazards_replace_travel_problems() -> None:
    """AR-4.8: with travel_problems on as well, the advanced rules apply: the colour comes
    from the track (RB-10.1 always draws green) and the turn ends after an encounter."""
    state = adv_game(2, "travel_hazards", "doom_track", travel_problems=True)
    set_track(state, "yellow")
    with_experience(state)
    encounter, choice = plain_encounter("yellow")
    put_on_top(state, encounter)
    step_into_forest(state, SAFE[0], SAFE[0], SAFE[0], SAFE[0])
    assert state.stack[-1][1] == encounter
    play(state, f"choice:{choice + 1}")
    assert state.seat == 1
    base = adv_game(2, "doom_track", travel_problems=True)  # RB-10.1 alone, for contrast
    with_experience(base)
    green, green_choice = plain_encounter("green")
    put_on_top(base, green)
    step_into_forest(base, SAFE[0], SAFE[0])
    play(base, f"choice:{green_choice + 1}")
    assert base.seat == 0 and "done" in keys(base)
    assert RULES.adventures[green].colour == "green"
    assert BLUE == 2
