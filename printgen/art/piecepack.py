"""Art for the piecepack: the four suit symbols (Suns, Moons, Crowns, Arms) drawn by code.

Each symbol is a single flat silhouette in the colour the layout gives (the suit's colour from
deck.yaml on a light ground, or a light ink on a piece filled with the suit's colour), so one
drawing serves tiles, coins, dice, pawns and the table diagram. Shapes are laid out on a
100-unit square centred on the origin, y up, and scaled to the largest square in the box, as
the other art sets are. Arms is shown by a fleur-de-lis, the charge of a coat of arms.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printgen.art.vector import centred, mirror, poly, solid

_GRID = 100.0
SUITS = ("pp-suns", "pp-moons", "pp-crowns", "pp-arms")
TAKES_COLOUR = True        # symbols.draw passes the element's colour


def symbol_names() -> list[str]:
    return list(SUITS)


def is_square(name: str) -> bool:
    return True


def _fill(c: Canvas, points: list[tuple[float, float]]) -> None:
    """A polygon in the colour draw() set."""
    solid(c, poly(points))


def _arc(cx: float, cy: float, r: float, start: float, stop: float, steps: int = 40) -> list[tuple[float, float]]:
    """Points on a circle from `start` to `stop` degrees (either way round)."""
    return [(cx + r * math.cos(math.radians(start + (stop - start) * k / steps)),
             cy + r * math.sin(math.radians(start + (stop - start) * k / steps))) for k in range(steps + 1)]


def _sun(c: Canvas) -> None:
    """A disc with sixteen rays, long and short in turn."""
    c.circle(0, 0, 24, stroke=0, fill=1)
    for k in range(16):
        length = 47 if k % 2 == 0 else 37
        half = 7.5 if k % 2 == 0 else 6
        a = math.radians(k * 22.5)
        ux, uy = math.cos(a), math.sin(a)
        vx, vy = -uy, ux
        base = 21
        _fill(c, [(ux * base + vx * half, uy * base + vy * half), (ux * length, uy * length),
                  (ux * base - vx * half, uy * base - vy * half)])


def _moon(c: Canvas) -> None:
    """A crescent: a disc with a smaller disc taken out of its right side, horns up and down."""
    big, small, shift, left = 44.0, 37.0, 21.0, -6.0
    x = (shift * shift + big * big - small * small) / (2 * shift)   # where the two circles cross
    y = math.sqrt(big * big - x * x)
    outer = math.degrees(math.atan2(y, x))
    inner = math.degrees(math.atan2(y, x - shift))
    # round the outside from the upper horn to the lower one, then back inside along the small disc
    points = _arc(left, 0, big, outer, 360 - outer, 60) + _arc(left + shift, 0, small, 360 - inner, inner, 60)
    _fill(c, points)


def _crown(c: Canvas) -> None:
    """A band under five points, a ball on each of the three tallest."""
    _fill(c, [(-40, -30), (40, -30), (40, -16), (-40, -16)])
    _fill(c, [(-40, -13), (-44, 26), (-22, 4), (-11, 34), (0, 8), (11, 34), (22, 4), (44, 26), (40, -13)])
    for x, y, r in ((-44, 26, 6), (-11, 34, 5.5), (11, 34, 5.5), (44, 26, 6), (0, 17, 6.5)):
        c.circle(x, y, r, stroke=0, fill=1)
    _fill(c, [(-30, -40), (30, -40), (26, -33), (-26, -33)])


_FLEUR_MIDDLE = [("M", 0, 48), ("C", 16, 30, 16, 6, 5, -8), ("L", -5, -8), ("C", -16, 6, -16, 30, 0, 48), ("Z",)]
_FLEUR_SIDE = [("M", 6, -6), ("C", 10, 20, 30, 34, 42, 22), ("C", 50, 12, 44, -2, 34, 0),
               ("C", 40, 8, 36, 16, 28, 14), ("C", 18, 10, 14, -2, 14, -10), ("Z",)]
_FLEUR_FOOT = [("M", -5, -18), ("C", -6, -30, -2, -38, 0, -44), ("C", 2, -38, 6, -30, 5, -18), ("Z",)]
_FLEUR_LOBE = [("M", 8, -18), ("C", 12, -28, 22, -34, 30, -32), ("C", 24, -28, 20, -22, 20, -18), ("Z",)]


def _fleur(c: Canvas) -> None:
    """A fleur-de-lis: a tall pointed petal, two petals curling out and down, a band, a foot."""
    solid(c, _FLEUR_MIDDLE)
    for petal in (_FLEUR_SIDE, mirror(_FLEUR_SIDE)):
        solid(c, petal)
    c.roundRect(-24, -18, 48, 9, 3, stroke=0, fill=1)      # the band
    solid(c, _FLEUR_FOOT)       # the foot: three short lobes under the band
    for lobe in (_FLEUR_LOBE, mirror(_FLEUR_LOBE)):
        solid(c, lobe)


_DRAW = {"pp-suns": _sun, "pp-moons": _moon, "pp-crowns": _crown, "pp-arms": _fleur}


def draw(canvas: Canvas, name: str, x: float, y: float, w: float, h: float, rotation: float = 0.0,
         colour: Color | str = "#000000") -> None:
    """Draw `name` in the largest square centred in the box (points), in `colour`, turned by `rotation`."""
    from printgen.files.colours import parse_colour

    if name not in _DRAW:
        raise ValueError(f"unknown piecepack symbol {name!r}; expected one of: {', '.join(SUITS)}")
    with centred(canvas, x, y, w, h, rotation):
        scale = min(w, h) / _GRID
        canvas.scale(scale, scale)
        ink = parse_colour(colour) if isinstance(colour, str) else colour
        canvas.setFillColor(ink)
        _DRAW[name](canvas)
