"""`--crop lines` (issue 29, item 5): a cut line right across the sheet at every trim edge, for a
guillotine: present in the margin and in the gaps between cards, absent inside every card, and
on a piecepack sheet never across a coin, die or pawn. Measured from pixels."""

from __future__ import annotations

import shutil
from dataclasses import replace

import numpy as np
import pypdfium2 as pdfium
import pytest
from conftest import ROOT

from printgen.draw.sheets.faces import resolve_faces
from printgen.draw.sheets.pdf import render_sheets
from printgen.model.layouts import load_layout
from printgen.model.load import load_deck

DPI = 60
MM = 72 / 25.4
GEOMETRY = ROOT / "tests" / "data" / "geometry"     # flat colours, an 8 mm gutter between cards


def raster(pdf: bytes, page: int = 1) -> tuple[np.ndarray, float]:
    document = pdfium.PdfDocument(pdf)
    p = document[page - 1]
    out = np.asarray(p.render(scale=DPI / 72).to_pil().convert("RGB")).astype(int), p.get_height() / MM
    document.close()
    return out


def dark(r: tuple[np.ndarray, float], x: float, y: float) -> bool:
    """Whether the pixel at (x, y) mm is near black (a cut line, not a card's colour)."""
    pixels, height = r
    px = DPI / 25.4
    return bool(pixels[int((height - y) * px), int(x * px)].max() < 110)


def line_fraction(r, vertical: bool, at: float, span: tuple[float, float]) -> float:
    """The share of the line's length over `span` (mm) that shows a dark pixel on it or beside it."""
    pixels, height = r
    px = DPI / 25.4
    assert span[1] - span[0] >= 1.0, span
    hits = []
    for t in np.arange(span[0], span[1], 25.4 / DPI):
        if vertical:
            c, row = int(at * px), int((height - t) * px)
            window = pixels[row, max(c - 1, 0):c + 2]
        else:
            c, row = int(t * px), int((height - at) * px)
            window = pixels[max(row - 1, 0):row + 2, c]
        hits.append(window.max(axis=-1).min() < 140)
    return float(np.mean(hits))


def built(ref, crop, imposition="sheets", pack=None, first=None):
    """A deck's sheets; with `first`, of its first cards only (a sheet is enough to look at)."""
    deck = load_deck(str(ref), pack) if pack else load_deck(str(ref))
    if first is not None:
        deck = replace(deck, cards=deck.cards[:first])
    layout = load_layout(deck.layout, deck)
    faces = resolve_faces(deck, layout)
    return render_sheets(deck, layout, "long", (0.0, 0.0), faces, imposition=imposition, crop=crop), layout


@pytest.fixture(scope="module")
def geometry():
    return {crop: built(GEOMETRY, crop) for crop in ("marks", "lines")}


def test_lines_run_across_margin_and_gutters_and_never_into_a_card(geometry):
    sheets, layout = geometry["lines"]
    assert sheets.manifest["crop"] == "lines" and "crop" not in geometry["marks"][0].manifest
    r = raster(sheets.pdf)
    page = sheets.imposed.pages[0]
    fronts = [p.trim for p in page.placements]
    margin = layout.imposition.margin + 0.6
    W, H = sheets.imposed.paper
    xs = sorted({t[0] for t in fronts} | {t[2] for t in fronts})
    ys = sorted({t[1] for t in fronts} | {t[3] for t in fronts})
    bx0, by0, bx1, by1 = page.bleed_box
    for x in xs:     # from the paper's margin to the cards, on both sides; and across each gutter
        assert line_fraction(r, True, x, (margin, by0 - 0.5)) > 0.5     # broken only round the ruler
        assert line_fraction(r, True, x, (by0 - 8, by0 - 0.5)) > 0.9
        assert line_fraction(r, True, x, (by1 + 0.5, H - margin)) > 0.5   # ... and the sheet's words
        assert line_fraction(r, True, x, (by1 + 0.5, by1 + 8)) > 0.9
        for low, high in zip(ys[1::2], ys[2::2]):       # the gutter between two rows (bleed + 8 mm + bleed)
            assert line_fraction(r, True, x, (low + 3.5, high - 3.5)) > 0.9
    for y in ys:     # the cards come within a millimetre of the side margins: across the gutters
        for low, high in zip(xs[1::2], xs[2::2]):
            assert line_fraction(r, False, y, (low + 3.5, high - 3.5)) > 0.9
        if bx0 - margin > 1.5:
            assert line_fraction(r, False, y, (margin, bx0 - 0.5)) > 0.5
    for x0, y0, x1, y1 in fronts:     # nothing dark anywhere inside a card (but its marker corner)
        for x in np.arange(x0 + 1.0, x1 - 1.0, 1.0):
            for y in np.arange(y0 + 1.0, y1 - 9.0, 1.0):
                assert not dark(r, x, y), (x, y)


def test_marks_are_short_ticks_where_lines_cross_the_margin(geometry):
    """The default keeps its crop marks: the same place in the margin, far from the cards, is blank."""
    marks, layout = geometry["marks"]
    lines, _ = geometry["lines"]
    page = marks.imposed.pages[0]
    x = page.placements[0].trim[0]
    far = layout.imposition.margin + 1.0       # beyond any tick's reach, near the paper's edge
    assert line_fraction(raster(marks.pdf), True, x, (far, far + 2)) == 0.0
    assert line_fraction(raster(lines.pdf), True, x, (far, far + 2)) > 0.9


def test_touching_cards_have_their_shared_edge_lined_only_outside_them(tmp_path):
    """Cards with no bleed and no gutter touch: the line on their shared edge is drawn in the
    margin only, never along the cards."""
    folder = tmp_path / "geometry"
    shutil.copytree(GEOMETRY, folder)
    spec = folder / "geometry.yaml"
    spec.write_text(spec.read_text().replace("gutter: 8", "gutter: 0"))
    deck = load_deck(str(folder))
    layout = load_layout(deck.layout, deck, bleed=0.0)
    sheets = render_sheets(deck, layout, "long", (0.0, 0.0), crop="lines")
    page = sheets.imposed.pages[0]
    trims = [p.trim for p in page.placements]
    shared = sorted({round(t[2], 3) for t in trims} & {round(t[0], 3) for t in trims})
    assert shared
    r = raster(sheets.pdf)
    x = shared[0]
    y0, y1 = min(t[1] for t in trims), max(t[3] for t in trims)
    assert line_fraction(r, True, x, (y0 + 1, y1 - 1)) < 0.05
    assert line_fraction(r, True, x, (layout.imposition.margin + 0.6, y0 - 0.5)) > 0.9


@pytest.mark.parametrize("ref,imposition,first", [("cromwell", "sheets", 9), ("piecepack", "sheets", None),
                                                  ("spanish", "gutter-fold", 4)])
def test_shipped_decks_lines_keep_off_every_face(ref, imposition, first):
    """What the lines add to a sheet (its pixels against the same sheet with crop marks) lies
    nowhere inside a piece: cards on a grid, a gutter fold's fronts and backs, packed pieces."""
    pack = "40" if ref == "spanish" else None
    sheets, layout = built(ref, "lines", imposition, pack, first)
    r = raster(sheets.pdf)
    page = sheets.imposed.pages[0]
    pixels, height = r
    px = DPI / 25.4
    plain = raster(built(ref, "marks", imposition, pack, first)[0].pdf)[0]
    lined = np.abs(pixels - plain).max(axis=2) > 60          # what the lines changed
    assert lined.sum() > 0
    for p in page.placements:                                 # inside every piece's trim, by a pixel
        x0, y0, x1, y1 = p.trim
        inside = lined[int((height - y1) * px) + 2:int((height - y0) * px) - 1, int(x0 * px) + 2:int(x1 * px) - 1]
        assert not inside.any(), (sheets.manifest["cards"][p.piece]["name"], p.side)
