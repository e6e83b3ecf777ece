"""The four French suit symbols (spades, hearts, diamonds, clubs) as solid shapes.

They are drawn on their own as pips and beside each court's head, so they live apart from the
figures; every outline is symmetric by construction (vector.bilateral).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printgen.art.french.style import BLACK, RED, SUIT_GRID, ellipse, shape
from printgen.art.vector import Ops, bilateral, poly, xf

SUITS = ("spades", "hearts", "diamonds", "clubs")

_HEART = bilateral((0, 25), [("C", 3, 38, 13, 45, 24, 45),
                             ("C", 37, 45, 47, 35, 47, 19),
                             ("C", 47, -4, 26, -23, 0, -46)])

_SPADE = bilateral((0, 48), [("C", 9, 34, 46, 17, 46, -7),
                             ("C", 46, -23, 35, -31, 24.5, -31),
                             ("C", 15, -31, 7, -26, 3.2, -19),
                             ("C", 4, -30, 9, -40, 19, -46),
                             ("L", 0, -46)])

_DIAMOND = bilateral((0, 50), [("C", 9.6, 31.5, 21.6, 15, 36, 0),
                               ("C", 21.6, -15, 9.6, -31.5, 0, -50)])

_CLUB_STEM = bilateral((0, 0), [("L", 3.2, 0), ("C", 4, -22, 9, -38, 19, -46), ("L", 0, -46)])
_CLUB = [ellipse(0, 20.5, 20.5), ellipse(-23, -9, 20.5), ellipse(23, -9, 20.5),
         poly([(0, 12), (-16, -14), (16, -14)]), _CLUB_STEM]

_SUIT_SHAPES: dict[str, list[Ops]] = {
    "spades": [_SPADE], "hearts": [_HEART], "diamonds": [_DIAMOND], "clubs": _CLUB,
}
_SUIT_INK = {"spades": BLACK, "clubs": BLACK, "hearts": RED, "diamonds": RED}


def draw_suit(c: Canvas, suit: str, cx: float = 0.0, cy: float = 0.0, size: float = SUIT_GRID,
              angle: float = 0.0) -> None:
    """A solid suit symbol `size` units across, centred on (cx, cy)."""
    for ops in _SUIT_SHAPES[suit]:
        shape(c, xf(ops, angle=angle, sx=size / SUIT_GRID, dx=cx, dy=cy), _SUIT_INK[suit], 0)
