"""What duplicate deals buy the skill ladder, and whether the interval drawn from them is honest.

Usage: .venv/bin/python bench/bench_duplicate.py [--reps 2000] [--confidence 95] [--workers 2] [--quick]

For rungs of the ladder in quick games (printgen.sim.ladder), the higher rung's games are played
twice, seed 1: as independent games (each its own deal) and as duplicate deals (each deal once
with the higher rung at every seat: printgen.sim.engine.play's `deal`). Each line gives the share
of the wins both ways, the effective games per game of the duplicate deals (the binomial variance
over the variance the deals show: how many independent games one duplicate game is worth, the
width's shrink being its root), then the interval's coverage: the rung's deals are resampled, with
replacement, into ladders of D deals, and the share of them whose interval misses the share of all
the deals is counted, for the interval the ladder draws (printgen.sim.stats.clustered_wilson) and,
beside it, a t interval on the deals' means and the Wilson interval that takes the games as
independent. An honest interval misses at most 100 - confidence % of the time. Why: the ladder's
verdicts rest on this interval, and its guards (Student's t for few deals, a floor on the design
effect) are what keeps a ladder of 5 or 10 deals from deciding by chance.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printgen.games.registry import get_game  # noqa: E402
from printgen.sim.ladder import deal_wins, rung_lineup  # noqa: E402
from printgen.sim.runner import batches, chunk_size, execute, session  # noqa: E402
from printgen.sim.stats import clustered_wilson, t_for, wilson  # noqa: E402
from printgen.sim.verdicts import z_for  # noqa: E402

RUNGS = [("casita", "spanish", "greedy", "random", 2, 2000), ("conquian", "spanish", "greedy", "random", 2, 2000),
         ("burro", "spanish", "greedy", "random", 2, 2000), ("casita", "spanish", "search:10", "greedy", 2, 400),
         ("conquian", "spanish", "search:10", "greedy", 2, 400), ("burro", "spanish", "search:10", "greedy", 2, 400),
         ("casita", "spanish", "greedy", "random", 4, 2000), ("drafting", "standard", "greedy", "random", 4, 2000)]


def deals_of(name: str, deck: str, higher: str, lower: str, players: int, games: int, workers: int,
             duplicate: bool) -> list[tuple[float, int]]:
    """(wins, games) of the higher rung per deal (per pair of games when not duplicate)."""
    game = get_game(name)
    variant = game.variants[0]
    lineup = rung_lineup(higher, lower, players)
    work = batches(game, variant, deck, dict(game.read_options(variant, {})), players, games, 1, lineup,
                   chunk_size(games, workers, lineup), deals=duplicate)
    return deal_wins(execute(work, workers), lineup)


def t_interval(deals: list[tuple[float, int]], z: float) -> tuple[float, float]:
    means = [w / k for w, k in deals if k]
    half = t_for(z, len(means) - 1) * statistics.stdev(means) / math.sqrt(len(means))
    centre = sum(w for w, _ in deals) / sum(k for _, k in deals)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=2000,
                        help="resampled ladders for each coverage figure (default: %(default)s)")
    parser.add_argument("--confidence", type=float, default=95.0,
                        help="the intervals' confidence, in per cent (default: %(default)s)")
    parser.add_argument("--workers", type=int, default=2, help="processes that play the games (default: %(default)s)")
    parser.add_argument("--quick", action="store_true", help="the rungs of random and greedy players only")
    args = parser.parse_args()
    z = z_for(1 - args.confidence / 100)
    sizes = (5, 10, 20, 40, 160)
    print(f"seed 1; coverage at {args.confidence:g} % over {args.reps} resampled ladders; load before: "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'rung':<34} {'indep.':>6} {'dupl.':>6} {'eff/game':>8}  missed % (deals: ladder's / t on means / Wilson)")
    rng = random.Random(5)
    with session("local", workers=args.workers):
        for name, deck, higher, lower, players, games in RUNGS:
            if args.quick and higher.startswith("search"):
                continue
            plain = deals_of(name, deck, higher, lower, players, games, args.workers, False)
            dup = deals_of(name, deck, higher, lower, players, games, args.workers, True)
            share = sum(w for w, _ in dup) / sum(k for _, k in dup)
            ended = sum(k for _, k in dup)
            variance = len(dup) / (len(dup) - 1) * sum((w - share * k) ** 2 for w, k in dup) / ended ** 2
            gain = share * (1 - share) / ended / variance
            said = []
            for size in sizes:
                if size * 2 > len(dup):
                    continue
                missed = [0, 0, 0]
                for _ in range(args.reps):
                    drawn = [dup[rng.randrange(len(dup))] for _ in range(size)]
                    w, k = sum(a for a, _ in drawn), sum(b for _, b in drawn)
                    for i, (low, high) in enumerate((clustered_wilson(drawn, z)[:2], t_interval(drawn, z),
                                                     wilson(w, k, z))):
                        missed[i] += not low <= share <= high
                said.append(f"{size}: " + "/".join(f"{m / args.reps * 100:.1f}" for m in missed))
            indep = sum(w for w, _ in plain) / sum(k for _, k in plain)
            label = f"{name} {higher}/{lower} {players}p ({games})"
            print(f"{label:<34} {indep * 100:5.1f}% {share * 100:5.1f}% {gain:8.2f}  {'  '.join(said)}", flush=True)
    print(f"load after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
