"""`printgen validate DECK` as a user runs it, whole process, against another commit in the same command.

Usage: .venv/bin/python bench/bench_validate.py [--decks cromwell,standard] [--runs R] [--against REF] [--json FILE]

Each run starts `python -m printgen validate DECK --quiet --json ...` on this checkout and, with
`--against REF`, on REF's `printgen/` unpacked into a temporary folder (both play the shipped decks
of this checkout), alternating which goes first so both see the same background load. The table
shows the median wall time of each, their ratio (this / REF), and the games each played in all
(from the JSON): validate plays more games where a finding is undecided, so a slower run is
explained by the games it needed or it is not. Exit statuses are shown too (a report's verdict).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECKS = ("cromwell", "standard", "coppertwaddle", "spanish")


def unpack(ref: str, into: Path) -> Path:
    """REF's printgen package in a folder of its own (its decks are not used)."""
    archive = subprocess.run(["git", "archive", ref, "printgen"], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def one_run(deck: str, path: Path | None, out: Path) -> tuple[float, int, int]:
    """(seconds, games played in all, exit status) of one whole-process validate."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    began = time.perf_counter()
    # run from the output's folder: `python -m` puts the working folder first on the path, and the
    # repository's own would shadow REF's package
    done = subprocess.run([sys.executable, "-m", "printgen", "validate", str(ROOT / "decks" / deck), "--quiet",
                           "--json", str(out)], cwd=out.parent, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - began
    if done.returncode not in (0, 1):
        raise SystemExit(f"{deck}: validate failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    data = json.loads(out.read_text())
    games = sum(r["games"] for s in data["sections"] for r in s["results"].values())
    return seconds, games, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", default=",".join(DECKS[:3]),
                        help="shipped decks, comma-separated (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=3,
                        help="runs of each command; times are medians (default: %(default)s)")
    parser.add_argument("--against", default=None, metavar="REF",
                        help="also time REF's printgen (a git commit), in turns (default: none)")
    parser.add_argument("--json", default=None, metavar="FILE",
                        help="also write the figures to FILE as JSON (default: none)")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        other = unpack(args.against, Path(tmp) / "ref") if args.against else None
        for deck in args.decks.split(","):
            times: dict[str, list[float]] = {"this": [], "ref": []}
            games, status = {}, {}
            for run in range(args.runs):
                order = [("this", ROOT), ("ref", other)] if other is not None else [("this", ROOT)]
                for label, path in order if run % 2 == 0 else order[::-1]:
                    seconds, played, code = one_run(deck, path, Path(tmp) / f"{label}.json")
                    times[label].append(seconds)
                    games[label], status[label] = played, code
            row = {"deck": deck, "runs": args.runs, "this_s": statistics.median(times["this"]),
                   "this_games": games["this"], "this_status": status["this"]}
            if other is not None:
                row.update(ref_s=statistics.median(times["ref"]), ref_games=games["ref"], ref_status=status["ref"],
                           ratio=statistics.median(times["this"]) / statistics.median(times["ref"]))
            rows.append(row)
            print(_line(row), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


def _line(row: dict) -> str:
    text = f"{row['deck']:>14}: {row['this_s']:7.1f} s, {row['this_games']:>9,} games, exit {row['this_status']}"
    if "ref_s" in row:
        text += (f"  | REF {row['ref_s']:7.1f} s, {row['ref_games']:>9,} games, exit {row['ref_status']}"
                 f"  | time x{row['ratio']:.2f}, games x{row['this_games'] / row['ref_games']:.2f}")
    return text + f"  (median of {row['runs']})"


if __name__ == "__main__":
    main()
