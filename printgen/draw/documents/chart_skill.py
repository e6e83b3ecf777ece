"""The skill ladder on the chart (`printgen validate --skill --chart`): one row a rung, the
higher rung's win share against the rung below as a dot with its interval, over the band of
shares that would mean no skill (the fair share give or take the seat margin), shaded; each
player count's verdict heads its rows.

Why its own panel and colours: a rung above its band is good news (skill pays), so it is drawn in
green, not in the red of a warning; below the band (worse) is red, undecided amber as elsewhere.
The chart draws what the report's ladder says (printgen.commands.validate_skill.Ladder) and
judges nothing itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printgen.draw.documents.chart_judged import confidence_words
from printgen.draw.documents.chart_panels import BAND, FAIR, GREY, INK, UNSURE, filled
from printgen.files.units import pt
from printgen.sim.ladder import BETTER, WORSE, verdict_words
from printgen.sim.verdicts import UNDECIDED, pct

ROW_MM, HEAD_MM, AXIS_MM, COUNT_MM = 4.2, 12.0, 7.0, 5.0
GOOD = "#2E7D32"                     # a rung that wins clearly more than its share
COLOUR = {BETTER: GOOD, WORSE: FAIR, UNDECIDED: UNSURE}


def height_mm(skill: Mapping[int, Any]) -> float:
    """The panel's height for the ladders of a section (nothing when it has none)."""
    ladders = [ladder for ladder in skill.values() if ladder.rungs]
    if not ladders:
        return 0.0
    return HEAD_MM + AXIS_MM + sum(COUNT_MM + ROW_MM * len(ladder.rungs) for ladder in ladders)


def skill_panel(skill: Mapping[int, Any], font: str, bold: str, width_mm: float):
    """Every ladder of a section, one under the other, on one axis from 0 to 100 %."""
    from reportlab.graphics.shapes import Drawing, Line, String
    from reportlab.lib.colors import HexColor

    w, h = pt(width_mm), pt(height_mm(skill))
    d = Drawing(w, h)
    ladders = [(n, ladder) for n, ladder in skill.items() if ladder.rungs]
    z = ladders[0][1].rungs[0].verdict.z
    d.add(String(4, h - 9, "skill ladder: each rung in one seat against the rung below at the others",
                 fontName=bold, fontSize=9))
    d.add(String(4, h - 18, f"dot: the higher rung's share of the wins, whisker: its {confidence_words(z)} "
                            "interval; shaded: no better than chance (a fair share, give or take a quarter); "
                            "green: better, amber: undecided, red: worse", fontName=font, fontSize=6.5,
                 fillColor=HexColor(GREY)))
    x0, x1 = w * 0.22, w * 0.70

    def x(rate: float) -> float:
        return x0 + rate * (x1 - x0)
    top = h - pt(HEAD_MM)
    row = pt(ROW_MM)
    for n, ladder in ladders:
        d.add(String(4, top - pt(COUNT_MM) + 4, f"{n} players: {verdict_words(ladder.calls)}", fontName=bold,
                     fontSize=7.5, fillColor=HexColor(INK)))
        top -= pt(COUNT_MM)
        for rung in ladder.rungs:
            v = rung.verdict
            y = top - row * 0.5
            d.add(filled(x(v.band[0]), y - row * 0.45, x(v.band[1]) - x(v.band[0]), row * 0.9, BAND))
            colour = HexColor(COLOUR.get(rung.call, INK))
            d.add(String(x0 - 6, y - 2.3, f"{rung.bot} against {rung.opponent}", fontName=font, fontSize=6.5,
                         textAnchor="end", fillColor=HexColor(INK)))
            d.add(Line(x(v.low), y, x(v.high), y, strokeColor=HexColor(INK), strokeWidth=0.7))
            for end in (v.low, v.high):
                d.add(Line(x(end), y - 1.8, x(end), y + 1.8, strokeColor=HexColor(INK), strokeWidth=0.7))
            from reportlab.graphics.shapes import Circle

            d.add(Circle(x(v.rate), y, 2.0, fillColor=colour, strokeColor=None))
            d.add(String(x1 + 6, y - 2.3, f"{rung.call}: {pct(v.rate)} % of {v.trials:,} games "
                                          f"({pct(v.low)}-{pct(v.high)} %; chance {pct(v.band[0])}-{pct(v.band[1])} %)",
                         fontName=font, fontSize=6.5, fillColor=colour))
            top -= row
    d.add(Line(x0, top, x1, top, strokeColor=HexColor(INK), strokeWidth=0.5))
    for tick in range(0, 101, 20):
        d.add(Line(x(tick / 100), top, x(tick / 100), top - 2, strokeColor=HexColor(INK), strokeWidth=0.5))
        d.add(String(x(tick / 100), top - 9, f"{tick} %", fontName=font, fontSize=6.5, textAnchor="middle"))
    return d
