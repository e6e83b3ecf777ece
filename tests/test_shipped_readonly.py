"""printgen's own decks are never edited in place; `printgen new NAME --from DECK` makes a copy to edit.

A teacher who imports a spreadsheet into, or serves, a shipped deck would otherwise write into the
checkout or site-packages, where the next update loses her work. (The installed case is checked in
test_install.py, with a real wheel.)
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from conftest import DECKS, run_cli

from printgen.editing.copying import is_shipped
from printgen.editing.roundtrip import DeckSource
from printgen.editing.web.server import make_server
from printgen.files.errors import UserError


def _fingerprint(folder: Path) -> dict[str, str]:
    """Every file under a folder (hidden ones too) with a hash of its bytes."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}


def test_import_into_a_shipped_deck_is_refused_naming_the_copy_command(tmp_path):
    before = _fingerprint(DECKS / "cromwell")
    sheet = tmp_path / "c.csv"
    exported = run_cli("export", "cromwell", "-o", str(sheet), cwd=tmp_path)
    assert exported.code == 0, exported.err
    assert "printgen new my-cromwell --from cromwell" in exported.out, exported.out
    assert f"printgen import my-cromwell {sheet}" in exported.out, exported.out
    done = run_cli("import", "cromwell", str(sheet), cwd=tmp_path)
    assert done.code == 2, done.err
    assert "Traceback" not in done.err
    assert "comes with printgen" in done.err and "update or a reinstall" in done.err, done.err
    assert "printgen new my-cromwell --from cromwell" in done.err, done.err
    assert f"printgen import my-cromwell {sheet}" in done.err, done.err
    assert _fingerprint(DECKS / "cromwell") == before, "nothing may be written into the shipped deck"


def test_serving_or_saving_a_shipped_deck_is_refused(tmp_path):
    before = _fingerprint(DECKS / "standard")
    with pytest.raises(UserError) as caught:
        make_server("standard", "127.0.0.1", 0, tmp_path / "out")
    assert "printgen new my-standard --from standard" in str(caught.value)
    assert "printgen serve my-standard" in str(caught.value)
    source = DeckSource("standard")       # reading is allowed; writing is not, whoever asks
    with pytest.raises(UserError) as caught:
        source.save(source.text)
    assert "comes with printgen" in str(caught.value)
    assert _fingerprint(DECKS / "standard") == before


def test_new_from_copies_a_shipped_deck_that_builds_and_can_be_edited(tmp_path):
    made = run_cli("new", "year-8", "--from", "cromwell", "--title", "Year 8: monarchs", cwd=tmp_path)
    assert made.code == 0, made.err
    copy = tmp_path / "year-8"
    assert not is_shipped(copy) and is_shipped(DECKS / "cromwell")
    shipped_files = {str(p.relative_to(DECKS / "cromwell")) for p in (DECKS / "cromwell").rglob("*") if p.is_file()}
    assert {str(p.relative_to(copy)) for p in copy.rglob("*") if p.is_file()} == shipped_files
    text = (copy / "deck.yaml").read_text(encoding="utf-8")
    original = (DECKS / "cromwell" / "deck.yaml").read_text(encoding="utf-8")
    assert 'title: "Year 8: monarchs"' in text
    # only the title changed: every comment and aligned column is kept
    assert [line for line in text.splitlines() if not line.startswith("title:")] == \
        [line for line in original.splitlines() if not line.startswith("title:")]
    built = run_cli("build", "year-8", "--only", "cards", "--only", "rules", "--quiet", cwd=tmp_path)
    assert built.code == 0, built.err
    assert (tmp_path / "output" / "year-8" / "year-8-cards.pdf").is_file()
    source = DeckSource(copy)
    edited = source.text.replace("six wives", "six wives, one after another", 1)
    assert edited != source.text
    source.save(edited)                   # the copy is the user's: a save is allowed
    assert "one after another" in (copy / "deck.yaml").read_text(encoding="utf-8")


def test_new_from_leaves_out_one_persons_editing_files_and_refuses_a_used_folder(tmp_path, deck_copy):
    mine = deck_copy("cromwell", "mine")
    (mine / "deck.yaml.bak").write_text("old")
    (mine / ".printgen-imports.json").write_text("{}")
    made = run_cli("new", "theirs", "--from", str(mine), cwd=tmp_path)
    assert made.code == 0, made.err
    assert not (tmp_path / "theirs" / "deck.yaml.bak").exists()
    assert not (tmp_path / "theirs" / ".printgen-imports.json").exists()
    again = run_cli("new", "theirs", "--from", "cromwell", cwd=tmp_path)
    assert again.code == 2 and "already exists" in again.err, again.err
    inside = run_cli("new", str(mine / "sub"), "--from", str(mine), cwd=tmp_path)
    assert inside.code == 2 and "inside the deck it would copy" in inside.err, inside.err
    assert not (mine / "sub").exists()


def test_new_from_an_unknown_deck_names_the_shipped_ones(tmp_path):
    done = run_cli("new", "x", "--from", "cromwel", cwd=tmp_path)
    assert done.code == 2 and "cromwell" in done.err, done.err
    assert not (tmp_path / "x").exists()


def test_advice_naming_a_shipped_decks_lines_says_to_edit_a_copy(tmp_path, monkeypatch):
    """validate's advice names deck.yaml lines; for a shipped deck (in site-packages after pip
    install) it names them by the deck, and says to make a copy to change them."""
    from printgen.commands.validate_report import _shipped_note
    from printgen.files.errors import Where
    from printgen.model.load import load_deck

    monkeypatch.chdir(tmp_path)
    shipped = load_deck("coppertwaddle", "*")
    where = Where(shipped.folder / "deck.yaml", 270, "Glad Tidings", "ability")
    assert where.describe().startswith("coppertwaddle/deck.yaml, line 270"), where.describe()
    note = " ".join(_shipped_note(shipped, "loosen it (coppertwaddle/deck.yaml, line 270)"))
    assert "printgen new my-coppertwaddle --from coppertwaddle" in note, note
    copy = run_cli("new", "mine", "--from", "coppertwaddle", cwd=tmp_path)
    assert copy.code == 0, copy.err
    assert _shipped_note(load_deck(tmp_path / "mine", "*"), "(mine/deck.yaml, line 270)") == []
