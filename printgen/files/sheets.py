"""Spreadsheets (CSV or Excel) as files: a sheet read as a table of text cells, and written.

Why here, with the other readers of files: a deck may keep its cards in a sheet (`cards:
cards.xlsx`), read at every build as deck.yaml is (printgen/model/sheet_cards.py); `printgen
export` and `import` (printgen/editing/sheets/) write and read the same files. A sheet is
untrusted input: every problem names its row and column, and the formula marks below keep a value
that a spreadsheet program would run as a formula plain text, both ways.

Each exported row ends with a `printgen check` cell (CHECK): a fingerprint of the card's values at
the export, which import reads (printgen/editing/sheets/sheet_merge.py).
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.files.errors import UserError, Where
from printgen.files.hidden_chars import describe_hidden, hidden_character
from printgen.files.limits import MAX_FILE_BYTES, MAX_TEXT_CHARS, describe_bytes

if TYPE_CHECKING:
    from printgen.files.sheet_problems import Problems

SUFFIXES = (".csv", ".xlsx")
ID = "id"
CHECK = "printgen check"   # the last column of an export: what each card's values were (see above)
MAX_ROWS = 5000            # far more cards than any deck; a bigger sheet is the wrong file
MAX_COLUMNS = 200
FIXED_TIME = (2000, 1, 1, 0, 0, 0)     # zip entry times, so the same deck exports the same bytes


@dataclass
class Table:
    """A sheet's header and rows, as text, with the row numbers a spreadsheet program shows."""

    file: Path
    header: list[str]
    rows: list[tuple[int, list[str]]]


# --- reading and writing sheets ---------------------------------------------------------------

def check_suffix(path: Path, what: str) -> None:
    if path.suffix.lower() not in SUFFIXES:
        saved = {".ods": "a LibreOffice or OpenOffice file: in LibreOffice Calc choose File > Save As and the "
                          "type 'Excel 2007-365 (.xlsx)'",
                 ".numbers": "a Numbers file: in Numbers choose File > Export To > Excel",
                 ".xls": "an old Excel file: in Excel choose File > Save As and 'Excel Workbook (.xlsx)'"}
        hint = saved.get(path.suffix.lower(), "for example cards.csv (any spreadsheet program) or cards.xlsx (Excel)")
        raise UserError(f"'{path.name}' should end in .csv or .xlsx: {what}", Where(path),
                        f"this is {hint}" if path.suffix.lower() in saved else hint)


def read_table(path: Path, problems: Problems | None = None) -> Table:
    """The sheet of a .csv or .xlsx file (in a workbook, the one called 'cards', else the first) as
    text cells. A file that cannot be read at all is a UserError at once; problems of single cells
    (a formula, a value too long, an invisible character, a value under no column) are all
    collected, into `problems` when given (the caller adds its own, names their cards and tells
    them together), else raised together here.

    A sheet is untrusted input, read in bounded time and memory: only a regular file is opened
    (a named pipe would wait for ever, a link to /dev/zero never end), at most MAX_FILE_BYTES of
    it; a workbook unpacks at most xlsx_read.MAX_UNPACKED bytes; rows keep at most MAX_COLUMNS
    columns, and more than MAX_ROWS rows of cards are refused as soon as they are seen."""
    from printgen.files.sheet_problems import Problems

    path = Path(path)
    check_suffix(path, "printgen reads cards from a CSV or Excel file")
    data = _sheet_bytes(path)
    found = problems if problems is not None else Problems(path)
    marked: dict[tuple[int, int], tuple[str, str]] = {}
    if path.suffix.lower() == ".xlsx":
        rows, marked, more = _read_xlsx(path, data)
        found.beyond |= more
    else:
        rows = _read_csv(path, data)
    if not rows:
        raise UserError("the sheet is empty: it needs a first row naming the columns (id, name, ...)", Where(path))
    rows = [(number, [_one_line_end(c) for c in row]) for number, row in rows]
    (first, header), body = rows[0], rows[1:]
    width = len(header)
    while width and not header[width - 1].strip():
        width -= 1
    header = [h.strip() for h in header[:width]]
    if width > MAX_COLUMNS:
        raise UserError(f"the sheet has more than {MAX_COLUMNS} columns; a deck has far fewer fields",
                        Where(path, row=first))
    blanked: set[tuple[int, int]] = set()
    unnamed: set[int] = set()              # rows with a formula or an error under no column's name
    for (number, index), (kind, shown) in sorted(marked.items()):
        if number > first and index >= width:          # refused as a value there is: the column has no name
            if number not in unnamed:
                found.add(_unnamed_column(path, number, _cell_words(kind, shown)))
            unnamed.add(number)
        else:
            column = header[index] if number > first and index < width and header[index] else None
            found.add(_marked_cell(kind, shown, Where(path, row=number, column=column)))
    for number, row in rows:
        if number != first and number not in unnamed:
            extra = [c for c in row[width:] if c.strip()]
            if extra:
                found.add(_unnamed_column(path, number, f"'{clipped(extra[0])}'"))
        for index, cell in enumerate(row[:width]):
            column = header[index] or None
            if len(cell) > MAX_TEXT_CHARS:
                found.add(UserError(f"this cell holds {len(cell):,} characters; a value may hold at most "
                                    f"{MAX_TEXT_CHARS:,}", Where(path, row=number, column=column)))
                blanked.add((number, index))
                continue
            hidden = hidden_character(cell)
            if hidden is not None:
                found.add(UserError(f"this cell holds {describe_hidden(hidden)}",
                                    Where(path, row=number, column=column),
                                    "click into the cell and type its text again (a character copied with it "
                                    "cannot be seen or printed); when pasting, paste as text only"))
                blanked.add((number, index))
    if problems is None:
        found.raise_if_any()
    body = [(n, [("" if (n, i) in blanked else c) for i, c in enumerate(r)]) for n, r in body]
    return Table(path, header, [(n, (r + [""] * width)[:width]) for n, r in body])


SHOWN_CHARS = 40       # of a cell's text quoted in a message


def clipped(text: str, most: int = SHOWN_CHARS) -> str:
    """Text quoted in a message: at most `most` characters, the cut marked."""
    return text if len(text) <= most else text[:most - 1] + "\u2026"


def _cell_words(kind: str, shown: str) -> str:
    """A formula or error cell, as a message names what it holds."""
    from printgen.files.xlsx_read import SHARED

    if kind == "error":
        return f"an error, {clipped(shown)}"
    return "a formula shared with the cell above or beside it" if shown == SHARED else f"a formula, {clipped(shown)}"


def _marked_cell(kind: str, shown: str, where: Where) -> UserError:
    """A cell that holds no value a teacher typed: a formula, or an error a formula left behind."""
    from printgen.files.xlsx_read import SHARED

    if kind == "error":
        return UserError(f"this cell shows an error ({clipped(shown)}), not a value; type the value itself", where,
                         "an error is what a formula shows when it cannot be worked out (a cell it used was "
                         "deleted, say): type the words the card should print in its place")
    said = "one shared with the cell above or beside it" if shown == SHARED else clipped(shown)
    return UserError(f"this cell holds a formula ({said}); type the text itself", where,
                     "printgen reads what is typed in a cell, not what a formula works out: copy the "
                     "cell, then paste it as values only (Paste Special), or type the words again")


def _unnamed_column(path: Path, number: int, what: str) -> UserError:
    return UserError(f"this row has a value in a column with no name in the first row ({what})",
                     Where(path, row=number), "give the column a name in the first row, or delete the value")


def _one_line_end(cell: str) -> str:
    """A cell's line breaks as deck.yaml writes them ('\n'), whichever program saved the sheet."""
    return cell.replace("\r\n", "\n").replace("\r", "\n") if "\r" in cell else cell


def _sheet_bytes(path: Path) -> bytes:
    """The bytes of a sheet file: read through the one reader of every file printgen is given
    (deckfiles), so a pipe, a device or a folder is refused by name and nothing past
    MAX_FILE_BYTES is read. A sheet lives anywhere the user keeps it, so no folder bounds it."""
    from printgen.files.deckfiles import read_bytes

    return read_bytes(path, within=None, what="sheet of cards", limit=MAX_FILE_BYTES)


def _kept(cells: list[str]) -> list[str]:
    """A row as read_table keeps it: at most MAX_COLUMNS + 1 cells (a header one wider is refused),
    and the first value beyond them, if any, so that it can be said."""
    if len(cells) <= MAX_COLUMNS + 1:
        return cells
    beyond = next((c for c in cells[MAX_COLUMNS + 1:] if c.strip()), None)
    return cells[:MAX_COLUMNS + 1] + ([beyond] if beyond is not None else [])


def _too_many_rows(path: Path) -> UserError:
    return UserError(f"the sheet has more than {MAX_ROWS:,} rows of cards; printgen reads at most {MAX_ROWS:,}",
                     Where(path), "check that this is the right file")


def _read_csv(path: Path, data: bytes) -> list[tuple[int, list[str]]]:
    """The rows of a CSV file that hold something, numbered as a spreadsheet program numbers them;
    a cell that export guarded with an apostrophe (from_csv_cell) is read without it."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        row = data.count(b"\n", 0, exc.start) + 1
        raise UserError("the file is not saved as UTF-8 text, so accented letters and curly quotes would be lost",
                        Where(path, row=row), "in your spreadsheet program choose Save As, then "
                        "'CSV UTF-8 (comma delimited)' (Excel) or 'Text CSV' with UTF-8 (LibreOffice)") from None
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)      # Excel in many countries saves with ';'
    rows: list[tuple[int, list[str]]] = []
    _whole_cells()
    number = 0
    try:
        for number, cells in enumerate(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter), start=1):
            if any(c.strip() for c in cells):
                rows.append((number, [from_csv_cell(c) for c in _kept(cells)]))
                if len(rows) > MAX_ROWS + 1:
                    raise _too_many_rows(path)
    except csv.Error as exc:
        raise UserError(f"the file is not a readable CSV sheet ({exc})", Where(path, row=number + 1)) from None
    return rows


def _whole_cells() -> None:
    """Let the csv module read a cell as long as a whole sheet file may be. Its own limit (131,072
    characters) stops the reading at such a cell with no row, column or card to say; read whole, the
    cell is measured against MAX_TEXT_CHARS and refused at its place like any other too long. The
    limit is the module's, for every reader in the process, so it is only ever raised (never set
    back: a reader in another thread may be relying on it): no sheet file is longer than this."""
    if csv.field_size_limit() < MAX_FILE_BYTES:
        csv.field_size_limit(MAX_FILE_BYTES)


def _read_xlsx(path: Path, data: bytes) -> tuple[list[tuple[int, list[str]]], dict[tuple[int, int], tuple[str, str]],
                                                 bool]:
    """The rows of the workbook's cards sheet that hold something (xlsx_read.py); its formula and
    error cells by (row, column index), as ('formula', '=...') or ('error', '#REF!'): a formula's
    saved result may be missing (a file written by a program that does not calculate) or stale, an
    error is no value at all, and neither is what the teacher typed; and whether there were more of
    them than were kept."""
    from printgen.files.xlsx_read import MAX_UNPACKED, Broken, Locked, TooBig, TooMany, TooManyRows, read_cells

    again = "open it in your spreadsheet program and save it again as .xlsx"
    try:
        cells = read_cells(data, MAX_COLUMNS + 1, MAX_ROWS + 1)
    except TooManyRows:
        raise _too_many_rows(path) from None
    except TooMany as many:
        raise UserError(f"the workbook holds more than {many.limit:,} {many.what}, blank or not; a sheet of cards "
                        "holds far fewer", Where(path), "check that this is the right file; to keep only the cards, "
                        "copy their rows into a new workbook and save that") from None
    except TooBig as big:
        size = f" (its part {big.part} alone holds {describe_bytes(big.size)})" if big.size else ""
        raise UserError(f"the workbook unpacks to more than {describe_bytes(MAX_UNPACKED)}{size}; a sheet of cards "
                        "is far smaller", Where(path), "check that this is the right file; to keep only the cards, "
                        "copy their rows into a new workbook and save that") from None
    except Locked:
        raise UserError("the workbook is password-protected, so printgen cannot read it", Where(path),
                        "save it without a password: in Excel, File > Info > Protect Workbook > Encrypt with Password, "
                        "empty the password and save; in LibreOffice, File > Save As with 'Save with password' "
                        "unticked") from None
    except Broken as broken:
        raise UserError(f"the file cannot be read as an Excel workbook: {broken}", Where(path), again) from None
    marked = {at: ("formula", formula) for at, formula in cells.formulas.items()}
    marked.update({at: ("error", error) for at, error in cells.errors.items()})
    return cells.rows, marked, cells.more


# --- text that a spreadsheet program would run ---------------------------------------------------
#
# A spreadsheet program takes a cell that starts with one of these for a formula (OWASP's "CSV
# injection"): a caption '=HYPERLINK(...)' or '=cmd|' /C calc'!A0' in a CSV file would run when a
# teacher opens it. Export writes every value as text: in an .xlsx file as a text cell, marked as
# the program marks text typed after an apostrophe, so editing the cell keeps it text; in a CSV
# file, which has no types, with an apostrophe in front, which import takes off again. A value
# that starts with an apostrophe of its own gets one more: a program may take the first for its
# mark of text. A negative number (-3) is a number to every program and is left alone.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TEXT_MARK = "'"
_NEGATIVE = re.compile(r"-(\d+(\.\d*)?|\.\d+)\Z")


def runs_as_formula(text: str) -> bool:
    """Would a spreadsheet program opening a file with this cell take it for a formula?"""
    return text.startswith(FORMULA_STARTS) and not _NEGATIVE.match(text)


def needs_text_mark(value: str) -> bool:
    """Must this value be marked as text to reach a spreadsheet program, and come back, as it is?"""
    return value.startswith(TEXT_MARK) or runs_as_formula(value)


def to_csv_cell(value: str) -> str:
    """A value as export writes it into a CSV cell (see FORMULA_STARTS): from_csv_cell gives back
    every value exactly."""
    return TEXT_MARK + value if needs_text_mark(value) else value


def from_csv_cell(cell: str) -> str:
    """A CSV cell as the value it stands for: to_csv_cell undone, so '=SUM(A1) is the text
    =SUM(A1), and ''Tis is 'Tis. An unmarked '=...' (saved as text by a program that took the
    mark off, or typed in a text editor) is that text too: a CSV file holds no formulas."""
    return cell[1:] if cell.startswith(TEXT_MARK) and needs_text_mark(cell[1:]) else cell


def table_bytes(path: Path, header: list[str], rows: list[list[str]]) -> bytes:
    """A sheet as the bytes of a .csv (UTF-8 with the mark Excel needs) or an .xlsx file, every
    value written as text (see FORMULA_STARTS)."""
    if path.suffix.lower() == ".csv":
        out = io.StringIO(newline="")
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow([to_csv_cell(h) for h in header])
        writer.writerows([to_csv_cell(c) for c in row] for row in rows)
        return ("\ufeff" + out.getvalue()).encode("utf-8")
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.worksheet import Worksheet

    book = Workbook()
    sheet = book.active
    assert isinstance(sheet, Worksheet), "a new workbook holds one worksheet, the active one"
    sheet.title = "cards"
    for number, values in enumerate([header, *rows], start=1):
        for column, value in enumerate(values, start=1):
            cell = sheet.cell(row=number, column=column)
            cell.value = value
            cell.data_type = "s"          # text, even when it starts with '=' (openpyxl makes that a formula)
            if needs_text_mark(value):
                cell.quotePrefix = True
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for index, name in enumerate(header, start=1):
        longest = max([len(name)] + [len(r[index - 1]) for r in rows])
        letter = get_column_letter(index)
        sheet.column_dimensions[letter].width = min(max(longest, 6) + 2, 80)
        if longest > 78:
            for (cell,) in sheet.iter_rows(min_row=2, min_col=index, max_col=index):
                cell.alignment = Alignment(wrap_text=True, vertical="top")
    if header and header[-1] == CHECK:        # for printgen, not for the teacher
        sheet.column_dimensions[get_column_letter(len(header))].hidden = True
    sheet.freeze_panes = "B2"
    raw = io.BytesIO()
    book.save(raw)
    return _reproducible(raw.getvalue())


def _reproducible(data: bytes) -> bytes:
    """An .xlsx with fixed times (zip entries and document dates), so equal decks give equal files."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            body = source.read(info.filename)
            if info.filename == "docProps/core.xml":
                body = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"2000-01-01T00:00:00Z", body)
            target.writestr(zipfile.ZipInfo(info.filename, FIXED_TIME), body, zipfile.ZIP_DEFLATED)
    return out.getvalue()
