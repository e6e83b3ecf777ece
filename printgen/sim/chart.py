"""The chart page of a validation: game length and win rate by seat, per player count.

Drawn with ReportLab's own graphics into a PDF (fonts embedded like every printgen PDF); a
.png path is rasterised from that PDF.
"""

from __future__ import annotations

from pathlib import Path

from printgen.load import FONTS_DIR
from printgen.render.fonts import register
from printgen.units import pt

INK, BAR, FAIR = "#1C2331", "#3F6E9A", "#B3202A"


def chart_pdf(sections, deck_title: str) -> bytes:
    from reportlab.graphics import shapes

    regular = register(FONTS_DIR / "caladea" / "Caladea-Regular.ttf")
    # The graphics renderer opens every drawing with its default font (Helvetica, never
    # embedded); point that default at an embedded font while the charts are drawn.
    saved = shapes.STATE_DEFAULTS["fontName"]
    shapes.STATE_DEFAULTS["fontName"] = regular
    try:
        return _chart_pdf(sections, deck_title, regular)
    finally:
        shapes.STATE_DEFAULTS["fontName"] = saved


def _chart_pdf(sections, deck_title: str, regular: str) -> bytes:
    from reportlab.graphics import renderPDF

    from printgen.render.pdfcanvas import finish, new_canvas
    from printgen.validate import histogram

    bold = register(FONTS_DIR / "caladea" / "Caladea-Bold.ttf")
    page = (297.0, 210.0)
    canvas = new_canvas(page, regular, f"{deck_title}: simulated play", "validation charts")
    for s in sections:
        canvas.setFont(bold, 16)
        canvas.drawString(pt(15), pt(page[1] - 18), f"{deck_title}: {s.game} ({s.variant})")
        row_h = (page[1] - 30) / max(1, len(s.counts))
        for row, n in enumerate(s.counts):
            m = s.summaries[n]
            top = page[1] - 26 - row * row_h
            canvas.setFont(bold, 10)
            canvas.drawString(pt(15), pt(top - 4), f"{n} players")
            hist = histogram(m["lengths"])
            labels = [str(e) for e in hist["edges"][:-1]]
            renderPDF.draw(_bars(hist["counts"], labels, "game length (steps)", "games", regular, 150, row_h - 10),
                           canvas, pt(15), pt(top - row_h + 2))
            renderPDF.draw(_bars([r * 100 for r in m["seat_win_rate"]], [str(i + 1) for i in range(n)],
                                 "seat", "% of games won", regular, 100, row_h - 10, fair=m["fair_share"] * 100),
                           canvas, pt(180), pt(top - row_h + 2))
        canvas.showPage()
    return finish(canvas)


def _bars(values, labels, x_title: str, y_title: str, font: str, width_mm: float, height_mm: float, fair=None):
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.graphics.shapes import Drawing, Line, String
    from reportlab.lib.colors import HexColor

    w, h = pt(width_mm), pt(max(height_mm, 20))
    drawing = Drawing(w, h)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 38, 22, w - 48, h - 32
    chart.data = [list(values) or [0]]
    chart.categoryAxis.categoryNames = list(labels) or [""]
    chart.bars[0].fillColor = HexColor(BAR)
    chart.bars[0].strokeColor = None
    chart.valueAxis.valueMin = 0
    top = max(max(values, default=0), fair or 0)
    chart.valueAxis.valueMax = top * 1.15 if top else 1
    for axis in (chart.categoryAxis.labels, chart.valueAxis.labels):
        axis.fontName, axis.fontSize = font, 6.5
    step = max(1, len(labels) // 8)
    chart.categoryAxis.labels.visible = 1
    chart.categoryAxis.categoryNames = [lab if i % step == 0 else "" for i, lab in enumerate(labels)]
    drawing.add(chart)
    drawing.add(String(chart.x + chart.width / 2, 4, x_title, fontName=font, fontSize=7.5, textAnchor="middle"))
    drawing.add(String(4, chart.y + chart.height + 3, y_title, fontName=font, fontSize=7.5))
    if fair is not None and chart.valueAxis.valueMax:
        y = chart.y + chart.height * fair / chart.valueAxis.valueMax
        drawing.add(Line(chart.x, y, chart.x + chart.width, y, strokeColor=HexColor(FAIR), strokeDashArray=[3, 2]))
        drawing.add(String(chart.x + chart.width, y + 2, "fair share", fontName=font, fontSize=6.5, textAnchor="end",
                           fillColor=HexColor(FAIR)))
    return drawing


def write_chart(sections, deck_title: str, path: Path) -> None:
    from printgen.output import publish

    pdf = chart_pdf(sections, deck_title)
    if path.suffix.lower() == ".png":   # every page (one per game and variant), one under the other
        import io

        import pypdfium2 as pdfium
        from PIL import Image

        document = pdfium.PdfDocument(pdf)
        pages = [document[i].render(scale=110 / 72).to_pil() for i in range(len(document))]
        document.close()
        sheet = Image.new("RGB", (max(p.width for p in pages), sum(p.height for p in pages)), "white")
        top = 0
        for page in pages:
            sheet.paste(page, (0, top))
            top += page.height
        out = io.BytesIO()
        sheet.save(out, format="PNG")
        publish({path: out.getvalue()})
    else:
        publish({path: pdf})
