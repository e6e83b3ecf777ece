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
    from printgen.editor.sheet_merge import export_id, row_check

    columns = source.columns()
    export = export_id(source.text, sheet_path)
    return [ID] + columns + [CHECK], [
        [card.id] + [card.values.get(c, "") for c in columns]
        + [row_check(export, card.id, {c: compared(source.kind(c), card.values.get(c, "")) for c in columns})]
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


@dataclass
class ImportResult:
    changed: int                   # values changed
    cards: int                     # cards changed
    backup: Path | None            # the previous deck.yaml, when one was written
    missing: list[str] = field(default_factory=list)    # cards of deck.yaml with no row in the sheet
    names: list[str] = field(default_factory=list)      # the cards changed, in deck order
    kept: list[str] = field(default_factory=list)       # cards whose newer deck.yaml values were kept
    unchecked: list[str] = field(default_factory=list)  # cards changed from rows without a check cell
    whole: bool = False            # ... because the sheet has no check column at all
    gone: list[str] = field(default_factory=list)       # rows whose card was deleted from deck.yaml since


@dataclass
class Edits:
    """What a sheet changes, with what import must remember of it (sheet_merge.Record)."""

    edits: list
    kept: list[str]                # cards with a value changed in deck.yaml since, kept
    unchecked: list[str]           # cards with a row without a check cell
    whole: bool                    # no check column at all (an older printgen's sheet, or one made by hand)
    matched: set[int] = field(default_factory=set)                 # the cards (index) the rows are
    gone: list[str] = field(default_factory=list)                  # rows whose card was deleted since
    rows: dict[str, dict[str, tuple[int, dict[str, str]]]] = field(default_factory=dict)
    #   export id -> row id -> (card index, the row's values)


def _cell(kind: str, cell: str) -> str:
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


def _find_card(source, record, check, row_id: str, cells: dict[str, str], taken, path: Path, number: int):
    """The card a row is, or None when its card was deleted from deck.yaml since the export.

    Names make ids, so a rename (in this sheet, another one, or deck.yaml) moves ids between
    cards. A checked row is matched by its content: how many of its card's values are still those
    the row held when exported or last imported (the check, the record). The card its id names
    now (or named after this sheet's last import) is taken unless another card matches better; a
    row whose check is its own but matches no card well was deleted. An unchecked row goes by
    its id alone."""
    by_id = {card.id: card for card in source.cards}
    if check is None:
        if row_id in by_id:
            return by_id[row_id]
        raise UserError(f"no card of this deck has the id '{row_id}'", Where(path, row=number, column=ID),
                        _unknown_id_hint(row_id, cells, source.cards))
    if not any(check.had(row_id, k, v) for k, v in cells.items()) and record.base(check.export, row_id) is None:
        if row_id in by_id:               # its check is not its own: read_edits says so
            return by_id[row_id]
        raise UserError(f"no card of this deck has the id '{row_id}'", Where(path, row=number, column=ID),
                        _unknown_id_hint(row_id, cells, source.cards))      # the id was typed over

    def score(card) -> tuple[int, int]:
        """(values of the card the row held, values the card has) over the sheet's columns."""
        filled = [k for k in cells if card.values.get(k, "")]
        return sum(record.held(check, row_id, k, compared(source.kind(k), card.values[k])) for k in filled), len(filled)
    named = [c for c in (by_id.get(record.card_for(check.export, row_id) or ""), by_id.get(row_id))
             if c is not None and c.id not in taken]
    for card in named:                    # the usual case: every value of the card is one the row held
        hits, filled = score(card)
        if hits and hits == filled:
            return card
    # a rename moved the ids: score every card (once, and only here: a card a row, not a row a card)
    scored = sorted(((score(c)[0], c.index) for c in source.cards if c.id not in taken), reverse=True)
    for card in named:
        hits = score(card)[0]
        if hits >= 1 and hits >= (scored[0][0] if scored else 0):
            return card
    if scored and scored[0][0] >= 2 and (len(scored) == 1 or scored[1][0] < scored[0][0]):
        return next(c for c in source.cards if c.index == scored[0][1])
    return None


def read_edits(source, table: Table, force: bool = False) -> Edits:
    """The cells that differ from deck.yaml, as edits; UserError naming row and column for any
    row or column that does not belong to the deck. Where deck.yaml changed since the sheet was
    exported or last imported, sheet_merge decides: the newer value is kept, and a value changed
    in both places is refused, unless `force` (the sheet's value is then taken)."""
    from printgen.editor.roundtrip import Edit
    from printgen.editor.sheet_merge import APPLY, KEEP, Record, read_check

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
    record = Record.load(source.folder)
    found = Edits([], [], [], not checked)
    rows_of: dict[str, int] = {}
    check_at = header.index(CHECK) if checked else -1
    for number, row in table.rows:
        row_id = row[0].strip()
        if not row_id:
            raise UserError("this row has no id, so printgen cannot tell which card it is", Where(path, row=number,
                            column=ID), "new cards are added in deck.yaml; keep the id of each exported row")
        typed = {name: _cell(source.kind(name), cell) for name, cell in zip(header[1:], row[1:]) if name != CHECK}
        cells = {name: compared(source.kind(name), cell) for name, cell in typed.items()}
        check = read_check(row[check_at]) if checked else None
        card = _find_card(source, record, check, row_id, cells, rows_of, path, number)
        if card is None:
            found.gone.append(cells.get("name") or row_id)
            continue
        if card.id in rows_of:
            raise UserError(f"the card '{card.name}' is on row {rows_of[card.id]} too",
                            Where(path, row=number, card=card.name, column=ID), "keep one row per card")
        rows_of[card.id] = number
        found.matched.add(card.index)
        if check is not None:
            if not any(check.had(row_id, name, value) for name, cell in cells.items()
                       for value in (cell, compared(source.kind(name), card.values.get(name, "")))):
                raise UserError(f"this row's '{CHECK}' cell is not the one exported with it (copied from another "
                                "row, or typed over)", Where(path, row=number, card=card.name, column=CHECK),
                                "put the cell back as it was exported; or empty it, and the row's values are "
                                "taken as they stand; or export the deck again")
            found.rows.setdefault(check.export, {})[row_id] = (card.index, cells)
        for name, cell in cells.items():
            now = compared(source.kind(name), card.values.get(name, ""))
            if cell == now:
                continue
            where = Where(path, row=number, card=card.name, column=name)
            if check is None:
                if card.name not in found.unchecked:
                    found.unchecked.append(card.name)
            else:
                verdict = record.decide(check, row_id, name, cell, now)
                if verdict == KEEP:
                    if card.name not in found.kept:
                        found.kept.append(card.name)
                    continue
                if verdict != APPLY and not force:
                    raise UserError(
                        f"the {name} of '{card.name}' was changed in deck.yaml after this sheet was exported or "
                        f"last imported, and in the sheet too: deck.yaml has '{_short(now)}', the sheet "
                        f"'{_short(cell)}'", where,
                        "to keep deck.yaml's, export the deck again and make your change in the new sheet; to "
                        "take the sheet's values where both changed, import again with --force")
            found.edits.append(Edit(card.index, name, typed[name], where))
    _check_names(source, found.edits, rows_of)
    return found


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


def import_deck(ref: str, sheet: Path, force: bool = False) -> ImportResult:
    """Write a sheet's changed values into deck.yaml, or nothing at all on any error; note what
    the sheet held (sheet_merge.Record), so its next import tells its edits from older values."""
    from printgen.editor.roundtrip import DeckSource
    from printgen.editor.sheet_merge import RECORD, Record

    from printgen.editor.copying import DECK, refuse_shipped
    from printgen.load import find_deck

    refuse_shipped(find_deck(ref), "importing a spreadsheet", ("printgen", "import", DECK, sheet))
    table = read_table(Path(sheet))
    source = DeckSource(ref)
    if isinstance(source.data.get("cards"), str):
        raise UserError(f"this deck keeps its cards in {source.data['cards']}, not in deck.yaml: edit that file",
                        Where(source.file))
    source.check(source.text)           # the deck as it is must load: its own errors come first
    found = read_edits(source, table, force)
    edits = found.edits
    missing = [card.name for card in source.cards if card.index not in found.matched]
    changed = {e.card for e in edits}
    unchecked = [card.name for card in source.cards if card.index in changed and card.name in found.unchecked]
    result = ImportResult(0, 0, None, missing, [], found.kept, unchecked, found.whole, found.gone)
    text = source.apply(edits) if edits else source.text
    if edits:
        source.check(text, edits)
    after = {card.index: card for card in DeckSource(source.folder, text).cards}
    record = Record.load(source.folder)
    for export, rows in found.rows.items():
        record.after_import(export, {row_id: (after[index].id, cells) for row_id, (index, cells) in rows.items()
                                     if index in after})
    noted = {source.folder / RECORD: record.data()} if found.rows else {}
    if text == source.text:               # nothing to write in deck.yaml; what the sheet held is still noted
        if noted:
            from printgen.output import publish

            publish(noted)
        return result
    backup = source.save(text, noted)
    result.changed, result.cards, result.backup = len(edits), len(changed), backup
    result.names = [card.name for card in source.cards if card.index in changed]
    return result
