"""Which of two changed values to keep when a spreadsheet comes back: the sheet's, or a newer one
in deck.yaml (made in the web editor, by hand, or by an earlier import of the same sheet).

Each exported row ends with a check cell: the export's id, then a fingerprint of every (card,
column, value) the row had when exported. After each import the deck folder keeps a small record
(RECORD) of what that sheet held and what deck.yaml held afterwards, by export. So for a cell that
differs from deck.yaml, import can tell:

- the sheet's cell is as it was (exported, or last imported): deck.yaml changed since, keep it;
- deck.yaml is as it was: the teacher changed the cell, take it;
- both changed: a conflict, refused unless the sheet is to win (--force).

Without the record (deleted, or a folder copied without its hidden files) the export's check
is the base, so a sheet imported before looks changed: more conflicts and more values kept, each
said, and none written over silently.

An undo in the sheet (a cell typed back to what it was before an import) is a change of the
sheet since its last import, so it is taken.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RECORD = ".printgen-imports.json"
KEEP_EXPORTS = 20              # the record remembers this many exports' last imports
APPLY, KEEP, CONFLICT = "apply", "keep", "conflict"


def fingerprint(card_id: str, column: str, value: str) -> str:
    return hashlib.sha256(f"{card_id}\0{column}\0{value}".encode()).hexdigest()[:8]


def export_id(deck_text: str, sheet_path: str) -> str:
    """The export's id: the same deck exported to the same file gives the same id (exports are
    reproducible); two sheets exported side by side, in two folders or under two names, differ."""
    return "x" + hashlib.sha256(f"{deck_text}\0{sheet_path}".encode()).hexdigest()[:7]


def roster(card_ids) -> str:
    """A fingerprint of the set of cards an export holds ('s' and hex): with the rows left in the
    sheet, it tells which cards without a row had one at the export (rows deleted: cards to delete)
    from cards added to deck.yaml since (to keep)."""
    return "s" + hashlib.sha256("\n".join(sorted(card_ids)).encode("utf-8")).hexdigest()[:10]


def row_check(export: str, card_id: str, values: dict[str, str], cards: str = "") -> str:
    """The check cell of a card's row: the export's id, the roster of its cards (the same in every
    row, so any row left carries it), then a fingerprint of each (card, column, value). Named by
    column, so a sheet whose columns were moved or deleted is still checked."""
    return " ".join([export] + ([cards] if cards else []) + [fingerprint(card_id, c, v) for c, v in values.items()])


@dataclass
class Check:
    export: str
    prints: set[str]
    roster: str | None = None

    def had(self, row_id: str, column: str, value: str) -> bool:
        return fingerprint(row_id, column, value) in self.prints


def read_check(cell: str) -> Check | None:
    """The check cell's contents; None when it is blank (a row added or a cell emptied)."""
    parts = cell.split()
    if not parts:
        return None
    cards = next((p for p in parts[1:] if p.startswith("s")), None)      # fingerprints are hex: never 's'
    return Check(parts[0], {p for p in parts[1:] if p != cards}, cards)


@dataclass
class Record:
    """What each export's sheet held at its last import (fingerprints by the row's id and
    column), and the card each row id named then. A cell's value there is the last one the sheet
    and deck.yaml agreed on, or the sheet's when deck.yaml's newer value was kept: either way
    the base a later change of either side is measured from."""

    folder: Path
    exports: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def load(cls, folder: Path) -> Record:
        path = folder / RECORD
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            exports = data["exports"] if isinstance(data.get("exports"), dict) else {}
        except (OSError, ValueError, AttributeError, KeyError):
            exports = {}          # none yet, or damaged: the export's own check still guards
        return cls(folder, exports)

    def knows(self, export: str) -> bool:
        """Was a sheet of this export imported before?"""
        return export in self.exports

    def cards_of(self, export: str) -> dict[str, str]:
        """Row id -> card id, for every row this export's sheet had at its last import."""
        ids = self.exports.get(export, {}).get("ids", {})
        return dict(ids) if isinstance(ids, dict) else {}

    def card_for(self, export: str, row_id: str) -> str | None:
        return self.exports.get(export, {}).get("ids", {}).get(row_id)

    def base(self, export: str, row_id: str) -> dict[str, str] | None:
        """What this sheet's row held at its last import (fingerprints by column), if recorded."""
        return self.exports.get(export, {}).get("sheet", {}).get(row_id)

    def held(self, check: Check, row_id: str, column: str, value: str) -> bool:
        """Did the row hold this value when exported, or when last imported?"""
        base = self.base(check.export, row_id)
        return check.had(row_id, column, value) or (base is not None
                                                    and base.get(column) == fingerprint("", column, value))

    def decide(self, check: Check, row_id: str, column: str, sheet: str, deck: str) -> str:
        """APPLY the sheet's value, KEEP deck.yaml's, or CONFLICT (both changed since the base)."""
        base = self.exports.get(check.export, {}).get("sheet", {}).get(row_id, {}).get(column)
        if base is not None:                 # this sheet was imported before: that is the base
            if fingerprint("", column, sheet) == base:
                return KEEP
            if fingerprint("", column, deck) == base:
                return APPLY
            return CONFLICT
        if check.had(row_id, column, sheet):
            return KEEP
        if check.had(row_id, column, deck):
            return APPLY
        return CONFLICT

    def after_import(self, export: str, rows: dict[str, tuple[str, dict[str, str]]]) -> None:
        """Note this export's import: `rows` maps each row id to its card's id after the import
        and the row's values (as compared)."""
        exports = {k: v for k, v in self.exports.items() if k != export and isinstance(v, dict)}
        newest = max((v.get("n", 0) for v in exports.values()), default=0)
        exports[export] = {
            "n": newest + 1,
            "ids": {row_id: card_id for row_id, (card_id, _) in rows.items()},
            "sheet": {row_id: {c: fingerprint("", c, v) for c, v in values.items()}
                      for row_id, (_, values) in rows.items()},
        }
        self.exports = dict(sorted(exports.items(), key=lambda kv: kv[1].get("n", 0))[-KEEP_EXPORTS:])

    def data(self) -> bytes:
        return (json.dumps({"note": "printgen import: what each spreadsheet held when last imported",
                            "exports": self.exports}, indent=1, sort_keys=True) + "\n").encode("utf-8")
