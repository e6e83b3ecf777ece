"""Cut lines for a guillotine (`--crop lines`): instead of short crop marks round the cards, a
line right across the sheet at every trim edge, so each cut can be lined up on the blade wherever
the strip being cut came from on the sheet (its ends in the margin are gone after the first cuts).

A line never crosses a piece's face: it is broken over every piece it would cross, and where two
pieces touch with no bleed between them, the line on their shared edge is drawn only outside them.
Along a trim edge with bleed beyond it the line runs through the bleed, which is cut away with it.
Pieces cut on their own outline (coins, die nets, pawns) keep their own guides; lines stop at
their bleed. Lines also break round the ruler and the sheet's words. Lengths in mm.
"""

from __future__ import annotations

from collections.abc import Sequence

from printgen.draw.sheets.forms import guides
from printgen.draw.sheets.marks import Region, printable
from printgen.files.units import pt
from printgen.model.kinds import Kind
from printgen.model.placement import Box, Imposed, Page, Placement

EPS = 0.01          # mm: a line on a trim edge counts as inside a piece with no bleed, outside one with
AROUND = 0.5        # mm kept clear round the ruler and the words
SHORTEST = 0.3      # mm: a piece of line shorter than this is not drawn


def lined(imposed: Imposed, kinds: Sequence[Kind], placement: Placement) -> bool:
    """Whether a piece is cut by straight cuts across the sheet: every card, and a packed piece
    whose kind is cut by marks (a tile); not a coin, die net or pawn, cut on its own outline."""
    return imposed.grid is not None or kinds[placement.piece].cut == "marks"


def keep_out(imposed: Imposed, kinds: Sequence[Kind], placement: Placement) -> Box:
    """Where no cut line goes for one piece: its trim (a hair less, so a line on its edge may run
    through its bleed; a hair more when it has no bleed), or its bleed for a piece cut on its
    outline."""
    if not lined(imposed, kinds, placement):
        x0, y0, x1, y1 = placement.bleed_box
        return (x0 - EPS, y0 - EPS, x1 + EPS, y1 + EPS)
    e = EPS if placement.bleed <= 0 else -EPS
    x0, y0, x1, y1 = placement.trim
    return (x0 - e, y0 - e, x1 + e, y1 + e)


def region_box(region: Region) -> Box:
    """A margin region (marks.Region: along and across its strip) as a box on the page."""
    if region.vertical:
        return (region.y0, region.x0, region.y1, region.x1)
    return (region.x0, region.y0, region.x1, region.y1)


def line_segments(position: float, vertical: bool, span: tuple[float, float],
                  blocks: Sequence[Box]) -> list[tuple[float, float]]:
    """The parts of the line at `position` (x for a vertical line, y for a horizontal one) within
    `span` that cross none of `blocks`."""
    cuts = []
    for x0, y0, x1, y1 in blocks:
        across, along = ((x0, x1), (y0, y1)) if vertical else ((y0, y1), (x0, x1))
        if across[0] < position < across[1]:
            cuts.append(along)
    segments, start = [], span[0]
    for lo, hi in sorted(cuts):
        if lo > start:
            segments.append((start, min(lo, span[1])))
        start = max(start, hi)
    if start < span[1]:
        segments.append((start, span[1]))
    return [(a, b) for a, b in segments if b - a > SHORTEST]


def cut_lines(canvas, imp, imposed: Imposed, page: Page, kinds: Sequence[Kind], used: Sequence[Region]) -> None:
    """Every trim edge of the page's straight-cut pieces as a line across the printable page,
    broken over every piece and round the ruler and words; on pages printed on their own only
    (as crop marks are: a line on a duplex back would show every misregistration)."""
    if not page.physical:
        return
    cut = [p for p in page.placements if p.side == "front" and lined(imposed, kinds, p)]
    if not cut:
        return
    blocks = [keep_out(imposed, kinds, p) for p in page.placements]
    blocks += [_grown(region_box(r), AROUND) for r in used]
    xs = sorted({round(v, 4) for p in cut for v in (p.trim[0], p.trim[2])})
    ys = sorted({round(v, 4) for p in cut for v in (p.trim[1], p.trim[3])})
    lo_x, lo_y, hi_x, hi_y = printable(imposed.paper, imp.margin)
    canvas.saveState()
    canvas.setLineWidth(pt(imp.crop_marks.width))
    canvas.setStrokeColorRGB(0, 0, 0)
    for x in xs:
        for a, b in line_segments(x, True, (lo_y, hi_y), blocks):
            canvas.line(pt(x), pt(a), pt(x), pt(b))
    for y in ys:
        for a, b in line_segments(y, False, (lo_x, hi_x), blocks):
            canvas.line(pt(a), pt(y), pt(b), pt(y))
    canvas.restoreState()


def piece_guides(canvas, page: Page, kinds: Sequence[Kind]) -> None:
    """The fold lines, glue tabs and outline cuts of packed pieces, on their fronts: what the crop
    marks stage draws besides its ticks (marks.cut_marks), kept when lines replace the ticks."""
    for placement in page.placements:
        if placement.side == "front":
            guides(canvas, kinds[placement.piece], placement.slot)


def _grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)
