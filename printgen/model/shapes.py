"""The outlines of printed components: what is cut, what is folded, where glue goes.

A card is a rectangle; a piecepack also needs round coins, dice folded from a net and pawns
that fold over and stand. Each shape is worked out here from its trim size as plain geometry
(mm, origin at the top-left of the piece's box, y down), so the imposition, the cut marks, the
templates (through the faces' boxes) and the tests all read the same numbers.

  rect        the size is the trim
  round       the size is the diameter (a coin)
  cube-net    the size is one face of a die; six faces in a cross with seven glue tabs, one on
              one edge of each pair of edges that meet when the cube is folded
  fold-stand  the size is one side of a pawn: its silhouette, upside down above the same
              silhouette upright, joined by a fold across the flat top of the head, with a base
              tab beyond each foot that folds out so the piece stands
"""

from __future__ import annotations

import math
from typing import Any

from printgen.files.lean import lean_dataclass

Point = tuple[float, float]


@lean_dataclass(frozen=True)
class Face:
    """A box a template draws one face in; `turn` is how the face reads (180: upside down)."""

    x: float
    y: float
    w: float
    h: float
    turn: int = 0


@lean_dataclass(frozen=True)
class Outline:
    shape: str
    width: float                       # the whole piece as printed (mm)
    height: float
    faces: tuple[Face, ...]
    cuts: tuple[tuple[Point, ...], ...]     # polylines to cut along (closed when first == last)
    folds: tuple[tuple[Point, Point], ...]  # lines to fold along
    tabs: tuple[tuple[Point, ...], ...]     # glue tabs and bases, as closed polygons
    silhouette: tuple[Point, ...] | None = None   # the whole cut outline as one polygon, if it is one

    @property
    def round(self) -> bool:
        return self.shape == "round"


def outline(shape: str, width: float, height: float, tab: float = 4.0) -> Outline:
    """The outline of a piece of `shape` whose trim (or face) is width x height mm."""
    if shape == "round":
        d = width
        return Outline(shape, d, d, (Face(0, 0, d, d),), (), (), ())
    if shape == "cube-net":
        return _cube_net(width, tab)
    if shape == "fold-stand":
        return _fold_stand(width, height, tab)
    box = ((0.0, 0.0), (width, 0.0), (width, height), (0.0, height), (0.0, 0.0))
    return Outline("rect", width, height, (Face(0, 0, width, height),), (box,), (), (), box[:-1])


# --- dice -------------------------------------------------------------------------------------

# The cross: (column, row) of each face. T folds back to be the top, D the bottom, L and R the
# sides, B (beyond R) the back; F faces the player.
_NET = {"T": (1, 0), "L": (0, 1), "F": (1, 1), "R": (2, 1), "B": (3, 1), "D": (1, 2)}
NET_ORDER = ("T", "L", "F", "R", "B", "D")     # the order of the faces in Outline.faces
# Edges that meet when folded, as (face, side) pairs; the tab goes on the second of each pair,
# where it stays inside the net's 4 x 3 box (or, for the last one, just beyond its right side).
_GLUED = ((("T", "left"), ("L", "top")), (("T", "right"), ("R", "top")), (("T", "top"), ("B", "top")),
          (("D", "left"), ("L", "bottom")), (("D", "right"), ("R", "bottom")), (("D", "bottom"), ("B", "bottom")),
          (("L", "left"), ("B", "right")))


def _edge(face: str, side: str, a: float) -> tuple[Point, Point, Point]:
    """The two ends of a face's edge, and the outward direction, in mm."""
    col, row = _NET[face]
    x0, y0, x1, y1 = col * a, row * a, (col + 1) * a, (row + 1) * a
    return {"top": ((x0, y0), (x1, y0), (0, -1)), "bottom": ((x0, y1), (x1, y1), (0, 1)),
            "left": ((x0, y0), (x0, y1), (-1, 0)), "right": ((x1, y0), (x1, y1), (1, 0))}[side]


def _cube_net(a: float, tab: float) -> Outline:
    cells = set(_NET.values())
    tabbed = {pair[1] for pair in _GLUED}
    cuts: list[tuple[Point, ...]] = []
    folds: list[tuple[Point, Point]] = []
    tabs: list[tuple[Point, ...]] = []
    for face, (col, row) in _NET.items():
        for side, (dc, dr) in (("top", (0, -1)), ("bottom", (0, 1)), ("left", (-1, 0)), ("right", (1, 0))):
            p, q, (ox, oy) = _edge(face, side, a)
            if (col + dc, row + dr) in cells:
                if (dc, dr) in ((0, 1), (1, 0)):      # each shared edge once
                    folds.append((p, q))
                continue
            if (face, side) not in tabbed:
                cuts.append((p, q))
                continue
            folds.append((p, q))
            inset = min(tab, a / 4)
            ux, uy = (q[0] - p[0]) / a, (q[1] - p[1]) / a
            p2 = (p[0] + ux * inset + ox * tab, p[1] + uy * inset + oy * tab)
            q2 = (q[0] - ux * inset + ox * tab, q[1] - uy * inset + oy * tab)
            cuts.append((p, p2, q2, q))
            tabs.append((p, p2, q2, q))
    faces = tuple(Face(_NET[f][0] * a, _NET[f][1] * a, a, a) for f in NET_ORDER)
    return Outline("cube-net", 4 * a + tab, 3 * a, faces, tuple(cuts), tuple(folds), tuple(tabs))


# --- pawns ------------------------------------------------------------------------------------

# The right half of a pawn's silhouette from the foot (0) to the top of the head (1): height
# fraction, half-width as a fraction of half the width. The head is a circle cut flat on top,
# where the fold is.
_BODY = ((0.0, 1.0), (0.06, 1.0), (0.10, 0.86), (0.16, 0.70), (0.30, 0.58), (0.50, 0.50), (0.62, 0.45),
         (0.64, 0.64), (0.69, 0.64), (0.71, 0.36))
_HEAD_CENTRE, _HEAD_RADIUS, _FLAT = 0.84, 0.15, 0.97


def _profile(w: float, h: float) -> list[Point]:
    """(half-width, height above the foot) in mm, foot to fold."""
    points = [(r * w / 2, t * h) for t, r in _BODY]
    radius, centre = _HEAD_RADIUS * h, _HEAD_CENTRE * h
    start = math.asin(max(-1.0, min(1.0, (points[-1][1] - centre) / radius)))
    stop = math.asin((_FLAT * h - centre) / radius)
    for k in range(1, 13):
        angle = start + (stop - start) * k / 12
        points.append((min(radius * math.cos(angle), w / 2), centre + radius * math.sin(angle)))
    return points


def _fold_stand(w: float, h: float, tab: float) -> Outline:
    half = _profile(w, h / _FLAT)         # the flat top of the head is the given height
    top = h
    total = 2 * top + 2 * tab
    cx = w / 2
    foot_low, foot_high = tab + 2 * top, tab      # y of the upright foot and the upside-down foot
    mid = tab + top
    right_up = [(cx + r, foot_low - y) for r, y in half]            # upright, foot to fold
    right_down = [(cx + r, foot_high + y) for r, y in reversed(half)]   # upside down, fold to foot
    outline_points: list[Point] = [(0.0, total), (w, total)]
    outline_points += right_up + right_down[1:]
    outline_points += [(w, 0.0), (0.0, 0.0)]
    outline_points += [(w - x, y) for x, y in reversed(right_down)]
    outline_points += [(w - x, y) for x, y in reversed(right_up)][1:]
    outline_points.append((0.0, total))
    flat = half[-1][0]
    folds = (((0.0, foot_high), (w, foot_high)), ((cx - flat, mid), (cx + flat, mid)), ((0.0, foot_low), (w, foot_low)))
    tabs = (((0.0, 0.0), (w, 0.0), (w, tab), (0.0, tab)), ((0.0, foot_low), (w, foot_low), (w, total), (0.0, total)))
    faces = (Face(0.0, tab, w, top, 180), Face(0.0, mid, w, top, 0))
    return Outline("fold-stand", w, total, faces, (tuple(outline_points),), folds, tabs, tuple(outline_points[:-1]))


def layout_data(shape: Outline) -> dict[str, Any]:
    """What templates see as `layout.component`: the piece's box and its faces (mm from its
    top-left), so a die's six values or a pawn's two sides are placed with a repeat."""
    return {"shape": shape.shape, "width": round(shape.width, 4), "height": round(shape.height, 4),
            "faces": [[round(f.x, 4), round(f.y, 4), f.turn] for f in shape.faces],
            "face_width": round(shape.faces[0].w, 4), "face_height": round(shape.faces[0].h, 4)}
