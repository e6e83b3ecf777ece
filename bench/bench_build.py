"""Speed and memory of `printgen build`, measured against a plain ReportLab script.

    .venv/bin/python bench/bench_build.py [--runs 7] [--cards 43,430,2150 [--only-cards]] [--cold]
                                          [--against REF] [--json FILE] [--workdir /tmp/bench] [--env-as-is]

(From the repository root, with the Python of the README's set-up, .venv/bin/python: a bare
`python` without the virtual environment activated has no ReportLab.)

Each command runs as its own process (`python -m printgen build ...` and
`python bench/plain_reportlab.py ...`), so interpreter start-up and imports are counted. The two
commands take turns run by run (A B A B ...), so both see the same background noise. Before
that, each runs once without being measured. Figures are medians over the runs. The time ratio
printgen / plain is taken within this one command, which makes it the number to compare across
machines. Peak memory is the child's maximum resident set size (os.wait4, in a small launcher).

printgen is timed as `python -m printgen build DECK --only cards --out DIR --quiet`, the cards
alone, as the plain script draws them. Its figures are those of a user's second build: the
unmeasured run fills printgen's cache of checked decks (printgen/model/load_cache.py; prepared
pictures too), so every measured run takes the checked deck from there and neither reads the YAML
nor imports pydantic. With --cold, a first build is measured too, in the same rounds: every run
gets a new, empty cache folder (PRINTGEN_CACHE_DIR), so it reads and checks the deck (and prepares
the pictures) as a first build, or a build after an edit, does; its time and peak are printed
beside the second build's. (Bytecode stays cached in both, as in an installation.)

There are two workloads, and with --cards more:
  shipped   decks/cromwell as it is; the cards show vector house emblems.
  pictures  a copy of the deck where every card has its own 600 x 800 px PNG picture
            (with --camera: its own 4000 x 3000 px JPEG, like a phone photo, about 6.5 MB).
  cards-N   (--cards 43,430,2150) a copy of the deck with N cards, its own 43 repeated and named
            apart: the cost per card, and whether the ratio to the plain script grows with size.
            (--only-cards times these alone.)
The plain script draws each repeated design once (emblems and the back as forms), as printgen
does, so the ratio is against a fair floor at every size.

Issue 30's aims are judged where they apply, and said to be met or NOT met: on the cards-N decks,
printgen's ratio to the plain script at most 1.5x at 43 cards and 1.3x at 430 and 2,150 (judged
on processor time, the steadier figure on a shared machine; the wall-clock ratio is judged beside
it), and with several sizes, whether the ratio grows with the deck; at 2,150 cards, the PDF per
card within 2x of the plain script's and peak memory under 70 MiB. The shipped and pictures
workloads have no aim of issue 30: they show the bench's first aims (2x, 100 MiB), labelled so.

Everything the bench writes goes under --workdir, never into the repository. This script
reports figures and asserts nothing. Keep timing checks out of the unit tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True   # the bench imports printgen to read the deck; leave no __pycache__ in the repo
from build_report import (  # noqa: E402 - the report beside this script
    AIM_CARDS_AT,
    AIM_CARDS_MIB,
    AIM_CARDS_PDF,
    AIM_CARDS_RATIO,
    EARLY_MIB,
    EARLY_RATIO,
    print_growth,
    print_startup,
    print_workloads,
)

REPO = Path(__file__).resolve().parent.parent
PLAIN = Path(__file__).resolve().parent / "plain_reportlab.py"
DECK = "cromwell"
# What the plain script imports before it does any work (printgen's own are read off a real build:
# build_imports below).
PLAIN_IMPORTS = "import json, reportlab.pdfgen.canvas, reportlab.pdfbase.ttfonts, printgen.art.emblems"


# --- preparing the inputs (never timed) --------------------------------------------------------

def card_data(deck_ref: str | Path) -> dict:
    """The deck as plain JSON for the baseline script, read through printgen's own loader."""
    from printgen.files.paths import FONTS_DIR
    from printgen.model.load import load_deck

    deck = load_deck(deck_ref)
    cards = []
    for card in deck.cards:
        v = card.values
        house = v.get("house")
        cards.append({
            "name": card.name,
            "title": v.get("title") or card.name,
            "house": house.name if house else None,
            "house_colour": house.colour if house else None,
            "emblem": v.get("emblem") or (house.emblem if house else None),
            "reign": str(v["reign"]),
            "caption": v.get("caption") or "",
            "picture": str(v["picture"]) if v.get("picture") else None,
            "in_play": bool(v.get("in_play", True)),
            "note": v.get("note") or "",
        })
    houses = [{"name": g.name, "colour": g.colour} for g in deck.groups["houses"]]
    return {"title": deck.title, "font_dir": str(FONTS_DIR / "caladea"), "houses": houses, "cards": cards}


def sized_deck(workdir: Path, count: int) -> Path:
    """A copy of the Cromwell deck with `count` cards: its own cards over and over, each repeat
    named apart ("William I (2)"), so that the cost per card can be read off decks of growing size
    with the same designs repeated (as a real large deck repeats its suits and houses)."""
    import yaml

    source = REPO / "decks" / DECK
    folder = workdir / f"cards-{count}" / DECK
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(source, folder)
    data = yaml.safe_load((source / "deck.yaml").read_text(encoding="utf-8"))
    base = data["cards"]
    cards = []
    for i in range(count):
        card = dict(base[i % len(base)])
        if i >= len(base):
            card["name"] = f"{card['name']} ({i // len(base) + 1})"
        cards.append(card)
    data["cards"] = cards
    (folder / "deck.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return folder


def make_picture(path: Path, seed: int, grain: bool = False) -> None:
    """A 600 x 800 px RGB picture: two-colour gradient with a few soft shapes, different per seed.

    Smooth pictures compress to about 90 KB each in the PDF. With grain (--photos) they compress
    about as badly as photographs (about 1 MB each), which is what drives peak memory.
    """
    from PIL import Image, ImageDraw, ImageFilter

    w, h = 600, 800
    gradient = Image.linear_gradient("L").resize((w, h)).rotate(seed * 37 % 360, expand=False, fillcolor=128)
    top = ((seed * 53) % 256, (seed * 97 + 60) % 256, (seed * 31 + 120) % 256)
    bottom = ((seed * 71 + 200) % 256, (seed * 13 + 30) % 256, (seed * 89 + 90) % 256)
    image = Image.composite(Image.new("RGB", (w, h), top), Image.new("RGB", (w, h), bottom), gradient)
    draw = ImageDraw.Draw(image)
    for k in range(6):
        cx, cy = (seed * 131 + k * 211) % w, (seed * 173 + k * 157) % h
        r = 40 + (seed * 7 + k * 29) % 120
        colour = ((seed * 19 + k * 50) % 256, (seed * 43 + k * 90) % 256, (seed * 67 + k * 20) % 256)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    image = image.filter(ImageFilter.GaussianBlur(3))
    if grain:
        image = Image.blend(image, Image.effect_noise((w, h), 60).convert("RGB"), 0.25)
    image.save(path, optimize=False)


def make_camera_photo(path: Path, seed: int) -> None:
    """A 4000 x 3000 px JPEG (quality 92) with the grain of a phone photo: the picture of
    make_picture, enlarged, with noise over it, so it compresses about as badly as a real one."""
    from PIL import Image

    small = path.with_suffix(".small.png")
    make_picture(small, seed)
    with Image.open(small) as image:
        big = image.rotate(90, expand=True).resize((4000, 3000), Image.BICUBIC)
    small.unlink()
    big = Image.blend(big, Image.effect_noise((4000, 3000), 80).convert("RGB"), 0.3)
    big.save(path, quality=92)


def pictures_deck(workdir: Path, grain: bool = False, camera: bool = False) -> Path:
    """decks/cromwell copied into workdir, with `picture: art/<id>.png` (or .jpg) on every card."""
    import yaml

    from printgen.model.load import load_deck

    folder = workdir / "decks" / f"{DECK}-pictures"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(REPO / "decks" / DECK, folder)
    (folder / "art").mkdir()
    deck_file = folder / "deck.yaml"
    data = yaml.safe_load(deck_file.read_text(encoding="utf-8"))
    ids = [card.id for card in load_deck(folder).cards]
    for seed, (raw, card_id) in enumerate(zip(data["cards"], ids), start=1):
        if camera:
            make_camera_photo(folder / "art" / f"{card_id}.jpg", seed)
            raw["picture"] = f"art/{card_id}.jpg"
        else:
            make_picture(folder / "art" / f"{card_id}.png", seed, grain)
            raw["picture"] = f"art/{card_id}.png"
    deck_file.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    if not all(card.values.get("picture") for card in load_deck(folder).cards):
        raise SystemExit("bench: the pictures deck did not load with a picture on every card")
    return folder


# --- measuring -----------------------------------------------------------------------------------

# The child is started by a small launcher process rather than by this one. On Linux a child's
# ru_maxrss also counts the memory of the process it was forked from, up to its exec, so
# forking straight from the bench (about 50 MiB once Pillow and printgen are imported) would
# report at least that for every command. The launcher runs with `python -S`, holds about 8 MiB,
# times the child itself with posix_spawn and wait4, and prints "seconds maxrss status".
LAUNCHER = """
import os, sys, time
cmd = sys.argv[1:]
files = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0), (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)]
start = time.perf_counter()
pid = os.posix_spawn(cmd[0], cmd, os.environ, file_actions=files)
_, status, usage = os.wait4(pid, 0)
elapsed = time.perf_counter() - start
print(elapsed, usage.ru_maxrss, os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime)
"""


CHILD_ENV: dict[str, str] | None = None   # None: the children inherit this environment unchanged


def child_env(workdir: Path) -> dict[str, str]:
    """The environment of a normal installation: bytecode is cached, but under workdir, not in the repo."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(workdir / "pycache")
    env.setdefault("PRINTGEN_CACHE_DIR", str(workdir / "cache"))   # prepared pictures (warm after the first run)
    return env


def run_once(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float, float]:
    """Wall seconds, peak RSS (MiB) and processor seconds (user + system) of one child process,
    from its start to its exit. Processor time is the steadier figure on a shared machine: waiting
    for a core does not count in it. `env`: the child's environment (default CHILD_ENV)."""
    with tempfile.TemporaryFile() as err:
        launcher = subprocess.run([sys.executable, "-S", "-c", LAUNCHER, *cmd], cwd=REPO, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=err, env=CHILD_ENV if env is None else env,
                                  check=False)
        fields = launcher.stdout.split()
        if launcher.returncode != 0 or len(fields) != 4 or fields[2] != b"0":
            err.seek(0)
            message = err.read().decode("utf-8", "replace")
            raise SystemExit(f"bench: command failed: {' '.join(cmd)}\n{message}")
    elapsed, maxrss = float(fields[0]), int(fields[1])
    # ru_maxrss is in KiB on Linux, in bytes on macOS.
    kib = maxrss / 1024 if sys.platform == "darwin" else maxrss
    return elapsed, kib / 1024, float(fields[3])


def run_cold(cmd: list[str], scratch: Path) -> tuple[float, float, float]:
    """run_once with printgen's caches in a new, empty folder (a first build), removed afterwards."""
    scratch.mkdir(parents=True, exist_ok=True)
    empty = Path(tempfile.mkdtemp(prefix="cache-", dir=scratch))
    env = dict(os.environ if CHILD_ENV is None else CHILD_ENV)
    env["PRINTGEN_CACHE_DIR"] = str(empty)
    try:
        return run_once(cmd, env)
    finally:
        shutil.rmtree(empty, ignore_errors=True)


def measure(commands: dict[str, list[str]], runs: int, label: str, cold: Path | None = None) -> dict[str, dict]:
    """Each command once unmeasured, then `runs` rounds of every command in turn. The command
    named "cold" (if any) runs with an empty cache folder under `cold` every time."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    peaks: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}

    def run(name: str, cmd: list[str]) -> tuple[float, float, float]:
        return run_cold(cmd, cold) if name == "cold" and cold is not None else run_once(cmd)

    for name, cmd in commands.items():
        run(name, cmd)
    progress = sys.stderr.isatty()
    for i in range(runs):
        if progress:
            print(f"\r  {label}: run {i + 1}/{runs}", end="", file=sys.stderr, flush=True)
        for name, cmd in commands.items():
            seconds, mib, processor = run(name, cmd)
            times[name].append(seconds)
            peaks[name].append(mib)
            cpu[name].append(processor)
    if progress:
        print("\r" + " " * 60 + "\r", end="", file=sys.stderr, flush=True)
    return {name: {"command": commands[name], "seconds": times[name], "median_s": statistics.median(times[name]),
                   "min_s": min(times[name]), "max_s": max(times[name]), "peak_mib": max(peaks[name]),
                   "cpu_s": cpu[name], "median_cpu_s": statistics.median(cpu[name]),
                   "median_peak_mib": statistics.median(peaks[name])}
            for name in commands}


def reference_code(ref: str, workdir: Path) -> Path:
    """REF's printgen/ and layouts/ unpacked under workdir (once per bench run)."""
    import tarfile
    from io import BytesIO

    into = workdir / "against" / re.sub(r"[^A-Za-z0-9._-]", "_", ref)
    if not (into / "printgen").is_dir():
        data = subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", ref, "printgen", "layouts"],
                              check=True, capture_output=True).stdout
        with tarfile.open(fileobj=BytesIO(data)) as tar:
            tar.extractall(into, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    return into


# --- report --------------------------------------------------------------------------------------

def versions() -> dict[str, str]:
    import reportlab

    info = {"python": f"{platform.python_implementation()} {platform.python_version()}",
            "reportlab": reportlab.Version, "platform": platform.platform(), "cpus": str(os.cpu_count())}
    try:
        import PIL

        info["pillow"] = PIL.__version__
    except ImportError:  # pragma: no cover - Pillow is a printgen dependency
        pass
    return info


def main() -> None:
    args, workdir = _arguments()
    global CHILD_ENV
    CHILD_ENV = None if args.env_as_is else child_env(workdir)
    info = _print_setting(args, workdir)
    results, outputs = _measure_workloads(args, workdir)
    startup = _measure_startup(args, workdir)
    summary = print_workloads(results, outputs)
    print_growth(summary)
    print_startup(startup, results, summary)
    if args.json:
        aims = {"issue 30": {"cards_ratio": AIM_CARDS_RATIO, "at_cards": AIM_CARDS_AT,
                             "pdf_per_card_ratio": AIM_CARDS_PDF, "peak_mib": AIM_CARDS_MIB},
                "first bench (shipped and pictures)": {"time_ratio": EARLY_RATIO, "peak_mib": EARLY_MIB}}
        payload = {"versions": info, "runs": args.runs, "aims": aims,
                   "workloads": results, "summary": summary, "startup": startup}
        Path(args.json).write_text(json.dumps(payload, indent=2, default=str) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")


def _arguments() -> tuple[argparse.Namespace, Path]:
    """The command line, checked, and the scratch folder (made, and outside the repository)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="measured runs of each command (default 7, at least 5)")
    parser.add_argument("--json", metavar="FILE", help="also write every figure to FILE as JSON (default: none)")
    parser.add_argument("--workdir", default=str(Path(tempfile.gettempdir()) / "bench"),
                        help="scratch folder for decks, pictures and PDFs (default: /tmp/bench)")
    parser.add_argument("--env-as-is", action="store_true",
                        help="run the children in this environment unchanged (by default their bytecode is cached "
                             "under WORKDIR/pycache, as in a normal installation, even if PYTHONDONTWRITEBYTECODE is "
                             "set)")
    parser.add_argument("--cards", default="", metavar="N,N,...",
                        help="also time decks of N cards made from Cromwell's own (e.g. 43,430,2150): the cost per "
                             "card, and whether printgen's ratio to the plain script grows with the deck")
    parser.add_argument("--only-cards", action="store_true",
                        help="time only the --cards decks (not the shipped deck and the pictures deck)")
    parser.add_argument("--cold", action="store_true",
                        help="also time printgen's first build in the same rounds: every run with an empty cache "
                             "folder (PRINTGEN_CACHE_DIR), so it reads the YAML and checks it with pydantic; its "
                             "peak is printed beside the second build's (by default every measured build is a "
                             "second build: the unmeasured run fills the cache of checked decks)")
    parser.add_argument("--against", metavar="REF",
                        help="also time REF's printgen (its printgen/ and layouts/ from git) in the same rounds, "
                             "so a change is measured before and after against the same floor")
    parser.add_argument("--photos", action="store_true",
                        help="give the pictures photo-like grain, so they compress poorly (memory grows with the PDF)")
    parser.add_argument("--camera", action="store_true",
                        help="give every card a 4000 x 3000 px JPEG like a phone photo (printgen shrinks them to "
                             "300 dpi in their box; the plain script embeds them whole)")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs must be at least 5 so that the median means something")
    try:
        args.card_counts = [int(n) for n in args.cards.split(",") if n.strip()]
    except ValueError:
        parser.error("--cards takes whole numbers separated by commas, e.g. 43,430,2150")
    if any(n < 1 or n > 20_000 for n in args.card_counts):
        parser.error("each --cards count must be 1 to 20,000")
    if args.only_cards and not args.card_counts:
        parser.error("--only-cards needs --cards")
    workdir = Path(args.workdir).resolve()
    if workdir == REPO or REPO in workdir.parents:
        parser.error("--workdir must be outside the repository")
    workdir.mkdir(parents=True, exist_ok=True)
    return args, workdir


def _print_setting(args: argparse.Namespace, workdir: Path) -> dict:
    """The versions and settings the figures were measured with (returned for the JSON)."""
    info = versions()
    print(f"Python {info['python']} | ReportLab {info['reportlab']} | Pillow {info.get('pillow', '?')} | "
          f"{info['platform']} | {info['cpus']} CPUs")
    import importlib.util

    accel = "with" if importlib.util.find_spec("_rl_accel") else "WITHOUT"
    cache = "environment as is" if args.env_as_is else f"bytecode cached in {workdir / 'pycache'}"
    print(f"ReportLab {accel} its C accelerator (_rl_accel) | {cache}")
    print(f"{args.runs} measured runs per command, after one warm-up run each; commands interleaved\n")
    return info


def _measure_workloads(args: argparse.Namespace, workdir: Path) -> tuple[dict[str, dict], dict[str, dict[str, Path]]]:
    """Each workload built by printgen and by the plain script, timed; and where each PDF is."""
    # Inputs are prepared before any timing.
    py = sys.executable
    picture_load = "camera" if args.camera else "photos" if args.photos else "pictures"
    workloads = {} if args.only_cards else {"shipped": DECK,
                                            picture_load: str(pictures_deck(workdir, args.photos, args.camera))}
    for count in args.card_counts:
        workloads[f"cards-{count}"] = str(sized_deck(workdir, count))
    results: dict[str, dict] = {}
    outputs: dict[str, dict[str, Path]] = {}
    for workload, ref in workloads.items():
        data_file = workdir / f"{workload}-data.json"
        data_file.write_text(json.dumps(card_data(ref), ensure_ascii=False, indent=1), encoding="utf-8")
        out = workdir / "out" / workload
        plain_pdf = out / "plain" / "cards.pdf"
        plain_pdf.parent.mkdir(parents=True, exist_ok=True)
        key = Path(ref).name
        outputs[workload] = {"printgen": out / "printgen" / key / f"{key}-cards.pdf", "plain": plain_pdf}
        commands = {
            # The cards only: the plain script draws the cards, so this compares like with like.
            "printgen": [py, "-m", "printgen", "build", ref, "--only", "cards", "--out",
                         str(out / "printgen"), "--quiet"],
            "plain": [py, str(PLAIN), str(data_file), str(plain_pdf)],
        }
        if args.against:
            # REF's code first on the path (-m would put this checkout, the working folder, first)
            start = f"import sys; sys.path.insert(0, {str(reference_code(args.against, workdir))!r}); " \
                    "sys.argv[0] = 'printgen'; from printgen.commands.cli import main; main()"
            commands[args.against] = [py, "-c", start, "build", ref, "--only", "cards", "--out",
                                      str(out / "against"), "--quiet"]
            outputs[workload][args.against] = out / "against" / key / f"{key}-cards.pdf"
        if args.cold:                   # a first build: its cache folder new and empty in every run
            commands["cold"] = [py, "-m", "printgen", "build", ref, "--only", "cards", "--out", str(out / "cold"),
                                "--quiet"]
            outputs[workload]["cold"] = out / "cold" / key / f"{key}-cards.pdf"
        results[workload] = measure(commands, args.runs, workload, cold=workdir / "cold-caches" if args.cold else None)

    return results, outputs


def build_imports(workdir: Path) -> str:
    """The modules a cards-only build of the shipped deck really imports, as one import statement,
    read off `python -X importtime` of such a build (its checked deck in the cache after the
    warm-up run, as for a user's second build): what is imported lazily and never needed is not
    counted, and what a change starts importing is."""
    py = sys.executable

    def top_level(command: list[str]) -> list[str]:
        run = subprocess.run([py, "-X", "importtime", *command], capture_output=True, text=True, env=CHILD_ENV,
                             cwd=REPO, check=True)
        return [m.group(1) for m in re.finditer(r"^import time:\s+\d+ \|\s+\d+ \| (\S+)$", run.stderr, re.M)]

    build = ["-m", "printgen", "build", DECK, "--only", "cards", "--out", str(workdir / "out" / "imports"), "--quiet"]
    top_level(build)                                  # the warm-up: the checked deck is cached
    at_start = set(top_level(["-c", "pass"]))         # what Python itself imports (site, encodings)
    # runpy starts `-m`; a codec ReportLab registers (encodings.pdfdoc) is found by its search
    # function, not imported as a module: neither can be named in an import statement
    names = [name for name in top_level(build) if name not in at_start and name not in ("__main__", "runpy")
             and not name.startswith("encodings.")]
    return "import " + ", ".join(dict.fromkeys(names))


def _measure_startup(args: argparse.Namespace, workdir: Path) -> dict:
    """What starting up costs: Python, ReportLab, printgen's imports, a whole build."""
    py = sys.executable
    imports = build_imports(workdir)
    print(f"imports of a cards-only build, read off `python -X importtime`: {imports}\n")
    return measure({
        "python -c pass": [py, "-c", "pass"],
        "import reportlab.pdfgen.canvas": [py, "-c", "import reportlab.pdfgen.canvas"],
        "python -m printgen --help": [py, "-m", "printgen", "--help"],
        "imports of printgen build": [py, "-c", imports],
        "imports of the plain script": [py, "-c", PLAIN_IMPORTS],
        # Everything a user gets: cards, rule sheet, score sheet and mat (no baseline to compare).
        "printgen build (all parts)": [py, "-m", "printgen", "build", DECK, "--out", str(workdir / "out" / "all"),
                                       "--quiet"],
    }, args.runs, "start-up")


if __name__ == "__main__":
    main()
