"""Boards and mats at true scale, tiled over several sheets when larger than the paper.

A board is drawn once as a PDF form and each sheet shows a window onto it. Neighbouring
windows share an overlap strip carrying registration crosses printed on both sheets, so the
tiles can be trimmed, laid over each other and lined up by eye. Lengths in mm.

A board is for a table: at most MAX_SIDE mm a side, with an overlap of MIN_OVERLAP to
MAX_OVERLAP mm when it is tiled (the crosses need room), so a slip of a digit cannot ask for
ten thousand sheets.

`copies: N` prints a board N times (a quick reference for each player): a board smaller than the
paper goes several to a sheet, as many as fit, COPY_GAP mm apart, each cut out along its own
marks, rather than one to a sheet with most of the paper wasted; a tiled board's sheets are
printed again for each copy.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.draw.fonts import FontSet, draw_string
from printgen.draw.ops import Op
from printgen.draw.paint import draw_ops
from printgen.draw.pdfcanvas import finish, new_canvas, set_boxes
from printgen.draw.sheets import marks
from printgen.files.errors import UserError, Warning_, Where
from printgen.files.units import pt
from printgen.model.context import document_context
from printgen.model.deck import Deck, Layout, element_property

if TYPE_CHECKING:
    from printgen.files.schema import BoardFile

BAND = 12.0        # mm at the top of a tiled sheet for its name and the map of tiles
CROSS = 2.5        # mm, half the size of a registration cross
MAX_SIDE = 2000.0  # mm: the largest table a board is printed for
MIN_OVERLAP = 2 * CROSS
MAX_OVERLAP = 50.0
COPY_GAP = 5.0     # mm between copies of a small board on one sheet: each has its own cut lines


@dataclass(frozen=True)
class Tile:
    column: int
    row: int
    x0: float      # window on the board, mm from the board's top-left
    y0: float
    x1: float
    y1: float

    @property
    def name(self) -> str:
        return f"{chr(ord('A') + self.row)}{self.column + 1}"


@dataclass
class Board:
    pdf: bytes
    size: tuple[float, float]
    paper: tuple[float, float]
    tiles: list[Tile]
    columns: int
    rows: int
    # what drawing it warned about (a heading cut off), for the build to say as it says a card's
    warnings: list[Warning_] = field(default_factory=list)


def load_board(path: Path, within: Path | None = None):
    """A board file, read only from inside `within` (the deck's folder; its own folder if None)."""
    from printgen.files.deckfiles import DECK_FOLDER
    from printgen.files.schema import BoardFile
    from printgen.files.schema_errors import load_file

    return load_file(path, BoardFile, "in a board", within=within, kind="board",
                     place=DECK_FOLDER if within is not None else None)


def checked_board(path: Path, within: Path | None = None) -> tuple[Any, Any, tuple[Any, Any, Any]]:
    """A board file read and checked (load_board), with the settings its face is drawn with (its
    size, its elements as a layout's face, no bleed): what a build's plan keeps of each board
    (printgen/draw/build.py), so that a board from the cache of checked decks, kept as plain
    records, is drawn without pydantic, which the pool's parent then need not import."""
    from printgen.files.schema import Imposition, LayoutFile, Size

    spec, located = load_board(path, within)
    return spec, located, (Size(width=spec.size.width, height=spec.size.height), LayoutFile(face=spec.elements),
                           Imposition(bleed=0, safe=0))


def plan_tiles(board: tuple[float, float], paper: tuple[float, float], margin: float,
               overlap: float) -> tuple[tuple[float, float], list[Tile], int, int]:
    """The paper orientation needing fewest sheets, and the windows of each sheet."""
    W, H = board
    if W <= paper[0] - 2 * margin and H <= paper[1] - 2 * margin:
        return paper, [Tile(0, 0, 0.0, 0.0, W, H)], 1, 1
    if W <= paper[1] - 2 * margin and H <= paper[0] - 2 * margin:
        return (paper[1], paper[0]), [Tile(0, 0, 0.0, 0.0, W, H)], 1, 1
    best = None
    for pw, ph in (paper, (paper[1], paper[0])):
        uw, uh = pw - 2 * margin, ph - 2 * margin - BAND
        if uw <= overlap or uh <= overlap:
            continue
        nx = max(1, math.ceil((W - overlap) / (uw - overlap)))
        ny = max(1, math.ceil((H - overlap) / (uh - overlap)))
        if best is None or nx * ny < best[0]:
            best = (nx * ny, (pw, ph), uw, uh, nx, ny)
    if best is None:
        raise UserError(f"the overlap of {overlap:g} mm is too large for this paper",
                        hint=f"an overlap of {MIN_OVERLAP:g} to {MAX_OVERLAP:g} mm (10 mm is usual)")
    _, sheet, uw, uh, nx, ny = best
    # Share the board evenly: every sheet shows a window of the same size.
    ww, wh = (W + (nx - 1) * overlap) / nx, (H + (ny - 1) * overlap) / ny
    tiles = []
    for row in range(ny):
        for column in range(nx):
            x0, y0 = column * (ww - overlap), row * (wh - overlap)
            tiles.append(Tile(column, row, round(x0, 4), round(y0, 4), round(min(W, x0 + ww), 4),
                              round(min(H, y0 + wh), 4)))
    return sheet, tiles, nx, ny


@dataclass(frozen=True)
class CopyPlan:
    """Copies of a board that fits one sheet: the paper orientation, the grid of places on a sheet
    (columns x rows) and how many sheets the copies take."""

    sheet: tuple[float, float]
    columns: int
    rows: int
    sheets: int

    def places(self, board: tuple[float, float], count: int) -> list[tuple[float, float]]:
        """Top-left corners (mm from the sheet's bottom-left, y up: the copy's top edge) of `count`
        copies on one sheet, filled row by row, the block of them centred on the paper."""
        W, H = board
        pw, ph = self.sheet
        used_columns = min(self.columns, count)
        used_rows = -(-count // self.columns)
        left = (pw - used_columns * W - (used_columns - 1) * COPY_GAP) / 2
        top = (ph + used_rows * H + (used_rows - 1) * COPY_GAP) / 2
        return [(left + (k % self.columns) * (W + COPY_GAP), top - (k // self.columns) * (H + COPY_GAP))
                for k in range(count)]


def plan_copies(board: tuple[float, float], paper: tuple[float, float], margin: float, copies: int) -> CopyPlan | None:
    """How `copies` copies of a board go on sheets of paper: the orientation needing fewest sheets
    (upright first when equal), as many a sheet as fit within the margins. None when the board
    does not fit one sheet (it is tiled instead)."""
    W, H = board
    best = None
    for pw, ph in (paper, (paper[1], paper[0])):
        columns = int((pw - 2 * margin + COPY_GAP + 1e-6) // (W + COPY_GAP))
        rows = int((ph - 2 * margin + COPY_GAP + 1e-6) // (H + COPY_GAP))
        if columns < 1 or rows < 1:
            continue
        sheets = -(-copies // (columns * rows))
        if best is None or sheets < best.sheets:
            best = CopyPlan((pw, ph), columns, rows, sheets)
    return best


def check_board(spec: BoardFile, located, paper: tuple[float, float], margin: float) -> None:
    """Refuse a board no table holds, and an overlap the tiles cannot be joined with."""
    for side in ("width", "height"):
        value = getattr(spec.size, side)
        if not 0 < value <= MAX_SIDE:
            raise UserError(f"the board's {side} is {value:g} mm; it must be more than 0 and at most {MAX_SIDE:g} mm "
                            f"({MAX_SIDE / 1000:g} m)", located.where(("size", side), field=f"size.{side}"),
                            "sizes are in mm unless a unit is given, e.g. 420 or '16.5in'")
    W, H = spec.size.width, spec.size.height
    tiled = not ((W <= paper[0] - 2 * margin and H <= paper[1] - 2 * margin)
                 or (W <= paper[1] - 2 * margin and H <= paper[0] - 2 * margin))
    low = MIN_OVERLAP if tiled else 0.0
    if not low <= spec.overlap <= MAX_OVERLAP:
        why = " (the board is larger than the paper, so its sheets must overlap for the crosses)" \
            if tiled and spec.overlap < low else ""
        raise UserError(f"the overlap is {spec.overlap:g} mm; it must be {low:g} to {MAX_OVERLAP:g} mm{why}",
                        located.where(("overlap",), field="overlap"), "10 mm is usual")


def render_board(deck: Deck, layout: Layout, path: Path, checked: tuple[Any, Any, Any] | None = None) -> Board:
    """A board's PDF; `checked`: its file as checked_board gave it (a plan's), else read now."""
    spec, located, face = checked or checked_board(path, deck.folder)
    W, H = spec.size.width, spec.size.height
    paper = (layout.paper.width, layout.paper.height)
    margin = layout.imposition.margin
    check_board(spec, located, paper, margin)
    fonts = FontSet(layout.fonts)
    warnings: list[Warning_] = []
    ops = _resolve(deck, layout, spec, located, face, fonts, warnings.append)
    try:
        sheet, tiles, nx, ny = plan_tiles((W, H), paper, margin, spec.overlap)
    except UserError as error:
        error.where = located.where(("overlap",), field="overlap")
        raise
    plan = plan_copies((W, H), paper, margin, spec.copies) if spec.copies > 1 and len(tiles) == 1 else None
    try:
        drawn = _draw_copies(spec, ops, fonts, (W, H), plan, tiles) if plan is not None \
            else _draw(spec, ops, fonts, (W, H), sheet, tiles, margin, nx, ny)
    except (UserError, MemoryError, KeyboardInterrupt):
        raise
    except Exception as exc:    # ReportLab failing on something the checks above did not foresee
        text = str(exc).strip().splitlines()[0][:160] if str(exc).strip() else type(exc).__name__
        raise UserError(f"this board could not be drawn: {text}", Where(path),
                        "simplify what was last changed in this file") from None
    drawn.warnings.extend(warnings)
    return drawn


def _draw(spec: BoardFile, ops, fonts: FontSet, board: tuple[float, float], sheet, tiles: list[Tile], margin: float,
          nx: int, ny: int) -> Board:
    W, H = board
    canvas = new_canvas(sheet, fonts.default(), spec.title, f"{W:g} x {H:g} mm, {len(tiles)} sheet(s)")
    _begin(canvas, spec, ops, board)
    font = fonts.default()
    printed = [t for t in tiles if not (spec.skip_blank and len(tiles) > 1 and _blank(t, ops, H))]
    for copy in range(spec.copies):          # a tiled board (or one copy): its sheets again for each copy
        for tile in printed:
            _sheet(canvas, spec, tile, tiles, (W, H), sheet, margin, nx, ny, font, printed,
                   f", copy {copy + 1} of {spec.copies}" if spec.copies > 1 else "")
            canvas.showPage()
    return Board(finish(canvas), (W, H), sheet, printed, nx, ny)


def _begin(canvas, spec: BoardFile, ops, board: tuple[float, float]) -> None:
    """The board drawn once, as the form every sheet shows a window onto (or several copies of)."""
    W, H = board
    canvas.beginForm("board", 0, 0, pt(W), pt(H))
    if spec.background:
        from printgen.files.colours import parse_colour

        canvas.setFillColor(parse_colour(spec.background))
        canvas.rect(0, 0, pt(W), pt(H), stroke=0, fill=1)
    draw_ops(canvas, ops)
    canvas.endForm()


def _draw_copies(spec: BoardFile, ops, fonts: FontSet, board: tuple[float, float], plan: CopyPlan,
                 tiles: list[Tile]) -> Board:
    """`spec.copies` copies of a board smaller than the paper, as many to a sheet as fit. Cut marks
    run along every copy's edges beyond the block of copies, so the sheet is cut apart with
    straight cuts across it; the TrimBox is the block's outline."""
    W, H = board
    canvas = new_canvas(plan.sheet, fonts.default(), spec.title,
                        f"{W:g} x {H:g} mm, {spec.copies} copies on {plan.sheets} sheet(s)")
    _begin(canvas, spec, ops, board)
    per_sheet = plan.columns * plan.rows
    left = spec.copies
    while left:
        count = min(left, per_sheet)
        left -= count
        trims = [(x, top - H, x + W, top) for x, top in plan.places(board, count)]
        for x0, y0, _, _ in trims:
            canvas.saveState()
            clip = canvas.beginPath()
            clip.rect(pt(x0), pt(y0), pt(W), pt(H))
            canvas.clipPath(clip, stroke=0, fill=0)
            canvas.translate(pt(x0), pt(y0))
            canvas.doForm("board")
            canvas.restoreState()
        block = (min(t[0] for t in trims), min(t[1] for t in trims), max(t[2] for t in trims), max(t[3] for t in trims))
        set_boxes(canvas, block, block)
        marks.crop_marks(canvas, trims, block, 4.0, 1.0, 0.2, plan.sheet)
        canvas.showPage()
    return Board(finish(canvas), board, plan.sheet, tiles, 1, 1)


def _blank(tile: Tile, ops, H: float) -> bool:
    """Whether nothing drawn on the board (but its background) falls inside a tile's window."""
    from printgen.draw.ops import ShapeOp, SymbolOp, TextOp, TurnOp

    def boxes(items):
        for op in items:
            if isinstance(op, (ShapeOp, SymbolOp)):
                yield op.x, op.y, op.x + op.w, op.y + op.h
            elif isinstance(op, TextOp):
                from printgen.draw.fonts import text_width

                for x, y, line in op.lines:
                    yield x, y - op.size, x + text_width(line, op.font, op.size, op.tracking), y + op.size
            elif isinstance(op, TurnOp):
                yield from boxes(op.ops)
            else:
                yield op.x, op.y, op.x + op.w, op.y + op.h

    x0, x1 = pt(tile.x0), pt(tile.x1)
    y0, y1 = pt(H - tile.y1), pt(H - tile.y0)
    return not any(min(a, c) < x1 and max(a, c) > x0 and min(b, d) < y1 and max(b, d) > y0 for a, b, c, d in boxes(ops))


def resolve_board(deck: Deck, layout: Layout, path: Path) -> tuple[Op, ...]:
    """A board file's drawing operations, before any sheet is planned: what the board draws,
    whatever paper it is printed on (tests/drawing_pins.py pins each shipped board by them)."""
    spec, located, face = checked_board(path, deck.folder)
    return _resolve(deck, layout, spec, located, face, FontSet(layout.fonts))


def _resolve(deck: Deck, layout: Layout, spec: BoardFile, located, face: tuple[Any, Any, Any], fonts: FontSet,
             warn: Callable[[Warning_], None] = lambda warning: None):
    """The board's elements drawn as a layout's face is (template.Resolver), with each element's
    and each property's line in the board file for a mistake (a `text:` line, not the element's
    first), and what the resolver warns about (a heading cut off) given to `warn`."""
    from printgen.draw.documents.board_bounds import bounds_resolver, off_board

    size, face_layout, imposition = face
    board_layout = Layout(
        name=spec.title, spec=face_layout, card_size="board", card=size, design=size,
        paper_name=layout.paper_name, paper=layout.paper, imposition=imposition,
        fonts=layout.fonts, card_sizes=layout.card_sizes, tables=layout.tables,
        element_where={("face", name): Where(located.file, located.line_of(("elements", name)),
                                             field=f"elements.{name}")
                       for name in spec.elements},
        property_lines=_property_lines(located))
    resolver = bounds_resolver(deck, board_layout, fonts, warn)
    ops = resolver.resolve("face", {"deck": document_context(deck)})
    for warning in off_board(resolver.boxes, (spec.size.width, spec.size.height),
                             lambda name: board_layout.element_where.get(("face", name), Where(located.file))):
        warn(warning)
    return ops


def _property_lines(located) -> dict[tuple[str, str, str], tuple[Path, int]]:
    """Each element property's line in the board file (a repeat's children's too), keyed as the
    resolver asks for it (Layout.property_lines): a card layout's face is a board's `elements`."""
    found: dict[tuple[str, str, str], tuple[Path, int]] = {}
    for path, line in located.lines.items():
        named = element_property(path[1:]) if len(path) >= 3 and path[0] == "elements" else None
        if named is not None and line is not None:
            found[("face", named[0], named[1])] = (located.file, line)
    return found


def _sheet(canvas, spec: BoardFile, tile: Tile, tiles: list[Tile], board, sheet, margin: float, nx: int, ny: int,
           font: str, printed: list[Tile] | None = None, copy: str = "") -> None:
    W, H = board
    pw, ph = sheet
    single = len(tiles) == 1
    if single:
        left, top = (pw - W) / 2, (ph + H) / 2
    else:   # the window centred in the space below the band
        ww, wh = tile.x1 - tile.x0, tile.y1 - tile.y0
        left = margin + (pw - 2 * margin - ww) / 2 - tile.x0
        top = ph - margin - BAND - (ph - 2 * margin - BAND - wh) / 2 + tile.y0
    # Page position of the window.
    wx0, wx1 = left + tile.x0, left + tile.x1
    wy1, wy0 = top - tile.y0, top - tile.y1
    set_boxes(canvas, (wx0, wy0, wx1, wy1), (wx0, wy0, wx1, wy1))
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(pt(wx0), pt(wy0), pt(wx1 - wx0), pt(wy1 - wy0))
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.translate(pt(left), pt(top - H))
    canvas.doForm("board")
    for x, y in _crosses(tiles, spec.overlap):
        # Only the crosses this window shows: drawing every tile's would cost tiles squared.
        if tile.x0 - CROSS <= x <= tile.x1 + CROSS and tile.y0 - CROSS <= y <= tile.y1 + CROSS:
            _cross(canvas, x, H - y)
    canvas.restoreState()
    # Cut marks: the board's own edges, and the edges of this window that go under a neighbour.
    edges_x = [v for v, keep in ((wx0, tile.x0 == 0 or not single), (wx1, tile.x1 >= W - 1e-6)) if keep]
    edges_y = [v for v, keep in ((wy1, True), (wy0, tile.y1 >= H - 1e-6)) if keep]
    trims = [(min(edges_x), min(edges_y), max(edges_x), max(edges_y))]
    marks.crop_marks(canvas, trims, (wx0, wy0, wx1, wy1), 4.0, 1.0, 0.2, (pw, ph))
    if not single:
        _band(canvas, spec, tile, nx, ny, margin, pw, ph, font, printed, copy)


def _crosses(tiles: list[Tile], overlap: float) -> list[tuple[float, float]]:
    """Board points (mm from top-left) in the middle of every overlap strip, a quarter and
    three quarters along it: printed on both tiles, they line up when the tiles do."""
    points = []
    for tile in tiles:
        right = [t for t in tiles if t.row == tile.row and t.column == tile.column + 1]
        below = [t for t in tiles if t.column == tile.column and t.row == tile.row + 1]
        if right:
            x = right[0].x0 + overlap / 2
            points += [(x, tile.y0 + (tile.y1 - tile.y0) * f) for f in (0.25, 0.75)]
        if below:
            y = below[0].y0 + overlap / 2
            points += [(tile.x0 + (tile.x1 - tile.x0) * f, y) for f in (0.25, 0.75)]
    return points


def _cross(canvas, x: float, y: float) -> None:
    canvas.saveState()
    canvas.setLineWidth(pt(0.2))
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.circle(pt(x), pt(y), pt(CROSS * 0.6), stroke=1, fill=0)
    canvas.line(pt(x - CROSS), pt(y), pt(x + CROSS), pt(y))
    canvas.line(pt(x), pt(y - CROSS), pt(x), pt(y + CROSS))
    canvas.restoreState()


def _band(canvas, spec: BoardFile, tile: Tile, nx: int, ny: int, margin: float, pw: float, ph: float, font: str,
          printed: list[Tile] | None = None, copy: str = "") -> None:
    """Which tile this is, how to join it, and a small map of all tiles with this one filled."""
    top = ph - margin
    cell = min(4.0, (BAND - 3) / ny)
    map_w = nx * cell
    canvas.saveState()
    canvas.setLineWidth(pt(0.25))
    for row in range(ny):
        for column in range(nx):
            x = pw - margin - map_w + column * cell
            y = top - (row + 1) * cell - 1
            left_out = printed is not None and all((t.row, t.column) != (row, column) for t in printed)
            if left_out:        # a blank sheet not printed: no square on the map
                continue
            canvas.setFillGray(0.25 if (row, column) == (tile.row, tile.column) else 1.0)
            canvas.rect(pt(x), pt(y), pt(cell), pt(cell), stroke=1, fill=1)
    canvas.setFillGray(0.1)
    canvas.setFont(font, 9)
    draw_string(canvas, pt(margin), pt(top - 4.5),
                f"{spec.title}: sheet {tile.name} (column {tile.column + 1} of {nx}, row {tile.row + 1} of {ny}){copy}",
                font, 9)
    canvas.setFont(font, 7)
    canvas.setFillGray(0.35)
    canvas.drawString(pt(margin), pt(top - 8.5),
                      f"Trim along the short marks; lay each sheet over its left and upper neighbours so the "
                      f"crosses meet ({spec.overlap:g} mm overlap). Print at 100 %.")
    canvas.restoreState()
