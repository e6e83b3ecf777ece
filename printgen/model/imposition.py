"""Where cards go on the paper, fronts and backs. Pure geometry in millimetres.

Page coordinates have their origin at the page's lower-left corner, as in PDF. A slot is a
card's trim box on a page plus the rotation of the card inside it.

Duplex: turning the sheet over its long edge maps a front point (x, y) to (W - x, y) on the
back page (columns mirror); over its short edge to (x, H - y) (rows mirror). The back design
is rotated so that a cut card, turned over about its own vertical axis like a card in a hand,
shows its back upright: long edge keeps the rotation (negated), short edge adds 180 degrees.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from printgen.files.errors import UserError
from printgen.files.lean import lean_dataclass

if TYPE_CHECKING:       # annotations only: a deck from the cache holds records (printgen/files/records.py)
    from printgen.files.schema import Imposition, Size

DUPLEX_MODES = ("long", "short", "none")


@lean_dataclass(frozen=True)
class Slot:
    x: float
    y: float
    w: float       # width on the page (card height when rotated by 90 or 270)
    h: float
    rotation: int  # degrees, counter-clockwise, of the card design inside the slot


@lean_dataclass(frozen=True)
class SheetPlan:
    paper_w: float
    paper_h: float
    card_w: float
    card_h: float
    bleed: float
    cols: int
    rows: int
    rotated: bool
    slots: tuple[Slot, ...]   # front slots in reading order: top row first, left to right

    @property
    def per_sheet(self) -> int:
        return len(self.slots)

    def trim_bounds(self, slots: tuple[Slot, ...] | list[Slot]) -> tuple[float, float, float, float]:
        return (min(s.x for s in slots), min(s.y for s in slots),
                max(s.x + s.w for s in slots), max(s.y + s.h for s in slots))

    def bleed_bounds(self, slots: tuple[Slot, ...] | list[Slot]) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self.trim_bounds(slots)
        b = self.bleed
        return (max(0.0, x0 - b), max(0.0, y0 - b), min(self.paper_w, x1 + b), min(self.paper_h, y1 + b))


def _count(usable: float, cell: float, gutter: float) -> int:
    return max(0, math.floor((usable + gutter + 1e-9) / (cell + gutter)))


def plan_sheet(paper: Size, card: Size, imp: Imposition) -> SheetPlan:
    """The grid that fits the most cards, upright or turned sideways, centred on the paper."""
    usable_w = paper.width - 2 * imp.margin
    usable_h = paper.height - 2 * imp.margin
    b, g = imp.bleed, imp.gutter
    options = []
    for rotated in (False, True):
        w, h = (card.height, card.width) if rotated else (card.width, card.height)
        cols, rows = _count(usable_w, w + 2 * b, g), _count(usable_h, h + 2 * b, g)
        options.append((cols * rows, not rotated, rotated, cols, rows, w, h))
    count, _, rotated, cols, rows, w, h = max(options)
    if count == 0:
        raise UserError(
            f"a {card.width:g} x {card.height:g} mm card with {b:g} mm bleed does not fit on "
            f"{paper.width:g} x {paper.height:g} mm paper inside {imp.margin:g} mm margins",
            hint="choose a smaller card size, larger paper, or less bleed (--bleed)")
    pitch_x, pitch_y = w + 2 * b + g, h + 2 * b + g
    grid_w, grid_h = cols * pitch_x - g, rows * pitch_y - g
    left = (paper.width - grid_w) / 2 + b
    top = (paper.height + grid_h) / 2 - b
    slots = []
    for row in range(rows):
        for col in range(cols):
            x = left + col * pitch_x
            y = top - h - row * pitch_y
            slots.append(Slot(round(x, 4), round(y, 4), w, h, 90 if rotated else 0))
    return SheetPlan(paper.width, paper.height, card.width, card.height, b, cols, rows, rotated, tuple(slots))


def back_slot(plan: SheetPlan, front: Slot, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """Where the back of the card in `front` goes on the back page, offset as seen on that page."""
    dx, dy = offset
    if duplex == "short":
        x, y = front.x, plan.paper_h - front.y - front.h
        rotation = (180 - front.rotation) % 360
    else:  # long edge; also used for 'none' so backs can be glued or fed back by hand
        x, y = plan.paper_w - front.x - front.w, front.y
        rotation = (-front.rotation) % 360
    slot = Slot(round(x + dx, 4), round(y + dy, 4), front.w, front.h, rotation)
    off = 1e-6
    if slot.x < -off or slot.y < -off or slot.x + slot.w > plan.paper_w + off or slot.y + slot.h > plan.paper_h + off:
        raise UserError(f"--back-offset {dx:g},{dy:g} puts the backs off the paper: "
                        f"on this sheet {offset_range(plan, duplex)}",
                        hint="printers shift the back by a millimetre or two; measure yours with `printgen calibrate`")
    return slot


def offset_range(plan: SheetPlan, duplex: str) -> str:
    """The back offsets that keep every back on the paper, in words."""
    backs = [back_slot(plan, s, duplex) for s in plan.slots]
    x0, y0, x1, y1 = plan.trim_bounds(backs)
    return (f"X can be from {-x0:g} to {plan.paper_w - x1:g} mm and Y from {-y0:g} to "
            f"{plan.paper_h - y1:g} mm")


def page_order(sheets: int, duplex: str) -> list[tuple[int, str]]:
    """(sheet index, 'front'|'back') for each page: alternating for duplex, backs last for none."""
    if duplex == "none":
        return [(s, "front") for s in range(sheets)] + [(s, "back") for s in range(sheets)]
    return [(s, side) for s in range(sheets) for side in ("front", "back")]


# --- single-sided printing: the backs after the fronts, put on them by hand ---------------------

def _pages(first: int, last: int) -> str:
    return f"page {first}" if first == last else f"pages {first}\u2013{last}"


def single_sided_pages(sheets: int) -> tuple[str, str]:
    """The fronts' pages and the backs' pages of a single-sided PDF (page_order: backs last)."""
    return _pages(1, sheets), _pages(sheets + 1, 2 * sheets)


def single_sided_lines(sheets: int, side: str, sheet: int) -> tuple[str, str]:
    """For a sheet printed single-sided: the end of its label and the line under it, saying which
    pages to print first and how to turn the stack, on the sheet a player holds.

    The backs are laid out for a sheet turned over on its long edge (back_slot), top still at the
    top, and follow the fronts in sheet order, so the stack goes back in with sheet 1 first."""
    fronts, backs = single_sided_pages(sheets)
    if side == "front":
        stack = "stack" if sheets > 1 else "sheet"
        sides = "the blank sides" if sheets > 1 else "its blank side"
        first = ", sheet 1 first" if sheets > 1 else ""
        return (f"single-sided: print {fronts} first",
                f"then flip the printed {stack} on its long edge and print {backs} on {sides}{first}")
    return ("single-sided", f"this page goes on the blank side of sheet {sheet + 1} (page {sheet + 1}), "
                            f"flipped on its long edge")


def single_sided_advice(sheets: int) -> list[str]:
    """The same steps for the build's output, and how to learn which way a printer takes paper."""
    fronts, backs = single_sided_pages(sheets)
    stack, sides = ("the printed stack", "the blank sides") if sheets > 1 else ("the printed sheet", "its blank side")
    first = ", sheet 1 first" if sheets > 1 else ""
    return [f"single-sided: print {fronts} (the fronts) first; then flip {stack} on its long edge (top still at "
            f"the top), put it back in the printer to print on {sides}{first}, and print {backs} (the backs)",
            "which way up does your printer take paper? Pencil a cross on the top sheet in the tray and print "
            "page 1: it prints on the crossed side or on the other"]
