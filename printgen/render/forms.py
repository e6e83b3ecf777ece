"""Score sheets and other printable forms: a grid described in YAML.

Columns (players) across, rows (rounds, letters) down, an optional row for names and a total
row, and a foot in Markdown for the scoring rule. Headings and labels are templates with `n`
(counting from 1) and `deck`; the foot may use `deck` as the rule sheets do.
"""

from __future__ import annotations

from pathlib import Path

from printgen.context import document_context
from printgen.errors import UserError, Where
from printgen.model import Deck, Layout
from printgen.render.fonts import markup
from printgen.schema import SheetFile


def load_sheet(path: Path):
    from printgen.load import load_file

    return load_file(path, SheetFile, "in a sheet")


def _labels(fixed: list[str] | None, template: str, count: int, render) -> list[str]:
    if fixed is not None:
        return [render(text, n) for n, text in enumerate(fixed, start=1)]
    return [render(template, n) for n in range(1, count + 1)]


def sheet_paper(spec: SheetFile, layout: Layout) -> tuple[float, float]:
    from printgen.load import load_catalogue

    if spec.paper:
        papers, _ = load_catalogue("papers")
        if spec.paper not in papers:
            raise UserError(f"unknown paper '{spec.paper}'", hint="papers: " + ", ".join(papers))
        size = papers[spec.paper]
        w, h = size.width, size.height
    else:
        w, h = layout.paper.width, layout.paper.height
    return (max(w, h), min(w, h)) if spec.orientation == "landscape" else (min(w, h), max(w, h))


def render_sheet(deck: Deck, layout: Layout, path: Path) -> tuple[bytes, tuple[float, float]]:
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

    from printgen.render.document import INK, PAPER_TINT, TitleInfo, build_document, make_styles
    from printgen.render.fonts import FontSet
    from printgen.render.markdown import to_flowables
    from printgen.render.rules import render_template
    from printgen.render.sandbox import render as limited
    from printgen.render.template import environment
    from printgen.units import pt

    spec, located = load_sheet(path)
    context = document_context(deck)
    env = environment()

    def render(text: str, n: int, key: str = "rows") -> str:
        try:
            return limited(env.from_string(text), {"n": n, "deck": context})
        except Exception as exc:   # a template error in a heading or label
            raise UserError(f"template error in '{text}': {exc}", Where(located.file, located.line_of((key,)))) from None

    headings = _labels(spec.columns.headings, spec.columns.heading, spec.columns.count, lambda t, n: render(t, n, "columns"))
    labels = _labels(spec.rows.labels, spec.rows.label, spec.rows.count, render)
    styles = make_styles(FontSet(layout.fonts))
    paper = sheet_paper(spec, layout)
    margin = max(layout.imposition.margin, 10.0)
    width = pt(paper[0] - 2 * margin)
    foot = render_template(spec.foot, context, path, located.line_of(("foot",)) or 0) if spec.foot else ""

    def foot_height() -> float:
        total = 0.0
        for flowable in (to_flowables(foot, styles, width) if foot else []):
            total += flowable.wrap(width, pt(paper[1]))[1] + styles.size
        return total

    def story() -> list:
        head = styles["head"]
        # markup(): escaped, with Greek or Cyrillic in the fallback font (printgen.render.fonts)
        rows = [[Paragraph(markup(spec.columns.label, head.fontName), head)]
                + [Paragraph(markup(h, head.fontName), head) for h in headings]]
        if spec.names:
            rows.append([Paragraph("<i>name</i>", styles["cell"])] + [""] * len(headings))
        rows += [[Paragraph(markup(label, styles.regular), styles["body"])] + [""] * len(headings) for label in labels]
        if spec.total:
            rows.append([Paragraph(f"<b>{markup(spec.total, styles.bold)}</b>", styles["body"])] + [""] * len(headings))
        first = pt(spec.columns.width) if spec.columns.width else max(pt(18), width * 0.12)
        other = (width - first) / len(headings)
        # rows.height is the most a row may take: the grid and its foot must fit on one page.
        count = len(labels) + int(spec.names) + (1.2 if spec.total else 0)
        room = pt(paper[1] - 2 * margin - 30 - 4 - 8) - pt(9) - foot_height()
        row = min(pt(spec.rows.height), room / count)
        heights = [None] + ([row] if spec.names else []) + [row] * len(labels)
        if spec.total:
            heights.append(row * 1.2)
        table = Table(rows, colWidths=[first] + [other] * len(headings), rowHeights=heights)
        ink, tint = HexColor(INK), HexColor(PAPER_TINT)
        style = [("FONTNAME", (0, 0), (-1, -1), styles.regular), ("GRID", (0, 0), (-1, -1), 0.6, ink), ("BACKGROUND", (0, 0), (-1, 0), ink),
                 ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("BACKGROUND", (0, 1), (0, -1), tint)]
        if spec.total:
            style += [("LINEABOVE", (0, -1), (-1, -1), 1.6, ink), ("BACKGROUND", (1, -1), (-1, -1), tint)]
        table.setStyle(TableStyle(style))
        out = [table, Spacer(1, pt(4))]
        if foot:
            out += to_flowables(foot, styles, width)
        return out

    title = TitleInfo(spec.title, spec.subtitle, [])
    pdf = build_document(paper, margin, styles, story, title, footer=f"{deck.title}: {spec.title}", columns=1,
                         pdf_title=spec.title)
    return pdf, paper
