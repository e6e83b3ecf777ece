"""The back of the Spanish pack: a red diaper of gold-ruled lozenges in a double border round a
central rosette.

The back is laid out for the box it fills and is symmetric under a half turn, so a duplex flip
leaves it unchanged; it shares only the palette with the faces.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printgen.art.spanish.style import COIN, COIN_LIGHT, CREAM, shape, stroke
from printgen.art.vector import GULES, GULES_DARK, circle, clipped, ellipse, polar, rect, star


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
            stroke(c, [("M", k * step - dx, -1.2 * fy), ("L", k * step + dx, 1.2 * fy)], COIN, 0.35 * u)
    for i in range(-2 * reach, 2 * reach + 1):
        for j in range(-2 * reach, 2 * reach + 1):
            px, py = i * step / 2, j * step * slope / 2
            if abs(px) > fx + step or abs(py) > fy + step:
                continue
            if (i + j) % 2:
                shape(c, star(px, py, 2.4 * u, points=4, inner=0.38), COIN_LIGHT, 0.25 * u)
            else:
                shape(c, circle(px, py, 0.8 * u), CREAM, 0)


def draw_back(c: Canvas, w: float, h: float) -> None:
    """A red diaper of gold-ruled lozenges in a double border round a central rosette,
    drawn for the box it is given and symmetric under a half turn (duplex flips)."""
    u = min(w, h) / 100.0
    shape(c, rect(0, 0, w, h), CREAM, 0)
    c.translate(w / 2, h / 2)
    hw, hh = w / 2 - 4 * u, h / 2 - 4 * u
    shape(c, rect(-hw, -hh, 2 * hw, 2 * hh), GULES, 0.8 * u)
    shape(c, rect(-hw + 3 * u, -hh + 3 * u, 2 * hw - 6 * u, 2 * hh - 6 * u), CREAM, 0.5 * u)
    fx, fy = hw - 5 * u, hh - 5 * u
    field = rect(-fx, -fy, 2 * fx, 2 * fy)
    shape(c, field, GULES_DARK, 0)
    with clipped(c, field):
        _diaper(c, fx, fy, u)
    shape(c, field, None, 0.8 * u)
    _rosette(c, 14 * u, u)
    for sx in (-1, 1):
        for sy in (-1, 1):
            shape(c, circle(sx * (hw - 1.5 * u), sy * (hh - 1.5 * u), 3.2 * u), COIN, 0.5 * u)
            shape(c, circle(sx * fx, sy * fy, 2.2 * u), CREAM, 0.4 * u)


def _rosette(c: Canvas, r: float, u: float) -> None:
    """The central medallion: a cream roundel with an eight-petalled gold-and-red flower."""
    shape(c, circle(0, 0, r + 2.5 * u), COIN, 0.6 * u)
    shape(c, circle(0, 0, r), CREAM, 0.5 * u)
    for i in range(8):
        px, py = polar(0.52 * r, 22.5 + 45 * i)
        shape(c, ellipse(px, py, 0.36 * r, 0.17 * r, angle=22.5 + 45 * i),
              GULES if i % 2 else COIN, 0.4 * u)
    shape(c, circle(0, 0, 0.22 * r), COIN, 0.4 * u)
    shape(c, circle(0, 0, 0.09 * r), GULES, 0)
