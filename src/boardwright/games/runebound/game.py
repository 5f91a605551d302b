"""Runebound as a :class:`boardwright.engine.Game`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from boardwright.engine.catalog import DEFAULT_LANGUAGE
from boardwright.engine.content import ContentError, ContentRecord
from boardwright.engine.errors import ConfigError
from boardwright.engine.events import Event
from boardwright.engine.game import Game, GameConfig, Result, Tally
from boardwright.engine.procedure import ProcedureTable
from boardwright.engine.rng import Rng
from boardwright.engine.texts import Texts
from boardwright.games.runebound import (
    adventure,
    combat,
    determinize,
    duel,
    endgame,
    knockout_choice,
    movement,
    setup,
    spoils,
    turn,
)
from boardwright.games.runebound.adventures import (
    adventure_of,
    all_adventures,
    by_option_value,
    game_option_set,
    other_adventures,
)
from boardwright.games.runebound.adventures.protocol import Adventure
from boardwright.games.runebound.card_packs import BUILTIN_PACKS_DIR, PACKS_FOLDER, pack_of_file
from boardwright.games.runebound.content import (
    CONTENT_MODELS,
    RuneboundContent,
    card_pack_part,
    default_content,
    validate_content_dir,
    with_packs,
)
from boardwright.games.runebound.options import (
    RULE_SETS,
    RuneboundOptions,
    check_advanced_combination,
)
from boardwright.games.runebound.pack_config import check_packs
from boardwright.games.runebound.rules import Rules
from boardwright.games.runebound.state import RuneboundState
from boardwright.games.runebound.table_content import table_content
from boardwright.games.runebound.tally import runebound_tally
from boardwright.games.runebound.texts import runebound_catalog, runebound_texts
from boardwright.games.runebound.view import seat_view


class Runebound(Game[RuneboundState]):
    name = "runebound"
    title = "Runebound"
    min_players = 1
    max_players = 6
    option_set = game_option_set()  # the base options and every adventure's own
    rule_sets = RULE_SETS

    def __init__(self, content: RuneboundContent | None = None) -> None:
        self.content = content or default_content()
        # one adventure, rules object and procedure table per option value of "adventure"
        # (those whose content is there, when an adventure has a content folder of its own),
        # and per choice of card packs (PK-3: a game's content holds the chosen packs' cards
        # only; built when first played)
        self._adventures: dict[str, Adventure] = {}
        self._rules: dict[tuple[str, tuple[str, ...]], Rules] = {}
        self._tables: dict[tuple[str, tuple[str, ...]], ProcedureTable[RuneboundState]] = {}
        self._asked: dict[tuple[str, tuple[str, ...]], Rules] = {}  # by the packs as given
        for each in all_adventures():
            if each.available(self.content):
                self._adventures[each.option_value] = each
        default = all_adventures()[0].option_value
        self.rules = self._rules_of(default, ())  # the base game's rules
        self.procedures = self._tables[(default, ())]
        self._texts: dict[tuple[str, tuple[str, ...], str], Texts] = {}

    def _rules_of(self, adventure: str, packs: Sequence[str]) -> Rules:
        """The rules of an adventure played with these card packs (built once)."""
        asked = (adventure, tuple(packs))
        rules = self._asked.get(asked)
        if rules is not None:
            return rules
        played = with_packs(self.content, packs)
        key = (adventure, played.packs)
        rules = self._rules.get(key)
        if rules is None:
            each = self._adventures[adventure]
            rules = self._rules[key] = each.rules(played)
            self._tables[key] = each.table(rules, self._table(rules))
        self._asked[asked] = rules
        return rules

    def adventure_for(self, state: RuneboundState) -> Adventure:
        """The adventure the state is a game of."""
        return self._adventures[state.opts.adventure]

    def rules_for(self, state: RuneboundState) -> Rules:
        """The rules (and content) of the state's adventure and card packs."""
        return self._rules_of(state.opts.adventure, state.opts.packs)

    def procedures_for(self, state: RuneboundState) -> ProcedureTable[RuneboundState]:
        rules = self.rules_for(state)
        return self._tables[(state.opts.adventure, rules.content.packs)]

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
                spoils.Spoils(r),
                adventure.Adventure(r),
                adventure.Draw(r),
                adventure.Encounter(r),
                combat.CombatStart(r),
                combat.Combat(r),
                combat.AfterCombat(r),
                knockout_choice.KnockoutChoices(r),
                endgame.Endgame(r),
            ],
            over=game_over,
        )

    def content_models(self) -> Mapping[str, type[ContentRecord]]:
        """The base files' record models, then every adventure's own."""
        models = dict(CONTENT_MODELS)
        for each in all_adventures():
            models.update(each.content_models)
        return models

    def validate_content(self, directory: Path) -> list[ContentError]:
        return validate_content_dir(directory)

    def pinned_files(self, config: GameConfig) -> dict[str, Path]:
        """The built-in files of the chosen card packs (PK-3), as ``packs/<folder>/<file>``;
        an imported content pack's files are pinned with the pack."""
        chosen = set(config.options.get("packs", ()))
        out: dict[str, Path] = {}
        for path in self.content.pack_files:
            if path.parent.parent == BUILTIN_PACKS_DIR and pack_of_file(path) in chosen:
                out[f"{PACKS_FOLDER}/{path.parent.name}/{path.name}"] = path
        return out

    def content_part_folder(self, directory: Path) -> str:
        """A card pack's folder goes to ``packs/<its folder name>``, a folder of card packs
        to ``packs`` (PK-3); any other folder is a whole content folder."""
        return card_pack_part(directory)

    def initial_state(
        self, config: GameConfig, seed: int, log: list[Event] | None
    ) -> RuneboundState:
        played = self._adventures[config.options["adventure"]]
        opts = RuneboundOptions.from_mapping(config.options, played.options(config.options))
        state = RuneboundState(Rng(seed), opts)
        played.setup(self._rules_of(opts.adventure, opts.packs), state, config.players, log)
        return state

    def config(self, players: int, options: Mapping[str, Any] | None = None) -> GameConfig:
        """As every game's, with the played adventure's own defaults for base options
        (``Adventure.base_defaults``) under the options given."""
        given = dict(options or {})
        played = by_option_value().get(str(given.get("adventure", "")))
        if played is not None:
            given = {**played.base_defaults, **given}
        return super().config(players, given)

    def check_config(self, config: GameConfig) -> None:
        options = config.options
        chosen = options["adventure"]
        for other in other_adventures(chosen):  # their options stay at their defaults
            specs = other.option_specs
            changed = [s.name for s in specs if options.get(s.name, s.default) != s.default]
            if changed:
                raise ConfigError(
                    f"{', '.join(changed)} only apply to the {other.option_value} adventure; "
                    f"add --option adventure={other.option_value} or leave them out"
                )
        played = adventure_of(chosen)
        played.check_config(self.content, config)
        check_advanced_combination(options, played.advanced_not_with)  # AR-1.3
        check_packs(self.content, played, options)

    def options_read(self, config: GameConfig) -> dict[str, Any]:
        """The adventure, the base and advanced options and the configured adventure's own
        (the other adventures' options are left out: their rules do not run)."""
        chosen = config.options["adventure"]
        unread = {spec.name for other in other_adventures(chosen) for spec in other.option_specs}
        return {k: v for k, v in super().options_read(config).items() if k not in unread}

    def determinize(self, state: RuneboundState, seat: int | None, rng: Rng) -> RuneboundState:
        return determinize.determinize(self, state, seat, rng)

    def texts(self, config: GameConfig, language: str = DEFAULT_LANGUAGE) -> Texts:
        """The texts of the configured adventure: its board's hex names, its cards, its own
        messages merged with the base game's."""
        played = config.options.get("adventure", all_adventures()[0].option_value)
        rules = self._rules_of(played, config.options.get("packs", ()))
        key = (played, rules.content.packs, language)
        texts = self._texts.get(key)
        if texts is None:
            texts = self._texts[key] = runebound_texts(
                rules.content, self._adventures[played], language
            )
        return texts

    def view(self, state: RuneboundState, seat: int | None) -> dict[str, Any]:
        return seat_view(self, state, seat)

    def table_content(
        self, state: RuneboundState, language: str = DEFAULT_LANGUAGE
    ) -> dict[str, Any]:
        rules = self.rules_for(state)
        adventure = self.adventure_for(state)
        catalog = runebound_catalog(adventure, language)
        return table_content(rules, catalog, adventure.content_names(rules.content))

    def result(self, state: RuneboundState) -> Result | None:
        if not state.finished:
            return None
        endgame_on = state.ended_by == "endgame"
        adventure, rules = self.adventure_for(state), self.rules_for(state)
        keys = [
            # AR-3.7: after the endgame experience counts as experience value, not counters
            (
                1 if s == state.winner else 0,
                *adventure.rank(rules, state, s),  # RB-9.3 Dragon Runes; AK-12.3; CR-35
                self.rules.experience_value(h) if endgame_on else len(h.xp),
                h.gold,
            )
            for s, h in enumerate(state.heroes)
        ]
        ranks = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
        scores = tuple(float(self.score(state, s)) for s in range(len(state.heroes)))
        how = state.ended_by
        heroes = [rules.heroes[h.hero].name for h in state.heroes]
        details: dict[str, Any] = {"rounds": state.round, "ended_by": how, "heroes": heroes}
        details.update(self.adventure_for(state).result_details(rules, state))
        details["experience_counters"] = [len(h.xp) for h in state.heroes]  # RB-9.3's tiebreak
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
        return self.adventure_for(state).trophies(self.rules_for(state), state, seat)

    def score(self, state: RuneboundState, seat: int) -> float:
        """Progress: 10 for the win, 3 per Dragon Rune (Al-Kalim: legendary reward), 1 per
        experience counter."""
        h = state.heroes[seat]
        return 10.0 * (seat == state.winner) + 3.0 * self.trophies(state, seat) + len(h.xp)

    def tally(self, events: Sequence[Event], players: int) -> Tally:
        """Fights, knock-outs, tests, gold, experience and Dragon Runes per hero, and the round
        each way of ending was met (:mod:`.tally`)."""
        return runebound_tally(events, players)


def game_over(state: RuneboundState) -> bool:
    """Whether a rule ended the game (its remaining frames are dropped, ``ProcedureTable``)."""
    return state.finished
