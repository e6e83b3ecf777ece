"""The two French jokers: a full-length jester in motley (red and gold, or black and white)
with a belled cap, ruff, harlequin tunic and a bauble on a stick.

The jester is a figure of its own, not a court bust, so it has its own module; its head is the
court face (printgen.art.french.courts.face) moved down the panel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printgen.art.french.courts import face
from printgen.art.french.style import (
    BLACK,
    FINE,
    GOLD,
    GOLD_DARK,
    INK,
    OUTLINE,
    RED,
    SKIN,
    WHITE,
    WOOD,
    Point,
    dots,
    ellipse,
    frame,
    limb,
    shape,
)
from printgen.art.vector import bilateral, box, clipped, line, mirror, poly


@dataclass(frozen=True)
class _Motley:
    main: Color      # the colour the joker is known by
    second: Color    # the other half of the motley
    ground: Color    # pale halo behind the figure


_MOTLEYS = {
    "red": _Motley(main=RED, second=GOLD, ground=HexColor("#FBE3E3")),
    "black": _Motley(main=BLACK, second=WHITE, ground=HexColor("#E6E8EC")),
}
_HEAD_DROP = -12.0   # the jester's head is the court head moved down the panel

_HORN_SIDE = [("M", -3, 53), ("C", -6, 62, -16, 66, -22, 60.5), ("C", -25, 57.5, -27, 52, -28, 47),
              ("C", -24, 51, -19, 52.5, -12.6, 49.8), ("Z",)]
_HORN_TOP = [("M", -4.6, 53), ("C", -5.2, 61, -3.5, 67, 3.5, 70.5), ("C", 1.2, 65, 3, 59, 4.6, 53), ("Z",)]
_JESTER_BAND = bilateral((0, 53.4), [("C", 7, 53.4, 11, 52.4, 12.8, 50.2), ("L", 12.4, 47.6),
                                     ("C", 9, 49.2, 5, 49.8, 0, 49.8)])
_TUNIC = bilateral((0, 13), [("L", 8, 13.6), ("C", 12.5, 13.2, 15, 11, 15.6, 7),
                             ("L", 13.8, -8), ("C", 15.2, -14, 17, -19, 18.5, -23), ("L", 0, -23)])
_SHOE = [("M", 7.5, -52), ("C", 8, -57, 12, -59, 17, -58.5), ("C", 20.5, -58, 22.5, -55.5, 21.5, -52.5),
         ("C", 20, -54.3, 17.5, -54.6, 14.5, -53.2), ("C", 13, -51.2, 10, -50.6, 7.5, -52), ("Z",)]
_HALO = bilateral((0, 64), [("C", 22, 58, 38, 30, 38, 0), ("C", 38, -30, 22, -58, 0, -64)])


def _bell(c: Canvas, x: float, y: float, r: float) -> None:
    shape(c, ellipse(x, y, r), GOLD)
    line(c, [("M", x - 0.6 * r, y - 0.15 * r), ("L", x + 0.6 * r, y - 0.15 * r)], INK, FINE)
    dots(c, [(x, y - 0.5 * r)], 0.22 * r, INK, 0)


def _jester_cap(c: Canvas, m: _Motley) -> None:
    """Two drooping side horns in the main colour, an upright one in the second, all belled."""
    for horn in (_HORN_SIDE, mirror(_HORN_SIDE)):
        shape(c, horn, m.main)
    shape(c, _HORN_TOP, m.second)
    shape(c, _JESTER_BAND, GOLD)
    dots(c, [(-6, 51.2), (0, 51.6), (6, 51.2)], 0.8, m.main)
    for x, y in ((-28, 46.5), (28, 46.5), (3.8, 71)):
        _bell(c, x, y, 2.3)


def _ruff(c: Canvas, m: _Motley) -> None:
    """A collar of pointed petals fanning from the neck, alternating in the two colours, belled."""
    count, cy = 6, 16.5

    def at(rx: float, ry: float, degrees: float) -> Point:
        return rx * math.cos(math.radians(degrees)), cy + ry * math.sin(math.radians(degrees))

    for k in range(count):
        a0, a1 = 192 + 156 * k / count, 192 + 156 * (k + 1) / count
        tip = at(21, 13, (a0 + a1) / 2)
        shape(c, poly([at(4, 2, a0), at(15, 7.5, a0), tip, at(15, 7.5, a1), at(4, 2, a1)]),
              m.second if k % 2 else m.main)
        dots(c, [tip], 1.0, GOLD)


def _tunic(c: Canvas, m: _Motley) -> None:
    """Harlequin lozenges clipped to the tunic, a dagged hem and a gold belt."""
    for k in range(7):
        x = -15 + 5 * k
        shape(c, poly([(x - 2.5, -21), (x, -27), (x + 2.5, -21)]), m.second if k % 2 else m.main)
    shape(c, _TUNIC, m.main)
    with clipped(c, _TUNIC):
        for i in range(-2, 3):
            for j in range(-2, 2):
                cx, cy = 9.0 * i, 2.0 + 12.0 * j
                shape(c, poly([(cx, cy - 6), (cx + 4.5, cy), (cx, cy + 6), (cx - 4.5, cy)]), m.second, FINE)
    line(c, _TUNIC, INK, OUTLINE)
    shape(c, box(-14.6, -10.4, 14.6, -6.6), GOLD)
    shape(c, box(-2.4, -11.2, 2.4, -5.8), GOLD_DARK, FINE)


def _marotte(c: Canvas, m: _Motley) -> None:
    """A bauble: a little jester's head on a stick, held out by the right hand."""
    limb(c, [("M", 23.6, -12.5), ("L", 30.4, 15.5)], WOOD, 1.2)
    hx, hy = 31.2, 19.2
    for side in (-1, 1):
        shape(c, poly([(hx + side * 1.5, hy + 2.6), (hx + side * 6.5, hy + 5.5), (hx + side * 3.5, hy + 1)]),
              m.main)
        _bell(c, hx + side * 6.5, hy + 5.5, 1.3)
    shape(c, ellipse(hx, hy, 3.4, 3.6), SKIN)
    dots(c, [(hx - 1.2, hy + 0.6), (hx + 1.2, hy + 0.6)], 0.4, INK, 0)
    line(c, [("M", hx - 1.6, hy - 1.2), ("C", hx - 0.6, hy - 2.3, hx + 0.6, hy - 2.3, hx + 1.6, hy - 1.2)],
         INK, FINE)


def _jester_limbs(c: Canvas, m: _Motley) -> None:
    """Legs in the two colours, shoes with bells, and the arms: one on the hip, one holding the stick."""
    for sign, colour in ((1, m.main), (-1, m.second)):
        limb(c, [("M", sign * 6, -18), ("C", sign * 8, -32, sign * 10, -42, sign * 10.5, -53)], colour, 6.0)
        shape(c, _SHOE if sign > 0 else mirror(_SHOE), colour)
        _bell(c, sign * 21.6, -52.2, 1.5)
    limb(c, [("M", -13, 8), ("C", -20, 2, -24, -4, -22, -8), ("L", -15, -9)], m.second, 4.6)
    shape(c, ellipse(-14.2, -9, 2.6), SKIN)
    limb(c, [("M", 13, 8), ("C", 20, 3, 22, -3, 24, -7)], m.second, 4.6)
    shape(c, ellipse(24.6, -8.5, 2.6), SKIN)


def draw_joker(c: Canvas, colour: str) -> None:
    m = _MOTLEYS[colour]
    outline = frame(c)
    shape(c, _HALO, m.ground, 0)
    c.saveState()
    c.scale(1.06, 1.06)
    _jester_limbs(c, m)
    _tunic(c, m)
    _marotte(c, m)
    shape(c, box(-3.6, 12, 3.6, 19), SKIN)
    _ruff(c, m)
    c.saveState()
    c.translate(0, _HEAD_DROP)
    face(c, RED, grin=True)
    _jester_cap(c, m)
    c.restoreState()
    c.restoreState()
    line(c, outline, INK, OUTLINE * 1.2)
