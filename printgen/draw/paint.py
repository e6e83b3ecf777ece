"""Draw resolved operations on a ReportLab canvas."""

from __future__ import annotations

from collections.abc import Iterable

from printgen.draw.fonts import draw_string
from printgen.draw.ops import ImageOp, Op, ShapeOp, SymbolOp, TextOp, TurnOp
from printgen.files.colours import parse_colour


def draw_ops(canvas, ops: Iterable[Op]) -> None:
    drawn = _replays(canvas)
    for op in ops:
        if drawn is not None and _replayable(op):
            _replayed(canvas, op, drawn)
        else:
            _draw(canvas, op)


def _draw(canvas, op: Op) -> None:
    if isinstance(op, ShapeOp):
        _shape(canvas, op)
    elif isinstance(op, TextOp):
        _text(canvas, op)
    elif isinstance(op, ImageOp):
        _image(canvas, op)
    elif isinstance(op, SymbolOp):
        _symbol(canvas, op)
    elif isinstance(op, TurnOp):
        _turn(canvas, op)


def _replayable(op: Op) -> bool:
    """Anything but a picture (which the document embeds and each page lists by itself)."""
    if isinstance(op, TurnOp):
        return all(_replayable(inner) for inner in op.ops)
    return not isinstance(op, ImageOp)


# A shape, a line of text, a symbol or a turned group of them writes the same PDF operators
# wherever it is drawn: its coordinates are its own (the card is placed by the transformation
# before it) and it sets every colour, font and line width it uses. A deck repeats them (a house's
# band and emblem, the frame, a caption on every copy of a card), so the operators written the
# second time an operation is drawn are kept and written again as they are, instead of formatting
# every number anew; the symbols' forms it names are listed for the page as drawing them would.
# Kept per canvas, and only where that is exact: ReportLab's colour and font settings of a text
# apart, the operation must leave the drawing state as it found it (transparency, for one, is
# written only when it changes), add no colour separation to the page, and no press (--colour
# cmyk) may be converting colours on the way. An operation that sets a graphics state (a colour
# that lets what is under it show) is drawn anew each time: the state is named in its page's own
# resources. An operation drawn once so far is remembered by its hash alone, not kept: most of a
# deck's operations are a card's own text, drawn once, and keeping each of them to the end of the
# file held every card's drawing (issue 30: peak memory). Two operations with the same hash only
# make the second one's operators be noted after drawing it, which is exact either way.
_TEXT_STATE = ("_fontname", "_fontsize", "_leading", "_fillColorObj")   # what _text sets


def _replays(canvas) -> dict | None:
    drawn = canvas.__dict__.get("_printgen_drawn", False)
    if drawn is False:
        converted = getattr(canvas, "_printgen_press", None) is not None or \
            getattr(canvas, "_enforceColorSpace", None) is not None
        drawn = canvas.__dict__["_printgen_drawn"] = None if converted else {}
    return drawn


def _replayed(canvas, op: Op, drawn: dict) -> None:
    """Draw `op`, writing the operators kept from an earlier drawing of it where there are some."""
    ext = canvas._extgstate._d
    key = (op, tuple(ext.items())) if ext else op
    kept = drawn.get(key)
    if kept is not None:
        code, forms, state = kept
        canvas._code.extend(code)
        if forms:
            canvas._formsinuse.extend(forms)
        if state:
            canvas.__dict__.update(state)
        return
    seen, mark = drawn.setdefault(_SEEN, set()), hash(key)
    if mark not in seen:        # drawn once so far: a side's own name is never drawn again
        seen.add(mark)
        _draw(canvas, op)
        return
    d = canvas.__dict__
    before = [d[name] for name in canvas.STATE_ATTRIBUTES]
    ext_before, extgstate = dict(ext), canvas._extgstate
    page_code, page_forms = canvas._code, canvas._formsinuse
    start, forms_start = len(page_code), len(page_forms)
    _draw(canvas, op)
    sets = _TEXT_STATE if isinstance(op, TextOp) else ()
    same = all(d[name] is old for name, old in zip(canvas.STATE_ATTRIBUTES, before) if name not in sets)
    code = tuple(page_code[start:])
    # a graphics state (transparency) is named in its page's resources, page by page: never kept
    if same and canvas._extgstate is extgstate and extgstate._d == ext_before and not canvas._colorsUsed \
            and canvas._code is page_code and canvas._formsinuse is page_forms and not any(" gs" in c for c in code):
        drawn[key] = (code, tuple(page_forms[forms_start:]), {name: d[name] for name in sets})


_SEEN = object()     # the key in a canvas's `drawn` of the hashes of operations drawn once


def _turn(canvas, op: TurnOp) -> None:
    canvas.saveState()
    canvas.translate(op.cx, op.cy)
    canvas.rotate(op.angle)
    canvas.translate(-op.cx, -op.cy)
    draw_ops(canvas, op.ops)
    canvas.restoreState()


def _shape(canvas, op: ShapeOp) -> None:
    fill = op.fill is not None
    stroke = op.stroke is not None and op.stroke_width > 0
    if not fill and not stroke:
        return
    canvas.saveState()
    if fill:
        canvas.setFillColor(parse_colour(op.fill))
    if stroke:
        canvas.setStrokeColor(parse_colour(op.stroke))
        canvas.setLineWidth(op.stroke_width)
        if op.dash:
            canvas.setDash(list(op.dash))
    if op.shape == "line":
        canvas.line(op.x, op.y + op.h, op.x + op.w, op.y)
    elif op.shape == "ellipse":
        canvas.ellipse(op.x, op.y, op.x + op.w, op.y + op.h, stroke=int(stroke), fill=int(fill))
    elif op.radius > 0:
        canvas.roundRect(op.x, op.y, op.w, op.h, op.radius, stroke=int(stroke), fill=int(fill))
    else:
        canvas.rect(op.x, op.y, op.w, op.h, stroke=int(stroke), fill=int(fill))
    canvas.restoreState()


def _text(canvas, op: TextOp) -> None:
    canvas.setFont(op.font, op.size)
    canvas.setFillColor(parse_colour(op.colour))
    for x, y, line in op.lines:
        draw_string(canvas, x, y, line, op.font, op.size, op.tracking)


def _image(canvas, op: ImageOp) -> None:
    from printgen.draw.pictures import draw

    draw(canvas, op.picture, op.x, op.y, op.w, op.h, op.fit)


def _symbol(canvas, op: SymbolOp) -> None:
    """Each distinct symbol is drawn once per PDF, as a form that every card reuses: the same
    house emblem on a dozen cards, or the same pip on forty, costs one drawing and its bytes."""
    cache = canvas.__dict__.setdefault("_printgen_symbols", {})
    key = (op.motif, op.key, op.colour, round(op.w, 3), round(op.h, 3))
    name = cache.get(key)
    if name is None:
        from printgen.art.symbols import draw

        name = f"symbol{len(cache)}"
        canvas.beginForm(name, 0, 0, op.w, op.h)
        draw(canvas, op.motif, op.key, op.colour, 0, 0, op.w, op.h)
        canvas.endForm()
        cache[key] = name
    canvas.saveState()
    canvas.translate(op.x, op.y)
    canvas.doForm(name)
    canvas.restoreState()
