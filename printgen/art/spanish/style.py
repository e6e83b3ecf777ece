"""The Spanish pack's look in one place: its palette, design grids and outline weights, and the
few drawing calls all its parts share.

The pips, courts and back draw with printgen.art.vector's shapes and tinctures.  The
shape, stroke and union here do what vector's fill, line and silhouette do, but set the pen in
another order (width, ink, then colour, and an unfilled ink pass for the union); switching to
vector's would not change the pictures but would change the bytes of every Spanish file the
program has written, so they stay, shared by every part of the pack.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printgen.art.vector import INK, Ops, col, path

# --- palette ---------------------------------------------------------------

COIN = "#D4A017"
COIN_RING = "#A67A0C"
COIN_LIGHT = "#F2CF5B"
CUP = "#E2B322"
CUP_SHADE = "#B98A12"
BLADE = "#9FB3C8"
BLADE_DARK = "#4F6A88"
WOOD = "#8E5A2E"
WOOD_DARK = "#5E3818"
WOOD_CUT = "#E9C584"
LEAF = "#4E9A3A"
FLESH = "#F3C9A1"
FLESH_SHADE = "#D9A27A"
CREAM = "#FBF6E8"
YELLOW = "#F0C02A"
PURPLE = "#6E3A8E"
GROUND_EARTH = "#CBBF8E"

# --- design grids ------------------------------------------------------------

PIP = 100.0             # pips: a 100-unit square centred on the origin, drawn inside r = 48
PIP_LW = 2.6            # pip outline weight, heavy so a 12 mm pip still reads
COURT_W, COURT_H = 100.0, 160.0   # court figures: x in [-50, 50], y in [-80, 80]
LW = 1.3                # court outline weight
GROUND = -76.0          # where the courts stand


# --- drawing primitives ------------------------------------------------------

def shape(c: Canvas, ops: Ops, fill: str | Color | None, lw: float) -> None:
    """Fill a path edged in ink; lw 0 leaves it unedged, fill None leaves it open."""
    c.setLineWidth(lw)
    c.setStrokeColor(col(INK))
    if fill is not None:
        c.setFillColor(col(fill))
    c.drawPath(path(c, ops), stroke=1 if lw > 0 else 0, fill=0 if fill is None else 1)


def stroke(c: Canvas, ops: Ops, colour: str | Color, lw: float) -> None:
    """An open line in `colour`, `lw` wide."""
    c.setLineWidth(lw)
    c.setStrokeColor(col(colour))
    c.drawPath(path(c, ops), stroke=1, fill=0)


def union(c: Canvas, parts: Sequence[Ops], fill: str | Color, lw: float) -> None:
    """Overlapping parts as one flat shape with a single outline (ink pass, then colour)."""
    paths = [path(c, ops) for ops in parts]
    c.setLineWidth(2 * lw)
    c.setStrokeColor(col(INK))
    for p in paths:
        c.drawPath(p, stroke=1, fill=0)
    c.setFillColor(col(fill))
    for p in paths:
        c.drawPath(p, stroke=0, fill=1)


def smooth(points: Sequence[tuple[float, float]]) -> Ops:
    """A closed Catmull-Rom curve through the points, for soft garments and cloths."""
    n = len(points)
    ops: Ops = [("M", *points[0])]
    for i in range(n):
        p0, p1, p2, p3 = (points[(i + k) % n] for k in (-1, 0, 1, 2))
        ops.append(("C", p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6,
                    p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6, p2[0], p2[1]))
    return ops + [("Z",)]
