"""A finding's table of rates, drawn: one dot per item (a card, say) at its rate, its 95 % interval
as a whisker, the baseline it is judged against as a dashed line.

Why generic: a game's report says what it measured through its findings (printgen.sim.report
Finding), and some findings carry a whole table in their figure, each row a rate with its
interval (Coppertwaddle's card strength: per card, the share of decided games its holder won).
The chart draws any finding whose figure has that shape, so a game that adds such a table gets it
drawn without the chart naming the game, and a verdict the text warns about is visible at a glance
where it stands among the rest.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from printgen.draw.documents.chart_panels import BAND, BAR, FAIR, GREY, INK, UNSURE, filled
from printgen.files.units import pt
from printgen.sim.report import Finding
from printgen.sim.verdicts import UNDECIDED, WARNING

ROW_MM = 3.4            # one item's line
HEAD_MM, AXIS_MM = 13.5, 6.0     # the headings above the items, the axis below them
CHROME_MM = HEAD_MM + AXIS_MM
PER_COLUMN = 24         # items in a column before another column is begun
MOST = 120              # items drawn at most: the highest and lowest, the rest counted
RATE_KEYS = ("rate", "win_rate", "share")


@dataclass
class RateTable:
    """The drawable part of a finding: items sorted from the highest rate down."""

    finding: Finding
    players: int
    items: list[tuple[str, float, float, float]]      # name, rate, interval low, high (fractions)
    baseline: float | None
    left_out: int = 0                                 # items between the highest and lowest not drawn
    # when the rows carry verdicts (printgen.sim.verdicts): the band of acceptable rates, each item's
    # decision, and the confidence of the intervals drawn (the verdicts', not a 95 % one)
    band: tuple[float, float] | None = None
    decisions: dict[str, str] = field(default_factory=dict)
    confidence: str = "95 %"

    @property
    def columns(self) -> int:
        return max(1, math.ceil(len(self.items) / PER_COLUMN))

    @property
    def height_mm(self) -> float:
        return CHROME_MM + ROW_MM * math.ceil(len(self.items) / self.columns)


def _rate(row: Mapping[str, Any]) -> float | None:
    for key in RATE_KEYS + tuple(k for k in row if k.endswith("_rate")):
        value = row.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    return None


def _pair(value: Any) -> tuple[float, float] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value):
        return float(value[0]), float(value[1])
    return None


def _interval(row: Mapping[str, Any]) -> tuple[float, float] | None:
    """The row's verdict interval when it has a verdict (what the report decided by), else its own."""
    verdict = row.get("verdict")
    if isinstance(verdict, Mapping) and _pair(verdict.get("interval")) is not None:
        return _pair(verdict.get("interval"))
    return _pair(row.get("ci95", row.get("interval")))


def rate_table(finding: Finding, players: int) -> RateTable | None:
    """The finding's figure as a RateTable when it is a table of rates with intervals (at least
    two rows), else None."""
    figure = finding.figure
    if not isinstance(figure, Mapping) or len(figure) < 2:
        return None
    items, baselines, bands, decisions, zs = [], set(), set(), {}, set()
    for name, row in figure.items():
        if not isinstance(row, Mapping):
            return None
        rate, ci = _rate(row), _interval(row)
        if ci is None or ("games" not in row and rate is None):
            return None
        if rate is None:            # an item never measured (a card never drawn): nothing to place
            continue
        items.append((str(name), rate, ci[0], ci[1]))
        if isinstance(row.get("baseline"), (int, float)):
            baselines.add(float(row["baseline"]))
        verdict = row.get("verdict")
        if isinstance(verdict, Mapping) and _pair(verdict.get("band")) is not None:
            bands.add(_pair(verdict.get("band")))
            decisions[str(name)] = str(verdict.get("decision", ""))
            zs.add(float(verdict.get("z", 0.0)))
    if len(items) < 2:
        return None
    items.sort(key=lambda item: (-item[1], item[0]))
    left_out = max(0, len(items) - MOST)
    if left_out:
        items = items[:MOST // 2] + items[-(MOST // 2):]
    table = RateTable(finding, players, items, baselines.pop() if len(baselines) == 1 else None, left_out)
    if len(bands) == 1 and len(decisions) == len(items) + left_out and len(zs) == 1:
        table.band, table.decisions = bands.pop(), decisions
        table.confidence = f"{(1 - math.erfc(zs.pop() / math.sqrt(2))) * 100:.4g} %"
    return table


def rate_tables(findings: Mapping[int, Iterable[Finding]]) -> list[RateTable]:
    return [t for n, found in findings.items() for f in found if (t := rate_table(f, n)) is not None]


def heading(message: str) -> tuple[str, str]:
    """A finding's message cut into its head (up to the first ':' outside brackets) and the words
    in brackets within it: ('card strength with greedy bots', 'share of decided games ...')."""
    depth, cut = 0, len(message)
    for i, char in enumerate(message):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == ":" and depth == 0:
            cut = i
            break
    head = message[:cut]
    inner = ""
    if "(" in head and head.rstrip().endswith(")"):
        inner = head[head.index("(") + 1:head.rstrip().rindex(")")]
        head = head[:head.index("(")]
    return head.strip(), inner.strip()


def warned_names(table: RateTable, warnings: Iterable[Finding]) -> set[str]:
    """The items a warning is about: named in its topic, or the name in quotes its message opens with.
    An undecided line is no warning: its item is drawn as undecided, not in bold red."""
    names = {name for name, *_ in table.items}
    out = set()
    for w in warnings:
        if w.level == UNDECIDED:
            continue
        out |= names & {str(t) for t in w.topic}
        out |= {name for name in names if w.message.startswith(f"'{name}'")}
    return out


def fitted(text: str, font: str, size: float, width: float) -> str:
    """`text`, cut short with an ellipsis when it is wider than `width` points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _axis(table: RateTable) -> tuple[float, float, float]:
    """Axis from, to, step in percent: round numbers around every interval and the baseline."""
    values = [v * 100 for _, _, lo, hi in table.items for v in (lo, hi)]
    if table.baseline is not None:
        values.append(table.baseline * 100)
    if table.band is not None:
        values += [table.band[0] * 100, table.band[1] * 100]
    low, high = min(values), max(values)
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50) if (high - low) / s <= 8)
    return max(0.0, math.floor(low / step) * step), min(100.0, math.ceil(high / step) * step) or step, step


def rates_panel(table: RateTable, warned: set[str], font: str, bold: str, width_mm: float):
    """The whole table, in columns of at most PER_COLUMN items."""
    from reportlab.graphics.shapes import Drawing, String
    from reportlab.lib.colors import HexColor

    w, h = pt(width_mm), pt(table.height_mm)
    d = Drawing(w, h)
    head, inner = heading(table.finding.message)
    d.add(String(4, h - 9, f"{head}, {table.players} players", fontName=bold, fontSize=9))
    base = "; dashed: the baseline" if table.baseline is not None else ""
    if table.band is not None:
        key = (f"dot: rate, whisker: its {table.confidence} interval (the report's){base}; shaded: the band of "
               f"fine rates; red, blue: a warning (above, below the band); amber with ?: undecided (the interval "
               f"reaches over an edge); bold red name: a warning of the report")
    else:
        key = (f"dot: rate, whisker: its 95 % interval{base}; red, blue: the interval lies wholly above, below "
               f"the baseline (one item at a time: across many items some will by chance); bold red name: a "
               f"warning of the report")
    if table.left_out:
        key += f"; {table.left_out} items between the highest and lowest {MOST // 2} not drawn"
    for line, words in enumerate(w for w in (inner, key) if w):
        d.add(String(4, h - 18 - 8 * line, fitted(words, font, 6.5, w - 8), fontName=font, fontSize=6.5,
                     fillColor=HexColor(GREY)))
    per = math.ceil(len(table.items) / table.columns)
    column_w = w / table.columns
    axis = _axis(table)
    for c in range(table.columns):
        _column(d, table, table.items[c * per:(c + 1) * per], warned, axis, font, bold,
                (c * column_w, column_w, h - pt(HEAD_MM)))
    return d


def _column(d, table: RateTable, items, warned: set[str], axis: tuple[float, float, float], font: str,
            bold: str, box: tuple[float, float, float]) -> None:
    from reportlab.graphics.shapes import Circle, Line, String
    from reportlab.lib.colors import HexColor

    left, width, top = box
    label_w = min(96.0, width * 0.42)
    x0, x1 = left + label_w, left + width - 14
    low, high, step = axis

    def x(percent: float) -> float:
        return x0 + (percent - low) / (high - low) * (x1 - x0)
    row = pt(ROW_MM)
    bottom = top - row * len(items)
    d.add(Line(x0, bottom, x1, bottom, strokeColor=HexColor(INK), strokeWidth=0.5))
    tick = low
    while tick <= high + 1e-9:
        d.add(Line(x(tick), bottom, x(tick), bottom - 2, strokeColor=HexColor(INK), strokeWidth=0.5))
        d.add(String(x(tick), bottom - 9, f"{tick:g}", fontName=font, fontSize=6.5, textAnchor="middle"))
        tick += step
    d.add(String(x1 + 4, bottom - 9, "%", fontName=font, fontSize=6.5))
    if table.band is not None:
        lo_x, hi_x = x(max(low, table.band[0] * 100)), x(min(high, table.band[1] * 100))
        d.add(filled(lo_x, bottom, hi_x - lo_x, top - bottom, BAND))
    if table.baseline is not None:
        d.add(Line(x(table.baseline * 100), bottom, x(table.baseline * 100), top, strokeColor=HexColor(FAIR),
                   strokeDashArray=[3, 2], strokeWidth=0.6))
    for i, (name, rate, lo, hi) in enumerate(items):
        y = top - row * (i + 0.5)
        colour = HexColor(_colour(table, name, lo, hi))
        face = bold if name in warned else font
        d.add(String(x0 - 4, y - 2.2, fitted(name, face, 6.5, label_w - 8), fontName=face, fontSize=6.5,
                     textAnchor="end", fillColor=HexColor(FAIR) if name in warned else HexColor(INK)))
        d.add(Line(x(lo * 100), y, x(hi * 100), y, strokeColor=colour, strokeWidth=0.8))
        d.add(Circle(x(rate * 100), y, 1.7, fillColor=colour, strokeColor=None))
        if table.decisions.get(name) == UNDECIDED:
            d.add(String(x(hi * 100) + 2.5, y - 2.2, "?", fontName=font, fontSize=6.5, fillColor=colour))


def _colour(table: RateTable, name: str, lo: float, hi: float) -> str:
    """Red above, blue below, by the item's verdict when the rows carry one (amber: undecided),
    else by where its interval lies against the baseline."""
    if table.band is not None:
        decision = table.decisions.get(name)
        if decision == WARNING:
            return FAIR if lo > table.band[1] else BAR
        return UNSURE if decision == UNDECIDED else GREY
    beyond = table.baseline is not None and (lo > table.baseline or hi < table.baseline)
    return FAIR if beyond and lo > (table.baseline or 0) else BAR if beyond else GREY
