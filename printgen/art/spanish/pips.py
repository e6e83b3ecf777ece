"""The four Spanish suit pips (oros, copas, espadas, bastos) and the long sword and club of the
low cards, each a drawing function on a 100-unit pip grid.

The pips are drawn on their own and in the courts' hands (printgen.art.spanish.figures),
so they live apart from both; suit_at places one at any size and angle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas

from printgen.art.spanish.style import (
    BLADE,
    BLADE_DARK,
    COIN,
    COIN_LIGHT,
    COIN_RING,
    CUP,
    CUP_SHADE,
    LEAF,
    PIP,
    PIP_LW,
    WOOD,
    WOOD_CUT,
    WOOD_DARK,
    shape,
    stroke,
    union,
)
from printgen.art.vector import (
    AZURE,
    GULES,
    GULES_DARK,
    Ops,
    bilateral,
    capsule,
    circle,
    clipped,
    ellipse,
    polar,
    poly,
    rect,
    tube,
)

SUITS = ("oros", "copas", "espadas", "bastos")


# --- oros: the coin ------------------------------------------------------------

def _oros(c: Canvas, lw: float) -> None:
    """A gold coin: dark milled ring, studded, around a sun of sixteen rays on a red boss."""
    shape(c, circle(0, 0, 45), COIN_RING, lw)
    for i in range(16):
        shape(c, circle(*polar(40.2, 11.25 + 22.5 * i), 2.2), COIN_LIGHT, 0)
    shape(c, circle(0, 0, 35), COIN, lw * 0.7)
    rays = [polar(30 if i % 2 == 0 else 18, 90 + 11.25 * i) for i in range(32)]
    shape(c, poly(rays), COIN_LIGHT, lw * 0.55)
    shape(c, circle(0, 0, 12.5), GULES, lw * 0.7)
    shape(c, circle(0, 0, 5), COIN_LIGHT, lw * 0.45)


# --- copas: the chalice ----------------------------------------------------------

_CUP_BOWL = [("M", -31, 36), ("C", -32, 16, -19, 5, -6, 2), ("L", 6, 2),
             ("C", 19, 5, 32, 16, 31, 36), ("C", 20, 30, -20, 30, -31, 36), ("Z",)]
_CUP_STEM = bilateral((3.4, 0), [("L", 3.0, -26), ("L", 4.0, -30)])
_CUP_FOOT = [("M", -4.5, -27), ("C", -8, -34, -18, -37, -25, -39), ("C", -26, -44, 26, -44, 25, -39),
             ("C", 18, -37, 8, -34, 4.5, -27), ("Z",)]


def _copas(c: Canvas, lw: float) -> None:
    """A gold chalice: wide bowl with a red band, dark mouth, knopped stem and a broad foot."""
    shape(c, _CUP_FOOT, CUP, lw)
    shape(c, ellipse(0, -39.6, 25, 3.2), CUP_SHADE, lw * 0.5)
    shape(c, _CUP_STEM, CUP, lw)
    shape(c, ellipse(0, -14, 7.5, 3.8), GULES, lw * 0.8)
    shape(c, _CUP_BOWL, CUP, 0)
    with clipped(c, _CUP_BOWL):
        shape(c, rect(-40, 14, 80, 8), GULES, lw * 0.5)
        shape(c, ellipse(34, 26, 14, 34), CUP_SHADE, 0)
        for x in (-14, 0, 14):
            shape(c, ellipse(x, 18, 2.6, 3.4), AZURE, lw * 0.4)
    shape(c, _CUP_BOWL, None, lw)
    shape(c, ellipse(0, 36, 31, 6.5), CUP, lw)
    shape(c, ellipse(0, 36.4, 26, 4.4), GULES_DARK, lw * 0.5)
    shape(c, ellipse(0, 1.5, 9, 4), GULES, lw * 0.8)


# --- espadas: the sword ----------------------------------------------------------

_BLADE_OPS = bilateral((0, 47.5), [("L", 7.2, 30), ("L", 7.8, -21)])


def _espadas(c: Canvas, lw: float) -> None:
    """A straight sword, point up: blue blade with a fuller, gold quillons and pommel, red grip."""
    _sword(c, lw, _BLADE_OPS, poly([(-1.6, -19), (-1.3, 32), (0, 37), (1.3, 32), (1.6, -19)]), 0.0)


def _sword(c: Canvas, lw: float, blade: Ops, fuller: Ops, dy: float) -> None:
    """The sword's blade and fuller, then its hilt with the pommel centred at y = dy - 43."""
    shape(c, blade, BLADE, lw)
    shape(c, fuller, BLADE_DARK, 0)
    grip = rect(-4.2, dy - 39, 8.4, 15)
    shape(c, grip, GULES, lw)
    with clipped(c, grip):
        for y in range(-42, -22, 4):
            stroke(c, [("M", -5, dy + y), ("L", 5, dy + y + 3.5)], GULES_DARK, lw * 0.45)
    union(c, tube([(-19, dy - 24.5, 3.3), (-10, dy - 22.8, 3.6), (10, dy - 22.8, 3.6), (19, dy - 24.5, 3.3)])
          + [circle(-21.5, dy - 25, 4.6), circle(21.5, dy - 25, 4.6), ellipse(0, dy - 22.8, 8.5, 4.8)],
          COIN, lw / 2)
    shape(c, circle(0, dy - 43, 5.4), COIN, lw)
    shape(c, circle(0, dy - 43, 2.0), GULES, 0)


# The long sword of the low cards (the 2 and 3 de espadas of a real pack, drawn crossed): the
# pip's hilt under a blade three times as long, on a grid x in [-28, 28], y in [-150, 150].
_LONG_SWORD_DY = -100.0
_LONG_BLADE = bilateral((0, 147.5), [("L", 6.6, 124), ("L", 7.8, -121)])
_LONG_FULLER = poly([(-1.6, -119), (-1.2, 128), (0, 134), (1.2, 128), (1.6, -119)])


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
    dx, dy = polar(length, angle)
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
        shape(c, ellipse(tx, ty, 7.5, 3.2, angle=a + (12 if x < 0 else -12)), LEAF, lw * 0.55)
    parts = [trunk] + [circle(*b) for b in bumps]
    parts += [capsule((x, y, r + 1.2), (*_stub_tip(x, y, a, length), r)) for x, y, a, length, r in stubs]
    union(c, parts, WOOD, lw / 2)
    with clipped(c, trunk):
        shape(c, rect(3.5, -top - 12, 12, 2 * top + 14), WOOD_DARK, 0)
    for x, y, a, length, r in stubs:
        shape(c, ellipse(*_stub_tip(x, y, a, length), r * 0.62, r * 0.95, angle=a), WOOD_CUT, lw * 0.5)
    for x, y, rx in knots:
        shape(c, ellipse(x, y, rx, rx * 1.5), WOOD_DARK, lw * 0.4)
    for x, y in grain:
        stroke(c, [("M", x - 2.5, y + 3), ("C", x - 1, y + 1, x + 1, y - 1, x + 1.5, y - 4)], WOOD_DARK, lw * 0.5)
    shape(c, ellipse(0, top, 12.5, 5.0), WOOD_CUT, lw * 0.8)
    shape(c, ellipse(0, top, 6.5, 2.5), None, lw * 0.35)


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
LONG_PIPS: dict[str, tuple[float, float, Callable[[Canvas, float], None]]] = {
    "espadas-long": (56.0, 300.0, _espadas_long), "bastos-long": (60.0, 300.0, _bastos_long),
}


def suit_at(c: Canvas, suit: str, x: float, y: float, size: float, angle: float = 0.0,
            lw: float = PIP_LW) -> None:
    """A pip of side `size` centred on (x, y) in the current units, turned by angle degrees."""
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    c.scale(size / PIP, size / PIP)
    _SUIT_DRAW[suit](c, lw)
    c.restoreState()
