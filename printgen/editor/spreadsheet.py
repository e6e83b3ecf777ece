"""Cards as spreadsheet rows (CSV or Excel): export, import, and decks that keep their cards in one.

A teacher who knows spreadsheets edits captions there: `printgen export` writes one row per
card (an `id` column first, then every field as deck.yaml spells it), `printgen import` writes
the changed cells back into deck.yaml through printgen.editor.roundtrip, so comments, order and
formatting stay. Rows are matched to cards by their id, never by position. A deck may instead
say `cards: cards.xlsx`: its cards are then read from the sheet at every build (sheet_cards.py).

Each exported row ends with a `printgen check` cell: a short fingerprint of every value the card
had at the export. It lets import tell a cell the teacher changed from one that is only older
than deck.yaml (changed since, in the web editor or by hand): the older value is not written
back over the newer one, and a value changed in both places is refused, naming the card, unless
the sheet is to win (--force).
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printgen.errors import UserError, Where, did_you_mean
from printgen.limits import MAX_FILE_BYTES, MAX_TEXT_CHARS

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


def read_table(path: Path) -> Table:
    """The sheet of a .csv or .xlsx file (in a workbook, the one called 'cards', else the first) as
    text cells; UserError when it cannot be read."""
    path = Path(path)
    check_suffix(path, "printgen reads cards from a CSV or Excel file")
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise UserError("file not found", Where(path)) from None
    if size > MAX_FILE_BYTES:
        raise UserError(f"the file is {size:,} bytes; a sheet of cards is far smaller", Where(path),
                        "check that this is the right file")
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
    for (number, index), formula in sorted(formulas.items()):
        if number >= first and (index < width or number == first):
            column = header[index] if index < width and header[index] else None
            raise UserError(f"this cell holds a formula ({formula[:40]}); type the text itself",
                            Where(path, row=number, column=column),
                            "printgen reads what is typed in a cell, not what a formula works out: copy the "
                            "cell, then paste it as values only (Paste Special), or type the words again")
    for number, row in body:
        extra = [c for c in row[width:] if c.strip()]
        if extra:
            raise UserError(f"this row has a value in a column with no name in the first row ('{extra[0][:40]}')",
                            Where(path, row=number), "give the column a name in the first row, or delete the value")
        for column, cell in zip(header, row):
            if len(cell) > MAX_TEXT_CHARS:
                raise UserError(f"this cell holds {len(cell):,} characters; a value may hold at most "
                                f"{MAX_TEXT_CHARS:,}", Where(path, row=number, column=column or None))
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
        # an export's sheet is called 'cards'; a teacher may add a sheet of notes in front of it
        sheet = book["cards"] if "cards" in book.sheetnames else book.worksheets[0]
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

def export_rows(source) -> tuple[list[str], list[list[str]]]:
    """The sheet of a deck's listed cards: header and rows, each row ending with its check."""
    columns = source.columns()
    return [ID] + columns + [CHECK], [[card.id] + [card.values.get(c, "") for c in columns] + [row_check(card, columns)]
                                      for card in source.cards]


def _fingerprint(column: str, value: str) -> str:
    return hashlib.sha256(f"{column}\0{value}".encode("utf-8")).hexdigest()[:8]


def row_check(card, columns: list[str]) -> str:
    """The check cell of a card's row: a fingerprint of each (column, value) it has now. Named by
    column, so a sheet whose columns were moved or deleted is still checked."""
    return " ".join(_fingerprint(c, card.values.get(c, "")) for c in columns)


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
    header, rows = export_rows(source)
    publish({out: table_bytes(out, header, rows)})
    return len(rows)


@dataclass
class ImportResult:
    changed: int                   # values changed
    cards: int                     # cards changed
    backup: Path | None            # the previous deck.yaml, when one was written
    missing: list[str] = field(default_factory=list)    # cards of deck.yaml with no row in the sheet
    names: list[str] = field(default_factory=list)      # the cards changed, in deck order
    kept: list[str] = field(default_factory=list)       # cards whose newer deck.yaml values were kept
    unchecked: bool = False        # the sheet has no check column: an older value would be written back


@dataclass
class Edits:
    """What a sheet changes, and what it would have put back had its rows not been checked."""

    edits: list
    kept: list[str]                # cards with a value changed in deck.yaml since the export, kept
    unchecked: bool                # no check column (a sheet from an older printgen, or made by hand)


def read_edits(source, table: Table, force: bool = False) -> Edits:
    """The cells that differ from deck.yaml, as edits; UserError naming row and column for any
    row or column that does not belong to the deck. A cell the check says was not touched since
    the export is left out when deck.yaml has changed since (the sheet is only older); one changed
    in both places is refused, unless `force` (the sheet's value is then taken)."""
    from printgen.editor.roundtrip import Edit

    columns = source.columns()
    path = table.file
    header = table.header
    if not header or header[0].lower() != ID:
        raise UserError(f"the first column should be '{ID}' (found '{header[0] if header else ''}')",
                        Where(path, row=1, column=header[0] if header and header[0] else None),
                        "export the deck again (printgen export) and edit that sheet; the id column says "
                        "which card each row is")
    seen_columns: set[str] = set()
    checked = CHECK in header
    for name in header[1:]:
        if name == CHECK:
            continue
        if not name:
            raise UserError("a column has no name in the first row", Where(path, row=1),
                            "name it after a field of the deck, or delete the column")
        if name not in columns:
            raise UserError(f"'{name}' is not a field of this deck", Where(path, row=1, column=name),
                            did_you_mean(name, columns) or "columns: " + ", ".join([ID] + columns))
        if name in seen_columns:
            raise UserError(f"the column '{name}' is there twice", Where(path, row=1, column=name))
        seen_columns.add(name)
    by_id = {card.id: card for card in source.cards}
    rows_of: dict[str, int] = {}
    edits = []
    kept: list[str] = []
    check_at = header.index(CHECK) if checked else -1
    for number, row in table.rows:
        card_id = row[0].strip()
        if not card_id:
            raise UserError("this row has no id, so printgen cannot tell which card it is", Where(path, row=number,
                            column=ID), "new cards are added in deck.yaml; keep the id of each exported row")
        card = by_id.get(card_id)
        if card is None:
            raise UserError(f"no card of this deck has the id '{card_id}'", Where(path, row=number, column=ID),
                            _unknown_id_hint(card_id, dict(zip(header[1:], row[1:])), source.cards))
        if card_id in rows_of:
            raise UserError(f"the card '{card.name}' is on row {rows_of[card_id]} too",
                            Where(path, row=number, card=card.name, column=ID), "keep one row per card")
        rows_of[card_id] = number
        base = set(row[check_at].split()) if checked else set()
        for name, cell in zip(header[1:], row[1:]):
            now = card.values.get(name, "")
            if name == CHECK or cell == now:
                continue
            where = Where(path, row=number, card=card.name, column=name)
            if base:
                if _fingerprint(name, cell) in base:      # as exported: deck.yaml has changed since
                    if card.name not in kept:
                        kept.append(card.name)
                    continue
                if _fingerprint(name, now) not in base and not force:
                    raise UserError(
                        f"the {name} of '{card.name}' was changed in deck.yaml after this sheet was exported, and "
                        f"in the sheet too: deck.yaml has '{_short(now)}', the sheet '{_short(cell)}'", where,
                        "to keep deck.yaml's, export the deck again and make your change in the new sheet; to "
                        "keep the sheet's, import again with --force")
            edits.append(Edit(card.index, name, cell, where))
    _check_names(source, edits, rows_of)
    return Edits(edits, kept, not checked)


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def _check_names(source, edits: list, rows_of: dict[str, int]) -> None:
    """Two cards may not share a name (a card's id is made from it): a renamed row that takes
    another card's name is refused at its cell, in the sheet's words."""
    from printgen.load import slug

    names = {card.index: card.name for card in source.cards}
    renamed = {}
    for edit in edits:
        if edit.field == "name" and edit.text.strip():
            names[edit.card] = edit.text.strip()
            renamed[edit.card] = edit
    owner: dict[str, int] = {}
    for index, name in names.items():
        owner.setdefault(slug(name), index)
    for index, edit in renamed.items():
        first = owner[slug(names[index])]
        if first != index or sum(slug(n) == slug(names[index]) for n in names.values()) > 1:
            other = next(c for c in source.cards if c.index != index and slug(names[c.index]) == slug(names[index]))
            row = rows_of.get(other.id)
            at = f" (row {row})" if row else " (it has no row in the sheet)"
            raise UserError(f"'{names[index]}' is already the name of another card, '{names[other.index]}'{at}",
                            edit.where, "give each card a name of its own; a row deleted in the sheet does not "
                            "delete its card: to delete a card, delete it in deck.yaml")


def _unknown_id_hint(card_id: str, cells: dict[str, str], cards) -> str:
    """What to do about a row whose id is no card's. Most often the id was edited: the row's
    other cells (its name, when left alone) say which card the row was exported for, and a
    'did you mean' on the id alone would point at the wrong card (william-2 is not william-i)."""
    rule = "the id column says which card a row is and must not be edited, even when you change the name"
    filled = {k: v for k, v in cells.items() if v.strip()}
    best, same = None, []  # type: tuple[Any, list[str]]
    for card in cards:
        equal = [k for k, v in filled.items() if card.values.get(k, "") == v]
        if len(equal) > len(same):
            best, same = card, equal
    if best is not None and ("name" in same or len(same) * 2 > len(filled)):
        which = f"this row's name, '{best.name}'," if "name" in same else \
            f"this row's {', '.join(same[:3])} {'is' if len(same) == 1 else 'are'} those of '{best.name}', which"
        return f"{rule}: {which} is the card with the id '{best.id}'; put that id back"
    close = did_you_mean(card_id, [c.id for c in cards])
    return f"{rule}; {close}" if close else f"{rule}; new cards are added in deck.yaml"


def missing_cards(source, table: Table) -> list[str]:
    """The names of deck.yaml's listed cards that have no row in the sheet (by id)."""
    ids = {row[0].strip() for _, row in table.rows if row}
    return [card.name for card in source.cards if card.id not in ids]


def import_deck(ref: str, sheet: Path, force: bool = False) -> ImportResult:
    """Write a sheet's changed values into deck.yaml, or nothing at all on any error."""
    from printgen.editor.roundtrip import DeckSource

    table = read_table(Path(sheet))
    source = DeckSource(ref)
    if isinstance(source.data.get("cards"), str):
        raise UserError(f"this deck keeps its cards in {source.data['cards']}, not in deck.yaml: edit that file",
                        Where(source.file))
    source.check(source.text)           # the deck as it is must load: its own errors come first
    found = read_edits(source, table, force)
    edits = found.edits
    missing = missing_cards(source, table)
    if not edits:
        return ImportResult(0, 0, None, missing, [], found.kept, found.unchecked)
    text = source.apply(edits)
    source.check(text, edits)
    if text == source.text:
        return ImportResult(0, 0, None, missing, [], found.kept, found.unchecked)
    backup = source.save(text)
    changed = {e.card for e in edits}
    names = [card.name for card in source.cards if card.index in changed]
    return ImportResult(len(edits), len(changed), backup, missing, names, found.kept, found.unchecked)
