"""Where every piece of a deck goes on the paper, front and back: the second stage of the one sheet
pipeline (faces resolved -> pieces placed -> sides drawn -> marks), pure geometry in mm.

A card is the common case of a piece: a deck whose pieces are all its layout's card sits on one
grid (imposition.plan_sheet), every sheet alike; a deck with components (tiles, coins, dice,
pawns) is packed, each sheet its own (packing.pack). Both give the same data, a `Placement` of
each side of each piece on its page, so whatever is made from sheets (the PDF, its marks, the
manifest, later per-card images or a print shop's pages) is written once, for every kind of piece.
"""

from __future__ import annotations

from collections.abc import Sequence

from printgen.files.errors import UserError, Where
from printgen.files.lean import lean_dataclass
from printgen.model.deck import Deck, Layout
from printgen.model.imposition import SheetPlan, Slot, back_slot, page_order, plan_sheet
from printgen.model.kinds import CARD_KIND, Kind, uses_components
from printgen.model.packing import TooBig, pack

Box = tuple[float, float, float, float]        # x0, y0, x1, y1 in mm, page origin at the lower left


@lean_dataclass(frozen=True)
class Placement:
    """One side of one piece on one page."""

    piece: int          # the piece's index in the deck's cards
    sheet: int          # from 0
    side: str           # 'front' or 'back'
    page: int           # the PDF page, from 1
    slot: Slot          # its trim box on the page, and the turn of its design
    bleed: float

    @property
    def trim(self) -> Box:
        return trim_of(self.slot)

    @property
    def bleed_box(self) -> Box:
        return bleed_of(self.slot, self.bleed)


def trim_of(s: Slot) -> Box:
    return (s.x, s.y, s.x + s.w, s.y + s.h)


def bleed_of(s: Slot, b: float) -> Box:
    return (s.x - b, s.y - b, s.x + s.w + b, s.y + s.h + b)


@lean_dataclass(frozen=True)
class Page:
    """A page of the sheets: what is on it, and the frame its ruler and label are placed beside.

    The frame of a grid is every slot of the side, filled or not, so the ruler and the label stand
    in the same place on every sheet, the last one too; a packed sheet's frame is its pieces."""

    number: int
    sheet: int
    side: str
    placements: tuple[Placement, ...]
    physical: bool                   # a side printed on its own (fronts, or any page single-sided)
    trim_box: Box                    # round what is on the page
    bleed_box: Box                   # the same with the bleed, within the paper
    frame: tuple[Box, ...]           # trim boxes the margin's marks keep clear of
    frame_bleed: Box
    size: tuple[float, float] | None = None   # a page cut to its piece (single): its own size, and no marks


@lean_dataclass(frozen=True)
class Fold:
    """The line a gutter-fold sheet is folded on: 'vertical' at x = `at`, or 'horizontal' at y = `at`
    (mm). Folding there lays every back on the sheet behind its own front."""

    axis: str
    at: float


@lean_dataclass(frozen=True)
class Imposed:
    """Every page of a deck's sheets, in print order."""

    pages: tuple[Page, ...]
    sheets: int
    grid: SheetPlan | None           # the grid every sheet shares; None for pieces packed sheet by sheet
    paper: tuple[float, float]
    duplex: str
    offset: tuple[float, float]
    style: str = "sheets"            # the imposition: sheets, gutter-fold or single (model/arrange.py)
    fold: Fold | None = None         # a gutter fold's line, the same on every sheet
    crop: str = "marks"              # how its sheets say where to cut: crop marks, or lines right across
    order: str | None = None         # single: which side of each piece comes first, 'back-first' or 'front-first'

    @property
    def noun(self) -> str:
        """What the sheets hold, in the words of their title and warnings."""
        return "cards" if self.grid is not None else "pieces"

    def of_piece(self) -> list[dict[str, Placement]]:
        """Each piece's placements by side, in the deck's order."""
        found: dict[int, dict[str, Placement]] = {}
        for page in self.pages:
            for placement in page.placements:
                found.setdefault(placement.piece, {})[placement.side] = placement
        return [found[i] for i in sorted(found)]


@lean_dataclass(frozen=True)
class _Sheet:
    """One sheet's fronts, before the pages are made: the pieces on it, each one's slot, the slots
    its marks are placed from (with their bleeds) and the plan its backs are mirrored by."""

    members: tuple[int, ...]
    slots: tuple[Slot, ...]
    frame: tuple[Slot, ...]
    frame_bleeds: tuple[float, ...]
    plan: SheetPlan


def impose(deck: Deck, layout: Layout, kinds: Sequence[Kind], duplex: str,
           offset: tuple[float, float] = (0.0, 0.0)) -> Imposed:
    """Every piece's front and back on the pages, in print order (imposition.page_order)."""
    paper = (layout.paper.width, layout.paper.height)
    grid = None if uses_components(deck, layout) else plan_sheet(layout.paper, layout.card, layout.imposition)
    sheets = _on_grid(grid, len(kinds)) if grid is not None else _packed(kinds, layout)
    pages = []
    for number, (index, side) in enumerate(page_order(len(sheets), duplex), start=1):
        sheet = sheets[index]
        if side == "front":
            slots, frame = sheet.slots, sheet.frame
        else:
            slots = tuple(back_slot(sheet.plan, s, duplex, offset) for s in sheet.slots)
            frame = tuple(back_slot(sheet.plan, s, duplex, offset) for s in sheet.frame)
        placements = tuple(Placement(i, index, side, number, slot, kinds[i].bleed)
                           for i, slot in zip(sheet.members, slots))
        frame_bleed = _union([bleed_of(s, b) for s, b in zip(frame, sheet.frame_bleeds)])
        pages.append(Page(number, index, side, placements, side == "front" or duplex == "none",
                          _union([p.trim for p in placements]),
                          _within(_union([p.bleed_box for p in placements]), paper),
                          tuple(trim_of(s) for s in frame), _within(frame_bleed, paper)))
    return Imposed(tuple(pages), len(sheets), grid, paper, duplex, offset)


def _union(boxes: Sequence[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _within(box: Box, paper: tuple[float, float]) -> Box:
    return (max(0.0, box[0]), max(0.0, box[1]), min(paper[0], box[2]), min(paper[1], box[3]))


def _on_grid(plan: SheetPlan, count: int) -> list[_Sheet]:
    """Cards of one size: the grid's slots in reading order, sheet after sheet."""
    sheets = []
    for first in range(0, count, plan.per_sheet):
        members = tuple(range(first, min(count, first + plan.per_sheet)))
        sheets.append(_Sheet(members, plan.slots[:len(members)], plan.slots, (plan.bleed,) * plan.per_sheet, plan))
    return sheets


def _packed(kinds: Sequence[Kind], layout: Layout) -> list[_Sheet]:
    """Pieces of several sizes: packed largest first (packing.pack), each sheet's pieces centred
    across it at its top, where what is left below holds the ruler and the label."""
    imp = layout.imposition
    usable_w, usable_h = layout.paper.width - 2 * imp.margin, layout.paper.height - 2 * imp.margin
    g = imp.gutter
    sizes = [(k.shape.width + 2 * k.bleed + g, k.shape.height + 2 * k.bleed + g) for k in kinds]
    order = sorted(range(len(sizes)), key=lambda i: (-sizes[i][0] * sizes[i][1], i))
    try:
        spots = pack([sizes[i] for i in order], usable_w + g, usable_h + g)
    except TooBig as big:
        raise too_big(kinds[order[big.index]], layout) from None
    boxes = dict(zip(order, spots))
    sheets = []
    for sheet in range(1 + max(s for s, _ in spots)):
        members = tuple(i for i in range(len(sizes)) if boxes[i][0] == sheet)
        right = max(boxes[i][1].x + boxes[i][1].w for i in members) - g
        dx, dy = imp.margin + (usable_w - right) / 2, imp.margin
        slots = []
        for i in members:
            kind, rect = kinds[i], boxes[i][1]
            x = dx + rect.x + kind.bleed
            y = layout.paper.height - (dy + rect.y + kind.bleed) - kind.shape.height
            slots.append(Slot(round(x, 4), round(y, 4), kind.shape.width, kind.shape.height, 0))
        plan = SheetPlan(layout.paper.width, layout.paper.height, 0, 0, 0, 0, 0, False, tuple(slots))
        sheets.append(_Sheet(members, tuple(slots), tuple(slots), tuple(kinds[i].bleed for i in members), plan))
    return sheets


def too_big(kind: Kind, layout: Layout) -> UserError:
    """A piece that no sheet can hold, said at the layout line of its kind (where its size, and
    its bleed, are written) with the room a sheet has, so the fix is found where it is made."""
    imp = layout.imposition
    room_w, room_h = layout.paper.width - 2 * imp.margin, layout.paper.height - 2 * imp.margin
    need_w, need_h = kind.shape.width + 2 * kind.bleed, kind.shape.height + 2 * kind.bleed
    where = layout.element_where.get((f"components.{kind.name}", ""), Where())
    if kind.name == CARD_KIND:
        where = Where()
    gutter = f" and a {imp.gutter:g} mm gutter" if imp.gutter else ""
    return UserError(f"a {kind.name} ({kind.shape.width:g} x {kind.shape.height:g} mm, {need_w:g} x {need_h:g} mm with "
                     f"its {kind.bleed:g} mm bleed{gutter}) does not fit on {layout.paper_name.upper()} paper "
                     f"({layout.paper.width:g} x {layout.paper.height:g} mm), which has {room_w:g} x {room_h:g} mm "
                     f"inside its {imp.margin:g} mm margins", where,
                     f"make the {kind.name} smaller or give it less bleed here, or build on larger paper (--paper)")
