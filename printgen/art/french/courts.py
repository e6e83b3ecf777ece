"""The twelve double-headed French courts: head, hair, robe, collar and headdress per rank,
coloured by suit, assembled into a bust drawn twice (the second turned 180 degrees).

Faces, hair, crowns, collars and the object held (printgen.art.french.held) are separate
parts picked per rank, so the courts differ by suit and by rank without repeating code; the
jokers reuse the face.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printgen.art.french.held import HAND_X, HAND_Y, halberd, hand, pennant, rose, sceptre, sword, tulip
from printgen.art.french.style import (
    BLUE,
    CHEEK,
    FINE,
    FRAME_X,
    FRAME_Y,
    GOLD,
    GOLD_DARK,
    INK,
    OUTLINE,
    RED,
    RED_DARK,
    SCHEMES,
    SKIN,
    WHITE,
    Scheme,
    cross,
    dots,
    ellipse,
    frame,
    shape,
)
from printgen.art.french.suits import SUITS, draw_suit
from printgen.art.vector import Ops, bezier_at, bilateral, box, clip, clipped, line, xf

COURTS = ("jack", "queen", "king")

# --- courts: head --------------------------------------------------------------

_FACE = bilateral((0, 51.5), [("C", 6.2, 51.5, 9.2, 47.5, 9.2, 41.5),
                              ("C", 9.2, 35, 6, 29.5, 0, 29.5)])
_NECK = box(-4.2, 22, 4.2, 33)
_SHORT_HAIR = bilateral((0, 53.5), [("C", 8, 53.5, 12.2, 49.5, 12.2, 43),
                                    ("C", 12.2, 38, 12.6, 34, 11, 31),
                                    ("C", 9.8, 30, 8.6, 31, 8.2, 32.5),
                                    ("L", 0, 38)])
_LONG_HAIR = bilateral((0, 54), [("C", 9.5, 54, 13.6, 49, 13.6, 42),
                                 ("C", 13.6, 33, 15, 25, 19, 17),
                                 ("C", 15.5, 15.5, 12, 16, 9.6, 18.5),
                                 ("C", 9.2, 24, 8.8, 29, 7.5, 33),
                                 ("L", 0, 38)])
_BEARD = bilateral((0, 33.2), [("C", 3.5, 33.2, 6.5, 35, 8.8, 40.5),
                               ("L", 10.2, 41),
                               ("C", 10.6, 31, 7, 22.5, 0, 19.5)])
_MOUSTACHE = bilateral((0, 36.6), [("C", 2.5, 37.4, 5.2, 36.8, 6.6, 34.2),
                                   ("C", 4.6, 35.2, 2, 35.2, 0, 35.6)])


def face(c: Canvas, lips: Color, grin: bool = False) -> None:
    """Skin, eyes, brows, nose, cheeks and mouth: the same face under every headdress."""
    shape(c, _FACE, SKIN)
    for side in (-1, 1):
        shape(c, ellipse(side * 5.3, 37.6, 1.7, 1.3), CHEEK, 0)
        shape(c, ellipse(side * 3.6, 42.2, 1.15, 0.95), INK, 0)
        line(c, [("M", side * 1.6, 45.0), ("C", side * 3, 45.9, side * 4.6, 45.9, side * 5.8, 45.2)],
             INK, FINE)
    line(c, [("M", 0.3, 43.2), ("C", -0.4, 41.2, -1.3, 39.4, -1.0, 38.4),
             ("C", -0.6, 37.6, 0.4, 37.7, 1.0, 38.2)], INK, FINE)
    if grin:
        shape(c, [("M", -4.2, 35.2), ("C", -2.5, 31.4, 2.5, 31.4, 4.2, 35.2),
                  ("C", 1.8, 34.0, -1.8, 34.0, -4.2, 35.2), ("Z",)], lips, FINE)
    else:
        shape(c, ellipse(0, 34.3, 2.1, 0.75), lips, 0)


# --- courts: robes and collars -----------------------------------------------------

_ROBE = bilateral((0, 27), [("L", 5, 28.5), ("C", 10, 28, 15.5, 27, 19.5, 24.5),
                            ("C", 23.5, 22, 26, 17, 27, 10), ("L", 28, -2), ("L", 0, -2)])
_PANEL = bilateral((0, 27.6), [("L", 7.2, 27.8), ("L", 9.6, -2), ("L", 0, -2)])
_JACK_COLLAR = bilateral((0, 23.5), [("L", 6.5, 28.6), ("C", 9.5, 27.8, 12, 26, 13.2, 23.2),
                                     ("C", 9, 21.6, 4.5, 21.8, 0, 23.5)])
_NECKLINE = bilateral((0, 17.5), [("C", 4, 18.5, 8, 23.5, 9.5, 27.9), ("L", 0, 27.9)])
_ERMINE = bilateral((0, 29), [("L", 6, 29.2), ("C", 11, 28.8, 16.5, 27.6, 20.5, 25),
                              ("C", 24, 22.5, 26.2, 18.5, 27.2, 14),
                              ("C", 20, 13.5, 10, 15.5, 0, 16.5)])


def _robe(c: Canvas, scheme: Scheme) -> None:
    """Gown with piped sleeve seams, an embroidered hem band and a front panel."""
    shape(c, _ROBE, scheme.robe)
    with clipped(c, _ROBE):
        c.setFillColor(scheme.trim)
        c.rect(-40, 3.2, 80, 3.2, stroke=0, fill=1)
        dots(c, [(x, 4.8) for x in range(-24, 25, 6)], 0.9, scheme.robe, 0)
    shape(c, _PANEL, scheme.panel)
    for y in (21.0, 14.0, 7.0):
        _quatrefoil(c, 0, y, 1.9, scheme.trim)
    for seam in ([("M", 15.5, 26.3), ("C", 19, 21, 22.5, 14, 24.8, 9.2)],
                 [("M", -15.5, 26.3), ("C", -19, 21, -22.3, 13.5, -23.6, 6.4)]):
        line(c, seam, scheme.trim, 0.9)


def _quatrefoil(c: Canvas, x: float, y: float, r: float, fill: Color) -> None:
    for k in range(4):
        a = math.radians(45 + 90 * k)
        shape(c, ellipse(x + r * 0.55 * math.cos(a), y + r * 0.55 * math.sin(a), r * 0.5), fill, FINE * 0.8)


def _jack_collar(c: Canvas, _scheme: Scheme) -> None:
    shape(c, _JACK_COLLAR, WHITE)


def _queen_collar(c: Canvas, scheme: Scheme) -> None:
    """A low neckline with a string of pearls and a pendant."""
    shape(c, _NECKLINE, SKIN)
    string = ((-9.2, 26.5), (-5, 19.5), (5, 19.5), (9.2, 26.5))
    pearls = [bezier_at(string, i / 12)[:2] for i in range(13)]
    dots(c, pearls, 0.85, WHITE, 0.4)
    shape(c, bilateral((0, 21.0), [("L", 1.5, 19.3), ("L", 0, 16.8)]), scheme.trim, FINE)


def _king_collar(c: Canvas, _scheme: Scheme) -> None:
    """An ermine cape: white fur with black tails."""
    shape(c, _ERMINE, WHITE)
    for x, y in ((-20, 20.5), (-12, 22.5), (-4.5, 19.8), (4.5, 19.8), (12, 22.5), (20, 20.5)):
        _ermine_tail(c, x, y)


_ERMINE_TAIL = bilateral((0, 1.6), [("C", 0.8, 0, 1.3, -1.4, 1.0, -2.6), ("L", 0, -1.8)])


def _ermine_tail(c: Canvas, x: float, y: float) -> None:
    """An ermine spot: a tapering tail under three dots."""
    shape(c, xf(_ERMINE_TAIL, dx=x, dy=y), INK, 0)
    dots(c, [(x, y + 2.5), (x - 1.15, y + 1.9), (x + 1.15, y + 1.9)], 0.45, INK, 0)


# --- courts: headdresses -------------------------------------------------------------

_CAP = bilateral((0, 61), [("C", 9.5, 61, 16, 58, 15.5, 53),
                           ("C", 15, 50.5, 9, 49.6, 0, 50)])
_CAP_BAND = bilateral((0, 52.8), [("C", 6, 52.6, 11, 52.4, 15.4, 51.8),
                                  ("L", 15.2, 50.2), ("C", 10, 49.4, 5, 49.6, 0, 49.8)])
_FEATHER = [("M", 11, 52.5), ("C", 16, 57, 20, 61, 25, 67), ("C", 19, 65, 13, 60, 11, 52.5), ("Z",)]

_QUEEN_CROWN = bilateral((0, 58.6), [("L", 2.4, 54.2), ("L", 5.1, 57.6), ("L", 7.4, 53.6),
                                     ("L", 10.3, 56.6), ("L", 10.8, 49.2), ("L", 0, 48.9)])
_KING_CAP = bilateral((0, 63), [("C", 6, 63, 10, 59, 10.6, 53), ("L", 0, 53)])
_KING_CROWN = bilateral((0, 61.5), [("L", 2.6, 55.4), ("L", 5.3, 59), ("L", 7.9, 55),
                                    ("L", 11.4, 60.5), ("L", 11.9, 53.2), ("L", 0, 52.8)])
_KING_BAND = bilateral((0, 53.4), [("L", 12, 53.8), ("L", 12.3, 48.8), ("L", 0, 48.4)])


def _jack_head(c: Canvas, scheme: Scheme) -> None:
    """Short hair under a feathered beret worn at an angle."""
    c.saveState()
    c.translate(0, 50)
    c.rotate(-9)
    c.translate(0, -50)
    for ops, fill in ((_CAP, scheme.panel), (_CAP_BAND, scheme.trim), (_FEATHER, WHITE)):
        shape(c, ops, fill)
    line(c, [("M", 12, 53.5), ("C", 16, 58, 19, 62, 23.5, 66)], INK, FINE)
    c.restoreState()


def _queen_head(c: Canvas, _scheme: Scheme) -> None:
    """A low crown of pearl-tipped points."""
    shape(c, _QUEEN_CROWN, GOLD)
    line(c, [("M", -10.6, 51.2), ("L", 10.6, 51.2)], GOLD_DARK, FINE)
    dots(c, [(0, 59.4), (-5.1, 58.4), (5.1, 58.4), (-10.3, 57.4), (10.3, 57.4)], 1.15, WHITE)
    dots(c, [(0, 50.4), (-6, 50.3), (6, 50.3)], 0.8, RED)


def _king_head(c: Canvas, scheme: Scheme) -> None:
    """A tall crown: velvet cap, pointed rim with balls, a cross on top, a jewelled band."""
    shape(c, _KING_CAP, scheme.robe)
    shape(c, _KING_CROWN, GOLD)
    cross(c, 0, 64.2, 2.6, GOLD)
    dots(c, [(-5.3, 59.8), (5.3, 59.8), (-11.4, 61.3), (11.4, 61.3)], 1.1, GOLD)
    shape(c, _KING_BAND, GOLD)
    gems = ((0, RED), (-6.2, BLUE), (6.2, BLUE), (-10.4, RED), (10.4, RED))
    for x, fill in gems:
        shape(c, ellipse(x, 50.9, 1.25, 1.05), fill, FINE)


# --- courts: assembly ------------------------------------------------------------

_Part = Callable[[Canvas, Scheme], None]


@dataclass(frozen=True)
class _Rank:
    back_hair: Ops | None     # hair behind the shoulders
    hair: Ops | None          # hair framing the face
    collar: _Part
    head: _Part               # cap or crown
    beard: bool
    lips: Color
    held: tuple[_Part, _Part]  # for spades and hearts, for diamonds and clubs


_RANKS = {
    "jack": _Rank(None, _SHORT_HAIR, _jack_collar, _jack_head, False, RED_DARK, (halberd, pennant)),
    "queen": _Rank(_LONG_HAIR, None, _queen_collar, _queen_head, False, RED, (rose, tulip)),
    "king": _Rank(None, _SHORT_HAIR, _king_collar, _king_head, True, RED_DARK, (sword, sceptre)),
}


def _bust(c: Canvas, rank: str, suit: str) -> None:
    """One half of a court: the figure from the waist up, its suit symbol beside the head."""
    r, scheme = _RANKS[rank], SCHEMES[suit]
    shape(c, _NECK, SKIN)
    if r.back_hair is not None:
        shape(c, r.back_hair, scheme.hair)
    _robe(c, scheme)
    r.collar(c, scheme)
    if r.hair is not None:
        shape(c, r.hair, scheme.hair)
    face(c, r.lips)
    if r.beard:
        shape(c, _BEARD, scheme.hair)
        shape(c, ellipse(0, 34.4, 1.8, 0.6), r.lips, 0)
        shape(c, _MOUSTACHE, scheme.hair, FINE)
    r.head(c, scheme)
    c.saveState()
    c.translate(HAND_X, 0)
    r.held[SUITS.index(suit) >= 2](c, scheme)
    c.translate(0, HAND_Y)
    hand(c, scheme)
    c.restoreState()
    draw_suit(c, suit, -29, 52, 15)


def draw_court(c: Canvas, rank: str, suit: str) -> None:
    """The court in its frame: the bust in the upper half, the same bust turned into the lower."""
    outline = frame(c)
    for turn in (0, 180):
        c.saveState()
        c.rotate(turn)
        clip(c, box(-FRAME_X, 0, FRAME_X, FRAME_Y))
        _bust(c, rank, suit)
        c.restoreState()
    line(c, [("M", -FRAME_X, 0), ("L", FRAME_X, 0)], INK, OUTLINE)
    line(c, outline, INK, OUTLINE * 1.2)
