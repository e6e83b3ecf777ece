"""What importing costs `printgen build cromwell --only cards`, against bare Python and the plain script.

    .venv/bin/python bench/bench_startup.py [--runs 7] [--top 15] [--workdir /tmp/bench-startup] [--json FILE]
                                            [--deck cromwell] [--against REF] [--added jinja2.sandbox click ...]

(From the repository root, with the Python of the README's set-up, .venv/bin/python.)

Each command runs whole, as its own process, under `python -X importtime`: a bare `python -c pass`,
the real build of the cards, and the plain ReportLab floor (bench/plain_reportlab.py) on the same
deck. A run's import figure is the sum of the cumulative times of its top-level imports, so
everything imported at any point of the run counts, the imports a command makes late inside a
function too. What bare Python imports by itself (site, encodings, the editable install's finder)
is taken off each command's sum, so the figures are the program's own imports. Medians of --runs
runs, the commands taking turns so they see the same load; wall time and processor time of each
whole process beside them. `-X importtime` adds a little to every import, the same to all three.

The build runs twice: as a user's second build of the deck (after unmeasured runs, the checked
deck comes from printgen's cache, printgen/model/load_cache.py) and with the caches off, as a first
build. The import replay takes its module list from an unmeasured run made after the cache was
filled, so it replays what the measured builds import. pydantic builds a model's checks when it
first checks something, not at import, so the import figures of the uncached build leave that out:
its whole-process processor time beside the cached build's says what the cache saves.

--added names libraries the build needs and the plain script does not import (by default the
template engine with its sandbox, and click): each is timed as the plain script's imports plus that
library alone, in the same turns, and its processor time over the plain script's imports is what
it adds to any build that uses it, whatever printgen's own modules do.

Issue 30's aim: the build's imports at most 0.09 s. The bench only reports; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True
REPO = Path(__file__).resolve().parent.parent
PLAIN = Path(__file__).resolve().parent / "plain_reportlab.py"
AIM_S = 0.09
_LINE = re.compile(r"^import time:\s+(\d+) \|\s+(\d+) \| (\s*)(\S+)")
# The child reports its own processor time (user + system, with its children) after it exits.
LAUNCHER = r"""
import resource, subprocess, sys, time
start = time.perf_counter()
proc = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
wall = time.perf_counter() - start
t = resource.getrusage(resource.RUSAGE_CHILDREN)      # microseconds, where os.times counts 10 ms ticks
sys.stdout.write(f"{wall} {t.ru_utime + t.ru_stime} {proc.returncode}\n")
sys.stdout.flush()
sys.stderr.buffer.write(proc.stderr)
"""


def imports_of(stderr: str) -> dict[str, float]:
    """Top-level module -> seconds (cumulative) from `-X importtime` output."""
    found: dict[str, float] = {}
    for line in stderr.splitlines():
        m = _LINE.match(line)
        if m and not m.group(3):
            found[m.group(4)] = found.get(m.group(4), 0.0) + int(m.group(2)) / 1e6
    return found


def run_once(cmd: list[str], env: dict[str, str], cwd: Path = REPO) -> dict:
    proc = subprocess.run([sys.executable, "-S", "-c", LAUNCHER, sys.executable, "-X", "importtime", *cmd],
                          cwd=cwd, capture_output=True, env=env, check=False)
    wall, cpu, code = proc.stdout.split()
    if code != b"0":
        raise SystemExit(f"bench_startup: failed: {' '.join(cmd)}\n{proc.stderr.decode(errors='replace')[-2000:]}")
    modules = imports_of(proc.stderr.decode("utf-8", "replace"))
    return {"wall_s": float(wall), "cpu_s": float(cpu), "imports_s": sum(modules.values()), "modules": modules}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="measured runs of each command (default 7, at least 5)")
    parser.add_argument("--added", nargs="*", default=["jinja2.sandbox", "click"], metavar="MODULE",
                        help="time the plain script's imports plus each of these alone (what each adds; "
                             "default: jinja2.sandbox click)")
    parser.add_argument("--top", type=int, default=15,
                        help="list this many of the build's costliest imports (default 15)")
    parser.add_argument("--workdir", default=str(Path(tempfile.gettempdir()) / "bench-startup"),
                        help="scratch folder for the card data, the PDFs, the bytecode and printgen's caches, outside "
                             "the repository (default: %(default)s)")
    parser.add_argument("--deck", default="cromwell",
                        help="the deck whose cards are built, a shipped deck's name or a folder (default: %(default)s)")
    parser.add_argument("--json", metavar="FILE", help="also write every run's figures to FILE as JSON (default: none)")
    parser.add_argument("--against", metavar="REF", help="also time REF's printgen (a git commit), in the same rounds")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs must be at least 5")
    workdir = Path(args.workdir).resolve()
    if workdir == REPO or REPO in workdir.parents:
        parser.error("--workdir must be outside the repository")
    workdir.mkdir(parents=True, exist_ok=True)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_build import card_data, child_env

    data = workdir / "data.json"
    data.write_text(json.dumps(card_data(args.deck), ensure_ascii=False), encoding="utf-8")
    env = child_env(workdir)
    commands = {
        "python -c pass": ["-c", "pass"],
        "printgen build --only cards": ["-m", "printgen", "build", args.deck, "--only", "cards",
                                        "--out", str(workdir / "out"), "--quiet"],
        "plain script": [str(PLAIN), str(data), str(workdir / "plain.pdf")],
    }
    # the same build with printgen's caches off (PRINTGEN_CACHE_DIR=off): a first build of the deck,
    # which reads and checks every file and builds pydantic's checks; the build above runs after an
    # unmeasured one, so it takes the checked deck from the cache (printgen/model/load_cache.py)
    commands["printgen build --only cards, no cache"] = [*commands["printgen build --only cards"][:-3],
                                                         "--out", str(workdir / "out-cold"), "--quiet"]
    envs = {name: env for name in commands}
    envs["printgen build --only cards, no cache"] = {**env, "PRINTGEN_CACHE_DIR": "off"}
    where = {name: REPO for name in commands}
    if args.against:                    # REF's code, decks and layouts, run from its own folder
        from same_output import unpack

        ref = unpack(args.against, workdir / "ref")
        commands[f"printgen build ({args.against})"] = [*commands["printgen build --only cards"][:-3],
                                                         "--out", str(workdir / "out-ref"), "--quiet"]
        where[f"printgen build ({args.against})"] = ref
        envs[f"printgen build ({args.against})"] = env
    # Twice: the first run of a build fills the cache of checked decks, and the module lists below
    # must be those of the runs measured (a build from the cache imports fewer than the first)
    for _ in range(2):
        warm = {name: run_once(cmd, envs[name], where[name]) for name, cmd in commands.items()}
    # Each program's import phase alone: a process importing, in the same order, every module the
    # whole run imported at the top level (and nothing bare Python imports anyway). Timed by the
    # processor time the process took, which a busy machine disturbs less than the wall clock.
    bare = set(warm["python -c pass"]["modules"])
    for name in [n for n in commands if n != "python -c pass"]:
        wanted = [m for m in warm[name]["modules"] if m not in bare and not m.startswith(("encodings", "_"))]
        commands[f"imports of {name}"] = ["-c", "import " + ", ".join(wanted)]
        where[f"imports of {name}"] = where[name]
        envs[f"imports of {name}"] = envs[name]
    plain_wanted = commands["imports of plain script"][1]
    for module in args.added:
        commands[f"plain imports + {module}"] = ["-c", f"{plain_wanted}, {module}"]
        where[f"plain imports + {module}"], envs[f"plain imports + {module}"] = REPO, env
    runs: dict[str, list[dict]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, cmd in commands.items():
            runs[name].append(run_once(cmd, envs[name], where[name]))
    summary = report(runs, args.top)
    if args.json:
        Path(args.json).write_text(json.dumps({"runs": {k: [{x: y for x, y in r.items()} for r in v]
                                                         for k, v in runs.items()}, "summary": summary},
                                              indent=1) + "\n", encoding="utf-8")


def report(runs: dict[str, list[dict]], top: int) -> dict[str, dict]:
    """The table of medians, each build's own imports against the plain script's, the costliest imports."""
    base = statistics.median(r["imports_s"] for r in runs["python -c pass"])
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; "
          f"{len(runs['python -c pass'])} runs each, medians\n")
    print(f"{'command':<40} {'imports s':>9} {'own imports s':>13} {'wall s':>7} {'cpu s':>7}")
    summary = {}
    for name, rs in runs.items():
        imp = statistics.median(r["imports_s"] for r in rs)
        own = statistics.median(r["imports_s"] for r in rs) - base
        summary[name] = {"imports_s": imp, "own_imports_s": own,
                         "wall_s": statistics.median(r["wall_s"] for r in rs),
                         "cpu_s": statistics.median(r["cpu_s"] for r in rs)}
        s = summary[name]
        print(f"{name:<40} {imp:>9.3f} {own:>13.3f} {s['wall_s']:>7.3f} {s['cpu_s']:>7.3f}")
    cpu0 = summary["python -c pass"]["cpu_s"]
    builds = [n for n in runs if n.startswith("printgen build")]
    for label, key in (("-X importtime, wall", "own_imports_s"), ("processor time of the imports alone", "cpu_s")):
        def own(name: str, key: str = key) -> float:
            return summary[name]["own_imports_s"] if key == "own_imports_s" else \
                summary[f"imports of {name}"]["cpu_s"] - cpu0
        plain = own("plain script")
        print(f"\n{label}: the plain script's own imports {plain:.3f} s")
        for name in builds:
            summary[name][f"own {key}"] = own(name)
            print(f"  {name}: {own(name):.3f} s ({own(name) / plain:.2f}x the plain script's); "
                  f"aim <= {AIM_S:g} s: {'met' if own(name) <= AIM_S else 'NOT met'}")
    added = [n for n in runs if n.startswith("plain imports + ")]
    if added:
        print("\nwhat a library adds to the plain script's imports (processor time):")
    for name in added:
        summary[name]["added_cpu_s"] = summary[name]["cpu_s"] - summary["imports of plain script"]["cpu_s"]
        print(f"  {name[len('plain imports + '):]}: +{summary[name]['added_cpu_s']:.3f} s")
    names = set().union(*(r["modules"] for r in runs["printgen build --only cards"]))
    costs = {n: statistics.median(r["modules"].get(n, 0.0) for r in runs["printgen build --only cards"])
             for n in names}
    print("\nthe build's costliest top-level imports (median s, cumulative):")
    for n, c in sorted(costs.items(), key=lambda kv: -kv[1])[:top]:
        print(f"  {c:7.4f}  {n}")
    return summary


if __name__ == "__main__":
    main()
