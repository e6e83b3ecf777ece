"""Art for a French-suited pack: suit symbols, double-headed courts, jokers and a back.

Everything is vector paths drawn in code, in the house style of
``printgen.render.emblems``: shapes are laid out on a design grid centred on
the origin and scaled to the box, one ink outline weight runs through the set,
colours come from a small palette of flat bold inks, and nothing is text or
an image.  The card layout adds the rank letters and the word JOKER.

Suit symbols are designed in a 100-unit square.  Courts and jokers share a
90 x 140 tall panel (the proportions of a 45 x 70 mm picture): a court draws
its bust in the upper half and the same bust turned 180 degrees in the lower
half, as on a double-headed card.  Faces, hair, crowns, collars and the object
held are separate parts, picked per rank, and coloured from a per-suit scheme,
so the twelve courts differ by suit and by rank without repeating code.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Callable, Sequence

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printgen.render.art.vector import (
    Ops, bezier_at, bilateral as _bilateral, box as _box, clip as _clip, clipped, ellipse, fill as _fill,
    inked_line, line as _stroke, mirror, poly, star, xf,
)

SUITS = ("spades", "hearts", "diamonds", "clubs")
COURTS = ("jack", "queen", "king")

# --- palette ---------------------------------------------------------------

_INK = HexColor("#1A1A1A")
_RED = HexColor("#C8102E")
_RED_DARK = HexColor("#8C0B20")
_BLACK = HexColor("#1A1A1A")
_GOLD = HexColor("#F2B31B")
_GOLD_DARK = HexColor("#B57E0C")
_BLUE = HexColor("#1F4E9C")
_WHITE = HexColor("#FFFFFF")
_PAPER = HexColor("#FFFDF7")
_SKIN = HexColor("#F8D5B0")
_CHEEK = HexColor("#F0A49A")
_STEEL = HexColor("#D9DFE6")
_STEEL_DARK = HexColor("#8D97A3")
_WOOD = HexColor("#8A5A2B")
_LEAF = HexColor("#2E7D32")
_HAIR_BROWN = HexColor("#5B3A1E")

# --- design grid -----------------------------------------------------------

_SUIT_GRID = 100.0             # suit symbols: a 100-unit square centred on the origin
_PANEL_W, _PANEL_H = 90.0, 140.0  # courts and jokers: a tall panel centred on the origin
_OUTLINE = 0.9                 # the one ink outline weight, in panel units
_FINE = 0.55                   # inner detail lines
_FRAME_X, _FRAME_Y = 43.2, 68.2  # the thin frame round courts and jokers

_KAPPA = 0.5523                # handle length of the pack's quarter arcs: a touch rounder than a circle

Point = tuple[float, float]

_ellipse = partial(ellipse, kappa=_KAPPA)
_limb = partial(inked_line, edge=_OUTLINE, ink=_INK)   # arms, legs, stems and staves


def _shape(c: Canvas, ops: Ops, colour: Color, width: float = _OUTLINE) -> None:
    """Fill a shape edged in the pack's ink; `width` 0 leaves it without the outline."""
    _fill(c, ops, colour, width=width, ink=_INK)


def _dots(c: Canvas, points: Sequence[Point], r: float, colour: Color, width: float = _FINE) -> None:
    for px, py in points:
        _shape(c, _ellipse(px, py, r), colour, width)


# --- suit symbols ------------------------------------------------------------

_HEART = _bilateral((0, 25), [("C", 3, 38, 13, 45, 24, 45),
                              ("C", 37, 45, 47, 35, 47, 19),
                              ("C", 47, -4, 26, -23, 0, -46)])

_SPADE = _bilateral((0, 48), [("C", 9, 34, 46, 17, 46, -7),
                              ("C", 46, -23, 35, -31, 24.5, -31),
                              ("C", 15, -31, 7, -26, 3.2, -19),
                              ("C", 4, -30, 9, -40, 19, -46),
                              ("L", 0, -46)])

_DIAMOND = _bilateral((0, 50), [("C", 9.6, 31.5, 21.6, 15, 36, 0),
                                ("C", 21.6, -15, 9.6, -31.5, 0, -50)])

_CLUB_STEM = _bilateral((0, 0), [("L", 3.2, 0), ("C", 4, -22, 9, -38, 19, -46), ("L", 0, -46)])
_CLUB = [_ellipse(0, 20.5, 20.5), _ellipse(-23, -9, 20.5), _ellipse(23, -9, 20.5),
         poly([(0, 12), (-16, -14), (16, -14)]), _CLUB_STEM]

_SUIT_SHAPES: dict[str, list[Ops]] = {
    "spades": [_SPADE], "hearts": [_HEART], "diamonds": [_DIAMOND], "clubs": _CLUB,
}
_SUIT_INK = {"spades": _BLACK, "clubs": _BLACK, "hearts": _RED, "diamonds": _RED}


def _suit(c: Canvas, suit: str, cx: float = 0.0, cy: float = 0.0, size: float = _SUIT_GRID,
          angle: float = 0.0) -> None:
    """A solid suit symbol `size` units across, centred on (cx, cy)."""
    for ops in _SUIT_SHAPES[suit]:
        _shape(c, xf(ops, angle=angle, sx=size / _SUIT_GRID, dx=cx, dy=cy), _SUIT_INK[suit], 0)


# --- courts: colour schemes --------------------------------------------------

@dataclass(frozen=True)
class _Scheme:
    robe: Color      # the gown
    panel: Color     # the front panel, cap, pennant
    trim: Color      # embroidery, cuffs, gems
    hair: Color


_SCHEMES = {
    "spades": _Scheme(robe=_BLACK, panel=_BLUE, trim=_GOLD, hair=_GOLD),
    "clubs": _Scheme(robe=_BLUE, panel=_BLACK, trim=_GOLD, hair=_HAIR_BROWN),
    "hearts": _Scheme(robe=_RED, panel=_GOLD, trim=_BLUE, hair=_GOLD),
    "diamonds": _Scheme(robe=_RED, panel=_BLUE, trim=_GOLD, hair=_HAIR_BROWN),
}

# --- courts: head --------------------------------------------------------------

_FACE = _bilateral((0, 51.5), [("C", 6.2, 51.5, 9.2, 47.5, 9.2, 41.5),
                               ("C", 9.2, 35, 6, 29.5, 0, 29.5)])
_NECK = _box(-4.2, 22, 4.2, 33)
_SHORT_HAIR = _bilateral((0, 53.5), [("C", 8, 53.5, 12.2, 49.5, 12.2, 43),
                                     ("C", 12.2, 38, 12.6, 34, 11, 31),
                                     ("C", 9.8, 30, 8.6, 31, 8.2, 32.5),
                                     ("L", 0, 38)])
_LONG_HAIR = _bilateral((0, 54), [("C", 9.5, 54, 13.6, 49, 13.6, 42),
                                  ("C", 13.6, 33, 15, 25, 19, 17),
                                  ("C", 15.5, 15.5, 12, 16, 9.6, 18.5),
                                  ("C", 9.2, 24, 8.8, 29, 7.5, 33),
                                  ("L", 0, 38)])
_BEARD = _bilateral((0, 33.2), [("C", 3.5, 33.2, 6.5, 35, 8.8, 40.5),
                                ("L", 10.2, 41),
                                ("C", 10.6, 31, 7, 22.5, 0, 19.5)])
_MOUSTACHE = _bilateral((0, 36.6), [("C", 2.5, 37.4, 5.2, 36.8, 6.6, 34.2),
                                    ("C", 4.6, 35.2, 2, 35.2, 0, 35.6)])


def _face(c: Canvas, lips: Color, grin: bool = False) -> None:
    """Skin, eyes, brows, nose, cheeks and mouth: the same face under every headdress."""
    _shape(c, _FACE, _SKIN)
    for side in (-1, 1):
        _shape(c, _ellipse(side * 5.3, 37.6, 1.7, 1.3), _CHEEK, 0)
        _shape(c, _ellipse(side * 3.6, 42.2, 1.15, 0.95), _INK, 0)
        _stroke(c, [("M", side * 1.6, 45.0), ("C", side * 3, 45.9, side * 4.6, 45.9, side * 5.8, 45.2)],
                _INK, _FINE)
    _stroke(c, [("M", 0.3, 43.2), ("C", -0.4, 41.2, -1.3, 39.4, -1.0, 38.4),
                ("C", -0.6, 37.6, 0.4, 37.7, 1.0, 38.2)], _INK, _FINE)
    if grin:
        _shape(c, [("M", -4.2, 35.2), ("C", -2.5, 31.4, 2.5, 31.4, 4.2, 35.2),
                   ("C", 1.8, 34.0, -1.8, 34.0, -4.2, 35.2), ("Z",)], lips, _FINE)
    else:
        _shape(c, _ellipse(0, 34.3, 2.1, 0.75), lips, 0)


# --- courts: robes and collars -----------------------------------------------------

_ROBE = _bilateral((0, 27), [("L", 5, 28.5), ("C", 10, 28, 15.5, 27, 19.5, 24.5),
                             ("C", 23.5, 22, 26, 17, 27, 10), ("L", 28, -2), ("L", 0, -2)])
_PANEL = _bilateral((0, 27.6), [("L", 7.2, 27.8), ("L", 9.6, -2), ("L", 0, -2)])
_JACK_COLLAR = _bilateral((0, 23.5), [("L", 6.5, 28.6), ("C", 9.5, 27.8, 12, 26, 13.2, 23.2),
                                      ("C", 9, 21.6, 4.5, 21.8, 0, 23.5)])
_NECKLINE = _bilateral((0, 17.5), [("C", 4, 18.5, 8, 23.5, 9.5, 27.9), ("L", 0, 27.9)])
_ERMINE = _bilateral((0, 29), [("L", 6, 29.2), ("C", 11, 28.8, 16.5, 27.6, 20.5, 25),
                               ("C", 24, 22.5, 26.2, 18.5, 27.2, 14),
                               ("C", 20, 13.5, 10, 15.5, 0, 16.5)])


def _robe(c: Canvas, scheme: _Scheme) -> None:
    """Gown with piped sleeve seams, an embroidered hem band and a front panel."""
    _shape(c, _ROBE, scheme.robe)
    with clipped(c, _ROBE):
        c.setFillColor(scheme.trim)
        c.rect(-40, 3.2, 80, 3.2, stroke=0, fill=1)
        _dots(c, [(x, 4.8) for x in range(-24, 25, 6)], 0.9, scheme.robe, 0)
    _shape(c, _PANEL, scheme.panel)
    for y in (21.0, 14.0, 7.0):
        _quatrefoil(c, 0, y, 1.9, scheme.trim)
    for seam in ([("M", 15.5, 26.3), ("C", 19, 21, 22.5, 14, 24.8, 9.2)],
                 [("M", -15.5, 26.3), ("C", -19, 21, -22.3, 13.5, -23.6, 6.4)]):
        _stroke(c, seam, scheme.trim, 0.9)


def _quatrefoil(c: Canvas, x: float, y: float, r: float, fill: Color) -> None:
    for k in range(4):
        a = math.radians(45 + 90 * k)
        _shape(c, _ellipse(x + r * 0.55 * math.cos(a), y + r * 0.55 * math.sin(a), r * 0.5), fill, _FINE * 0.8)


def _jack_collar(c: Canvas, _scheme: _Scheme) -> None:
    _shape(c, _JACK_COLLAR, _WHITE)


def _queen_collar(c: Canvas, scheme: _Scheme) -> None:
    """A low neckline with a string of pearls and a pendant."""
    _shape(c, _NECKLINE, _SKIN)
    string = ((-9.2, 26.5), (-5, 19.5), (5, 19.5), (9.2, 26.5))
    pearls = [bezier_at(string, i / 12)[:2] for i in range(13)]
    _dots(c, pearls, 0.85, _WHITE, 0.4)
    _shape(c, _bilateral((0, 21.0), [("L", 1.5, 19.3), ("L", 0, 16.8)]), scheme.trim, _FINE)


def _king_collar(c: Canvas, _scheme: _Scheme) -> None:
    """An ermine cape: white fur with black tails."""
    _shape(c, _ERMINE, _WHITE)
    for x, y in ((-20, 20.5), (-12, 22.5), (-4.5, 19.8), (4.5, 19.8), (12, 22.5), (20, 20.5)):
        _ermine_tail(c, x, y)


_ERMINE_TAIL = _bilateral((0, 1.6), [("C", 0.8, 0, 1.3, -1.4, 1.0, -2.6), ("L", 0, -1.8)])


def _ermine_tail(c: Canvas, x: float, y: float) -> None:
    """An ermine spot: a tapering tail under three dots."""
    _shape(c, xf(_ERMINE_TAIL, dx=x, dy=y), _INK, 0)
    _dots(c, [(x, y + 2.5), (x - 1.15, y + 1.9), (x + 1.15, y + 1.9)], 0.45, _INK, 0)


# --- courts: headdresses -------------------------------------------------------------

_CAP = _bilateral((0, 61), [("C", 9.5, 61, 16, 58, 15.5, 53),
                            ("C", 15, 50.5, 9, 49.6, 0, 50)])
_CAP_BAND = _bilateral((0, 52.8), [("C", 6, 52.6, 11, 52.4, 15.4, 51.8),
                                   ("L", 15.2, 50.2), ("C", 10, 49.4, 5, 49.6, 0, 49.8)])
_FEATHER = [("M", 11, 52.5), ("C", 16, 57, 20, 61, 25, 67), ("C", 19, 65, 13, 60, 11, 52.5), ("Z",)]

_QUEEN_CROWN = _bilateral((0, 58.6), [("L", 2.4, 54.2), ("L", 5.1, 57.6), ("L", 7.4, 53.6),
                                      ("L", 10.3, 56.6), ("L", 10.8, 49.2), ("L", 0, 48.9)])
_KING_CAP = _bilateral((0, 63), [("C", 6, 63, 10, 59, 10.6, 53), ("L", 0, 53)])
_KING_CROWN = _bilateral((0, 61.5), [("L", 2.6, 55.4), ("L", 5.3, 59), ("L", 7.9, 55),
                                     ("L", 11.4, 60.5), ("L", 11.9, 53.2), ("L", 0, 52.8)])
_KING_BAND = _bilateral((0, 53.4), [("L", 12, 53.8), ("L", 12.3, 48.8), ("L", 0, 48.4)])
_CROSS_ARM = [("M", 0, 0), ("L", -0.35, 0.5), ("C", -0.5, 0.8, -0.6, 0.95, -0.62, 1.0),
              ("L", 0.62, 1.0), ("C", 0.6, 0.95, 0.5, 0.8, 0.35, 0.5), ("Z",)]


def _cross(c: Canvas, x: float, y: float, r: float, fill: Color) -> None:
    """A cross patty: four flaring arms."""
    arms: Ops = []
    for k in range(4):
        arms += xf(_CROSS_ARM, angle=90 * k, sx=r, dx=x, dy=y)
    _shape(c, arms, fill, _FINE)


def _jack_head(c: Canvas, scheme: _Scheme) -> None:
    """Short hair under a feathered beret worn at an angle."""
    c.saveState()
    c.translate(0, 50)
    c.rotate(-9)
    c.translate(0, -50)
    for ops, fill in ((_CAP, scheme.panel), (_CAP_BAND, scheme.trim), (_FEATHER, _WHITE)):
        _shape(c, ops, fill)
    _stroke(c, [("M", 12, 53.5), ("C", 16, 58, 19, 62, 23.5, 66)], _INK, _FINE)
    c.restoreState()


def _queen_head(c: Canvas, _scheme: _Scheme) -> None:
    """A low crown of pearl-tipped points."""
    _shape(c, _QUEEN_CROWN, _GOLD)
    _stroke(c, [("M", -10.6, 51.2), ("L", 10.6, 51.2)], _GOLD_DARK, _FINE)
    _dots(c, [(0, 59.4), (-5.1, 58.4), (5.1, 58.4), (-10.3, 57.4), (10.3, 57.4)], 1.15, _WHITE)
    _dots(c, [(0, 50.4), (-6, 50.3), (6, 50.3)], 0.8, _RED)


def _king_head(c: Canvas, scheme: _Scheme) -> None:
    """A tall crown: velvet cap, pointed rim with balls, a cross on top, a jewelled band."""
    _shape(c, _KING_CAP, scheme.robe)
    _shape(c, _KING_CROWN, _GOLD)
    _cross(c, 0, 64.2, 2.6, _GOLD)
    _dots(c, [(-5.3, 59.8), (5.3, 59.8), (-11.4, 61.3), (11.4, 61.3)], 1.1, _GOLD)
    _shape(c, _KING_BAND, _GOLD)
    gems = ((0, _RED), (-6.2, _BLUE), (6.2, _BLUE), (-10.4, _RED), (10.4, _RED))
    for x, fill in gems:
        _shape(c, _ellipse(x, 50.9, 1.25, 1.05), fill, _FINE)


# --- courts: held objects --------------------------------------------------------
# Drawn round a staff on x = 0; the bust shifts them to the hand at the figure's side.

_HAND_X, _HAND_Y = 31.0, 12.5   # the hand holding the object
_SHAFT = _box(-0.7, 2.0, 0.7, 58.0)


def _sword(c: Canvas, _scheme: _Scheme) -> None:
    _shape(c, _bilateral((0, 62), [("L", 1.3, 57), ("L", 1.3, 17), ("L", 0, 17)]), _STEEL)
    _stroke(c, [("M", 0, 19), ("L", 0, 56)], _STEEL_DARK, _FINE)
    _shape(c, _box(-1, 7.5, 1, 16.5), _WOOD)
    _shape(c, _bilateral((0, 18.8), [("L", 4.8, 19.4), ("C", 6, 19.4, 6, 16.2, 4.8, 16.2), ("L", 0, 16.6)]),
           _GOLD)
    _dots(c, [(0, 6.6)], 1.6, _GOLD)


def _sceptre(c: Canvas, _scheme: _Scheme) -> None:
    _shape(c, _box(-0.9, 3, 0.9, 50.5), _GOLD)
    for y in (20.0, 32.0, 44.0):
        _shape(c, _box(-1.5, y, 1.5, y + 1.4), _GOLD_DARK, _FINE)
    _shape(c, _ellipse(0, 53.6, 3.4), _GOLD)
    _stroke(c, [("M", -3.4, 53.6), ("C", -2, 52.4, 2, 52.4, 3.4, 53.6)], _GOLD_DARK, _FINE)
    _cross(c, 0, 59.3, 2.4, _GOLD)


_LEAF_SHAPE = [("M", 0, 0), ("C", 2, 1.7, 5, 1.9, 7, 0), ("C", 5, -1.9, 2, -1.7, 0, 0), ("Z",)]


def _stem(c: Canvas, top: float) -> None:
    """A green stalk with a leaf each side, rising from the hand."""
    _limb(c, [("M", 0, 10), ("C", -1, 22, 2, 32, 0, top)], _LEAF, 1.0)
    _shape(c, xf(_LEAF_SHAPE, angle=30, dx=0.6, dy=25), _LEAF, _FINE)
    _shape(c, xf(_LEAF_SHAPE, angle=150, dx=0.2, dy=31), _LEAF, _FINE)


def _rose(c: Canvas, _scheme: _Scheme) -> None:
    _stem(c, 43)
    for k in range(5):
        a = math.radians(90 + 72 * k)
        _shape(c, _ellipse(2.4 * math.cos(a), 46.2 + 2.4 * math.sin(a), 2.4), _RED)
    _shape(c, _ellipse(0, 46.2, 1.5), _GOLD, _FINE)


_TULIP = _bilateral((0, 45.8), [("L", 1.7, 49.4), ("L", 2.8, 47), ("L", 4.4, 49.8),
                                ("C", 4.8, 45, 3.8, 42, 0, 41.8)])


def _tulip(c: Canvas, _scheme: _Scheme) -> None:
    _stem(c, 43)
    _shape(c, _TULIP, _RED)


_HALBERD_BLADE = [("M", 0.7, 57.6), ("C", 3, 57.4, 5.6, 58, 7.6, 59.6), ("C", 8.8, 56, 8.8, 51.4, 7.4, 48.2),
                  ("C", 5.6, 49.8, 3, 50.2, 0.7, 50.2), ("Z",)]


def _halberd(c: Canvas, _scheme: _Scheme) -> None:
    _shape(c, _SHAFT, _WOOD)
    _shape(c, _bilateral((0, 66), [("L", 1.0, 57.5), ("L", 0, 56.5)]), _STEEL)
    _shape(c, _HALBERD_BLADE, _STEEL)
    _shape(c, poly([(-0.7, 55.8), (-5, 53.2), (-0.7, 52.0)]), _STEEL)


_FLAG = poly([(0.7, 58.6), (12.5, 55.8), (8.4, 54.2), (12.5, 52.6), (0.7, 49.8)])


def _pennant(c: Canvas, scheme: _Scheme) -> None:
    _shape(c, _SHAFT, _WOOD)
    _shape(c, _FLAG, scheme.panel)
    _stroke(c, [("M", 0.8, 54.3), ("L", 9.2, 54.2)], scheme.trim, 1.1)
    _dots(c, [(0, 59.3)], 1.5, _GOLD)


def _hand(c: Canvas, scheme: _Scheme) -> None:
    """The fist round the staff, coming out of a cuff at the end of the sleeve."""
    _shape(c, poly([(-6.2, -3.4), (-2.6, -3.8), (-2.6, 3.8), (-6.2, 3.2)]), scheme.trim)
    _shape(c, _ellipse(0, 0, 3.0, 3.0), _SKIN)
    for dy in (-1.0, 0.0, 1.0):
        _stroke(c, [("M", -2.0, dy), ("L", 0.5, dy)], _INK, _FINE * 0.7)


# --- courts: assembly ------------------------------------------------------------

_Part = Callable[[Canvas, _Scheme], None]


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
    "jack": _Rank(None, _SHORT_HAIR, _jack_collar, _jack_head, False, _RED_DARK, (_halberd, _pennant)),
    "queen": _Rank(_LONG_HAIR, None, _queen_collar, _queen_head, False, _RED, (_rose, _tulip)),
    "king": _Rank(None, _SHORT_HAIR, _king_collar, _king_head, True, _RED_DARK, (_sword, _sceptre)),
}


def _bust(c: Canvas, rank: str, suit: str) -> None:
    """One half of a court: the figure from the waist up, its suit symbol beside the head."""
    r, scheme = _RANKS[rank], _SCHEMES[suit]
    _shape(c, _NECK, _SKIN)
    if r.back_hair is not None:
        _shape(c, r.back_hair, scheme.hair)
    _robe(c, scheme)
    r.collar(c, scheme)
    if r.hair is not None:
        _shape(c, r.hair, scheme.hair)
    _face(c, r.lips)
    if r.beard:
        _shape(c, _BEARD, scheme.hair)
        _shape(c, _ellipse(0, 34.4, 1.8, 0.6), r.lips, 0)
        _shape(c, _MOUSTACHE, scheme.hair, _FINE)
    r.head(c, scheme)
    c.saveState()
    c.translate(_HAND_X, 0)
    r.held[SUITS.index(suit) >= 2](c, scheme)
    c.translate(0, _HAND_Y)
    _hand(c, scheme)
    c.restoreState()
    _suit(c, suit, -29, 52, 15)


def _frame(c: Canvas) -> Ops:
    outline = _box(-_FRAME_X, -_FRAME_Y, _FRAME_X, _FRAME_Y)
    _shape(c, outline, _PAPER, 0)
    return outline


def _court(c: Canvas, rank: str, suit: str) -> None:
    outline = _frame(c)
    for turn in (0, 180):
        c.saveState()
        c.rotate(turn)
        _clip(c, _box(-_FRAME_X, 0, _FRAME_X, _FRAME_Y))
        _bust(c, rank, suit)
        c.restoreState()
    _stroke(c, [("M", -_FRAME_X, 0), ("L", _FRAME_X, 0)], _INK, _OUTLINE)
    _stroke(c, outline, _INK, _OUTLINE * 1.2)


# --- jokers --------------------------------------------------------------------------
# A full-length jester: three-horned cap with bells, ruff, motley tunic, parti-coloured
# tights, curled shoes, and a bauble (marotte) on a stick.  The head reuses the court face.


@dataclass(frozen=True)
class _Motley:
    main: Color      # the colour the joker is known by
    second: Color    # the other half of the motley
    ground: Color    # pale halo behind the figure


_MOTLEYS = {
    "red": _Motley(main=_RED, second=_GOLD, ground=HexColor("#FBE3E3")),
    "black": _Motley(main=_BLACK, second=_WHITE, ground=HexColor("#E6E8EC")),
}
_HEAD_DROP = -12.0   # the jester's head is the court head moved down the panel

_HORN_SIDE = [("M", -3, 53), ("C", -6, 62, -16, 66, -22, 60.5), ("C", -25, 57.5, -27, 52, -28, 47),
              ("C", -24, 51, -19, 52.5, -12.6, 49.8), ("Z",)]
_HORN_TOP = [("M", -4.6, 53), ("C", -5.2, 61, -3.5, 67, 3.5, 70.5), ("C", 1.2, 65, 3, 59, 4.6, 53), ("Z",)]
_JESTER_BAND = _bilateral((0, 53.4), [("C", 7, 53.4, 11, 52.4, 12.8, 50.2), ("L", 12.4, 47.6),
                                      ("C", 9, 49.2, 5, 49.8, 0, 49.8)])
_TUNIC = _bilateral((0, 13), [("L", 8, 13.6), ("C", 12.5, 13.2, 15, 11, 15.6, 7),
                              ("L", 13.8, -8), ("C", 15.2, -14, 17, -19, 18.5, -23), ("L", 0, -23)])
_SHOE = [("M", 7.5, -52), ("C", 8, -57, 12, -59, 17, -58.5), ("C", 20.5, -58, 22.5, -55.5, 21.5, -52.5),
         ("C", 20, -54.3, 17.5, -54.6, 14.5, -53.2), ("C", 13, -51.2, 10, -50.6, 7.5, -52), ("Z",)]
_HALO = _bilateral((0, 64), [("C", 22, 58, 38, 30, 38, 0), ("C", 38, -30, 22, -58, 0, -64)])


def _bell(c: Canvas, x: float, y: float, r: float) -> None:
    _shape(c, _ellipse(x, y, r), _GOLD)
    _stroke(c, [("M", x - 0.6 * r, y - 0.15 * r), ("L", x + 0.6 * r, y - 0.15 * r)], _INK, _FINE)
    _dots(c, [(x, y - 0.5 * r)], 0.22 * r, _INK, 0)


def _jester_cap(c: Canvas, m: _Motley) -> None:
    """Two drooping side horns in the main colour, an upright one in the second, all belled."""
    for horn in (_HORN_SIDE, mirror(_HORN_SIDE)):
        _shape(c, horn, m.main)
    _shape(c, _HORN_TOP, m.second)
    _shape(c, _JESTER_BAND, _GOLD)
    _dots(c, [(-6, 51.2), (0, 51.6), (6, 51.2)], 0.8, m.main)
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
        _shape(c, poly([at(4, 2, a0), at(15, 7.5, a0), tip, at(15, 7.5, a1), at(4, 2, a1)]),
               m.second if k % 2 else m.main)
        _dots(c, [tip], 1.0, _GOLD)


def _tunic(c: Canvas, m: _Motley) -> None:
    """Harlequin lozenges clipped to the tunic, a dagged hem and a gold belt."""
    for k in range(7):
        x = -15 + 5 * k
        _shape(c, poly([(x - 2.5, -21), (x, -27), (x + 2.5, -21)]), m.second if k % 2 else m.main)
    _shape(c, _TUNIC, m.main)
    with clipped(c, _TUNIC):
        for i in range(-2, 3):
            for j in range(-2, 2):
                x, y = 9.0 * i, 2.0 + 12.0 * j
                _shape(c, poly([(x, y - 6), (x + 4.5, y), (x, y + 6), (x - 4.5, y)]), m.second, _FINE)
    _stroke(c, _TUNIC, _INK, _OUTLINE)
    _shape(c, _box(-14.6, -10.4, 14.6, -6.6), _GOLD)
    _shape(c, _box(-2.4, -11.2, 2.4, -5.8), _GOLD_DARK, _FINE)


def _marotte(c: Canvas, m: _Motley) -> None:
    """A bauble: a little jester's head on a stick, held out by the right hand."""
    _limb(c, [("M", 23.6, -12.5), ("L", 30.4, 15.5)], _WOOD, 1.2)
    hx, hy = 31.2, 19.2
    for side in (-1, 1):
        _shape(c, poly([(hx + side * 1.5, hy + 2.6), (hx + side * 6.5, hy + 5.5), (hx + side * 3.5, hy + 1)]),
               m.main)
        _bell(c, hx + side * 6.5, hy + 5.5, 1.3)
    _shape(c, _ellipse(hx, hy, 3.4, 3.6), _SKIN)
    _dots(c, [(hx - 1.2, hy + 0.6), (hx + 1.2, hy + 0.6)], 0.4, _INK, 0)
    _stroke(c, [("M", hx - 1.6, hy - 1.2), ("C", hx - 0.6, hy - 2.3, hx + 0.6, hy - 2.3, hx + 1.6, hy - 1.2)],
            _INK, _FINE)


def _jester_limbs(c: Canvas, m: _Motley) -> None:
    """Legs in the two colours, shoes with bells, and the arms: one on the hip, one holding the stick."""
    for sign, colour in ((1, m.main), (-1, m.second)):
        _limb(c, [("M", sign * 6, -18), ("C", sign * 8, -32, sign * 10, -42, sign * 10.5, -53)], colour, 6.0)
        _shape(c, _SHOE if sign > 0 else mirror(_SHOE), colour)
        _bell(c, sign * 21.6, -52.2, 1.5)
    _limb(c, [("M", -13, 8), ("C", -20, 2, -24, -4, -22, -8), ("L", -15, -9)], m.second, 4.6)
    _shape(c, _ellipse(-14.2, -9, 2.6), _SKIN)
    _limb(c, [("M", 13, 8), ("C", 20, 3, 22, -3, 24, -7)], m.second, 4.6)
    _shape(c, _ellipse(24.6, -8.5, 2.6), _SKIN)


def _joker(c: Canvas, colour: str) -> None:
    m = _MOTLEYS[colour]
    outline = _frame(c)
    _shape(c, _HALO, m.ground, 0)
    c.saveState()
    c.scale(1.06, 1.06)
    _jester_limbs(c, m)
    _tunic(c, m)
    _marotte(c, m)
    _shape(c, _box(-3.6, 12, 3.6, 19), _SKIN)
    _ruff(c, m)
    c.saveState()
    c.translate(0, _HEAD_DROP)
    _face(c, _RED, grin=True)
    _jester_cap(c, m)
    c.restoreState()
    c.restoreState()
    _stroke(c, outline, _INK, _OUTLINE * 1.2)


# --- back ------------------------------------------------------------------------------
# A blue diaper: a lattice of lozenges with a dot at every crossing and a small star in
# every lozenge, inside a border band with a chain of lozenges and a medallion in the middle.
# It is laid out for the box it fills and is centred on a lattice point, so it looks the
# same turned 180 degrees.

_BACK_BLUE = HexColor("#1F4E9C")
_BACK_DEEP = HexColor("#163B78")
_BACK_LINE = HexColor("#7FA3DA")


def _star4(cx: float, cy: float, r: float) -> Ops:
    """A four-pointed star, points on the axes."""
    return star(cx, cy, r, points=4, inner=0.32, start=0.0)


def _lattice(c: Canvas, hw: float, hh: float, unit: float) -> None:
    """The diaper field filling the rectangle of half-sizes hw x hh, centred on a crossing."""
    cols = max(2, round(2 * hw / unit / 2) * 2)
    cw = 2 * hw / cols
    rows = max(2, round(2 * hh / (1.35 * cw) / 2) * 2)
    ch = 2 * hh / rows
    c.setFillColor(_BACK_BLUE)
    c.rect(-hw, -hh, 2 * hw, 2 * hh, stroke=0, fill=1)
    c.setStrokeColor(_BACK_LINE)
    c.setLineWidth(0.09 * cw)
    span = cols + rows
    for k in range(-span, span + 1):
        # both families of diagonals through the crossings; the caller clips them to the field
        c.line(k * cw - span * cw, -span * ch, k * cw + span * cw, span * ch)
        c.line(k * cw + span * cw, -span * ch, k * cw - span * cw, span * ch)
    for i in range(-cols, cols + 1):
        for j in range(-rows, rows + 1):
            x, y = i * cw / 2, j * ch / 2
            if abs(i) == cols or abs(j) == rows:
                continue
            if (i + j) % 2 == 0:
                _shape(c, _ellipse(x, y, 0.07 * cw), _WHITE, 0)
            else:
                _shape(c, _star4(x, y, 0.2 * cw), _WHITE, 0)


def _back(c: Canvas, w: float, h: float) -> None:
    m = min(w, h)
    hw, hh = w / 2, h / 2
    c.setFillColor(_WHITE)
    c.rect(-hw, -hh, w, h, stroke=0, fill=1)
    edge = 0.045 * m
    band = 0.075 * m
    c.setFillColor(_BACK_DEEP)
    c.roundRect(-hw + edge, -hh + edge, w - 2 * edge, h - 2 * edge, 0.035 * m, stroke=0, fill=1)
    inner = edge + band
    with clipped(c, _box(-hw + inner, -hh + inner, hw - inner, hh - inner)):
        _lattice(c, hw - inner, hh - inner, 0.16 * m)
    c.setStrokeColor(_WHITE)
    c.setLineWidth(0.012 * m)
    c.rect(-hw + inner, -hh + inner, w - 2 * inner, h - 2 * inner, stroke=1, fill=0)
    c.setLineWidth(0.006 * m)
    off = edge + 0.009 * m
    c.roundRect(-hw + off, -hh + off, w - 2 * off, h - 2 * off, 0.026 * m, stroke=1, fill=0)
    _border_chain(c, hw - edge - band / 2 - 0.002 * m, hh - edge - band / 2 - 0.002 * m, 0.021 * m)
    _medallion(c, 0.17 * m)


def _border_chain(c: Canvas, hw: float, hh: float, r: float) -> None:
    """White lozenges evenly along the middle of the border band, a star on each corner."""
    for sx in (-1, 1):
        for sy in (-1, 1):
            _shape(c, _star4(sx * hw, sy * hh, 1.4 * r), _WHITE, 0)
    lozenge = poly([(-0.7 * r, 0), (0, r), (0.7 * r, 0), (0, -r)])
    for half, other, angle in ((hw, hh, 0.0), (hh, hw, 90.0)):
        count = max(2, round(2 * half / (3.2 * r)))
        for k in range(1, count):
            t = -half + 2 * half * k / count
            for sign in (-1, 1):
                x, y = (t, sign * other) if angle == 0 else (sign * other, t)
                _shape(c, xf(lozenge, angle=angle, dx=x, dy=y), _WHITE, 0)


def _medallion(c: Canvas, r: float) -> None:
    """An oval in the middle: white ring, deep blue field, a ring of pearls and an eight-pointed rosette."""
    _shape(c, _ellipse(0, 0, 0.82 * r, 1.08 * r), _WHITE, 0)
    _shape(c, _ellipse(0, 0, 0.72 * r, 0.98 * r), _BACK_DEEP, 0)
    ring = [(0.6 * r * math.cos(math.radians(a)), 0.84 * r * math.sin(math.radians(a))) for a in range(0, 360, 30)]
    _dots(c, ring, 0.045 * r, _WHITE, 0)
    for turn in (0, 45):
        _shape(c, xf(_star4(0, 0, 0.5 * r), angle=turn), _WHITE if turn == 0 else _BACK_LINE, 0)
    _shape(c, _ellipse(0, 0, 0.14 * r), _BACK_DEEP, 0)


# --- public interface -----------------------------------------------------------------

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
    canvas.saveState()
    try:
        canvas.translate(x + w / 2.0, y + h / 2.0)
        canvas.rotate(rotation)
        canvas.setLineJoin(1)
        canvas.setLineCap(1)
        canvas.setDash([])
        if name in SUITS:
            canvas.scale(min(w, h) / _SUIT_GRID, min(w, h) / _SUIT_GRID)
            _suit(canvas, name)
        elif name == _BACK:
            # The back is laid out for the box itself (sides swapped when turned a quarter),
            # so it fills the box edge to edge.
            turns = rotation / 90.0
            quarter = abs(turns - round(turns)) < 1e-9 and round(turns) % 2 == 1
            bw, bh = (h, w) if quarter else (w, h)
            s = _fit(w, h, bw, bh, rotation)
            canvas.scale(s, s)
            _back(canvas, bw, bh)
        else:
            s = _fit(w, h, _PANEL_W, _PANEL_H, rotation)
            canvas.scale(s, s)
            if name in _JOKERS:
                _joker(canvas, name.split("-")[1])
            else:
                rank, suit = name.split("-")
                _court(canvas, rank, suit)
    finally:
        canvas.restoreState()
