"""What export and import tell a teacher, in the sheet's words: a blank name or required cell, a
formula where words should be, deleted rows, an edited id, a sheet export would overwrite, one
change in the singular; and a value that cannot be written back into deck.yaml, said of the value
typed. Each case starts from one export of a scratch Cromwell deck, copied for the case.
"""

from __future__ import annotations

import shutil

import pytest
from badinput import assert_refused, run_limited
from conftest import DECKS
from test_spreadsheet import set_csv_cell

from printgen.editing.sheets.export import export_deck
from printgen.editing.sheets.sheet_import import import_deck
from printgen.files.errors import UserError


@pytest.fixture(scope="module")
def cromwell_sheet(tmp_path_factory):
    """A scratch Cromwell deck and its export as CSV (copied by each test that edits it)."""
    root = tmp_path_factory.mktemp("sheet-messages")
    folder = root / "cromwell"
    shutil.copytree(DECKS / "cromwell", folder)
    export_deck(str(folder), root / "cards.csv")
    return folder, root / "cards.csv"


@pytest.fixture
def deck_and_sheet(cromwell_sheet, tmp_path):
    folder, sheet = cromwell_sheet
    shutil.copytree(folder, tmp_path / "cromwell")
    shutil.copy(sheet, tmp_path / "cards.csv")
    return tmp_path / "cromwell", tmp_path / "cards.csv"


# --- a blank name, a blank required cell ---------------------------------------------------------

def test_a_blank_name_in_the_sheet_is_refused_like_a_blank_name_in_yaml(deck_and_sheet, tmp_path):
    folder, sheet = deck_and_sheet
    before = (folder / "deck.yaml").read_bytes()
    set_csv_cell(sheet, "john", "name", "")
    outcome = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert_refused(outcome, file="cards.csv", card="John",
                   says=["row 8", "column 'name'", "the name is blank, and every card needs one",
                         "hint: fill in the 'name' column", "nothing was written"])
    assert "add a line" not in outcome.err and "after 'name:'" not in outcome.err
    assert (folder / "deck.yaml").read_bytes() == before


def test_a_blank_required_cell_gets_a_spreadsheet_hint(deck_and_sheet):
    folder, sheet = deck_and_sheet
    set_csv_cell(sheet, "edward-ii", "house", "")
    with pytest.raises(UserError) as caught:
        import_deck(str(folder), sheet)
    message = str(caught.value)
    assert "row 11" in message and "column 'house'" in message and "card 'Edward II'" in message, message
    assert "fill in the 'house' column" in message and "add a line" not in message, message


# --- a formula cell --------------------------------------------------------------------------------

@pytest.mark.parametrize("saved_result", [False, True])
def test_a_formula_cell_is_refused_not_lost(cromwell_sheet, tmp_path, saved_result):
    """A formula's saved result is missing (a program that does not calculate) or is not the
    words typed: either way the cell is refused at its row and column."""
    import zipfile

    folder = tmp_path / "cromwell"
    shutil.copytree(cromwell_sheet[0], folder)
    before = (folder / "deck.yaml").read_bytes()
    sheet = tmp_path / "cards.xlsx"
    export_deck(str(folder), sheet)
    from openpyxl import load_workbook

    book = load_workbook(sheet)
    book.active["F5"] = "=1+1"          # column F is the caption, row 5 is Henry II
    assert book.active["F1"].value == "caption"
    book.save(sheet)
    if saved_result:                     # as Excel saves it: the formula and its result, 2
        with zipfile.ZipFile(sheet) as source:
            parts = {name: source.read(name) for name in source.namelist()}
        xml = parts["xl/worksheets/sheet1.xml"].decode()
        assert "<f>1+1</f><v></v>" in xml or "<f>1+1</f><v />" in xml or "<f>1+1</f></c>" in xml, xml[:2000]
        xml = xml.replace("<f>1+1</f><v></v>", "<f>1+1</f><v>2</v>").replace("<f>1+1</f><v />", "<f>1+1</f><v>2</v>") \
            .replace("<f>1+1</f></c>", "<f>1+1</f><v>2</v></c>")
        parts["xl/worksheets/sheet1.xml"] = xml.encode()
        with zipfile.ZipFile(sheet, "w") as target:
            for name, body in parts.items():
                target.writestr(name, body)
        from openpyxl import load_workbook as reload

        assert reload(sheet, data_only=True).active["F5"].value == 2
    outcome = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert_refused(outcome, file="cards.xlsx", says=["row 5", "column 'caption'", "a formula",
                                                     "type the text itself"])
    assert (folder / "deck.yaml").read_bytes() == before


# --- import's and export's messages ----------------------------------------------------------------

def test_deleted_rows_delete_their_cards_and_the_message_names_them(deck_and_sheet, tmp_path):
    folder, sheet = deck_and_sheet
    before = (folder / "deck.yaml").read_text(encoding="utf-8")
    lines = sheet.read_text(encoding="utf-8-sig").splitlines(keepends=True)
    sheet.write_text("".join(line for line in lines if not line.startswith(("john,", "anne,"))), encoding="utf-8")
    done = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert done.code == 0, done.err
    assert "deleted 2 cards (John, Anne); the previous file is" in done.out, done.out
    after = (folder / "deck.yaml").read_text(encoding="utf-8")
    assert "- name: John\n" not in after and "- name: Anne\n" not in after
    assert (folder / "deck.yaml.bak").read_text(encoding="utf-8") == before


@pytest.mark.parametrize("name", ["William II", "Rufus"])
def test_an_edited_id_is_told_which_card_the_row_is(deck_and_sheet, name):
    """The row's name (or, when that was changed too, its other cells) says which card it is."""
    folder, sheet = deck_and_sheet
    set_csv_cell(sheet, "william-ii", "name", name)
    set_csv_cell(sheet, "william-ii", "id", "william-2")
    with pytest.raises(UserError) as caught:
        import_deck(str(folder), sheet)
    message = str(caught.value)
    assert "row 3" in message and "column 'id'" in message and "'william-2'" in message, message
    assert "must not be edited" in message and "the card with the id 'william-ii'" in message, message
    assert "william-i'" not in message.replace("william-ii'", ""), message


def test_export_keeps_an_existing_sheet_unless_forced(deck_and_sheet, tmp_path):
    folder, sheet = deck_and_sheet
    set_csv_cell(sheet, "john", "caption", "An edit not yet imported.")
    edited = sheet.read_bytes()
    outcome = run_limited(["export", str(folder), "-o", str(sheet)], tmp_path)
    assert_refused(outcome, file="cards.csv", says=["already exists", "import it first", "--force"])
    assert sheet.read_bytes() == edited
    forced = run_limited(["export", str(folder), "-o", str(sheet), "--force"], tmp_path)
    assert forced.code == 0 and "wrote" in forced.out, forced.err
    assert b"An edit not yet imported." not in sheet.read_bytes()


def test_one_change_reads_in_the_singular(deck_and_sheet, tmp_path):
    folder, sheet = deck_and_sheet
    set_csv_cell(sheet, "john", "caption", "Lost his treasure in the Wash.")
    done = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert done.code == 0, done.err
    assert "changed 1 value on 1 card (John);" in done.out, done.out


# --- a value that cannot be written back -----------------------------------------------------------

def test_a_value_that_cannot_be_written_back_is_a_user_error_not_a_crash(deck_and_sheet):
    """The last check of an edit (the file must read back as typed) speaks of the value typed."""
    from printgen.editing.roundtrip import DeckSource, Edit

    folder, _ = deck_and_sheet
    source = DeckSource(folder)
    john = next(c for c in source.cards if c.id == "john")
    text = source.apply([Edit(john.index, "caption", "Lost his treasure.")])
    expected_broken = {"cards": source.data["cards"]}
    with pytest.raises(UserError) as caught:
        source._verify(text, expected_broken["cards"], [Edit(john.index, "caption", "Lost his treasure.")])
    assert "caption" in caught.value.message and caught.value.where.card == "John"
    with pytest.raises(RuntimeError):       # a change nobody typed is still a bug
        source._verify(text, expected_broken["cards"], [])
