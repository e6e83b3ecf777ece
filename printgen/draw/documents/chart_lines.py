"""A game's findings that are one rate each (a tie rate, the first player's share of the wins),
drawn one row each: the rate as a dot, its interval as a whisker, and when the finding was decided
by a verdict (printgen.sim.verdicts) the band of acceptable values shaded and the decision in the
dot's colour and in words.

Why generic: the chart names no game. A finding is drawn when it carries a verdict (the counts,
interval and band it was decided by), or when its figure holds the counts behind a rate and that
rate's 95 % interval ({"ties": 31, "games": 300, "ci95": [...]}; the count is the one whose interval
is the one given). Such a rate is drawn at the run's z, as wide as every verdict of the run, so
one chart never mixes two widths of interval. A figure already drawn in a table of rates
(chart_rates.py) is not drawn again.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from printgen.draw.documents.chart_judged import MARK, confidence_words, run_z
from printgen.draw.documents.chart_panels import BAND, BAR, GREY, INK, filled
from printgen.draw.documents.chart_rates import RateTable, fitted
from printgen.files.units import pt
from printgen.sim.report import Finding
from printgen.sim.stats import Z95, wilson
from printgen.sim.verdicts import pct

ROW_MM = 4.2
HEAD_MM, AXIS_MM = 12.0, 6.0
TRIALS = ("games", "decided", "trials", "holdings", "hands")
_FIGURE = re.compile(r"\s+(in\s+)?\d[\d.,]*\s?%.*$")


@dataclass(frozen=True)
class RateLine:
    """One finding's rate: its counts, its interval (at `z`), and its band and decision when a
    verdict decided it ("" when none did)."""

    players: int
    label: str
    successes: float
    trials: int
    low: float
    high: float
    z: float
    band: tuple[float, float] | None = None
    decision: str = ""

    @property
    def rate(self) -> float:
        return self.successes / self.trials if self.trials else 0.0


def label_of(message: str) -> str:
    """The words of a finding before its figures: 'the first player wins 31 % of ...' -> 'the
    first player wins' (a leading 'N players: ' dropped: the row says the count itself)."""
    text = re.sub(r"^\d+ players:\s*", "", message)
    text = re.split(r"[(;:]", text, maxsplit=1)[0]
    return _FIGURE.sub("", text).strip(" ,")


def _counted(figure: Mapping[str, Any]) -> tuple[float, int] | None:
    """The counts behind a figure's 95 % interval: the trials under a known name, and the count
    whose Wilson interval is the one the figure gives (a figure may hold several counts)."""
    ci = figure.get("ci95")
    trials = next((figure[k] for k in TRIALS if isinstance(figure.get(k), int)), None)
    if not isinstance(ci, (list, tuple)) or len(ci) != 2 or not trials:
        return None
    for key, value in figure.items():
        if key in TRIALS or isinstance(value, bool) or not isinstance(value, (int, float)) or value > trials:
            continue
        low, high = wilson(value, trials, Z95)
        if abs(low - ci[0]) < 1e-3 and abs(high - ci[1]) < 1e-3:
            return float(value), int(trials)
    return None


def rate_line(finding: Finding, players: int, z: float) -> RateLine | None:
    """The finding as one row, or None when it is not one rate with its counts."""
    label = label_of(finding.message)
    v = finding.verdict
    if isinstance(v, Mapping) and v.get("trials"):
        band = v.get("band")
        return RateLine(players, label, float(v["successes"]), int(v["trials"]), float(v["interval"][0]),
                        float(v["interval"][1]), float(v.get("z", z)),
                        (float(band[0]), float(band[1])) if band else None, str(v.get("decision", "")))
    if isinstance(finding.figure, Mapping) and (counts := _counted(finding.figure)) is not None:
        low, high = wilson(counts[0], counts[1], z)
        return RateLine(players, label, counts[0], counts[1], low, high, z)
    return None


def rate_lines(findings: Mapping[int, Iterable[Finding]], summaries: Mapping[int, dict[str, Any]],
               tables: Iterable[RateTable] = ()) -> list[RateLine]:
    """Every single-rate finding of a section, by player count; a rate decided by a verdict once
    (its counted info line dropped) and none already drawn in a table."""
    drawn = {(t.players, float(row["verdict"]["successes"]), int(row["verdict"]["trials"]))
             for t in tables for row in t.finding.figure.values()
             if isinstance(row, Mapping) and isinstance(row.get("verdict"), Mapping)}
    out: list[RateLine] = []
    for n, found in findings.items():
        z = run_z(summaries.get(n, {}))
        lines = [line for f in found if (line := rate_line(f, n, z)) is not None]
        decided = {(line.successes, line.trials) for line in lines if line.decision}
        for line in lines:
            key = (line.successes, line.trials)
            if (n, *key) in drawn or (not line.decision and key in decided):
                continue
            out.append(line)
    return out


def height_mm(lines: list[RateLine]) -> float:
    return HEAD_MM + AXIS_MM + ROW_MM * len(lines)


def _axis(lines: list[RateLine]) -> tuple[float, float]:
    """From 0 to a round number above every interval and band edge, in percent, and the tick step."""
    top = max([line.high for line in lines] + [line.band[1] for line in lines if line.band and line.band[1] < 1])
    step = next(s for s in (1, 2, 5, 10, 20, 25) if top * 100 / s <= 6)
    return min(100.0, math.ceil(top * 100 / step + 1e-9) * step or step), step


def lines_panel(lines: list[RateLine], font: str, bold: str, width_mm: float):
    """All the rows of a section in one block, on one axis."""
    from reportlab.graphics.shapes import Drawing, String
    from reportlab.lib.colors import HexColor

    w, h = pt(width_mm), pt(height_mm(lines))
    d = Drawing(w, h)
    d.add(String(4, h - 9, "rates the findings judge", fontName=bold, fontSize=9))
    widths = sorted({confidence_words(line.z) for line in lines})
    d.add(String(4, h - 18, f"dot: rate, whisker: its {' / '.join(widths)} interval; shaded: the band of fine "
                            "rates, when the finding has one; ? amber: undecided, ! red: a warning",
                 fontName=font, fontSize=6.5, fillColor=HexColor(GREY)))
    _rows(d, lines, (w * 0.34, w * 0.66, h - pt(HEAD_MM)), font)
    return d


def _rows(d, lines: list[RateLine], box: tuple[float, float, float], font: str) -> None:
    from reportlab.graphics.shapes import Circle, Line, String
    from reportlab.lib.colors import HexColor

    x0, x1, top = box
    low, (high, step) = 0.0, _axis(lines)

    def x(rate: float) -> float:
        return x0 + (rate * 100 - low) / (high - low) * (x1 - x0)
    row = pt(ROW_MM)
    bottom = top - row * len(lines)
    for i, line in enumerate(lines):
        y = top - row * (i + 0.5)
        if line.band is not None:
            a, b = x(max(line.band[0], low / 100)), x(min(line.band[1], high / 100))
            d.add(filled(a, y - row * 0.45, b - a, row * 0.9, BAND))
        colour = MARK[line.decision][1] if line.decision in MARK else BAR
        d.add(String(x0 - 6, y - 2.3, fitted(f"{line.players} players: {line.label}", font, 6.5, x0 - 10),
                     fontName=font, fontSize=6.5, textAnchor="end", fillColor=HexColor(INK)))
        d.add(Line(x(line.low), y, x(line.high), y, strokeColor=HexColor(INK), strokeWidth=0.7))
        for end in (line.low, line.high):
            d.add(Line(x(end), y - 1.8, x(end), y + 1.8, strokeColor=HexColor(INK), strokeWidth=0.7))
        d.add(Circle(x(line.rate), y, 2.0, fillColor=HexColor(colour), strokeColor=None))
        said = f"{pct(line.rate)} % of {line.trials:,} ({pct(line.low)}-{pct(line.high)} %)"
        if line.band is not None:
            said += f"; fine {pct(line.band[0])}-{pct(line.band[1])} %"
        if line.decision in MARK:
            said = f"{MARK[line.decision][0]} {said}"
        d.add(String(x1 + 6, y - 2.3, said, fontName=font, fontSize=6.5, fillColor=HexColor(colour)))
    d.add(Line(x0, bottom, x1, bottom, strokeColor=HexColor(INK), strokeWidth=0.5))
    for k in range(round(high / step) + 1):
        tick = step * k
        d.add(Line(x(tick / 100), bottom, x(tick / 100), bottom - 2, strokeColor=HexColor(INK), strokeWidth=0.5))
        d.add(String(x(tick / 100), bottom - 9, f"{tick:g}", fontName=font, fontSize=6.5, textAnchor="middle"))
