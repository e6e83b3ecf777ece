"""The parts the Spanish courts are built from: colours per suit, how each suit symbol is held,
arms and hands, faces, hair, caps, crowns and collars.

The standing sota and rey and the mounted caballo (printgen.art.spanish.courts) are
assembled from these, so a change to a face or a sleeve shows on every court alike.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from reportlab.pdfgen.canvas import Canvas

from printgen.art.spanish.pips import suit_at
from printgen.art.spanish.style import COIN, FLESH, FLESH_SHADE, LW, PIP, PURPLE, YELLOW, shape, smooth, stroke, union
from printgen.art.vector import (
    ARGENT,
    AZURE,
    GULES,
    GULES_DARK,
    INK,
    SABLE,
    VERT,
    VERT_DARK,
    Joint,
    circle,
    col,
    ellipse,
    mix,
    poly,
    rect,
    tube,
    xf,
)

# --- court figures: colour schemes ------------------------------------------------

class Scheme(NamedTuple):
    garment: str      # tunic or robe
    cape: str         # mantle, hat and the horse's cloth
    trim: str         # hems, belts and the cloth's border
    hose: str
    hair: str
    king_hair: str    # hair and beard of the king
    horse: str


SCHEMES: dict[str, Scheme] = {
    "oros": Scheme(GULES, AZURE, YELLOW, YELLOW, "#8A5A2B", "#8A5A2B", "#F1EBDD"),
    "copas": Scheme(AZURE, GULES, YELLOW, GULES, "#3A2A1C", "#3A2A1C", "#A8673A"),
    "espadas": Scheme(VERT, PURPLE, YELLOW, AZURE, "#5C3A1E", "#5C3A1E", "#9AA3AC"),
    "bastos": Scheme(YELLOW, VERT, GULES, VERT_DARK, "#B0742E", "#A7A39C", "#6B4226"),
}


class _Hold(NamedTuple):
    """How the suit symbol is held: its size and tilt, which point of the pip grid sits in
    the hand, and elbow and hand positions (relative to the shoulder) standing and riding."""
    size: float
    anchor: tuple[float, float]
    angle: float
    stand: tuple[tuple[float, float], tuple[float, float]]
    ride: tuple[tuple[float, float], tuple[float, float]]


_HOLDS: dict[str, _Hold] = {
    "oros": _Hold(30.0, (0.0, -40.0), -8.0, ((10, -12), (14, -10)), ((14, 4), (15, 22))),
    "copas": _Hold(32.0, (0.0, -14.0), 0.0, ((10, -14), (15, -18)), ((14, 2), (15, 18))),
    "espadas": _Hold(72.0, (0.0, -31.0), -8.0, ((11, -14), (16, -22)), ((13, -4), (15, 8))),
    "bastos": _Hold(60.0, (0.0, -29.0), -10.0, ((11, -14), (15, -22)), ((13, -4), (15, 8))),
}
_HELD_LW = 3.4


# --- court figures: shared parts -------------------------------------------------

def _held(c: Canvas, suit: str, hand: tuple[float, float], tilt: float = 0.0) -> None:
    """The suit symbol placed so its grip point lands in the hand."""
    hold = _HOLDS[suit]
    angle = hold.angle + tilt
    s = hold.size / PIP
    ax, ay = xf([("M", *hold.anchor)], angle=angle, sx=s)[0][1:]
    suit_at(c, suit, hand[0] - ax, hand[1] - ay, hold.size, angle, _HELD_LW)


def draw_hand(c: Canvas, x: float, y: float) -> None:
    shape(c, circle(x, y, 3.4), FLESH, LW)


def arm(c: Canvas, joints: Sequence[Joint], sleeve: str) -> None:
    """A sleeved arm as a chain of joints, with a white cuff at the wrist."""
    union(c, tube(joints), sleeve, LW / 2)
    (x0, y0, _), (x, y, r) = joints[-2], joints[-1]
    shape(c, ellipse(x, y, r + 1.0, 1.7, angle=math.degrees(math.atan2(y - y0, x - x0)) + 90), ARGENT,
          LW * 0.6)


def arm_with_symbol(c: Canvas, suit: str, shoulder: tuple[float, float], riding: bool = False,
                    tilt: float = 0.0) -> None:
    """The arm that shows the suit: sleeve, then the symbol, then the hand closing on it."""
    hold = _HOLDS[suit]
    (ex, ey), (hx, hy) = hold.ride if riding else hold.stand
    sx, sy = shoulder
    hand = (sx + hx, sy + hy)
    wrist = (sx + ex + 0.75 * (hx - ex), sy + ey + 0.75 * (hy - ey), 3.6)
    arm(c, [(sx, sy, 5.2), (sx + ex, sy + ey, 4.4), wrist], SCHEMES[suit].garment)
    _held(c, suit, hand, tilt)
    draw_hand(c, *hand)


def _face(c: Canvas, x: float, y: float, beard: bool, hair: str) -> None:
    """A round face with dot eyes, a nose stroke and a mouth; a king gets beard and moustache."""
    shape(c, ellipse(x, y, 9.5, 11), FLESH, LW)
    c.setFillColor(col(INK))
    for dx in (-3.6, 3.6):
        c.circle(x + dx, y + 2.2, 1.1, stroke=0, fill=1)
        stroke(c, [("M", x + dx - 2.2, y + 5), ("L", x + dx + 2.2, y + 5)], INK, 0.8)
    stroke(c, [("M", x, y + 1.5), ("L", x - 1.2, y - 2.5), ("L", x + 0.8, y - 2.8)], FLESH_SHADE, 0.9)
    if beard:
        shape(c, [("M", x - 9.4, y + 1), ("C", x - 10, y - 12, x - 5, y - 21, x, y - 22),
                  ("C", x + 5, y - 21, x + 10, y - 12, x + 9.4, y + 1),
                  ("C", x + 7, y - 6, x + 4, y - 6, x, y - 6.5),
                  ("C", x - 4, y - 6, x - 7, y - 6, x - 9.4, y + 1), ("Z",)], hair, LW)
        shape(c, [("M", x, y - 4.2), ("C", x - 3, y - 3, x - 6, y - 4.5, x - 7, y - 7),
                  ("C", x - 4, y - 6, x - 2, y - 6, x, y - 5.8), ("C", x + 2, y - 6, x + 4, y - 6, x + 7, y - 7),
                  ("C", x + 6, y - 4.5, x + 3, y - 3, x, y - 4.2), ("Z",)], hair, LW * 0.6)
        stroke(c, [("M", x - 2.5, y - 8.6), ("L", x + 2.5, y - 8.6)], GULES_DARK, 1.0)
    else:
        stroke(c, [("M", x - 3, y - 5.5), ("C", x - 1, y - 7, x + 1, y - 7, x + 3, y - 5.5)], GULES_DARK, 1.0)
        c.setFillColor(col(mix(FLESH, GULES, 0.25)))
        for dx in (-5.5, 5.5):
            c.circle(x + dx, y - 2.5, 1.8, stroke=0, fill=1)


def _hair_back(c: Canvas, x: float, y: float, hair: str, long: bool) -> None:
    """Hair behind the face: a page-boy bob for the young, longer locks for the king."""
    drop = 15 if long else 9
    shape(c, [("M", x - 12, y + 4), ("C", x - 13, y + 16, x + 13, y + 16, x + 12, y + 4),
              ("L", x + 12.5, y - drop), ("C", x + 6, y - drop - 2, x - 6, y - drop - 2, x - 12.5, y - drop),
              ("Z",)], hair, LW)


def _cap(c: Canvas, x: float, y: float, scheme: Scheme) -> None:
    """A young man's flat cap in the mantle colour, with a feather in the trim colour."""
    shape(c, [("M", x - 3, y + 12), ("C", x + 6, y + 24, x + 16, y + 24, x + 20, y + 17),
              ("C", x + 14, y + 19, x + 8, y + 17, x - 3, y + 12), ("Z",)], scheme.trim, LW)
    shape(c, [("M", x - 11, y + 10), ("C", x - 11, y + 20, x + 11, y + 20, x + 11, y + 10), ("Z",)],
          scheme.cape, LW)
    shape(c, ellipse(x, y + 9.5, 15, 3.6), scheme.cape, LW)


def _crown(c: Canvas, x: float, y: float) -> None:
    """A gold crown of five points tipped with pearls, jewelled band."""
    top = []
    for i in range(9):
        px = x - 12 + 3 * i
        top.append((px, y + (27 if i % 2 == 0 else 19)))
    outline = poly([(x - 11, y + 9)] + top + [(x + 11, y + 9)])
    shape(c, outline, COIN, LW)
    for i in range(0, 9, 2):
        shape(c, circle(x - 12 + 3 * i, y + 28, 1.7), ARGENT, LW * 0.6)
    shape(c, rect(x - 11.5, y + 8.5, 23, 5.5), COIN, LW)
    for dx, jewel in ((-6.5, GULES), (0, AZURE), (6.5, GULES)):
        shape(c, circle(x + dx, y + 11.2, 1.6), jewel, LW * 0.5)


def head(c: Canvas, rank: str, scheme: Scheme, x: float, y: float) -> None:
    king = rank == "rey"
    hair = scheme.king_hair if king else scheme.hair
    _hair_back(c, x, y, hair, king)
    _face(c, x, y, king, hair)
    if king:
        _crown(c, x, y)
    else:
        shape(c, [("M", x - 10, y + 6), ("C", x - 8, y + 12, x + 8, y + 12, x + 10, y + 6),
                  ("C", x + 4, y + 8, x - 4, y + 8, x - 10, y + 6), ("Z",)], scheme.hair, LW * 0.7)
        _cap(c, x, y, scheme)


def collar(c: Canvas, x: float, y: float, ermine: bool) -> None:
    """A white ruff for the young, an ermine tippet for the king."""
    if ermine:
        tippet = smooth([(x - 20, y), (x - 10, y + 4), (x + 10, y + 4), (x + 20, y), (x + 13, y - 10),
                         (x, y - 13), (x - 13, y - 10)])
        shape(c, tippet, ARGENT, LW)
        c.setFillColor(col(SABLE))
        for dx, dy in ((-13, -4), (-5, -7), (5, -7), (13, -4), (0, -1)):
            c.ellipse(x + dx - 0.9, y + dy - 1.8, x + dx + 0.9, y + dy + 1.2, stroke=0, fill=1)
    else:
        shape(c, ellipse(x, y, 10, 3.4), ARGENT, LW)
