"""`printgen import`: a spreadsheet's changes written into deck.yaml, all of them or none.

A row is a card (sheet_rows.py says which): its changed cells become value edits
(printgen/editing/roundtrip.py), a row without an id a new card and a deleted row a deleted card
(printgen/editing/cardlist.py).
Where deck.yaml changed since the sheet was exported or last imported, sheet_merge decides:
the newer value is kept, and a value changed in both places is refused unless `force`.

Every problem of the sheet is found in one run and told together (printgen/files/sheet_problems.py):
a bad value does not hide the next one. Values are checked by loading the deck as it would be; a value the
loader refuses is noted at its cell, left out, and the deck loaded again, until it loads.
A deleted row is only taken for a deleted card when the sheet had that card when exported (the
roster in its check cells) or at its last import (the record): a card added to deck.yaml since,
in the web editor, has no row and is kept. A card a rule sheet shows (`card:ID`) is not deleted.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from printgen.editing.cardlist import NewCard, card_at_line, compose, named_at, references
from printgen.editing.roundtrip import DeckSource, Edit, RawCard, relocate
from printgen.editing.sheets.export import cell_value, compared
from printgen.editing.sheets.sheet_merge import APPLY, KEEP, Check, Record, read_check, roster
from printgen.editing.sheets.sheet_rows import ADDED, Row, added_before, find_card, name_clashes, same_card
from printgen.editing.textdiff import shown_pair
from printgen.files.errors import UserError, Where, did_you_mean
from printgen.files.sheet_problems import Problems
from printgen.files.sheets import CHECK, ID, Table, read_table
from printgen.model.load import slug

SUBSETS = 3       # cards added to deck.yaml since an export, told from deleted rows by trying this many


@dataclass
class ImportResult:
    changed: int                   # values changed
    cards: int                     # cards changed
    backup: Path | None            # the previous deck.yaml, when one was written
    missing: list[str] = field(default_factory=list)    # cards of deck.yaml with no row, kept
    names: list[str] = field(default_factory=list)      # the cards changed, in deck order
    kept: list[str] = field(default_factory=list)       # cards whose newer deck.yaml values were kept
    unchecked: list[str] = field(default_factory=list)  # cards changed from rows without a check cell
    whole: bool = False            # ... because the sheet has no check column at all
    gone: list[str] = field(default_factory=list)       # rows whose card was deleted from deck.yaml since
    added: list[str] = field(default_factory=list)      # new cards, from rows without an id
    deleted: list[str] = field(default_factory=list)    # cards whose row was deleted
    why_missing: str = ""          # why the cards without a row were kept: 'unchecked', 'since', 'unknown'
    ignored: list[str] = field(default_factory=list)    # columns of the user's own (no field, nothing like one)


@dataclass
class Plan:
    """What a sheet changes, with what import must remember of it (sheet_merge.Record)."""

    edits: list[Edit]
    added: list[Row]
    deleted: list = field(default_factory=list)          # RawCards
    kept: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    whole: bool = False
    gone: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    why_missing: str = ""
    ignored: list[str] = field(default_factory=list)
    rows_of: dict[str, int] = field(default_factory=dict)                 # card id -> row number
    export: str | None = None
    recorded: dict[str, dict[str, tuple[int, dict[str, str]]]] = field(default_factory=dict)
    #   export id -> row key -> (card index in deck.yaml before the import, the row's values)


def _columns(source: DeckSource, table: Table, problems: Problems,
             ignored: list[str]) -> tuple[int, dict[int, str], int]:
    """(the id column, {column index: field} of the columns to read, the check column or -1). A
    column named like no field (a teacher's own 'Group') goes into `ignored`, to be said and left
    alone; one close to a field's name ('Caption') is a mistake, refused with that name."""
    path, header = table.file, table.header
    at = next((i for i, name in enumerate(header) if name.lower() == ID), None)
    if at is None:
        raise UserError(f"the sheet has no '{ID}' column", Where(path, row=1),
                        "export the deck again (printgen export) and edit that sheet: the id column says which "
                        "card each row is (leave it empty in a row you add)")
    fields = source.columns()
    used: dict[int, str] = {}
    for index, name in enumerate(header):
        if index == at or name == CHECK:
            continue
        if not name:
            if any(row[index].strip() for _, row in table.rows):
                problems.add(UserError("a column has no name in the first row", Where(path, row=1),
                                       "name it after a field of the deck, or delete the column"))
        elif name not in fields:
            near = did_you_mean(name, fields)
            if near is None:
                ignored.append(name)
            else:
                problems.add(UserError(f"'{name}' is not a field of this deck", Where(path, row=1, column=name), near))
        elif name in used.values():
            problems.add(UserError(f"the column '{name}' is there twice", Where(path, row=1, column=name)))
        else:
            used[index] = name
    return at, used, header.index(CHECK) if CHECK in header else -1


def _rows(source: DeckSource, table: Table, id_at: int, used: dict[int, str], check_at: int) -> list[Row]:
    """The rows of cards: a row left with nothing but its check cell (its cells cleared) is a
    deleted row, like a row taken out."""
    rows = []
    for number, cells in table.rows:
        typed = {name: cell_value(source.kind(name), cells[i]) for i, name in used.items()}
        if not cells[id_at].strip() and not any(v.strip() for v in typed.values()):
            continue
        rows.append(Row(number, cells[id_at].strip(), typed,
                        {name: compared(source.kind(name), text) for name, text in typed.items()},
                        read_check(cells[check_at]) if check_at >= 0 else None))
    return rows


def read_sheet(source: DeckSource, table: Table, problems: Problems, force: bool = False) -> Plan:
    """Match every row to its card and gather the edits, new cards and deleted cards; each problem
    of a row or cell goes into `problems` (the row's other cells are still read)."""
    path = table.file
    ignored: list[str] = []
    id_at, used, check_at = _columns(source, table, problems, ignored)
    record = Record.load(source.folder)
    rows = _rows(source, table, id_at, used, check_at)
    exports = Counter(r.check.export for r in rows if r.check is not None)
    plan = Plan([], [], whole=check_at < 0, export=exports.most_common(1)[0][0] if exports else None,
                ignored=ignored)
    matched: dict[int, tuple[Row, str]] = {}         # card index -> (row, the row's key in the record)
    later: list[Row] = []
    unknown: list[tuple[Row, UserError]] = []
    for row in rows:
        if not row.id:
            later.append(row)
            continue
        if not _own_check(row, record):      # a row added by hand (its check empty, or copied with the row)
            found = added_before(source, record, plan.export, row, plan.rows_of)
            if found is not None:            # ... that an earlier import of this sheet made a card of
                key, card = found
                plan.rows_of[card.id] = row.number
                row.check = Check(plan.export, set()) if plan.export is not None else None
                matched[card.index] = (row, key)
                continue
        try:
            card = find_card(source, record, row, plan.rows_of, path)
        except UserError as error:
            unknown.append((row, error))
            continue
        if card is None and row.id in plan.rows_of:      # its card is another row's: a row copied whole ...
            card = next(c for c in source.cards if c.id == row.id)
            if row.name and row.name != card.name and slug(row.name) not in plan.rows_of:
                later.append(row)                        # ... and given a name of its own: a new card
                continue
        if card is None:
            plan.gone.append(row.cells.get("name") or row.id)
            continue
        if card.id in plan.rows_of:
            problems.add(UserError(f"the card '{card.name}' is on row {plan.rows_of[card.id]} too",
                                   Where(path, row=row.number, card=card.name, column=ID), "keep one row per card"))
            continue
        plan.rows_of[card.id] = row.number
        matched[card.index] = (row, row.id)
    claimed: set[int] = set()       # cards whose row had its id typed over: neither new nor deleted
    for row, refusal in unknown:
        card = same_card(row, [c for c in source.cards if c.id not in plan.rows_of and c.index not in claimed])
        if card is not None:
            problems.add(refusal)
            claimed.add(card.index)
        else:
            later.append(row)
    by_id = {c.id: c for c in source.cards}
    for row in sorted(later, key=lambda r: r.number):
        found = added_before(source, record, plan.export, row, plan.rows_of)
        if found is None and not row.id and row.name:
            card = by_id.get(slug(row.name))
            if card is not None and card.id not in plan.rows_of and card.index not in claimed:
                found = ("", card)            # its id emptied by mistake: the row is still that card's
        if found is None:
            plan.added.append(row)
            continue
        key, card = found
        plan.rows_of[card.id] = row.number
        row.check = Check(plan.export, set()) if key and plan.export is not None else None
        matched[card.index] = (row, key)
    by_index = {c.index: c for c in source.cards}
    for index, (row, key) in matched.items():
        _row_edits(source, record, plan, by_index[index], row, key, problems, path, force)
    _deletions(source, record, plan, rows, set(matched) | claimed, problems, path)
    for problem in name_clashes(source, plan.edits, plan.rows_of, plan.added, {c.index for c in plan.deleted}, path):
        problems.add(problem)
    return plan


def row_names(source: DeckSource, table: Table, plan: Plan) -> dict[int, str]:
    """The card each row of the sheet is, by name: a row matched to a card is that card (its name in
    deck.yaml, as other problems name it), any other row is named by its name cell, else its id."""
    at = {name.lower(): i for i, name in enumerate(table.header)}
    names: dict[int, str] = {}
    for number, cells in table.rows:
        typed = [cells[at[key]].strip() for key in ("name", ID) if key in at and cells[at[key]].strip()]
        if typed:
            names[number] = typed[0]
    by_id = {c.id: c.name for c in source.cards}
    names.update({row: by_id[card_id] for card_id, row in plan.rows_of.items() if card_id in by_id})
    return names


def _own_check(row: Row, record: Record) -> bool:
    """Is the row's check cell the one exported (or last imported) with this row?"""
    check = row.check
    return check is not None and (any(check.had(row.id, k, v) for k, v in row.cells.items())
                                  or record.base(check.export, row.id) is not None)


def _row_edits(source: DeckSource, record: Record, plan: Plan, card: RawCard, row: Row, key: str,
               problems: Problems, path: Path, force: bool) -> None:
    """The changed cells of a card's row, as edits; a value changed in both places is a problem
    (unless `force`), shown where the two differ."""
    check = row.check
    if check is not None and key == row.id:
        if not any(check.had(row.id, name, value) for name, cell in row.cells.items()
                   for value in (cell, compared(source.kind(name), card.values.get(name, "")))) \
                and record.base(check.export, row.id) is None:
            problems.add(UserError(f"this row's '{CHECK}' cell is not the one exported with it (copied from another "
                                   "row, or typed over)", Where(path, row=row.number, card=card.name, column=CHECK),
                                   "put the cell back as it was exported; or empty it, and the row's values are "
                                   "taken as they stand; or export the deck again"))
            return
    if check is not None:
        plan.recorded.setdefault(check.export, {})[key] = (card.index, row.cells)
    for name, cell in row.cells.items():
        now = compared(source.kind(name), card.values.get(name, ""))
        if cell == now:
            continue
        where = Where(path, row=row.number, card=card.name, column=name)
        if check is None:
            if card.name not in plan.unchecked:
                plan.unchecked.append(card.name)
        else:
            verdict = record.decide(check, key, name, cell, now)
            if verdict == KEEP and not force:        # with force the sheet wins here too: the user said so
                if card.name not in plan.kept:
                    plan.kept.append(card.name)
                continue
            if verdict != APPLY and not force:
                theirs, ours = shown_pair(now, cell)
                problems.add(UserError(
                    f"the {name} of '{card.name}' was changed in deck.yaml after this sheet was exported or last "
                    f"imported, and in the sheet too: deck.yaml has {theirs}, the sheet {ours}", where,
                    "to keep deck.yaml's, export the deck again and make your change in the new sheet; to take "
                    "the sheet's values where both changed, import again with --force"))
                continue
        plan.edits.append(Edit(card.index, name, row.typed[name], where))


def _deletions(source: DeckSource, record: Record, plan: Plan, rows: list[Row], matched: set[int], problems: Problems,
               path: Path) -> None:
    """The cards whose rows were deleted: those the sheet had (at its export or last import) and
    no longer has. A card with no row that the sheet never had (added since) is kept and said; so
    is every card without a row when the sheet cannot tell (no check column). A card a rule sheet
    or board shows cannot be deleted: each place is a problem."""
    without = [c for c in source.cards if c.index not in matched]
    if not without:
        return
    exported: set[str] | None = None
    if plan.whole or plan.export is None:
        plan.why_missing = "unchecked"
    elif record.knows(plan.export):
        exported = set(record.cards_of(plan.export).values())
    else:
        exported = _exported(rows, plan.export, [c.id for c in without])
        if exported is None:
            plan.why_missing = "unknown"
    deleted = [c for c in without if exported is not None and c.id in exported]
    plan.missing = [c.name for c in without if c not in deleted]
    if plan.missing and not plan.why_missing:
        plan.why_missing = "since"
    named = references(source.folder, [c.id for c in deleted])
    for card in deleted:
        if card.id in named:
            places = named_at(source.folder, named[card.id])
            problems.add(UserError(f"the row of '{card.name}' was deleted, but {places} shows this card, so it cannot "
                                   "be deleted", Where(path, card=card.name),
                                   "put the row back; to delete the card, first take its picture out of that page"))
    plan.deleted = [c for c in deleted if c.id not in named]


def _exported(rows: list[Row], export: str, without: list[str]) -> set[str] | None:
    """The ids of the cards without a row that the sheet held when exported: the roster in its
    check cells is of every exported id, so the rows' own ids and these must make it up. A few
    cards added to deck.yaml since (not in the roster) are told apart by leaving them out; None
    when nothing fits (a card renamed in deck.yaml since, say), so nothing is deleted."""
    checks = [r.check for r in rows if r.check is not None and r.check.export == export]
    wanted = Counter(c.roster for c in checks if c.roster).most_common(1)
    if not wanted:
        return None
    present = {r.id for r in rows if r.check is not None and r.check.export == export and r.id}
    target = wanted[0][0]
    for leave_out in range(0, min(SUBSETS, len(without)) + 1):
        for left in combinations(without, leave_out):
            chosen = set(without) - set(left)
            if roster(present | chosen) == target:
                return chosen
    return None


# --- writing ----------------------------------------------------------------------------------

def _compose(source: DeckSource, edits: list[Edit], deleted: list, added: list[Row],
             path: Path) -> tuple[str, list[Edit]]:
    """deck.yaml's text with the edits made, the deleted cards taken out and the new rows added."""
    return compose(source, edits, [c.index for c in deleted],
                   [NewCard({k: v for k, v in row.typed.items() if v.strip()},
                            Where(path, row=row.number, card=row.name or None)) for row in added])


def _at_row(error: UserError, text: str, source: DeckSource, plan: Plan, edits: list[Edit], added: list[Row],
            path: Path) -> UserError:
    """A loader error about the new text, told at the sheet's cell when it is about a row's value."""
    moved = relocate(error, edits, source)
    if moved.where.row is not None:
        return moved
    index = card_at_line(text, source.folder, error.where.line)
    if index is None:
        return error                          # not inside a card (a pack's line, say)
    gone = {c.index for c in plan.deleted}
    kept = [c for c in source.cards if c.index not in gone]
    card = error.where.card
    if index >= len(kept):
        number = index - len(kept)
        row = added[number].number if number < len(added) else None
        card = added[number].name or None if number < len(added) else card     # not the loader's 'number 44'
    else:
        row = plan.rows_of.get(kept[index].id)
    if row is None:
        return error
    column = error.where.field if error.where.field in source.columns() else None
    return UserError(error.message, Where(path, row=row, card=card, column=column), error.hint, error.sheet_hint)


CHECKED_ALONE = ("group", "years", "emblem", "image", "flag", "number")


def precheck(source: DeckSource, deck, plan: Plan, problems: Problems, path: Path) -> None:
    """Each cell whose value is judged on its own (a house, years, a picture, a flag ...) checked by
    the loader's own rule (card_values.check_value), before the deck is loaded as a whole: a sheet
    of fifty bad houses is then told in one load, not fifty."""
    from printgen.model.card_values import check_value

    cells = [(e.where, e.field, e.text) for e in plan.edits]
    cells += [(Where(path, row=row.number, card=row.name or None, column=name), name, text)
              for row in plan.added for name, text in row.typed.items() if text.strip()]
    for where, name, text in cells:
        spec = source.fields.get(name)
        if spec is None or spec.type not in CHECKED_ALONE or not text.strip() or problems.at(where.row, where.column):
            continue                          # an emptied cell is the loader's to judge (a needed field)
        try:
            _, value = source._scalar(text.strip(), spec.type, False, Edit(0, name, text, where), None)
            check_value(value, spec, name, where, source.folder, deck.groups)
        except UserError as error:
            problems.add(UserError(error.message, where, error.hint, error.sheet_hint))


def settle(source: DeckSource, plan: Plan, problems: Problems, path: Path) -> str:
    """The new deck.yaml text. A value the loader refuses is noted at its cell and left out, and the
    deck is tried again, so every bad value is found in one import; stops at a problem that is
    not a cell's (the deck as a whole)."""
    # a cell already refused (a name another card has, say) is left out before the deck is loaded
    edits = [e for e in plan.edits if not problems.at(e.where.row, e.where.column)]
    added = [r for r in plan.added if not problems.at(r.number)]
    for _ in range(len(edits) + len(added) + 2):
        try:
            text, _new = _compose(source, edits, plan.deleted, added, path)
        except UserError as error:           # a value that cannot be written as typed: at its cell
            moved = error
        else:
            try:
                _load(source, text)
                return text
            except UserError as error:
                moved = _at_row(error, text, source, plan, edits, added, path)
        if moved.where.row is None:
            problems.add(_whole_deck(source, plan, edits, moved, path))
            return source.text
        problems.add(moved)
        row, column = moved.where.row, moved.where.column
        before = (len(edits), len(added))
        edits = [e for e in edits if not (e.where.row == row and (column is None or e.where.column == column))]
        added = [r for r in added if r.number != row]
        if (len(edits), len(added)) == before:
            return source.text
    return source.text


def _load(source: DeckSource, text: str) -> None:
    from printgen.model.load import ALL_CARDS, load_deck

    load_deck(source.folder, ALL_CARDS, text=text)


def _whole_deck(source: DeckSource, plan: Plan, edits: list[Edit], error: UserError, path: Path) -> UserError:
    """A problem of the deck as a whole (a pack's composition, say) that the sheet's new or deleted
    cards cause, told from the sheet's side; any other is told as the loader tells it."""
    if not (plan.deleted or plan.added):
        return error
    try:
        _load(source, source.apply(edits) if edits else source.text)
    except UserError:
        return error
    what = []
    if plan.deleted:
        rows = "rows" if len(plan.deleted) > 1 else "row"
        what.append(f"the {rows} of {_names([c.name for c in plan.deleted])} deleted")
    if plan.added:
        what.append(f"the new row{'s' if len(plan.added) > 1 else ''} "
                    f"{_names([r.name or f'row {r.number}' for r in plan.added])} added")
    undo = ([f"put back the deleted row{'s' if len(plan.deleted) > 1 else ''}"] if plan.deleted else []) + \
        ([f"take out the new row{'s' if len(plan.added) > 1 else ''}"] if plan.added else [])
    return UserError(f"with {' and '.join(what)}, {error.message} ({error.where.describe()})", Where(path),
                     f"{' or '.join(undo)}; if the deck is meant to change, first change what deck.yaml says at "
                     "that line")


def _names(names: list[str], most: int = 5) -> str:
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")


def import_deck(ref: str, sheet: Path, force: bool = False) -> ImportResult:
    """Write a sheet's changes into deck.yaml, or nothing at all on any problem (all of them told
    together); note what the sheet held (sheet_merge.Record), so its next import tells its edits
    from older values."""
    from printgen.editing.copying import DECK, refuse_shipped
    from printgen.editing.sheets.sheet_merge import RECORD
    from printgen.model.load import find_deck

    refuse_shipped(find_deck(ref), "importing a spreadsheet", ("printgen", "import", DECK, sheet))
    path = Path(sheet)
    problems = Problems(path)
    table = read_table(path, problems)
    source = DeckSource(ref)
    if isinstance(source.data.get("cards"), str):
        raise UserError(f"this deck keeps its cards in {source.data['cards']}, not in deck.yaml: edit that file",
                        Where(source.file))
    deck = source.check(source.text)    # the deck as it is must load: its own errors come first
    plan = read_sheet(source, table, problems, force)
    precheck(source, deck, plan, problems, path)
    text = settle(source, plan, problems, path)
    problems.name_cards(row_names(source, table, plan))
    problems.raise_if_any()
    changed = {e.card for e in plan.edits}
    result = ImportResult(0, 0, None, plan.missing, [], plan.kept,
                          [c.name for c in source.cards if c.index in changed and c.name in plan.unchecked],
                          plan.whole, plan.gone, [r.name for r in plan.added], [c.name for c in plan.deleted],
                          plan.why_missing, plan.ignored)
    final = DeckSource(source.folder, text).cards
    gone = {c.index for c in plan.deleted}
    after: dict[int, RawCard] = {}              # card index before -> card after
    for card in source.cards:
        if card.index not in gone:
            after[card.index] = final[len(after)]
    new_cards = final[len(after):]
    record = Record.load(source.folder)
    rows = {export: {key: (after[index].id, cells) for key, (index, cells) in recorded.items() if index in after}
            for export, recorded in plan.recorded.items()}
    if plan.export is not None and not plan.whole:
        for row, card in zip(plan.added, new_cards):
            rows.setdefault(plan.export, {})[ADDED + card.id] = (card.id, row.cells)
    for export, noted in rows.items():
        record.after_import(export, noted)
    noted_files = {source.folder / RECORD: record.data()} if rows else {}
    if text == source.text:               # nothing to write in deck.yaml; what the sheet held is still noted
        if noted_files:
            from printgen.files.output import publish

            publish(noted_files)
        return result
    backup = source.save(text, noted_files)
    result.changed, result.cards, result.backup = len(plan.edits), len(changed), backup
    result.names = [card.name for card in source.cards if card.index in changed]
    return result
