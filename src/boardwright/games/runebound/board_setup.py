"""The base game's setup (RB-1.2 to RB-1.9), which Rise of the Dragonlords plays as it is and
an adventure that replaces only decks (Avatars of Kelnov, Cult of the Rune) plays with its own
arrangement of them."""

from __future__ import annotations

from collections.abc import Callable

from boardwright.games.runebound.decks import (
    deal_adventure_decks,
    deal_market_deck,
    lay_focus_decks,
    pop_market,
)
from boardwright.games.runebound.rules import Log, Rules, emit
from boardwright.games.runebound.state import REFRESH, HeroState, RuneboundState

STARTING_GOLD = 3  # RB-1.6
SPARE_COUNTERS = 2  # RB-1.2: the box holds two more of each colour than the board needs


def standard_setup(
    rules: Rules,
    state: RuneboundState,
    players: int,
    log: Log,
    arrange: Callable[[RuneboundState, list[list[int]]], None] | None = None,
) -> None:
    """RB-1.2-RB-1.9: counters, market, adventure decks, heroes, gold and the first player.
    ``arrange``, when given, changes the four decks as dealt and the focus decks still to be
    laid on them (an adventure that replaces the red deck, KV-2, KV-3)."""
    rng = state.rng
    content = rules.content
    board = content.board
    # RB-1.2: adventure counters on the gem hexes; the spares form the supply.
    state.counters = [1 << h.gem if h.gem >= 0 else 0 for h in board.hexes]
    state.counter_supply = [SPARE_COUNTERS] * 4
    # RB-1.3: one mixed market deck (PK-3/PK-4: with the packs in play, focus mode on top);
    # a card face up on every city stack but Tamalir's.
    deal_market_deck(rules, state, len(content.market))
    state.stacks = [[] for _ in board.cities]
    for city in board.cities[1:]:
        if state.market_deck:
            state.stacks[city.index].append(pop_market(state))
    # RB-1.4: four adventure decks (PK-3/PK-5: with the packs in play).
    focus_decks = deal_adventure_decks(rules, state)
    if arrange is not None:
        arrange(state, focus_decks)
    if state.opts.advanced_doom_track and state.adventure_decks[0]:
        state.doom_row.append(state.adventure_decks[0].pop())  # AR-2.2: unseen, place 1
    lay_focus_decks(state, focus_decks)  # PK-A3: the setup card comes from the normal deck
    # RB-1.6 to RB-1.9: heroes, gold, Tamalir, turn order.
    heroes = list(range(len(content.heroes)))
    rng.shuffle(heroes)
    tamalir = board.cities[0].hex
    for seat in range(players):
        state.heroes.append(HeroState(heroes[seat], tamalir, STARTING_GOLD))
    state.unused_heroes = sorted(heroes[players:])
    state.first = rng.below(players)
    state.seat = state.first
    emit(log, "setup", players=players, first=state.first, city=board.cities[0].id)
    state.stack.append(("turn", REFRESH))
    if state.opts.hero_selection == "choose":
        state.unused_heroes = sorted(range(len(content.heroes)))
        order = tuple((state.first + i) % players for i in range(players))
        state.stack.append(("choose_hero", order))
