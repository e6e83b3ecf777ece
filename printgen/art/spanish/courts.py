"""The twelve Spanish courts in their three poses: the sota (a standing youth) and the rey
(a crowned, bearded king in a gown) on foot, and the caballo, a rider on a walking horse.

Each pose is assembled from the shared parts in printgen.art.spanish.figures on a
100 x 160 grid, standing on a patch of earth as on the old printed packs.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from printgen.art.spanish.figures import SCHEMES, Scheme, arm, arm_with_symbol, collar, draw_hand, head
from printgen.art.spanish.style import COIN, GROUND, GROUND_EARTH, LW, WOOD, WOOD_DARK, shape, smooth, stroke, union
from printgen.art.vector import (
    GULES,
    GULES_DARK,
    INK,
    SABLE,
    Joint,
    circle,
    clipped,
    col,
    ellipse,
    mix,
    poly,
    rect,
    tube,
)

COURTS = ("sota", "caballo", "rey")


# --- standing figures: sota and rey ----------------------------------------------

_SHOULDER = 16.0
_NECK_Y = 29.0
_HEAD_Y = 42.0


def _legs(c: Canvas, scheme: Scheme) -> None:
    for sx in (-1, 1):
        union(c, tube([(sx * 7, -26, 4.8), (sx * 8, -50, 3.8), (sx * 8.5, -70, 3.2)]), scheme.hose, LW / 2)
        shape(c, ellipse(sx * 10.5, -72.5, 6, 3), SABLE, LW)


def _tunic(c: Canvas, scheme: Scheme) -> None:
    """Knee-length tunic with a belt and a hem band in the trim colour."""
    body = smooth([(-_SHOULDER, _NECK_Y - 2), (0, _NECK_Y + 1), (_SHOULDER, _NECK_Y - 2), (13, 6), (12, -6),
                   (22, -38), (0, -40), (-22, -38), (-12, -6), (-13, 6)])
    shape(c, body, scheme.garment, LW)
    with clipped(c, body):
        shape(c, rect(-30, -46, 60, 10), scheme.trim, LW * 0.7)
        shape(c, rect(-30, -9, 60, 5), scheme.trim, LW * 0.7)
        stroke(c, [("M", 0, 28), ("L", 0, -9)], mix(scheme.garment, INK, 0.35), 1.0)
    shape(c, rect(-3, -9, 6, 5), COIN, LW * 0.7)


def _mantle(c: Canvas, colour: str, hem: float, spread: float) -> None:
    """A cloak hanging from the shoulders behind the body."""
    shape(c, smooth([(-_SHOULDER - 2, _NECK_Y), (0, _NECK_Y + 3), (_SHOULDER + 2, _NECK_Y),
                     (spread, hem + 8), (spread - 4, hem), (0, hem - 2), (-spread + 4, hem), (-spread, hem + 8)]),
          colour, LW)


def _robe(c: Canvas, scheme: Scheme) -> None:
    """A king's gown to the ground with a gold orphrey down the front and a gold hem."""
    body = smooth([(-_SHOULDER, _NECK_Y - 2), (0, _NECK_Y + 1), (_SHOULDER, _NECK_Y - 2), (15, 0),
                   (25, GROUND + 6), (0, GROUND + 3), (-25, GROUND + 6), (-15, 0)])
    for sx in (-1, 1):
        shape(c, ellipse(sx * 8, GROUND + 2.5, 6, 3), SABLE, LW)
    shape(c, body, scheme.garment, LW)
    with clipped(c, body):
        shape(c, rect(-40, GROUND - 4, 80, 14), scheme.trim, LW * 0.7)
        shape(c, rect(-4, GROUND, 8, 110), scheme.trim, LW * 0.7)
        for y in range(-60, 20, 12):
            shape(c, circle(0, y, 1.6), GULES, 0)
        shape(c, rect(-30, -6, 60, 5), COIN, LW * 0.7)


def _idle_arm(c: Canvas, sleeve: str, hand: tuple[float, float]) -> None:
    """The arm not holding the symbol, resting at the belt."""
    arm(c, [(-_SHOULDER + 1, _NECK_Y - 4, 5.2), (-21, 8, 4.4), (hand[0] - 1.5, hand[1] + 1.5, 3.6)], sleeve)
    draw_hand(c, *hand)


def _ground(c: Canvas, half: float) -> None:
    """A patch of earth under the feet, as on the courts of the old printed packs."""
    shape(c, ellipse(0, GROUND - 1.5, half, 3.2), GROUND_EARTH, LW * 0.6)


def _standing(c: Canvas, rank: str, suit: str) -> None:
    scheme = SCHEMES[suit]
    king = rank == "rey"
    _ground(c, 30)
    c.translate(-5, 0)
    _mantle(c, scheme.cape, GROUND + 4 if king else -22, 32 if king else 26)
    if king:
        _robe(c, scheme)
    else:
        _legs(c, scheme)
        _tunic(c, scheme)
    collar(c, 0, _NECK_Y, king)
    head(c, rank, scheme, 0, _HEAD_Y)
    _idle_arm(c, scheme.garment, (-12, -4))
    arm_with_symbol(c, suit, (_SHOULDER - 1, _NECK_Y - 4))


# --- the caballo: a rider on a horse ------------------------------------------------

# A horse walking to the left, as joint chains (x, y, radius); far legs are shaded.
_HORSE_BODY = [(-20, -30, 13.0), (2, -31, 13.5), (22, -29, 12.5)]
_HORSE_NECK = [(-20, -24, 11.0), (-29, -8, 8.5), (-33, 0, 7.5)]
_HORSE_HEAD = [(-34, 1, 7.5), (-45, -13, 5.2)]
_HORSE_FAR_LEGS = [
    [(-14, -38, 5.0), (-12, -56, 3.0), (-12, -72, 2.6)],
    [(24, -36, 5.5), (28, -52, 3.4), (24, -72, 2.6)],
]
_HORSE_NEAR_LEGS = [
    [(-22, -36, 5.5), (-28, -50, 3.2), (-34, -56, 2.8), (-32, -62, 2.6)],      # raised foreleg
    [(16, -36, 6.0), (20, -52, 3.4), (14, -72, 2.6)],
]
_HORSE_EAR = poly([(-36, 5), (-35, 13), (-31, 6)])
# The mane lies along the crest of the neck, ragged on its outer edge, with a forelock.
_HORSE_MANE = poly([(-31.5, 7.5), (-25, 6.5), (-24.5, 2.5), (-20, 1), (-20.5, -3), (-15.5, -5),
                    (-16, -9.5), (-11, -11), (-12, -15), (-7.5, -17.5), (-12, -20), (-27, 3)])
_HORSE_FORELOCK = poly([(-35, 7), (-30.5, 7.5), (-35, 2), (-37.5, 3)])
_HORSE_TAIL = [("M", 30, -22), ("C", 40, -22, 42, -36, 40, -46), ("C", 39, -54, 44, -60, 42, -66),
               ("C", 36, -60, 34, -54, 34, -46), ("C", 34, -38, 33, -32, 28, -30), ("Z",)]


def _hooves(c: Canvas, legs: Sequence[Sequence[Joint]]) -> None:
    for leg in legs:
        x, y, r = leg[-1]
        shape(c, ellipse(x - 0.5, y - 1.4, r + 1.4, 2.2), SABLE, LW * 0.7)


def _horse(c: Canvas, scheme: Scheme) -> None:
    """The horse in profile, with a cloth in the suit's colours under the saddle."""
    coat = scheme.horse
    mane = mix(coat, INK, 0.55)
    shape(c, _HORSE_TAIL, mane, LW)
    union(c, [ops for leg in _HORSE_FAR_LEGS for ops in tube(leg)], mix(coat, INK, 0.3), LW / 2)
    _hooves(c, _HORSE_FAR_LEGS)
    near = tube(_HORSE_BODY) + tube(_HORSE_NECK) + tube(_HORSE_HEAD) + [_HORSE_EAR]
    near += [ops for leg in _HORSE_NEAR_LEGS for ops in tube(leg)]
    union(c, near, coat, LW / 2)
    _hooves(c, _HORSE_NEAR_LEGS)
    shape(c, _HORSE_MANE, mane, LW)
    shape(c, _HORSE_FORELOCK, mane, LW * 0.7)
    c.setFillColor(col(INK))
    c.circle(-37.5, -0.5, 1.3, stroke=0, fill=1)
    c.circle(-47, -14, 0.9, stroke=0, fill=1)
    stroke(c, [("M", -33, 5), ("L", -38.5, -6.5), ("M", -37.8, -4.8), ("L", -44.4, -13.6)], GULES_DARK, 1.4)
    stroke(c, [("M", -37.8, -4.8), ("L", -30.5, -2.5)], GULES_DARK, 1.4)
    cloth = smooth([(-12, -16), (14, -16), (16, -36), (8, -45), (-6, -45), (-14, -36)])
    shape(c, cloth, scheme.cape, LW)
    with clipped(c, cloth):
        shape(c, rect(-20, -50, 40, 8), scheme.trim, LW * 0.7)
    shape(c, smooth([(-10, -16), (0, -20), (12, -16), (10, -12), (0, -14), (-8, -12)]), WOOD, LW)


def _rider(c: Canvas, suit: str, scheme: Scheme) -> None:
    """The rider sits astride, body square to the viewer, reins in one hand, symbol raised."""
    shape(c, smooth([(-12, 10), (0, 12), (12, 10), (14, -16), (0, -20), (-14, -16)]), scheme.cape, LW)
    torso = smooth([(-11, 12), (0, 14), (11, 12), (10, -4), (12, -18), (0, -20), (-12, -18), (-10, -4)])
    shape(c, torso, scheme.garment, LW)
    with clipped(c, torso):
        shape(c, rect(-20, -8, 40, 4.5), scheme.trim, LW * 0.7)
    union(c, tube([(-4, -16, 5.5), (-10, -30, 4.4), (-8, -46, 3.6)]), scheme.hose, LW / 2)
    shape(c, [("M", -12, -44), ("L", -4, -44), ("L", -3, -50), ("L", -14, -50), ("Z",)], SABLE, LW)
    shape(c, ellipse(-8, -51, 3, 1.2), COIN, LW * 0.5)                  # stirrup
    collar(c, 0, 13, False)
    head(c, "caballo", scheme, 0, 25)
    stroke(c, [("M", -14, -8), ("C", -24, -10, -34, -8, -41.5, -9.5)], WOOD_DARK, 1.0)   # reins
    arm(c, [(-11, 8, 4.6), (-17, -2, 4.0), (-12.5, -6.5, 3.3)], scheme.garment)
    draw_hand(c, -14, -8)
    arm_with_symbol(c, suit, (10, 8), riding=True, tilt=4.0)


def _caballo(c: Canvas, suit: str) -> None:
    scheme = SCHEMES[suit]
    _ground(c, 46)
    c.translate(3, 0)
    _horse(c, scheme)
    _rider(c, suit, scheme)


def draw_court(c: Canvas, rank: str, suit: str) -> None:
    """A court on its 100 x 160 grid centred on the origin: the caballo mounted, the others standing."""
    if rank == "caballo":
        _caballo(c, suit)
    else:
        _standing(c, rank, suit)
