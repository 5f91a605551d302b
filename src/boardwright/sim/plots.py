"""Charts of a simulation run (``boardwright simulate --plot DIR``), drawn from its game records
(:mod:`boardwright.sim.records`) as PNG files:

- ``win_rate_by_bot.png``: each bot kind's win rate over the seats it played (a shared win
  counts its share), with 95 % Wilson intervals and the fair share (1/players) dashed;
- ``win_rate_by_hero.png``: the same per hero, best first (only when the records name heroes);
- ``game_length.png``: how many rounds games lasted (decisions when a game counts no rounds),
  with the mean marked;
- ``endings_by_round.png``: the round games ended, stacked by how they ended (only when the
  records say how, as Runebound's do: runes, its final foe, the round cap);
- ``score_distribution.png``: each seat's final scores (Realm of Sand, whose score is a points
  total).

Games that raised are left out. The charts are drawn on plain :class:`~matplotlib.figure.Figure`
objects with the Agg canvas (no pyplot, no global state) and the PNGs embed no software version,
so the same records give the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FixedLocator, MaxNLocator, PercentFormatter

from boardwright.engine.errors import ConfigError
from boardwright.sim.records import GameRecord, records_in_order
from boardwright.sim.stats import wilson

SCORED_GAMES = frozenset({"realm-of-sand"})
"""Games whose score is a points total worth a distribution (Runebound's only breaks ties)."""

WIDTH = 9.0
HEIGHT = 5.5
DPI = 100
MANY_BARS = 6
"""Beyond this many bars a win-rate chart turns horizontal, so that long names stay readable."""
INCHES_PER_BAR = 0.32
MAX_UNIT_BINS = 80
"""Whole numbers spanning at most this many values get one bin per value."""
SMALL_WORDS = frozenset({"a", "and", "in", "of", "on", "the"})

BAR_COLOUR = "tab:blue"
FAIR_COLOUR = "tab:red"
MEAN_COLOUR = "black"

Chart = Callable[[Sequence[GameRecord]], Figure | None]


@dataclass(frozen=True)
class WinRate:
    """The games one bot kind or hero played and its win shares in them."""

    name: str
    games: int
    wins: float

    @property
    def rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass(frozen=True)
class Lengths:
    """How long each game lasted, in ``unit`` (``"round"`` or ``"decision"``)."""

    values: list[float]
    unit: str


def write_plots(records: Sequence[GameRecord], directory: Path) -> list[Path]:
    """Write the run's charts as PNGs into ``directory`` (made if missing) and return their
    paths, in the order the module lists them. A one-line ConfigError when no game finished or
    the directory cannot be made or written."""
    finished = [record for record in records_in_order(records) if record.finished]
    if not finished:
        raise ConfigError(f"no finished game to plot (of {len(records)} games)")
    _make_directory(directory)
    charts: list[tuple[str, Chart]] = [
        ("win_rate_by_bot.png", win_rate_by_bot_chart),
        ("win_rate_by_hero.png", win_rate_by_hero_chart),
        ("game_length.png", game_length_chart),
        ("endings_by_round.png", endings_by_round_chart),
        ("score_distribution.png", score_distribution_chart),
    ]
    written: list[Path] = []
    for file_name, chart in charts:
        figure = chart(finished)
        if figure is not None:
            written.append(_save(figure, directory / file_name))
    return written


# -- the charts: each takes finished records, and gives None when it does not apply to them


def win_rate_by_bot_chart(records: Sequence[GameRecord]) -> Figure:
    """Win rate per bot kind: a bot's games are the seats it played, its wins their shares."""
    rates = _win_rates(
        (kind, record.share(seat)) for record in records for seat, kind in enumerate(record.seats)
    )
    figure, axes = _figure(len(rates))
    _draw_win_rates(axes, rates, records)
    axes.set_title(_title("Win rate by bot", records))
    return figure


def win_rate_by_hero_chart(records: Sequence[GameRecord]) -> Figure | None:
    """Win rate per hero, best first; None when no record names heroes."""
    with_heroes = [record for record in records if record.heroes is not None]
    if not with_heroes:
        return None
    rates = _win_rates(
        (hero, record.share(seat))
        for record in with_heroes
        for seat, hero in enumerate(record.heroes or [])
    )
    rates.sort(key=lambda rate: (-rate.rate, rate.name))
    figure, axes = _figure(len(rates))
    _draw_win_rates(axes, rates, with_heroes)
    axes.set_title(_title("Win rate by hero", with_heroes))
    return figure


def game_length_chart(records: Sequence[GameRecord]) -> Figure:
    """How long games lasted, with the mean marked."""
    lengths = _lengths(records)
    figure, axes = _figure()
    axes.hist(lengths.values, bins=_bins(lengths.values), color=BAR_COLOUR, edgecolor="white")
    mean = sum(lengths.values) / len(lengths.values)
    axes.axvline(mean, color=MEAN_COLOUR, linestyle="--", linewidth=1.5, label=f"mean {mean:.1f}")
    axes.set_title(_title("Game length", records))
    axes.set_xlabel(f"{lengths.unit}s played")
    _count_axis(axes)
    axes.legend()
    return figure


def endings_by_round_chart(records: Sequence[GameRecord]) -> Figure | None:
    """The round each game ended, stacked by how it ended; None when no record says how."""
    ended = [record for record in records if record.ended_by is not None]
    if not ended:
        return None
    lengths = _lengths(ended)
    by_ending: dict[str, list[float]] = {}
    for record, length in zip(ended, lengths.values, strict=True):
        by_ending.setdefault(str(record.ended_by), []).append(length)
    # the commonest ending at the foot of each stack; ties by name, for a stable order
    endings = sorted(by_ending, key=lambda name: (-len(by_ending[name]), name))
    figure, axes = _figure()
    axes.hist(
        [by_ending[name] for name in endings],
        bins=_bins(lengths.values),
        stacked=True,
        label=[f"{name} ({len(by_ending[name])})" for name in endings],
        edgecolor="white",
    )
    axes.set_title(_title("How games ended", ended))
    axes.set_xlabel(f"{lengths.unit} the game ended")
    _count_axis(axes)
    axes.legend(title="ended by (games)")
    return figure


def score_distribution_chart(records: Sequence[GameRecord]) -> Figure | None:
    """Each seat's final scores side by side per score, its mean dashed; None for games whose
    score is no points total."""
    scored = [record for record in records if record.game in SCORED_GAMES and record.scores]
    if not scored:
        return None
    by_seat: dict[tuple[int, str], list[float]] = {}
    for record in scored:
        for seat, (kind, score) in enumerate(zip(record.seats, record.scores, strict=False)):
            by_seat.setdefault((seat, kind), []).append(score)
    seats = sorted(by_seat)
    colours = [f"C{index % 10}" for index in range(len(seats))]
    means = [sum(by_seat[seat]) / len(by_seat[seat]) for seat in seats]
    figure, axes = _figure()
    axes.hist(
        [by_seat[seat] for seat in seats],
        bins=_bins([score for scores in by_seat.values() for score in scores]),
        color=colours,
        label=[
            f"seat {seat + 1} ({kind}), mean {mean:.1f}"
            for (seat, kind), mean in zip(seats, means, strict=True)
        ],
    )
    for colour, mean in zip(colours, means, strict=True):
        axes.axvline(mean, color=colour, linestyle="--", linewidth=1.5)
    axes.set_title(_title("Final scores by seat", scored))
    axes.set_xlabel("final score (dashed: mean)")
    _count_axis(axes)
    axes.legend()
    return figure


# -- drawing


def _figure(bars: int = 0) -> tuple[Figure, Axes]:
    """A new figure with one axes; taller when it has many horizontal bars, one line each."""
    height = max(HEIGHT, 1.5 + INCHES_PER_BAR * bars) if bars > MANY_BARS else HEIGHT
    figure = Figure(figsize=(WIDTH, height), dpi=DPI, layout="constrained")
    FigureCanvasAgg(figure)
    return figure, figure.add_subplot()


def _draw_win_rates(axes: Axes, rates: Sequence[WinRate], records: Sequence[GameRecord]) -> None:
    """Bars of win rates with their intervals and the fair share dashed; horizontal, best on
    top, when there are many."""
    values = [rate.rate for rate in rates]
    # clamped: rounding can put a bound a hair past a rate of 0 or 1
    errors = [
        [max(0.0, rate.rate - rate.interval[0]) for rate in rates],
        [max(0.0, rate.interval[1] - rate.rate) for rate in rates],
    ]
    fair, fair_label = _fair_share(records)
    positions = list(range(len(rates)))
    label = "win rate, 95 % interval"
    horizontal = len(rates) > MANY_BARS
    rate_axis: Axis
    if horizontal:
        axes.barh(positions, values, xerr=errors, color=BAR_COLOUR, capsize=4, label=label)
        axes.set_yticks(positions, [f"{rate.name} (n={rate.games})" for rate in rates])
        axes.invert_yaxis()
        axes.axvline(fair, color=FAIR_COLOUR, linestyle="--", label=fair_label)
        rate_axis = axes.xaxis
    else:
        axes.bar(positions, values, 0.6, yerr=errors, color=BAR_COLOUR, capsize=4, label=label)
        axes.set_xticks(positions, [f"{rate.name}\n(n={rate.games})" for rate in rates])
        axes.axhline(fair, color=FAIR_COLOUR, linestyle="--", label=fair_label)
        rate_axis = axes.yaxis
    for position, rate in zip(positions, rates, strict=True):
        past = rate.interval[1] + 0.01
        if horizontal:
            axes.text(past, position, f"{rate.rate:.0%}", ha="left", va="center")
        else:
            axes.text(position, past, f"{rate.rate:.0%}", ha="center", va="bottom")
    # room past the highest interval for its rate, but no tick past 100 %
    top = max([fair, *(rate.interval[1] for rate in rates)]) + 0.1
    if horizontal:
        axes.set_xlim(0, top)
    else:
        axes.set_ylim(0, top)
    ticks = MaxNLocator().tick_values(0, min(top, 1.0))
    rate_axis.set_major_locator(FixedLocator([t for t in ticks if t <= min(top, 1.0)]))
    rate_axis.set_major_formatter(PercentFormatter(1.0))
    rate_axis.set_label_text("win rate (shared wins count their share)")
    axes.grid(axis="x" if horizontal else "y", alpha=0.3)
    axes.set_axisbelow(True)
    axes.legend(loc="best")


def _count_axis(axes: Axes) -> None:
    axes.set_ylabel("games")
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.grid(axis="y", alpha=0.3)
    axes.set_axisbelow(True)


def _save(figure: Figure, path: Path) -> Path:
    try:
        # no "Software" entry: the bytes depend on the records only, not matplotlib's version
        figure.savefig(path, format="png", metadata={"Software": None})
    except OSError as err:
        raise ConfigError(f"cannot write the chart {path}: {err.strerror or err}") from None
    return path


def _make_directory(directory: Path) -> None:
    if directory.exists() and not directory.is_dir():
        raise ConfigError(f"cannot make the chart directory {directory}: a file has that name")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ConfigError(
            f"cannot make the chart directory {directory}: {err.strerror or err}"
        ) from None


# -- numbers


def _win_rates(shares: Iterable[tuple[str, float]]) -> list[WinRate]:
    """Games and win shares per name, in the order the names first come."""
    games: dict[str, int] = {}
    wins: dict[str, float] = {}
    for name, share in shares:
        games[name] = games.get(name, 0) + 1
        wins[name] = wins.get(name, 0.0) + share
    return [WinRate(name, games[name], wins[name]) for name in games]


def _fair_share(records: Sequence[GameRecord]) -> tuple[float, str]:
    """The win rate of a seat no better than the others, and its legend label; averaged over
    the seats when the games had different player counts."""
    counts = sorted({record.players for record in records})
    if len(counts) == 1:
        return 1.0 / counts[0], f"fair share 1/{counts[0]}"
    seats = sum(record.players for record in records)
    return len(records) / seats, "fair share (mean 1/players)"


def _lengths(records: Sequence[GameRecord]) -> Lengths:
    """Rounds per game, or decisions when some game counts no rounds (one unit for all)."""
    rounds = [record.rounds for record in records]
    if all(value is not None for value in rounds):
        return Lengths([float(value or 0) for value in rounds], "round")
    return Lengths([float(record.decisions) for record in records], "decision")


def _bins(values: Sequence[float]) -> list[float]:
    """Bin edges: one bin per value for whole numbers over a short span, else numpy's choice."""
    low, high = min(values), max(values)
    if all(value.is_integer() for value in values) and high - low <= MAX_UNIT_BINS:
        return [edge - 0.5 for edge in range(int(low), int(high) + 2)]
    return [float(edge) for edge in np.histogram_bin_edges(values, bins="auto")]


def _title(chart: str, records: Sequence[GameRecord]) -> str:
    """The chart's name, the game (and its adventure, when all share one), the player count and
    the number of games."""
    games = ", ".join(sorted({_game_title(record.game) for record in records}))
    adventures = {record.options.get("adventure") for record in records}
    adventure = adventures.pop() if len(adventures) == 1 else None
    if isinstance(adventure, str):
        games += f" ({adventure})"
    counts = sorted({record.players for record in records})
    players = _plural(counts == [1], "/".join(str(count) for count in counts), "player")
    return f"{chart}: {games}, {players}, {_plural(len(records) == 1, str(len(records)), 'game')}"


def _plural(one: bool, number: str, noun: str) -> str:
    return f"{number} {noun}" if one else f"{number} {noun}s"


def _game_title(name: str) -> str:
    """``realm-of-sand`` as ``Realm of Sand``."""
    words = name.split("-")
    return " ".join(
        word if index and word in SMALL_WORDS else word.capitalize()
        for index, word in enumerate(words)
    )
