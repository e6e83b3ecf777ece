"""Gutter fold and one card a page pair every front with its own back (issue 29, item 3): from the
manifest, and from the pixels of the PDF, for Cromwell, a Spanish pack, Coppertwaddle and the
piecepack.

Each deck is drawn once per module both ways, from one set of resolved faces. The pixels are
compared as small thumbnails (the mean colour of each cell of a grid laid over a piece's trim) at
a low resolution: a piece is found by comparing its place on a sheet with every piece's own page
of the single PDF, and a single page with the piece drawn alone (`preview --card`'s PDF).
"""

from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from printgen.draw.sheets.faces import resolve_faces
from printgen.draw.sheets.pdf import piece_pdf, render_sheets
from printgen.model.layouts import load_layout
from printgen.model.load import load_deck

DPI = 50
MM = 72 / 25.4
CELLS = 12
SAME = 8.0          # mean difference (0-255 a channel) under which two thumbnails show the same side
INSET = 0.8         # mm inside the trim compared: a neighbour touching the trim shows in its edge pixels
SHIFT = 0.35        # mm a place may be moved to match (looks_like)
DECKS = [("cromwell", None), ("spanish", "40"), ("coppertwaddle", None), ("piecepack", None)]
SMALL_DPI = 100     # the piecepack's coins are 19 mm across: their thin rings need more pixels


Raster = tuple[Image.Image, float, int]


def pages(pdf: bytes, dpi: int = DPI) -> list[Raster]:
    """Every page's pixels, its height in mm and the resolution."""
    document = pdfium.PdfDocument(pdf)
    out = [(page.render(scale=dpi / 72).to_pil().convert("RGB"), page.get_height() / MM, dpi) for page in document]
    document.close()
    return out


def thumb(page: Raster, box: tuple[float, float, float, float], rotation: int,
          upright: tuple[float, float]) -> np.ndarray:
    """The mean colours of a grid over `box` (mm, page origin lower left), turned back upright
    from `rotation` (the turn of the design in its slot), the grid counted on the upright piece."""
    image, height, dpi = page
    w, h = upright
    cols, rows = (CELLS, max(1, round(CELLS * h / w))) if w <= h else (max(1, round(CELLS * w / h)), CELLS)
    if rotation in (90, 270):
        cols, rows = rows, cols
    x0, y0, x1, y1 = box
    px = dpi / 25.4
    small = np.asarray(image.resize((cols, rows), Image.Resampling.BOX,
                                    box=(x0 * px, (height - y1) * px, x1 * px, (height - y0) * px))).astype(float)
    return np.rot90(small, k=-(rotation // 90))


def differ(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.abs(a - b).mean())


def inset(box: tuple[float, float, float, float], by: float = INSET) -> tuple[float, float, float, float]:
    return (box[0] + by, box[1] + by, box[2] - by, box[3] - by)


def looks_like(page: Raster, box: tuple[float, float, float, float], rotation: int,
               upright: tuple[float, float], other: np.ndarray) -> float:
    """How far a piece's place on a page is from a thumbnail, the place moved by up to SHIFT mm
    each way (a rasterised edge falls a pixel either side, a thin ring anti-aliased differently)."""
    steps = (-SHIFT, 0.0, SHIFT)
    return min(differ(thumb(page, (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy), rotation, upright), other)
               for dx in steps for dy in steps)


def mirror(box: dict, fold: dict) -> tuple[tuple[float, float, float, float], int]:
    """Where a side's back belongs, worked out here from the fold: its trim box reflected in the fold
    line, and the turn a sheet turned over that line gives (a vertical fold as the long edge)."""
    x, y, w, h, r = box["x_mm"], box["y_mm"], box["width_mm"], box["height_mm"], box["rotation"]
    if fold["axis"] == "vertical":
        x, r = 2 * fold["x_mm"] - x - w, (-r) % 360
    else:
        y, r = 2 * fold["y_mm"] - y - h, (180 - r) % 360
    return (x, y, x + w, y + h), r


def trim(entry: dict) -> tuple[float, float, float, float]:
    return (entry["x_mm"], entry["y_mm"], entry["x_mm"] + entry["width_mm"], entry["y_mm"] + entry["height_mm"])


def upright(entry: dict) -> tuple[float, float]:
    w, h = entry["width_mm"], entry["height_mm"]
    return (h, w) if entry["rotation"] in (90, 270) else (w, h)


@pytest.fixture(scope="module", params=DECKS, ids=[d if p is None else f"{d}-{p}" for d, p in DECKS])
def built(request):
    ref, pack = request.param
    deck = load_deck(ref, pack) if pack else load_deck(ref)
    layout = load_layout(deck.layout, deck)
    faces = resolve_faces(deck, layout)
    fold = render_sheets(deck, layout, "long", (0.0, 0.0), faces, imposition="gutter-fold")
    single = render_sheets(deck, layout, "long", (0.0, 0.0), faces, imposition="single")
    dpi = SMALL_DPI if ref == "piecepack" else DPI
    return deck, layout, fold, single, pages(fold.pdf, dpi), pages(single.pdf, dpi)


def test_gutter_fold_manifest_puts_each_back_at_its_front_mirrored_in_the_fold(built):
    deck, layout, fold, _, _, _ = built
    m = fold.manifest
    assert m["imposition"] == "gutter-fold" and m["pages"] == m["sheets"] == len(fold.imposed.pages)
    line = m["fold"]
    at = line["x_mm"] if line["axis"] == "vertical" else line["y_mm"]
    assert at == pytest.approx((layout.paper.width if line["axis"] == "vertical" else layout.paper.height) / 2)
    assert [c["id"] for c in m["cards"]] == [c.id for c in deck.cards]
    backs = 0
    for card in m["cards"]:
        front, back = card["front"], card["back"]
        x0, y0, x1, y1 = trim(front)
        # every front on the first side of the fold (the left, or the top), clear of the line
        assert (x1 < at) if line["axis"] == "vertical" else (y0 > at)
        if back is None:                     # a die's net or a pawn: nothing on its back
            assert card["kind"] in ("die", "pawn")
            continue
        backs += 1
        box, turn = mirror(front, line)
        assert back["page"] == front["page"]
        assert trim(back) == pytest.approx(box, abs=2e-3) and back["rotation"] == turn
    assert backs >= len(deck.cards) - 8
    for page in fold.imposed.pages:          # no two pieces overlap, all inside the paper's margin
        boxes = [p.bleed_box for p in page.placements]
        margin = layout.imposition.margin
        for i, a in enumerate(boxes):
            assert margin - 1e-6 <= a[0] and a[2] <= layout.paper.width - margin + 1e-6
            assert margin - 1e-6 <= a[1] and a[3] <= layout.paper.height - margin + 1e-6
            assert not any(a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6
                           for b in boxes[i + 1:])


def test_gutter_fold_pixels_show_each_front_with_its_own_back_behind_it(built):
    """Each front's place on a sheet looks like that piece's front (and no piece's looks more
    like it), and the place mirrored in the fold, worked out here, looks like its own back, turned
    as a folded sheet turns it."""
    _, _, fold, single, sheet_pages, single_pages = built
    cards, line = fold.manifest["cards"], fold.manifest["fold"]
    size = [upright(c["front"]) for c in cards]
    own_fronts, own_backs = [], []
    for k, card in enumerate(cards):
        for entry, into in ((card["front"], own_fronts), (card["back"] or card["front"], own_backs)):
            side = "front" if entry is card["front"] else "back"
            page = single.manifest["cards"][k][side]["page"]
            s = single.manifest["cards"][k][side]
            into.append(thumb(single_pages[page - 1], inset(trim(s)), 0, size[k]))
    for k, card in enumerate(cards):
        front, sheet = card["front"], sheet_pages[card["front"]["page"] - 1]
        seen = thumb(sheet, inset(trim(front)), front["rotation"], size[k])
        scores = [differ(seen, other) if size[j] == size[k] else 1e9 for j, other in enumerate(own_fronts)]
        best = min(scores)
        # its own front, or one that looks the same (a monarch reigning twice, a duplicate card)
        assert looks_like(sheet, inset(trim(front)), front["rotation"], size[k], own_fronts[k]) < best + SAME
        assert best < SAME, (card["name"], best)
        if card["back"] is None:
            continue
        box, turn = mirror(front, line)
        away = looks_like(sheet, inset(box), turn, size[k], own_backs[k])
        assert away < SAME, (card["name"], away)
        # a place that showed a front there, or the back unturned, would not pass
        assert differ(thumb(sheet, inset(box), turn, size[k]), own_fronts[k]) > 2 * SAME


def test_gutter_fold_pixels_show_the_fold_line_in_a_clear_gap(built):
    _, layout, fold, _, sheet_pages, _ = built
    line = fold.manifest["fold"]
    image, height, dpi = sheet_pages[0]
    pixels, px = np.asarray(image).astype(float), dpi / 25.4
    page = fold.imposed.pages[0]
    x0, y0, x1, y1 = page.frame_bleed
    if line["axis"] == "vertical":
        at = line["x_mm"]
        strip = pixels[int((height - y1) * px):int((height - y0) * px), :]
        on, beside = strip[:, int(round(at * px))], [strip[:, int(round((at + d) * px))] for d in (-1.0, 1.0)]
    else:
        at = line["y_mm"]
        strip = pixels[:, int(x0 * px):int(x1 * px)]
        on = strip[int(round((height - at) * px)), :]
        beside = [strip[int(round((height - at - d) * px)), :] for d in (-1.0, 1.0)]
    dashes = (on.max(axis=1) < 225).mean()
    assert 0.2 < dashes < 0.9                 # a dashed line all along the fold...
    for clear in beside:                      # ...with bare paper either side
        assert (clear.min(axis=1) > 235).mean() > 0.95


def test_single_pairs_each_piece_on_pages_2k_minus_1_and_2k_at_trim_plus_bleed(built):
    deck, layout, _, single, _, single_pages = built
    m = single.manifest
    assert m["imposition"] == "single" and m["page_order"] == "back-first"
    assert m["pages"] == 2 * len(deck.cards) == len(single_pages)
    kinds = single.faces.kinds
    document = pdfium.PdfDocument(single.pdf)
    for k, card in enumerate(m["cards"]):
        assert card["front"]["page"] == 2 * k + 2
        if card["back"] is None:              # a die's net or a pawn: its back page is there, blank
            assert card["kind"] in ("die", "pawn") and (np.asarray(single_pages[2 * k][0]) > 250).all()
        else:
            assert card["back"]["page"] == 2 * k + 1
        kind = kinds[k]
        w, h, b = kind.shape.width, kind.shape.height, kind.bleed
        for side in ("back", "front"):
            page = document[2 * k + (side == "front")]
            assert page.get_width() / MM == pytest.approx(w + 2 * b, abs=0.01)
            assert page.get_height() / MM == pytest.approx(h + 2 * b, abs=0.01)
            assert [v / MM for v in page.get_trimbox()] == pytest.approx([b, b, b + w, b + h], abs=0.01)
            assert [v / MM for v in page.get_bleedbox()] == pytest.approx([0, 0, w + 2 * b, h + 2 * b], abs=0.01)
            if card[side] is not None:
                assert card[side]["page_mm"] == pytest.approx({"width": w + 2 * b, "height": h + 2 * b}, abs=1e-3)
    document.close()


def test_single_pages_from_pixels_are_the_piece_drawn_alone(built):
    """Page 2k-1 is the k-th piece's back and page 2k its front, as `preview --card` draws the
    piece on its own (first, middle and last piece, and one of each kind)."""
    deck, layout, _, single, _, single_pages = built
    kinds = single.faces.kinds
    picked = {0, len(deck.cards) // 2, len(deck.cards) - 1} | {kinds.index(k) for k in kinds}
    for k in sorted(picked):
        entry = single.manifest["cards"][k]
        size = upright(entry["front"])
        for side, page in (("back", 2 * k + 1), ("front", 2 * k + 2)):
            alone = pages(piece_pdf(deck, layout, deck.cards[k], side == "back", with_bleed=True),
                          single_pages[0][2])[0]
            box = inset(trim(entry["front"]))
            assert differ(thumb(single_pages[page - 1], box, 0, size), thumb(alone, box, 0, size)) < 2.0
        # and the two pages of a piece are not the same side twice (a front is told from its back)
        if single.faces.backs[k]:
            assert differ(thumb(single_pages[2 * k], inset(trim(entry["front"])), 0, size),
                          thumb(single_pages[2 * k + 1], inset(trim(entry["front"])), 0, size)) > SAME
