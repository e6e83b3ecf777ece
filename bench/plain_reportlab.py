"""The baseline for bench_build.py: the Cromwell cards drawn straight onto a ReportLab canvas.

This is the script someone who knows ReportLab would write by hand for this one deck. There is
no YAML, no layout file, no templates and no checks. The card data comes from a JSON file that
bench_build.py writes before any timing starts, and the design is typed straight into the
drawing code. It draws what `printgen build` draws:

* A4 pages holding 8 poker cards (63.5 x 88.9 mm) turned sideways, with 3 mm of bleed;
* fronts as layouts/cromwell.yaml lays them out, in the same boxes, sizes and colours: a
  background, a band in the house colour with the house name, the monarch's name, the reign, the
  corner index twice (the short name, "Wm / I", over a small house emblem, and the same turned
  half round in the opposite corner), a framed picture (drawImage by file name) or the house
  emblem when the card has no picture, a wrapped caption, the line under it (a card's note, or
  "not played in sequences"), and a foot band; each card clipped to its bleed, as printgen
  clips it, so a neighbour's bleed never shows;
* backs on the page after their fronts, mirrored for a long-edge flip (x -> W - x - w, turned
  the other way), each listing the nine houses in coloured bands;
* Caladea TrueType fonts, embedded, with Helvetica never used; crop marks and a 50 mm ruler on
  the front pages and a short label on every page; invariant=1.

The emblems come from printgen.art.emblems.draw_emblem. That function is plain canvas
drawing, so both programs draw exactly the same vector shapes.

A fair floor: each repeated design is drawn once, as printgen draws it once. Every distinct
emblem (emblem, house, colour) at each of its two sizes is a form XObject made before the first
page and placed on each card that shows it, and the back (the same on every card) is one form
placed on every back. And it draws what printgen draws: on Cromwell's 43 fronts both write 459
strings and place 129 emblems (before the corner indexes were added here it wrote 248 and placed
43, so printgen looked slower than it is).
Drawn again on each card instead, the floor itself would grow with the deck (2,150 cards
repeating 43 designs made it twice printgen's time), and a ratio against it would say nothing.

Usage:  .venv/bin/python bench/plain_reportlab.py DATA.json OUT.pdf
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from printgen.art.emblems import draw_emblem

PAGE_W, PAGE_H = 210.0, 297.0       # A4, mm
CARD_W, CARD_H = 63.5, 88.9         # poker card held upright, mm
BLEED, MARGIN = 3.0, 5.0
COLS, ROWS = 2, 4                   # cards turned sideways: 88.9 wide on the page, 63.5 high
NO_HOUSE = "#2F2F2F"

REGULAR, BOLD, ITALIC = "Caladea-Regular", "Caladea-Bold", "Caladea-Italic"


def register_fonts(folder: Path) -> None:
    for name in (REGULAR, BOLD, ITALIC):
        pdfmetrics.registerFont(TTFont(name, str(folder / f"{name}.ttf")))


def width(text: str, font: str, size: float, space: float = 0.0) -> float:
    return pdfmetrics.stringWidth(text, font, size) + space * max(0, len(text) - 1)


def wrap(text: str, font: str, size: float, max_w: float) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and width(trial, font, size) > max_w:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line]


def text_box(c: Canvas, text: str, font: str, size: float, min_size: float, colour: str,
             x: float, y: float, w: float, h: float, space: float = 0.0, wrapped: bool = True,
             leading: float = 1.2) -> None:
    """Text centred in a box given in mm from the card's top-left, shrunk until it fits."""
    face = pdfmetrics.getFont(font).face
    ascent, descent = face.ascent / 1000.0, face.descent / 1000.0
    box_w, box_h = w * mm, h * mm
    while True:
        lines = [s for part in text.split("\n") for s in wrap(part, font, size, box_w)] if wrapped else [text]
        block = (len(lines) - 1) * size * leading + (ascent - descent) * size
        if size <= min_size or (block <= box_h and all(width(s, font, size, space) <= box_w for s in lines)):
            break
        size = max(min_size, size - 0.25)
    c.setFont(font, size)
    c.setFillColor(HexColor(colour))
    baseline = (CARD_H - y - h) * mm + (box_h + block) / 2 - ascent * size
    for line in lines:
        c.drawString(x * mm + (box_w - width(line, font, size, space)) / 2, baseline, line, charSpace=space)
        baseline -= size * leading


def rect(c: Canvas, x: float, y: float, w: float, h: float, fill: str, bleed: bool = False) -> None:
    """A filled rectangle in mm from the card's top-left; with bleed, edges on the trim run out."""
    if bleed:
        if x <= 0:
            x, w = x - BLEED, w + BLEED
        if x + w >= CARD_W:
            w += BLEED
        if y <= 0:
            y, h = y - BLEED, h + BLEED
        if y + h >= CARD_H:
            h += BLEED
    c.setFillColor(HexColor(fill))
    c.rect(x * mm, (CARD_H - y - h) * mm, w * mm, h * mm, stroke=0, fill=1)


# The corner index: a monarch's first name shortened as in citations of old statutes, over the
# regnal number (the layout's `short_names` and `whole_names`).
SHORT = {"William": "Wm", "Henry": "Hen", "Stephen": "Steph", "Richard": "Ric", "Edward": "Edw",
         "Elizabeth": "Eliz", "James": "Jas", "Charles": "Chas", "George": "Geo", "Victoria": "Vic"}
WHOLE = {"Oliver Cromwell": "Crom"}


def short_name(name: str) -> str:
    words = name.split(" ")
    first = WHOLE.get(name) or SHORT.get(words[0], words[0])
    return first + ("\n" + " ".join(words[1:]) if len(words) > 1 and name not in WHOLE else "")


def turned(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """Turn what follows half round about the centre of a box in mm from the card's top-left."""
    cx, cy = (x + w / 2) * mm, (CARD_H - y - h / 2) * mm
    c.translate(cx, cy)
    c.rotate(180)
    c.translate(-cx, -cy)


def clip_to_bleed(c: Canvas) -> None:
    clip = c.beginPath()
    clip.rect(-BLEED * mm, -BLEED * mm, (CARD_W + 2 * BLEED) * mm, (CARD_H + 2 * BLEED) * mm)
    c.clipPath(clip, stroke=0, fill=0)


def draw_front(c: Canvas, card: dict) -> None:
    """The front as layouts/cromwell.yaml lays it out: the same boxes, sizes and colours."""
    colour = card["house_colour"] or NO_HOUSE
    clip_to_bleed(c)
    rect(c, 0, 0, CARD_W, CARD_H, "#FBF6EA", bleed=True)
    text_box(c, card["name"], BOLD, 19, 11, "#1E1E1E", 13.5, 14, 36.5, 9.5, wrapped=False)
    rect(c, 0, 0, CARD_W, 12.5, colour, bleed=True)
    text_box(c, (card["house"] or card["title"]).upper(), BOLD, 10.5, 7, "#FFFFFF", 4, 3.5, 55.5, 8, space=1.6)

    short = short_name(card["name"])
    text_box(c, short, BOLD, 10, 7, colour, 3, 13.5, 9, 8.5, leading=1.0)
    emblem(c, card, INDEX_MM, 3.5 + (8 - INDEX_MM) / 2, 22.5)
    for draw in ("text", "emblem"):          # the same, turned half round in the opposite corner
        c.saveState()
        if draw == "text":
            turned(c, 51.5, 76.9, 9, 8.5)
            text_box(c, short, BOLD, 10, 7, colour, 51.5, 76.9, 9, 8.5, leading=1.0)
        else:
            turned(c, 52, 69.4, 8, 7)
            emblem(c, card, INDEX_MM, 52 + (8 - INDEX_MM) / 2, 69.4)
        c.restoreState()

    text_box(c, card["reign"], REGULAR, 11, 11, colour, 13.5, 24, 36.5, 5.5)
    c.saveState()
    c.setFillColor(HexColor("#F1E8D4"))
    c.setStrokeColor(HexColor(colour))
    c.setLineWidth(0.35 * mm)
    c.roundRect(6 * mm, (CARD_H - 56.5) * mm, 51.5 * mm, 26 * mm, 2 * mm, stroke=1, fill=1)
    c.restoreState()
    if card["picture"]:
        c.drawImage(card["picture"], 6.5 * mm, (CARD_H - 56) * mm, 50.5 * mm, 25 * mm,
                    preserveAspectRatio=True, anchor="c", mask="auto")
    else:
        emblem(c, card, EMBLEM_MM, 6.5 + (50.5 - EMBLEM_MM) / 2, 31.5)

    text_box(c, card["caption"], ITALIC, 9, 6.5, "#2B2B2B", 13.5, 57.5, 36.5, 22.7)
    if not card["in_play"]:
        text_box(c, "not played in sequences: pass it to show who is Cromwell", REGULAR, 6.5, 5, "#6B6B6B",
                 13.5, 80.7, 36.5, 5.2, leading=1.0)
    if card["note"]:
        text_box(c, card["note"], REGULAR, 6.5, 5, "#6B6B6B", 13.5, 80.7, 36.5, 5.2, leading=1.0)
    rect(c, 0, 86.4, CARD_W, 2.5, colour, bleed=True)


def emblem(c: Canvas, card: dict, size: float, x: float, y: float) -> None:
    """The card's emblem form of `size` mm with its top-left corner at (x, y) mm on the card."""
    c.saveState()
    c.translate(x * mm, (CARD_H - y - size) * mm)
    c.doForm(emblem_form(card, size))
    c.restoreState()


EMBLEM_MM = 24.0     # the emblem in the frame: the largest square in its 50.5 x 24 mm box
INDEX_MM = 7.0       # the corner emblems: the largest square in their 8 x 7 mm boxes


def emblem_key(card: dict) -> tuple[str | None, str, str]:
    return (card["emblem"], card["house"] or card["name"], card["house_colour"] or NO_HOUSE)


def emblem_form(card: dict, size: float) -> str:
    """The name of the form holding this card's emblem at `size` mm (made by make_forms)."""
    return f"emblem{FORMS[emblem_key(card), size]}"


FORMS: dict[tuple[tuple[str | None, str, str], float], int] = {}


def make_forms(c: Canvas, cards: list[dict], houses: list[dict]) -> None:
    """Each distinct emblem at each of its two sizes, and the back, drawn once as a form XObject
    before the first page."""
    for card in cards:
        for size in (INDEX_MM, EMBLEM_MM):
            key = (emblem_key(card), size)
            if key in FORMS or (card["picture"] and size == EMBLEM_MM):
                continue
            FORMS[key] = len(FORMS)
            c.beginForm(emblem_form(card, size), 0, 0, size * mm, size * mm)
            draw_emblem(c, key[0][0], key[0][1], key[0][2], 0, 0, size * mm)
            c.endForm()
    c.beginForm("back", -BLEED * mm, -BLEED * mm, (CARD_W + BLEED) * mm, (CARD_H + BLEED) * mm)
    clip_to_bleed(c)
    draw_back(c, houses)
    c.endForm()


def draw_back(c: Canvas, houses: list[dict]) -> None:
    rect(c, 0, 0, CARD_W, CARD_H, "#1C2331", bleed=True)
    c.setStrokeColor(HexColor("#C9A227"))
    c.setLineWidth(0.5 * mm)
    c.roundRect(3 * mm, 3 * mm, 57.5 * mm, 82.9 * mm, 2.5 * mm, stroke=1, fill=0)

    x, top, w, h, gap = 5.5 * mm, (CARD_H - 5.5) * mm, 52.5 * mm, 77.9 * mm, 1.1 * mm
    band = (h - gap * (len(houses) - 1)) / len(houses)
    pad, space = band * 0.08, 0.8
    labels = [house["name"].upper() for house in houses]
    size = 15.0                      # one size for all, the largest at which every name fits
    while size > 9 and max(width(s, BOLD, size, space) for s in labels) > w - 2 * pad:
        size -= 0.25
    face = pdfmetrics.getFont(BOLD).face
    for house, label in zip(houses, labels):
        y = top - band
        c.setFillColor(HexColor(house["colour"]))
        c.roundRect(x, y, w, band, 1.2 * mm, stroke=0, fill=1)
        c.setFont(BOLD, size)
        c.setFillColor(HexColor("#FFFFFF"))
        baseline = y + band / 2 - (face.ascent + face.descent) / 2000.0 * size
        c.drawString(x + (w - width(label, BOLD, size, space)) / 2, baseline, label, charSpace=space)
        top = y - gap


def place(c: Canvas, x: float, y: float, w: float, h: float, rotation: int) -> None:
    """Move the origin to the card's lower-left corner, in the slot (mm) and turned by rotation."""
    c.translate((x + w / 2) * mm, (y + h / 2) * mm)
    c.rotate(rotation)
    c.translate(-CARD_W / 2 * mm, -CARD_H / 2 * mm)


def crop_marks(c: Canvas, slots: list[tuple[float, float, float, float]]) -> None:
    xs = sorted({v for x, y, w, h in slots for v in (x, x + w)})
    ys = sorted({v for x, y, w, h in slots for v in (y, y + h)})
    left, right = xs[0] - BLEED, xs[-1] + BLEED
    bottom, top = ys[0] - BLEED, ys[-1] + BLEED
    c.setLineWidth(0.2 * mm)
    c.setStrokeColorRGB(0, 0, 0)
    for x in xs:
        c.line(x * mm, (bottom - 1) * mm, x * mm, max(0.0, bottom - 6) * mm)
        c.line(x * mm, (top + 1) * mm, x * mm, min(PAGE_H, top + 6) * mm)
    for y in ys:
        c.line((left - 1) * mm, y * mm, max(0.0, left - 6) * mm, y * mm)
        c.line((right + 1) * mm, y * mm, min(PAGE_W, right + 6) * mm, y * mm)


def ruler(c: Canvas, x: float, y: float) -> None:
    c.setLineWidth(0.15 * mm)
    c.setStrokeColorRGB(0, 0, 0)
    c.line(x * mm, y * mm, (x + 50) * mm, y * mm)
    for tick in range(51):
        tall = 2.4 if tick % 10 == 0 else (1.6 if tick % 5 == 0 else 0.9)
        c.line((x + tick) * mm, y * mm, (x + tick) * mm, (y + tall) * mm)
    c.setFont(REGULAR, 5.5)
    c.setFillColorRGB(0, 0, 0)
    c.drawString((x + 51.5) * mm, (y + 0.4) * mm, "50 mm at 100 %")


def main(data_file: str, out_file: str) -> None:
    data = json.loads(Path(data_file).read_text(encoding="utf-8"))
    register_fonts(Path(data["font_dir"]))
    rl_config.useA85 = 0            # binary streams, as printgen writes them
    c = Canvas(out_file, pagesize=(PAGE_W * mm, PAGE_H * mm), invariant=1, pageCompression=1,
               initialFontName=REGULAR, initialFontSize=10)
    c.setTitle(f"{data['title']}: cards")

    cell_w, cell_h = CARD_H + 2 * BLEED, CARD_W + 2 * BLEED
    left = (PAGE_W - COLS * cell_w) / 2 + BLEED
    top = (PAGE_H + ROWS * cell_h) / 2 - BLEED
    grid = [(left + col * cell_w, top - CARD_W - row * cell_h) for row in range(ROWS) for col in range(COLS)]

    cards, per_sheet = data["cards"], COLS * ROWS
    make_forms(c, cards, data["houses"])
    sheets = -(-len(cards) // per_sheet)
    for sheet in range(sheets):
        batch = cards[sheet * per_sheet:(sheet + 1) * per_sheet]
        for side in ("fronts", "backs"):
            slots = []
            for card, (x, y) in zip(batch, grid):
                if side == "backs":
                    x = PAGE_W - x - CARD_H        # long-edge flip mirrors the columns
                slots.append((x, y, CARD_H, CARD_W))
                c.saveState()
                place(c, x, y, CARD_H, CARD_W, 90 if side == "fronts" else 270)
                if side == "fronts":
                    draw_front(c, card)
                else:
                    c.doForm("back")
                c.restoreState()
            if side == "fronts":
                crop_marks(c, slots)
                ruler(c, 15.0, MARGIN)
            c.setFont(REGULAR, 6)
            c.setFillColor(HexColor("#555555"))
            c.drawCentredString(152.5 * mm, (MARGIN + 0.6) * mm,
                                f"{data['title']} · {side} · sheet {sheet + 1} of {sheets} · A4 · "
                                f"duplex, flip on long edge")
            c.showPage()
    c.save()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: plain_reportlab.py DATA.json OUT.pdf")
    main(sys.argv[1], sys.argv[2])
