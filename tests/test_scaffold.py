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
    assert deck.split("\ncards:")[1].count("\n  - name: ") == 3 and deck.count("\n#") > 10, \
        "three cards and notes for the teacher"
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


# --- what `new` prints, and the names it refuses ----------------------------------------------------

def test_new_prints_commands_that_work_when_pasted(tmp_path):
    import shlex

    made = run_cli("new", "My Deck!", cwd=tmp_path)
    assert made.code == 0, made.err
    line = next(shown for shown in made.out.splitlines() if shown.startswith("next: "))
    build, serve = line.removeprefix("next: ").split("   (or ")
    assert shlex.split(build) == ["printgen", "build", "My Deck!"], build
    assert shlex.split(serve.split(" to edit")[0]) == ["printgen", "serve", "My Deck!"], serve
    notes = (tmp_path / "My Deck!" / "deck.yaml").read_text(encoding="utf-8")
    assert "printgen build 'My Deck!'" in notes and "printgen serve 'My Deck!'" in notes


def test_new_refuses_the_name_of_a_shipped_deck_unless_forced(tmp_path):
    outcome = run_limited(["new", "cromwell"], tmp_path)
    assert_refused(outcome, says=["'cromwell' is the name of a deck that comes with printgen",
                                  "would build your new deck", "--force"])
    assert not (tmp_path / "cromwell").exists()
    forced = run_limited(["new", "cromwell", "--force"], tmp_path)
    assert forced.code == 0, forced.err
    assert (tmp_path / "cromwell" / "deck.yaml").is_file()


def test_the_name_suggested_for_a_copy_keeps_from_so_it_still_copies(tmp_path):
    """`new cromwell --from cromwell` is refused for its name; the command offered instead must
    still copy Cromwell (without --from, `new` makes the three-card example deck)."""
    outcome = run_limited(["new", "cromwell", "--from", "cromwell"], tmp_path)
    assert_refused(outcome, says=["printgen new my-cromwell --from cromwell (or add --force"])
    assert not (tmp_path / "cromwell").exists()


# --- the options `list` shows -----------------------------------------------------------------------

def test_list_gives_every_game_option_its_values_default_and_meaning():
    from printgen.editing.scaffold import game_options

    options = game_options()
    for game, declared in options.items():
        for key, words in declared.items():
            assert len(words) > 20, (game, key, words)      # a description, not a bare name
            assert "default None" not in words, (game, key, words)
    cromwell = options["cromwell"]
    assert cromwell["even_up"].startswith("auto|give|stock (default auto) ")
    assert cromwell["scoring"].startswith("everyone|out (default everyone) ")
    assert cromwell["knowledge"].startswith("(default 0.8) a number from 0 to 1")
    assert options["burro"]["keep_drawing"].startswith("no|yes (default basic no, basic40 no, portuguese yes) ")
    assert options["casita"]["steal"].startswith("must|may (default must) ")


def test_the_defaults_list_shows_are_the_ones_cromwell_plays():
    from printgen.games.cromwell.game import Cromwell
    from printgen.model.load import ALL_CARDS, load_deck

    game = Cromwell()
    prepared = game.prepare(load_deck("cromwell", ALL_CARDS), "basic", {})
    for key in ("knowledge", "even_up", "leave_out", "stalemate", "scoring"):
        assert getattr(prepared, key) == game.option_default(key), key


# --- what --watch takes for a change -------------------------------------------------------------

def test_watch_reports_only_the_decks_real_files(tmp_path):
    from printgen.editing.watch import deck_files, ignored, real_changes

    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "deck.yaml").write_text("x", encoding="utf-8")
    (deck / "old.png").write_bytes(b"x")
    (deck / "~$cards.xlsx").write_text("lock", encoding="utf-8")
    known = deck_files([deck], tmp_path / "out")
    assert {p.name for p in known} == {"deck.yaml", "old.png"}
    (deck / "old.png").unlink()                        # a picture deleted: a real change
    gone_temp = deck / "sedWXK3a8"                     # sed -i's copy, renamed over deck.yaml
    changed = {(deck / "deck.yaml").resolve(), gone_temp.resolve(), (deck / "old.png").resolve()}
    assert [p.name for p in real_changes(changed, known)] == ["deck.yaml", "old.png"]
    assert real_changes({gone_temp.resolve()}, known) == []
    for name in ("deck.yaml.bak", ".deck.yaml.swp", "#deck.yaml#", "~$cards.xlsx", "4913", "notes.txt~"):
        assert ignored(name), name
    assert not ignored("deck.yaml") and not ignored("fox.png")
