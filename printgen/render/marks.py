"""Marks around the cards on a sheet: crop marks (for cards and for pieces of other shapes), a
ruler to check 100 % scale, a label.

All of it stays outside the trim of every card; only a crop mark enters a bleed, and only an
outer one, where the paper's margin leaves it no room to print beyond.
Lengths in mm, page origin at the lower-left corner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from printgen.units import pt

if TYPE_CHECKING:                       # (types only: components imports this module)
    from printgen.render.components import Kind
    from printgen.render.imposition import Slot

MARK_GREY = "#555555"
CLEARANCE = 1.5  # mm between any card's bleed and a ruler or label
RULER_DEPTH = 2.5


@dataclass(frozen=True)
class Region:
    """A free strip of the page: x0..x1 along the strip, y0..y1 across it (mm)."""

    x0: float
    y0: float
    x1: float
    y1: float
    vertical: bool = False


PRINTED = 2.0   # mm of a crop mark that must lie inside the paper margin, where printers print


def crop_marks(canvas, trims: list[tuple[float, float, float, float]], bleed_box: tuple[float, float, float, float],
               length: float, offset: float, width: float, paper: tuple[float, float], margin: float = 0.0) -> None:
    """Ticks along every trim line, in the margin beyond the cards' bleed.

    Where the cards come so near the paper's edge that less than PRINTED mm of a tick would fall
    inside `margin` (home printers leave that strip blank), the tick runs on inward across the
    outer cards' bleed (when they have one), up to half a millimetre from their trim: the bleed is
    cut away with it, and the cut line can still be found on the printed sheet."""
    bx0, by0, bx1, by1 = bleed_box
    xs = sorted({round(v, 4) for t in trims for v in (t[0], t[2])})
    ys = sorted({round(v, 4) for t in trims for v in (t[1], t[3])})
    tx0, tx1, ty0, ty1 = xs[0], xs[-1], ys[0], ys[-1]
    pw, ph = paper

    def inner(edge: float, trim: float, room: float, step: float) -> float:
        """Where a tick starts on the cards' side: `offset` beyond the bleed, or in a bleed of
        a millimetre or more when the margin leaves too little room."""
        if room >= PRINTED or abs(edge - trim) < 1.0:
            return edge + step * offset
        return trim + step * 0.5

    bottom = inner(by0, ty0, by0 - offset - margin, -1)
    top = inner(by1, ty1, ph - margin - by1 - offset, 1)
    left = inner(bx0, tx0, bx0 - offset - margin, -1)
    right = inner(bx1, tx1, pw - margin - bx1 - offset, 1)
    canvas.saveState()
    canvas.setLineWidth(pt(width))
    canvas.setStrokeColorRGB(0, 0, 0)
    for x in xs:
        _tick(canvas, x, bottom, x, max(0.0, min(bottom, by0 - offset - length)))
        _tick(canvas, x, top, x, min(ph, max(top, by1 + offset + length)))
    for y in ys:
        _tick(canvas, left, y, max(0.0, min(left, bx0 - offset - length)), y)
        _tick(canvas, right, y, min(pw, max(right, bx1 + offset + length)), y)
    canvas.restoreState()


def _tick(canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    if abs(x1 - x0) + abs(y1 - y0) > 0.3:
        canvas.line(pt(x0), pt(y0), pt(x1), pt(y1))


def free_strips(trims, bleed_box, paper: tuple[float, float], margin: float, crop_length: float,
                crop_offset: float) -> list[Region]:
    """Strips between the paper margin and the cards, split where crop marks run through them."""
    bx0, by0, bx1, by1 = bleed_box
    pw, ph = paper
    xs = sorted({v for t in trims for v in (t[0], t[2])})
    ys = sorted({v for t in trims for v in (t[1], t[3])})
    strips: list[Region] = []
    clear = 0.8  # mm kept free on each side of a crop mark
    away = CLEARANCE
    for (lo, hi) in ((margin, by0 - away), (by1 + away, ph - margin)):          # bottom, top
        for a, b in _gaps([margin] + xs + [pw - margin], clear):
            strips.append(Region(a, lo, b, hi))
    for (lo, hi) in ((margin, bx0 - away), (bx1 + away, pw - margin)):          # left, right
        for a, b in _gaps([margin] + ys + [ph - margin], clear):
            strips.append(Region(a, lo, b, hi, vertical=True))
    # Beyond the crop marks the margin is whole: a strip there need not be split at each mark.
    beyond = crop_offset + crop_length + 0.5
    strips += [Region(margin, margin, pw - margin, by0 - beyond),
               Region(margin, by1 + beyond, pw - margin, ph - margin),
               Region(margin, margin, ph - margin, bx0 - beyond, vertical=True),
               Region(margin, bx1 + beyond, ph - margin, pw - margin, vertical=True)]
    return [s for s in strips if s.y1 - s.y0 > 0 and s.x1 - s.x0 > 0]


def _gaps(cuts: list[float], clear: float) -> list[tuple[float, float]]:
    cuts = sorted(cuts)
    return [(a + clear, b - clear) for a, b in zip(cuts, cuts[1:]) if b - a > 2 * clear]


def place(strips: list[Region], length: float, depth: float, avoid: Sequence[Region] = ()) -> Region | None:
    """The first strip (bottom, top, left, right) long and deep enough, centred in it."""
    for strip in strips:
        if strip.x1 - strip.x0 >= length and strip.y1 - strip.y0 >= depth:
            mid = (strip.x0 + strip.x1) / 2
            region = Region(mid - length / 2, strip.y0, mid + length / 2, strip.y0 + depth, strip.vertical)
            if not any(_overlap(region, other) for other in avoid):
                return region
    return None


def _overlap(a: Region, b: Region) -> bool:
    return a.vertical == b.vertical and a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def _enter(canvas, region: Region) -> None:
    """Move the origin to the strip's start; vertical strips read bottom to top."""
    if region.vertical:
        canvas.translate(pt(region.y1), pt(region.x0))
        canvas.rotate(90)
    else:
        canvas.translate(pt(region.x0), pt(region.y0))


RULER_LABEL = 16.0  # mm beside the scale for its label


def ruler(canvas, region: Region, length: float, font: str) -> None:
    """A scale bar of `length` mm with mm ticks: measured with a real ruler, it proves 100 % scale."""
    canvas.saveState()
    _enter(canvas, region)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(pt(0.15))
    canvas.line(0, 0, pt(length), 0)
    for tick in range(int(length) + 1):
        tall = 2.2 if tick % 10 == 0 else (1.5 if tick % 5 == 0 else 0.9)
        canvas.line(pt(tick), 0, pt(tick), pt(tall))
    canvas.setFont(font, 5.5)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.drawString(pt(length + 1.5), pt(0.4), f"{length:g} mm at 100 %")
    canvas.restoreState()


def label(canvas, region: Region, text: str, font: str, size: float = 6.0) -> None:
    canvas.saveState()
    _enter(canvas, region)
    canvas.setFont(font, size)
    canvas.setFillColor(_grey())
    from printgen.render.fonts import draw_string, text_width

    draw_string(canvas, (pt(region.x1 - region.x0) - text_width(text, font, size)) / 2, pt(0.6), text, font, size)
    canvas.restoreState()


def _grey():
    from printgen.colours import parse_colour

    return parse_colour(MARK_GREY)


def piece_ticks(canvas, kind: Kind, slot: Slot, others: list[tuple[float, float, float, float]], imp, paper) -> None:
    """Cut marks beyond a piece's bleed (components.render_piece_sheets): a rect's edges
    continued outward, stopping short of any other piece; a round piece's four diagonals, in the
    corners its circle leaves free."""

    crop = imp.crop_marks
    b = kind.bleed
    segments = []
    if kind.shape.round:
        r = slot.w / 2
        cx, cy = slot.x + r, slot.y + r
        start, end = r + b + crop.offset, min((r + b) * math.sqrt(2) - 0.3, r + b + crop.offset + crop.length)
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            k = 1 / math.sqrt(2)
            segments.append(((cx + dx * k * start, cy + dy * k * start), (cx + dx * k * end, cy + dy * k * end)))
    else:
        x0, y0, x1, y1 = slot.x, slot.y, slot.x + slot.w, slot.y + slot.h
        reach = b + crop.offset
        ends = [((x, y1), (0, 1)) for x in (x0, x1)] + [((x, y0), (0, -1)) for x in (x0, x1)] + \
            [((x0, y), (-1, 0)) for y in (y0, y1)] + [((x1, y), (1, 0)) for y in (y0, y1)]
        for (ex, ey), (dx, dy) in ends:
            segment = _clipped((ex + dx * reach, ey + dy * reach), (dx, dy), crop.length, others, paper)
            if b >= 1.0 and _printed(segment, paper, imp.margin) < PRINTED:
                # too near the paper's edge to print: run on across the piece's own bleed (as
                # marks.crop_marks does for cards), to half a millimetre from its trim
                inward = _clipped((ex + dx * 0.5, ey + dy * 0.5), (dx, dy), crop.length + reach - 0.5, others, paper)
                if _printed(inward, paper, imp.margin) > _printed(segment, paper, imp.margin):
                    segment = inward
            segments.append(segment)
    canvas.saveState()
    canvas.setLineWidth(pt(crop.width))
    canvas.setStrokeColorRGB(0, 0, 0)
    for segment in segments:
        if segment is not None:
            (ax, ay), (bx, by) = segment
            canvas.line(pt(ax), pt(ay), pt(bx), pt(by))
    canvas.restoreState()


def _printed(segment, paper: tuple[float, float], margin: float) -> float:
    """How much of a straight tick lies inside the paper's margin, where printers print."""
    if segment is None:
        return 0.0
    (ax, ay), (bx, by) = segment
    if ax == bx:
        if not margin <= ax <= paper[0] - margin:
            return 0.0
        return max(0.0, min(max(ay, by), paper[1] - margin) - max(min(ay, by), margin))
    if not margin <= ay <= paper[1] - margin:
        return 0.0
    return max(0.0, min(max(ax, bx), paper[0] - margin) - max(min(ax, bx), margin))


def _clipped(start, direction, length, others, paper):
    """A tick from `start` along `direction`, cut short before any other piece's bleed or the
    paper's edge; None when less than 1.5 mm of it is left."""
    (sx, sy), (dx, dy) = start, direction
    limit = length
    if dx:
        limit = min(limit, (paper[0] - sx) if dx > 0 else sx)
    else:
        limit = min(limit, (paper[1] - sy) if dy > 0 else sy)
    for x0, y0, x1, y1 in others:
        if dx and y0 - 0.3 <= sy <= y1 + 0.3:
            gap = (x0 - sx) if dx > 0 else (sx - x1)
        elif dy and x0 - 0.3 <= sx <= x1 + 0.3:
            gap = (y0 - sy) if dy > 0 else (sy - y1)
        else:
            continue
        if gap > -1e-6:
            limit = min(limit, gap - 0.5)
        elif (x0 <= sx <= x1) and (y0 <= sy <= y1):
            return None
    if limit < 1.5:
        return None
    return (sx, sy), (sx + dx * limit, sy + dy * limit)
