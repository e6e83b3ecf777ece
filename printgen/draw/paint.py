"""Draw resolved operations on a ReportLab canvas."""

from __future__ import annotations

from collections.abc import Iterable

from printgen.draw.fonts import draw_string
from printgen.draw.ops import ImageOp, Op, ShapeOp, SymbolOp, TextOp, TurnOp
from printgen.files.colours import parse_colour


def draw_ops(canvas, ops: Iterable[Op]) -> None:
    for op in ops:
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
