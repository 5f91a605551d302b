"""The contract every game fulfils. Bots, simulation, the CLI and the server see only this."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from mypy_extensions import mypyc_attr

from boardwright.engine.catalog import DEFAULT_LANGUAGE
from boardwright.engine.content import ContentError, ContentRecord
from boardwright.engine.decision import Decision
from boardwright.engine.errors import ConfigError, IllegalActionError
from boardwright.engine.events import Event
from boardwright.engine.options import OptionSet
from boardwright.engine.procedure import ProcedureTable
from boardwright.engine.rng import Rng
from boardwright.engine.state import StateBase
from boardwright.engine.texts import Texts

S = TypeVar("S", bound=StateBase)


@dataclass(frozen=True)
class GameConfig:
    """A validated configuration: player count and every option with its resolved value."""

    players: int
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": {k: _jsonable(v) for k, v in self.options.items()},
        }


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


@dataclass(frozen=True)
class Result:
    """The end of a game: a score and a rank per seat (1 = best; equal ranks for a true tie)."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def to_data(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "details": dict(self.details),
        }


@dataclass(frozen=True)
class Tally:
    """What each seat did in one game, counted by the game from its event log
    (:meth:`Game.tally`): ``seats`` maps a name (e.g. ``fights``) to one count per seat,
    ``milestones`` a victory condition or end trigger to the round it was met."""

    seats: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    milestones: Mapping[str, int] = field(default_factory=dict)


# compiled by mypyc (setup.py); games, tests and tools subclass it in plain Python
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC, Generic[S]):
    """A game definition: immutable, holds static content; states are separate mutable objects.

    A game is config + seed + the list of chosen options: the same three give the same game.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_set: ClassVar[OptionSet]
    rule_sets: ClassVar[Mapping[str, Mapping[str, Any]]] = {"base": {}}
    """Named presets of option values (``--rules NAME``); "base" sets nothing."""

    procedures: ProcedureTable[S]

    # --- configuration -------------------------------------------------------------------
    def config(self, players: int, options: Mapping[str, Any] | None = None) -> GameConfig:
        """Validate a player count and options into a :class:`GameConfig`."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ConfigError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        config = GameConfig(players, self.option_set.resolve(options))
        self.check_config(config)
        return config

    def check_config(self, config: GameConfig) -> None:
        """Checks across options and player count; raise ConfigError naming the option."""

    def options_read(self, config: GameConfig) -> dict[str, Any]:
        """The options the rules of ``config`` read, JSON-ready, for reports such as a
        simulation summary: by default every option; a game whose option set also holds the
        options of rule modules ``config`` does not play (another adventure's) leaves those out."""
        options: dict[str, Any] = config.to_data()["options"]
        return options

    def rule_set_options(
        self, rules: str | None, explicit: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """The options of rule set ``rules`` (None: base) overlaid by ``explicit`` ones, which
        win. ConfigError naming the rule sets allowed when ``rules`` is unknown."""
        chosen = "base" if rules is None else rules
        preset = self.rule_sets.get(chosen)
        if preset is None:
            allowed = ", ".join(self.rule_sets)
            raise ConfigError(f"--rules '{chosen}' is not available; allowed: {allowed}")
        return {**preset, **(explicit or {})}

    # --- the contract -----------------------------------------------------------------------
    def setup(self, config: GameConfig, seed: int, log: list[Event] | None = None) -> S:
        """A new game from config and seed, advanced to its first decision."""
        state = self.initial_state(config, seed, log)
        self.procedures_for(state).run(state, log)
        return state

    def procedures_for(self, state: S) -> ProcedureTable[S]:
        """The procedure table that runs ``state`` (a game with several rule modules, such as
        Runebound's adventures, picks one by the state's options)."""
        return self.procedures

    def decision(self, state: S) -> Decision | None:
        """The current decision, or None once the game is over."""
        return state.pending

    def apply(self, state: S, index: int, log: list[Event] | None = None) -> None:
        """Choose option ``index`` of the current decision; events go to ``log`` if given."""
        decision = state.pending
        if decision is None:
            raise IllegalActionError("the game is over; there is nothing to choose")
        if not 0 <= index < len(decision.options):
            raise IllegalActionError(
                f"option {index} is out of range: choose 0 to {len(decision.options) - 1}"
            )
        self.procedures_for(state).resume(state, decision.options[index], log)

    def apply_key(self, state: S, key: str, log: list[Event] | None = None) -> None:
        """Choose the option whose stable key is ``key``."""
        decision = state.pending
        if decision is None:
            raise IllegalActionError("the game is over; there is nothing to choose")
        index = decision.index_of(key)
        if index is None:
            raise IllegalActionError(f"'{key}' is not a legal choice for {decision.kind}")
        self.procedures_for(state).resume(state, decision.options[index], log)

    def clone(self, state: S) -> S:
        return state.clone()  # type: ignore[attr-defined, no-any-return]

    @abstractmethod
    def determinize(self, state: S, seat: int | None, rng: Rng) -> S:
        """A new state consistent with everything ``seat`` has seen (``None``: a spectator),
        for look-ahead bots that must not see future dice or hidden cards.

        ``state`` is not changed. In the result the cards ``seat`` cannot know (the order of
        decks, other players' face-down cards) are dealt again at random among the places they
        could be, while every card the seat knows stays where it is; the random generator is
        reseeded from ``rng`` (which advances). So ``view(result, seat) == view(state, seat)``,
        the pending decision is the one the seat sees (recomputed when another seat decides),
        and the result can be played on like any state, independently of ``state``.
        """

    @abstractmethod
    def initial_state(self, config: GameConfig, seed: int, log: list[Event] | None) -> S:
        """Lay out the game and push the first procedures (no decision asked yet)."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (``None``: a spectator), as JSON-ready data."""

    def table_content(self, state: S, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The static content a front end draws this game with (a board's hexes, the names
        and numbers of the cards that may appear, names in ``language``), as JSON-ready data:
        the same for every seat and for the whole game, so it never holds hidden
        information. Empty when the views carry all a front end needs."""
        return {}

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The final result, or None while the game goes on."""

    @abstractmethod
    def turn_key(self, state: S) -> tuple[int, ...]:
        """Identifies whose turn it is (e.g. round and seat); undo never changes it."""

    # --- text -------------------------------------------------------------------------------
    @abstractmethod
    def texts(self, config: GameConfig, language: str = DEFAULT_LANGUAGE) -> Texts:
        """The human text of the options, prompts and events of games played with ``config``
        in ``language`` (English where a translation is missing), made only when a front end
        asks: the rules build none. The configuration matters when it changes the words (a
        Runebound adventure's board has hex names of its own)."""

    # --- content ----------------------------------------------------------------------------
    def content_models(self) -> Mapping[str, type[ContentRecord]]:
        """The record types of the game's content files, by file stem (for JSON Schema export)."""
        return {}

    def validate_content(self, directory: Path) -> list[ContentError]:
        """Every problem of a content directory an owner made (empty when it is fine)."""
        return []

    def pinned_files(self, config: GameConfig) -> dict[str, Path]:
        """The built-in content files a game of this configuration plays with beyond the
        game's own base files, by a name stable across installs (Runebound: the chosen card
        packs' files). A save pins them by fingerprint; none by default."""
        return {}

    def content_part_folder(self, directory: Path) -> str:
        """Where an imported folder's files go inside a content pack: "" for a whole content
        folder (its files at the pack's top), else the pack's subfolder for a part of the
        content that plays on top of the built-in files (Runebound: ``packs/<pack>`` for a
        card pack's folder)."""
        return ""

    def score(self, state: S, seat: int) -> float:
        """The seat's current score (for summaries and heuristics)."""
        return 0.0

    def tally(self, events: Sequence[Event], players: int) -> Tally:
        """What each seat did in a finished game, counted from its whole event log, for
        simulation records: per-seat counts by name and the round each victory condition (or
        end trigger) was met. Nothing by default."""
        return Tally()
