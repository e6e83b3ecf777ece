"""The cards sheet of an .xlsx workbook, read in bounded time and memory.

An .xlsx file is a zip of XML parts, and a zip is untrusted input: 2 MB of it can unpack to
gigabytes (one enormous cell, or millions of blank ones). A spreadsheet library (openpyxl)
reads every shared string, every style and each whole row into memory before its caller sees a
cell: 1.1 GB and 11 s for one row of 20 MB of blank cells. So the few parts printgen needs
(the list of sheets, the shared strings, the number formats and the one sheet of cards) are read
here directly, streamed through expat:

- at most MAX_UNPACKED bytes are unpacked in all, refused from a part's stated size before any
  is unpacked (the zip reader never gives more than a part states, so a false size cannot
  smuggle more in: the part then fails its checksum and is refused as damaged);
- at most MAX_CELLS cells and MAX_ROW_TAGS rows are read, blank or not (a blank cell costs as
  much time as a filled one; this keeps the worst workbook to about a second), and at most
  MAX_STYLES cell formats;
- a row keeps at most the columns a sheet of cards may have (sheets.MAX_COLUMNS, and the
  first value beyond them, so it can be said), and only rows holding something are kept, at most
  a header and sheets.MAX_ROWS cards: a longer sheet is refused as soon as it is seen;
- no part may declare a DTD (no .xlsx part has one), so no entity is ever expanded.

Anything not shaped as an .xlsx part is `Broken`, which the caller says as one message.
"""

from __future__ import annotations

import contextlib
import io
import posixpath
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from xml.parsers import expat

MAX_UNPACKED = 20_000_000     # bytes of XML unpacked from one workbook: a sheet of 5,000 cards is ~4 MB
MAX_CELLS = 1_000_000         # cells written in the sheet, blank or not: 5,000 cards of 200 fields
MAX_ROW_TAGS = 1_048_576      # rows written in the sheet, blank or not: as many as Excel has
MAX_STYLES = 64_000           # cell formats: as many as Excel allows
MAX_MARKED = 1000             # formula and error cells kept to be told (problems.KEPT are told at most)
CHUNK = 1 << 16
OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"           # the first bytes of an OLE file (.xls, encrypted .xlsx)
ENCRYPTED = "EncryptedPackage".encode("utf-16-le")    # the stream an encrypted workbook is kept in


class Broken(Exception):
    """The workbook is not what an .xlsx file holds (a part missing, XML that does not parse)."""


class TooBig(Exception):
    """The workbook unpacks to more than MAX_UNPACKED bytes (the part that went past it named)."""

    def __init__(self, part: str, size: int | None):
        super().__init__(part)
        self.part, self.size = part, size


class Locked(Exception):
    """The workbook is password-protected: encrypted as a whole (how Excel and LibreOffice save a
    workbook with a password: not a zip at all, but an OLE file holding the encrypted zip) or a
    zip whose parts are encrypted."""


class TooManyRows(Exception):
    """More rows hold something than a sheet of cards may have."""


class TooMany(Exception):
    """More of something (cells, rows, shared texts, cell styles) than any sheet of cards has,
    filled or not: each costs time to read even when blank."""

    def __init__(self, what: str, limit: int):
        super().__init__(what)
        self.what, self.limit = what, limit


class _Stop(Exception):
    """Enough of a part has been read."""


SHARED = ""          # a formula written once for many cells: each other cell of them holds no text


@dataclass
class SheetCells:
    """The rows of a sheet that hold something: (row number, cells as text); the cells that hold
    a formula: (row number, column index) -> the formula ('=A1', or SHARED); and the cells that
    hold an error value (#REF!, #N/A), whatever made them: (row, column index) -> the error.
    Neither is a value a teacher typed, so neither is in the rows; the first of either beyond
    the columns kept is noted too."""

    rows: list[tuple[int, list[str]]] = field(default_factory=list)
    formulas: dict[tuple[int, int], str] = field(default_factory=dict)
    errors: dict[tuple[int, int], str] = field(default_factory=dict)
    more: bool = False          # more formula and error cells than MAX_MARKED: the rest are not kept


class _Parts:
    """The zip's parts, unpacked within one budget shared by every part read."""

    def __init__(self, book: zipfile.ZipFile):
        self.book = book
        self.left = MAX_UNPACKED
        self.names = {info.filename.lstrip("/"): info for info in book.infolist()}

    def has(self, name: str) -> bool:
        return name in self.names

    def chunks(self, name: str) -> Iterator[bytes]:
        info = self.names.get(name)
        if info is None:
            raise Broken(f"the part {name} is missing")
        if info.flag_bits & 0x1:             # an encrypted part: zipfile would ask for its password
            raise Locked(name)
        if info.file_size > self.left:
            raise TooBig(name, info.file_size)
        with self.book.open(info) as stream:
            while True:
                chunk = stream.read(CHUNK)
                if not chunk:
                    return
                self.left -= len(chunk)
                if self.left < 0:
                    raise TooBig(name, None)
                yield chunk


def _parse(chunks: Iterator[bytes], start: Callable, end: Callable | None = None,
           text: Callable | None = None) -> None:
    """Feed a part to expat with these handlers (no namespaces are resolved: a handler takes an
    element's name after any prefix, '<x:c>' being a cell too); a handler may raise _Stop to end
    the reading early. The handlers are called directly, for each of millions of blank cells."""
    parser = expat.ParserCreate()
    parser.buffer_text = True

    def no_dtd(*_args) -> None:
        raise Broken("a part declares a DTD")

    parser.StartDoctypeDeclHandler = no_dtd
    parser.EntityDeclHandler = no_dtd
    parser.StartElementHandler = start
    if end is not None:
        parser.EndElementHandler = end
    if text is not None:
        parser.CharacterDataHandler = text
    try:
        for chunk in chunks:
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except _Stop:
        pass
    except expat.ExpatError as exc:
        raise Broken(f"its XML does not parse ({expat.ErrorString(exc.code)})") from None
    finally:
        closing = getattr(chunks, "close", None)
        if closing is not None:       # a part left part-read is closed now, not when collected
            closing()


def _attr(attrs: dict[str, str], local: str) -> str | None:
    """An attribute by its name after any prefix (r:id)."""
    if local in attrs:
        return attrs[local]
    return next((v for k, v in attrs.items() if k.endswith(":" + local)), None)


def _local(name: str) -> str:
    return name[name.index(":") + 1:] if ":" in name else name


def _relations(parts: _Parts, part: str) -> dict[str, tuple[str, str]]:
    """A part's relationships: id -> (type's last word, target part name)."""
    folder, name = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", name + ".rels")
    found: dict[str, tuple[str, str]] = {}
    if not parts.has(rels):
        return found

    def start(tag: str, attrs: dict[str, str]) -> None:
        if _local(tag) == "Relationship" and attrs.get("Id") and attrs.get("Target"):
            target = attrs["Target"]
            target = (target.lstrip("/") if target.startswith("/")
                      else posixpath.normpath(posixpath.join(folder, target)))
            found[attrs["Id"]] = (attrs.get("Type", "").rsplit("/", 1)[-1], target)
    _parse(parts.chunks(rels), start)
    return found


@dataclass
class _Workbook:
    sheets: list[tuple[str, str]]       # (name, part) in the workbook's order
    strings: str | None
    styles: str | None
    date1904: bool


def _workbook(parts: _Parts) -> _Workbook:
    main = next((target for kind, target in _relations(parts, "").values() if kind == "officeDocument"),
                "xl/workbook.xml")
    relations = _relations(parts, main)
    sheets: list[tuple[str, str]] = []
    flags = {"date1904": False}

    def start(tag: str, attrs: dict[str, str]) -> None:
        tag = _local(tag)
        if tag == "sheet":
            kind, target = relations.get(_attr(attrs, "id") or "", ("", ""))
            if kind == "worksheet":
                sheets.append((attrs.get("name", ""), target))
        elif tag == "workbookPr":
            flags["date1904"] = attrs.get("date1904", "").lower() in ("1", "true")
    _parse(parts.chunks(main), start)
    if not sheets:
        raise Broken("it has no sheet")
    others = {kind: target for kind, target in relations.values()}
    return _Workbook(sheets, others.get("sharedStrings"), others.get("styles"), flags["date1904"])


def _shared_strings(parts: _Parts, name: str | None) -> list[str]:
    """The workbook's shared strings, each the text of its runs (phonetic guides left out)."""
    strings: list[str] = []
    if name is None or not parts.has(name):
        return strings
    state = {"t": False, "ruby": 0}
    pieces: list[str] = []

    def start(tag: str, _attrs) -> None:
        tag = _local(tag)
        if tag == "si":
            pieces.clear()
            if len(strings) >= MAX_CELLS:
                raise TooMany("shared texts", MAX_CELLS)
        elif tag == "rPh":
            state["ruby"] += 1
        elif tag == "t" and not state["ruby"]:
            state["t"] = True

    def end(tag: str) -> None:
        tag = _local(tag)
        if tag == "t":
            state["t"] = False
        elif tag == "rPh":
            state["ruby"] -= 1
        elif tag == "si":
            strings.append("".join(pieces))

    def text(data: str) -> None:
        if state["t"]:
            pieces.append(data)
    _parse(parts.chunks(name), start, end, text)
    return strings


def _date_styles(parts: _Parts, name: str | None) -> set[int]:
    """The cell styles (their index) that show a number as a date."""
    from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format

    if name is None or not parts.has(name):
        return set()
    codes: dict[int, str] = {}
    formats: list[int] = []
    depth = {"cellXfs": 0}

    def start(tag: str, attrs: dict[str, str]) -> None:
        tag = _local(tag)
        if tag == "numFmt":
            with contextlib.suppress(ValueError):
                codes[int(attrs.get("numFmtId", ""))] = attrs.get("formatCode", "")
        elif tag == "cellXfs":
            depth["cellXfs"] += 1
        elif tag == "xf" and depth["cellXfs"]:
            if len(formats) >= MAX_STYLES:
                raise TooMany("cell formats", MAX_STYLES)
            try:
                formats.append(int(attrs.get("numFmtId", "0")))
            except ValueError:
                formats.append(0)

    def end(tag: str) -> None:
        if _local(tag) == "cellXfs":
            depth["cellXfs"] -= 1
    _parse(parts.chunks(name), start, end)
    dated = {f for f in set(formats) if is_date_format(codes.get(f, BUILTIN_FORMATS.get(f, "")))}
    return {i for i, f in enumerate(formats) if f in dated}


def _column(ref: str) -> int:
    """The 0-based column of a cell reference ('C7' -> 2)."""
    index = 0
    for char in ref:
        if "A" <= char <= "Z":
            index = index * 26 + ord(char) - 64
        elif "a" <= char <= "z":
            index = index * 26 + ord(char) - 96
        else:
            break
        if index > 1 << 20:
            raise Broken(f"a cell reference is not one ({ref[:20]})")
    if index == 0:
        raise Broken(f"a cell reference is not one ({ref[:20]})")
    return index - 1


class _SheetReader:
    """The handlers that turn a worksheet's XML into kept rows, cell by cell."""

    def __init__(self, strings: list[str], dates: set[int], date1904: bool, columns: int, rows: int,
                 first_only: bool = False):
        self.strings, self.dates, self.date1904 = strings, dates, date1904
        self.columns, self.most_rows, self.first_only = columns, rows, first_only
        self.out = SheetCells()
        self.number = 0
        self.cells: list[str] = []
        self.extra: str | None = None
        self.column = -1
        self.kind: str = "n"
        self.style: str | None = None
        self.value: list[str] = []
        self.formula: list[str] | None = None
        self.collect: list[str] | None = None
        self.inline = 0
        self.ruby = 0
        self.seen_cells = 0
        self.seen_rows = 0

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if ":" in tag:
            tag = _local(tag)
        if tag == "c":
            self.seen_cells += 1
            if self.seen_cells > MAX_CELLS:
                raise TooMany("cells", MAX_CELLS)
            ref = attrs.get("r")
            self.column = _column(ref) if ref else self.column + 1
            self.kind, self.style = attrs.get("t", "n"), attrs.get("s")
            self.value, self.formula, self.collect = [], None, None
        elif tag == "v":
            self.collect = self.value
        elif tag == "f":
            self.formula = []
            self.collect = self.formula
        elif tag == "is":
            self.inline += 1
        elif tag == "rPh":
            self.ruby += 1
        elif tag == "t" and self.inline and not self.ruby:
            self.collect = self.value
        elif tag == "row":
            self.seen_rows += 1
            if self.seen_rows > MAX_ROW_TAGS:
                raise TooMany("rows", MAX_ROW_TAGS)
            ref = attrs.get("r") or ""
            try:
                self.number = int(ref) if ref else self.number + 1
            except ValueError:
                raise Broken(f"a row number is not one ({ref[:20]})") from None
            self.cells, self.extra, self.column = [], None, -1

    def text(self, data: str) -> None:
        if self.collect is not None:
            self.collect.append(data)

    def end(self, tag: str) -> None:
        if ":" in tag:
            tag = _local(tag)
        if tag == "c":
            self._cell()
        elif tag in ("v", "f", "t"):
            self.collect = None
        elif tag == "is":
            self.inline -= 1
        elif tag == "rPh":
            self.ruby -= 1
        elif tag == "row":
            self._row()

    def _cell(self) -> None:
        if self.column >= self.columns and (self.extra is not None or not (self.value or self.formula is not None)):
            return                      # beyond the columns kept, and nothing to say of it
        if self.formula is not None or self.kind == "e":
            if self.formula is not None:          # its saved result is not what was typed
                written = "".join(self.formula)
                noted, said = self.out.formulas, "=" + written if written else SHARED
            else:
                noted, said = self.out.errors, "".join(self.value).strip()
            if len(self.out.formulas) + len(self.out.errors) < MAX_MARKED:
                noted[(self.number, self.column)] = said
            else:
                self.out.more = True
            if self.column >= self.columns:
                self.extra = ""             # the first beyond the columns: noted, and said as such
            return
        value = self._text("".join(self.value))
        if self.column < self.columns:
            if value:
                if self.column >= len(self.cells):
                    self.cells.extend([""] * (self.column + 1 - len(self.cells)))
                self.cells[self.column] = value
        elif self.extra is None and value.strip():
            self.extra = value

    def _text(self, raw: str) -> str:
        """A cell as the text a teacher typed: 7 not 7.0, true not 1."""
        kind = self.kind
        if kind == "s":
            try:
                return self.strings[int(raw)]
            except (ValueError, IndexError):
                raise Broken("a cell names a shared text that is not there") from None
        if kind in ("inlineStr", "str"):
            return raw
        if kind == "b":
            return "true" if raw.strip() in ("1", "true") else "false"
        if kind == "d":
            from openpyxl.utils.datetime import from_ISO8601

            try:
                return str(from_ISO8601(raw))
            except ValueError:
                return raw
        raw = raw.strip()
        if not raw:
            return ""
        try:
            number = float(raw) if any(c in raw for c in ".eE") else int(raw)
        except ValueError:
            return raw
        if self.style is not None and self.style.isdigit() and int(self.style) in self.dates:
            from openpyxl.utils.datetime import CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900, from_excel

            try:
                return str(from_excel(number, CALENDAR_MAC_1904 if self.date1904 else CALENDAR_WINDOWS_1900))
            except (ValueError, OverflowError):
                return raw
        if isinstance(number, float) and number.is_integer():
            return str(int(number))
        return str(number)

    def _row(self) -> None:
        if self.first_only:
            self.out.rows.append((self.number, self.cells))
            raise _Stop()
        if not any(c.strip() for c in self.cells) and self.extra is None:
            return
        cells = self.cells
        if self.extra is not None:
            cells = cells + [""] * (self.columns - len(cells)) + [self.extra]
        self.out.rows.append((self.number, cells))
        if len(self.out.rows) > self.most_rows:
            raise TooManyRows()


def read_cells(data: bytes, columns: int, rows: int) -> SheetCells:
    """The cards sheet of an .xlsx file's bytes: the one called 'cards', else the first whose first
    cell says 'id' (a teacher may rename the sheet, or put a sheet of notes in front of it), else
    the first. Keeps `columns` columns of each row (and the first value beyond them) and refuses
    (TooManyRows) more than `rows` rows holding something; Broken or TooBig for a file that is not
    a workbook printgen reads; Locked for one saved with a password."""
    if data.startswith(OLE):
        if ENCRYPTED in data:
            raise Locked("EncryptedPackage")
        raise Broken("it is in the old Excel format (.xls, Excel 97-2003), though its name ends in .xlsx")
    try:
        book = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError) as exc:
        raise Broken(f"it is not a zip file ({exc})") from None
    try:
        return _read(book, columns, rows)
    except _ZIP_ERRORS as exc:       # a damaged part: a wrong checksum, a method no zip reader knows
        raise Broken(f"a part of it is damaged ({type(exc).__name__}: {str(exc)[:80]})") from None
    finally:
        book.close()


# what reading a damaged or foreign zip part raises (NotImplementedError is a RuntimeError)
_ZIP_ERRORS = (zipfile.BadZipFile, zlib.error, RuntimeError, EOFError, OSError, ValueError)


def _read(book: zipfile.ZipFile, columns: int, rows: int) -> SheetCells:
    parts = _Parts(book)
    workbook = _workbook(parts)
    strings = _shared_strings(parts, workbook.strings)
    dates = _date_styles(parts, workbook.styles)

    def reader(first_only: bool) -> _SheetReader:
        return _SheetReader(strings, dates, workbook.date1904, columns, rows, first_only)

    chosen = next((part for name, part in workbook.sheets if name == "cards"), None)
    if chosen is None:
        for _name, part in workbook.sheets:
            probe = reader(True)
            _parse(parts.chunks(part), probe.start, probe.end, probe.text)
            first = probe.out.rows[0][1] if probe.out.rows else []
            if first and first[0].strip().lower() == "id":
                chosen = part
                break
    sheet = reader(False)
    _parse(parts.chunks(chosen or workbook.sheets[0][1]), sheet.start, sheet.end, sheet.text)
    return sheet.out

