"""Does this checkout make exactly what REF made? Every shipped deck built, and validated, by both.

A change that only moves code (a new folder plan, one imposition pipeline, a reshaped game
contract) must not change a single byte of what users get: this builds every shipped deck with
this checkout and with REF (its whole tree, from git), on A4 and on Letter and one deck single-sided,
validates every deck with the same seed and game count, and compares every PDF, manifest, report
and JSON file byte for byte. It prints the files that differ and exits 1 when any does.

    .venv/bin/python bench/same_output.py --against HEAD~3
    .venv/bin/python bench/same_output.py --against main --games 100 --decks cromwell spanish
    .venv/bin/python bench/same_output.py --against HEAD~1 --pixels 100     # bytes may differ, pages may not

Both sides run as separate processes (`python -m printgen`), each importing printgen from its own
tree (checked), in the same scratch folder layout, so paths in messages read the same.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECKS = sorted(p.parent.name for p in (ROOT / "decks").glob("*/deck.yaml"))
BUILDS = {"a4": [], "letter": ["--paper", "letter"], "single": ["--duplex", "none"]}


def unpack(ref: str, into: Path) -> Path:
    """REF's printgen/, decks/ and layouts/ into a folder (what a build of REF reads)."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref, "printgen", "decks", "layouts"],
                          check=True, capture_output=True).stdout
    safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, **safe)
    return into


def run(code: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(code), "PYTHONDONTWRITEBYTECODE": "1", "COLUMNS": "200"}
    env.pop("PRINTGEN_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "printgen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=1800)


def side(code: Path, work: Path, decks: list[str], games: int, seed: int) -> Path:
    """Everything one side makes, under work/: the builds, and each validate's report and JSON."""
    probe = subprocess.run([sys.executable, "-c", "import printgen, sys; sys.stdout.write(printgen.__file__)"],
                           env={**os.environ, "PYTHONPATH": str(code)}, capture_output=True, text=True, cwd=work)
    assert Path(probe.stdout).resolve().is_relative_to(code.resolve()), f"{probe.stdout} is not from {code}"
    for name, extra in BUILDS.items():
        chosen = decks if name != "single" else decks[:1]
        done = run(code, work, "build", *chosen, "--out", f"out-{name}", "--quiet", *extra)
        (work / f"build-{name}.txt").write_text(f"exit {done.returncode}\n{done.stdout}{done.stderr}")
    for deck in decks:
        done = run(code, work, "validate", deck, "--games", str(games), "--seed", str(seed), "--quiet",
                   "--json", f"validate-{deck}.json")
        (work / f"validate-{deck}.txt").write_text(f"exit {done.returncode}\n{done.stdout}{done.stderr}")
    return work


def differences(a: Path, b: Path) -> list[str]:
    names = sorted({str(p.relative_to(a)) for p in a.rglob("*") if p.is_file()} |
                   {str(p.relative_to(b)) for p in b.rglob("*") if p.is_file()})
    return [n for n in names if not ((a / n).is_file() and (b / n).is_file() and
                                     filecmp.cmp(a / n, b / n, shallow=False))]


def same_pixels(a: Path, b: Path, dpi: int, tolerance: int = 0) -> str | None:
    """None when two PDFs have the same pages, pixel for pixel at `dpi`; else what differs. For a
    change meant to alter the bytes but not the print (how a page is encoded, not what it shows)."""
    import numpy as np
    import pypdfium2 as pdfium

    one, two = pdfium.PdfDocument(str(a)), pdfium.PdfDocument(str(b))
    try:
        if len(one) != len(two):
            return f"{len(one)} pages against {len(two)}"
        for i in range(len(one)):
            x = np.asarray(one[i].render(scale=dpi / 72).to_pil().convert("RGB"), dtype=int)
            y = np.asarray(two[i].render(scale=dpi / 72).to_pil().convert("RGB"), dtype=int)
            if x.shape != y.shape:
                return f"page {i + 1} is {x.shape[1]} x {x.shape[0]} px against {y.shape[1]} x {y.shape[0]}"
            if (abs(x - y) > tolerance).any():
                count, most = int((x != y).any(axis=2).sum()), int(abs(x - y).max())
                return f"page {i + 1}: {count} pixels differ (by at most {most})"
        return None
    finally:
        one.close()
        two.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", required=True, metavar="REF", help="the git commit to compare with")
    parser.add_argument("--decks", nargs="*", default=DECKS,
                        help="the decks to build and validate (default: every shipped deck)")
    parser.add_argument("--games", type=int, default=200,
                        help="games per player count in each validate (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of every validate (default: %(default)s)")
    parser.add_argument("--keep", metavar="DIR",
                        help="keep both sides' files in DIR to look at (default: a temporary folder, removed)")
    parser.add_argument("--pixels", type=int, metavar="DPI", default=0,
                        help="a PDF whose bytes differ passes when every page is the same pixel for pixel at DPI "
                             "(for a change in how pages are written, not in what they show)")
    parser.add_argument("--tolerance", type=int, metavar="LEVELS", default=0,
                        help="with --pixels: a pixel is the same when no colour channel differs by more than LEVELS "
                             "of 255 (a side drawn in its page rather than in a form rasterises its anti-aliased "
                             "edges a level or two apart in pdfium; 0, the default, asks for identical pixels)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="same_output_") as tmp:
        scratch = Path(args.keep) if args.keep else Path(tmp)
        ref_code = unpack(args.against, scratch / "ref-code")
        outputs = {}
        for label, code in (("this", ROOT), (args.against, ref_code)):
            work = scratch / ("out-this" if label == "this" else "out-ref")
            work.mkdir(parents=True, exist_ok=True)
            outputs[label] = side(code, work, args.decks, args.games, args.seed)
        differ = differences(outputs["this"], outputs[args.against])
        total = sum(1 for p in outputs["this"].rglob("*") if p.is_file())
        if args.pixels:
            drawn = [n for n in differ if n.endswith(".pdf") and (outputs["this"] / n).is_file()
                     and (outputs[args.against] / n).is_file()]
            apart = {n: same_pixels(outputs["this"] / n, outputs[args.against] / n, args.pixels, args.tolerance)
                     for n in drawn}
            for name, why in apart.items():
                if why is not None:
                    print(f"  {name}: {why}")
            same = [n for n, why in apart.items() if why is None]
            differ = [n for n in differ if n not in same]
            if same and not differ:
                within = f" (within {args.tolerance} levels a channel)" if args.tolerance else ""
                print(f"the {total} files are those of {args.against}: {total - len(same)} byte for byte, {len(same)} "
                      f"PDFs with other bytes but the same pages at {args.pixels} dpi{within} "
                      f"({len(args.decks)} decks built on {', '.join(BUILDS)}; validated with {args.games} games, "
                      f"seed {args.seed})")
                return 0
        if differ:
            print(f"{len(differ)} of {total} files differ from {args.against}:")
            for name in differ:
                print(f"  {name}")
            return 1
        print(f"all {total} files are byte-identical to {args.against} "
              f"({len(args.decks)} decks built on {', '.join(BUILDS)}; "
              f"validated with {args.games} games, seed {args.seed})")
        return 0


if __name__ == "__main__":
    sys.exit(main())
