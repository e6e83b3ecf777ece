"""The back of the French pack: a blue diaper of lozenges inside a border band, with a
medallion in the middle.

The back is laid out for whatever box it fills and centred on a lattice point, so it looks the
same turned 180 degrees (a duplex flip); it shares only the palette with the faces.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printgen.art.french.style import WHITE, dots, ellipse, shape
from printgen.art.vector import Ops, box, clipped, poly, star, xf

# A blue diaper: a lattice of lozenges with a dot at every crossing and a small star in
# every lozenge, inside a border band with a chain of lozenges and a medallion in the middle.
# It is laid out for the box it fills and is centred on a lattice point, so it looks the
# same turned 180 degrees.

_BACK_BLUE = HexColor("#1F4E9C")
_BACK_DEEP = HexColor("#163B78")
_BACK_LINE = HexColor("#7FA3DA")


def _star4(cx: float, cy: float, r: float) -> Ops:
    """A four-pointed star, points on the axes."""
    return star(cx, cy, r, points=4, inner=0.32, start=0.0)


def _lattice(c: Canvas, hw: float, hh: float, unit: float) -> None:
    """The diaper field filling the rectangle of half-sizes hw x hh, centred on a crossing."""
    cols = max(2, round(2 * hw / unit / 2) * 2)
    cw = 2 * hw / cols
    rows = max(2, round(2 * hh / (1.35 * cw) / 2) * 2)
    ch = 2 * hh / rows
    c.setFillColor(_BACK_BLUE)
    c.rect(-hw, -hh, 2 * hw, 2 * hh, stroke=0, fill=1)
    c.setStrokeColor(_BACK_LINE)
    c.setLineWidth(0.09 * cw)
    span = cols + rows
    for k in range(-span, span + 1):
        # both families of diagonals through the crossings; the caller clips them to the field
        c.line(k * cw - span * cw, -span * ch, k * cw + span * cw, span * ch)
        c.line(k * cw + span * cw, -span * ch, k * cw - span * cw, span * ch)
    for i in range(-cols, cols + 1):
        for j in range(-rows, rows + 1):
            x, y = i * cw / 2, j * ch / 2
            if abs(i) == cols or abs(j) == rows:
                continue
            if (i + j) % 2 == 0:
                shape(c, ellipse(x, y, 0.07 * cw), WHITE, 0)
            else:
                shape(c, _star4(x, y, 0.2 * cw), WHITE, 0)


def draw_back(c: Canvas, w: float, h: float) -> None:
    m = min(w, h)
    hw, hh = w / 2, h / 2
    c.setFillColor(WHITE)
    c.rect(-hw, -hh, w, h, stroke=0, fill=1)
    edge = 0.045 * m
    band = 0.075 * m
    c.setFillColor(_BACK_DEEP)
    c.roundRect(-hw + edge, -hh + edge, w - 2 * edge, h - 2 * edge, 0.035 * m, stroke=0, fill=1)
    inner = edge + band
    with clipped(c, box(-hw + inner, -hh + inner, hw - inner, hh - inner)):
        _lattice(c, hw - inner, hh - inner, 0.16 * m)
    c.setStrokeColor(WHITE)
    c.setLineWidth(0.012 * m)
    c.rect(-hw + inner, -hh + inner, w - 2 * inner, h - 2 * inner, stroke=1, fill=0)
    c.setLineWidth(0.006 * m)
    off = edge + 0.009 * m
    c.roundRect(-hw + off, -hh + off, w - 2 * off, h - 2 * off, 0.026 * m, stroke=1, fill=0)
    _border_chain(c, hw - edge - band / 2 - 0.002 * m, hh - edge - band / 2 - 0.002 * m, 0.021 * m)
    _medallion(c, 0.17 * m)


def _border_chain(c: Canvas, hw: float, hh: float, r: float) -> None:
    """White lozenges evenly along the middle of the border band, a star on each corner."""
    for sx in (-1, 1):
        for sy in (-1, 1):
            shape(c, _star4(sx * hw, sy * hh, 1.4 * r), WHITE, 0)
    lozenge = poly([(-0.7 * r, 0), (0, r), (0.7 * r, 0), (0, -r)])
    for half, other, angle in ((hw, hh, 0.0), (hh, hw, 90.0)):
        count = max(2, round(2 * half / (3.2 * r)))
        for k in range(1, count):
            t = -half + 2 * half * k / count
            for sign in (-1, 1):
                x, y = (t, sign * other) if angle == 0 else (sign * other, t)
                shape(c, xf(lozenge, angle=angle, dx=x, dy=y), WHITE, 0)


def _medallion(c: Canvas, r: float) -> None:
    """An oval in the middle: white ring, deep blue field, a ring of pearls and an eight-pointed rosette."""
    shape(c, ellipse(0, 0, 0.82 * r, 1.08 * r), WHITE, 0)
    shape(c, ellipse(0, 0, 0.72 * r, 0.98 * r), _BACK_DEEP, 0)
    ring = [(0.6 * r * math.cos(math.radians(a)), 0.84 * r * math.sin(math.radians(a))) for a in range(0, 360, 30)]
    dots(c, ring, 0.045 * r, WHITE, 0)
    for turn in (0, 45):
        shape(c, xf(_star4(0, 0, 0.5 * r), angle=turn), WHITE if turn == 0 else _BACK_LINE, 0)
    shape(c, ellipse(0, 0, 0.14 * r), _BACK_DEEP, 0)
