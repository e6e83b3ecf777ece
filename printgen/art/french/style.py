"""The French pack's look in one place: its flat inks, design grids and outline weights, the
courts' colours per suit, and the shared vector primitives bound to them.

The pack draws with printgen.art.vector like every code-drawn set, but in a style of its
own (a near-black ink, a finer outline, slightly rounder ellipses).  Binding that style here keeps
the suit symbols, courts, jokers and back in step without copies of the primitives, and gives
the parts more than one of them draws (the panel frame, the cross patty) a single home.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printgen.art import vector
from printgen.art.vector import Ops, box, xf

# --- palette ---------------------------------------------------------------

INK = HexColor("#1A1A1A")
RED = HexColor("#C8102E")
RED_DARK = HexColor("#8C0B20")
BLACK = HexColor("#1A1A1A")
GOLD = HexColor("#F2B31B")
GOLD_DARK = HexColor("#B57E0C")
BLUE = HexColor("#1F4E9C")
WHITE = HexColor("#FFFFFF")
PAPER = HexColor("#FFFDF7")
SKIN = HexColor("#F8D5B0")
CHEEK = HexColor("#F0A49A")
STEEL = HexColor("#D9DFE6")
STEEL_DARK = HexColor("#8D97A3")
WOOD = HexColor("#8A5A2B")
LEAF = HexColor("#2E7D32")
HAIR_BROWN = HexColor("#5B3A1E")

# --- design grid -----------------------------------------------------------

SUIT_GRID = 100.0             # suit symbols: a 100-unit square centred on the origin
PANEL_W, PANEL_H = 90.0, 140.0  # courts and jokers: a tall panel centred on the origin
OUTLINE = 0.9                 # the one ink outline weight, in panel units
FINE = 0.55                   # inner detail lines
FRAME_X, FRAME_Y = 43.2, 68.2  # the thin frame round courts and jokers

KAPPA = 0.5523                # handle length of the pack's quarter arcs: a touch rounder than a circle

Point = tuple[float, float]

ellipse = partial(vector.ellipse, kappa=KAPPA)   # the pack's own, rounder quarter arcs
limb = partial(vector.inked_line, edge=OUTLINE, ink=INK)   # arms, legs, stems and staves


def shape(c: Canvas, ops: Ops, colour: Color, width: float = OUTLINE) -> None:
    """Fill a shape edged in the pack's ink; `width` 0 leaves it without the outline."""
    vector.fill(c, ops, colour, width=width, ink=INK)


def dots(c: Canvas, points: Sequence[Point], r: float, colour: Color, width: float = FINE) -> None:
    """Round dots of radius r: pearls, studs, gems, buttons."""
    for px, py in points:
        shape(c, ellipse(px, py, r), colour, width)


# --- courts: colours per suit --------------------------------------------------

@dataclass(frozen=True)
class Scheme:
    robe: Color      # the gown
    panel: Color     # the front panel, cap, pennant
    trim: Color      # embroidery, cuffs, gems
    hair: Color


SCHEMES = {
    "spades": Scheme(robe=BLACK, panel=BLUE, trim=GOLD, hair=GOLD),
    "clubs": Scheme(robe=BLUE, panel=BLACK, trim=GOLD, hair=HAIR_BROWN),
    "hearts": Scheme(robe=RED, panel=GOLD, trim=BLUE, hair=GOLD),
    "diamonds": Scheme(robe=RED, panel=BLUE, trim=GOLD, hair=HAIR_BROWN),
}


# --- parts shared by the courts and jokers ---------------------------------------

def frame(c: Canvas) -> Ops:
    """The paper panel of a court or joker; returns its outline, stroked last over the figure."""
    outline = box(-FRAME_X, -FRAME_Y, FRAME_X, FRAME_Y)
    shape(c, outline, PAPER, 0)
    return outline


_CROSS_ARM = [("M", 0, 0), ("L", -0.35, 0.5), ("C", -0.5, 0.8, -0.6, 0.95, -0.62, 1.0),
              ("L", 0.62, 1.0), ("C", 0.6, 0.95, 0.5, 0.8, 0.35, 0.5), ("Z",)]


def cross(c: Canvas, x: float, y: float, r: float, fill: Color) -> None:
    """A cross patty: four flaring arms."""
    arms: Ops = []
    for k in range(4):
        arms += xf(_CROSS_ARM, angle=90 * k, sx=r, dx=x, dy=y)
    shape(c, arms, fill, FINE)
