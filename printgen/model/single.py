"""One piece a page: every side of every piece on a page of its own, exactly its trim plus its
bleed, the way a print shop takes a deck (it prints, cuts and stacks, so the PDF carries no marks).

Pages come in pairs, piece after piece, in the shop's order: DriveThruCards wants back 1, front 1,
back 2, front 2 ... (issue 29), others the front first. A piece with one common back still gets
its back page each time, and a piece with nothing on its back (a die's net, a pawn) a blank one,
so page 2k-1 and page 2k are always the two sides of the k-th piece. Pure geometry in mm.
"""

from __future__ import annotations

from collections.abc import Sequence

from printgen.model.deck import Deck, Layout
from printgen.model.imposition import SheetPlan, Slot
from printgen.model.kinds import Kind, uses_components
from printgen.model.placement import Imposed, Page, Placement

PAGE_ORDERS = ("back-first", "front-first")


def sides_in_order(order: str) -> tuple[str, str]:
    """The two sides of a piece in page order."""
    return ("back", "front") if order == "back-first" else ("front", "back")


def one_a_page(deck: Deck, layout: Layout, kinds: Sequence[Kind], order: str = "back-first") -> Imposed:
    """Each piece's two sides on pages of their own, trim plus bleed, in `order`."""
    pages: list[Page] = []
    for index, kind in enumerate(kinds):
        b, w, h = kind.bleed, kind.shape.width, kind.shape.height
        size = (w + 2 * b, h + 2 * b)
        slot = Slot(b, b, w, h, 0)
        for side in sides_in_order(order):
            number = len(pages) + 1
            placement = Placement(index, index, side, number, slot, b)
            whole = (0.0, 0.0, size[0], size[1])
            pages.append(Page(number, index, side, (placement,), side == "front", placement.trim, whole,
                              (placement.trim,), whole, size))
    grid = None
    if not uses_components(deck, layout):
        b, card = layout.imposition.bleed, layout.card
        grid = SheetPlan(card.width + 2 * b, card.height + 2 * b, card.width, card.height, b, 1, 1, False,
                         (Slot(b, b, card.width, card.height, 0),))
    paper = pages[0].size if pages and pages[0].size else (layout.paper.width, layout.paper.height)
    return Imposed(tuple(pages), len(kinds), grid, paper, "none", (0.0, 0.0), "single", order=order)
