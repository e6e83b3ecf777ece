"""Looking at PDFs the way a printer would: rasterised pixels, extracted text, PDF objects."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium

MM = 72 / 25.4


class Raster:
    """One page rendered at `dpi`, addressed in page millimetres (origin lower-left)."""

    def __init__(self, pdf: Path, page: int, dpi: int = 150):
        document = pdfium.PdfDocument(str(pdf))
        p = document[page - 1]
        self.width_mm = p.get_width() / MM
        self.height_mm = p.get_height() / MM
        self.dpi = dpi
        # int16: room for a difference of two colours, at a quarter of int64's memory (a page at 150 dpi)
        self.pixels = np.asarray(p.render(scale=dpi / 72).to_pil().convert("RGB")).astype(np.int16)
        document.close()

    def px(self, mm: float) -> float:
        return mm * self.dpi / 25.4

    def colour_at(self, x_mm: float, y_mm: float) -> tuple[int, int, int]:
        row = int(round(self.px(self.height_mm - y_mm)))
        col = int(round(self.px(x_mm)))
        return tuple(int(v) for v in self.pixels[row, col])

    def ink_box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float] | None:
        """Bounding box (mm) of non-white pixels inside the window (mm)."""
        r0 = int(self.px(self.height_mm - y1))
        r1 = int(np.ceil(self.px(self.height_mm - y0)))
        c0, c1 = int(self.px(x0)), int(np.ceil(self.px(x1)))
        window = self.pixels[max(r0, 0):r1, max(c0, 0):c1]
        ink = (window < 235).any(axis=2)
        rows, cols = np.nonzero(ink)
        if rows.size == 0:
            return None
        to_mm = 25.4 / self.dpi
        left = (max(c0, 0) + cols.min()) * to_mm
        right = (max(c0, 0) + cols.max() + 1) * to_mm
        top = self.height_mm - (max(r0, 0) + rows.min()) * to_mm
        bottom = self.height_mm - (max(r0, 0) + rows.max() + 1) * to_mm
        return left, bottom, right, top


    def colour_box(self, x0: float, y0: float, x1: float, y1: float, hex_colour: str,
                   tolerance: int = 40) -> tuple[float, float, float, float] | None:
        """Bounding box (mm) of the pixels of one colour inside the window (mm): a card's painted
        area without the thin black crop marks that may cross its bleed."""
        target = np.array([int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)], dtype=np.int16)
        r0 = int(self.px(self.height_mm - y1))
        r1 = int(np.ceil(self.px(self.height_mm - y0)))
        c0, c1 = int(self.px(x0)), int(np.ceil(self.px(x1)))
        window = self.pixels[max(r0, 0):r1, max(c0, 0):c1]
        rows, cols = np.nonzero((np.abs(window - target) <= tolerance).all(axis=2))
        if rows.size == 0:
            return None
        to_mm = 25.4 / self.dpi
        return ((max(c0, 0) + cols.min()) * to_mm, self.height_mm - (max(r0, 0) + rows.max() + 1) * to_mm,
                (max(c0, 0) + cols.max() + 1) * to_mm, self.height_mm - (max(r0, 0) + rows.min()) * to_mm)


def near(colour: tuple[int, int, int], hex_colour: str, tolerance: int = 40) -> bool:
    target = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def text_in_box(pdf: Path, page: int, box_mm: tuple[float, float, float, float]) -> str:
    """The text PDFium finds inside a box (mm, origin lower-left), in drawing order."""
    document = pdfium.PdfDocument(str(pdf))
    textpage = document[page - 1].get_textpage()
    x0, y0, x1, y1 = (v * MM for v in box_mm)
    text = textpage.get_text_bounded(left=x0, bottom=y0, right=x1, top=y1)
    textpage.close()
    document.close()
    return text


def page_text(pdf: Path, page: int) -> str:
    document = pdfium.PdfDocument(str(pdf))
    textpage = document[page - 1].get_textpage()
    text = textpage.get_text_range()
    textpage.close()
    document.close()
    return text


def squash(text: str) -> str:
    """Collapse whitespace and line breaks so wrapped text can be compared."""
    return " ".join(text.replace("\r", " ").replace("\n", " ").split())


def trim_box(card_side: dict) -> tuple[float, float, float, float]:
    return (card_side["x_mm"], card_side["y_mm"], card_side["x_mm"] + card_side["width_mm"],
            card_side["y_mm"] + card_side["height_mm"])


def word_centres(pdf: Path, page: int, word: str,
                 box_mm: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    """Centres (mm) of each occurrence of `word` whose centre lies inside the box."""
    document = pdfium.PdfDocument(str(pdf))
    textpage = document[page - 1].get_textpage()
    searcher = textpage.search(word, match_case=True, match_whole_word=True)
    centres = []
    while True:
        found = searcher.get_next()
        if found is None:
            break
        index, count = found
        rects = [textpage.get_charbox(i) for i in range(index, index + count)]
        x = sum((r[0] + r[2]) / 2 for r in rects) / len(rects) / MM
        y = sum((r[1] + r[3]) / 2 for r in rects) / len(rects) / MM
        if box_mm[0] <= x <= box_mm[2] and box_mm[1] <= y <= box_mm[3]:
            centres.append((x, y))
    searcher.close()
    textpage.close()
    document.close()
    return centres


def down_the_card(point: tuple[float, float], rotation: int) -> float:
    """How far down the card design a page point is, for a design turned by `rotation` degrees."""
    x, y = point
    return {0: -y, 90: x, 180: y, 270: -x}[rotation]


def ink_masks(groups, card_w: float, card_h: float, dpi: float) -> list[np.ndarray]:
    """Each group of drawing operations rasterised alone on a white card (mm): its ink, as a mask."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from printgen.draw.paint import draw_ops

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(card_w * MM, card_h * MM))
    for ops in groups:
        draw_ops(canvas, list(ops))
        canvas.showPage()
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    try:
        return [np.asarray(page.render(scale=dpi / 72).to_pil().convert("L")) < 235 for page in document]
    finally:
        document.close()


def grown(mask: np.ndarray, pixels: int) -> np.ndarray:
    """The mask widened by `pixels` every way, so 'grown A meets B' means 'closer than that'."""
    # a square grows as a row then a column (the same pixels as every (dy, dx) of the square, in
    # 2(2p+1) shifts rather than (2p+1)^2)
    rows = mask.copy()
    for dx in range(-pixels, pixels + 1):
        rows |= np.roll(mask, dx, axis=1)
    out = rows.copy()
    for dy in range(-pixels, pixels + 1):
        out |= np.roll(rows, dy, axis=0)
    return out

