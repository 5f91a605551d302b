"""Avatars of Kelnov as an :class:`Adventure` (docs/rules/kelnov.md): its option, content,
rules, setup, view section, what it is won by (Avatars, KV-9) and its figures in the result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from boardwright.engine.content import ContentError, ContentRecord
from boardwright.engine.errors import ConfigError
from boardwright.engine.game import GameConfig
from boardwright.engine.options import OptionSpec
from boardwright.games.runebound.adventures.kelnov.content import (
    KELNOV_FOLDER,
    KELNOV_MODELS,
    KelnovContent,
    is_kelnov_folder,
    kelnov_content,
    load_kelnov,
    validate_kelnov_dir,
)
from boardwright.games.runebound.adventures.kelnov.options import KELNOV_SPECS, KelnovOptions
from boardwright.games.runebound.adventures.kelnov.rules import KelnovRules
from boardwright.games.runebound.adventures.kelnov.setup import setup_kelnov
from boardwright.games.runebound.adventures.kelnov.view import kelnov_section
from boardwright.games.runebound.adventures.protocol import Adventure
from boardwright.games.runebound.content import RuneboundContent
from boardwright.games.runebound.records import AdventureCard, MarketCard
from boardwright.games.runebound.rules import Log, Rules
from boardwright.games.runebound.state import RuneboundState

PACKAGE = "boardwright.games.runebound.adventures.kelnov"


class Kelnov(Adventure):
    id = "kelnov"
    option_value = "kelnov"
    title = "Avatars of Kelnov"
    # the base class's attribute types, spelled out: compiled (mypyc) classes keep them exact
    option_specs: tuple[OptionSpec, ...] = KELNOV_SPECS
    bot_play = "boardwright.bots.runebound.kelnov.play:KelnovPlay"
    drawing = "boardwright.games.runebound.adventures.kelnov.render:KELNOV_DRAWING"
    content_folder = KELNOV_FOLDER
    content_models: Mapping[str, type[ContentRecord]] = KELNOV_MODELS
    message_package: str | None = PACKAGE

    def available(self, content: RuneboundContent) -> bool:
        return kelnov_content(content) is not None

    def load_content(self, directory: Path) -> KelnovContent:
        return load_kelnov(directory)

    def is_content_folder(self, directory: Path) -> bool:
        return is_kelnov_folder(directory)

    def validate_content(self, directory: Path) -> list[ContentError]:
        return validate_kelnov_dir(directory)

    def own_cards(self, part: object) -> tuple[Sequence[MarketCard], Sequence[AdventureCard]]:
        assert isinstance(part, KelnovContent)
        return (), part.adventures

    def options(self, values: Mapping[str, Any]) -> KelnovOptions:
        return KelnovOptions.from_mapping(values)

    def rules(self, content: RuneboundContent) -> KelnovRules:
        return KelnovRules(content)

    def check_config(self, content: RuneboundContent, config: GameConfig) -> None:
        if kelnov_content(content) is None:
            raise ConfigError(
                "the kelnov adventure needs Kelnov's cards: this content pack has no 'kelnov' "
                "folder"
            )
        super().check_config(content, config)

    def setup(self, rules: Rules, state: RuneboundState, players: int, log: Log) -> None:
        assert isinstance(rules, KelnovRules)
        setup_kelnov(rules, state, players, log)

    def trophies(self, rules: Rules, state: RuneboundState, seat: int) -> int:
        """KV-9, KV-13: the Avatars held."""
        return len(state.heroes[seat].runes)

    def result_details(self, rules: Rules, state: RuneboundState) -> dict[str, list[int]]:
        """The Avatars each seat holds (KV-10)."""
        return {"avatars": [len(hero.runes) for hero in state.heroes]}

    def view_section(self, rules: Rules, state: RuneboundState) -> dict[str, Any]:
        return kelnov_section(rules, state)


KELNOV = Kelnov()
