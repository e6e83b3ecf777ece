"""`printgen validate DECK --skill`: the skill ladder of each game and variant, played after the
normal report's games and said after them (text, JSON and chart).

Why apart from validate.py: the ladder plays its own line-ups (printgen.sim.ladder: random,
greedy, search:B, search:2B ...), each rung against the one below, with its own game count
(--skill-games), and judges a reading of the game (does skill pay?), not a warning about the deck:
it never changes the exit status.

Which player counts: every count of the run when --players (or --seats) names them, else only the
smallest count a section plays. Why: the search rungs seat a search player at every seat, and a
game such as Cromwell takes seconds a game at those tables; one count keeps a whole deck's ladder
within minutes, and --players asks for any other.

A rung still undecided is played further as validate's findings are (--looks; see
printgen.sim.ladder), and its verdict is decided at the run's confidence. The rungs are climbed
only while the game's verdict is open: once no verdict of the rungs not yet played could change it
(printgen.sim.ladder.ladder_verdict counts them undecided, and the verdict is the same whichever
way they fall), they are left out and the report says so. Why: the search rungs above are the
costly ones (every seat searches), and a ladder whose search player has already beaten the rule
of thumb clearly has said that skill pays. Nor are they climbed once no way the rungs left could fall
would decide the verdict (printgen.sim.ladder.hopeless: an undecided rung below leaves it open
whatever they show), and the report says why the verdict is undecided in one line.

Every rung is played over duplicate deals (MoreGames with deals: each deal once with the higher
rung at every seat) and judged on an interval drawn from the deals (printgen.sim.ladder).

The rung of greedy against random plays QUICK_RUNG times --skill-games at each look. Why: its
games cost what the report's own cost (milliseconds; no seat searches), and every verdict but "not
at all" rests on it: in Casita, Burro and Conquian's short game greedy wins 62 to 68 % against
random, near the 2-player band's top of 62.5 %, and 320 games left it undecided where 2,560 tell.

A rung is also left out, with every rung above it, when its games cost more than GAME_WORK
playout moves each, as measured on its first deal (printgen.sim.ladder.game_work: the moves its
search seats' playouts really took; those games are the first of its first look, so a rung played
on pays nothing for the measure). Why: in a game as long as a 12-hand session of L'Ombre, every
seat searching at large budgets can cost tens of seconds a game, and the twenty games a rung
needs at least would take many minutes without deciding anything; the report says the rung was
too costly, and its verdict stays open.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from printgen.files.errors import UserError
from printgen.sim.defaults import BASE_BUDGET, SKILL_GAMES
from printgen.sim.ladder import (
    SEARCH_RUNGS,
    SKILL_WORK,
    Rung,
    deal_wins,
    futile,
    game_work,
    higher_share,
    hopeless,
    judge_rung,
    ladder_verdict,
    rung_games,
    rung_lineup,
    rungs,
    settled,
    verdict_words,
    work,
)
from printgen.sim.runner import MoreGames, Progress, options_key
from printgen.sim.search import parse_search
from printgen.sim.verdicts import UNDECIDED, look_games, pct

MAX_SKILL_GAMES = 100_000
GAME_WORK = 1_000_000       # a rung is played only if its games cost fewer playout moves each (7 to 16 s a game)
QUICK_RUNG = 8              # a rung with no search seat (greedy against random) plays this many times --skill-games


@dataclass(frozen=True)
class Ladder:
    """One player count's ladder: its rungs, lowest first."""

    players: int
    rungs: tuple[Rung, ...]
    unplayed: tuple[str, ...] = ()      # rungs left out ("search:40 against search:20")
    costly: int = 0                     # why: 0 the verdict was decided, else the first's playout moves a game
    hopeful: bool = True                # False: left out as no way they fell could decide the verdict

    @property
    def calls(self) -> list[str]:
        """The rungs' calls, lowest first, a rung left out counted undecided."""
        return [r.call for r in self.rungs] + [UNDECIDED] * len(self.unplayed)

    @property
    def verdict(self) -> str:
        return ladder_verdict(self.calls)

    def as_dict(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "words": verdict_words(self.calls),
                "games_per_rung": self.rungs[0].verdict.trials + self.rungs[0].stopped if self.rungs else 0,
                "rungs": [r.as_dict() for r in self.rungs], "unplayed": list(self.unplayed),
                "unplayed_game_work": self.costly, "unplayed_hopeless": not self.hopeful}


def check_skill(skill: bool, games: int, budget: int | None) -> None:
    """--skill-games and --budget for the ladder, refused before any game is played."""
    if not skill:
        return
    if not 1 <= games <= MAX_SKILL_GAMES:
        raise UserError(f"--skill-games {games}: play 1 to {MAX_SKILL_GAMES:,} games a rung of the ladder",
                        hint=f"the default {SKILL_GAMES} takes minutes for a slow game; 200 tells closer rungs apart")
    if budget is not None and budget < 1:
        raise UserError(f"--budget {budget}: the ladder's first search rung takes at least 1 iteration a decision",
                        hint=f"the ladder's default is {BASE_BUDGET}")


def ladder_names(budget: int | None) -> list[str]:
    """The ladder's players, weakest first: --budget sets the first search rung's iterations."""
    return rungs(budget if budget is not None else BASE_BUDGET, SEARCH_RUNGS)


def ladder_counts(counts: list[int], players: str | None, seats: str | None) -> list[int]:
    """The player counts a section's ladder is climbed at (see the module's docstring)."""
    return list(counts) if players is not None or seats is not None else [min(counts)] if counts else []


def climb(plan: Any, folder: str, opts: Any, players: int,
          tick_factory: Progress | None = None) -> Ladder:
    """One player count's ladder, each rung played and judged, looked at again with twice the
    games while undecided (printgen.sim.ladder: up to --looks looks, within SKILL_WORK); the
    rungs above are left out once the verdict is decided, or when their games would cost too much
    (see the module's docstring)."""
    options = plan.used[players].options
    names = ladder_names(opts.budget)
    pairs = list(zip(names, names[1:]))
    judged: list[Rung] = []
    costly = 0
    hopeful = True
    for lower, higher in pairs:
        if judged and settled([r.call for r in judged], len(pairs)):
            break
        if judged and hopeless([r.call for r in judged], len(pairs)):
            hopeful = False
            break
        lineup = rung_lineup(higher, lower, players)
        label = f"{plan.name} {plan.variant}, {players} players, skill: {higher} against {lower}"
        more = MoreGames(plan.game, plan.variant, folder, players, opts.seed, opts.workers, opts.backend,
                         opts.address, lineup, options_key(options), label, tick_factory, deals=True)
        each = game_work(more.judged(options, players)) if any(parse_search(b) for b in lineup) else 0
        if each > GAME_WORK:
            costly = each
            break
        look = 0
        first = opts.skill_games * (QUICK_RUNG if not any(parse_search(b) for b in lineup) else 1)
        while True:
            results = more.judged(options, rung_games(look_games(first, look), players))
            _, _, stopped = higher_share(results, lineup)
            cost = work(results)
            rung = judge_rung(higher, lower, players, deal_wins(results, lineup), stopped, look + 1, cost)
            if rung.call != UNDECIDED or look + 1 >= opts.looks or cost >= SKILL_WORK:
                break
            if cost and look >= 3 and futile(rung.verdict, rung_games(look_games(opts.skill_games, opts.looks - 1),
                                                                      players)):
                rung = replace(rung, futile=True)
                break
            look += 1
        judged.append(rung)
    return Ladder(players, tuple(judged), tuple(f"{h} against {lo}" for lo, h in pairs[len(judged):]), costly,
                  hopeful)


def ladders(plans: list[Any], folder: str, opts: Any,
            tick_factory: Progress | None = None
            ) -> list[dict[int, Ladder]]:
    """Every plan's ladders by player count (decided at the run's z: validate calls this inside
    its looking(--looks))."""
    return [{n: climb(plan, folder, opts, n, tick_factory)
             for n in ladder_counts(plan.counts, opts.players, opts.seats)} for plan in plans]


# -- said ------------------------------------------------------------------------------------------

def skill_lines(skill: dict[int, Ladder]) -> list[str]:
    """The ladder of each player count as a table under the section, with its verdict."""
    out = []
    for n, ladder in skill.items():
        if not ladder.rungs:
            continue
        first = ladder.rungs[0].verdict
        out += [f"   skill ladder, {n} players: {verdict_words(ladder.calls)} (each rung one seat against "
                f"the rung below at the others, a seat further each game of a deal; no better than chance: "
                f"{first.band_words()})",
                f"     {'rung':<12} {'against':<12} {'games':>6} {'win share':>9}  {'interval':<13} verdict"]
        for rung in ladder.rungs:
            v = rung.verdict
            games = f"{v.trials:,}" + (f" ({rung.stopped} stopped)" if rung.stopped else "")
            out.append(f"     {rung.bot:<12} {rung.opponent:<12} {games:>6} {pct(v.rate) + ' %':>9}  "
                       f"{pct(v.low) + '-' + pct(v.high) + ' %':<13} {rung.call}")
        if ladder.unplayed and ladder.costly:
            out.append(f"     not played, as the first of them cost {ladder.costly:,} playout moves a game on its "
                       f"first deal (over {GAME_WORK:,}): {', '.join(ladder.unplayed)}")
        elif ladder.unplayed and not ladder.hopeful:
            out.append("     not played, as the verdict stays undecided whatever they show: "
                       + ", ".join(ladder.unplayed))
        elif ladder.unplayed:
            out.append(f"     not played, as they could not change the verdict: {', '.join(ladder.unplayed)}")
        if ladder.verdict == UNDECIDED:
            out.append(f"     why undecided: {why_undecided(ladder)}")
        further = [f"{r.bot} {r.looks} looks" + (" (stopped: on the band's top)" if r.futile else "")
                   for r in ladder.rungs if r.looks > 1 or r.futile]
        out.append(f"     intervals: {first.confidence * 100:.4g} %, drawn from the deals (each deal played once "
                   "with the higher rung at every seat: Wilson at the games' effective number); a win shared by "
                   "k players counts 1/k; better: the interval above the band, worse: below it, no better: "
                   "neither and not above its top, undecided: across its top; an undecided "
                   "rung is played again with twice the games while its games cost under "
                   f"{SKILL_WORK:,} playout moves" + (f" ({', '.join(further)})" if further else ""))
    return out


def why_undecided(ladder: Ladder) -> str:
    """One plain line: which rungs left the verdict open, and why each is undecided."""
    said = []
    for rung in ladder.rungs:
        if rung.call != UNDECIDED:
            continue
        v = rung.verdict
        said.append(f"{rung.bot} against {rung.opponent} wins {pct(v.rate)} % ({pct(v.low)}-{pct(v.high)} %), "
                    f"across the band's top of {pct(v.band[1])} %")
    if ladder.unplayed and ladder.costly:
        said.append(f"{ladder.unplayed[0]} too costly to play")
    return "; ".join(said) if said else "the rungs left unplayed could change it"


def skill_method(opts: Any) -> dict[str, Any] | None:
    """How the run's ladders were climbed, for the JSON (None without --skill)."""
    if not opts.skill:
        return None
    return {"rungs": ladder_names(opts.budget), "games": opts.skill_games, "looks": opts.looks,
            "work_cap": SKILL_WORK, "game_work_cap": GAME_WORK,
            "players": "as --players" if opts.players or opts.seats else "smallest"}


def skill_json(skill: dict[int, Ladder]) -> dict[str, Any]:
    return {str(n): ladder.as_dict() for n, ladder in skill.items()}
