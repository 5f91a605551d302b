"""``boardwright compare``: its statistics, the comparison of two runs and the command."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from boardwright.cli.main import app
from boardwright.sim.compare import (
    BOTS,
    ENDINGS,
    FIGURES,
    HEROES,
    LENGTH,
    MCNEMAR,
    PAIRED_T,
    SEATS,
    TALLIES,
    TWO_PROPORTIONS,
    compare,
)
from boardwright.sim.records import GameRecord
from boardwright.sim.stats import (
    cohens_h,
    holm,
    mcnemar_exact,
    paired_t,
    regularized_incomplete_beta,
    student_t_cdf,
    t_critical,
    t_two_sided_p,
    two_proportions,
    two_sided_p,
)

GAME = "realm-of-sand"

# --- statistics -------------------------------------------------------------------------------


def test_t_p_values_match_the_tables() -> None:
    assert t_two_sided_p(2.0, 10) == pytest.approx(0.073388, abs=1e-6)
    assert t_two_sided_p(1.0, 1) == pytest.approx(0.5, abs=1e-12)  # Cauchy: P(|T| > 1) = 1/2
    # the 97.5 % quantiles of the printed tables give p = 0.05
    for t, df in [(12.706205, 1), (4.302653, 2), (2.228139, 10), (2.042272, 30)]:
        assert t_two_sided_p(t, df) == pytest.approx(0.05, abs=1e-6)
    assert t_two_sided_p(0.0, 5) == 1.0
    assert t_two_sided_p(math.inf, 5) == 0.0


def test_t_cdf_matches_the_closed_form_for_two_degrees_of_freedom() -> None:
    for t in (-4.0, -1.5, -0.2, 0.0, 0.3, 2.0, 9.0):
        assert student_t_cdf(t, 2) == pytest.approx(0.5 + t / (2 * math.sqrt(2 + t * t)))


def test_t_approaches_the_normal_for_many_degrees_of_freedom() -> None:
    for t in (0.5, 1.96, 3.0):
        assert t_two_sided_p(t, 1e6) == pytest.approx(two_sided_p(t), abs=1e-5)


def test_t_critical_values() -> None:
    assert t_critical(10) == pytest.approx(2.228139, abs=1e-5)
    assert t_critical(1) == pytest.approx(12.706205, abs=1e-4)
    assert t_critical(100_000) == pytest.approx(1.959964, abs=1e-4)


def test_incomplete_beta_special_cases() -> None:
    for x in (0.1, 0.5, 0.93):
        assert regularized_incomplete_beta(1, 1, x) == pytest.approx(x)
        assert regularized_incomplete_beta(3, 1, x) == pytest.approx(x**3)
        assert regularized_incomplete_beta(2.5, 4, x) == pytest.approx(
            1 - regularized_incomplete_beta(4, 2.5, 1 - x)
        )
    assert regularized_incomplete_beta(7, 7, 0.5) == pytest.approx(0.5)
    assert regularized_incomplete_beta(2, 3, 0.0) == 0.0
    assert regularized_incomplete_beta(2, 3, 1.0) == 1.0
    with pytest.raises(ValueError):
        regularized_incomplete_beta(0, 1, 0.5)


def test_paired_t_gives_d_z_and_the_t_test() -> None:
    a = [1.0, 2.0, 3.0, 4.0]
    b = [2.0, 4.0, 5.0, 7.0]  # differences 1, 2, 2, 3: mean 2, sd sqrt(2/3)
    test = paired_t(a, b)
    sd = math.sqrt(2 / 3)
    assert test.difference == pytest.approx(2.0)
    assert test.sd == pytest.approx(sd)
    assert test.d_z == pytest.approx(2.0 / sd)
    assert test.t == pytest.approx(2.0 / (sd / 2))
    assert test.p == pytest.approx(t_two_sided_p(test.t, 3))
    spread = t_critical(3) * sd / 2
    assert (test.low, test.high) == pytest.approx((2.0 - spread, 2.0 + spread))
    assert (test.mean_a, test.mean_b) == (2.5, 4.5)


def test_paired_t_without_spread() -> None:
    same = paired_t([3.0, 1.0, 4.0], [3.0, 1.0, 4.0])
    assert (same.p, same.d_z, same.difference, same.low, same.high) == (1.0, 0.0, 0.0, 0.0, 0.0)
    shifted = paired_t([3.0, 1.0, 4.0], [5.0, 3.0, 6.0])
    assert shifted.p == 0.0
    assert shifted.d_z == math.inf
    assert (shifted.low, shifted.high) == (2.0, 2.0)
    alone = paired_t([1.0], [5.0])
    assert (alone.p, alone.d_z, alone.low, alone.high) == (1.0, 0.0, -math.inf, math.inf)
    with pytest.raises(ValueError):
        paired_t([1.0, 2.0], [1.0])


def test_two_proportions() -> None:
    test = two_proportions(45, 100, 60, 100)
    assert test.difference == pytest.approx(0.15)
    assert test.z == pytest.approx(0.15 / math.sqrt(0.525 * 0.475 * 0.02))
    assert test.p == pytest.approx(0.0337, abs=1e-4)
    assert test.h == pytest.approx(cohens_h(0.45, 0.60))
    assert test.low < 0.15 < test.high
    assert test.low > 0 and test.high < 0.3
    assert two_proportions(0, 10, 0, 10).p == 1.0
    assert two_proportions(10, 10, 10, 10).p == 1.0
    assert two_proportions(3, 0, 2, 10).p == 1.0


def test_cohens_h_and_holm() -> None:
    assert cohens_h(0.5, 0.5) == 0.0
    assert cohens_h(0.0, 1.0) == pytest.approx(math.pi)
    assert cohens_h(0.6, 0.4) == pytest.approx(-cohens_h(0.4, 0.6))
    assert holm([0.01, 0.04, 0.03, 0.005]) == [True, False, False, True]
    assert holm([0.01, 0.02, 0.03]) == [True, True, True]
    assert holm([]) == []


# --- comparing records ------------------------------------------------------------------------


def record(index: int, winners: list[int], rounds: float, **fields: Any) -> GameRecord:
    """A finished two-seat game with the given outcome (seed from the index, as a run's)."""
    data: dict[str, Any] = {
        "index": index,
        "seed": 1000 + index,
        "game": "test",
        "players": 2,
        "options": {},
        "packs": [],
        "seats": ["random", "random"],
        "winners": winners,
        "ranks": [1, 2] if winners == [0] else [2, 1],
        "scores": [float(s == winners[0]) for s in range(2)],
        "rounds": rounds,
        "decisions": int(10 * rounds),
    }
    data.update(fields)
    return GameRecord(**data)


def synthetic_run(
    games: int, seat_one_wins: float, extra_rounds: float, seed: int
) -> list[GameRecord]:
    """Seat 1 wins with the given chance; rounds are 20 + noise + ``extra_rounds``."""
    chance = random.Random(seed)
    noise = random.Random(99)  # the same per-game noise on both sides: the seed's part
    return [
        record(
            i,
            [0] if chance.random() < seat_one_wins else [1],
            20 + noise.randint(-4, 4) + extra_rounds + chance.choice([-1, 0, 1]),
            tallies={"fights": [float(i % 3), 1.0 + extra_rounds]},
            ended_by="round cap" if chance.random() < 0.5 + extra_rounds / 20 else "runes",
        )
        for i in range(games)
    ]


def test_a_large_difference_is_found() -> None:
    a = synthetic_run(200, 0.3, 0.0, seed=1)
    b = synthetic_run(200, 0.8, 5.0, seed=2)
    comparison = compare(a, b)
    assert comparison.pairs == 200
    seat = comparison.row(SEATS, "seat 1 (random)")
    assert seat.significant and seat.holm
    assert seat.test == PAIRED_T and seat.effect_name == "h"
    assert seat.difference == pytest.approx(seat.b - seat.a)
    assert seat.low < seat.difference < seat.high
    assert seat.effect == pytest.approx(cohens_h(seat.a, seat.b))
    rounds = comparison.row(LENGTH, "rounds")
    assert rounds.significant and rounds.difference == pytest.approx(5.0, abs=0.3)
    assert rounds.relative == pytest.approx(100 * rounds.difference / rounds.a)
    assert rounds.effect_name == "d_z" and rounds.effect > 2
    assert comparison.row(LENGTH, "decisions").significant
    cap = comparison.row(ENDINGS, "round cap")
    assert cap.test == MCNEMAR and cap.significant and cap.difference > 0.15
    fights = comparison.row(TALLIES, "fights")  # 5 more in every game: no spread
    assert (fights.difference, fights.p, fights.effect) == (5.0, 0.0, math.inf)
    assert comparison.tests == len(comparison.rows)
    json.dumps(comparison.to_data(), allow_nan=False)  # infinite effects become null


def test_identical_runs_differ_in_nothing() -> None:
    a = synthetic_run(50, 0.5, 0.0, seed=3)
    comparison = compare(a, list(a))
    assert comparison.rows
    assert not comparison.significant()
    for row in comparison.rows:
        assert (row.difference, row.p, row.effect) == (0.0, 1.0, 0.0)
        assert row.a == row.b
        assert not row.holm


def test_noise_alone_is_rarely_significant() -> None:
    a = synthetic_run(100, 0.5, 0.0, seed=4)
    b = synthetic_run(100, 0.5, 0.0, seed=5)  # same settings, other luck
    comparison = compare(a, b)
    assert not comparison.row(SEATS, "seat 1 (random)").holm
    assert not comparison.row(LENGTH, "rounds").holm


def test_errors_and_unmatched_games_are_skipped_and_counted() -> None:
    a = synthetic_run(10, 0.5, 0.0, seed=6)
    b = synthetic_run(12, 0.5, 0.0, seed=6)
    a[2] = GameRecord(2, a[2].seed, "test", 2, {}, [], ["random", "random"], error="boom")
    b[5] = GameRecord(5, b[5].seed, "test", 2, {}, [], ["random", "random"], error="boom")
    comparison = compare(a, b)
    assert (comparison.pairs, comparison.skipped, comparison.unmatched) == (8, 2, 2)
    assert (comparison.errors_a, comparison.errors_b) == (1, 1)
    assert comparison.row(LENGTH, "rounds").n == 8


def test_games_with_other_seeds_are_not_pairs() -> None:
    a = synthetic_run(3, 0.5, 0.0, seed=7)
    b = [record(r.index, r.winners, r.rounds or 0, seed=r.seed + 1) for r in a]
    with pytest.raises(ValueError, match="same seed"):
        compare(a, b)


def test_bots_compared_by_seat_and_by_kind() -> None:
    a = synthetic_run(60, 0.5, 0.0, seed=8)
    b = [
        record(r.index, [1] if i % 5 else [0], r.rounds or 0, seats=["random", "greedy"])
        for i, r in enumerate(a)
    ]
    comparison = compare(a, b)
    greedy = comparison.row(SEATS, "seat 2 (random → greedy)")
    assert greedy.b == pytest.approx(0.8) and greedy.significant
    assert [row.name for row in comparison.section(BOTS)] == ["random"]
    assert comparison.row(BOTS, "random").a == pytest.approx(0.5)  # per random seat
    assert comparison.row(BOTS, "random").b == pytest.approx(0.2)
    # the bots differ: figures are compared per seat as well
    names = [row.name for row in comparison.section(FIGURES)]
    assert names == ["score", "score, seat 1", "score, seat 2"]
    same = compare(a, list(a))
    assert not same.section(BOTS)
    assert [row.name for row in same.section(FIGURES)] == ["score"]
    assert [row.name for row in compare(a, a, by_seat=True).section(FIGURES)] == [
        "score",
        "score, seat 1",
        "score, seat 2",
    ]


def test_heroes_paired_when_dealt_alike_else_by_proportions() -> None:
    heroes = [["Ada", "Bo"], ["Bo", "Cy"], ["Ada", "Cy"], ["Ada", "Bo"]]
    a = [record(i, [0], 5, heroes=h) for i, h in enumerate(heroes)]
    b = [record(i, [1], 5, heroes=h) for i, h in enumerate(heroes)]
    b[3] = record(3, [1], 5, heroes=["Dee", "Bo"])  # Ada sits out game 3 in B
    comparison = compare(a, b)
    bo = comparison.row(HEROES, "Bo")
    assert bo.test == PAIRED_T and bo.n == 3
    assert (bo.a, bo.b) == pytest.approx((1 / 3, 2 / 3))
    ada = comparison.row(HEROES, "Ada")
    assert ada.test == TWO_PROPORTIONS
    assert (ada.a, ada.b) == (1.0, 0.0)
    assert -1.0 <= ada.low <= ada.high <= 1.0
    assert [row.name for row in comparison.section(HEROES)] == ["Ada", "Bo", "Cy", "Dee"]


# --- the command ------------------------------------------------------------------------------


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner(env={"COLUMNS": "160", "BOARDWRIGHT_DEBUG": None})


def invoke(runner: CliRunner, *args: str) -> Result:
    return runner.invoke(app, ["compare", GAME, "--jobs", "1", *args])


def rows_by_name(data: dict[str, Any], section: str) -> dict[str, dict[str, Any]]:
    rows = data["comparison"]["rows"]
    return {row["name"]: row for row in rows if row["section"] == section}


def test_a_shorter_game_is_found(runner: CliRunner) -> None:
    result = invoke(
        runner, "--games", "30", "--seed", "4", "--option-b", "hourglass_goal=3", "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["differs"] == {"hourglass_goal": [10, 3]}
    assert data["comparison"]["pairs"] == 30
    assert data["comparison"]["tests"] == len(data["comparison"]["rows"])
    rounds = rows_by_name(data, LENGTH)["rounds"]
    assert rounds["significant"] and rounds["significant_holm"]
    assert rounds["difference"] < -10 and rounds["relative_pct"] < -25
    assert rounds["ci95"][1] < 0
    assert data["a"]["summary"]["options"]["hourglass_goal"] == 10
    assert data["b"]["summary"]["options"]["hourglass_goal"] == 3


def test_the_same_settings_differ_in_nothing(runner: CliRunner) -> None:
    result = invoke(runner, "--games", "12", "--seed", "2", "-o", "max_rounds=8")
    assert result.exit_code == 0, result.output
    assert "nothing differs between A and B" in result.stdout
    assert "0 significant at 5 %" in result.stdout
    assert "*" not in result.stdout.replace("(*)", "").replace("(**)", "")
    assert "paired games 12" in result.stdout


def test_the_table_says_what_differs(runner: CliRunner) -> None:
    args = ["--games", "12", "--seed", "3", "-o", "max_rounds=6", "--option-b", "max_rounds=12"]
    result = invoke(runner, *args)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "A → B: max_rounds 6 → 12" in out
    for title in (SEATS, LENGTH, FIGURES, TALLIES):
        assert title in out
    assert "<0.001 **" in out  # rounds: 6 against 12 in every game
    assert "tests:" in out and "Holm-Bonferroni" in out


def test_side_options_win_over_common_ones(runner: CliRunner) -> None:
    args = ["--games", "2", "--seed", "1", "-o", "max_rounds=5", "--option-a", "max_rounds=7"]
    result = invoke(runner, *args, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["differs"] == {"max_rounds": [7, 5]}


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--option-b", "max_rounds=0"], ["side B:", "max_rounds"]),
        (["-o", "max_rounds=0"], ["error: option 'max_rounds'"]),
        (["--seats-b", "random,nobody"], ["side B:", "unknown bot 'nobody'"]),
        (["--rules-a", "advanced"], ["side A:", "advanced"]),
        (["--packs-b", "kellos"], ["side B:", "no card packs"]),
        (["--games", "0"], ["--games must be at least 1"]),
        (["--backend", "nowhere"], ["backend"]),
    ],
)
def test_bad_settings_are_one_line_errors(
    runner: CliRunner, args: list[str], fragments: list[str]
) -> None:
    result = invoke(runner, "--seed", "1", "--games", "2", *args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    for fragment in fragments:
        assert fragment in lines[0]


def test_mcnemar_reads_only_the_pairs_that_disagree() -> None:
    """Exact McNemar: 0 against 6 discordant pairs gives p = 2 / 2**6; a balanced split or no
    discordant pair gives 1; the pairs that agree do not count."""
    assert mcnemar_exact(0, 6) == pytest.approx(2 / 64)
    assert mcnemar_exact(6, 0) == pytest.approx(2 / 64)
    assert mcnemar_exact(3, 3) == 1.0 and mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(2, 9) == pytest.approx(2 * sum(math.comb(11, k) for k in range(3)) / 2**11)
