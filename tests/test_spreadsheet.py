"""Spreadsheet round trip: export, edit in a sheet, import into deck.yaml without losing a comment."""

from __future__ import annotations

import csv
import difflib
import io
import re
from pathlib import Path

import pytest
from badinput import assert_refused, run_limited

from printgen.editing.sheets.export import export_deck
from printgen.editing.sheets.sheet_import import import_deck
from printgen.files.errors import UserError
from printgen.files.sheets import read_table
from printgen.model.load import ALL_CARDS, load_deck


def comments(text: str) -> list[str]:
    """Every comment of a YAML file, in order (whole-line notes and notes after a value)."""
    return [m.group(0).strip() for m in re.finditer(r"(?m)(^\s*#.*$|\s#\s.*$)", text)]


def changed_lines(before: str, after: str) -> list[str]:
    return [d for d in difflib.ndiff(before.splitlines(), after.splitlines()) if d[:2] in ("- ", "+ ")]


def set_csv_cell(path: Path, card_id: str, column: str, value: str) -> None:
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"), newline="")))
    index = rows[0].index(column)
    hits = [r for r in rows if r[0] == card_id]
    assert hits, card_id
    hits[0][index] = value
    with path.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)


def set_xlsx_cell(path: Path, card_id: str, column: str, value: str) -> None:
    from openpyxl import load_workbook

    book = load_workbook(path)
    sheet = book["cards"] if "cards" in book.sheetnames else book.active
    header = [c.value for c in sheet[1]]
    for row in sheet.iter_rows(min_row=2):
        if row[0].value == card_id:
            row[header.index(column)].value = value
            break
    else:
        raise AssertionError(card_id)
    book.save(path)


@pytest.mark.parametrize("deck", ["cromwell", "coppertwaddle", "standard"])
@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_export_then_import_leaves_deck_byte_identical(deck_copy, tmp_path, deck, suffix):
    folder = deck_copy(deck)
    before = (folder / "deck.yaml").read_bytes()
    sheet = tmp_path / f"cards{suffix}"
    count = export_deck(str(folder), sheet)
    assert count == len(read_table(sheet).rows) > 0
    first = sheet.read_bytes()
    export_deck(str(folder), sheet, force=True)       # the same file: its path goes into the export id
    assert sheet.read_bytes() == first, "the same deck must export the same bytes"
    result = import_deck(str(folder), sheet)
    assert result.changed == 0 and result.backup is None
    assert (folder / "deck.yaml").read_bytes() == before
    assert not (folder / "deck.yaml.bak").exists()


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_edited_caption_lands_in_its_card_with_every_comment_kept(deck_copy, tmp_path, suffix):
    folder = deck_copy("cromwell")
    original = (folder / "deck.yaml").read_text(encoding="utf-8")
    sheet = tmp_path / f"cards{suffix}"
    export_deck(str(folder), sheet)
    typed = "Six wives, two of them beheaded: Henry's 'Great Matter' broke England from Rome."
    (set_csv_cell if suffix == ".csv" else set_xlsx_cell)(sheet, "henry-viii", "caption", typed)
    result = import_deck(str(folder), sheet)
    assert (result.changed, result.cards) == (1, 1)
    after = (folder / "deck.yaml").read_text(encoding="utf-8")
    assert (folder / "deck.yaml.bak").read_text(encoding="utf-8") == original
    assert comments(after) == comments(original) and len(comments(original)) > 40
    # exactly one line differs: the caption of Henry VIII, still in double quotes, quotes made typographic
    wanted = "Six wives, two of them beheaded: Henry\u2019s \u2018Great Matter\u2019 broke England from Rome."
    diff = changed_lines(original, after)
    assert len(diff) == 2 and diff[1] == f'+     caption: "{wanted}"', diff
    lines = after.splitlines()
    at = lines.index(f'    caption: "{wanted}"')
    assert lines[at - 3] == "  - name: Henry VIII"
    deck = load_deck(str(folder), ALL_CARDS)
    by_id = {c.id: c for c in deck.cards}
    assert by_id["henry-viii"].values["caption"] == wanted
    assert by_id["henry-vii"].values["caption"] != wanted


def test_new_values_removed_values_and_flow_cards(deck_copy, tmp_path):
    """A field a card did not have is added under it; an emptied one is removed; a card written
    as {name: ..., joker: true} is edited inside its braces."""
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    set_csv_cell(sheet, "elizabeth-i", "title", "Gloriana")
    set_csv_cell(sheet, "john", "caption", "")
    import_deck(str(folder), sheet)
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    block = text[text.index("- name: Elizabeth I"):]
    block = block[:block.index("\n\n")]
    assert block.splitlines()[-1] == '    title: "Gloriana"'
    deck = {c.id: c for c in load_deck(str(folder), ALL_CARDS).cards}
    assert deck["elizabeth-i"].values["title"] == "Gloriana" and deck["john"].values["caption"] is None

    standard = deck_copy("standard")
    sheet = tmp_path / "standard.xlsx"
    export_deck(str(standard), sheet)
    set_xlsx_cell(sheet, "red-joker", "name", "Big Joker")
    import_deck(str(standard), sheet)
    assert "  - {name: Big Joker, joker: true}" in (standard / "deck.yaml").read_text(encoding="utf-8")


def test_a_deck_saved_on_windows_keeps_its_line_ends(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    path = folder / "deck.yaml"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    set_csv_cell(sheet, "anne", "title", "Queen of Great Britain")
    set_csv_cell(sheet, "anne", "caption", "The last Stuart.")
    import_deck(str(folder), sheet)
    data = path.read_bytes()
    assert data.count(b"\n") == data.count(b"\r\n")
    assert b'    caption: "The last Stuart."\r\n    title: "Queen of Great Britain"\r\n' in data
    anne = next(c for c in load_deck(str(folder), ALL_CARDS).cards if c.id == "anne")
    assert anne.values["title"] == "Queen of Great Britain"


def test_an_ability_record_is_edited_as_its_yaml(deck_copy, tmp_path):
    folder = deck_copy("coppertwaddle")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    header = read_table(sheet).header
    assert "ability" in header and "count" in header
    set_csv_cell(sheet, "the-leper", "ability", "{use: ability, when: en_garde, cost: cover_self, "
                                                "effects: [{do: draw, amount: 2}]}")
    import_deck(str(folder), sheet)
    leper = next(c for c in load_deck(str(folder), ALL_CARDS).cards if c.id == "the-leper")
    assert leper.values["ability"].effects[0].amount == 2


BAD_ROWS = [
    # (column to change, card, new value, where the message must point, words)
    ("id", "john", "jhon", ("row 8", "column 'id'"), ["no card of this deck has the id 'jhon'", "must not be edited",
                                                        "this row's name, 'John', is the card with the id 'john'"]),
    ("house", "edward-ii", "Tudro", ("row 11", "card 'Edward II'", "column 'house'"), ["unknown house 'Tudro'"]),
    ("reign", "henry-v", "1413-1400", ("row 15", "card 'Henry V'", "column 'reign'"), ["ends before it starts"]),
    ("in_play", "william-i", "maybe", ("row 2", "card 'William I'", "column 'in_play'"), ["true or false"]),
    ("id", "henry-i", "william-i", ("row 4", "card 'William I'", "column 'id'"), ["is on row 2 too"]),
]


@pytest.mark.parametrize("column,card,value,place,words", BAD_ROWS, ids=[b[1] + "-" + b[0] for b in BAD_ROWS])
def test_bad_rows_are_refused_with_row_and_column(deck_copy, tmp_path, column, card, value, place, words):
    folder = deck_copy("cromwell")
    before = (folder / "deck.yaml").read_bytes()
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    set_csv_cell(sheet, "henry-viii", "caption", "A good edit that must not be written either.")
    set_csv_cell(sheet, card, column, value)
    with pytest.raises(UserError) as caught:
        import_deck(str(folder), sheet)
    message = str(caught.value)
    assert message.startswith("cards.csv, ") or "/cards.csv, " in message.split(":")[0], message
    for part in place:
        assert part in message, message
    for part in words:
        assert part in message, message
    assert (folder / "deck.yaml").read_bytes() == before
    assert not (folder / "deck.yaml.bak").exists()


def test_an_unknown_column_is_refused_by_the_command(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    before = (folder / "deck.yaml").read_bytes()
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    text = sheet.read_text(encoding="utf-8-sig").replace(",caption,", ",captoin,", 1)
    sheet.write_text(text, encoding="utf-8")
    outcome = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert_refused(outcome, file="cards.csv", says=["row 1", "column 'captoin'", "did you mean 'caption'",
                                                    "nothing was written"])
    assert (folder / "deck.yaml").read_bytes() == before


def test_a_deck_may_keep_its_cards_in_a_spreadsheet(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    export_deck(str(folder), folder / "cards.xlsx")
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    (folder / "deck.yaml").write_text(text[:text.index("\ncards:")] + "\ncards: cards.xlsx\n", encoding="utf-8")
    set_xlsx_cell(folder / "cards.xlsx", "henry-viii", "caption", "Kept in a workbook.")
    deck = load_deck(str(folder), ALL_CARDS)
    assert len(deck.cards) == 43
    henry = next(c for c in deck.cards if c.id == "henry-viii")
    assert henry.values["caption"] == "Kept in a workbook." and henry.values["house"].name == "Tudor"
    assert henry.where.row == 21 and henry.where.file.name == "cards.xlsx"
    set_xlsx_cell(folder / "cards.xlsx", "henry-viii", "house", "Tudro")
    out = tmp_path / "out"
    outcome = run_limited(["build", str(folder), "--only", "cards", "--out", str(out), "--quiet"], tmp_path)
    assert_refused(outcome, file="cards.xlsx", card="Henry VIII",
                   says=["row 21", "column 'house'", "unknown house 'Tudro'"])
    assert not out.exists()


# -- a sheet older than deck.yaml ------------------------------------------------------------------

ANNE_BEFORE = "In her reign England and Scotland were joined as Great Britain, in 1707."
ANNE_WEB = "Changed in the web editor after the export."


def _edit_in_yaml(folder: Path, old: str, new: str) -> None:
    """A change made to deck.yaml after the export (the web editor, or by hand)."""
    path = folder / "deck.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_an_older_sheet_does_not_undo_a_later_change_to_deck_yaml(deck_copy, tmp_path, suffix):
    folder = deck_copy("cromwell")
    sheet = tmp_path / f"cards{suffix}"
    export_deck(str(folder), sheet)
    _edit_in_yaml(folder, ANNE_BEFORE, ANNE_WEB)
    (set_csv_cell if suffix == ".csv" else set_xlsx_cell)(sheet, "henry-viii", "caption", "Edited in the sheet.")
    result = import_deck(str(folder), sheet)
    deck = load_deck(str(folder), ALL_CARDS)
    captions = {c.name: c.values.get("caption") for c in deck.cards}
    assert captions["Henry VIII"] == "Edited in the sheet."
    assert captions["Anne"] == ANNE_WEB, "the sheet's older caption was written back over the newer one"
    assert result.names == ["Henry VIII"] and result.kept == ["Anne"] and not result.unchecked


def test_after_a_backup_is_put_back_force_puts_the_sheets_values_in(deck_copy, tmp_path):
    """A teacher imports, puts deck.yaml.bak back (undoing the import), edits the same sheet and
    imports again: deck.yaml changed after that import, so its values are kept and said; --force,
    which the note offers, makes the sheet win there too (it said 'nothing else to change')."""
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    set_csv_cell(sheet, "john", "caption", "From the sheet.")
    import_deck(str(folder), sheet)
    (folder / "deck.yaml").write_bytes((folder / "deck.yaml.bak").read_bytes())
    set_csv_cell(sheet, "anne", "caption", "A second edit.")
    result = import_deck(str(folder), sheet)
    assert result.kept == ["John"] and _captions(folder)["John"] != "From the sheet."
    forced = import_deck(str(folder), sheet, force=True)
    assert "John" in forced.names and not forced.kept and _captions(folder)["John"] == "From the sheet."
    assert _captions(folder)["Anne"] == "A second edit."


def test_a_value_changed_in_both_places_is_refused_unless_forced(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    _edit_in_yaml(folder, ANNE_BEFORE, ANNE_WEB)
    set_csv_cell(sheet, "anne", "caption", "Edited in the sheet as well.")
    before = (folder / "deck.yaml").read_bytes()
    outcome = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert_refused(outcome, file="cards.csv", card="Anne",
                   says=["column 'caption'", "changed in deck.yaml after this sheet was exported", ANNE_WEB,
                         "--force", "nothing was written"])
    assert (folder / "deck.yaml").read_bytes() == before
    done = run_limited(["import", str(folder), str(sheet), "--force"], tmp_path)
    assert done.code == 0, done.err
    assert "changed 1 value on 1 card (Anne)" in done.out, done.out
    assert {c.name: c.values.get("caption") for c in load_deck(str(folder), ALL_CARDS).cards}["Anne"] == \
        "Edited in the sheet as well."


def test_a_sheet_without_its_check_column_still_imports_and_says_so(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    rows = list(csv.reader(io.StringIO(sheet.read_text(encoding="utf-8-sig"), newline="")))
    # the check: the export's id, the roster of its cards (the same in every row), then one fingerprint a column
    assert rows[0][-1] == "printgen check" and all(len(r[-1].split()) == len(rows[0]) for r in rows[1:])
    assert len({r[-1].split()[1] for r in rows[1:]}) == 1
    with sheet.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows([r[:-1] for r in rows])
    set_csv_cell(sheet, "john", "caption", "Lost his treasure in the Wash.")
    done = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert done.code == 0, done.err
    assert "changed 1 value on 1 card (John)" in done.out and "no 'printgen check' column" in done.err, done


def test_the_check_column_is_hidden_and_a_notes_sheet_in_front_is_passed_over(deck_copy, tmp_path):
    from openpyxl import load_workbook

    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.xlsx"
    export_deck(str(folder), sheet)
    book = load_workbook(sheet)
    cards = book["cards"]
    check = [c.column_letter for c in cards[1] if c.value == "printgen check"]
    assert check and cards.column_dimensions[check[0]].hidden
    notes = book.create_sheet("Notes", 0)
    notes.append(["my lesson notes", "for Tuesday"])
    book.save(sheet)
    set_xlsx_cell(sheet, "henry-viii", "caption", "Read from the cards sheet.")
    result = import_deck(str(folder), sheet)
    assert result.names == ["Henry VIII"]


def test_a_row_renamed_to_another_cards_name_is_refused_at_its_cell(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    set_csv_cell(sheet, "edward-vi", "name", "henry viii")
    before = (folder / "deck.yaml").read_bytes()
    outcome = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert_refused(outcome, file="cards.csv", card="Edward VI",
                   says=["column 'name'", "'henry viii' is already the name of another card, 'Henry VIII' (row",
                         "to delete a card, delete its row"])
    assert "deck.yaml, line" not in outcome.err
    assert (folder / "deck.yaml").read_bytes() == before


# -- the same sheet imported again, as a teacher works -------------------------------------------

def _captions(folder: Path) -> dict[str, str]:
    return {c.name: c.values.get("caption") for c in load_deck(str(folder), ALL_CARDS).cards}


def test_a_sheet_imported_again_takes_new_edits_and_undos_and_keeps_later_web_edits(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    original = _captions(folder)["John"]
    set_csv_cell(sheet, "henry-viii", "caption", "Round one")
    set_csv_cell(sheet, "john", "caption", "John's treasure was lost in the 'Wash'.")
    assert import_deck(str(folder), sheet).names == ["John", "Henry VIII"]
    assert import_deck(str(folder), sheet).changed == 0, "the same sheet again changes nothing (curly quotes alike)"
    set_csv_cell(sheet, "henry-viii", "caption", "Round two")             # edited again in the sheet
    set_csv_cell(sheet, "john", "caption", original)                      # typed back: an undo
    result = import_deck(str(folder), sheet)
    assert result.names == ["John", "Henry VIII"] and not result.kept
    assert _captions(folder)["Henry VIII"] == "Round two" and _captions(folder)["John"] == original
    # deck.yaml changed after that import (the web editor): the sheet's older caption is not put back
    _edit_in_yaml(folder, "Round two", "Changed in the web editor.")
    set_csv_cell(sheet, "anne", "caption", "Another edit in the sheet.")
    result = import_deck(str(folder), sheet)
    assert result.names == ["Anne"] and result.kept == ["Henry VIII"]
    assert _captions(folder)["Henry VIII"] == "Changed in the web editor."


def test_renames_and_swaps_made_in_the_sheet_hold_at_the_next_import(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    set_csv_cell(sheet, "henry-v", "name", "Henry VI")
    set_csv_cell(sheet, "henry-vi", "name", "Henry V")
    set_csv_cell(sheet, "henry-viii", "name", "Henry VIII (Tudor)")
    import_deck(str(folder), sheet)
    reigns = {c.name: str(c.values["reign"]) for c in load_deck(str(folder), ALL_CARDS).cards}
    set_csv_cell(sheet, "anne", "caption", "Edited after the renames.")
    result = import_deck(str(folder), sheet)
    assert result.names == ["Anne"] and not result.kept and not result.missing
    assert {c.name: str(c.values["reign"]) for c in load_deck(str(folder), ALL_CARDS).cards} == reigns


def test_a_check_cell_copied_from_another_row_is_refused_and_an_empty_one_is_said(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    rows = list(csv.reader(io.StringIO(sheet.read_text(encoding="utf-8-sig"), newline="")))
    by_id = {r[0]: r for r in rows}
    by_id["richard-iii"][-1] = by_id["henry-vii"][-1]
    by_id["richard-iii"][rows[0].index("house")] = "Tudor"
    with sheet.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)
    outcome = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert_refused(outcome, file="cards.csv", card="Richard III",
                   says=["column 'printgen check'", "not the one exported"])
    by_id["richard-iii"][-1] = ""
    with sheet.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)
    done = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert done.code == 0 and "the row of Richard III has an empty 'printgen check' cell" in done.err, done


def test_excel_true_and_false_are_read_as_true_and_false(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    set_csv_cell(sheet, "oliver-cromwell", "in_play", "FALSE")
    assert import_deck(str(folder), sheet).changed == 0


def test_a_renamed_cards_sheet_behind_a_notes_sheet_is_found_by_its_id_column(deck_copy, tmp_path):
    from openpyxl import load_workbook

    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.xlsx"
    export_deck(str(folder), sheet)
    book = load_workbook(sheet)
    book["cards"].title = "Monarchs"
    book.create_sheet("Notes", 0).append(["my lesson notes"])
    target = book["Monarchs"]
    header = [c.value for c in target[1]]
    for row in target.iter_rows(min_row=2):
        if row[0].value == "henry-viii":
            row[header.index("caption")].value = "Read from the renamed sheet."
    book.save(sheet)
    assert import_deck(str(folder), sheet).names == ["Henry VIII"]


# -- a third look: sheets side by side, renames and deletions made elsewhere -----------------------

MARY_II = ('  - name: Mary II\n    house: Stuart\n    reign: 1689-1694\n    caption: "Reigned jointly with her '
           'husband, William III, until smallpox killed her in 1694."\n\n')


@pytest.mark.parametrize("mine,theirs", [("mine.csv", "theirs.csv"),
                                         ("teacher/cromwell.csv", "colleague/cromwell.csv")],
                         ids=["two names", "one name, two folders"])
def test_two_sheets_exported_side_by_side_do_not_undo_each_other(deck_copy, tmp_path, mine, theirs):
    folder = deck_copy("cromwell")
    mine_path, theirs_path = tmp_path / mine, tmp_path / theirs
    for path in (mine_path, theirs_path):
        path.parent.mkdir(exist_ok=True)
        export_deck(str(folder), path)
    set_csv_cell(mine_path, "henry-viii", "caption", "Edited in my sheet.")
    import_deck(str(folder), mine_path)
    set_csv_cell(theirs_path, "victoria", "caption", "Edited in their sheet.")
    result = import_deck(str(folder), theirs_path)
    assert result.names == ["Victoria"] and result.kept == ["Henry VIII"]
    assert _captions(folder)["Henry VIII"] == "Edited in my sheet."


def test_a_card_renamed_or_deleted_in_deck_yaml_does_not_block_the_sheet(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    _edit_in_yaml(folder, "\n  - name: Henry VIII\n", "\n  - name: Henry VIII Tudor\n")      # the web editor
    _edit_in_yaml(folder, MARY_II, "")                                                   # deleted by hand
    set_csv_cell(sheet, "victoria", "caption", "Taken from the sheet.")
    result = import_deck(str(folder), sheet)
    assert result.names == ["Victoria"] and result.kept == ["Henry VIII Tudor"] and result.gone == ["Mary II"]
    names = {c.name for c in load_deck(str(folder), ALL_CARDS).cards}
    assert "Henry VIII Tudor" in names and "Mary II" not in names
    set_csv_cell(sheet, "mary-ii", "id", "")          # what the note says to do to add it again
    import_deck(str(folder), sheet)
    assert "Mary II" in {c.name for c in load_deck(str(folder), ALL_CARDS).cards}


def test_a_rename_taken_back_by_hand_is_kept_and_a_kept_value_is_the_new_base(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    set_csv_cell(sheet, "henry-viii", "name", "King Henry VIII")
    set_csv_cell(sheet, "victoria", "caption", "V1 from the sheet.")
    import_deck(str(folder), sheet)
    _edit_in_yaml(folder, "\n  - name: King Henry VIII\n", "\n  - name: Henry VIII\n")      # taken back by hand
    _edit_in_yaml(folder, "V1 from the sheet.", "W from the web editor.")
    set_csv_cell(sheet, "anne", "caption", "Anne edited in the sheet.")
    result = import_deck(str(folder), sheet)
    assert result.names == ["Anne"] and sorted(result.kept) == ["Henry VIII", "Victoria"]
    # the sheet never saw W: a change of its older V1 is a change on both sides, refused
    set_csv_cell(sheet, "victoria", "caption", "V2 from the sheet.")
    with pytest.raises(UserError, match="changed in deck.yaml after this sheet was exported or last imported"):
        import_deck(str(folder), sheet)
    assert _captions(folder)["Victoria"] == "W from the web editor."


def test_spaces_around_a_house_typed_in_a_sheet_are_no_change(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    set_csv_cell(sheet, "anne", "house", "Stuart ")
    assert import_deck(str(folder), sheet).changed == 0


# -- a fourth look: long sessions of a teacher and a colleague ------------------------------------

def _reigns_by_name(folder: Path) -> dict[str, str]:
    return {c.name: str(c.values["reign"]) for c in load_deck(str(folder), ALL_CARDS).cards}


def test_a_card_renamed_by_another_sheet_after_edits_still_takes_this_sheets_edits(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    export_deck(str(folder), a)
    export_deck(str(folder), b)
    set_csv_cell(a, "charles-i", "title", "The Martyr King")
    set_csv_cell(a, "charles-i", "caption", "Edited in sheet a.")
    import_deck(str(folder), a)
    set_csv_cell(b, "charles-i", "name", "Charles the Martyr")
    import_deck(str(folder), b)
    set_csv_cell(a, "charles-i", "note", "Executed at Whitehall")
    result = import_deck(str(folder), a)
    assert result.names == ["Charles the Martyr"] and result.kept == ["Charles the Martyr"] and not result.gone
    card = next(c for c in load_deck(str(folder), ALL_CARDS).cards if c.name == "Charles the Martyr")
    assert card.values["note"] == "Executed at Whitehall" and card.values["caption"] == "Edited in sheet a."


def test_an_import_that_changes_nothing_still_notes_what_the_sheet_held(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    sheet = tmp_path / "a.csv"
    export_deck(str(folder), sheet)
    original = _captions(folder)["John"]
    set_csv_cell(sheet, "john", "caption", "X")
    _edit_in_yaml(folder, original, "X")
    assert import_deck(str(folder), sheet).changed == 0
    _edit_in_yaml(folder, "X", original)                 # the web editor takes it back
    result = import_deck(str(folder), sheet)
    assert result.changed == 0 and result.kept == ["John"] and _captions(folder)["John"] == original


def test_a_swap_in_one_sheet_does_not_send_another_sheets_edit_to_the_wrong_card(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    s0, s1 = tmp_path / "s0.csv", tmp_path / "s1.csv"
    export_deck(str(folder), s0)
    export_deck(str(folder), s1)
    set_csv_cell(s0, "henry-iv", "name", "Henry VI")
    set_csv_cell(s0, "henry-vi", "name", "Henry IV")
    import_deck(str(folder), s0)
    set_csv_cell(s1, "henry-iv", "title", "The first Lancaster")      # the row of the card reigning 1399-1413
    result = import_deck(str(folder), s1)
    assert result.changed == 1 and sorted(result.kept) == ["Henry IV", "Henry VI"]     # the swapped names, kept
    titled = [c for c in load_deck(str(folder), ALL_CARDS).cards if c.values.get("title") == "The first Lancaster"]
    assert len(titled) == 1 and str(titled[0].values["reign"]) == "1399\u20131413"


# -- reading workbooks as Excel writes them ----------------------------------------------------------

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_KIND = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _excel_like(path: Path) -> Path:
    """A workbook written the way Excel writes one, not openpyxl: shared texts (one in two runs,
    with a phonetic guide), a prefixed namespace, a custom date format, cells without references,
    a shared formula, and a sheet of notes in front of the cards."""
    import zipfile

    parts = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        "_rels/.rels": f'<Relationships xmlns="{_RELS}"><Relationship Id="r1" Type="{_KIND}/officeDocument" '
                       'Target="/xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<x:workbook xmlns:x="{_MAIN}" xmlns:r="{_KIND}"><x:workbookPr date1904="0"/><x:sheets>'
                           '<x:sheet name="Notes" sheetId="1" r:id="rNotes"/><x:sheet name="Kings" sheetId="2" '
                           'r:id="rKings"/></x:sheets></x:workbook>',
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{_RELS}">'
            f'<Relationship Id="rNotes" Type="{_KIND}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rKings" Type="{_KIND}/worksheet" Target="worksheets/sheet2.xml"/>'
            f'<Relationship Id="rS" Type="{_KIND}/sharedStrings" Target="sharedStrings.xml"/>'
            f'<Relationship Id="rY" Type="{_KIND}/styles" Target="styles.xml"/></Relationships>',
        "xl/sharedStrings.xml": f'<sst xmlns="{_MAIN}"><si><t>id</t></si><si><t>name</t></si><si><t>reign</t></si>'
            '<si><r><t>Henry </t></r><r><rPr><b/></rPr><t xml:space="preserve">VIII</t></r>'
            '<rPh sb="0" eb="1"><t>HENRI</t></rPh></si><si><t>Notes for the class</t></si></sst>',
        "xl/styles.xml": f'<styleSheet xmlns="{_MAIN}"><numFmts count="1"><numFmt numFmtId="164" '
            'formatCode="dd/mm/yyyy"/></numFmts><cellStyleXfs count="1"><xf numFmtId="164"/></cellStyleXfs>'
            '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>',
        "xl/worksheets/sheet1.xml": f'<worksheet xmlns="{_MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>4</v></c>'
                                    '</row></sheetData></worksheet>',
        "xl/worksheets/sheet2.xml": f'<x:worksheet xmlns:x="{_MAIN}"><x:sheetData>'
            '<x:row r="1"><x:c t="s"><x:v>0</x:v></x:c><x:c t="s"><x:v>1</x:v></x:c><x:c t="s"><x:v>2</x:v></x:c>'
            '<x:c t="inlineStr"><x:is><x:t>flag</x:t></x:is></x:c></x:row>'
            '<x:row r="3"><x:c r="A3" t="inlineStr"><x:is><x:t>henry-viii</x:t></x:is></x:c><x:c r="B3" t="s">'
            '<x:v>3</x:v></x:c><x:c r="C3" s="1"><x:v>45385</x:v></x:c><x:c r="D3" t="b"><x:v>1</x:v></x:c></x:row>'
            '<x:row r="4"><x:c r="A4" t="str"><x:f>"x"</x:f><x:v>x</x:v></x:c>'
            '<x:c r="B4"><x:f t="shared" ref="B4:B5" si="0">'
            'A3&amp;"!"</x:f><x:v>henry-viii!</x:v></x:c></x:row>'
            '<x:row r="5"><x:c r="B5"><x:f t="shared" si="0"/><x:v>7.0</x:v></x:c></x:row>'
            '</x:sheetData></x:worksheet>',
    }
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as book:
        for name, text in parts.items():
            book.writestr(name, text)
    return path


def test_a_workbook_written_as_excel_writes_one_is_read_cell_by_cell(tmp_path):
    from printgen.files.sheet_problems import Problems

    sheet = _excel_like(tmp_path / "kings.xlsx")
    problems = Problems(sheet)
    table = read_table(sheet, problems)
    assert table.header == ["id", "name", "reign", "flag"]     # the sheet whose first cell says id, not the notes
    henry = dict(table.rows)[3]           # runs joined, the phonetic guide left out; a date; a yes/no
    assert henry == ["henry-viii", "Henry VIII", "2024-04-03 00:00:00", "true"]
    said = sorted(str(p) for p in problems.found)
    assert len(said) == 3 and all("holds a formula" in s for s in said), said
    assert any("row 4" in s and "(=A3&\"!\")" in s for s in said)
    assert any("row 5" in s and "holds a formula (one shared with the cell above or beside it); type the text "
               "itself" in s for s in said), said         # said whole, not cut at 40 characters
    assert any("row 4" in s and "column 'id'" in s for s in said)     # a formula's text result is not typed text


def test_the_csv_text_mark_gives_back_every_value_exactly():
    import itertools

    from printgen.files.sheets import from_csv_cell, runs_as_formula, to_csv_cell

    letters = ["'", "=", "+", "-", "@", "\t", "3", ".", "a"]
    for size in range(5):
        for value in map("".join, itertools.product(letters, repeat=size)):
            cell = to_csv_cell(value)
            assert from_csv_cell(cell) == value, value
            assert not runs_as_formula(cell), value
    assert to_csv_cell("-3") == "-3" and to_csv_cell("-2.5") == "-2.5"       # a negative number stays a number
    assert from_csv_cell("=SUM(A1)") == "=SUM(A1)"           # unmarked: a CSV file holds no formulas, only text


def test_a_column_of_the_teachers_own_is_said_and_left_out_but_a_misspelt_field_is_refused(deck_copy, tmp_path):
    """A teacher adds a 'Group' column to plan the homework: it is no field and nothing like one,
    so the import says so and takes the rest; 'Caption' is close to a field, so it is a mistake."""
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    rows = list(csv.reader(io.StringIO(sheet.read_text(encoding="utf-8-sig"), newline="")))
    rows = [row + ["Group" if number == 0 else "B"] for number, row in enumerate(rows)]
    with sheet.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)
    set_csv_cell(sheet, "john", "caption", "Taken with the Group column beside it.")
    result = import_deck(str(folder), sheet)
    assert result.ignored == ["Group"] and result.names == ["John"]
    assert _captions(folder)["John"] == "Taken with the Group column beside it."
    sheet.write_text(sheet.read_text(encoding="utf-8").replace(",caption,", ",Caption,", 1), encoding="utf-8")
    with pytest.raises(UserError) as caught:
        import_deck(str(folder), sheet)
    assert "'Caption' is not a field of this deck" in str(caught.value) and caught.value.hint


@pytest.mark.parametrize("suffix, says", [(".ods", "LibreOffice Calc choose File > Save As"),
                                          (".numbers", "Export To > Excel"), (".txt", "cards.csv")])
def test_a_sheet_saved_in_another_format_is_told_how_to_save_it(deck_copy, tmp_path, suffix, says):
    folder = deck_copy("cromwell")
    sheet = tmp_path / f"cards{suffix}"
    sheet.write_bytes(b"PK\x03\x04")
    with pytest.raises(UserError) as caught:
        import_deck(str(folder), sheet)
    assert "should end in .csv or .xlsx" in caught.value.message and says in (caught.value.hint or "")
