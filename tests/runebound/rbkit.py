"""Runebound fuzz kit: invariants checked after every decision of random games."""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardwright.engine.rng import Rng
from boardwright.games import get_game
from boardwright.games.runebound.game import Runebound
from boardwright.games.runebound.state import RuneboundState

GAME: Runebound = get_game("runebound")  # type: ignore[assignment]
DECISION_CAP = 200_000


def held_adventure_cards(state: RuneboundState) -> list[int]:
    """Adventure cards held by procedure frames while they are being resolved."""
    held = []
    for frame in state.stack:
        if frame[0] in ("encounter", "combat_start"):
            held.append(frame[1])
    if state.combat is not None and state.combat.card not in state.track:
        held.append(state.combat.card)
    return held


def check_invariants(state: RuneboundState) -> None:
    rules = GAME.rules
    n_adv = len(rules.adventures)
    places: list[int] = []
    for deck in state.adventure_decks:
        places.extend(deck)
    for pile in state.adventure_discards:
        places.extend(pile)
    places.extend(state.track)
    if state.event >= 0:
        places.append(state.event)
    for h in state.heroes:
        places.extend(h.runes)
    places.extend(held_adventure_cards(state))
    counts = Counter(places)
    assert sorted(counts) == list(range(n_adv)), "an adventure card is missing or unknown"
    assert max(counts.values()) == 1, f"adventure card in two places: {counts.most_common(2)}"
    assert set(state.undefeated.values()) == set(state.track)
    assert len(state.track) <= 6
    market: list[int] = [*state.market_deck, *state.market_discard]
    for stack in state.stacks:
        market.extend(stack)
    for h in state.heroes:
        market.extend(h.items)
        market.extend(a.card for a in h.allies)
    assert sorted(market) == list(range(len(rules.market))), "market cards not conserved"
    board_gems = [0, 0, 0, 0]
    for hx in rules.board.hexes:
        if hx.gem >= 0:
            board_gems[hx.gem] += 1
    totals = [0, 0, 0, 0]
    for bits in state.counters:
        for c in range(4):
            totals[c] += bits >> c & 1
    for h in state.heroes:
        for c in h.counters:
            totals[c] += 1
    for c in range(4):
        assert totals[c] + state.counter_supply[c] == board_gems[c] + 2, "counters not conserved"
        assert state.counter_supply[c] >= 0
    for seat, h in enumerate(state.heroes):
        assert h.gold >= 0 and h.wounds >= 0 and h.exhaustion >= 0
        assert h.exhaustion <= rules.stamina(state, seat)
        assert len(h.allies) <= state.opts.ally_limit
        assert all(a.wounds >= 0 and a.exhaustion >= 0 for a in h.allies)
        if state.combat is None or seat != state.seat:
            assert h.wounds < rules.life(state, seat) or state.finished


def play_random_game(
    players: int, seed: int, options: dict[str, Any] | None = None, check: bool = True
) -> tuple[RuneboundState, int]:
    state = GAME.setup(GAME.config(players, options or {}), seed)
    rng = Rng(seed ^ 0x5EED)
    decisions = 0
    while (decision := state.pending) is not None:
        assert decision.options, "a decision without options"
        keys = [o.key for o in decision.options]
        assert len(set(keys)) == len(keys), f"duplicate option keys in {decision.kind}"
        GAME.apply(state, rng.below(len(decision.options)))
        decisions += 1
        if check:
            check_invariants(state)
        assert decisions < DECISION_CAP, "the game did not end"
    assert state.finished and GAME.result(state) is not None
    return state, decisions
