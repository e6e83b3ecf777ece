"""How much knowing the houses is worth in Cromwell: the pupil (pupil.py) among knowing players.

Why this figure: the deck exists to teach which house each monarch belongs to (the seed's
instructional objective). If a player who knows the houses wins no more often than one who
guesses from the names, the game does not reward what it teaches, and a class playing it learns
nothing from winning or losing.

The measure: games with one pupil among greedy players (who know the houses; in advanced play
they answer the before-or-after test right with probability `knowledge`), the pupil a seat
further round the table each game, as validate turns a line-up. In each game the knowing seats'
mean share of the win (a shared win split) less the pupil's share; the worth is its mean over the
games, with a normal interval of the run's z (printgen.sim.verdicts.current_z: as wide as every
other interval of the run). With every seat alike the worth would be 0; it is at most 1/(P-1)
with P players (the pupil never wins).

Judged against MARGIN: the worth is visible when the whole interval lies above it, small when the
whole interval lies below it, undecided otherwise (validate looks again with more games). A small
worth is followed by the figure of a rule change meant to raise it (RAISERS, tried in turn until
one is visible), played on the same seeds: recommended only when that figure is itself visible
(its interval above MARGIN); else the report says plainly that no change tried raises it, with the
figures, so a designer is never sent to a change its own games show does not help.

The knowing seats must play sensibly, or the figure measures their blunders: under the rule
sheet's forfeit a wrong answer rids the answerer of the card it received, so every seat (the pupil
too) answers wrong on purpose about a card that helps it nothing (bots.py). Before they did,
the pupil, wrong by not knowing, shed cards the knowing seats kept, and with test=house and
scoring=out (only going out pays) won 46.5 % at four players to a knowing seat's 17.8 %."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from printgen.games.cromwell.tables import DEFAULT_KNOWLEDGE
from printgen.sim.report import Finding, More, Result
from printgen.sim.runner import seated
from printgen.sim.verdicts import FINE, UNDECIDED, WARNING, current_z, pct

MARGIN = 0.05        # knowing the houses should be worth at least 5 points of win share to be felt at the table
PUPIL = "pupil"
KNOWING = "greedy"


@dataclass(frozen=True)
class Worth:
    """The knowing seats' win share less the pupil's, over `games`, with its interval."""

    worth: float
    low: float
    high: float
    pupil_share: float
    knowing_share: float
    games: int

    @property
    def decision(self) -> str:
        """WARNING: small (the interval below MARGIN); FINE: visible (above it); else UNDECIDED."""
        if self.games < 2:
            return UNDECIDED
        return FINE if self.low > MARGIN else WARNING if self.high < MARGIN else UNDECIDED

    def words(self) -> str:
        """'+15.2 points (99.8 % interval 11.9 to 18.5): the pupil wins 12.5 %, a knowing seat 27.7 %'."""
        confidence = 1 - math.erfc(current_z() / math.sqrt(2))
        return (f"{self.worth * 100:+.1f} points ({confidence * 100:.4g} % interval {self.low * 100:+.1f} to "
                f"{self.high * 100:+.1f}; {self.games:,} games): the pupil wins {pct(self.pupil_share)} %, "
                f"a knowing seat {pct(self.knowing_share)} %")

    def as_dict(self) -> dict[str, Any]:
        return {"worth": round(self.worth, 4), "interval": [round(self.low, 4), round(self.high, 4)],
                "pupil_share": round(self.pupil_share, 4), "knowing_share": round(self.knowing_share, 4),
                "games": self.games, "margin": MARGIN, "decision": self.decision, "z": round(current_z(), 4)}


def lineup(players: int) -> tuple[str, ...]:
    """One pupil among knowing players, as game 0 seats them (the runner turns it game by game)."""
    return (PUPIL,) + (KNOWING,) * (players - 1)


def worth(results: Sequence[Result], players: int) -> Worth:
    """The worth of knowing the houses in games played by lineup(players) (see the module)."""
    line = lineup(players)
    diffs: list[float] = []
    pupil_total = knowing_total = 0.0
    for r in results:
        seat = seated(line, r.index).index(PUPIL)
        won = [] if r.timed_out else r.winners
        share = 1.0 / len(won) if won else 0.0
        pupil = share if seat in won else 0.0
        knowing = (share * len(won) - pupil) / (players - 1)
        pupil_total += pupil
        knowing_total += knowing
        diffs.append(knowing - pupil)
    n = len(diffs)
    if n < 2:
        mean = diffs[0] if diffs else 0.0
        return Worth(mean, -1.0, 1.0, pupil_total / max(n, 1), knowing_total / max(n, 1), n)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = current_z() * sd / math.sqrt(n)
    return Worth(mean, mean - half, mean + half, pupil_total / n, knowing_total / n, n)


def measured(more: More, options: dict[str, Any], games: int, players: int) -> Worth:
    """The worth over `games` games of this player count with `options`, through validate's runner,
    or over the games an earlier look played when they decided it already.

    Why: validate looks again at a player count with twice the games while any of its findings is
    undecided. The worth is a finding of its own: once an earlier look decided it (at the run's z,
    widened for every look as every other interval is), playing its line-up again as often as the
    judged games (up to 32,000 at six players) would double the run and change nothing."""
    line = lineup(players)
    have = more.already(options, line)
    if 2 <= have < games:
        earlier = worth(more(options, have, bots=line), players)
        if earlier.decision != UNDECIDED:
            return earlier
    return worth(more(options, games, bots=line), players)


# rule changes that should make knowing pay more, per variant, tried in this order until one does:
# (options, the change in words)
RAISERS: dict[str, tuple[tuple[dict[str, Any], str], ...]] = {
    "basic": (({"even_up": "give"}, "a smaller stock, so that players trade more (every trade is judged by the "
                                    "houses) and draw less: even_up=give evens the hands from the stock"),),
    "advanced": (({"test": "house"}, "a test that asks what the deck teaches: the player receiving a card names "
                                     "its house before turning it over (test=house), instead of the monarch just "
                                     "before or after (a pupil can often read that off the cards in its own hand)"),
                 ({"test": "house", "forfeit": "trade"},
                  "the house test (test=house), and a wrong answer calling the trade off (forfeit=trade) instead "
                  "of costing the card received: that forfeit rids the answerer of a card, so a player who does "
                  "not know loses less by being wrong")),
}


def _advanced_terms(options: dict[str, Any]) -> str:
    """What "knowing" means in advanced play with these options, so a pupil ahead does not read as a
    paradox: how often a knowing seat answers right, what the pupil goes by, and (forfeit=card) the
    wrong answers both give on purpose."""
    share = float(options.get("knowledge", DEFAULT_KNOWLEDGE))
    right = share * 100
    if options.get("test") == "house":
        terms = (f"a knowing seat names the house right {right:.0f} % of the time, as -O knowledge={share:g} sets it; "
                 f"the pupil copies the house of a monarch it can see with the same name and the next or previous "
                 f"number, as Henry VII for Henry VIII, else guesses")
    else:
        terms = (f"a knowing seat answers the before-or-after test right {right:.0f} % of the "
                 f"time, as -O knowledge={share:g} sets it; the pupil is right when it can check the reigns "
                 f"on a face-up card, else it goes by the number")
    if options.get("forfeit", "card") == "card":
        terms += "; both may answer wrong on purpose to get rid of a card they receive and do not need"
    return f" ({terms})"


def findings(prepared_variant: str, players: int, options: dict[str, Any], games: int, more: More) -> list[Finding]:
    """The worth of knowing the houses at one player count, as validate's findings: an info line
    with the figure when it is visible, advice with a variant's figure when it is small, an
    undecided line (validate then looks again with more games) otherwise."""
    got = measured(more, options, games, players)
    head = f"knowing the houses is worth {got.words()}"
    if prepared_variant == "advanced":
        head += _advanced_terms(options)
    margin = f"a margin of {MARGIN * 100:.0f} points"
    decision = got.decision
    if decision == FINE:
        return [Finding("info", f"{head}: visible (the whole interval above {margin})", got.as_dict(),
                        topic=("knowledge",))]
    if decision == UNDECIDED:
        return [Finding(UNDECIDED, f"at {players} players, {head}: the games cannot yet tell it from {margin}",
                        got.as_dict(),
                        topic=("knowledge",))]
    small = f"{head}: small (the whole interval below {margin})"
    figure = got.as_dict()
    untried = [(c, w) for c, w in RAISERS[prepared_variant] if not all(options.get(k) == v for k, v in c.items())]
    if not untried:
        return [Finding("info", f"{small}, even with {RAISERS[prepared_variant][-1][1]}", figure,
                        topic=("knowledge",))]
    tried: list[str] = []
    for change, words in untried:
        other = measured(more, {**options, **change}, games, players)
        figure["variant"] = {"options": change, **other.as_dict()}
        said = f"with it, knowing the houses is worth {other.words()}"
        if other.decision == FINE:      # only a change whose own interval lies above the margin is recommended
            return [Finding("info", f"{small}, so winning teaches little about the houses. What would raise it: "
                                    f"{words}; {said}: visible (the whole interval above {margin})", figure,
                            topic=("knowledge",), tries=change)]
        verdict = "small too" if other.decision == WARNING else f"its interval reaches below {margin}"
        tried.append(f"{words} was tried, and {said}: {verdict}")
    return [Finding("info", f"{small}, so winning teaches little about the houses. No rule change tried raises it "
                            f"clearly: {'; '.join(tried)}", figure, topic=("knowledge",))]
