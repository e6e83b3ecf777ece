"""A deck's cards imposed on sheets: the cards PDF and its manifest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from printgen.draw.fonts import FontSet
from printgen.draw.ops import Op
from printgen.draw.paint import draw_ops
from printgen.draw.pdfcanvas import finish, new_canvas, set_boxes
from printgen.draw.sheets import marks
from printgen.draw.sheets.components import render_piece_sheets, resolve_pieces
from printgen.draw.sheets.imposed import CardSheets, no_ruler, no_steps, sheet_lines
from printgen.draw.template import Resolver
from printgen.files.errors import Warning_
from printgen.files.units import pt
from printgen.model.deck import Deck, Layout
from printgen.model.imposition import SheetPlan, Slot, back_slot, page_order, plan_sheet
from printgen.model.kinds import uses_components


@dataclass
class ResolvedDeck:
    """Every card's face and back as drawing operations, checked, before any PDF exists."""

    fronts: list[tuple[Op, ...]]
    backs: list[tuple[Op, ...]]
    fonts: FontSet
    warnings: list[Warning_]


def resolve_deck(deck: Deck, layout: Layout, tick: Callable[[], None] | None = None) -> ResolvedDeck:
    if uses_components(deck, layout):      # tiles, coins, dice ...: components.py
        return resolve_pieces(deck, layout, tick)
    warnings: list[Warning_] = []
    fonts = FontSet(layout.fonts)
    resolver = Resolver(deck, layout, fonts, warnings.append)
    fronts, backs = [], []
    for card in deck.cards:
        fronts.append(resolver.side("face", card))
        backs.append(resolver.side("back", card))
        if tick:
            tick()
    return ResolvedDeck(fronts, backs, fonts, warnings)


class FormCache:
    """Each distinct side becomes one PDF form (XObject), drawn once however often it is placed."""

    def __init__(self, canvas, card_w: float, card_h: float, bleed: float):
        self.canvas = canvas
        self.names: dict[tuple[Op, ...], str] = {}
        self.box = (-pt(bleed), -pt(bleed), pt(card_w + bleed), pt(card_h + bleed))
        self.card_w, self.card_h = card_w, card_h

    def name(self, ops: tuple[Op, ...]) -> str:
        name = self.names.get(ops)
        if name is None:
            name = f"side{len(self.names)}"
            c = self.canvas
            c.beginForm(name, *self.box)
            c.saveState()
            clip = c.beginPath()
            clip.rect(self.box[0], self.box[1], self.box[2] - self.box[0], self.box[3] - self.box[1])
            c.clipPath(clip, stroke=0, fill=0)
            draw_ops(c, ops)
            c.restoreState()
            c.endForm()
            self.names[ops] = name
        return name

    def place(self, ops: tuple[Op, ...], slot: Slot) -> None:
        name = self.name(ops)
        c = self.canvas
        c.saveState()
        c.translate(pt(slot.x + slot.w / 2), pt(slot.y + slot.h / 2))
        if slot.rotation:
            c.rotate(slot.rotation)
        c.translate(-pt(self.card_w / 2), -pt(self.card_h / 2))
        c.doForm(name)
        c.restoreState()


def render_card_sheets(deck: Deck, layout: Layout, duplex: str, offset: tuple[float, float],
                       resolved: ResolvedDeck | None = None, tick: Callable[[], None] | None = None) -> CardSheets:
    resolved = resolved or resolve_deck(deck, layout)
    if not isinstance(resolved, ResolvedDeck):
        return render_piece_sheets(deck, layout, duplex, offset, resolved, tick)
    imp = layout.imposition
    plan = plan_sheet(layout.paper, layout.card, imp)
    n = len(deck.cards)
    sheets = -(-n // plan.per_sheet)
    paper = (layout.paper.width, layout.paper.height)
    canvas = new_canvas(paper, resolved.fonts.default(), f"{deck.title}: cards",
                        f"{n} cards, {layout.card_size} size, {layout.paper_name}, duplex {duplex}")
    forms = FormCache(canvas, layout.card.width, layout.card.height, imp.bleed)
    font = resolved.fonts.default()
    placements: list[dict[str, Any]] = [{} for _ in range(n)]
    for page_number, (sheet, side) in enumerate(page_order(sheets, duplex), start=1):
        first = sheet * plan.per_sheet
        cards = range(first, min(n, first + plan.per_sheet))
        slots = [plan.slots[i - first] if side == "front" else back_slot(plan, plan.slots[i - first], duplex, offset)
                 for i in cards]
        trims = [(s.x, s.y, s.x + s.w, s.y + s.h) for s in slots]
        set_boxes(canvas, plan.trim_bounds(slots), plan.bleed_bounds(slots))
        for index, slot in zip(cards, slots):
            forms.place(resolved.fronts[index] if side == "front" else resolved.backs[index], slot)
            placements[index][side] = _placement(page_number, slot)
            if tick and side == "front":
                tick()
        physical_sheet = side == "front" or duplex == "none"
        grid = plan.slots if side == "front" else [back_slot(plan, s, duplex, offset) for s in plan.slots]
        _decorate(canvas, plan, imp, trims, slots, grid, paper, font, physical_sheet,
                  sheet_lines(deck, layout, side, sheet, sheets, duplex, offset))
        canvas.showPage()
    manifest = {
        "deck": deck.key,
        "pack": deck.pack,
        "title": deck.title,
        "paper": {"name": layout.paper_name, "width_mm": paper[0], "height_mm": paper[1]},
        "card_size": {"name": layout.card_size, "width_mm": layout.card.width, "height_mm": layout.card.height},
        "bleed_mm": imp.bleed,
        "duplex": duplex,
        "back_offset_mm": {"x": offset[0], "y": offset[1]},
        "per_sheet": plan.per_sheet,
        "sheets": sheets,
        "pages": len(page_order(sheets, duplex)),
        "cards": [{"id": card.id, "name": card.name, "front": placements[i]["front"], "back": placements[i]["back"]}
                  for i, card in enumerate(deck.cards)],
    }
    warnings = list(resolved.warnings)
    missing = getattr(canvas, "_printgen_no_ruler", 0)
    if missing:
        warnings.append(no_ruler(deck, imp.ruler, missing, sheets, "cards"))
    unsaid = getattr(canvas, "_printgen_no_lines", 0)
    if unsaid and duplex == "none":
        warnings.append(no_steps(deck, unsaid, 2 * sheets, "cards"))
    return CardSheets(finish(canvas), manifest, plan, sheets, warnings)


def _placement(page: int, slot: Slot) -> dict[str, Any]:
    return {"page": page, "x_mm": round(slot.x, 3), "y_mm": round(slot.y, 3), "width_mm": round(slot.w, 3),
            "height_mm": round(slot.h, 3), "rotation": slot.rotation}


def _decorate(canvas, plan: SheetPlan, imp, trims, slots, grid, paper, font: str, physical_sheet: bool,
              lines: list[str]) -> None:
    """Crop marks round the cards of this sheet; the ruler and the sheet's lines beside the whole
    grid (`grid`, every slot of the side), so they stand in the same place on every sheet."""
    crop = imp.crop_marks
    if physical_sheet:
        marks.crop_marks(canvas, trims, plan.bleed_bounds(slots), crop.length, crop.offset, crop.width, paper,
                         imp.margin)
    whole = [(s.x, s.y, s.x + s.w, s.y + s.h) for s in grid]
    strips = marks.free_strips(whole, plan.bleed_bounds(grid), paper, imp.margin, crop.length, crop.offset)
    fitted = marks.sheet_marks(canvas, strips, paper, imp.ruler if physical_sheet else 0.0, font, lines)
    canvas._printgen_no_ruler = getattr(canvas, "_printgen_no_ruler", 0) + (not fitted.ruler)
    canvas._printgen_no_lines = getattr(canvas, "_printgen_no_lines", 0) + (not fitted.lines)
