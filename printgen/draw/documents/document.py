"""Platypus documents in printgen's house style: embedded fonts, reproducible bytes,
a title block, running footers with 'page N of M'.

Rule sheets and score sheets share this so that every printed leaflet looks like one set.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printgen.draw.fonts import FontSet, draw_string
from printgen.files.errors import UserError, Where

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
        "callout": ParagraphStyle("callout", parent=body, fontSize=size * 0.95, leading=size * 1.18,
                                  spaceAfter=size * 0.3),
        "caption": ParagraphStyle("caption", parent=body, fontName=italic, fontSize=size * 0.75, leading=size * 0.9,
                                  alignment=TA_CENTER, spaceAfter=0),
        "code": ParagraphStyle("code", parent=body, fontSize=size * 0.9),
    }
    return styles


@dataclass
class Source:
    """The file a document's story came from, and how a line of the text laid out maps back to it.

    Rule sheets are laid out from the text Jinja2 made, whose lines are not the file's; `line_of`
    turns a line of that text into a line of the file, so a table or picture that cannot be laid
    out is reported where the teacher can find it. It is called only when something goes wrong.
    """

    file: Path
    line_of: Callable[[int], int | None] = lambda line: line

    def where(self, line: int | None) -> Where:
        return Where(self.file, self.line_of(line) if line is not None else None)


def tag(flowable: Any, source: Source | None, line: int | None, what: str) -> Any:
    """Remember on a flowable where it came from (a line of its source text) and what it is."""
    flowable._printgen_from = (source, line, what)
    return flowable


def _tag_of(flowable) -> tuple[Source | None, int | None, str] | None:
    found = getattr(flowable, "_printgen_from", None)
    if found is None:    # a keep-together group: name the first thing in it that knows its line
        for inner in getattr(flowable, "_content", None) or []:
            found = _tag_of(inner)
            if found is not None:
                break
    return found


# More pages than any game's rule book runs to (long wargame rule books reach a few hundred): a
# document this long is a mistake (a loop in a template, a pasted data file), and stopping here
# keeps the build within seconds.
MAX_PAGES = 400


class _TooLong(Exception):
    """The document passed MAX_PAGES."""


class _NotLaidOut(Exception):
    """A flowable ReportLab could not place, with the tag of that flowable."""

    def __init__(self, found, cause: Exception, room: tuple[float, float] | None):
        super().__init__(str(cause))
        self.found, self.cause, self.room = found, cause, room


@dataclass
class TitleInfo:
    title: str
    subtitle: str | None = None
    facts: list[str] = field(default_factory=list)   # e.g. "3–6 players", "30 minutes"


def build_document(page_mm: tuple[float, float], margin_mm: float, styles: Styles, story_factory: Callable[[], list],
                   title: TitleInfo, footer: str, columns: int = 2, pdf_title: str = "",
                   source: Source | None = None) -> bytes:
    """Lay out a story in columns under a title block, once: each footer's "page N of M" is a
    form placed as the page is made and drawn when the count is known (_build).

    Anything ReportLab cannot place becomes a UserError naming the file (`source`) and the line
    of the flowable it gave up on: a teacher never sees a ReportLab traceback.
    """
    try:
        return _build(page_mm, margin_mm, styles, story_factory(), title, footer, columns, pdf_title)
    except _NotLaidOut as problem:
        raise _explain(problem, source) from None
    except (UserError, MemoryError, KeyboardInterrupt):
        raise
    except Exception as exc:    # ReportLab failing outside any one flowable (fonts, page templates)
        raise UserError(f"this document could not be laid out: {_first_line(exc)}",
                        Where(source.file if source else None),
                        "shorten or simplify what was last changed in this file") from None


def _explain(problem: _NotLaidOut, source: Source | None) -> UserError:
    """The user's words for a flowable ReportLab could not place."""
    from reportlab.platypus.doctemplate import LayoutError

    found_source, line, what = problem.found or (source, None, "part")
    found_source = found_source or source
    where = found_source.where(line) if found_source is not None else Where()
    room = f" ({problem.room[0] / 72 * 25.4:.0f} x {problem.room[1] / 72 * 25.4:.0f} mm)" if problem.room else ""
    if isinstance(problem.cause, _TooLong):
        return UserError(f"this document would run to more than {MAX_PAGES} pages; this {what} is past the limit",
                         where, "a rule sheet or form this long is probably a mistake: shorten it")
    if isinstance(problem.cause, LayoutError):
        return UserError(f"this {what} does not fit in a page column{room} and cannot be split across columns",
                         where, "make it smaller or break it into several shorter parts")
    return UserError(f"this {what} could not be laid out: {_first_line(problem.cause)}", where,
                     "make it smaller or simpler")


def _first_line(exc: Exception) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."


def _build(page_mm, margin_mm, styles: Styles, story, title: TitleInfo, footer: str, columns: int,
           pdf_title: str) -> bytes:
    """The document's bytes. Why the page numbers are forms: "page 2 of 3" needs the count of
    pages before the last is laid out. Laying the whole story out twice (once to count) was a
    third of a rule sheet's time; a form can be placed on a page before it is drawn, so each
    footer places its page's form, and the forms are drawn once the count is known, before the
    file is written."""
    from reportlab import rl_config
    from reportlab.platypus import Frame, NextPageTemplate, PageTemplate

    from printgen.files.units import pt

    # As pdfcanvas does for card sheets: without this, a document's bytes would depend on
    # whether a card sheet or board was drawn earlier in the same run.
    rl_config.useA85 = 0

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
        from reportlab.pdfbase.pdfmetrics import stringWidth

        room = w - 2 * m - stringWidth("page 999 of 999", styles.regular, 7.5) - 12
        if stringWidth(footer, styles.regular, 7.5) > room:     # a very long title: keep off the page number
            _fitted(canvas, styles.regular, 7.5, footer, m, m, room)
            canvas.setFont(styles.regular, 7.5)
        else:
            draw_string(canvas, m, m, footer, styles.regular, 7.5)   # the deck's title may be Greek
        canvas.doForm(_page_form(doc.page))
        canvas.restoreState()

    buffer = io.BytesIO()
    doc = _Document(buffer, pagesize=(w, h), leftMargin=m, rightMargin=m, topMargin=m, bottomMargin=m,
                          invariant=1, initialFontName=styles.regular, title=pdf_title, author="printgen",
                          creator="printgen", subject=pdf_title)
    first = PageTemplate(id="first", frames=column_frames(h - m - title_h - pt(4), "f"),
                         onPage=lambda c, d: decorate(c, d, True))
    later = PageTemplate(id="later", frames=column_frames(h - m, "l"), onPage=lambda c, d: decorate(c, d, False))
    doc.addPageTemplates([first, later])
    doc._doSave = 0              # ReportLab's switch: build() leaves the canvas open for the forms
    doc.build([NextPageTemplate("later")] + story)
    canvas = doc.canv
    for page in range(1, pages["count"] + 1):
        canvas.beginForm(_page_form(page))
        canvas.setFont(styles.regular, 7.5)
        canvas.setFillColorRGB(0.35, 0.35, 0.35)
        canvas.drawRightString(w - m, m, f"page {page} of {pages['count']}")
        canvas.endForm()
    canvas.save()
    return buffer.getvalue()


def _page_form(page: int) -> str:
    return f"printgen-page-{page}"


def _document_class():
    from reportlab.platypus import BaseDocTemplate

    class Document(BaseDocTemplate):
        """A doc template that knows which flowable it was placing when ReportLab gave up."""

        def handle_flowable(self, flowables):
            first = flowables[0] if flowables else None
            found = _tag_of(first) if first is not None else None
            before = {id(f) for f in flowables[:64]}
            try:
                if self.page > MAX_PAGES:
                    raise _TooLong()
                super().handle_flowable(flowables)
            except (UserError, MemoryError, KeyboardInterrupt):
                raise
            except Exception as exc:
                frame = getattr(self, "frame", None)
                room = (frame._aW, frame._aH) if frame is not None and hasattr(frame, "_aH") else None
                raise _NotLaidOut(found, exc, room) from None
            if found is not None:    # pieces of a split flowable come back first: they keep its line
                for piece in flowables:
                    if id(piece) in before:
                        break
                    if getattr(piece, "_printgen_from", None) is None:
                        piece._printgen_from = found

    return Document


def _Document(*args, **kwargs):  # noqa: N802 - a class made on first use, so ReportLab loads lazily
    global _DOCUMENT
    if _DOCUMENT is None:
        _DOCUMENT = _document_class()
    return _DOCUMENT(*args, **kwargs)


_DOCUMENT = None


def _title_block(canvas, styles: Styles, title: TitleInfo, x: float, y: float, w: float, h: float) -> None:
    from reportlab.lib.colors import HexColor

    from printgen.files.units import pt

    canvas.setFillColor(HexColor(INK))
    canvas.roundRect(x, y, w, h, pt(2), stroke=0, fill=1)
    canvas.setStrokeColor(HexColor(ACCENT))
    canvas.setLineWidth(1.2)
    canvas.roundRect(x + pt(1.5), y + pt(1.5), w - pt(3), h - pt(3), pt(1.5), stroke=1, fill=0)
    room = w - pt(14)
    canvas.setFillColor(HexColor("#FFFFFF"))
    _fitted(canvas, styles.bold, 24, title.title, x + pt(7), y + h - pt(12), room)
    if title.subtitle:
        _fitted(canvas, styles.italic, 11.5, title.subtitle, x + pt(7), y + h - pt(19), room)
    if title.facts:
        canvas.setFillColor(HexColor("#E9D9A6"))
        _fitted(canvas, styles.regular, 9.5, "   \u00b7   ".join(title.facts), x + pt(7), y + pt(5), room)


def _fitted(canvas, font: str, size: float, text: str, x: float, y: float, room: float) -> None:
    """One line of the title block: smaller type for a long line (down to 60 %), then cut with '…'."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    text = str(text).replace("\r\n", " ").replace("\n", " ").replace("\r", " ").replace("\t", " ")
    width = stringWidth(text, font, size)
    if width > room:
        size = max(size * 0.6, size * room / width)
        while text and stringWidth(text, font, size) > room:
            text = text[: max(0, int(len(text) * room / stringWidth(text, font, size)) - 2)].rstrip() + "\u2026"
    canvas.setFont(font, size)
    draw_string(canvas, x, y, text, font, size)     # with the fallback font for Greek or Cyrillic
