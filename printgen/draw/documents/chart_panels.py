"""The length panel of one player count on a validation chart (how long games last) and what the
other panels share: the colours and the axes. The seat and dead panels, which draw verdicts, are in
chart_judged.py. Each panel is a ReportLab Drawing of the size it is given, in points; the page
(chart.py) places them.
"""

from __future__ import annotations

import math
from typing import Any

from printgen.files.units import pt
from printgen.sim.metrics import percentile

INK, BAR, FAIR, DEAD, GREY = "#1C2331", "#3F6E9A", "#B3202A", "#7D6200", "#6B7280"
BAND = "#DCEBDD"            # a band of acceptable values, shaded
UNSURE = "#C27C0E"          # a rate whose verdict is undecided
# The length axis is robust to a few freak games: it spans the middle half of the games and three
# times its spread either side (a "far out" fence), but never cuts more than 1 % of the games at
# either end, nor cuts at all what would widen the axis by less than a quarter (a long tail is the
# shape of the games, not an outlier); what lies beyond is counted and said under the heading.
FENCE, KEEP, WIDEN = 3.0, 0.01, 0.25
BINS = 20


def length_bins(lengths: list[int]) -> dict[str, Any]:
    """The histogram the chart draws: at most BINS equal bins of whole steps over a robust range
    (see FENCE), with the games shorter and longer than it counted in "under" and "over"; "step"
    is the spacing the lengths come in (1 for most games)."""
    if not lengths:
        return {"edges": [], "counts": [], "under": 0, "over": 0, "step": 1}
    q1, q3 = percentile(lengths, 0.25), percentile(lengths, 0.75)
    spread = max(q3 - q1, 1.0)
    lower = min(percentile(lengths, KEEP), q1 - FENCE * spread)
    upper = max(percentile(lengths, 1 - KEEP), q3 + FENCE * spread)
    low = min(v for v in lengths if v >= lower)
    high = max(v for v in lengths if v <= upper)
    span = max(1, high - low)
    if high - min(lengths) <= span * (1 + WIDEN):
        low = min(lengths)
    if max(lengths) - low <= span * (1 + WIDEN):
        high = max(lengths)
    # lengths that come in steps (tricks counted four to a hand) are binned in whole steps, so no
    # bin falls between two possible values and shows as a gap
    step = math.gcd(*(v - low for v in lengths if low <= v <= high)) or 1
    width = step * max(1, -(-((high - low) // step + 1) // BINS))
    edges = list(range(low, high + 1, width)) + [low + width * ((high - low) // width + 1)]
    counts = [0] * (len(edges) - 1)
    under = over = 0
    for v in lengths:
        if v < low:
            under += 1
        elif v > high:
            over += 1
        else:
            counts[(v - low) // width] += 1
    return {"edges": edges, "counts": counts, "under": under, "over": over, "step": step}


def filled(x: float, y: float, width: float, height: float, colour: str):
    """A rectangle filled with `colour` (hex), without an outline: a band, a bar."""
    from reportlab.graphics.shapes import Rect
    from reportlab.lib.colors import HexColor

    # types-reportlab types Rect's keywords without Unpack, so no keyword can match.
    return Rect(x, y, width, height, fillColor=HexColor(colour), strokeColor=None)  # type: ignore[arg-type]


def axis_font(chart, font: str) -> None:
    for labels in (chart.categoryAxis.labels, chart.valueAxis.labels):
        labels.fontName, labels.fontSize = font, 6.5


def nice_top(value: float) -> float:
    """An axis maximum a little above `value`, on a round number."""
    if value <= 0:
        return 1.0
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10 ** 4, 10 ** 5, 10 ** 6):
        if value * 1.08 <= step * 5:
            return step * (int(value * 1.08 / step) + 1)
    return value * 1.1


def _games(n: int) -> str:
    return f"{n:,} game{'s' if n != 1 else ''}"


def beyond_words(hist: dict[str, Any], low: int, high: int) -> str:
    """What the robust range leaves out, in words: 'not drawn: 3 games over 36 (up to 170)'."""
    parts = []
    edges = hist["edges"]
    if hist["under"]:
        parts.append(f"{_games(hist['under'])} under {edges[0]:,} (down to {low:,})")
    if hist["over"]:
        parts.append(f"{_games(hist['over'])} over {edges[-1] - hist['step']:,} (up to {high:,})")
    return "not drawn: " + ", ".join(parts) if parts else ""


def _one_length(d, lengths: list[int], unit: str, note: str, font: str, w: float, h: float) -> None:
    """Every game lasted the same: nothing to draw a histogram of, so say the one value."""
    from reportlab.graphics.shapes import String
    from reportlab.lib.colors import HexColor

    low = lengths[0]
    d.add(String(w / 2, h * 0.55, f"{low} {unit}", fontName=font, fontSize=18, textAnchor="middle",
                 fillColor=HexColor(BAR)))
    d.add(String(w / 2, h * 0.55 - 14, f"every one of the {len(lengths):,} games lasted exactly {low} {unit}",
                 fontName=font, fontSize=7.5, textAnchor="middle"))
    if note:
        d.add(String(w / 2, h * 0.55 - 24, f"({note})", fontName=font, fontSize=7, textAnchor="middle",
                     fillColor=HexColor(GREY)))
    d.add(String(4, h - 8, f"game length ({unit})", fontName=font, fontSize=7.5))


def length_panel(m: dict, unit: str, note: str, font: str, width_mm: float, height_mm: float):
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.graphics.shapes import Drawing, String
    from reportlab.lib.colors import HexColor

    w, h = pt(width_mm), pt(height_mm)
    d = Drawing(w, h)
    lengths = m["lengths"]
    if not lengths:
        d.add(String(w / 2, h / 2, "no game ended", fontName=font, fontSize=9, textAnchor="middle"))
        return d
    low, high = min(lengths), max(lengths)
    if low == high:
        _one_length(d, lengths, unit, note, font, w, h)
        return d
    hist = length_bins(lengths)
    edges, counts = hist["edges"], hist["counts"]
    width = edges[1] - edges[0]
    beyond = beyond_words(hist, low, high)
    chart = VerticalBarChart()
    top_room = 22 if beyond else 14         # the headings above the plot (one line, or two), clear of the top tick
    chart.x, chart.y, chart.width, chart.height = 34, 26, w - 42, h - 26 - top_room  # type: ignore[assignment]  # types-reportlab says int; any number is a position
    chart.data = [counts]
    step = hist["step"]
    labels = [f"{e:,}" if width == step else f"{e:,}-{e + width - step:,}" for e in edges[:-1]]
    chart.categoryAxis.categoryNames = _spaced(labels, chart.width, font)
    chart.bars[0].fillColor = HexColor(BAR)
    chart.bars[0].strokeColor = None
    chart.barSpacing = 0.5  # type: ignore[assignment]  # types-reportlab says int; ReportLab takes any number
    chart.groupSpacing = 1 if len(counts) > 12 else 4
    chart.valueAxis.valueMin = 0
    chart.valueAxis.valueMax = nice_top(max(counts))
    axis_font(chart, font)
    d.add(chart)
    d.add(String(chart.x + chart.width / 2, 3, f"game length ({unit})", fontName=font, fontSize=7.5,
                 textAnchor="middle"))
    heading = chart.y + chart.height + top_room - 8
    d.add(String(4, heading, "games", fontName=font, fontSize=7.5))
    length = m["length"]
    d.add(String(chart.x + chart.width, heading,
                 f"mean {length['mean']:.1f}, 95 % of games within {length['p95']:.0f}, longest {high:,}",
                 fontName=font, fontSize=6.5, textAnchor="end", fillColor=HexColor(GREY)))
    if beyond:
        d.add(String(chart.x + chart.width, heading - 8, beyond, fontName=font, fontSize=6.5, textAnchor="end",
                     fillColor=HexColor(GREY)))
    return d


def _spaced(labels: list[str], width: float, font: str, size: float = 6.5) -> list[str]:
    """Every k-th label (the last one too when it has room), k chosen so no two labels drawn touch:
    each label is centred under its bar and may be wider than it."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if not labels:
        return labels
    slot = width / len(labels)
    widest = max(stringWidth(lab, font, size) for lab in labels) + 4
    every = max(1, math.ceil(widest / slot))
    shown = [lab if i % every == 0 else "" for i, lab in enumerate(labels)]
    last = len(labels) - 1
    if last % every and (last % every) * slot >= widest:
        shown[last] = labels[last]
    return shown
