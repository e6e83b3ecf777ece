"""The chart pages of a validation: per game and variant a landscape page (more when its player
counts do not fit one readably), and on it per player count three panels: how long games last, how
often each seat wins and how often the cards of each group (house, suit) and the cards most often
dead are dead, each rate with the interval its verdict was decided by and its band of acceptable
values (chart_panels.py, chart_judged.py); then every finding whose figure is a table of rates
with intervals, such as Coppertwaddle's card strength (chart_rates.py), and the findings that are
one rate each, a row each (chart_lines.py), and with --skill the skill ladder (chart_skill.py).

Each page is one ReportLab Drawing, so the same picture becomes a PDF page (fonts embedded like
every printgen PDF), an SVG (ReportLab's renderSVG, its text turned into the font's glyph outlines
by svg_outlines.py; several pages are stacked one under the other) or a PNG (rasterised from the
PDF). Any other file suffix is refused before any game is played.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from printgen.draw.documents.chart_judged import dead_panel, seat_panel
from printgen.draw.documents.chart_lines import height_mm as lines_height
from printgen.draw.documents.chart_lines import lines_panel, rate_lines
from printgen.draw.documents.chart_panels import length_panel
from printgen.draw.documents.chart_rates import rate_tables, rates_panel, warned_names
from printgen.draw.documents.chart_skill import height_mm as skill_height
from printgen.draw.documents.chart_skill import skill_panel
from printgen.draw.documents.svg_outlines import outline_text
from printgen.files.errors import UserError
from printgen.files.font_files import register
from printgen.files.paths import FONTS_DIR
from printgen.files.units import pt

PAGE = (297.0, 210.0)          # A4 landscape, mm
SUFFIXES = (".pdf", ".svg", ".png")
TITLE_MM = 14.0                # the page title's baseline, from the top edge
CONTENT_TOP = 22.0             # the first row begins this far from the top: the title sits above it alone
BOTTOM = 6.0
MIN_ROW, MAX_ROW = 45.0, 90.0  # one player count's row of panels: never squashed below MIN_ROW


def check_chart_path(path: Path) -> None:
    """A chart is written as PDF, SVG or PNG, chosen by the file's suffix; anything else is an error
    (never a PDF under another name)."""
    if path.suffix.lower() not in SUFFIXES:
        raise UserError(f"--chart '{path}': the chart can be written as .pdf, .svg or .png, not "
                        f"'{path.suffix or 'a file without a suffix'}'", hint="for example --chart report.pdf")


def _fonts() -> tuple[str, str]:
    return (register(FONTS_DIR / "caladea" / "Caladea-Regular.ttf"),
            register(FONTS_DIR / "caladea" / "Caladea-Bold.ttf"))


def _with_default_font(regular: str, make):
    """The graphics renderers open every drawing with their default font (Helvetica, never
    embedded); point that default at an embedded font while the charts are drawn."""
    from reportlab.graphics import shapes

    saved = shapes.STATE_DEFAULTS["fontName"]
    shapes.STATE_DEFAULTS["fontName"] = regular
    try:
        return make()
    finally:
        shapes.STATE_DEFAULTS["fontName"] = saved


Block = tuple[str, float, Any]   # ("count", height, n), ("rates", height, RateTable), ("lines", height, [RateLine])
#                                  or ("skill", height, {players: Ladder})


def layout(section) -> list[list[Block]]:
    """The section's blocks (a row of panels per player count, then each drawable table of a
    finding) cut into pages. Rows share the page height, between MIN_ROW and MAX_ROW, and the
    counts are spread evenly over as few pages as hold them (seven counts: four and three rows,
    never seven squashed rows)."""
    room = PAGE[1] - CONTENT_TOP - BOTTOM
    tables = rate_tables(section.findings)
    lines = rate_lines(section.findings, section.summaries, tables)
    extras: list[Block] = [("rates", t.height_mm, t) for t in tables]
    extras += [("lines", lines_height(lines), lines)] if lines else []
    skill = getattr(section, "skill", None) or {}
    extras += [("skill", skill_height(skill), skill)] if skill_height(skill) else []
    counts = list(section.counts)
    per_page = max(1, int(room // MIN_ROW))
    count_pages = max(1, math.ceil(len(counts) / per_page))
    rows = math.ceil(len(counts) / count_pages) if counts else 1
    extra = sum(height for _, height, _ in extras)
    row_h = min(MAX_ROW, max(MIN_ROW, (room - extra if count_pages == 1 else room) / rows))
    if count_pages == 1 and rows * row_h + extra > room:     # the tables go on pages of their own
        row_h = min(MAX_ROW, room / rows)
    blocks: list[Block] = [("count", row_h, n) for n in counts]
    blocks += [(kind, min(height, room), what) for kind, height, what in extras]
    pages: list[list[Block]] = [[]]
    used = 0.0
    for block in blocks:
        if pages[-1] and (used + block[1] > room + 1e-6 or (block[0] == "count" and len(pages[-1]) >= rows)):
            pages.append([])
            used = 0.0
        pages[-1].append(block)
        used += block[1]
    return pages


def pages(sections, deck_title: str, regular: str, bold: str) -> list:
    """One Drawing per page, A4 landscape: each game and variant begins a page."""
    from reportlab.graphics.shapes import Drawing, Group, String

    out = []
    w, h = pt(PAGE[0]), pt(PAGE[1])
    for s in sections:
        laid = layout(s)
        for number, blocks in enumerate(laid, 1):
            page = Drawing(w, h)
            title = f"{deck_title}: {s.game} ({s.variant})"
            if len(laid) > 1:
                title += f", page {number} of {len(laid)}"
            page.add(String(pt(12), h - pt(TITLE_MM), title, fontName=bold, fontSize=16))
            top = PAGE[1] - CONTENT_TOP
            for kind, height, what in blocks:
                for x_mm, panel in _block_panels(s, kind, height, what, regular, bold):
                    group = Group(*panel.contents)
                    group.transform = (1, 0, 0, 1, pt(x_mm), pt(top) - panel.height)
                    page.add(group)
                top -= height
            out.append(page)
    return out


def _block_panels(s, kind: str, height: float, what, regular: str, bold: str) -> list[tuple[float, Any]]:
    """The drawings of one block, each with its left edge (mm); their tops are the block's top."""
    from reportlab.graphics.shapes import Drawing, String

    if kind == "rates":
        return [(12, rates_panel(what, warned_names(what, s.warnings), regular, bold, PAGE[0] - 24))]
    if kind == "lines":
        return [(12, lines_panel(what, regular, bold, PAGE[0] - 24))]
    if kind == "skill":
        return [(12, skill_panel(what, regular, bold, PAGE[0] - 24))]
    m, panel_h = s.summaries[what], height - 7
    label = Drawing(pt(60), pt(7))
    label.add(String(0, pt(7) - 10, f"{what} players", fontName=bold, fontSize=10))
    return [(12, label),
            (12, _shifted(length_panel(m, s.unit, s.note, regular, 112, panel_h), 5)),
            (128, _shifted(seat_panel(m, regular, 72, panel_h), 5)),
            (204, _shifted(dead_panel(m, regular, 81, panel_h), 5))]


def _shifted(panel, down_mm: float):
    """`panel` with room above it: its top `down_mm` below the block's (the row's label goes there)."""
    from reportlab.graphics.shapes import Drawing, Group

    d = Drawing(panel.width, panel.height + pt(down_mm))
    d.add(Group(*panel.contents))
    return d


def chart_pdf(sections, deck_title: str) -> bytes:
    from reportlab.graphics import renderPDF

    from printgen.draw.pdfcanvas import finish, new_canvas

    regular, bold = _fonts()

    def make() -> bytes:
        canvas = new_canvas(PAGE, regular, f"{deck_title}: simulated play", "validation charts")
        for page in pages(sections, deck_title, regular, bold):
            renderPDF.draw(page, canvas, 0, 0)
            canvas.showPage()
        return finish(canvas)
    return _with_default_font(regular, make)


def chart_svg(sections, deck_title: str) -> bytes:
    """Every page in one SVG, one under the other."""
    from reportlab.graphics import renderSVG
    from reportlab.graphics.shapes import Drawing, Group, Rect
    from reportlab.lib.colors import white

    regular, bold = _fonts()

    def make() -> bytes:
        drawn = pages(sections, deck_title, regular, bold)
        w, h = pt(PAGE[0]), pt(PAGE[1])
        sheet = Drawing(w, h * len(drawn))
        # types-reportlab types Rect's keywords without Unpack, so no keyword can match.
        sheet.add(Rect(0, 0, w, h * len(drawn), fillColor=white, strokeColor=None))  # type: ignore[arg-type]
        for i, page in enumerate(drawn):
            group = Group(*page.contents)
            group.transform = (1, 0, 0, 1, 0, h * (len(drawn) - 1 - i))
            sheet.add(group)
        return outline_text(renderSVG.drawToString(sheet)).encode("utf-8")
    return _with_default_font(regular, make)


def write_chart(sections, deck_title: str, path: Path) -> None:
    from printgen.files.output import publish

    check_chart_path(path)
    suffix = path.suffix.lower()
    if suffix == ".svg":
        publish({path: chart_svg(sections, deck_title)})
        return
    pdf = chart_pdf(sections, deck_title)
    if suffix == ".png":   # every page (one per game and variant), one under the other
        import io

        import pypdfium2 as pdfium
        from PIL import Image

        from printgen.draw.pdfium_lock import PDFIUM

        with PDFIUM:
            document = pdfium.PdfDocument(pdf)
            rendered = [document[i].render(scale=110 / 72).to_pil() for i in range(len(document))]
            document.close()
        sheet = Image.new("RGB", (max(p.width for p in rendered), sum(p.height for p in rendered)), "white")
        top = 0
        for page in rendered:
            sheet.paste(page, (0, top))
            top += page.height
        out = io.BytesIO()
        sheet.save(out, format="PNG")
        publish({path: out.getvalue()})
    else:
        publish({path: pdf})
