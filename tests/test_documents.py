"""Rule sheets, score sheets and boards, read back from their PDFs."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import numpy as np
import pytest
import yaml
from conftest import DECKS, run_cli
from pdfcheck import Raster, page_text, squash
from pypdf import PdfReader
from test_cromwell_pdf import _walk_fonts

RULES = DECKS / "cromwell" / "rules" / "cromwell.md"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("docs")
    run = run_cli("build", "cromwell", "--out", str(out), "--quiet")
    assert run.code == 0, run.err
    return out / "cromwell"


def pdf_text(pdf: Path) -> str:
    reader_pages = len(PdfReader(pdf).pages)
    return squash(" ".join(page_text(pdf, p) for p in range(1, reader_pages + 1)))


def test_build_writes_cards_rules_sheet_and_mat(built):
    names = sorted(p.name for p in built.iterdir())
    assert names == ["cromwell-cards.json", "cromwell-cards.pdf", "cromwell-mat.pdf", "cromwell-rules.pdf",
                     "cromwell-score.pdf"]


def test_rules_hold_every_heading_and_every_house_with_its_monarchs_in_order(built):
    pdf = built / "cromwell-rules.pdf"
    text = pdf_text(pdf)
    headings = [squash(re.sub(r"[*_`]", "", line.lstrip("#"))) for line in RULES.read_text().splitlines()
                if line.startswith("##")]
    assert len(headings) >= 8
    for heading in headings:
        assert heading in text, heading
    deck = yaml.safe_load((DECKS / "cromwell" / "deck.yaml").read_text())
    position = 0
    for house in deck["houses"]:
        monarchs = [c["name"] for c in deck["cards"] if c.get("house") == house["name"]]
        # The table row: the house, then its monarchs in order.
        start = text.index(house["name"], position)
        cursor = start
        for name in monarchs:
            cursor = text.index(name, cursor)
            cursor += len(name)
        position = start
    assert len(PdfReader(pdf).pages) <= 2


def test_rules_follow_a_renamed_house(tmp_path, deck_copy):
    folder = deck_copy("cromwell")
    deck = (folder / "deck.yaml").read_text()
    deck = re.sub(r"\bTudor\b", "Tudur & <Co>", deck)   # markup characters too: they must print as typed
    deck = deck.replace('name: Tudur & <Co>', 'name: "Tudur & <Co>"').replace("house: Tudur & <Co>",
                                                                              'house: "Tudur & <Co>"')
    (folder / "deck.yaml").write_text(deck)
    run = run_cli("build", str(folder), "--out", str(tmp_path / "out"), "--quiet")
    assert run.code == 0, run.err
    text = pdf_text(tmp_path / "out" / "cromwell" / "cromwell-rules.pdf")
    assert "Tudur & <Co>" in text
    row = text[text.index("Tudur & <Co>"):]
    for name in ("Henry VII", "Henry VIII", "Edward VI", "Mary I", "Elizabeth I"):
        assert name in row[:400]


def test_rule_text_with_markup_characters_prints_literally(tmp_path, deck_copy):
    folder = deck_copy("cromwell")
    rules = folder / "rules" / "cromwell.md"
    literal = "Keep <b>this</b> & that > those; 3 < 4 && {x}"
    rules.write_text(rules.read_text() + f"\n\n## Odd characters\n\n{literal}\n")
    run = run_cli("build", str(folder), "--out", str(tmp_path / "out"), "--quiet")
    assert run.code == 0, run.err
    assert literal in pdf_text(tmp_path / "out" / "cromwell" / "cromwell-rules.pdf")


def test_score_sheet_size_and_content(built):
    pdf = built / "cromwell-score.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 1
    box = [float(v) * 25.4 / 72 for v in reader.pages[0].mediabox]
    assert box == pytest.approx([0, 0, 297, 210], abs=0.01)        # declared: A4, landscape
    text = pdf_text(pdf)
    for word in ["Round", "Player 1", "Player 6", "Total", "10", "1 point for each card"]:
        assert word in text


def test_mat_has_its_declared_size_over_its_tiles(built):
    reader = PdfReader(built / "cromwell-mat.pdf")
    spec = yaml.safe_load((DECKS / "cromwell" / "boards" / "cromwell-mat.yaml").read_text())
    width, height, overlap = spec["size"]["width"], spec["size"]["height"], spec["overlap"]
    assert len(reader.pages) == 4                    # 420 x 297 mm on A4: 2 x 2 sheets
    windows = [[float(v) * 25.4 / 72 for v in page.trimbox] for page in reader.pages]
    widths = [w[2] - w[0] for w in windows]
    heights = [w[3] - w[1] for w in windows]
    assert widths[0] + widths[1] - overlap == pytest.approx(width, abs=0.01)
    assert heights[0] + heights[2] - overlap == pytest.approx(height, abs=0.01)


def _board(tmp_path: Path, deck_copy, width: float, height: float) -> Path:
    folder = deck_copy("cromwell", as_name=f"board{int(width)}")
    shutil.rmtree(folder / "boards")
    (folder / "boards").mkdir()
    (folder / "boards" / "test-board.yaml").write_text(yaml.safe_dump({
        "title": "Test board", "size": {"width": width, "height": height}, "background": "#FFFFFF", "overlap": 12,
        "elements": {
            # A diagonal pattern: any misplacement between tiles shows in the overlap strips.
            "grid": {"type": "repeat", "items": "range(0, 40)", "columns": 8, "dx": width / 8, "dy": height / 5,
                     "elements": {"cell": {"type": "shape", "width": width / 16, "height": height / 10,
                                           "fill": "#1F4E79"},
                                  "dot": {"type": "shape", "shape": "ellipse", "x": width / 16, "y": height / 10,
                                          "width": 6, "height": 6, "fill": "#B3202A"}}},
            "edge": {"type": "shape", "stroke": "#000000", "stroke_width": 1}}}))
    run = run_cli("build", str(folder), "--out", str(tmp_path / "out"), "--quiet")
    assert run.code == 0, run.err
    return tmp_path / "out" / folder.name / "test-board.pdf"


def test_small_board_is_one_page_at_true_size(tmp_path, deck_copy):
    reader = PdfReader(_board(tmp_path, deck_copy, 180, 120))
    assert len(reader.pages) == 1
    trim = [float(v) * 25.4 / 72 for v in reader.pages[0].trimbox]
    assert (trim[2] - trim[0], trim[3] - trim[1]) == pytest.approx((180, 120), abs=0.01)


# A4 less 5 mm margins and a 12 mm band: 200 x 275 mm upright or 287 x 188 mm sideways; 12 mm overlap.
# 600 x 400: upright 4 x 2 = 8 beats sideways 3 x 3 = 9.  420 x 297: sideways 2 x 2.  300 x 180: 2 x 1.
@pytest.mark.parametrize("width,height,sheets", [(600, 400, 8), (420, 297, 4), (300, 180, 2)])
def test_large_board_tiles_and_overlaps_match(tmp_path, deck_copy, width, height, sheets):
    pdf = _board(tmp_path, deck_copy, width, height)
    reader = PdfReader(pdf)
    assert len(reader.pages) == sheets
    windows = [[float(v) * 25.4 / 72 for v in page.trimbox] for page in reader.pages]
    # Each sheet says where it goes; neighbours across share a strip as wide as the overlap.
    places = {}
    for number in range(1, sheets + 1):
        found = re.search(r"column (\d+) of (\d+), row (\d+) of (\d+)", page_text(pdf, number))
        assert found, number
        places[(int(found.group(1)), int(found.group(3)))] = number - 1
    columns, rows = int(found.group(2)), int(found.group(4))
    assert columns * rows == sheets and len(places) == sheets
    widths = {round(w[2] - w[0], 3) for w in windows}
    assert len(widths) == 1 and columns * widths.pop() - (columns - 1) * 12 == pytest.approx(width, abs=0.01)
    pairs = [(places[(c, r)], places[(c + 1, r)]) for (c, r) in places if (c + 1, r) in places]
    assert len(pairs) == (columns - 1) * rows
    for left, right in pairs:
        a, b = Raster(pdf, left + 1, dpi=100), Raster(pdf, right + 1, dpi=100)
        wa, wb = windows[left], windows[right]
        ha = wa[3] - wa[1]
        strip_a = _crop(a, wa[2] - 12 + 1, wa[1] + 1, wa[2] - 1, wa[3] - 1)
        strip_b = _crop(b, wb[0] + 1, wb[1] + 1, wb[0] + 12 - 1, wb[1] + ha - 1)
        assert strip_a.shape == strip_b.shape
        assert np.abs(strip_a - strip_b).mean() < 6, (left, right)
        assert (strip_a < 200).any()                 # the strips are not blank: content really overlaps


def _crop(r: Raster, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    rows = slice(int(round(r.px(r.height_mm - y1))), int(round(r.px(r.height_mm - y1))) + int(round(r.px(y1 - y0))))
    cols = slice(int(round(r.px(x0))), int(round(r.px(x0))) + int(round(r.px(x1 - x0))))
    return r.pixels[rows, cols].astype(float)


@pytest.mark.parametrize("name", ["cromwell-rules.pdf", "cromwell-score.pdf", "cromwell-mat.pdf"])
def test_documents_embed_every_font(built, name):
    fonts = _walk_fonts(PdfReader(built / name))
    assert fonts
    for font in fonts:
        descriptor = font.get("/FontDescriptor")
        assert descriptor is not None and "/FontFile2" in descriptor.get_object(), font.get("/BaseFont")


def _pages_of(pdf_bytes: bytes, words: list[str], tmp_path: Path) -> list[int]:
    """The page each of `words` is printed on (1-based)."""
    pdf = tmp_path / "doc.pdf"
    pdf.write_bytes(pdf_bytes)
    pages = len(PdfReader(pdf).pages)
    texts = [squash(page_text(pdf, n)) for n in range(1, pages + 1)]
    return [next(n + 1 for n, text in enumerate(texts) if word in text) for word in words]


@pytest.mark.parametrize("follows", ["- Robbers first item.\n- Defenders second item.",
                                     "| Robbers first item | x |\n|---|---|\n| Defenders second item | y |",
                                     "> Robbers first item. Defenders second item."])
def test_a_run_in_heading_never_ends_a_column_alone(tmp_path, follows):
    """A bold line alone (Coppertwaddle's '**The two sums.**') introduces what follows it: pushed down
    the page five points at a time (under half a line), it is never left at the foot of a column
    while the list, table or box it introduces starts in the next (one column here, so the next
    column is the next page)."""
    from reportlab.platypus import Spacer

    from printgen.draw.documents.document import TitleInfo, build_document, make_styles
    from printgen.draw.documents.markdown import to_flowables
    from printgen.draw.fonts import FontSet
    from printgen.model.layouts import load_layout

    styles = make_styles(FontSet(load_layout("base").fonts))
    text = "Some words before.\n\n**The two sums.**\n\n" + follows + "\n"
    width = 400.0
    moved = 0
    page_h = 297 * 72 / 25.4
    for push in range(int(page_h) - 260, int(page_h) - 120, 5):
        story = lambda push=push: [Spacer(1, push)] + to_flowables(text, styles, width)   # noqa: E731
        made = build_document((210, 297), 10, styles, story, TitleInfo("Test"), "test", columns=1)
        heading, first = _pages_of(made, ["The two sums.", "Robbers first item"], tmp_path)
        assert heading == first, f"pushed {push} pt: the run-in heading ends page {heading} alone"
        moved += heading == 2
    assert moved, "never pushed to the next page: the test did not reach a page's foot"


@pytest.mark.parametrize("lead, keeps", [("A turn has five stages, always in this order.", True),
                                         ("Score as follows, " + "with a long aside " * 12 + ":", True),
                                         ("A passage of its own. " * 10, False)])
def test_a_short_lead_in_stays_with_the_list_it_introduces(tmp_path, lead, keeps):
    """A short sentence introducing a list (or one ending in ':') is never left at the foot of a
    column while its list starts in the next; a paragraph longer than two lines is text in its own
    right and may end a column (so the page is not left half empty for it)."""
    from reportlab.platypus import Spacer

    from printgen.draw.documents.document import TitleInfo, build_document, make_styles
    from printgen.draw.documents.markdown import to_flowables
    from printgen.draw.fonts import FontSet
    from printgen.model.layouts import load_layout

    styles = make_styles(FontSet(load_layout("base").fonts))
    text = "Some words before.\n\nLEADWORD " + lead + "\n\n- Robbers first item.\n- Defenders second item.\n"
    page_h = 297 * 72 / 25.4
    apart = 0
    for push in range(int(page_h) - 260, int(page_h) - 100, 5):
        story = lambda push=push: [Spacer(1, push)] + to_flowables(text, styles, 400.0)   # noqa: E731
        made = build_document((210, 297), 10, styles, story, TitleInfo("Test"), "test", columns=1)
        lead_page, first = _pages_of(made, ["LEADWORD", "Robbers first item"], tmp_path)
        apart += lead_page != first
    assert (apart == 0) == keeps, f"{apart} pushes left the lead-in apart from its list"


def test_a_heading_its_lead_in_and_their_list_stay_together(tmp_path):
    """A heading, then a short lead-in, then a list: the chain moves as one (the heading 'A turn'
    was left alone at a column's foot once the lead-in was kept with its list)."""
    from reportlab.platypus import Spacer

    from printgen.draw.documents.document import TitleInfo, build_document, make_styles
    from printgen.draw.documents.markdown import to_flowables
    from printgen.draw.fonts import FontSet
    from printgen.model.layouts import load_layout

    styles = make_styles(FontSet(load_layout("base").fonts))
    text = "Some words before.\n\n## HEADWORD\n\nA turn has five stages.\n\n- Robbers first item.\n- Second.\n"
    page_h = 297 * 72 / 25.4
    moved = 0
    for push in range(int(page_h) - 260, int(page_h) - 100, 5):
        story = lambda push=push: [Spacer(1, push)] + to_flowables(text, styles, 400.0)   # noqa: E731
        made = build_document((210, 297), 10, styles, story, TitleInfo("Test"), "test", columns=1)
        heading, lead, first = _pages_of(made, ["HEADWORD", "five stages", "Robbers first item"], tmp_path)
        assert heading == lead == first, f"pushed {push} pt: heading p{heading}, lead-in p{lead}, list p{first}"
        moved += heading == 2
    assert moved, "never pushed to the next page"
