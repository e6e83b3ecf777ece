"""The devices of the royal houses that are things or beasts: the crown, the Norman helm, the
Round Tower of Windsor and the white horse of Hanover.

Each is drawn in layers (shading, coursed stone, mail rings, a horse as joint chains) inside the
emblem's field; MOTIFS names them for the emblem registry.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from printgen.art.emblems.frame import R_FIELD, Motif
from printgen.art.emblems.heraldry import cross_pattee, lozenge
from printgen.art.vector import (
    ARGENT,
    AZURE,
    FINE,
    GOLD,
    GOLD_DARK,
    GULES,
    GULES_DARK,
    INK,
    OUTLINE,
    SABLE,
    STEEL,
    STEEL_DARK,
    STEEL_LIGHT,
    STONE,
    STONE_LIGHT,
    STONE_SHADE,
    VERT,
    VERT_LIGHT,
    Joint,
    Ops,
    capsule,
    circle,
    clipped,
    col,
    fill,
    inked_line,
    line,
    mirror,
    mix,
    poly,
    rect,
    silhouette,
    tube,
    xf,
)

# --- crown -------------------------------------------------------------------

def _fleur_parts(cx: float, cy: float, h: float) -> list[Ops]:
    """A simplified fleur-de-lis standing on (cx, cy), as parts to be unioned."""
    centre = [("M", -1.2, 2.0), ("C", -2.2, 5.5, -1.2, 8.0, 0.0, 10.0),
              ("C", 1.2, 8.0, 2.2, 5.5, 1.2, 2.0), ("Z",)]
    side = [("M", -0.6, 3.2), ("C", -2.0, 8.2, -6.6, 9.0, -6.2, 4.4), ("C", -6.0, 3.0, -5.4, 2.2, -4.8, 1.4),
            ("C", -4.6, 3.4, -3.2, 4.6, -0.6, 4.8), ("Z",)]
    foot = rect(-2.6, 2.2, 5.2, 1.6)
    s = h / 10.0
    return [xf(part, sx=s, dx=cx, dy=cy) for part in (centre, side, mirror(side), foot)]


def _ermine_spot(cx: float, cy: float, s: float) -> Ops:
    return [("M", cx, cy + s), ("C", cx - 0.5 * s, cy, cx - 0.7 * s, cy - 0.6 * s, cx - 0.55 * s, cy - s),
            ("L", cx, cy - 0.6 * s), ("L", cx + 0.55 * s, cy - s),
            ("C", cx + 0.7 * s, cy - 0.6 * s, cx + 0.5 * s, cy, cx, cy + s), ("Z",)]


def _crown_top(c: Canvas) -> None:
    """Velvet cap, gold arches, orb and the crosses and fleurs standing on the rim."""
    fill(c, [("M", -22, -6), ("C", -24, 12, -10, 20, 0, 20),
             ("C", 10, 20, 24, 12, 22, -6), ("Z",)], GULES_DARK)
    for ops in ([("M", -21, -3), ("C", -21, 10, -10, 17, 0, 16)],
                [("M", 21, -3), ("C", 21, 10, 10, 17, 0, 16)],
                [("M", 0, -3), ("L", 0, 16)]):
        inked_line(c, ops, GOLD, 2.2)
    fill(c, circle(0, 21, 4.6), GOLD)
    line(c, [("M", -4.6, 21), ("L", 4.6, 21)], INK, 0.7)
    fill(c, cross_pattee(0, 30.5, 4.2), GOLD)
    for x in (-21, 21):
        fill(c, cross_pattee(x, 1.5, 4.6), GOLD)
    for fleur_x in (-10.5, 10.5):
        silhouette(c, _fleur_parts(fleur_x, -4.5, 10.0), GOLD)


def _crown_base(c: Canvas) -> None:
    """Jewelled gold band over an ermine rim."""
    fill(c, [("M", -25, -17), ("C", -10, -19.5, 10, -19.5, 25, -17),
             ("L", 25, -4), ("C", 10, -6.5, -10, -6.5, -25, -4), ("Z",)], GOLD)
    for x, jewel in ((-16, AZURE), (0, GULES), (16, VERT)):
        fill(c, lozenge(x, -11.6, 3.4, 3.8), jewel, width=FINE)
    for x in (-8, 8):
        fill(c, circle(x, -11.8, 1.5), ARGENT, width=0.6)
    fill(c, [("M", -27, -25), ("C", -10, -28, 10, -28, 27, -25),
             ("L", 27, -17.5), ("C", 10, -20.5, -10, -20.5, -27, -17.5), ("Z",)], ARGENT)
    for x in (-18, -6, 6, 18):
        fill(c, _ermine_spot(x, -22.6, 2.6), SABLE, outline=False)


def _motif_crown(c: Canvas, house: str) -> None:
    _crown_top(c)
    _crown_base(c)


# --- Norman helm -------------------------------------------------------------

_COIF = [("M", -40, -42), ("C", -36, -30, -30, -26, -24, -22), ("C", -25, -12, -24, -4, -21, 0),
         ("L", 21, 0), ("C", 24, -4, 25, -12, 24, -22), ("C", 30, -26, 36, -30, 40, -42), ("Z",)]
_HELM_HALF = [("M", 0, 33), ("C", -7, 25, -20, 14, -21, -2), ("L", 0, -2), ("Z",)]


def _mail_coif(c: Canvas) -> None:
    """Mail hood and shoulders under the helm, with rows of rings."""
    with clipped(c, circle(0, 0, R_FIELD)):
        fill(c, _COIF, STEEL_DARK)
        with clipped(c, _COIF):
            c.setStrokeColor(mix(STEEL_DARK, INK, 0.45))
            c.setLineWidth(0.6)
            for row in range(14):
                y, shift = 1 - row * 3.0, 1.6 * (row % 2)
                for k in range(-14, 15):
                    x = k * 3.2 + shift
                    c.arc(x - 1.6, y - 1.6, x + 1.6, y + 1.6, 180, 180)
        line(c, _COIF, INK, OUTLINE)
    fill(c, [("M", -13, -1), ("C", -14, -12, -9, -22, 0, -24),
             ("C", 9, -22, 14, -12, 13, -1), ("Z",)], mix(SABLE, STEEL_DARK, 0.25))


def _helm_cone(c: Canvas) -> None:
    """The conical skull: a light and a dark half and a glint suggest polished iron."""
    fill(c, _HELM_HALF, STEEL_LIGHT, outline=False)
    fill(c, mirror(_HELM_HALF), STEEL, outline=False)
    line(c, [("M", -12, 2), ("C", -11, 12, -6, 22, -1.5, 28)], "#FFFFFF", 1.6)
    line(c, [("M", 0, 33), ("C", -7, 25, -20, 14, -21, -2), ("L", 21, -2),
             ("C", 20, 14, 7, 25, 0, 33), ("Z",)], INK, OUTLINE)
    fill(c, poly([(-1.6, -2), (-1.0, 30), (1.0, 30), (1.6, -2)]), GOLD, width=0.7)


def _helm_band_and_nasal(c: Canvas) -> None:
    fill(c, [("M", -22, -6), ("C", -10, -8, 10, -8, 22, -6), ("L", 22, 0.5),
             ("C", 10, -1.5, -10, -1.5, -22, 0.5), ("Z",)], GOLD)
    fill(c, [("M", -2.8, -5), ("L", -2.4, -20), ("C", -2.2, -22.6, 2.2, -22.6, 2.4, -20),
             ("L", 2.8, -5), ("Z",)], GOLD)
    for x in (-17, -11, -5.5, 5.5, 11, 17):
        fill(c, circle(x, -3.6, 0.9), GOLD_DARK, width=0.4)


def _motif_helm(c: Canvas, house: str) -> None:
    _mail_coif(c)
    _helm_cone(c)
    _helm_band_and_nasal(c)


# --- Round Tower ---------------------------------------------------------------

_DRUM = [("M", -19, -20), ("C", -8, -23.5, 8, -23.5, 19, -20), ("L", 19, 12),
         ("C", 8, 9.5, -8, 9.5, -19, 12), ("Z",)]


def _tower_mound_and_turret(c: Canvas) -> None:
    """The green motte, and the flag turret rising behind the drum with its pennant."""
    with clipped(c, circle(0, 0, R_FIELD)):
        fill(c, [("M", -44, -44), ("L", -44, -28), ("C", -30, -27, -24, -22, -18, -20),
                 ("C", -6, -18, 6, -18, 18, -20), ("C", 24, -22, 30, -27, 44, -28),
                 ("L", 44, -44), ("Z",)], VERT_LIGHT)
    fill(c, rect(2, 14, 10, 13), STONE_SHADE)
    for x in (2, 6, 10):
        fill(c, rect(x, 27, 2, 3), STONE_SHADE, width=0.9)
    line(c, [("M", 7, 30), ("L", 7, 37)], INK, 1.1)
    fill(c, poly([(7, 37), (15.5, 35.4), (7, 33)]), GULES, width=FINE)


def _tower_drum(c: Canvas) -> None:
    """The drum as a shaded cylinder of coursed stone."""
    joint = mix(STONE_SHADE, INK, 0.35)
    fill(c, _DRUM, STONE, outline=False)
    with clipped(c, _DRUM):
        fill(c, rect(9, -30, 12, 50), STONE_SHADE, outline=False)
        fill(c, rect(-13, -30, 6, 50), STONE_LIGHT, outline=False)
        c.setStrokeColor(col(joint))
        c.setLineWidth(0.55)
        for i, y in enumerate(range(-17, 12, 4)):
            line(c, [("M", -19, y + 0.5), ("C", -8, y - 2.6, 8, y - 2.6, 19, y + 0.5)], joint, 0.55)
            for x in (-14, -6, 2, 10, 17):
                xx = x + 4 * (i % 2)
                yy = y - 2.2 * (1 - (xx / 19) ** 2)
                c.line(xx, yy, xx, yy + 4)
    line(c, _DRUM, INK, OUTLINE)


def _tower_battlements(c: Canvas) -> None:
    for x in (-21, -12, -3, 6, 15):
        yb = 14.5 - 3.3 * (1 - ((x + 3) / 21) ** 2)
        fill(c, rect(x, yb - 1, 6, 6.5), STONE)
    fill(c, [("M", -21, 10.5), ("C", -8, 7.2, 8, 7.2, 21, 10.5), ("L", 21, 14.5),
             ("C", 8, 11.2, -8, 11.2, -21, 14.5), ("Z",)], STONE)


def _arched_opening(x: float, y: float, half: float, height: float) -> Ops:
    return [("M", x - half, y), ("L", x - half, y + height),
            ("C", x - half, y + height + 1.35 * half, x + half, y + height + 1.35 * half, x + half, y + height),
            ("L", x + half, y), ("Z",)]


def _motif_tower(c: Canvas, house: str) -> None:
    _tower_mound_and_turret(c)
    _tower_drum(c)
    _tower_battlements(c)
    for x, y in ((-6, -10), (6, 1)):
        fill(c, _arched_opening(x, y, 1.8, 5), SABLE, width=FINE)
    fill(c, _arched_opening(0, -22, 3.5, 6), mix(SABLE, "#5A3A1A", 0.5), width=0.9)


# --- white horse of Hanover --------------------------------------------------

# A rearing horse facing left, as joint chains of (x, y, radius).
_HORSE_FAR: list[list[Joint]] = [
    [(-5, 5, 3.6), (-15, 3, 2.3), (-17, -6, 1.9), (-15.5, -9, 1.7)],            # far foreleg
    [(17, -11, 5.5), (15, -21, 3.0), (21, -27, 2.2), (19, -34, 1.8)],            # far hind leg
]
_HORSE_NEAR: list[list[Joint]] = [
    [(-6, 8, 8.6), (3.5, -0.5, 8.8), (13, -10, 10.0)],                          # body
    [(-3, 12, 7.2), (-9, 22, 5.2), (-12, 27, 4.4)],                             # neck
    [(-12, 27, 5.0), (-19, 23, 3.6), (-25, 19.5, 3.0)],                          # head
    [(-8, 6, 3.9), (-20, 11, 2.4), (-23, 2, 1.9), (-21.5, -1.5, 1.7)],           # near foreleg
    [(11, -13, 6.5), (6, -22, 3.4), (12, -28, 2.3), (9, -34.5, 1.9)],            # near hind leg
]
_HORSE_LEGS = _HORSE_FAR + _HORSE_NEAR[3:]
_HORSE_EAR = poly([(-13.5, 29.5), (-11, 35.5), (-9.5, 29)])
_HORSE_MANE = [("M", -12, 31), ("C", -7, 32.5, -4, 29.5, -0.5, 28), ("C", 1.5, 26.5, 1.5, 24.5, 3.5, 23),
               ("C", 6, 21.5, 6, 19.5, 8, 17), ("L", -4, 12), ("Z",)]
_HORSE_TAIL = [("M", 18, -2), ("C", 25, 0, 31, -5, 31, -13), ("C", 31, -19, 27, -22, 30, -29),
               ("C", 26, -27, 23, -22, 24, -15), ("C", 23, -21, 20, -23, 19, -25),
               ("C", 18, -18, 24, -12, 19, -8), ("Z",)]


def _hoof(chain: Sequence[Joint]) -> Ops:
    """A dark hoof over the last stretch of a leg, so the legs read as a horse's."""
    (x1, y1, _), (x2, y2, r) = chain[-2], chain[-1]
    t = min(1.0, 1.6 / math.hypot(x2 - x1, y2 - y1))
    return capsule((x2 - (x2 - x1) * t, y2 - (y2 - y1) * t, r * 0.95), (x2, y2, r * 0.95))


def _motif_horse(c: Canvas, house: str) -> None:
    """Tail and mane go behind, far legs are shaded, so the near side reads in front."""
    silhouette(c, [_HORSE_TAIL, _HORSE_MANE], mix(ARGENT, STEEL, 0.2))
    silhouette(c, [ops for chain in _HORSE_FAR for ops in tube(chain)], mix(ARGENT, STEEL, 0.5))
    silhouette(c, [ops for chain in _HORSE_NEAR for ops in tube(chain)] + [_HORSE_EAR], ARGENT)
    for chain in _HORSE_LEGS:
        fill(c, _hoof(chain), SABLE, width=0.6)
    hair = mix(ARGENT, INK, 0.4)
    line(c, [("M", -8, 27), ("C", -6, 23, -3, 19, 0, 16)], hair, 0.7)
    line(c, [("M", 25, -4), ("C", 28, -9, 27, -15, 27, -20)], hair, 0.7)
    line(c, [("M", -27.5, 18), ("C", -26, 17.8, -24.5, 18, -23.5, 18.6)], INK, 0.7)
    c.setFillColor(col(INK))
    c.circle(-15.5, 25.2, 1.0, stroke=0, fill=1)
    c.circle(-25.6, 20.6, 0.65, stroke=0, fill=1)


# motif name -> (drawing function, True when the charge is white and needs the dark field)
MOTIFS: dict[str, tuple[Motif, bool]] = {
    "helm": (_motif_helm, False),
    "crown": (_motif_crown, False),
    "tower": (_motif_tower, False),
    "horse": (_motif_horse, True),
}
