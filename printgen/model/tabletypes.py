"""A table layout once read and checked: the pieces where they lie, the rules, the table.

Plain records apart from the reader (printgen/model/tablelayout.py, which checks a file with
pydantic): a build keeps a checked table with its deck's plan and in the cache of checked decks,
and unpickling one imports only this module, so a build from the cache draws Croquetnole's boards
and rule sheet without pydantic (issue 30: the build's serial part, before the pool forks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printgen.files.errors import Where


@dataclass
class Piece:
    id: str
    name: str
    kind: str
    round: bool
    x: float              # centre, mm from the table's top-left, y down
    y: float
    w: float
    h: float
    face: str
    label: str | None
    on: str | None
    card: Any
    where: Where
    enters: str | None = None

    def box(self) -> tuple[float, float, float, float]:
        return self.x - self.w / 2, self.y - self.h / 2, self.x + self.w / 2, self.y + self.h / 2


@dataclass
class Rule:
    kind: str
    sets: list[list[str]]
    names: list[str]
    value: Any
    top: dict[str, str]
    says: str
    show: bool
    where: Where


@dataclass
class Finding:
    message: str
    where: Where


@dataclass
class Table:
    name: str
    title: str
    width: float
    height: float
    pieces: list[Piece]
    rules: list[Rule]
    groups: dict[str, list[str]]
    tolerance: float
    spare: float
    spare_words: str
    lengths: dict[str, float]        # 'tile' and 'coin' (the kinds' widths) in mm
    unused: list[str] = field(default_factory=list)
    file: Path | None = None

    def by_id(self) -> dict[str, Piece]:
        return {p.id: p for p in self.pieces}


def piece_pairs(first: list[str], second: list[str] | None, pieces: dict[str, Piece]) -> list[tuple[str, str]]:
    """The pairs of pieces a gap is measured between: within one set, or across two; never a piece
    and the one it lies on (they touch by design)."""
    pairs = ([(a, b) for i, a in enumerate(first) for b in first[i + 1:]] if second is None else
             [(a, b) for a in first for b in second if a not in second and b not in first])
    return [(a, b) for a, b in pairs if pieces[a].on != b and pieces[b].on != a]
