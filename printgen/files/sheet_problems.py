"""Every problem of a spreadsheet in one message, one line each, instead of one per run.

A teacher who imports a sheet with five mistakes should not have to run import five times to
meet them one after another. Import collects what is wrong with each cell (a formula, an unknown
house, a conflict with deck.yaml, a row whose id is another's...) and refuses the sheet once,
listing them by row: each line names the row, the card, the column, what is wrong and what to
type instead. A single problem reads exactly as it always has.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from printgen.files.errors import UserError, Where

SHOWN = 50        # problems listed in full; the rest are counted ("and 12 more")
KEPT = 1000       # problems kept and counted: a sheet of a million formulas is not a million messages


@dataclass
class SheetProblems(UserError):
    """Several problems of one sheet: str() gives a line for each."""

    problems: list[UserError] = field(default_factory=list)
    beyond: bool = False             # more were found than KEPT: the count stops there

    def __str__(self) -> str:
        head = f"{self.where.describe()}: " if self.where.describe() else ""
        lines = [f"{head}{self.message}"]
        for problem in self.problems[:SHOWN]:
            lines.append("  " + one_line(problem, self.where.file))
        if len(self.problems) > SHOWN:
            lines.append(f"  and {len(self.problems) - SHOWN:,} more" +
                         (f", and others after them (printgen stops counting at {KEPT:,})" if self.beyond else ""))
        return "\n".join(lines)


def one_line(problem: UserError, sheet: Path | None = None) -> str:
    """A problem on one line, without the sheet's name (the message names it once, above): row,
    card, column, what is wrong, then what to type ('— ...'). A problem in another file (a rule
    sheet naming a card the sheet deletes) keeps its file's name."""
    where = problem.where
    file = None if sheet is not None and where.file is not None and Path(where.file) == Path(sheet) else where.file
    place = Where(file, where.line, where.card, where.field, where.row, where.column).describe()
    hint = problem.sheet_hint if problem.sheet_hint and where.row is not None else problem.hint
    text = f"{place}: {problem.message}" if place else problem.message
    return f"{text} \u2014 {hint}" if hint else text


def _order(problem: UserError) -> tuple[int, int]:
    return (problem.where.row if problem.where.row is not None else 1 << 30, 0)


@dataclass
class Problems:
    """The problems found so far in one sheet, told together at the end (raise_if_any)."""

    file: Path
    found: list[UserError] = field(default_factory=list)
    beyond: bool = False            # more problems than KEPT were found: the rest are not kept
    said: set[str] = field(default_factory=set, repr=False)     # each problem once, found in constant time
    places: set[tuple[int | None, str | None]] = field(default_factory=set, repr=False)

    def add(self, problem: UserError) -> None:
        """Note a problem: each once, at most KEPT of them (past that, that there were more), each
        in constant time: a sheet of a hundred thousand formulas is told in one pass."""
        if isinstance(problem, SheetProblems) and problem.beyond:
            self.beyond = True
        for one in problem.problems if isinstance(problem, SheetProblems) else [problem]:
            text = str(one)
            if text in self.said:
                continue
            if len(self.found) >= KEPT:
                self.beyond = True
                return
            self.said.add(text)
            self.found.append(one)
            self.places.update({(one.where.row, one.where.column), (one.where.row, None)})

    def __len__(self) -> int:
        return len(self.found)

    def at(self, row: int | None, column: str | None = None) -> bool:
        """Has a problem been found in this row (and column)?"""
        return (row, column) in self.places

    def name_cards(self, names: dict[int, str]) -> None:
        """Name the card of each problem found at a row before the rows were matched to cards (a
        formula, a value too long): every line of the report names its row, card and column."""
        for problem in self.found:
            row = problem.where.row
            if row is not None and problem.where.card is None and row in names:
                problem.where = replace(problem.where, card=names[row])

    def raise_if_any(self) -> None:
        """Raise the one problem as it is, or all of them in one SheetProblems, in row order."""
        if not self.found:
            return
        if len(self.found) == 1 and not self.beyond:
            raise self.found[0]
        ordered = sorted(self.found, key=_order)
        count = f"more than {KEPT:,}" if self.beyond else f"{len(ordered):,}"
        raise SheetProblems(f"{count} problems, one a line (row by row):", Where(self.file),
                            problems=ordered, beyond=self.beyond)
