"""Do two games play the same game? Random bots play both on the same deck, and two-sample tests
compare what comes out: game length, each seat's share of the wins, the draws, and each card's dead
rate, with the timeouts required to be (nearly) none on both sides.

Why: a game written as data (printgen/games/datagame) and its hand-written twin must be shown to
play alike, and "alike" must be something that can fail. The same policy (random_bot) sits in every
seat of both, so only the rules can differ. The two sides are played with different seeds, so the
samples are independent (what the tests assume) and a twin cannot agree merely by drawing the same
random numbers as the other.

The tests, each two-sided, and why these:

- game length (Result.length, the completed games): the Mann-Whitney U test, normal approximation
  with the tie correction. Lengths are whole numbers with few distinct values and skewed tails; a
  rank test needs no normality, is not thrown by ties (the two-sample Kolmogorov-Smirnov p-value
  assumes continuous data and is far too conservative with ties), and is sensitive to the kind of
  difference a rule change makes (games longer or shorter). The difference of means is reported
  beside it with its interval.
- each seat's share of the wins, and the share of drawn games: two-proportion tests. A shared win
  counts as its share, as printgen.sim.metrics counts it, so the seat shares of one side sum to
  the completed games.
- each card's dead rate (held in a game but never used; matched by NAME, since twins may number
  their cards differently; counted per game by metrics.name_counts): a two-proportion test over
  the games the card was held, for cards held in at least `min_held` games on both sides (a rate
  of a few games tests nothing), and expected dead and alive at least MIN_EXPECTED times at the
  rate the sides share (a card dead in no game on either side has nothing to compare). Names that
  only one side has are a disagreement.

Family-wise error: every test of one comparison is one family, and Holm's step-down correction
holds the chance that any of them rejects when the twins are the same game to `alpha` (0.01 by
default). A comparison therefore disagrees falsely at most 1 % of the time, however many cards are
tested; each test keeps its raw and its Holm-adjusted p-value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from printgen.sim.engine import Game, play, random_bot
from printgen.sim.metrics import TIMEOUT_WARN, name_counts
from printgen.sim.report import Result, report_of
from printgen.sim.stats import format_p, holm, mann_whitney, mean_difference, two_proportions
from printgen.sim.verdicts import z_for

ALPHA = 0.01            # the family-wise significance of one comparison (Holm over all its tests)
MIN_HELD = 50           # a card's dead rate is tested when it was held in this many games on each side
# ...and when, at the rate both sides share, it is expected dead and alive this many times on each: the
# textbook floor under which the normal approximation of a two-proportion test runs too narrow
MIN_EXPECTED = 5
MAX_TIMEOUTS = TIMEOUT_WARN     # the share of games either side may leave at the step cap


@dataclass
class Sample:
    """One side of a comparison: its games and the name of each of its card indices."""

    label: str
    results: list[Result]
    card_names: list[str]

    @property
    def done(self) -> list[Result]:
        return [r for r in self.results if not r.timed_out]


@dataclass
class Test:
    """One two-sample test: which measure (length, seat, draws, dead), of what, the statistic and its
    p-values, and the estimate on each side (mean length, share of wins or draws, dead rate)."""

    measure: str
    subject: str                 # "game length", "seat 2", "draws", the card's name
    method: str                  # "Mann-Whitney U" or "two proportions"
    statistic: float             # z of the normal approximation (positive: larger on side a)
    p: float
    estimate_a: float
    estimate_b: float
    n_a: int                     # the games behind each estimate
    n_b: int
    p_adjusted: float = 1.0      # Holm's, over every test of the comparison
    rejected: bool = False
    interval: tuple[float, float] | None = None    # a - b, for length (see Agreement.interval_level)

    def words(self, a: str, b: str) -> str:
        """The test in one plain line."""
        if self.measure == "length":
            low, high = self.interval or (0.0, 0.0)
            said = (f"game length: mean {self.estimate_a:.2f} in {a}, {self.estimate_b:.2f} in {b} "
                    f"(difference {self.estimate_a - self.estimate_b:+.2f}, interval {low:+.2f} to {high:+.2f})")
        elif self.measure == "dead":
            said = (f"'{self.subject}' is dead in {self.estimate_a:.1%} of the {self.n_a:,} games it is held in {a}, "
                    f"{self.estimate_b:.1%} of {self.n_b:,} in {b}")
        elif self.measure == "draws":
            said = (f"draws: {self.estimate_a:.1%} of {a}'s {self.n_a:,} games, "
                    f"{self.estimate_b:.1%} of {b}'s {self.n_b:,}")
        else:
            said = (f"{self.subject} wins {self.estimate_a:.1%} of {a}'s {self.n_a:,} games, "
                    f"{self.estimate_b:.1%} of {b}'s {self.n_b:,}")
        return (f"{said} ({self.method}, z = {self.statistic:.2f}, p = {format_p(self.p)}, "
                f"Holm-adjusted {format_p(self.p_adjusted)})")


@dataclass
class Agreement:
    """The verdict of one comparison: `agrees` when no test rejects at the family-wise `alpha`, both
    sides (nearly) always end, and both name the same cards; `disagreements` says each failure in
    plain words."""

    a: str
    b: str
    players: int
    games: int
    seed: int
    alpha: float
    correction: str                      # how alpha is split over the tests
    tests: list[Test]
    timeouts: tuple[int, int]            # games at the step cap on each side
    untested_cards: list[str]            # held too rarely on a side, or dead too rarely or too often to test
    only_in_a: list[str]                 # card names one side has and the other lacks
    only_in_b: list[str]
    disagreements: list[str] = field(default_factory=list)
    agrees: bool = True
    interval_level: float = 0.95         # the coverage of each length interval (simultaneous over the family)

    def rejected(self, measure: str | None = None) -> list[Test]:
        """The tests that rejected, of one measure ("length", "seat", "draws", "dead") or of all."""
        return [t for t in self.tests if t.rejected and (measure is None or t.measure == measure)]

    def words(self) -> str:
        """The comparison as a short report: its design, then each disagreement or that there is none."""
        head = (f"{self.a} against {self.b}: {self.players} players, {self.games:,} games each with random bots; "
                f"{len(self.tests)} two-sample tests at family-wise alpha {self.alpha:g} ({self.correction})")
        lines = [head]
        lines += [f"  disagree: {d}" for d in self.disagreements] or ["  they agree on every measure tested"]
        return "\n".join(lines)


def play_sample(game: Game[Any, Any], prepared: Any, players: int, games: int, seed: int, label: str = "") -> Sample:
    """`games` games of `game` with random bots in every seat, and its card names (the game must be a
    Report: its cards' names and use are what the dead-card tests compare)."""
    report = report_of(game, game.name)
    bots = [random_bot] * players
    results = [play(game, prepared, players, seed, index, bots) for index in range(games)]
    return Sample(label or game.name, results, list(report.card_names(prepared)))


def agreement(a: tuple[Game[Any, Any], Any], b: tuple[Game[Any, Any], Any], players: int, games: int,
              seed: int = 0, alpha: float = ALPHA, min_held: int = MIN_HELD,
              labels: tuple[str, str] | None = None) -> Agreement:
    """Play `games` games of each (game, prepared deck) pair with random bots at `players`, side a with
    `seed` and side b with seed + 1 (independent samples), and compare them (see compare)."""
    if labels is None:
        names = (a[0].name, b[0].name)
        labels = names if names[0] != names[1] else (f"{names[0]} (a)", f"{names[1]} (b)")
    first = play_sample(a[0], a[1], players, games, seed, labels[0])
    second = play_sample(b[0], b[1], players, games, seed + 1, labels[1])
    return compare(first, second, alpha, min_held, seed=seed)


def agreements(a: tuple[Game[Any, Any], Any], b: tuple[Game[Any, Any], Any], counts: Sequence[int], games: int,
               seed: int = 0, alpha: float = ALPHA, min_held: int = MIN_HELD,
               labels: tuple[str, str] | None = None) -> list[Agreement]:
    """One comparison per player count, `alpha` split evenly over them (Bonferroni: the counts are
    played apart, and together they still disagree falsely at most `alpha` of the time)."""
    share = alpha / max(1, len(counts))
    return [agreement(a, b, players, games, seed, share, min_held, labels) for players in counts]


def _shares(done: list[Result], players: int) -> tuple[list[float], int]:
    """Each seat's wins (a shared win split), and the drawn games."""
    wins = [0.0] * players
    draws = 0
    for r in done:
        for seat in r.winners:
            wins[seat] += 1 / len(r.winners)
        draws += len(r.winners) > 1
    return wins, draws


def compare(a: Sample, b: Sample, alpha: float = ALPHA, min_held: int = MIN_HELD, seed: int = 0) -> Agreement:
    """Every two-sample test of a against b, corrected together by Holm at `alpha`."""
    players = max((r.players for r in a.results + b.results), default=0)
    done_a, done_b = a.done, b.done
    na, nb = len(done_a), len(done_b)
    tests: list[Test] = []
    lengths_a = [float(r.length) for r in done_a]
    lengths_b = [float(r.length) for r in done_b]
    _, z, p = mann_whitney(lengths_a, lengths_b)
    tests.append(Test("length", "game length", "Mann-Whitney U", z, p, _mean(lengths_a), _mean(lengths_b), na, nb))
    wins_a, draws_a = _shares(done_a, players)
    wins_b, draws_b = _shares(done_b, players)
    for seat in range(players):
        z, p = two_proportions(wins_a[seat], na, wins_b[seat], nb)
        tests.append(Test("seat", f"seat {seat + 1}", "two proportions", z, p, _rate(wins_a[seat], na),
                          _rate(wins_b[seat], nb), na, nb))
    z, p = two_proportions(draws_a, na, draws_b, nb)
    tests.append(Test("draws", "draws", "two proportions", z, p, _rate(draws_a, na), _rate(draws_b, nb), na, nb))
    held_a, dead_a = name_counts(done_a, a.card_names)
    held_b, dead_b = name_counts(done_b, b.card_names)
    untested = []
    for name in sorted(set(held_a) & set(held_b)):
        ha, hb = held_a[name], held_b[name]
        pooled = (dead_a[name] + dead_b[name]) / (ha + hb)
        if ha < min_held or hb < min_held or min(pooled, 1 - pooled) * min(ha, hb) < MIN_EXPECTED:
            untested.append(name)
            continue
        z, p = two_proportions(dead_a[name], ha, dead_b[name], hb)
        tests.append(Test("dead", name, "two proportions", z, p, dead_a[name] / ha, dead_b[name] / hb, ha, hb))
    for test, adjusted in zip(tests, holm([t.p for t in tests])):
        test.p_adjusted = adjusted
        test.rejected = adjusted <= alpha
    level = 1 - alpha / len(tests)           # Bonferroni's level: the length interval holds with the whole family
    low_high = mean_difference(lengths_a, lengths_b, z_for(alpha / len(tests)))
    tests[0].interval = (low_high[1], low_high[2])
    result = Agreement(a.label, b.label, players, max(len(a.results), len(b.results)), seed, alpha,
                       f"Holm over {len(tests)} tests", tests,
                       (len(a.results) - na, len(b.results) - nb), untested,
                       sorted(set(a.card_names) - set(b.card_names)), sorted(set(b.card_names) - set(a.card_names)),
                       interval_level=level)
    result.disagreements = _disagreements(result, a, b)
    result.agrees = not result.disagreements
    return result


def _disagreements(result: Agreement, a: Sample, b: Sample) -> list[str]:
    said = [t.words(a.label, b.label) for t in result.tests if t.rejected]
    for sample, stuck in zip((a, b), result.timeouts):
        if sample.results and stuck / len(sample.results) > MAX_TIMEOUTS:
            said.append(f"{sample.label}: {stuck:,} of {len(sample.results):,} games hit the step cap "
                        f"(at most {MAX_TIMEOUTS:.0%} may)")
    for sample, only in ((a, result.only_in_a), (b, result.only_in_b)):
        if only:
            said.append(f"cards only {sample.label} has: " + ", ".join(f"'{n}'" for n in only[:8])
                        + (f" and {len(only) - 8} more" if len(only) > 8 else ""))
    return said


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _rate(k: float, n: int) -> float:
    return k / n if n else 0.0
