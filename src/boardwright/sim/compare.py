"""Two runs side by side: what changed from A to B, played on the same seeds.

``compare`` pairs the games of two runs by index (game ``i`` of each run has the same seed, so
the same deal and the same dice wherever the settings let them be the same) and tests every
difference on those pairs: a paired t-test on the per-game differences of win shares, game
length, figures and tallies (pairing removes the seed-to-seed noise both sides share, so much
smaller effects show than with two independent runs), and a two-proportion z-test on how the
games ended. Each :class:`Row` carries A's and B's value, the difference B - A with its 95 %
interval, an effect size, the p-value and whether it is significant at 5 %; no correction for
the number of tests is applied to ``significant``, but :attr:`Row.holm` says whether the row
survives Holm-Bonferroni over all of them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from boardwright.sim.records import GameRecord
from boardwright.sim.stats import ALPHA, cohens_h, holm, mcnemar_exact, paired_t, two_proportions

Pair = tuple[GameRecord, GameRecord]
"""Game ``i`` of run A and game ``i`` of run B."""

SEATS = "win rate by seat"
BOTS = "win rate by bot"
HEROES = "win rate by hero"
LENGTH = "game length"
ENDINGS = "how games ended"
FIGURES = "scores and figures"
TALLIES = "tallies"
SECTIONS = (SEATS, BOTS, HEROES, LENGTH, ENDINGS, FIGURES, TALLIES)
"""The sections of a comparison, in the order they are reported."""

RATE = "rate"
"""A row's scale: a proportion (win rate, share of games)."""
MEAN = "mean"
"""A row's scale: a mean per game (rounds, a figure, a tally)."""

PAIRED_T = "paired t"
TWO_PROPORTIONS = "two-proportion z"
MCNEMAR = "McNemar exact"


@dataclass(frozen=True)
class Row:
    """One quantity in A and in B: ``difference`` is B - A, within (``low``, ``high``) at 95 %;
    ``relative`` the change in % of A (None when A is 0); ``effect`` Cohen's h for rates or
    d_z for means (``effect_name``); ``n`` the games (pairs) it rests on."""

    section: str
    name: str
    scale: str
    test: str
    n: int
    a: float
    b: float
    difference: float
    low: float
    high: float
    relative: float | None
    effect: float
    effect_name: str
    p: float
    significant: bool
    holm: bool = False

    def to_data(self) -> dict[str, Any]:
        """JSON-ready data; an infinite value (a difference without spread) becomes null."""
        return {
            "section": self.section,
            "name": self.name,
            "scale": self.scale,
            "test": self.test,
            "n": self.n,
            "a": self.a,
            "b": self.b,
            "difference": self.difference,
            "ci95": [_finite(self.low), _finite(self.high)],
            "relative_pct": self.relative,
            "effect": _finite(self.effect),
            "effect_name": self.effect_name,
            "p": self.p,
            "significant": self.significant,
            "significant_holm": self.holm,
        }


@dataclass(frozen=True)
class Comparison:
    """Run B against run A. ``pairs`` counts the games both runs played to the end (the rows
    rest on them); ``skipped`` the games of both runs where either side raised; ``unmatched``
    the games only one run has."""

    pairs: int
    skipped: int
    errors_a: int
    errors_b: int
    unmatched: int
    rows: list[Row] = field(default_factory=list)
    alpha: float = ALPHA

    @property
    def tests(self) -> int:
        """How many tests were run (one per row): the more, the more chance 'findings'."""
        return len(self.rows)

    def significant(self) -> list[Row]:
        return [row for row in self.rows if row.significant]

    def section(self, name: str) -> list[Row]:
        return [row for row in self.rows if row.section == name]

    def row(self, section: str, name: str) -> Row:
        """The row called ``name`` in ``section``; KeyError if there is none."""
        for row in self.rows:
            if row.section == section and row.name == name:
                return row
        raise KeyError(f"no row '{name}' in '{section}'")

    def to_data(self) -> dict[str, Any]:
        return {
            "pairs": self.pairs,
            "skipped": self.skipped,
            "errors_a": self.errors_a,
            "errors_b": self.errors_b,
            "unmatched": self.unmatched,
            "alpha": self.alpha,
            "tests": self.tests,
            "significant": len(self.significant()),
            "significant_holm": sum(row.holm for row in self.rows),
            "rows": [row.to_data() for row in self.rows],
        }


def compare(
    records_a: Sequence[GameRecord],
    records_b: Sequence[GameRecord],
    *,
    by_seat: bool | None = None,
    alpha: float = ALPHA,
) -> Comparison:
    """Compare run B against run A game by game. ``by_seat`` adds each figure and tally per
    seat to their totals (default: when a seat's bot differs between the runs). ValueError when
    a game index has different seeds in A and B: such games are not pairs."""
    by_a = {record.index: record for record in records_a}
    by_b = {record.index: record for record in records_b}
    common = sorted(by_a.keys() & by_b.keys())
    _check_seeds(by_a, by_b, common)
    pairs = [(by_a[i], by_b[i]) for i in common if by_a[i].finished and by_b[i].finished]
    if by_seat is None:
        by_seat = any(a.seats != b.seats for a, b in pairs)
    rows = [
        *seat_rows(pairs, alpha),
        *bot_rows(pairs, alpha),
        *hero_rows(pairs, alpha),
        *length_rows(pairs, alpha),
        *ending_rows(pairs, alpha),
        *number_rows(pairs, FIGURES, _figures, by_seat, alpha),
        *number_rows(pairs, TALLIES, lambda record: record.tallies, by_seat, alpha),
    ]
    survives = holm([row.p for row in rows], alpha)
    return Comparison(
        pairs=len(pairs),
        skipped=len(common) - len(pairs),
        errors_a=sum(not record.finished for record in records_a),
        errors_b=sum(not record.finished for record in records_b),
        unmatched=len(by_a.keys() ^ by_b.keys()),
        rows=[replace(row, holm=kept) for row, kept in zip(rows, survives, strict=True)],
        alpha=alpha,
    )


def _check_seeds(
    by_a: dict[int, GameRecord], by_b: dict[int, GameRecord], common: list[int]
) -> None:
    for index in common:
        if by_a[index].seed != by_b[index].seed:
            raise ValueError(
                f"game {index} has seed {by_a[index].seed} in A but {by_b[index].seed} in B: "
                "compare runs made with the same seed"
            )


# --- rows -------------------------------------------------------------------------------------


def paired_row(
    section: str,
    name: str,
    scale: str,
    a: Sequence[float],
    b: Sequence[float],
    alpha: float,
) -> Row:
    """A row from a paired t-test on per-game values; rates get Cohen's h, means d_z."""
    test = paired_t(a, b, alpha)
    low, high = test.low, test.high
    if scale == RATE:  # a difference of rates lies within -1 .. 1, however few the games
        low, high = max(-1.0, low), min(1.0, high)
        effect, effect_name = cohens_h(test.mean_a, test.mean_b), "h"
    else:
        effect, effect_name = test.d_z, "d_z"
    return Row(
        section=section,
        name=name,
        scale=scale,
        test=PAIRED_T,
        n=test.n,
        a=test.mean_a,
        b=test.mean_b,
        difference=test.difference,
        low=low,
        high=high,
        relative=_relative(test.mean_a, test.mean_b),
        effect=effect,
        effect_name=effect_name,
        p=test.p,
        significant=test.p < alpha,
    )


def proportion_row(
    section: str, name: str, successes: tuple[float, float], trials: tuple[int, int], alpha: float
) -> Row:
    """A row from a two-proportion z-test (A's and B's successes out of their trials)."""
    test = two_proportions(successes[0], trials[0], successes[1], trials[1])
    return Row(
        section=section,
        name=name,
        scale=RATE,
        test=TWO_PROPORTIONS,
        n=min(trials),
        a=test.rate_a,
        b=test.rate_b,
        difference=test.difference,
        low=test.low,
        high=test.high,
        relative=_relative(test.rate_a, test.rate_b),
        effect=test.h,
        effect_name="h",
        p=test.p,
        significant=test.p < alpha,
    )


def seat_rows(pairs: Sequence[Pair], alpha: float) -> list[Row]:
    """Each seat's share of the wins per game (1/k for one of k tied winners), paired."""
    if not pairs:
        return []
    seats = min(min(len(a.seats), len(b.seats)) for a, b in pairs)
    first_a, first_b = pairs[0]
    rows = []
    for seat in range(seats):
        kind_a, kind_b = first_a.seats[seat], first_b.seats[seat]
        bots = kind_a if kind_a == kind_b else f"{kind_a} → {kind_b}"
        a = [record.share(seat) for record, _ in pairs]
        b = [record.share(seat) for _, record in pairs]
        rows.append(paired_row(SEATS, f"seat {seat + 1} ({bots})", RATE, a, b, alpha))
    return rows


def bot_rows(pairs: Sequence[Pair], alpha: float) -> list[Row]:
    """When the seats' bots differ: each bot kind seated on both sides, by its seats' mean
    share of the wins per game (how often one of its seats wins, per seat), paired."""
    if not any(a.seats != b.seats for a, b in pairs):
        return []
    kinds = [k for k in _ordered(k for a, _ in pairs for k in a.seats) if _in_all(k, pairs)]
    rows = []
    for kind in kinds:
        a = [_kind_share(record, kind) for record, _ in pairs]
        b = [_kind_share(record, kind) for _, record in pairs]
        rows.append(paired_row(BOTS, kind, RATE, a, b, alpha))
    return rows


def _in_all(kind: str, pairs: Sequence[Pair]) -> bool:
    return all(kind in a.seats and kind in b.seats for a, b in pairs)


def _kind_share(record: GameRecord, kind: str) -> float:
    seats = [seat for seat, seated in enumerate(record.seats) if seated == kind]
    return sum(record.share(seat) for seat in seats) / len(seats)


def hero_rows(pairs: Sequence[Pair], alpha: float) -> list[Row]:
    """Each hero's win rate in the games it played. Paired when the hero sat in the same games
    on both sides (the same seeds dealt it), else a two-proportion z-test over its games."""
    named = {hero for pair in pairs for record in pair for hero in record.heroes or []}
    rows = []
    for hero in sorted(named):
        in_a = _hero_shares([a for a, _ in pairs], hero)
        in_b = _hero_shares([b for _, b in pairs], hero)
        if in_a.keys() == in_b.keys() and len(in_a) >= 2:
            rows.append(paired_row(HEROES, hero, RATE, [*in_a.values()], [*in_b.values()], alpha))
        else:
            wins = (math.fsum(in_a.values()), math.fsum(in_b.values()))
            rows.append(proportion_row(HEROES, hero, wins, (len(in_a), len(in_b)), alpha))
    return rows


def _hero_shares(records: Sequence[GameRecord], hero: str) -> dict[int, float]:
    """The hero's share of the win by game index, in the games it played."""
    return {
        record.index: record.share(record.heroes.index(hero))
        for record in records
        if record.heroes is not None and hero in record.heroes
    }


def length_rows(pairs: Sequence[Pair], alpha: float) -> list[Row]:
    """Rounds (where both games report them) and decisions per game, paired."""
    rows = []
    rounds_a, rounds_b = _rounds(pairs)
    if rounds_a:
        rows.append(paired_row(LENGTH, "rounds", MEAN, rounds_a, rounds_b, alpha))
    if pairs:
        a = [float(record.decisions) for record, _ in pairs]
        b = [float(record.decisions) for _, record in pairs]
        rows.append(paired_row(LENGTH, "decisions", MEAN, a, b, alpha))
    return rows


def _rounds(pairs: Sequence[Pair]) -> tuple[list[float], list[float]]:
    """The rounds of the pairs whose games both report them, in A and in B."""
    a: list[float] = []
    b: list[float] = []
    for record_a, record_b in pairs:
        if record_a.rounds is not None and record_b.rounds is not None:
            a.append(record_a.rounds)
            b.append(record_b.rounds)
    return a, b


def ending_rows(pairs: Sequence[Pair], alpha: float) -> list[Row]:
    """Each way a game ended (``ended_by``): its share of the games in A and in B, tested by
    McNemar's exact test on the pairs (the interval and Cohen's h as for two proportions)."""
    endings = _ordered(
        record.ended_by for pair in pairs for record in pair if record.ended_by is not None
    )
    rows = []
    for how in endings:
        count_a = sum(a.ended_by == how for a, _ in pairs)
        count_b = sum(b.ended_by == how for _, b in pairs)
        row = proportion_row(ENDINGS, how, (count_a, count_b), (len(pairs), len(pairs)), alpha)
        # the games are paired by seed: McNemar's test reads the pairs that disagree
        only_a = sum(a.ended_by == how and b.ended_by != how for a, b in pairs)
        only_b = sum(b.ended_by == how and a.ended_by != how for a, b in pairs)
        p = mcnemar_exact(only_a, only_b)
        rows.append(replace(row, test=MCNEMAR, p=p, significant=p < alpha))
    return rows


Numbers = Callable[[GameRecord], dict[str, list[float]]]
"""A record's per-seat numbers by name (its figures, its tallies)."""


def number_rows(
    pairs: Sequence[Pair], section: str, numbers: Numbers, by_seat: bool, alpha: float
) -> list[Row]:
    """Each per-seat number both games of a pair report: its total over the seats per game
    (the row named as the number), and (``by_seat``) each seat's (``name, seat 1``), paired."""
    names = _ordered(name for a, _ in pairs for name in numbers(a))
    rows = []
    for name in names:
        both = [(numbers(a)[name], numbers(b)[name]) for a, b in pairs if _has(a, b, name, numbers)]
        if not both:
            continue
        label = name.replace("_", " ")
        a = [math.fsum(x) for x, _ in both]
        b = [math.fsum(y) for _, y in both]
        rows.append(paired_row(section, label, MEAN, a, b, alpha))
        if by_seat:
            rows.extend(_seat_number_rows(both, section, label, alpha))
    return rows


def _has(a: GameRecord, b: GameRecord, name: str, numbers: Numbers) -> bool:
    return name in numbers(a) and name in numbers(b)


def _seat_number_rows(
    both: Sequence[tuple[list[float], list[float]]], section: str, label: str, alpha: float
) -> list[Row]:
    seats = min(min(len(x), len(y)) for x, y in both)
    rows = []
    for seat in range(seats):
        a = [x[seat] for x, _ in both]
        b = [y[seat] for _, y in both]
        rows.append(paired_row(section, f"{label}, seat {seat + 1}", MEAN, a, b, alpha))
    return rows


def _figures(record: GameRecord) -> dict[str, list[float]]:
    """The record's scores (as the figure ``score``) and its figures."""
    scores = {"score": list(record.scores)} if record.scores else {}
    return {**scores, **record.figures}


# --- helpers ----------------------------------------------------------------------------------


def _ordered(items: Iterable[str]) -> list[str]:
    """The distinct items in the order they first come."""
    return list(dict.fromkeys(items))


def _relative(a: float, b: float) -> float | None:
    """The change from ``a`` to ``b`` in % of ``a``; None when ``a`` is 0."""
    return None if a == 0 else 100.0 * (b - a) / abs(a)


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None
