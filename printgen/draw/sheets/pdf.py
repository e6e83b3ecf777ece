"""The sheets PDF of a deck, cards or any other pieces: the one sheet pipeline run end to end.

    faces.resolve_faces      each piece's front, back and fill, checked
    model/placement.impose   each side of each piece on its page (a grid for cards, packed otherwise)
    write_pdf                every placement drawn (forms.Forms), each with its own side, so a page
                             may hold fronts and backs together; then the page's cut marks
                             (marks.cut_marks) and its ruler and words (margin), all from the
                             placements
    manifest                 where every piece went, from the same placements

A new way out of the desk (per-card images, a print shop's page order, a virtual table's sheet,
a gutter fold) is a new `Imposed` handed to `write_pdf`, or a new writer over the same faces and
placements, not a copy of these stages.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from printgen.draw.fonts import FontSet
from printgen.draw.pdfcanvas import finish, new_canvas, set_boxes
from printgen.draw.sheets import cutlines, folding, marks
from printgen.draw.sheets.faces import Faces, fill_of, resolve_faces
from printgen.draw.sheets.forms import Forms, guides
from printgen.draw.sheets.manifest import manifest, plural, summary
from printgen.draw.sheets.margin import no_ruler, no_steps, sheet_lines
from printgen.draw.template import Resolver
from printgen.files.errors import Warning_
from printgen.files.lean import lean_dataclass
from printgen.files.units import pt
from printgen.model.arrange import arrange
from printgen.model.deck import Card, Deck, Layout
from printgen.model.imposition import SheetPlan, Slot
from printgen.model.kinds import kind_layout, kind_of, uses_components
from printgen.model.placement import Imposed, Placement


@lean_dataclass
class Sheets:
    """A deck's sheets: the PDF, its manifest, and the faces and placements both were made from."""

    pdf: bytes
    manifest: dict[str, Any]
    warnings: list[Warning_]
    faces: Faces
    imposed: Imposed

    @property
    def plan(self) -> SheetPlan | None:
        """The grid of a deck of cards; None for pieces packed sheet by sheet."""
        return self.imposed.grid

    @property
    def sheets(self) -> int:
        return self.imposed.sheets

    def summary(self, deck: Deck, layout: Layout) -> str:
        """The build's line for these sheets (manifest.summary; folding.summary for other impositions)."""
        if self.imposed.style != "sheets":
            return folding.summary(deck, layout, self.faces, self.imposed)
        return summary(deck, layout, self.faces, self.imposed)


def render_sheets(deck: Deck, layout: Layout, duplex: str, offset: tuple[float, float],
                  faces: Faces | None = None, tick: Callable[[], None] | None = None, *,
                  imposition: str = "sheets", crop: str = "marks", order: str = "back-first",
                  spend: bool = False) -> Sheets:
    """The PDF of every piece on its sheets with its marks, and the manifest; `tick` once a piece.
    `imposition`, `crop` and `order` choose the pages (model/arrange.py). With `spend`, each side's
    operations are let go once drawn (Faces.let_go): the returned faces keep their kinds, fills
    and warnings but no longer their drawings."""
    faces = faces or resolve_faces(deck, layout)
    imposed = arrange(deck, layout, faces.kinds, duplex, offset, imposition, crop, order)
    pdf, warnings = write_pdf(deck, layout, faces, imposed, tick, spend=spend)
    return Sheets(pdf, manifest(deck, layout, faces, imposed), warnings, faces, imposed)


def write_pdf(deck: Deck, layout: Layout, faces: Faces, imposed: Imposed,
              tick: Callable[[], None] | None = None, *, spend: bool = False) -> tuple[bytes, list[Warning_]]:
    """Any imposition's pages as one PDF: each placement drawn with its own side, the page's cut
    marks, its ruler and its words; with the faces' warnings and those of margins with no room.
    With `spend`, each side is let go once drawn for the last time (render_sheets)."""
    imp = layout.imposition
    font = faces.fonts.default()
    canvas = new_canvas(imposed.paper, font, f"{deck.title}: {imposed.noun}",
                        f"{_contents(deck, layout, faces, imposed)}, {layout.paper_name}, duplex {imposed.duplex}")
    forms = Forms(canvas, "side" if imposed.grid is not None else "piece", _repeated(faces, imposed))
    left = Counter((p.piece, p.side) for page in imposed.pages for p in page.placements) if spend else None
    no_room = unsaid = 0                # sheets with no room for the ruler; pages with none for their words
    free: dict[tuple, list[marks.Region]] = {}      # the margin's free strips of each frame
    for page in imposed.pages:
        if page.size is not None:
            canvas.setPageSize((pt(page.size[0]), pt(page.size[1])))
        set_boxes(canvas, page.trim_box, page.bleed_box)
        for placement in page.placements:
            draw_placement(forms, faces, placement)
            if left is not None:
                left[placement.piece, placement.side] -= 1
                if not left[placement.piece, placement.side]:
                    faces.let_go(placement.piece, placement.side)
            if tick and placement.side == "front":
                tick()
        if page.size is not None:       # a page cut to its piece (model/single.py): the piece as preview draws it
            if imposed.grid is None:
                cutlines.piece_guides(canvas, page, faces.kinds)
            canvas.showPage()
            continue
        if imposed.crop == "marks":
            marks.cut_marks(canvas, imp, imposed, page, faces.kinds)
        elif imposed.grid is None:
            cutlines.piece_guides(canvas, page, faces.kinds)
        folding.fold_line(canvas, imp, imposed, page)
        frame = (page.frame, page.frame_bleed)      # every full sheet of a grid has the same frame
        if frame not in free:
            free[frame] = marks.free_strips(page.frame, page.frame_bleed, imposed.paper, imp.margin,
                                            imp.crop_marks.length, imp.crop_marks.offset)
        strips = list(free[frame])
        if imposed.style == "gutter-fold":
            lines = folding.gutter_lines(deck, layout, imposed, page.sheet)
        else:
            lines = sheet_lines(deck, layout, page.side, page.sheet, imposed.sheets, imposed.duplex, imposed.offset)
        fitted = marks.sheet_marks(canvas, strips, imposed.paper, imp.ruler if page.physical else 0.0, font, lines)
        if imposed.crop == "lines":
            cutlines.cut_lines(canvas, imp, imposed, page, faces.kinds, fitted.used)
        no_room += not fitted.ruler
        unsaid += not fitted.lines
        canvas.showPage()
    warnings = list(faces.warnings)
    if no_room:
        warnings.append(no_ruler(deck, imp.ruler, no_room, imposed.sheets, imposed.noun))
    if unsaid and imposed.duplex == "none" and imposed.style == "sheets":
        warnings.append(no_steps(deck, unsaid, 2 * imposed.sheets, imposed.noun))
    return finish(canvas), warnings


def _repeated(faces: Faces, imposed: Imposed) -> Counter[tuple]:
    """How often each side placed more than once is placed (Forms' `uses`): those become forms.
    The sides placed once are not kept here, so their drawings can be let go once drawn."""
    # counted by the side's own objects first, so that each side is hashed once, not once a place
    # (a common back of twenty operations is placed on every card)
    placed: Counter[tuple[int, int, str | None]] = Counter()
    sides: dict[tuple[int, int, str | None], tuple] = {}
    for page in imposed.pages:
        for p in page.placements:
            kind = faces.kinds[p.piece]
            ops, fill = faces.side(p.piece, p.side)
            at = (id(kind), id(ops), fill)
            placed[at] += 1
            sides.setdefault(at, (kind, ops, fill))
    uses: Counter[tuple] = Counter()
    for at, n in placed.items():
        uses[Forms.key(*sides[at])] += n
    return Counter({key: n for key, n in uses.items() if n > 1})


def draw_placement(forms: Forms, faces: Faces, placement: Placement) -> None:
    """One side of one piece where its placement puts it: the side the placement names, whatever
    the page holds besides (a gutter fold puts a front and its back on one page)."""
    ops, fill = faces.side(placement.piece, placement.side)
    forms.place(faces.kinds[placement.piece], ops, fill, placement.slot)


def _contents(deck: Deck, layout: Layout, faces: Faces, imposed: Imposed) -> str:
    """What the PDF holds, for its subject: the cards and their size, or each kind's count."""
    if imposed.grid is not None:
        return f"{len(deck.cards)} cards, {layout.card_size} size"
    return ", ".join(f"{count} {plural(layout, name, count)}" for name, count in faces.counts().items())


def piece_pdf(deck: Deck, layout: Layout, card: Card, back: bool, with_bleed: bool = False,
              warnings: list[Warning_] | None = None) -> bytes:
    """One piece alone on a page its size (its trim, or with its bleed), drawn as on the sheets:
    for `preview --card` and the web editor. Only the side asked for is resolved."""
    packed = uses_components(deck, layout)
    kind = kind_layout(layout, kind_of(deck, layout, card))
    fonts = FontSet(layout.fonts)
    resolver = Resolver(deck, kind.layout, fonts, (warnings if warnings is not None else []).append)
    ops = resolver.side("back" if back else "face", card)
    fill = None if back else fill_of(layout, resolver, kind, card)
    b = kind.bleed if with_bleed else 0.0
    w, h = kind.shape.width + 2 * b, kind.shape.height + 2 * b
    canvas = new_canvas((w, h), fonts.default(), f"{deck.title}: {card.name}", "preview")
    slot = Slot(b, b, kind.shape.width, kind.shape.height, 0)
    Forms(canvas, "piece" if packed else "side").place(kind, ops, fill, slot)
    if packed and not back:
        guides(canvas, kind, slot)
    canvas.showPage()
    return finish(canvas)

