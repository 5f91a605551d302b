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
from boardwright.games.runebound import (
    adventure,
    combat,
    determinize,
    duel,
    endgame,
    knockout_choice,
    movement,
    setup,
    turn,
)
from boardwright.games.runebound.alkalim.config import AL_KALIM, check_al_kalim_config
from boardwright.games.runebound.alkalim.quests import rewards as legend_rewards
from boardwright.games.runebound.alkalim.rules import AlKalimRules
from boardwright.games.runebound.alkalim.setup import setup_al_kalim
from boardwright.games.runebound.alkalim.table import al_kalim_table
from boardwright.games.runebound.content import (
    CONTENT_MODELS,
    RuneboundContent,
    default_content,
    validate_content_dir,
)
from boardwright.games.runebound.options import (
    AL_KALIM_SPECS,
    OPTION_SET,
    RULE_SETS,
    RuneboundOptions,
    check_advanced_combination,
)
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
    rule_sets = RULE_SETS

    def __init__(self, content: RuneboundContent | None = None) -> None:
        self.content = content or default_content()
        self.rules = Rules(self.content)
        self.procedures = self._table(self.rules)
        # one rules object and procedure table per adventure (AK: the overlay and its decks)
        self._rules: dict[str, Rules] = {"dragonlords": self.rules}
        self._tables: dict[str, ProcedureTable[RuneboundState]] = {"dragonlords": self.procedures}
        if self.content.al_kalim is not None:
            ak_rules = AlKalimRules(self.content)
            self._rules[AL_KALIM] = ak_rules
            self._tables[AL_KALIM] = al_kalim_table(ak_rules, self._table(ak_rules))

    def rules_for(self, state: RuneboundState) -> Rules:
        """The rules (and content) of the state's adventure."""
        return self._rules[state.opts.adventure]

    def procedures_for(self, state: RuneboundState) -> ProcedureTable[RuneboundState]:
        return self._tables[state.opts.adventure]

    @staticmethod
    def _table(r: Rules) -> ProcedureTable[RuneboundState]:
        return ProcedureTable(
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
                knockout_choice.KnockoutChoices(r),
                endgame.Endgame(r),
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
        if opts.adventure == AL_KALIM:
            rules = self._rules[AL_KALIM]
            assert isinstance(rules, AlKalimRules)
            setup_al_kalim(rules, state, n, log)
            return state
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
        if opts.advanced_doom_track and state.adventure_decks[0]:
            state.doom_row.append(state.adventure_decks[0].pop())  # AR-2.2: unseen, place 1
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
        options = config.options
        if options["adventure"] == AL_KALIM:
            check_al_kalim_config(self.content, config)
        else:
            changed = [
                spec.name
                for spec in AL_KALIM_SPECS
                if options.get(spec.name, spec.default) != spec.default
            ]
            if changed:
                raise ConfigError(
                    f"{', '.join(changed)} only apply to the al-kalim adventure; "
                    "add --option adventure=al-kalim or leave them out"
                )
            if config.players > len(self.content.heroes):
                raise ConfigError(
                    f"only {len(self.content.heroes)} heroes for {config.players} players"
                )
        check_advanced_combination(config.options)  # AR-1.3

    def determinize(self, state: RuneboundState, seat: int | None, rng: Rng) -> RuneboundState:
        return determinize.determinize(self, state, seat, rng)

    def view(self, state: RuneboundState, seat: int | None) -> dict[str, Any]:
        return seat_view(self, state, seat)

    def result(self, state: RuneboundState) -> Result | None:
        if not state.finished:
            return None
        endgame_on = state.ended_by == "endgame"
        keys = [
            # AR-3.7: after the endgame experience counts as experience value, not counters
            (
                1 if s == state.winner else 0,
                self.trophies(state, s),  # RB-9.3 Dragon Runes; AK-12.3 legendary rewards
                self.rules.experience_value(h) if endgame_on else len(h.xp),
                h.gold,
            )
            for s, h in enumerate(state.heroes)
        ]
        ranks = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
        scores = tuple(float(self.score(state, s)) for s in range(len(state.heroes)))
        how = state.ended_by
        heroes = [self.rules_for(state).heroes[h.hero].name for h in state.heroes]
        details: dict[str, Any] = {"rounds": state.round, "ended_by": how, "heroes": heroes}
        if state.opts.advanced_endgame:
            details["endgame"] = {
                "reached": endgame_on,
                "how": state.endgame_how,
                "winners": [heroes[s] for s, rank in enumerate(ranks) if rank == 1 and endgame_on],
            }
        return Result(scores, ranks, details)

    def turn_key(self, state: RuneboundState) -> tuple[int, ...]:
        return (state.turn_number,)

    def trophies(self, state: RuneboundState, seat: int) -> int:
        """What the adventure is won by: Dragon Runes, or (Al-Kalim) legendary rewards."""
        rules = self.rules_for(state)
        if isinstance(rules, AlKalimRules):
            return legend_rewards(rules, state, seat)
        return len(state.heroes[seat].runes)

    def score(self, state: RuneboundState, seat: int) -> float:
        """Progress: 10 for the win, 3 per Dragon Rune (Al-Kalim: legendary reward), 1 per
        experience counter."""
        h = state.heroes[seat]
        return 10.0 * (seat == state.winner) + 3.0 * self.trophies(state, seat) + len(h.xp)
