"""Pictures from `printgen export` held against the build's own sheets: the same card, cut from the
sheet PDF at the place its manifest gives, must look the same (up to anti-aliasing)."""

from __future__ import annotations

import io
from dataclasses import replace
from functools import cache

import numpy as np
import pypdfium2 as pdfium
from PIL import Image

from printgen.draw.sheets.pdf import render_sheets
from printgen.model.layouts import load_layout
from printgen.model.load import load_deck

MM_PER_INCH = 25.4


class SheetCards:
    """A deck's sheets as the build draws them, rasterised at `dpi`, cut card by card."""

    def __init__(self, deck: str, pack: str | None, dpi: int, only: list[str] | None = None, **layout_options):
        cards = load_deck(deck, pack)
        if only is not None:     # a sheet of these cards alone, placed and drawn by the same pipeline: quicker
            cards = replace(cards, cards=[c for c in cards.cards if c.id in only])
        sheets = render_sheets(cards, load_layout(cards.layout, cards, **layout_options), "long", (0.0, 0.0))
        self.manifest = sheets.manifest
        self.dpi = dpi
        self.document = pdfium.PdfDocument(sheets.pdf)
        self.page = cache(self._page)

    def _page(self, number: int) -> np.ndarray:
        return np.asarray(self.document[number - 1].render(scale=self.dpi / 72).to_pil().convert("RGB")).astype(int)

    def trim(self, card_id: str, side: str = "front") -> np.ndarray:
        """The card's trim box on its sheet (rows from the top), turned back upright when the
        sheet turns it (a quarter turn anticlockwise for each 90 degrees of its rotation)."""
        entry = next(c for c in self.manifest["cards"] if c["id"] == card_id)[side]
        assert entry["rotation"] % 90 == 0, "pieces are turned by quarter turns on the sheets"
        pixels = self.page(entry["page"])
        s = self.dpi / MM_PER_INCH
        height = self.document[entry["page"] - 1].get_height() / 72 * self.dpi   # PDFium rounds its rows up
        top = height - (entry["y_mm"] + entry["height_mm"]) * s
        box = cut(pixels, entry["x_mm"] * s, top, entry["width_mm"] * s, entry["height_mm"] * s)
        return np.rot90(box, k=-(entry["rotation"] // 90) % 4)


def cut(pixels: np.ndarray, x: float, y: float, w: float, h: float) -> np.ndarray:
    """A box of pixels from a fractional place, resampled (bilinear) so that two pictures of the
    same card drawn at different fractions of a pixel line up."""
    image = Image.fromarray(pixels.astype(np.uint8))
    box = image.transform((round(w), round(h)), Image.Transform.AFFINE, (1, 0, x, 0, 1, y),
                          resample=Image.Resampling.BILINEAR)
    return np.asarray(box).astype(int)


def png_pixels(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(int)


def difference(a: np.ndarray, b: np.ndarray, blur: int = 4) -> float:
    """Mean absolute difference per channel (0-255) of two pictures of one size, each first averaged
    over squares of `blur` pixels: anti-aliasing (a glyph drawn upright or turned on the sheet, a
    fine pattern a fraction of a pixel apart) moves single pixels, a different drawing whole areas."""
    assert a.shape == b.shape, (a.shape, b.shape)
    size = (max(1, a.shape[1] // blur), max(1, a.shape[0] // blur))
    small = [np.asarray(Image.fromarray(p.astype(np.uint8)).resize(size, Image.Resampling.BOX)).astype(int)
             for p in (a, b)]
    return float(np.abs(small[0] - small[1]).mean())



def aligned(picture: np.ndarray, trim: dict, sheet: np.ndarray, reach: float = 1.0) -> tuple[float, float, float]:
    """The difference of a picture's trim box (its manifest's trim_px) from the card cut from the
    sheet at their best alignment within `reach` pixels, in half-pixel steps, and that shift: the two
    are rasterised at different fractions of a pixel (PDFium snaps edges), which is anti-aliasing,
    not the drawing."""
    steps = np.arange(-reach, reach + 1e-9, 0.5)
    _, dx = min((shifted(picture, trim, sheet, dx, 0.0), dx) for dx in steps)        # across, then down
    return min((shifted(picture, trim, sheet, dx, dy), dx, dy) for dy in steps)


def shifted(picture: np.ndarray, trim: dict, sheet: np.ndarray, dx: float = 0.0, dy: float = 0.0) -> float:
    """The difference of the trim box moved by dx, dy pixels from the card cut from the sheet."""
    return difference(cut(picture, trim["x"] + dx, trim["y"] + dy, trim["width"], trim["height"]), sheet)
