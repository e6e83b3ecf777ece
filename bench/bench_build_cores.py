"""`printgen build` of every shipped deck on all cores against the same build held to one core.

Usage: .venv/bin/python bench/bench_build_cores.py [--runs 7] [--workdir /tmp/bench-cores] [--against REF]
       [--estimate | --critical]

(From the repository root, with the Python of the README's set-up, .venv/bin/python.)

The two commands are whole processes, run in turns (all cores, one core, all cores ...) after one
unmeasured run of each; one core is `taskset -c 0` (Linux), which leaves printgen's build one
core to fork its deck processes on, so it builds one deck after another as before. The figures
are the median wall-clock seconds of each and their ratio, measured in this one command (issue
30's aim: at least 1.6x faster on all cores of a quiet two-core machine), with the processor
time of each (what the pool costs in all: forking, sending plans and files between processes) and
the load average while they ran: on a loaded machine the wall-clock ratio says little.
`--estimate` instead works the pool's schedule out from each part's processor time, in one
process (see estimate()). `--critical` measures a path of processor time through the real build
(the parent's own and a worker's share, see critical()), which a loaded machine disturbs far less
than the wall clock. Both builds' files are compared byte for byte at the end.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(cmd: list[str], env: dict[str, str], cwd: Path = ROOT) -> tuple[float, float]:
    """Wall-clock seconds of one whole run, and the processor time (user + system) of all its processes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, cwd=cwd, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def same_files(a: Path, b: Path) -> bool:
    names = {p.relative_to(a) for p in a.rglob("*") if p.is_file()}
    if names != {p.relative_to(b) for p in b.rglob("*") if p.is_file()}:
        return False
    return all(filecmp.cmp(a / n, b / n, shallow=False) for n in names)


def estimate(work: Path, cores: int = 2) -> None:
    """The pool's schedule worked out from processor times, which a loaded machine disturbs far less
    than the wall clock: every deck read and what drawing them imports imported (as the parent does,
    before the fork), then each part drawn
    in turn in this one process and timed; the parts handed out in the pool's order to `cores`
    workers, each taking the next when free. What it leaves out: forking, sending files back, and
    what each process imports or loads again on first use (fonts, templates), so the real figure is
    lower; the same schedule with whole decks as the unit is printed beside it."""
    sys.path.insert(0, str(ROOT))
    sys.dont_write_bytecode = False                 # as an installed printgen: modules from bytecode
    sys.pycache_prefix = str(work / "pycache")
    os.environ.setdefault("PRINTGEN_CACHE_DIR", str(work / "cache"))
    start = time.process_time()
    from printgen.draw import build, build_pool
    from printgen.model.finding import shipped_decks  # as the command: printgen.model.load imports pydantic

    imported = time.process_time()
    options = build.BuildOptions(out=work / "estimate")
    plans = [build.plan_build(str(ref), options) for ref in shipped_decks()]
    planned = time.process_time()
    build_pool._warm({kind for plan in plans for kind, _ in plan.units})     # as the parent does before the fork
    warmed = time.process_time()
    parts: list[tuple[float, int, int]] = []
    for d, plan in enumerate(plans):
        for u in range(len(plan.units)):
            begun = time.process_time()
            build.draw_unit(plan, u)
            parts.append((time.process_time() - begun, d, u))
    serial = warmed - start
    drawing = sum(cost for cost, _, _ in parts)

    def longest(loads: list[float]) -> float:
        free = [0.0] * cores
        for cost in loads:
            free[free.index(min(free))] += cost
        return max(free)

    by_part = longest([cost for cost, d, u in sorted(parts, key=lambda p: -build_pool.unit_weight(plans[p[1]], p[2]))])
    decks = [sum(cost for cost, d, _ in parts if d == i) for i in range(len(plans))]
    by_deck = longest(sorted(decks, reverse=True))
    one = serial + drawing
    print(f"processor time in one process: imports {imported - start:.3f} s, reading every deck "
          f"{planned - imported:.3f} s, importing what drawing needs {warmed - planned:.3f} s, drawing "
          f"{drawing:.3f} s in {len(parts)} parts (the heaviest deck "
          f"{max(decks) / drawing:.0%} of it)")
    print(f"  {cores} workers, parts handed out heaviest first: {one / (serial + by_part):.2f}x one core; "
          f"whole decks heaviest first: {one / (serial + by_deck):.2f}x (processes cost nothing here)")


# Run as `python -c PROBE OUT RECORD`: `printgen build --quiet --out OUT` of every shipped deck, where
# each of the pool's workers, as it exits, and then the parent append a line "pid processor-seconds"
# to RECORD (a forked child's processor time starts at nought). Pool workers run the function
# `multiprocessing.pool.worker`, looked up when a worker starts, so wrapping it sees a worker's whole
# life: its parts, and sending them back.
PROBE = """
import os, sys, time, multiprocessing.pool as mpool
out, record = sys.argv[1], sys.argv[2]
def note():
    with open(record, "a") as f:
        f.write(f"{os.getpid()} {time.process_time()}\\n")
real = mpool.worker
def worker(*args, **kwargs):
    try:
        real(*args, **kwargs)
    finally:
        note()
mpool.worker = worker
from printgen.commands import cli
code = cli.run(["build", "--quiet", "--out", out])
note()
os._exit(code)
"""


def critical_path(cmd: list[str], env: dict[str, str], cwd: Path, record: Path) -> tuple[float, float]:
    """One probed build of every shipped deck on all cores: the processor time of the parent and its
    workers' together over the cores (with one worker a core, their mean: the pool hands the next
    part to whichever worker is free, so on a quiet machine they finish within a part of each other;
    on a loaded one a worker kept waiting for a core draws fewer parts, which this evens out)."""
    record.unlink(missing_ok=True)
    timed(cmd + [str(record)], env, cwd)
    seconds = [float(line.split()[1]) for line in record.read_text().splitlines()]
    parent, workers = seconds[-1], seconds[:-1]
    return parent, sum(workers) / len(os.sched_getaffinity(0))


def critical(args: argparse.Namespace, work: Path, sides: dict[str, tuple[Path, dict[str, str]]]) -> None:
    """The build on all cores as a path of processor time through its processes (the parent's own,
    with its start-up, reading of every deck, imports and writing, plus a worker's share of the
    drawing), against the processor time of the same build held to one core, in turns, medians.
    What it leaves out: waiting (forking, a worker waiting for its next part, the disk), which the
    wall clock of a quiet machine adds to both, and the unevenness of the last parts."""
    build = ["-m", "printgen", "build", "--quiet", "--out"]
    load = [os.getloadavg()[0]]
    runs: dict[str, list[tuple[float, float, float]]] = {name: [] for name in sides}
    for turn in range(args.runs + 1):                 # the first turn warms disk, bytecode and caches
        for name, (code, env) in sides.items():
            one = timed(["taskset", "-c", "0", sys.executable] + build + [str(work / name / "one")], env, code)[1]
            parent, worker = critical_path([sys.executable, "-c", PROBE, str(work / name / "all")], env, code,
                                           work / name / "record.txt")
            if turn:
                runs[name].append((one, parent, worker))
        load.append(os.getloadavg()[0])
    print(f"printgen build of every shipped deck, {args.runs} runs each in turns; load average (1 min) "
          f"{min(load):.1f} to {max(load):.1f} during the runs; medians of processor time")
    for name, values in runs.items():
        one = statistics.median(v[0] for v in values)
        parent = statistics.median(v[1] for v in values)
        worker = statistics.median(v[2] for v in values)
        path = statistics.median(v[1] + v[2] for v in values)
        print(f"  {name:<12} one core {one:.3f} s; all cores: parent {parent:.3f} s + a worker {worker:.3f} s = "
              f"{path:.3f} s: {one / path:.2f}x (per run: {', '.join(f'{o / (p + w):.2f}' for o, p, w in values)})")
        same = same_files(work / name / "all", work / name / "one")
        print(f"  {'':<12} the two builds' files are {'byte-identical' if same else 'DIFFERENT'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7,
                        help="measured runs of each build, after one unmeasured run (default 7, at least 5)")
    parser.add_argument("--workdir", default="/tmp/bench-cores",
                        help="scratch folder for the builds' output, the bytecode and printgen's caches "
                             "(default: %(default)s)")
    parser.add_argument("--against", metavar="REF",
                        help="also time REF's printgen (a git commit), in the same turns (default: none)")
    parser.add_argument("--estimate", action="store_true",
                        help="only work out the pool's schedule from processor times (see estimate())")
    parser.add_argument("--critical", action="store_true",
                        help="a path of processor time through the build on all cores (see critical())")
    args = parser.parse_args()
    if args.estimate:
        estimate(Path(args.workdir))
        return 0
    if args.runs < 5:
        parser.error("--runs must be at least 5 so that the median means something")
    if not shutil.which("taskset"):
        parser.error("taskset (util-linux) is needed to hold a build to one core")
    work = Path(args.workdir)
    # as an installed printgen runs: bytecode cached (under the workdir; where PYTHONDONTWRITEBYTECODE
    # is set, every process, each of the pool's too, would compile the modules it imports late from
    # source), and printgen's caches kept between runs (under the workdir), as between a user's builds
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_build import child_env

    env = {**child_env(work), "PYTHONPATH": str(ROOT)}
    build = [sys.executable, "-m", "printgen", "build", "--quiet", "--out"]
    commands = {"all cores": build + [str(work / "all")],
                "one core": ["taskset", "-c", "0"] + build + [str(work / "one")]}
    where = {name: (ROOT, env) for name in commands}
    if args.against:                 # REF's code, decks and layouts, from its own folder, caches of its own
        from same_output import unpack

        shutil.rmtree(work / "ref", ignore_errors=True)
        ref = unpack(args.against, work / "ref" / "tree")
        ref_env = {**child_env(work / "ref"), "PYTHONPATH": str(ref)}
    if args.critical:
        sides = {"this tree": (ROOT, env)}
        if args.against:
            sides[args.against] = (ref, ref_env)
        critical(args, work / "critical", sides)
        return 0
    if args.against:
        for name in list(commands):
            commands[f"{name} ({args.against})"] = commands[name][:-1] + [str(work / "ref" / name.split()[0])]
            where[f"{name} ({args.against})"] = (ref, ref_env)
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for name, cmd in commands.items():
        timed(cmd, where[name][1], where[name][0])      # warm the disk, bytecode and printgen's caches
    load = [os.getloadavg()[0]]
    for _ in range(args.runs):
        for name, cmd in commands.items():
            wall, used = timed(cmd, where[name][1], where[name][0])
            times[name].append(wall)
            cpu[name].append(used)
        load.append(os.getloadavg()[0])
    cores = len(os.sched_getaffinity(0))
    width = max(len(name) for name in commands)
    print(f"printgen build of every shipped deck, {args.runs} runs each in turns, {cores} cores; "
          f"load average (1 min) {min(load):.1f} to {max(load):.1f} during the runs")
    for name, values in times.items():
        print(f"  {name:<{width}} median {statistics.median(values):.3f} s  (min {min(values):.3f}, "
              f"max {max(values):.3f}); processor time {statistics.median(cpu[name]):.3f} s")
    ratio = statistics.median(times["one core"]) / statistics.median(times["all cores"])
    verdict = "met" if ratio >= 1.6 else "NOT met"
    print(f"  all cores are {ratio:.2f}x as fast as one core (aim: at least 1.6x on a quiet two-core machine: "
          f"{verdict}, at the load above)")
    if args.against:
        theirs = statistics.median(times[f"one core ({args.against})"]) / statistics.median(
            times[f"all cores ({args.against})"])
        print(f"  {args.against}: all cores are {theirs:.2f}x as fast as one core")
    same = same_files(work / "all", work / "one")
    print(f"  the two builds' files are {'byte-identical' if same else 'DIFFERENT'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
