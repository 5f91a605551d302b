"""Al-Kalim fuzz kit: invariants checked after every decision of random Al-Kalim games."""

from __future__ import annotations

from functools import partial
from typing import Any

from boardwright.engine.rng import Rng
from boardwright.games.runebound.adventures.al_kalim.options import al_kalim_options
from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules
from boardwright.games.runebound.adventures.al_kalim.sandstorm import points_off
from boardwright.games.runebound.adventures.al_kalim.setup import EXTRA_COUNTERS, SPARE_COUNTERS
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.state import RuneboundState
from tests.runebound.kit import GAME as GAME
from tests.runebound.kit import (
    assert_counters_conserved,
    assert_each_once,
    assert_hero_in_bounds,
    laid_out_adventure_cards,
    owned_market_cards,
    play_out,
)
from tests.runebound.kit import eager_choice as base_eager_choice

AL_KALIM_OPTIONS = {"adventure": "al-kalim"}


def al_kalim_rules() -> AlKalimRules:
    state = GAME.setup(GAME.config(2, AL_KALIM_OPTIONS), 1)
    rules = GAME.rules_for(state)
    assert isinstance(rules, AlKalimRules)
    return rules


RULES = al_kalim_rules()


def held_adventure_cards(state: RuneboundState) -> list[int]:
    """Adventure cards held by procedure frames while they are being resolved."""
    held = [frame[1] for frame in state.stack if frame[0] == "combat_start"]
    if state.combat is not None and state.combat.card not in state.track:
        held.append(state.combat.card)
    return held


def check_al_kalim_invariants(state: RuneboundState) -> None:
    """The base invariants read for Al-Kalim, plus the expansion's own (issue #4)."""
    rules = RULES
    al_kalim = al_kalim_state(state)
    # adventure cards: each in exactly one place (AK decks hold challenges only)
    places = laid_out_adventure_cards(state) + held_adventure_cards(state)
    assert_each_once(places, len(rules.adventures), "adventure card")
    assert set(state.undefeated.values()) == set(state.track)
    # market cards (base market + Al-Kalim allies): each in one place; legendary allies only
    # with their owners
    market = owned_market_cards(state, lambda ally: not rules.is_legendary(ally.card))
    market += al_kalim.ally_deck
    for frame in state.stack:
        if frame[0] == "al_kalim_dreams":
            market.extend(frame[2])
    assert_each_once(market, rules.first_legend, "market card")
    # legend cards: conserved across the five stacks and the quest boards
    legends = [c for stack in al_kalim.legend_stacks for c in stack]
    for board in al_kalim.boards:
        legends.extend(slot.card for slot in board.legends)
    assert_each_once(legends, len(rules.al_kalim.legends), "legend card")
    for seat, board in enumerate(al_kalim.boards):
        types = [rules.al_kalim.legends[s.card].type for s in board.legends]
        assert len(types) == len(set(types)), "two legend cards of one type"
        assert len(board.legends) <= board.limit, "more legend cards than the limit"
        for slot in board.legends:
            uses = rules.al_kalim.legends[slot.card].reward.uses
            assert uses is None or slot.uses <= uses
        done_allies = {
            s.card
            for s in board.legends
            if s.done and rules.al_kalim.legends[s.card].type == "ally"
        }
        mine = {a.card - rules.first_legend for a in state.heroes[seat].allies}
        assert done_allies == {c for c in mine if c >= 0}, "legendary allies out of step"
    # survival gear: at most 6 of a kind in all, conserved
    for kind, gear in enumerate(rules.al_kalim.gear):
        held = sum(b.gear[kind] for b in al_kalim.boards)
        assert al_kalim.gear_supply[kind] >= 0 and all(b.gear[kind] >= 0 for b in al_kalim.boards)
        assert held + al_kalim.gear_supply[kind] == gear.count <= 6, "survival gear not conserved"
    # the sandstorm: once placed it stays on the board with no arrow pointing off it, except
    # between the two steps of a move (AK-13.5 turns it only when the move ends)
    moving = any(f[0] == "al_kalim_storm" and f[1] == 0 for f in state.stack)
    if al_kalim.storm >= 0 and not moving:
        spread = 1 if al_kalim_options(state).sandstorm_arrow_spread == "60" else 2
        assert not points_off(rules.board, al_kalim.storm, al_kalim.storm_direction, spread)
    # adventure counters (the limit counters are spent counters kept on the quest boards)
    limits = [b.limit_colour for b in al_kalim.boards if b.limit_colour >= 0]
    assert_counters_conserved(state, rules, SPARE_COUNTERS + EXTRA_COUNTERS, limits)
    for seat, h in enumerate(state.heroes):
        ordinary = [a for a in h.allies if not rules.is_legendary(a.card)]
        assert_hero_in_bounds(state, rules, seat, ordinary)
        assert all(a.wounds >= 0 and a.exhaustion >= 0 for a in h.allies)


EAGER = (
    "adventure:",
    "undefeated",
    "legend:",
    "story",
    "bazaar",
    "gear:",
    "buy:",
    "xp:",
    "roll:",
    "to:",
    "use:",
    "kit",
    "explore",
    "both",
    "camel",
    "day",
)


eager_choice = partial(base_eager_choice, eager=EAGER)


def play_random_al_kalim_game(
    players: int, seed: int, options: dict[str, Any] | None = None, *, eager: bool = True
) -> tuple[RuneboundState, int]:
    state = GAME.setup(GAME.config(players, {**AL_KALIM_OPTIONS, **(options or {})}), seed)
    eager_keys = EAGER if eager else None
    return state, play_out(state, Rng(seed ^ 0xA1CA), eager_keys, check_al_kalim_invariants)


def al_kalim_case_options(players: int, index: int) -> dict[str, Any]:
    """Base and Al-Kalim options mixed deterministically per case."""
    pick = Rng(players * 100_019 + index)
    return {
        "hero_selection": ("random", "choose")[pick.below(2)],
        "knockout_penalty": ("standard", "lenient")[pick.below(2)],
        "escape_rule": ("automatic", "test")[pick.below(2)],
        "travel_problems": bool(pick.below(2)),
        "max_rounds": (40, 25, 15)[pick.below(3)],
        "al_kalim.hero_pool": ("both", "al_kalim", "base")[pick.below(3)],
        "al_kalim.day_wound_check": ("end_of_movement", "immediate")[pick.below(2)],
        "al_kalim.sunburst_refill": ("all", "card_colour")[pick.below(2)],
        "al_kalim.ambush_escape": ("test", "escape_rule")[pick.below(2)],
        "al_kalim.ambush_counts_for_quests": bool(pick.below(2)),
        "al_kalim.waterskin_cancels": ("both", "either")[pick.below(2)],
        "al_kalim.legend_discard_limit": ("one", "any")[pick.below(2)],
        "al_kalim.legend_swap_same_turn": bool(pick.below(2)),
        "al_kalim.sandstorm_start": ("place_only", "place_and_move")[pick.below(2)],
        "al_kalim.sandstorm_radius": pick.below(3),
        "al_kalim.sandstorm_arrow_spread": ("60", "120")[pick.below(2)],
        "al_kalim.storm_carries_heroes": bool(pick.below(2)),
        "al_kalim.dream_city_draw": ("extra", "instead")[pick.below(2)],
        "al_kalim.lost_city_counts_as_city": bool(pick.below(2)),
    }
