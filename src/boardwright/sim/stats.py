"""Small statistics for simulation reports: confidence intervals and tests on plain floats
(no numerical library needed)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""


def normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def two_sided_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return max(0.0, min(1.0, 2.0 * (1.0 - normal_cdf(abs(z)))))


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may be fractional: a shared win
    counts its share); (0, 1) for no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1.0 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


ALPHA = 0.05
"""The significance level of the comparison reports."""

_TINY = 1e-300
"""Keeps the continued fraction's denominators away from zero (modified Lentz)."""

_CF_EPSILON = 1e-15
_CF_MAX_TERMS = 10_000


def regularized_incomplete_beta(a: float, b: float, x: float) -> float:
    """I_x(a, b), the regularized incomplete beta function, for a, b > 0 and 0 <= x <= 1.

    Evaluated by its continued fraction (Numerical Recipes' ``betai``/``betacf``): directly
    where it converges fast, x < (a + 1) / (a + b + 2), else through I_x(a, b) = 1 - I_1-x(b, a).
    It gives the Student t distribution without a numerical library."""
    if a <= 0 or b <= 0:
        raise ValueError(f"the incomplete beta function needs a, b > 0, not a={a}, b={b}")
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of I_x(a, b), by the modified Lentz method."""
    c = 1.0
    d = _nonzero(1.0 - (a + b) * x / (a + 1.0))
    d = 1.0 / d
    fraction = d
    for m in range(1, _CF_MAX_TERMS + 1):
        even = m * (b - m) * x / ((a + 2 * m - 1.0) * (a + 2 * m))
        d = 1.0 / _nonzero(1.0 + even * d)
        c = _nonzero(1.0 + even / c)
        fraction *= d * c
        odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1.0))
        d = 1.0 / _nonzero(1.0 + odd * d)
        c = _nonzero(1.0 + odd / c)
        step = d * c
        fraction *= step
        if abs(step - 1.0) < _CF_EPSILON:
            break
    return fraction


def _nonzero(value: float) -> float:
    return value if abs(value) >= _TINY else _TINY


def student_t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t distribution with ``df`` degrees of freedom (df > 0)."""
    tail = 0.5 * regularized_incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_two_sided_p(t: float, df: float) -> float:
    """The two-sided p-value of a t statistic: P(|T| >= |t|). Exact for small samples, where
    the normal approximation would call too much significant."""
    if math.isinf(t):
        return 0.0
    return max(0.0, min(1.0, regularized_incomplete_beta(df / 2.0, 0.5, df / (df + t * t))))


def t_critical(df: float, alpha: float = ALPHA) -> float:
    """The t value whose two-sided p-value is ``alpha`` (2.228 for df 10 at 5 %), by
    bisection on :func:`t_two_sided_p`, which falls steadily as t grows."""
    low, high = 0.0, 2.0
    while t_two_sided_p(high, df) > alpha:
        low, high = high, 2.0 * high
    for _ in range(200):
        middle = 0.5 * (low + high)
        if t_two_sided_p(middle, df) > alpha:
            low = middle
        else:
            high = middle
        if high - low < 1e-12 * high:
            break
    return 0.5 * (low + high)


def cohens_h(p_a: float, p_b: float) -> float:
    """Cohen's h of proportion ``p_b`` against ``p_a``: 2 asin sqrt(p_b) - 2 asin sqrt(p_a),
    the effect size of a difference of proportions (0.2 small, 0.5 medium, 0.8 large)."""

    def angle(p: float) -> float:
        return 2.0 * math.asin(math.sqrt(min(1.0, max(0.0, p))))

    return angle(p_b) - angle(p_a)


@dataclass(frozen=True)
class PairedTest:
    """A paired t-test of B against A on the same games: the mean of the per-game differences
    B - A, its 95 % confidence interval, the t statistic, its two-sided p-value (Student's t,
    n - 1 degrees of freedom) and Cohen's d_z (mean difference / sd of the differences).

    Differences that are all the same have no spread: all 0 gives p = 1 and d_z = 0 (nothing
    differs); another constant gives p = 0 and an infinite d_z. Fewer than two games cannot
    be tested: p = 1, d_z = 0 and an unbounded interval."""

    n: int
    mean_a: float
    mean_b: float
    difference: float
    sd: float
    low: float
    high: float
    t: float
    p: float
    d_z: float


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean; 0 for no values."""
    return math.fsum(values) / len(values) if values else 0.0


def sample_sd(values: Sequence[float]) -> float:
    """The sample standard deviation (n - 1 in the denominator); 0 for fewer than 2 values."""
    if len(values) < 2:
        return 0.0
    centre = mean(values)
    return math.sqrt(math.fsum((v - centre) ** 2 for v in values) / (len(values) - 1))


def paired_t(a: Sequence[float], b: Sequence[float], alpha: float = ALPHA) -> PairedTest:
    """The paired t-test of ``b`` against ``a`` (value i of each from the same game)."""
    if len(a) != len(b):
        raise ValueError(f"a paired test needs as many values in B as in A ({len(b)}, {len(a)})")
    n = len(a)
    differences = [y - x for x, y in zip(a, b, strict=True)]
    mean_a, mean_b, centre = mean(a), mean(b), mean(differences)
    if n < 2:
        return PairedTest(n, mean_a, mean_b, centre, 0.0, -math.inf, math.inf, 0.0, 1.0, 0.0)
    if max(differences) == min(differences):
        return _constant_difference(n, mean_a, mean_b, differences[0])
    sd = sample_sd(differences)
    error = sd / math.sqrt(n)
    t = centre / error
    spread = t_critical(n - 1, alpha) * error
    p = t_two_sided_p(t, n - 1)
    return PairedTest(
        n, mean_a, mean_b, centre, sd, centre - spread, centre + spread, t, p, centre / sd
    )


def _constant_difference(n: int, mean_a: float, mean_b: float, value: float) -> PairedTest:
    """Every game differs by the same ``value``: no spread, so no doubt about the difference."""
    if value == 0:
        return PairedTest(n, mean_a, mean_b, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0)
    infinite = math.copysign(math.inf, value)
    return PairedTest(n, mean_a, mean_b, value, 0.0, value, value, infinite, 0.0, infinite)


@dataclass(frozen=True)
class ProportionTest:
    """A two-proportion z-test of B's rate against A's: the rates, their difference B - A with
    Newcombe's 95 % interval (from the two Wilson intervals; sound near 0 and 1), the pooled z
    statistic, its two-sided p-value and Cohen's h."""

    n_a: int
    n_b: int
    rate_a: float
    rate_b: float
    difference: float
    low: float
    high: float
    z: float
    p: float
    h: float


def two_proportions(
    successes_a: float, n_a: int, successes_b: float, n_b: int, z95: float = Z95
) -> ProportionTest:
    """The two-proportion z-test of ``successes_b / n_b`` against ``successes_a / n_a`` (the
    counts may be fractional: a shared win counts its share). p = 1 when a side has no trials
    or both rates are 0 or both 1."""
    rate_a = successes_a / n_a if n_a else 0.0
    rate_b = successes_b / n_b if n_b else 0.0
    difference = rate_b - rate_a
    low_a, high_a = wilson(successes_a, n_a, z95)
    low_b, high_b = wilson(successes_b, n_b, z95)
    low = difference - math.hypot(rate_b - low_b, high_a - rate_a)
    high = difference + math.hypot(high_b - rate_b, rate_a - low_a)
    h = cohens_h(rate_a, rate_b)
    pooled = (successes_a + successes_b) / (n_a + n_b) if n_a and n_b else 0.0
    variance = pooled * (1.0 - pooled) * (1.0 / n_a + 1.0 / n_b) if n_a and n_b else 0.0
    if variance <= 0.0:
        return ProportionTest(n_a, n_b, rate_a, rate_b, difference, low, high, 0.0, 1.0, h)
    z = difference / math.sqrt(variance)
    return ProportionTest(n_a, n_b, rate_a, rate_b, difference, low, high, z, two_sided_p(z), h)


def holm(p_values: Sequence[float], alpha: float = ALPHA) -> list[bool]:
    """Which of the tests Holm-Bonferroni rejects at family-wise level ``alpha``: the k-th
    smallest p-value (k from 0) must be below alpha / (m - k), and every smaller one too."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    rejected = [False] * len(p_values)
    for rank, index in enumerate(order):
        if p_values[index] > alpha / (len(p_values) - rank):
            break
        rejected[index] = True
    return rejected


def mcnemar_exact(only_a: int, only_b: int) -> float:
    """The two-sided p-value of McNemar's exact test on paired yes/no outcomes: ``only_a`` pairs
    say yes in A alone, ``only_b`` in B alone (the pairs that agree tell nothing). Under no
    difference each discordant pair is a fair coin: p = 2 P(X <= min) for X ~ Bin(n, 1/2),
    at most 1; p = 1 when no pair disagrees."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    low = min(only_a, only_b)
    tail = sum(math.comb(n, k) for k in range(low + 1)) / 2.0**n
    return min(1.0, 2.0 * tail)
