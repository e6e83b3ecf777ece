"""What a French court holds, by rank and suit colour: a halberd or pennant for the jack, a rose
or tulip for the queen, a sword or sceptre for the king, and the hand closing on it.

Each object is drawn round a staff on x = 0, so the court's bust can place any of them in the
same hand; they sit apart from the figure so new objects can be added without touching it.
"""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from printgen.art.french.style import (
    FINE,
    GOLD,
    GOLD_DARK,
    INK,
    LEAF,
    RED,
    SKIN,
    STEEL,
    STEEL_DARK,
    WOOD,
    Scheme,
    cross,
    dots,
    ellipse,
    limb,
    shape,
)
from printgen.art.vector import bilateral, box, line, poly, xf

HAND_X, HAND_Y = 31.0, 12.5   # the hand holding the object
_SHAFT = box(-0.7, 2.0, 0.7, 58.0)


def sword(c: Canvas, _scheme: Scheme) -> None:
    shape(c, bilateral((0, 62), [("L", 1.3, 57), ("L", 1.3, 17), ("L", 0, 17)]), STEEL)
    line(c, [("M", 0, 19), ("L", 0, 56)], STEEL_DARK, FINE)
    shape(c, box(-1, 7.5, 1, 16.5), WOOD)
    shape(c, bilateral((0, 18.8), [("L", 4.8, 19.4), ("C", 6, 19.4, 6, 16.2, 4.8, 16.2), ("L", 0, 16.6)]),
          GOLD)
    dots(c, [(0, 6.6)], 1.6, GOLD)


def sceptre(c: Canvas, _scheme: Scheme) -> None:
    shape(c, box(-0.9, 3, 0.9, 50.5), GOLD)
    for y in (20.0, 32.0, 44.0):
        shape(c, box(-1.5, y, 1.5, y + 1.4), GOLD_DARK, FINE)
    shape(c, ellipse(0, 53.6, 3.4), GOLD)
    line(c, [("M", -3.4, 53.6), ("C", -2, 52.4, 2, 52.4, 3.4, 53.6)], GOLD_DARK, FINE)
    cross(c, 0, 59.3, 2.4, GOLD)


_LEAF_SHAPE = [("M", 0, 0), ("C", 2, 1.7, 5, 1.9, 7, 0), ("C", 5, -1.9, 2, -1.7, 0, 0), ("Z",)]


def _stem(c: Canvas, top: float) -> None:
    """A green stalk with a leaf each side, rising from the hand."""
    limb(c, [("M", 0, 10), ("C", -1, 22, 2, 32, 0, top)], LEAF, 1.0)
    shape(c, xf(_LEAF_SHAPE, angle=30, dx=0.6, dy=25), LEAF, FINE)
    shape(c, xf(_LEAF_SHAPE, angle=150, dx=0.2, dy=31), LEAF, FINE)


def rose(c: Canvas, _scheme: Scheme) -> None:
    _stem(c, 43)
    for k in range(5):
        a = math.radians(90 + 72 * k)
        shape(c, ellipse(2.4 * math.cos(a), 46.2 + 2.4 * math.sin(a), 2.4), RED)
    shape(c, ellipse(0, 46.2, 1.5), GOLD, FINE)


_TULIP = bilateral((0, 45.8), [("L", 1.7, 49.4), ("L", 2.8, 47), ("L", 4.4, 49.8),
                               ("C", 4.8, 45, 3.8, 42, 0, 41.8)])


def tulip(c: Canvas, _scheme: Scheme) -> None:
    _stem(c, 43)
    shape(c, _TULIP, RED)


_HALBERD_BLADE = [("M", 0.7, 57.6), ("C", 3, 57.4, 5.6, 58, 7.6, 59.6), ("C", 8.8, 56, 8.8, 51.4, 7.4, 48.2),
                  ("C", 5.6, 49.8, 3, 50.2, 0.7, 50.2), ("Z",)]


def halberd(c: Canvas, _scheme: Scheme) -> None:
    shape(c, _SHAFT, WOOD)
    shape(c, bilateral((0, 66), [("L", 1.0, 57.5), ("L", 0, 56.5)]), STEEL)
    shape(c, _HALBERD_BLADE, STEEL)
    shape(c, poly([(-0.7, 55.8), (-5, 53.2), (-0.7, 52.0)]), STEEL)


_FLAG = poly([(0.7, 58.6), (12.5, 55.8), (8.4, 54.2), (12.5, 52.6), (0.7, 49.8)])


def pennant(c: Canvas, scheme: Scheme) -> None:
    shape(c, _SHAFT, WOOD)
    shape(c, _FLAG, scheme.panel)
    line(c, [("M", 0.8, 54.3), ("L", 9.2, 54.2)], scheme.trim, 1.1)
    dots(c, [(0, 59.3)], 1.5, GOLD)


def hand(c: Canvas, scheme: Scheme) -> None:
    """The fist round the staff, coming out of a cuff at the end of the sleeve."""
    shape(c, poly([(-6.2, -3.4), (-2.6, -3.8), (-2.6, 3.8), (-6.2, 3.2)]), scheme.trim)
    shape(c, ellipse(0, 0, 3.0, 3.0), SKIN)
    for dy in (-1.0, 0.0, 1.0):
        line(c, [("M", -2.0, dy), ("L", 0.5, dy)], INK, FINE * 0.7)
