"""Heraldry proper: the heater shield and its divisions and ordinaries, the small charges
(mullets, crescents, lozenges, crosses patty ...), the Commonwealth and Blois shields, and the
shield generated from a house's name where no motif is given.

The generated shields must come out the same on every run and differ from house to house, so
their rules (shield_design) live here beside the charges they pick from.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Sequence

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas  # type: ignore[attr-defined]  # not in types-reportlab

from printgen.art.emblems.frame import Motif
from printgen.art.vector import (
    ARGENT,
    GOLD,
    GULES,
    INK,
    OUTLINE,
    Ops,
    arc_ops,
    band,
    circle,
    clipped,
    col,
    fill,
    line,
    path,
    poly,
    rect,
    star,
    xf,
)

# --- charges ---------------------------------------------------------------

def _shield(w: float = 24.0, top: float = 25.0, bottom: float = -33.0) -> Ops:
    """A heater shield: straight chief and flanks, curving to a point."""
    mid = top - 0.42 * (top - bottom)
    drop = mid - bottom
    return [("M", -w, top), ("L", w, top), ("L", w, mid),
            ("C", w, mid - 0.35 * drop, 0.5 * w, bottom + 0.12 * drop, 0, bottom),
            ("C", -0.5 * w, bottom + 0.12 * drop, -w, mid - 0.35 * drop, -w, mid),
            ("Z",)]


def cross_pattee(cx: float, cy: float, s: float) -> Ops:
    """A cross whose arms flare outward, as on crowns and shields."""
    arm = [("M", 0.0, 0.0), ("L", -0.16, 0.28), ("C", -0.3, 0.6, -0.38, 0.85, -0.44, 1.0),
           ("L", 0.44, 1.0), ("C", 0.38, 0.85, 0.3, 0.6, 0.16, 0.28), ("Z",)]
    out: Ops = []
    for k in range(4):
        out += xf(arm, angle=90 * k, sx=s, dx=cx, dy=cy)
    return out


def _crescent(x: float, y: float, r: float) -> Ops:
    """Horns-up crescent: a disc with an offset disc taken out, meeting in sharp horns."""
    ro, ri, d = r * 1.05, r * 0.84, r * 0.46
    hy = (ro * ro - ri * ri + d * d) / (2 * d)
    hx = math.sqrt(ro * ro - hy * hy)
    alpha = math.degrees(math.atan2(hy, hx))
    beta_l = math.degrees(math.atan2(hy - d, -hx))
    beta_r = math.degrees(math.atan2(hy - d, hx))
    cy = y - 0.25 * r
    ops: Ops = [("M", x + hx, cy + hy)]
    ops += arc_ops(x, cy, ro, alpha, -180.0 - alpha)
    ops += arc_ops(x, cy + d, ri, beta_l, beta_r + 360.0)
    return ops + [("Z",)]


def lozenge(x: float, y: float, w: float, h: float) -> Ops:
    return poly([(x, y + h), (x + w, y), (x, y - h), (x - w, y)])


# --- shields -----------------------------------------------------------------

def _charged_shield(c: Canvas, field: str, regions: Sequence[tuple[Ops, str]]) -> None:
    """A shield with ordinaries or divisions clipped inside it.

    Regions are edged in one ink pass before any is filled, so crossing bands
    (a cross, a saltire) read as one piece without seams across the middle.
    """
    shield = _shield()
    fill(c, shield, field, outline=False)
    with clipped(c, shield):
        c.setStrokeColor(col(INK))
        c.setLineWidth(2 * 0.6)
        for ops, _ in regions:
            c.drawPath(path(c, ops), stroke=1, fill=0)
        for ops, tincture in regions:
            c.setFillColor(col(tincture))
            c.drawPath(path(c, ops), stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
    line(c, shield, INK, OUTLINE)


def _motif_protector(c: Canvas, house: str) -> None:
    """The Commonwealth arms: argent, a cross gules (St George)."""
    _charged_shield(c, ARGENT, [(rect(-5.2, -40, 10.4, 70), GULES),
                                (rect(-30, 3.2, 60, 10.4), GULES)])


def _motif_bend(c: Canvas, house: str) -> None:
    """A bend argent between two gold cotises on the house colour, for Stephen of Blois."""
    _charged_shield(c, house, [(band(5.5, -50, dy=-2), ARGENT),
                               (band(1.2, -50, dy=-2, offset=9.6), GOLD),
                               (band(1.2, -50, dy=-2, offset=-9.6), GOLD)])


# --- generated shields -------------------------------------------------------

# Where a charge goes: x, y, radius, and whether it sits on the metal (so it
# takes the house colour) rather than on the field (so it takes the metal).
Place = tuple[float, float, float, bool]

_BORDURE = _shield() + _shield(18.5, 19.5, -25.5)   # filled even-odd: a ring

# division name -> (metal regions, charge places); regions are clipped to the shield.
_DIVISIONS: dict[str, tuple[list[Ops], list[Place]]] = {
    "per-pale": ([rect(0, -40, 30, 70)], [(-11.5, 5, 7, False), (11.5, 5, 7, True)]),
    "per-fess": ([rect(-30, -40, 60, 41)], [(0, 13, 7.5, False), (0, -14, 7.5, True)]),
    "per-bend": ([poly([(-26, 27), (26, -35), (-26, -35)])], [(10, 11, 6.5, False), (-10, -11, 6.5, True)]),
    "quarterly": ([rect(0, 1, 30, 30), rect(-30, -40, 30, 41)],
                  [(-11.5, 13, 6.5, False), (11.5, -12, 6.5, False)]),
    "chevron": ([poly([(-26, -24), (0, 6), (26, -24), (26, -13), (0, 17), (-26, -13)])],
                [(-12, 17, 5.5, False), (12, 17, 5.5, False), (0, -18, 6.5, False)]),
    "per-chevron": ([poly([(-26, -22), (0, 8), (26, -22), (26, -40), (-26, -40)])],
                    [(-11.5, 14, 6, False), (11.5, 14, 6, False), (0, -15, 7, True)]),
    "saltire": ([band(4.6, 49, dy=-2), band(4.6, -49, dy=-2)], [(0, 16, 5.5, False), (0, -21, 5.5, False)]),
    "cross": ([rect(-4.8, -40, 9.6, 70), rect(-30, 2.5, 60, 9.6)],
              [(-13, 19, 5, False), (13, 19, 5, False), (-12, -9, 5.5, False), (12, -9, 5.5, False)]),
    "chief": ([rect(-30, 9, 60, 20)],
              [(-12, 17, 4.8, True), (0, 17, 4.8, True), (12, 17, 4.8, True), (0, -10, 9, False)]),
    "bordure": ([_BORDURE], [(0, -3, 10, False)]),
    "pall": ([poly([(-26, 27), (-17, 27), (0, 7), (17, 27), (26, 27), (4.6, 1), (4.6, -40),
                    (-4.6, -40), (-4.6, 1)])],
             [(0, 20, 5.5, False), (-13, -6, 5.5, False), (13, -6, 5.5, False)]),
    "fess": ([rect(-30, -4.5, 60, 12)], [(-11, 16.5, 5.5, False), (11, 16.5, 5.5, False), (0, -18, 6.5, False)]),
    "pale": ([rect(-6.5, -40, 13, 70)], [(-15, 6, 5.2, False), (15, 6, 5.2, False), (0, 4, 4.6, True)]),
    "bend": ([band(5.5, -50, dy=-2)], [(10, 12, 6, False), (-11, -13, 6, False)]),
}

_CHARGES: dict[str, Callable[[float, float, float], Ops]] = {
    "mullet": lambda x, y, r: star(x, y, r * 1.1),
    "estoile": lambda x, y, r: star(x, y, r * 1.15, points=6, inner=0.35),
    "roundel": lambda x, y, r: circle(x, y, r * 0.8),
    "lozenge": lambda x, y, r: lozenge(x, y, r * 0.7, r * 1.1),
    "crescent": _crescent,
    "annulet": lambda x, y, r: circle(x, y, r * 0.85) + circle(x, y, r * 0.48),
    "cross-pattee": lambda x, y, r: cross_pattee(x, y, r * 0.95),
    "billet": lambda x, y, r: rect(x - r * 0.5, y - r * 0.85, r, r * 1.7),
}
_METALS = (GOLD, ARGENT)


def shield_design(key: str) -> tuple[str, str, str]:
    """The (division, charge, metal) generated for a house, exposed so tests can check variety.

    crc32 rather than hash(): Python salts str hashes per process, and the
    same house must get the same shield on every run.
    """
    h = zlib.crc32(key.encode("utf-8"))
    divisions = sorted(_DIVISIONS)
    charges = sorted(_CHARGES)
    division = divisions[h % len(divisions)]
    h //= len(divisions)
    charge = charges[h % len(charges)]
    h //= len(charges)
    return division, charge, _METALS[h % len(_METALS)]


def draw_generated(c: Canvas, house: str, key: str) -> None:
    """House-colour field, a metal division or ordinary, and counterchanged charges."""
    division, charge, metal = shield_design(key)
    regions, places = _DIVISIONS[division]
    _charged_shield(c, house, [(ops, metal) for ops in regions])
    for x, y, r, on_metal in places:
        fill(c, _CHARGES[charge](x, y, r), house if on_metal else metal, width=0.9, even_odd=True)


# motif name -> (drawing function, True when the charge is white and needs the dark field)
MOTIFS: dict[str, tuple[Motif, bool]] = {
    "bend": (_motif_bend, False),
    "protector": (_motif_protector, False),
}
