"""Runebound as a :class:`boardwright.engine.Game`."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from boardwright.engine.content import ContentError, ContentRecord
from boardwright.engine.errors import ConfigError
from boardwright.engine.events import Event
from boardwright.engine.game import Game, GameConfig, Result
from boardwright.engine.procedure import ProcedureTable
from boardwright.engine.rng import Rng
from boardwright.games.runebound import adventure, combat, duel, movement, setup, turn
from boardwright.games.runebound.content import (
    CONTENT_MODELS,
    RuneboundContent,
    default_content,
    validate_content_dir,
)
from boardwright.games.runebound.options import OPTION_SET, RuneboundOptions
from boardwright.games.runebound.records import COLOURS
from boardwright.games.runebound.rules import Rules, emit, seat_name
from boardwright.games.runebound.state import REFRESH, HeroState, RuneboundState
from boardwright.games.runebound.view import seat_view

STARTING_GOLD = 3  # RB-1.6
SPARE_COUNTERS = 2  # RB-1.2: the box holds two more of each colour than the board needs


class Runebound(Game[RuneboundState]):
    name = "runebound"
    title = "Runebound"
    min_players = 1
    max_players = 6
    option_set = OPTION_SET

    def __init__(self, content: RuneboundContent | None = None) -> None:
        self.content = content or default_content()
        self.rules = Rules(self.content)
        r = self.rules
        self.procedures = ProcedureTable(
            [
                setup.ChooseHero(r),
                turn.Turn(r),
                turn.Market(r),
                turn.Experience(r),
                movement.Movement(r),
                movement.Move(r),
                movement.StepOne(r),
                movement.AfterMovement(r),
                movement.Teleport(r),
                movement.TravelProblems(r),
                duel.Duel(r),
                adventure.Adventure(r),
                adventure.Draw(r),
                adventure.Encounter(r),
                combat.CombatStart(r),
                combat.Combat(r),
                combat.AfterCombat(r),
            ]
        )

    def content_models(self) -> Mapping[str, type[ContentRecord]]:
        return CONTENT_MODELS

    def validate_content(self, directory: Path) -> list[ContentError]:
        return validate_content_dir(directory)

    def initial_state(
        self, config: GameConfig, seed: int, log: list[Event] | None
    ) -> RuneboundState:
        opts = RuneboundOptions.from_mapping(config.options)
        n = config.players
        rng = Rng(seed)
        state = RuneboundState(rng, opts)
        content = self.content
        board = content.board
        # RB-1.2: adventure counters on the gem hexes; the spares form the supply.
        state.counters = [1 << h.gem if h.gem >= 0 else 0 for h in board.hexes]
        state.counter_supply = [SPARE_COUNTERS] * 4
        # RB-1.3: one mixed market deck; a card face up on every city stack but Tamalir's.
        state.market_deck = list(range(len(content.market)))
        rng.shuffle(state.market_deck)
        state.stacks = [[] for _ in board.cities]
        for city in board.cities[1:]:
            if state.market_deck:
                state.stacks[city.index].append(state.market_deck.pop())
        # RB-1.4: four adventure decks.
        for index, card in enumerate(content.adventures):
            state.adventure_decks[COLOURS.index(card.colour)].append(index)
        for deck in state.adventure_decks:
            rng.shuffle(deck)
        # RB-1.6 to RB-1.9: heroes, gold, Tamalir, turn order.
        heroes = list(range(len(content.heroes)))
        rng.shuffle(heroes)
        tamalir = board.cities[0].hex
        for seat in range(n):
            state.heroes.append(HeroState(heroes[seat], tamalir, STARTING_GOLD))
        state.unused_heroes = sorted(heroes[n:])
        state.first = rng.below(n)
        state.seat = state.first
        emit(
            log,
            "setup",
            f"{n} player(s); {seat_name(state.first)} starts in {board.cities[0].name}",
            players=n,
            first=state.first,
        )
        state.stack.append(("turn", REFRESH))
        if opts.hero_selection == "choose":
            state.unused_heroes = sorted(range(len(content.heroes)))
            order = tuple((state.first + i) % n for i in range(n))
            state.stack.append(("choose_hero", order))
        return state

    def check_config(self, config: GameConfig) -> None:
        if config.players > len(self.content.heroes):
            raise ConfigError(
                f"only {len(self.content.heroes)} heroes for {config.players} players"
            )

    def view(self, state: RuneboundState, seat: int | None) -> dict[str, Any]:
        return seat_view(self, state, seat)

    def result(self, state: RuneboundState) -> Result | None:
        if not state.finished:
            return None
        keys = [
            (1 if s == state.winner else 0, len(h.runes), len(h.xp), h.gold)
            for s, h in enumerate(state.heroes)
        ]
        ranks = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
        scores = tuple(float(self.score(state, s)) for s in range(len(state.heroes)))
        how = state.ended_by
        return Result(
            scores,
            ranks,
            {
                "rounds": state.round,
                "ended_by": how,
                "heroes": [self.content.heroes[h.hero].name for h in state.heroes],
            },
        )

    def turn_key(self, state: RuneboundState) -> tuple[int, ...]:
        return (state.turn_number,)

    def score(self, state: RuneboundState, seat: int) -> float:
        """Progress: 10 for the win, 3 per Dragon Rune, 1 per experience counter."""
        h = state.heroes[seat]
        return 10.0 * (seat == state.winner) + 3.0 * len(h.runes) + len(h.xp)
