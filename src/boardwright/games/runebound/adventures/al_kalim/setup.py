"""Setting up an Al-Kalim game (AK-3), up to each hero's choice of a starting city (AK-3.11)."""

from __future__ import annotations

from boardwright.engine.decision import Decision, Option
from boardwright.engine.state import Frame
from boardwright.games.runebound.adventures.al_kalim.bazaar import replace_base_ally
from boardwright.games.runebound.adventures.al_kalim.message_args import (
    record,
)
from boardwright.games.runebound.adventures.al_kalim.options import al_kalim_options
from boardwright.games.runebound.adventures.al_kalim.procedure import AlKalimProcedure
from boardwright.games.runebound.adventures.al_kalim.rules import AlKalimRules
from boardwright.games.runebound.adventures.al_kalim.state import AlKalimState
from boardwright.games.runebound.content import LEGEND_TYPES
from boardwright.games.runebound.decks import (
    deal_adventure_decks,
    deal_market_deck,
    lay_focus_decks,
    pop_market,
)
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Log
from boardwright.games.runebound.state import REFRESH, HeroState, RuneboundState

STARTING_GOLD = 3  # AK-3.10
SPARE_COUNTERS = 2  # RB-1.2
EXTRA_COUNTERS = 5  # AK-1.11: the expansion's 20 counters, 5 of each colour
MARKET_STACKS = 8  # AK-2.1: the market row's eight stacks stay in use


def hero_pool(rules: AlKalimRules, pool: str) -> list[int]:
    """AK-1.6: the heroes that may be dealt or chosen."""
    everyone = range(len(rules.heroes))
    if pool == "al_kalim":
        return [i for i in everyone if i >= rules.base_heroes]
    if pool == "base":
        return [i for i in everyone if i < rules.base_heroes]
    return list(everyone)


def setup_al_kalim(rules: AlKalimRules, state: RuneboundState, players: int, log: Log) -> None:
    """AK-3.1-AK-3.11: board, decks, legend stacks, gear, heroes; then hero placement."""
    rng = state.rng
    board = rules.board
    records = rules.al_kalim
    al_kalim = AlKalimState(players, len(board.lost_cities))
    state.adventure_state = al_kalim
    # AK-3.3: a counter of its colour on every gem hex; the rest in the supply (AK-1.11)
    state.counters = [1 << h.gem if h.gem >= 0 else 0 for h in board.hexes]
    state.counter_supply = [SPARE_COUNTERS + EXTRA_COUNTERS] * len(COLOURS)
    # AK-3.5: the Al-Kalim ally deck (shuffled first: the deal below may draw from it)
    al_kalim.ally_deck = list(range(rules.first_ally, rules.first_legend))
    rng.shuffle(al_kalim.ally_deck)
    # AK-3.4: the base market deck, one card face up on each of the eight stacks; a base ally
    # dealt is replaced by the top Al-Kalim ally (AK-9.2)
    deal_market_deck(rules, state, rules.base_market)  # PK-3/PK-4: with the market packs
    stacks = max(MARKET_STACKS, *(c.market_position for c in board.cities), 0)
    state.stacks = [[] for _ in range(stacks)]
    for stack in state.stacks:
        if state.market_deck:
            stack.append(replace_base_ally(rules, state, pop_market(state), log))
    # AK-3.6: five legend stacks by type, shuffled
    al_kalim.legend_stacks = [
        [i for i, card in enumerate(records.legends) if card.type == kind] for kind in LEGEND_TYPES
    ]
    for legend_stack in al_kalim.legend_stacks:
        rng.shuffle(legend_stack)
    al_kalim.gear_supply = [gear.count for gear in records.gear]  # AK-1.9
    # AK-3.8: the Al-Kalim adventure decks, with the chosen adventure-card packs' cards shuffled
    # in or (focus) laid on top of their colour's deck (AK-17.2, PK-5)
    lay_focus_decks(state, deal_adventure_decks(rules, state))
    # AK-3.10: heroes with 3 gold; AK-3.11: a die roll for the start player
    pool = hero_pool(rules, al_kalim_options(state).hero_pool)
    rng.shuffle(pool)
    start = board.cities[0].hex
    state.heroes = [HeroState(pool[seat], start, STARTING_GOLD) for seat in range(players)]
    state.unused_heroes = sorted(pool[players:])
    state.first = rng.below(players)
    state.seat = state.first
    record(log, "setup", "al_kalim", players=players, seat=state.first)
    order = tuple((state.first + i) % players for i in range(players))
    state.stack.append(("turn", REFRESH))
    state.stack.append(("al_kalim_place_hero", order))
    if state.opts.hero_selection == "choose":
        state.unused_heroes = sorted(hero_pool(rules, al_kalim_options(state).hero_pool))
        state.stack.append(("choose_hero", order))


class PlaceHero(AlKalimProcedure):
    """AK-3.11: in turn order each player puts their hero on a city of their choice.

    Frame: (name, seats still to place).
    """

    name = "al_kalim_place_hero"

    def step(self, state: RuneboundState, frame: Frame, log: Log) -> Decision | None:
        waiting: tuple[int, ...] = frame[1]
        if not waiting:
            state.stack.pop()
            return None
        seat = waiting[0]
        options = tuple(
            Option(f"city:{c.id}", data=c.hex, what="rb.option.start_in_city", args={"city": c.id})
            for c in self.ak_rules.board.cities
        )
        return Decision(seat, "start_city", options=options, args={"seat": seat})

    def resume(self, state: RuneboundState, frame: Frame, option: Option, log: Log) -> None:
        waiting: tuple[int, ...] = frame[1]
        seat = waiting[0]
        state.heroes[seat].hex = option.data
        record(
            log,
            "move",
            "starts",
            **self.ak_rules.party(state, seat),
            hex=self.ak_rules.hex_labels[option.data],
        )
        state.stack[-1] = (self.name, waiting[1:])
        state.turn_number += 1
