"""Bad input on `printgen build --watch` (issue 24, item 7): a watched deck stays the deck it started as.

A teacher's folder named like a shipped deck (`cromwell/`) lost its deck.yaml while watched; the
watcher looked the name up again, found the shipped Cromwell and replaced the teacher's PDFs with
it. The watcher now finds each deck's folder once and builds that path every time; a deck whose
deck.yaml (or whole folder) goes is said once and waited for.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from badinput import snapshot
from conftest import ROOT, run_cli


def _wait(condition, what: str, limit: float = 30.0, fail=None) -> None:
    """Poll `condition`; stop at once when `fail()` returns a reason (the bug showing itself)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if fail is not None and (reason := fail()):
            raise AssertionError(reason)
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"no {what} within {limit:g} s")


def _teacher_deck_named_cromwell(root: Path) -> Path:
    """A small deck of the teacher's own in a folder named like the shipped Cromwell."""
    assert run_cli("new", "teacher", cwd=root).code == 0
    (root / "teacher").rename(root / "cromwell")
    return root / "cromwell"


def test_a_deck_named_like_a_shipped_one_that_loses_its_deck_yaml_is_waited_for(tmp_path):
    """The issue's case, end to end: the teacher's PDFs are never replaced by the shipped deck's."""
    folder = _teacher_deck_named_cromwell(tmp_path)
    deck, out = folder / "deck.yaml", tmp_path / "out"
    pdf = out / "cromwell" / "cromwell-cards.pdf"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "printgen", "build", "cromwell", "--only", "cards", "--out", "out",
                             "--quiet", "--watch"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(proc.stderr.readline, "")), daemon=True)
    reader.start()

    def said(words: str) -> bool:
        return any(words in line for line in lines)

    def rebuilt_wrongly() -> str | None:
        if proc.poll() is not None:
            return f"the watcher ended: {''.join(lines)}"
        if said("changed: deck.yaml"):
            return f"the deck was built again without its deck.yaml:\n{''.join(lines)}"
        return None

    try:
        _wait(lambda: said("watching "), "first build")
        teachers = snapshot(out)
        assert b'"title": "Teacher"' in teachers["cromwell/cromwell-cards.json"], "the teacher's deck, not Cromwell"
        text = deck.read_bytes()
        deck.unlink()
        _wait(lambda: said("cromwell/deck.yaml is gone"), "word that the deck is gone", fail=rebuilt_wrongly)
        (folder / "rules" / "teacher.md").write_text("# Changed while deck.yaml is away\n", encoding="utf-8")
        time.sleep(1.0)                                   # a batch of changes and a build's time
        assert rebuilt_wrongly() is None
        assert snapshot(out) == teachers, "the teacher's PDFs were replaced"
        inode = pdf.stat().st_ino
        deck.write_bytes(text)
        _wait(lambda: said("cromwell/deck.yaml is back; building again"), "word that the deck is back")
        # publish renames a new file in, then removes its backups and journal (hidden files)
        _wait(lambda: pdf.stat().st_ino != inode and not any(p.name.startswith(".") for p in out.rglob("*")),
              "build after the deck came back")
        assert snapshot(out) == teachers, "the rebuilt PDFs are the teacher's deck's"
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
        reader.join(timeout=5)
    err = "".join(lines)
    assert err.count("is gone") == 1 and "Traceback" not in err, err
    assert proc.returncode == 143, err


def test_the_watcher_builds_the_folder_it_found_and_watches_a_folder_that_comes_back(tmp_path, monkeypatch, capsys):
    """In-process and without real builds: every build is given the folder's full path, never the
    name; a deck.yaml that goes and comes back, and then the whole folder, are each said once; a
    folder made again under the old name is watched again (the system's watch went with the old
    one), so an edit in it is seen."""
    from printgen.editing.watch import watch_builds

    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "cromwell"
    folder.mkdir()
    (folder / "deck.yaml").write_text("title: Mine\n", encoding="utf-8")
    calls: list[list[str]] = []
    stop, failures, err = threading.Event(), [], []

    def said(words: str) -> int:
        err.append(capsys.readouterr().err)
        return "".join(err).count(words)

    def steps() -> None:
        try:
            _wait(lambda: len(calls) == 1, "first build")
            time.sleep(0.3)
            (folder / "deck.yaml").unlink()
            (folder / "notes.txt").write_text("edited while deck.yaml is away", encoding="utf-8")
            time.sleep(1.0)
            assert len(calls) == 1, "built without its deck.yaml"
            (folder / "deck.yaml").write_text("title: Mine\n", encoding="utf-8")
            _wait(lambda: len(calls) == 2, "build when deck.yaml is back")
            shutil.rmtree(folder)
            _wait(lambda: said("cromwell/deck.yaml is gone") == 2, "word that the folder is gone")
            folder.mkdir()
            (folder / "deck.yaml").write_text("title: Mine again\n", encoding="utf-8")
            _wait(lambda: len(calls) == 3, "build when the folder is back")
            time.sleep(0.3)
            (folder / "deck.yaml").write_text("title: Mine, edited\n", encoding="utf-8")
            _wait(lambda: len(calls) == 4, "build after an edit in the folder made again")
        except BaseException as exc:        # noqa: BLE001 - reported by the test's own thread
            failures.append(exc)
        finally:
            stop.set()

    helper = threading.Thread(target=steps, daemon=True)
    helper.start()
    watch_builds(["cromwell"], tmp_path / "out", calls.append, stop_event=stop)
    helper.join(timeout=10)
    if failures:
        raise failures[0]
    assert calls == [[str(folder.resolve())]] * 4
    said("")
    err = "".join(err)
    assert err.count("cromwell/deck.yaml is gone") == 2 and err.count("cromwell/deck.yaml is back") == 2, err
    assert "changed: notes.txt" not in err, err


def test_a_folder_named_like_a_shipped_deck_without_its_deck_yaml_is_not_swapped_for_it(tmp_path):
    """Outside watch too: `printgen build cromwell` beside a 'cromwell' folder that has lost its
    deck.yaml is refused, not answered by building the shipped Cromwell over the user's PDFs."""
    from badinput import assert_refused, run_limited

    (tmp_path / "cromwell").mkdir()
    outcome = run_limited(["build", "cromwell", "--quiet"], tmp_path, time_limit=20.0)
    assert_refused(outcome, says=["the folder 'cromwell' has no deck.yaml", "printgen also has a deck called"])
    assert not (tmp_path / "output").exists()
