"""What a teacher met when trying the spreadsheet round trip, the web editor, `new`, `list` and
`build --watch`: each case the way she met it, and what she must see instead."""

from __future__ import annotations

import json
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
    root = tmp_path_factory.mktemp("review")
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


# --- 1. a blank name -------------------------------------------------------------------------

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


def test_a_blank_name_in_the_web_editor_is_a_400_naming_the_card(cromwell_sheet, tmp_path):
    from printgen.editing.web.server import Editor, create_app

    folder = tmp_path / "cromwell"
    shutil.copytree(cromwell_sheet[0], folder)
    before = (folder / "deck.yaml").read_bytes()
    editor = Editor(folder, tmp_path / "out")
    client = create_app(editor).test_client()
    headers = {"X-Printgen-Token": editor.token}
    version = editor.source().version
    for url, body in (("/api/save", {"version": version, "edits": {"john": {"name": ""}}}),
                      ("/api/preview", {"card": "john", "edits": {"john": {"name": ""}}}),
                      ("/api/save", {"version": version, "edits": {"john": {"caption": "half \ud83d"}}})):
        answer = client.post(url, data=json.dumps(body), content_type="application/json", headers=headers)
        assert answer.status_code == 400, (url, answer.status_code, answer.get_data(as_text=True)[:500])
        data = answer.get_json()
        assert data["card"] == "john", data                  # the card's key on the page, to show it
    said = client.post("/api/save", json={"version": version, "edits": {"john": {"name": ""}}},
                       headers=headers).get_json()["error"]
    # the page's words: the card and its box, what to do there; no YAML, no file, no line
    assert said == "John, the Name box: the name is blank, and every card needs one. Fill in the Name box.", said
    assert (folder / "deck.yaml").read_bytes() == before


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


# --- 2. formula cells ------------------------------------------------------------------------

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


# --- 3. printgen new -------------------------------------------------------------------------

def test_new_prints_commands_that_work_when_pasted(tmp_path):
    import shlex

    from conftest import run_cli

    made = run_cli("new", "My Deck!", cwd=tmp_path)
    assert made.code == 0, made.err
    line = next(l for l in made.out.splitlines() if l.startswith("next: "))
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


# --- 4. import's messages --------------------------------------------------------------------

def test_deleted_rows_delete_their_cards_and_the_message_names_them(deck_and_sheet, tmp_path):
    folder, sheet = deck_and_sheet
    before = (folder / "deck.yaml").read_text(encoding="utf-8")
    lines = sheet.read_text(encoding="utf-8-sig").splitlines(keepends=True)
    sheet.write_text("".join(l for l in lines if not l.startswith(("john,", "anne,"))), encoding="utf-8")
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


# --- 5. plurals, the options `list` shows, what --watch reports --------------------------------

def test_one_change_reads_in_the_singular(deck_and_sheet, tmp_path):
    folder, sheet = deck_and_sheet
    set_csv_cell(sheet, "john", "caption", "Lost his treasure in the Wash.")
    done = run_limited(["import", str(folder), str(sheet)], tmp_path)
    assert done.code == 0, done.err
    assert "changed 1 value on 1 card (John);" in done.out, done.out


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
    from printgen.games.cromwell.tables import OPTIONS
    from printgen.model.load import ALL_CARDS, load_deck

    prepared = Cromwell().prepare(load_deck("cromwell", ALL_CARDS), "basic", {})
    for key in ("knowledge", "even_up", "leave_out", "stalemate", "scoring"):
        assert getattr(prepared, key) == OPTIONS[key][1], key


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
