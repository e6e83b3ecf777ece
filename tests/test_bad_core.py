"""Bad input to the command line, layouts and output publishing (issue 9).

Each case must end the way a user is promised: exit status 2, one message naming the option or
the file and line, no traceback, and every earlier output byte-identical with no temporary file
left. Output faults are made real where root cannot bypass them (a folder where the second file
goes, a file-size limit) and simulated in-process where they cannot be made real (a full disk, a
PDF held open by another program, an original that cannot be put back).
"""

from __future__ import annotations

import errno
import os
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from badinput import Workspace, assert_refused, refused_here, run_limited, snapshot, workspace
from conftest import ROOT


@pytest.fixture(scope="module")
def ws(tmp_path_factory) -> Workspace:
    """One good Cromwell build shared by the cases that leave the deck as they found it."""
    return workspace(tmp_path_factory.mktemp("core"))


@pytest.fixture
def deck_ws(ws: Workspace):
    """The shared workspace; deck files a case edits or adds are put back afterwards."""
    saved = {p: p.read_bytes() for p in ws.root.rglob("*") if p.is_file() and ws.out not in p.parents}
    yield ws
    for path in list(ws.root.rglob("*")):
        if (path.is_symlink() or path.is_file()) and ws.out not in path.parents and path not in saved:
            path.unlink()
    for path, data in saved.items():
        path.write_bytes(data)


def _use_layout(ws: Workspace, name: str) -> int:
    """Point deck.yaml's `layout:` at `name`; returns the line it is on."""
    line = ws.line_of("deck.yaml", "layout:")
    ws.edit("deck.yaml", lambda text: "\n".join(f"layout: {name}" if n == line else t
                                                 for n, t in enumerate(text.splitlines(), 1)) + "\n")
    return line


def _layout(ws: Workspace, name: str, text: str) -> str:
    ws.write_bytes(f"{name}.yaml", text.encode())
    return f"{ws.deck.name}/{name}.yaml"


def _leftovers(folder: Path) -> list[str]:
    """Temporary or backup files publishing might have left."""
    return [p.name for p in folder.rglob("*") if p.name.startswith(".") or p.suffix in (".tmp", ".old")]


# --- 1. the last resort, usage errors, interruptions ------------------------------------------------

def test_an_internal_error_is_a_short_report_with_the_traceback_only_on_request(monkeypatch, capsys, tmp_path):
    from printgen.commands import cli
    from printgen.draw import build

    def broken(*args, **kwargs):
        raise ZeroDivisionError("forced for the test")

    monkeypatch.setattr(build, "build_deck", broken)
    monkeypatch.delenv("PRINTGEN_DEBUG", raising=False)
    args = ["build", "cromwell", "--out", str(tmp_path), "-q"]
    assert cli.run(args) == 3
    err = capsys.readouterr().err
    assert err.startswith("error:") and "please report" in err and "ZeroDivisionError: forced for the test" in err
    assert "Traceback" not in err and "--debug" in err
    assert cli.run(["--debug", *args]) == 3
    err = capsys.readouterr().err
    assert "please report" in err and "Traceback" in err and "in broken" in err
    monkeypatch.setenv("PRINTGEN_DEBUG", "1")
    assert cli.run(args) == 3
    assert "Traceback" in capsys.readouterr().err


def test_a_misused_option_is_one_message_not_the_usage_screen(capsys):
    from printgen.commands import cli

    assert cli.run(["build", "--bleed", "lots"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "--bleed" in err and "Usage:" not in err and "printgen build --help" in err


@pytest.mark.parametrize("signum, code, word", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "stopped")])
def test_ctrl_c_and_sigterm_stop_cleanly(tmp_path, signum, code, word):
    """Stopped while drawing the second or third of three decks: since several decks are written
    in one step at the end, nothing is written at all and the earlier output stays as it was."""
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=str(ROOT))

    def earlier_output() -> dict:
        shutil.rmtree(out, ignore_errors=True)
        earlier = subprocess.run([sys.executable, "-m", "printgen", "build", "cromwell", "--out", str(out), "-q",
                                  "--only", "cards"], cwd=tmp_path, env=env, capture_output=True, text=True,
                                 timeout=120)
        assert earlier.returncode == 0, earlier.stderr
        return snapshot(out)

    before = earlier_output()
    # Mid-drawing, whatever the machine's load: once the build has started the processes that draw
    # the decks' parts (printgen/draw/build_pool.py) and used `spent` seconds of processor time in
    # all. Not later: the last moments move the files in with Ctrl-C held back, and a signal held
    # past the end stops nothing. A build that ended before its signal could be sent proves
    # nothing: it is run again, stopped sooner.
    for spent in (0.9, 0.6, 0.3):
        proc = subprocess.Popen([sys.executable, "-m", "printgen", "build", "cromwell", "spanish", "standard",
                                 "--out", str(out), "-q", "--bleed", "2"], cwd=tmp_path, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                preexec_fn=_as_from_a_terminal)
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline and \
                not (_children(proc.pid) and _cpu_seconds(proc.pid) >= spent):
            time.sleep(0.01)
        ended = proc.poll() is not None
        if not ended:
            proc.send_signal(signum)
        _, err = proc.communicate(timeout=60)
        if not ended:
            break
        assert proc.returncode == 0, err
        before = earlier_output()
    assert not ended, "every build ended before it could be stopped"
    assert proc.returncode == code, (proc.returncode, err)
    assert word in err and "Traceback" not in err
    assert not _leftovers(tmp_path)
    assert snapshot(out) == before            # nothing of the three decks was written


def _as_from_a_terminal() -> None:
    """Ctrl-C's default, as a shell gives a command: a process started with SIGINT ignored (as
    pytest-xdist's workers, or a profiler, may start it) keeps ignoring it, and Python then
    installs no KeyboardInterrupt, so the build would run on to its end."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _children(pid: int) -> list[int]:
    """The processes `pid` has started and that are still running (Linux /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time a running process and the processes it started have used (Linux
    /proc): a build of several decks draws them in child processes (printgen/draw/build_pool.py)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    # utime and stime, and cutime and cstime: its children already waited for (a pool's workers that
    # finished their parts), whose time would otherwise drop out of the sum once they exit
    own = sum(int(fields[n]) for n in (11, 12, 13, 14)) / os.sysconf("SC_CLK_TCK")
    return own + sum(_cpu_seconds(child) for child in _children(pid))


# --- 2. numbers: options and layouts ----------------------------------------------------------------

@pytest.mark.parametrize("args, says", [
    (["--bleed", "nan"], ["--bleed nan", "zero or more"]),
    (["--bleed", "inf"], ["--bleed inf"]),
    (["--bleed", "-1"], ["--bleed -1", "zero or more"]),
    (["--bleed", "80"], ["impossible bleed", "--bleed 80", "at most 68.2 mm"]),
    (["--back-offset", "nan,0"], ["--back-offset 'nan,0'", "two numbers"]),
    (["--back-offset", "1e999,0"], ["--back-offset"]),
    (["--back-offset", "500,0"], ["--back-offset 500,0", "off the paper", "X can be from -13.1 to 13.1 mm"]),
    (["--back-offset", "0,-12.6"], ["off the paper", "Y from -12.5 to 12.5 mm"]),
])
def test_bad_numbers_in_options(ws: Workspace, args, says):
    assert_refused(ws.build(*args), ws, says=says)


def test_a_back_offset_off_the_paper_is_refused_by_preview_too(ws: Workspace):
    png = ws.root / "sheet.png"
    outcome = run_limited(["preview", str(ws.deck), "--back", "--back-offset", "-40,0", "-o", str(png)], ws.root)
    assert_refused(outcome, says=["off the paper"])
    assert not png.exists()


@pytest.mark.parametrize("text, field, says", [
    ("imposition:\n  bleed: .nan\n", "imposition.bleed", ["'.nan' is not a length"]),
    ("imposition:\n  crop_marks: {length: 5, width: .inf}\n", "imposition.crop_marks.width",
     ["'.inf' is not a length"]),
    ("imposition:\n  crop_marks: {width: 1.0e+308}\n", "imposition.crop_marks.width", ["at most 5000 mm"]),
    ("imposition:\n  crop_marks: {width: 12}\n", "imposition.crop_marks.width", ["at most 5 mm"]),
    ("imposition:\n  margin: -10\n", "imposition.margin", ["zero or more", "-10"]),
    ("imposition:\n  gutter: -3mm\n", "imposition.gutter", ["zero or more"]),
    ("imposition:\n  margin: 100\n", "imposition.margin", ["margins leave no room"]),
    ("imposition:\n  bleed: 80\n", "imposition.bleed", ["impossible bleed", "bleed of 80 mm", "at most 68.2 mm"]),
    ("imposition:\n  safe: 40\n", "imposition.safe", ["safe zone"]),
    ("face:\n  name:\n    width: -5\n", "face.name.width", ["zero or more"]),
    ("face:\n  name:\n    size: .inf\n", "face.name.size", ["should be a number (found '.inf')"]),
    ("face:\n  name:\n    size: 1.0e+300\n", "face.name.size", ["at most 1000 pt"]),
])
def test_bad_numbers_in_a_layout_are_refused_at_their_line(deck_ws: Workspace, text, field, says):
    ws = deck_ws
    name = _layout(ws, "mine", "# my own look\nextends: cromwell\n" + text)
    _use_layout(ws, "mine")
    assert_refused(ws.build(), ws, file=name, line=4 if text.count("\n") == 2 else 5, field=field, says=says)


# --- 3. layout names, extends, fonts ----------------------------------------------------------------

def test_a_misspelt_layout_name(deck_ws: Workspace):
    line = _use_layout(deck_ws, "cromwel")
    assert_refused(deck_ws.build(), deck_ws, file="deck.yaml", line=line, field="layout",
                   says=["no layout called 'cromwel'", "did you mean 'cromwell'?"])


@pytest.mark.parametrize("name", ["../outside", "../../layouts/cromwell", "/tmp/outside", "sub/inner"])
def test_a_layout_named_by_a_path_is_refused(deck_ws: Workspace, name):
    ws = deck_ws
    (ws.root / "outside.yaml").write_text("extends: cromwell\n")     # it exists; still not read
    (ws.deck / "sub").mkdir(exist_ok=True)
    (ws.deck / "sub" / "inner.yaml").write_text("extends: cromwell\n")
    line = _use_layout(ws, name)
    assert_refused(ws.build(), ws, file="deck.yaml", line=line, says=[f"'{name}' is not a layout name", "layouts/"])


def test_a_catalogue_is_not_a_layout(deck_ws: Workspace):
    line = _use_layout(deck_ws, "papers")
    assert_refused(deck_ws.build(), deck_ws, file="deck.yaml", line=line, says=["paper sizes"])


def test_a_layout_extending_itself(deck_ws: Workspace):
    name = _layout(deck_ws, "mine", "description: mine\nextends: mine\n")
    _use_layout(deck_ws, "mine")
    assert_refused(deck_ws.build(), deck_ws, file=name, line=2, field="extends", says=["'mine' extends itself"])


def test_layouts_extending_each_other_in_a_loop(deck_ws: Workspace):
    _layout(deck_ws, "one", "extends: two\n")
    two = _layout(deck_ws, "two", "# the second\n\nextends: one\n")
    _use_layout(deck_ws, "one")
    assert_refused(deck_ws.build(), deck_ws, file=two, line=3, says=["loop: one -> two -> one"])


def test_a_misspelt_extends(deck_ws: Workspace):
    name = _layout(deck_ws, "mine", "extends: cromwel\n")
    _use_layout(deck_ws, "mine")
    assert_refused(deck_ws.build(), deck_ws, file=name, line=1, says=["did you mean 'cromwell'?"])


@pytest.mark.parametrize("font", ["../outside.ttf", "/usr/share/fonts/x.ttf"])
def test_a_font_outside_the_layout_folder_is_refused(deck_ws: Workspace, font):
    ws = deck_ws
    (ws.root / "outside.ttf").write_bytes((ROOT / "printgen/fonts/caladea/Caladea-Regular.ttf").read_bytes())
    name = _layout(ws, "mine", f"extends: cromwell\nfonts:\n  serif: {font}\n")
    _use_layout(ws, "mine")
    assert_refused(ws.build(), ws, file=name, line=3, says=["outside the layout's folder"])


def test_a_font_beside_the_layout_is_used(deck_ws: Workspace):
    ws = deck_ws
    ws.write_bytes("fonts/mine.ttf", (ROOT / "printgen/fonts/caladea/Caladea-Italic.ttf").read_bytes())
    _layout(ws, "mine", "extends: cromwell\nfonts:\n  serif: fonts/mine.ttf\n")
    _use_layout(ws, "mine")
    out = ws.root / "other-out"
    outcome = run_limited(["build", ws.deck.name, "--out", str(out), "-q", "--only", "cards"], ws.root)
    assert outcome.code == 0, outcome.err
    assert b"Caladea-Italic" in (out / "cromwell" / "cromwell-cards.pdf").read_bytes()


# --- 4. output: all or none -------------------------------------------------------------------------

def test_second_output_unwritable_leaves_every_output_as_it_was(tmp_path):
    """The required fault: the second file of the build cannot be replaced (a folder stands at its
    path; root ignores permission bits, not that). The first file must get its original back."""
    ws = workspace(tmp_path, only="cards")       # two files: the cards PDF, then its manifest
    second = ws.out / "cromwell" / "cromwell-cards.json"
    second.unlink()
    second.mkdir()
    (second / "keep.txt").write_text("a teacher's note")
    ws.before = snapshot(ws.out)
    outcome = ws.build("--only", "cards", "--bleed", "2")    # a different PDF: replacing it would show
    assert_refused(outcome, ws, file="cromwell-cards.json", says=["there is a folder with that name",
                                                                  "nothing was written"])
    assert second.is_dir() and not _leftovers(ws.out)


def test_out_is_a_file(ws: Workspace):
    target = ws.out / "cromwell" / "cromwell-rules.pdf"
    outcome = run_limited(["build", ws.deck.name, "--out", str(target), "-q"], ws.root)
    assert_refused(outcome, ws, says=["is a file, not a folder", "--out"])
    outcome = run_limited(["build", ws.deck.name, "--out", str(target / "inner"), "-q"], ws.root)
    assert_refused(outcome, ws, says=["is a file, not a folder"])


def test_a_file_size_limit_leaves_no_temporary_file(ws: Workspace):
    """A disk that fills up half way: the real write fails (RLIMIT_FSIZE makes it EFBIG)."""
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "printgen", "build", ws.deck.name, "--out", str(ws.out), "-q",
                           "--bleed", "2"], cwd=ws.root, env=env, preexec_fn=cap, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("error:") and "Traceback" not in proc.stderr
    assert "larger than this system allows" in proc.stderr and "nothing was written" in proc.stderr
    assert snapshot(ws.out) == ws.before and not _leftovers(ws.out)


@pytest.fixture
def originals(tmp_path) -> dict[Path, bytes]:
    """Three published files and the new contents a second publish would give them."""
    from printgen.files.output import publish

    files = {tmp_path / "out" / f"f{i}.pdf": f"old {i}".encode() for i in range(3)}
    publish(files)
    return files


def _new(files: dict[Path, bytes]) -> dict[Path, bytes]:
    return {path: b"new " + data for path, data in files.items()}


def _unchanged(files: dict[Path, bytes]) -> None:
    folder = next(iter(files)).parent
    assert {p: p.read_bytes() for p in folder.iterdir()} == files


def test_a_replace_failing_half_way_puts_every_original_back(monkeypatch, originals):
    """Like a PDF held open by another program on Windows: the second move is refused."""
    from printgen.files import output

    real, moves = os.replace, []

    def replace(src, dst):
        if str(src).endswith(".tmp"):
            moves.append(dst)
            if len(moves) == 2:
                raise PermissionError(errno.EACCES, "Permission denied", str(dst))
        real(src, dst)

    monkeypatch.setattr(output.os, "replace", replace)
    with pytest.raises(output.PublishError) as caught:
        output.publish(_new(originals))
    assert "f1.pdf" in str(caught.value) and "permission denied" in str(caught.value)
    assert not caught.value.partial
    _unchanged(originals)


def test_a_full_disk_while_staging_leaves_nothing(monkeypatch, originals, tmp_path):
    from printgen.files import output

    real, calls = output._write_all, []

    def write(fd, data):
        calls.append(data)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd, data)

    monkeypatch.setattr(output, "_write_all", write)
    with pytest.raises(output.PublishError) as caught:
        output.publish(_new(originals))
    assert "the disk is full" in str(caught.value)
    _unchanged(originals)
    calls.clear()
    fresh = tmp_path / "new" / "deeper"
    with pytest.raises(output.PublishError):
        output.publish({fresh / "a.pdf": b"a", fresh / "b.pdf": b"b"})
    assert not (tmp_path / "new").exists()        # the folders made for it are gone too


def test_an_interrupt_while_staging_leaves_nothing(monkeypatch, originals):
    from printgen.files import output

    real, calls = output._write_all, []

    def write(fd, data):
        calls.append(data)
        if len(calls) == 3:
            raise KeyboardInterrupt
        real(fd, data)

    monkeypatch.setattr(output, "_write_all", write)
    with pytest.raises(KeyboardInterrupt):
        output.publish(_new(originals))
    _unchanged(originals)


def test_an_original_that_cannot_be_put_back_is_named_with_its_backup(monkeypatch, originals):
    """When even the undo fails, the message must not claim that nothing changed."""
    from printgen.files import output

    real, moves = os.replace, []
    first = next(iter(originals))

    def replace(src, dst):
        if str(src).endswith(".tmp"):
            moves.append(dst)
            if len(moves) == 2:
                raise OSError(errno.EIO, "Input/output error", str(dst))
        elif str(src).endswith(".old") and Path(dst) == first:
            raise OSError(errno.EIO, "Input/output error", str(dst))
        real(src, dst)

    monkeypatch.setattr(output.os, "replace", replace)
    with pytest.raises(output.PublishError) as caught:
        output.publish(_new(originals))
    error = caught.value
    assert error.partial and "could not be put back" in str(error) and first.name in str(error)
    backup = next(p for p in first.parent.iterdir() if p.suffix == ".old")
    assert backup.read_bytes() == originals[first] and backup.name in str(error)


def test_calibrate_refuses_a_name_that_is_not_a_pdf_and_a_folder_in_the_way(tmp_path):
    outcome = run_limited(["calibrate", "-o", str(tmp_path / "sheet.png")], tmp_path)
    assert_refused(outcome, says=["should end in .pdf"])
    (tmp_path / "cal.pdf").mkdir()
    outcome = run_limited(["calibrate", "-o", str(tmp_path / "cal.pdf")], tmp_path)
    assert_refused(outcome, says=["there is a folder with that name"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cal.pdf"]


def test_a_layout_that_is_a_link_to_a_file_elsewhere_is_refused(deck_ws: Workspace):
    ws = deck_ws
    (ws.root / "elsewhere.yaml").write_text("extends: cromwell\n")
    (ws.deck / "mine.yaml").symlink_to(ws.root / "elsewhere.yaml")
    line = _use_layout(ws, "mine")
    assert_refused(ws.build(), ws, file="deck.yaml", line=line, says=["a link to a file outside"])


@pytest.mark.parametrize("where", ["deck", "out"])
def test_a_name_too_long_for_the_system(ws: Workspace, where):
    long = "a" * 5000
    args = ["build", long, "--out", str(ws.out)] if where == "deck" else ["build", ws.deck.name, "--out", long]
    outcome = run_limited([*args, "-q"], ws.root)
    assert_refused(outcome, ws, says=["too long"])
    assert len(outcome.err) < 1000


def test_a_font_that_is_not_truetype(deck_ws: Workspace):
    ws = deck_ws
    ws.write_bytes("fonts/fake.ttf", b"not a font at all\n")
    name = _layout(ws, "mine", "extends: cromwell\nfonts:\n  serif: fonts/fake.ttf\n")
    _use_layout(ws, "mine")
    assert_refused(ws.build(), ws, file=name, line=3, says=["not a font file", "TrueType"])


# --- a layout element off the card ------------------------------------------------------------------

def _look(ws: Workspace, element: str) -> None:
    """A layout 'look' over Cromwell's with one more face element, 'stray', which the deck uses."""
    _layout(ws, "look", f"extends: cromwell\nface:\n  stray:\n{element}")
    _use_layout(ws, "look")


def _loaded_layout(ws: Workspace):
    from printgen.model.layouts import load_layout
    from printgen.model.load import load_deck

    deck = load_deck(str(ws.deck))
    return load_layout(deck.layout, deck)


def test_an_element_wholly_off_the_card_is_an_error(deck_ws: Workspace):
    _look(deck_ws, "    type: text\n    text: hello\n    x: 400\n    y: 10\n    width: 20\n    height: 5\n")
    assert_refused(deck_ws.build("--only", "cards"), deck_ws, file="look.yaml", line=3, field="face.stray",
                   says=["'stray'", "wholly off the card"])


@pytest.mark.parametrize("element", [
    "    type: shape\n    fill: '#FF0000'\n    x: 10\n    y: -30\n    width: 20\n    height: 5\n",
    "    type: symbol\n    symbol: tudor\n    x: 63.5\n    y: 10\n    width: 5\n    height: 5\n",
    "    type: text\n    text: hello\n    x: 10\n    y: 95\n    width: 5\n    height: 30\n    rotation: 90\n",
    "    type: image\n    src: x.png\n    x: -20\n    y: 10\n    width: 15\n    height: 5\n    bleed: true\n",
], ids=["above", "just-past-the-edge", "turned-but-still-off", "bleed-art-left-of-the-card"])
def test_other_elements_wholly_off_the_card(deck_ws: Workspace, element: str):
    _look(deck_ws, element)
    refused_here(lambda: _loaded_layout(deck_ws), file="look.yaml", line=3, field="face.stray",
                 says=["wholly off the card"])


def test_partly_off_is_still_a_warning_and_turning_can_bring_an_element_on(deck_ws: Workspace):
    _look(deck_ws, "    type: text\n    text: hello\n    x: 55\n    y: 40\n    width: 20\n    height: 5\n")
    warnings = [str(w) for w in _loaded_layout(deck_ws).warnings]
    assert any("look.yaml, line 3" in w and "'stray'" in w and "safe zone" in w for w in warnings), warnings
    # a 40 x 4 mm box starting just below the card, turned upright about its centre, reaches onto it
    _look(deck_ws, "    type: shape\n    x: 10\n    y: 89\n    width: 40\n    height: 4\n    rotation: 90\n")
    assert _loaded_layout(deck_ws) is not None


def test_every_shipped_layout_keeps_its_elements_on_the_card():
    from printgen.model.layouts import load_layout
    from printgen.model.load import load_deck, shipped_decks

    for folder in shipped_decks():
        deck = load_deck(str(folder))
        assert load_layout(deck.layout, deck) is not None
