"""`--backs light`: every shipped deck's ink-saving backs, measured from pixels.

The ink of a page is taken as the mean darkness of its pixels (1 - luminance, 0 for paper, 1 for
solid black), rasterised from the PDF the build writes: light backs must use under a third of
what the dark backs use, and still carry a design (not a blank page).
"""

from __future__ import annotations

import dataclasses

import pytest

from printgen.draw.sheets.pdf import render_sheets
from printgen.files.errors import UserError
from printgen.model.layouts import load_layout
from printgen.model.load import ALL_CARDS, load_deck

SHIPPED = ["cromwell", "spanish", "standard", "coppertwaddle", "piecepack"]


def _back_sheet_ink(name: str, backs: str) -> float:
    """Mean darkness of the first sheet of backs (a sheet's worth of cards; the whole piecepack)."""
    import pypdfium2 as pdfium

    deck = load_deck(name, ALL_CARDS)
    if name != "piecepack":
        deck = dataclasses.replace(deck, cards=deck.cards[:8])
    layout = load_layout(deck.layout, deck, backs=backs)
    sheets = render_sheets(deck, layout, "long", (0.0, 0.0))
    page = pdfium.PdfDocument(sheets.pdf)[1]              # sheet 1's backs
    # 60 dpi: at less, pdfium draws a hairline a whole pixel wide and fine outlines count double
    grey = page.render(scale=60 / 72).to_pil().convert("L")
    histogram = grey.histogram()
    return sum((255 - level) * count for level, count in enumerate(histogram)) / (255 * sum(histogram))


@pytest.mark.parametrize("name", SHIPPED)
def test_light_backs_use_under_a_third_of_the_ink(name):
    dark, light = _back_sheet_ink(name, "dark"), _back_sheet_ink(name, "light")
    assert light < dark / 3, (name, dark, light)
    assert light > 0.01, f"{name}: the light backs are next to blank ({light:.3f})"


def test_a_layout_without_light_backs_is_told_where_to_give_them(deck_copy):
    folder = deck_copy("cromwell")
    (folder / "plain.yaml").write_text("description: no extends, no backs\nback:\n"
                                       "  box: {type: shape, fill: '#000000', bleed: true}\n")
    deck = load_deck(folder, ALL_CARDS)
    with pytest.raises(UserError) as caught:
        load_layout("plain", deck, backs="light")
    assert "no light backs" in caught.value.message and caught.value.where.file == folder / "plain.yaml"
    assert load_layout("plain", deck).spec.back        # dark needs nothing of the kind


def test_dark_is_the_back_as_written():
    deck = load_deck("cromwell", ALL_CARDS)
    written = load_layout(deck.layout, deck)
    assert load_layout(deck.layout, deck, backs="dark").spec.back == written.spec.back
    light = load_layout(deck.layout, deck, backs="light").spec.back
    assert "background" in written.spec.back and "background" not in light
