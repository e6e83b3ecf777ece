"""A deck whose cards are kept in a spreadsheet (`cards: cards.xlsx` in deck.yaml): the sheet is
read at every build, one row per card, and every error names its row and column, as errors in
deck.yaml name their line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printgen.files.errors import UserError, Where, did_you_mean
from printgen.files.schema import FieldSpec
from printgen.files.sheet_problems import Problems
from printgen.files.sheets import CHECK, ID, SUFFIXES, read_table
from printgen.files.yaml_compose import PathKey
from printgen.files.yamlsrc import Located


class SheetLocated(Located):
    """A sheet's cards as the loader reads deck.yaml's: errors name the row and the column. Each
    value a row gives is listed in `lines` (at no line: its place is its row and column), as a value
    deck.yaml gives is at its line, so a warning found at build time about a card's value is said
    at that value's row and column (model.Card.where_of) as its errors are."""

    def __init__(self, file: Path, cards: list[dict[str, Any]], rows: list[int]):
        given = {("cards", index, name): None for index, card in enumerate(cards) for name in card}
        super().__init__({"cards": cards}, file, given)          # type: ignore[arg-type]
        self.rows = rows

    def line_of(self, path: PathKey) -> int | None:
        return None

    def where(self, path: PathKey, card: str | None = None, field: str | None = None) -> Where:
        path = tuple(path)
        row = self.rows[path[1]] if len(path) > 1 and isinstance(path[1], int) and path[1] < len(self.rows) else None
        column = str(path[2]) if len(path) > 2 else field
        return Where(self.file, None, card, None, row, column)


def sheet_cards(folder: Path, name: str, fields: dict[str, FieldSpec], where: Where) -> SheetLocated:
    """The cards of `cards: NAME.xlsx` (or .csv): a file in the deck's folder, one row per card,
    values read as the field types say (a number as a number, true/false as a flag)."""
    relative = Path(name)
    if relative.is_absolute() or ".." in relative.parts or relative.suffix.lower() not in SUFFIXES:
        raise UserError(f"'{name}' is not a sheet of cards in the deck's folder", where,
                        "give the name of a .csv or .xlsx file inside the deck folder, such as cards.xlsx")
    path = folder / relative
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        raise UserError(f"'{name}' lies outside the deck's folder", where) from None
    if not path.exists() and not path.is_symlink():
        raise UserError(f"the sheet of cards '{name}' is not in the deck's folder", where,
                        "put the .csv or .xlsx file next to deck.yaml")
    problems = Problems(path)          # read as import reads a sheet: a regular file, within the same limits
    table = read_table(path, problems)
    names = {number: row[table.header.index("name")].strip() for number, row in table.rows
             if "name" in table.header and row[table.header.index("name")].strip()}
    problems.name_cards(names)         # a formula or a hidden character is said with its card
    problems.raise_if_any()
    known = list(fields) + ["count"]
    for column in table.header:
        if column and column not in (ID, CHECK) and column not in known:
            raise UserError(f"'{column}' is not a field of this deck", Where(path, row=1, column=column),
                            did_you_mean(column, known) or "fields: " + ", ".join(known))
    cards, rows = [], []
    for number, row in table.rows:
        values: dict[str, Any] = {}
        for column, cell in zip(table.header, row):
            if not column or column in (ID, CHECK) or not cell.strip():
                continue
            kind = "number" if column == "count" else fields[column].type
            values[column] = _typed(cell, kind, Where(path, None, names.get(number), None, number, column))
        cards.append(values)
        rows.append(number)
    if not cards:
        raise UserError("the sheet of cards has no cards: one row per card under the row of column names",
                        Where(path))
    return SheetLocated(path, cards, rows)


def _typed(cell: str, kind: str, where: Where) -> Any:
    """A cell as the value deck.yaml would hold: numbers, flags and records are read as such."""
    text = cell.strip()
    if kind == "number":
        try:
            return int(text)
        except ValueError:
            try:
                return float(text)
            except ValueError:
                raise UserError(f"should be a number (found '{text}')", where) from None
    if kind == "flag":
        if text.lower() in ("true", "false"):
            return text.lower() == "true"
        raise UserError(f"should be true or false (found '{text}')", where)
    if kind == "ability":
        from printgen.files.yamlsrc import parse_yaml

        try:
            return parse_yaml(f"x: {text}\n", where.file or Path("cards")).data.get("x")
        except UserError as error:       # said at the cell: the line is the snippet's, not the sheet's
            raise UserError(f"this record cannot be read: {error.message}", where, error.hint) from None
    return cell if kind == "text" else text
