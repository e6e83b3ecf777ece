"""A sheet adds and deletes cards, has its id column anywhere, and tells every problem at once."""

from __future__ import annotations

import csv
import difflib
import io
from pathlib import Path

import pytest
from badinput import assert_refused, run_limited
from test_spreadsheet import comments

from printgen.editing.sheets.export import export_deck
from printgen.editing.sheets.sheet_import import import_deck
from printgen.files.errors import UserError
from printgen.model.load import ALL_CARDS, load_deck


def read_rows(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"), newline="")))


def write_rows(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)


def new_row(header: list[str], **values: str) -> list[str]:
    return [values.get(name, "") for name in header]


def edit(path: Path, card_id: str, column: str, value: str) -> None:
    """Set a cell of the row whose id is `card_id`, wherever the id column stands."""
    rows = read_rows(path)
    at, index = rows[0].index("id"), rows[0].index(column)
    row = next(r for r in rows if r[at] == card_id)
    row[index] = value
    write_rows(path, rows)


def without(path: Path, *card_ids: str) -> None:
    rows = read_rows(path)
    at = rows[0].index("id")
    write_rows(path, [r for r in rows if r[at] not in card_ids])


def changed_lines(before: str, after: str) -> list[str]:
    return [d for d in difflib.ndiff(before.splitlines(), after.splitlines()) if d[:2] in ("- ", "+ ")]


@pytest.fixture
def cromwell(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    return folder, sheet


def test_a_row_without_an_id_adds_a_card_written_like_its_neighbours(cromwell):
    folder, sheet = cromwell
    before = (folder / "deck.yaml").read_text(encoding="utf-8")
    rows = read_rows(sheet)
    # the id column moved to the middle, as a teacher dragging columns might
    moved = [r[1:4] + [r[0]] + r[4:] for r in rows]
    moved.append(new_row(moved[0], name="Mary III", reign="2090-2100", house="Windsor",
                         caption="A queen from the future, 'they' said."))
    write_rows(sheet, moved)
    result = import_deck(str(folder), sheet)
    assert result.added == ["Mary III"] and not result.deleted and result.changed == 0
    after = (folder / "deck.yaml").read_text(encoding="utf-8")
    assert changed_lines(before, after) == [
        "+ ", "+   - name: Mary III", "+     house: Windsor", "+     reign: 2090-2100",
        "+     caption: \"A queen from the future, \u2018they\u2019 said.\""]
    assert after.endswith('said."\n') and comments(after) == comments(before)
    mary = next(c for c in load_deck(str(folder), ALL_CARDS).cards if c.id == "mary-iii")
    assert mary.values["house"].name == "Windsor"
    # the same sheet again adds nothing; an edit of the new row reaches the card it added
    assert import_deck(str(folder), sheet).added == []
    rows = read_rows(sheet)
    rows[-1][rows[0].index("caption")] = "Edited after it was added."
    write_rows(sheet, rows)
    again = import_deck(str(folder), sheet)
    assert again.names == ["Mary III"] and again.added == [] and not again.deleted
    assert (folder / "deck.yaml").read_text(encoding="utf-8").count("- name: Mary III") == 1


@pytest.mark.parametrize("typed_id", ["mary-iii", "mary3"])
def test_a_row_copied_with_its_check_and_given_a_new_id_is_a_new_card_at_every_import(cromwell, typed_id):
    """Copying a whole row copies its hidden check cell too: the copy is still a new card, and the
    next imports of the sheet know it as the card it added."""
    folder, sheet = cromwell
    rows = read_rows(sheet)
    header = rows[0]
    copy = list(next(r for r in rows if r[0] == "mary-ii"))
    copy[0], copy[header.index("name")], copy[header.index("reign")] = typed_id, "Mary III", "2090-2100"
    write_rows(sheet, rows + [copy])
    assert import_deck(str(folder), sheet).added == ["Mary III"]
    again = import_deck(str(folder), sheet)
    assert (again.added, again.deleted, again.changed) == ([], [], 0)
    edit(sheet, typed_id, "caption", "Edited in the copied row.")
    third = import_deck(str(folder), sheet)
    assert third.names == ["Mary III"] and not third.added
    mary = next(c for c in load_deck(str(folder), ALL_CARDS).cards if c.name == "Mary III")
    assert mary.values["caption"] == "Edited in the copied row."
    assert (folder / "deck.yaml").read_text(encoding="utf-8").count("- name: Mary II\n") == 1


def test_deleted_rows_delete_exactly_their_cards_and_keep_the_notes_around(cromwell):
    folder, sheet = cromwell
    before = (folder / "deck.yaml").read_text(encoding="utf-8")
    without(sheet, "william-i", "stephen", "charles-iii")
    result = import_deck(str(folder), sheet)
    assert result.deleted == ["William I", "Stephen", "Charles III"] and not result.missing
    after = (folder / "deck.yaml").read_text(encoding="utf-8")
    assert comments(after) == comments(before), "a heading above a deleted card belongs to the next one"
    assert "  # --- Normandy ---\n  - name: William II\n" in after
    assert "  # --- Blois ---\n\n  # --- Plantagenet ---\n  - name: Henry II\n" in after
    assert after.endswith('"\n') and not after.endswith("\n\n")
    assert len(load_deck(str(folder), ALL_CARDS).cards) == 40


def test_a_note_that_names_the_card_goes_with_it(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    path = folder / "deck.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  - name: John\n", "  # John: the Magna Carta king\n  - name: John\n"),
                    encoding="utf-8")
    sheet = tmp_path / "cards.csv"
    export_deck(str(folder), sheet)
    without(sheet, "john")
    import_deck(str(folder), sheet)
    after = path.read_text(encoding="utf-8")
    assert "Magna Carta" not in after and "\n\n\n" not in after


def test_a_card_a_rule_sheet_shows_is_not_deleted(cromwell, tmp_path):
    folder, sheet = cromwell
    before = (folder / "deck.yaml").read_bytes()
    without(sheet, "henry-vii", "john")
    outcome = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert_refused(outcome, file="cards.csv", card="Henry VII",
                   says=["the row of 'Henry VII' was deleted", "the rule sheet rules/cromwell.md (line",
                         "cannot be deleted", "put the row back", "nothing was written"])
    assert (folder / "deck.yaml").read_bytes() == before


def test_a_card_added_to_deck_yaml_after_the_export_is_kept(cromwell, tmp_path):
    folder, sheet = cromwell
    path = folder / "deck.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\n  - name: Lady Jane Grey\n    house: Tudor\n"
                    "    reign: 1553\n", encoding="utf-8")          # added in the web editor, say
    without(sheet, "john")
    done = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert done.code == 0, done.err
    assert "deleted 1 card (John)" in done.out and "1 card of deck.yaml has no row in the sheet (Lady Jane Grey) " \
        "and was kept: it was added to deck.yaml after the sheet was exported" in done.err, done
    names = {c.name for c in load_deck(str(folder), ALL_CARDS).cards}
    assert "Lady Jane Grey" in names and "John" not in names
    # at the next import of the same sheet the record knows its rows: Jane is still not the sheet's
    again = import_deck(str(folder), sheet)
    assert not again.deleted and again.missing == ["Lady Jane Grey"]


def test_without_a_check_column_a_missing_row_deletes_nothing(cromwell, tmp_path):
    folder, sheet = cromwell
    write_rows(sheet, [r[:-1] for r in read_rows(sheet)])
    without(sheet, "john")
    done = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert done.code == 0, done.err
    assert "1 card of deck.yaml has no row in the sheet (John) and was kept" in done.err, done.err
    assert "- name: John\n" in (folder / "deck.yaml").read_text(encoding="utf-8")


def test_an_id_emptied_by_mistake_is_still_its_cards_row(cromwell):
    folder, sheet = cromwell
    edit(sheet, "john", "id", "")
    result = import_deck(str(folder), sheet)
    assert not result.added and not result.deleted and result.changed == 0


def test_flow_cards_are_added_and_deleted_in_their_braces(deck_copy, tmp_path):
    folder = deck_copy("standard")
    sheet = tmp_path / "standard.csv"
    export_deck(str(folder), sheet)
    rows = read_rows(sheet)
    header = rows[0]
    write_rows(sheet, [rows[0], rows[1], new_row(header, name="Blue Joker", joker="TRUE")])
    result = import_deck(str(folder), sheet)
    assert (result.added, result.deleted) == (["Blue Joker"], ["Black Joker"])
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    assert "  - {name: Red Joker, joker: true}\n  - {name: Blue Joker, joker: true}\n" in text


def test_a_pack_a_deletion_breaks_is_told_from_the_sheets_side(deck_copy, tmp_path):
    folder = deck_copy("standard")
    sheet = tmp_path / "standard.csv"
    export_deck(str(folder), sheet)
    without(sheet, "black-joker")
    with pytest.raises(UserError) as caught:
        import_deck(str(folder), sheet)
    message = str(caught.value)
    assert message.startswith("standard.csv: with the row of Black Joker deleted, the pack 'with-jokers' should "
                              "have 54 cards but has 53") or "/standard.csv: with the row of Black Joker" in message
    assert "hint: put back the deleted row; if the deck is meant to change, first change what deck.yaml says" in message


def test_a_deck_whose_cards_are_generated_says_so_plainly():
    from printgen.editing.cardlist import list_problem
    from printgen.editing.roundtrip import DeckSource

    said = list_problem(DeckSource("spanish"))
    assert said is not None and "made by its generate: rule" in said and "cannot be added or deleted" in said
    assert list_problem(DeckSource("standard")) is None          # its jokers are a list


def test_every_problem_of_a_sheet_is_told_in_one_run(cromwell, tmp_path):
    folder, sheet = cromwell
    before = (folder / "deck.yaml").read_bytes()
    rows = read_rows(sheet)
    header = rows[0]
    by_id = {r[0]: r for r in rows}
    by_id["john"][header.index("house")] = "Tudro"
    by_id["henry-v"][header.index("reign")] = "1413-1400"
    by_id["william-i"][header.index("in_play")] = "maybe"
    by_id["anne"][header.index("name")] = "Victoria"
    by_id["henry-viii"][header.index("caption")] = "A good edit, not written either."
    rows.append(new_row(header, name="Mary III", house="Windsr", reign="2090-2100"))
    rows.append(new_row(header, house="Windsor", reign="2090-2100", caption="No name."))
    write_rows(sheet, rows)
    outcome = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert_refused(outcome, file="cards.csv", says=["6 problems, one a line", "nothing was written"])
    lines = outcome.err.splitlines()
    expected = [
        "  row 2, card 'William I', column 'in_play': should be true or false \u2014 write true or false",
        "  row 8, card 'John', column 'house': unknown house 'Tudro' \u2014 did you mean 'Tudor'?",
        "  row 15, card 'Henry V', column 'reign': the span 1413-1400 ends before it starts",
        "  row 32, card 'Anne', column 'name': 'Victoria' is already the name of another card, 'Victoria' (row 38)",
        "  row 45, card 'Mary III', column 'house': unknown house 'Windsr' \u2014 did you mean 'Windsor'?",
        "  row 46, column 'name': the name is blank, and every card needs one \u2014 fill in the 'name' column",
    ]
    found = [next((line for line in lines if line.startswith(e)), None) for e in expected]
    assert all(found), outcome.err
    assert [lines.index(f) for f in found] == sorted(lines.index(f) for f in found), "told row by row"
    assert (folder / "deck.yaml").read_bytes() == before and not (folder / "deck.yaml.bak").exists()


def test_many_problems_are_counted_after_the_first_fifty(cromwell):
    folder, sheet = cromwell
    rows = read_rows(sheet)
    house = rows[0].index("house")
    for row in rows[1:]:
        row[house] = "Nowhere"
    rows += [new_row(rows[0], name=f"Extra {n}", house="Nowhere", reign="2000") for n in range(20)]
    write_rows(sheet, rows)
    with pytest.raises(UserError) as caught:
        import_deck(str(folder), sheet)
    message = str(caught.value)
    assert "63 problems" in message and message.endswith("\n  and 13 more"), message[-300:]
    assert message.count("unknown house 'Nowhere'") == 50


def test_formulas_and_bad_columns_are_told_with_the_bad_values(deck_copy, tmp_path):
    from openpyxl import load_workbook

    folder = deck_copy("cromwell")
    sheet = tmp_path / "cards.xlsx"
    export_deck(str(folder), sheet)
    book = load_workbook(sheet)
    cards = book["cards"]
    header = [c.value for c in cards[1]]
    cards.cell(row=5, column=header.index("caption") + 1).value = "=1+1"
    cards.cell(row=6, column=header.index("caption") + 1).value = "=A1"
    cards.cell(row=1, column=header.index("note") + 1).value = "notes"
    cards.cell(row=8, column=header.index("house") + 1).value = "Tudro"
    new = cards.max_row + 1                    # a new row (no id): its card is named by its name cell
    for name, value in (("name", "Matilda"), ("house", "Normandy"), ("reign", "1141"), ("caption", "=B2")):
        cards.cell(row=new, column=header.index(name) + 1).value = value
    book.save(sheet)
    with pytest.raises(UserError) as caught:
        import_deck(str(folder), sheet)
    message = str(caught.value)
    # every line names its row, its card and its column
    for words in ("row 1, column 'notes': 'notes' is not a field of this deck", "row 5, card 'Stephen', column "
                  "'caption': this cell holds a formula (=1+1)", "row 6, card 'Henry II', column 'caption': this cell "
                  "holds a formula (=A1)", "row 8, card 'John', column 'house': unknown house 'Tudro'",
                  f"row {new}, card 'Matilda', column 'caption': this cell holds a formula (=B2)"):
        assert words in message, message


def test_a_conflict_shows_where_the_two_values_differ(cromwell):
    folder, sheet = cromwell
    path = folder / "deck.yaml"
    old = "Legend says I lost my treasure in the Wash in 1216. People still hunt for it."
    longer = old + " Some say it lies under the fields near Sutton Bridge, others that it never existed at all."
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, longer), encoding="utf-8")      # changed in deck.yaml after the export
    edit(sheet, "john", "caption", longer.replace("near Sutton", "by Sutton"))     # and in the sheet
    with pytest.raises(UserError) as caught:
        import_deck(str(folder), sheet)
    message = str(caught.value)
    assert "deck.yaml has '\u2026lies under the fields [near] Sutton Bridge, others\u2026', the sheet " \
           "'\u2026lies under the fields [by] Sutton Bridge, others\u2026'" in message, message
    short = "Short and changed."
    edit(sheet, "john", "caption", short)
    with pytest.raises(UserError) as caught:
        import_deck(str(folder), sheet)
    assert f"the sheet '[{short}]'" in str(caught.value)


def test_text_differences_are_marked_around_the_changed_words():
    from printgen.editing.textdiff import shown_pair

    long = "I crossed from Normandy, won at Hastings, and was crowned on Christmas Day 1066 in Westminster Abbey."
    assert shown_pair(long, long.replace("Hastings", "Stamford Bridge")) == (
        "'\u2026from Normandy, won at [Hastings,] and was crowned on\u2026'",
        "'\u2026from Normandy, won at [Stamford Bridge,] and was crowned on\u2026'")
    assert shown_pair("lost my treasure", "lost all my treasure") == ("'lost [my] treasure'",
                                                                      "'lost [all my] treasure'")
    assert shown_pair("", "new") == ("nothing", "'[new]'")
    assert shown_pair("Tudor", "Stuart") == ("'[Tudor]'", "'[Stuart]'")


def test_import_notes_read_in_the_singular_and_with_what_is_left_to_change(cromwell):
    from click.testing import CliRunner

    from printgen.commands.edit import import_cmd

    folder, sheet = cromwell
    path = folder / "deck.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - name: Edward VIII\n")
    path.write_text(text[:start] + text[text.index("  - name: George VI\n"):], encoding="utf-8")    # deleted since
    done = CliRunner().invoke(import_cmd, [str(folder), str(sheet)])
    assert done.exit_code == 0, done.output
    assert ("the row of Edward VIII names no card of deck.yaml any more (deleted since the sheet was exported): it was "
            "left out") in done.stderr, done.stderr
    assert done.stdout == "nothing else to change: every other value in the sheet's rows is already in deck.yaml\n"
    # with no note, there is nothing to change at all
    export_deck(str(folder), sheet, force=True)
    done = CliRunner().invoke(import_cmd, [str(folder), str(sheet)])
    assert done.stderr == "" and done.stdout == "nothing to change: every value in the sheet's rows is already in " \
                                                "deck.yaml\n", done.output


def test_a_row_copied_with_its_id_is_a_new_card_when_renamed_and_a_duplicate_when_not(cromwell):
    folder, sheet = cromwell
    rows = read_rows(sheet)
    header = rows[0]
    john = next(r for r in rows if r[header.index("id")] == "john")
    twice = rows + [list(john)]                         # pasted twice: refused, saying where the other row is
    write_rows(sheet, twice)
    with pytest.raises(UserError) as caught:
        import_deck(str(folder), sheet)
    assert str(caught.value).endswith(f"row {len(twice)}, card 'John', column 'id': the card 'John' is on row "
                                      f"{rows.index(john) + 1} too\n  hint: keep one row per card"), str(caught.value)
    copy = list(john)                                   # copied, id and all, to start a new card
    copy[header.index("name")], copy[header.index("reign")] = "Johnny", "1300-1301"
    write_rows(sheet, rows + [copy])
    result = import_deck(str(folder), sheet)
    assert (result.added, result.gone, result.deleted) == (["Johnny"], [], [])
    again = import_deck(str(folder), sheet)
    assert (again.added, again.gone, again.changed) == ([], [], 0)
