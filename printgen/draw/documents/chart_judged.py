"""The two panels of one player count that draw what validate decided: each seat's share of the
wins and each group's and card's dead rate, every one with the interval its verdict was decided by
(Wilson at the run's z, not a 95 % one), the band of acceptable values shaded, and a rate whose
verdict is a warning or undecided marked apart ("!" red, "?" amber).

Why here and not in the report alone: the report says "undecided: seat 2 wins 37 % (99 % interval
28-48 %); fine is 25 to 42 %"; the chart shows the same interval reaching over the band's edge, so
a designer sees at a glance which rates are clear and which the games could not settle. Everything
is read from the summary's verdicts and counts (seat_verdicts, dead_by_card, held_by_card,
dead_by_group); nothing is judged here that the report did not judge by the same rule.
"""

from __future__ import annotations

import math
from typing import Any

from printgen.draw.documents.chart_panels import BAND, BAR, DEAD, FAIR, GREY, INK, UNSURE, axis_font, filled, nice_top
from printgen.draw.documents.chart_rates import fitted
from printgen.files.units import pt
from printgen.sim.metrics import DEAD_WARN, MIN_GAMES, mixed_seats
from printgen.sim.stats import wilson
from printgen.sim.verdicts import UNDECIDED, WARNING, Z, pct

MARK = {WARNING: ("!", FAIR), UNDECIDED: ("?", UNSURE)}


def run_z(m: dict[str, Any]) -> float:
    """The z every verdict of this run was decided at (the seat verdicts carry it; --looks widens
    it), so the dead rates' intervals are as wide as the seats'."""
    verdicts = m.get("seat_verdicts") or []
    return float(verdicts[0]["z"]) if verdicts and "z" in verdicts[0] else Z


def confidence_words(z: float) -> str:
    """'99.8 %': the confidence of an interval at z, as the report says it."""
    return f"{(1 - math.erfc(z / math.sqrt(2))) * 100:.4g} %"


def decision_of(low: float, high: float, band: tuple[float, float]) -> str:
    """The rule of printgen.sim.verdicts.decide, for a rate the summary gives only as counts."""
    if low > band[1] or high < band[0]:
        return WARNING
    return "fine" if band[0] <= low and high <= band[1] else UNDECIDED


def seats_judged(m: dict[str, Any]) -> bool:
    """Did the report judge the seats? Not below MIN_GAMES, nor when different bots sat in
    different seats (then a seat's share is its bot's): the chart then marks no seat."""
    return m.get("games", 0) >= MIN_GAMES and not mixed_seats(m.get("seat_bots", ()))


def seat_panel(m: dict, font: str, width_mm: float, height_mm: float):
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.graphics.shapes import Drawing, Line, String
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase.pdfmetrics import stringWidth

    w, h = pt(width_mm), pt(height_mm)
    d = Drawing(w, h)
    verdicts = m.get("seat_verdicts") or []
    rates = [r * 100 for r in m["seat_win_rate"]]
    if verdicts:
        cis = [(v["interval"][0] * 100, v["interval"][1] * 100) for v in verdicts]
        band = (verdicts[0]["band"][0] * 100, verdicts[0]["band"][1] * 100)
        decisions = [v["decision"] if seats_judged(m) else "fine" for v in verdicts]
    else:                       # figures from before verdicts: the 95 % interval, no band
        cis = [(lo * 100, hi * 100) for lo, hi in m.get("seat_win_ci95", [(r / 100, r / 100) for r in rates])]
        band, decisions = None, ["fine"] * len(rates)
    fair = m["fair_share"] * 100
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 30, 34, w - 36, h - 50  # type: ignore[assignment]  # types-reportlab says int; any number is a position
    chart.data = [rates or [0]]
    chart.categoryAxis.categoryNames = [str(i + 1) for i in range(len(rates))] or [""]
    chart.bars[0].strokeColor = None
    for i, decision in enumerate(decisions):
        chart.bars[(0, i)].fillColor = HexColor(MARK[decision][1] if decision in MARK else BAR)
    chart.valueAxis.valueMin = 0
    top = nice_top(max([hi for _, hi in cis] + [fair] + rates + ([band[1]] if band else [])) * 1.1)
    chart.valueAxis.valueMax = top
    axis_font(chart, font)
    scale = chart.height / top
    if band is not None:        # under the bars: the band shows between them
        d.add(filled(chart.x, chart.y + band[0] * scale, chart.width, (band[1] - band[0]) * scale, BAND))
    d.add(chart)
    slot = chart.width / max(1, len(rates))
    for i, (lo, hi) in enumerate(cis):
        x = chart.x + slot * (i + 0.5)
        for a, b in (((x, lo), (x, hi)), ((x - 3, lo), (x + 3, lo)), ((x - 3, hi), (x + 3, hi))):
            d.add(Line(a[0], chart.y + a[1] * scale, b[0], chart.y + b[1] * scale, strokeColor=HexColor(INK),
                       strokeWidth=0.6))
        if decisions[i] in MARK:
            sign, colour = MARK[decisions[i]]
            d.add(String(x, chart.y + hi * scale + 2.5, sign, fontName=font, fontSize=7.5, textAnchor="middle",
                         fillColor=HexColor(colour)))
    y = chart.y + fair * scale
    d.add(Line(chart.x, y, chart.x + chart.width, y, strokeColor=HexColor(FAIR), strokeDashArray=[3, 2]))
    key_y = chart.y + chart.height + 7          # above the plot, where no bar covers it
    right = chart.x + chart.width
    label = f"fair share {fair:.0f} %"
    d.add(String(right, key_y, label, fontName=font, fontSize=6.5, textAnchor="end", fillColor=HexColor(FAIR)))
    start = right - stringWidth(label, font, 6.5) - 3
    d.add(Line(start - 12, key_y + 2.2, start, key_y + 2.2, strokeColor=HexColor(FAIR), strokeDashArray=[3, 2]))
    d.add(String(4, key_y, "% of games won", fontName=font, fontSize=7.5))
    whisker = f"{confidence_words(run_z(m))} interval" if verdicts else "95 % interval"
    d.add(String(chart.x + chart.width / 2, 12, f"seat (whiskers: {whisker})", fontName=font, fontSize=7.5,
                 textAnchor="middle"))
    if band is not None:
        said = f"shaded: fine, {pct(band[0] / 100)}-{pct(band[1] / 100)} %"
        said += "; ? undecided, ! warning" if seats_judged(m) else "; not judged"
        d.add(String(chart.x + chart.width / 2, 3, said, fontName=font, fontSize=6.5, textAnchor="middle",
                     fillColor=HexColor(GREY)))
    return d


def dead_rows(m: dict[str, Any], room: int) -> list[tuple[str, bool, float, float, float, str]]:
    """The rows of the dead panel: every group, then the cards most worth a look (warned and
    undecided first, then the most often dead) as far as `room` rows allow. Each row: name, is a
    card, rate, interval low and high (at the run's z), decision against [0, DEAD_WARN]."""
    z, band = run_z(m), (0.0, DEAD_WARN)

    def row(name: str, card: bool, dead: int, held: int) -> tuple[str, bool, float, float, float, str]:
        low, high = wilson(dead, held, z)
        return name, card, dead / held, low, high, decision_of(low, high, band)
    groups = [row(g, False, dead, held) for g, (held, dead) in m.get("dead_by_group", {}).items() if held]
    held_by = m.get("held_by_card", {})
    cards = [row(c, True, dead, held_by[c]) for c, dead in m.get("dead_by_card", {}).items() if held_by.get(c)]
    order = {WARNING: 0, UNDECIDED: 1}
    cards.sort(key=lambda r: (order.get(r[5], 2), -r[2], r[0]))
    cards = [r for r in cards if r[2] > 0 or r[5] != "fine"]
    return groups + cards[:max(0, min(3, room - len(groups)))]


def dead_panel(m: dict, font: str, width_mm: float, height_mm: float):
    """Dead rate of each group (house, suit) and of the cards most often dead: of the times they
    were held, how often they were never put to use, with the interval the report decides by and
    the DEAD_WARN edge. A panel of rates all near nought would look like a failure to draw: it says
    in words that no card was dead."""
    from reportlab.graphics.shapes import Drawing, String
    from reportlab.lib.colors import HexColor

    w, h = pt(width_mm), pt(height_mm)
    d = Drawing(w, h)
    d.add(String(4, h - 8, "dead: held but never used (%)", fontName=font, fontSize=7.5))
    rates = m["dead_rate_by_group"]
    if not rates:
        d.add(String(w / 2, h / 2, "no card was held", fontName=font, fontSize=8, textAnchor="middle"))
        return d
    worst = max(rates.values())
    if worst * 100 < 0.5:          # no bar would show
        said = "no card was dead" if worst == 0 else "under 0.5 % in every group"
        d.add(String(w / 2, h / 2 + 4, said, fontName=font, fontSize=9, textAnchor="middle", fillColor=HexColor(DEAD)))
        d.add(String(w / 2, h / 2 - 7, f"every card held was put to use in {'every' if worst == 0 else 'nearly every'} "
                                       "game it was held", fontName=font, fontSize=7, textAnchor="middle",
                     fillColor=HexColor(GREY)))
        return d
    plot = (60.0, 30.0, w - 70.0, h - 44.0)          # x, y, width, height of the rows
    rows = dead_rows(m, max(1, int(plot[3] // 8)))
    _dead_rows(d, rows, plot, font)
    _dead_key(d, plot, w, h, font, confidence_words(run_z(m)))
    return d


def _dead_rows(d, rows, plot: tuple[float, float, float, float], font: str) -> None:
    from reportlab.graphics.shapes import Circle, Line, String
    from reportlab.lib.colors import HexColor

    x0, y0, width, height = plot

    def x(rate: float) -> float:
        return x0 + rate * width
    d.add(filled(x(0), y0, x(DEAD_WARN) - x(0), height, BAND))
    pitch = height / len(rows)
    size = min(6.5, max(4.5, pitch - 1.5))
    for i, (name, card, rate, low, high, decision) in enumerate(rows):
        y = y0 + height - pitch * (i + 0.5)
        colour = MARK[decision][1] if decision in MARK else DEAD
        d.add(String(x0 - 4, y - size * 0.35, fitted(name, font, size, x0 - 8), fontName=font, fontSize=size,
                     textAnchor="end", fillColor=HexColor(INK if not card else GREY)))
        if card:
            d.add(Circle(x(rate), y, 1.8, fillColor=HexColor(colour), strokeColor=None))
        else:
            d.add(filled(x0, y - pitch * 0.3, rate * width, pitch * 0.6, colour))
        d.add(Line(x(low), y, x(high), y, strokeColor=HexColor(INK), strokeWidth=0.6))
        for end in (low, high):
            d.add(Line(x(end), y - 2, x(end), y + 2, strokeColor=HexColor(INK), strokeWidth=0.6))
        if decision in MARK:
            d.add(String(x(high) + 3, y - 2.4, MARK[decision][0], fontName=font, fontSize=7,
                         fillColor=HexColor(MARK[decision][1])))
        if card and i and not rows[i - 1][1]:       # a rule between the groups and the cards
            d.add(Line(4, y + pitch / 2, x0 + width, y + pitch / 2, strokeColor=HexColor(GREY), strokeWidth=0.3))
    d.add(Line(x(DEAD_WARN), y0, x(DEAD_WARN), y0 + height, strokeColor=HexColor(FAIR), strokeDashArray=[3, 2]))
    d.add(Line(x0, y0, x0 + width, y0, strokeColor=HexColor(INK), strokeWidth=0.5))
    for tick in (0, 25, 50, 75, 100):
        d.add(Line(x(tick / 100), y0, x(tick / 100), y0 - 2, strokeColor=HexColor(INK), strokeWidth=0.5))
        d.add(String(x(tick / 100), y0 - 9, f"{tick}", fontName=font, fontSize=6.5, textAnchor="middle"))


def _dead_key(d, plot: tuple[float, float, float, float], w: float, h: float, font: str, confidence: str) -> None:
    from reportlab.graphics.shapes import Line, String
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase.pdfmetrics import stringWidth

    label = f"{DEAD_WARN * 100:.0f} % edge"
    d.add(String(w - 4, h - 8, label, fontName=font, fontSize=6.5, textAnchor="end", fillColor=HexColor(FAIR)))
    start = w - 4 - stringWidth(label, font, 6.5) - 3
    d.add(Line(start - 12, h - 5.8, start, h - 5.8, strokeColor=HexColor(FAIR), strokeDashArray=[3, 2]))
    d.add(String(plot[0] + plot[2] / 2, 12, f"bar: a group, dot: a card; whiskers: {confidence} interval",
                 fontName=font, fontSize=6.5, textAnchor="middle"))
    d.add(String(plot[0] + plot[2] / 2, 3, "shaded: fine; ? undecided, ! warning", fontName=font, fontSize=6.5,
                 textAnchor="middle", fillColor=HexColor(GREY)))
