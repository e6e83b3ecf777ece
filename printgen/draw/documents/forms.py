"""Score sheets and other printable forms: a grid described in YAML.

Columns (players) across, rows (rounds, letters) down, an optional row for names and a total
row, and a foot in Markdown for the scoring rule. Headings and labels are templates with `n`
(counting from 1) and `deck`; the foot may use `deck` as the rule sheets do.

A form is for writing on, so it has a floor: every score column at least MIN_COLUMN_MM wide and
every row at least MIN_ROW_MM high. A sheet asking for more than fits on its paper is refused,
with the most that fit, before anything is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.draw.fonts import markup
from printgen.files.errors import UserError, Warning_, Where, field_path
from printgen.model.context import document_context
from printgen.model.deck import Deck, Layout

if TYPE_CHECKING:
    from reportlab.platypus import Table

    from printgen.draw.documents.document import Styles
    from printgen.files.schema import SheetFile

MIN_COLUMN_MM = 10.0     # room to write a two- or three-figure score by hand
MIN_ROW_MM = 6.0         # the height of a line of handwriting
HEAD_MM = 9.0                  # the heading row and the space under the grid
TITLE_MM = 30 + 4 + 8 + HEAD_MM    # and the title block, the gap under it, the footer


def load_sheet(path: Path, within: Path | None = None):
    """A score sheet's file, read only from inside `within` (the deck's folder; its own folder if None)."""
    from printgen.files.deckfiles import DECK_FOLDER
    from printgen.files.schema import SheetFile
    from printgen.files.schema_errors import load_file

    return load_file(path, SheetFile, "in a sheet", within=within, kind="score sheet",
                     place=DECK_FOLDER if within is not None else None)


def _labels(fixed: list[str] | None, template: str, count: int, render) -> list[str]:
    if fixed is not None:
        return [render(text, n, listed=True) for n, text in enumerate(fixed, start=1)]
    return [render(template, n) for n in range(1, count + 1)]


def _label_error(exc: Exception, text: str, located, which: tuple[str, int, bool], context: dict) -> UserError:
    """A mistake in the template of a heading or label (`which`: rows or columns, the row or column
    it was for, whether it is an item of a list), said at its own line (`heading:`, or the item of
    `headings:`) in the words a rule sheet's mistakes are said in, with the template named;
    `context`: what the template ran with (n and deck), for the names it knows."""
    from dataclasses import replace

    from jinja2 import TemplateError, TemplateSyntaxError

    from printgen.draw.template_words import LABEL, Names, syntax_error, template_error

    key, n, listed = which
    prop = {"rows": ("label", "labels"), "columns": ("heading", "headings")}[key][listed]
    path: tuple[str | int, ...] = (key, prop, n - 1) if listed else (key, prop)
    where = Where(located.file, located.line_of(path), field=field_path(path))
    if isinstance(exc, TemplateSyntaxError):
        syntax = syntax_error(exc, text)
        return UserError(f"{syntax.words} (in '{text}')", where, syntax.hint)
    if not isinstance(exc, TemplateError):
        return UserError(f"template error in '{text}': {exc}", where)
    said = template_error(exc, where, replace(LABEL, template=f"the {prop.removesuffix('s')}"), Names(context, text))
    return UserError(f"{said.message} (in '{text}')", where, said.hint)


def sheet_paper(spec: SheetFile, layout: Layout, where: Where | None = None) -> tuple[float, float]:
    from printgen.files.errors import did_you_mean
    from printgen.model.layouts import load_catalogue

    if spec.paper:
        papers, _ = load_catalogue("papers")
        if spec.paper not in papers:
            raise UserError(f"unknown paper '{spec.paper}'", where or Where(),
                            did_you_mean(spec.paper, papers) or "papers: " + ", ".join(papers))
        size = papers[spec.paper]
        w, h = size.width, size.height
    else:
        w, h = layout.paper.width, layout.paper.height
    return (max(w, h), min(w, h)) if spec.orientation == "landscape" else (min(w, h), max(w, h))


def checked_sheet(path: Path, layout: Layout, within: Path | None = None) -> tuple[Any, Any, tuple[float, float]]:
    """A form's file read and checked (load_sheet), with its paper for this layout: what a build's
    plan keeps of each form (printgen/draw/build.py), so that a form from the cache of checked
    decks, kept as plain records, is drawn without pydantic, which the pool's parent then need
    not import (a sheet's own paper is looked up in the papers' list, read with pydantic)."""
    spec, located = load_sheet(path, within)
    return spec, located, sheet_paper(spec, layout, located.where(("paper",), field="paper"))


def render_sheet(deck: Deck, layout: Layout, path: Path,
                 checked: tuple[Any, Any, tuple[float, float]] | None = None,
                 warn: Callable[[Warning_], None] | None = None) -> tuple[bytes, tuple[float, float]]:
    """A form's PDF and its paper; `checked`: checked_sheet's answer for it (a plan's), else read now;
    `warn`: told when the sheet runs onto a second page (a score sheet is one page)."""
    from reportlab.platypus import Paragraph, Spacer

    from printgen.draw import template_facts
    from printgen.draw.documents.document import Source, TitleInfo, build_document, make_styles, tag
    from printgen.draw.documents.markdown import to_flowables
    from printgen.draw.documents.rules import render_template
    from printgen.draw.fonts import FontSet
    from printgen.draw.template_words import FORM
    from printgen.files.units import pt
    from printgen.model.sandbox import environment
    from printgen.model.sandbox import render as limited

    spec, located, paper = checked or checked_sheet(path, layout, deck.folder)
    context = document_context(deck)
    env = environment()

    def render(text: str, n: int, key: str = "rows", listed: bool = False) -> str:
        names = {"n": n, "deck": context}
        try:
            return limited(template_facts.from_source(env, text), names)
        except Exception as exc:   # a template error in a heading or label
            raise _label_error(exc, text, located, (key, n, listed), names) from None

    margin = max(layout.imposition.margin, 10.0)
    _check_columns(spec, located, paper, margin)
    headings = _labels(spec.columns.headings, spec.columns.heading, spec.columns.count,
                       lambda t, n, listed=False: render(t, n, "columns", listed))
    styles = make_styles(FontSet(layout.fonts))
    width = pt(paper[0] - 2 * margin)
    foot_line = located.line_of(("foot",)) or 0
    # A block (`foot: |`) starts on the line after its key; a quoted foot is on the key's line.
    block = foot_line and located_text_line(located, foot_line).rstrip().endswith(("|", ">", "|-", ">-"))
    foot = render_template(spec.foot, context, path, foot_line - (not block and foot_line > 0),
                           whose=FORM) if spec.foot else ""
    origin = Source(path, lambda line: foot_line + line if block else foot_line)
    first = pt(spec.columns.width) if spec.columns.width else max(pt(18), width * 0.12)
    other = (width - first) / len(headings)
    # Headings taller than one line take room from the rows (HEAD_MM of TITLE_MM is theirs).
    head_style = styles["head"]
    head = max(Paragraph(markup(h, head_style.fontName), head_style).wrap(other - 12, pt(paper[1]))[1] + 12
               for h in headings)
    tall_head = max(0.0, head - pt(HEAD_MM))

    def foot_height() -> float:
        total = 0.0
        for flowable in (to_flowables(foot, styles, width, source=origin) if foot else []):
            total += flowable.wrap(width, pt(paper[1]))[1] + styles.size
        return total

    _check_rows(spec, located, paper, margin, tall_head + foot_height())
    labels = _labels(spec.rows.labels, spec.rows.label, spec.rows.count, render)

    def story() -> list:
        room = pt(paper[1] - 2 * margin - TITLE_MM) - foot_height() - tall_head
        table = _score_table(spec, styles, headings, labels, [first] + [other] * len(headings), room)
        tag(table, Source(path), located.line_of(("columns",)), "grid")
        out = [table, Spacer(1, pt(4))]
        if foot:
            out += to_flowables(foot, styles, width, source=origin)
        return out

    title = TitleInfo(spec.title, spec.subtitle, [])
    pdf = build_document(paper, margin, styles, story, title, footer=f"{deck.title}: {spec.title}", columns=1,
                         pdf_title=spec.title, source=Source(path))
    if warn is not None:
        _warn_of_pages(pdf, path, located, warn)
    return pdf, paper


def _warn_of_pages(pdf: bytes, path: Path, located, warn: Callable[[Warning_], None]) -> None:
    """A score sheet that runs onto a second page (a long column label makes the heading row tall)
    prints as two sheets, the second with little or nothing to write on: say so."""
    import re

    pages = len(re.findall(rb"/Type /Page\b(?!s)", pdf))    # ReportLab writes each page's dictionary plainly
    if pages > 1:
        onto = "a second page" if pages == 2 else f"{pages} pages"
        warn(Warning_(f"the score sheet runs onto {onto}; shorten the column label or the headings "
                      "(columns.label, columns.heading), or the foot, or ask for fewer rows",
                      Where(path, located.line_of(("columns",)), field="columns")))


def _score_table(spec: SheetFile, styles: Styles, headings: list[str], labels: list[str], widths: list[float],
                 room: float) -> Table:
    """The grid: a heading row, a row per label (after a row for the players' names, if asked) and
    a total row, as tall as `room` allows up to the sheet's row height."""
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import Paragraph, Table, TableStyle

    from printgen.draw.documents.document import INK, PAPER_TINT
    from printgen.files.units import pt

    head = styles["head"]
    # markup(): escaped, with Greek or Cyrillic in the fallback font (printgen.draw.fonts)
    header: list[Paragraph | str] = [Paragraph(markup(spec.columns.label, head.fontName), head)]
    header += [Paragraph(markup(h, head.fontName), head) for h in headings]
    rows = [header]
    if spec.names:
        rows.append([Paragraph("<i>name</i>", styles["cell"])] + [""] * len(headings))
    rows += [[Paragraph(markup(label, styles.regular), styles["body"])] + [""] * len(headings) for label in labels]
    if spec.total:
        rows.append([Paragraph(f"<b>{markup(spec.total, styles.bold)}</b>", styles["body"])] + [""] * len(headings))
    # rows.height is the most a row may take: the grid and its foot must fit on one page.
    count = len(labels) + int(spec.names) + (1.2 if spec.total else 0)
    row = min(pt(spec.rows.height), room / count)
    heights = [None] + ([row] if spec.names else []) + [row] * len(labels)
    if spec.total:
        heights.append(row * 1.2)
    table = Table(rows, colWidths=widths, rowHeights=heights)
    ink, tint = HexColor(INK), HexColor(PAPER_TINT)
    style: list[Any] = [("FONTNAME", (0, 0), (-1, -1), styles.regular), ("GRID", (0, 0), (-1, -1), 0.6, ink),
                        ("BACKGROUND", (0, 0), (-1, 0), ink), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                        ("BACKGROUND", (0, 1), (0, -1), tint)]
    if spec.total:
        style += [("LINEABOVE", (0, -1), (-1, -1), 1.6, ink), ("BACKGROUND", (1, -1), (-1, -1), tint)]
    table.setStyle(TableStyle(style))
    return table


def located_text_line(located, line: int) -> str:
    """One line of the sheet file as written (to tell a `foot: |` block from a quoted foot)."""
    from printgen.files.deckfiles import read_bytes
    from printgen.files.limits import MAX_FILE_BYTES

    try:        # read again as it was read (a file swapped for a pipe since is not waited on)
        lines = read_bytes(located.file, within=None, what="score sheet", limit=MAX_FILE_BYTES
                           ).decode("utf-8").splitlines()
    except (UserError, UnicodeDecodeError):
        return ""
    return lines[line - 1] if 0 < line <= len(lines) else ""


def _check_columns(spec: SheetFile, located, paper: tuple[float, float], margin: float) -> None:
    """Refuse more score columns than can be written in, and a first column wider than the page."""
    width = paper[0] - 2 * margin
    first = spec.columns.width if spec.columns.width else max(18.0, width * 0.12)
    if spec.columns.width is not None and not 0 < first <= width - MIN_COLUMN_MM:
        raise UserError(f"the first column is {first:g} mm wide; on this paper it must be more than 0 and at most "
                        f"{width - MIN_COLUMN_MM:g} mm", located.where(("columns", "width"), field="columns.width"))
    count = len(spec.columns.headings) if spec.columns.headings is not None else spec.columns.count
    most = int((width - first) // MIN_COLUMN_MM)
    if count < 1:
        raise UserError("the sheet has no columns to write in",
                        located.where(("columns", "headings"), field="columns.headings"),
                        "list at least one heading, or give 'heading' and 'count' instead")
    if count > most:
        key = ("columns", "headings") if spec.columns.headings is not None else ("columns", "count")
        turn = " (or orientation: landscape)" if spec.orientation == "portrait" else ""
        raise UserError(f"{count} columns do not fit: at most {most} fit across this paper{turn}, each "
                        f"{MIN_COLUMN_MM:g} mm wide to write in", located.where(key, field=".".join(key)),
                        "use fewer columns, or print two sheets")


def _check_rows(spec: SheetFile, located, paper: tuple[float, float], margin: float, foot_pt: float) -> None:
    """Refuse more rows than fit on one page at a height that can be written in."""
    from printgen.files.units import pt

    if spec.rows.height <= 0:
        raise UserError("the row height must be more than 0 mm", located.where(("rows", "height"), field="rows.height"))
    # As story() shares the room: the label rows, the names row and a total row 1.2 rows high.
    room = paper[1] - 2 * margin - TITLE_MM - foot_pt / pt(1)
    most = max(0, int(room / MIN_ROW_MM - int(spec.names) - (1.2 if spec.total else 0)))
    count = len(spec.rows.labels) if spec.rows.labels is not None else spec.rows.count
    if count + int(spec.names) + int(bool(spec.total)) < 1:
        raise UserError("the sheet has no rows to write in", located.where(("rows", "labels"), field="rows.labels"),
                        "list at least one label, or give 'label' and 'count' instead")
    if count > most:
        key = ("rows", "labels") if spec.rows.labels is not None else ("rows", "count")
        foot = " with these headings and this foot" if spec.foot else " with these headings"
        raise UserError(f"{count} rows do not fit: at most {most} fit on one page{foot}, each {MIN_ROW_MM:g} mm "
                        f"high to write in", located.where(key, field=".".join(key)),
                        "use fewer rows, shorter headings or foot, or print two sheets")
