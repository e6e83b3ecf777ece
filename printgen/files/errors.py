"""User errors: one readable message naming file, line, card and field.

Anything the user can fix (a typo in YAML, a missing picture) raises UserError; the CLI prints
it without a traceback. Anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import field
from pathlib import Path

from printgen.files.lean import lean_dataclass


@lean_dataclass
class Where:
    """The place in the user's files an error or warning is about."""

    file: Path | None = None
    line: int | None = None
    card: str | None = None
    field: str | None = None
    row: int | None = None          # a spreadsheet's row and column, where a card came from one
    column: str | None = None

    def __init__(self, file: Path | None = None, line: int | None = None, card: str | None = None,
                 field: str | None = None, row: int | None = None, column: str | None = None) -> None:
        # written out: a deck being read makes some 25 a card, mostly by keyword, which the shared
        # __init__ of lean_dataclass takes about 1 us slower than this
        self.file, self.line, self.card, self.field, self.row, self.column = file, line, card, field, row, column

    def describe(self) -> str:
        parts = []
        if self.file is not None:
            parts.append(_display_path(self.file))
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.row is not None:
            parts.append(f"row {self.row}")
        if self.card is not None:
            parts.append(f"card '{self.card}'")
        if self.field is not None:
            parts.append(f"field '{self.field}'")
        if self.column is not None:
            parts.append(f"column '{self.column}'")
        return ", ".join(parts)


@lean_dataclass
class UserError(Exception):
    """An error in the user's input, with where it is and how to fix it."""

    message: str
    where: Where = field(default_factory=Where)
    hint: str | None = None
    sheet_hint: str | None = None    # the hint when the value is a spreadsheet cell, not a YAML line

    def __str__(self) -> str:
        place = self.where.describe()
        text = f"{place}: {self.message}" if place else self.message
        hint = self.sheet_hint if self.sheet_hint and self.where.row is not None else self.hint
        if hint:
            text += f"\n  hint: {hint}"
        return text


@lean_dataclass
class Warning_:
    """A problem that does not stop the build but that the user should see."""

    message: str
    where: Where = field(default_factory=Where)

    def __str__(self) -> str:
        place = self.where.describe()
        return f"{place}: {self.message}" if place else self.message


def field_path(parts: Iterable[object]) -> str:
    """A place in a file as a message shows it: its keys joined by dots, and an item of a list
    counted as a teacher counts it, from 1, in brackets: ('rows', 'labels', 1) is 'rows.labels[2]',
    the second label. The one form for every field a message names."""
    said = ""
    for part in parts:
        if isinstance(part, int) and not isinstance(part, bool):
            said += f"[{part + 1}]"
        else:
            said += f".{part}" if said else str(part)
    return said


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """A 'did you mean' hint for a misspelt name, or None when nothing is close."""
    choices = list(choices)
    lowered = {c.lower(): c for c in choices}
    if word.lower() in lowered:
        return f"did you mean '{lowered[word.lower()]}'? (capital letters matter)"
    roman = _roman_numbers(word).lower()      # 'henry-8' for 'henry-viii' (difflib offered 'henry-v')
    if roman != word.lower() and roman in lowered:
        return f"did you mean '{lowered[roman]}'? (its number is in Roman numerals)"
    import difflib  # here: only a mistake needs it, and every module imports this one

    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if not close:
        close = [lowered[c] for c in difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)]
    return f"did you mean '{close[0]}'?" if close else None


_ROMAN = ((10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))


def _roman_numbers(word: str) -> str:
    """`word` with each number from 1 to 39 standing alone ('henry-8', 'Louis 14') in Roman numerals."""
    import re

    def roman(match) -> str:
        n, said = int(match.group()), ""
        for value, letters in _ROMAN:
            while n >= value:
                said, n = said + letters, n - value
        return said

    return re.sub(r"(?<![0-9A-Za-z])(?:[1-9]|[1-3][0-9])(?![0-9A-Za-z])", roman, word)


def _display_path(path: Path) -> str:
    """Show paths relative to the working folder when they are inside it: shorter to read. A file
    of a deck printgen ships, outside it, is named by the deck ('coppertwaddle/deck.yaml'), not by
    the folder it was installed in (site-packages/printgen/shipped/decks/...). A link is named
    as the user sees it, not by where it leads ('mine/rules', never the folder it points to)."""
    try:
        return str(Path(os.path.abspath(path)).relative_to(Path.cwd()))
    except (ValueError, OSError):
        pass
    resolved = Path(path).resolve()
    try:
        return str(resolved.relative_to(Path.cwd().resolve()))
    except ValueError:
        pass
    from printgen.files.paths import decks_dir

    try:
        return str(resolved.relative_to(decks_dir().resolve()))
    except (ValueError, RuntimeError):
        return str(path)
