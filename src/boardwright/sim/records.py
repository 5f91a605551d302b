"""One record per simulated game: what ``simulate --out`` writes and every summary is built from.

A record holds what the game was (its index and seed in the run, the options, the packs, each
seat's bot) and how it went (heroes, winners, rank and score per seat, rounds, decisions, how it
ended, the round each victory condition was met, the result's per-seat figures and the game's
per-seat tallies), as plain JSON-ready data, so that records travel between processes and
machines unchanged and a summary made from them is the same whoever played the games.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from boardwright.engine.game import Result

Figures = dict[str, list[float]]
"""Per-seat numbers by name (one number per seat)."""


@dataclass(frozen=True)
class GameRecord:
    """One simulated game. ``error`` is set (and the outcome left empty) for a game that raised:
    a broken game is data, the run goes on."""

    index: int
    seed: int
    game: str
    players: int
    options: dict[str, Any]
    packs: list[str]
    seats: list[str]
    heroes: list[str] | None = None
    winners: list[int] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    rounds: float | None = None
    decisions: int = 0
    ended_by: str | None = None
    milestones: dict[str, int] = field(default_factory=dict)
    """The round each victory condition (or end trigger) was met, by its name."""
    figures: Figures = field(default_factory=dict)
    """The result's per-seat figures (e.g. Dragon Runes, legendary rewards, pieces on board)."""
    tallies: Figures = field(default_factory=dict)
    """What each seat did, counted by the game from its event log (fights, knock-outs, ...)."""
    details: dict[str, Any] = field(default_factory=dict)
    """The result's other details (e.g. Advanced Runebound's endgame report)."""
    error: str | None = None

    @property
    def finished(self) -> bool:
        return self.error is None

    def share(self, seat: int) -> float:
        """The seat's share of the win: 1 for a sole winner, 1/k for one of k tied winners."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def result(self) -> Result:
        """The game's result as the engine gave it (details with the figures folded back)."""
        details: dict[str, Any] = dict(self.details)
        details.update(self.figures)
        if self.heroes is not None:
            details["heroes"] = list(self.heroes)
        if self.ended_by is not None:
            details["ended_by"] = self.ended_by
        return Result(tuple(self.scores), tuple(self.ranks), details)

    def to_data(self) -> dict[str, Any]:
        """JSON-ready data (one line of ``--out FILE.jsonl``)."""
        return {
            "index": self.index,
            "seed": self.seed,
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "packs": list(self.packs),
            "seats": list(self.seats),
            "heroes": None if self.heroes is None else list(self.heroes),
            "winners": list(self.winners),
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "rounds": self.rounds,
            "decisions": self.decisions,
            "ended_by": self.ended_by,
            "milestones": dict(self.milestones),
            "figures": {name: list(values) for name, values in self.figures.items()},
            "tallies": {name: list(values) for name, values in self.tallies.items()},
            "details": dict(self.details),
            "error": self.error,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> GameRecord:
        """The record :meth:`to_data` wrote; a ValueError naming the field when one is wrong."""
        try:
            heroes = data.get("heroes")
            return cls(
                index=int(data["index"]),
                seed=int(data["seed"]),
                game=str(data["game"]),
                players=int(data["players"]),
                options=dict(data.get("options") or {}),
                packs=[str(p) for p in data.get("packs") or []],
                seats=[str(s) for s in data["seats"]],
                heroes=None if heroes is None else [str(h) for h in heroes],
                winners=[int(s) for s in data.get("winners") or []],
                ranks=[int(r) for r in data.get("ranks") or []],
                scores=[float(s) for s in data.get("scores") or []],
                rounds=_optional_float(data.get("rounds")),
                decisions=int(data.get("decisions") or 0),
                ended_by=None if data.get("ended_by") is None else str(data["ended_by"]),
                milestones={str(k): int(v) for k, v in (data.get("milestones") or {}).items()},
                figures=_figures(data.get("figures")),
                tallies=_figures(data.get("tallies")),
                details=dict(data.get("details") or {}),
                error=None if data.get("error") is None else str(data["error"]),
            )
        except KeyError as missing:
            raise ValueError(f"a game record lacks the field {missing}") from None
        except (TypeError, ValueError, AttributeError) as err:
            raise ValueError(f"a game record has a field of the wrong type ({err})") from None


def _optional_float(value: Any) -> float | None:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    return float(value)


def _figures(data: Any) -> Figures:
    return {str(name): [float(v) for v in values] for name, values in (data or {}).items()}


def split_details(result: Result, seats: int) -> tuple[Figures, dict[str, Any]]:
    """The result's per-seat figures (one number, not a flag, per seat) and its other details,
    without the ones a record keeps in fields of their own (heroes, how it ended, rounds)."""
    figures: Figures = {}
    other: dict[str, Any] = {}
    for name, value in result.details.items():
        if name in ("heroes", "ended_by", "rounds"):
            continue
        if is_figure(value, seats):
            figures[name] = [float(v) for v in value]
        else:
            other[name] = value
    return figures, other


def is_figure(value: Any, seats: int) -> bool:
    """Whether a result detail is a figure: one number (not a flag) per seat."""
    return (
        isinstance(value, list | tuple)
        and len(value) == seats
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    )


def records_in_order(records: Sequence[GameRecord]) -> list[GameRecord]:
    """Records by game index (backends finish games in any order)."""
    return sorted(records, key=lambda record: record.index)
