"""The shared house style of the art drawn by code: heraldic tinctures, one ink outline weight,
shapes as lists of path operations, and the few primitives that draw them.

House emblems (printgen.art.emblems), the Spanish and French packs
(printgen.art.spanish, printgen.art.french) and the Coppertwaddle and piecepack
symbols are drawn with these, so one outline can be moved, mirrored and reused without
copy-paste.  A set with a look of its own (the French pack's darker ink, finer outline and
rounder ellipses) passes its ink, outline weight or kappa to the same functions rather than
keeping copies of them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas  # type: ignore[attr-defined]  # not in types-reportlab

# --- tinctures ---------------------------------------------------------------

INK = "#231E1A"
GOLD = "#C9A227"
GOLD_DARK = "#9A7714"
ARGENT = "#FBFAF4"
GULES = "#C41E2C"
GULES_DARK = "#8C1420"
VERT = "#2F7D32"
VERT_DARK = "#1D5421"
VERT_LIGHT = "#5BA04F"
AZURE = "#2457A6"
SABLE = "#2A2623"
PURPLE = "#8A4AB0"
PURPLE_LIGHT = "#C29AD8"
BROOM_YELLOW = "#F4C51C"
BROOM_KEEL = "#E9A70F"
STEEL = "#AEB6BF"
STEEL_LIGHT = "#DCE1E6"
STEEL_DARK = "#6F7882"
STONE = "#E2D8C3"
STONE_SHADE = "#B9AC92"
STONE_LIGHT = "#F1EADB"

OUTLINE = 1.3         # the one ink outline weight of the set, in grid units (a 100-unit design box)
FINE = 0.8            # inner detail lines
KAPPA = 4.0 / 3.0 * math.tan(math.pi / 8.0)   # handle length of a cubic quarter circle of radius 1


# Path operations: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x3, y3), ("Z",)
Ops = list[tuple]
Joint = tuple[float, float, float]            # x, y, radius of a limb joint


# --- colour ----------------------------------------------------------------

def col(value: str | Color) -> Color:
    return value if isinstance(value, Color) else HexColor(value)


def mix(a: str | Color, b: str | Color, t: float) -> Color:
    """Blend toward b by t; tints and shades are derived so any house colour works."""
    ca, cb = col(a), col(b)
    return Color(ca.red + (cb.red - ca.red) * t,
                 ca.green + (cb.green - ca.green) * t,
                 ca.blue + (cb.blue - ca.blue) * t)


# --- geometry ----------------------------------------------------------------

def xf(ops: Ops, angle: float = 0.0, sx: float = 1.0, sy: float | None = None,
        dx: float = 0.0, dy: float = 0.0) -> Ops:
    """Scale, rotate (degrees) then translate, so one outline serves many placements."""
    sy = sx if sy is None else sy
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    out: Ops = []
    for op in ops:
        pts = op[1:]
        moved: list[float] = []
        for i in range(0, len(pts), 2):
            x, y = pts[i] * sx, pts[i + 1] * sy
            moved += [x * ca - y * sa + dx, x * sa + y * ca + dy]
        out.append((op[0], *moved))
    return out


def mirror(ops: Ops) -> Ops:
    """The outline turned over left to right (x -> -x)."""
    return xf(ops, sx=-1.0, sy=1.0)


def poly(points: Sequence[tuple[float, float]]) -> Ops:
    return [("M", *points[0])] + [("L", *p) for p in points[1:]] + [("Z",)]


def box(x0: float, y0: float, x1: float, y1: float) -> Ops:
    """A rectangle from two opposite corners."""
    return poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


def rect(x: float, y: float, w: float, h: float) -> Ops:
    return box(x, y, x + w, y + h)


def bilateral(top: tuple[float, float], right: Sequence[tuple]) -> Ops:
    """A shape symmetric about x = 0, from its right half.

    `right` runs from `top` round the right-hand side as "L" and "C" operations; the left
    side is the same segments mirrored and run backwards, so every symmetric outline is
    exact by construction.
    """
    ends = [top] + [(seg[-2], seg[-1]) for seg in right]
    ops: Ops = [("M", *top), *right]
    last_x, last_y = ends[-1]
    if abs(last_x) > 1e-9:
        ops.append(("L", -last_x, last_y))
    for seg, (px, py) in zip(reversed(right), reversed(ends[:-1])):
        if seg[0] == "C":
            ops.append(("C", -seg[3], seg[4], -seg[1], seg[2], -px, py))
        else:
            ops.append(("L", -px, py))
    ops.append(("Z",))
    return ops


def band(half_width: float, angle: float, dy: float = 0.0, offset: float = 0.0) -> Ops:
    """A long straight band through the shield, for bends, saltires and cotises."""
    return xf(rect(-60, offset - half_width, 120, 2 * half_width), angle=angle, dy=dy)


def arc_ops(cx: float, cy: float, r: float, a0: float, a1: float) -> Ops:
    """Bezier segments along a circle from angle a0 to a1 (degrees, either way), no moveTo."""
    steps = max(1, math.ceil(abs(a1 - a0) / 90.0))
    da = math.radians((a1 - a0) / steps)
    k = 4.0 / 3.0 * math.tan(da / 4.0) * r
    out: Ops = []
    a = math.radians(a0)
    for _ in range(steps):
        b = a + da
        x0, y0 = cx + r * math.cos(a), cy + r * math.sin(a)
        x3, y3 = cx + r * math.cos(b), cy + r * math.sin(b)
        out.append(("C", x0 - k * math.sin(a), y0 + k * math.cos(a),
                    x3 + k * math.sin(b), y3 - k * math.cos(b), x3, y3))
        a = b
    return out


def ellipse(cx: float, cy: float, rx: float, ry: float | None = None, angle: float = 0.0,
            kappa: float = KAPPA) -> Ops:
    """Four cubic quarter arcs round (cx, cy), turned by `angle` degrees.

    `kappa` is each quarter's handle length on a unit circle: the exact one by default,
    or a set's own (the French pack's rounder 0.5523).
    """
    k = kappa
    unit = [("M", 1.0, 0.0), ("C", 1.0, k, k, 1.0, 0.0, 1.0), ("C", -k, 1.0, -1.0, k, -1.0, 0.0),
            ("C", -1.0, -k, -k, -1.0, 0.0, -1.0), ("C", k, -1.0, 1.0, -k, 1.0, 0.0), ("Z",)]
    return xf(unit, angle=angle, sx=rx, sy=rx if ry is None else ry, dx=cx, dy=cy)


def circle(cx: float, cy: float, r: float) -> Ops:
    return ellipse(cx, cy, r)


def capsule(a: Joint, b: Joint) -> Ops:
    """The hull of two circles: a tapered segment with rounded ends."""
    (x1, y1, r1), (x2, y2, r2) = a, b
    d = math.hypot(x2 - x1, y2 - y1)
    if d <= abs(r1 - r2):
        return circle(*a) if r1 >= r2 else circle(*b)
    base = math.degrees(math.atan2(y2 - y1, x2 - x1))
    theta = math.degrees(math.acos((r1 - r2) / d))
    up, down = math.radians(base + theta), math.radians(base - theta)
    ops: Ops = [("M", x1 + r1 * math.cos(up), y1 + r1 * math.sin(up)),
                ("L", x2 + r2 * math.cos(up), y2 + r2 * math.sin(up))]
    ops += arc_ops(x2, y2, r2, base + theta, base - theta)
    ops.append(("L", x1 + r1 * math.cos(down), y1 + r1 * math.sin(down)))
    ops += arc_ops(x1, y1, r1, base - theta, base + theta - 360.0)
    return ops + [("Z",)]


def tube(chain: Sequence[Joint]) -> list[Ops]:
    """A limb or body as a chain of joints; the pieces are unioned by silhouette."""
    return [capsule(a, b) for a, b in zip(chain, chain[1:])]


def bezier_at(pts: Sequence[tuple[float, float]], t: float) -> tuple[float, float, float]:
    """Point and tangent angle (degrees) on a cubic, to hang flowers and leaves on a stem."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = pts
    u = 1.0 - t
    x = u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3
    y = u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3
    dx = 3 * u * u * (x1 - x0) + 6 * u * t * (x2 - x1) + 3 * t * t * (x3 - x2)
    dy = 3 * u * u * (y1 - y0) + 6 * u * t * (y2 - y1) + 3 * t * t * (y3 - y2)
    return x, y, math.degrees(math.atan2(dy, dx))


def polar(r: float, degrees: float, cy: float = 0.0) -> tuple[float, float]:
    return r * math.cos(math.radians(degrees)), cy + r * math.sin(math.radians(degrees))


# --- drawing primitives ------------------------------------------------------

def path(c: Canvas, ops: Ops):
    p = c.beginPath()
    for op in ops:
        kind, args = op[0], op[1:]
        if kind == "M":
            p.moveTo(*args)
        elif kind == "L":
            p.lineTo(*args)
        elif kind == "C":
            p.curveTo(*args)
        else:
            p.close()
    return p


def fill(c: Canvas, ops: Ops, fill: str | Color, outline: bool = True,
          width: float = OUTLINE, even_odd: bool = False, ink: str | Color = INK) -> None:
    """Fill a shape edged in `ink`; outline False or width 0 leaves it unedged."""
    c.setFillColor(col(fill))
    c.setStrokeColor(col(ink))
    c.setLineWidth(width)
    c.drawPath(path(c, ops), stroke=1 if outline and width > 0 else 0, fill=1,
               fillMode=FILL_EVEN_ODD if even_odd else None)


def solid(c: Canvas, ops: Ops, colour: str | Color | None = None) -> None:
    """Fill a shape with no outline, leaving the pen alone; colour None keeps the current fill."""
    if colour is not None:
        c.setFillColor(col(colour))
    c.drawPath(path(c, ops), stroke=0, fill=1)


def line(c: Canvas, ops: Ops, colour: str | Color, width: float) -> None:
    c.setStrokeColor(col(colour))
    c.setLineWidth(width)
    c.drawPath(path(c, ops), stroke=1, fill=0)


def inked_line(c: Canvas, ops: Ops, colour: str | Color, width: float,
               edge: float = OUTLINE * 0.8, ink: str | Color = INK) -> None:
    """A stroked line with an ink edge `edge` wide either side: stems, staves, limbs."""
    line(c, ops, ink, width + 2 * edge)
    line(c, ops, colour, width)


def silhouette(c: Canvas, shapes: Sequence[Ops], fill: str | Color) -> None:
    """Fill overlapping parts as one figure with a single outer outline.

    A fat ink pass goes down first and the colour pass covers it, so seams
    between the parts vanish and only the outline of the union shows.
    """
    paths = [path(c, ops) for ops in shapes]
    c.setStrokeColor(col(INK))
    c.setFillColor(col(INK))
    c.setLineWidth(2 * OUTLINE)
    for p in paths:
        c.drawPath(p, stroke=1, fill=1)
    c.setFillColor(col(fill))
    for p in paths:
        c.drawPath(p, stroke=0, fill=1)


def clip(c: Canvas, ops: Ops) -> None:
    """Clip to a shape; the caller brackets it with saveState/restoreState (or uses clipped)."""
    c.clipPath(path(c, ops), stroke=0, fill=0)


@contextmanager
def clipped(c: Canvas, ops: Ops) -> Iterator[None]:
    """Confine drawing to a shape, restoring the graphics state afterwards."""
    c.saveState()
    try:
        clip(c, ops)
        yield
    finally:
        c.restoreState()


@contextmanager
def centred(c: Canvas, x: float, y: float, w: float, h: float, rotation: float = 0.0) -> Iterator[None]:
    """Draw about the centre of the box (lower-left x, y; w x h), turned by `rotation` degrees,
    restoring the graphics state afterwards: how every art set places a symbol in its box."""
    c.saveState()
    try:
        c.translate(x + w / 2.0, y + h / 2.0)
        c.rotate(rotation)
        yield
    finally:
        c.restoreState()


def round_pen(c: Canvas) -> None:
    """Round joins and caps and a solid line, whatever the caller left set."""
    c.setLineJoin(1)
    c.setLineCap(1)
    c.setDash([])


def star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.42,
         start: float = 90.0) -> Ops:
    """A star of `points` points, the first at `start` degrees, the notches at `inner` of r."""
    return poly([(cx + px, cy + py) for px, py in
                  (polar(r if i % 2 == 0 else r * inner, start + 180.0 * i / points)
                   for i in range(points * 2))])
