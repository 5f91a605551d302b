"""The Sands of Al-Kalim, AK-10 (experience and the legend limit, with the rulebook's
experience examples 6-8), AK-11 (legend cards: drawing, quests, rewards) and AK-12 (victory)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from akscenario import (
    AK,
    CITY_HEX,
    CONTENT,
    DUNES,
    GAME,
    PRISON,
    adventure,
    alk,
    at_key,
    events,
    faces,
    fight,
    give_ally,
    give_legend,
    keys,
    kind,
    legend,
    legend_ids,
    legend_of_type,
    market_card,
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
    take_market_card,
    to_step3,
    type_index,
)

from boardwright.engine.events import Event
from boardwright.games.runebound.alkalim.quests import check_victory, rewards
from boardwright.games.runebound.content import LEGEND_TYPES
from boardwright.games.runebound.knockout import knock_out
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.state import XP_KINDS, RuneboundState

GREEN, YELLOW, BLUE, RED = range(4)
FIVE = ("ak-h-idris", "ak-h-qorro", "ak-h-tarek", "ak-h-yasmin", "ak-h-samira")
RASHID = legend("ak-l-01")  # ally: Kharadun's bazaar + 2 gold, a bandit, Zerhaba's bazaar
SWEET_WATER = legend("ak-l-22")  # rune: activate, heal; 3 uses
SCIMITAR = legend("ak-l-07")  # artifact: +2 body
PATHS = legend("ak-l-12")  # location: 2 challenges defeated in the Desert of Eternity
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
    board = quest_board(state)
    assert (board.limit, board.limit_colour) == (2, YELLOW)
    assert me(state).counters == [] and me(state).xp == [XP_KINDS.index("body")]  # "+2"
    assert state.counter_supply[GREEN] == supply[GREEN] + 1  # the green went back
    assert state.counter_supply[YELLOW] == supply[YELLOW]  # the yellow did not
    assert GAME.view(state, 0)["al_kalim"]["quest_boards"][0]["limit"] == 2


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
    assert AK.xp_total(me(state)) == 0 and me(state).counters == []
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
    assert alk(state).legend_stacks[type_index(SWEET_WATER)][0] == SWEET_WATER  # the bottom
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
    assert slot.done and any("completes" in e.text for e in events(log, "legend"))
    assert AK.first_legend + RASHID in [a.card for a in me(state).allies]
    assert any(k.startswith("use:m") for k in keys(state))  # his market ability, right away


def test_ak_11_5_a_step_done_several_times_counts_each_action() -> None:
    """AK-11.5: the Paths of the Desert of Eternity ask for 2 challenges defeated there."""
    state = new_game(heroes=("ak-h-qorro", "ak-h-idris"))
    set_limit(state, "green")
    slot = give_legend(state, PATHS)
    desert = sorted(AK.board.locations[AK.board.location_index["desert-of-eternity"]].hexes)
    for hex_index in desert[:2]:
        AK.on_defeat(state, 0, adventure("ak-g-01"), hex_index, None)
    assert slot.done
    AK.on_defeat(state, 0, adventure("ak-g-01"), quiet_hex(DUNES), None)  # elsewhere: nothing


def test_ak_11_2_the_top_quest_of_each_stack_is_open_and_the_top_card_is_taken() -> None:
    """AK-11.2, AK-3.6: the player reads the top quest of each stack, takes the chosen
    stack's top card and lays it quest side up on the quest board."""
    state = new_game()
    set_limit(state, "green")
    put(state, quiet_hex(DUNES))
    to_step3(state)
    stacks = alk(state).legend_stacks
    view = GAME.view(state, 1)["al_kalim"]["legend_stacks"]
    for t, kind_name in enumerate(LEGEND_TYPES):
        top = CONTENT.legends[stacks[t][-1]]
        assert view[kind_name]["top"] == top.id
        option = next(o for o in state.pending.options if o.key == f"legend:{kind_name}")  # type: ignore[union-attr]
        assert top.quest.text in option.label
    top = stacks[LEGEND_TYPES.index("mount")][-1]
    play(state, "legend:mount")
    assert [s.card for s in quest_board(state).legends] == [top]
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
    alk(state).legend_stacks[LEGEND_TYPES.index("artifact")].clear()
    put(state, quiet_hex(DUNES))
    to_step3(state)
    assert "legend:artifact" not in keys(state) and "legend:ally" in keys(state)
    for stack in alk(state).legend_stacks:
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
    stack = alk(state).legend_stacks[type_index(slot.card)]
    assert stack[0] == slot.card


def test_ak_11_6_losing_a_fight_the_quest_needs_does_not_fail_it() -> None:
    """AK-11.6: losing (or escaping from) a challenge the quest asks for leaves the quest."""
    state = new_game(heroes=("ak-h-qorro", "ak-h-idris"))
    set_limit(state, "green")
    give_legend(state, PATHS)
    desert = sorted(AK.board.locations[AK.board.location_index["desert-of-eternity"]].hexes)
    here = next(h for h in desert if AK.board.hexes[h].gem >= 0)
    state.counters[here] = 1 << AK.board.hexes[here].gem
    colour = COLOURS[AK.board.hexes[here].gem]
    on_top(state, next(i for i, c in enumerate(AK.adventures) if c.colour == colour))
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
    assert not AK.can_carry(state, 0, AK.first_ally)  # a third ordinary ally: no room


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
    """AK-11.7, AK-11.12, AK-16.1: a knock-out takes the ordinary allies (standard penalty) but
    never a legendary ally, a legendary reward or an unfinished quest."""
    state = new_game(knockout_penalty="standard")
    give_ally(state, "ak-a-10")
    give_legend(state, RASHID, done=True)
    give_legend(state, SCIMITAR, done=True)
    give_legend(state, legend_of_type("rune"))
    me(state).wounds = 10
    knock_out(AK, state, 0, None)
    assert [a.card for a in me(state).allies] == [AK.first_legend + RASHID]
    assert legend_ids(state) == ["ak-l-01", "ak-l-07", CONTENT.legends[legend_of_type("rune")].id]


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
    assert legend_ids(state, 1) == ["ak-l-01", "ak-l-22"]
    assert AK.first_legend + RASHID in [a.card for a in state.heroes[1].allies]
    assert legend_ids(state, 0) == []


def test_ak_11_12_a_killed_legendary_ally_is_lost_and_may_be_drawn_again() -> None:
    """AK-11.12, AK-11.7: a legendary ally can die; the card goes to the bottom of its stack,
    no longer counts, and an ally legend may be drawn again."""
    state = new_game()
    set_limit(state, "yellow")
    give_legend(state, RASHID, done=True)
    rashid = next(a for a in me(state).allies if a.card == AK.first_legend + RASHID)
    AK.hurt_ally(state, 0, rashid, 10, 0, None)
    assert legend_ids(state) == [] and rewards(AK, state, 0) == 0
    assert alk(state).legend_stacks[LEGEND_TYPES.index("ally")][0] == RASHID
    assert AK.first_legend + RASHID not in state.market_discard
    put(state, quiet_hex(DUNES))
    to_step3(state)
    assert "legend:ally" in keys(state)


def test_ak_11_8_a_legendary_artifact_works() -> None:
    """AK-11.8: the Scimitar of the Sand Kings' +2 body when attacking in the melee step counts
    once the quest is done (its card data)."""
    state = new_game()
    slot = give_legend(state, SCIMITAR)
    before = AK.modifier(state, 0, "body", 1, "attack")
    slot.done = True
    assert AK.modifier(state, 0, "body", 1, "attack") == before + 2
    assert AK.modifier(state, 0, "body", 1, "defend") == before


def test_ak_11_9_a_legendary_location_gives_its_insight() -> None:
    """AK-11.9: the Paths of the Desert of Eternity: +1 to mind, body and spirit on dunes, the
    land it knows; nothing elsewhere (its card data)."""
    state = new_game()
    slot = give_legend(state, PATHS, done=True)
    stats = ("mind", "body", "spirit")
    me(state).hex = CITY_HEX["zerhaba"]
    away = [AK.modifier(state, 0, s) for s in stats]
    me(state).hex = quiet_hex(DUNES)
    assert [AK.modifier(state, 0, s) for s in stats] == [b + 1 for b in away]
    slot.done = False
    assert [AK.modifier(state, 0, s) for s in stats] == away


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
    target = AK.board.hexes[start].neighbours[0]
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
    assert rewards(AK, state, 0) == 1 and GAME.trophies(state, 0) == 1


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
    weapon = next(i for i, c in enumerate(AK.market) if c.kind == "weapon")
    assert AK.can_carry(state, 0, weapon)


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
    check_victory(AK, state, 0, None)
    assert not state.finished


def test_ak_12_2_no_dragon_runes_or_margath_in_al_kalim() -> None:
    """AK-12.2: no Al-Kalim card wins the game or gives a Dragon Rune; the trophies counted are
    legendary rewards."""
    assert not any(c.reward.dragon_rune or c.reward.wins_game for c in AK.adventures)
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
