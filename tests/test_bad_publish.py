"""All or none: several decks built as one act, a full disk, and even kill -9 (issue 24, item 8).

Several decks built together are published together: a mistake in a later deck, or a file of it
that cannot be written, leaves every earlier deck's output as it was. A full disk names the file
it stopped at and says the earlier files are unchanged.

A process killed between two of a publish's renames cannot undo anything itself: the set it was
writing is finished or undone by the next printgen that publishes into the same folder, or by
`printgen build` at its start (printgen/files/journal.py). Each case runs a real publish in a
process of its own, paused at a chosen point by the test-only hook PRINTGEN_TEST_PUBLISH_PAUSE,
kills it with SIGKILL, lets a second command recover, and checks that every file of the set is
all old or all new with no staged file, backup or journal left.
"""

from __future__ import annotations

import errno
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from badinput import Workspace, assert_refused, run_limited, snapshot, workspace
from conftest import DECKS, ROOT

DECK = "deck.yaml"

PAUSE = "PRINTGEN_TEST_PUBLISH_PAUSE"

_PUBLISH = """
import json, sys
from pathlib import Path
from printgen.files.output import publish
publish({Path(name): text.encode() for name, text in json.loads(sys.argv[1]).items()})
"""


def _leftovers(folder: Path) -> list[str]:
    """Staged files, backups and journals a publish might leave."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.name.startswith("."))


def _paused(proc: subprocess.Popen, limit: float = 60.0) -> str:
    """Read the process's error output until the hook says it has paused; what it said so far."""
    said, end = b"", time.monotonic() + limit
    while b"paused at" not in said:
        if proc.poll() is not None or time.monotonic() > end:
            rest = proc.stderr.read().decode(errors="replace") if proc.poll() is not None else ""
            raise AssertionError(f"the publish did not pause (exit {proc.poll()}):\n{said.decode()}{rest}")
        ready, _, _ = select.select([proc.stderr], [], [], 0.1)
        if ready:
            said += os.read(proc.stderr.fileno(), 4096)
    return said.decode(errors="replace")


def _kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL


def _start_publish(files: dict[Path, str], pause: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT), **{PAUSE: pause})
    return subprocess.Popen([sys.executable, "-c", _PUBLISH, json.dumps({str(p): t for p, t in files.items()})],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _contents(files) -> dict[Path, str | None]:
    return {p: (p.read_text() if p.is_file() else None) for p in files}


# --- the case: a real build killed between its renames -------------------------------------

def test_a_build_killed_between_its_renames_is_finished_by_the_next_command(tmp_path):
    """The issue's case: a new cards PDF beside the old manifest after a kill between renames.
    The next build (here one refused for a deck that does not exist) finds the journal first,
    finishes the set and says so in one line; then it refuses as usual."""
    ws = workspace(tmp_path, only="cards")               # two files: the cards PDF, then its manifest
    folder = ws.out / "cromwell"
    pdf, manifest = folder / "cromwell-cards.pdf", folder / "cromwell-cards.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT), **{PAUSE: "renamed#1=120"})
    proc = subprocess.Popen([sys.executable, "-m", "printgen", "build", ws.deck.name, "--out", str(ws.out), "-q",
                             "--only", "cards", "--bleed", "2"], cwd=ws.root, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _paused(proc)
        new_pdf = pdf.read_bytes()
        staged = [p for p in folder.iterdir() if p.name.startswith(".cromwell-cards.json.") and p.suffix == ".tmp"]
        assert len(staged) == 1
        new_manifest = staged[0].read_bytes()
    finally:
        _kill(proc)
    # The state the issue found: the new PDF beside the old manifest.
    assert new_pdf != ws.before["cromwell/cromwell-cards.pdf"]
    assert manifest.read_bytes() == ws.before["cromwell/cromwell-cards.json"] != new_manifest
    assert b'"bleed_mm": 2.0' in new_manifest
    outcome = run_limited(["build", "no-such-deck", "--out", str(ws.out), "-q"], ws.root)
    assert outcome.code == 2 and "Traceback" not in outcome.err, outcome.err
    first, second = outcome.err.splitlines()[:2]
    assert first.startswith("note: ") and "cromwell" in first and "new versions are now in place" in first, first
    assert second.startswith("error: ") and "no-such-deck" in second, outcome.err
    assert snapshot(ws.out) == {"cromwell/cromwell-cards.pdf": new_pdf, "cromwell/cromwell-cards.json": new_manifest}
    assert not _leftovers(ws.out) and not _leftovers(ws.deck)


# --- every point of a publish at which a kill may come ------------------------------------------------

# (where the publish is paused and killed, what the set must be after recovery)
STAGES = [
    ("staged#2", "old"),           # killed while staging, before any journal: its staged files are swept
    ("journal#1", "old"),          # only the secondary copy is written: never committed
    ("journal#2", "new"),          # the primary is written: committed, nothing moved yet
    ("renamed#1", "new"),
    ("renamed#2", "new"),
    ("cleaned", "new"),            # every file moved and the backups gone; the journal not yet
    ("primary-removed", "new"),    # only the secondary copy is left
]


@pytest.mark.parametrize("stage, expected", STAGES)
def test_a_publish_killed_at_any_point_leaves_its_set_all_old_or_all_new(tmp_path, stage, expected):
    """A set over two folders (two copies of the journal) plus a file that is new to the folder."""
    from printgen.files.journal import recover_leftovers
    from printgen.files.output import publish

    a, b = tmp_path / "a", tmp_path / "b"
    old = {a / "one.pdf": "old one", a / "two.json": "old two", b / "three.pdf": "old three"}
    publish({p: t.encode() for p, t in old.items()})
    new = {**{p: t.replace("old", "new") for p, t in old.items()}, b / "four.pdf": "new four"}
    proc = _start_publish(new, f"{stage}=120")
    try:
        _paused(proc)
    finally:
        _kill(proc)
    recover_leftovers([tmp_path])
    after = _contents(new)
    wanted = new if expected == "new" else {**old, b / "four.pdf": None}
    assert after == wanted, f"killed at {stage}: {after}"
    assert not _leftovers(tmp_path)


@pytest.mark.parametrize("stage, halfway", [("undoing", {"one.pdf": "new", "two.pdf": "new"}),
                                            ("restored#1", {"one.pdf": "new", "two.pdf": "old two"})])
def test_a_kill_during_the_undo_of_a_failed_publish_is_finished_as_an_undo(tmp_path, stage, halfway):
    """The third target is a folder, so the publish fails and puts the originals back; it is
    killed as it starts to, or after the first. The next publish into the folder finishes the undo
    (all old), not the set, then writes its own file."""
    from printgen.files.output import publish

    a = tmp_path / "a"
    old = {a / "one.pdf": "old one", a / "two.pdf": "old two"}
    publish({p: t.encode() for p, t in old.items()})
    (a / "three.pdf").mkdir()
    proc = _start_publish({**{p: "new" for p in old}, a / "three.pdf": "new three"}, f"{stage}=120")
    try:
        _paused(proc)
        assert _contents(old) == {a / name: text for name, text in halfway.items()}
    finally:
        _kill(proc)
    publish({a / "other.txt": b"another command's file"})
    assert _contents(old) == old and (a / "three.pdf").is_dir()
    assert (a / "other.txt").read_bytes() == b"another command's file"
    assert not _leftovers(tmp_path)


def test_a_damaged_new_file_undoes_the_set_instead_of_finishing_it(tmp_path):
    """A staged file that no longer matches its recorded hash (a disk error, a stray program):
    finishing would publish a broken file, so the originals are put back."""
    from printgen.files.output import publish

    a = tmp_path / "a"
    old = {a / "one.pdf": "old one", a / "two.pdf": "old two"}
    publish({p: t.encode() for p, t in old.items()})
    proc = _start_publish({p: "new " + p.stem for p in old}, "renamed#1=120")
    try:
        _paused(proc)
    finally:
        _kill(proc)
    staged = [p for p in a.iterdir() if p.suffix == ".tmp"]
    assert len(staged) == 1
    staged[0].write_text("new tw")                    # cut short
    publish({a / "other.txt": b"x"})
    assert _contents(old) == old and not _leftovers(tmp_path)


def test_two_publishes_into_one_folder_take_turns(tmp_path):
    """While one process holds the folder (paused between its renames), a second publish waits;
    when the first is killed the second finishes the first's set, then writes its own whole."""
    from printgen.files.output import publish

    a = tmp_path / "a"
    names = [a / "one.pdf", a / "two.pdf"]
    publish({p: b"old" for p in names})
    proc = _start_publish({p: "first" for p in names}, "renamed#1=120")
    done = threading.Event()
    try:
        _paused(proc)
        second = threading.Thread(target=lambda: (publish({p: b"second" for p in names}), done.set()), daemon=True)
        second.start()
        assert not done.wait(0.7), "the second publish did not wait for the first"
        assert _contents(names) == {names[0]: "first", names[1]: "old"}
    finally:
        _kill(proc)
    assert done.wait(30), "the second publish never went on"
    assert _contents(names) == dict.fromkeys(names, "second") and not _leftovers(tmp_path)


# --- the folders build settles at its start ---------------------------------------------------------

def test_build_settles_a_half_saved_deck_folder_before_reading_it(tmp_path):
    """A save into a deck folder (deck.yaml and a rule sheet, as the web editor makes) killed
    between its renames: the next build of that deck finishes it before loading, so it builds the
    saved deck, not half of it."""
    ws = workspace(tmp_path, "cromwell", build_first=False)
    deck, rules = ws.deck / "deck.yaml", ws.deck / "rules" / "cromwell.md"
    text = deck.read_text(encoding="utf-8")
    new_text = text.replace("title: ", "title: Renamed ", 1)
    assert new_text != text
    proc = _start_publish({rules: rules.read_text(encoding="utf-8") + "\nA new line.\n", deck: new_text},
                          "renamed#1=120")
    try:
        _paused(proc)
    finally:
        _kill(proc)
    assert deck.read_text(encoding="utf-8") == text           # not yet renamed: the deck is half saved
    outcome = run_limited(["build", ws.deck.name, "--out", str(ws.out), "-q", "--only", "cards"], ws.root)
    assert outcome.code == 0, outcome.err
    assert outcome.err.startswith("note: ") and "new versions are now in place" in outcome.err, outcome.err
    assert deck.read_text(encoding="utf-8") == new_text and rules.read_text(encoding="utf-8").endswith("A new line.\n")
    assert b'"title": "Renamed ' in (ws.out / "cromwell" / "cromwell-cards.json").read_bytes()
    assert not _leftovers(ws.deck) and not _leftovers(ws.out)


def test_a_journal_that_cannot_be_read_is_refused_by_name(tmp_path):
    ws = workspace(tmp_path, only="cards")
    journal = ws.out / "cromwell" / ".printgen-publish.journal"
    journal.write_text("{not json")
    outcome = run_limited(["build", ws.deck.name, "--out", str(ws.out), "-q", "--only", "cards", "--bleed", "2"],
                          ws.root)
    ws.before[str(journal.relative_to(ws.out))] = b"{not json"
    assert_refused(outcome, ws, file="out/cromwell/.printgen-publish.journal",
                   says=["cannot be read", "nothing was written", "delete that hidden file"])


@pytest.mark.parametrize("command", ["export", "import", "new"])
def test_the_editing_commands_settle_a_half_saved_deck_before_reading_it(tmp_path, command):
    """export, import and new --from read a deck as build does: a save killed between its renames
    is finished first, so they read (and copy) the saved deck, never half of it."""
    ws = workspace(tmp_path, "cromwell", build_first=False)
    deck, rules = ws.deck / "deck.yaml", ws.deck / "rules" / "cromwell.md"
    text = deck.read_text(encoding="utf-8")
    new_text = text.replace("title: ", "title: Renamed ", 1)
    proc = _start_publish({rules: rules.read_text(encoding="utf-8") + "\nA new line.\n", deck: new_text},
                          "renamed#1=120")
    try:
        _paused(proc)
    finally:
        _kill(proc)
    sheet = tmp_path / "cards.csv"
    if command == "import":
        assert run_limited(["export", ws.deck.name, "-o", str(sheet)], ws.root).code == 0   # settles it too
        proc = _start_publish({rules: rules.read_text(encoding="utf-8") + "\nMore.\n", deck: new_text + "\n"},
                              "renamed#1=120")
        try:
            _paused(proc)
        finally:
            _kill(proc)
    args = {"export": ["export", ws.deck.name, "-o", str(sheet)], "import": ["import", ws.deck.name, str(sheet)],
            "new": ["new", "copy", "--from", ws.deck.name]}[command]
    outcome = run_limited(args, ws.root)
    assert outcome.code == 0, outcome.err
    assert outcome.err.startswith("note: ") and "new versions are now in place" in outcome.err, outcome.err
    assert deck.read_text(encoding="utf-8").startswith(new_text)
    if command == "new":
        assert (ws.root / "copy" / "deck.yaml").read_text(encoding="utf-8").startswith(new_text)
        assert (ws.root / "copy" / "rules" / "cromwell.md").read_text(encoding="utf-8").endswith("A new line.\n")
    assert [name for name in _leftovers(ws.deck) if name != ".printgen-imports.json"] == []   # import's own record


# --- several decks built as one: all or none ---------------------------------------------------------

@pytest.fixture(scope="module")
def pair_built(tmp_path_factory) -> Workspace:
    """Two decks (Cromwell and a copy named 'second') built together once."""
    ws = workspace(tmp_path_factory.mktemp("pair"), build_first=False)
    shutil.copytree(DECKS / "cromwell", ws.root / "second")
    good = run_limited(["build", "cromwell", "second", "--out", str(ws.out), "-q", "--only", "cards"], ws.root)
    assert good.code == 0, good.err
    ws.before = snapshot(ws.out)
    assert {"cromwell/cromwell-cards.pdf", "second/second-cards.pdf"} <= set(ws.before)
    return ws


@pytest.fixture
def pair(pair_built: Workspace):
    """The pair with its first outputs put back after each case, so a case that wrongly replaced
    them cannot hide the same fault in the next."""
    yield pair_built
    for path in sorted(pair_built.out.rglob("*"), reverse=True):
        if path.is_file() and str(path.relative_to(pair_built.out)) not in pair_built.before:
            path.unlink()
    for name, data in pair_built.before.items():
        target = pair_built.out / name
        if target.is_dir():
            shutil.rmtree(target)
        target.write_bytes(data)


def _both(ws: Workspace, *extra: str):
    # --bleed 2 changes every PDF: an output replaced before the failure would show.
    return run_limited(["build", "cromwell", "second", "--out", str(ws.out), "-q", "--only", "cards",
                        "--bleed", "2", *extra], ws.root)


def test_a_mistake_in_a_later_deck_leaves_the_earlier_decks_outputs(pair: Workspace):
    deck = pair.root / "second" / DECK
    good = deck.read_text(encoding="utf-8")
    try:
        deck.write_text(good.replace("  - name: Stephen\n", '  - name: ""\n'), encoding="utf-8")
        line = good.splitlines().index("  - name: Stephen") + 1
        outcome = _both(pair)
        assert_refused(outcome, pair, file="second/deck.yaml", line=line, field="name",
                       says=["blank", "nothing was written for any of the 2 decks"])
        assert "cromwell-cards" not in outcome.err      # the good deck is not said to be written
    finally:
        deck.write_text(good, encoding="utf-8")


def test_a_later_deck_whose_file_cannot_be_written_leaves_the_earlier_decks_outputs(pair: Workspace):
    """The failure comes only when writing: every deck was fine, the second's manifest is blocked."""
    blocked = pair.out / "second" / "second-cards.json"
    data = blocked.read_bytes()
    blocked.unlink()
    blocked.mkdir()
    before = snapshot(pair.out)
    outcome = _both(pair)
    assert_refused(outcome, file="second-cards.json", says=["there is a folder with that name", "nothing was written"])
    assert snapshot(pair.out) == before and blocked.is_dir()
    assert not [p for p in pair.out.rglob("*") if p.name.startswith(".")]
    blocked.rmdir()
    blocked.write_bytes(data)


def test_two_decks_with_the_same_folder_name_are_refused(pair: Workspace):
    other = pair.root / "elsewhere" / "cromwell"
    shutil.copytree(DECKS / "cromwell", other)
    try:
        text = (other / DECK).read_text(encoding="utf-8")
        (other / DECK).write_text(text.replace("title: Cromwell", "title: Cromwell too"), encoding="utf-8")
        outcome = run_limited(["build", "cromwell", str(other), "--out", str(pair.out), "-q", "--only", "cards"],
                              pair.root)
        assert_refused(outcome, pair, says=["both called 'cromwell'", "same output folder", "nothing was written"])
        assert outcome.seconds < 5          # refused before any deck is drawn
    finally:
        shutil.rmtree(pair.root / "elsewhere")


def test_plain_build_of_every_deck_is_all_or_none(pair: Workspace, monkeypatch, capsys):
    """`printgen build` with no names builds every shipped deck: here, the pair's two folders."""
    from printgen.commands import cli
    from printgen.model import finding

    deck = pair.root / "second" / DECK
    good = deck.read_text(encoding="utf-8")
    monkeypatch.setattr(finding, "shipped_decks", lambda: [pair.root / "cromwell", pair.root / "second"])
    monkeypatch.chdir(pair.root)
    try:
        deck.write_text(good + "extra: [\n", encoding="utf-8")
        code = cli.run(["build", "--out", str(pair.out), "-q", "--only", "cards", "--bleed", "2"])
        err = capsys.readouterr().err
        assert code == 2, err
        assert f"second/deck.yaml, line {len(good.splitlines()) + 1}" in err and "'['" in err, err
        assert "nothing was written for any of the 2 decks" in err
        assert snapshot(pair.out) == pair.before
    finally:
        deck.write_text(good, encoding="utf-8")


# --- a full disk names the file -------------------------------------------------------------------

@pytest.fixture(scope="module")
def shared(tmp_path_factory) -> Workspace:
    """One good Cromwell cards build."""
    return workspace(tmp_path_factory.mktemp("full-disk"), only="cards")


def test_a_full_disk_names_the_file_and_says_earlier_files_are_unchanged(monkeypatch, tmp_path):
    from printgen.files import output

    files = {tmp_path / f"f{i}.pdf": f"old {i}".encode() for i in range(3)}
    output.publish(files)
    real, calls = output._write_all, []

    def write(fd, data):
        calls.append(data)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")     # what write() gives: no file name
        real(fd, data)

    monkeypatch.setattr(output, "_write_all", write)
    with pytest.raises(output.PublishError) as caught:
        output.publish({path: b"new " + data for path, data in files.items()})
    message = str(caught.value)
    assert "f1.pdf" in message and "the disk is full" in message and "unchanged" in message
    assert ".tmp" not in message
    assert {p: p.read_bytes() for p in tmp_path.iterdir()} == files


def test_a_full_disk_during_a_build(shared: Workspace, monkeypatch, capsys):
    from printgen.commands import cli
    from printgen.files import output

    real = output._write_all

    def write(fd, data):
        if data.startswith(b"{"):                   # the manifest, written after the cards PDF
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd, data)

    monkeypatch.setattr(output, "_write_all", write)
    monkeypatch.chdir(shared.root)
    code = cli.run(["build", shared.deck.name, "--out", str(shared.out), "-q", "--only", "cards", "--bleed", "2"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error:"), err
    assert "cromwell-cards.json" in err and "the disk is full" in err and "unchanged" in err
    assert snapshot(shared.out) == shared.before
