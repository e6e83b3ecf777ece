"""The suite's search-player pairings (tests/test_search_wins.py) at other seeds: do they decide by luck?

Usage: .venv/bin/python bench/bench_search_suite.py [--seeds 1,2,3] [--against random,greedy]

tests/test_search_wins.py checks, at seed 1, that the search player beats random players in every
shipped game and greedy players in four, each pairing at the small budget and game count its
tables state. A seed that happens to favour the search player would make such a test pass by
luck, so this plays the same pairings (the tables are imported from the test, so the two cannot
drift apart) at each seed given and prints, per pairing, the search player's share of the wins,
its 95 % interval, the verdict against the fair share and the processor seconds it took.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import test_search_wins as suite  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1,2,3",
                        help="the seeds to play the pairings at, comma-separated (default: %(default)s)")
    parser.add_argument("--against", default="random,greedy",
                        help="the opponents, random, greedy or both (default: %(default)s)")
    args = parser.parse_args()
    print(f"load before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'against':<7} {'seed':>4} {'game':<14} {'variant':<9} {'budget':>6} {'games':>5} {'kind':<11} "
          f"{'share':>6} {'95 % interval':<13} {'fair':>5} {'verdict':<7} {'cpu s':>5}")
    decided = {"random": [0, 0], "greedy": [0, 0]}
    for other in args.against.split(","):
        for seed in (int(s) for s in args.seeds.split(",")):
            table = {**suite.AGAINST_RANDOM, **suite.FILES_AGAINST_RANDOM}       # the game files too
            rows = ([(name, None, budget, games, False) for name, (budget, games) in table.items()]
                    if other == "random" else
                    [(name, *row) for name, row in suite.AGAINST_GREEDY.items()])
            for name, variant, budget, games, duplicate in rows:
                began = time.process_time()
                share, low, high = suite.match(name, other, budget, games, duplicate, variant, seed)
                fair = 1 / suite.prepared(name, variant)[2]
                word = "beats" if low > fair else "loses" if high < fair else "level"
                decided[other][0] += word == "beats"
                decided[other][1] += 1
                print(f"{other:<7} {seed:>4} {name:<14} {variant or 'first':<9} {budget:>6} {games:>5} "
                      f"{'duplicate' if duplicate else 'independent':<11} {share * 100:5.1f}% "
                      f"{low * 100:4.1f}-{high * 100:4.1f} %  {fair * 100:4.1f} {word:<7} "
                      f"{time.process_time() - began:5.2f}", flush=True)
    for other, (beats, rows) in decided.items():
        if rows:
            print(f"against {other}: beats in {beats} of {rows} pairings")
    print(f"load after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
