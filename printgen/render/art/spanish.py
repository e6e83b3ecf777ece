"""Vector art for the baraja española: suit pips, twelve court figures and a back.

The pips follow the Spanish pattern of the Fournier packs: a gold coin with a
sun in the middle, a gold chalice with red bands, a straight blue sword with
a red grip, and a knobbly wooden baton with lopped branches.  Swords and
batons are drawn upright; a layout turns them.  The 2 and 3 of swords and of
batons in a real pack show them long and crossed, so each also comes long
('espadas-long', 'bastos-long'): the same hilt or club on a shaft three times
the length, filling a tall box.

Court figures are naive and flat like a printed pack, built from shared parts
(head, arms, garments, crown, horse) and a colour scheme per suit, with the
suit symbol itself in hand, so rank reads from the pose (a standing youth, a
rider on a horse, a crowned and bearded king) and suit from the colours and
the symbol held.

As in emblems.py, shapes are paths on a design grid scaled to the requested
box, with one ink outline weight per grid and no text or images.
"""

from __future__ import annotations

import math
from typing import Callable, NamedTuple, Sequence

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printgen.render.art.vector import (
    Joint, Ops, ARGENT as _ARGENT, AZURE as _AZURE, GULES as _GULES, GULES_DARK as _GULES_DARK,
    INK as _INK, SABLE as _SABLE, VERT as _VERT, VERT_DARK as _VERT_DARK, bilateral as _bilateral,
    capsule as _capsule, circle as _circle, clipped as _clipped, col as _col, ellipse as _ellipse,
    mix as _mix, path as _path, polar as _polar, poly as _poly, rect as _rect, round_pen as _round_pen,
    star as _star, tube as _chain, xf as _xf,
)

SUITS = ("oros", "copas", "espadas", "bastos")
COURTS = ("sota", "caballo", "rey")
_BACK = "back-spanish"

# --- palette ---------------------------------------------------------------

_COIN = "#D4A017"
_COIN_RING = "#A67A0C"
_COIN_LIGHT = "#F2CF5B"
_CUP = "#E2B322"
_CUP_SHADE = "#B98A12"
_BLADE = "#9FB3C8"
_BLADE_DARK = "#4F6A88"
_WOOD = "#8E5A2E"
_WOOD_DARK = "#5E3818"
_WOOD_CUT = "#E9C584"
_LEAF = "#4E9A3A"
_FLESH = "#F3C9A1"
_FLESH_SHADE = "#D9A27A"
_CREAM = "#FBF6E8"
_YELLOW = "#F0C02A"
_PURPLE = "#6E3A8E"
_GROUND_EARTH = "#CBBF8E"

# --- design grids ------------------------------------------------------------

_PIP = 100.0             # pips: a 100-unit square centred on the origin, drawn inside r = 48
_PIP_LW = 2.6            # pip outline weight, heavy so a 12 mm pip still reads
_COURT_W, _COURT_H = 100.0, 160.0   # court figures: x in [-50, 50], y in [-80, 80]
_LW = 1.3                # court outline weight
_GROUND = -76.0


# --- drawing primitives ------------------------------------------------------

def _shape(c: Canvas, ops: Ops, fill: str | Color | None, lw: float) -> None:
    """Fill a path edged in ink; lw 0 leaves it unedged, fill None leaves it open."""
    c.setLineWidth(lw)
    c.setStrokeColor(_col(_INK))
    if fill is not None:
        c.setFillColor(_col(fill))
    c.drawPath(_path(c, ops), stroke=1 if lw > 0 else 0, fill=0 if fill is None else 1)


def _stroke(c: Canvas, ops: Ops, colour: str | Color, lw: float) -> None:
    c.setLineWidth(lw)
    c.setStrokeColor(_col(colour))
    c.drawPath(_path(c, ops), stroke=1, fill=0)


def _union(c: Canvas, parts: Sequence[Ops], fill: str | Color, lw: float) -> None:
    """Overlapping parts as one flat shape with a single outline (ink pass, then colour)."""
    paths = [_path(c, ops) for ops in parts]
    c.setLineWidth(2 * lw)
    c.setStrokeColor(_col(_INK))
    for p in paths:
        c.drawPath(p, stroke=1, fill=0)
    c.setFillColor(_col(fill))
    for p in paths:
        c.drawPath(p, stroke=0, fill=1)


def _smooth(points: Sequence[tuple[float, float]]) -> Ops:
    """A closed Catmull-Rom curve through the points, for soft garments and cloths."""
    n = len(points)
    ops: Ops = [("M", *points[0])]
    for i in range(n):
        p0, p1, p2, p3 = (points[(i + k) % n] for k in (-1, 0, 1, 2))
        ops.append(("C", p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6,
                    p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6, p2[0], p2[1]))
    return ops + [("Z",)]


# --- oros: the coin ------------------------------------------------------------

def _oros(c: Canvas, lw: float) -> None:
    """A gold coin: dark milled ring, studded, around a sun of sixteen rays on a red boss."""
    _shape(c, _circle(0, 0, 45), _COIN_RING, lw)
    for i in range(16):
        _shape(c, _circle(*_polar(40.2, 11.25 + 22.5 * i), 2.2), _COIN_LIGHT, 0)
    _shape(c, _circle(0, 0, 35), _COIN, lw * 0.7)
    rays = [_polar(30 if i % 2 == 0 else 18, 90 + 11.25 * i) for i in range(32)]
    _shape(c, _poly(rays), _COIN_LIGHT, lw * 0.55)
    _shape(c, _circle(0, 0, 12.5), _GULES, lw * 0.7)
    _shape(c, _circle(0, 0, 5), _COIN_LIGHT, lw * 0.45)


# --- copas: the chalice ----------------------------------------------------------

_CUP_BOWL = [("M", -31, 36), ("C", -32, 16, -19, 5, -6, 2), ("L", 6, 2),
             ("C", 19, 5, 32, 16, 31, 36), ("C", 20, 30, -20, 30, -31, 36), ("Z",)]
_CUP_STEM = _bilateral((3.4, 0), [("L", 3.0, -26), ("L", 4.0, -30)])
_CUP_FOOT = [("M", -4.5, -27), ("C", -8, -34, -18, -37, -25, -39), ("C", -26, -44, 26, -44, 25, -39),
             ("C", 18, -37, 8, -34, 4.5, -27), ("Z",)]


def _copas(c: Canvas, lw: float) -> None:
    """A gold chalice: wide bowl with a red band, dark mouth, knopped stem and a broad foot."""
    _shape(c, _CUP_FOOT, _CUP, lw)
    _shape(c, _ellipse(0, -39.6, 25, 3.2), _CUP_SHADE, lw * 0.5)
    _shape(c, _CUP_STEM, _CUP, lw)
    _shape(c, _ellipse(0, -14, 7.5, 3.8), _GULES, lw * 0.8)
    _shape(c, _CUP_BOWL, _CUP, 0)
    with _clipped(c, _CUP_BOWL):
        _shape(c, _rect(-40, 14, 80, 8), _GULES, lw * 0.5)
        _shape(c, _ellipse(34, 26, 14, 34), _CUP_SHADE, 0)
        for x in (-14, 0, 14):
            _shape(c, _ellipse(x, 18, 2.6, 3.4), _AZURE, lw * 0.4)
    _shape(c, _CUP_BOWL, None, lw)
    _shape(c, _ellipse(0, 36, 31, 6.5), _CUP, lw)
    _shape(c, _ellipse(0, 36.4, 26, 4.4), _GULES_DARK, lw * 0.5)
    _shape(c, _ellipse(0, 1.5, 9, 4), _GULES, lw * 0.8)


# --- espadas: the sword ----------------------------------------------------------

_BLADE_OPS = _bilateral((0, 47.5), [("L", 7.2, 30), ("L", 7.8, -21)])


def _espadas(c: Canvas, lw: float) -> None:
    """A straight sword, point up: blue blade with a fuller, gold quillons and pommel, red grip."""
    _sword(c, lw, _BLADE_OPS, _poly([(-1.6, -19), (-1.3, 32), (0, 37), (1.3, 32), (1.6, -19)]), 0.0)


def _sword(c: Canvas, lw: float, blade: Ops, fuller: Ops, dy: float) -> None:
    """The sword's blade and fuller, then its hilt with the pommel centred at y = dy - 43."""
    _shape(c, blade, _BLADE, lw)
    _shape(c, fuller, _BLADE_DARK, 0)
    grip = _rect(-4.2, dy - 39, 8.4, 15)
    _shape(c, grip, _GULES, lw)
    with _clipped(c, grip):
        for y in range(-42, -22, 4):
            _stroke(c, [("M", -5, dy + y), ("L", 5, dy + y + 3.5)], _GULES_DARK, lw * 0.45)
    _union(c, _chain([(-19, dy - 24.5, 3.3), (-10, dy - 22.8, 3.6), (10, dy - 22.8, 3.6), (19, dy - 24.5, 3.3)])
           + [_circle(-21.5, dy - 25, 4.6), _circle(21.5, dy - 25, 4.6), _ellipse(0, dy - 22.8, 8.5, 4.8)],
           _COIN, lw / 2)
    _shape(c, _circle(0, dy - 43, 5.4), _COIN, lw)
    _shape(c, _circle(0, dy - 43, 2.0), _GULES, 0)


# The long sword of the low cards (the 2 and 3 de espadas of a real pack, drawn crossed): the
# pip's hilt under a blade three times as long, on a grid x in [-28, 28], y in [-150, 150].
_LONG_SWORD_DY = -100.0
_LONG_BLADE = _bilateral((0, 147.5), [("L", 6.6, 124), ("L", 7.8, -121)])
_LONG_FULLER = _poly([(-1.6, -119), (-1.2, 128), (0, 134), (1.2, 128), (1.6, -119)])


def _espadas_long(c: Canvas, lw: float) -> None:
    """A long straight sword, point up, with the same hilt as the pip."""
    _sword(c, lw, _LONG_BLADE, _LONG_FULLER, _LONG_SWORD_DY)


# --- bastos: the baton -----------------------------------------------------------

# Lopped branches: (x, y on the trunk, angle, length, radius)
_STUBS = ((-9.5, 24.0, 140.0, 13.0, 4.2), (8.5, 12.0, 40.0, 12.0, 4.0),
          (-7.5, -4.0, 145.0, 11.0, 3.6), (6.5, -18.0, 35.0, 10.0, 3.3), (-5.6, -31.0, 150.0, 8.0, 2.8))
# Bumps along the trunk edges that make it knobbly: (x, y, radius)
_BUMPS = ((11.0, 28.0, 3.0), (-10.0, 10.0, 2.6), (8.2, -4.0, 2.6), (-7.6, -19.0, 2.4),
          (6.4, -33.0, 2.2))
_TRUNK = [("M", -6.5, -40), ("C", -7.5, -15, -12.5, 15, -12.5, 38), ("L", 12.5, 38),
          ("C", 12.5, 15, 7.5, -15, 6.5, -40), ("C", 6.5, -47.5, -6.5, -47.5, -6.5, -40), ("Z",)]


def _stub_tip(x: float, y: float, angle: float, length: float) -> tuple[float, float]:
    dx, dy = _polar(length, angle)
    return x + dx, y + dy


def _bastos(c: Canvas, lw: float) -> None:
    """A wooden club, thicker at the top, with lopped branch stubs, knots and two sprigs."""
    _baton(c, lw, _TRUNK, _STUBS, _BUMPS, ((-2.0, 4.0, 2.0), (0.5, -24.0, 1.6)),
           ((2.0, 26.0), (-3.0, 16.0), (2.5, -8.0), (-1.5, -37.0)), 38.0)


def _baton(c: Canvas, lw: float, trunk: Ops, stubs: Sequence[tuple[float, ...]], bumps: Sequence[tuple[float, ...]],
           knots: Sequence[tuple[float, ...]], grain: Sequence[tuple[float, float]], top: float) -> None:
    """A club from its parts: sprigs on the two highest stubs, the trunk with its stubs and bumps
    as one shape, the shaded side, the cut ends, knots, grain and the sawn top at y = top."""
    for x, y, a, length, _ in stubs[:2]:
        tx, ty = _stub_tip(x, y, a + (12 if x < 0 else -12), length + 4)
        _shape(c, _ellipse(tx, ty, 7.5, 3.2, angle=a + (12 if x < 0 else -12)), _LEAF, lw * 0.55)
    parts = [trunk] + [_circle(*b) for b in bumps]
    parts += [_capsule((x, y, r + 1.2), (*_stub_tip(x, y, a, length), r)) for x, y, a, length, r in stubs]
    _union(c, parts, _WOOD, lw / 2)
    with _clipped(c, trunk):
        _shape(c, _rect(3.5, -top - 12, 12, 2 * top + 14), _WOOD_DARK, 0)
    for x, y, a, length, r in stubs:
        _shape(c, _ellipse(*_stub_tip(x, y, a, length), r * 0.62, r * 0.95, angle=a), _WOOD_CUT, lw * 0.5)
    for x, y, rx in knots:
        _shape(c, _ellipse(x, y, rx, rx * 1.5), _WOOD_DARK, lw * 0.4)
    for x, y in grain:
        _stroke(c, [("M", x - 2.5, y + 3), ("C", x - 1, y + 1, x + 1, y - 1, x + 1.5, y - 4)], _WOOD_DARK, lw * 0.5)
    _shape(c, _ellipse(0, top, 12.5, 5.0), _WOOD_CUT, lw * 0.8)
    _shape(c, _ellipse(0, top, 6.5, 2.5), None, lw * 0.35)


# The long club of the low cards (the 2 and 3 de bastos of a real pack, drawn crossed), on a grid
# x in [-30, 30], y in [-150, 150]: the pip's club stretched, with stubs and knots all along it.
_LONG_TRUNK = [("M", -7.0, -138), ("C", -8.5, -50, -12.5, 50, -12.5, 140), ("L", 12.5, 140),
               ("C", 12.5, 50, 8.5, -50, 7.0, -138), ("C", 7.0, -146.5, -7.0, -146.5, -7.0, -138), ("Z",)]
_LONG_STUBS = ((-10.5, 118.0, 140.0, 13.0, 4.2), (9.5, 96.0, 40.0, 12.0, 4.0),
               (-9.5, 60.0, 145.0, 11.5, 3.8), (9.0, 24.0, 35.0, 11.0, 3.6),
               (-8.5, -14.0, 150.0, 10.5, 3.4), (8.0, -52.0, 38.0, 10.0, 3.2),
               (-7.5, -90.0, 148.0, 9.0, 3.0), (7.0, -118.0, 36.0, 8.0, 2.8))
_LONG_BUMPS = ((12.0, 130.0, 3.0), (-11.5, 84.0, 2.8), (10.5, 44.0, 2.6), (-9.8, 6.0, 2.6),
               (9.2, -32.0, 2.4), (-8.6, -70.0, 2.3), (7.8, -104.0, 2.2))
_LONG_KNOTS = ((-2.0, 78.0, 2.0), (1.0, 8.0, 1.8), (-1.0, -70.0, 1.6))
_LONG_GRAIN = ((2.0, 126.0), (-3.0, 104.0), (2.5, 40.0), (-2.5, -30.0), (2.0, -100.0), (-1.5, -130.0))


def _bastos_long(c: Canvas, lw: float) -> None:
    """A long wooden club, thicker at the top, lopped all along, with two sprigs."""
    _baton(c, lw, _LONG_TRUNK, _LONG_STUBS, _LONG_BUMPS, _LONG_KNOTS, _LONG_GRAIN, 140.0)


_SUIT_DRAW: dict[str, Callable[[Canvas, float], None]] = {
    "oros": _oros, "copas": _copas, "espadas": _espadas, "bastos": _bastos,
}
# Long pips, named '<suit>-long': their design grid (width, height) and how to draw them.
_LONG: dict[str, tuple[float, float, Callable[[Canvas, float], None]]] = {
    "espadas-long": (56.0, 300.0, _espadas_long), "bastos-long": (60.0, 300.0, _bastos_long),
}


def _suit_at(c: Canvas, suit: str, x: float, y: float, size: float, angle: float = 0.0,
             lw: float = _PIP_LW) -> None:
    """A pip of side `size` centred on (x, y) in the current units, turned by angle degrees."""
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    c.scale(size / _PIP, size / _PIP)
    _SUIT_DRAW[suit](c, lw)
    c.restoreState()


# --- court figures: colour schemes ------------------------------------------------

class _Scheme(NamedTuple):
    garment: str      # tunic or robe
    cape: str         # mantle, hat and the horse's cloth
    trim: str         # hems, belts and the cloth's border
    hose: str
    hair: str
    king_hair: str    # hair and beard of the king
    horse: str


_SCHEMES: dict[str, _Scheme] = {
    "oros": _Scheme(_GULES, _AZURE, _YELLOW, _YELLOW, "#8A5A2B", "#8A5A2B", "#F1EBDD"),
    "copas": _Scheme(_AZURE, _GULES, _YELLOW, _GULES, "#3A2A1C", "#3A2A1C", "#A8673A"),
    "espadas": _Scheme(_VERT, _PURPLE, _YELLOW, _AZURE, "#5C3A1E", "#5C3A1E", "#9AA3AC"),
    "bastos": _Scheme(_YELLOW, _VERT, _GULES, _VERT_DARK, "#B0742E", "#A7A39C", "#6B4226"),
}


class _Hold(NamedTuple):
    """How the suit symbol is held: its size and tilt, which point of the pip grid sits in
    the hand, and elbow and hand positions (relative to the shoulder) standing and riding."""
    size: float
    anchor: tuple[float, float]
    angle: float
    stand: tuple[tuple[float, float], tuple[float, float]]
    ride: tuple[tuple[float, float], tuple[float, float]]


_HOLDS: dict[str, _Hold] = {
    "oros": _Hold(30.0, (0.0, -40.0), -8.0, ((10, -12), (14, -10)), ((14, 4), (15, 22))),
    "copas": _Hold(32.0, (0.0, -14.0), 0.0, ((10, -14), (15, -18)), ((14, 2), (15, 18))),
    "espadas": _Hold(72.0, (0.0, -31.0), -8.0, ((11, -14), (16, -22)), ((13, -4), (15, 8))),
    "bastos": _Hold(60.0, (0.0, -29.0), -10.0, ((11, -14), (15, -22)), ((13, -4), (15, 8))),
}
_HELD_LW = 3.4


# --- court figures: shared parts -------------------------------------------------

def _held(c: Canvas, suit: str, hand: tuple[float, float], tilt: float = 0.0) -> None:
    """The suit symbol placed so its grip point lands in the hand."""
    hold = _HOLDS[suit]
    angle = hold.angle + tilt
    s = hold.size / _PIP
    ax, ay = _xf([("M", *hold.anchor)], angle=angle, sx=s)[0][1:]
    _suit_at(c, suit, hand[0] - ax, hand[1] - ay, hold.size, angle, _HELD_LW)


def _hand(c: Canvas, x: float, y: float) -> None:
    _shape(c, _circle(x, y, 3.4), _FLESH, _LW)


def _arm(c: Canvas, joints: Sequence[Joint], sleeve: str) -> None:
    """A sleeved arm as a chain of joints, with a white cuff at the wrist."""
    _union(c, _chain(joints), sleeve, _LW / 2)
    (x0, y0, _), (x, y, r) = joints[-2], joints[-1]
    _shape(c, _ellipse(x, y, r + 1.0, 1.7, angle=math.degrees(math.atan2(y - y0, x - x0)) + 90), _ARGENT,
           _LW * 0.6)


def _arm_with_symbol(c: Canvas, suit: str, shoulder: tuple[float, float], riding: bool = False,
                     tilt: float = 0.0) -> None:
    """The arm that shows the suit: sleeve, then the symbol, then the hand closing on it."""
    hold = _HOLDS[suit]
    (ex, ey), (hx, hy) = hold.ride if riding else hold.stand
    sx, sy = shoulder
    hand = (sx + hx, sy + hy)
    wrist = (sx + ex + 0.75 * (hx - ex), sy + ey + 0.75 * (hy - ey), 3.6)
    _arm(c, [(sx, sy, 5.2), (sx + ex, sy + ey, 4.4), wrist], _SCHEMES[suit].garment)
    _held(c, suit, hand, tilt)
    _hand(c, *hand)


def _face(c: Canvas, x: float, y: float, beard: bool, hair: str) -> None:
    """A round face with dot eyes, a nose stroke and a mouth; a king gets beard and moustache."""
    _shape(c, _ellipse(x, y, 9.5, 11), _FLESH, _LW)
    c.setFillColor(_col(_INK))
    for dx in (-3.6, 3.6):
        c.circle(x + dx, y + 2.2, 1.1, stroke=0, fill=1)
        _stroke(c, [("M", x + dx - 2.2, y + 5), ("L", x + dx + 2.2, y + 5)], _INK, 0.8)
    _stroke(c, [("M", x, y + 1.5), ("L", x - 1.2, y - 2.5), ("L", x + 0.8, y - 2.8)], _FLESH_SHADE, 0.9)
    if beard:
        _shape(c, [("M", x - 9.4, y + 1), ("C", x - 10, y - 12, x - 5, y - 21, x, y - 22),
                   ("C", x + 5, y - 21, x + 10, y - 12, x + 9.4, y + 1),
                   ("C", x + 7, y - 6, x + 4, y - 6, x, y - 6.5),
                   ("C", x - 4, y - 6, x - 7, y - 6, x - 9.4, y + 1), ("Z",)], hair, _LW)
        _shape(c, [("M", x, y - 4.2), ("C", x - 3, y - 3, x - 6, y - 4.5, x - 7, y - 7),
                   ("C", x - 4, y - 6, x - 2, y - 6, x, y - 5.8), ("C", x + 2, y - 6, x + 4, y - 6, x + 7, y - 7),
                   ("C", x + 6, y - 4.5, x + 3, y - 3, x, y - 4.2), ("Z",)], hair, _LW * 0.6)
        _stroke(c, [("M", x - 2.5, y - 8.6), ("L", x + 2.5, y - 8.6)], _GULES_DARK, 1.0)
    else:
        _stroke(c, [("M", x - 3, y - 5.5), ("C", x - 1, y - 7, x + 1, y - 7, x + 3, y - 5.5)], _GULES_DARK, 1.0)
        c.setFillColor(_col(_mix(_FLESH, _GULES, 0.25)))
        for dx in (-5.5, 5.5):
            c.circle(x + dx, y - 2.5, 1.8, stroke=0, fill=1)


def _hair_back(c: Canvas, x: float, y: float, hair: str, long: bool) -> None:
    """Hair behind the face: a page-boy bob for the young, longer locks for the king."""
    drop = 15 if long else 9
    _shape(c, [("M", x - 12, y + 4), ("C", x - 13, y + 16, x + 13, y + 16, x + 12, y + 4),
               ("L", x + 12.5, y - drop), ("C", x + 6, y - drop - 2, x - 6, y - drop - 2, x - 12.5, y - drop),
               ("Z",)], hair, _LW)


def _cap(c: Canvas, x: float, y: float, scheme: _Scheme) -> None:
    """A young man's flat cap in the mantle colour, with a feather in the trim colour."""
    _shape(c, [("M", x - 3, y + 12), ("C", x + 6, y + 24, x + 16, y + 24, x + 20, y + 17),
               ("C", x + 14, y + 19, x + 8, y + 17, x - 3, y + 12), ("Z",)], scheme.trim, _LW)
    _shape(c, [("M", x - 11, y + 10), ("C", x - 11, y + 20, x + 11, y + 20, x + 11, y + 10), ("Z",)],
           scheme.cape, _LW)
    _shape(c, _ellipse(x, y + 9.5, 15, 3.6), scheme.cape, _LW)


def _crown(c: Canvas, x: float, y: float) -> None:
    """A gold crown of five points tipped with pearls, jewelled band."""
    top = []
    for i in range(9):
        px = x - 12 + 3 * i
        top.append((px, y + (27 if i % 2 == 0 else 19)))
    outline = _poly([(x - 11, y + 9)] + top + [(x + 11, y + 9)])
    _shape(c, outline, _COIN, _LW)
    for i in range(0, 9, 2):
        _shape(c, _circle(x - 12 + 3 * i, y + 28, 1.7), _ARGENT, _LW * 0.6)
    _shape(c, _rect(x - 11.5, y + 8.5, 23, 5.5), _COIN, _LW)
    for dx, jewel in ((-6.5, _GULES), (0, _AZURE), (6.5, _GULES)):
        _shape(c, _circle(x + dx, y + 11.2, 1.6), jewel, _LW * 0.5)


def _head(c: Canvas, rank: str, scheme: _Scheme, x: float, y: float) -> None:
    king = rank == "rey"
    hair = scheme.king_hair if king else scheme.hair
    _hair_back(c, x, y, hair, king)
    _face(c, x, y, king, hair)
    if king:
        _crown(c, x, y)
    else:
        _shape(c, [("M", x - 10, y + 6), ("C", x - 8, y + 12, x + 8, y + 12, x + 10, y + 6),
                   ("C", x + 4, y + 8, x - 4, y + 8, x - 10, y + 6), ("Z",)], scheme.hair, _LW * 0.7)
        _cap(c, x, y, scheme)


def _collar(c: Canvas, x: float, y: float, ermine: bool) -> None:
    """A white ruff for the young, an ermine tippet for the king."""
    if ermine:
        tippet = _smooth([(x - 20, y), (x - 10, y + 4), (x + 10, y + 4), (x + 20, y), (x + 13, y - 10),
                          (x, y - 13), (x - 13, y - 10)])
        _shape(c, tippet, _ARGENT, _LW)
        c.setFillColor(_col(_SABLE))
        for dx, dy in ((-13, -4), (-5, -7), (5, -7), (13, -4), (0, -1)):
            c.ellipse(x + dx - 0.9, y + dy - 1.8, x + dx + 0.9, y + dy + 1.2, stroke=0, fill=1)
    else:
        _shape(c, _ellipse(x, y, 10, 3.4), _ARGENT, _LW)


# --- standing figures: sota and rey ----------------------------------------------

_SHOULDER = 16.0
_NECK_Y = 29.0
_HEAD_Y = 42.0


def _legs(c: Canvas, scheme: _Scheme) -> None:
    for sx in (-1, 1):
        _union(c, _chain([(sx * 7, -26, 4.8), (sx * 8, -50, 3.8), (sx * 8.5, -70, 3.2)]), scheme.hose, _LW / 2)
        _shape(c, _ellipse(sx * 10.5, -72.5, 6, 3), _SABLE, _LW)


def _tunic(c: Canvas, scheme: _Scheme) -> None:
    """Knee-length tunic with a belt and a hem band in the trim colour."""
    body = _smooth([(-_SHOULDER, _NECK_Y - 2), (0, _NECK_Y + 1), (_SHOULDER, _NECK_Y - 2), (13, 6), (12, -6),
                    (22, -38), (0, -40), (-22, -38), (-12, -6), (-13, 6)])
    _shape(c, body, scheme.garment, _LW)
    with _clipped(c, body):
        _shape(c, _rect(-30, -46, 60, 10), scheme.trim, _LW * 0.7)
        _shape(c, _rect(-30, -9, 60, 5), scheme.trim, _LW * 0.7)
        _stroke(c, [("M", 0, 28), ("L", 0, -9)], _mix(scheme.garment, _INK, 0.35), 1.0)
    _shape(c, _rect(-3, -9, 6, 5), _COIN, _LW * 0.7)


def _mantle(c: Canvas, colour: str, hem: float, spread: float) -> None:
    """A cloak hanging from the shoulders behind the body."""
    _shape(c, _smooth([(-_SHOULDER - 2, _NECK_Y), (0, _NECK_Y + 3), (_SHOULDER + 2, _NECK_Y),
                       (spread, hem + 8), (spread - 4, hem), (0, hem - 2), (-spread + 4, hem), (-spread, hem + 8)]),
           colour, _LW)


def _robe(c: Canvas, scheme: _Scheme) -> None:
    """A king's gown to the ground with a gold orphrey down the front and a gold hem."""
    body = _smooth([(-_SHOULDER, _NECK_Y - 2), (0, _NECK_Y + 1), (_SHOULDER, _NECK_Y - 2), (15, 0),
                    (25, _GROUND + 6), (0, _GROUND + 3), (-25, _GROUND + 6), (-15, 0)])
    for sx in (-1, 1):
        _shape(c, _ellipse(sx * 8, _GROUND + 2.5, 6, 3), _SABLE, _LW)
    _shape(c, body, scheme.garment, _LW)
    with _clipped(c, body):
        _shape(c, _rect(-40, _GROUND - 4, 80, 14), scheme.trim, _LW * 0.7)
        _shape(c, _rect(-4, _GROUND, 8, 110), scheme.trim, _LW * 0.7)
        for y in range(-60, 20, 12):
            _shape(c, _circle(0, y, 1.6), _GULES, 0)
        _shape(c, _rect(-30, -6, 60, 5), _COIN, _LW * 0.7)


def _idle_arm(c: Canvas, sleeve: str, hand: tuple[float, float]) -> None:
    """The arm not holding the symbol, resting at the belt."""
    _arm(c, [(-_SHOULDER + 1, _NECK_Y - 4, 5.2), (-21, 8, 4.4), (hand[0] - 1.5, hand[1] + 1.5, 3.6)], sleeve)
    _hand(c, *hand)


def _ground(c: Canvas, half: float) -> None:
    """A patch of earth under the feet, as on the courts of the old printed packs."""
    _shape(c, _ellipse(0, _GROUND - 1.5, half, 3.2), _GROUND_EARTH, _LW * 0.6)


def _standing(c: Canvas, rank: str, suit: str) -> None:
    scheme = _SCHEMES[suit]
    king = rank == "rey"
    _ground(c, 30)
    c.translate(-5, 0)
    _mantle(c, scheme.cape, _GROUND + 4 if king else -22, 32 if king else 26)
    if king:
        _robe(c, scheme)
    else:
        _legs(c, scheme)
        _tunic(c, scheme)
    _collar(c, 0, _NECK_Y, king)
    _head(c, rank, scheme, 0, _HEAD_Y)
    _idle_arm(c, scheme.garment, (-12, -4))
    _arm_with_symbol(c, suit, (_SHOULDER - 1, _NECK_Y - 4))


# --- the caballo: a rider on a horse ------------------------------------------------

# A horse walking to the left, as joint chains (x, y, radius); far legs are shaded.
_HORSE_BODY = [(-20, -30, 13.0), (2, -31, 13.5), (22, -29, 12.5)]
_HORSE_NECK = [(-20, -24, 11.0), (-29, -8, 8.5), (-33, 0, 7.5)]
_HORSE_HEAD = [(-34, 1, 7.5), (-45, -13, 5.2)]
_HORSE_FAR_LEGS = [
    [(-14, -38, 5.0), (-12, -56, 3.0), (-12, -72, 2.6)],
    [(24, -36, 5.5), (28, -52, 3.4), (24, -72, 2.6)],
]
_HORSE_NEAR_LEGS = [
    [(-22, -36, 5.5), (-28, -50, 3.2), (-34, -56, 2.8), (-32, -62, 2.6)],      # raised foreleg
    [(16, -36, 6.0), (20, -52, 3.4), (14, -72, 2.6)],
]
_HORSE_EAR = _poly([(-36, 5), (-35, 13), (-31, 6)])
# The mane lies along the crest of the neck, ragged on its outer edge, with a forelock.
_HORSE_MANE = _poly([(-31.5, 7.5), (-25, 6.5), (-24.5, 2.5), (-20, 1), (-20.5, -3), (-15.5, -5),
                     (-16, -9.5), (-11, -11), (-12, -15), (-7.5, -17.5), (-12, -20), (-27, 3)])
_HORSE_FORELOCK = _poly([(-35, 7), (-30.5, 7.5), (-35, 2), (-37.5, 3)])
_HORSE_TAIL = [("M", 30, -22), ("C", 40, -22, 42, -36, 40, -46), ("C", 39, -54, 44, -60, 42, -66),
               ("C", 36, -60, 34, -54, 34, -46), ("C", 34, -38, 33, -32, 28, -30), ("Z",)]


def _hooves(c: Canvas, legs: Sequence[Sequence[Joint]]) -> None:
    for leg in legs:
        x, y, r = leg[-1]
        _shape(c, _ellipse(x - 0.5, y - 1.4, r + 1.4, 2.2), _SABLE, _LW * 0.7)


def _horse(c: Canvas, scheme: _Scheme) -> None:
    """The horse in profile, with a cloth in the suit's colours under the saddle."""
    coat = scheme.horse
    mane = _mix(coat, _INK, 0.55)
    _shape(c, _HORSE_TAIL, mane, _LW)
    _union(c, [ops for leg in _HORSE_FAR_LEGS for ops in _chain(leg)], _mix(coat, _INK, 0.3), _LW / 2)
    _hooves(c, _HORSE_FAR_LEGS)
    near = _chain(_HORSE_BODY) + _chain(_HORSE_NECK) + _chain(_HORSE_HEAD) + [_HORSE_EAR]
    near += [ops for leg in _HORSE_NEAR_LEGS for ops in _chain(leg)]
    _union(c, near, coat, _LW / 2)
    _hooves(c, _HORSE_NEAR_LEGS)
    _shape(c, _HORSE_MANE, mane, _LW)
    _shape(c, _HORSE_FORELOCK, mane, _LW * 0.7)
    c.setFillColor(_col(_INK))
    c.circle(-37.5, -0.5, 1.3, stroke=0, fill=1)
    c.circle(-47, -14, 0.9, stroke=0, fill=1)
    _stroke(c, [("M", -33, 5), ("L", -38.5, -6.5), ("M", -37.8, -4.8), ("L", -44.4, -13.6)], _GULES_DARK, 1.4)
    _stroke(c, [("M", -37.8, -4.8), ("L", -30.5, -2.5)], _GULES_DARK, 1.4)
    cloth = _smooth([(-12, -16), (14, -16), (16, -36), (8, -45), (-6, -45), (-14, -36)])
    _shape(c, cloth, scheme.cape, _LW)
    with _clipped(c, cloth):
        _shape(c, _rect(-20, -50, 40, 8), scheme.trim, _LW * 0.7)
    _shape(c, _smooth([(-10, -16), (0, -20), (12, -16), (10, -12), (0, -14), (-8, -12)]), _WOOD, _LW)


def _rider(c: Canvas, suit: str, scheme: _Scheme) -> None:
    """The rider sits astride, body square to the viewer, reins in one hand, symbol raised."""
    _shape(c, _smooth([(-12, 10), (0, 12), (12, 10), (14, -16), (0, -20), (-14, -16)]), scheme.cape, _LW)
    torso = _smooth([(-11, 12), (0, 14), (11, 12), (10, -4), (12, -18), (0, -20), (-12, -18), (-10, -4)])
    _shape(c, torso, scheme.garment, _LW)
    with _clipped(c, torso):
        _shape(c, _rect(-20, -8, 40, 4.5), scheme.trim, _LW * 0.7)
    _union(c, _chain([(-4, -16, 5.5), (-10, -30, 4.4), (-8, -46, 3.6)]), scheme.hose, _LW / 2)
    _shape(c, [("M", -12, -44), ("L", -4, -44), ("L", -3, -50), ("L", -14, -50), ("Z",)], _SABLE, _LW)
    _shape(c, _ellipse(-8, -51, 3, 1.2), _COIN, _LW * 0.5)                  # stirrup
    _collar(c, 0, 13, False)
    _head(c, "caballo", scheme, 0, 25)
    _stroke(c, [("M", -14, -8), ("C", -24, -10, -34, -8, -41.5, -9.5)], _WOOD_DARK, 1.0)   # reins
    _arm(c, [(-11, 8, 4.6), (-17, -2, 4.0), (-12.5, -6.5, 3.3)], scheme.garment)
    _hand(c, -14, -8)
    _arm_with_symbol(c, suit, (10, 8), riding=True, tilt=4.0)


def _caballo(c: Canvas, suit: str) -> None:
    scheme = _SCHEMES[suit]
    _ground(c, 46)
    c.translate(3, 0)
    _horse(c, scheme)
    _rider(c, suit, scheme)


# --- the back ----------------------------------------------------------------

def _diaper(c: Canvas, fx: float, fy: float, u: float) -> None:
    """Gold-ruled lozenges over the field, a cream dot where rules cross, a gold star in each.

    Rules pass through the centre and the lattice is built outward from it,
    so the pattern is unchanged by a half turn.
    """
    step, slope = 9.0 * u, 1.5
    reach = int((fx + fy) / step) + 2
    for sign in (-1, 1):
        for k in range(-reach, reach + 1):
            dx = sign * 1.2 * fy / slope
            _stroke(c, [("M", k * step - dx, -1.2 * fy), ("L", k * step + dx, 1.2 * fy)], _COIN, 0.35 * u)
    for i in range(-2 * reach, 2 * reach + 1):
        for j in range(-2 * reach, 2 * reach + 1):
            px, py = i * step / 2, j * step * slope / 2
            if abs(px) > fx + step or abs(py) > fy + step:
                continue
            if (i + j) % 2:
                _shape(c, _star(px, py, 2.4 * u, points=4, inner=0.38), _COIN_LIGHT, 0.25 * u)
            else:
                _shape(c, _circle(px, py, 0.8 * u), _CREAM, 0)


def _back(c: Canvas, w: float, h: float) -> None:
    """A red diaper of gold-ruled lozenges in a double border round a central rosette,
    drawn for the box it is given and symmetric under a half turn (duplex flips)."""
    u = min(w, h) / 100.0
    _shape(c, _rect(0, 0, w, h), _CREAM, 0)
    c.translate(w / 2, h / 2)
    hw, hh = w / 2 - 4 * u, h / 2 - 4 * u
    _shape(c, _rect(-hw, -hh, 2 * hw, 2 * hh), _GULES, 0.8 * u)
    _shape(c, _rect(-hw + 3 * u, -hh + 3 * u, 2 * hw - 6 * u, 2 * hh - 6 * u), _CREAM, 0.5 * u)
    fx, fy = hw - 5 * u, hh - 5 * u
    field = _rect(-fx, -fy, 2 * fx, 2 * fy)
    _shape(c, field, _GULES_DARK, 0)
    with _clipped(c, field):
        _diaper(c, fx, fy, u)
    _shape(c, field, None, 0.8 * u)
    _rosette(c, 14 * u, u)
    for sx in (-1, 1):
        for sy in (-1, 1):
            _shape(c, _circle(sx * (hw - 1.5 * u), sy * (hh - 1.5 * u), 3.2 * u), _COIN, 0.5 * u)
            _shape(c, _circle(sx * fx, sy * fy, 2.2 * u), _CREAM, 0.4 * u)


def _rosette(c: Canvas, r: float, u: float) -> None:
    """The central medallion: a cream roundel with an eight-petalled gold-and-red flower."""
    _shape(c, _circle(0, 0, r + 2.5 * u), _COIN, 0.6 * u)
    _shape(c, _circle(0, 0, r), _CREAM, 0.5 * u)
    for i in range(8):
        px, py = _polar(0.52 * r, 22.5 + 45 * i)
        _shape(c, _ellipse(px, py, 0.36 * r, 0.17 * r, angle=22.5 + 45 * i),
               _GULES if i % 2 else _COIN, 0.4 * u)
    _shape(c, _circle(0, 0, 0.22 * r), _COIN, 0.4 * u)
    _shape(c, _circle(0, 0, 0.09 * r), _GULES, 0)


# --- public interface --------------------------------------------------------

def _court(rank: str) -> Callable[[Canvas, str], None]:
    return _caballo if rank == "caballo" else (lambda c, suit: _standing(c, rank, suit))


def symbol_names() -> list[str]:
    """Every name draw() accepts: the 4 suit symbols, 'sota-oros' ... 'rey-bastos' (12 court
    figures), the long pips 'espadas-long' and 'bastos-long', and 'back-spanish'."""
    return list(SUITS) + [f"{rank}-{suit}" for rank in COURTS for suit in SUITS] + list(_LONG) + [_BACK]


def is_square(name: str) -> bool:
    """True for suit symbols (drawn in a square), False for long pips, courts and the back (fill a box)."""
    if name not in symbol_names():
        raise ValueError(f"unknown Spanish symbol {name!r}")
    return name in SUITS


def draw(canvas: Canvas, name: str, x: float, y: float, w: float, h: float,
         rotation: float = 0.0) -> None:
    """Draw `name` inside the box with lower-left (x, y), width w, height h (points).
    Suit symbols are centred in the largest square inside the box and turned by `rotation`
    degrees about its centre (pips of swords and batons are drawn at an angle in some ranks).
    Long pips, courts and the back fill the box (keeping their own proportions, centred)."""
    if name not in symbol_names():
        raise ValueError(f"unknown Spanish symbol {name!r}; expected one of: {', '.join(symbol_names())}")
    if not (w > 0 and h > 0):
        raise ValueError(f"box must have positive size, got {w!r} x {h!r}")
    canvas.saveState()
    try:
        _round_pen(canvas)
        if name in SUITS:
            _suit_at(canvas, name, x + w / 2, y + h / 2, min(w, h), rotation)
        elif name in _LONG:
            gw, gh, long_pip = _LONG[name]
            s = min(w / gw, h / gh)
            canvas.translate(x + w / 2, y + h / 2)
            canvas.rotate(rotation)
            canvas.scale(s, s)
            long_pip(canvas, _PIP_LW)
        elif name == _BACK:
            canvas.translate(x, y)
            _back(canvas, w, h)
        else:
            rank, suit = name.split("-")
            s = min(w / _COURT_W, h / _COURT_H)
            canvas.translate(x + w / 2, y + h / 2)
            canvas.scale(s, s)
            _court(rank)(canvas, suit)
    finally:
        canvas.restoreState()
