"""What a gutter-fold sheet and a one-a-page PDF draw and say besides their pieces: the fold line,
the sheet's words in its margin, and the build's summary line (model/gutterfold.py, model/single.py).
"""

from __future__ import annotations

from printgen.draw.sheets.faces import Faces
from printgen.draw.sheets.forms import FOLD_GREY
from printgen.draw.sheets.manifest import plural
from printgen.draw.sheets.marks import printable
from printgen.files.colours import parse_colour
from printgen.files.units import pt
from printgen.files.wording import counted
from printgen.model.deck import Deck, Layout
from printgen.model.placement import Imposed, Page
from printgen.model.single import sides_in_order

FOLD_WIDTH = 0.3    # mm, a little heavier than a cut mark: it is the line everything hangs on


def fold_line(canvas, imp, imposed: Imposed, page: Page) -> None:
    """The fold, dashed, through the gap between the fronts and the backs and on into the margin
    as far as the crop marks reach (beyond that the margin keeps the ruler and the words)."""
    fold = imposed.fold
    if fold is None:
        return
    reach = imp.crop_marks.offset + imp.crop_marks.length
    x0, y0, x1, y1 = page.frame_bleed
    lo_x, lo_y, hi_x, hi_y = printable(imposed.paper, imp.margin)
    canvas.saveState()
    canvas.setStrokeColor(parse_colour(FOLD_GREY))
    canvas.setLineWidth(pt(FOLD_WIDTH))
    canvas.setDash([pt(2.0), pt(1.2)])
    if fold.axis == "vertical":
        canvas.line(pt(fold.at), pt(max(lo_y, y0 - reach)), pt(fold.at), pt(min(hi_y, y1 + reach)))
    else:
        canvas.line(pt(max(lo_x, x0 - reach)), pt(fold.at), pt(min(hi_x, x1 + reach)), pt(fold.at))
    canvas.restoreState()


def gutter_lines(deck: Deck, layout: Layout, imposed: Imposed, sheet: int) -> list[str]:
    """A gutter-fold sheet's words: which sheet it is, and how it becomes pieces."""
    where = "down the middle" if imposed.fold is not None and imposed.fold.axis == "vertical" else "across the middle"
    cut = "lines" if imposed.crop == "lines" else "marks"
    return [f"{deck.title} · fronts and backs · sheet {sheet + 1} of {imposed.sheets} · "
            f"{layout.paper_name.upper()} · gutter fold",
            f"print one-sided at 100 %; fold on the dashed line {where}, glue, then cut on the {cut}"]


def summary(deck: Deck, layout: Layout, faces: Faces, imposed: Imposed) -> str:
    """The build's line for a gutter fold or a one-a-page PDF, and what to do with it."""
    if imposed.grid is not None:
        pieces = (f"{counted(len(deck.cards), 'card')}, {layout.card_size} {layout.card.width:g} x "
                  f"{layout.card.height:g} mm")
    else:
        pieces = ", ".join(f"{count} {plural(layout, name, count)}" for name, count in faces.counts().items())
    if imposed.style == "single":
        first, second = sides_in_order(imposed.order or "back-first")
        pages = counted(len(imposed.pages), "page")
        return (f"{deck.output_key}: {pieces}, one side a page at trim plus bleed, {pages}"
                f"\n  pages in pairs, piece by piece: {first} 1, {second} 1, {first} 2, {second} 2 ... "
                f"(--page-order {imposed.order})")
    assert imposed.fold is not None
    per = f", {imposed.grid.per_sheet} per sheet" if imposed.grid is not None else ""
    return (f"{deck.output_key}: {pieces} on {layout.paper_name.upper()}, gutter fold{per}, "
            f"{counted(imposed.sheets, 'sheet')}"
            f"\n  print one-sided; fold each sheet on its dashed line ({imposed.fold.axis}) so every back lies "
            f"behind its front, glue the halves, then cut")
