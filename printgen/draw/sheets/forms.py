"""Drawing one side of any piece at its place: the third stage of the sheet pipeline.

Each distinct side of each kind that is placed more than once becomes one PDF form (an XObject),
clipped to the piece's bleed (a circle for a round piece) and drawn once however often it is
placed; a place is a slot on the page and a turn. A side placed only once (a card's own front) is
drawn straight into its page, with the same clip and the same fresh drawing state a form would
have: a form of its own would add some 400 bytes of dictionary and lose the compression its page
shares with the cards beside it (issue 30). The same drawing serves the sheets, a piece alone on a
page (`preview --card`) and the small cards of a rule sheet, so a card looks the same wherever it
is printed.
"""

from __future__ import annotations

from collections import Counter

from printgen.draw.ops import Op
from printgen.draw.paint import draw_ops
from printgen.files.colours import parse_colour
from printgen.files.units import pt
from printgen.model.imposition import Slot
from printgen.model.kinds import Kind

TAB_FILL = "#E4E1DA"
FOLD_GREY = "#8A8A8A"
CUT_GREY = "#6E6E6E"


class Forms:
    """The forms of one canvas; `prefix` starts their names in the PDF ('side' for cards on a
    grid and in rule sheets, 'piece' for packed pieces, as the files have always named them)."""

    def __init__(self, canvas, prefix: str = "piece", uses: Counter[tuple] | None = None):
        """`uses`: how often each side (`key`) will be placed, or at least each side placed more
        than once; a side placed once (or not counted) is drawn in its page. Without it every side
        is a form (a piece alone, the cards of a rule sheet)."""
        self.canvas = canvas
        self.prefix = prefix
        self.names: dict[tuple, str] = {}
        self.uses = uses
        # the forms by their sides' own objects (kept here, so no other object takes their ids)
        self._known: dict[tuple[int, int, str | None], tuple[Kind, tuple[Op, ...], str]] = {}

    @staticmethod
    def key(kind: Kind, ops: tuple[Op, ...], fill: str | None) -> tuple:
        return (kind.name, ops, fill)

    def name(self, kind: Kind, ops: tuple[Op, ...], fill: str | None) -> str:
        key = (kind.name, ops, fill)
        name = self.names.get(key)
        if name is None:
            name = f"{self.prefix}{len(self.names)}"
            c = self.canvas
            w, h, b = kind.shape.width, kind.shape.height, kind.bleed
            c.beginForm(name, -pt(b), -pt(b), pt(w + b), pt(h + b))
            _side(c, kind, ops, fill)
            c.endForm()
            self.names[key] = name
        return name

    def place(self, kind: Kind, ops: tuple[Op, ...], fill: str | None, slot: Slot) -> None:
        """The side in `slot`, turned by its rotation about the slot's centre; nothing at all for
        a side with nothing to draw (a die's back, a pawn's)."""
        if not ops and fill is None:
            return
        name = self._known.get((id(kind), id(ops), fill), (None, None, None))[2]
        if name is None:
            once = self.uses is not None and self.uses[self.key(kind, ops, fill)] < 2
            name = None if once else self.name(kind, ops, fill)
            if name is not None:        # placed again: known by its objects, without hashing them all
                self._known[(id(kind), id(ops), fill)] = (kind, ops, name)
        c = self.canvas
        c.saveState()
        c.translate(pt(slot.x + slot.w / 2), pt(slot.y + slot.h / 2))
        if slot.rotation:
            c.rotate(slot.rotation)
        c.translate(-pt(kind.shape.width / 2), -pt(kind.shape.height / 2))
        if name is not None:
            c.doForm(name)
        else:                           # drawn here, from the state a form starts in (beginForm's)
            c.push_state_stack()
            c.init_graphics_state()
            _side(c, kind, ops, fill)
            c.pop_state_stack()
        c.restoreState()


def _side(c, kind: Kind, ops: tuple[Op, ...], fill: str | None) -> None:
    """One side clipped to its bleed (a circle for a round piece), its outline filled when its kind fills it."""
    w, h, b = kind.shape.width, kind.shape.height, kind.bleed
    c.saveState()
    clip = c.beginPath()
    if kind.shape.round:
        clip.circle(pt(w / 2), pt(h / 2), pt(w / 2 + b))
    else:
        clip.rect(-pt(b), -pt(b), pt(w + 2 * b), pt(h + 2 * b))
    c.clipPath(clip, stroke=0, fill=0)
    if fill is not None and kind.shape.silhouette:
        _filled_outline(c, kind, fill)
    draw_ops(c, ops)
    c.restoreState()


def _filled_outline(c, kind: Kind, fill: str) -> None:
    """The outline filled, and stroked as wide as twice the bleed: colour out to the bleed."""
    h, b = kind.shape.height, kind.bleed
    path = c.beginPath()
    assert kind.shape.silhouette, "only an outline that is one polygon is filled to the bleed"
    first, *rest = kind.shape.silhouette
    path.moveTo(pt(first[0]), pt(h - first[1]))
    for x, y in rest:
        path.lineTo(pt(x), pt(h - y))
    path.close()
    colour = parse_colour(fill)
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    c.setLineJoin(1)
    c.setLineWidth(pt(2 * b))
    c.drawPath(path, stroke=1 if b > 0 else 0, fill=1)


def _page_point(slot: Slot, point: tuple[float, float]) -> tuple[float, float]:
    """A piece's point (mm from its top-left, y down) on the page, in points."""
    return pt(slot.x + point[0]), pt(slot.y + slot.h - point[1])


def guides(canvas, kind: Kind, slot: Slot) -> None:
    """Glue tabs, fold lines and the cut line of one piece, on its front."""
    shape = kind.shape
    c = canvas
    c.saveState()
    for polygon in shape.tabs:
        c.setFillColor(parse_colour(TAB_FILL))
        c.drawPath(_polyline(c, slot, polygon, closed=True), stroke=0, fill=1)
    c.setStrokeColor(parse_colour(FOLD_GREY))
    c.setLineWidth(pt(0.2))
    c.setDash([pt(1.2), pt(0.9)])
    for p, q in shape.folds:
        c.line(*_page_point(slot, p), *_page_point(slot, q))
    c.setDash([])
    if kind.cut == "line":
        c.setStrokeColor(parse_colour(CUT_GREY))
        c.setLineWidth(pt(0.15))
        if shape.round:
            c.circle(pt(slot.x + slot.w / 2), pt(slot.y + slot.h / 2), pt(slot.w / 2), stroke=1, fill=0)
        for line in shape.cuts:
            c.drawPath(_polyline(c, slot, line, closed=False), stroke=1, fill=0)
    c.restoreState()


def _polyline(c, slot: Slot, points, closed: bool):
    path = c.beginPath()
    first, *rest = [_page_point(slot, p) for p in points]
    path.moveTo(*first)
    for p in rest:
        path.lineTo(*p)
    if closed:
        path.close()
    return path
