"""The Sands of Al-Kalim, AK-10 (experience and the legend limit, with the rulebook's
experience examples 6-8), AK-11 (legend cards: drawing, quests, rewards) and AK-12 (victory)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from boardwright.engine.events import Event
from boardwright.games.runebound.advanced import most_expensive
from boardwright.games.runebound.adventures.al_kalim.content import AL_KALIM_DIR
from boardwright.games.runebound.adventures.al_kalim.quests import check_victory, rewards
from boardwright.games.runebound.content import LEGEND_TYPES, validate_content_dir
from boardwright.games.runebound.effects import apply_effects
from boardwright.games.runebound.knockout import knock_out
from boardwright.games.runebound.records import (
    COLOURS,
    Ability,
    AdventureCard,
    Hero,
    LoseLegend,
)
from boardwright.games.runebound.state import XP_KINDS, RuneboundState
from tests.runebound.al_kalim.scenario import (
    AL_KALIM_RULES,
    CITY_HEX,
    CONTENT,
    DUNES,
    GAME,
    KIT,
    PRISON,
    ROCK,
    add_counter,
    adventure,
    al_kalim_state,
    at_key,
    events,
    faces,
    fight,
    give_ally,
    give_gear,
    give_legend,
    hexes_of,
    keys,
    kind,
    legend,
    legend_ids,
    legend_of_type,
    market_card,
    me,
    nearest_city,
    new_game,
    on_top,
    others_pass,
    play,
    put,
    quest_board,
    quiet_hex,
    refresh,
    rig,
    rigged_left,
    rolls,
    set_limit,
    set_storm,
    take_market_card,
    to_step3,
    type_index,
)
from tests.runebound.al_kalim.texts import label, prompt, text

GREEN, YELLOW, BLUE, RED = range(4)
FIVE = ("ak-h-idris", "ak-h-qorro", "ak-h-tarek", "ak-h-yasmin", "ak-h-samira")
RASHID = legend("ak-l-01")  # ally: Kharadun's bazaar + 2 gold, a bandit, Zerhaba's bazaar
SWEET_WATER = legend("ak-l-22")  # rune: activate, heal; 3 uses
SCIMITAR = legend("ak-l-07")  # artifact: +2 body, mastery of diplomacy
VEIL = legend("ak-l-08")  # artifact: mastery of stealth
PATHS = legend("ak-l-12")  # location: a defeat in the Desert of Eternity, then a story roll
STALLION = legend("ak-l-20")  # mount: after movement, an extra move
SAND_SLED = legend("ak-l-19")  # mount: before movement, an extra move


def experience_step(state: RuneboundState, *counters: int) -> None:
    """Seat 0 in Zerhaba with these adventure counters reaches the experience step."""
    put(state, CITY_HEX["zerhaba"])
    me(state).counters = list(counters)
    play(state, "day", "stay", "bazaar", "done")
    assert kind(state) == "experience", keys(state)


# --- AK-10 the experience step and the legend limit -------------------------------------------


def test_ak_10_3_example_6_matthias_first_purchase() -> None:
    """AK-10.3, AK-10.1, example 6: five players, an experience counter costs 3; Matthias pays
    a green "1" and a yellow "2" for a "+2" counter; the green goes back to the supply, the
    yellow lies number side up on his quest board: his limit is 2, and he holds no legend."""
    state = new_game(players=5, heroes=FIVE)
    supply = state.counter_supply[:]
    experience_step(state, GREEN, YELLOW)
    play(state, "xp:body")
    assert kind(state) == "limit_counter"  # "one of the counters": the player chooses
    assert keys(state) == ["keep:green", "keep:yellow"]
    play(state, "keep:yellow")
    board = quest_board(state)
    assert (board.limit, board.limit_colour) == (2, YELLOW)
    assert me(state).counters == [] and me(state).xp == [XP_KINDS.index("body")]  # "+2"
    assert state.counter_supply[GREEN] == supply[GREEN] + 1  # the green went back
    assert state.counter_supply[YELLOW] == supply[YELLOW]  # the yellow did not
    assert GAME.view(state, 0)["al_kalim"]["quest_boards"][0]["limit"] == 2


def test_ak_10_3_ak_8_9_the_player_may_keep_the_lower_counter_for_the_ambush_deck() -> None:
    """AK-10.3, AK-8.9: the player may keep the green "1" instead: a limit of 1, and night
    ambushes from the green deck; the yellow goes back to the supply."""
    state = new_game(players=5, heroes=FIVE)
    supply = state.counter_supply[:]
    log: list[Event] = []
    experience_step(state, GREEN, YELLOW)
    play(state, "xp:body", "keep:green", log=log)
    board = quest_board(state)
    assert (board.limit, board.limit_colour) == (1, GREEN)
    assert state.counter_supply[YELLOW] == supply[YELLOW] + 1
    assert state.counter_supply[GREEN] == supply[GREEN]
    assert "keeps a green counter" in text(events(log, "limit")[0])


def test_ak_10_3_the_player_chooses_the_counters_that_pay() -> None:
    """AK-10.3, RB-8.4: with a green, a yellow and a blue the 3 experience can be paid with the
    blue or with the green and the yellow; the player chooses (least waste first). Paying with
    the green and yellow keeps the blue for later."""
    state = new_game(players=5, heroes=FIVE)
    set_limit(state, "yellow")
    experience_step(state, GREEN, YELLOW, BLUE)
    play(state, "xp:mind")
    assert kind(state) == "pay_experience"
    assert keys(state) == ["pay:blue", "pay:green+yellow"]
    play(state, "pay:green+yellow")
    assert me(state).counters == [BLUE] and quest_board(state).limit_colour == YELLOW


def test_ak_10_4_several_higher_counters_the_player_picks_the_replacement() -> None:
    """AK-10.4: two players pay 5: a yellow and a blue over a green limit; one of them must
    replace it, and the player picks which."""
    state = new_game()
    set_limit(state, "green")
    experience_step(state, YELLOW, BLUE)
    play(state, "xp:mind")
    assert kind(state) == "limit_counter" and keys(state) == ["keep:yellow", "keep:blue"]
    play(state, "keep:yellow")
    assert (quest_board(state).limit, quest_board(state).limit_colour) == (2, YELLOW)


def test_ak_10_3_example_7_a_limit_of_2_allows_a_draw_with_fewer_than_2() -> None:
    """AK-10.3, AK-7.3, example 7: with the "2" on the board the player may draw in a story
    step begun with one legend card, not with two."""
    state = new_game()
    set_limit(state, "yellow")
    give_legend(state, legend_of_type("rune"))
    put(state, quiet_hex(DUNES))
    to_step3(state)
    assert "legend:ally" in keys(state)
    give_legend(state, legend_of_type("ally"))
    refresh(state)
    assert not [k for k in keys(state) if k.startswith("legend:")]


def test_ak_10_4_example_8_a_higher_counter_replaces_the_limit() -> None:
    """AK-10.4, example 8: later the same player spends a blue "3" on another "+2": it replaces
    the yellow "2", which goes to the supply; he may now hold 3 legend cards."""
    state = new_game(players=5, heroes=FIVE)
    set_limit(state, "yellow")
    supply = state.counter_supply[:]
    experience_step(state, BLUE)
    play(state, "xp:spirit")
    board = quest_board(state)
    assert (board.limit, board.limit_colour) == (3, BLUE)
    assert state.counter_supply[YELLOW] == supply[YELLOW] + 1
    assert state.counter_supply[BLUE] == supply[BLUE]


def test_ak_10_4_lower_or_equal_counters_leave_the_limit() -> None:
    """AK-10.4: spending only counters no higher than the limit counter changes nothing."""
    state = new_game(players=5, heroes=FIVE)
    set_limit(state, "blue")
    supply = state.counter_supply[:]
    experience_step(state, GREEN, YELLOW)
    play(state, "xp:mind")
    assert (quest_board(state).limit, quest_board(state).limit_colour) == (3, BLUE)
    assert state.counter_supply[GREEN] == supply[GREEN] + 1
    assert state.counter_supply[YELLOW] == supply[YELLOW] + 1


def test_ak_10_5_the_limit_counter_is_no_longer_experience() -> None:
    """AK-10.5: the counter on the quest board is spent: it is not counted as experience and
    cannot be spent again."""
    state = new_game(players=5, heroes=FIVE)
    experience_step(state, RED)
    play(state, "xp:body")
    assert quest_board(state).limit == 4
    assert AL_KALIM_RULES.xp_total(me(state)) == 0 and me(state).counters == []
    assert not [k for k in keys(state) if k.startswith("xp:")]  # nothing left to spend


def with_a_quest(**options: object) -> RuneboundState:
    state = new_game(players=5, heroes=FIVE, **options)  # type: ignore[arg-type]
    set_limit(state, "yellow")
    give_legend(state, RASHID)
    give_legend(state, SWEET_WATER)
    return state


def test_ak_10_6_after_spending_one_unfinished_quest_may_go() -> None:
    """AK-10.6: each purchase lets the player discard one unfinished quest, to the bottom of
    its type's stack; the hero may then draw again later."""
    state = with_a_quest()
    experience_step(state, GREEN, YELLOW)
    play(state, "xp:body")
    assert kind(state) == "discard_quest"
    assert keys(state) == ["discard:ak-l-01", "discard:ak-l-22", "keep"]
    play(state, "discard:ak-l-22")
    assert legend_ids(state) == ["ak-l-01"]
    assert (
        al_kalim_state(state).legend_stacks[type_index(SWEET_WATER)][0] == SWEET_WATER
    )  # the bottom
    assert kind(state) != "discard_quest"  # one only


def test_ak_10_6_option_any_discards_several() -> None:
    """AK-10.6 (legend_discard_limit=any): several unfinished quests at once."""
    state = with_a_quest(legend_discard_limit="any")
    experience_step(state, GREEN, YELLOW)
    play(state, "xp:body", "discard:ak-l-22")
    assert kind(state) == "discard_quest"
    play(state, "discard:ak-l-01")
    assert legend_ids(state) == []


def test_ak_10_6_a_finished_reward_cannot_be_discarded() -> None:
    """AK-10.6: only quests (quest side up) can be given up."""
    state = new_game(players=5, heroes=FIVE)
    set_limit(state, "yellow")
    give_legend(state, SCIMITAR, done=True)
    experience_step(state, GREEN, YELLOW)
    play(state, "xp:body")
    assert kind(state) != "discard_quest"


@pytest.mark.parametrize("swap", [False, True])
def test_ak_10_7_no_draw_and_discard_in_one_turn(swap: bool) -> None:
    """AK-10.7 (legend_swap_same_turn): a player who drew a legend card this turn may not
    discard one in this turn's experience step, unless the option allows it."""
    state = new_game(players=5, heroes=FIVE, legend_swap_same_turn=swap)
    set_limit(state, "blue")
    give_legend(state, RASHID)
    put(state, CITY_HEX["zerhaba"])
    me(state).counters = [GREEN, YELLOW]
    play(state, "day", "stay", "legend:rune", "xp:body")
    assert (kind(state) == "discard_quest") == swap


def test_ak_10_7_a_failed_quest_is_no_discard_by_choice() -> None:
    """AK-10.7, AK-11.6: a quest lost by failure after a draw in the same turn still goes."""
    state = new_game()
    set_limit(state, "blue")
    quest_board(state).drew_legend = True  # drew this turn already
    slot = give_legend(state, legend("ak-l-11"))
    slot.step = 1
    put(state, PRISON)
    to_step3(state)
    rig(state, *faces(6), *rolls(2))
    play(state, "story")
    assert "ak-l-11" not in legend_ids(state)


# --- AK-11 legend cards --------------------------------------------------------------------------


def test_ak_11_1_ak_11_5_a_quest_turns_to_its_reward_at_once() -> None:
    """AK-11.1, AK-11.5: the quest's steps in order; when the last is done the card turns over
    at once and the reward can be used (Rashid joins the party)."""
    state = new_game()
    set_limit(state, "green")
    slot = give_legend(state, RASHID)
    slot.step = 2  # Kharadun's bazaar and a bandit done; Zerhaba's bazaar is left
    put(state, CITY_HEX["zerhaba"])
    log: list[Event] = []
    to_step3(state)
    play(state, "bazaar", log=log)
    assert slot.done and any("completes" in text(e) for e in events(log, "legend"))
    assert AL_KALIM_RULES.first_legend + RASHID in [a.card for a in me(state).allies]
    assert any(k.startswith("use:m") for k in keys(state))  # his market ability, right away


def test_ak_11_5_a_step_done_several_times_counts_each_action() -> None:
    """AK-11.5: the Sand Sled asks first for 2 challenges defeated on dunes, each counted."""
    state = new_game(heroes=("ak-h-qorro", "ak-h-idris"))
    set_limit(state, "green")
    slot = give_legend(state, SAND_SLED)
    dunes = hexes_of(DUNES)
    AL_KALIM_RULES.on_defeat(
        state, 0, adventure("ak-g-01"), quiet_hex(ROCK), None
    )  # elsewhere: nothing
    assert (slot.step, slot.progress) == (0, 0)
    AL_KALIM_RULES.on_defeat(state, 0, adventure("ak-g-01"), dunes[0], None)
    assert (slot.step, slot.progress) == (0, 1)
    AL_KALIM_RULES.on_defeat(state, 0, adventure("ak-g-01"), dunes[1], None)
    assert slot.step == 1 and not slot.done  # both counted: the end of a move is next


def test_ak_13_10_ak_11_5_a_covered_hex_has_no_terrain_for_quest_steps() -> None:
    """AK-13.10, AK-11.5: Tamsa's quest asks for a beast defeated on a rock hex; a rock hex
    under the sandstorm has lost its terrain and does not count (uncovered, it does)."""
    state = new_game()
    set_limit(state, "green")
    slot = give_legend(state, legend("ak-l-05"))
    rock = quiet_hex(ROCK)
    set_storm(state, rock, 0)
    AL_KALIM_RULES.on_defeat(state, 0, adventure("ak-g-01"), rock, None)  # a beast
    assert (slot.step, slot.progress) == (0, 0)
    set_storm(state, -1, 0)
    AL_KALIM_RULES.on_defeat(state, 0, adventure("ak-g-01"), rock, None)
    assert slot.step == 1


def test_ak_11_2_the_top_quest_of_each_stack_is_open_and_the_top_card_is_taken() -> None:
    """AK-11.2, AK-3.6: the player reads the top quest of each stack, takes the chosen
    stack's top card and lays it quest side up on the quest board."""
    state = new_game()
    set_limit(state, "green")
    put(state, quiet_hex(DUNES))
    to_step3(state)
    stacks = al_kalim_state(state).legend_stacks
    view = GAME.view(state, 1)["al_kalim"]["legend_stacks"]
    for t, kind_name in enumerate(LEGEND_TYPES):
        top = CONTENT.legends[stacks[t][-1]]
        assert view[kind_name]["top"] == top.id
        option = next(o for o in state.pending.options if o.key == f"legend:{kind_name}")  # type: ignore[union-attr]
        assert top.quest.text in label(option)
    top_card = stacks[LEGEND_TYPES.index("mount")][-1]
    play(state, "legend:mount")
    assert [s.card for s in quest_board(state).legends] == [top_card]
    assert not quest_board(state).legends[0].done


def test_ak_11_3_one_card_per_step_and_never_a_type_already_held() -> None:
    """AK-11.3: not a type already on the quest board, as a quest or as a reward."""
    state = new_game()
    set_limit(state, "red")
    give_legend(state, legend_of_type("ally"))
    give_legend(state, legend_of_type("rune"), done=True)
    put(state, quiet_hex(DUNES))
    to_step3(state)
    offered = sorted(k for k in keys(state) if k.startswith("legend:"))
    assert offered == ["legend:artifact", "legend:location", "legend:mount"]
    play(state, "legend:mount")
    assert state.seat == 1  # one card, and the step is over


def test_ak_11_4_an_empty_stack_cannot_be_chosen() -> None:
    """AK-11.4: an empty stack is not offered; with every open stack empty, another story
    action must be taken."""
    state = new_game()
    set_limit(state, "green")
    al_kalim_state(state).legend_stacks[LEGEND_TYPES.index("artifact")].clear()
    put(state, quiet_hex(DUNES))
    to_step3(state)
    assert "legend:artifact" not in keys(state) and "legend:ally" in keys(state)
    for stack in al_kalim_state(state).legend_stacks:
        stack.clear()
    refresh(state)
    assert keys(state) == ["story"]


def test_ak_11_6_failing_the_quests_own_test_fails_it() -> None:
    """AK-11.6: failing a test the quest demands discards it to the bottom of its stack."""
    state = new_game()
    set_limit(state, "green")
    slot = give_legend(state, legend("ak-l-11"))
    slot.step = 1
    put(state, PRISON)
    to_step3(state)
    rig(state, *faces(6), *rolls(2))
    play(state, "story")
    assert legend_ids(state) == []
    stack = al_kalim_state(state).legend_stacks[type_index(slot.card)]
    assert stack[0] == slot.card


def test_ak_11_8_ak_9_9_an_artifacts_mastery_makes_the_quest_test_certain() -> None:
    """AK-11.8, AK-9.9 (and AK-11.10 for mounts): a legendary artifact gives mastery of a
    skill: the quest's lore test succeeds without a roll for a hero holding the Astrolabe."""
    state = new_game()
    set_limit(state, "blue")
    give_legend(state, legend("ak-l-06"), done=True)  # the Astrolabe: mastery of lore
    slot = give_legend(state, legend("ak-l-11"))  # its last step: a spirit + lore test (14)
    slot.step = 1
    put(state, PRISON)
    to_step3(state)
    rig(state, *faces(6), *rolls(2))  # the 2 would fail it, were it rolled
    log: list[Event] = []
    play(state, "story", log=log)
    assert slot.done and [e.data["variant"] for e in events(log, "test")] == ["mastered"]
    assert rigged_left(state) == rolls(2)


def test_ak_11_10_every_mount_and_artifact_masters_a_skill() -> None:
    """AK-11.10, AK-11.8: every legendary mount and artifact of our content masters a skill."""
    for card in CONTENT.legends:
        if card.type in ("mount", "artifact"):
            masters = [e for a in card.reward.abilities for e in a.effects if e.do == "master"]
            assert len(masters) == 1, card.name


def test_ak_11_6_losing_a_fight_the_quest_needs_does_not_fail_it() -> None:
    """AK-11.6: losing (or escaping from) a challenge the quest asks for leaves the quest."""
    state = new_game(heroes=("ak-h-qorro", "ak-h-idris"))
    set_limit(state, "green")
    give_legend(state, PATHS)
    desert = sorted(
        AL_KALIM_RULES.board.locations[
            AL_KALIM_RULES.board.location_index["desert-of-eternity"]
        ].hexes
    )
    here = next(h for h in desert if AL_KALIM_RULES.board.hexes[h].gem >= 0)
    state.counters[here] = 1 << AL_KALIM_RULES.board.hexes[here].gem
    colour = COLOURS[AL_KALIM_RULES.board.hexes[here].gem]
    on_top(state, next(i for i, c in enumerate(AL_KALIM_RULES.adventures) if c.colour == colour))
    me(state).wounds = 4
    put(state, here)
    to_step3(state)
    play(state, keys(state)[0])
    while kind(state) in ("storm_place", "storm_move"):
        play(state, keys(state)[0])
    fight(state, *([2] * 6))
    assert legend_ids(state) == ["ak-l-12"] and me(state).wounds == 0  # knocked out, quest kept


def test_ak_11_7_a_legendary_ally_joins_beyond_the_ally_limit() -> None:
    """AK-11.7: with two ordinary allies the legendary ally still joins; the ordinary limit
    still counts only ordinary allies."""
    state = new_game()
    give_ally(state, "ak-a-10")
    give_ally(state, "ak-a-13")
    set_limit(state, "green")
    slot = give_legend(state, RASHID)
    slot.step = 2
    put(state, CITY_HEX["zerhaba"])
    to_step3(state)
    play(state, "bazaar")
    assert len(me(state).allies) == 3 and slot.done
    assert not AL_KALIM_RULES.can_carry(
        state, 0, AL_KALIM_RULES.first_ally
    )  # a third ordinary ally: no room


def test_ak_11_7_a_legendary_ally_leaves_room_for_two_ordinary_allies() -> None:
    """AK-11.7: with a legendary ally and one ordinary ally, a second ordinary one can still
    be hired in a bazaar (RB-7.4's limit of two counts ordinary allies only)."""
    state = new_game()
    give_legend(state, RASHID, done=True)
    give_ally(state, "ak-a-10")
    hire = market_card("ak-a-02")  # the Caravan Guard, 2 gold
    take_market_card(state, hire)
    state.stacks[1].append(hire)
    put(state, CITY_HEX["zerhaba"])
    to_step3(state)
    play(state, "bazaar", "buy:ak-a-02")
    assert len(me(state).allies) == 3


def test_ak_11_7_ak_11_12_knocked_out_the_legends_stay() -> None:
    """AK-11.7, AK-11.12, AK-16.1: a knock-out takes the ordinary allies (the penalty
    ``allies``) but never a legendary ally, a legendary reward or an unfinished quest."""
    state = new_game(knockout_penalty="allies")
    give_ally(state, "ak-a-10")
    give_legend(state, RASHID, done=True)
    give_legend(state, SCIMITAR, done=True)
    give_legend(state, legend_of_type("rune"))
    me(state).wounds = 10
    knock_out(AL_KALIM_RULES, state, 0, None)
    assert [a.card for a in me(state).allies] == [AL_KALIM_RULES.first_legend + RASHID]
    assert legend_ids(state) == ["ak-l-01", "ak-l-07", CONTENT.legends[legend_of_type("rune")].id]


def test_ak_11_7_ak_16_1_the_advanced_knockout_never_takes_a_legendary_ally() -> None:
    """AK-11.7, AK-16.1 with advanced.knockout (AR-6.6): the most expensive card lost is an
    item or an ordinary ally, never a legendary ally, even when it would be the only card."""
    state = new_game(**{"advanced.knockout": True})  # type: ignore[arg-type]
    give_legend(state, RASHID, done=True)
    me(state).wounds = 10
    knock_out(AL_KALIM_RULES, state, 0, None)
    while kind(state) in ("knockout_card", "knockout_city"):
        play(state, keys(state)[0])
    assert [a.card for a in me(state).allies] == [AL_KALIM_RULES.first_legend + RASHID]
    assert AL_KALIM_RULES.first_legend + RASHID not in state.market_deck
    assert most_expensive(AL_KALIM_RULES, state, 0) == []
    give_ally(state, "ak-a-10")
    assert most_expensive(AL_KALIM_RULES, state, 0) == [me(state).allies[-1].card]


def test_ak_11_12_ak_16_2_a_duel_winner_takes_no_legend_card() -> None:
    """AK-11.12, AK-16.2: beating another hero takes gold, never legend cards; the attack is
    the attacker's step 3."""
    state = new_game()
    here = quiet_hex(DUNES)
    state.heroes[1].hex = here
    give_legend(state, RASHID, done=True, seat=1)
    give_legend(state, SWEET_WATER, done=True, seat=1)
    state.heroes[1].wounds = 4  # Qorro: life 5
    put(state, here)
    to_step3(state)
    assert "attack:2" in keys(state)
    rig(state, *([9] * 60))
    log: list[Event] = []
    play(state, "attack:2", log=log)
    while state.seat == 0 and kind(state) not in ("experience", None):
        play(state, keys(state)[0], log=log)
    assert events(log, "duel_end")
    loser = events(log, "duel_end")[0].data["loser"]
    assert [e.data["seat"] for e in events(log, "knocked_out")] == [loser]  # logged as any other
    assert legend_ids(state, 1) == ["ak-l-01", "ak-l-22"]
    assert AL_KALIM_RULES.first_legend + RASHID in [a.card for a in state.heroes[1].allies]
    assert legend_ids(state, 0) == []


def test_ak_11_12_a_killed_legendary_ally_is_lost_and_may_be_drawn_again() -> None:
    """AK-11.12, AK-11.7: a legendary ally can die; the card goes to the bottom of its stack,
    no longer counts, and an ally legend may be drawn again."""
    state = new_game()
    set_limit(state, "yellow")
    give_legend(state, RASHID, done=True)
    rashid = next(a for a in me(state).allies if a.card == AL_KALIM_RULES.first_legend + RASHID)
    AL_KALIM_RULES.hurt_ally(state, 0, rashid, 10, 0, None)
    assert legend_ids(state) == [] and rewards(AL_KALIM_RULES, state, 0) == 0
    assert al_kalim_state(state).legend_stacks[LEGEND_TYPES.index("ally")][0] == RASHID
    assert AL_KALIM_RULES.first_legend + RASHID not in state.market_discard
    put(state, quiet_hex(DUNES))
    to_step3(state)
    assert "legend:ally" in keys(state)


def test_ak_11_8_a_legendary_artifact_works() -> None:
    """AK-11.8: the Scimitar of the Sand Kings' +2 body when attacking in the melee step counts
    once the quest is done (its card data)."""
    state = new_game()
    slot = give_legend(state, SCIMITAR)
    before = AL_KALIM_RULES.modifier(state, 0, "body", 1, "attack")
    slot.done = True
    assert AL_KALIM_RULES.modifier(state, 0, "body", 1, "attack") == before + 2
    assert AL_KALIM_RULES.modifier(state, 0, "body", 1, "defend") == before


def test_ak_11_9_a_legendary_location_gives_its_insight() -> None:
    """AK-11.9: the Paths of the Desert of Eternity: +1 to mind, body and spirit on dunes, the
    land it knows; nothing elsewhere (its card data)."""
    state = new_game()
    slot = give_legend(state, PATHS, done=True)
    stats = ("mind", "body", "spirit")
    me(state).hex = CITY_HEX["zerhaba"]
    away = [AL_KALIM_RULES.modifier(state, 0, s) for s in stats]
    me(state).hex = quiet_hex(DUNES)
    assert [AL_KALIM_RULES.modifier(state, 0, s) for s in stats] == [b + 1 for b in away]
    slot.done = False
    assert [AL_KALIM_RULES.modifier(state, 0, s) for s in stats] == away


def test_ak_11_10_ak_5_6_moving_only_with_a_mount_costs_no_day_exhaustion() -> None:
    """AK-11.10, AK-5.6: the Sand-Sled's extra move before movement, then no roll: no day
    exhaustion even from dunes."""
    state = new_game()
    give_legend(state, SAND_SLED, done=True)
    start = quiet_hex(DUNES)
    put(state, start)
    play(state, "day")
    use = next(k for k in keys(state) if k.startswith("use:L"))
    play(state, use, "stay")
    assert kind(state) == "after_movement"
    target = AL_KALIM_RULES.board.hexes[start].neighbours[0]
    play(state, at_key(target))
    assert me(state).hex == target and me(state).exhaustion == 0


def test_ak_11_11_a_rune_works_three_times_and_still_counts() -> None:
    """AK-11.11, AK-16.5: a legendary rune's power works three times, then nothing; spent, it
    still counts as a legendary reward."""
    state = new_game()
    slot = give_legend(state, SWEET_WATER, done=True)
    put(state, quiet_hex(DUNES))
    play(state, "day")
    for _ in range(3):
        me(state).wounds = 2
        me(state).used.clear()  # a new turn's refresh (RB-2.3: once per turn)
        refresh(state)
        use = [k for k in keys(state) if k.startswith("use:L")]
        assert use
        play(state, use[0])
        assert me(state).wounds < 2
    assert slot.uses == 3
    me(state).wounds = 2
    me(state).used.clear()
    refresh(state)
    assert not [k for k in keys(state) if k.startswith("use:L")]
    assert rewards(AL_KALIM_RULES, state, 0) == 1 and GAME.trophies(state, 0) == 1


def test_ak_11_13_legend_cards_are_not_market_cards() -> None:
    """AK-11.13: they are never for sale in a bazaar and cannot be sold; artifacts do not
    count toward the equipment limits."""
    state = new_game()
    give_legend(state, RASHID, done=True)
    give_legend(state, SCIMITAR, done=True)
    put(state, CITY_HEX["zerhaba"])
    to_step3(state)
    play(state, "bazaar")
    assert not [k for k in keys(state) if k.startswith("sell:legend") or "legend-" in k]
    assert me(state).items == []
    weapon = next(i for i, c in enumerate(AL_KALIM_RULES.market) if c.kind == "weapon")
    assert AL_KALIM_RULES.can_carry(state, 0, weapon)


# --- AK-12 victory ----------------------------------------------------------------------------


def test_ak_12_1_four_rewards_of_four_types_win_at_once() -> None:
    """AK-12.1: completing the fourth reward of a fourth type ends the game at once."""
    state = new_game()
    set_limit(state, "red")
    for t in ("artifact", "location", "rune"):
        give_legend(state, legend_of_type(t), done=True)
    slot = give_legend(state, RASHID)
    slot.step = 2
    put(state, CITY_HEX["zerhaba"])
    to_step3(state)
    log: list[Event] = []
    play(state, "bazaar", log=log)
    assert state.finished and state.winner == 0 and state.pending is None
    assert state.ended_by == "legends" and events(log, "game_over")
    result = GAME.result(state)
    assert result is not None and result.ranks[0] == 1


def test_ak_12_1_three_rewards_are_not_enough() -> None:
    """AK-12.1: three rewards (or a spent one lost again) do not win."""
    state = new_game()
    for t in ("artifact", "location", "rune"):
        give_legend(state, legend_of_type(t), done=True)
    check_victory(AL_KALIM_RULES, state, 0, None)
    assert not state.finished


def test_ak_12_2_no_dragon_runes_or_margath_in_al_kalim() -> None:
    """AK-12.2: no Al-Kalim card wins the game or gives a Dragon Rune; the trophies counted are
    legendary rewards."""
    assert not any(c.reward.dragon_rune or c.reward.wins_game for c in AL_KALIM_RULES.adventures)
    state = new_game()
    give_legend(state, SCIMITAR, done=True)
    me(state).runes = [0, 1]
    assert GAME.trophies(state, 0) == 1


def test_ak_12_3_the_round_cap_ranks_by_legendary_rewards() -> None:
    """AK-12.3: at the round cap the most legendary rewards rank first, then experience
    counters, then gold."""
    state = new_game(max_rounds=1)
    give_legend(state, SCIMITAR, done=True, seat=1)
    me(state).xp = [0, 1]
    me(state).gold = 9
    put(state, CITY_HEX["zerhaba"])
    play(state, "day", "stay", "bazaar", "done")
    state.heroes[1].hex = CITY_HEX["zerhaba"]
    play(state, "day", "stay", "bazaar", "done")
    assert state.finished and state.ended_by == "round cap"
    result = GAME.result(state)
    assert result is not None and result.ranks == (2, 1)


# --- AK-11.12 challenges that force legend cards to be given up -------------------------------


def challenge_named(name: str) -> int:
    return next(i for i, c in enumerate(AL_KALIM_RULES.adventures) if c.name == name)


SULTAN = challenge_named("The Sultan of Thieves")  # red bandit: mind + stealth (14) or 1 card
CORSAIRS = challenge_named("Corsairs of the Dune Sea")  # blue bandit: body + swim (13) or 1 card


def take_on(
    state: RuneboundState,
    card: int,
    log: list[Event] | None = None,
    *,
    colour: str = "red",
    test: int | None = None,
) -> None:
    """Seat 0 takes on ``card``: a counter of ``colour`` on a quiet dunes hex, the card on top
    of that deck, the hero there in step 3, the adventure chosen; ``test`` is the 2d10 total of
    a before-combat test the card demands."""
    here = quiet_hex(DUNES)
    add_counter(state, here, colour)
    on_top(state, card)
    put(state, here)
    to_step3(state, log=log)
    if test is not None:
        rig(state, *rolls(test))
    play(state, f"adventure:{colour}", log=log)


def knocked_out_by(
    state: RuneboundState, card: int, log: list[Event] | None = None, *, colour: str = "red"
) -> None:
    """Seat 0 takes on ``card`` with one wound short of its life, passes its before-combat test
    (20 on the dice), rolls 2 on every die of the fight and is knocked out."""
    me(state).wounds = AL_KALIM_RULES.life(state, 0) - 1
    take_on(state, card, log, colour=colour, test=20)
    fight(state, *([2] * 8), log=log)
    assert me(state).hex == nearest_city(state) and me(state).wounds == 0, "not knocked out"


def plundered_by(
    state: RuneboundState, card: int, log: list[Event] | None = None, *, colour: str = "red"
) -> None:
    """Seat 0 takes on ``card`` and fails its before-combat test (2 on the dice): the challenge
    takes legend cards before the fight (AK-11.12)."""
    take_on(state, card, log, colour=colour, test=2)


def test_ak_11_12_a_failed_test_before_the_fight_takes_the_chosen_card() -> None:
    """AK-11.12: the Sultan of Thieves demands a mind + stealth test before the fight; failed,
    the player chooses which legend card he takes (a quest or a reward), before the fight; it
    goes to the bottom of its type's stack and comes back quest side up when drawn again."""
    state = new_game()
    set_limit(state, "red")
    give_legend(state, RASHID)
    give_legend(state, SCIMITAR, done=True)
    log: list[Event] = []
    plundered_by(state, SULTAN, log)
    assert [e.data["variant"] for e in events(log, "test")] == ["failure"]
    assert kind(state) == "lose_legend" and state.pending is not None
    assert state.pending.seat == 0 and "The Sultan of Thieves" in prompt(state.pending)
    assert keys(state) == ["lose:ak-l-01", "lose:ak-l-07"]
    labels = [label(o) for o in state.pending.options]
    assert "quest, step 1 of 3" in labels[0] and "reward" in labels[1]
    stack = al_kalim_state(state).legend_stacks[type_index(SCIMITAR)]
    top = stack[-1]
    play(state, "lose:ak-l-07", log=log)
    assert legend_ids(state) == ["ak-l-01"]
    assert stack[0] == SCIMITAR and stack[-1] == top  # the bottom; the open top is unchanged
    assert any("loses Scimitar" in text(e) for e in events(log, "legend"))
    assert kind(state) != "lose_legend" and state.combat is not None  # one card; the fight
    # quest side up: once the cards above it are gone, it is drawn as a quest again
    stack[1:] = []
    slot = give_legend(state, SCIMITAR)
    assert not slot.done and slot.step == 0


def test_ak_11_12_ak_16_1_a_knock_out_never_takes_a_legend_card() -> None:
    """AK-11.12, AK-16.1: legend cards are never lost because of a knock-out: a hero who passes
    the Sultan's test and is then knocked out by him keeps every legend card."""
    state = new_game()
    set_limit(state, "red")
    give_legend(state, RASHID)
    give_legend(state, SCIMITAR, done=True)
    log: list[Event] = []
    knocked_out_by(state, SULTAN, log)
    assert [e.data["variant"] for e in events(log, "test")] == ["success"]
    assert kind(state) != "lose_legend" and legend_ids(state) == ["ak-l-01", "ak-l-07"]
    assert events(log, "knocked_out")


def test_ak_11_12_ak_9_9_a_kit_or_mastery_saves_the_legend_cards() -> None:
    """AK-11.12, AK-9.9: an adventurer's kit turns a test failed by up to 3 into a success
    (offered after the roll); a hero who masters the skill passes without a roll."""
    state = new_game()
    set_limit(state, "red")
    give_legend(state, RASHID)
    give_legend(state, SCIMITAR, done=True)
    give_gear(state, KIT)
    need = 14 - AL_KALIM_RULES.test_bonus(state, 0, "mind", "stealth")
    take_on(state, SULTAN, test=need - 2)  # 2 short: the kit's +3 saves it
    assert kind(state) == "adventurers_kit"
    play(state, "kit")
    assert kind(state) != "lose_legend" and len(legend_ids(state)) == 2
    assert quest_board(state).gear[KIT] == 0
    state = new_game()
    set_limit(state, "red")
    give_legend(state, RASHID)
    give_legend(state, VEIL, done=True)  # the Veil: mastery of stealth
    draws = state.rng.draws
    log: list[Event] = []
    take_on(state, SULTAN, log)
    assert [e.data["variant"] for e in events(log, "test")] == ["mastered"]
    assert kind(state) != "lose_legend" and state.rng.draws == draws


def test_ak_11_12_a_lost_reward_no_longer_counts_and_its_type_may_be_drawn_again() -> None:
    """AK-11.12, AK-12.1: a reward the challenge takes stops counting for victory, and the
    hero may draw a legend card of that type again."""
    state = new_game()
    set_limit(state, "red")
    for t in ("artifact", "location", "rune"):
        give_legend(state, legend_of_type(t), done=True)
    assert rewards(AL_KALIM_RULES, state, 0) == 3 and GAME.trophies(state, 0) == 3
    me(state).wounds = AL_KALIM_RULES.life(state, 0) - 1
    plundered_by(state, SULTAN)
    artifact = CONTENT.legends[legend_of_type("artifact")].id
    play(state, f"lose:{artifact}")
    fight(state, *([2] * 8))  # then the fight: knocked out, the turn ends
    assert rewards(AL_KALIM_RULES, state, 0) == 2 and GAME.trophies(state, 0) == 2
    assert GAME.view(state, 1)["al_kalim"]["quest_boards"][0]["legends"][0]["type"] == "location"
    others_pass(state)
    put(state, quiet_hex(DUNES))
    to_step3(state)
    assert "legend:artifact" in keys(state)  # AK-11.3 no longer stands in the way


@pytest.mark.parametrize("held", [0, 1, 2, 3])
def test_ak_11_12_a_choice_with_two_or_more_cards_automatic_with_one_none_with_none(
    held: int,
) -> None:
    """AK-11.12: with two or more legend cards the player chooses; with one it goes without a
    question; with none nothing happens."""
    state = new_game()
    set_limit(state, "red")
    for t in ("rune", "mount", "location")[:held]:
        give_legend(state, legend_of_type(t), done=t == "rune")
    before = legend_ids(state)
    log: list[Event] = []
    plundered_by(state, SULTAN, log)
    if held >= 2:
        assert kind(state) == "lose_legend"
        assert sorted(keys(state)) == sorted(f"lose:{i}" for i in before)
        play(state, keys(state)[0])
        assert legend_ids(state) == before[1:]
    else:
        assert kind(state) != "lose_legend"
        assert legend_ids(state) == []
        said = [text(e) for e in events(log, "legend")]
        if held == 1:
            assert any(f"loses {CONTENT.legends[legend_of_type('rune')].name}" in t for t in said)
        else:
            assert any("holds no legend card" in t for t in said)


def test_ak_11_12_amount_two_asks_once_per_card_while_there_is_a_choice() -> None:
    """AK-11.12: a challenge that takes 2 cards from a hero with 3 asks twice (3 options, then
    2); from a hero with 2 it takes both without a question."""
    state = new_game()
    set_limit(state, "red")
    for t in ("rune", "mount", "location"):
        give_legend(state, legend_of_type(t))
    AL_KALIM_RULES.lose_legends(state, 0, 2, None, source="")
    refresh(state)
    assert kind(state) == "lose_legend" and len(keys(state)) == 3
    assert state.pending is not None and "2 legend cards" in prompt(state.pending)
    play(state, keys(state)[1])
    assert kind(state) == "lose_legend" and len(keys(state)) == 2
    play(state, keys(state)[0])
    assert len(legend_ids(state)) == 1 and kind(state) == "day_or_night"
    give_legend(state, legend_of_type("artifact"))
    AL_KALIM_RULES.lose_legends(state, 0, 2, None, source="")
    assert legend_ids(state) == []  # no more than must go: no question


@pytest.mark.parametrize("swap", [False, True])
def test_ak_11_12_ak_10_7_a_forced_loss_is_not_limited_by_the_draw_this_turn(swap: bool) -> None:
    """AK-11.12, AK-10.7: the player drew a legend card this turn, yet the challenge still takes
    one; a forced loss is not a discard by choice, whatever legend_swap_same_turn says."""
    state = new_game(legend_swap_same_turn=swap)
    set_limit(state, "red")
    give_legend(state, SCIMITAR, done=True)
    give_legend(state, RASHID)
    quest_board(state).drew_legend = True  # drew this turn already
    plundered_by(state, SULTAN)
    assert kind(state) == "lose_legend"
    play(state, "lose:ak-l-01")
    assert legend_ids(state) == ["ak-l-07"]


def test_ak_11_12_ak_11_7_a_legendary_ally_taken_leaves_the_party() -> None:
    """AK-11.12, AK-11.7: the Corsairs take Rashid, the hero's only legend card: he leaves the
    party like a killed legendary ally, goes under the ally stack (not to the market), and
    the other allies stay."""
    state = new_game(knockout_penalty="lenient")
    set_limit(state, "blue")
    give_ally(state, "ak-a-10")
    give_legend(state, RASHID, done=True)
    plundered_by(state, CORSAIRS, colour="blue")
    assert kind(state) != "lose_legend"
    assert [a.card for a in me(state).allies] == [market_card("ak-a-10")]
    assert legend_ids(state) == [] and rewards(AL_KALIM_RULES, state, 0) == 0
    assert al_kalim_state(state).legend_stacks[LEGEND_TYPES.index("ally")][0] == RASHID
    assert AL_KALIM_RULES.first_legend + RASHID not in state.market_discard


def test_ak_11_12_escaping_takes_nothing() -> None:
    """AK-11.12: a hero who passes the test before the fight and then escapes keeps every
    legend card."""
    state = new_game(escape_rule="automatic")
    set_limit(state, "red")
    give_legend(state, SCIMITAR, done=True)
    give_legend(state, RASHID)
    take_on(state, SULTAN)
    rig(state, *rolls(*([20] * 4)))  # round 1: every defence holds
    while kind(state) != "escape":
        play(state, "fight" if kind(state) == "before_combat" else keys(state)[0])
    play(state, "escape")
    assert legend_ids(state) == ["ak-l-07", "ak-l-01"] and kind(state) != "lose_legend"


def test_ak_11_12_the_view_shows_the_choice_only_to_its_player_and_hides_the_stacks() -> None:
    """AK-11.12: while the player chooses, the others see the prompt but not the options, and
    every view shows the legend stacks only by size and open top card."""
    state = new_game()
    set_limit(state, "red")
    give_legend(state, RASHID)
    give_legend(state, SCIMITAR, done=True)
    plundered_by(state, SULTAN)
    mine, theirs = GAME.view(state, 0), GAME.view(state, 1)
    assert mine["decision"]["kind"] == theirs["decision"]["kind"] == "lose_legend"
    assert [o["key"] for o in mine["decision"]["options"]] == ["lose:ak-l-01", "lose:ak-l-07"]
    assert "options" not in theirs["decision"]
    play(state, "lose:ak-l-07")
    for seat in (0, 1, None):
        stacks = GAME.view(state, seat)["al_kalim"]["legend_stacks"]
        artifacts = al_kalim_state(state).legend_stacks[type_index(SCIMITAR)]
        assert stacks["artifact"] == {
            "size": len(artifacts),
            "top": CONTENT.legends[artifacts[-1]].id,
        }
        assert all(set(s) == {"size", "top"} for s in stacks.values())


def test_ak_11_12_a_choice_before_combat_comes_first_then_the_fight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """AK-11.12: a lose_legend effect with a choice in a before-combat ability (custom content)
    asks before the fight, and the fight then starts as usual."""
    curse = Ability(
        name="Grasping Curse",
        text="Before combat, give up a legend card.",
        timing="before_combat",
        effects=[LoseLegend(do="lose_legend")],
    )
    cards = list(AL_KALIM_RULES.adventures)
    cards[SULTAN] = cards[SULTAN].model_copy(update={"abilities": [curse]})
    monkeypatch.setattr(AL_KALIM_RULES, "adventures", tuple(cards))
    state = new_game()
    set_limit(state, "red")
    give_legend(state, RASHID)
    give_legend(state, SCIMITAR, done=True)
    take_on(state, SULTAN)
    assert kind(state) == "lose_legend"
    play(state, "lose:ak-l-01")
    assert legend_ids(state) == ["ak-l-07"] and state.combat is not None
    assert kind(state) in ("before_combat", "escape", "attack_step")


def test_ak_11_12_content_with_the_effect_loads_and_validates() -> None:
    """AK-11.12: four blue and red challenges demand a test before the fight whose failure
    takes a legend card; none takes one after a knock-out; the shipped folder validates, and
    the JSON Schemas include the effects."""

    def takes(ability: Ability) -> bool:
        return any(
            e.do == "test" and any(f.do == "lose_legend" for f in e.failure)
            for e in ability.effects
        )

    takers = [
        c
        for c in AL_KALIM_RULES.adventures
        if any(a.timing == "before_combat" and takes(a) for a in c.abilities)
    ]
    assert len(takers) == 4 and {c.colour for c in takers} == {"blue", "red"}
    assert SULTAN in [AL_KALIM_RULES.adventures.index(c) for c in takers]
    assert not any(
        a.timing == "after_knockout" for c in AL_KALIM_RULES.adventures for a in c.abilities
    )
    assert validate_content_dir(AL_KALIM_DIR) == []
    schema = json.dumps(AdventureCard.model_json_schema())
    assert "lose_legend" in schema and '"test"' in schema and "master" in schema


def test_ak_11_12_an_invalid_amount_names_file_card_and_field(tmp_path: Path) -> None:
    """AK-11.12: lose_legend's amount must be 1 to 4; an error names the file, the card and the
    field."""
    folder = tmp_path / "al-kalim"
    shutil.copytree(AL_KALIM_DIR, folder)
    path = folder / "adventures.yaml"
    text = path.read_text(encoding="utf-8")
    assert "{do: lose_legend, amount: 1}" in text
    path.write_text(
        text.replace("{do: lose_legend, amount: 1}", "{do: lose_legend, amount: 0}", 1),
        encoding="utf-8",
    )
    errors = [str(e) for e in validate_content_dir(folder)]
    corsairs = AL_KALIM_RULES.adventures[CORSAIRS].id
    assert errors == [
        f"{path}: adventures[{CORSAIRS}] (id {corsairs!r}).abilities[0].effects[0]"
        ".test.failure[0].lose_legend.amount: Input should be greater than or equal to 1 "
        "(value: 0)"
    ]
    with pytest.raises(ValidationError, match="less than or equal to 4"):
        LoseLegend(do="lose_legend", amount=5)


def test_ak_11_12_after_knockout_belongs_to_challenges_only() -> None:
    """AK-11.12: the after_knockout window is a challenge's own; on a hero it is an error."""
    hero = AL_KALIM_RULES.heroes[0].model_dump()
    hero["abilities"] = [
        {
            "name": "Odd",
            "text": "",
            "timing": "after_knockout",
            "effects": [{"do": "harm", "wounds": 1}],
        }
    ]
    with pytest.raises(ValidationError, match="for challenges only"):
        Hero.model_validate(hero)


def test_ak_11_12_ak_16_1_no_content_takes_legend_cards_on_a_knock_out() -> None:
    """AK-11.12, AK-16.1: legend cards are never lost because of a knock-out, so lose_legend
    (alone or as a test's failure) cannot be an after_knockout effect of any card."""
    for effect in (
        {"do": "lose_legend"},
        {
            "do": "test",
            "stat": "mind",
            "difficulty": 12,
            "failure": [{"do": "lose_legend"}],
        },
    ):
        with pytest.raises(ValidationError, match="never lost because of a knock-out"):
            Ability.model_validate(
                {"name": "Odd", "text": "", "timing": "after_knockout", "effects": [effect]}
            )


def test_ak_11_12_the_base_adventure_meets_lose_legend_and_nothing_happens() -> None:
    """AK-11.12: the base adventure has no legend cards: the effect is accepted in its content
    and does nothing when carried out."""
    card = AdventureCard.model_validate(
        {
            "id": "b-test",
            "name": "Test",
            "colour": "blue",
            "kind": "encounter",
            "choices": [{"text": "go", "failure": [{"do": "lose_legend", "amount": 2}]}],
        }
    )
    state = GAME.setup(GAME.config(2, {}), 3)
    rules = GAME.rules_for(state)
    assert state.adventure_state is None and not isinstance(rules, type(AL_KALIM_RULES))
    stack, pending = list(state.stack), state.pending
    log: list[Event] = []
    apply_effects(rules, state, state.seat, card.choices[0].failure, log, source=card.name)
    assert state.stack == stack and state.pending is pending and log == []
