"""The chart pages of a validation: per game and variant one landscape page, and on it per player
count three panels: how long games last, how often each seat wins (with its 95 % interval and the
fair share), and how often the cards of each group (house, suit) are dead.

Each page is one ReportLab Drawing, so the same picture becomes a PDF page (fonts embedded like
every printgen PDF), an SVG (ReportLab's renderSVG; several pages are stacked one under the other)
or a PNG (rasterised from the PDF). Any other file suffix is refused before any game is played.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printgen.files.errors import UserError
from printgen.files.font_files import register
from printgen.files.paths import FONTS_DIR
from printgen.files.units import pt
from printgen.sim.metrics import histogram, percentile

INK, BAR, FAIR, DEAD, GREY = "#1C2331", "#3F6E9A", "#B3202A", "#7D6200", "#6B7280"
PAGE = (297.0, 210.0)          # A4 landscape, mm
SUFFIXES = (".pdf", ".svg", ".png")
TAIL = 2.0                     # the length axis stops at the 99th percentile when the longest game is beyond twice it


def check_chart_path(path: Path) -> None:
    """A chart is written as PDF, SVG or PNG, chosen by the file's suffix; anything else is an error
    (never a PDF under another name)."""
    if path.suffix.lower() not in SUFFIXES:
        raise UserError(f"--chart '{path}': the chart can be written as .pdf, .svg or .png, not "
                        f"'{path.suffix or 'a file without a suffix'}'", hint="for example --chart report.pdf")


def length_bins(lengths: list[int]) -> dict[str, Any]:
    """The histogram the chart draws: whole-unit bins from the shortest game to the longest, but
    games longer than twice the 99th percentile are only counted ("over"), so one freak game does
    not stretch the axis far beyond where the bars end."""
    if not lengths:
        return histogram(lengths)
    limit = TAIL * percentile(lengths, 0.99)
    upper = max(v for v in lengths if v <= limit)
    return histogram(lengths, 20, upper if upper < max(lengths) else None)


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


def pages(sections, deck_title: str, regular: str, bold: str) -> list:
    """One Drawing per game and variant, A4 landscape."""
    from reportlab.graphics.shapes import Drawing, Group, String

    out = []
    w, h = pt(PAGE[0]), pt(PAGE[1])
    for s in sections:
        page = Drawing(w, h)
        page.add(String(pt(12), h - pt(14), f"{deck_title}: {s.game} ({s.variant})", fontName=bold, fontSize=16))
        rows = max(1, len(s.counts))
        row_h = min(90.0, (PAGE[1] - 24) / rows)
        for row, n in enumerate(s.counts):
            m = s.summaries[n]
            top = PAGE[1] - 20 - row * row_h
            page.add(String(pt(12), pt(top - 3), f"{n} players", fontName=bold, fontSize=10))
            panel_h = row_h - 7
            y = pt(top - 5 - panel_h)
            for x_mm, _width, panel in (
                    (12, 112, _length_panel(m, s.unit, s.note, regular, 112, panel_h)),
                    (128, 72, _seat_panel(m, regular, 72, panel_h)),
                    (204, 81, _dead_panel(m, regular, 81, panel_h))):
                group = Group(*panel.contents)
                group.transform = (1, 0, 0, 1, pt(x_mm), y)
                page.add(group)
        out.append(page)
    return out


def _axis_font(chart, font: str) -> None:
    for labels in (chart.categoryAxis.labels, chart.valueAxis.labels):
        labels.fontName, labels.fontSize = font, 6.5


def _nice_top(value: float) -> float:
    """An axis maximum a little above `value`, on a round number."""
    if value <= 0:
        return 1.0
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10 ** 4, 10 ** 5, 10 ** 6):
        if value * 1.08 <= step * 5:
            return step * (int(value * 1.08 / step) + 1)
    return value * 1.1


def _length_panel(m: dict, unit: str, note: str, font: str, width_mm: float, height_mm: float):
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.graphics.shapes import Drawing, String
    from reportlab.lib.colors import HexColor

    w, h = pt(width_mm), pt(height_mm)
    d = Drawing(w, h)
    lengths = m["lengths"]
    title = f"game length ({unit})"
    if not lengths:
        d.add(String(w / 2, h / 2, "no game ended", fontName=font, fontSize=9, textAnchor="middle"))
        return d
    low, high = min(lengths), max(lengths)
    if low == high:      # nothing to draw a histogram of: say the one value
        d.add(String(w / 2, h * 0.55, f"{low} {unit}", fontName=font, fontSize=18, textAnchor="middle",
                     fillColor=HexColor(BAR)))
        d.add(String(w / 2, h * 0.55 - 14, f"every one of the {len(lengths):,} games lasted exactly {low} {unit}",
                     fontName=font, fontSize=7.5, textAnchor="middle"))
        if note:
            d.add(String(w / 2, h * 0.55 - 24, f"({note})", fontName=font, fontSize=7, textAnchor="middle",
                         fillColor=HexColor(GREY)))
        d.add(String(4, h - 8, title, fontName=font, fontSize=7.5))
        return d
    hist = length_bins(lengths)
    edges, counts = hist["edges"], hist["counts"]
    width = edges[1] - edges[0]
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 34, 26, w - 42, h - 40  # type: ignore[assignment]  # types-reportlab says int; any number is a position
    chart.data = [counts]
    labels = [f"{e:,}" if width == 1 else f"{e:,}-{e + width - 1:,}" for e in edges[:-1]]
    every = max(1, -(-len(labels) // 6))
    chart.categoryAxis.categoryNames = [lab if i % every == 0 or i == len(labels) - 1 and i % every > every // 2
                                        else "" for i, lab in enumerate(labels)]
    chart.bars[0].fillColor = HexColor(BAR)
    chart.bars[0].strokeColor = None
    chart.barSpacing = 0.5  # type: ignore[assignment]  # types-reportlab says int; ReportLab takes any number
    chart.groupSpacing = 1 if len(counts) > 12 else 4
    chart.valueAxis.valueMin = 0
    chart.valueAxis.valueMax = _nice_top(max(counts))
    _axis_font(chart, font)
    d.add(chart)
    d.add(String(chart.x + chart.width / 2, 3, title, fontName=font, fontSize=7.5, textAnchor="middle"))
    d.add(String(4, chart.y + chart.height + 5, "games", fontName=font, fontSize=7.5))
    length = m["length"]
    d.add(String(chart.x + chart.width, chart.y + chart.height + 5,
                 f"mean {length['mean']:.1f}, 95 % of games within {length['p95']:.0f}, longest {high:,}",
                 fontName=font, fontSize=6.5, textAnchor="end", fillColor=HexColor(GREY)))
    if hist["over"]:
        d.add(String(chart.x + chart.width, chart.y + chart.height - 6,
                     f"not drawn: {hist['over']:,} longer game{'s' if hist['over'] != 1 else ''} "
                     f"(over {edges[-1] - 1:,}, up to {high:,})",
                     fontName=font, fontSize=6.5, textAnchor="end", fillColor=HexColor(GREY)))
    return d


def _seat_panel(m: dict, font: str, width_mm: float, height_mm: float):
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.graphics.shapes import Drawing, Line, String
    from reportlab.lib.colors import HexColor

    w, h = pt(width_mm), pt(height_mm)
    d = Drawing(w, h)
    rates = [r * 100 for r in m["seat_win_rate"]]
    cis = [(lo * 100, hi * 100) for lo, hi in m.get("seat_win_ci95", [(r / 100, r / 100) for r in rates])]
    fair = m["fair_share"] * 100
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 30, 26, w - 36, h - 40  # type: ignore[assignment]  # types-reportlab says int; any number is a position
    chart.data = [rates or [0]]
    chart.categoryAxis.categoryNames = [str(i + 1) for i in range(len(rates))] or [""]
    chart.bars[0].fillColor = HexColor(BAR)
    chart.bars[0].strokeColor = None
    chart.valueAxis.valueMin = 0
    top = _nice_top(max([hi for _, hi in cis] + [fair] + rates))
    chart.valueAxis.valueMax = top
    _axis_font(chart, font)
    d.add(chart)
    scale = chart.height / top
    # the 95 % interval of each seat's rate, as a whisker over its bar
    slot = chart.width / max(1, len(rates))
    for i, (lo, hi) in enumerate(cis):
        x = chart.x + slot * (i + 0.5)
        for a, b in (((x, lo), (x, hi)), ((x - 3, lo), (x + 3, lo)), ((x - 3, hi), (x + 3, hi))):
            d.add(Line(a[0], chart.y + a[1] * scale, b[0], chart.y + b[1] * scale, strokeColor=HexColor(INK),
                       strokeWidth=0.6))
    y = chart.y + fair * scale
    d.add(Line(chart.x, y, chart.x + chart.width, y, strokeColor=HexColor(FAIR), strokeDashArray=[3, 2]))
    # the legend sits above the plot, where no bar can cover it and nothing clips it
    key_y = chart.y + chart.height + 5
    right = chart.x + chart.width
    label = f"fair share {fair:.0f} %"
    d.add(String(right, key_y, label, fontName=font, fontSize=6.5, textAnchor="end", fillColor=HexColor(FAIR)))
    from reportlab.pdfbase.pdfmetrics import stringWidth

    start = right - stringWidth(label, font, 6.5) - 3
    d.add(Line(start - 12, key_y + 2.2, start, key_y + 2.2, strokeColor=HexColor(FAIR), strokeDashArray=[3, 2]))
    d.add(String(4, key_y, "% of games won", fontName=font, fontSize=7.5))
    d.add(String(chart.x + chart.width / 2, 3, "seat (whiskers: 95 % interval)", fontName=font, fontSize=7.5,
                 textAnchor="middle"))
    return d


def _dead_panel(m: dict, font: str, width_mm: float, height_mm: float):
    """Dead rate of each group (house, suit): of the times its cards were held, how often they were
    never put to use; the most often dead cards are named above."""
    from reportlab.graphics.charts.barcharts import HorizontalBarChart
    from reportlab.graphics.shapes import Drawing, String
    from reportlab.lib.colors import HexColor

    w, h = pt(width_mm), pt(height_mm)
    d = Drawing(w, h)
    groups = list(m["dead_rate_by_group"].items())
    d.add(String(4, h - 8, "dead: held but never used (%)", fontName=font, fontSize=7.5))
    if not groups:
        d.add(String(w / 2, h / 2, "no card was held", fontName=font, fontSize=8, textAnchor="middle"))
        return d
    cards = sorted(m["dead_rate_by_card"].items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    d.add(String(4, h - 17, "most: " + ", ".join(f"{name} {rate:.0%}" for name, rate in cards),
                 fontName=font, fontSize=6.5, fillColor=HexColor(GREY)))
    chart = HorizontalBarChart()
    label_w = 52
    chart.x, chart.y, chart.width, chart.height = label_w, 14, w - label_w - 10, h - 36  # type: ignore[assignment]  # types-reportlab says int; any number is a position
    groups.reverse()                       # the first group at the top
    chart.data = [[rate * 100 for _, rate in groups]]
    chart.categoryAxis.categoryNames = [name for name, _ in groups]
    chart.bars[0].fillColor = HexColor(DEAD)
    chart.bars[0].strokeColor = None
    chart.valueAxis.valueMin = 0
    chart.valueAxis.valueMax = 100
    chart.valueAxis.valueStep = 25
    _axis_font(chart, font)
    chart.categoryAxis.labels.fontSize = 6 if len(groups) > 6 else 6.5
    d.add(chart)
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
        return renderSVG.drawToString(sheet).encode("utf-8")
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
