"""`printgen new` (a deck that builds at once), `printgen list`, and `printgen build --watch`."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from badinput import assert_refused, run_limited
from conftest import ROOT, run_cli


def pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return " ".join(" ".join((page.extract_text() or "") for page in PdfReader(path).pages).split())


def test_new_deck_builds_at_once(tmp_path):
    made = run_cli("new", "nature-cards", cwd=tmp_path)
    assert made.code == 0, made.err
    folder = tmp_path / "nature-cards"
    deck = (folder / "deck.yaml").read_text(encoding="utf-8")
    assert deck.split("\ncards:")[1].count("\n  - name: ") == 3 and deck.count("\n#") > 10, "three cards and notes for the teacher"
    assert "extends: base" in (folder / "nature-cards.yaml").read_text(encoding="utf-8")
    built = run_cli("build", "nature-cards", "--out", "out", cwd=tmp_path)
    assert built.code == 0 and "warning" not in built.err, built.err
    cards = pdf_text(tmp_path / "out" / "nature-cards" / "nature-cards-cards.pdf")
    for words in ("Fox", "Owl", "Castle", "ANIMAL", "PLACE", "A fox\u2019s tail is called a brush."):
        assert words in cards, words
    rules = pdf_text(tmp_path / "out" / "nature-cards" / "nature-cards-rules.pdf")
    assert "Nature Cards" in rules and "3 cards" in rules and "Castle" in rules
    # a folder that already holds files is never overwritten
    again = run_limited(["new", "nature-cards"], tmp_path)
    assert_refused(again, says=["already exists"])
    assert (folder / "deck.yaml").read_text(encoding="utf-8") == deck


def test_list_shows_decks_layouts_sizes_emblems_and_options(tmp_path):
    listed = run_cli("list", cwd=tmp_path)
    assert listed.code == 0, listed.err
    out = listed.out
    for words in ("cromwell", "Coppertwaddle: 55 cards", "standard", "extends" if False else "base",
                  "poker            63.5 x 88.9", "tarot", "letter", "tudor-rose", "ct-noble",
                  "-O houses", "-O scoring", "-O rob_full: vacant|midden (default vacant)", "drafting: no options",
                  "Piecepack: 56 pieces (24 tiles, 24 coins, 4 dice, 4 pawns); games: croquetnole (table layout)"):
        assert words in out, words


def test_build_watch_rebuilds_when_the_deck_changes(tmp_path):
    assert run_cli("new", "watched", cwd=tmp_path).code == 0
    deck = tmp_path / "watched" / "deck.yaml"
    pdf = tmp_path / "out" / "watched" / "watched-cards.pdf"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "printgen", "build", "watched", "--only", "cards", "--out", "out",
                             "--quiet", "--watch"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        def wait(condition, what: str, limit: float = 30.0):
            end = time.monotonic() + limit
            while time.monotonic() < end:
                if condition():
                    return
                assert proc.poll() is None, proc.communicate()[1]
                time.sleep(0.1)
            raise AssertionError(f"no {what} within {limit:g} s")

        wait(pdf.exists, "first build")
        first = pdf.read_bytes()
        time.sleep(0.5)          # the watcher is up once its first build is written
        text = deck.read_text(encoding="utf-8")
        (deck.parent / "~$deck.xlsx").write_text("an office program's lock file", encoding="utf-8")
        # sed -i writes a temporary file (sedXXXXXX) beside deck.yaml and renames it over it
        subprocess.run(["sed", "-i", "s/An owl can turn its head/Owls hunt at night and turn their heads/",
                        str(deck)], check=True)
        wait(lambda: pdf.read_bytes() != first, "rebuild after the edit")
        assert "Owls hunt at night" in pdf_text(pdf)
        second = pdf.read_bytes()
        deck.write_text(text.replace("kind: Place", "kind: Plaice"), encoding="utf-8")    # a mistake...
        time.sleep(1.5)
        assert pdf.read_bytes() == second, "a broken deck leaves the last good PDF"
        deck.write_text(text, encoding="utf-8")                                         # ...and its fix
        wait(lambda: pdf.read_bytes() == first, "rebuild after the fix")
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    assert "unknown kind 'Plaice'" in err and "did you mean 'Place'" in err, err
    changed = [line for line in err.splitlines() if line.startswith("changed: ")]
    assert changed and all(line == "changed: deck.yaml; building again" for line in changed), changed
    assert proc.returncode == 143, err
    assert "KeyboardInterrupt" not in err, "the watch library's own line ran into printgen's"
