"""Art for a French-suited pack: suit symbols, double-headed courts, jokers and a back.

Everything is vector paths drawn in code on the shared primitives of
printgen.art.vector: shapes are laid out on a design grid centred on the origin and
scaled to the box, one ink outline weight runs through the set, colours come from a small
palette of flat bold inks, and nothing is text or an image.  The card layout adds the rank
letters and the word JOKER.

Suit symbols are designed in a 100-unit square.  Courts and jokers share a 90 x 140 tall panel
(the proportions of a 45 x 70 mm picture): a court draws its bust in the upper half and the same
bust turned 180 degrees in the lower half, as on a double-headed card.

The parts: style (palette, grids, the primitives bound to the pack's ink and outline), suits
(the four symbols), courts and held (the twelve court figures and what they hold), jokers, and
back.  This module is the public face the symbol registry (printgen.art.symbols) calls:
the names it draws and draw() itself.
"""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from printgen.art.french.back import draw_back
from printgen.art.french.courts import COURTS, draw_court
from printgen.art.french.jokers import draw_joker
from printgen.art.french.style import PANEL_H, PANEL_W, SUIT_GRID
from printgen.art.french.suits import SUITS, draw_suit
from printgen.art.vector import centred, round_pen

__all__ = ["COURTS", "SUITS", "draw", "is_square", "symbol_names"]

_COURT_NAMES = [f"{rank}-{suit}" for rank in COURTS for suit in SUITS]
_JOKERS = ("joker-red", "joker-black")
_BACK = "back-french"


def symbol_names() -> list[str]:
    """Every name draw() accepts: the 4 suit symbols, 'jack-spades' ... 'king-clubs'
    (12 court figures), 'joker-red', 'joker-black', and 'back-french'."""
    return [*SUITS, *_COURT_NAMES, *_JOKERS, _BACK]


def is_square(name: str) -> bool:
    """True for suit symbols (drawn in a square), False for courts, jokers and the back."""
    _check(name)
    return name in SUITS


def _check(name: str) -> None:
    if name not in symbol_names():
        raise ValueError(f"unknown French card symbol {name!r}; expected one of: {', '.join(symbol_names())}")


def _fit(w: float, h: float, dw: float, dh: float, rotation: float) -> float:
    """The scale at which a dw x dh design, turned by `rotation`, fits inside w x h."""
    a = math.radians(rotation)
    cos_a, sin_a = abs(math.cos(a)), abs(math.sin(a))
    return min(w / (dw * cos_a + dh * sin_a), h / (dw * sin_a + dh * cos_a))


def draw(canvas: Canvas, name: str, x: float, y: float, w: float, h: float,
         rotation: float = 0.0) -> None:
    """Draw `name` inside the box with lower-left (x, y), width w, height h (points).
    Suit symbols are centred in the largest square inside the box, turned by `rotation`
    degrees about the centre (pips in the lower half of a card are drawn upside down: 180).
    Courts, jokers and the back fill the box (keeping their own proportions, centred)."""
    _check(name)
    if not (w > 0 and h > 0):
        raise ValueError(f"box must have a positive width and height, got {w!r} x {h!r}")
    with centred(canvas, x, y, w, h, rotation):
        round_pen(canvas)
        if name in SUITS:
            canvas.scale(min(w, h) / SUIT_GRID, min(w, h) / SUIT_GRID)
            draw_suit(canvas, name)
        elif name == _BACK:
            # The back is laid out for the box itself (sides swapped when turned a quarter),
            # so it fills the box edge to edge.
            turns = rotation / 90.0
            quarter = abs(turns - round(turns)) < 1e-9 and round(turns) % 2 == 1
            bw, bh = (h, w) if quarter else (w, h)
            s = _fit(w, h, bw, bh, rotation)
            canvas.scale(s, s)
            draw_back(canvas, bw, bh)
        else:
            s = _fit(w, h, PANEL_W, PANEL_H, rotation)
            canvas.scale(s, s)
            if name in _JOKERS:
                draw_joker(canvas, name.split("-")[1])
            else:
                rank, suit = name.split("-")
                draw_court(canvas, rank, suit)
