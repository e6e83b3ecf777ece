"""Bad rule sheets, score sheets and boards: each is refused at its file and line, or laid out
sensibly, never a traceback, with earlier output untouched.

One good build per kind of document is shared by the cases of that kind; each case breaks one
file and puts it back afterwards, so the good build's bytes stay the reference.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from badinput import assert_refused, run_limited, workspace

from printgen.files.errors import UserError

RULES = "rules/cromwell.md"
SHEET = "sheets/cromwell-score.yaml"
BOARD = "boards/cromwell-mat.yaml"


def _shared(tmp_path_factory, only: str, deck: str = "cromwell"):
    return workspace(tmp_path_factory.mktemp(only), deck, only=only)


@pytest.fixture(scope="module")
def rules_ws(tmp_path_factory):
    return _shared(tmp_path_factory, "rules")


@pytest.fixture(scope="module")
def sheets_ws(tmp_path_factory):
    return _shared(tmp_path_factory, "sheets")


@pytest.fixture(scope="module")
def boards_ws(tmp_path_factory):
    return _shared(tmp_path_factory, "boards")


@pytest.fixture
def rules(rules_ws):
    yield from _restoring(rules_ws, RULES, "deck.yaml")


@pytest.fixture
def sheets(sheets_ws):
    yield from _restoring(sheets_ws, SHEET)


@pytest.fixture
def boards(boards_ws):
    yield from _restoring(boards_ws, BOARD)


def _restoring(ws, *relatives: str):
    saved = {r: (ws.deck / r).read_bytes() for r in relatives}
    yield ws
    for relative, data in saved.items():
        (ws.deck / relative).write_bytes(data)


def _append(ws, text: str) -> int:
    """Add Markdown at the end of the rule sheet; the line its first line lands on."""
    path = ws.deck / RULES
    old = path.read_text(encoding="utf-8")
    old = old if old.endswith("\n") else old + "\n"
    path.write_text(old + "\n" + text, encoding="utf-8")
    return old.count("\n") + 2


# --- 1. not UTF-8 -----------------------------------------------------------------------------

def test_rule_sheet_not_utf8_names_the_line_of_the_bad_byte(rules):
    line = rules.line_of(RULES, "## Dealing")
    data = (rules.deck / RULES).read_bytes().replace(b"## Dealing", b"## Dealing \xe9t\xe9", 1)
    rules.write_bytes(RULES, data)
    assert_refused(rules.build("--only", "rules"), rules, file=RULES, line=line, says=["not UTF-8", "0xE9"])


# --- 2. front matter and what it names ----------------------------------------------------------

def test_unknown_front_matter_key_at_its_line(rules):
    rules.edit(RULES, lambda t: t.replace("\nage: ", "\nagee: ", 1))
    assert_refused(rules.build("--only", "rules"), rules, file=RULES, line=rules.line_of(RULES, "agee:"),
                   says=["'agee' is not a front matter setting", "did you mean 'age'?"])


@pytest.mark.parametrize("broken", ["age: [11", 'age: "11', "age: 11: 12"])
def test_front_matter_yaml_error_at_the_files_line(rules, broken):
    rules.edit(RULES, lambda t: t.replace("\nage: 11+", "\n" + broken, 1))
    # The hardened YAML reader words it ("never closed", "contains ': '"); the line is what matters.
    assert_refused(rules.build("--only", "rules"), rules, file=RULES, line=rules.line_of(RULES, broken))


def test_pack_named_by_a_rule_sheet_of_a_deck_without_packs(rules):
    rules.edit(RULES, lambda t: t.replace("\nage: 11+", "\npack: forty", 1))
    assert_refused(rules.build("--only", "rules"), rules, file=RULES, line=rules.line_of(RULES, "pack: forty"),
                   says=["pack 'forty'", "has no packs"])


def test_unknown_pack_gets_a_did_you_mean(tmp_path):
    ws = workspace(tmp_path, "spanish", build_first=False)
    ws.edit("rules/burro.md", lambda t: t.replace('pack: "48"', 'pack: "488"', 1))
    assert_refused(ws.build("--only", "rules"), file="burro.md", line=ws.line_of("rules/burro.md", 'pack: "488"'),
                   says=["no pack '488'", "did you mean '48'?"])


def test_card_picture_of_a_card_that_does_not_exist(rules):
    line = _append(rules, "![The king](card:henry-viiii)\n")
    assert_refused(rules.build("--only", "rules"), rules, file=RULES, line=line,
                   says=["no card with the id 'henry-viiii'", "did you mean 'henry-viii'?"])


# --- 3. what cannot fit on a page -------------------------------------------------------------

def test_table_with_too_many_columns_is_refused_with_the_limit(rules):
    columns = 30
    table = ("| " + " | ".join(f"C{i}" for i in range(columns)) + " |\n|" + "---|" * columns + "\n| "
             + " | ".join("x" for _ in range(columns)) + " |\n")
    line = _append(rules, table)
    outcome = rules.build("--only", "rules")
    assert_refused(outcome, rules, file=RULES, line=line, says=["30 columns", "at most"])
    most = int(re.search(r"at most (\d+)", outcome.err).group(1))
    assert 6 <= most < columns


def test_card_picture_wider_than_the_page_is_refused(rules):
    line = _append(rules, 'Some text first.\n\n![Henry](card:henry-viii "500mm")\n')
    assert_refused(rules.build("--only", "rules"), rules, file=RULES, line=line + 2,
                   says=["500 mm wide", "to fit a page column"])


def _char_boxes(pdf: Path, needle: str) -> list[tuple[float, float, float, float]]:
    """Boxes (points) of every character of every occurrence of `needle` in the PDF, per page."""
    import pypdfium2 as pdfium

    boxes = []
    doc = pdfium.PdfDocument(pdf)
    for page in doc:
        text = page.get_textpage()
        whole = text.get_text_range()
        width = page.get_width()
        for match in re.finditer(re.escape(needle[:12]), whole):
            boxes += [(*text.get_charbox(i), width) for i in range(match.start(), match.end())]
    return boxes


def test_long_unbreakable_words_in_a_table_wrap_inside_the_column(rules, tmp_path):
    word = "Supercalifragilisticexpialidocious" * 4
    _append(rules, f"| Word | Meaning |\n|---|---|\n| {word} | {'x' * 300} |\n")
    out = tmp_path / "out"
    built = run_limited(["build", rules.deck.name, "--out", str(out), "--quiet", "--only", "rules"], rules.root)
    assert built.code == 0, built.err
    pdf = out / "cromwell" / "cromwell-rules.pdf"
    boxes = _char_boxes(pdf, word)
    assert boxes, "the long word is not in the PDF"
    page_width = boxes[0][4]
    margin = 10 / 25.4 * 72
    assert all(left >= margin - 1 and right <= page_width - margin + 1 for left, _, right, _, _ in boxes), \
        "a long word runs out of the page column"


def test_table_cell_taller_than_a_page_splits_across_columns(rules, tmp_path):
    """The houses table with a house note of many paragraphs: the row splits, nothing is lost."""
    paragraphs = [f"Paragraph {n} of the note about the Normans, " + "who built castles and churches. " * 12
                  for n in range(1, 23)]      # about 9,500 characters: under the 10,000 a value may hold
    note = "\\n\\n".join(paragraphs)
    rules.edit("deck.yaml", lambda t: t.replace("  - name: Normandy\n", f'  - name: Normandy\n    note: "{note}"\n', 1))
    rules.edit(RULES,
               lambda t: t.replace("| **{{ house.name }}** |", "| **{{ house.name }}** {{ house.note or '' }} |", 1))
    out = tmp_path / "out"
    built = run_limited(["build", rules.deck.name, "--out", str(out), "--quiet", "--only", "rules"], rules.root)
    assert built.code == 0, built.err
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(out / "cromwell" / "cromwell-rules.pdf")
    text = " ".join(page.get_textpage().get_text_range() for page in doc).replace("\r", "").replace("\n", " ")
    assert "Paragraph 22 of the note" in text and "Paragraph 1 of the note" in text
    assert len(doc) > 2


def _styles_and_page():
    from printgen.draw.documents.document import make_styles
    from printgen.draw.fonts import FontSet
    from printgen.model.layouts import load_layout
    from printgen.model.load import load_deck

    deck = load_deck("cromwell")
    layout = load_layout(deck.layout, deck)
    return make_styles(FontSet(layout.fonts)), (layout.paper.width, layout.paper.height)


def test_a_flowable_reportlab_cannot_place_is_reported_at_its_line(tmp_path):
    from reportlab.platypus import Paragraph, Spacer

    from printgen.draw.documents.document import Source, TitleInfo, build_document, tag

    styles, page = _styles_and_page()
    source = Source(tmp_path / "rules.md", lambda line: line + 10)

    def story():
        return [tag(Paragraph("fine", styles["body"]), source, 1, "paragraph"),
                tag(Spacer(10, 5000), source, 7, "picture")]

    with pytest.raises(UserError) as caught:
        build_document(page, 10, styles, story, TitleInfo("T"), "foot", source=source)
    error = caught.value
    assert error.where.file == source.file and error.where.line == 17, str(error)
    assert "picture does not fit in a page column" in error.message


def test_any_reportlab_failure_while_drawing_names_the_file_and_line(tmp_path):
    from reportlab.platypus import Flowable

    from printgen.draw.documents.document import Source, TitleInfo, build_document, tag

    class Broken(Flowable):
        def wrap(self, width, height):
            return width, 20

        def draw(self):
            raise ValueError("negative availWidth")

    styles, page = _styles_and_page()
    source = Source(tmp_path / "sheet.yaml")
    with pytest.raises(UserError) as caught:
        build_document(page, 10, styles, lambda: [tag(Broken(), source, 4, "grid")], TitleInfo("T"), "foot",
                       source=source)
    assert caught.value.where.line == 4 and "grid could not be laid out" in caught.value.message


# --- 4. score sheets --------------------------------------------------------------------------

def test_sixty_players_is_refused_with_the_limit(sheets):
    sheets.edit(SHEET, lambda t: t.replace("  count: 6\n", "  count: 60\n", 1))
    assert_refused(sheets.build("--only", "sheets"), sheets, file=SHEET, line=sheets.line_of(SHEET, "count: 60"),
                   says=["60 columns do not fit", "at most 24"])


def test_a_million_rounds_is_refused_quickly(sheets):
    sheets.edit(SHEET, lambda t: t.replace("  count: 10\n", "  count: 100000000\n", 1))
    assert_refused(sheets.build("--only", "sheets"), sheets, file=SHEET,
                   line=sheets.line_of(SHEET, "count: 100000000"), says=["at most 500"], time_limit=20)


def test_misspelt_sheet_key_names_the_missing_one(sheets):
    sheets.edit(SHEET, lambda t: t.replace("\ncolumns:\n", "\ncolums:\n", 1))
    assert_refused(sheets.build("--only", "sheets"), sheets, file=SHEET, line=sheets.line_of(SHEET, "colums:"),
                   says=["'colums' is not a setting", "did you mean 'columns'?", "'columns' is missing"])


def test_negative_row_height(sheets):
    sheets.edit(SHEET, lambda t: t.replace("  height: 11\n", "  height: -3\n", 1))
    assert_refused(sheets.build("--only", "sheets"), sheets, file=SHEET, line=sheets.line_of(SHEET, "height: -3"),
                   says=["more than 0"])


# --- 5. boards --------------------------------------------------------------------------------

@pytest.mark.parametrize("size, says", [
    ("{width: 100000, height: 297}", ["100000", "at most 5000 mm"]),
    ("{width: 420, height: -297}", ["size.height", "more than 0 mm (found -297 mm)"]),
])
def test_board_size_out_of_bounds(boards, size, says):
    boards.edit(BOARD, lambda t: re.sub(r"(?m)^size: .*$", f"size: {size}", t, count=1))
    assert_refused(boards.build("--only", "boards"), boards, file=BOARD, line=boards.line_of(BOARD, "size:"),
                   says=says, time_limit=20)


@pytest.mark.parametrize("overlap, says", [
    ("-3", ["should be zero or more (found -3 mm)"]),
    ("0", ["overlap is 0 mm", "must overlap"]),
    ("80", ["overlap is 80 mm", "5 to 50 mm"]),
])
def test_board_overlap_out_of_bounds(boards, overlap, says):
    boards.edit(BOARD, lambda t: t.replace("\noverlap: 10\n", f"\noverlap: {overlap}\n", 1))
    assert_refused(boards.build("--only", "boards"), boards, file=BOARD, line=boards.line_of(BOARD, "overlap:"),
                   says=says)


def test_lists_nested_past_the_parsers_limit_are_refused_not_dropped(rules):
    line = _append(rules, "".join("  " * depth + f"- level {depth}\n" for depth in range(12)))
    outcome = rules.build("--only", "rules")
    assert_refused(outcome, rules, file=RULES, says=["nested too deeply"])
    at = int(re.search(r"line (\d+)", outcome.err).group(1))
    assert line + 6 <= at < line + 12, f"line {at} is not one of the deepest items ({line + 6} to {line + 11})"


def test_a_table_of_thousands_of_rows_is_refused_quickly(rules):
    line = _append(rules, "| a | b |\n|---|---|\n" + "".join(f"| {n} | row {n} |\n" for n in range(5000)))
    assert_refused(rules.build("--only", "rules"), rules, file=RULES, line=line, says=["5001 rows", "at most 1000"],
                   time_limit=20)


def test_sheet_with_no_columns(sheets):
    sheets.edit(SHEET, lambda t: t.replace('  heading: "Player {{ n }}"\n  count: 6\n', "  headings: []\n", 1))
    assert_refused(sheets.build("--only", "sheets"), sheets, file=SHEET, line=sheets.line_of(SHEET, "headings: []"),
                   says=["no columns"])


def test_a_title_too_long_for_the_page_is_set_smaller_and_cut(rules, tmp_path):
    long_title = "The very long title of a game " * 8
    rules.edit(RULES, lambda t: t.replace("\ntitle: Cromwell\n", f"\ntitle: {long_title}\n", 1))
    out = tmp_path / "out"
    built = run_limited(["build", rules.deck.name, "--out", str(out), "--quiet", "--only", "rules"], rules.root)
    assert built.code == 0, built.err
    boxes = _char_boxes(out / "cromwell" / "cromwell-rules.pdf", "The very lon")
    assert boxes and all(right <= width - 10 / 25.4 * 72 for _, _, right, _, width in boxes)


def test_the_largest_board_allowed_builds_quickly(boards, tmp_path):
    boards.edit(BOARD, lambda t: re.sub(r"(?m)^size: .*$", "size: {width: 2000, height: 2000}", t, count=1))
    out = tmp_path / "out"
    built = run_limited(["build", boards.deck.name, "--out", str(out), "--quiet", "--only", "boards"], boards.root,
                        time_limit=30)
    assert built.code == 0, built.err
    import pypdfium2 as pdfium

    assert len(pdfium.PdfDocument(out / "cromwell" / "cromwell-mat.pdf")) >= 60


def test_a_table_in_a_sheets_foot_is_reported_at_its_line_in_the_yaml(sheets):
    columns = 70
    table = "  | " + " | ".join(f"C{i}" for i in range(columns)) + " |\n  |" + "---|" * columns + "\n"
    sheets.edit(SHEET, lambda t: t.rstrip("\n") + "\n\n" + table)
    assert_refused(sheets.build("--only", "sheets"), sheets, file=SHEET, line=sheets.line_of(SHEET, "| C0 |"),
                   says=["70 columns", "at most"])


def test_a_rule_sheet_of_megabytes_is_refused(rules):
    rules.edit(RULES, lambda t: t + ("A line of filler text for a rule sheet that is far too long.\n" * 40000))
    assert_refused(rules.build("--only", "rules"), rules, file=RULES, says=["at most 1 MB"], time_limit=20)


# --- long documents: a real rule book builds, a runaway one stops -------------------------------------

def _document(parts: int) -> bytes:
    from printgen.draw.documents.document import TitleInfo, build_document, make_styles
    from printgen.draw.documents.markdown import to_flowables
    from printgen.draw.fonts import FontSet
    from printgen.model.layouts import load_layout

    styles = make_styles(FontSet(load_layout("base").fonts))
    text = "".join(f"## Part {i}\n\nA rule of the game in words enough to fill a few lines of a column, "
                   "and then a few more so that a part takes a good share of a column.\n\n- one\n- two\n\n"
                   for i in range(parts))
    return build_document((210, 297), 10, styles, lambda: to_flowables(text, styles, 250.0),
                          TitleInfo("Rules"), "rules")


def test_a_rule_book_of_real_length_builds_and_a_runaway_one_stops(monkeypatch):
    """Real rule books run to dozens of pages (the old cap of 40 refused some); the cap now sits
    past what any game's rule book reaches, and a document that passes it still stops there."""
    import pypdfium2

    from printgen.draw.documents import document
    from printgen.files.errors import UserError

    assert document.MAX_PAGES >= 300
    made = _document(700)
    assert len(pypdfium2.PdfDocument(made)) > 40
    monkeypatch.setattr(document, "MAX_PAGES", 5)         # the same stop, reached sooner
    with pytest.raises(UserError) as caught:
        _document(120)
    assert "more than 5 pages" in str(caught.value)


def test_a_board_elements_mistake_names_it_as_the_board_file_does(tmp_path):
    """A board file lists `elements:`, not a card's `face:`: the field in the message is the one
    the user can find in the file (new-user review of issue 30: it said 'face.table.table')."""
    ws = workspace(tmp_path, "piecepack", build_first=False)
    ws.edit("boards/croquetnole-guide.yaml", lambda t: t.replace("table: croquetnole", "table: nosuchtable", 1))
    line = ws.line_of("boards/croquetnole-guide.yaml", "table: nosuchtable")    # the property's own line
    assert_refused(ws.build("--only", "boards"), ws, file="croquetnole-guide.yaml", line=line,
                   field="elements.table.table", says=["nosuchtable"])


# --- templates of boards and rule sheets, said as a card layout's are (new-user review) ------------

def test_a_board_template_mistake_is_refused_at_its_text_line_and_said_of_the_deck(boards):
    boards.edit(BOARD, lambda t: t.replace("{{ deck.title | upper }}", "{{ deck.titel | upper }}", 1))
    outcome = boards.build("--only", "boards")
    assert_refused(outcome, boards, file=BOARD, line=boards.line_of(BOARD, "deck.titel"), field="elements.heading.text",
                   says=["the board uses something the deck does not have: there is no field 'titel'"])
    assert "this card" not in outcome.err and "did you mean 'title'?" in outcome.err


def test_a_misspelt_name_in_a_rule_sheet_is_said_in_plain_words_with_the_nearest_name(rules):
    line = _append(rules, "The deck holds {{ deck.card_cuont }} cards.\n")
    outcome = rules.build("--only", "rules")
    assert_refused(outcome, rules, file=RULES, line=line,
                   says=["the rule sheet uses something the deck does not have: there is no field 'card_cuont'",
                         "did you mean 'card_count'?"])
    assert "dict object" not in outcome.err and "README" not in outcome.err


def test_a_board_heading_that_does_not_fit_is_warned_of_and_the_build_goes_on(tmp_path):
    """It was cut off silently (exit 0, no word): now said as a card's text is, at its line."""
    ws = workspace(tmp_path, "coppertwaddle", build_first=False)
    mat = "boards/domain-mat.yaml"
    ws.edit(mat, lambda t: t.replace(": YOUR DOMAIN", ": YOUR DOMAIN, WHERE EVERYTHING IS PROUD AND NOTHING HUMBLE", 1))
    outcome = ws.build("--only", "boards")
    assert outcome.code == 0 and "Traceback" not in outcome.err
    assert f"warning: {Path('coppertwaddle') / mat}, line {ws.line_of(mat, 'EVERYTHING')}, field " \
           "'elements.heading.text': the text 'heading' does not fit its box" in outcome.err
