"""The skill ladder (`printgen validate --skill`): does a better player win more in this game?

Why a ladder: a deck whose games a careful player wins no more often than a careless one is a
lottery, and one where every extra bit of thought pays is a game of skill; designers want to know
which they made (issue 28). So players of growing strength are climbed rung by rung: random,
greedy (the game's own rule of thumb), then the search bot at a base budget B, 2B, 4B ... Each rung
plays the rung below it: one seat the higher rung, every other seat the lower one, the line-up
turned a seat further each game (printgen.sim.runner.seated) and the games a whole number of turns
round the table, so the higher rung plays every seat equally often and the seats' own advantages
cancel out.

A rung is first played with SKILL_GAMES games (--skill-games); while it is undecided it is played
again with twice the games, up to validate's --looks looks (the interval widened for the looks,
as every verdict of the run is), but only while its games so far took fewer than SKILL_WORK
playout moves (work): the search rungs of a slow game such as Cromwell take seconds a game, and
the cap keeps a whole deck's ladder to minutes, while a quick game such as Conquian gets every
look it needs.

Duplicate deals: a rung's games are dealt in deals, each deal played once with the higher rung
at every seat (game i plays deal i // players, turned i % players seats: printgen.sim.runner.deal_of
and seated), the deal's cards the same in each of its games, the bots' own draws apart
(printgen.sim.engine.play's `deal`). Why: in a card game the luck of the deal is most of who wins;
a deal that favours seat 1 favours the higher rung in one of its games and the lower in the others,
so the luck cancels within the deal and what is left is the players' difference. Measured on the
ladder's own rungs (bench/README.md, "Duplicate deals"), the same games judge like 1.1 to 2.5
times as many independent ones.

A rung is judged by the higher rung's share of the games (a win shared by k players counts 1/k; a
game stopped at the step cap has no winner and is left out), with an interval drawn from the
deals, not the games (the games of one deal are not independent: printgen.sim.stats.clustered_wilson,
a Wilson interval at the effective number of games, at the run's confidence), against the band its
seat would win if skill did not matter: the fair share 1/players, give or take the seat margin of
validate's seat checks (printgen.sim.metrics.SEAT_MARGIN):

- "better": the whole interval lies above the band: the higher rung wins clearly more than its share;
- "worse": the whole interval lies below the band (the extra thought misleads);
- "no better": neither, and the interval lies wholly at or below the band's top: whatever the
  higher rung's share, it is not above the band;
- "undecided": the interval reaches across the band's top.

Why only the top edge decides: the game's verdict asks of each rung only whether it is better, and
an interval across the band's lower edge (30-55 % at 2 players) already says it is not; asking it to
lie inside the band as well cost hundreds of games a rung and decided nothing more.

The verdict for the game (its ladder of k rungs, greedy over random being the first) is read from
the set of rungs decided better, never from point estimates:

- "skill pays": at least half the rungs are better, and one of them is a search rung (thinking
  ahead pays, not only the rule of thumb);
- "little": some rung is better, but not enough for "skill pays" (e.g. only greedy over random);
- "not at all": no rung is better.

An undecided rung could go either way: the verdict is the one every way of settling the undecided
rungs agrees on (counting them all better, and none), and "undecided" when those two differ. A rung
not yet played counts as undecided, so the ladder is climbed only while the verdict is open
(settled): once greedy and the first search rung are both better, skill pays whatever the rungs
above would show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from printgen.sim.defaults import BASE_BUDGET
from printgen.sim.metrics import SEAT_MARGIN, SEAT_MARGIN_WORDS
from printgen.sim.report import Result
from printgen.sim.runner import deal_of, seated
from printgen.sim.stats import clustered_wilson
from printgen.sim.verdicts import UNDECIDED, Verdict, current_z, judged, pct

SEARCH_RUNGS = 3        # search:B, search:2B, search:4B
SKILL_WORK = 5_000_000  # a rung is played further only while its games took fewer playout moves (see work)

BETTER, NO_BETTER, WORSE = "better", "no better", "worse"
PAYS, LITTLE, NOT_AT_ALL = "skill pays", "little", "not at all"
ORDER = (NOT_AT_ALL, LITTLE, PAYS)      # the game verdicts, weakest first


def rungs(base: int = BASE_BUDGET, searches: int = SEARCH_RUNGS) -> list[str]:
    """The ladder's players, weakest first: random, greedy, search:B, search:2B ..."""
    return ["random", "greedy"] + [f"search:{base * 2 ** i}" for i in range(searches)]


def rung_lineup(higher: str, lower: str, players: int) -> tuple[str, ...]:
    """Game 0's seats: the higher rung first, the lower at every other seat (seated turns them)."""
    return (higher,) + (lower,) * (players - 1)


def rung_games(games: int, players: int) -> int:
    """At least `games`, a whole number of turns round the table: the higher rung sits in every
    seat equally often, so no seat's advantage is counted as its skill."""
    return -(-games // players) * players


def higher_share(results: Sequence[Result], lineup: Sequence[str]) -> tuple[float, int, int]:
    """(wins of the higher rung, games that ended, games stopped at the step cap): the higher rung
    sits where lineup[0] is seated in each game; a shared win counts as its share."""
    wins, ended, stopped = 0.0, 0, 0
    for result in results:
        if result.timed_out:
            stopped += 1
            continue
        ended += 1
        seat = seated(lineup, result.index).index(lineup[0])
        if seat in result.winners:
            wins += 1 / len(result.winners)
    return wins, ended, stopped


def deal_wins(results: Sequence[Result], lineup: Sequence[str]) -> list[tuple[float, int]]:
    """(wins of the higher rung, games that ended) in each deal the results play, deal 0 first
    (printgen.sim.runner.deal_of): what the rung's interval is drawn from."""
    players = len(lineup)
    deals: dict[int, tuple[float, int]] = {}
    for result in results:
        wins, ended, _ = higher_share([result], lineup)
        before = deals.get(deal_of(result.index, players), (0.0, 0))
        deals[deal_of(result.index, players)] = (before[0] + wins, before[1] + ended)
    return [deals[d] for d in sorted(deals)]


@dataclass(frozen=True)
class Rung:
    """One rung of the ladder judged: `bot` against `opponent` at `players` seats."""

    bot: str
    opponent: str
    players: int
    verdict: Verdict
    stopped: int = 0            # games stopped at the step cap, left out of the share
    looks: int = 1              # how many times the rung's games were looked at (more while undecided)
    work: int = 0               # the playout moves its games took, counted (see work)
    deals: int = 0              # the deals its games played (each at every seat)
    effective: float = 0.0      # the independent games its interval is worth (clustered_wilson)
    futile: bool = False        # looked at no further as its share sits on the band's top (see futile)

    @property
    def call(self) -> str:
        """better, no better, worse or undecided."""
        return call(self.verdict)

    def as_dict(self) -> dict[str, Any]:
        return {"bot": self.bot, "opponent": self.opponent, "players": self.players, "games": self.verdict.trials,
                "stopped": self.stopped, "looks": self.looks, "work": self.work, "deals": self.deals,
                "effective_games": round(self.effective, 1), "stopped_on_the_edge": self.futile,
                "wins": round(self.verdict.successes, 2),
                "win_share": round(self.verdict.rate, 4), "verdict": self.call, "judged": self.verdict.as_dict()}


def call(verdict: Verdict) -> str:
    """A rung's verdict from its interval against the no-skill band: only its top edge decides
    between better and not (see the module's docstring)."""
    if verdict.trials <= 0:
        return UNDECIDED
    if verdict.low > verdict.band[1]:
        return BETTER
    if verdict.high < verdict.band[0]:
        return WORSE
    return NO_BETTER if verdict.high <= verdict.band[1] else UNDECIDED


def judge_rung(bot: str, opponent: str, players: int, deals: Sequence[tuple[float, int]], stopped: int = 0,
               looks: int = 1, work: int = 0) -> Rung:
    """The rung with the higher rung's (wins, games ended) in each deal, against the fair share's
    band, its interval drawn from the deals (printgen.sim.stats.clustered_wilson)."""
    fair = 1 / players
    band = (fair * (1 - SEAT_MARGIN), fair * (1 + SEAT_MARGIN))
    margin = f"a fair {pct(fair)} %, give or take {SEAT_MARGIN_WORDS} of it"
    z = current_z()
    low, high, effective = clustered_wilson(list(deals), z)
    wins, games = sum(w for w, _ in deals), sum(k for _, k in deals)
    verdict = judged(wins, games, (low, high), band, fair, margin, z)
    return Rung(bot, opponent, players, verdict, stopped, looks, work, sum(1 for _, k in deals if k), effective)


def work(results: Sequence[Result]) -> int:
    """How many moves the search players' playouts took in these games, counted as they were
    played (Result.work: every move on a determinisation, in the tree and in the playout, and one
    for dealing each determinisation). Why a count and not seconds: whether a rung is played
    further must follow from the seed alone (the same seed, the same ladder, on any computer). Why
    counted and not reckoned from the games' lengths: a playout's length is the game's own
    (L'Ombre's ends with the hand, a twelfth of a session; Cromwell's runs to the game's end), and
    a reckoning of half a game each overstated L'Ombre's cost tenfold."""
    return sum(r.work for r in results)


def game_work(probe: Sequence[Result]) -> int:
    """The playout moves a game of a rung costs, measured on its first deal's games (`probe`; 0
    with none): whether a rung is worth its games is known after its first deal, from the seed
    alone (see work), and the deal's games are the first its looks play."""
    return work(probe) // len(probe) if probe else 0


def _label(better: set[int], rungs_count: int) -> str:
    """The game verdict when exactly the rungs at `better` (0 is greedy over random) are better."""
    if not better:
        return NOT_AT_ALL
    if 2 * len(better) >= rungs_count and any(i >= 1 for i in better):
        return PAYS
    return LITTLE


def ladder_verdict(calls: Sequence[str]) -> str:
    """The game's verdict from its rungs' calls (lowest rung first): skill pays, little, not at
    all, or undecided when the undecided rungs could make it one or another."""
    sure = {i for i, c in enumerate(calls) if c == BETTER}
    maybe = sure | {i for i, c in enumerate(calls) if c == UNDECIDED}
    low, high = _label(sure, len(calls)), _label(maybe, len(calls))
    return low if low == high else UNDECIDED


def settled(calls: Sequence[str], rungs_count: int) -> bool:
    """Whether the rungs judged so far (`calls`, lowest first) decide the verdict of a ladder of
    `rungs_count` rungs whatever the rest show: the rest counted undecided, it is decided. Why:
    the rungs left are then not worth their games (validate --skill stops climbing)."""
    return ladder_verdict(list(calls) + [UNDECIDED] * (rungs_count - len(calls))) != UNDECIDED


def hopeless(calls: Sequence[str], rungs_count: int) -> bool:
    """Whether the rungs judged so far leave the verdict undecided however the rest fall (each
    better or not): an undecided rung below makes it so, e.g. greedy against random astride the
    band's top decides neither "not at all" nor "skill pays" whatever the search rungs show. Why:
    the rungs left would then cost their games for a verdict that stays open (validate --skill
    stops climbing and says why)."""
    rest = rungs_count - len(calls)
    return all(ladder_verdict(list(calls) + [BETTER if bit >> i & 1 else NO_BETTER for i in range(rest)]) == UNDECIDED
               for bit in range(2 ** rest))


def futile(verdict: Verdict, last_games: int) -> bool:
    """Whether a rung still undecided sits so near the band's top that its last look of
    `last_games` games would leave it across: its share lies within half the interval's half-width
    at that look (shrunk as one over the root of the games) of the top. Why half: the share itself
    still moves by about that much with the games to come (a share of 56 % at 80 games, whose
    final half-width would be 7 points, often ends at 52 % and decided). Why at all: a rung whose
    share sits on the band's top (Casita's search player against greedy, about 60 % against a top
    of 62.5 %) would otherwise be played to the last look or the work cap for nothing. Asked only
    of a search rung (a rung of random and greedy players costs milliseconds a game, and plays
    every look) and from its fourth look on (see validate_skill.climb), so that the few games of
    the first looks cannot cut a rung by their noise alone (from the third, it cut Conquian's short
    game's search:10 at 60 % of 80 games, seed 2, which 320 games decide no better at 55 %);
    stopping early only ever leaves a rung undecided, never decides one."""
    games = verdict.trials
    if games <= 0 or last_games <= games:
        return False
    half = (verdict.high - verdict.low) / 2 * (games / last_games) ** 0.5
    return abs(verdict.rate - verdict.band[1]) < half / 2


def verdict_words(calls: Sequence[str]) -> str:
    """The verdict as the report says it: an undecided one names the verdicts it lies between."""
    verdict = ladder_verdict(calls)
    if verdict != UNDECIDED:
        return verdict
    sure = {i for i, c in enumerate(calls) if c == BETTER}
    maybe = sure | {i for i, c in enumerate(calls) if c == UNDECIDED}
    return f"undecided (between {_label(sure, len(calls))} and {_label(maybe, len(calls))})"
