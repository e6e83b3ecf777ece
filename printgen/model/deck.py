"""The validated objects every part of printgen reads; nothing downstream re-reads YAML."""

from __future__ import annotations

import re
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.files.errors import Warning_, Where
from printgen.files.lean import lean_dataclass

if TYPE_CHECKING:
    # Annotations only: a deck from the cache of checked decks holds plain records in their place
    # (printgen/files/records.py), and a build that uses it imports neither pydantic nor yaml.
    from printgen.files.located import Located
    from printgen.files.schema import FieldSpec, Imposition, LayoutFile, Size
    from printgen.model.tabletypes import Table


@lean_dataclass(frozen=True)
class Years:
    """One or more spans of years; an open end (a living monarch) is None.

    Several spans exist because some reigns were interrupted (Henry VI, Edward IV).
    """

    spans: tuple[tuple[int, int | None], ...]

    @property
    def start(self) -> int:
        return self.spans[0][0]

    @property
    def end(self) -> int | None:
        return self.spans[-1][1]

    def __str__(self) -> str:
        parts = []
        for start, end in self.spans:
            if end is None:
                parts.append(f"{start}\u2013")
            elif end == start:
                parts.append(str(start))
            else:
                parts.append(f"{start}\u2013{end}")
        return ", ".join(parts)


_SPAN = re.compile(r"^\s*(\d{1,4})\s*(?:([-\u2013\u2014]|to)\s*(\d{1,4})?)?\s*$")


def parse_years(value: object) -> Years:
    """'1066-1087', '1483', '2022-', or spans joined by commas; raises ValueError in plain words."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError("should be years such as 1066-1087")
    spans: list[tuple[int, int | None]] = []
    for part in str(value).split(","):
        match = _SPAN.match(part)
        if not match:
            if re.match(r"^\s*\d{4}-\d\d-\d\d( 00:00:00)?\s*$", part):      # a spreadsheet made it a date
                raise ValueError(f"'{part.strip()}' is a date, not a span of years: a spreadsheet program may have "
                                 "turned the years into a date; format the cell as text and type the years again, "
                                 "like 1066-1087")
            raise ValueError(f"'{part.strip()}' is not a span of years; write it like 1066-1087, 1483 or 2022-")
        start = int(match.group(1))
        if match.group(2) is None:
            end: int | None = start
        else:
            end = int(match.group(3)) if match.group(3) else None
        if end is not None and end < start:
            written = match.group(3) or ""
            if len(written) < len(match.group(1)):          # 1509-47: the end year shortened
                whole = str(start)[: len(str(start)) - len(written)] + written
                if int(whole) >= start:
                    raise ValueError(f"write both years in full: {start}-{whole}, not {start}-{written}")
            raise ValueError(f"the span {start}-{end} ends before it starts")
        if spans and spans[-1][1] is not None and start < spans[-1][1]:
            raise ValueError(f"the span starting {start} begins before the previous span ends")
        if spans and spans[-1][1] is None:
            raise ValueError("an open span (like 2022-) must be the last one")
        spans.append((start, end))
    return Years(tuple(spans))


@lean_dataclass(frozen=True)
class Group:
    """An entry of a deck's group (a house, a suit): cards refer to it by name."""

    name: str
    colour: str
    emblem: str | None
    note: str | None
    index: int
    label: str | None = None
    value: float | None = None

    def context(self) -> dict[str, Any]:
        return {"name": self.name, "colour": self.colour, "emblem": self.emblem, "note": self.note, "index": self.index,
                "label": self.label if self.label is not None else self.name, "value": self.value}


@lean_dataclass
class Card:
    id: str
    index: int
    name: str
    values: dict[str, Any]
    where: Where
    # The deck line of each field the card gives, so a warning about its caption points at the
    # caption's own line rather than the card's first (None for a spreadsheet's cell: see where_of).
    lines: dict[str, int | None] = field(default_factory=dict)

    def where_of(self, field_name: str) -> Where:
        """The place of one of the card's fields (the card's first line if it has no line of its own);
        for a card that is a spreadsheet's row, its row and the field's column, as its errors say."""
        if self.where.row is not None:
            return Where(self.where.file, None, self.name, None, self.where.row, field_name)
        return Where(self.where.file, self.lines.get(field_name, self.where.line), self.name, field_name)

    def context(self) -> dict[str, Any]:
        """What a template sees as `card`: every declared field, None when absent."""
        # Values that know how templates should see them (groups, abilities) say so themselves.
        ctx = {key: (value.context() if hasattr(value, "context") else value) for key, value in self.values.items()}
        ctx.update(id=self.id, index=self.index)
        return ctx


@lean_dataclass
class Deck:
    key: str
    title: str
    subtitle: str | None
    folder: Path
    file: Path
    layout: str
    card_size: str | None
    fields: dict[str, FieldSpec]
    groups: dict[str, list[Group]]
    cards: list[Card]
    games: list[str] = field(default_factory=list)
    pack: str | None = None          # the pack these cards are, when the deck has several
    packs: list[str] = field(default_factory=list)
    source: Located | None = field(default=None, repr=False)   # the YAML as read, for errors found later

    def where(self, *path: Any, field_name: str | None = None) -> Where:
        """The file and line of a key of the deck file, for errors found after loading."""
        if self.source is None:
            return Where(self.file, field=field_name)
        where = self.source.where(path)
        where.field = field_name
        return where

    @property
    def output_key(self) -> str:
        """The file-name stem of this deck's outputs: the deck, plus the pack when there are several."""
        return f"{self.key}-{self.pack}" if self.pack and len(self.packs) > 1 else self.key

    def context(self) -> dict[str, Any]:
        ctx: dict[str, Any] = {"title": self.title, "subtitle": self.subtitle, "card_count": len(self.cards),
                               "pack": self.pack}
        for name, entries in self.groups.items():
            ctx[name] = [g.context() for g in entries]
        return ctx


@lean_dataclass
class Layout:
    """A card look resolved for one build: sizes known, options applied."""

    name: str
    spec: LayoutFile
    card_size: str
    card: Size
    design: Size        # the card size the layout's boxes were drawn for; others scale from it
    paper_name: str
    paper: Size
    imposition: Imposition
    fonts: dict[str, Path]
    element_where: dict[tuple[str, str], Where] = field(default_factory=dict)
    warnings: list[Warning_] = field(default_factory=list)
    # (side, element, property) -> the file and line of that property (`text:`), for a message
    # about it that points at its own line rather than the element's first
    property_lines: dict[tuple[str, str, str], tuple[Path, int]] = field(default_factory=dict)
    # Read with the layout and kept with it in the cache of checked decks, so that a build from the
    # cache draws boards and rule sheets without the readers (pydantic) in any process (issue 30,
    # aim 5): the card sizes a board's slots name, and the deck's table layouts checked against
    # this layout's pieces (printgen/model/tablecheck.py), by name; empty when not read with it.
    card_sizes: dict[str, Size] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)

    @property
    def scale(self) -> float:
        """Factor for type, strokes and corners when printing at another size than designed."""
        return min(self._interior(self.card.width, self.design.width),
                   self._interior(self.card.height, self.design.height))

    def _interior(self, printed: float, designed: float) -> float:
        safe = self.imposition.safe
        return (printed - 2 * safe) / (designed - 2 * safe) if designed > 2 * safe else printed / designed

    def map_box(self, x: float | None, y: float | None, w: float | None,
                h: float | None) -> tuple[float, float, float, float]:
        """A template box (mm from the top-left, None = to the edge) at the printed card size.

        Piecewise linear: the strips between the trim and the safe zone keep their size and the
        inside stretches, so an element touching the edge still touches it, and one inside the
        safe zone stays inside it, at any card size.
        """
        x0 = x or 0.0
        y0 = y or 0.0
        x1 = x0 + w if w is not None else self.design.width
        y1 = y0 + h if h is not None else self.design.height
        mx0, mx1 = (self._map(v, self.design.width, self.card.width) for v in (x0, x1))
        my0, my1 = (self._map(v, self.design.height, self.card.height) for v in (y0, y1))
        return mx0, my0, mx1 - mx0, my1 - my0

    def _map(self, v: float, designed: float, printed: float) -> float:
        if designed == printed:
            return v
        safe = min(self.imposition.safe, designed / 2)
        if v <= safe:
            return v
        if v >= designed - safe:
            return printed - (designed - v)
        return safe + (v - safe) * self._interior(printed, designed)


def element_property(path: tuple[Any, ...]) -> tuple[str, str] | None:
    """A path inside a side's elements, (element, property) or a repeat's child's (repeat,
    'elements', child, property), as the resolver names its element and property: ('nobles.ditch',
    'label'), so that Layout.property_lines serves a repeat's children too. None for a path that is
    not one property's (an element itself, an item of a list)."""
    names, rest = [path[0]] if path else [], path[1:]
    while len(rest) >= 3 and rest[0] == "elements":
        names.append(rest[1])
        rest = rest[2:]
    if len(rest) != 1 or not all(isinstance(part, str) for part in (*names, rest[0])):
        return None
    return ".".join(names), rest[0]
