"""Speed of the Castle Croquetnole simulation: games per second per core, the cost of a flick and
of a physics step, a thousand games that must all end, and the wall time of `printgen validate
piecepack --game croquetnole` at its default size on one and two workers.

    python bench/bench_croquetnole.py [--games 1000] [--runs 3] [--skip-validate]

Games are timed in processor time (user+sys of this process) so the machine's other load counts
less; the validate runs are separate processes, timed in wall time and in their children's
processor time. Figures are medians of --runs. This script reports figures and asserts nothing
(keep timing checks out of the unit tests).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.dont_write_bytecode = True


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _table():
    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck
    from printgen.model.tablelayout import load_table

    deck = load_deck("piecepack", ALL_CARDS)
    return load_table(deck, load_layout(deck.layout, deck), "croquetnole")


def games_bench(games: int, runs: int) -> None:
    from printgen.games.croquetnole.game import Setup, play
    from printgen.games.croquetnole.report import Settings
    from printgen.games.croquetnole.table import court

    setup = Setup(court(_table()))
    lineups = Settings().lineups(4)
    rates, per_flick, per_step = [], [], []
    ended = unfinished = flicks = steps = 0
    for run in range(runs):
        start = _cpu()
        total_flicks = 0
        for i in range(games):
            g = play(Setup(setup.court, strategies=lineups[i % 2], navigator=setup.nav()), run * 100_000 + i)
            total_flicks += g.flicks
            if run == 0:
                ended += g.winner is not None
                unfinished += g.winner is None
        spent = _cpu() - start
        rates.append(games / spent)
        per_flick.append(spent / total_flicks * 1000)
        flicks = total_flicks
    # one flick's steps, measured alone: a lone coin flicked 30 cm
    from printgen.games.croquetnole.physics import World

    world = World(setup.court)
    start = _cpu()
    for _ in range(300):
        world.place("c", (200.0, 150.0))
        steps += world.flick("c", 0.0, world.physics.speed_for(300)).steps
    per_step.append((_cpu() - start) / steps * 1e6)
    print(f"games: {games} a run, {runs} runs; median {statistics.median(rates):.2f} games per processor-second "
          f"(runs: {', '.join(f'{r:.2f}' for r in rates)}); {statistics.median(per_flick):.2f} ms a flick "
          f"({flicks / games:.0f} flicks a game); {per_step[0]:.1f} us a physics step with one coin moving")
    print(f"of the first run's {games} games: {ended} ended with a winner, {unfinished} reached the round limit")


def validate_bench(runs: int) -> None:
    for workers in (1, 2):
        walls, cpus = [], []
        for _ in range(runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "printgen", "validate", "piecepack", "--game", "croquetnole",
                                   "--workers", str(workers)], cwd=ROOT, capture_output=True, text=True,
                                  env=dict(os.environ, PYTHONPATH=str(ROOT)))
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            if done.returncode not in (0, 1):
                print(done.stderr[-2000:])
        print(f"validate piecepack --game croquetnole (200 games + 2 x 100 on changed layouts), --workers {workers}: "
              f"median wall {statistics.median(walls):.1f} s, processor {statistics.median(cpus):.1f} s "
              f"(load average before: {os.getloadavg()[0]:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-validate", action="store_true")
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    games_bench(args.games, args.runs)
    if not args.skip_validate:
        validate_bench(args.runs)


if __name__ == "__main__":
    main()
