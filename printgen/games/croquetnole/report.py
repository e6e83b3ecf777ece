"""The Croquetnole report: many simulated games on the table layout, and on changed layouts beside
it, summed up as a designer reads them: how long a game lasts (flicks, turns, minutes), whether a
seat or a strategy is favoured (with intervals), what each gate, door and tower costs in flicks,
how often coins leave the table, and how often each rule came into play.

Games are independent, seeded from the run's seed and their number, and may be played in several
processes: the figures are the same whatever the number of workers.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, fields, replace

from printgen.files.errors import UserError
from printgen.games.croquetnole.bots import STRATEGIES
from printgen.games.croquetnole.changes import changed, own_layout_problem
from printgen.games.croquetnole.game import GameResult, Setup, play
from printgen.games.croquetnole.hand import Hand
from printgen.games.croquetnole.physics import Physics
from printgen.games.croquetnole.rules import Rules
from printgen.games.croquetnole.table import court
from printgen.model.tabletypes import Table
from printgen.sim.metrics import SEAT_MARGIN, SEAT_MARGIN_WORDS
from printgen.sim.verdicts import Verdict, decide, looking, pct

DEFAULT_GAMES = 200
# Seconds a flick takes at the table, all in: lining the finger up (5 to 8 s), the coin sliding (1 to
# 2 s) and seeing what it scored or who is a prisoner. Crokinole players take about as long a shot.
SECONDS = 10.0
SEED_MINUTES = (30.0, 45.0)       # what the seed promises
# The changed layouts compared by default, each played with half the games: a gate 6 mm narrower
# (a thicker tile or a careless set-up) and the smallest square card table sold, 28 inches.
COMPARE = "gate:-6,table:711"
CROQUET_WORDS = {"choose": "kind 4 (tight, the guard driven home) when heading home, else kind 2 (placed), "
                                    "else kind 1",
                 "placed": "kind 2 (placed), else kind 1", "two": "kind 1 (two flicks)",
                 "tight": "kind 4 (tight, the guard driven home), else kind 1"}
# Each number -O sets: (low, high, low end open, what the range is). The table is checked apart (0
# keeps the file's table); the gate's lower end depends on the layout (its narrowest gate, CLEARANCE).
RANGES: dict[str, tuple[float, float, bool, str]] = {
    "precision": (0.05, 100.0, False, "a hand's precision is from 0.05 (five times the default spread) to 100"),
    "aim": (0.0, 45.0, False, "the aim's spread is 0 to 45 degrees"),
    "strength": (0.0, 1.0, False, "the strength's spread is 0 to 1 (a share of the intended speed)"),
    "seconds": (0.0, 600.0, True, "the seconds a flick takes at the table must be more than 0 and at most 600"),
    "mu": (0.0, 2.0, True, "sliding friction must be a coefficient more than 0 and at most 2"),
    "coin_bounce": (0.0, 1.0, False, "a restitution is from 0 (dead) to 1 (no loss)"),
    "tile_bounce": (0.0, 1.0, False, "a restitution is from 0 (dead) to 1 (no loss)"),
    "step": (1 / 2000, 1 / 60, False, "the time step is from 1/2000 to 1/60 s"),
    "contact_step": (0.05, 10.0, False, "a step that meets something is split in parts of 0.05 to 10 mm of travel"),
    "mass": (0.1, 100.0, False, "a coin's mass is from 0.1 to 100 g"),
    "strongest": (0.5, 10.0, False, "the strongest flick is 0.5 to 10 m/s"),
    "floor": (0.0, 1.0, True, "the weakest a flick comes out must be a share of the intended speed, more than 0 "
                              "and at most 1"),
    "rest": (0.0, 100.0, True, "the speed below which a coin has stopped must be more than 0 and at most 100 mm/s"),
    "longest": (1.0, 60.0, False, "a flick lasts 1 to 60 simulated seconds at most"),
    "per_coin": (1.0, 1000.0, False, "the flicks one coin may take in one turn are 1 to 1000"),
    "rounds": (1.0, 100000.0, False, "a game's round limit is 1 to 100000 rounds"),
    "gate": (-1000.0, 200.0, False, "every gate is made wider by up to 200 mm (negative: narrower, down to a coin "
                                   "and its clearance)"),
}
# The share of games that may reach the round limit (Rules.rounds) before a run is warned about:
# 1 in 20. Why not zero: a verdict needs a band its interval can fall within, and the interval of 0
# unfinished in n games reaches z^2 / (n + z^2): 4.6 % at the default 200 games, so a default run
# whose games all end is 'fine'; a smaller run is 'undecided', and a layout no coin can get round
# (every game unfinished) is a warning at any size above a handful.
UNFINISHED_MARGIN = 0.05
TARGETS = ("gate in", "door", "tower", "gate out", "home gate in", "home tower")


@dataclass(frozen=True)
class Settings:
    """What -O sets for the Croquetnole run (every one with its default)."""

    precision: float = 1.0
    aim: float = 3.0                  # degrees: the aim's spread at precision 1 (hand.py says why)
    strength: float = 0.10            # the strength's spread at precision 1, a share of the speed
    strategies: str = "mixed"
    seconds: float = SECONDS
    bonus: str = "add"
    croquet: str = "choose"
    guard: str = "may"
    struck: str = "turn"
    mu: float = Physics.mu
    coin_bounce: float = Physics.coin_bounce
    tile_bounce: float = Physics.tile_bounce
    step: float = Physics.step
    contact_step: float = Physics.contact_step
    mass: float = Physics.mass
    strongest: float = Hand.strongest / 1000          # m/s
    floor: float = Hand.floor
    rest: float = Physics.rest
    longest: float = Physics.longest
    per_coin: float = Rules.per_coin
    rounds: float = Rules.rounds
    gate: float = 0.0
    table: float = 0.0
    compare: str = COMPARE
    ladder: str = ""

    def check(self) -> None:
        """Refuse a number outside the range it makes sense in, naming the option as typed (-O name=
        value), before anything is played: a negative or zero seconds a flick would report a game
        of no minutes, a negative table size would be read as a changed layout."""
        for name, (low, high, low_open, words) in RANGES.items():
            value = getattr(self, name)
            if not (math.isfinite(value) and (low < value if low_open else low <= value) and value <= high):
                raise UserError(f"-O {name}={value:g}: {words}",
                                hint=f"-O {name}={getattr(Settings, name):g} (the default)")
        for name in ("per_coin", "rounds"):
            if getattr(self, name) != int(getattr(self, name)):
                raise UserError(f"-O {name}={getattr(self, name):g}: a whole number", hint=f"-O {name}="
                                f"{getattr(Settings, name):g} (the default)")
        if self.table and not 300 <= self.table <= 3000:
            raise UserError(f"-O table={self.table:g}: the table is a square 300 to 3000 mm across (0, the default, "
                            f"keeps the layout file's table)", hint="-O table=711 (a 28 inch card table)")

    def hand(self, precision: float | None = None) -> Hand:
        self.check()
        return Hand(self.precision if precision is None else precision, math.radians(self.aim), self.strength,
                    self.strongest * 1000, self.floor)

    def physics(self) -> Physics:
        self.check()
        return Physics(mass=self.mass, mu=self.mu, coin_bounce=self.coin_bounce, tile_bounce=self.tile_bounce,
                       step=self.step, contact_step=self.contact_step, rest=self.rest, longest=self.longest)

    def rules(self) -> Rules:
        return Rules(bonus=self.bonus, croquet=self.croquet, guard=self.guard, struck=self.struck,
                     per_coin=int(self.per_coin), rounds=int(self.rounds))

    def lineups(self, seats: int) -> list[tuple[str, ...]]:
        """The strategies by seat, for even and odd games ('mixed' alternates them round the table
        and swaps every other game, so each seat plays each strategy equally often)."""
        words = [w.strip() for w in self.strategies.split(",") if w.strip()]
        if words == ["mixed"]:
            first = tuple(STRATEGIES[i % 2] for i in range(seats))
            return [first, tuple(STRATEGIES[(i + 1) % 2] for i in range(seats))]
        bad = [w for w in words if w not in STRATEGIES]
        if bad or len(words) not in (1, seats):
            raise UserError(f"strategies={self.strategies}: give 'mixed', one of {', '.join(STRATEGIES)} for every "
                            f"seat, or one for each of the {seats} seats", hint="-O strategies=defensive,offensive,"
                            "defensive,offensive")
        return [tuple(words * seats if len(words) == 1 else words)]


@dataclass
class Run:
    name: str
    games: list[GameResult]
    lineups: list[tuple[str, ...]]
    seats: list[str]
    seconds: float
    changes: str = ""
    rounds: int = Rules.rounds
    extra: dict[str, object] = field(default_factory=dict)


def _one(args: tuple[Setup, int, tuple[str, ...], tuple[Hand, ...]]) -> GameResult:
    setup, seed, lineup, hands = args
    return play(replace(setup, strategies=lineup, hands=hands), seed)


def play_games(setup: Setup, games: int, seed: int, lineups: list[tuple[str, ...]], workers: int = 1,
               hands: list[tuple[Hand, ...]] | None = None) -> list[GameResult]:
    """`games` games, game i seeded by the run's seed and i, with lineup i mod len(lineups)."""
    seats = len(setup.court.castles)
    hand_sets = hands or [(Hand(),) * seats]
    setup.nav()          # built once and shared (with its routes cached), not once a game
    jobs = [(setup, seed * 1_000_003 + i, lineups[i % len(lineups)], hand_sets[i % len(hand_sets)])
            for i in range(games)]
    if workers <= 1 or games < 8:
        return [_one(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(_one, jobs, chunksize=max(1, games // (workers * 4))))


def played_table(table: Table, settings: Settings) -> Table:
    """The layout the run plays: the file's, changed by -O table and -O gate, each refused (exit 2)
    when it cannot be played."""
    settings.check()
    coin = table.lengths["coin"]
    if settings.strongest * 1000 * settings.step > coin:
        raise UserError(f"-O strongest={settings.strongest:g} with -O step={settings.step:g}: the strongest flick "
                        f"would move a coin {settings.strongest * 1000 * settings.step:.1f} mm a step, more than its "
                        f"width ({coin:g} mm), and step over collisions", hint=f"a smaller -O step (at most "
                        f"{coin / (settings.strongest * 1000):.5f} s) or a weaker -O strongest")
    base = table
    if settings.table:
        base, _ = changed(base, f"table:{settings.table:g}", f"-O table={settings.table:g}")
    if settings.gate:
        base, _ = changed(base, f"gate:{settings.gate:g}", f"-O gate={settings.gate:g}")
    elif not settings.table:
        own_layout_problem(base)
    return base


def layouts(table: Table, settings: Settings, games: int) -> list[tuple[Table, str, int]]:
    """The played layout and each comparison (half the games), every one checked before any is played."""
    base = played_table(table, settings)
    found = [(base, "as laid out" if not (settings.gate or settings.table) else "as changed by -O", games)]
    for change in [c.strip() for c in settings.compare.split(",") if c.strip()]:
        other, words = changed(base, change, f"-O compare={settings.compare} (its entry '{change}')")
        found.append((other, words, max(1, games // 2)))
    return found


def run(table: Table, settings: Settings, games: int, seed: int, workers: int = 1) -> list[Run]:
    """The layout as given (after -O gate/table), then each comparison with half the games."""
    found = layouts(table, settings, games)
    base = found[0][0]
    physics = settings.physics()
    rules = settings.rules()
    hand = settings.hand()
    seats = len(court(base).castles)
    lineups = settings.lineups(seats)
    runs = []
    for layout, words, count in found:
        c = court(layout)
        setup = Setup(c, physics, rules)
        played = play_games(setup, count, seed, lineups, workers, [(hand,) * seats])
        runs.append(Run(words, played, lineups, [k.name for k in c.castles], settings.seconds, rounds=rules.rounds))
    for rung in [r.strip() for r in settings.ladder.split(",") if r.strip()]:
        runs.append(_rung(base, physics, rules, settings, rung, games, seed, workers, lineups))
    return runs


def _rung(table: Table, physics: Physics, rules: Rules, settings: Settings, rung: str, games: int, seed: int,
          workers: int, lineups: list[tuple[str, ...]]) -> Run:
    """The skill ladder's rung: one hand of precision `rung` among hands of the run's precision. Game
    i plays line-up i mod L (L line-ups) with the odd hand at seat (i div L) mod S, so every S x L
    games the odd hand has sat once at every seat under every line-up: its precision is not
    confounded with a seat or a strategy (with 'mixed', half its games defensive, half offensive)."""
    try:
        precision = float(rung)
    except ValueError:
        precision = math.nan
    if not 0.05 <= precision <= 100:
        raise UserError(f"-O ladder={settings.ladder}: the ladder is a list of precisions from 0.05 to 100, and "
                        f"'{rung}' is not one", hint="-O ladder=0.5,2")
    c = court(table)
    seats = len(c.castles)
    odd, usual = settings.hand(precision), settings.hand()
    cycle = [odd_seat(j, seats, len(lineups)) for j in range(seats * len(lineups))]
    hands = [tuple(odd if s == k else usual for s in range(seats)) for k in cycle]
    played = play_games(Setup(c, physics, rules), games, seed, lineups, workers, hands)
    wins = sum(1 for i, g in enumerate(played) if g.winner == odd_seat(i, seats, len(lineups)))
    return Run(f"precision {precision:g} among {settings.precision:g}", played, lineups, [k.name for k in c.castles],
               settings.seconds, extra={"precision": precision, "odd_wins": wins})


def odd_seat(game: int, seats: int, lineups: int) -> int:
    """The seat of the ladder's odd hand in game `game` (from 0), as _rung seats it."""
    return (game % (seats * lineups)) // lineups


def rung_verdict(r: Run) -> Verdict:
    """The odd hand's share of the won games against a fair share, give or take SEAT_MARGIN of it."""
    won = sum(1 for g in r.games if g.winner is not None)
    odd = r.extra["odd_wins"]
    fair = 1 / len(r.seats)
    with looking(1):
        return decide(float(odd) if isinstance(odd, (int, float)) else 0.0, won,
                      (fair * (1 - SEAT_MARGIN), fair * (1 + SEAT_MARGIN)), fair,
                      f"a fair {pct(fair)} %, give or take {SEAT_MARGIN_WORDS} of it")


def unfinished_verdict(r: Run) -> Verdict:
    """The share of games that reached the round limit, against UNFINISHED_MARGIN."""
    late = sum(1 for g in r.games if g.winner is None)
    with looking(1):
        return decide(late, len(r.games), (0.0, UNFINISHED_MARGIN), None,
                      f"at most {pct(UNFINISHED_MARGIN)} % of the games")


# --- the text -----------------------------------------------------------------------------------

def _q(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round((len(ordered) - 1) * q)))] if ordered else 0.0


def seat_verdicts(r: Run) -> list[Verdict]:
    won = [g for g in r.games if g.winner is not None]
    fair = 1 / len(r.seats)
    band = (fair * (1 - SEAT_MARGIN), fair * (1 + SEAT_MARGIN))
    margin = f"a fair {pct(fair)} %, give or take {SEAT_MARGIN_WORDS} of it"
    with looking(1):
        return [decide(sum(1 for g in won if g.winner == s), len(won), band, fair, margin)
                for s in range(len(r.seats))]


def strategy_verdicts(r: Run) -> dict[str, Verdict]:
    """Each strategy's share of the wins against its share of the seats it held."""
    wins: Counter = Counter()
    held: Counter = Counter()
    for i, g in enumerate(r.games):
        lineup = r.lineups[i % len(r.lineups)]
        held.update(lineup)
        if g.winner is not None:
            wins[lineup[g.winner]] += 1
    won = sum(1 for g in r.games if g.winner is not None)
    out = {}
    with looking(1):
        for name in sorted(held):
            share = held[name] / sum(held.values())
            band = (share * (1 - SEAT_MARGIN), min(1.0, share * (1 + SEAT_MARGIN)))
            out[name] = decide(wins[name], won, band, share, f"its {pct(share)} % of the seats, give or take a quarter")
    return out


def minutes(flicks: float, seconds: float) -> float:
    return flicks * seconds / 60


def summary_lines(r: Run) -> list[str]:
    n = len(r.games)
    flicks = [float(g.flicks) for g in r.games]
    unfinished = sum(1 for g in r.games if g.winner is None)
    med = statistics.median(flicks)
    low, high = _q(flicks, 0.1), _q(flicks, 0.9)
    lo_m, hi_m = SEED_MINUTES
    mid = minutes(med, r.seconds)
    verdict = ("within" if lo_m <= mid <= hi_m else "shorter than" if mid < lo_m else "longer than")
    need = (f"; a median game reaches 30 minutes at {lo_m * 60 / med:.0f} s a flick" if mid < lo_m else
            f"; it fits 45 minutes at {hi_m * 60 / med:.0f} s a flick or less" if mid > hi_m else "")
    lines = [f"   game length: median {med:.0f} flicks (10th to 90th percentile {low:.0f} to {high:.0f}), "
             f"{statistics.mean(g.rounds for g in r.games):.1f} rounds, "
             f"{statistics.mean(g.turns for g in r.games):.0f} turns; at {r.seconds:g} s a flick a median game takes "
             f"{mid:.0f} minutes ({minutes(low, r.seconds):.0f} to {minutes(high, r.seconds):.0f}): {verdict} the "
             f"seed's {lo_m:.0f} to {hi_m:.0f} minutes{need}"]
    late = unfinished_verdict(r)
    judged = f"({late.interval_words()}, against {late.margin}: {late.decision})"
    if unfinished:
        lines.append(f"   unfinished: {unfinished} of {n} games reached the round limit of {r.rounds} rounds (counted "
                     f"as no one's win): {pct(late.rate)} % {judged}")
    else:               # said on the length's line, so that a run of finished games has no 'unfinished:' line
        lines[-1] += f"; every game ended within {r.rounds} rounds {judged}"
    seats = seat_verdicts(r)
    lines.append("   seat wins: " + "; ".join(f"{name} {pct(v.rate)} % ({v.interval_words()}, {v.decision})"
                                               for name, v in zip(r.seats, seats)) +
                 f" of {seats[0].trials} won games; band {seats[0].band_words()}")
    strategies = strategy_verdicts(r)
    if len(strategies) > 1:
        lines.append("   strategies: " + "; ".join(
            f"{name} won {pct(v.rate)} % of the games ({v.interval_words()}, holding {pct(v.reference or 0)} % of "
            f"the seats: {v.decision})" for name, v in strategies.items()))
    scored: dict[str, list[int]] = {}
    for g in r.games:
        for label, values in g.to_score.items():
            scored.setdefault(label, []).extend(values)
    parts = [f"{label} {statistics.mean(scored[label]):.1f}" for label in TARGETS if scored.get(label)]
    lines.append("   knight flicks to score each target (mean): " + ", ".join(parts) if parts else
                 "   knight flicks to score each target: no target was scored in any game")
    counts: Counter = Counter()
    for g in r.games:
        counts.update(g.counts)
    off_own, off_other = counts["own coin off the table"], counts["other coin knocked off the table"]
    lines.append(f"   coins off the table per game: {(off_own + off_other) / n:.2f} ({off_own / n:.2f} flicked off, "
                 f"{off_other / n:.2f} knocked off); flicks cut at the physics' time limit: "
                 f"{sum(g.timeouts for g in r.games)}")
    shown = [k for k in sorted(counts) if not k.startswith("scored:") and "off the table" not in k]
    lines.append("   rules per game: " + ", ".join(f"{k} {counts[k] / n:.2f}" for k in shown))
    return lines


def report_text(runs: list[Run], seed: int, settings: Settings) -> str:
    base = runs[0]
    hand = settings.hand()
    lineup = " / ".join(",".join(s[:3] for s in lu) for lu in base.lineups)
    lines = [f"Castle Croquetnole played on this layout: {len(base.games)} games (seed {seed}), 4 bots, precision "
             f"{settings.precision:g} (aim spread {math.degrees(hand.angle_sd / hand.precision):.1f} degrees, "
             f"strength spread {hand.strength_sd / hand.precision * 100:.0f} %), strategies by seat {lineup}; "
             f"bonus flicks '{settings.bonus}', croquet taken: "
             f"{CROQUET_WORDS.get(settings.croquet, settings.croquet)}"]
    lines += summary_lines(base)
    layouts = [r for r in runs[1:] if "precision" not in r.extra]
    if layouts:
        lines += ["", "Changed layouts beside it (the same seeds, half the games each):",
                  f"   {'layout':34} {'games':>6} {'median flicks':>14} {'minutes':>8} {'off/game':>9} "
                  f"{'gate in':>8} {'door':>6} {'tower':>6}"]
        for r in [base, *layouts]:
            med = statistics.median(g.flicks for g in r.games)
            off = sum(g.counts["own coin off the table"] + g.counts["other coin knocked off the table"]
                      for g in r.games) / len(r.games)
            cost = []
            for label in ("gate in", "door", "tower"):
                values = [v for g in r.games for v in g.to_score.get(label, [])]
                cost.append(f"{statistics.mean(values):.2f}" if values else "-")
            lines.append(f"   {r.name:34} {len(r.games):>6} {med:>14.0f} {minutes(med, r.seconds):>8.0f} "
                         f"{off:>9.2f} {cost[0]:>8} {cost[1]:>6} {cost[2]:>6}")
    rungs = [r for r in runs[1:] if "precision" in r.extra]
    if rungs:
        lines += ["", "Skill ladder (one hand among the others, turned round the seats):"]
        for r in rungs:
            v = rung_verdict(r)
            lines.append(f"   {r.name}: wins {pct(v.rate)} % of {v.trials} won games ({v.interval_words()}, against "
                         f"{v.margin}: {v.decision})")
    return "\n".join(lines)


# --- the figures file (--json) --------------------------------------------------------------------

def _figures(r: Run) -> dict[str, object]:
    """One layout's (or rung's) figures as the text gives them, unrounded where a designer may
    recompute (every verdict carries its counts and interval)."""
    n = len(r.games)
    flicks = [float(g.flicks) for g in r.games]
    med = statistics.median(flicks)
    counts: Counter = Counter()
    for g in r.games:
        counts.update(g.counts)
    scored: dict[str, list[int]] = {}
    for g in r.games:
        for label, values in g.to_score.items():
            scored.setdefault(label, []).extend(values)
    lo_m, hi_m = SEED_MINUTES
    mid = minutes(med, r.seconds)
    return {
        "layout": r.name,
        "games": n,
        "unfinished": sum(1 for g in r.games if g.winner is None),
        "unfinished_verdict": unfinished_verdict(r).as_dict(),
        "flicks": {"median": med, "p10": _q(flicks, 0.1), "p90": _q(flicks, 0.9), "mean": statistics.mean(flicks)},
        "rounds_mean": statistics.mean(g.rounds for g in r.games),
        "turns_mean": statistics.mean(g.turns for g in r.games),
        "minutes": {"seconds_per_flick": r.seconds, "median": mid, "p10": minutes(_q(flicks, 0.1), r.seconds),
                    "p90": minutes(_q(flicks, 0.9), r.seconds), "seed_promises": [lo_m, hi_m],
                    "against_seed": "within" if lo_m <= mid <= hi_m else "shorter" if mid < lo_m else "longer"},
        "seat_wins": {name: v.as_dict() for name, v in zip(r.seats, seat_verdicts(r))},
        "strategy_wins": {name: v.as_dict() for name, v in strategy_verdicts(r).items()},
        "knight_flicks_to_score": {label: {"mean": statistics.mean(scored[label]), "times": len(scored[label])}
                                   for label in TARGETS if scored.get(label)},
        "coins_off_per_game": {"flicked": counts["own coin off the table"] / n,
                               "knocked": counts["other coin knocked off the table"] / n},
        "physics_time_limit_reached": sum(g.timeouts for g in r.games),
        "rules_per_game": {k: counts[k] / n for k in sorted(counts)},
    }


def report_json(runs: list[Run], seed: int, settings: Settings, status: int) -> dict[str, object]:
    """The figures of `report_text` for --json: the run's settings, each layout's figures, the skill
    ladder's rungs with their verdicts, and the exit status."""
    layouts = [r for r in runs if "precision" not in r.extra]
    rungs = [{"precision": r.extra["precision"], "among": settings.precision, "wins": rung_verdict(r).as_dict(),
              "figures": _figures(r)} for r in runs if "precision" in r.extra]
    return {
        "game": "croquetnole",
        "seed": seed,
        "games": len(runs[0].games),
        "settings": {f.name: getattr(settings, f.name) for f in fields(settings)},
        "layouts": [_figures(r) for r in layouts],
        "ladder": rungs,
        "status": status,
    }
