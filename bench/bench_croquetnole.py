"""Speed of the Castle Croquetnole simulation: games per processor-second, the cost of a flick and
of a physics step, a thousand games that must all end, and the wall time of `printgen validate
piecepack --game croquetnole` at its default size on one and two workers.

    .venv/bin/python bench/bench_croquetnole.py [--games 1000] [--runs 3] [--skip-validate] [--against DIR]

Games are timed in processor time (user+sys) so the machine's other load counts less; the validate
runs are separate processes, timed in wall time and in their children's processor time. Figures are
medians of --runs. `--against DIR` (another checkout of printgen, e.g. `git worktree add /tmp/base
main`) times that checkout's games too, run for run in alternation with this one's, each run in a
fresh process of its own, and prints the ratio of the medians. This script reports figures and
asserts nothing (keep timing checks out of the unit tests).
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
# --root DIR (the child runs of --against): that checkout's printgen, not this one's
sys.path.insert(0, sys.argv[sys.argv.index("--root") + 1] if "--root" in sys.argv[:-1] else str(ROOT))
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


def _child(games: int, run: int) -> None:
    """One timed run of `games` games in this process (for --against): prints its figures as JSON."""
    import json

    from printgen.games.croquetnole.game import Setup, play
    from printgen.games.croquetnole.report import Settings
    from printgen.games.croquetnole.table import court

    setup = Setup(court(_table()))
    lineups = Settings().lineups(4)
    setup.nav()
    start = _cpu()
    flicks = ended = 0
    for i in range(games):
        g = play(Setup(setup.court, strategies=lineups[i % 2], navigator=setup.nav()), run * 100_000 + i)
        flicks += g.flicks
        ended += g.winner is not None
    print(json.dumps({"cpu": _cpu() - start, "flicks": flicks, "ended": ended}))


def against_bench(games: int, runs: int, other: Path) -> None:
    """This checkout's games and `other`'s, run for run in alternation, each run a fresh process."""
    import json

    figures: dict[str, list[dict]] = {"this": [], "other": []}
    for run in range(runs):
        for name, root in (("other", other), ("this", ROOT)):
            done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", str(games), str(run),
                                   "--root", str(root)], capture_output=True, text=True, check=True,
                                  env=dict(os.environ, PYTHONPATH=str(root)))
            figures[name].append(json.loads(done.stdout.strip().splitlines()[-1]))
    validate: dict[str, list[float]] = {"this": [], "other": []}
    for _ in range(runs):
        for name, root in (("other", other), ("this", ROOT)):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, "-m", "printgen", "validate", "piecepack", "--game", "croquetnole"],
                           cwd=root, capture_output=True, env=dict(os.environ, PYTHONPATH=str(root)))
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            validate[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    cpu = {k: statistics.median(v) for k, v in validate.items()}
    print(f"validate piecepack --game croquetnole at its defaults, one worker, alternated: this checkout "
          f"{cpu['this']:.1f} s of processor time, the other {cpu['other']:.1f} s: {cpu['other'] / cpu['this']:.2f} "
          f"times faster")
    rate = {k: statistics.median(games / f["cpu"] for f in v) for k, v in figures.items()}
    flick = {k: statistics.median(f["cpu"] / f["flicks"] * 1000 for f in v) for k, v in figures.items()}
    print(f"against {other}: {games} games a run, {runs} runs each, alternated (load average now "
          f"{os.getloadavg()[0]:.1f}): this checkout {rate['this']:.2f} games per processor-second "
          f"({flick['this']:.3f} ms a flick), the other {rate['other']:.2f} ({flick['other']:.3f} ms a flick): "
          f"{rate['this'] / rate['other']:.2f} times the games, {flick['other'] / flick['this']:.2f} times the flicks "
          f"per processor-second")


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
    parser.add_argument("--games", type=int, default=1000, help="seeded games a run (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=3,
                        help="runs of each measurement; figures are medians (default: %(default)s)")
    parser.add_argument("--skip-validate", action="store_true", help="leave out the timed `printgen validate` runs")
    parser.add_argument("--against", type=Path, default=None,
                        help="another checkout of printgen to time beside this one, in turns (default: none)")
    parser.add_argument("--child", nargs=2, type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(*args.child)
        return
    if args.against:
        print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        against_bench(args.games, args.runs, args.against.resolve())
        return
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    games_bench(args.games, args.runs)
    if not args.skip_validate:
        validate_bench(args.runs)


if __name__ == "__main__":
    main()
