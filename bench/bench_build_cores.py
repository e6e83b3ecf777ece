"""`printgen build` of every shipped deck on all cores against the same build held to one core.

Usage: python bench/bench_build_cores.py [--runs 7] [--workdir /tmp/bench-cores]

The two commands are whole processes, run in turns (all cores, one core, all cores ...) after one
unmeasured run of each; one core is `taskset -c 0` (Linux), which leaves printgen's build one
core to fork its deck processes on, so it builds one deck after another as before. The figures
are the median wall-clock seconds of each and their ratio, measured in this one command (issue
30's aim: at least 1.6x faster on all cores of a quiet two-core machine), with the processor
time of each (what the pool costs in all: forking, sending plans and files between processes) and
the load average while they ran: on a loaded machine the wall-clock ratio says little. Both builds' files are
compared byte for byte at the end.
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


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock seconds of one whole run, and the processor time (user + system) of all its processes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def same_files(a: Path, b: Path) -> bool:
    names = {p.relative_to(a) for p in a.rglob("*") if p.is_file()}
    if names != {p.relative_to(b) for p in b.rglob("*") if p.is_file()}:
        return False
    return all(filecmp.cmp(a / n, b / n, shallow=False) for n in names)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--workdir", default="/tmp/bench-cores")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs must be at least 5 so that the median means something")
    if not shutil.which("taskset"):
        parser.error("taskset (util-linux) is needed to hold a build to one core")
    work = Path(args.workdir)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    build = [sys.executable, "-m", "printgen", "build", "--quiet", "--out"]
    commands = {"all cores": build + [str(work / "all")],
                "one core": ["taskset", "-c", "0"] + build + [str(work / "one")]}
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for cmd in commands.values():
        timed(cmd, env)                              # warm the disk and bytecode caches
    load = [os.getloadavg()[0]]
    for _ in range(args.runs):
        for name, cmd in commands.items():
            wall, used = timed(cmd, env)
            times[name].append(wall)
            cpu[name].append(used)
        load.append(os.getloadavg()[0])
    cores = len(os.sched_getaffinity(0))
    print(f"printgen build of every shipped deck, {args.runs} runs each in turns, {cores} cores; "
          f"load average (1 min) {min(load):.1f} to {max(load):.1f} during the runs")
    for name, values in times.items():
        print(f"  {name:<10} median {statistics.median(values):.3f} s  (min {min(values):.3f}, max {max(values):.3f});"
              f" processor time {statistics.median(cpu[name]):.3f} s")
    ratio = statistics.median(times["one core"]) / statistics.median(times["all cores"])
    print(f"  all cores are {ratio:.2f}x as fast as one core (aim: at least 1.6x on a quiet two-core machine)")
    same = same_files(work / "all", work / "one")
    print(f"  the two builds' files are {'byte-identical' if same else 'DIFFERENT'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
