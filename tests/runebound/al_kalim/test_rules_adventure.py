"""The Sands of Al-Kalim, AK-6 (the adventure step, day and night life, traits, sunburst
challenges) and AK-8.9-AK-8.12 (night ambushes: the deck, the escape at -10, no reward)."""

from __future__ import annotations

import pytest

from boardwright.engine.events import Event
from boardwright.games.runebound.adventure import draw_adventure
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.state import CombatState, RuneboundState
from tests.runebound.al_kalim.scenario import (
    AL_KALIM_RULES,
    DUNES,
    FACE_SPRING_STIR,
    GAME,
    PRISON,
    add_counter,
    adventure,
    al_kalim_state,
    card,
    clear_counters,
    events,
    fight,
    give_legend,
    has_counter,
    keys,
    kind,
    legend,
    me,
    new_game,
    on_top,
    play,
    put,
    quest_board,
    quiet_hex,
    refresh,
    rig,
    rolls,
    set_limit,
    set_storm,
    starred,
    story,
    to_step3,
)

QORRO = ("ak-h-qorro", "ak-h-idris")  # Qorro: no combat abilities; best stat 4 (body)
JACKALS = adventure("ak-g-01")  # green beast, melee 9/1, life 1 by day and 2 by night, no gold
VIPERS = adventure("ak-g-03")  # green beast, life 3 by day and 2 by night (stronger by day)
OUTRIDERS = adventure("ak-g-07")  # green bandit with the sunburst, 1 gold
SPRITE = adventure("ak-g-16")  # green djinn with the sunburst
LIONS = adventure("ak-y-01")  # yellow beast, melee 13/1
LIZARD = adventure("ak-g-05")  # green beast, ranged 11/1 and melee 10/1, life 3 and 4 by night


def at_a_green_counter(*cards: int, **options: object) -> tuple[RuneboundState, int]:
    """Qorro on a dunes hex with a green counter; ``cards`` on top of the green deck."""
    state = new_game(heroes=QORRO, **options)  # type: ignore[arg-type]
    here = quiet_hex(DUNES)
    add_counter(state, here, "green")
    on_top(state, *cards)
    put(state, here)
    return state, here


# --- AK-6 the adventure step -----------------------------------------------------------------


def test_ak_6_1_an_adventure_step_on_a_counter_or_the_story_step() -> None:
    """AK-6.1: on a hex with a counter the player may take the adventure on, or take the story
    step instead; there is no third way."""
    state, _here = at_a_green_counter(JACKALS)
    to_step3(state)
    assert keys(state) == ["adventure:green", "story"]


def test_ak_6_1_ak_13_8_no_adventure_under_the_storm() -> None:
    """AK-6.1, AK-13.8: a covered counter (or undefeated challenge) cannot be taken on."""
    state, here = at_a_green_counter(JACKALS)
    set_storm(state, here, 0)
    state.undefeated[here] = LIONS
    refresh(state)
    to_step3(state)
    assert keys(state) == ["story"]


def test_ak_6_2_the_adventure_step_runs_as_in_the_base_game() -> None:
    """AK-6.2: draw from the counter's deck, fight, and on a win take the counter and the
    reward; every draw is a challenge."""
    state, here = at_a_green_counter(OUTRIDERS)
    gold = me(state).gold
    to_step3(state)
    play(state, "adventure:green")
    play(state, "arrows:east")  # the sunburst's storm (AK-6.6)
    fight(state, 20, 20, 20, 20)
    assert not has_counter(state, here, "green")
    assert me(state).counters == [0]  # the hex's green counter
    assert me(state).gold == gold + 1  # the card's reward
    assert OUTRIDERS in state.adventure_discards[0]


@pytest.mark.parametrize(
    ("time", "life"), [("day", 1), ("night", 2)], ids=["day-lower", "night-upper"]
)
def test_ak_6_3_life_by_day_or_by_night(time: str, life: int) -> None:
    """AK-6.3: the upper value (night_life) by night, the lower (life) by day."""
    state, _here = at_a_green_counter(JACKALS)
    to_step3(state, time=time)
    log: list[Event] = []
    play(state, "adventure:green", log=log)
    assert AL_KALIM_RULES.enemy_life(state, card(JACKALS)) == life
    assert events(log, "combat")[0].data["life"] == life
    fight(state, *([20] * life))  # one hit of 1 damage per round
    assert me(state).counters == [0]


def test_ak_6_3_a_few_challenges_are_stronger_by_day() -> None:
    """AK-6.3: the Basking Sand Vipers have 3 life by day and 2 by night."""
    assert (card(VIPERS).life, card(VIPERS).night_life) == (3, 2)
    state, _here = at_a_green_counter(VIPERS)
    to_step3(state, time="day")
    play(state, "adventure:green")
    assert AL_KALIM_RULES.enemy_life(state, card(VIPERS)) == 3
    al_kalim_state(state).night = True
    assert AL_KALIM_RULES.enemy_life(state, card(VIPERS)) == 2


def test_ak_6_4_an_undefeated_challenge_uses_the_life_of_the_new_fight() -> None:
    """AK-6.4: a challenge left undefeated by day is fought again by night with its night life."""
    state = new_game(heroes=QORRO)
    here = quiet_hex(DUNES)
    state.undefeated[here] = JACKALS
    state.track.append(JACKALS)
    state.adventure_decks[0].remove(JACKALS)
    put(state, here)
    to_step3(state, time="night")
    assert "undefeated" in keys(state)
    log: list[Event] = []
    play(state, "undefeated", log=log)
    assert events(log, "combat")[0].data["life"] == 2
    assert not events(log, "replenish")  # AK-6.6: not drawn, so no sunburst either way


def test_ak_6_5_a_trait_bonus_works_only_against_that_trait() -> None:
    """AK-6.5: the Blood of the Bloody Sands gives +2 melee against bandits: it counts in a
    fight with the Nomad Outriders (bandit), not with the Dune Jackals (beast)."""
    state = new_game(heroes=QORRO)
    give_legend(state, legend("ak-l-13"), done=True)
    assert "bandit" in card(OUTRIDERS).traits and "bandit" not in card(JACKALS).traits
    state.combat = CombatState(JACKALS, me(state).hex, "counter:0")
    against_beast = AL_KALIM_RULES.modifier(state, 0, "body")
    state.combat = CombatState(OUTRIDERS, me(state).hex, "counter:0")
    assert AL_KALIM_RULES.modifier(state, 0, "body") == against_beast + 2


def test_ak_6_6_a_sunburst_replenishes_then_the_storm_then_the_fight() -> None:
    """AK-6.6: drawing a sunburst challenge: counters replenished first, then the active
    player places (or moves) the storm, and only then is the challenge fought."""
    state, here = at_a_green_counter(OUTRIDERS)
    empty = [h for h in starred() if h != here][:3]
    for h in empty:
        clear_counters(state, h)
    to_step3(state)
    log: list[Event] = []
    play(state, "adventure:green", log=log)
    assert all(state.counters[h] for h in empty)  # 1: replenished
    assert kind(state) == "storm_place" and state.combat is None  # 2: the storm, before
    play(state, "arrows:east", log=log)
    assert al_kalim_state(state).storm == PRISON
    assert state.combat is not None and state.combat.card == OUTRIDERS  # 3: the fight
    order = [e.kind for e in log if e.kind in ("replenish", "storm", "combat")]
    assert order == ["replenish", "storm", "combat"]


def test_ak_6_6_a_sunburst_moves_a_storm_already_on_the_board() -> None:
    """AK-6.6, AK-13.3: with the storm out, the sunburst moves it two hexes before the fight."""
    state, _here = at_a_green_counter(OUTRIDERS)
    set_storm(state, PRISON, 0)
    refresh(state)
    to_step3(state)
    play(state, "adventure:green")
    assert kind(state) == "storm_move"
    play(state, keys(state)[0])
    assert kind(state) == "storm_move"
    play(state, keys(state)[0])
    assert state.combat is not None


@pytest.mark.parametrize(
    ("refill", "refilled"), [("all", set(COLOURS)), ("card_colour", {"green"})]
)
def test_ak_6_7_which_starred_hexes_are_refilled(refill: str, refilled: set[str]) -> None:
    """AK-6.7 (option sunburst_refill): every empty starred gem hex, or only those of the drawn
    card's colour; covered hexes are refilled too."""
    state, here = at_a_green_counter(OUTRIDERS, sunburst_refill=refill)
    stars = [h for h in starred() if h != here]
    for h in stars:
        clear_counters(state, h)
    set_storm(state, stars[0], 0)  # a covered starred hex
    refresh(state)
    to_step3(state)
    play(state, "adventure:green")
    full = {COLOURS[AL_KALIM_RULES.board.hexes[h].gem] for h in stars if state.counters[h]}
    assert full == refilled
    assert bool(state.counters[stars[0]]) == (
        COLOURS[AL_KALIM_RULES.board.hexes[stars[0]].gem] in refilled
    )


# --- AK-8.9-AK-8.12 night ambushes ------------------------------------------------------------


def night_ambush(*cards: int, **options: object) -> tuple[RuneboundState, list[Event]]:
    """Qorro on a quiet dunes hex rolls the dunes symbol by night; ``cards`` top the decks."""
    state = new_game(heroes=QORRO, **options)  # type: ignore[arg-type]
    on_top(state, *cards)
    put(state, quiet_hex(DUNES))
    log: list[Event] = []
    story(state, FACE_SPRING_STIR, time="night", log=log)
    play(state, "symbol:dunes", log=log)
    return state, log


def test_ak_8_9_no_limit_counter_the_green_deck_at_night_life() -> None:
    """AK-8.9: without a limit counter the ambush comes from the green deck, at night life."""
    state, log = night_ambush(JACKALS)
    assert state.combat is not None and state.combat.card == JACKALS
    assert events(log, "combat")[0].data["life"] == 2


def test_ak_8_9_the_limit_counters_colour_picks_the_deck() -> None:
    """AK-8.9, AK-10.2: a yellow "2" on the quest board: the ambush is a yellow challenge."""
    state = new_game(heroes=QORRO)
    set_limit(state, "yellow")
    on_top(state, LIONS, JACKALS)
    put(state, quiet_hex(DUNES))
    story(state, FACE_SPRING_STIR, time="night")
    play(state, "symbol:dunes")
    assert state.combat is not None and state.combat.card == LIONS


def test_ak_8_9_ak_6_6_a_sunburst_ambush_refills_and_moves_the_storm_first() -> None:
    """AK-8.9, AK-6.6: a sunburst drawn as an ambush has its usual effect before the fight."""
    state, log = night_ambush(SPRITE)
    assert kind(state) == "storm_place" and state.combat is None
    assert events(log, "replenish")
    play(state, "arrows:west")
    assert state.combat is not None and state.combat.card == SPRITE


@pytest.mark.parametrize(("roll", "away"), [(16, True), (15, False)])
def test_ak_8_10_the_ambush_escape_test_takes_minus_10(roll: int, away: bool) -> None:
    """AK-8.10 (default ambush_escape=test): an escape test from the first round, 2d10 + the
    best stat (Qorro: body 4) - 10 against the highest value (the jackals' ranged 10): 16
    escapes, 15 not."""
    state, log = night_ambush(JACKALS)
    assert kind(state) == "escape"  # round 1: the test is there at once
    rig(state, *rolls(roll))
    play(state, "escape", log=log)
    test = events(log, "test")[-1]
    assert test.data["total"] == roll + 4 - 10 and test.data["difficulty"] == 10
    assert (state.combat is None) == away


def test_ak_8_10_escape_rule_automatic_has_no_test_to_penalise() -> None:
    """AK-8.10 (ambush_escape=escape_rule with escape_rule=automatic): no escape in round 1,
    and from round 2 the hero simply escapes, without a test."""
    state, log = night_ambush(LIZARD, ambush_escape="escape_rule", escape_rule="automatic")
    assert kind(state) == "attack_step"  # round 1: no escape offered
    rig(state, *rolls(20, 20))  # ranged and melee: two hits, the lizard (4 by night) lives
    play(state, "attack:ranged")
    assert kind(state) == "escape"  # round 2
    play(state, "escape", log=log)
    assert state.combat is None and not events(log, "test")


def test_ak_8_10_a_won_ambush_gives_experience_but_no_reward() -> None:
    """AK-8.10: the hero does not receive the printed reward (the vipers' 1 gold); they take a
    counter of the card's colour from the supply; no hex loses a counter."""
    state, log = night_ambush(VIPERS)
    gold = me(state).gold
    board_counters = state.counters[:]
    supply = state.counter_supply[0]
    fight(state, 20, 20, log=log)  # night life 2: two hits
    assert state.combat is None and not me(state).wounds
    assert me(state).gold == gold  # no reward
    assert me(state).counters == [0] and state.counter_supply[0] == supply - 1
    assert state.counters == board_counters
    assert VIPERS in state.adventure_discards[0]


def test_ak_8_11_an_escaped_ambush_is_discarded_not_undefeated() -> None:
    """AK-8.11: escaped from: discarded, not on the undefeated track, no marker."""
    state, _log = night_ambush(JACKALS)
    rig(state, *rolls(20))
    play(state, "escape")
    assert state.combat is None
    assert JACKALS in state.adventure_discards[0]
    assert JACKALS not in state.track and not state.undefeated


def test_ak_8_11_an_ambush_that_knocks_out_is_discarded() -> None:
    """AK-8.11, AK-16.1: the hero knocked out by an ambush: the card is discarded, the hero
    wakes in the nearest printed city, and step 3 is over."""
    state, log = night_ambush(JACKALS)
    me(state).wounds = 4  # Qorro has life 5: one wound more knocks him out
    fight(state, 2, 2, log=log)
    assert events(log, "knocked_out")
    assert JACKALS in state.adventure_discards[0] and not state.track
    assert AL_KALIM_RULES.board.hexes[me(state).hex].city >= 0
    assert state.seat == 1  # the turn went on to its end


@pytest.mark.parametrize("counts", [True, False])
def test_ak_8_12_an_ambush_won_counts_for_quests(counts: bool) -> None:
    """AK-8.12 (option ambush_counts_for_quests): a won ambush counts for a quest asking for a
    defeated challenge there (the Paths of the Desert of Eternity: one in that desert)."""
    state = new_game(heroes=QORRO, ambush_counts_for_quests=counts)
    set_limit(state, "green")  # the ambush deck stays green
    slot = give_legend(state, legend("ak-l-12"))
    desert = next(
        iter(
            sorted(
                AL_KALIM_RULES.board.locations[
                    AL_KALIM_RULES.board.location_index["desert-of-eternity"]
                ].hexes
            )
        )
    )
    on_top(state, JACKALS)
    put(state, desert)
    story(state, FACE_SPRING_STIR, time="night")
    play(state, "symbol:dunes")
    fight(state, 20, 20)
    assert slot.step == (1 if counts else 0)
    assert quest_board(state).legends == [slot]


# --- AK-16.6 ----------------------------------------------------------------------------------


def _empty_green_deck(state: RuneboundState) -> list[int]:
    """Move the whole green deck to its discard pile; the cards moved."""
    green = COLOURS.index("green")
    gone = state.adventure_decks[green][:]
    state.adventure_discards[green] = gone[:]
    state.adventure_decks[green] = []
    return gone


def test_ak_16_6_an_empty_al_kalim_deck_is_rebuilt_from_its_discards() -> None:
    """AK-16.6: Al-Kalim's default for ``adventure_discards`` is ``reshuffle``: a spent deck is
    shuffled anew from its discard pile, so quests that demand a defeat stay possible."""
    state = new_game()
    assert state.opts.adventure_discards == "reshuffle"
    gone = _empty_green_deck(state)
    drawn = draw_adventure(AL_KALIM_RULES, state, COLOURS.index("green"))
    assert drawn in gone
    assert sorted([*state.adventure_decks[0], drawn]) == sorted(gone)
    assert not state.adventure_discards[0]


def test_ak_16_6_option_adventure_discards_removed_keeps_the_base_reading() -> None:
    """AK-16.6: a value given wins over the adventure's default (RB-1.4: the cards are gone)."""
    state = new_game(adventure_discards="removed")
    _empty_green_deck(state)
    assert draw_adventure(AL_KALIM_RULES, state, COLOURS.index("green")) == -1


def test_ak_16_6_the_default_is_the_adventures_own() -> None:
    """AK-16.6: only Al-Kalim changes the default; the base adventure keeps ``removed``, and a
    saved config (every option written out) replays as it was."""
    assert GAME.config(2, {}).options["adventure_discards"] == "removed"
    al_kalim = GAME.config(2, {"adventure": "al-kalim"})
    assert al_kalim.options["adventure_discards"] == "reshuffle"
    old_save = {**al_kalim.options, "adventure_discards": "removed"}
    assert GAME.config(2, old_save).options["adventure_discards"] == "removed"
