"""Runebound fuzz kit: invariants checked after every decision of random games."""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardwright.engine.decision import Decision
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


EAGER = (
    "adventure:",
    "undefeated",
    "attack:",
    "buy:",
    "xp:",
    "roll:",
    "to:",
    "use:",
    "fight",
    "heal",
    "choice:",
    "hero:",
)


def eager_choice(decision: Decision, rng: Rng) -> int:
    """Random, but three times in four an option that makes things happen (fights, buys...)."""
    eager = [i for i, o in enumerate(decision.options) if o.key.startswith(EAGER)]
    if eager and rng.below(4):
        return eager[rng.below(len(eager))]
    return rng.below(len(decision.options))


def play_random_game(
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    check: bool = True,
    eager: bool = False,
) -> tuple[RuneboundState, int]:
    state = GAME.setup(GAME.config(players, options or {}), seed)
    rng = Rng(seed ^ 0x5EED)
    decisions = 0
    while (decision := state.pending) is not None:
        assert decision.options, "a decision without options"
        keys = [o.key for o in decision.options]
        assert len(set(keys)) == len(keys), f"duplicate option keys in {decision.kind}"
        choice = eager_choice(decision, rng) if eager else rng.below(len(decision.options))
        GAME.apply(state, choice)
        decisions += 1
        if check:
            check_invariants(state)
        assert decisions < DECISION_CAP, "the game did not end"
    assert state.finished and GAME.result(state) is not None
    return state, decisions


def case_options(players: int, index: int) -> dict[str, Any]:
    """Options mixed deterministically per case, so every rule variant gets played."""
    pick = Rng(players * 100_003 + index)
    return {
        "hero_selection": ("random", "choose")[pick.below(2)],
        "knockout_penalty": ("standard", "lenient")[pick.below(2)],
        "sell_price": ("half", "full", "none")[pick.below(3)],
        "escape_rule": ("automatic", "test")[pick.below(2)],
        "xp_change": bool(pick.below(2)),
        "travel_problems": bool(pick.below(2)),
        "base_doom_track": bool(pick.below(2)),
        "ally_limit": (2, 2, 1, 3)[pick.below(4)],
        "max_rounds": (60, 40, 25)[pick.below(3)],
    }
