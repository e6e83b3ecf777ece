"""A duplex test sheet from which a user reads their printer's back offset.

The front carries long crosshairs; the back carries millimetre scales whose zero is exactly
behind each crosshair (by the chosen flip rule). Held against a light, the crosshair shows
through where the printer really put it: the number read on each scale is the offset to pass
as --back-offset, with the same sign convention (+X right, +Y up, as seen on the back).
"""

from __future__ import annotations

from printgen.layouts import load_catalogue
from printgen.paths import FONTS_DIR
from printgen.render.fonts import register
from printgen.render.pdfcanvas import finish, new_canvas
from printgen.units import pt

SPAN = 6      # mm either side of zero on each scale
ARM = 30      # mm length of each crosshair arm
GAP = 9       # mm from the crosshair centre to each scale


def calibration_pdf(paper: str, duplex: str) -> bytes:
    sizes, _ = load_catalogue("papers")
    size = sizes[paper]
    w, h = size.width, size.height
    regular = register(FONTS_DIR / "caladea" / "Caladea-Regular.ttf")
    bold = register(FONTS_DIR / "caladea" / "Caladea-Bold.ttf")
    c = new_canvas((w, h), regular, "printgen calibration", f"back offset calibration, {paper}, {duplex}-edge duplex")
    targets = [(w / 2, h / 2 - 20), (w * 0.3, h * 0.25), (w * 0.7, h * 0.25)]

    _front_text(c, w, h, bold, regular, duplex)
    for tx, ty in targets:
        _crosshair(c, tx, ty)
    _ruler(c, 20, 12, regular)
    c.showPage()

    _back_text(c, w, h, bold, regular)
    for tx, ty in targets:
        bx, by = (w - tx, ty) if duplex == "long" else (tx, h - ty)
        _scales(c, bx, by, regular, flipped=duplex == "short")
    c.showPage()
    return finish(c)


def _crosshair(c, x: float, y: float) -> None:
    c.saveState()
    c.setLineWidth(pt(0.25))
    c.line(pt(x - ARM), pt(y), pt(x + ARM), pt(y))
    c.line(pt(x), pt(y - ARM), pt(x), pt(y + ARM))
    c.circle(pt(x), pt(y), pt(2), stroke=1, fill=0)
    c.restoreState()


def _scales(c, x: float, y: float, font: str, flipped: bool) -> None:
    """An X scale above (or below) the point and a Y scale beside it, zero in line with it."""
    c.saveState()
    c.setLineWidth(pt(0.12))
    c.setFont(font, 5)
    sy = y + GAP if not flipped else y - GAP   # the front's vertical arm passes through here
    sx = x + GAP                                # the front's horizontal arm passes through here
    steps = int(SPAN * 2)
    for i in range(-steps, steps + 1):
        v = i / 2
        tall = 2.2 if i % 2 == 0 else 1.2
        if i % 10 == 0:
            tall = 3.2
        c.line(pt(x + v), pt(sy), pt(x + v), pt(sy + tall))
        c.line(pt(sx), pt(y + v), pt(sx + tall), pt(y + v))
        if i % 4 == 0:       # a number every 2 mm: closer, they run into each other
            label = f"{int(v):+d}" if v else "0"
            c.drawCentredString(pt(x + v), pt(sy + 3.8), label)
            c.drawString(pt(sx + 3.8), pt(y + v - 0.6), label)
    c.line(pt(x - SPAN), pt(sy), pt(x + SPAN), pt(sy))
    c.line(pt(sx), pt(y - SPAN), pt(sx), pt(y + SPAN))
    c.drawString(pt(x + SPAN + 1.5), pt(sy + 0.5), "X")
    c.drawString(pt(sx - 0.6), pt(y + SPAN + 1.5), "Y")
    c.restoreState()


def _ruler(c, x: float, y: float, font: str) -> None:
    c.saveState()
    c.setLineWidth(pt(0.15))
    c.line(pt(x), pt(y), pt(x + 100), pt(y))
    for i in range(101):
        tall = 3 if i % 10 == 0 else (2 if i % 5 == 0 else 1)
        c.line(pt(x + i), pt(y), pt(x + i), pt(y + tall))
    c.setFont(font, 7)
    c.drawString(pt(x + 103), pt(y), "100 mm: if this is not 100 mm long, print again at 100 % (actual size)")
    c.restoreState()


def _paragraphs(c, x: float, y: float, lines: list[str], font: str, size: float) -> None:
    c.setFont(font, size)
    for line in lines:
        c.drawString(pt(x), pt(y), line)
        y -= size * 1.45 / pt(1)


def _front_text(c, w: float, h: float, bold: str, regular: str, duplex: str) -> None:
    c.setFont(bold, 16)
    c.drawString(pt(20), pt(h - 25), "Back-offset calibration (front)")
    _paragraphs(c, 20, h - 35, [
        f"1. Print this file on both sides of one sheet, at 100 % (actual size), flipping on the {duplex} edge.",
        "2. Check the 100 mm ruler at the foot of this page with a real ruler.",
        "3. Turn the sheet over and hold it against a window or a lamp.",
        "4. Read the numbers on the back, as explained there.",
    ], regular, 10)


def _back_text(c, w: float, h: float, bold: str, regular: str) -> None:
    c.setFont(bold, 16)
    c.drawString(pt(20), pt(h - 25), "Back-offset calibration (back)")
    _paragraphs(c, 20, h - 35, [
        "Hold this sheet against the light: the crosshairs from the front show through.",
        "X: where the front's upright line crosses the X scale of the centre target.",
        "Y: where the front's level line crosses the Y scale of the same target.",
        "Build with those numbers, e.g. printgen build --back-offset 1.5,-0.5",
        "0,0 means your printer is already exact. The other two targets show whether",
        "the shift is the same across the page; if they differ, use the centre reading.",
    ], regular, 10)
