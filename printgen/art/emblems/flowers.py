"""The flowers of the royal houses: the red, white and Tudor roses, the Scottish thistle and the
broom (planta genista) of the Plantagenets.

Each is built from petals, leaves and stems placed along curves with the shared vector
primitives; MOTIFS names them for the emblem registry.
"""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from printgen.art.emblems.frame import Motif
from printgen.art.vector import (
    ARGENT,
    BROOM_KEEL,
    BROOM_YELLOW,
    FINE,
    GOLD,
    GOLD_DARK,
    GULES,
    INK,
    OUTLINE,
    PURPLE,
    PURPLE_LIGHT,
    VERT,
    VERT_DARK,
    VERT_LIGHT,
    Ops,
    bezier_at,
    circle,
    clipped,
    col,
    fill,
    inked_line,
    line,
    polar,
    poly,
    silhouette,
    xf,
)

# --- roses -------------------------------------------------------------------

def _petal_ring(c: Canvas, r: float, fill: str, offset: float = 0.0, count: int = 5) -> None:
    """Round petals around a hub outlined as one flower, with seams running into each notch."""
    shapes = [circle(0, 0, 0.55 * r)]
    shapes += [circle(*polar(0.63 * r, 90 + offset + 360.0 * i / count), 0.375 * r)
               for i in range(count)]
    silhouette(c, shapes, fill)
    for i in range(count):
        a = 90 + offset + 360.0 * (i + 0.5) / count
        line(c, [("M", *polar(0.2 * r, a)), ("L", *polar(0.52 * r, a))], INK, 0.9)


def _barbs(c: Canvas, r: float, offset: float = 36.0, count: int = 5) -> None:
    """The green sepals that show between the petals of a heraldic rose."""
    barb = [("M", -0.2, 0.5), ("C", -0.24, 0.8, -0.12, 1.0, 0.0, 1.21),
            ("C", 0.12, 1.0, 0.24, 0.8, 0.2, 0.5), ("Z",)]
    for i in range(count):
        fill(c, xf(barb, angle=offset + 360.0 * i / count, sx=r), VERT)


def _seeded_centre(c: Canvas, r: float) -> None:
    fill(c, circle(0, 0, r), GOLD)
    c.setFillColor(col(GOLD_DARK))
    for i in range(7):
        c.circle(*polar(0.58 * r, 90 + i * 360.0 / 7), 0.13 * r, stroke=0, fill=1)
    c.circle(0, 0, 0.15 * r, stroke=0, fill=1)


def _rose(c: Canvas, outer: str, inner: str | None = None) -> None:
    """Heraldic rose, barbed and seeded; an inner ring of petals makes the Tudor rose."""
    r = 30.5
    _barbs(c, r)
    _petal_ring(c, r, outer)
    if inner is not None:
        _petal_ring(c, 0.58 * r, inner, offset=36.0)
    _seeded_centre(c, 0.23 * r)


def _motif_red_rose(c: Canvas, house: str) -> None:
    _rose(c, GULES)


def _motif_white_rose(c: Canvas, house: str) -> None:
    _rose(c, ARGENT)


def _motif_tudor_rose(c: Canvas, house: str) -> None:
    _rose(c, GULES, ARGENT)


# --- thistle -----------------------------------------------------------------

def _spiky_leaf(base: tuple[float, float], tip: tuple[float, float], width: float,
                bend: float, teeth: int) -> Ops:
    """A thistle leaf: a curved midrib with spines leaning toward the tip on both edges."""
    (bx, by), (tx, ty) = base, tip
    lx, ly = tx - bx, ty - by
    length = math.hypot(lx, ly)
    ux, uy = lx / length, ly / length
    nx, ny = -uy, ux
    steps = teeth * 2
    lean = 0.9 * length / steps
    upper, lower = [base], [base]
    for i in range(1, steps):
        t = i / steps
        mx = bx + lx * t + nx * bend * 4 * t * (1 - t)
        my = by + ly * t + ny * bend * 4 * t * (1 - t)
        w = width * math.sin(math.pi * min(t * 1.1, 1.0)) ** 0.6
        spike, fwd = (1.45, lean) if i % 2 else (0.4, 0.0)
        upper.append((mx + nx * w * spike + ux * fwd, my + ny * w * spike + uy * fwd))
        lower.append((mx - nx * w * spike + ux * fwd, my - ny * w * spike + uy * fwd))
    return poly(upper + [tip] + lower[::-1])


def _thistle_stem_and_leaves(c: Canvas) -> None:
    fill(c, [("M", -1.8, -35), ("C", -1.6, -20, -1.6, -10, -1.4, -6), ("L", 1.4, -6),
             ("C", 1.6, -10, 1.6, -20, 1.8, -35), ("Z",)], VERT)
    for sign in (-1, 1):
        fill(c, _spiky_leaf((0, -27), (sign * 33, -6), 6.5, sign * 3.5, 5), VERT)
        line(c, [("M", 0, -26), ("C", sign * 10, -21, sign * 20, -14, sign * 29, -7)], VERT_DARK, FINE)


def _thistle_tuft(c: Canvas, spread: float = 46.0, florets: int = 11) -> None:
    """The purple flower head, fanning out of the cup like a brush."""
    pts = [(-8.5, 6.0)]
    for i in range(2 * florets - 1):
        a = 90 + spread - 2 * spread * i / (2 * florets - 2)
        pts.append(polar(30.0 if i % 2 == 0 else 23.5, a, cy=-1))
    pts.append((8.5, 6.0))
    fill(c, poly(pts), PURPLE)
    for tx, ty in pts[1:-1:2]:
        line(c, [("M", tx * 0.3, 6 + (ty - 6) * 0.3), ("L", tx * 0.85, -1 + (ty + 1) * 0.85)],
             PURPLE_LIGHT, 0.9)


def _thistle_cup(c: Canvas) -> None:
    """The spiny bract cup: cross-hatched scales, side spines and a rim of pointed bracts."""
    cup = [("M", 0, -14), ("C", 9, -14, 14.5, -6, 13.5, 1), ("C", 13, 6, 10, 9, 0, 9.5),
           ("C", -10, 9, -13, 6, -13.5, 1), ("C", -14.5, -6, -9, -14, 0, -14), ("Z",)]
    for sign in (-1, 1):
        for y, x0, length in ((-8, 10.5, 5.0), (-2, 12.5, 6.0), (4, 12.5, 5.0)):
            inked_line(c, [("M", sign * x0, y), ("L", sign * (x0 + length), y + 2.2)], VERT_LIGHT, 0.6)
    fill(c, cup, VERT)
    with clipped(c, cup):
        c.setStrokeColor(col(VERT_DARK))
        c.setLineWidth(FINE)
        for k in range(-6, 7):
            c.line(k * 4.6 - 20, -20, k * 4.6 + 20, 20)
            c.line(k * 4.6 + 20, -20, k * 4.6 - 20, 20)
    line(c, cup, INK, OUTLINE)
    for i in range(7):
        x = -10.5 + 3.5 * i
        fill(c, poly([(x - 2.2, 7.6), (x * 1.12, 13.8), (x + 2.2, 7.6)]), VERT_LIGHT, width=FINE)


def _motif_thistle(c: Canvas, house: str) -> None:
    _thistle_stem_and_leaves(c)
    _thistle_tuft(c)
    _thistle_cup(c)


# --- broom (planta genista) --------------------------------------------------

_PEA_STANDARD = [("M", 0, 0.6), ("C", -3.6, 1.0, -4.8, 5.6, -2.6, 7.2), ("C", -1.4, 8.0, -0.4, 7.6, 0, 6.8),
                 ("C", 0.4, 7.6, 1.4, 8.0, 2.6, 7.2), ("C", 4.8, 5.6, 3.6, 1.0, 0, 0.6), ("Z",)]
_PEA_KEEL = [("M", -0.6, 0.4), ("C", 1.6, -0.6, 4.8, 0.2, 6.4, 2.6), ("C", 4.6, 3.8, 1.8, 3.6, -0.2, 2.6), ("Z",)]
_PEA_CALYX = poly([(-1.3, 1.4), (0, -1.4), (1.3, 1.4)])
_BROOM_LEAF = [("M", 0, 0), ("C", 1.2, 1.4, 1.2, 3.8, 0, 5.2), ("C", -1.2, 3.8, -1.2, 1.4, 0, 0), ("Z",)]
_BROOM_POD = [("M", 0, 0), ("C", 1.8, 1.8, 2.4, 7, 1.4, 10.5), ("C", 0.6, 11.4, -0.6, 10.8, -0.8, 9.6),
              ("C", -0.2, 6.6, -0.6, 2.6, 0, 0), ("Z",)]
# Stems as cubic control points, with the fractions along each where flowers hang.
_BROOM_STEMS = [
    (((1, -36), (-1, -18), (-3, 4), (3, 31)), (0.52, 0.68, 0.84, 1.0)),
    (((-0.6, -8), (-6, -4), (-14, 2), (-24, 14)), (0.45, 0.72, 1.0)),
    (((1.4, 6), (6, 9), (14, 14), (22, 24)), (0.5, 0.76, 1.0)),
    (((0.2, -20), (7, -18), (15, -12), (24, -2)), (0.5, 0.76, 1.0)),
]


def _pea_flower(c: Canvas, x: float, y: float, angle: float, s: float, mirror: bool) -> None:
    """A broom flower: an upright round standard petal behind a boat-shaped keel."""
    sx = -s if mirror else s
    for ops, colour, width in ((_PEA_STANDARD, BROOM_YELLOW, FINE), (_PEA_KEEL, BROOM_KEEL, FINE),
                               (_PEA_CALYX, VERT, 0.6)):
        fill(c, xf(ops, angle=angle, sx=sx, sy=s, dx=x, dy=y), colour, width=width)


def _broom_stems(c: Canvas) -> None:
    curves = [[("M", *pts[0]), ("C", *pts[1], *pts[2], *pts[3])] for pts, _ in _BROOM_STEMS]
    for ops in curves:
        line(c, ops, INK, 4.2)
    for ops in curves:
        line(c, ops, VERT, 1.8)
    for pts, _ in _BROOM_STEMS:
        for t in (0.2, 0.36):
            x, y, a = bezier_at(pts, t)
            for k in (1, -1):
                fill(c, xf(_BROOM_LEAF, angle=a - 90 + k * 55, dx=x, dy=y), VERT_LIGHT, width=0.7)
    for x, y, a in ((-0.8, -15, 150), (7.5, -18.5, -150)):
        fill(c, xf(_BROOM_POD, angle=a, dx=x, dy=y), VERT_DARK, width=FINE)


def _broom_flowers(c: Canvas) -> None:
    """Flowers alternate sides along each stem, with a larger one at each tip."""
    for pts, fractions in _BROOM_STEMS:
        for i, t in enumerate(fractions):
            x, y, a = bezier_at(pts, t)
            if t >= 1.0:
                _pea_flower(c, x, y, a - 90, 1.45, mirror=abs(a) > 90)
                continue
            side = 1 if i % 2 == 0 else -1
            fa = a - 90 + side * 55
            mx, my = polar(1.6, fa + 90)
            _pea_flower(c, x + mx, y + my, fa, 1.25, mirror=side < 0)


def _motif_broom(c: Canvas, house: str) -> None:
    _broom_stems(c)
    _broom_flowers(c)


# motif name -> (drawing function, True when the charge is white and needs the dark field)
MOTIFS: dict[str, tuple[Motif, bool]] = {
    "broom": (_motif_broom, False),
    "red-rose": (_motif_red_rose, False),
    "white-rose": (_motif_white_rose, True),
    "tudor-rose": (_motif_tudor_rose, False),
    "thistle": (_motif_thistle, False),
}
