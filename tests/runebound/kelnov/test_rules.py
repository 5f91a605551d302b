"""Avatars of Kelnov (docs/rules/kelnov.md): the adventure, its setup, the replacement draw,
the adversaries and victory, and how it combines with packs and optional rules."""

from __future__ import annotations

from itertools import chain

import pytest

from boardwright.engine.errors import ConfigError
from boardwright.engine.events import Event
from boardwright.games.runebound.adventures.kelnov.state import kelnov_state
from boardwright.games.runebound.records import COLOURS
from tests.runebound.kelnov.kit import (
    KELNOV,
    base_on_top,
    card,
    card_id,
    kelnov_cards,
    kelnov_game,
    pile,
    pile_top,
    rules_of,
    set_aside,
)
from tests.runebound.kit import GAME
from tests.runebound.scenario import (
    BOARD,
    TAMALIR,
    clear_counters,
    events,
    faces,
    gem_hexes,
    has_counter,
    hex_at,
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
    terrain,
)

GREEN, YELLOW, BLUE, RED = range(4)
PLAINS = hex_at(3, 5)  # an empty plains hex by Tamalir
FOREST = hex_at(4, 4)  # an empty forest hex next to it


def adventure_at(state, colour: str, *base: str, log: list[Event] | None = None) -> None:  # type: ignore[no-untyped-def]
    """Seat 0 takes on a ``colour`` adventure next to Tamalir with ``base`` on top of the
    base deck (start_adventure reads the base content's indexes, which the Kelnov game keeps)."""
    start_adventure(state, safe_green_hex(), colour, *base, log=log)


# --- KV-1 to KV-4: the adventure and its setup -------------------------------------------------


def test_kv_1_kelnov_is_a_value_of_the_option_adventure() -> None:
    """KV-1: adventure=kelnov plays Kelnov; another adventure has no Kelnov section and a
    Kelnov option outside a Kelnov game is refused."""
    state = kelnov_game()
    assert GAME.view(state, 0)["adventure"] == "kelnov"
    assert "kelnov" in GAME.view(state, 0)
    base = GAME.setup(GAME.config(2, {}), 1)
    assert "kelnov" not in GAME.view(base, 0)
    with pytest.raises(ConfigError, match=r"kelnov\.fallback"):
        GAME.config(2, {"kelnov.fallback": "resolve"})


def test_kv_2_the_base_red_cards_are_set_aside() -> None:
    """KV-2: no base red card r-01 ... r-09 is in a deck, a pile or anywhere else."""
    state = kelnov_game(players=2)
    aside = set_aside(state)
    assert sorted(card_id(state, c) for c in aside) == [f"r-{n:02d}" for n in range(1, 10)]
    part = kelnov_state(state)
    everywhere = [*chain(*state.adventure_decks), *chain(*part.piles)]
    assert not set(aside) & set(everywhere)


def test_kv_3_kelnov_piles_beside_the_decks_and_his_red_deck() -> None:
    """KV-3: Kelnov's green, yellow and blue cards form the piles of their colour, his ten red
    challenges the red deck; the base decks hold none of his cards."""
    state = kelnov_game(players=2)
    rules = rules_of(state)
    for colour in ("green", "yellow", "blue"):
        assert sorted(card_id(state, c) for c in pile(state, colour)) == sorted(
            kelnov_cards(state, colour)
        )
        deck = state.adventure_decks[COLOURS.index(colour)]
        assert deck and not any(rules.is_kelnov(c) for c in deck)
    red = sorted(card_id(state, c) for c in state.adventure_decks[RED])
    assert red == sorted(kelnov_cards(state, "red")) and len(red) == 10
    # shuffled: two seeds give two orders
    other = kelnov_game(players=2, seed=2)
    assert pile(other, "green") != pile(state, "green") or pile(other, "yellow") != pile(
        state, "yellow"
    )


def test_kv_3_the_view_shows_pile_sizes_never_their_order() -> None:
    """KV-3, KV-11: the view gives each pile's size and each Kelnov discard pile's cards."""
    state = kelnov_game(players=2)
    section = GAME.view(state, 1)["kelnov"]
    assert section["piles"] == {"green": 7, "yellow": 7, "blue": 6}
    assert section["discards"] == {"green": [], "yellow": [], "blue": []}
    text = str(GAME.view(state, 1))
    assert not any(name in text for name in kelnov_cards(state, "green"))


def test_kv_4_the_doom_track_setup_card_is_a_base_green_card() -> None:
    """KV-4: with the advanced doom track the unseen setup card is the base green deck's top
    card, laid on the track without being drawn (so never replaced)."""
    state = kelnov_game(players=2, **{"advanced.doom_track": True})
    assert len(state.doom_row) == 1
    setup_card = state.doom_row[0]
    assert rules_of(state).adventures[setup_card].colour == "green"
    assert not rules_of(state).is_kelnov(setup_card)
    assert len(pile(state, "green")) == 7


# --- KV-5 to KV-7: the replacement draw ------------------------------------------------------


def test_kv_5_a_base_event_is_discarded_unresolved_and_only_its_sunburst_happens() -> None:
    """KV-5: g-24 (refill green and yellow) drawn: it does not go into play, its refill is
    made, it goes to the base green discard pile; g-22 (heal) drawn: nothing heals."""
    state = kelnov_game()
    greens = gem_hexes("green", star=True)
    for h in greens:
        clear_counters(state, h)
    state.counter_supply[GREEN] = len(greens)  # the counters cleared go back to the supply
    me(state).wounds = 2
    encounter = kelnov_cards(state, "green", "encounter")
    pile_top(state, encounter[0], encounter[1])
    log: list[Event] = []
    adventure_at(state, "green", "g-24", log=log)
    assert [e.data["card"] for e in events(log, "kelnov_unresolved")] == ["g-24"]
    assert state.event == -1
    assert card(state, "g-24") in state.adventure_discards[GREEN]
    assert all(has_counter(state, h, "green") for h in greens)  # the sunburst
    assert kind(state) == "encounter"
    assert state.pending is not None and state.pending.args["card"] == encounter[0]
    assert me(state).wounds == 2


def test_kv_5_a_base_encounter_is_discarded_unresolved_and_a_challenge_is_fought() -> None:
    """KV-5: a base encounter (g-26) is discarded unresolved and replaced; a base challenge
    drawn (g-06) is fought as usual."""
    state = kelnov_game()
    encounter = kelnov_cards(state, "green", "encounter")[0]
    pile_top(state, encounter)
    log: list[Event] = []
    adventure_at(state, "green", "g-26", log=log)
    assert card(state, "g-26") in state.adventure_discards[GREEN]
    assert state.pending is not None and state.pending.args["card"] == encounter
    fight = kelnov_game()
    adventure_at(fight, "green", "g-06")
    assert fight.combat is not None and fight.combat.card == card(fight, "g-06")
    assert len(pile(fight, "green")) == 7  # nothing taken from the pile


def test_kv_6_a_kelnov_encounter_is_resolved_and_the_adventure_ends() -> None:
    """KV-6: the Kelnov encounter is met as RB-4.5 says and then goes to the Kelnov discard
    pile; the adventure counter stays on the hex."""
    state = kelnov_game()
    encounter = kelnov_cards(state, "green", "encounter")[0]
    pile_top(state, encounter)
    adventure_at(state, "green", "g-26")
    play(state, "choice:2")
    part = kelnov_state(state)
    assert card(state, encounter) in part.discards[GREEN]
    assert has_counter(state, safe_green_hex(), "green")
    assert kind(state) != "encounter"


def test_kv_6_a_kelnov_event_goes_into_play_and_the_hero_draws_again_from_the_base_deck() -> None:
    """KV-6: the Kelnov event stands in for the base event and is resolved as an event (it goes
    into play); the next draw is from the base deck, where a challenge is fought."""
    state = kelnov_game()
    event = kelnov_cards(state, "green", "event")[-1]  # the highest number of the green ones
    pile_top(state, event)
    adventure_at(state, "green", "g-21", "g-06")
    assert state.event == card(state, event)
    assert state.combat is not None and state.combat.card == card(state, "g-06")


def test_kv_6_a_lower_kelnov_event_is_discarded_without_effect() -> None:
    """KV-6 with RB-4.3: under event_rule=number a Kelnov event numbered below the one in play
    goes to the Kelnov discard pile without effect."""
    state = kelnov_game()
    state.event = card(state, "b-18")  # number 12
    event = kelnov_cards(state, "green", "event")[0]
    pile_top(state, event)
    adventure_at(state, "green", "g-21", "g-06")
    assert state.event == card(state, "b-18")
    assert card(state, event) in kelnov_state(state).discards[GREEN]


def test_kv_7_skip_an_empty_pile_means_draw_again_until_a_challenge() -> None:
    """KV-7 (kelnov.fallback=skip): with the green pile empty, g-22 and g-26 are discarded
    unresolved one after the other and g-06 is fought."""
    state = kelnov_game()
    kelnov_state(state).piles[GREEN].clear()
    log: list[Event] = []
    adventure_at(state, "green", "g-22", "g-26", "g-06", log=log)
    assert [e.data["card"] for e in events(log, "kelnov_unresolved")] == ["g-22", "g-26"]
    assert len(events(log, "kelnov_empty")) == 2
    assert state.combat is not None and state.combat.card == card(state, "g-06")


def test_kv_7_resolve_an_empty_pile_means_the_next_base_card_is_resolved_as_it_is() -> None:
    """KV-7 (kelnov.fallback=resolve): with the green pile empty, g-22 is discarded
    unresolved and g-26, the next base card, is met as an encounter."""
    state = kelnov_game(1, 1, **{"kelnov.fallback": "resolve"})
    kelnov_state(state).piles[GREEN].clear()
    adventure_at(state, "green", "g-22", "g-26")
    assert kind(state) == "encounter"
    assert state.pending is not None and state.pending.args["card"] == "g-26"


def test_kv_7_a_deck_of_nothing_to_resolve_ends_the_draw() -> None:
    """KV-7 guard: under skip with reshuffled discards, a green deck and pile holding only
    events and encounters ends the draw with no card; the counter stays."""
    state = kelnov_game(adventure_discards="reshuffle")
    kelnov_state(state).piles[GREEN].clear()
    rules = rules_of(state)
    deck = state.adventure_decks[GREEN]
    deck[:] = [c for c in deck if rules.adventures[c].kind != "challenge"]
    gem = safe_green_hex()
    adventure_at(state, "green")
    assert state.combat is None and kind(state) != "encounter"
    assert has_counter(state, gem, "green")


# --- KV-8 to KV-10: the adversaries and victory ----------------------------------------------


def beat_red(state, card_name: str, log: list[Event]) -> None:  # type: ignore[no-untyped-def]
    """Seat 0 fights ``card_name`` from the red deck and wins at once (its life set to one
    hit)."""
    red = state.adventure_decks[RED]
    red.remove(card(state, card_name))
    red.append(card(state, card_name))
    gem = gem_hexes("red")[0]
    clear_counters(state, gem)
    state.counters[gem] = 1 << RED
    put(state, gem)
    play(state, "stay", log=log)
    if kind(state) == "after_movement":
        play(state, "done", log=log)
    play(state, "adventure:red", log=log)
    assert state.combat is not None and state.combat.card == card(state, card_name)
    state.combat.enemy_wounds = (rules_of(state).adventures[state.combat.card].life or 1) - 1
    me(state).turn_mods.append(("damage", 10))
    while state.combat is not None and not state.finished:
        options = keys(state)
        step = next((k for k in options if k.startswith("attack:")), None)
        if step is not None:
            rig(state, *rolls(20))
            play(state, step, log=log)
        else:
            play(state, options[-1] if "fight" not in options else "fight", log=log)


def test_kv_8_the_adversaries_are_ten_red_challenges_fought_as_usual() -> None:
    """KV-8: Kelnov and nine Avatars are red challenges; an escaped one waits on the track."""
    state = kelnov_game()
    rules = rules_of(state)
    reds = [rules.adventures[c] for c in state.adventure_decks[RED]]
    assert len(reds) == 10 and all(c.kind == "challenge" for c in reds)
    assert sum(c.reward.wins_game for c in reds) == 1
    assert sum(c.reward.dragon_rune for c in reds) == 9


def test_kv_9_defeating_kelnov_wins_at_once() -> None:
    """KV-9: the hero who beats Kelnov the All-Father wins; the game ends ``Kelnov``."""
    state = kelnov_game(players=2)
    log: list[Event] = []
    beat_red(state, "kv-r10", log)
    assert state.finished and state.winner == 0 and state.ended_by == "Kelnov"
    result = GAME.result(state)
    assert result is not None and result.details["ended_by"] == "Kelnov"
    assert [e.data.get("variant") for e in events(log, "game_over")] == ["defeats"]


def test_kv_9_the_third_avatar_wins_at_once() -> None:
    """KV-9: a hero holding two Avatars wins with the third; the game ends ``avatars``."""
    state = kelnov_game(players=2)
    for name in ("kv-r01", "kv-r02"):
        state.adventure_decks[RED].remove(card(state, name))
        me(state).runes.append(card(state, name))
    refresh(state)
    log: list[Event] = []
    beat_red(state, "kv-r03", log)
    assert state.finished and state.winner == 0 and state.ended_by == "avatars"
    assert [e.data.get("variant") for e in events(log, "game_over")] == ["avatars"]
    assert GAME.result(state).details["avatars"] == [3, 0]  # type: ignore[union-attr]


def test_kv_10_an_avatar_is_kept_and_grants_its_power() -> None:
    """KV-10: the Avatar beaten is kept (an ``avatar`` event), not discarded; its power is the
    holder's (Carrow's +1 movement die) and a knock-out does not take it."""
    state = kelnov_game(players=2)
    rules = rules_of(state)
    dice = rules.max_movement_dice(state, 0)
    log: list[Event] = []
    beat_red(state, "kv-r09", log)
    assert me(state).runes == [card(state, "kv-r09")]
    assert events(log, "avatar") and not events(log, "rune")
    assert rules.max_movement_dice(state, 0) == dice + 1
    from boardwright.games.runebound.knockout import knock_out

    knock_out(rules, state, 0, [])
    assert me(state).runes == [card(state, "kv-r09")]


# --- KV-11 to KV-13 -----------------------------------------------------------------------------


def test_kv_11_kelnov_discards_are_kept_apart_and_never_rebuilt() -> None:
    """KV-11: a Kelnov card discarded goes to its own pile; under adventure_discards=reshuffle
    an empty base deck is rebuilt from the base discards only, and an empty Kelnov pile stays
    empty."""
    state = kelnov_game(adventure_discards="reshuffle")
    part = kelnov_state(state)
    encounter = kelnov_cards(state, "green", "encounter")[0]
    pile_top(state, encounter)
    adventure_at(state, "green", "g-26")
    play(state, "choice:2")
    assert card(state, encounter) in part.discards[GREEN]
    assert card(state, encounter) not in state.adventure_discards[GREEN]
    part.piles[GREEN].clear()
    from boardwright.games.runebound.adventure import draw_adventure

    state.adventure_decks[GREEN].clear()
    drawn = draw_adventure(rules_of(state), state, GREEN)
    assert drawn >= 0 and not rules_of(state).is_kelnov(drawn)
    assert part.piles[GREEN] == [] and card(state, encounter) in part.discards[GREEN]


def test_kv_12_travel_problems_draw_through_the_replacement() -> None:
    """KV-12: a travel problem that draws a base event discards it unresolved and resolves the
    Kelnov card of that colour instead; no more cards are drawn after it."""
    state = kelnov_game(travel_problems=True)
    assert terrain(FOREST) == "forest" and not state.counters[FOREST]
    encounter = kelnov_cards(state, "green", "encounter")[0]
    pile_top(state, encounter)
    base_on_top(state, "g-22", "g-06")
    put(state, PLAINS)
    rig(state, *faces(1, 6))
    log: list[Event] = []
    play(state, "step", f"to:{BOARD.hexes[FOREST].at}", log=log)
    assert [e.data["card"] for e in events(log, "kelnov_unresolved")] == ["g-22"]
    assert kind(state) == "encounter"
    assert state.pending is not None and state.pending.args["card"] == encounter
    assert state.adventure_decks[GREEN][-1] == card(state, "g-06")


def test_kv_13_at_the_round_cap_avatars_rank_the_heroes() -> None:
    """KV-13: a game ended by the round cap ranks by Avatars held, then experience."""
    state = kelnov_game(players=2, max_rounds=1)
    state.heroes[1].runes.append(card(state, "kv-r01"))
    state.adventure_decks[RED].remove(card(state, "kv-r01"))
    while not state.finished:
        assert state.pending is not None
        GAME.apply(state, len(state.pending.options) - 1)
    result = GAME.result(state)
    assert result is not None and result.details["ended_by"] == "round cap"
    assert result.ranks[1] < result.ranks[0]
    assert GAME.trophies(state, 1) == 1


# --- KV-14 to KV-19: combinations -------------------------------------------------------------


def test_kv_14_market_packs_join_a_kelnov_game() -> None:
    """KV-14: Champions of Kellos and Walkers of the Wild, in either market mode."""
    for mode in ("mixed", "focus"):
        state = GAME.setup(
            GAME.config(2, {**KELNOV, "packs": ["kellos", "walkers"], "packs.market_mode": mode}),
            1,
        )
        assert state.opts.packs == ("kellos", "walkers") or list(state.opts.packs) == [
            "kellos",
            "walkers",
        ]


def test_kv_15_adventure_packs_join_the_base_decks_and_their_red_cards_are_set_aside() -> None:
    """KV-15: Shadows of Margath and Drakes and Dragonspawn: their green, yellow and blue cards
    are in the decks (focus decks too), their red cards set aside with the base ones."""
    for mode in ("mixed", "focus"):
        options = {**KELNOV, "packs": ["margath", "drakes"], "packs.adventure_mode": mode}
        state = GAME.setup(GAME.config(3, options), 4)
        rules = rules_of(state)
        sets = {rules.adventures[c].card_set for c in chain(*state.adventure_decks[:3])}
        assert {"margath", "drakes"} <= sets
        assert all(rules.is_kelnov(c) for c in state.adventure_decks[RED])
        pack_reds = [
            i
            for i, c in enumerate(rules.adventures)
            if c.colour == "red" and c.card_set in ("margath", "drakes")
        ]
        assert pack_reds and set(pack_reds) <= set(set_aside(state))
        assert state.adventure_focus[RED] == 0


def test_kv_16_al_kalim_options_are_refused_in_a_kelnov_game() -> None:
    """KV-16: one adventure per game; an Al-Kalim option in a Kelnov game is one line naming
    it."""
    with pytest.raises(ConfigError, match=r"al_kalim\.hero_pool"):
        GAME.config(2, {**KELNOV, "al_kalim.hero_pool": "base"})


def test_kv_17_one_adventure_per_game() -> None:
    """KV-17: Kelnov and the Cult are two values of the option adventure, which takes one
    value, so Kelnov never combines with the Cult (or Al-Kalim); the Cult's options are refused
    in a Kelnov game and Kelnov's in another adventure's game, one line naming the option."""
    assert GAME.config(2, {"adventure": "cult"}).options["adventure"] == "cult"
    for both in (["kelnov", "cult"], "kelnov,cult", ["kelnov", "al-kalim"]):
        with pytest.raises(ConfigError, match="allowed: one of"):
            GAME.config(2, {"adventure": both})
    with pytest.raises(ConfigError, match=r"^cult\.ritual_radius only apply to the cult"):
        GAME.config(2, {**KELNOV, "cult.ritual_radius": "capped"})
    for other in ("al-kalim", "cult"):
        with pytest.raises(ConfigError, match=r"kelnov\.fallback"):
            GAME.config(2, {"adventure": other, "kelnov.fallback": "resolve"})


def test_kv_18_the_advanced_endgame_plays_with_kelnov_in_margaths_place() -> None:
    """KV-18: every Advanced option is allowed; the endgame's red deck is Kelnov's."""
    options = {**KELNOV, "advanced.endgame": True, "advanced.doom_track": True}
    state = GAME.setup(GAME.config(3, options), 2)
    rules = rules_of(state)
    assert all(rules.is_kelnov(c) for c in state.adventure_decks[RED])


def test_kv_19_a_replaced_draw_counts_two_discards_on_the_base_doom_track() -> None:
    """KV-19: the base event discarded unresolved and the Kelnov encounter after it both count
    as discards."""
    state = kelnov_game(players=3, base_doom_track=True)
    encounter = kelnov_cards(state, "green", "encounter")[0]
    pile_top(state, encounter)
    before = state.doom_count
    adventure_at(state, "green", "g-26")
    assert state.doom_count == before + 1
    play(state, "choice:2")
    assert state.doom_count == before + 2


def test_kv_7_the_tamalir_start_is_the_base_games() -> None:
    """KV-4: the rest of the setup is the base game's: every hero starts in Tamalir."""
    state = kelnov_game(players=3)
    assert all(h.hex == TAMALIR for h in state.heroes)
