"""A run's summary: wins, scores, rounds and figures per seat and per hero, made from its game
records (:mod:`boardwright.sim.records`), so it is the same whoever played the games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from boardwright.engine.game import Result
from boardwright.sim.records import GameRecord, is_figure

MAX_ERROR_MESSAGES = 5


@dataclass
class Summary:
    """The outcome of a simulation run. ``wins_by_seat`` counts shared first places for each."""

    game: str
    players: int
    games: int
    seed: int
    seats: list[str]
    options: dict[str, Any]
    wins_by_seat: list[int]
    mean_score: list[float]
    mean_decisions: float
    decisions_per_second: float
    elapsed_s: float
    errors: int
    error_messages: list[str] = field(default_factory=list)
    mean_rounds: float | None = None
    wins_by_hero: dict[str, int] | None = None
    games_by_hero: dict[str, int] | None = None
    ended_by: dict[str, int] | None = None
    endgame: dict[str, Any] | None = None
    means_by_seat: dict[str, list[float]] = field(default_factory=dict)
    means_by_hero: dict[str, dict[str, float]] = field(default_factory=dict)
    distributions: dict[str, dict[str, int]] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        """JSON-ready data; ``mean_rounds`` only when the game reports rounds, the hero counts
        only when results name heroes (``details["heroes"]``), ``ended_by`` only when results
        say how the game ended (``details["ended_by"]``), ``endgame`` only when results report
        a final showdown (``details["endgame"]``, e.g. Advanced Runebound): the games that
        ended in it, how, and the winners by hero. ``means_by_seat`` only when results have
        per-seat figures (a detail with one number per seat, e.g. ``pieces_on_board``): each
        figure's mean per seat; ``means_by_hero`` the same per hero, when results name them;
        ``distributions`` each whole-number figure's distribution: how many seats ended a game
        with each value (e.g. Cult of the Rune's victory points)."""
        data: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "seats": list(self.seats),
            "options": dict(self.options),
            "wins_by_seat": list(self.wins_by_seat),
            "mean_score": list(self.mean_score),
            "mean_decisions": self.mean_decisions,
            "decisions_per_second": self.decisions_per_second,
            "elapsed_s": self.elapsed_s,
            "errors": self.errors,
            "error_messages": list(self.error_messages),
        }
        if self.mean_rounds is not None:
            data["mean_rounds"] = self.mean_rounds
        if self.wins_by_hero is not None:
            data["wins_by_hero"] = dict(self.wins_by_hero)
        if self.games_by_hero is not None:
            data["games_by_hero"] = dict(self.games_by_hero)
        if self.ended_by is not None:
            data["ended_by"] = dict(self.ended_by)
        if self.endgame is not None:
            data["endgame"] = {
                key: dict(value) if isinstance(value, dict) else value
                for key, value in self.endgame.items()
            }
        if self.means_by_seat:
            data["means_by_seat"] = {name: list(v) for name, v in self.means_by_seat.items()}
        if self.means_by_hero:
            data["means_by_hero"] = {name: dict(v) for name, v in self.means_by_hero.items()}
        if self.distributions:
            data["distributions"] = {name: dict(v) for name, v in self.distributions.items()}
        return data


@dataclass
class _Tally:
    """Running totals over the games of one run."""

    players: int
    finished: int = 0
    decisions: int = 0
    finished_decisions: int = 0
    errors: int = 0
    error_messages: list[str] = field(default_factory=list)
    rounds: list[float] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    score_sums: list[float] = field(default_factory=list)
    hero_wins: dict[str, int] | None = None
    hero_games: dict[str, int] | None = None
    ended_by: dict[str, int] | None = None
    endgame: dict[str, Any] | None = None
    # per figure (a per-seat numeric detail): its sums and the games that reported it, per seat
    figure_sums: dict[str, list[float]] = field(default_factory=dict)
    figure_games: dict[str, int] = field(default_factory=dict)
    # per figure and hero: the sum and the number of games
    hero_figures: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    # per whole-number figure: how many seats ended a game with each value
    figure_counts: dict[str, dict[int, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.score_sums = [0.0] * self.players

    def add_result(self, result: Result, decisions: int, rounds: float | None) -> None:
        self.finished += 1
        self.finished_decisions += decisions
        for seat in result.winners:
            self.wins[seat] += 1
        for seat, score in enumerate(result.scores):
            self.score_sums[seat] += score
        if rounds is not None:
            self.rounds.append(rounds)
        self._add_heroes(result)
        how = result.details.get("ended_by")
        if how is not None:
            if self.ended_by is None:
                self.ended_by = {}
            self.ended_by[str(how)] = self.ended_by.get(str(how), 0) + 1
        self._add_endgame(result)
        self._add_figures(result)

    def _add_figures(self, result: Result) -> None:
        """Sums of every detail with one number per seat, per seat and (when the result names
        each seat's hero) per hero."""
        named = result.details.get("heroes")
        heroes = (
            [str(hero) for hero in named]
            if isinstance(named, list | tuple) and len(named) == len(result.ranks)
            else None
        )
        for name, values in result.details.items():
            if not is_figure(values, len(result.ranks)):
                continue
            sums = self.figure_sums.setdefault(name, [0.0] * len(values))
            for seat, value in enumerate(values):
                sums[seat] += value
            self.figure_games[name] = self.figure_games.get(name, 0) + 1
            if all(float(v).is_integer() for v in values):
                counts = self.figure_counts.setdefault(name, {})
                for value in values:
                    counts[int(value)] = counts.get(int(value), 0) + 1
            if heroes is None:
                continue
            by_hero = self.hero_figures.setdefault(name, {})
            for hero, value in zip(heroes, values, strict=True):
                total = by_hero.setdefault(hero, [0.0, 0.0])
                total[0] += value
                total[1] += 1

    def _add_endgame(self, result: Result) -> None:
        """Games that ended in a final showdown, how, and who won it (by hero)."""
        report = result.details.get("endgame")
        if not isinstance(report, Mapping):
            return
        if self.endgame is None:
            self.endgame = {"games": 0, "how": {}, "wins_by_hero": {}}
        if not report.get("reached"):
            return
        self.endgame["games"] += 1
        how = str(report.get("how", ""))
        self.endgame["how"][how] = self.endgame["how"].get(how, 0) + 1
        wins: dict[str, int] = self.endgame["wins_by_hero"]
        for hero in report.get("winners", ()):
            wins[str(hero)] = wins.get(str(hero), 0) + 1

    def _add_heroes(self, result: Result) -> None:
        """Games and wins per hero, when the result names each seat's hero."""
        heroes = result.details.get("heroes")
        if not isinstance(heroes, list | tuple) or len(heroes) != len(result.ranks):
            return
        if self.hero_wins is None or self.hero_games is None:
            self.hero_wins, self.hero_games = {}, {}
        for seat, hero in enumerate(heroes):
            name = str(hero)
            self.hero_games[name] = self.hero_games.get(name, 0) + 1
            won = 1 if result.ranks[seat] == 1 else 0
            self.hero_wins[name] = self.hero_wins.get(name, 0) + won

    def add_error(self, index: int, seed: int, message: str) -> None:
        self.errors += 1
        if len(self.error_messages) < MAX_ERROR_MESSAGES:
            self.error_messages.append(f"game {index} (seed {seed}): {message}")


def summarise(
    records: Sequence[GameRecord],
    *,
    game: str,
    players: int,
    seed: int,
    seats: Sequence[str],
    options: Mapping[str, Any],
    elapsed: float,
) -> Summary:
    """The summary of a run's records (in any order) that took ``elapsed`` seconds."""
    tally = _Tally(players)
    for record in sorted(records, key=lambda r: r.index):
        if record.error is not None:
            tally.add_error(record.index, record.seed, record.error)
            continue
        tally.decisions += record.decisions
        tally.add_result(record.result(), record.decisions, record.rounds)
    finished = max(tally.finished, 1)
    return Summary(
        game=game,
        players=players,
        games=len(records),
        seed=seed,
        seats=list(seats),
        options=dict(options),
        wins_by_seat=tally.wins,
        mean_score=[round(total / finished, 4) for total in tally.score_sums],
        mean_decisions=round(tally.finished_decisions / finished, 2),
        decisions_per_second=round(tally.decisions / elapsed, 1) if elapsed > 0 else 0.0,
        elapsed_s=round(elapsed, 4),
        errors=tally.errors,
        error_messages=tally.error_messages,
        mean_rounds=round(sum(tally.rounds) / len(tally.rounds), 2) if tally.rounds else None,
        wins_by_hero=_by_wins(tally.hero_wins, tally.hero_wins),
        games_by_hero=_by_wins(tally.hero_games, tally.hero_wins),
        ended_by=tally.ended_by,
        endgame=_sorted_endgame(tally.endgame),
        means_by_seat={
            name: [round(total / tally.figure_games[name], 4) for total in sums]
            for name, sums in tally.figure_sums.items()
        },
        means_by_hero=_hero_means(tally.hero_figures, tally.hero_wins),
        distributions={
            name: {str(value): counts[value] for value in sorted(counts)}
            for name, counts in tally.figure_counts.items()
        },
    )


def _hero_means(
    figures: dict[str, dict[str, list[float]]], wins: dict[str, int] | None
) -> dict[str, dict[str, float]]:
    """Each figure's mean per hero, the heroes ordered as in ``wins_by_hero``."""
    means = {}
    for name, by_hero in figures.items():
        order = sorted(by_hero, key=lambda hero: (-(wins or {}).get(hero, 0), hero))
        means[name] = {hero: round(by_hero[hero][0] / by_hero[hero][1], 4) for hero in order}
    return means


def _sorted_endgame(endgame: dict[str, Any] | None) -> dict[str, Any] | None:
    """The endgame tally with its winners ordered by wins (most first), then by name."""
    if endgame is None:
        return None
    wins: dict[str, int] = endgame["wins_by_hero"]
    order = sorted(wins, key=lambda name: (-wins[name], name))
    return {**endgame, "wins_by_hero": {name: wins[name] for name in order}}


def _by_wins(counts: dict[str, int] | None, wins: dict[str, int] | None) -> dict[str, int] | None:
    """``counts`` per hero, ordered by the heroes' wins (most first), then by name."""
    if counts is None or wins is None:
        return None
    order = sorted(counts, key=lambda name: (-wins.get(name, 0), name))
    return {name: counts[name] for name in order}
