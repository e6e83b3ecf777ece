"""The whole `printgen validate DECK --skill --workers 2` of shipped decks, timed as a user runs it.

Usage: .venv/bin/python bench/bench_skill.py [--decks cromwell,standard] [--workers 2] [--plain] [--keep DIR]
                                             [-- EXTRA ARGS]

Each deck is validated once in a process of its own (`python -m printgen validate DECK --skill
--quiet --json ...`) and the table gives its wall time, its processor time (user + system of the
process and its workers: on a shared machine the figure to compare, as the wall time follows the
load; on K idle cores the run takes about processor time / K), the games of the report and of the
ladder (from the JSON), and each section's ladder verdict. With --plain the same command without --skill
is timed first, so the ladder's own share of the time shows. Why a script of its own: a ladder's
search rungs take seconds a game in the slow games (Cromwell, L'Ombre, Coppertwaddle), and the
issue asks that a whole deck's ladder stay within a few minutes on two cores.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECKS = ("cromwell", "standard", "coppertwaddle", "spanish")


def one_run(deck: str, workers: int, skill: bool, extra: list[str], out: Path) -> tuple[float, float, dict]:
    """(wall seconds, processor seconds, the JSON figures) of one whole-process validate."""
    args = [sys.executable, "-m", "printgen", "validate", str(ROOT / "decks" / deck), "--quiet", "--workers",
            str(workers), "--json", str(out), *(["--skill"] if skill else []), *extra]
    began, used = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - began
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = now.ru_utime - used.ru_utime + now.ru_stime - used.ru_stime
    if done.returncode not in (0, 1):
        raise SystemExit(f"{deck}: validate failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    return seconds, cpu, json.loads(out.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", default="cromwell,standard",
                        help="shipped decks, comma-separated (default: %(default)s)")
    parser.add_argument("--workers", type=int, default=2, help="validate's --workers (default: %(default)s)")
    parser.add_argument("--plain", action="store_true", help="also time the run without --skill")
    parser.add_argument("--keep", default=None, help="a folder to keep each deck's JSON in (DECK.json; default: none)")
    parser.add_argument("extra", nargs="*", help="further validate arguments, after --")
    args = parser.parse_args()
    print(f"validate DECK --skill --workers {args.workers} {' '.join(args.extra)}".rstrip())
    print(f"load before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'deck':<14} {'plain s':>8} {'cpu s':>6} {'skill s':>8} {'cpu s':>6} {'report games':>13} "
          f"{'ladder games':>13}  ladders")
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "figures.json"
        for deck in args.decks.split(","):
            plain, plain_cpu = "-", "-"
            if args.plain:
                wall, cpu, _ = one_run(deck, args.workers, False, args.extra, out)
                plain, plain_cpu = f"{wall:.0f}", f"{cpu:.0f}"
            seconds, cpu, data = one_run(deck, args.workers, True, args.extra, out)
            if args.keep:
                Path(args.keep).mkdir(parents=True, exist_ok=True)
                (Path(args.keep) / f"{deck}.json").write_text(out.read_text())
            played = sum(r["games"] for s in data["sections"] for r in s["results"].values())
            ladders = [(s, n, ladder) for s in data["sections"] for n, ladder in s["skill"].items()]
            climbed = sum(r["games"] + r["stopped"] for _, _, ladder in ladders for r in ladder["rungs"])
            said = "; ".join(f"{s['game']} {s['variant']} {n}p: {ladder['words']}" for s, n, ladder in ladders)
            print(f"{deck:<14} {plain:>8} {plain_cpu:>6} {seconds:>8.0f} {cpu:>6.0f} {played:>13,} {climbed:>13,}  "
                  f"{said}", flush=True)
    print(f"load after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
