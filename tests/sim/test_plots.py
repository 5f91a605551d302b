"""The charts of ``simulate --plot DIR`` (boardwright.sim.plots)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from matplotlib.patches import Rectangle

from boardwright.engine.errors import ConfigError
from boardwright.sim.plots import (
    endings_by_round_chart,
    game_length_chart,
    score_distribution_chart,
    win_rate_by_bot_chart,
    win_rate_by_hero_chart,
    write_plots,
)
from boardwright.sim.records import GameRecord
from boardwright.sim.runner import run
from boardwright.sim.spec import RunSpec

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
HEROES = ["Brannoc Ironhide", "Sister Aurelwyn", "Kestrel Marrowind", "Tarek Hawk-Eye"]
ENDINGS = ["runes", "runes", "Margath", "round cap"]


def runebound(index: int, *, heroes: bool = True, rounds: float | None = None) -> GameRecord:
    """A made-up three-player Runebound game: the heuristic bot in seat 1 wins every other one."""
    return GameRecord(
        index=index,
        seed=index,
        game="runebound",
        players=3,
        options={"adventure": "dragonlords"},
        packs=[],
        seats=["heuristic", "random", "random"],
        heroes=[HEROES[(index + seat) % len(HEROES)] for seat in range(3)] if heroes else None,
        winners=[0] if index % 2 == 0 else [index % 3],
        ranks=[1, 2, 3],
        scores=[float(index % 3), 0.0, 0.0],
        rounds=float(20 + 3 * index) if rounds is None else rounds,
        decisions=300 + 10 * index,
        ended_by=ENDINGS[index % len(ENDINGS)],
    )


def realm_of_sand(index: int) -> GameRecord:
    """A made-up two-player Realm of Sand game."""
    return GameRecord(
        index=index,
        seed=index,
        game="realm-of-sand",
        players=2,
        options={"board_side": "starter"},
        packs=[],
        seats=["greedy", "random"],
        winners=[0] if index % 3 else [0, 1],
        ranks=[1, 2],
        scores=[float(12 + index % 5), float(index % 4)],
        rounds=40.0,
        decisions=390 + index,
    )


def broken(record: GameRecord, index: int) -> GameRecord:
    """A game of the same run that raised: its outcome left empty."""
    return GameRecord(
        index=index,
        seed=index,
        game=record.game,
        players=record.players,
        options=record.options,
        packs=[],
        seats=record.seats,
        error="RuntimeError: boom",
    )


def names(paths: Sequence[Path]) -> list[str]:
    return [path.name for path in paths]


def assert_png(path: Path, width: int = 900, height: int = 550) -> None:
    data = path.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) > 10_000  # a drawn chart, not an empty canvas
    # the IHDR chunk: width and height right after the signature, length and chunk type
    assert int.from_bytes(data[16:20], "big") == width
    assert int.from_bytes(data[20:24], "big") == height


def test_runebound_charts(tmp_path: Path) -> None:
    records = [runebound(i) for i in range(12)]
    paths = write_plots(records, tmp_path)
    assert names(paths) == [
        "win_rate_by_bot.png",
        "win_rate_by_hero.png",
        "game_length.png",
        "endings_by_round.png",
    ]
    assert all(path.parent == tmp_path for path in paths)
    for path in paths:
        assert_png(path)
    assert not (tmp_path / "score_distribution.png").exists()


def test_realm_of_sand_charts_have_scores_and_no_heroes(tmp_path: Path) -> None:
    paths = write_plots([realm_of_sand(i) for i in range(10)], tmp_path)
    assert names(paths) == ["win_rate_by_bot.png", "game_length.png", "score_distribution.png"]
    for path in paths:
        assert_png(path)
    assert not (tmp_path / "win_rate_by_hero.png").exists()
    assert not (tmp_path / "endings_by_round.png").exists()


def test_no_hero_chart_when_no_record_names_heroes(tmp_path: Path) -> None:
    paths = write_plots([runebound(i, heroes=False) for i in range(4)], tmp_path)
    assert "win_rate_by_hero.png" not in names(paths)
    assert win_rate_by_hero_chart([runebound(0, heroes=False)]) is None


def test_the_same_records_give_the_same_bytes(tmp_path: Path) -> None:
    records = [realm_of_sand(i) for i in range(6)]
    first = write_plots(records, tmp_path / "first")
    second = write_plots(list(reversed(records)), tmp_path / "second")
    assert [path.read_bytes() for path in first] == [path.read_bytes() for path in second]


def test_games_that_raised_are_left_out(tmp_path: Path) -> None:
    records = [runebound(i) for i in range(6)]
    clean = write_plots(records, tmp_path / "clean")
    # a broken game has no rounds: were it counted, game lengths would fall back to decisions
    with_broken = write_plots([*records, broken(records[0], 6)], tmp_path / "with_broken")
    assert [path.read_bytes() for path in clean] == [path.read_bytes() for path in with_broken]


def test_win_rates_count_shared_wins_by_their_share() -> None:
    # a two-way tie, then a win for seat 2
    records = [replace(runebound(0), winners=[0, 1]), runebound(1)]
    axes = win_rate_by_bot_chart(records).axes[0]
    heights = [bar.get_height() for bar in axes.patches if isinstance(bar, Rectangle)]
    # heuristic: 0.5 of 2 games; random: 0.5 + 1 of 4 seats
    assert heights == pytest.approx([0.25, 0.375])
    labels = [label.get_text() for label in axes.get_xticklabels()]
    assert labels == ["heuristic\n(n=2)", "random\n(n=4)"]
    assert "3 players, 2 games" in axes.get_title()
    legend = axes.get_legend()
    assert legend is not None
    assert "fair share 1/3" in [text.get_text() for text in legend.get_texts()]


def test_many_heroes_are_horizontal_bars_best_first() -> None:
    heroes = [f"Hero {letter}" for letter in "ABCDEFGH"]
    records = [replace(runebound(i), heroes=[heroes[i % 8], "Hero Z", "Hero Y"]) for i in range(16)]
    figure = win_rate_by_hero_chart(records)
    assert figure is not None
    axes = figure.axes[0]
    labels = [label.get_text() for label in axes.get_yticklabels()]
    assert len(labels) == 10
    widths = [bar.get_width() for bar in axes.patches if isinstance(bar, Rectangle)]
    assert widths == sorted(widths, reverse=True)
    assert labels[0].endswith("(n=2)")


def test_game_length_falls_back_to_decisions() -> None:
    records = [replace(realm_of_sand(i), rounds=None) for i in range(3)]
    assert game_length_chart(records).axes[0].get_xlabel() == "decisions played"
    assert game_length_chart([realm_of_sand(0)]).axes[0].get_xlabel() == "rounds played"


def test_endings_are_stacked_by_how_the_game_ended() -> None:
    figure = endings_by_round_chart([runebound(i) for i in range(8)])
    assert figure is not None
    legend = figure.axes[0].get_legend()
    assert legend is not None
    assert [text.get_text() for text in legend.get_texts()] == [
        "runes (4)",
        "Margath (2)",
        "round cap (2)",
    ]
    assert endings_by_round_chart([realm_of_sand(0)]) is None


def test_scores_are_drawn_per_seat_for_realm_of_sand_only() -> None:
    figure = score_distribution_chart([realm_of_sand(i) for i in range(4)])
    assert figure is not None
    legend = figure.axes[0].get_legend()
    assert legend is not None
    assert [text.get_text() for text in legend.get_texts()] == [
        "seat 1 (greedy), mean 13.5",
        "seat 2 (random), mean 1.5",
    ]
    assert score_distribution_chart([runebound(0)]) is None


def test_played_games_plot(tmp_path: Path) -> None:
    sand = run(RunSpec("realm-of-sand", 2, ("random", "random"), 1, {}), 3).records
    assert names(write_plots(sand, tmp_path / "sand"))[-1] == "score_distribution.png"
    rune = run(RunSpec("runebound", 2, ("random", "random"), 1, {}), 2).records
    assert names(write_plots(rune, tmp_path / "rune")) == [
        "win_rate_by_bot.png",
        "win_rate_by_hero.png",
        "game_length.png",
        "endings_by_round.png",
    ]


def test_missing_directories_are_made(tmp_path: Path) -> None:
    directory = tmp_path / "charts" / "run-1"
    paths = write_plots([realm_of_sand(0)], directory)
    assert directory.is_dir()
    assert all(path.is_file() for path in paths)


def one_line_error(records: Sequence[GameRecord], directory: Path) -> str:
    with pytest.raises(ConfigError) as raised:
        write_plots(records, directory)
    message = str(raised.value)
    assert "\n" not in message
    return message


def test_no_finished_game_is_a_one_line_error(tmp_path: Path) -> None:
    assert "no finished game" in one_line_error([], tmp_path / "none")
    all_broken = [broken(realm_of_sand(0), i) for i in range(3)]
    assert "no finished game" in one_line_error(all_broken, tmp_path / "broken")
    assert not (tmp_path / "none").exists()  # nothing made when there is nothing to plot


def test_a_directory_that_cannot_be_made_is_a_one_line_error(tmp_path: Path) -> None:
    file = tmp_path / "taken"
    file.write_text("not a directory")
    assert "cannot make the chart directory" in one_line_error([realm_of_sand(0)], file)
    below = file / "charts"
    assert "cannot make the chart directory" in one_line_error([realm_of_sand(0)], below)


def test_a_chart_that_cannot_be_written_is_a_one_line_error(tmp_path: Path) -> None:
    # a directory where the first chart's file should go
    (tmp_path / "win_rate_by_bot.png").mkdir()
    assert "cannot write the chart" in one_line_error([realm_of_sand(0)], tmp_path)
