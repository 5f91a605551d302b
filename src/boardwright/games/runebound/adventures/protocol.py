"""What a Runebound adventure supplies: :class:`Adventure`, the one seam between the base game and
an adventure module (Rise of the Dragonlords, The Sands of Al-Kalim, ...).

The base game asks the registry (:mod:`boardwright.games.runebound.adventures`) for the adventure
of a game and calls it for everything that differs between adventures: its rules and procedure
table, setup, the options it reads and combines with, its state part, its part of the view and of
the terminal, its bot play, what it is won by and its figures in a game's result. Base
modules never import an adventure.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from boardwright.engine.content import ContentError, ContentRecord
from boardwright.engine.errors import ConfigError
from boardwright.engine.game import GameConfig
from boardwright.engine.options import OptionSpec
from boardwright.engine.procedure import ProcedureTable
from boardwright.engine.texts import FieldFormatter
from boardwright.games.runebound.content import RuneboundContent
from boardwright.games.runebound.records import AdventureCard, MarketCard
from boardwright.games.runebound.rules import Log, Rules
from boardwright.games.runebound.state import RuneboundState


class Adventure(ABC):
    """One Runebound adventure. Subclasses set the class attributes and override what differs
    from the base game; one instance per adventure lives in its module."""

    id: str
    """The adventure in code: its package, and its section of the view (``view[id]``)."""
    option_value: str
    """The value of the option ``adventure`` that picks it (kept by saves: never change it)."""
    title: str
    option_specs: tuple[OptionSpec, ...] = ()
    """Its own options, named ``<id>.<x>``; other adventures refuse them when changed."""
    advanced_not_with: tuple[str, ...] = ()
    """Advanced Runebound options it does not combine with (AR-1.3)."""
    base_defaults: Mapping[str, Any] = {}
    """Base options whose default differs in this adventure (a value given wins)."""
    content_folder: str = ""
    """The folder of its content beside ``base/`` (or in a content pack); "" for none."""
    content_models: Mapping[str, type[ContentRecord]] = {}
    """The record models of its content files, by file stem (for ``content schema``)."""
    bot_play: str = ""
    """``"module:Class"`` of the heuristic bot's play in this adventure; "" for the base play."""
    drawing: str = ""
    """``"module:attribute"`` of its terminal drawing (a ``render.AdventureDrawing``); "" for
    the base drawing only. Imported by the renderer, so the rules never load the terminal."""
    message_package: str | None = None
    """The package whose ``messages/<language>.po`` holds the messages of its own decisions,
    options and events (``rb.`` ids, merged with the base catalog); None when it has none."""

    def available(self, content: RuneboundContent) -> bool:
        """Whether ``content`` has what this adventure needs (its content part)."""
        return True

    def load_content(self, directory: Path) -> object:
        """Its content part from its folder, compiled and checked (ContentError otherwise)."""
        raise NotImplementedError(f"{self.title} has no content of its own")

    def is_content_folder(self, directory: Path) -> bool:
        """Whether ``directory`` is a folder of its content on its own (``content validate``)."""
        return False

    def validate_content(self, directory: Path) -> list[ContentError]:
        """Every problem of its content folder."""
        return []

    def own_cards(self, part: object) -> tuple[Sequence[MarketCard], Sequence[AdventureCard]]:
        """The market and adventure cards of its content part (their ids are its set's: no
        card pack may use them, PK-2)."""
        return (), ()

    def adventure_packs_refusal(self, options: Mapping[str, Any]) -> str:
        """Why adventure-card packs (SM-4, DD-4) may not join its decks in a game with these
        options (PK-6), as a clause for the one-line refusal; "" when they may (by default:
        the seed lets them join every adventure)."""
        return ""

    def options(self, values: Mapping[str, Any]) -> object:
        """The values of its own options for one game (``RuneboundOptions.adventure_options``);
        None when it has none."""
        return None

    @abstractmethod
    def rules(self, content: RuneboundContent) -> Rules:
        """The rules object of its games (a :class:`Rules` or a subclass with its hooks)."""

    def table(
        self, rules: Rules, base: ProcedureTable[RuneboundState]
    ) -> ProcedureTable[RuneboundState]:
        """Its procedure table, built from the base table (which ``rules`` made)."""
        return base

    def check_config(self, content: RuneboundContent, config: GameConfig) -> None:
        """ConfigError (one line) for a configuration it cannot be played with: by default,
        more players than heroes."""
        if config.players > len(content.heroes):
            raise ConfigError(f"only {len(content.heroes)} heroes for {config.players} players")

    @abstractmethod
    def setup(self, rules: Rules, state: RuneboundState, players: int, log: Log) -> None:
        """Set up the board, decks and heroes of a new game (and its state part)."""

    @abstractmethod
    def trophies(self, rules: Rules, state: RuneboundState, seat: int) -> int:
        """What the adventure is won by, as a count for ranks and scores (Dragon Runes, ...)."""

    def rank(self, rules: Rules, state: RuneboundState, seat: int) -> tuple[int, ...]:
        """What ranks a seat at the end before experience and gold (RB-9.3): its trophies
        (Cult of the Rune: VP, then VP from cards, CR-35)."""
        return (self.trophies(rules, state, seat),)

    @abstractmethod
    def result_details(self, rules: Rules, state: RuneboundState) -> dict[str, list[int]]:
        """Its figures of a finished game for ``Result.details``: one list per figure, one
        number per seat, under a name that says what it counts (``dragon_runes``); summaries
        average them per seat and per hero. The first is what the adventure is won by (the
        balance reports show it per hero)."""

    def text_fields(
        self, content: RuneboundContent, base: Mapping[str, FieldFormatter]
    ) -> Mapping[str, FieldFormatter]:
        """Display fields of its own message arguments (``legend``, ``gear``...), added to the
        base game's ``base`` (:mod:`boardwright.games.runebound.texts`), which an argument of
        its own that means what a base one means reuses; ``content`` is its rules'."""
        return {}

    def view_section(self, rules: Rules, state: RuneboundState) -> dict[str, Any] | None:
        """Its open information for ``view[id]``; None when it has none."""
        return None

    def content_names(self, content: RuneboundContent) -> dict[str, str]:
        """English names of its own content records that a view names by id (legend cards,
        gear...), by id, for a front end to draw with (:mod:`..table_content`)."""
        return {}
