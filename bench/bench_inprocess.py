"""The cards of a bench deck built in one process, this checkout's code against another's, in turns.

    .venv/bin/python bench/bench_inprocess.py [--cards 430] [--builds 9] [--turns 4] [--against main]
                                              [--workdir /tmp/bench-inprocess]

Why: whole processes (bench_build.py) carry the interpreter's start and the imports, and on a
shared machine their ratios move by a tenth between runs; the cost per card is easier to see
with the build alone. Each turn starts one child process per code (this checkout, then REF's
printgen/ and layouts/ unpacked by git archive): it builds the bench's copy of Cromwell with
--cards cards once unmeasured (imports, fonts, caches of the checked deck and the templates), then
--builds times, staged in memory and not written, and reports the median and the least processor
time of a build and, of the same builds, the median of resolving the faces (templates, text
fitting, checks) and of drawing the sheets. The report gives each turn, then the medians over
the turns, and the ratio of this checkout's to REF's. Nothing is written into the repository.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_build import REPO, reference_code, sized_deck  # noqa: E402 - the bench's own helpers

CHILD = r"""
import json, statistics, sys, time
root, deck, builds = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.path.insert(0, root)
from pathlib import Path
import printgen.draw.build as build
from printgen.draw.sheets import faces, pdf
assert Path(build.__file__).is_relative_to(root), build.__file__
options = build.BuildOptions(out=Path(deck).parent / "out", only=frozenset({"cards"}))
build.build_deck(deck, options, write=False)
spent = {"resolve": [], "sheets": []}

def timed(module, name, phase):
    function = getattr(module, name)

    def run(*args, **kwargs):
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[phase].append(time.process_time() - start)

    setattr(module, name, run)

timed(faces, "resolve_faces", "resolve")
timed(pdf, "render_sheets", "sheets")
totals = []
for _ in range(builds):
    start = time.process_time()
    build.build_deck(deck, options, write=False)
    totals.append(time.process_time() - start)
print(json.dumps({"median": statistics.median(totals), "least": min(totals),
                  "resolve": statistics.median(spent["resolve"]), "sheets": statistics.median(spent["sheets"])}))
"""


def run_child(root: Path, deck: Path, builds: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", CHILD, str(root), str(deck), str(builds)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, default=430,
                        help="cards in the bench's copy of Cromwell (default: %(default)s)")
    parser.add_argument("--builds", type=int, default=9,
                        help="measured builds in each child process (default: %(default)s)")
    parser.add_argument("--turns", type=int, default=4,
                        help="turns, each one child of this checkout and one of REF's (default: %(default)s)")
    parser.add_argument("--against", default="main", metavar="REF",
                        help="the git commit to compare with (default: %(default)s)")
    parser.add_argument("--workdir", default=str(Path(tempfile.gettempdir()) / "bench-inprocess"),
                        help="scratch folder for the deck copy and REF's code, outside the repository (default: "
                             "%(default)s)")
    args = parser.parse_args()
    workdir = Path(args.workdir).resolve()
    if workdir == REPO or REPO in workdir.parents:
        parser.error("--workdir must be outside the repository")
    workdir.mkdir(parents=True, exist_ok=True)
    deck = sized_deck(workdir, args.cards)
    codes = {"this checkout": REPO, args.against: reference_code(args.against, workdir)}
    results: dict[str, list[dict[str, float]]] = {name: [] for name in codes}
    print(f"{args.cards} cards, {args.builds} builds a turn, {args.turns} turns; processor time of a build, s")
    for turn in range(1, args.turns + 1):
        for name, root in codes.items():
            got = run_child(root, deck, args.builds)
            results[name].append(got)
            print(f"turn {turn}  {name:>14}: median {got['median']:.4f}  least {got['least']:.4f}  "
                  f"resolving faces {got['resolve']:.4f}  drawing sheets {got['sheets']:.4f}")
    mine, theirs = results["this checkout"], results[args.against]
    for key in ("median", "least", "resolve", "sheets"):
        a, b = statistics.median(r[key] for r in mine), statistics.median(r[key] for r in theirs)
        print(f"{key:>8}: this checkout {a:.4f} s, {args.against} {b:.4f} s, {a / b:.2f}x")


if __name__ == "__main__":
    main()
