"""A duplex test sheet from which a user reads their printer's back offset.

The front carries long crosshairs; the back carries millimetre scales whose zero is exactly
behind each crosshair (by the chosen flip rule). Held against a light, the crosshair shows
through where the printer really put it: the number read on each scale is the offset to pass
as --back-offset, with the same sign convention (+X right, +Y up, as seen on the back).
"""

from __future__ import annotations

from printgen.draw.fonts import text_width
from printgen.draw.pdfcanvas import finish, new_canvas
from printgen.files.font_files import register
from printgen.files.paths import FONTS_DIR
from printgen.files.units import pt
from printgen.model.layouts import load_catalogue

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

    backs = [(w - tx, ty) if duplex == "long" else (tx, h - ty) for tx, ty in targets]
    _back_text(c, w, h, bold, regular, _back_text_top(h, [by for _, by in backs]))
    for bx, by in backs:
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


LABEL_SIZE = 6.0   # points, the numbers of each scale
LABEL_GAP = 0.8    # mm of paper at least between two numbers side by side


def _number(v: int) -> str:
    """A scale's number, signed with a real minus (as wide as the plus, so the scale reads even)."""
    return "0" if v == 0 else ("+" if v > 0 else "\u2212") + str(abs(v))


def label_step(font: str, size: float = LABEL_SIZE) -> int:
    """How many mm apart a scale's numbers go: the fewest that land on both ends of the scale and
    leave LABEL_GAP between each two neighbours (every 2 mm, at 5 pt, '+2+4+6' ran together)."""
    def width(v: int) -> float:
        return text_width(_number(v), font, size) / pt(1)

    for step in range(1, SPAN + 1):
        values = range(-SPAN, SPAN + 1, step)
        if SPAN % step == 0 and all(step - (width(a) + width(b)) / 2 >= LABEL_GAP for a, b in zip(values, values[1:])):
            return step
    return SPAN


def _scales(c, x: float, y: float, font: str, flipped: bool) -> None:
    """An X scale above (or below) the point and a Y scale beside it, zero in line with it.

    Ticks every half millimetre, longer at each whole one, longest at each number."""
    c.saveState()
    c.setLineWidth(pt(0.12))
    c.setFont(font, LABEL_SIZE)
    step = label_step(font)
    sy = y + GAP if not flipped else y - GAP   # the front's vertical arm passes through here
    sx = x + GAP                                # the front's horizontal arm passes through here
    for i in range(-2 * SPAN, 2 * SPAN + 1):
        v = i / 2
        numbered = i % 2 == 0 and int(v) % step == 0
        tall = 3.2 if numbered else (2.2 if i % 2 == 0 else 1.2)
        c.line(pt(x + v), pt(sy), pt(x + v), pt(sy + tall))
        c.line(pt(sx), pt(y + v), pt(sx + tall), pt(y + v))
        if numbered:
            label = _number(int(v))
            c.drawCentredString(pt(x + v), pt(sy + 3.8), label)
            c.drawString(pt(sx + 3.8), pt(y + v - 0.75), label)
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


# The back's words: the title's baseline, and how far the block reaches above and below it (mm).
TEXT_ABOVE, TEXT_BELOW = 4.5, 36.5
SCALES_BELOW, SCALES_ABOVE = 9.5, 15.0     # a target's scales and numbers, from its centre (either flip)


def _back_text_top(h: float, targets: list[float]) -> float:
    """Where the back's title goes: at the top of the page, unless the scales come there (turned
    on the short edge, the targets move up the back) and then under the lowest target, 6 mm clear."""
    top = h - 25
    if all(y + SCALES_ABOVE < top - TEXT_BELOW - 3 or y - SCALES_BELOW > top + TEXT_ABOVE + 3 for y in targets):
        return top
    return min(targets) - SCALES_BELOW - 6 - TEXT_ABOVE


def _back_text(c, w: float, h: float, bold: str, regular: str, top: float) -> None:
    c.setFont(bold, 16)
    c.drawString(pt(20), pt(top), "Back-offset calibration (back)")
    _paragraphs(c, 20, top - 10, [
        "Hold this sheet against the light: the crosshairs from the front show through.",
        "X: where the front's upright line crosses the X scale of the centre target.",
        "Y: where the front's level line crosses the Y scale of the same target.",
        "Build with those numbers, e.g. printgen build --back-offset 1.5,-0.5",
        "0,0 means your printer is already exact. The other two targets show whether",
        "the shift is the same across the page; if they differ, use the centre reading.",
    ], regular, 10)
