"""What prints on the sheets a player feeds to a home printer: nothing within 5 mm of the paper's
edge (many printers cannot print there, so a mark or a word there is lost), the sheet's label in
the same place on every sheet, and the single-sided printing steps said on the sheets and by the
build. Every sheet of every shipped deck, on A4 and on Letter, and the calibration sheet."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from printgen.draw.build import BuildOptions, BuildResult, build_deck
from printgen.model.load import shipped_decks

EDGE = 5.0              # mm at each edge of the paper that nothing may print in
DPI = 300
PX = DPI / 25.4         # pixels per mm
MM = 72 / 25.4          # points per mm


def edge_ink(pdf: bytes) -> list[tuple[int, str, float]]:
    """(page, which edge, how near in mm) of each page with ink nearer its edge than EDGE.

    Each edge strip is rendered alone, at a resolution where a pixel is under 0.1 mm: a pixel
    wholly inside the strip and not white is ink printed there."""
    found = []
    document = pdfium.PdfDocument(pdf)
    try:
        for number in range(len(document)):
            page = document[number]
            w, h = page.get_size()
            strip = (EDGE + 1) * MM
            crops = {"bottom": (0, 0, 0, h - strip), "top": (0, h - strip, 0, 0),
                     "left": (0, 0, w - strip, 0), "right": (w - strip, 0, 0, 0)}
            for edge, crop in crops.items():
                pixels = page.render(scale=DPI / 72, crop=crop).to_numpy()
                # ink in any of the three colour channels (compared channel by channel: numpy's
                # any() along an axis of three is several times slower than the same test so)
                ink = (pixels[:, :, 0] < 235) | (pixels[:, :, 1] < 235) | (pixels[:, :, 2] < 235)
                # distance from the paper's edge of each pixel's nearer side, in mm
                if edge in ("bottom", "top"):
                    rows = np.nonzero(ink.any(axis=1))[0]
                    away = rows if edge == "top" else ink.shape[0] - 1 - rows
                else:
                    cols = np.nonzero(ink.any(axis=0))[0]
                    away = cols if edge == "left" else ink.shape[1] - 1 - cols
                # the pixel at the strip's inner end may straddle EDGE + 1 mm: ignore rounding
                near = away[away / PX < EDGE - 1.0 / PX]
                if near.size:
                    found.append((number + 1, edge, round(float(near.min() / PX), 2)))
    finally:
        document.close()
    return found


@cache
def built(deck: str, paper: str | None, duplex: str) -> BuildResult:
    """A shipped deck's cards (or pieces) built in memory, once per module for each paper and
    duplex mode: the sheets' checks and the build's own words read the same builds."""
    return build_deck(deck, BuildOptions(paper=paper, duplex=duplex, only=frozenset({"cards"})), write=False)


@cache
def card_pdfs(paper: str, duplex: str) -> dict[str, bytes]:
    """Every shipped deck's cards (or pieces) PDFs, built in memory."""
    pdfs = {}
    for folder in shipped_decks():
        result = built(folder.name, paper, duplex)
        pdfs.update({path.name: data for path, data in result.staged.items() if path.suffix == ".pdf"})
    return pdfs


def _cromwell(paper: str, duplex: str) -> bytes:
    """Cromwell's cards PDF alone (its build is shared with card_pdfs' when both ask for it)."""
    return next(data for path, data in built("cromwell", paper, duplex).staged.items() if path.suffix == ".pdf")


@pytest.mark.parametrize("paper, duplex", [("a4", "long"), ("letter", "none")])
def test_nothing_prints_within_5_mm_of_the_paper_edge(paper, duplex):
    """Crop marks ran to the paper's edge, and the ruler's line lay at 4.9 mm. Each paper once and
    each way of printing once: the margin's words and marks are placed from the paper's edges, the
    same on either paper, and the grid is the paper's, the same either way of printing."""
    pdfs = card_pdfs(paper, duplex)
    assert len(pdfs) >= 7, sorted(pdfs)
    assert {name: edge_ink(pdf) for name, pdf in pdfs.items()} == {name: [] for name in pdfs}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_calibration_sheet_prints_nothing_near_the_edge(paper, duplex):
    from printgen.draw.calibrate import calibration_pdf

    assert edge_ink(calibration_pdf(paper, duplex)) == []


def test_the_edge_check_sees_a_mark_at_4_9_mm(tmp_path: Path):
    """The check itself: a hairline 4.9 mm from an edge is found, one at 5.1 mm is not."""
    from reportlab.pdfgen.canvas import Canvas

    def page(at: float) -> bytes:
        path = tmp_path / f"{at}.pdf"
        canvas = Canvas(str(path), pagesize=(210 * MM, 297 * MM))
        canvas.setLineWidth(0.1 * MM)
        canvas.line(50 * MM, (at + 0.05) * MM, 100 * MM, (at + 0.05) * MM)
        canvas.save()
        return path.read_bytes()

    assert edge_ink(page(4.85)) and edge_ink(page(4.85))[0][1] == "bottom"
    assert edge_ink(page(5.1)) == []


# --- the label: the same place on every sheet -----------------------------------------------------

def _word_boxes(pdf: bytes, word: str) -> dict[int, tuple[float, float, float, float]]:
    """Page number -> the box (mm, lower-left origin) of the first `word` on that page."""
    found = {}
    document = pdfium.PdfDocument(pdf)
    try:
        for number in range(len(document)):
            textpage = document[number].get_textpage()
            searcher = textpage.search(word, match_case=True, match_whole_word=True)
            hit = searcher.get_next()
            if hit is not None:
                boxes = [textpage.get_charbox(i) for i in range(hit[0], hit[0] + hit[1])]
                found[number + 1] = tuple(round(v / MM, 1) for v in (min(b[0] for b in boxes), min(b[1] for b in boxes),
                                                                    max(b[2] for b in boxes), max(b[3] for b in boxes)))
            searcher.close()
            textpage.close()
    finally:
        document.close()
    return found


CARD_DECKS = ["coppertwaddle-cards.pdf", "cromwell-cards.pdf", "spanish-40-cards.pdf", "spanish-48-cards.pdf",
              "standard-52-cards.pdf", "standard-with-jokers-cards.pdf"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_label_stands_in_the_same_place_on_every_sheet(paper):
    """On Letter the last Cromwell sheet, one card, had its label turned up the page beside that
    card, half way down; the label is placed by the whole grid, so every sheet's is where the
    first sheet's is (the backs' where the first back's is), across the page as it reads."""
    pdfs = card_pdfs(paper, "long")
    for name in CARD_DECKS:
        pages = len(pdfium.PdfDocument(pdfs[name]))
        for word, first in (("fronts", 1), ("backs", 2)):
            boxes = _word_boxes(pdfs[name], word)
            if "spanish" in name and paper == "letter":
                assert not boxes, "the Spanish cards fill Letter: no label fits (nothing prints in the margin)"
                continue
            assert sorted(boxes) == list(range(first, pages + 1, 2)), (name, word, sorted(boxes))
            x0, y0, x1, y1 = boxes[first]
            assert x1 - x0 > y1 - y0, (name, word, "the label is turned")
            for page, (a0, b0, a1, b1) in boxes.items():
                # the same line; along it, centred, a longer 'sheet 10 of 12' moves it a little
                level = (b0, b1) == (y0, y1) and abs(a0 - x0) < 1.0
                upright = (a0, a1) == (x0, x1) and abs(b0 - y0) < 1.0
                assert level or upright, (name, word, page, boxes[page], boxes[first])


# --- single-sided printing: said on the sheets and by the build -----------------------------------

def _page_texts(pdf: bytes) -> list[str]:
    document = pdfium.PdfDocument(pdf)
    try:
        texts = []
        for page in document:
            textpage = page.get_textpage()
            texts.append(" ".join(textpage.get_text_range().replace("\r", " ").replace("\n", " ").split()))
            textpage.close()
        return texts
    finally:
        document.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_single_sided_sheets_say_which_pages_to_print_first_and_how_to_turn_the_stack(paper):
    """With --duplex none a sheet said only 'single-sided': now each front says to print the
    fronts first and how to put the stack back, and each back which sheet it goes on."""
    texts = _page_texts(_cromwell(paper, "none"))
    sheets = len(texts) // 2
    fronts, backs = f"pages 1\u2013{sheets}", f"pages {sheets + 1}\u2013{2 * sheets}"
    for number, text in enumerate(texts[:sheets], start=1):
        assert f"sheet {number} of {sheets}" in text and f"single-sided: print {fronts} first" in text, text
        assert f"then flip the printed stack on its long edge and print {backs} on the blank sides, sheet 1 first" \
            in text, text
    for number, text in enumerate(texts[sheets:], start=1):
        assert f"backs · sheet {number} of {sheets}" in text, text
        assert f"this page goes on the blank side of sheet {number} (page {number}), flipped on its long edge" \
            in text, text
    duplex = _page_texts(_cromwell(paper, "long"))
    assert not any("single-sided" in text or "blank side" in text for text in duplex)


def test_the_build_says_the_single_sided_steps():
    result = built("cromwell", None, "none")
    assert ("single-sided: print pages 1\u20136 (the fronts) first; then flip the printed stack on its long edge (top "
            "still at the top), put it back in the printer to print on the blank sides, sheet 1 first, and print "
            "pages 7\u201312 (the backs)") in result.summary
    pieces = built("piecepack", None, "none")
    assert "print pages 1\u20132 (the fronts) first" in pieces.summary
    assert "pages 3\u20134 (the backs)" in pieces.summary
    assert "single-sided" not in built("cromwell", None, "long").summary


def test_one_sheet_single_sided_speaks_of_one_sheet():
    from printgen.model.imposition import single_sided_lines

    assert single_sided_lines(1, "front", 0) == (
        "single-sided: print page 1 first",
        "then flip the printed sheet on its long edge and print page 2 on its blank side")


def test_single_sided_steps_that_find_no_room_on_the_sheets_are_said_to_be_missing():
    """The Spanish cards fill Letter to its margin: no line fits, so the build says the steps
    are only in its summary (a duplex build, whose sheets need no steps, says nothing of it)."""
    result = built("spanish", "letter", "none")
    said = [str(w) for w in result.warnings if "how to print single-sided" in str(w)]
    assert len(said) == 2 and "spanish-48: the cards fill the paper, leaving no room on its 12 pages" in said[1], said
    assert "single-sided: print pages 1\u20136 (the fronts) first" in result.summary
    duplex = built("spanish", "letter", "long")
    assert not [w for w in duplex.warnings if "single-sided" in str(w)]
    cromwell = built("cromwell", None, "none")
    assert not [w for w in cromwell.warnings if "single-sided" in str(w)]      # A4 has room: said on the sheets
