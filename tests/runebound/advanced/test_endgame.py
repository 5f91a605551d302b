"""Advanced Runebound AR-3: the endgame (option ``advanced.endgame``)."""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event
from boardwright.games.runebound.adventure import discard_adventure
from boardwright.games.runebound.endgame import begin_endgame, finish_endgame_fight
from boardwright.games.runebound.state import XP_KINDS, CombatState, RuneboundState
from tests.runebound.advanced.kit import (
    RED,
    adv_game,
    answer_fight,
    cards,
    fix_d10,
    lose_fight,
    margath,
    plain_event,
    take_anywhere,
    win_fight,
)
from tests.runebound.scenario import CONTENT, GAME, RULES, gem_hexes, kind, me, refresh

MIND, BODY, SPIRIT, STAMINA, LIFE = range(len(XP_KINDS))


def open_steps(card: int) -> int:
    c = CONTENT.adventures[card]
    return sum(1 for step in (c.ranged, c.melee, c.magic) if step is not None)


def red_challenges(exclude: int = -1) -> list[int]:
    """Red challenges other than Margath; those with several steps first (their fights stop
    at the attack-step decision, so a test can step through them)."""
    found = [c for c in cards("red", "challenge") if c != exclude and c != margath()]
    return sorted(found, key=lambda c: (open_steps(c) < 2, c))


def endgame_game(players: int = 3, seed: int = 1, **extra: Any) -> RuneboundState:
    return adv_game(players, "doom_track", "endgame", seed=seed, **extra)


def start(state: RuneboundState, *top: int, log: list[Event] | None = None) -> None:
    """Begin the endgame; the named red cards are then drawn first, in this order."""
    begin_endgame(RULES, state, log)
    deck = state.adventure_decks[RED]
    for card in reversed(top):
        if card in deck:
            deck.remove(card)
        else:
            take_anywhere(state, card)
        deck.append(card)
    GAME.procedures.run(state, log)


def give_reds(state: RuneboundState, seat: int, *red: int) -> None:
    for card in red:
        take_anywhere(state, card)
        state.heroes[seat].runes.append(card)


# --- AR-3.1 / AR-3.2 --------------------------------------------------------------------------
def test_ar_3_1_preparing_the_red_deck() -> None:
    """AR-3.1: events and encounters leave the red deck and the game; undefeated red challenges
    go back into it (their markers leave the board; other colours stay); red cards held stay.
    The base red deck has none (RB-4.12), so an event and an encounter stand in for those an
    owner's imported red cards may hold."""
    state = endgame_game()
    assert all(CONTENT.adventures[c].kind == "challenge" for c in state.adventure_decks[RED])
    red_out = [cards("blue", "event")[0], cards("blue", "encounter")[0]]
    for card in red_out:
        take_anywhere(state, card)
        state.adventure_decks[RED].append(card)
    waiting, held = red_challenges()[:2]
    yellow = cards("yellow", "challenge")[0]
    for card in (waiting, yellow):
        take_anywhere(state, card)
    state.track = [waiting, yellow]
    red_hex, yellow_hex = gem_hexes("red")[0], gem_hexes("yellow")[0]
    state.undefeated = {red_hex: waiting, yellow_hex: yellow}
    give_reds(state, 1, held)
    begin_endgame(RULES, state, None)
    deck = state.adventure_decks[RED]
    assert all(CONTENT.adventures[c].kind == "challenge" for c in deck)
    assert sorted(state.removed_adventures) == sorted(red_out)
    assert waiting in deck and held not in deck and state.heroes[1].runes == [held]
    assert state.track == [yellow] and state.undefeated == {yellow_hex: yellow}
    assert sorted(deck) == sorted(c for c in cards("red", "challenge") if c != held)


def test_ar_3_2_highest_experience_value_first_then_gold_example_6() -> None:
    """AR-3.2 (Example 6): Anna (value 5, 2 gold), Ben (value 4, 1 gold), Cara (value 4,
    6 gold): Anna, then Cara, then Ben."""
    state = endgame_game(3)
    anna, ben, cara = state.heroes
    anna.xp, anna.gold = [MIND, BODY, LIFE], 2
    ben.xp, ben.gold = [SPIRIT, SPIRIT], 1
    cara.xp, cara.gold = [BODY, STAMINA], 6
    assert [RULES.experience_value(h) for h in state.heroes] == [5, 4, 4]
    begin_endgame(RULES, state, None)
    assert state.endgame_order == [0, 2, 1] and state.seat == 0


def test_ar_3_2_full_ties_are_broken_at_random() -> None:
    """AR-3.2: equal experience value and gold: the order is random (seeded)."""
    orders = set()
    for seed in range(12):
        state = endgame_game(3, seed=seed)
        begin_endgame(RULES, state, None)
        orders.add(tuple(state.endgame_order))
    assert len(orders) > 1


# --- AR-3.3 / AR-3.4 --------------------------------------------------------------------------
def test_ar_3_3_no_refresh_no_movement_wounds_carry_over() -> None:
    """AR-3.3: a confrontation is fight after fight: nothing is refreshed, the hero does not
    move, and there is no market or experience step; wounds carry over to the next fight."""
    state = endgame_game(2)
    first, second = red_challenges()[:2]
    hero = state.heroes[0]
    hero.xp = [MIND]  # seat 0 confronts first
    hero.used.append("h0.0")
    hero.wounds = 2
    where = hero.hex
    start(state, first, second)
    assert state.combat is not None and state.combat.card == first
    assert kind(state) not in ("movement", "market", "experience")
    win_fight(state)
    assert state.combat is not None and state.combat.card == second and state.seat == 0
    assert hero.wounds >= 2 and hero.hex == where and "h0.0" in hero.used


def test_ar_3_4_no_escape_and_a_fight_that_never_ends_is_lost() -> None:
    """AR-3.4: the escape step never comes, round after round; a fight still undecided after
    30 rounds counts as lost."""
    state = endgame_game(2)
    card = red_challenges()[0]
    state.heroes[0].xp = [MIND]
    state.heroes[0].turn_mods.append(("life", 60))
    start(state, card)
    rng = fix_d10(state, 1)  # every roll misses: the hero is hit, the challenge never is
    met = answer_fight(state)
    assert "escape" not in met
    rng.left = 0
    assert 0 in state.eliminated and card in state.adventure_decks[RED]
    state = endgame_game(2)
    state.heroes[0].xp = [MIND]
    start(state, card)
    assert state.combat is not None
    state.combat.round = 30
    state.stack[-1] = ("combat", "round", 0)
    refresh(state)
    assert 0 in state.eliminated and state.seat == 1


# --- AR-3.5 / AR-3.6 --------------------------------------------------------------------------
def test_ar_3_5_three_red_cards_win_example_7() -> None:
    """AR-3.5 (Example 7): Anna holds a Dragon Rune; she beats a red challenge (kept, reward
    paid), draws the next at once, beats it too and wins with three red cards."""
    state = endgame_game(2)
    rune, first, second = red_challenges()[:3]
    give_reds(state, 0, rune)
    state.heroes[0].xp = [MIND]
    start(state, first, second)
    gold = me(state).gold
    win_fight(state)
    assert me(state).runes == [rune, first] and not state.finished
    assert me(state).gold == gold + CONTENT.adventures[first].reward.gold
    assert state.combat is not None and state.combat.card == second
    win_fight(state)
    assert state.finished and state.winner == 0 and state.ended_by == "endgame"
    assert state.endgame_how == "three red cards"
    result = GAME.result(state)
    assert result is not None and result.ranks[0] == 1
    hero = CONTENT.heroes[me(state).hero].name
    assert result.details["endgame"] == {
        "reached": True,
        "how": "three red cards",
        "winners": [hero],
    }


def test_ar_3_5_beating_margath_wins_at_once() -> None:
    """AR-3.5: beating the card that wins the game (High Lord Margath) wins at once."""
    state = endgame_game(2)
    state.heroes[0].xp = [MIND]
    start(state, margath())
    win_fight(state)
    assert state.finished and state.winner == 0 and state.endgame_how == "Margath"
    assert me(state).runes == [margath()]


def test_ar_3_6_a_lost_fight_eliminates_without_penalty() -> None:
    """AR-3.6: the fallen hero is eliminated, loses no gold and nothing else, the card is
    shuffled back into the red deck and the next hero in the order confronts."""
    state = endgame_game(2)
    card = red_challenges()[0]
    state.heroes[0].xp = [MIND]
    state.heroes[0].gold = 7
    start(state, card)
    lose_fight(state)
    assert state.eliminated == [0] and state.heroes[0].gold == 7
    assert card in state.adventure_decks[RED] or (state.combat and state.combat.card == card)
    assert state.seat == 1 and state.combat is not None and not state.finished
    assert state.heroes[0].hex == state.heroes[1].hex  # nobody was moved to a city


def test_ar_3_6_both_fall_the_card_is_kept_then_the_hero_is_out() -> None:
    """AR-3.6: challenge and hero fall in the same step: the card is won, then the hero is
    eliminated (keeping it)."""
    state = endgame_game(2)
    card = red_challenges()[0]
    state.heroes[0].xp = [MIND]
    start(state, card)
    state.combat = None
    state.stack.pop()  # the fight is over: finish it by hand
    me(state).wounds = RULES.life(state, 0)
    finish_endgame_fight(RULES, state, CombatState(card, me(state).hex, "endgame"), "won", None)
    assert me(state).runes == [card] and state.eliminated == [0]


# --- AR-3.7 / AR-3.8 --------------------------------------------------------------------------
def test_ar_3_7_all_eliminated_most_red_cards_then_value_then_gold_example_8() -> None:
    """AR-3.7 (Example 8): all out; Anna 1 red card (value 5, 2 gold), Ben 2 (value 4),
    Cara 1 (value 4, 6 gold): Ben wins, Anna is second, Cara third."""
    state = endgame_game(3)
    reds = red_challenges()
    anna, ben, cara = state.heroes
    anna.xp, anna.gold = [MIND, BODY, LIFE], 2
    ben.xp, ben.gold = [SPIRIT, SPIRIT], 0
    cara.xp, cara.gold = [BODY, STAMINA], 6
    give_reds(state, 0, reds[0])
    give_reds(state, 1, reds[1], reds[2])
    give_reds(state, 2, reds[3])
    begin_endgame(RULES, state, None)
    state.removed_adventures.extend(state.adventure_decks[RED])
    state.adventure_decks[RED].clear()  # nothing to face: everyone is out (AR-3.8)
    refresh(state)
    assert state.finished and state.endgame_how == "all eliminated" and state.winner == 1
    result = GAME.result(state)
    assert result is not None and result.ranks == (2, 1, 3)
    assert result.details["ended_by"] == "endgame"


def test_ar_3_7_players_still_tied_share_the_place() -> None:
    """AR-3.7: equal red cards, value and gold: a shared first place."""
    state = endgame_game(2)
    begin_endgame(RULES, state, None)
    state.removed_adventures.extend(state.adventure_decks[RED])
    state.adventure_decks[RED].clear()
    refresh(state)
    result = GAME.result(state)
    assert state.finished and state.winner == -1
    assert result is not None and result.ranks == (1, 1)


def test_ar_3_8_empty_red_deck_frozen_track_event_stays_no_round_cap() -> None:
    """AR-3.8: a hero who must draw from an empty red deck is out with everyone still waiting;
    the event in play stays; a discard goes to its pile, not onto the doom track; the round
    cap does not end the endgame."""
    state = endgame_game(3, max_rounds=1)
    event = plain_event("green")
    take_anywhere(state, event)
    state.event = event
    first = red_challenges()[0]
    state.heroes[0].xp = [MIND, MIND]
    state.heroes[1].xp = [MIND]
    start(state, first)
    row = list(state.doom_row)
    spare = cards("yellow", "encounter")[0]
    take_anywhere(state, spare)
    discard_adventure(RULES, state, spare, None)
    assert state.doom_row == row and spare in state.adventure_discards[1]
    state.removed_adventures.extend(state.adventure_decks[RED])
    state.adventure_decks[RED].clear()
    lose_fight(state)  # seat 0 is out; seat 1 must draw from an empty deck
    assert sorted(state.eliminated) == [0, 1, 2] and state.finished
    assert state.event == event and state.round == 1
