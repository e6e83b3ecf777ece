"""Vector emblems of royal houses, drawn where a card has no picture.

Every emblem shares one frame: a roundel whose outer band is the house
colour, a gold fillet, and an inner field (a pale tint of the house colour,
or the house colour itself behind white charges).  The charge is drawn inside
in heraldic tinctures with one ink outline weight, so the emblems read as a
set and tie to the house colour used elsewhere on the card.

Shapes are designed on a 100 x 100 grid centred on the origin and scaled to
the requested size, so outline weights stay proportional at any print size.
Only vector paths are used: no text (fonts would need embedding) and no
images.
"""

from __future__ import annotations

import math
import re
import zlib
from typing import Callable, Sequence

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

# --- palette ---------------------------------------------------------------

_INK = "#231E1A"
_GOLD = "#C9A227"
_GOLD_DARK = "#9A7714"
_ARGENT = "#FBFAF4"
_GULES = "#C41E2C"
_GULES_DARK = "#8C1420"
_VERT = "#2F7D32"
_VERT_DARK = "#1D5421"
_VERT_LIGHT = "#5BA04F"
_PURPLE = "#8A4AB0"
_PURPLE_LIGHT = "#C29AD8"
_BROOM_YELLOW = "#F4C51C"
_STEEL = "#AEB6BF"
_STEEL_LIGHT = "#DCE1E6"
_STEEL_DARK = "#6F7882"
_STONE = "#E2D8C3"
_STONE_SHADE = "#B9AC92"
_STONE_LIGHT = "#F1EADB"
_AZURE = "#2457A6"
_SABLE = "#2A2623"

# --- design grid -----------------------------------------------------------

_GRID = 100.0          # emblems are designed in a 100-unit box
_OUTLINE = 1.3         # the single ink outline weight, in grid units
_R_OUTER = 48.0        # roundel edge
_R_FILLET = 41.2       # gold ring between band and field
_R_FIELD = 39.6        # inner field

_HEX_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")

Ops = list[tuple]      # path ops: ("M", x, y) ("L", x, y) ("C", x1, y1, x2, y2, x3, y3) ("Z",)


# --- colour helpers --------------------------------------------------------

def _col(value: str | Color) -> Color:
    return value if isinstance(value, Color) else HexColor(value)


def _mix(a: str | Color, b: str | Color, t: float) -> Color:
    """Blend toward b by t; tints and shades are derived, not hard-coded, so any house colour works."""
    ca, cb = _col(a), _col(b)
    return Color(ca.red + (cb.red - ca.red) * t,
                 ca.green + (cb.green - ca.green) * t,
                 ca.blue + (cb.blue - ca.blue) * t)


# --- path helpers ----------------------------------------------------------

def _path(c: Canvas, ops: Ops):
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


def _xf(ops: Ops, angle: float = 0.0, sx: float = 1.0, sy: float | None = None,
        dx: float = 0.0, dy: float = 0.0) -> Ops:
    """Scale, rotate (degrees) then translate path ops, so one shape serves many placements."""
    sy = sx if sy is None else sy
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    out: Ops = []
    for op in ops:
        pts = op[1:]
        new: list[float] = []
        for i in range(0, len(pts), 2):
            x, y = pts[i] * sx, pts[i + 1] * sy
            new += [x * ca - y * sa + dx, x * sa + y * ca + dy]
        out.append((op[0], *new))
    return out


def _poly(points: Sequence[tuple[float, float]], closed: bool = True) -> Ops:
    ops: Ops = [("M", *points[0])] + [("L", *p) for p in points[1:]]
    return ops + [("Z",)] if closed else ops


def _circle_ops(cx: float, cy: float, r: float) -> Ops:
    k = 0.5523 * r
    return [("M", cx + r, cy),
            ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
            ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
            ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
            ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy),
            ("Z",)]


def _fill(c: Canvas, ops: Ops, fill: str | Color, outline: bool = True,
          width: float = _OUTLINE) -> None:
    c.setFillColor(_col(fill))
    c.setStrokeColor(_col(_INK))
    c.setLineWidth(width)
    c.drawPath(_path(c, ops), stroke=1 if outline else 0, fill=1)


def _line(c: Canvas, ops: Ops, colour: str | Color, width: float) -> None:
    c.setStrokeColor(_col(colour))
    c.setLineWidth(width)
    c.drawPath(_path(c, ops), stroke=1, fill=0)


def _silhouette(c: Canvas, shapes: Sequence[Ops], fill: str | Color,
                strokes: Sequence[tuple[Ops, float]] = ()) -> None:
    """Fill overlapping parts as one figure with a single outer outline.

    An ink pass one outline-width fatter goes down first and the colour pass
    covers it, so seams between the parts vanish and only the union is outlined.
    """
    for colour, extra, do_fill in ((_INK, 2 * _OUTLINE, True), (fill, 0.0, False)):
        c.setStrokeColor(_col(colour))
        c.setFillColor(_col(colour))
        for ops, width in strokes:
            c.setLineWidth(width + extra)
            c.drawPath(_path(c, ops), stroke=1, fill=0)
        c.setLineWidth(extra)
        for ops in shapes:
            c.drawPath(_path(c, ops), stroke=1 if do_fill else 0, fill=1)


def _clip(c: Canvas, ops: Ops) -> None:
    c.clipPath(_path(c, ops), stroke=0, fill=0)


# --- frame -----------------------------------------------------------------

def _backdrop(c: Canvas, house: str, field: str | Color) -> None:
    """House-colour band, gold fillet and inner field: the shared frame of the set."""
    _fill(c, _circle_ops(0, 0, _R_OUTER), house)
    c.setStrokeColor(_col(_GOLD))
    c.setLineWidth(2.6)
    c.circle(0, 0, _R_FILLET, stroke=1, fill=0)
    _fill(c, _circle_ops(0, 0, _R_FIELD), field, width=0.8)
    for i in range(8):
        a = math.radians(22.5 + 45 * i)
        _fill(c, _circle_ops(44.6 * math.cos(a), 44.6 * math.sin(a), 1.25), _GOLD, width=0.5)


def _light_field(house: str) -> Color:
    return _mix(house, "#FFFFFF", 0.86)


# --- shared charges --------------------------------------------------------

def _shield_ops(w: float = 24.0, top: float = 25.0, bottom: float = -33.0) -> Ops:
    """A heater shield: straight chief, straight flanks, curved to a point."""
    mid = top - 0.42 * (top - bottom)
    return [("M", -w, top), ("L", w, top), ("L", w, mid),
            ("C", w, mid - 0.35 * (mid - bottom), 0.5 * w, bottom + 0.12 * (mid - bottom), 0, bottom),
            ("C", -0.5 * w, bottom + 0.12 * (mid - bottom), -w, mid - 0.35 * (mid - bottom), -w, mid),
            ("Z",)]


def _star_ops(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.42,
              angle: float = 90.0) -> Ops:
    pts = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = math.radians(angle + 180.0 * i / points)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return _poly(pts)


def _cross_pattee_ops(cx: float, cy: float, s: float) -> Ops:
    """A cross with arms flaring outward, as on crowns."""
    arm = [("M", 0.0, 0.0), ("L", -0.16, 0.28), ("C", -0.3, 0.6, -0.38, 0.85, -0.44, 1.0),
           ("L", 0.44, 1.0), ("C", 0.38, 0.85, 0.3, 0.6, 0.16, 0.28), ("Z",)]
    out: Ops = []
    for k in range(4):
        out += _xf(arm, angle=90 * k, sx=s, dx=cx, dy=cy)
    return out


def _petal_ring(c: Canvas, r: float, fill: str | Color, offset: float = 0.0,
                count: int = 5) -> None:
    """Round petals around a hub, outlined as one flower, with seams running into each notch."""
    lobe_at, lobe_r = 0.63 * r, 0.375 * r
    shapes = [_circle_ops(0, 0, 0.55 * r)]
    for i in range(count):
        a = math.radians(90 + offset + 360.0 * i / count)
        shapes.append(_circle_ops(lobe_at * math.cos(a), lobe_at * math.sin(a), lobe_r))
    _silhouette(c, shapes, fill)
    for i in range(count):
        a = math.radians(90 + offset + 360.0 * (i + 0.5) / count)
        _line(c, [("M", 0.2 * r * math.cos(a), 0.2 * r * math.sin(a)),
                  ("L", 0.52 * r * math.cos(a), 0.52 * r * math.sin(a))], _INK, 0.9)


def _sepals(c: Canvas, r: float, offset: float = 36.0, count: int = 5) -> None:
    """Green barbs showing between the petals of a heraldic rose."""
    barb = [("M", -0.2, 0.5), ("C", -0.24, 0.8, -0.12, 1.0, 0.0, 1.21),
            ("C", 0.12, 1.0, 0.24, 0.8, 0.2, 0.5), ("Z",)]
    for i in range(count):
        ops = _xf(barb, angle=offset + 360.0 * i / count, sx=r)
        _fill(c, ops, _VERT)


def _seeded_centre(c: Canvas, r: float) -> None:
    _fill(c, _circle_ops(0, 0, r), _GOLD)
    for i in range(7):
        a = math.radians(90 + i * 360.0 / 7)
        c.setFillColor(_col(_GOLD_DARK))
        c.circle(0.58 * r * math.cos(a), 0.58 * r * math.sin(a), 0.13 * r, stroke=0, fill=1)
    c.circle(0, 0, 0.15 * r, stroke=0, fill=1)


def _rose(c: Canvas, outer: str, inner: str | None) -> None:
    r = 30.5
    _sepals(c, r)
    _petal_ring(c, r, outer)
    if inner is not None:
        _petal_ring(c, 0.58 * r, inner, offset=36.0)
    _seeded_centre(c, 0.23 * r)


# --- motifs ----------------------------------------------------------------

def _motif_red_rose(c: Canvas, house: str) -> None:
    _rose(c, _GULES, None)


def _motif_white_rose(c: Canvas, house: str) -> None:
    _rose(c, _ARGENT, None)


def _motif_tudor_rose(c: Canvas, house: str) -> None:
    _rose(c, _GULES, _ARGENT)


def _motif_protector(c: Canvas, house: str) -> None:
    shield = _shield_ops()
    _fill(c, shield, _ARGENT, outline=False)
    c.saveState()
    _clip(c, shield)
    c.setFillColor(_col(_GULES))
    c.rect(-5.2, -40, 10.4, 70, stroke=0, fill=1)
    c.rect(-30, 3.2, 60, 10.4, stroke=0, fill=1)
    c.restoreState()
    _line(c, shield, _INK, _OUTLINE)


def _motif_bend(c: Canvas, house: str) -> None:
    shield = _shield_ops()
    _fill(c, shield, house, outline=False)
    c.saveState()
    _clip(c, shield)
    c.translate(0, -2)
    c.rotate(-50)
    c.setFillColor(_col(_ARGENT))
    c.rect(-50, -5.5, 100, 11, stroke=0, fill=1)
    c.setFillColor(_col(_GOLD))
    for y in (8.4, -10.8):
        c.rect(-50, y, 100, 2.4, stroke=0, fill=1)
    c.setStrokeColor(_col(_INK))
    c.setLineWidth(0.6)
    for y in (-5.5, 5.5, 8.4, 10.8, -8.4, -10.8):
        c.line(-50, y, 50, y)
    c.restoreState()
    _line(c, shield, _INK, _OUTLINE)


def _motif_crown(c: Canvas, house: str) -> None:
    # velvet cap behind the arches
    _fill(c, [("M", -22, -6), ("C", -24, 12, -10, 20, 0, 20),
              ("C", 10, 20, 24, 12, 22, -6), ("Z",)], _GULES_DARK)
    # arches
    for ops in ([("M", -21, -3), ("C", -21, 10, -10, 17, 0, 16)],
                [("M", 21, -3), ("C", 21, 10, 10, 17, 0, 16)],
                [("M", 0, -3), ("L", 0, 16)]):
        _line(c, ops, _INK, 4.6)
        _line(c, ops, _GOLD, 2.2)
    # orb and cross
    _fill(c, _circle_ops(0, 21, 4.6), _GOLD)
    _line(c, [("M", -4.6, 21), ("L", 4.6, 21)], _INK, 0.7)
    _fill(c, _cross_pattee_ops(0, 30.5, 4.2), _GOLD)
    # crosses and fleurs on the rim
    for x in (-21, 21):
        _fill(c, _cross_pattee_ops(x, 1.5, 4.6), _GOLD)
    for x in (-10.5, 10.5):
        _silhouette(c, _fleur_parts(x, -4.5, 10.0), _GOLD)
    # band with jewels
    band = [("M", -25, -17), ("C", -10, -19.5, 10, -19.5, 25, -17),
            ("L", 25, -4), ("C", 10, -6.5, -10, -6.5, -25, -4), ("Z",)]
    _fill(c, band, _GOLD)
    for x, col in ((-16, _AZURE), (0, _GULES), (16, _VERT)):
        _fill(c, [("M", x, -7.8), ("L", x + 3.4, -11.6), ("L", x, -15.4), ("L", x - 3.4, -11.6), ("Z",)],
              col, width=0.8)
    for x in (-8, 8):
        _fill(c, _circle_ops(x, -11.8, 1.5), _ARGENT, width=0.6)
    # ermine rim
    rim = [("M", -27, -25), ("C", -10, -28, 10, -28, 27, -25),
           ("L", 27, -17.5), ("C", 10, -20.5, -10, -20.5, -27, -17.5), ("Z",)]
    _fill(c, rim, _ARGENT)
    for x in (-18, -6, 6, 18):
        _fill(c, _ermine_spot_ops(x, -22.6, 2.6), _SABLE, outline=False)


def _fleur_parts(cx: float, cy: float, h: float) -> list[Ops]:
    """A simplified fleur-de-lis standing on (cx, cy), height h, as parts to be unioned."""
    s = h / 10.0
    centre = [("M", -1.2, 2.0), ("C", -2.2, 5.5, -1.2, 8.0, 0.0, 10.0),
              ("C", 1.2, 8.0, 2.2, 5.5, 1.2, 2.0), ("Z",)]
    side = [("M", -1.0, 2.2), ("C", -3.0, 3.0, -4.8, 5.0, -4.6, 7.4),
            ("C", -4.4, 8.6, -3.2, 8.6, -3.0, 7.6), ("C", -2.8, 5.6, -1.8, 4.6, -0.6, 3.6), ("Z",)]
    mirror = _xf(side, sx=-1, sy=1)
    foot = [("M", -1.0, 0.0), ("L", 1.0, 0.0), ("L", 1.0, 2.2), ("L", -1.0, 2.2), ("Z",)]
    return [_xf(part, sx=s, dx=cx, dy=cy) for part in (centre, side, mirror, foot)]


def _ermine_spot_ops(cx: float, cy: float, s: float) -> Ops:
    return [("M", cx, cy + s), ("C", cx - 0.5 * s, cy, cx - 0.7 * s, cy - 0.6 * s, cx - 0.55 * s, cy - s),
            ("L", cx, cy - 0.6 * s), ("L", cx + 0.55 * s, cy - s),
            ("C", cx + 0.7 * s, cy - 0.6 * s, cx + 0.5 * s, cy, cx, cy + s), ("Z",)]


def _motif_helm(c: Canvas, house: str) -> None:
    c.saveState()
    _clip(c, _circle_ops(0, 0, _R_FIELD))
    # mail coif and shoulders
    coif = [("M", -40, -42), ("C", -36, -30, -30, -26, -24, -22), ("C", -25, -12, -24, -4, -21, 0),
            ("L", 21, 0), ("C", 24, -4, 25, -12, 24, -22), ("C", 30, -26, 36, -30, 40, -42), ("Z",)]
    _fill(c, coif, _STEEL_DARK)
    c.saveState()
    _clip(c, coif)
    c.setStrokeColor(_col(_mix(_STEEL_DARK, _INK, 0.45)))
    c.setLineWidth(0.6)
    for row in range(14):
        y = 1 - row * 3.0
        shift = 1.6 if row % 2 else 0.0
        for k in range(-14, 15):
            c.arc(k * 3.2 + shift - 1.6, y - 1.6, k * 3.2 + shift + 1.6, y + 1.6, 180, 180)
    c.restoreState()
    _line(c, coif, _INK, _OUTLINE)
    c.restoreState()
    # face opening in shadow
    _fill(c, [("M", -13, -1), ("C", -14, -12, -9, -22, 0, -24),
              ("C", 9, -22, 14, -12, 13, -1), ("Z",)], _mix(_SABLE, _STEEL_DARK, 0.25))
    # conical skull: light and dark halves suggest a polished cone
    left = [("M", 0, 33), ("C", -7, 25, -20, 14, -21, -2), ("L", 0, -2), ("Z",)]
    right = _xf(left, sx=-1, sy=1)
    _fill(c, left, _STEEL_LIGHT, outline=False)
    _fill(c, right, _STEEL, outline=False)
    _line(c, [("M", -12, 2), ("C", -11, 12, -6, 22, -1.5, 28)], "#FFFFFF", 1.6)
    _line(c, [("M", 0, 33), ("C", -7, 25, -20, 14, -21, -2), ("L", 21, -2),
              ("C", 20, 14, 7, 25, 0, 33), ("Z",)], _INK, _OUTLINE)
    # reinforcing strap up the middle
    _fill(c, [("M", -1.6, -2), ("L", -1.0, 30), ("L", 1.0, 30), ("L", 1.6, -2), ("Z",)], _GOLD, width=0.7)
    # brow band and nasal
    band = [("M", -22, -6), ("C", -10, -8, 10, -8, 22, -6), ("L", 22, 0.5),
            ("C", 10, -1.5, -10, -1.5, -22, 0.5), ("Z",)]
    _fill(c, band, _GOLD)
    nasal = [("M", -2.8, -5), ("L", -2.4, -20), ("C", -2.2, -22.6, 2.2, -22.6, 2.4, -20),
             ("L", 2.8, -5), ("Z",)]
    _fill(c, nasal, _GOLD)
    for x in (-17, -11, -5.5, 5.5, 11, 17):
        _fill(c, _circle_ops(x, -3.6, 0.9), _GOLD_DARK, width=0.4)


def _spiky_leaf(base: tuple[float, float], tip: tuple[float, float], width: float,
                bend: float, teeth: int) -> Ops:
    """A thistle leaf: a curved midrib with alternating spine tips and notches on both edges."""
    bx, by = base
    tx, ty = tip
    lx, ly = tx - bx, ty - by
    length = math.hypot(lx, ly)
    ux, uy = lx / length, ly / length
    nx, ny = -uy, ux
    steps = teeth * 2
    lean = 0.9 * length / steps
    upper, lower = [], []
    for i in range(1, steps):
        t = i / steps
        mx = bx + lx * t + nx * bend * 4 * t * (1 - t)
        my = by + ly * t + ny * bend * 4 * t * (1 - t)
        w = width * math.sin(math.pi * min(t * 1.1, 1.0)) ** 0.6
        spike, fwd = (1.45, lean) if i % 2 else (0.4, 0.0)
        upper.append((mx + nx * w * spike + ux * fwd, my + ny * w * spike + uy * fwd))
        lower.append((mx - nx * w * spike + ux * fwd, my - ny * w * spike + uy * fwd))
    upper.insert(0, base)
    lower.insert(0, base)
    return _poly(upper + [tip] + lower[::-1])


def _motif_thistle(c: Canvas, house: str) -> None:
    # stem
    _fill(c, [("M", -1.8, -35), ("C", -1.6, -20, -1.6, -10, -1.4, -6), ("L", 1.4, -6),
              ("C", 1.6, -10, 1.6, -20, 1.8, -35), ("Z",)], _VERT)
    # leaves
    for sign in (-1, 1):
        leaf = _spiky_leaf((0, -27), (sign * 33, -6), 6.5, sign * 3.5, 5)
        _fill(c, leaf, _VERT)
        _line(c, [("M", 0, -26), ("C", sign * 10, -21, sign * 20, -14, sign * 29, -7)], _VERT_DARK, 0.8)
    # flower tuft fanning out of the cup like a brush
    spread, n = 46.0, 11
    tips = []
    pts = [(-8.5, 6.0)]
    for i in range(2 * n - 1):
        a = math.radians(90 + spread - 2 * spread * i / (2 * n - 2))
        r = 30.0 if i % 2 == 0 else 23.5
        pts.append((r * math.cos(a), -1 + r * math.sin(a)))
        if i % 2 == 0:
            tips.append(pts[-1])
    pts.append((8.5, 6.0))
    _fill(c, _poly(pts), _PURPLE)
    for tx, ty in tips:
        _line(c, [("M", tx * 0.3, 6 + (ty - 6) * 0.3), ("L", tx * 0.85, -1 + (ty + 1) * 0.85)],
              _PURPLE_LIGHT, 0.9)
    # spiny bract cup
    cup = [("M", 0, -14), ("C", 9, -14, 14.5, -6, 13.5, 1), ("C", 13, 6, 10, 9, 0, 9.5),
           ("C", -10, 9, -13, 6, -13.5, 1), ("C", -14.5, -6, -9, -14, 0, -14), ("Z",)]
    for sign in (-1, 1):
        for y, ln in ((-8, 5.0), (-2, 6.0), (4, 5.0)):
            x0 = sign * (12.5 if y != -8 else 10.5)
            _line(c, [("M", x0, y), ("L", x0 + sign * ln, y + 2.2)], _INK, 1.6)
            _line(c, [("M", x0, y), ("L", x0 + sign * ln, y + 2.2)], _VERT_LIGHT, 0.6)
    _fill(c, cup, _VERT)
    c.saveState()
    _clip(c, cup)
    c.setStrokeColor(_col(_VERT_DARK))
    c.setLineWidth(0.8)
    for k in range(-6, 7):
        c.line(k * 4.6 - 20, -20, k * 4.6 + 20, 20)
        c.line(k * 4.6 + 20, -20, k * 4.6 - 20, 20)
    c.restoreState()
    _line(c, cup, _INK, _OUTLINE)
    # pointed bracts along the rim of the cup
    for i in range(7):
        x = -10.5 + 3.5 * i
        _fill(c, [("M", x - 2.2, 7.6), ("L", x + (x * 0.12), 13.8), ("L", x + 2.2, 7.6), ("Z",)],
              _VERT_LIGHT, width=0.8)


def _bezier_at(p0: Sequence[float], p1: Sequence[float], p2: Sequence[float], p3: Sequence[float],
               t: float) -> tuple[float, float, float]:
    """Point and tangent angle (degrees) on a cubic, to hang flowers and leaves along a stem."""
    u = 1.0 - t
    x = u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0]
    y = u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]
    dx = 3 * u * u * (p1[0] - p0[0]) + 6 * u * t * (p2[0] - p1[0]) + 3 * t * t * (p3[0] - p2[0])
    dy = 3 * u * u * (p1[1] - p0[1]) + 6 * u * t * (p2[1] - p1[1]) + 3 * t * t * (p3[1] - p2[1])
    return x, y, math.degrees(math.atan2(dy, dx))


_PEA_STANDARD = [("M", 0, 0.6), ("C", -3.6, 1.0, -4.8, 5.6, -2.6, 7.2), ("C", -1.4, 8.0, -0.4, 7.6, 0, 6.8),
                 ("C", 0.4, 7.6, 1.4, 8.0, 2.6, 7.2), ("C", 4.8, 5.6, 3.6, 1.0, 0, 0.6), ("Z",)]
_PEA_KEEL = [("M", -0.6, 0.4), ("C", 1.6, -0.6, 4.8, 0.2, 6.4, 2.6), ("C", 4.6, 3.8, 1.8, 3.6, -0.2, 2.6), ("Z",)]
_PEA_CALYX = [("M", -1.3, 1.4), ("L", 0, -1.4), ("L", 1.3, 1.4), ("Z",)]


def _pea_flower(c: Canvas, x: float, y: float, angle: float, s: float, mirror: bool) -> None:
    """A broom flower: an upright round standard petal behind a boat-shaped keel."""
    sx = -s if mirror else s
    _fill(c, _xf(_PEA_STANDARD, angle=angle, sx=sx, sy=s, dx=x, dy=y), _BROOM_YELLOW, width=0.8)
    _fill(c, _xf(_PEA_KEEL, angle=angle, sx=sx, sy=s, dx=x, dy=y), "#E9A70F", width=0.8)
    _fill(c, _xf(_PEA_CALYX, angle=angle, sx=sx, sy=s, dx=x, dy=y), _VERT, width=0.6)


# Broom stems as cubic control points; flowers hang at the listed fractions along each.
_BROOM_STEMS = [
    (((1, -36), (-1, -18), (-3, 4), (3, 31)), (0.52, 0.68, 0.84, 1.0)),
    (((-0.6, -8), (-6, -4), (-14, 2), (-24, 14)), (0.45, 0.72, 1.0)),
    (((1.4, 6), (6, 9), (14, 14), (22, 24)), (0.5, 0.76, 1.0)),
    (((0.2, -20), (7, -18), (15, -12), (24, -2)), (0.5, 0.76, 1.0)),
]
_BROOM_LEAF = [("M", 0, 0), ("C", 1.2, 1.4, 1.2, 3.8, 0, 5.2), ("C", -1.2, 3.8, -1.2, 1.4, 0, 0), ("Z",)]
_BROOM_POD = [("M", 0, 0), ("C", 1.8, 1.8, 2.4, 7, 1.4, 10.5), ("C", 0.6, 11.4, -0.6, 10.8, -0.8, 9.6),
              ("C", -0.2, 6.6, -0.6, 2.6, 0, 0), ("Z",)]


def _motif_broom(c: Canvas, house: str) -> None:
    """Planta genista: slender green stems, pods and small yellow pea-flowers."""
    curves = [[("M", *pts[0]), ("C", *pts[1], *pts[2], *pts[3])] for pts, _ in _BROOM_STEMS]
    for ops in curves:
        _line(c, ops, _INK, 4.2)
    for ops in curves:
        _line(c, ops, _VERT, 1.8)
    for (pts, _), side in zip(_BROOM_STEMS, (1, -1, 1, -1)):
        for t in (0.2, 0.36):
            x, y, a = _bezier_at(*pts, t)
            for k in (1, -1):
                _fill(c, _xf(_BROOM_LEAF, angle=a - 90 + k * 55, dx=x, dy=y), _VERT_LIGHT, width=0.7)
    for x, y, a in ((-0.8, -15, 150), (7.5, -18.5, -150)):
        _fill(c, _xf(_BROOM_POD, angle=a, dx=x, dy=y), _VERT_DARK, width=0.8)
    for pts, ts in _BROOM_STEMS:
        for i, t in enumerate(ts):
            x, y, a = _bezier_at(*pts, t)
            if t >= 1.0:
                _pea_flower(c, x, y, a - 90, 1.45, mirror=a > 90 or a < -90)
                continue
            side = 1 if i % 2 == 0 else -1
            fa = a - 90 + side * 55
            mx = x + 1.6 * math.cos(math.radians(fa + 90))
            my = y + 1.6 * math.sin(math.radians(fa + 90))
            _pea_flower(c, mx, my, fa, 1.25, mirror=side < 0)


def _motif_tower(c: Canvas, house: str) -> None:
    c.saveState()
    _clip(c, _circle_ops(0, 0, _R_FIELD))
    mound = [("M", -44, -44), ("L", -44, -28), ("C", -30, -27, -24, -22, -18, -20),
             ("C", -6, -18, 6, -18, 18, -20), ("C", 24, -22, 30, -27, 44, -28), ("L", 44, -44), ("Z",)]
    _fill(c, mound, _VERT_LIGHT)
    c.restoreState()
    # small flag turret rising behind the drum
    _fill(c, [("M", 5, 14), ("L", 5, 27), ("L", 15, 27), ("L", 15, 14), ("Z",)], _STONE_SHADE)
    for x in (5, 9, 13):
        _fill(c, [("M", x, 27), ("L", x, 30), ("L", x + 2, 30), ("L", x + 2, 27), ("Z",)], _STONE_SHADE, width=0.9)
    _line(c, [("M", 10, 30), ("L", 10, 38)], _INK, 1.1)
    _fill(c, [("M", 10, 38), ("L", 19, 36.5), ("L", 10, 34), ("Z",)], _GULES, width=0.8)
    # the drum: a cylinder with light and shade
    drum = [("M", -19, -20), ("C", -8, -23.5, 8, -23.5, 19, -20), ("L", 19, 12),
            ("C", 8, 9.5, -8, 9.5, -19, 12), ("Z",)]
    _fill(c, drum, _STONE, outline=False)
    c.saveState()
    _clip(c, drum)
    c.setFillColor(_col(_STONE_SHADE))
    c.rect(9, -30, 12, 50, stroke=0, fill=1)
    c.setFillColor(_col(_STONE_LIGHT))
    c.rect(-13, -30, 6, 50, stroke=0, fill=1)
    c.setStrokeColor(_col(_mix(_STONE_SHADE, _INK, 0.35)))
    c.setLineWidth(0.55)
    for i, y in enumerate(range(-17, 12, 4)):
        _line(c, [("M", -19, y + 0.5), ("C", -8, y - 2.6, 8, y - 2.6, 19, y + 0.5)],
              _mix(_STONE_SHADE, _INK, 0.35), 0.55)
        for x in (-14, -6, 2, 10, 17):
            xx = x + (4 if i % 2 else 0)
            yy = y - 2.2 * (1 - (xx / 19) ** 2)
            c.line(xx, yy, xx, yy + 4)
    c.restoreState()
    _line(c, drum, _INK, _OUTLINE)
    # parapet and merlons
    parapet = [("M", -21, 10.5), ("C", -8, 7.2, 8, 7.2, 21, 10.5), ("L", 21, 14.5),
               ("C", 8, 11.2, -8, 11.2, -21, 14.5), ("Z",)]
    for x in (-21, -12.5, -4, 4.5, 13):
        yb = 14.5 - 3.3 * (1 - ((x + 4) / 21) ** 2)
        _fill(c, [("M", x, yb - 1), ("L", x, yb + 5.5), ("L", x + 8, yb + 5.5), ("L", x + 8, yb - 1), ("Z",)],
              _STONE, width=_OUTLINE)
    _fill(c, parapet, _STONE)
    # windows
    for x, y in ((-6, -10), (6, 1)):
        _fill(c, [("M", x - 1.8, y), ("L", x - 1.8, y + 5), ("C", x - 1.8, y + 7.4, x + 1.8, y + 7.4, x + 1.8, y + 5),
                  ("L", x + 1.8, y), ("Z",)], _SABLE, width=0.8)
    # door
    _fill(c, [("M", -3.5, -22), ("L", -3.5, -16), ("C", -3.5, -12, 3.5, -12, 3.5, -16),
              ("L", 3.5, -22), ("Z",)], _mix(_SABLE, "#5A3A1A", 0.5), width=0.9)


def _arc_ops(cx: float, cy: float, r: float, a0: float, a1: float) -> Ops:
    """Bezier segments along a circle from angle a0 to a1 (degrees, either direction), without a moveTo."""
    steps = max(1, math.ceil(abs(a1 - a0) / 90.0))
    da = math.radians((a1 - a0) / steps)
    k = 4.0 / 3.0 * math.tan(da / 4.0)
    out: Ops = []
    a = math.radians(a0)
    for _ in range(steps):
        b = a + da
        x0, y0 = cx + r * math.cos(a), cy + r * math.sin(a)
        x3, y3 = cx + r * math.cos(b), cy + r * math.sin(b)
        out.append(("C", x0 - k * r * math.sin(a), y0 + k * r * math.cos(a),
                    x3 + k * r * math.sin(b), y3 - k * r * math.cos(b), x3, y3))
        a = b
    return out


def _capsule(x1: float, y1: float, r1: float, x2: float, y2: float, r2: float) -> Ops:
    """The hull of two circles: a tapered limb segment with rounded ends."""
    d = math.hypot(x2 - x1, y2 - y1)
    if d <= abs(r1 - r2):
        return _circle_ops(x1, y1, r1) if r1 >= r2 else _circle_ops(x2, y2, r2)
    base = math.degrees(math.atan2(y2 - y1, x2 - x1))
    theta = math.degrees(math.acos((r1 - r2) / d))
    a_pos, a_neg = math.radians(base + theta), math.radians(base - theta)
    ops: Ops = [("M", x1 + r1 * math.cos(a_pos), y1 + r1 * math.sin(a_pos)),
                ("L", x2 + r2 * math.cos(a_pos), y2 + r2 * math.sin(a_pos))]
    ops += _arc_ops(x2, y2, r2, base + theta, base - theta)
    ops.append(("L", x1 + r1 * math.cos(a_neg), y1 + r1 * math.sin(a_neg)))
    ops += _arc_ops(x1, y1, r1, base - theta, base + theta - 360.0)
    return ops + [("Z",)]


def _tube(chain: Sequence[tuple[float, float, float]]) -> list[Ops]:
    """A limb or body drawn as a chain of (x, y, radius) joints."""
    return [_capsule(*a, *b) for a, b in zip(chain, chain[1:])]


# Rearing horse facing left, as joint chains of (x, y, radius).
_HORSE_FAR = [
    [(-5, 5, 3.6), (-15, 3, 2.3), (-17, -6, 1.9), (-15.5, -9, 1.7)],            # far foreleg
    [(17, -11, 5.5), (15, -21, 3.0), (21, -27, 2.2), (19, -34, 1.8)],            # far hind leg
]
_HORSE_NEAR = [
    [(-6, 8, 8.6), (3.5, -0.5, 8.8), (13, -10, 10.0)],                          # body
    [(-3, 12, 7.2), (-9, 22, 5.2), (-12, 27, 4.4)],                             # neck
    [(-12, 27, 5.0), (-19, 23, 3.6), (-25, 19.5, 3.0)],                          # head
    [(-8, 6, 3.9), (-20, 11, 2.4), (-23, 2, 1.9), (-21.5, -1.5, 1.7)],           # near foreleg
    [(11, -13, 6.5), (6, -22, 3.4), (12, -28, 2.3), (9, -34.5, 1.9)],            # near hind leg
]
_HORSE_MANE = [("M", -12, 31), ("C", -7, 32.5, -4, 29.5, -0.5, 28), ("C", 1.5, 26.5, 1.5, 24.5, 3.5, 23),
               ("C", 6, 21.5, 6, 19.5, 8, 17), ("L", -4, 12), ("Z",)]
_HORSE_TAIL = [("M", 18, -2), ("C", 25, 0, 31, -5, 31, -13), ("C", 31, -19, 27, -22, 30, -29),
               ("C", 26, -27, 23, -22, 24, -15), ("C", 23, -21, 20, -23, 19, -25),
               ("C", 18, -18, 24, -12, 19, -8), ("Z",)]


def _hoof(chain: Sequence[tuple[float, float, float]]) -> Ops:
    """A dark hoof over the last stretch of a leg, so the legs read as a horse's."""
    (x1, y1, _), (x2, y2, r) = chain[-2], chain[-1]
    d = math.hypot(x2 - x1, y2 - y1)
    t = min(1.0, 1.6 / d)
    return _capsule(x2 - (x2 - x1) * t, y2 - (y2 - y1) * t, r * 0.95, x2, y2, r * 0.95)


def _motif_horse(c: Canvas, house: str) -> None:
    """The white horse of Hanover, rearing; far legs are shaded so the near ones read in front."""
    _silhouette(c, [_HORSE_TAIL, _HORSE_MANE], _mix(_ARGENT, _STEEL, 0.2))
    far: list[Ops] = []
    for chain in _HORSE_FAR:
        far += _tube(chain)
    _silhouette(c, far, _mix(_ARGENT, _STEEL, 0.5))
    near: list[Ops] = []
    for chain in _HORSE_NEAR:
        near += _tube(chain)
    ear = _poly([(-13.5, 29.5), (-11, 35.5), (-9.5, 29)])
    _silhouette(c, near + [ear], _ARGENT)
    for chain in _HORSE_FAR + _HORSE_NEAR[3:]:
        _fill(c, _hoof(chain), _SABLE, width=0.6)
    for ops in ([("M", -8, 27), ("C", -6, 23, -3, 19, 0, 16)],
                [("M", 25, -4), ("C", 28, -9, 27, -15, 27, -20)]):
        _line(c, ops, _mix(_ARGENT, _INK, 0.4), 0.7)
    _line(c, [("M", -27.5, 18), ("C", -26, 17.8, -24.5, 18, -23.5, 18.6)], _INK, 0.7)
    c.setFillColor(_col(_INK))
    c.circle(-15.5, 25.2, 1.0, stroke=0, fill=1)
    c.circle(-25.6, 20.6, 0.65, stroke=0, fill=1)


# --- generated shields -------------------------------------------------------

Place = tuple[float, float, float, bool]   # x, y, charge radius, sits on metal?


def _div_per_pale(c: Canvas, metal: str) -> list[Place]:
    c.rect(0, -40, 30, 70, stroke=0, fill=1)
    return [(-11.5, 5, 7, False), (11.5, 5, 7, True)]


def _div_per_fess(c: Canvas, metal: str) -> list[Place]:
    c.rect(-30, -40, 60, 41, stroke=0, fill=1)
    return [(0, 13, 7.5, False), (0, -14, 7.5, True)]


def _div_per_bend(c: Canvas, metal: str) -> list[Place]:
    c.drawPath(_path(c, _poly([(-26, 27), (26, -35), (-26, -35)])), stroke=0, fill=1)
    return [(10, 11, 6.5, False), (-10, -11, 6.5, True)]


def _div_quarterly(c: Canvas, metal: str) -> list[Place]:
    c.rect(0, 1, 30, 30, stroke=0, fill=1)
    c.rect(-30, -40, 30, 41, stroke=0, fill=1)
    return [(-11.5, 13, 6.5, False), (11.5, -12, 6.5, False)]


def _div_chevron(c: Canvas, metal: str) -> list[Place]:
    c.drawPath(_path(c, _poly([(-26, -24), (0, 6), (26, -24), (26, -13), (0, 17), (-26, -13)])), stroke=0, fill=1)
    return [(-12, 17, 5.5, False), (12, 17, 5.5, False), (0, -18, 6.5, False)]


def _div_per_chevron(c: Canvas, metal: str) -> list[Place]:
    c.drawPath(_path(c, _poly([(-26, -22), (0, 8), (26, -22), (26, -40), (-26, -40)])), stroke=0, fill=1)
    return [(-11.5, 14, 6, False), (11.5, 14, 6, False), (0, -15, 7, True)]


def _div_saltire(c: Canvas, metal: str) -> list[Place]:
    c.saveState()
    c.translate(0, -2)
    for a in (49, -49):
        c.saveState()
        c.rotate(a)
        c.rect(-50, -4.6, 100, 9.2, stroke=0, fill=1)
        c.restoreState()
    c.restoreState()
    return [(0, 16, 5.5, False), (0, -21, 5.5, False)]


def _div_cross(c: Canvas, metal: str) -> list[Place]:
    c.rect(-4.8, -40, 9.6, 70, stroke=0, fill=1)
    c.rect(-30, 2.5, 60, 9.6, stroke=0, fill=1)
    return [(-13, 19, 5, False), (13, 19, 5, False), (-12, -9, 5.5, False), (12, -9, 5.5, False)]


def _div_chief(c: Canvas, metal: str) -> list[Place]:
    c.rect(-30, 9, 60, 20, stroke=0, fill=1)
    return [(-12, 17, 4.8, True), (0, 17, 4.8, True), (12, 17, 4.8, True), (0, -10, 9, False)]


def _div_bordure(c: Canvas, metal: str) -> list[Place]:
    c.drawPath(_path(c, _shield_ops()), stroke=0, fill=1)
    return [(0, -3, 10, False)]


def _div_pall(c: Canvas, metal: str) -> list[Place]:
    c.drawPath(_path(c, _poly([(-26, 27), (-17, 27), (0, 7), (17, 27), (26, 27), (4.6, 1), (4.6, -40),
                               (-4.6, -40), (-4.6, 1)])), stroke=0, fill=1)
    return [(0, 20, 5.5, False), (-13, -6, 5.5, False), (13, -6, 5.5, False)]


def _div_fess(c: Canvas, metal: str) -> list[Place]:
    c.rect(-30, -4.5, 60, 12, stroke=0, fill=1)
    return [(-11, 16.5, 5.5, False), (11, 16.5, 5.5, False), (0, -18, 6.5, False)]


def _div_pale(c: Canvas, metal: str) -> list[Place]:
    c.rect(-6.5, -40, 13, 70, stroke=0, fill=1)
    return [(-15, 6, 5.2, False), (15, 6, 5.2, False), (0, 4, 4.6, True)]


def _div_bend(c: Canvas, metal: str) -> list[Place]:
    c.saveState()
    c.translate(0, -2)
    c.rotate(-50)
    c.rect(-50, -5.5, 100, 11, stroke=0, fill=1)
    c.restoreState()
    return [(10, 12, 6, False), (-11, -13, 6, False)]


_DIVISIONS: dict[str, Callable[[Canvas, str], list[Place]]] = {
    "per-pale": _div_per_pale, "per-fess": _div_per_fess, "per-bend": _div_per_bend,
    "quarterly": _div_quarterly, "chevron": _div_chevron, "per-chevron": _div_per_chevron,
    "saltire": _div_saltire, "cross": _div_cross, "chief": _div_chief, "bordure": _div_bordure,
    "pall": _div_pall, "fess": _div_fess, "pale": _div_pale, "bend": _div_bend,
}


def _crescent_ops(x: float, y: float, r: float) -> Ops:
    """Horns-up crescent: a disc with an offset disc taken out, meeting in sharp horns."""
    ro, ri, d = r * 1.05, r * 0.84, r * 0.46
    hy = (ro * ro - ri * ri + d * d) / (2 * d)
    hx = math.sqrt(ro * ro - hy * hy)
    alpha = math.degrees(math.atan2(hy, hx))
    beta_l = math.degrees(math.atan2(hy - d, -hx))
    beta_r = math.degrees(math.atan2(hy - d, hx))
    cy = y - 0.25 * r
    ops: Ops = [("M", x + hx, cy + hy)]
    ops += _arc_ops(x, cy, ro, alpha, -180.0 - alpha)
    ops += _arc_ops(x, cy + d, ri, beta_l, beta_r + 360.0)
    return ops + [("Z",)]


def _charge_ops(kind: str, x: float, y: float, r: float) -> Ops:
    if kind == "mullet":
        return _star_ops(x, y, r * 1.1)
    if kind == "estoile":
        return _star_ops(x, y, r * 1.15, points=6, inner=0.35)
    if kind == "roundel":
        return _circle_ops(x, y, r * 0.8)
    if kind == "lozenge":
        return _poly([(x, y + r * 1.1), (x + r * 0.7, y), (x, y - r * 1.1), (x - r * 0.7, y)])
    if kind == "crescent":
        return _crescent_ops(x, y, r)
    if kind == "annulet":
        return _circle_ops(x, y, r * 0.85) + _xf(_circle_ops(0, 0, r * 0.48), sx=1, sy=-1, dx=x, dy=y)
    if kind == "cross-pattee":
        return _cross_pattee_ops(x, y, r * 0.95)
    if kind == "billet":
        return _poly([(x - r * 0.5, y - r * 0.85), (x + r * 0.5, y - r * 0.85),
                      (x + r * 0.5, y + r * 0.85), (x - r * 0.5, y + r * 0.85)])
    raise ValueError(kind)


_CHARGES = ("mullet", "estoile", "roundel", "lozenge", "crescent", "annulet", "cross-pattee", "billet")
_METALS = (_GOLD, _ARGENT)


def shield_design(key: str) -> tuple[str, str, str]:
    """Division, charge and metal generated for a house; exposed so tests can check variety."""
    h = zlib.crc32(key.encode("utf-8"))
    division = sorted(_DIVISIONS)[h % len(_DIVISIONS)]
    h //= len(_DIVISIONS)
    charge = _CHARGES[h % len(_CHARGES)]
    h //= len(_CHARGES)
    metal = _METALS[h % len(_METALS)]
    return division, charge, metal


def _generated(c: Canvas, house: str, key: str) -> None:
    division, charge, metal = shield_design(key)
    shield = _shield_ops()
    _fill(c, shield, house, outline=False)
    c.saveState()
    _clip(c, shield)
    c.setFillColor(_col(metal))
    places = _DIVISIONS[division](c, metal)
    if division == "bordure":
        _fill(c, _shield_ops(18.5, 19.5, -25.5), house, outline=False)
    c.restoreState()
    _line(c, shield, _INK, _OUTLINE)
    for x, y, r, on_metal in places:
        _fill(c, _charge_ops(charge, x, y, r), house if on_metal else metal, width=0.9)


# --- public interface --------------------------------------------------------

_Motif = Callable[[Canvas, str], None]

# motif name -> (drawing function, True when the charge is white and needs the dark field)
_MOTIFS: dict[str, tuple[_Motif, bool]] = {
    "helm": (_motif_helm, False),
    "bend": (_motif_bend, False),
    "broom": (_motif_broom, False),
    "red-rose": (_motif_red_rose, False),
    "white-rose": (_motif_white_rose, True),
    "tudor-rose": (_motif_tudor_rose, False),
    "thistle": (_motif_thistle, False),
    "horse": (_motif_horse, True),
    "tower": (_motif_tower, False),
    "protector": (_motif_protector, False),
    "crown": (_motif_crown, False),
}


def motif_names() -> list[str]:
    """Sorted list of the motif names draw_emblem accepts."""
    return sorted(_MOTIFS)


def draw_emblem(canvas: Canvas, motif: str | None, key: str, colour: str,
                x: float, y: float, size: float) -> None:
    """Draw an emblem inside the square with lower-left corner (x, y) and side `size`, in points.

    motif None generates a shield from `key` so a house added by a teacher
    still gets its own emblem rather than a placeholder.
    """
    if motif is not None and motif not in _MOTIFS:
        raise ValueError(f"unknown emblem motif {motif!r}; expected one of: {', '.join(motif_names())}")
    if not isinstance(colour, str) or not _HEX_RE.match(colour):
        raise ValueError(f"emblem colour must be '#RRGGBB', got {colour!r}")
    if not size > 0:
        raise ValueError(f"emblem size must be positive, got {size!r}")
    canvas.saveState()
    try:
        canvas.translate(x + size / 2.0, y + size / 2.0)
        canvas.scale(size / _GRID, size / _GRID)
        canvas.setLineJoin(1)
        canvas.setLineCap(1)
        canvas.setDash([])
        if motif is None:
            _backdrop(canvas, colour, _light_field(colour))
            _generated(canvas, colour, key)
        else:
            draw, dark_field = _MOTIFS[motif]
            _backdrop(canvas, colour, colour if dark_field else _light_field(colour))
            draw(canvas, colour)
    finally:
        canvas.restoreState()
