"""Vector emblems of royal houses, drawn where a card has no picture.

Every emblem shares one frame: a roundel whose outer band is the house
colour, a gold fillet, and an inner field (a pale tint of the house colour,
or the house colour itself behind white charges).  The charge inside uses
heraldic tinctures and one ink outline weight, so the emblems read as a set
and tie to the house colour used elsewhere on the card.

Shapes are designed on a 100 x 100 grid centred on the origin and scaled to
the requested size, so outline weights stay in proportion at any print size.
Only vector paths are used: no text (fonts would need embedding) and no
images.  Shapes are kept as plain lists of path operations so one outline
can be moved, mirrored and reused without copy-paste.
"""

from __future__ import annotations

import math
import re
import zlib
from typing import Callable, Sequence

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from printgen.render.art.vector import (  # shared with the other code-drawn art
    Joint, Ops, INK as _INK, GOLD as _GOLD, GOLD_DARK as _GOLD_DARK, ARGENT as _ARGENT,
    GULES as _GULES, GULES_DARK as _GULES_DARK, VERT as _VERT, VERT_DARK as _VERT_DARK,
    VERT_LIGHT as _VERT_LIGHT, AZURE as _AZURE, SABLE as _SABLE, PURPLE as _PURPLE,
    PURPLE_LIGHT as _PURPLE_LIGHT, BROOM_YELLOW as _BROOM_YELLOW, BROOM_KEEL as _BROOM_KEEL,
    STEEL as _STEEL, STEEL_LIGHT as _STEEL_LIGHT, STEEL_DARK as _STEEL_DARK, STONE as _STONE,
    STONE_SHADE as _STONE_SHADE, STONE_LIGHT as _STONE_LIGHT, col as _col, mix as _mix, xf as _xf,
    poly as _poly, rect as _rect, band as _band, arc_ops as _arc_ops, circle as _circle,
    capsule as _capsule, tube as _tube, bezier_at as _bezier_at, polar as _polar, path as _path,
    fill as _fill, line as _line, inked_line as _inked_line, silhouette as _silhouette,
    clipped as _clipped, star as _star, OUTLINE as _OUTLINE, FINE as _FINE,
)

# --- design grid -----------------------------------------------------------

_GRID = 100.0          # emblems are designed in a 100-unit box centred on the origin
_R_OUTER = 48.0        # roundel edge
_R_FILLET = 41.2       # gold ring between band and field
_R_FIELD = 39.6        # inner field; charges stay inside it

_HEX_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")
# --- frame -----------------------------------------------------------------

def _backdrop(c: Canvas, house: str, field: str | Color) -> None:
    """House-colour band, gold fillet, studs and inner field: the shared frame of the set."""
    _fill(c, _circle(0, 0, _R_OUTER), house)
    c.setStrokeColor(_col(_GOLD))
    c.setLineWidth(2.6)
    c.circle(0, 0, _R_FILLET, stroke=1, fill=0)
    _fill(c, _circle(0, 0, _R_FIELD), field, width=_FINE)
    for i in range(8):
        _fill(c, _circle(*_polar(44.6, 22.5 + 45 * i), 1.25), _GOLD, width=0.5)


def _light_field(house: str) -> Color:
    return _mix(house, "#FFFFFF", 0.86)


# --- shared charges ----------------------------------------------------------

def _shield(w: float = 24.0, top: float = 25.0, bottom: float = -33.0) -> Ops:
    """A heater shield: straight chief and flanks, curving to a point."""
    mid = top - 0.42 * (top - bottom)
    drop = mid - bottom
    return [("M", -w, top), ("L", w, top), ("L", w, mid),
            ("C", w, mid - 0.35 * drop, 0.5 * w, bottom + 0.12 * drop, 0, bottom),
            ("C", -0.5 * w, bottom + 0.12 * drop, -w, mid - 0.35 * drop, -w, mid),
            ("Z",)]


def _cross_pattee(cx: float, cy: float, s: float) -> Ops:
    """A cross whose arms flare outward, as on crowns and shields."""
    arm = [("M", 0.0, 0.0), ("L", -0.16, 0.28), ("C", -0.3, 0.6, -0.38, 0.85, -0.44, 1.0),
           ("L", 0.44, 1.0), ("C", 0.38, 0.85, 0.3, 0.6, 0.16, 0.28), ("Z",)]
    out: Ops = []
    for k in range(4):
        out += _xf(arm, angle=90 * k, sx=s, dx=cx, dy=cy)
    return out


def _crescent(x: float, y: float, r: float) -> Ops:
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


# --- roses -------------------------------------------------------------------

def _petal_ring(c: Canvas, r: float, fill: str, offset: float = 0.0, count: int = 5) -> None:
    """Round petals around a hub outlined as one flower, with seams running into each notch."""
    shapes = [_circle(0, 0, 0.55 * r)]
    shapes += [_circle(*_polar(0.63 * r, 90 + offset + 360.0 * i / count), 0.375 * r)
               for i in range(count)]
    _silhouette(c, shapes, fill)
    for i in range(count):
        a = 90 + offset + 360.0 * (i + 0.5) / count
        _line(c, [("M", *_polar(0.2 * r, a)), ("L", *_polar(0.52 * r, a))], _INK, 0.9)


def _barbs(c: Canvas, r: float, offset: float = 36.0, count: int = 5) -> None:
    """The green sepals that show between the petals of a heraldic rose."""
    barb = [("M", -0.2, 0.5), ("C", -0.24, 0.8, -0.12, 1.0, 0.0, 1.21),
            ("C", 0.12, 1.0, 0.24, 0.8, 0.2, 0.5), ("Z",)]
    for i in range(count):
        _fill(c, _xf(barb, angle=offset + 360.0 * i / count, sx=r), _VERT)


def _seeded_centre(c: Canvas, r: float) -> None:
    _fill(c, _circle(0, 0, r), _GOLD)
    c.setFillColor(_col(_GOLD_DARK))
    for i in range(7):
        c.circle(*_polar(0.58 * r, 90 + i * 360.0 / 7), 0.13 * r, stroke=0, fill=1)
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
    _rose(c, _GULES)


def _motif_white_rose(c: Canvas, house: str) -> None:
    _rose(c, _ARGENT)


def _motif_tudor_rose(c: Canvas, house: str) -> None:
    _rose(c, _GULES, _ARGENT)


# --- shields -----------------------------------------------------------------

def _charged_shield(c: Canvas, field: str, regions: Sequence[tuple[Ops, str]]) -> None:
    """A shield with ordinaries or divisions clipped inside it.

    Regions are edged in one ink pass before any is filled, so crossing bands
    (a cross, a saltire) read as one piece without seams across the middle.
    """
    shield = _shield()
    _fill(c, shield, field, outline=False)
    with _clipped(c, shield):
        c.setStrokeColor(_col(_INK))
        c.setLineWidth(2 * 0.6)
        for ops, _ in regions:
            c.drawPath(_path(c, ops), stroke=1, fill=0)
        for ops, tincture in regions:
            c.setFillColor(_col(tincture))
            c.drawPath(_path(c, ops), stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
    _line(c, shield, _INK, _OUTLINE)


def _motif_protector(c: Canvas, house: str) -> None:
    """The Commonwealth arms: argent, a cross gules (St George)."""
    _charged_shield(c, _ARGENT, [(_rect(-5.2, -40, 10.4, 70), _GULES),
                                 (_rect(-30, 3.2, 60, 10.4), _GULES)])


def _motif_bend(c: Canvas, house: str) -> None:
    """A bend argent between two gold cotises on the house colour, for Stephen of Blois."""
    _charged_shield(c, house, [(_band(5.5, -50, dy=-2), _ARGENT),
                               (_band(1.2, -50, dy=-2, offset=9.6), _GOLD),
                               (_band(1.2, -50, dy=-2, offset=-9.6), _GOLD)])


# --- crown -------------------------------------------------------------------

def _fleur_parts(cx: float, cy: float, h: float) -> list[Ops]:
    """A simplified fleur-de-lis standing on (cx, cy), as parts to be unioned."""
    centre = [("M", -1.2, 2.0), ("C", -2.2, 5.5, -1.2, 8.0, 0.0, 10.0),
              ("C", 1.2, 8.0, 2.2, 5.5, 1.2, 2.0), ("Z",)]
    side = [("M", -0.6, 3.2), ("C", -2.0, 8.2, -6.6, 9.0, -6.2, 4.4), ("C", -6.0, 3.0, -5.4, 2.2, -4.8, 1.4),
            ("C", -4.6, 3.4, -3.2, 4.6, -0.6, 4.8), ("Z",)]
    foot = _rect(-2.6, 2.2, 5.2, 1.6)
    s = h / 10.0
    return [_xf(part, sx=s, dx=cx, dy=cy) for part in (centre, side, _xf(side, sx=-1, sy=1), foot)]


def _ermine_spot(cx: float, cy: float, s: float) -> Ops:
    return [("M", cx, cy + s), ("C", cx - 0.5 * s, cy, cx - 0.7 * s, cy - 0.6 * s, cx - 0.55 * s, cy - s),
            ("L", cx, cy - 0.6 * s), ("L", cx + 0.55 * s, cy - s),
            ("C", cx + 0.7 * s, cy - 0.6 * s, cx + 0.5 * s, cy, cx, cy + s), ("Z",)]


def _lozenge(x: float, y: float, w: float, h: float) -> Ops:
    return _poly([(x, y + h), (x + w, y), (x, y - h), (x - w, y)])


def _crown_top(c: Canvas) -> None:
    """Velvet cap, gold arches, orb and the crosses and fleurs standing on the rim."""
    _fill(c, [("M", -22, -6), ("C", -24, 12, -10, 20, 0, 20),
              ("C", 10, 20, 24, 12, 22, -6), ("Z",)], _GULES_DARK)
    for ops in ([("M", -21, -3), ("C", -21, 10, -10, 17, 0, 16)],
                [("M", 21, -3), ("C", 21, 10, 10, 17, 0, 16)],
                [("M", 0, -3), ("L", 0, 16)]):
        _inked_line(c, ops, _GOLD, 2.2)
    _fill(c, _circle(0, 21, 4.6), _GOLD)
    _line(c, [("M", -4.6, 21), ("L", 4.6, 21)], _INK, 0.7)
    _fill(c, _cross_pattee(0, 30.5, 4.2), _GOLD)
    for x in (-21, 21):
        _fill(c, _cross_pattee(x, 1.5, 4.6), _GOLD)
    for x in (-10.5, 10.5):
        _silhouette(c, _fleur_parts(x, -4.5, 10.0), _GOLD)


def _crown_base(c: Canvas) -> None:
    """Jewelled gold band over an ermine rim."""
    _fill(c, [("M", -25, -17), ("C", -10, -19.5, 10, -19.5, 25, -17),
              ("L", 25, -4), ("C", 10, -6.5, -10, -6.5, -25, -4), ("Z",)], _GOLD)
    for x, jewel in ((-16, _AZURE), (0, _GULES), (16, _VERT)):
        _fill(c, _lozenge(x, -11.6, 3.4, 3.8), jewel, width=_FINE)
    for x in (-8, 8):
        _fill(c, _circle(x, -11.8, 1.5), _ARGENT, width=0.6)
    _fill(c, [("M", -27, -25), ("C", -10, -28, 10, -28, 27, -25),
              ("L", 27, -17.5), ("C", 10, -20.5, -10, -20.5, -27, -17.5), ("Z",)], _ARGENT)
    for x in (-18, -6, 6, 18):
        _fill(c, _ermine_spot(x, -22.6, 2.6), _SABLE, outline=False)


def _motif_crown(c: Canvas, house: str) -> None:
    _crown_top(c)
    _crown_base(c)


# --- Norman helm -------------------------------------------------------------

_COIF = [("M", -40, -42), ("C", -36, -30, -30, -26, -24, -22), ("C", -25, -12, -24, -4, -21, 0),
         ("L", 21, 0), ("C", 24, -4, 25, -12, 24, -22), ("C", 30, -26, 36, -30, 40, -42), ("Z",)]
_HELM_HALF = [("M", 0, 33), ("C", -7, 25, -20, 14, -21, -2), ("L", 0, -2), ("Z",)]


def _mail_coif(c: Canvas) -> None:
    """Mail hood and shoulders under the helm, with rows of rings."""
    with _clipped(c, _circle(0, 0, _R_FIELD)):
        _fill(c, _COIF, _STEEL_DARK)
        with _clipped(c, _COIF):
            c.setStrokeColor(_mix(_STEEL_DARK, _INK, 0.45))
            c.setLineWidth(0.6)
            for row in range(14):
                y, shift = 1 - row * 3.0, 1.6 * (row % 2)
                for k in range(-14, 15):
                    x = k * 3.2 + shift
                    c.arc(x - 1.6, y - 1.6, x + 1.6, y + 1.6, 180, 180)
        _line(c, _COIF, _INK, _OUTLINE)
    _fill(c, [("M", -13, -1), ("C", -14, -12, -9, -22, 0, -24),
              ("C", 9, -22, 14, -12, 13, -1), ("Z",)], _mix(_SABLE, _STEEL_DARK, 0.25))


def _helm_cone(c: Canvas) -> None:
    """The conical skull: a light and a dark half and a glint suggest polished iron."""
    _fill(c, _HELM_HALF, _STEEL_LIGHT, outline=False)
    _fill(c, _xf(_HELM_HALF, sx=-1, sy=1), _STEEL, outline=False)
    _line(c, [("M", -12, 2), ("C", -11, 12, -6, 22, -1.5, 28)], "#FFFFFF", 1.6)
    _line(c, [("M", 0, 33), ("C", -7, 25, -20, 14, -21, -2), ("L", 21, -2),
              ("C", 20, 14, 7, 25, 0, 33), ("Z",)], _INK, _OUTLINE)
    _fill(c, _poly([(-1.6, -2), (-1.0, 30), (1.0, 30), (1.6, -2)]), _GOLD, width=0.7)


def _helm_band_and_nasal(c: Canvas) -> None:
    _fill(c, [("M", -22, -6), ("C", -10, -8, 10, -8, 22, -6), ("L", 22, 0.5),
              ("C", 10, -1.5, -10, -1.5, -22, 0.5), ("Z",)], _GOLD)
    _fill(c, [("M", -2.8, -5), ("L", -2.4, -20), ("C", -2.2, -22.6, 2.2, -22.6, 2.4, -20),
              ("L", 2.8, -5), ("Z",)], _GOLD)
    for x in (-17, -11, -5.5, 5.5, 11, 17):
        _fill(c, _circle(x, -3.6, 0.9), _GOLD_DARK, width=0.4)


def _motif_helm(c: Canvas, house: str) -> None:
    _mail_coif(c)
    _helm_cone(c)
    _helm_band_and_nasal(c)


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
    return _poly(upper + [tip] + lower[::-1])


def _thistle_stem_and_leaves(c: Canvas) -> None:
    _fill(c, [("M", -1.8, -35), ("C", -1.6, -20, -1.6, -10, -1.4, -6), ("L", 1.4, -6),
              ("C", 1.6, -10, 1.6, -20, 1.8, -35), ("Z",)], _VERT)
    for sign in (-1, 1):
        _fill(c, _spiky_leaf((0, -27), (sign * 33, -6), 6.5, sign * 3.5, 5), _VERT)
        _line(c, [("M", 0, -26), ("C", sign * 10, -21, sign * 20, -14, sign * 29, -7)], _VERT_DARK, _FINE)


def _thistle_tuft(c: Canvas, spread: float = 46.0, florets: int = 11) -> None:
    """The purple flower head, fanning out of the cup like a brush."""
    pts = [(-8.5, 6.0)]
    for i in range(2 * florets - 1):
        a = 90 + spread - 2 * spread * i / (2 * florets - 2)
        pts.append(_polar(30.0 if i % 2 == 0 else 23.5, a, cy=-1))
    pts.append((8.5, 6.0))
    _fill(c, _poly(pts), _PURPLE)
    for tx, ty in pts[1:-1:2]:
        _line(c, [("M", tx * 0.3, 6 + (ty - 6) * 0.3), ("L", tx * 0.85, -1 + (ty + 1) * 0.85)],
              _PURPLE_LIGHT, 0.9)


def _thistle_cup(c: Canvas) -> None:
    """The spiny bract cup: cross-hatched scales, side spines and a rim of pointed bracts."""
    cup = [("M", 0, -14), ("C", 9, -14, 14.5, -6, 13.5, 1), ("C", 13, 6, 10, 9, 0, 9.5),
           ("C", -10, 9, -13, 6, -13.5, 1), ("C", -14.5, -6, -9, -14, 0, -14), ("Z",)]
    for sign in (-1, 1):
        for y, x0, length in ((-8, 10.5, 5.0), (-2, 12.5, 6.0), (4, 12.5, 5.0)):
            _inked_line(c, [("M", sign * x0, y), ("L", sign * (x0 + length), y + 2.2)], _VERT_LIGHT, 0.6)
    _fill(c, cup, _VERT)
    with _clipped(c, cup):
        c.setStrokeColor(_col(_VERT_DARK))
        c.setLineWidth(_FINE)
        for k in range(-6, 7):
            c.line(k * 4.6 - 20, -20, k * 4.6 + 20, 20)
            c.line(k * 4.6 + 20, -20, k * 4.6 - 20, 20)
    _line(c, cup, _INK, _OUTLINE)
    for i in range(7):
        x = -10.5 + 3.5 * i
        _fill(c, _poly([(x - 2.2, 7.6), (x * 1.12, 13.8), (x + 2.2, 7.6)]), _VERT_LIGHT, width=_FINE)


def _motif_thistle(c: Canvas, house: str) -> None:
    _thistle_stem_and_leaves(c)
    _thistle_tuft(c)
    _thistle_cup(c)


# --- broom (planta genista) --------------------------------------------------

_PEA_STANDARD = [("M", 0, 0.6), ("C", -3.6, 1.0, -4.8, 5.6, -2.6, 7.2), ("C", -1.4, 8.0, -0.4, 7.6, 0, 6.8),
                 ("C", 0.4, 7.6, 1.4, 8.0, 2.6, 7.2), ("C", 4.8, 5.6, 3.6, 1.0, 0, 0.6), ("Z",)]
_PEA_KEEL = [("M", -0.6, 0.4), ("C", 1.6, -0.6, 4.8, 0.2, 6.4, 2.6), ("C", 4.6, 3.8, 1.8, 3.6, -0.2, 2.6), ("Z",)]
_PEA_CALYX = _poly([(-1.3, 1.4), (0, -1.4), (1.3, 1.4)])
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
    for ops, colour, width in ((_PEA_STANDARD, _BROOM_YELLOW, _FINE), (_PEA_KEEL, _BROOM_KEEL, _FINE),
                               (_PEA_CALYX, _VERT, 0.6)):
        _fill(c, _xf(ops, angle=angle, sx=sx, sy=s, dx=x, dy=y), colour, width=width)


def _broom_stems(c: Canvas) -> None:
    curves = [[("M", *pts[0]), ("C", *pts[1], *pts[2], *pts[3])] for pts, _ in _BROOM_STEMS]
    for ops in curves:
        _line(c, ops, _INK, 4.2)
    for ops in curves:
        _line(c, ops, _VERT, 1.8)
    for pts, _ in _BROOM_STEMS:
        for t in (0.2, 0.36):
            x, y, a = _bezier_at(pts, t)
            for k in (1, -1):
                _fill(c, _xf(_BROOM_LEAF, angle=a - 90 + k * 55, dx=x, dy=y), _VERT_LIGHT, width=0.7)
    for x, y, a in ((-0.8, -15, 150), (7.5, -18.5, -150)):
        _fill(c, _xf(_BROOM_POD, angle=a, dx=x, dy=y), _VERT_DARK, width=_FINE)


def _broom_flowers(c: Canvas) -> None:
    """Flowers alternate sides along each stem, with a larger one at each tip."""
    for pts, fractions in _BROOM_STEMS:
        for i, t in enumerate(fractions):
            x, y, a = _bezier_at(pts, t)
            if t >= 1.0:
                _pea_flower(c, x, y, a - 90, 1.45, mirror=abs(a) > 90)
                continue
            side = 1 if i % 2 == 0 else -1
            fa = a - 90 + side * 55
            mx, my = _polar(1.6, fa + 90)
            _pea_flower(c, x + mx, y + my, fa, 1.25, mirror=side < 0)


def _motif_broom(c: Canvas, house: str) -> None:
    _broom_stems(c)
    _broom_flowers(c)


# --- Round Tower ---------------------------------------------------------------

_DRUM = [("M", -19, -20), ("C", -8, -23.5, 8, -23.5, 19, -20), ("L", 19, 12),
         ("C", 8, 9.5, -8, 9.5, -19, 12), ("Z",)]


def _tower_mound_and_turret(c: Canvas) -> None:
    """The green motte, and the flag turret rising behind the drum with its pennant."""
    with _clipped(c, _circle(0, 0, _R_FIELD)):
        _fill(c, [("M", -44, -44), ("L", -44, -28), ("C", -30, -27, -24, -22, -18, -20),
                  ("C", -6, -18, 6, -18, 18, -20), ("C", 24, -22, 30, -27, 44, -28),
                  ("L", 44, -44), ("Z",)], _VERT_LIGHT)
    _fill(c, _rect(2, 14, 10, 13), _STONE_SHADE)
    for x in (2, 6, 10):
        _fill(c, _rect(x, 27, 2, 3), _STONE_SHADE, width=0.9)
    _line(c, [("M", 7, 30), ("L", 7, 37)], _INK, 1.1)
    _fill(c, _poly([(7, 37), (15.5, 35.4), (7, 33)]), _GULES, width=_FINE)


def _tower_drum(c: Canvas) -> None:
    """The drum as a shaded cylinder of coursed stone."""
    joint = _mix(_STONE_SHADE, _INK, 0.35)
    _fill(c, _DRUM, _STONE, outline=False)
    with _clipped(c, _DRUM):
        _fill(c, _rect(9, -30, 12, 50), _STONE_SHADE, outline=False)
        _fill(c, _rect(-13, -30, 6, 50), _STONE_LIGHT, outline=False)
        c.setStrokeColor(_col(joint))
        c.setLineWidth(0.55)
        for i, y in enumerate(range(-17, 12, 4)):
            _line(c, [("M", -19, y + 0.5), ("C", -8, y - 2.6, 8, y - 2.6, 19, y + 0.5)], joint, 0.55)
            for x in (-14, -6, 2, 10, 17):
                xx = x + 4 * (i % 2)
                yy = y - 2.2 * (1 - (xx / 19) ** 2)
                c.line(xx, yy, xx, yy + 4)
    _line(c, _DRUM, _INK, _OUTLINE)


def _tower_battlements(c: Canvas) -> None:
    for x in (-21, -12, -3, 6, 15):
        yb = 14.5 - 3.3 * (1 - ((x + 3) / 21) ** 2)
        _fill(c, _rect(x, yb - 1, 6, 6.5), _STONE)
    _fill(c, [("M", -21, 10.5), ("C", -8, 7.2, 8, 7.2, 21, 10.5), ("L", 21, 14.5),
              ("C", 8, 11.2, -8, 11.2, -21, 14.5), ("Z",)], _STONE)


def _arched_opening(x: float, y: float, half: float, height: float) -> Ops:
    return [("M", x - half, y), ("L", x - half, y + height),
            ("C", x - half, y + height + 1.35 * half, x + half, y + height + 1.35 * half, x + half, y + height),
            ("L", x + half, y), ("Z",)]


def _motif_tower(c: Canvas, house: str) -> None:
    _tower_mound_and_turret(c)
    _tower_drum(c)
    _tower_battlements(c)
    for x, y in ((-6, -10), (6, 1)):
        _fill(c, _arched_opening(x, y, 1.8, 5), _SABLE, width=_FINE)
    _fill(c, _arched_opening(0, -22, 3.5, 6), _mix(_SABLE, "#5A3A1A", 0.5), width=0.9)


# --- white horse of Hanover --------------------------------------------------

# A rearing horse facing left, as joint chains of (x, y, radius).
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
_HORSE_LEGS = _HORSE_FAR + _HORSE_NEAR[3:]
_HORSE_EAR = _poly([(-13.5, 29.5), (-11, 35.5), (-9.5, 29)])
_HORSE_MANE = [("M", -12, 31), ("C", -7, 32.5, -4, 29.5, -0.5, 28), ("C", 1.5, 26.5, 1.5, 24.5, 3.5, 23),
               ("C", 6, 21.5, 6, 19.5, 8, 17), ("L", -4, 12), ("Z",)]
_HORSE_TAIL = [("M", 18, -2), ("C", 25, 0, 31, -5, 31, -13), ("C", 31, -19, 27, -22, 30, -29),
               ("C", 26, -27, 23, -22, 24, -15), ("C", 23, -21, 20, -23, 19, -25),
               ("C", 18, -18, 24, -12, 19, -8), ("Z",)]


def _hoof(chain: Sequence[Joint]) -> Ops:
    """A dark hoof over the last stretch of a leg, so the legs read as a horse's."""
    (x1, y1, _), (x2, y2, r) = chain[-2], chain[-1]
    t = min(1.0, 1.6 / math.hypot(x2 - x1, y2 - y1))
    return _capsule((x2 - (x2 - x1) * t, y2 - (y2 - y1) * t, r * 0.95), (x2, y2, r * 0.95))


def _motif_horse(c: Canvas, house: str) -> None:
    """Tail and mane go behind, far legs are shaded, so the near side reads in front."""
    _silhouette(c, [_HORSE_TAIL, _HORSE_MANE], _mix(_ARGENT, _STEEL, 0.2))
    _silhouette(c, [ops for chain in _HORSE_FAR for ops in _tube(chain)], _mix(_ARGENT, _STEEL, 0.5))
    _silhouette(c, [ops for chain in _HORSE_NEAR for ops in _tube(chain)] + [_HORSE_EAR], _ARGENT)
    for chain in _HORSE_LEGS:
        _fill(c, _hoof(chain), _SABLE, width=0.6)
    hair = _mix(_ARGENT, _INK, 0.4)
    _line(c, [("M", -8, 27), ("C", -6, 23, -3, 19, 0, 16)], hair, 0.7)
    _line(c, [("M", 25, -4), ("C", 28, -9, 27, -15, 27, -20)], hair, 0.7)
    _line(c, [("M", -27.5, 18), ("C", -26, 17.8, -24.5, 18, -23.5, 18.6)], _INK, 0.7)
    c.setFillColor(_col(_INK))
    c.circle(-15.5, 25.2, 1.0, stroke=0, fill=1)
    c.circle(-25.6, 20.6, 0.65, stroke=0, fill=1)


# --- generated shields -------------------------------------------------------

# Where a charge goes: x, y, radius, and whether it sits on the metal (so it
# takes the house colour) rather than on the field (so it takes the metal).
Place = tuple[float, float, float, bool]

_BORDURE = _shield() + _shield(18.5, 19.5, -25.5)   # filled even-odd: a ring

# division name -> (metal regions, charge places); regions are clipped to the shield.
_DIVISIONS: dict[str, tuple[list[Ops], list[Place]]] = {
    "per-pale": ([_rect(0, -40, 30, 70)], [(-11.5, 5, 7, False), (11.5, 5, 7, True)]),
    "per-fess": ([_rect(-30, -40, 60, 41)], [(0, 13, 7.5, False), (0, -14, 7.5, True)]),
    "per-bend": ([_poly([(-26, 27), (26, -35), (-26, -35)])], [(10, 11, 6.5, False), (-10, -11, 6.5, True)]),
    "quarterly": ([_rect(0, 1, 30, 30), _rect(-30, -40, 30, 41)],
                  [(-11.5, 13, 6.5, False), (11.5, -12, 6.5, False)]),
    "chevron": ([_poly([(-26, -24), (0, 6), (26, -24), (26, -13), (0, 17), (-26, -13)])],
                [(-12, 17, 5.5, False), (12, 17, 5.5, False), (0, -18, 6.5, False)]),
    "per-chevron": ([_poly([(-26, -22), (0, 8), (26, -22), (26, -40), (-26, -40)])],
                    [(-11.5, 14, 6, False), (11.5, 14, 6, False), (0, -15, 7, True)]),
    "saltire": ([_band(4.6, 49, dy=-2), _band(4.6, -49, dy=-2)], [(0, 16, 5.5, False), (0, -21, 5.5, False)]),
    "cross": ([_rect(-4.8, -40, 9.6, 70), _rect(-30, 2.5, 60, 9.6)],
              [(-13, 19, 5, False), (13, 19, 5, False), (-12, -9, 5.5, False), (12, -9, 5.5, False)]),
    "chief": ([_rect(-30, 9, 60, 20)],
              [(-12, 17, 4.8, True), (0, 17, 4.8, True), (12, 17, 4.8, True), (0, -10, 9, False)]),
    "bordure": ([_BORDURE], [(0, -3, 10, False)]),
    "pall": ([_poly([(-26, 27), (-17, 27), (0, 7), (17, 27), (26, 27), (4.6, 1), (4.6, -40),
                     (-4.6, -40), (-4.6, 1)])],
             [(0, 20, 5.5, False), (-13, -6, 5.5, False), (13, -6, 5.5, False)]),
    "fess": ([_rect(-30, -4.5, 60, 12)], [(-11, 16.5, 5.5, False), (11, 16.5, 5.5, False), (0, -18, 6.5, False)]),
    "pale": ([_rect(-6.5, -40, 13, 70)], [(-15, 6, 5.2, False), (15, 6, 5.2, False), (0, 4, 4.6, True)]),
    "bend": ([_band(5.5, -50, dy=-2)], [(10, 12, 6, False), (-11, -13, 6, False)]),
}

_CHARGES: dict[str, Callable[[float, float, float], Ops]] = {
    "mullet": lambda x, y, r: _star(x, y, r * 1.1),
    "estoile": lambda x, y, r: _star(x, y, r * 1.15, points=6, inner=0.35),
    "roundel": lambda x, y, r: _circle(x, y, r * 0.8),
    "lozenge": lambda x, y, r: _lozenge(x, y, r * 0.7, r * 1.1),
    "crescent": _crescent,
    "annulet": lambda x, y, r: _circle(x, y, r * 0.85) + _circle(x, y, r * 0.48),
    "cross-pattee": lambda x, y, r: _cross_pattee(x, y, r * 0.95),
    "billet": lambda x, y, r: _rect(x - r * 0.5, y - r * 0.85, r, r * 1.7),
}
_METALS = (_GOLD, _ARGENT)


def shield_design(key: str) -> tuple[str, str, str]:
    """The (division, charge, metal) generated for a house, exposed so tests can check variety.

    crc32 rather than hash(): Python salts str hashes per process, and the
    same house must get the same shield on every run.
    """
    h = zlib.crc32(key.encode("utf-8"))
    divisions = sorted(_DIVISIONS)
    charges = sorted(_CHARGES)
    division = divisions[h % len(divisions)]
    h //= len(divisions)
    charge = charges[h % len(charges)]
    h //= len(charges)
    return division, charge, _METALS[h % len(_METALS)]


def _generated(c: Canvas, house: str, key: str) -> None:
    """House-colour field, a metal division or ordinary, and counterchanged charges."""
    division, charge, metal = shield_design(key)
    regions, places = _DIVISIONS[division]
    _charged_shield(c, house, [(ops, metal) for ops in regions])
    for x, y, r, on_metal in places:
        _fill(c, _CHARGES[charge](x, y, r), house if on_metal else metal, width=0.9, even_odd=True)


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

    motif None generates a shield from `key`, so a house a teacher adds still
    gets an emblem of its own rather than a placeholder.  The caller's graphics
    state is restored afterwards.
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
