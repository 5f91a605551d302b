"""Al-Kalim fuzz kit: invariants checked after every decision of random Al-Kalim games."""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardwright.engine.decision import Decision
from boardwright.engine.rng import Rng
from boardwright.games import get_game
from boardwright.games.runebound.alkalim.rules import AlKalimRules
from boardwright.games.runebound.alkalim.sandstorm import points_off
from boardwright.games.runebound.alkalim.setup import EXTRA_COUNTERS, SPARE_COUNTERS
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.state import RuneboundState

GAME: Runebound = get_game("runebound")  # type: ignore[assignment]
DECISION_CAP = 200_000
AK_OPTIONS = {"adventure": "al-kalim"}


def ak_rules() -> AlKalimRules:
    state = GAME.setup(GAME.config(2, AK_OPTIONS), 1)
    rules = GAME.rules_for(state)
    assert isinstance(rules, AlKalimRules)
    return rules


RULES = ak_rules()


def held_adventure_cards(state: RuneboundState) -> list[int]:
    """Adventure cards held by procedure frames while they are being resolved."""
    held = [frame[1] for frame in state.stack if frame[0] == "combat_start"]
    if state.combat is not None and state.combat.card not in state.track:
        held.append(state.combat.card)
    return held


def check_ak_invariants(state: RuneboundState) -> None:
    """The base invariants read for Al-Kalim, plus the expansion's own (issue #4)."""
    rules = RULES
    alk = state.alk
    assert alk is not None
    # adventure cards: each in exactly one place (AK decks hold challenges only)
    places: list[int] = [c for deck in state.adventure_decks for c in deck]
    places += [c for pile in state.adventure_discards for c in pile]
    places += state.track + held_adventure_cards(state)
    counts = Counter(places)
    assert sorted(counts) == list(range(len(rules.adventures))), "an adventure card is lost"
    assert max(counts.values()) == 1, f"adventure card in two places: {counts.most_common(2)}"
    assert set(state.undefeated.values()) == set(state.track)
    # market cards (base market + Al-Kalim allies): each in one place; legendary allies only
    # with their owners
    market = [*state.market_deck, *state.market_discard, *alk.ally_deck]
    for stack in state.stacks:
        market.extend(stack)
    for frame in state.stack:
        if frame[0] == "ak_dreams":
            market.extend(frame[2])
    for h in state.heroes:
        market.extend(h.items)
        market.extend(a.card for a in h.allies if not rules.is_legendary(a.card))
    assert sorted(market) == list(range(rules.first_legend)), "market cards not conserved"
    # legend cards: conserved across the five stacks and the quest boards
    legends = [c for stack in alk.legend_stacks for c in stack]
    for board in alk.boards:
        legends.extend(slot.card for slot in board.legends)
    assert sorted(legends) == list(range(len(rules.ak.legends))), "legend cards not conserved"
    for seat, board in enumerate(alk.boards):
        types = [rules.ak.legends[s.card].type for s in board.legends]
        assert len(types) == len(set(types)), "two legend cards of one type"
        assert len(board.legends) <= board.limit, "more legend cards than the limit"
        for slot in board.legends:
            uses = rules.ak.legends[slot.card].reward.uses
            assert uses is None or slot.uses <= uses
        done_allies = {
            s.card for s in board.legends if s.done and rules.ak.legends[s.card].type == "ally"
        }
        mine = {a.card - rules.first_legend for a in state.heroes[seat].allies}
        assert done_allies == {c for c in mine if c >= 0}, "legendary allies out of step"
    # survival gear: at most 6 of a kind in all, conserved
    for kind, gear in enumerate(rules.ak.gear):
        held = sum(b.gear[kind] for b in alk.boards)
        assert alk.gear_supply[kind] >= 0 and all(b.gear[kind] >= 0 for b in alk.boards)
        assert held + alk.gear_supply[kind] == gear.count <= 6, "survival gear not conserved"
    # the sandstorm: once placed it stays on the board with no arrow pointing off it
    if alk.storm >= 0:
        spread = 1 if state.opts.al_kalim_sandstorm_arrow_spread == "60" else 2
        assert not points_off(rules.board, alk.storm, alk.storm_direction, spread)
    # adventure counters (the limit counters are spent counters kept on the quest boards)
    board_gems = [0] * len(COLOURS)
    for hx in rules.board.hexes:
        if hx.gem >= 0:
            board_gems[hx.gem] += 1
    totals = [0] * len(COLOURS)
    for bits in state.counters:
        for c in range(len(COLOURS)):
            totals[c] += bits >> c & 1
    for h in state.heroes:
        for c in h.counters:
            totals[c] += 1
    for b in alk.boards:
        if b.limit_colour >= 0:
            totals[b.limit_colour] += 1
    for c in range(len(COLOURS)):
        assert state.counter_supply[c] >= 0
        assert totals[c] + state.counter_supply[c] == (
            board_gems[c] + SPARE_COUNTERS + EXTRA_COUNTERS
        ), "counters not conserved"
    for seat, h in enumerate(state.heroes):
        assert h.gold >= 0 and h.wounds >= 0 and h.exhaustion >= 0
        assert h.exhaustion <= rules.stamina(state, seat)
        ordinary = [a for a in h.allies if not rules.is_legendary(a.card)]
        assert len(ordinary) <= state.opts.ally_limit
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


def eager_choice(decision: Decision, rng: Rng) -> int:
    """Random, but three times in four an option that makes things happen."""
    eager = [i for i, o in enumerate(decision.options) if o.key.startswith(EAGER)]
    if eager and rng.below(4):
        return eager[rng.below(len(eager))]
    return rng.below(len(decision.options))


def play_random_ak_game(
    players: int, seed: int, options: dict[str, Any] | None = None, *, eager: bool = True
) -> tuple[RuneboundState, int]:
    state = GAME.setup(GAME.config(players, {**AK_OPTIONS, **(options or {})}), seed)
    rng = Rng(seed ^ 0xA1CA)
    decisions = 0
    while (decision := state.pending) is not None:
        assert decision.options, "a decision without options"
        keys = [o.key for o in decision.options]
        assert len(set(keys)) == len(keys), f"duplicate option keys in {decision.kind}: {keys}"
        choice = eager_choice(decision, rng) if eager else rng.below(len(decision.options))
        GAME.apply(state, choice)
        decisions += 1
        check_ak_invariants(state)
        assert decisions < DECISION_CAP, "the game did not end"
    assert state.finished and GAME.result(state) is not None
    return state, decisions


def ak_case_options(players: int, index: int) -> dict[str, Any]:
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
