"""Cult of the Rune as an :class:`Adventure` (docs/rules/cult.md): its options, content, rules
and procedure table, setup, the checks of a configuration, its view section, what it is won
by (victory points, CR-27) and its figures in the result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from boardwright.engine.content import ContentError, ContentRecord
from boardwright.engine.errors import ConfigError
from boardwright.engine.game import GameConfig
from boardwright.engine.options import OptionSpec
from boardwright.engine.procedure import ProcedureTable
from boardwright.games.runebound.adventures.cult.content import (
    CULT_FOLDER,
    CULT_MODELS,
    CultContent,
    cult_content,
    is_cult_folder,
    load_cult,
    validate_cult_dir,
)
from boardwright.games.runebound.adventures.cult.options import CULT_SPECS, CultOptions
from boardwright.games.runebound.adventures.cult.procedures import (
    CultBrand,
    CultExperience,
    CultMove,
    CultTurn,
)
from boardwright.games.runebound.adventures.cult.rules import RED, CultRules
from boardwright.games.runebound.adventures.cult.setup import setup_cult
from boardwright.games.runebound.adventures.cult.state import cult_state
from boardwright.games.runebound.adventures.cult.view import cult_section
from boardwright.games.runebound.adventures.protocol import Adventure
from boardwright.games.runebound.content import RuneboundContent
from boardwright.games.runebound.records import AdventureCard, MarketCard
from boardwright.games.runebound.rules import Log, Rules
from boardwright.games.runebound.state import RuneboundState

PACKAGE = "boardwright.games.runebound.adventures.cult"


class Cult(Adventure):
    id = "cult"
    option_value = "cult"
    title = "Cult of the Rune"
    # the base class's attribute types, spelled out: compiled (mypyc) classes keep them exact
    option_specs: tuple[OptionSpec, ...] = CULT_SPECS
    advanced_not_with: tuple[str, ...] = ("advanced.doom_track", "advanced.endgame")  # CR-42
    bot_play = "boardwright.bots.runebound.cult.play:CultPlay"
    drawing = "boardwright.games.runebound.adventures.cult.render:CULT_DRAWING"
    content_folder = CULT_FOLDER
    content_models: Mapping[str, type[ContentRecord]] = CULT_MODELS
    message_package: str | None = PACKAGE

    def available(self, content: RuneboundContent) -> bool:
        return cult_content(content) is not None

    def load_content(self, directory: Path) -> CultContent:
        return load_cult(directory)

    def is_content_folder(self, directory: Path) -> bool:
        return is_cult_folder(directory)

    def validate_content(self, directory: Path) -> list[ContentError]:
        return validate_cult_dir(directory)

    def own_cards(self, part: object) -> tuple[Sequence[MarketCard], Sequence[AdventureCard]]:
        assert isinstance(part, CultContent)
        return (), part.adventures

    def options(self, values: Mapping[str, Any]) -> CultOptions:
        return CultOptions.from_mapping(values)

    def rules(self, content: RuneboundContent) -> CultRules:
        return CultRules(content)

    def table(
        self, rules: Rules, base: ProcedureTable[RuneboundState]
    ) -> ProcedureTable[RuneboundState]:
        assert isinstance(rules, CultRules)
        own = [
            CultTurn(rules),
            CultExperience(rules),
            CultMove(rules),
            CultBrand(rules),
        ]
        names = {p.name for p in own}
        kept = [p for name, p in base.table.items() if name not in names]
        return ProcedureTable([*kept, *own], over=base.over)

    def check_config(self, content: RuneboundContent, config: GameConfig) -> None:
        """CR-1: the cult's cards installed; CR-6: a board with Forge; CR-42: no doom track."""
        if cult_content(content) is None:
            raise ConfigError(
                "the cult adventure needs the cult's cards: this content pack has no 'cult' folder"
            )
        if not any(city.id == "forge" for city in content.board.cities):
            raise ConfigError("the cult adventure needs a board with the city 'forge' (CR-6)")
        if not any(h.gem == RED for h in content.board.hexes):
            raise ConfigError("the cult adventure needs a board with a red gem hex (CR-48)")
        if config.options.get("base_doom_track"):
            raise ConfigError(
                "base_doom_track: Cult of the Rune turns the doom counters into corruption "
                "markers and plays without a doom track (CR-5)"
            )
        super().check_config(content, config)

    def setup(self, rules: Rules, state: RuneboundState, players: int, log: Log) -> None:
        assert isinstance(rules, CultRules)
        setup_cult(rules, state, players, log)

    def trophies(self, rules: Rules, state: RuneboundState, seat: int) -> int:
        """CR-27: victory points (cards and the colour bonus); none once eliminated (CR-34)."""
        assert isinstance(rules, CultRules)
        return -1 if seat in state.eliminated else rules.vp(state, seat)

    def rank(self, rules: Rules, state: RuneboundState, seat: int) -> tuple[int, ...]:
        """CR-35: VP, then VP from cards (then experience counters and gold, RB-9.3)."""
        assert isinstance(rules, CultRules)
        if seat in state.eliminated:
            return (-1, -1)
        return (rules.vp(state, seat), rules.card_vp(state, seat))

    def result_details(self, rules: Rules, state: RuneboundState) -> dict[str, list[int]]:
        """Per seat: VP, VP from cards, cultists held, corruption held, and who was
        eliminated."""
        assert isinstance(rules, CultRules)
        part = cult_state(state)
        seats = range(len(state.heroes))
        return {
            "vp": [rules.vp(state, s) for s in seats],
            "card_vp": [rules.card_vp(state, s) for s in seats],
            "cultists": [len(part.vp[s]) for s in seats],
            "corruption": [part.corruption[s] for s in seats],
            "eliminated": [int(s in state.eliminated) for s in seats],
        }

    def view_section(self, rules: Rules, state: RuneboundState) -> dict[str, Any]:
        return cult_section(rules, state)


CULT = Cult()
