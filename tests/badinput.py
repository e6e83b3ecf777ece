"""The harness for the bad-input corpus: one call per case, the same checks every time.

A case starts from a good build of a scratch deck, breaks one thing, runs the real command in a
separate process with a memory ceiling and a time limit, and checks what a user is promised:
exit status 2, one message naming the file and line (and card and field when given), no
traceback, the time and memory bounds kept, and every earlier output byte-identical with no
temporary file left behind.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from cli_runner import CommandTimeout, run_printgen
from conftest import DECKS, ROOT

from printgen.files.errors import UserError

# What a bad input may cost before we call it a hang or a blow-up. A real deck builds in a few
# seconds and well under 300 MiB; these leave room for a slow CI machine.
TIME_LIMIT_S = 60.0
MEMORY_LIMIT_MIB = 1500


@dataclass
class Outcome:
    code: int
    out: str
    err: str
    seconds: float
    peak_mib: float


def run_limited(args: Iterable[str], cwd: Path, *, time_limit: float = TIME_LIMIT_S,
                memory_mib: int = MEMORY_LIMIT_MIB, stdin: bytes | None = None, fresh: bool = False) -> Outcome:
    """`python -m printgen ARGS` under an address-space ceiling; its wall time and peak RSS."""
    limit = memory_mib * 1024 * 1024 * 3   # address space is larger than RSS (libraries, arenas)
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")
    try:
        done = run_printgen(args, cwd, env=env, stdin=stdin, time_limit=time_limit, memory_bytes=limit, fresh=fresh)
    except CommandTimeout as stop:
        raise AssertionError(f"printgen {' '.join(map(str, args))} ran past {time_limit:g} s: a hang\n"
                             f"{stop.err[-2000:]}") from None
    return Outcome(done.code, done.out, done.err, done.seconds, done.peak_mib)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (names relative to it) with its bytes."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@dataclass
class Workspace:
    """A scratch copy of a shipped deck with a good build of it in `out`."""

    root: Path
    deck: Path
    out: Path
    before: dict[str, bytes]

    def edit(self, relative: str, transform: Callable[[str], str]) -> Path:
        """Rewrite a text file of the deck (relative to the deck folder); returns its path."""
        path = self.deck / relative
        path.write_text(transform(path.read_text(encoding="utf-8")), encoding="utf-8")
        return path

    def write_bytes(self, relative: str, data: bytes) -> Path:
        path = self.deck / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return path

    def line_of(self, relative: str, needle: str) -> int:
        """1-based line of the first line of a deck file containing `needle`."""
        text = (self.deck / relative).read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), start=1):
            if needle in line:
                return number
        raise AssertionError(f"{needle!r} is not in {relative}")

    def build(self, *extra: str, **limits) -> Outcome:
        """Build the deck into the workspace's output folder."""
        return run_limited(["build", self.deck.name, "--out", str(self.out), "--quiet", *extra], self.root, **limits)


SHARED_SCRATCH = "PRINTGEN_TESTS_SHARED"     # a folder every worker of one run sees (tests/conftest.py)
_GOOD_BUILDS: dict[tuple[str, str | None], Path] = {}


def good_build(deck: str = "cromwell", only: str | None = None) -> Path:
    """The output folder of a good build of a shipped deck, made once per test process.

    Each case gets a copy (with its files' times kept), so the suite does not rebuild the same
    untouched deck before every case; the build is location-independent, so a copy is what the
    case's own good build would have written.
    """
    key = (deck, only)
    if key not in _GOOD_BUILDS:
        shared = _shared_build(deck, only)
        if shared is not None:
            _GOOD_BUILDS[key] = shared
            return shared
        scratch = Path(tempfile.mkdtemp(prefix="printgen-good-"))
        atexit.register(shutil.rmtree, scratch, True)
        _GOOD_BUILDS[key] = _build_into(scratch, deck, only)
    return _GOOD_BUILDS[key]


def _build_into(scratch: Path, deck: str, only: str | None) -> Path:
    if deck == SHIPPED_ALL:
        good = run_limited(["build", *SHIPPED, "--out", str(scratch / "out"), "--quiet"], scratch)
    else:
        shutil.copytree(DECKS / deck, scratch / deck)
        extra = ("--only", only) if only else ()
        good = run_limited(["build", deck, "--out", str(scratch / "out"), "--quiet", *extra], scratch)
    assert good.code == 0, good.err
    return scratch / "out"


SHIPPED = tuple(sorted(p.parent.name for p in DECKS.glob("*/deck.yaml")))
SHIPPED_ALL = "every-shipped-deck"


def shipped_build() -> Path:
    """Every shipped deck built whole (cards, rule sheets, score sheets, boards) on the default
    paper, once per run and shared by the modules that only read it: the rule-sheet, clarification
    and player-page checks used to build the same decks, or parts of them, three times over.
    Read it, never write in it."""
    return good_build(SHIPPED_ALL)


def _shared_build(deck: str, only: str | None) -> Path | None:
    """The good build made by whichever worker of this run asked first (pytest-xdist runs the
    suite in several processes; each used to build the same untouched decks again). The first
    builds it under a lock in a folder named for the run; the others wait and copy from it. None
    outside a run of workers."""
    import fcntl

    shared = os.environ.get(SHARED_SCRATCH)
    if not shared:
        return None
    folder = Path(shared) / "good-builds"          # pytest removes it with the run's folder
    folder.mkdir(exist_ok=True)
    name = f"{deck}-{only or 'all'}"
    done = folder / name / "out"
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            staging = Path(tempfile.mkdtemp(prefix=f"{name}-", dir=folder))
            _build_into(staging, deck, only)
            staging.rename(folder / name)
    return done


def workspace(tmp_path: Path, deck: str = "cromwell", *, build_first: bool = True,
              only: str | None = None) -> Workspace:
    """Copy a shipped deck to tmp_path/<deck> with a good build of it, so later damage can be seen."""
    target = tmp_path / deck
    shutil.copytree(DECKS / deck, target)
    out = tmp_path / "out"
    ws = Workspace(tmp_path, target, out, {})
    if build_first:
        shutil.copytree(good_build(deck, only), out)
        ws.before = snapshot(out)
        assert ws.before, "the good build wrote nothing"
    return ws


def assert_refused(outcome: Outcome, ws: Workspace | None = None, *, file: str | None = None,
                   line: int | None = None, says: Iterable[str] = (), card: str | None = None,
                   field: str | None = None, time_limit: float = TIME_LIMIT_S,
                   memory_mib: int = MEMORY_LIMIT_MIB) -> None:
    """What every refused input must give the user."""
    err = outcome.err
    assert outcome.code == 2, f"exit {outcome.code}, expected 2\nstdout: {outcome.out[-1500:]}\nstderr: {err[-3000:]}"
    assert "Traceback" not in err and "Traceback" not in outcome.out, err[-3000:]
    assert "please report" not in err.lower(), f"an unexpected error reached the last-resort handler:\n{err}"
    assert err.lstrip().startswith("error:"), err[-2000:]
    if file is not None:
        assert file in err, f"the message does not name {file!r}:\n{err}"
    if line is not None:
        assert f"line {line}" in err, f"the message does not say line {line}:\n{err}"
    if card is not None:
        assert f"card '{card}'" in err, f"the message does not name card {card!r}:\n{err}"
    if field is not None:
        assert f"field '{field}'" in err, f"the message does not name field {field!r}:\n{err}"
    for words in says:
        assert words.lower() in err.lower(), f"the message does not say {words!r}:\n{err}"
    assert outcome.seconds < time_limit, f"took {outcome.seconds:.1f} s"
    assert outcome.peak_mib < memory_mib, f"peak memory {outcome.peak_mib:.0f} MiB"
    if ws is not None and ws.before:
        after = snapshot(ws.out)
        changed = sorted(set(after) ^ set(ws.before)) or [k for k in after if after[k] != ws.before.get(k)]
        assert after == ws.before, f"earlier output changed: {changed}"


# --- cases that share one workspace, and cases checked in this process -----------------------------

def restored(shared: Workspace) -> Iterator[Workspace]:
    """The shared workspace for one case (a fixture yields from this); every file the case edits
    or adds outside the output is put back afterwards, and folders it made are removed."""
    saved = {p: p.read_bytes() for p in shared.root.rglob("*") if p.is_file() and shared.out not in p.parents}
    yield shared
    for path in sorted(shared.root.rglob("*"), reverse=True):
        if shared.out in path.parents or path == shared.out:
            continue
        if path.is_file() and path not in saved:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()) and not any(p.is_relative_to(path) for p in saved):
            path.rmdir()
    for path, data in saved.items():
        path.write_bytes(data)


def refused_here(call: Callable[[], object], **expected) -> str:
    """The harness's checks on a UserError raised in this process (the same message the command
    prints after 'error: '): most variants are checked this way, one per kind end to end."""
    with pytest.raises(UserError) as caught:
        call()
    err = f"error: {caught.value}"
    assert_refused(Outcome(2, "", err, 0.0, 0.0), **expected)
    return err


def loader(ws: Workspace) -> Callable[[], object]:
    """Loading the workspace's deck, as a call for refused_here."""
    from printgen.model.load import load_deck

    return lambda: load_deck(str(ws.deck))


def replace_line(ws: Workspace, relative: str, needle: str, new: str) -> int:
    """Replace the first line holding `needle` by `new`; returns its line number."""
    line = ws.line_of(relative, needle)
    ws.edit(relative, lambda text: "\n".join(new if n == line else t
                                             for n, t in enumerate(text.splitlines(), 1)) + "\n")
    return line


def set_caption(ws: Workspace, card: str, caption: str) -> int:
    """Set a card's caption in deck.yaml (double-quoted, so escapes are read); returns its line."""
    lines = (ws.deck / "deck.yaml").read_text(encoding="utf-8").splitlines()
    start = lines.index(f"  - name: {card}")
    line = next(n for n, t in enumerate(lines[start:], start + 1) if t.lstrip().startswith("caption:"))
    ws.edit("deck.yaml", lambda text: "\n".join(f'    caption: "{caption}"' if n == line else t
                                                 for n, t in enumerate(text.splitlines(), 1)) + "\n")
    return line
