"""The few statistics validation needs, in plain Python (no SciPy for three formulas).

Why: a seat that wins 40 % of 30 games is luck, of 3,000 games a flaw. A warning about seat
balance or a dead card must say how sure it is, so every rate comes with a Wilson score interval,
and seat balance is judged by an exact binomial test (a normal approximation for very many games)
against a threshold divided by the number of seats tested (Bonferroni), plus a chi-square test of
all seats of one player count together.
"""

from __future__ import annotations

import math
from functools import cache

Z95 = 1.959963984540054       # two-sided 95 %
EXACT_LIMIT = 20000           # above this many games the binomial test uses the normal approximation


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: sensible even for rates near 0 or 1 and for
    small n, where the textbook p +- z*se interval runs outside [0, 1]."""
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, successes / n))
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def _log_pmf(k: int, n: int, p: float) -> float:
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p))


def binomial_p(k: int, n: int, p: float) -> float:
    """Two-sided p-value of k successes in n trials of probability p: the chance of an outcome
    at most as likely as k (exact), or, for more than EXACT_LIMIT trials, the normal
    approximation with continuity correction."""
    if n <= 0:
        return 1.0
    k = max(0, min(n, int(round(k))))
    if p <= 0.0 or p >= 1.0:
        return 1.0 if k == round(n * p) else 0.0
    if n > EXACT_LIMIT:
        sd = math.sqrt(n * p * (1 - p))
        z = max(0.0, abs(k - n * p) - 0.5) / sd
        return min(1.0, math.erfc(z / math.sqrt(2)))
    mode = int((n + 1) * p)
    mode = min(n, max(0, mode))
    log_mode = _log_pmf(mode, n, p)
    target = math.exp(_log_pmf(k, n, p) - log_mode) * (1 + 1e-7)   # pmf relative to the mode
    odds = p / (1 - p)
    total = 0.0
    # walk out from the mode on each side, with the pmf relative to the mode's (no underflow)
    for step in (1, -1):
        term = 1.0
        j = mode
        while True:
            if term <= target:
                total += term
                if term < 1e-18 * max(total, target):
                    break
            nxt = j + step
            if nxt < 0 or nxt > n:
                break
            term *= (n - j) / (j + 1) * odds if step == 1 else j / (n - j + 1) / odds
            j = nxt
    if target >= 1.0:          # k is the mode itself: it was counted on both walks
        total -= 1.0
    return min(1.0, total * math.exp(log_mode))


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with df degrees of freedom: the regularised upper
    incomplete gamma Q(df/2, x/2), by its series below a+1 and its continued fraction above."""
    if x <= 0 or df <= 0:
        return 1.0
    a, y = df / 2.0, x / 2.0
    log_front = a * math.log(y) - y - math.lgamma(a)
    if y < a + 1:
        term = total = 1.0 / a
        d = a
        for _ in range(10000):
            d += 1
            term *= y / d
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, min(1.0, 1.0 - total * math.exp(log_front)))
    tiny = 1e-300
    b = y + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return max(0.0, min(1.0, h * math.exp(log_front)))


def seat_chi2(wins: list[float], games: int) -> tuple[float, float]:
    """(statistic, p-value) of the chi-square test that every seat wins equally often."""
    seats = len(wins)
    if seats < 2 or games <= 0:
        return 0.0, 1.0
    expected = games / seats
    stat = sum((w - expected) ** 2 / expected for w in wins)
    return stat, chi2_sf(stat, seats - 1)


def format_p(p: float) -> str:
    """A p-value as a reader wants it: two significant digits, tiny ones as a power of ten."""
    if p >= 0.001:
        return f"{p:.3f}".rstrip("0").rstrip(".") if p < 1 else "1"
    if p <= 0:
        return "< 1e-300"
    return f"{p:.0e}".replace("e-0", "e-")


# -- two samples: does a game play like its twin? (printgen.sim.agreement) ---------------------------

def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic z."""
    return min(1.0, math.erfc(abs(z) / math.sqrt(2)))


def mann_whitney(x: list[float], y: list[float]) -> tuple[float, float, float]:
    """(U of x, z, two-sided p) of the Mann-Whitney U test that x and y come from one distribution,
    by the normal approximation with the tie correction. Why the correction: game lengths are whole
    numbers with a handful of values, so most observations are tied, and the plain variance would
    overstate the spread of U and hide real differences. Every value the same: z 0, p 1."""
    n1, n2 = len(x), len(y)
    if not n1 or not n2:
        return 0.0, 0.0, 1.0
    pooled = sorted([(v, 0) for v in x] + [(v, 1) for v in y])
    rank_x = 0.0
    tie_term = 0.0
    i, n = 0, n1 + n2
    while i < n:
        j = i
        while j + 1 < n and pooled[j + 1][0] == pooled[i][0]:
            j += 1
        mid = (i + j) / 2 + 1                   # the average rank of the tied run i..j
        rank_x += mid * sum(1 for k in range(i, j + 1) if pooled[k][1] == 0)
        t = j - i + 1
        tie_term += t ** 3 - t
        i = j + 1
    u = rank_x - n1 * (n1 + 1) / 2
    mean = n1 * n2 / 2
    var = n1 * n2 / 12 * ((n + 1) - tie_term / (n * (n - 1))) if n > 1 else 0.0
    if var <= 0:                                  # every value tied: nothing tells the samples apart
        return u, 0.0, 1.0
    z = (u - mean) / math.sqrt(var)
    return u, z, normal_p(z)


def two_proportions(k1: float, n1: int, k2: float, n2: int) -> tuple[float, float]:
    """(z, two-sided p) of the pooled two-proportion test that k1 of n1 and k2 of n2 share one rate
    (z squared is the chi-square of the 2 x 2 table). Counts may be fractional (a shared win counts
    as its share). A pooled rate of 0 or 1 leaves nothing to tell apart: z 0, p 1."""
    if n1 <= 0 or n2 <= 0:
        return 0.0, 1.0
    pooled = (k1 + k2) / (n1 + n2)
    var = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if var <= 0:
        return 0.0, 1.0
    z = (k1 / n1 - k2 / n2) / math.sqrt(var)
    return z, normal_p(z)


def mean_difference(x: list[float], y: list[float], z: float) -> tuple[float, float, float]:
    """(mean x - mean y, low, high): the difference of means with its interval of z standard errors
    (each sample's own variance, as Welch's: the twins need not spread alike)."""
    if not x or not y:
        return 0.0, -math.inf, math.inf
    mx, my = sum(x) / len(x), sum(y) / len(y)
    vx = sum((v - mx) ** 2 for v in x) / (len(x) - 1) if len(x) > 1 else 0.0
    vy = sum((v - my) ** 2 for v in y) / (len(y) - 1) if len(y) > 1 else 0.0
    half = z * math.sqrt(vx / len(x) + vy / len(y))
    return mx - my, mx - my - half, mx - my + half


def holm(pvalues: list[float]) -> list[float]:
    """Holm's adjusted p-values: reject test i at family-wise level alpha when adjusted[i] <= alpha.
    Why Holm: like Bonferroni it holds the chance of any false rejection among all the tests to
    alpha whatever their dependence (seat shares of one game are dependent), and it rejects at
    least as often."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def t_tail(t: float, df: int) -> float:
    """P(|T| > t) for Student's t with `df` degrees of freedom: 1 - the density integrated from
    -t to t (Simpson's rule on 2,000 panels, ample for the quantiles a verdict asks)."""
    if t <= 0:
        return 1.0
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)

    def density(x: float) -> float:
        return c * (1 + x * x / df) ** (-(df + 1) / 2)

    panels = 2000
    h = t / panels
    total = density(0.0) + density(t)
    total += sum((4 if i % 2 else 2) * density(i * h) for i in range(1, panels))
    return max(0.0, 1 - 2 * total * h / 3)


@cache
def t_for(z: float, df: int) -> float:
    """Student's t quantile with the two-sided tail of the normal's z (by bisection on t_tail)."""
    alpha = math.erfc(z / math.sqrt(2))
    low, high = z, z
    while t_tail(high, df) > alpha:
        high *= 2
    for _ in range(60):
        mid = (low + high) / 2
        if t_tail(mid, df) > alpha:
            low = mid
        else:
            high = mid
    return (low + high) / 2


DEFF_FLOOR = 0.25     # a design effect estimated below this is taken as this (at most 4 times the games)


def clustered_wilson(groups: list[tuple[float, int]], z: float = Z95) -> tuple[float, float, float]:
    """(low, high, effective games): an interval for a share of wins counted in groups of games
    that are not independent of one another (the games of one deal, the skill ladder's duplicate
    deals: (wins, games) per deal; a group of no games is left out).

    Why this interval: a game's outcome shares its deal's luck with the other rotations of the
    deal, so the games are clusters, and a Wilson interval that counts them as independent is the
    wrong width (too wide here, where the deal's luck cancels between the rotations; too narrow
    where it would not). The share's variance is estimated from the deals themselves (the ratio
    estimator's: the spread of each deal's wins about the share times its games), and the games
    are counted at their effective number, the games divided by the design effect (that variance
    over the binomial one): the Wilson interval at that many games (Kish's effective sample size;
    the Korn-Graubard interval for survey proportions does the same). Two guards keep it honest with
    few deals: the effective games are scaled by (z / t)^2, t Student's quantile with deals - 1
    degrees of freedom at the same confidence (Korn and Graubard's correction for a variance
    estimated from few clusters), and a design effect is taken as at least DEFF_FLOOR, so that a
    few deals that happen to agree cannot make the interval a point. A share of 0 or 1 has no
    binomial variance to compare with, and is given a design effect of 1. Checked by resampling
    the deals of real ladder games (bench/bench_duplicate.py: Casita, Conquian, Burro, drafting):
    at 95 % it missed the share of all the deals 0.1 to 5.9 % of the time from 5 to 160 deals (2,000
    resampled ladders each, so give or take a point), where a t interval on the deals' means missed
    up to 16 % with 5 deals (and, in a one-off run before the bench, the same Wilson interval
    without the two guards up to 9 %)."""
    kept = [(w, k) for w, k in groups if k > 0]
    deals, games = len(kept), sum(k for _, k in kept)
    if deals < 2:
        return 0.0, 1.0, 0.0
    share = sum(w for w, _ in kept) / games
    variance = deals / (deals - 1) * sum((w - share * k) ** 2 for w, k in kept) / games ** 2
    binomial = share * (1 - share) / games
    design = max(DEFF_FLOOR, variance / binomial) if binomial > 0 else 1.0
    effective = games / design * (z / t_for(z, deals - 1)) ** 2
    low, high = wilson(share * effective, effective, z)
    return low, high, effective
