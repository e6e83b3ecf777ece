"""The one sheet pipeline's stages as data: every side of every piece placed once, in print order
(model/placement.py), and a writer that draws whatever placements it is given, each with its own
side (draw/sheets/pdf.py), so a later imposition is new placements, not a new renderer."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import ROOT
from pdfcheck import Raster, near

from printgen.draw.sheets.faces import resolve_faces
from printgen.draw.sheets.pdf import render_sheets, write_pdf
from printgen.model.imposition import Slot, back_slot, page_order
from printgen.model.kinds import kind_layout, kind_of
from printgen.model.layouts import load_layout
from printgen.model.load import load_deck
from printgen.model.placement import Imposed, Placement, impose

GEOMETRY = ROOT / "tests" / "data" / "geometry"
FACE, BACK = "#3050C0", "#20A040"


def _setup(ref, **options):
    deck = load_deck(ref)
    layout = load_layout(deck.layout, deck, **options)
    return deck, layout, [kind_layout(layout, kind_of(deck, layout, card)) for card in deck.cards]


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_cards_each_side_placed_once_in_print_order_backs_mirrored(duplex):
    deck, layout, kinds = _setup(str(GEOMETRY))
    imposed = impose(deck, layout, kinds, duplex, (1.0, -0.5))
    assert imposed.grid is not None and imposed.sheets == -(-len(deck.cards) // imposed.grid.per_sheet)
    assert [(p.sheet, p.side) for p in imposed.pages] == page_order(imposed.sheets, duplex)
    sides = imposed.of_piece()
    assert len(sides) == len(deck.cards)
    for placed in sides:
        front, back = placed["front"], placed["back"]
        assert front.sheet == back.sheet and front.page != back.page
        assert back.slot == back_slot(imposed.grid, front.slot, duplex, (1.0, -0.5))
    for page in imposed.pages:
        assert all(p.page == page.number and p.side == page.side for p in page.placements)
        # the margin's marks keep clear of the whole grid, the last sheet's empty slots too
        assert len(page.frame) == imposed.grid.per_sheet


def test_packed_pieces_keep_apart_inside_the_margin_and_the_backs_follow():
    deck, layout, kinds = _setup("piecepack")
    imposed = impose(deck, layout, kinds, "long")
    assert imposed.grid is None and imposed.noun == "pieces"
    margin = layout.imposition.margin
    for page in imposed.pages:
        boxes = [p.bleed_box for p in page.placements]
        for i, box in enumerate(boxes):
            assert margin - 1e-6 <= box[0] and box[2] <= imposed.paper[0] - margin + 1e-6
            assert margin - 1e-6 <= box[1] and box[3] <= imposed.paper[1] - margin + 1e-6
            assert not any(_overlap(box, other) for other in boxes[i + 1:])
    for placed in imposed.of_piece():
        front, back = placed["front"], placed["back"]
        assert back.slot.x == pytest.approx(imposed.paper[0] - front.slot.x - front.slot.w, abs=1e-3)
        assert back.slot.y == pytest.approx(front.slot.y, abs=1e-3)


def test_manifest_is_written_from_the_placements():
    deck, layout, _ = _setup(str(GEOMETRY))
    sheets = render_sheets(deck, layout, "short", (0.0, 0.0))
    for card, placed in zip(sheets.manifest["cards"], sheets.imposed.of_piece()):
        for side in ("front", "back"):
            slot, entry = placed[side].slot, card[side]
            assert (entry["page"], entry["x_mm"], entry["y_mm"], entry["rotation"]) == \
                (placed[side].page, round(slot.x, 3), round(slot.y, 3), slot.rotation)


def test_writer_draws_each_placement_with_its_own_side(tmp_path):
    """A page holding a front and a back together (as a gutter fold will) draws each as placed:
    the side comes from the placement, never from the page."""
    deck, layout, kinds = _setup(str(GEOMETRY))
    faces = resolve_faces(deck, layout)
    sheets = impose(deck, layout, faces.kinds, "long")
    w, h = layout.card.width, layout.card.height
    left, right = Slot(20.0, 150.0, w, h, 0), Slot(120.0, 150.0, w, h, 180)
    placed = (Placement(0, 0, "front", 1, left, kinds[0].bleed), Placement(0, 0, "back", 1, right, kinds[0].bleed))
    first = sheets.pages[0]
    page = replace(first, placements=placed, trim_box=(20.0, 150.0, 120.0 + w, 150.0 + h),
                   bleed_box=(17.0, 147.0, 123.0 + w, 153.0 + h))
    mixed = Imposed((page,), 1, sheets.grid, sheets.paper, "long", (0.0, 0.0))
    pdf, _ = write_pdf(deck, layout, faces, mixed)
    path = tmp_path / "mixed.pdf"
    path.write_bytes(pdf)
    raster = Raster(path, 1, dpi=50)
    assert near(raster.colour_at(20.0 + w / 2, 150.0 + h / 2), FACE)
    assert near(raster.colour_at(120.0 + w / 2, 150.0 + h / 2), BACK)

