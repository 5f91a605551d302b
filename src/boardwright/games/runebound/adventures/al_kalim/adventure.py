"""The Sands of Al-Kalim as an :class:`Adventure` (docs/rules/al-kalim.md): its options, rules and
procedure table, setup, the checks of a configuration, its view section, what it is won by and its
figures in the result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from boardwright.engine.content import ContentError, ContentRecord
from boardwright.engine.errors import ConfigError
from boardwright.engine.game import GameConfig
from boardwright.engine.options import OptionSpec
from boardwright.engine.procedure import ProcedureTable
from boardwright.engine.texts import FieldFormatter
from boardwright.games.runebound.adventures.al_kalim.content import (
    AL_KALIM_FOLDER,
    AL_KALIM_MODELS,
    AlKalimContent,
    al_kalim_content,
    is_al_kalim_folder,
    load_al_kalim,
    validate_al_kalim_dir,
)
from boardwright.games.runebound.adventures.al_kalim.options import AL_KALIM_SPECS, AlKalimOptions
from boardwright.games.runebound.adventures.al_kalim.quests import rewards
from boardwright.games.runebound.adventures.al_kalim.rules import LEGEND_KEY, AlKalimRules
from boardwright.games.runebound.adventures.al_kalim.setup import setup_al_kalim
from boardwright.games.runebound.adventures.al_kalim.state import al_kalim_state
from boardwright.games.runebound.adventures.al_kalim.table import al_kalim_table
from boardwright.games.runebound.adventures.al_kalim.texts import PACKAGE, text_fields
from boardwright.games.runebound.adventures.al_kalim.view import al_kalim_section
from boardwright.games.runebound.adventures.protocol import Adventure
from boardwright.games.runebound.content import RuneboundContent
from boardwright.games.runebound.records import Ability, AdventureCard, MarketCard
from boardwright.games.runebound.rules import Log, Rules
from boardwright.games.runebound.state import RuneboundState
from boardwright.games.runebound.texts import ability_fields, base_owner

MIN_PLAYERS = 2  # AK-1.1


class AlKalim(Adventure):
    id = "al_kalim"
    option_value = "al-kalim"
    title = "The Sands of Al-Kalim"
    # the base class's attribute types, spelled out: compiled (mypyc) classes keep them exact
    option_specs: tuple[OptionSpec, ...] = AL_KALIM_SPECS
    advanced_not_with: tuple[str, ...] = ("advanced.doom_track", "advanced.endgame")  # AR-1.3
    # AK-16.6: an empty deck is rebuilt from its discards (its challenges feed quests to the end)
    base_defaults: Mapping[str, Any] = {"adventure_discards": "reshuffle"}
    bot_play = "boardwright.bots.runebound.al_kalim.play:AlKalimPlay"
    drawing = "boardwright.games.runebound.adventures.al_kalim.render:AL_KALIM_DRAWING"

    content_folder = AL_KALIM_FOLDER
    content_models: Mapping[str, type[ContentRecord]] = AL_KALIM_MODELS
    message_package: str | None = PACKAGE

    def available(self, content: RuneboundContent) -> bool:
        return al_kalim_content(content) is not None

    def load_content(self, directory: Path) -> AlKalimContent:
        return load_al_kalim(directory)

    def is_content_folder(self, directory: Path) -> bool:
        return is_al_kalim_folder(directory)

    def validate_content(self, directory: Path) -> list[ContentError]:
        return validate_al_kalim_dir(directory)

    def own_cards(self, part: object) -> tuple[Sequence[MarketCard], Sequence[AdventureCard]]:
        assert isinstance(part, AlKalimContent)
        return part.allies, part.adventures

    def adventure_packs_refusal(self, options: Mapping[str, Any]) -> str:
        """PK-6, AK-17.1: the adventure-card packs join the desert's decks unless
        ``al_kalim.adventure_packs=false`` keeps them to the expansion's own challenges."""
        if options.get("al_kalim.adventure_packs", True):
            return ""
        return (
            "al_kalim.adventure_packs=false keeps the desert's decks to the expansion's own "
            "challenges (AK-17.1)"
        )

    def options(self, values: Mapping[str, Any]) -> AlKalimOptions:
        return AlKalimOptions.from_mapping(values)

    def rules(self, content: RuneboundContent) -> AlKalimRules:
        return AlKalimRules(content)

    def table(
        self, rules: Rules, base: ProcedureTable[RuneboundState]
    ) -> ProcedureTable[RuneboundState]:
        assert isinstance(rules, AlKalimRules)
        return al_kalim_table(rules, base)

    def check_config(self, content: RuneboundContent, config: GameConfig) -> None:
        """ConfigError for an Al-Kalim game that cannot be set up."""
        records = al_kalim_content(content)
        if records is None:
            raise ConfigError(
                "the al-kalim adventure needs the Al-Kalim content: this content pack has no "
                "'al-kalim' folder"
            )
        if config.players < MIN_PLAYERS:
            raise ConfigError(f"The Sands of Al-Kalim takes 2 to 6 players, not {config.players}")
        pool = config.options["al_kalim.hero_pool"]
        heroes = {
            "both": len(content.heroes) + len(records.heroes),
            "al_kalim": len(records.heroes),
            "base": len(content.heroes),
        }[pool]
        if config.players > heroes:
            raise ConfigError(
                f"al_kalim.hero_pool={pool} has only {heroes} heroes for {config.players} players"
            )

    def setup(self, rules: Rules, state: RuneboundState, players: int, log: Log) -> None:
        assert isinstance(rules, AlKalimRules)
        setup_al_kalim(rules, state, players, log)

    def trophies(self, rules: Rules, state: RuneboundState, seat: int) -> int:
        """AK-12.3: legendary rewards (each type once)."""
        assert isinstance(rules, AlKalimRules)
        return rewards(rules, state, seat)

    def result_details(self, rules: Rules, state: RuneboundState) -> dict[str, list[int]]:
        """Per seat, from the quest boards at the end: the legendary rewards that count for
        victory (each type once, AK-12.1), the legend cards on their reward side (a type held
        twice counts twice), the quests still open, and the survival gear tokens held (AK-9.4)."""
        assert isinstance(rules, AlKalimRules)
        boards = al_kalim_state(state).boards
        return {
            "legendary_rewards": [rewards(rules, state, s) for s in range(len(state.heroes))],
            "reward_cards": [sum(slot.done for slot in b.legends) for b in boards],
            "open_quests": [sum(not slot.done for slot in b.legends) for b in boards],
            "survival_gear": [sum(b.gear) for b in boards],
        }

    def text_fields(
        self, content: RuneboundContent, base: Mapping[str, FieldFormatter]
    ) -> dict[str, FieldFormatter]:
        """Its own message arguments (texts.py), and the ability fields knowing the keys of
        legendary rewards (``L<legend>.<n>``, the market cards after the allies)."""
        records = al_kalim_content(content)
        assert records is not None
        first_legend = len(content.market) - len(records.legends)
        base_owner_of = base_owner(content)

        def owner_of(key: str) -> tuple[str, str, Ability]:
            if not key.startswith(LEGEND_KEY):
                return base_owner_of(key)
            legend, index = key[len(LEGEND_KEY) :].split(".")
            card = content.market[first_legend + int(legend)]
            return card.id, card.name, card.abilities[int(index)]

        cards = {card.id: card for card in content.adventures}
        abilities = ability_fields(owner_of, cards)
        return {**text_fields(content, {**base, **abilities}), **abilities}

    def content_names(self, content: RuneboundContent) -> dict[str, str]:
        records = al_kalim_content(content)
        if records is None:
            return {}
        return {
            **{card.id: card.name for card in records.legends},
            **{gear.id: gear.name for gear in records.gear},
            **{gear.kind: gear.name for gear in records.gear},  # the view names gear by kind
        }

    def view_section(self, rules: Rules, state: RuneboundState) -> dict[str, Any]:
        assert isinstance(rules, AlKalimRules)
        return al_kalim_section(rules, state)


AL_KALIM = AlKalim()
