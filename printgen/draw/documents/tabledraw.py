"""A table layout drawn as operations: the table, every piece where it starts, labels and the
dimensions of the rules marked `show`, at a stated scale. Boards draw it (a `table` element),
rule sheets draw it (`![](table:NAME)`), and the geometry comes from printgen/model/tablelayout.py,
so the picture, the check (printgen/model/tablecheck.py) and the placement guide cannot disagree.
"""

from __future__ import annotations

import math

from printgen.draw.fonts import metrics, text_width
from printgen.draw.ops import Op, ShapeOp, SymbolOp, TextOp
from printgen.files.errors import UserError, Where
from printgen.files.units import pt
from printgen.model.tablecheck import checked_table
from printgen.model.tabletypes import Piece, Table

TABLE_FILL, TABLE_EDGE = "#EFE6D2", "#8A7A5A"
BACK_FILL, BACK_LINE = "#E6E0D2", "#5A5246"
FACE_FILL, COIN_FILL, INK = "#FFFDF8", "#F3EDE0", "#2B2B2B"
DIMENSION = "#B03A2E"
LABEL_GROUND = "#FFFFFF"


def deck_layout(resolver, name: str):
    """The deck's own layout (a board's resolver has the board's), for the pieces' sizes; or the
    board's, when it carries the table `name` as the build's plan checked it (Layout.tables)."""
    if resolver.layout.spec.components or name in resolver.layout.tables:
        return resolver.layout
    from printgen.model.layouts import load_layout

    return load_layout(resolver.deck.layout, resolver.deck)


class Drawing:
    """Table millimetres (y down) to page points inside a box, at one scale."""

    def __init__(self, area: tuple[float, float, float, float], ratio: float, box: tuple[float, float, float, float]):
        ax0, ay0, ax1, ay1 = area
        bx, by, bw, bh = box
        self.ratio = ratio
        self.ax0, self.ay0 = ax0, ay0
        self.left = bx + (bw - pt(ax1 - ax0) * ratio) / 2
        self.top = by + bh - (bh - pt(ay1 - ay0) * ratio) / 2

    def p(self, x: float, y: float) -> tuple[float, float]:
        return self.left + pt(x - self.ax0) * self.ratio, self.top - pt(y - self.ay0) * self.ratio

    def length(self, mm: float) -> float:
        return pt(mm) * self.ratio


def table_ops(resolver, el, w, box: tuple[float, float, float, float]) -> list[Op]:
    table = checked_table(resolver.deck, deck_layout(resolver, el.table), el.table, w("table"))
    return draw_table(table, resolver.fonts.pdf_name(el.font, w("font")), box, el.scale, el.area, el.margin,
                      el.dimensions, el.labels, w("scale"))


def area_of(table: Table, area: str, margin: float) -> tuple[float, float, float, float]:
    if area == "table":
        return 0.0, 0.0, table.width, table.height
    boxes = [p.box() for p in table.pieces]
    return (min(b[0] for b in boxes) - margin, min(b[1] for b in boxes) - margin,
            max(b[2] for b in boxes) + margin, max(b[3] for b in boxes) + margin)


def draw_table(table: Table, font: str, box, scale: float | None, area: str, margin: float, dimensions: bool,
               labels: str, where: Where | None = None) -> list[Op]:
    ax0, ay0, ax1, ay1 = area_of(table, area, margin)
    bw, bh = box[2], box[3]
    fit = min(bw / pt(ax1 - ax0), bh / pt(ay1 - ay0))
    ratio = scale if scale is not None else fit
    if ratio > fit * 1.001:
        raise UserError(f"at scale 1:{1 / ratio:g} the table layout '{table.name}' needs "
                        f"{(ax1 - ax0) * ratio:.0f} x {(ay1 - ay0) * ratio:.0f} mm, more than its box "
                        f"({bw / pt(1):.0f} x {bh / pt(1):.0f} mm)", where or Where(),
                        f"a smaller scale fits: 1:{math.ceil(1 / fit)}")
    d = Drawing((ax0, ay0, ax1, ay1), ratio, box)
    ops: list[Op] = []
    if area == "table":
        x, y = d.p(0, table.height)
        ops.append(ShapeOp("rect", x, y, d.length(table.width), d.length(table.height), d.length(8), TABLE_FILL,
                           TABLE_EDGE, 0.8))
    else:
        cx, cy = table.width / 2, table.height / 2
        arm = 12.0
        for (x0, y0), (x1, y1) in (((cx - arm, cy), (cx + arm, cy)), ((cx, cy - arm), (cx, cy + arm))):
            ops.append(_line(d, x0, y0, x1, y1, TABLE_EDGE, 0.6))
        ops.append(_text(d.p(cx, cy + arm + 4), "centre of the table", font, 7, TABLE_EDGE))
    stacked_under = {p.on for p in table.pieces if p.on}
    order = sorted(table.pieces, key=lambda p: (p.kind != "tile", p.on is not None))
    for piece in order:
        ops += _piece(d, piece, font, lift=piece.id in stacked_under)
    taken = [p.box() for p in table.pieces]       # what a dimension's words must not cover (table mm)
    if labels != "none":
        ops += _labels(d, table, font, labels, taken)
    if dimensions:
        ops += _dimensions(d, table, font, area, taken)
    return ops


def _line(d: Drawing, x0: float, y0: float, x1: float, y1: float, colour: str, width: float) -> ShapeOp:
    """A straight line between two table points (a 'line' shape runs from its box's top-left
    corner to its bottom-right one, or with a negative width from top-right to bottom-left)."""
    (px0, py0), (px1, py1) = d.p(x0, y0), d.p(x1, y1)
    if px0 > px1:
        (px0, py0), (px1, py1) = (px1, py1), (px0, py0)
    if py1 <= py0:
        return ShapeOp("line", px0, py1, px1 - px0, py0 - py1, 0.0, None, colour, width)
    return ShapeOp("line", px1, py0, px0 - px1, py1 - py0, 0.0, None, colour, width)


def _text(centre: tuple[float, float], text: str, font: str, size: float, colour: str) -> TextOp:
    m = metrics(font)
    width = text_width(text, font, size)
    baseline = centre[1] - (m.ascent - abs(m.descent)) * size / 2
    return TextOp(font, size, colour, 0.0, ((round(centre[0] - width / 2, 3), round(baseline, 3), text),))


def _suit(piece: Piece) -> tuple[str | None, str]:
    suit = piece.card.values.get("suit")
    return (suit.emblem, suit.colour) if suit is not None else (None, INK)


def _label(piece: Piece) -> str:
    value = piece.card.values.get("value")
    return value.label if value is not None and value.label is not None else ""


def _piece(d: Drawing, piece: Piece, font: str, lift: bool) -> list[Op]:
    x0, y0, x1, y1 = piece.box()
    if lift:       # the lower tile of a stack peeks out below and to the right
        shift = 0.9 / d.ratio
        x0, y0, x1, y1 = x0 + shift, y0 + shift, x1 + shift, y1 + shift
    px, py = d.p(x0, y1)
    w, h = d.length(x1 - x0), d.length(y1 - y0)
    emblem, colour = _suit(piece)
    ops: list[Op] = []
    if piece.enters:         # not on the table at the start: a dashed outline where it comes in
        dash = (max(0.8, w * 0.08), max(0.6, w * 0.06))
        ops.append(ShapeOp("ellipse" if piece.round else "rect", px, py, w, h, 0.0 if piece.round else w * 0.05,
                           None, colour, max(0.4, w * 0.025), dash))
        if emblem:
            s = w * 0.45
            ops.append(SymbolOp(emblem, "", colour, px + (w - s) / 2, py + (h - s) / 2, s, s))
        return ops
    if piece.round:
        ops.append(ShapeOp("ellipse", px, py, w, h, 0.0, COIN_FILL, INK, max(0.4, w * 0.02)))
        if piece.face == "down" and emblem:          # the suit side
            s = w * 0.62
            ops.append(SymbolOp(emblem, "", colour, px + (w - s) / 2, py + (h - s) / 2, s, s))
        else:
            ops.append(_text((px + w / 2, py + h / 2), _label(piece), font, h * 0.6, INK))
        return ops
    if piece.face == "down":
        ops.append(ShapeOp("rect", px, py, w, h, w * 0.05, BACK_FILL, BACK_LINE, max(0.4, w * 0.012)))
        bar = max(0.3, w * 0.016)
        ops.append(ShapeOp("rect", px + w * 0.04, py + h / 2 - bar / 2, w * 0.92, bar, 0.0, BACK_LINE, None, 0.0))
        ops.append(ShapeOp("rect", px + w / 2 - bar / 2, py + h * 0.04, bar, h * 0.92, 0.0, BACK_LINE, None, 0.0))
        return ops
    ops.append(ShapeOp("rect", px, py, w, h, w * 0.05, FACE_FILL, colour, max(0.5, w * 0.014)))
    if emblem:
        s = w * 0.2
        ops.append(SymbolOp(emblem, "", colour, px + w * 0.07, py + h - w * 0.07 - s, s, s))
    ops.append(_text((px + w / 2, py + h / 2), _label(piece), font, h * 0.55, colour))
    return ops


def _labels(d: Drawing, table: Table, font: str, how: str, taken: list) -> list[Op]:
    """The names on the drawing; the box of each castle's name is added to `taken` (table mm)."""
    ops: list[Op] = []
    cx, cy = table.width / 2, table.height / 2
    size_of = lambda mm: max(5.5, min(14.0, d.length(mm)))  # noqa: E731 - type size from a table length
    if how == "short":
        for name, members in table.groups.items():
            if not name.endswith(" tower"):
                continue
            base = table.by_id()[members[0]]
            dx, dy = base.x - cx, base.y - cy
            length = math.hypot(dx, dy) or 1.0
            _, colour = _suit(base)
            text, size = name.removesuffix(" tower").upper(), size_of(8)
            half = (abs(dx) * text_width(text, font, size) / 2 + abs(dy) * size * 0.5) / length / 72 * 25.4 / d.ratio
            reach = base.w * 0.5 + 2.5 / d.ratio + half
            mx, my = base.x + dx / length * reach, base.y + dy / length * reach
            half_w, half_h = text_width(text, font, size) / 2 / 72 * 25.4 / d.ratio, size * 0.6 / 72 * 25.4 / d.ratio
            taken.append((mx - half_w, my - half_h, mx + half_w, my + half_h))
            ops.append(_text(d.p(mx, my), text, font, size, colour))
        return ops
    for piece in table.pieces:         # full: every piece named by the groups it belongs to
        if piece.on is not None:
            continue
        top = next((p for p in table.pieces if p.on == piece.id), None)
        names = [g for g, members in table.groups.items() if piece.id in members]
        title = " / ".join(names) or (piece.label or (top.label if top else None) or piece.kind).capitalize()
        if piece.round:
            ops += _coin_label(d, table, piece, [(title, size_of(3.2))] + ([(piece.enters, size_of(2.4))]
                                                                          if piece.enters else []), font)
            continue
        # what lies here in the deck's own words: "Suns 4 tile, face down"
        which = [(f"{top.name}, face {top.face}", 0.37), (f"on the {piece.name}, face {piece.face}", 0.44)] if top \
            else [(f"{piece.name}, face {piece.face}", 0.39)]
        for text, at, size in [(title, 0.27, size_of(3.4))] + [(t, a, size_of(2.4)) for t, a in which]:
            width, height = text_width(text, font, size) + 3, size * 1.2
            x, y = d.p(piece.x, piece.y + piece.h * at)
            ops.append(ShapeOp("rect", x - width / 2, y - height / 2, width, height, 1.0, LABEL_GROUND, None, 0.0))
            ops.append(_text((x, y), text, font, size, BACK_LINE))
    return ops


def _coin_label(d: Drawing, table: Table, piece: Piece, lines: list[tuple[str, float]], font: str) -> list[Op]:
    """Lines of words under a coin, or over it when a piece lies where they would go."""
    mm = lambda points: points / 72 * 25.4 / d.ratio  # noqa: E731 - page points to table mm
    heights = [mm(size * 1.25) for _, size in lines]
    width = max(mm(text_width(text, font, size)) for text, size in lines)
    total = sum(heights) + 1.5

    def clear(top: float) -> bool:
        box = (piece.x - width / 2, top, piece.x + width / 2, top + total)
        return all(other is piece or box[2] <= other.box()[0] or other.box()[2] <= box[0] or
                   box[3] <= other.box()[1] or other.box()[3] <= box[1] for other in table.pieces)

    below = piece.y + piece.h / 2 + 1.5
    top = below if clear(below) else piece.y - piece.h / 2 - total
    ops: list[Op] = []
    for (text, size), height in zip(lines, heights):
        ops.append(_text(d.p(piece.x, top + height / 2), text, font, size, INK))
        top += height
    return ops


def _closest(a: Piece, b: Piece) -> tuple[tuple[float, float], tuple[float, float]]:
    """The ends of the shortest line between two tiles' edges (for a dimension): level across a
    gap between tiles side by side, upright between tiles one above the other."""
    ax0, ay0, ax1, ay1 = a.box()
    bx0, by0, bx1, by1 = b.box()
    across, down = max(bx0 - ax1, ax0 - bx1), max(by0 - ay1, ay0 - by1)
    if across > down:
        lo, hi = max(ay0, by0), min(ay1, by1)
        y = (lo + hi) / 2 if hi - lo > 5 else b.y
        return ((ax1, y), (bx0, y)) if ax1 <= bx0 else ((bx1, y), (ax0, y))
    lo, hi = max(ax0, bx0), min(ax1, bx1)
    x = (lo + hi) / 2 if hi - lo > 5 else b.x
    return ((x, ay1), (x, by0)) if ay1 <= by0 else ((x, by1), (x, ay0))


def _dimensions(d: Drawing, table: Table, font: str, area: str, taken: list) -> list[Op]:
    from printgen.model.tablecheck import set_distance

    ops: list[Op] = []
    tile = table.lengths.get("tile")
    size = max(6.5, min(9.0, d.length(3.5)))
    for rule in table.rules:
        if not rule.show or rule.kind != "gap":
            continue
        _, a, b = set_distance(table, rule.sets[0], rule.sets[1] if len(rule.sets) > 1 else None, rule.where)
        ops += _dimension(d, *_closest(a, b), font, size, tile, taken=taken)
    if area == "table":
        nearest = max(table.pieces, key=lambda p: (p.box()[3], -p.x))
        x, low = nearest.box()[2], nearest.box()[3]
        moved = True
        while moved:           # beside the words and pieces below the nearest piece, not through them
            moved = False
            for x0, y0, x1, y1 in taken:
                if x0 - 0.5 <= x <= x1 + 0.5 and y1 > low and y0 < table.height:
                    x, moved = x1 + 2.0 / d.ratio, True
        ops += _dimension(d, (x, low), (x, table.height), font, size, tile,
                          f"{table.height - low:.1f} mm to the edge", taken)
        ops += _dimension(d, (0, table.height * 0.04), (table.width, table.height * 0.04), font, size, None,
                          f"{table.width:.1f} mm ({table.width / 25.4:g} in) square table")
    return ops


def _dimension(d: Drawing, start, end, font: str, size: float, tile: float | None, text: str | None = None,
               taken: list | None = None) -> list[Op]:
    """A measured line with its words in a white box: above a level line (below it if a piece or
    a name lies above), beside an upright one (right, else left). The words' box joins `taken`."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 0.5:
        return []
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    tick = 2.2 / d.ratio
    ops: list[Op] = [_line(d, x0, y0, x1, y1, DIMENSION, 0.6)]
    for x, y in (start, end):
        ops.append(_line(d, x - nx * tick, y - ny * tick, x + nx * tick, y + ny * tick, DIMENSION, 0.6))
    if text is None:
        text = f"{length:.1f} mm"
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    width = text_width(text, font, size) / 72 * 25.4 / d.ratio        # table mm
    height = size * 1.1 / 72 * 25.4 / d.ratio
    if abs(uy) > 0.7:       # an upright dimension: its words beside it, reading across
        spots = [(mx + 1.5 / d.ratio + width / 2, my), (mx - 1.5 / d.ratio - width / 2, my)]
    else:                   # a level one: its words above it, or below, moved off any piece in the way
        near = 1.2 / d.ratio + height / 2
        spots = [(mx, my + sign * (near + k * height)) for k in range(0, 4) for sign in (-1, 1)]   # not far off

    def covered(spot: tuple[float, float]) -> float:
        x0, y0, x1, y1 = spot[0] - width / 2, spot[1] - height / 2, spot[0] + width / 2, spot[1] + height / 2
        return sum(max(0.0, min(x1, b[2]) - max(x0, b[0])) * max(0.0, min(y1, b[3]) - max(y0, b[1]))
                   for b in taken or ())
    clear = [spot for spot in spots if covered(spot) == 0.0]
    cx, cy = clear[0] if clear else min(spots[:2], key=covered)     # the nearest clear, else the least covered
    if abs(cy - my) > near + 1e-6 if abs(uy) <= 0.7 else False:     # moved away: a thin leader to the line
        ops.append(_line(d, mx, my, mx, cy + (height / 2 if cy < my else -height / 2), DIMENSION, 0.3))
    if taken is not None:
        taken.append((cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2))
    px, py = d.p(cx - width / 2 - 0.6 / d.ratio, cy + height / 2)
    ops.append(ShapeOp("rect", px, py, d.length(width + 1.2 / d.ratio), d.length(height), 0.0, LABEL_GROUND, None, 0.0))
    ops.append(_text(d.p(cx, cy), text, font, size, DIMENSION))
    return ops


def table_flowable(deck, layout, name: str, font: str, where: Where | None = None):
    """A rule sheet's picture of a table layout (`![](table:NAME)`): as wide as the column,
    with its dimensions and its scale written under it."""
    from reportlab.platypus import Flowable

    from printgen.draw.paint import draw_ops

    table = checked_table(deck, layout if layout.spec.components else _layout_of(deck), name, where)

    later = sorted({f"dashed {p.label or p.kind}: {p.enters}" for p in table.pieces if p.enters})
    caption_lines = 1 + len(later)

    class TablePicture(Flowable):
        def wrap(self, available_width, available_height):
            room = min(available_width, max(available_height - 2 - 10 * caption_lines, 40.0))
            # a whole-number scale (1:10, not 1:9.65), so the caption states exactly what is drawn
            self.denominator = math.ceil(pt(max(table.width, table.height)) / room - 1e-9)
            self.ratio = 1 / self.denominator
            self.side = pt(max(table.width, table.height)) * self.ratio
            self.available = available_width
            return available_width, self.side + 10 * caption_lines + 2

        def draw(self):
            left = (self.available - self.side) / 2
            below = 10 * caption_lines
            ops = draw_table(table, font, (left, below, self.side, self.side), self.ratio, "table", 0.0, True, "short")
            draw_ops(self.canv, ops)
            self.canv.setFont(font, 7)
            self.canv.setFillColorRGB(0.35, 0.35, 0.35)
            lines = [f"{table.title}: the table at 1:{self.denominator}, lengths in mm"] + later
            for number, line in enumerate(lines):
                self.canv.drawCentredString(self.available / 2, below - 8 - 9 * number, line)

    picture = TablePicture()
    picture.spaceBefore, picture.spaceAfter = 3, 6
    return picture


def _layout_of(deck):
    from printgen.model.layouts import load_layout

    return load_layout(deck.layout, deck)
