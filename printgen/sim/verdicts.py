"""Findings decided by an interval against a margin, and the looks that settle them.

Why: a warning read from a point estimate ("seat 4 wins 36 %, more than 10 points over its fair
share") flips with the seed when the truth sits near the threshold, and turns milder with more
evidence. Here a finding is a claim that a rate lies outside a band of acceptable values (a
seat's share of the wins within a margin of its fair share, a card dead in at most 90 % of the
games it is held), decided by the rate's interval:

- "warning": the whole interval lies beyond the band's edge;
- "fine": the whole interval lies inside the band (nothing is said);
- "undecided": the interval straddles an edge.

An undecided finding makes validate play more games of that player count and look again, up to
LOOKS looks (1, 2, 4, 8 and 16 times --games; --looks changes it): a finding near its margin gets the evidence it needs,
and a clear one costs nothing extra. Looking several times at growing games would let chance decide
more often than one look does, so each look's interval is widened for all of them (Bonferroni over
the looks): over every look, a decided verdict on one finding is wrong at most ALPHA of the time. A
finding still undecided after the last look is reported as undecided, with the counts, the interval
and the band, and never changes the exit status: the games cannot tell it from the margin.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any

from printgen.sim.defaults import LOOKS  # the games are looked at after 1, 2, 4, 8 and 16 times --games
from printgen.sim.stats import wilson

ALPHA = 0.01        # the chance that a decided verdict on one finding is wrong, over all its looks
GROWTH = 2          # each look plays this many times the games of the last
WARNING, FINE, UNDECIDED = "warning", "fine", "undecided"


@cache
def z_for(alpha: float) -> float:
    """The two-sided normal quantile z with P(|Z| > z) = alpha (by bisection on erfc; no SciPy)."""
    low, high = 0.0, 40.0
    for _ in range(100):
        mid = (low + high) / 2
        if math.erfc(mid / math.sqrt(2)) > alpha:
            low = mid
        else:
            high = mid
    return (low + high) / 2


Z = z_for(ALPHA / LOOKS)                        # 3.09: every verdict interval of a default run is this wide
CONFIDENCE = 1 - ALPHA / LOOKS                  # each look's interval: 99.8 %
MAX_LOOKS = 6                                   # --looks: at most 32 times the games asked

_looks: ContextVar[int] = ContextVar("looks", default=LOOKS)


@contextmanager
def looking(looks: int) -> Iterator[None]:
    """Verdicts decided inside are for a run of `looks` looks (validate --looks): their intervals
    are widened for that many. Why a context and not an argument: the games' own reports decide
    their rates deep inside, and every interval of one run must be as wide as every other."""
    token = _looks.set(looks)
    try:
        yield
    finally:
        _looks.reset(token)


def current_looks() -> int:
    return _looks.get()


def current_z() -> float:
    """The z of every interval of the run being judged."""
    return z_for(ALPHA / _looks.get())


def look_games(games: int, look: int) -> int:
    """The games played by look `look` (0 first) when a run asks for `games`."""
    return games * GROWTH ** look


@dataclass(frozen=True)
class Verdict:
    """One rate judged against its band: the counts behind it (so anyone can recompute the
    interval: a Wilson score interval at Z), the interval, the band of acceptable values, and
    what was decided. `reference` is the value the band is drawn around (a fair share, a
    baseline), `margin` how the band is drawn from it, in words."""

    successes: float
    trials: int
    low: float
    high: float
    band: tuple[float, float]
    decision: str
    reference: float | None = None
    margin: str = ""
    z: float = Z

    @property
    def confidence(self) -> float:
        return 1 - math.erfc(self.z / math.sqrt(2))

    @property
    def rate(self) -> float:
        return self.successes / self.trials if self.trials else 0.0

    @property
    def lean(self) -> int:
        """+1 when the interval lies above the band, -1 below, 0 otherwise."""
        return 1 if self.low > self.band[1] else -1 if self.high < self.band[0] else 0

    def interval_words(self) -> str:
        """'99.8 % interval 32-39 %': the interval as a report line quotes it."""
        return f"{self.confidence * 100:.4g} % interval {pct(self.low)}-{pct(self.high)} %"

    def band_words(self) -> str:
        """'fine from 20 to 30 %': the band, and how it was drawn when it says."""
        low, high = self.band
        span = (f"at most {pct(high)} %" if low <= 0 else f"at least {pct(low)} %" if high >= 1
                else f"{pct(low)} to {pct(high)} %")
        return f"{span} ({self.margin})" if self.margin else span

    def as_dict(self) -> dict[str, Any]:
        """For the JSON report: enough to recompute the interval and check the decision."""
        return {"successes": round(self.successes, 2), "trials": self.trials, "rate": round(self.rate, 4),
                "interval": [round(self.low, 4), round(self.high, 4)], "z": round(self.z, 4),
                "confidence": round(self.confidence, 6), "band": [round(self.band[0], 4), round(self.band[1], 4)],
                "reference": None if self.reference is None else round(self.reference, 4),
                "margin": self.margin, "decision": self.decision}


def decide(successes: float, trials: int, band: tuple[float, float], reference: float | None = None,
           margin: str = "") -> Verdict:
    """The verdict on `successes` in `trials` whose acceptable rates are `band` (inclusive)."""
    z = current_z()
    low, high = wilson(successes, trials, z)
    return judged(successes, trials, (low, high), band, reference, margin, z)


def judged(successes: float, trials: int, interval: tuple[float, float], band: tuple[float, float],
           reference: float | None = None, margin: str = "", z: float | None = None) -> Verdict:
    """The verdict on `successes` in `trials` whose interval (at `z`, the run's by default) was
    drawn otherwise than by decide's Wilson (the skill ladder's, over duplicate deals)."""
    z = current_z() if z is None else z
    low, high = interval
    if trials <= 0:
        decision = UNDECIDED
    elif low > band[1] or high < band[0]:
        decision = WARNING
    elif band[0] <= low and high <= band[1]:
        decision = FINE
    else:
        decision = UNDECIDED
    return Verdict(successes, trials, low, high, band, decision, reference, margin, z)


def differ(a: Verdict, b: Verdict) -> bool:
    """Do two rates differ beyond chance? Their intervals (each at Z) do not overlap. Why so strict:
    a finding put down to the bots (or kept against them) rests on this, and a chance-sized
    difference (53 % against 50 %) must not carry it."""
    return a.low > b.high or b.low > a.high


def pct(x: float) -> str:
    """A percentage to one decimal, without a trailing '.0': an interval and a band a few points
    wide need the decimal, or '21 % to 21 %' hides which side of the edge a rate is."""
    return f"{x * 100:.1f}".removesuffix(".0")
