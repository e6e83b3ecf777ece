"""Cards as spreadsheet rows (CSV or Excel): export, import, and decks that keep their cards in one.

A teacher who knows spreadsheets edits captions there: `printgen export` writes one row per
card (an `id` column first, then every field as deck.yaml spells it), `printgen import` writes
the changed cells back into deck.yaml through printgen.editor.roundtrip, so comments, order and
formatting stay (sheet_import.py: rows are matched to cards by their id, never by position; a row
without an id is a new card, a deleted row a deleted card). A deck may instead say
`cards: cards.xlsx`: its cards are then read from the sheet at every build (sheet_cards.py).

Each exported row ends with a `printgen check` cell: a short fingerprint of every value the card
had at the export. It lets import tell a cell the teacher changed from one that is only older
than deck.yaml (changed since, in the web editor or by hand): the older value is not written
back over the newer one, and a value changed in both places is refused, naming the card, unless
the sheet is to win (--force).
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.errors import UserError, Where
from printgen.limits import MAX_FILE_BYTES, MAX_TEXT_CHARS

if TYPE_CHECKING:
    from printgen.editor.problems import Problems

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
        raise UserError(f"'{path.name}' should end in .csv or .xlsx: {what}",
                        Where(path), "for example cards.csv (any spreadsheet program) or cards.xlsx (Excel)")


def read_table(path: Path, problems: Problems | None = None) -> Table:
    """The sheet of a .csv or .xlsx file (in a workbook, the one called 'cards', else the first) as
    text cells. A file that cannot be read at all is a UserError at once; problems of single cells
    (a formula, a value too long, a value under no column) are all collected, into `problems` when
    given (the caller adds its own and tells them together), else raised together here."""
    from printgen.editor.problems import Problems

    path = Path(path)
    check_suffix(path, "printgen reads cards from a CSV or Excel file")
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise UserError("file not found", Where(path)) from None
    if size > MAX_FILE_BYTES:
        raise UserError(f"the file is {size:,} bytes; a sheet of cards is far smaller", Where(path),
                        "check that this is the right file")
    found = problems if problems is not None else Problems(path)
    formulas: dict[tuple[int, int], str] = {}
    cells = _read_xlsx(path, formulas) if path.suffix.lower() == ".xlsx" else _read_csv(path)
    rows = [(number, row) for number, row in enumerate(cells, start=1) if any(c.strip() for c in row)]
    if not rows:
        raise UserError("the sheet is empty: it needs a first row naming the columns (id, name, ...)", Where(path))
    if len(rows) > MAX_ROWS + 1:
        raise UserError(f"the sheet has {len(rows) - 1:,} rows; printgen reads at most {MAX_ROWS:,} cards",
                        Where(path), "check that this is the right file")
    (first, header), body = rows[0], rows[1:]
    width = len(header)
    while width and not header[width - 1].strip():
        width -= 1
    header = [h.strip() for h in header[:width]]
    if width > MAX_COLUMNS:
        raise UserError(f"the sheet has {width} columns; a deck has far fewer fields", Where(path, row=first))
    blanked: set[tuple[int, int]] = set()
    for (number, index), formula in sorted(formulas.items()):
        if number >= first and (index < width or number == first):
            column = header[index] if index < width and header[index] else None
            found.add(UserError(f"this cell holds a formula ({formula[:40]}); type the text itself",
                                Where(path, row=number, column=column),
                                "printgen reads what is typed in a cell, not what a formula works out: copy the "
                                "cell, then paste it as values only (Paste Special), or type the words again"))
    for number, row in body:
        extra = [c for c in row[width:] if c.strip()]
        if extra:
            found.add(UserError(f"this row has a value in a column with no name in the first row ('{extra[0][:40]}')",
                                Where(path, row=number), "give the column a name in the first row, or delete the value"))
        for index, (column, cell) in enumerate(zip(header, row)):
            if len(cell) > MAX_TEXT_CHARS:
                found.add(UserError(f"this cell holds {len(cell):,} characters; a value may hold at most "
                                    f"{MAX_TEXT_CHARS:,}", Where(path, row=number, column=column or None)))
                blanked.add((number, index))
    if problems is None:
        found.raise_if_any()
    body = [(n, [("" if (n, i) in blanked else c) for i, c in enumerate(r)]) for n, r in body]
    return Table(path, header, [(n, (r + [""] * width)[:width]) for n, r in body])


def _read_csv(path: Path) -> list[list[str]]:
    data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        row = data.count(b"\n", 0, exc.start) + 1
        raise UserError("the file is not saved as UTF-8 text, so accented letters and curly quotes would be lost",
                        Where(path, row=row), "in your spreadsheet program choose Save As, then "
                        "'CSV UTF-8 (comma delimited)' (Excel) or 'Text CSV' with UTF-8 (LibreOffice)") from None
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)      # Excel in many countries saves with ';'
    try:
        return [list(row) for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)]
    except csv.Error as exc:
        raise UserError(f"the file is not a readable CSV sheet ({exc})", Where(path)) from None


def _read_xlsx(path: Path, formulas: dict[tuple[int, int], str]) -> list[list[str]]:
    """The cards sheet's cells as text; each formula cell is noted in `formulas` by (row, column
    index), since its saved result may be missing (a file written by a program that does not
    calculate) or stale, and either way is not what the teacher typed."""
    from openpyxl import load_workbook

    try:
        book = load_workbook(path, read_only=True, data_only=False)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
        raise UserError(f"the file cannot be read as an Excel workbook ({type(exc).__name__})", Where(path),
                        "open it in your spreadsheet program and save it again as .xlsx") from None
    try:
        # an export's sheet is called 'cards' and starts with 'id'; a teacher may rename it, or add a
        # sheet of notes in front of it
        sheet = book["cards"] if "cards" in book.sheetnames else next(
            (ws for ws in book.worksheets if str(next(ws.iter_rows(max_row=1, max_col=1, values_only=True),
                                                      (None,))[0] or "").strip().lower() == ID),
            book.worksheets[0])
        out = []
        for number, row in enumerate(sheet.iter_rows(), start=1):
            if number > MAX_ROWS + 50:
                break
            texts = []
            for index, cell in enumerate(row[:MAX_COLUMNS + 1]):
                value = getattr(cell, "value", None)
                if getattr(cell, "data_type", None) == "f":
                    formulas[(number, index)] = str(getattr(value, "text", value))
                    value = None
                texts.append(_cell_text(value))
            out.append(texts)
        return out
    finally:
        book.close()


def _cell_text(value: Any) -> str:
    """A cell as the text a teacher typed: 7 not 7.0, true not TRUE."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def table_bytes(path: Path, header: list[str], rows: list[list[str]]) -> bytes:
    """A sheet as the bytes of a .csv (UTF-8 with the mark Excel needs) or an .xlsx file."""
    if path.suffix.lower() == ".csv":
        out = io.StringIO(newline="")
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(header)
        writer.writerows(rows)
        return ("\ufeff" + out.getvalue()).encode("utf-8")
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    book = Workbook()
    sheet = book.active
    sheet.title = "cards"
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for index, name in enumerate(header, start=1):
        longest = max([len(name)] + [len(r[index - 1]) for r in rows])
        letter = sheet.cell(row=1, column=index).column_letter
        sheet.column_dimensions[letter].width = min(max(longest, 6) + 2, 80)
        if longest > 78:
            for (cell,) in sheet.iter_rows(min_row=2, min_col=index, max_col=index):
                cell.alignment = Alignment(wrap_text=True, vertical="top")
    if header and header[-1] == CHECK:        # for printgen, not for the teacher
        sheet.column_dimensions[sheet.cell(row=1, column=len(header)).column_letter].hidden = True
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


# --- export and import ------------------------------------------------------------------------

def export_rows(source, sheet_path: str = "") -> tuple[list[str], list[list[str]]]:
    """The sheet of a deck's listed cards: header and rows, each row ending with its check
    (printgen.editor.sheet_merge)."""
    from printgen.editor.sheet_merge import export_id, roster, row_check

    columns = source.columns()
    export = export_id(source.text, sheet_path)
    cards = roster(c.id for c in source.cards)
    return [ID] + columns + [CHECK], [
        [card.id] + [card.values.get(c, "") for c in columns]
        + [row_check(export, card.id, {c: compared(source.kind(c), card.values.get(c, "")) for c in columns}, cards)]
        for card in source.cards]


def export_deck(ref: str, out: Path, force: bool = False) -> int:
    """Write the deck's cards to `out` (.csv or .xlsx); the number of cards written.

    An existing file is kept unless `force`: it may be a sheet already edited and not yet
    imported, and an export would silently put deck.yaml's values back over those edits."""
    from printgen.editor.roundtrip import DeckSource
    from printgen.editor.scaffold import command_line
    from printgen.load import ALL_CARDS, load_deck
    from printgen.output import publish

    out = Path(out)
    check_suffix(out, "export writes a spreadsheet")
    if out.exists() and not force:
        raise UserError("this file already exists, and may hold edits not yet brought back into deck.yaml",
                        Where(out), f"to keep those edits, import it first ({command_line('printgen', 'import', ref, out)}); "
                        "or export to another name; or add --force to replace it")
    deck = load_deck(ref, ALL_CARDS)           # a deck that does not load is not exported half-read
    source = DeckSource(deck.folder)
    if isinstance(source.data.get("cards"), str):
        raise UserError(f"the cards of '{deck.key}' are already kept in {source.data['cards']}: edit that file",
                        Where(source.file))
    if not source.cards:
        raise UserError(f"the deck '{deck.key}' lists no cards one by one: its cards are made by its "
                        "generate: rule, so there is nothing to edit in a spreadsheet", Where(source.file))
    header, rows = export_rows(source, str(out.resolve()))
    publish({out: table_bytes(out, header, rows)})
    return len(rows)


def cell_value(kind: str, cell: str) -> str:
    """A cell as it is to be written: true/false in small letters (a spreadsheet writes TRUE),
    values other than text without the spaces around them."""
    if kind == "text":
        return cell
    low = cell.strip()
    return low.lower() if kind == "flag" and low.lower() in ("true", "false") else low


def compared(kind: str, value: str) -> str:
    """A value as the sheet and deck.yaml are compared, and fingerprinted: import stores a text's
    straight quotes curly, so they are alike."""
    if kind == "text":
        from printgen.render.text import typographic

        return typographic(value)
    return value


def import_deck(ref: str, sheet: Path, force: bool = False):
    """Write a sheet's changes into deck.yaml (printgen.editor.sheet_import, where the work is)."""
    from printgen.editor.sheet_import import import_deck as run

    return run(ref, sheet, force)
