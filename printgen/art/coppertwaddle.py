"""Art for the Coppertwaddle deck: one silhouette per kind of card, and the back.

A card's kind must read at a glance and without colour, so each kind has its own shape: a
crown for Noble Threlms, a sheaf for Peasants, gusts for Winds, a sealed scroll for Favours and
a pennant for Declarations. The silhouettes are drawn in one light ink so the layout can set
them on the kind's colour (the colour then only confirms what the shape says). Shapes are laid
out on a 100-unit square centred on the origin and scaled to the box, as the other art sets are.
The back is symmetric under a half turn, so a card reads the same whichever way it is dealt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printgen.art.vector import centred, poly, solid

_GRID = 100.0
_LIGHT = HexColor("#FBF3E0")
_SEAL = HexColor("#B3261E")
_BACK_FIELD = HexColor("#2E2A24")
_BACK_LINE = HexColor("#B08D3C")
_BACK_LIGHT = HexColor("#E8D7A8")

KINDS = ("ct-noble", "ct-peasant", "ct-wind", "ct-favour", "ct-declaration")
_BACK = "ct-back"


def symbol_names() -> list[str]:
    """The five kind silhouettes and the back."""
    return [*KINDS, _BACK]


def is_square(name: str) -> bool:
    return name in KINDS


def _ellipse(c: Canvas, cx: float, cy: float, rx: float, ry: float, fill: Color, angle: float = 0.0) -> None:
    c.saveState()
    c.translate(cx, cy)
    c.rotate(angle)
    c.setFillColor(fill)
    c.ellipse(-rx, -ry, rx, ry, stroke=0, fill=1)
    c.restoreState()


def _polygon(c: Canvas, points: Sequence[tuple[float, float]], fill: Color) -> None:
    solid(c, poly(points), fill)


def _crown(c: Canvas) -> None:
    """Five points over a band, a ball on each point."""
    points = [(-40, -22), (-40, 18), (-26, -2), (-14, 26), (0, 2), (14, 26), (26, -2), (40, 18), (40, -22)]
    _polygon(c, points, _LIGHT)
    c.setFillColor(_LIGHT)
    c.rect(-40, -36, 80, 10, stroke=0, fill=1)
    for x, y in ((-40, 18), (-14, 26), (14, 26), (40, 18)):
        _ellipse(c, x, y + 5, 5, 5, _LIGHT)
    _ellipse(c, 0, 8, 5.5, 7, _SEAL)


def _sheaf(c: Canvas) -> None:
    """Three stalks of grain bound at the waist."""
    c.setStrokeColor(_LIGHT)
    c.setLineCap(1)
    c.setLineWidth(4)
    for angle in (-16, 0, 16):
        c.saveState()
        c.rotate(angle)
        c.line(0, -42, 0, 14)
        for i in range(5):
            y = 16 + i * 6.5
            _ellipse(c, -4.2, y, 3.2, 5.8, _LIGHT, 28)
            _ellipse(c, 4.2, y, 3.2, 5.8, _LIGHT, -28)
        _ellipse(c, 0, 50, 2.6, 5.5, _LIGHT)
        c.restoreState()
    c.setFillColor(_LIGHT)
    c.roundRect(-13, -16, 26, 8, 3, stroke=0, fill=1)


def _gusts(c: Canvas) -> None:
    """Three gusts, each a line ending in a curl."""
    c.setStrokeColor(_LIGHT)
    c.setLineCap(1)
    c.setLineWidth(6)
    for y, length, radius in ((22, 62, 11), (0, 76, 13), (-22, 56, 10)):
        x0 = -40
        x1 = x0 + length - radius
        path = c.beginPath()
        path.moveTo(x0, y)
        path.lineTo(x1, y)
        # a curl: most of a circle above the line, ending inward
        steps = 18
        for k in range(1, steps + 1):
            t = math.pi * 1.5 * k / steps
            path.lineTo(x1 + radius * math.sin(t), y + radius - radius * math.cos(t))
        c.drawPath(path, stroke=1, fill=0)


def _scroll(c: Canvas) -> None:
    """A sheet with rolled ends and a wax seal."""
    c.setFillColor(_LIGHT)
    c.rect(-30, -30, 60, 60, stroke=0, fill=1)
    for y in (30, -30):
        _ellipse(c, 0, y, 36, 7, _LIGHT)
    c.setStrokeColor(HexColor("#8A7A5A"))
    c.setLineWidth(1.6)
    for y in (14, 4, -6):
        c.line(-20, y, 20, y)
    _ellipse(c, 16, -22, 11, 11, _SEAL)
    _polygon(c, [(10, -30), (6, -44), (13, -39), (16, -46), (18, -32)], _SEAL)


def _pennant(c: Canvas) -> None:
    """A pennant flying from a staff."""
    c.setFillColor(_LIGHT)
    c.rect(-34, -46, 6, 92, stroke=0, fill=1)
    _ellipse(c, -31, 46, 6, 6, _LIGHT)
    _polygon(c, [(-28, 40), (44, 24), (24, 16), (44, 8), (-28, -6)], _LIGHT)


def _back(c: Canvas, w: float, h: float) -> None:
    """A lattice of lozenges round a central rose, the same under a half turn."""
    c.setFillColor(_BACK_FIELD)
    c.rect(-w / 2, -h / 2, w, h, stroke=0, fill=1)
    step = min(w, h) / 6.0
    c.setStrokeColor(_BACK_LINE)
    c.setLineWidth(step * 0.05)
    span = int(max(w, h) / step) + 2
    for k in range(-span, span + 1):
        c.line(k * step - h, -h / 2 - step, k * step + h, h / 2 + step)
        c.line(k * step + h, -h / 2 - step, k * step - h, h / 2 + step)
    radius = min(w, h) * 0.3
    _ellipse(c, 0, 0, radius * 1.08, radius * 1.08, _BACK_FIELD)
    _ellipse(c, 0, 0, radius, radius, _BACK_LINE)
    _ellipse(c, 0, 0, radius * 0.9, radius * 0.9, _BACK_FIELD)
    for k in range(8):
        c.saveState()
        c.rotate(k * 45)
        long = radius * (0.82 if k % 2 == 0 else 0.55)
        _polygon(c, [(0, long), (radius * 0.12, 0), (0, -radius * 0.05), (-radius * 0.12, 0)],
                 _BACK_LIGHT if k % 2 == 0 else _BACK_LINE)
        c.restoreState()
    _ellipse(c, 0, 0, radius * 0.12, radius * 0.12, _BACK_LIGHT)


_DRAW = {"ct-noble": _crown, "ct-peasant": _sheaf, "ct-wind": _gusts, "ct-favour": _scroll,
         "ct-declaration": _pennant}


def draw(canvas: Canvas, name: str, x: float, y: float, w: float, h: float, rotation: float = 0.0) -> None:
    """Draw `name` in the box with lower-left (x, y), size w x h (points): a kind silhouette in the
    largest centred square, turned by `rotation`; the back filling the whole box."""
    if name not in symbol_names():
        raise ValueError(f"unknown Coppertwaddle symbol {name!r}; expected one of: {', '.join(symbol_names())}")
    with centred(canvas, x, y, w, h, rotation):
        if name == _BACK:
            path = canvas.beginPath()
            path.rect(-w / 2, -h / 2, w, h)
            canvas.clipPath(path, stroke=0, fill=0)
            _back(canvas, w, h)
        else:
            scale = min(w, h) / _GRID
            canvas.scale(scale, scale)
            _DRAW[name](canvas)
