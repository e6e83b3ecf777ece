"""Where pieces of several sizes go on sheets: rectangle packing, pure geometry in mm.

Cards of one size sit on a grid (imposition.plan_sheet). A deck of tiles, coins, dice and
pawns does not: each piece takes a box (its trim, its bleed on every side, the gutter) and the
boxes are packed with the maximal-rectangles method: every free rectangle of each sheet is
kept, a box goes where it fits highest and then furthest left on the first sheet that has room,
and small pieces fill the gaps the large ones leave. The order is fixed by the input, so the
same pieces always land in the same places.
"""

from __future__ import annotations

from printgen.files.lean import lean_dataclass

EPS = 1e-6


@lean_dataclass(frozen=True)
class Rect:
    x: float      # from the usable area's top-left, y down
    y: float
    w: float
    h: float

    def contains(self, other: Rect) -> bool:
        return (other.x >= self.x - EPS and other.y >= self.y - EPS and other.x + other.w <= self.x + self.w + EPS
                and other.y + other.h <= self.y + self.h + EPS)

    def overlaps(self, other: Rect) -> bool:
        return (self.x < other.x + other.w - EPS and other.x < self.x + self.w - EPS
                and self.y < other.y + other.h - EPS and other.y < self.y + self.h - EPS)


class Sheet:
    """One sheet's free space as maximal free rectangles."""

    def __init__(self, width: float, height: float):
        self.free = [Rect(0.0, 0.0, width, height)]

    def spot(self, w: float, h: float) -> Rect | None:
        best = None
        for free in self.free:
            if w <= free.w + EPS and h <= free.h + EPS:
                if best is None or (round(free.y, 6), round(free.x, 6)) < (round(best.y, 6), round(best.x, 6)):
                    best = free
        return Rect(best.x, best.y, w, h) if best is not None else None

    def take(self, used: Rect) -> None:
        pieces: list[Rect] = []
        for free in self.free:
            if not free.overlaps(used):
                pieces.append(free)
                continue
            if used.x > free.x + EPS:
                pieces.append(Rect(free.x, free.y, used.x - free.x, free.h))
            if used.x + used.w < free.x + free.w - EPS:
                pieces.append(Rect(used.x + used.w, free.y, free.x + free.w - used.x - used.w, free.h))
            if used.y > free.y + EPS:
                pieces.append(Rect(free.x, free.y, free.w, used.y - free.y))
            if used.y + used.h < free.y + free.h - EPS:
                pieces.append(Rect(free.x, used.y + used.h, free.w, free.y + free.h - used.y - used.h))
        pieces = [p for p in pieces if p.w > EPS and p.h > EPS]
        self.free = [p for i, p in enumerate(pieces)
                     if not any(j != i and q.contains(p) and (not p.contains(q) or j < i)
                                for j, q in enumerate(pieces))]


class TooBig(ValueError):
    """A box wider or taller than a sheet; `index` is its place in the boxes given, so the caller
    can name the piece and where its size is written (this module knows only rectangles)."""

    def __init__(self, index: int, w: float, h: float, width: float, height: float):
        super().__init__(f"a {w:g} x {h:g} mm piece does not fit in {width:g} x {height:g} mm")
        self.index = index


def pack(boxes: list[tuple[float, float]], width: float, height: float) -> list[tuple[int, Rect]]:
    """(sheet index, place) of each box, in the order given, on sheets of width x height.

    A box larger than a sheet raises TooBig, checked for every box before any is placed."""
    for index, (w, h) in enumerate(boxes):
        if w > width + EPS or h > height + EPS:
            raise TooBig(index, w, h, width, height)
    sheets: list[Sheet] = []
    placed: list[tuple[int, Rect]] = []
    for w, h in boxes:
        index, spot = _first_room(sheets, w, h)
        if spot is None:
            sheets.append(Sheet(width, height))
            index, spot = len(sheets) - 1, sheets[-1].spot(w, h)
            assert spot is not None         # a box no larger than the sheet fits on an empty one
        sheets[index].take(spot)
        placed.append((index, spot))
    return placed


def _first_room(sheets: list[Sheet], w: float, h: float) -> tuple[int, Rect | None]:
    """The first sheet with room for a w x h box and the spot on it; (-1, None) when none has."""
    for index, sheet in enumerate(sheets):
        spot = sheet.spot(w, h)
        if spot is not None:
            return index, spot
    return -1, None
