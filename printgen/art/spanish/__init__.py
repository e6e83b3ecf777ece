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

As with the house emblems (printgen.art.emblems), shapes are paths on a design grid scaled
to the requested box, with one ink outline weight per grid and no text or images.  The parts:
style (palette, grids, the pack's fill and stroke), pips, figures (the courts' shared parts),
courts (the three poses) and back; this module is the public face the symbol registry
(printgen.art.symbols) calls.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printgen.art.spanish.back import draw_back
from printgen.art.spanish.courts import COURTS, draw_court
from printgen.art.spanish.pips import LONG_PIPS, SUITS, suit_at
from printgen.art.spanish.style import COURT_H, COURT_W, PIP_LW
from printgen.art.vector import round_pen

__all__ = ["COURTS", "SUITS", "draw", "is_square", "symbol_names"]

_BACK = "back-spanish"


def symbol_names() -> list[str]:
    """Every name draw() accepts: the 4 suit symbols, 'sota-oros' ... 'rey-bastos' (12 court
    figures), the long pips 'espadas-long' and 'bastos-long', and 'back-spanish'."""
    return list(SUITS) + [f"{rank}-{suit}" for rank in COURTS for suit in SUITS] + list(LONG_PIPS) + [_BACK]


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
        round_pen(canvas)
        if name in SUITS:
            suit_at(canvas, name, x + w / 2, y + h / 2, min(w, h), rotation)
        elif name in LONG_PIPS:
            gw, gh, long_pip = LONG_PIPS[name]
            s = min(w / gw, h / gh)
            canvas.translate(x + w / 2, y + h / 2)
            canvas.rotate(rotation)
            canvas.scale(s, s)
            long_pip(canvas, PIP_LW)
        elif name == _BACK:
            canvas.translate(x, y)
            draw_back(canvas, w, h)
        else:
            rank, suit = name.split("-")
            s = min(w / COURT_W, h / COURT_H)
            canvas.translate(x + w / 2, y + h / 2)
            canvas.scale(s, s)
            draw_court(canvas, rank, suit)
    finally:
        canvas.restoreState()
