"""Platypus documents in printgen's house style: embedded fonts, reproducible bytes,
a title block, running footers with 'page N of M'.

Rule sheets and score sheets share this so that every printed leaflet looks like one set.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Callable

from printgen.render.fonts import FontSet, draw_string

INK = "#1C2331"
ACCENT = "#A8841A"
PAPER_TINT = "#F4EEDF"


@dataclass
class Styles:
    """Paragraph styles for one font family; <b> and <i> map to the family's real faces."""

    regular: str
    bold: str
    italic: str
    bold_italic: str
    size: float = 10.0
    by_name: dict = field(default_factory=dict)

    def __getitem__(self, name: str):
        return self.by_name[name]


def make_styles(fonts: FontSet, size: float = 10.0) -> Styles:
    from reportlab.lib.colors import HexColor
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase.pdfmetrics import registerFontFamily

    def pick(key: str, fallback: str) -> str:
        return fonts.pdf_name(key if key in fonts.files else fallback)

    regular = pick("serif", next(iter(fonts.files)))
    bold, italic = pick("serif-bold", "serif"), pick("serif-italic", "serif")
    bold_italic = pick("serif-bold-italic", "serif-bold")
    registerFontFamily(regular, normal=regular, bold=bold, italic=italic, boldItalic=bold_italic)
    ink = HexColor(INK)
    body = ParagraphStyle("body", fontName=regular, fontSize=size, leading=size * 1.25, textColor=ink,
                          spaceAfter=size * 0.45)
    styles = Styles(regular, bold, italic, bold_italic, size)
    styles.by_name = {
        "body": body,
        "h2": ParagraphStyle("h2", parent=body, fontName=bold, fontSize=size * 1.3, leading=size * 1.55,
                             spaceBefore=size * 0.7, spaceAfter=size * 0.3, textColor=HexColor(ACCENT),
                             keepWithNext=1),
        "h3": ParagraphStyle("h3", parent=body, fontName=bold, fontSize=size * 1.05, leading=size * 1.3,
                             spaceBefore=size * 0.4, spaceAfter=size * 0.15, keepWithNext=1),
        "cell": ParagraphStyle("cell", parent=body, fontSize=size * 0.85, leading=size * 1.02, spaceAfter=0),
        "head": ParagraphStyle("head", parent=body, fontName=bold, fontSize=size * 0.85, leading=size * 1.02,
                               spaceAfter=0, textColor=HexColor("#FFFFFF")),
        "callout": ParagraphStyle("callout", parent=body, fontSize=size * 0.95, leading=size * 1.18, spaceAfter=size * 0.3),
        "caption": ParagraphStyle("caption", parent=body, fontName=italic, fontSize=size * 0.75, leading=size * 0.9,
                                  alignment=TA_CENTER, spaceAfter=0),
        "code": ParagraphStyle("code", parent=body, fontSize=size * 0.9),
    }
    return styles


@dataclass
class TitleInfo:
    title: str
    subtitle: str | None = None
    facts: list[str] = field(default_factory=list)   # e.g. "3–6 players", "30 minutes"


def build_document(page_mm: tuple[float, float], margin_mm: float, styles: Styles, story_factory: Callable[[], list],
                   title: TitleInfo, footer: str, columns: int = 2, pdf_title: str = "") -> bytes:
    """Lay out a story in columns under a title block; build twice so footers know the page count."""
    total = _build(page_mm, margin_mm, styles, story_factory(), title, footer, columns, pdf_title, None)[1]
    return _build(page_mm, margin_mm, styles, story_factory(), title, footer, columns, pdf_title, total)[0]


def _build(page_mm, margin_mm, styles: Styles, story, title: TitleInfo, footer: str, columns: int, pdf_title: str,
           total: int | None) -> tuple[bytes, int]:
    from reportlab.platypus import BaseDocTemplate, Frame, NextPageTemplate, PageTemplate

    from printgen.units import pt

    w, h = pt(page_mm[0]), pt(page_mm[1])
    m = pt(margin_mm)
    title_h = pt(30 if title.subtitle or title.facts else 20)
    foot_h = pt(8)
    gap = pt(7)
    col_w = (w - 2 * m - gap * (columns - 1)) / columns

    def column_frames(top: float, prefix: str) -> list:
        return [Frame(m + i * (col_w + gap), m + foot_h, col_w, top - m - foot_h, id=f"{prefix}{i}",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0) for i in range(columns)]

    pages = {"count": 0}

    def decorate(canvas, doc, first: bool) -> None:
        pages["count"] += 1
        canvas.saveState()
        if first:
            _title_block(canvas, styles, title, m, h - m - title_h, w - 2 * m, title_h)
        canvas.setFont(styles.regular, 7.5)
        canvas.setFillColorRGB(0.35, 0.35, 0.35)
        number = f"page {doc.page}" + (f" of {total}" if total else "")
        draw_string(canvas, m, m, footer, styles.regular, 7.5)   # the deck's title may be Greek
        canvas.drawRightString(w - m, m, number)
        canvas.restoreState()

    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=(w, h), leftMargin=m, rightMargin=m, topMargin=m, bottomMargin=m,
                          invariant=1, initialFontName=styles.regular, title=pdf_title, author="printgen",
                          creator="printgen", subject=pdf_title)
    first = PageTemplate(id="first", frames=column_frames(h - m - title_h - pt(4), "f"),
                         onPage=lambda c, d: decorate(c, d, True))
    later = PageTemplate(id="later", frames=column_frames(h - m, "l"), onPage=lambda c, d: decorate(c, d, False))
    doc.addPageTemplates([first, later])
    doc.build([NextPageTemplate("later")] + story)
    return buffer.getvalue(), pages["count"]


def _title_block(canvas, styles: Styles, title: TitleInfo, x: float, y: float, w: float, h: float) -> None:
    from reportlab.lib.colors import HexColor

    from printgen.units import pt

    canvas.setFillColor(HexColor(INK))
    canvas.roundRect(x, y, w, h, pt(2), stroke=0, fill=1)
    canvas.setStrokeColor(HexColor(ACCENT))
    canvas.setLineWidth(1.2)
    canvas.roundRect(x + pt(1.5), y + pt(1.5), w - pt(3), h - pt(3), pt(1.5), stroke=1, fill=0)
    canvas.setFillColor(HexColor("#FFFFFF"))
    canvas.setFont(styles.bold, 24)
    draw_string(canvas, x + pt(7), y + h - pt(12), title.title, styles.bold, 24)
    if title.subtitle:
        canvas.setFont(styles.italic, 11.5)
        draw_string(canvas, x + pt(7), y + h - pt(19), title.subtitle, styles.italic, 11.5)
    if title.facts:
        canvas.setFont(styles.regular, 9.5)
        canvas.setFillColor(HexColor("#E9D9A6"))
        canvas.drawString(x + pt(7), y + pt(5), "   \u00b7   ".join(title.facts))
