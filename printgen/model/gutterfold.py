"""Gutter fold: every front and its own back on one side of one sheet, the backs mirrored about a
fold line, so a sheet printed one-sided, folded and glued is a sheet of two-sided pieces. No duplex
printer and no lining up of two print runs: the fold itself puts each back behind its front.

Cards sit on a grid in one half of the sheet (the orientation and the fold, across or down the
sheet, that hold the most cards; fewer than the plain sheets hold); other pieces are packed into
the half as on the plain sheets (packing.pack). Mirroring about a vertical fold is the geometry of
a duplex sheet turned on its long edge, about a horizontal one of a sheet turned on its short edge
(imposition.back_slot), so the backs are turned the same way. Pure geometry in mm.
"""

from __future__ import annotations

from collections.abc import Sequence

from printgen.files.errors import UserError
from printgen.model.deck import Deck, Layout
from printgen.model.imposition import SheetPlan, Slot, _count
from printgen.model.kinds import Kind, uses_components
from printgen.model.packing import Rect, TooBig, pack
from printgen.model.placement import Box, Fold, Imposed, Page, Placement, bleed_of, trim_of

FOLD_CLEAR = 2.0   # mm of bare paper each side of the fold, between it and the nearest bleed
AXES = ("vertical", "horizontal")

Half = tuple[list[tuple[int, ...]], list[tuple[Slot, ...]], Fold, SheetPlan | None]


def mirrored(slot: Slot, fold: Fold) -> Slot:
    """Where the back of the piece in `slot` goes: the slot reflected in the fold, its design turned
    as a duplex back is (a vertical fold as the long edge, a horizontal one as the short edge)."""
    if fold.axis == "vertical":
        return Slot(round(2 * fold.at - slot.x - slot.w, 4), slot.y, slot.w, slot.h, (-slot.rotation) % 360)
    return Slot(slot.x, round(2 * fold.at - slot.y - slot.h, 4), slot.w, slot.h, (180 - slot.rotation) % 360)


def gutter_fold(deck: Deck, layout: Layout, kinds: Sequence[Kind]) -> Imposed:
    """Every piece's front in the first half of a sheet and its back mirrored in the other; one page
    a sheet, printed one-sided."""
    paper = (layout.paper.width, layout.paper.height)
    members, slots, fold, grid = _packed_half(kinds, layout) if uses_components(deck, layout) \
        else _grid_half(layout, len(kinds))
    pages = []
    for index, (pieces, fronts) in enumerate(zip(members, slots)):
        frame = grid.slots if grid is not None else fronts
        frame_bleeds = [grid.bleed] * len(frame) if grid is not None else [kinds[i].bleed for i in pieces]
        placements = tuple(Placement(i, index, "front", index + 1, s, kinds[i].bleed) for i, s in zip(pieces, fronts))
        placements += tuple(Placement(i, index, "back", index + 1, mirrored(s, fold), kinds[i].bleed)
                            for i, s in zip(pieces, fronts))
        both = list(frame) + [mirrored(s, fold) for s in frame]
        trims = [trim_of(s) for s in both]
        frame_bleed = _union([bleed_of(s, b) for s, b in zip(both, frame_bleeds * 2)])
        pages.append(Page(index + 1, index, "both", placements, True, _union([p.trim for p in placements]),
                          _within(_union([p.bleed_box for p in placements]), paper),
                          tuple(trims) + (_fold_box(fold, _union(trims)),), _within(frame_bleed, paper)))
    return Imposed(tuple(pages), len(pages), grid, paper, "none", (0.0, 0.0), "gutter-fold", fold)


def _fold_box(fold: Fold, trims: Box) -> Box:
    """The fold line as a box of no width across the pieces: the margin's ruler and words keep
    clear of it as they keep clear of a cut line (marks.free_strips)."""
    if fold.axis == "vertical":
        return (fold.at, trims[1], fold.at, trims[3])
    return (trims[0], fold.at, trims[2], fold.at)


def _union(boxes: Sequence[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _within(box: Box, paper: tuple[float, float]) -> Box:
    return (max(0.0, box[0]), max(0.0, box[1]), min(paper[0], box[2]), min(paper[1], box[3]))


def _room(layout: Layout, axis: str) -> tuple[float, float]:
    """The width and height a half sheet has for fronts with their bleed: inside the paper's margin
    and FOLD_CLEAR short of the fold at the middle of the paper."""
    m, paper = layout.imposition.margin, layout.paper
    if axis == "vertical":
        return paper.width / 2 - m - FOLD_CLEAR, paper.height - 2 * m
    return paper.width - 2 * m, paper.height / 2 - m - FOLD_CLEAR


def _grid_half(layout: Layout, count: int) -> Half:
    """Cards of one size on a grid against the fold: the fold and turn that hold the most cards
    (upright first, then a fold down the middle, when two hold as many)."""
    paper, card, imp = layout.paper, layout.card, layout.imposition
    b, g = imp.bleed, imp.gutter
    best: tuple[tuple[int, bool, bool], str, bool, int, int, float, float] | None = None
    for axis in AXES:
        room_w, room_h = _room(layout, axis)
        for rotated in (False, True):
            w, h = (card.height, card.width) if rotated else (card.width, card.height)
            cols, rows = _count(room_w, w + 2 * b, g), _count(room_h, h + 2 * b, g)
            key = (cols * rows, not rotated, axis == "vertical")
            if best is None or key > best[0]:
                best = (key, axis, rotated, cols, rows, w, h)
    assert best is not None
    (per_sheet, _, _), axis, rotated, cols, rows, w, h = best
    if per_sheet == 0:
        raise UserError(f"--imposition gutter-fold: a {card.width:g} x {card.height:g} mm card with {b:g} mm bleed "
                        f"does not fit in half of {layout.paper_name.upper()} paper ({paper.width:g} x "
                        f"{paper.height:g} mm) inside {imp.margin:g} mm margins",
                        hint="use --imposition sheets or single, larger paper (--paper), or less bleed (--bleed)")
    pitch_x, pitch_y = w + 2 * b + g, h + 2 * b + g
    grid_w, grid_h = cols * pitch_x - g, rows * pitch_y - g
    if axis == "vertical":
        fold = Fold(axis, paper.width / 2)
        left, top = fold.at - FOLD_CLEAR - grid_w + b, (paper.height + grid_h) / 2 - b
    else:
        fold = Fold(axis, paper.height / 2)
        left, top = (paper.width - grid_w) / 2 + b, fold.at + FOLD_CLEAR + grid_h - b
    slots = tuple(Slot(round(left + col * pitch_x, 4), round(top - h - row * pitch_y, 4), w, h, 90 if rotated else 0)
                  for row in range(rows) for col in range(cols))
    plan = SheetPlan(paper.width, paper.height, card.width, card.height, b, cols, rows, rotated, slots)
    firsts = range(0, count, plan.per_sheet)
    members = [tuple(range(first, min(count, first + plan.per_sheet))) for first in firsts]
    return members, [slots[:len(m)] for m in members], fold, plan


def _packed_half(kinds: Sequence[Kind], layout: Layout) -> Half:
    """Pieces of several sizes packed into a half sheet (largest first, as the plain sheets pack
    them), against the fold: the fold that needs fewer sheets, down the middle when both need as
    many."""
    imp, paper = layout.imposition, layout.paper
    g = imp.gutter
    sizes = [(k.shape.width + 2 * k.bleed + g, k.shape.height + 2 * k.bleed + g) for k in kinds]
    order = sorted(range(len(sizes)), key=lambda i: (-sizes[i][0] * sizes[i][1], i))
    fits: dict[str, dict[int, tuple[int, Rect]]] = {}
    biggest = 0
    for axis in AXES:
        room_w, room_h = _room(layout, axis)
        try:
            fits[axis] = dict(zip(order, pack([sizes[i] for i in order], room_w + g, room_h + g)))
        except TooBig as big:
            biggest = order[big.index]
    if not fits:
        kind = kinds[biggest]
        raise UserError(f"--imposition gutter-fold: a {kind.name} ({kind.shape.width:g} x {kind.shape.height:g} mm "
                        f"with its {kind.bleed:g} mm bleed) does not fit in half of {layout.paper_name.upper()} paper "
                        f"inside its {imp.margin:g} mm margins",
                        hint="use --imposition sheets or single, or build on larger paper (--paper)")
    axis = min(fits, key=lambda a: (max(s for s, _ in fits[a].values()), AXES.index(a)))
    boxes = fits[axis]
    fold = Fold(axis, paper.width / 2 if axis == "vertical" else paper.height / 2)
    room_w, room_h = _room(layout, axis)
    members, slots = [], []
    for sheet in range(1 + max(s for s, _ in boxes.values())):
        pieces = tuple(i for i in range(len(sizes)) if boxes[i][0] == sheet)
        right = max(boxes[i][1].x + boxes[i][1].w for i in pieces) - g
        low = max(boxes[i][1].y + boxes[i][1].h for i in pieces) - g
        if axis == "vertical":      # against the fold on the left half, from the top margin down
            dx, dy = fold.at - FOLD_CLEAR - right, imp.margin
        else:                       # against the fold in the top half, centred across it
            dx, dy = imp.margin + (room_w - right) / 2, paper.height - fold.at - FOLD_CLEAR - low
        placed = []
        for i in pieces:
            kind, rect = kinds[i], boxes[i][1]
            x = dx + rect.x + kind.bleed
            y = paper.height - (dy + rect.y + kind.bleed) - kind.shape.height
            placed.append(Slot(round(x, 4), round(y, 4), kind.shape.width, kind.shape.height, 0))
        members.append(pieces)
        slots.append(tuple(placed))
    return members, slots, fold, None
