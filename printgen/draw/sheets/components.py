"""Decks of several component kinds (tiles, coins, dice, pawns) imposed together on sheets.

A layout's `components:` names kinds beside its card, each with a shape, a size, a face and a
back (schema.ComponentKind); a deck field of type `component` says which kind each card is.
Each kind is drawn as a card is (the same elements and template resolver), in a layout of its
own size (printgen/model/kinds.py); the pieces are packed on sheets of mixed sizes
(printgen/model/packing.py), their backs mirrored by the same flip rule as cards (imposition.back_slot), and the manifest lists
every piece with its kind and shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from printgen.draw.ops import Op
from printgen.files.errors import UserError, Warning_, Where
from printgen.files.units import pt
from printgen.model.deck import Card, Deck, Layout
from printgen.model.imposition import SheetPlan, Slot, back_slot, page_order
from printgen.model.kinds import CARD_KIND, Kind, kind_layout, kind_of

TAB_FILL = "#E4E1DA"
FOLD_GREY = "#8A8A8A"
CUT_GREY = "#6E6E6E"


@dataclass
class ResolvedPieces:
    kinds: list[str]                  # each card's kind
    table: dict[str, Kind]
    fronts: list[tuple[Op, ...]]
    backs: list[tuple[Op, ...]]
    fills: list[str | None]          # each card's outline colour, when its kind fills its outline
    fonts: Any
    warnings: list[Warning_]


def resolve_pieces(deck: Deck, layout: Layout, tick: Callable[[], None] | None = None) -> ResolvedPieces:
    from printgen.draw.fonts import FontSet
    from printgen.draw.template import Resolver
    from printgen.files.colours import parse_colour
    from printgen.model.layouts import safe_zone_warnings

    warnings: list[Warning_] = []
    fonts = FontSet(layout.fonts)
    kinds = [kind_of(deck, layout, card) for card in deck.cards]
    table = {name: kind_layout(layout, name) for name in dict.fromkeys(kinds)}
    for name, kind in table.items():
        if name != CARD_KIND:
            warnings += [w for w in safe_zone_warnings(kind.layout) if kind.shape.shape == "rect"]
    resolvers = {name: Resolver(deck, kind.layout, fonts, warnings.append) for name, kind in table.items()}
    fronts, backs, fills = [], [], []
    for card, name in zip(deck.cards, kinds):
        resolver = resolvers[name]
        fronts.append(resolver.side("face", card))
        backs.append(resolver.side("back", card))
        fill = None
        if table[name].fill:
            where = layout.element_where.get((f"components.{name}", ""), Where())
            where = Where(where.file, where.line, card.name, f"components.{name}.fill")
            fill = resolver.render(table[name].fill, resolver._context(card), where).strip() or None
            if fill is not None:
                try:
                    parse_colour(fill)
                except ValueError as exc:
                    raise UserError(str(exc), where) from None
        fills.append(fill)
        if tick:
            tick()
    return ResolvedPieces(kinds, table, fronts, backs, fills, fonts, warnings)


# --- packing ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Placed:
    sheet: int
    slot: Slot          # the trim box on the page (mm, lower-left origin)


def place_pieces(resolved: ResolvedPieces, layout: Layout) -> tuple[list[Placed], int]:
    """Every piece's sheet and trim box: packed largest first, each sheet's pieces centred."""
    from printgen.model.packing import TooBig, pack

    imp = layout.imposition
    usable_w, usable_h = layout.paper.width - 2 * imp.margin, layout.paper.height - 2 * imp.margin
    g = imp.gutter
    sizes = []
    for name in resolved.kinds:
        kind = resolved.table[name]
        sizes.append((kind.shape.width + 2 * kind.bleed + g, kind.shape.height + 2 * kind.bleed + g))
    order = sorted(range(len(sizes)), key=lambda i: (-sizes[i][0] * sizes[i][1], i))
    try:
        spots = pack([sizes[i] for i in order], usable_w + g, usable_h + g)
    except TooBig as big:
        raise _too_big(resolved, layout, order[big.index]) from None
    sheets = 1 + max(s for s, _ in spots)
    boxes: list[tuple[int, Any]] = [None] * len(sizes)   # type: ignore[list-item]
    for i, spot in zip(order, spots):
        boxes[i] = spot
    placed: list[Placed] = [None] * len(sizes)           # type: ignore[list-item]
    for sheet in range(sheets):
        members = [i for i in range(len(sizes)) if boxes[i][0] == sheet]
        right = max(boxes[i][1].x + boxes[i][1].w for i in members) - g
        # centred across the sheet, at its top: what is left below holds the ruler and the label
        dx, dy = imp.margin + (usable_w - right) / 2, imp.margin
        for i in members:
            kind = resolved.table[resolved.kinds[i]]
            rect = boxes[i][1]
            x = dx + rect.x + kind.bleed
            top = dy + rect.y + kind.bleed
            y = layout.paper.height - top - kind.shape.height
            placed[i] = Placed(sheet, Slot(round(x, 4), round(y, 4), kind.shape.width, kind.shape.height, 0))
    return placed, sheets


def _too_big(resolved: ResolvedPieces, layout: Layout, index: int) -> UserError:
    """A piece that no sheet can hold, said at the layout line of its kind (where its size, and
    its bleed, are written) with the room a sheet has, so the fix is found where it is made."""
    kind = resolved.table[resolved.kinds[index]]
    imp = layout.imposition
    room_w, room_h = layout.paper.width - 2 * imp.margin, layout.paper.height - 2 * imp.margin
    need_w, need_h = kind.shape.width + 2 * kind.bleed, kind.shape.height + 2 * kind.bleed
    where = layout.element_where.get((f"components.{kind.name}", ""), Where())
    if kind.name == CARD_KIND:
        where = Where()
    gutter = f" and a {imp.gutter:g} mm gutter" if imp.gutter else ""
    return UserError(f"a {kind.name} ({kind.shape.width:g} x {kind.shape.height:g} mm, {need_w:g} x {need_h:g} mm with "
                     f"its {kind.bleed:g} mm bleed{gutter}) does not fit on {layout.paper_name.upper()} paper "
                     f"({layout.paper.width:g} x {layout.paper.height:g} mm), which has {room_w:g} x {room_h:g} mm "
                     f"inside its {imp.margin:g} mm margins", where,
                     f"make the {kind.name} smaller or give it less bleed here, or build on larger paper (--paper)")


# --- drawing ----------------------------------------------------------------------------------

def _page_point(slot: Slot, point: tuple[float, float], rotation: int = 0) -> tuple[float, float]:
    """A piece's point (mm from its top-left, y down) on the page, in points."""
    px, py = point
    if rotation == 180:
        px, py = slot.w - px, slot.h - py
    return pt(slot.x + px), pt(slot.y + slot.h - py)


class PieceForms:
    """Each distinct side of each kind becomes one PDF form, clipped to the piece's bleed."""

    def __init__(self, canvas):
        self.canvas = canvas
        self.names: dict[tuple, str] = {}

    def name(self, kind: Kind, ops: tuple[Op, ...], fill: str | None) -> str:
        key = (kind.name, ops, fill)
        name = self.names.get(key)
        if name is None:
            from printgen.draw.paint import draw_ops
            from printgen.files.colours import parse_colour

            name = f"piece{len(self.names)}"
            c = self.canvas
            w, h, b = kind.shape.width, kind.shape.height, kind.bleed
            c.beginForm(name, -pt(b), -pt(b), pt(w + b), pt(h + b))
            c.saveState()
            clip = c.beginPath()
            if kind.shape.round:
                clip.circle(pt(w / 2), pt(h / 2), pt(w / 2 + b))
            else:
                clip.rect(-pt(b), -pt(b), pt(w + 2 * b), pt(h + 2 * b))
            c.clipPath(clip, stroke=0, fill=0)
            if fill is not None and kind.shape.silhouette:
                # The outline filled, and stroked as wide as twice the bleed: colour out to the bleed.
                path = c.beginPath()
                first, *rest = kind.shape.silhouette
                path.moveTo(pt(first[0]), pt(h - first[1]))
                for x, y in rest:
                    path.lineTo(pt(x), pt(h - y))
                path.close()
                colour = parse_colour(fill)
                c.setFillColor(colour)
                c.setStrokeColor(colour)
                c.setLineJoin(1)
                c.setLineWidth(pt(2 * b))
                c.drawPath(path, stroke=1 if b > 0 else 0, fill=1)
            draw_ops(c, ops)
            c.restoreState()
            c.endForm()
            self.names[key] = name
        return name

    def place(self, kind: Kind, ops: tuple[Op, ...], fill: str | None, slot: Slot) -> None:
        if not ops and fill is None:
            return
        name = self.name(kind, ops, fill)
        c = self.canvas
        c.saveState()
        c.translate(pt(slot.x + slot.w / 2), pt(slot.y + slot.h / 2))
        if slot.rotation:
            c.rotate(slot.rotation)
        c.translate(-pt(kind.shape.width / 2), -pt(kind.shape.height / 2))
        c.doForm(name)
        c.restoreState()


def _guides(canvas, kind: Kind, slot: Slot) -> None:
    """Glue tabs, fold lines and the cut line of one piece on its front."""
    from printgen.files.colours import parse_colour

    shape = kind.shape
    c = canvas
    c.saveState()
    for polygon in shape.tabs:
        path = c.beginPath()
        first, *rest = [_page_point(slot, p) for p in polygon]
        path.moveTo(*first)
        for p in rest:
            path.lineTo(*p)
        path.close()
        c.setFillColor(parse_colour(TAB_FILL))
        c.drawPath(path, stroke=0, fill=1)
    c.setStrokeColor(parse_colour(FOLD_GREY))
    c.setLineWidth(pt(0.2))
    c.setDash([pt(1.2), pt(0.9)])
    for p, q in shape.folds:
        c.line(*_page_point(slot, p), *_page_point(slot, q))
    c.setDash([])
    if kind.cut == "line":
        c.setStrokeColor(parse_colour(CUT_GREY))
        c.setLineWidth(pt(0.15))
        if shape.round:
            c.circle(pt(slot.x + slot.w / 2), pt(slot.y + slot.h / 2), pt(slot.w / 2), stroke=1, fill=0)
        for line in shape.cuts:
            path = c.beginPath()
            first, *rest = [_page_point(slot, p) for p in line]
            path.moveTo(*first)
            for p in rest:
                path.lineTo(*p)
            c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def render_piece_sheets(deck: Deck, layout: Layout, duplex: str, offset: tuple[float, float],
                        resolved: ResolvedPieces | None = None, tick: Callable[[], None] | None = None):
    from printgen.draw.pdfcanvas import finish, new_canvas, set_boxes
    from printgen.draw.sheets import marks
    from printgen.draw.sheets.imposed import CardSheets, no_ruler, no_steps, sheet_lines

    resolved = resolved or resolve_pieces(deck, layout)
    imp = layout.imposition
    placed, sheets = place_pieces(resolved, layout)
    paper = (layout.paper.width, layout.paper.height)
    n = len(deck.cards)
    font = resolved.fonts.default()
    counts = {name: resolved.kinds.count(name) for name in resolved.table}
    what = ", ".join(f"{count} {_plural(layout, name, count)}" for name, count in counts.items())
    canvas = new_canvas(paper, font, f"{deck.title}: pieces", f"{what}, {layout.paper_name}, duplex {duplex}")
    forms = PieceForms(canvas)
    places: list[dict[str, Any]] = [{} for _ in range(n)]
    no_room = 0                      # sheets with no room for the ruler
    unsaid = 0                       # pages with no room for their label (and single-sided steps)
    for page_number, (sheet, side) in enumerate(page_order(sheets, duplex), start=1):
        members = [i for i in range(n) if placed[i].sheet == sheet]
        fronts = [placed[i].slot for i in members]
        plan = SheetPlan(paper[0], paper[1], 0, 0, 0, 0, 0, False, tuple(fronts))
        slots = fronts if side == "front" else [back_slot(plan, s, duplex, offset) for s in fronts]
        bleeds = [_bleed_box(s, resolved.table[resolved.kinds[i]].bleed) for i, s in zip(members, slots)]
        trims = [(s.x, s.y, s.x + s.w, s.y + s.h) for s in slots]
        bleed_box = (min(b[0] for b in bleeds), min(b[1] for b in bleeds), max(b[2] for b in bleeds),
                     max(b[3] for b in bleeds))
        set_boxes(canvas, (min(t[0] for t in trims), min(t[1] for t in trims), max(t[2] for t in trims),
                           max(t[3] for t in trims)), bleed_box)
        physical = side == "front" or duplex == "none"
        for index, slot in zip(members, slots):
            kind = resolved.table[resolved.kinds[index]]
            ops = resolved.fronts[index] if side == "front" else resolved.backs[index]
            forms.place(kind, ops, resolved.fills[index] if side == "front" else None, slot)
            places[index][side] = _placement(page_number, slot)
            if tick and side == "front":
                tick()
        if side == "front":
            for number, (index, slot) in enumerate(zip(members, slots)):
                kind = resolved.table[resolved.kinds[index]]
                _guides(canvas, kind, slot)
                if kind.cut == "marks":
                    marks.piece_ticks(canvas, kind, slot, bleeds[:number] + bleeds[number + 1:], imp, paper)
        # The ruler and the label go beside this sheet's pieces (packed at its top, so below them).
        strips = marks.free_strips(trims, bleed_box, paper, imp.margin, imp.crop_marks.length, imp.crop_marks.offset)
        lines = sheet_lines(deck, layout, side, sheet, sheets, duplex, offset)
        fitted = marks.sheet_marks(canvas, strips, paper, imp.ruler if physical else 0.0, font, lines)
        no_room += not fitted.ruler
        unsaid += not fitted.lines
        canvas.showPage()
    manifest = {
        "deck": deck.key,
        "pack": deck.pack,
        "title": deck.title,
        "paper": {"name": layout.paper_name, "width_mm": paper[0], "height_mm": paper[1]},
        "bleed_mm": imp.bleed,
        "duplex": duplex,
        "back_offset_mm": {"x": offset[0], "y": offset[1]},
        "sheets": sheets,
        "pages": len(page_order(sheets, duplex)),
        "components": {name: _kind_entry(kind, counts[name]) for name, kind in resolved.table.items()},
        "cards": [{"id": card.id, "name": card.name, "kind": resolved.kinds[i],
                   "shape": resolved.table[resolved.kinds[i]].shape.shape,
                   "front": places[i]["front"],
                   # a piece whose layout draws nothing on its back (a die's net, a pawn) has none
                   "back": places[i]["back"] if resolved.backs[i] else None} for i, card in enumerate(deck.cards)],
    }
    warnings = list(resolved.warnings)
    if no_room:
        warnings.append(no_ruler(deck, imp.ruler, no_room, sheets, "pieces"))
    if unsaid and duplex == "none":
        warnings.append(no_steps(deck, unsaid, 2 * sheets, "pieces"))
    return CardSheets(finish(canvas), manifest, None, sheets, warnings)


def _bleed_box(slot: Slot, bleed: float) -> tuple[float, float, float, float]:
    return (slot.x - bleed, slot.y - bleed, slot.x + slot.w + bleed, slot.y + slot.h + bleed)


def _placement(page: int, slot: Slot) -> dict[str, Any]:
    return {"page": page, "x_mm": round(slot.x, 3), "y_mm": round(slot.y, 3), "width_mm": round(slot.w, 3),
            "height_mm": round(slot.h, 3), "rotation": slot.rotation}


def _kind_entry(kind: Kind, count: int) -> dict[str, Any]:
    face = kind.shape.faces[0]
    entry = {"shape": kind.shape.shape, "count": count, "width_mm": round(kind.shape.width, 3),
             "height_mm": round(kind.shape.height, 3), "bleed_mm": kind.bleed, "cut": kind.cut}
    if kind.shape.shape in ("cube-net", "fold-stand"):
        entry["face_mm"] = {"width": round(face.w, 3), "height": round(face.h, 3),
                            "faces": [{"x_mm": round(f.x, 3), "y_mm": round(f.y, 3), "turn": f.turn}
                                      for f in kind.shape.faces]}
    if kind.shape.round:
        entry["diameter_mm"] = round(kind.shape.width, 3)
    return entry


def summary(deck: Deck, layout: Layout, sheets, duplex: str) -> str:
    """The build's one line for a deck of pieces."""
    kinds = sheets.manifest["components"]
    listed = ", ".join(f"{k['count']} {_plural(layout, name, k['count'])} ({_size_words(k)})" for name, k in kinds.items())
    from printgen.files.wording import counted

    return (f"{deck.output_key}: {listed} on {layout.paper_name.upper()}, {counted(sheets.sheets, 'sheet')}, "
            f"duplex {duplex}")


def _plural(layout: Layout, name: str, count: int) -> str:
    kind = layout.spec.components.get(name)
    if count == 1:
        return name
    return kind.plural if kind is not None and kind.plural else f"{name}s"


def _size_words(entry: dict) -> str:
    if entry["shape"] == "round":
        return f"round, {entry['diameter_mm']:g} mm"
    if entry["shape"] == "cube-net":
        return f"die net, faces {entry['face_mm']['width']:g} mm"
    if entry["shape"] == "fold-stand":
        return f"fold-and-stand, {entry['face_mm']['width']:g} x {entry['face_mm']['height']:g} mm"
    return f"{entry['width_mm']:g} x {entry['height_mm']:g} mm"


def piece_pdf(deck: Deck, layout: Layout, card: Card, back: bool, with_bleed: bool = False,
              warnings: list | None = None) -> bytes:
    """A one-page PDF the size of one piece (its box, or with its bleed), for `preview --card`."""
    from printgen.draw.fonts import FontSet
    from printgen.draw.pdfcanvas import finish, new_canvas
    from printgen.draw.template import Resolver

    kind = kind_layout(layout, kind_of(deck, layout, card))
    fonts = FontSet(layout.fonts)
    resolver = Resolver(deck, kind.layout, fonts, (warnings if warnings is not None else []).append)
    ops = resolver.side("back" if back else "face", card)
    fill = None
    if kind.fill and not back:
        fill = resolver.render(kind.fill, resolver._context(card), Where()).strip() or None
    b = kind.bleed if with_bleed else 0.0
    w, h = kind.shape.width + 2 * b, kind.shape.height + 2 * b
    canvas = new_canvas((w, h), fonts.default(), f"{deck.title}: {card.name}", "preview")
    slot = Slot(b, b, kind.shape.width, kind.shape.height, 0)
    PieceForms(canvas).place(kind, ops, fill, slot)
    if not back:
        _guides(canvas, kind, slot)
    canvas.showPage()
    return finish(canvas)
