"""A deck's cards as spreadsheet rows: `printgen export`, and how a cell's value is compared.

A teacher who knows spreadsheets edits captions there: export writes one row per card (an `id`
column first, then every field as deck.yaml spells it, then the `printgen check` cell), and
`printgen import` writes the changed cells back into deck.yaml through printgen.editing.roundtrip,
so comments, order and formatting stay (sheet_import.py: rows are matched to cards by their id,
never by position; a row without an id is a new card, a deleted row a deleted card). The check cell
lets import tell a cell the teacher changed from one that is only older than deck.yaml (changed
since, in the web editor or by hand): the older value is not written back over the newer one, and
a value changed in both places is refused, naming the card, unless the sheet is to win (--force).
The sheet files themselves are read and written by printgen/files/sheets.py.
"""

from __future__ import annotations

from pathlib import Path

from printgen.files.errors import UserError, Where
from printgen.files.sheets import CHECK, ID, check_suffix, table_bytes


def export_rows(source, sheet_path: str = "") -> tuple[list[str], list[list[str]]]:
    """The sheet of a deck's listed cards: header and rows, each row ending with its check
    (printgen.editing.sheets.sheet_merge)."""
    from printgen.editing.sheets.sheet_merge import export_id, roster, row_check

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
    from printgen.editing.roundtrip import DeckSource
    from printgen.editing.scaffold import command_line
    from printgen.files.output import publish
    from printgen.model.load import ALL_CARDS, load_deck

    out = Path(out)
    check_suffix(out, "export writes a spreadsheet")
    if out.exists() and not force:
        raise UserError("this file already exists, and may hold edits not yet brought back into deck.yaml",
                        Where(out),
                        f"to keep those edits, import it first ({command_line('printgen', 'import', ref, out)}); "
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
        from printgen.draw.text import typographic

        return typographic(value)
    return value
