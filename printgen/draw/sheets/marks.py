"""Marks around the cards on a sheet: crop marks (for cards and for pieces of other shapes), a
ruler to check 100 % scale, the sheet's label and notes.

All of it stays outside the trim of every card; only a crop mark enters a bleed, and only an
outer one, where the paper's margin leaves it no room to print beyond. Nothing is drawn in the
paper's margin (`imposition.margin`, 5 mm as shipped): home printers leave that strip blank, so
a mark there would be lost, and every mark keeps EDGE inside it for its line width.

The ruler and the label are placed from the whole grid of a sheet (every slot, filled or not),
so they stand in the same place on every sheet of a deck, the last one too: the ruler in the
first free strip along the foot of the page, the label across the top, each beside the cards.
Lengths in mm, page origin at the lower-left corner.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from printgen.draw.ops import Frozen, set_field
from printgen.draw.sheets.forms import guides
from printgen.files.lean import lean_dataclass
from printgen.files.units import pt
from printgen.model.imposition import Slot
from printgen.model.kinds import Kind
from printgen.model.placement import Imposed, Page

MARK_GREY = "#555555"
CLEARANCE = 1.5  # mm between any card's bleed and a ruler or label
RULER_DEPTH = 2.5
LINE_GAP = 0.4   # mm between two lines of a sheet's notes set one above the other
EDGE = 0.3       # mm inside the paper's margin that every mark keeps, for its line width
LABEL_SIZE = 6.0  # points


@lean_dataclass(frozen=True)
class Region:
    """A free strip of the page: x0..x1 along the strip, y0..y1 across it (mm).

    `edge` is the side of the page the strip runs along (bottom, top, left, right), `toward`
    which way across it the cards lie (+1: beyond y1, -1: below y0): a mark hugs that side."""

    x0: float
    y0: float
    x1: float
    y1: float
    vertical: bool = False
    edge: str = ""
    toward: int = 0
    beyond: bool = False      # beyond the crop marks' reach: the strip runs the page's length


PRINTED = 2.0   # mm of a crop mark that must lie inside the paper margin, where printers print


def printable(paper: tuple[float, float], margin: float) -> tuple[float, float, float, float]:
    """The part of the page marks may print on: inside the margin by EDGE (the whole page when
    there is no margin, as on a board drawn to the paper's edge)."""
    inset = margin + EDGE if margin > 0 else 0.0
    return inset, inset, paper[0] - inset, paper[1] - inset


def crop_marks(canvas, trims: list[tuple[float, float, float, float]], bleed_box: tuple[float, float, float, float],
               length: float, offset: float, width: float, paper: tuple[float, float], margin: float = 0.0) -> None:
    """Ticks along every trim line, in the margin beyond the cards' bleed, stopping at the
    paper's margin.

    Where the cards come so near the paper's edge that less than PRINTED mm of a tick would fall
    inside `margin` (home printers leave that strip blank), the tick runs on inward across the
    outer cards' bleed (when they have one), up to half a millimetre from their trim: the bleed is
    cut away with it, and the cut line can still be found on the printed sheet."""
    bx0, by0, bx1, by1 = bleed_box
    xs = sorted({round(v, 4) for t in trims for v in (t[0], t[2])})
    ys = sorted({round(v, 4) for t in trims for v in (t[1], t[3])})
    tx0, tx1, ty0, ty1 = xs[0], xs[-1], ys[0], ys[-1]
    px0, py0, px1, py1 = printable(paper, margin)

    def inner(edge: float, trim: float, room: float, step: float) -> float:
        """Where a tick starts on the cards' side: `offset` beyond the bleed, or in a bleed of
        a millimetre or more when the margin leaves too little room."""
        if room >= PRINTED or abs(edge - trim) < 1.0:
            return edge + step * offset
        return trim + step * 0.5

    bottom = inner(by0, ty0, by0 - offset - py0, -1)
    top = inner(by1, ty1, py1 - by1 - offset, 1)
    left = inner(bx0, tx0, bx0 - offset - px0, -1)
    right = inner(bx1, tx1, px1 - bx1 - offset, 1)
    canvas.saveState()
    canvas.setLineWidth(pt(width))
    canvas.setStrokeColorRGB(0, 0, 0)
    for x in xs:
        _tick(canvas, (x, bottom), (x, max(py0, by0 - offset - length)), (0, -1))
        _tick(canvas, (x, top), (x, min(py1, by1 + offset + length)), (0, 1))
    for y in ys:
        _tick(canvas, (left, y), (max(px0, bx0 - offset - length), y), (-1, 0))
        _tick(canvas, (right, y), (min(px1, bx1 + offset + length), y), (1, 0))
    canvas.restoreState()


def _tick(canvas, start: tuple[float, float], end: tuple[float, float], outward: tuple[int, int]) -> None:
    """A tick from beside the cards outward to its end; none when the margin leaves less than a
    third of a millimetre of it (or puts its end behind its start)."""
    (x0, y0), (x1, y1) = start, end
    if (x1 - x0) * outward[0] + (y1 - y0) * outward[1] > 0.3:
        canvas.line(pt(x0), pt(y0), pt(x1), pt(y1))


def free_strips(trims, bleed_box, paper: tuple[float, float], margin: float, crop_length: float,
                crop_offset: float) -> list[Region]:
    """Strips between the paper margin and the cards, split where crop marks run through them,
    and the whole margin beyond the crop marks' reach; each knows its edge and where the cards
    are."""
    bx0, by0, bx1, by1 = bleed_box
    lo_x, lo_y, hi_x, hi_y = printable(paper, margin)
    xs = sorted({v for t in trims for v in (t[0], t[2])})
    ys = sorted({v for t in trims for v in (t[1], t[3])})
    strips: list[Region] = []
    clear = 0.8  # mm kept free on each side of a crop mark
    away = CLEARANCE
    for (lo, hi), edge, toward in (((lo_y, by0 - away), "bottom", 1), ((by1 + away, hi_y), "top", -1)):
        for a, b in _gaps([lo_x] + xs + [hi_x], clear):
            strips.append(Region(a, lo, b, hi, False, edge, toward))
    for (lo, hi), edge, toward in (((lo_x, bx0 - away), "left", 1), ((bx1 + away, hi_x), "right", -1)):
        for a, b in _gaps([lo_y] + ys + [hi_y], clear):
            strips.append(Region(a, lo, b, hi, True, edge, toward))
    # Beyond the crop marks the margin is whole: a strip there need not be split at each mark.
    beyond = crop_offset + crop_length + 0.5
    strips += [Region(lo_x, lo_y, hi_x, by0 - beyond, False, "bottom", 1, True),
               Region(lo_x, by1 + beyond, hi_x, hi_y, False, "top", -1, True),
               Region(lo_y, lo_x, hi_y, bx0 - beyond, True, "left", 1, True),
               Region(lo_y, bx1 + beyond, hi_y, hi_x, True, "right", -1, True)]
    return [s for s in strips if s.y1 - s.y0 > 0 and s.x1 - s.x0 > 0]


def _gaps(cuts: list[float], clear: float) -> list[tuple[float, float]]:
    cuts = sorted(cuts)
    return [(a + clear, b - clear) for a, b in zip(cuts, cuts[1:]) if b - a > 2 * clear]


EDGES = {"ruler": ("bottom", "top", "left", "right"), "label": ("top", "bottom", "right", "left")}


def ordered(strips: list[Region], kind: str, paper: tuple[float, float]) -> list[Region]:
    """The strips in the order a mark tries them: by edge (the ruler along the foot first, the
    label across the top), then the ruler from the start of the edge, the label from its middle
    (the whole strip beyond the crop marks first, then the one nearest the page's centre)."""
    rank = {edge: i for i, edge in enumerate(EDGES[kind])}

    def key(s: Region):
        middle = (paper[1] if s.vertical else paper[0]) / 2
        if kind == "ruler":
            return rank[s.edge], s.beyond, s.x0
        return rank[s.edge], not s.beyond, round(abs((s.x0 + s.x1) / 2 - middle), 3), s.x0

    return sorted(strips, key=key)


def place(strips: list[Region], length: float, depth: float, avoid: Sequence[Region] = ()) -> Region | None:
    """The first strip long and deep enough, the mark centred along it and set against the
    cards' side (or the next row out, when that is taken and the strip is deep enough)."""
    for strip in strips:
        if strip.x1 - strip.x0 < length or strip.y1 - strip.y0 < depth:
            continue
        mid = (strip.x0 + strip.x1) / 2
        row = 0
        while True:
            step = row * (depth + LINE_GAP)
            if step + depth > strip.y1 - strip.y0 + 1e-9:
                break
            y0 = strip.y1 - depth - step if strip.toward > 0 else strip.y0 + step
            region = replace(strip, x0=mid - length / 2, y0=y0, x1=mid + length / 2, y1=y0 + depth)
            if not any(_overlap(region, other) for other in avoid):
                return region
            row += 1
    return None


def _overlap(a: Region, b: Region) -> bool:
    if a.vertical != b.vertical:            # compare on the page: a vertical region's along is page y
        ax = (a.y0, a.x0, a.y1, a.x1) if a.vertical else (a.x0, a.y0, a.x1, a.y1)
        bx = (b.y0, b.x0, b.y1, b.x1) if b.vertical else (b.x0, b.y0, b.x1, b.y1)
        return ax[0] < bx[2] and bx[0] < ax[2] and ax[1] < bx[3] and bx[1] < ax[3]
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


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
    canvas.line(0, pt(0.1), pt(length), pt(0.1))
    for tick in range(int(length) + 1):
        tall = 2.2 if tick % 10 == 0 else (1.5 if tick % 5 == 0 else 0.9)
        canvas.line(pt(tick), pt(0.1), pt(tick), pt(0.1 + tall))
    canvas.setFont(font, 5.5)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.drawString(pt(length + 1.5), pt(0.5), f"{length:g} mm at 100 %")
    canvas.restoreState()


def label(canvas, region: Region, text: str, font: str, size: float = LABEL_SIZE) -> None:
    canvas.saveState()
    _enter(canvas, region)
    canvas.setFont(font, size)
    canvas.setFillColor(_grey())
    from printgen.draw.fonts import draw_string, text_width

    draw_string(canvas, (pt(region.x1 - region.x0) - text_width(text, font, size)) / 2, pt(0.6), text, font, size)
    canvas.restoreState()


class Fitted(Frozen):
    """What found room on a sheet: the ruler (when one was asked for) and every line of text
    (frozen; written out, not a dataclass: see draw/ops.py)."""

    __slots__ = _fields = ("ruler", "lines", "used")
    ruler: bool
    lines: bool
    used: tuple[Region, ...]         # where the ruler and the words went: cut lines run round them

    def __init__(self, ruler: bool, lines: bool, used: tuple[Region, ...] = ()) -> None:
        set_field(self, "ruler", ruler)
        set_field(self, "lines", lines)
        set_field(self, "used", used)


def sheet_marks(canvas, strips: list[Region], paper: tuple[float, float], ruler_length: float, font: str,
                lines: list[str]) -> Fitted:
    """The ruler (when `ruler_length`) and the sheet's lines of text: its label, then any notes.

    The lines go one above the other in the first strip with room for all of them, in reading
    order; where none has, each line takes the next free strip on its own (notes are worded to
    read alone)."""
    from printgen.draw.fonts import text_width

    used: list[Region] = []
    fitted = True
    if ruler_length > 0:
        spot = place(ordered(strips, "ruler", paper), ruler_length + RULER_LABEL, RULER_DEPTH)
        if spot is None:
            fitted = False
        else:
            ruler(canvas, spot, ruler_length, font)
            used.append(spot)
    if not lines:
        return Fitted(fitted, True, tuple(used))
    widths = [text_width(line, font, LABEL_SIZE) / pt(1) + 2 for line in lines]
    order = ordered(strips, "label", paper)
    depth = len(lines) * RULER_DEPTH + (len(lines) - 1) * LINE_GAP
    block = place(order, max(widths), depth, used)
    if block is not None:
        # the first line at the block's reading top: up the page, or (turned) toward its left
        for index, line in enumerate(lines):
            step = index * (RULER_DEPTH + LINE_GAP)
            y1 = block.y1 - step if not block.vertical else block.y0 + step + RULER_DEPTH
            label(canvas, replace(block, y0=y1 - RULER_DEPTH, y1=y1), line, font)
        return Fitted(fitted, True, (*used, block))
    every = True
    for line, width in zip(lines, widths):
        spot = place(order, width, RULER_DEPTH, used)
        if spot is None:
            every = False
        else:
            label(canvas, spot, line, font)
            used.append(spot)
    return Fitted(fitted, every, tuple(used))


def _grey():
    from printgen.files.colours import parse_colour

    return parse_colour(MARK_GREY)


def cut_marks(canvas, imp, imposed: Imposed, page: Page, kinds: Sequence[Kind]) -> None:
    """Where to cut one page, from its placements. Cards on a grid share their cut lines: crop
    marks round the grid, on every side printed on its own. Packed pieces each have their own: the
    guides of their shape and, for a kind cut by marks, ticks beyond its bleed, on the fronts."""
    crop, paper = imp.crop_marks, imposed.paper
    if imposed.grid is not None:
        if page.physical:
            crop_marks(canvas, [p.trim for p in page.placements], page.bleed_box, crop.length, crop.offset,
                       crop.width, paper, imp.margin)
        return
    for placement in page.placements:
        if placement.side != "front":
            continue
        kind = kinds[placement.piece]
        guides(canvas, kind, placement.slot)
        if kind.cut == "marks":      # ticks stop short of every other piece on the page, either side
            others = [p.bleed_box for p in page.placements if p is not placement]
            piece_ticks(canvas, kind, placement.slot, others, imp, paper)


def piece_ticks(canvas, kind: Kind, slot: Slot, others: list[tuple[float, float, float, float]], imp, paper) -> None:
    """Cut marks beyond a piece's bleed (the packed pieces' fronts, cut_marks): a rect's edges
    continued outward, stopping short of any other piece and of the paper's margin; a round
    piece's four diagonals, in the corners its circle leaves free."""

    crop = imp.crop_marks
    b = kind.bleed
    bounds = printable(paper, imp.margin)
    segments = []
    if kind.shape.round:
        r = slot.w / 2
        cx, cy = slot.x + r, slot.y + r
        start, end = r + b + crop.offset, min((r + b) * math.sqrt(2) - 0.3, r + b + crop.offset + crop.length)
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            k = 1 / math.sqrt(2)
            line = ((cx + dx * k * start, cy + dy * k * start), (cx + dx * k * end, cy + dy * k * end))
            segments.append(_inside(line, bounds))
    else:
        x0, y0, x1, y1 = slot.x, slot.y, slot.x + slot.w, slot.y + slot.h
        reach = b + crop.offset
        ends = [((x, y1), (0, 1)) for x in (x0, x1)] + [((x, y0), (0, -1)) for x in (x0, x1)] + \
            [((x0, y), (-1, 0)) for y in (y0, y1)] + [((x1, y), (1, 0)) for y in (y0, y1)]
        for (ex, ey), (dx, dy) in ends:
            segment = _clipped((ex + dx * reach, ey + dy * reach), (dx, dy), crop.length, others, bounds)
            if b >= 1.0 and _length(segment) < PRINTED:
                # too near the paper's margin to print: run on across the piece's own bleed (as
                # marks.crop_marks does for cards), to half a millimetre from its trim
                inward = _clipped((ex + dx * 0.5, ey + dy * 0.5), (dx, dy), crop.length + reach - 0.5, others, bounds)
                if _length(inward) > _length(segment):
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


def _length(segment) -> float:
    if segment is None:
        return 0.0
    (ax, ay), (bx, by) = segment
    return math.hypot(bx - ax, by - ay)


def _inside(segment, bounds: tuple[float, float, float, float]):
    """The part of a straight tick inside the printable part of the page (None when under 0.3 mm)."""
    (ax, ay), (bx, by) = segment
    lo, hi = 0.0, 1.0
    for p, d, low, high in ((ax, bx - ax, bounds[0], bounds[2]), (ay, by - ay, bounds[1], bounds[3])):
        if abs(d) < 1e-12:
            if not low <= p <= high:
                return None
            continue
        t0, t1 = (low - p) / d, (high - p) / d
        lo, hi = max(lo, min(t0, t1)), min(hi, max(t0, t1))
    if hi <= lo:
        return None
    clipped = ((ax + (bx - ax) * lo, ay + (by - ay) * lo), (ax + (bx - ax) * hi, ay + (by - ay) * hi))
    return clipped if _length(clipped) > 0.3 else None


def _clipped(start, direction, length, others, bounds):
    """A tick from `start` along `direction`, cut short before any other piece's bleed or the
    paper's margin (`bounds`, the printable part of the page); None when less than 1.5 mm of
    it is left."""
    (sx, sy), (dx, dy) = start, direction
    bx0, by0, bx1, by1 = bounds
    if not (bx0 <= sx <= bx1 and by0 <= sy <= by1):
        return None
    limit = length
    limit = min(limit, bx1 - sx if dx > 0 else sx - bx0) if dx else min(limit, by1 - sy if dy > 0 else sy - by0)
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
