"""The frame every house emblem shares: a roundel whose outer band is the house colour, a gold
fillet with studs, and an inner field, on a 100-unit design grid.

Kept apart from the charges so that every motif module can size its charge to the field
(R_FIELD) and the public draw_emblem can lay the frame under any of them.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printgen.art.vector import FINE, GOLD, circle, col, fill, mix, polar

GRID = 100.0           # emblems are designed in a 100-unit box centred on the origin
_R_OUTER = 48.0        # roundel edge
_R_FILLET = 41.2       # gold ring between band and field
R_FIELD = 39.6         # inner field; charges stay inside it

Motif = Callable[[Canvas, str], None]     # draws a charge on the field, given the house colour


def backdrop(c: Canvas, house: str, field: str | Color) -> None:
    """House-colour band, gold fillet, studs and inner field: the shared frame of the set."""
    fill(c, circle(0, 0, _R_OUTER), house)
    c.setStrokeColor(col(GOLD))
    c.setLineWidth(2.6)
    c.circle(0, 0, _R_FILLET, stroke=1, fill=0)
    fill(c, circle(0, 0, R_FIELD), field, width=FINE)
    for i in range(8):
        fill(c, circle(*polar(44.6, 22.5 + 45 * i), 1.25), GOLD, width=0.5)


def light_field(house: str) -> Color:
    """The pale tint of the house colour that most charges sit on."""
    return mix(house, "#FFFFFF", 0.86)
