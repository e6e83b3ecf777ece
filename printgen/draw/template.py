"""Card templates -> drawing operations, with user text kept as data.

Template strings come from the project's layout files and run in Jinja2's sandbox; card values
(captions, names) are only ever *values* in that context, so '{{' or '{%' typed in a caption is
printed, never executed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.draw import text as textfit
from printgen.draw.element_memo import ElementMemo
from printgen.draw.fonts import FontSet, metrics, text_width
from printgen.draw.ops import ImageOp, Op, ShapeOp, SymbolOp, TextOp, TurnOp
from printgen.draw.template_cache import CardFields, CompiledTemplates, Place, _at, names_in, template_sources
from printgen.draw.text_checks import TextChecks
from printgen.files.colours import parse_colour
from printgen.files.errors import UserError, Warning_, Where
from printgen.files.units import pt
from printgen.model import sandbox
from printgen.model.deck import Card, Deck, Layout

if TYPE_CHECKING:       # the checked models, as the type checker reads the elements
    from printgen.files.schema import (
        Element,
        ImageElement,
        ListElement,
        RepeatElement,
        ShapeElement,
        SlotElement,
        SymbolElement,
        TableElement,
        TextElement,
    )
else:                   # what a checked model and its record from the cache both are (files/records.py)
    from printgen.files.records import (
        Element,
        ImageElement,
        ListElement,
        RepeatElement,
        ShapeElement,
        SlotElement,
        SymbolElement,
        TableElement,
        TextElement,
    )

MAX_COPIES = 10_000     # copies one repeat draws: a board grid or a hex map has hundreds, a card dozens


class Resolver(TextChecks, CompiledTemplates):
    """Resolves one layout's face and back elements for the cards of one deck."""

    def __init__(self, deck: Deck, layout: Layout, fonts: FontSet, warn: Callable[[Warning_], None]):
        self.deck = deck
        self.layout = layout
        self.fonts = fonts
        self._warn = warn
        self._warned = 0            # warnings given so far (an element that gave one is not kept)
        self.card_w = layout.card.width
        self.card_h = layout.card.height
        self.bleed = layout.imposition.bleed
        # A layout drawn for one card size prints at another: boxes by Layout.map_box, type,
        # strokes and corners by the smaller scale factor, so text keeps fitting.
        self.s = layout.scale
        self._colours_seen: set[str] = set()
        self._fields_read: dict[str, list[str]] = {}
        CompiledTemplates.__init__(self, deck.context(), dict(layout.spec.data))
        self._shared: dict[str, tuple[Op, ...]] = {}
        self._same_ops: dict[Op, Op] = {}
        self._element_lines: dict[tuple[str, str], Where] = {}
        self._card_free = {side: not self._uses_card(side) for side in ("face", "back")}
        self._memo = ElementMemo(self.field_value_key, self.ours)
        self._context_of: tuple[Card | None, dict] = (None, {})
        self._boxes: dict[tuple, tuple[float, float, float, float]] = {}

    def warn(self, warning: Warning_) -> None:
        self._warned += 1
        self._warn(warning)

    # -- templates -------------------------------------------------------------------------
    def _where(self, side: str, name: str, prop: str, card: Card | None) -> Where:
        base = self._element_lines.get((side, name))
        if base is None:        # asked for every template of every card, in case it fails: looked up once
            base = self._element_lines[(side, name)] = self.layout.element_where.get((side, name.split(".")[0]),
                                                                                     Where())
        # the element as its file names it (a board's `elements.table`, a kind's `components.x.face.y`)
        top, *children = name.split(".")     # a repeat's child is under its `elements:`
        element = (base.field or f"{side}.{top}") + "".join(f".elements.{child}" for child in children)
        file, line = self.layout.property_lines.get((side, name, prop), (base.file, base.line))
        return Where(file, line, card.name if card else None, f"{element}.{prop}")


    # -- sides -----------------------------------------------------------------------------
    def _uses_card(self, side: str) -> bool:
        """Whether any template of a side reads `card`; a side that does not (a common back)
        is resolved once and shared by every card."""
        for source in template_sources(getattr(self.layout.spec, side)):
            names = names_in(source)
            if names is None or "card" in names:
                return True   # (one that does not parse: let the real rendering report the error)
        return False

    def side(self, side: str, card: Card) -> tuple[Op, ...]:
        if self._card_free[side]:
            if side not in self._shared:
                self._shared[side] = self._timed(side, card)
            return self._shared[side]
        return self._timed(side, card)

    def _timed(self, side: str, card: Card) -> tuple[Op, ...]:
        """One side of one card under one deadline for all its templates (not one per render:
        the timer and handler cost more than a short template). A template that runs away is
        stopped inside itself and named by its element (_run); the rare stop between two
        templates is named by the card and side."""
        try:
            with sandbox.deadline(what=f"the {side} of the card"):
                return self.resolve(side, self._context(card), card)
        except sandbox.TemplateLimit as exc:
            first = next(iter(self.layout.element_where.values()), Where())
            raise UserError(f"the layout's templates ask for too much: {exc}",
                            Where(first.file, None, card.name, side),
                            "templates are for short card text; simplify them") from None

    def _context(self, card: Card) -> dict:
        """What a card's templates see, made once for both its sides (a new card, a new context)."""
        last, context = self._context_of
        if card is not last:
            context = {"card": CardFields(card.context()), "deck": self._deck_context, "layout": self._layout_context}
            self._context_of = (card, context)
        return context

    def resolve(self, side: str, context: dict, card: Card | None = None) -> tuple[Op, ...]:
        """A side's elements as drawing operations for one context (a card's, or a board's)."""
        ops: list[Op] = []
        elements: dict[str, Element | None] = getattr(self.layout.spec, side)
        # An operation equal to one already made (a house's band, the frame, the background) is
        # kept once: 2,150 cards of 43 designs otherwise hold thousands of copies of each.
        same = self._same_ops
        for name, element in elements.items():
            if element is None:
                continue

            def make(name: str = name, element: Element = element) -> list[Op]:
                return [same.setdefault(op, op) for op in self._maybe(side, name, element, context, card)]

            if card is None:
                ops.extend(make())
            else:
                ops.extend(self._memo.element((side, name), element, context, make, lambda: self._warned))
        return tuple(ops)

    def _maybe(self, side: str, name: str, element: Element, context: dict, card: Card | None) -> list[Op]:
        if element.when is not None and not self.evaluate(element.when, context, self._where(side, name, "when", card)):
            return []
        turn = element.rotation % 360
        if not turn:
            return self._element(side, name, element, context, card)
        # Lay the element out in its box turned about the centre, then turn the drawing back.
        x, y, bw, bh = self._slot_box(element, self._where(side, name, "card", card)) \
            if isinstance(element, SlotElement) else self._box(element)
        cx, cy = x + bw / 2, y + bh / 2
        box = (cx - bh / 2, cy - bw / 2, bh, bw) if turn in (90, 270) else (x, y, bw, bh)
        ops = self._element(side, name, element, context, card, box)
        return [TurnOp(round(turn, 4), round(cx, 3), round(cy, 3), tuple(ops))] if ops else []

    def _box(self, element: Element) -> tuple[float, float, float, float]:
        """(x, y, w, h) in points, y up from the trim's bottom, bleed stretched as asked."""
        return self._points(element.x, element.y, getattr(element, "width", None), getattr(element, "height", None),
                            getattr(element, "bleed", False))

    def _points(self, x: float | None, y: float | None, width: float | None, height: float | None,
                bleed: bool) -> tuple[float, float, float, float]:
        """A box in mm from the trim's top-left, as points from its bottom-left at the printed size
        (worked out once for each box: every card places its elements in the same boxes)."""
        asked = (x, y, width, height, bleed)
        box = self._boxes.get(asked)
        if box is None:
            box = self._boxes[asked] = self._mapped(x, y, width, height, bleed)
        return box

    def _mapped(self, x: float | None, y: float | None, width: float | None, height: float | None,
                bleed: bool) -> tuple[float, float, float, float]:
        x, y, w, h = self.layout.map_box(x, y, width, height)
        if bleed:
            b = self.bleed
            if x <= 1e-9:
                x, w = x - b, w + b
            if x + w >= self.card_w - 1e-9:
                w += b
            if y <= 1e-9:
                y, h = y - b, h + b
            if y + h >= self.card_h - 1e-9:
                h += b
        return pt(x), pt(self.card_h - y - h), pt(w), pt(h)

    def _colour(self, source: str | None, context: dict, where: Place) -> str | None:
        if source is None:
            return None
        value = self.render(source, context, where).strip()
        if not value or value in self._colours_seen:
            return value or None
        try:
            parse_colour(value)
        except ValueError as exc:
            raise UserError(str(exc), _at(where)) from None
        self._colours_seen.add(value)           # a deck's few colours are checked once, not per card
        return value

    def _element(self, side: str, name: str, el: Element, context: dict, card: Card | None,
                 box: tuple[float, float, float, float] | None = None) -> list[Op]:
        w = lambda prop: self._where(side, name, prop, card)  # noqa: E731 - short local helper
        x, y, bw, bh = box if box is not None else self._box(el)
        if isinstance(el, ShapeElement):
            # the dash pattern is lengths in mm along the stroke, scaled with it
            dash = tuple(pt(d * self.s) for d in el.dash) if el.dash else None
            return [ShapeOp(el.shape, x, y, bw, bh, pt(el.radius * self.s), self._colour(el.fill, context, w("fill")),
                            self._colour(el.stroke, context, w("stroke")), pt(el.stroke_width * self.s), dash)]
        if isinstance(el, TextElement):
            return self._text(el, context, w, card, name, (x, y, bw, bh))
        if isinstance(el, ImageElement):
            src = self.render(el.src, context, w("src")).strip()
            if not src:
                return []
            return [self._picture(src, w("src"), (x, y, bw, bh), el.fit, card, name)]
        if isinstance(el, SymbolElement):
            motif = self.render(el.symbol, context, w("symbol")).strip() or None
            from printgen.art import symbols

            if motif is not None and not symbols.known(motif):
                from printgen.files.errors import did_you_mean

                raise UserError(f"unknown symbol '{motif}'", w("symbol"), did_you_mean(motif, symbols.names()))
            key = self.render(el.key, context, w("key"))
            colour = _six_digit(self._colour(el.colour, context, w("colour")) or "#444444")
            if symbols.is_square(motif):      # pips and emblems: the largest centred square
                size = min(bw, bh)
                x, y, bw, bh = x + (bw - size) / 2, y + (bh - size) / 2, size, size
            return [SymbolOp(motif, key, colour, x, y, bw, bh)]
        if isinstance(el, ListElement):
            return self._list(el, context, w, card, name, (x, y, bw, bh))
        if isinstance(el, SlotElement):
            return self._slot(el, context, w, box)
        if isinstance(el, RepeatElement):
            return self._repeat(side, name, el, context, card, w)
        if isinstance(el, TableElement):      # a table layout to scale: printgen/draw/documents/tabledraw.py
            from printgen.draw.documents.tabledraw import table_ops

            return table_ops(self, el, w, (x, y, bw, bh))
        raise AssertionError(type(el))  # pragma: no cover

    def _slot_box(self, el: SlotElement, where: Where) -> tuple[float, float, float, float]:
        """A slot's box is the card size it names, at its x and y."""
        from printgen.files.errors import did_you_mean

        sizes = self.layout.card_sizes
        if not sizes:       # a layout made by hand, not read by load_layout
            from printgen.model.layouts import load_catalogue

            sizes, _ = load_catalogue("card-sizes")
        if el.card not in sizes:
            raise UserError(f"unknown card size '{el.card}'", where, did_you_mean(el.card, sizes))
        size = sizes[el.card]
        sw, sh = (size.height, size.width) if el.sideways else (size.width, size.height)
        return self._points(el.x, el.y, sw, sh, False)

    def _slot(self, el: SlotElement, context: dict, w, box=None) -> list[Op]:
        x, y, bw, bh = self._slot_box(el, w("card")) if box is None or el.rotation % 360 == 0 else box
        colour = self._colour(el.colour, context, w("colour")) or "#000000"
        ops: list[Op] = [ShapeOp("rect", x, y, bw, bh, pt(3 * self.s), self._colour(el.fill, context, w("fill")),
                                 colour, pt(0.5 * self.s), (4.0, 2.5))]
        label = textfit.typographic(self.render(el.label, context, w("label")))
        if label.strip():
            font = self.fonts.pdf_name(el.font, w("font"))
            pad = pt(4)
            box = (x + pad, y + pad, bw - 2 * pad, bh - 2 * pad)
            fitted = textfit.fit(label, font, el.size * self.s, 6.0, box[2], box[3], 1.15, True, 0.0)
            ops.append(self._place(fitted, font, colour, "center", "middle", 1.15, 0.0, box))
        return ops

    def _repeat(self, side: str, name: str, el: RepeatElement, context: dict, card: Card | None, w) -> list[Op]:
        source = el.positions if el.positions is not None else el.items
        items = self.evaluate(source, context, w("positions" if el.positions is not None else "items"))
        try:
            items = list(items or [])
        except TypeError:
            raise UserError(f"'{source}' is not a list", w("items")) from None
        if len(items) > MAX_COPIES:     # a slip such as range(90000) drew for minutes, mostly off the card
            raise UserError(f"the repeat '{name}' would draw {len(items)} copies; a repeat draws at most "
                            f"{MAX_COPIES}", w("positions" if el.positions is not None else "items"),
                            "check the range or the list it repeats over")
        scale = 1.0
        if el.scale is not None:
            value = self.evaluate(el.scale, context, w("scale"))
            try:
                scale = float(value)
            except (TypeError, ValueError):
                scale = -1.0
            if not 0 < scale <= 100:
                raise UserError(f"'{el.scale}' should give a positive number, not {value!r}", w("scale"))
        ops: list[Op] = []
        outer, self._cuts = self._cuts, {}
        try:
            self._copies(side, name, el, items, scale, context, card, w, ops)
        finally:
            cuts, self._cuts = self._cuts, outer
        self._said_cuts(cuts, len(items))
        return ops

    def _copies(self, side: str, name: str, el: RepeatElement, items: list, scale: float, context: dict,
                card: Card | None, w, ops: list[Op]) -> None:
        source = el.positions if el.positions is not None else el.items
        for index, item in enumerate(items):
            turn = 0.0
            if el.positions is not None:      # the copy goes where the table says
                try:
                    ox, oy = (el.x or 0.0) + float(item[0]), (el.y or 0.0) + float(item[1])
                    turn = float(item[2]) if len(item) > 2 else 0.0
                except (TypeError, ValueError, IndexError):
                    raise UserError(f"each of '{source}' should be [x, y] or [x, y, degrees], not {item!r}",
                                    w("positions")) from None
            else:
                ox = (el.x or 0.0) + (index % el.columns) * el.dx
                oy = (el.y or 0.0) + (index // el.columns) * el.dy
            inner = dict(context, item=item, index=index)
            for child_name, child in el.elements.items():
                if child is None:
                    continue
                update = {"x": ox + (child.x or 0.0) * scale, "y": oy + (child.y or 0.0) * scale}
                if scale != 1.0:
                    update.update({k: getattr(child, k) * scale for k in ("width", "height")
                                   if getattr(child, k) is not None})
                if turn:
                    update["rotation"] = child.rotation + turn
                moved = child.model_copy(update=update)
                ops.extend(self._maybe(side, f"{name}.{child_name}", moved, inner, card))

    MIN_DPI = 150   # below this a picture prints visibly soft

    def _picture(self, src: str, where: Where, box: tuple[float, float, float, float], fit: str,
                 card: Card | None, name: str) -> ImageOp:
        """A picture checked, turned upright and shrunk to its box, or a UserError naming the card
        and field it came from."""
        from printgen.draw import pictures
        from printgen.files.picture_files import header, locate

        where = self._picture_where(src, where, card)
        path = locate(src, self.deck.folder, where)
        shown = self._shown(path)
        head = header(path, where, shown)
        x, y, bw, bh = box
        self._check_resolution(shown, head.upright, bw, bh, fit, where)
        prepared = pictures.prepare(path, bw, bh, fit, self.layout.imposition.picture_dpi, where, shown, head)
        return ImageOp(path, x, y, bw, bh, fit, prepared)

    def _picture_where(self, src: str, where: Where, card: Card | None) -> Where:
        """The deck line of the card field that holds this picture, when a card field does; else
        the layout's `src`."""
        if card is None:
            return where
        for field_name, value in card.values.items():
            if isinstance(value, Path) and str(value) == src:
                return card.where_of(field_name)
        return where

    def _shown(self, path: Path) -> str:
        try:
            return path.relative_to(self.deck.folder.resolve()).as_posix()
        except ValueError:
            return path.name

    def _check_resolution(self, shown: str, size: tuple[int, int], bw: float, bh: float, fit: str,
                          where: Where) -> None:
        """Warn when a picture has too few pixels for the size it prints at."""
        pw, ph = size
        scale = max(bw / pw, bh / ph) if fit == "cover" else min(bw / pw, bh / ph)   # points per pixel
        dpi = 72.0 / scale
        if dpi < self.MIN_DPI:
            self.warn(Warning_(f"the picture '{shown}' ({pw} x {ph} pixels) prints at about {dpi:.0f} dpi here and "
                               f"will look blurred; use one of at least {self.MIN_DPI} dpi "
                               f"(about {round(pw * self.MIN_DPI / dpi)} pixels wide)", where))

    def _text(self, el: TextElement, context: dict, w, card: Card | None, name: str, box) -> list[Op]:
        # the places of its text, font, colour and size are made only if an error or warning needs one
        value = textfit.typographic(self.render(el.text, context, lambda: w("text")))
        if not value.strip():
            return []
        font = self.fonts.pdf_name(el.font, lambda: w("font"))
        colour = self._colour(el.colour, context, lambda: w("colour")) or "#000000"
        size = el.size * self.s
        min_size = min(el.min_size if el.min_size is not None else el.size, el.size) * self.s
        tracking = el.tracking * self.s
        x, y, bw, bh = box
        where = self._text_where(card, name, w, el.text)
        name = _said(el.about, name, "text")
        self._check_glyphs(value, font, name, self._glyph_where(card, where, value, font))
        self._check_quotes(value, name, where)
        fitted = textfit.fit(value, font, size, min_size, bw, bh, el.leading, el.wrap, tracking)
        if not fitted.fits:
            self._cut_off(el, name, value, lambda floor: textfit.fit(
                value, font, size, floor, bw, bh, el.leading, el.wrap, tracking), where)
        else:
            if fitted.split:
                self.warn(Warning_(f"the {name} breaks a word across lines to fit its box (it prints "
                                   f"{' / '.join(fitted.lines)!r}); shorten it", where))
            self._check_legible(fitted.size, size, el.size, el.legible_size, name, where, lambda: w("size"))
        return [self._place(fitted, font, colour, el.align, el.valign, el.leading, tracking, box)]

    @staticmethod
    def _place(fitted, font: str, colour: str, align: str, valign: str, leading: float, tracking: float, box) -> TextOp:
        x, y, bw, bh = box
        size = fitted.size
        m = metrics(font)
        height = textfit.block_height(len(fitted.lines), size, leading, font)
        if valign == "top":
            top = y + bh
        elif valign == "bottom":
            top = y + height
        else:
            top = y + (bh + height) / 2
        baseline = top - m.ascent * size
        placed = []
        for line in fitted.lines:
            width = text_width(line, font, size, tracking)
            if align == "left":
                lx = x
            elif align == "right":
                lx = x + bw - width
            else:
                lx = x + (bw - width) / 2
            placed.append((round(lx, 3), round(baseline, 3), line))
            baseline -= size * leading
        return TextOp(font, size, colour, tracking, tuple(placed))

    def _list(self, el: ListElement, context: dict, w, card: Card | None, name: str, box) -> list[Op]:
        items = self.evaluate(el.items, context, w("items"))
        try:
            items = list(items)
        except TypeError:
            raise UserError(f"'{el.items}' is not a list", w("items")) from None
        if not items:
            return []
        x, y, bw, bh = box
        gap = pt(el.gap * self.s)
        band = (bh - gap * (len(items) - 1)) / len(items)
        tracking, radius = el.tracking * self.s, pt(el.radius * self.s)
        font = self.fonts.pdf_name(el.font, w("font"))
        labels = []
        for item in items:
            item_context = dict(context, item=item)
            labels.append((textfit.typographic(self.render(el.text, item_context, w("text"))),
                           self._colour(el.colour, item_context, w("colour")) or "#000000",
                           self._colour(el.fill, item_context, w("fill"))))
        # One size for every line, so the list reads as a set: the largest at which all fit.
        pad = band * 0.08
        where = self._text_where(card, name, w, "{{ " + el.items + " }}", el.text)
        name = _said(el.about, name, "list")
        for label, _, _ in labels:
            self._check_glyphs(label, font, name, where)
        fits = [textfit.fit(label, font, el.size * self.s, (el.min_size or el.size) * self.s, bw - 2 * pad, band,
                            1.0, False, tracking) for label, _, _ in labels]
        size = min(f.size for f in fits)
        self._list_cut(el, name, [label for (label, _, _), f in zip(labels, fits, strict=True) if not f.fits], where)
        self._check_legible(size, el.size * self.s, el.size, el.legible_size, name, where, w("size"))
        ops: list[Op] = []
        top = y + bh
        for label, colour, fill in labels:
            band_y = top - band
            if fill:
                ops.append(ShapeOp("rect", x, band_y, bw, band, radius, fill, None, 0.0))
            fitted = textfit.fit(label, font, size, size, bw - 2 * pad, band, 1.0, False, tracking)
            ops.append(self._place(fitted, font, colour, el.align, "middle", 1.0, tracking,
                                   (x + pad, band_y, bw - 2 * pad, band)))
            top = band_y - gap
        return ops


def _six_digit(colour: str) -> str:
    """A colour as '#RRGGBB', the one form the emblems' art takes: any colour a shape takes ('white',
    '#FFF') is a symbol's colour too. One already in that form is kept as written."""
    if re.fullmatch(r"#[0-9A-Fa-f]{6}", colour):
        return colour
    value = parse_colour(colour)
    return "#" + "".join(f"{round(part * 255):02X}" for part in (value.red, value.green, value.blue))


def _said(about: str | None, name: str, kind: str) -> str:
    """An element as warnings say it: its `about`, else its kind and its name as its file writes it
    ("text 'card_name'", "text 'name' in the repeat 'houses'"). Each warning says 'the <name>',
    so an `about` written with its own 'the' ('the name in the card's corners') is not said
    'the the name ...'."""
    if not about:
        *repeats, own = name.split(".")
        return f"{kind} '{own}'" + "".join(f" in the repeat '{r}'" for r in reversed(repeats))
    return about[4:] if about.lower().startswith("the ") else about
