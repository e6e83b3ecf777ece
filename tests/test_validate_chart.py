"""The validate chart read as a designer reads it: nothing drawn over anything else, a row of panels
per player count at a readable height (pages added rather than rows squashed), the length axis
not stretched by a few freak games, every table of rates a finding carries drawn (Coppertwaddle's
card strength), an empty panel saying why, and the same glyphs in an SVG as in the PDF (outlines,
not a font name a viewer may not have)."""

from __future__ import annotations

import random
import re
from xml.dom import minidom

import numpy as np
import pypdfium2 as pdfium
import pytest

from printgen.commands.validate import Section
from printgen.draw.documents import chart
from printgen.draw.documents.chart_panels import length_bins
from printgen.draw.documents.chart_rates import rate_table, warned_names
from printgen.sim.metrics import summarise
from printgen.sim.report import Finding, Result

GROUPS = ["Oros", "Copas", "Espadas", "Bastos"]
NAMES = [f"{g} {r}" for g in GROUPS for r in range(1, 11)]


def _results(players: int, games: int, dead: bool, seed: int, freaks: bool = True) -> list[Result]:
    """Games with a long-tailed length (and a few freaks), a winner each, and cards held and used."""
    rng = random.Random(seed)
    out = []
    everything = (1 << len(NAMES)) - 1
    for i in range(games):
        length = 8 + int(rng.expovariate(1 / 6)) if i % 200 or not freaks else 400 + i    # every 200th a freak
        used = everything & ~(rng.getrandbits(len(NAMES)) & rng.getrandbits(len(NAMES))) if dead else everything
        out.append(Result(i, players, length, False, [0.0] * players, [rng.randrange(players)], [5] * players,
                          everything, used, length))
    return out


def section(counts: list[int], dead: bool = True, findings: dict | None = None, warnings=(), games: int = 400,
            freaks: bool = True) -> Section:
    summaries = {n: summarise(_results(n, games, dead, n, freaks), NAMES, [n.split()[0] for n in NAMES], "turns")
                 for n in counts}
    return Section("burro", "basic", counts, {n: [] for n in counts}, summaries, list(warnings), [],
                   unit="turns", findings=findings or {})


def strength(n_cards: int = 30) -> Finding:
    rng = random.Random(3)
    table = {}
    for c in range(n_cards):
        rate = 0.5 + rng.uniform(-0.12, 0.12)
        table[f"Card number {c}"] = {"win_rate": rate, "games": 900, "ci95": [rate - 0.03, rate + 0.03],
                                     "baseline": 0.5}
    table["Card never drawn"] = {"win_rate": None, "games": 0, "ci95": [0, 0], "baseline": 0.5}
    return Finding("info", "card strength with greedy bots (share of decided games won by the player who drew "
                           "the card; baseline 50 %): strongest ...", table, about="card")


# -- what lies on a page ---------------------------------------------------------------------------

def _boxes(drawing) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every string on a page with its box in page points, widgets expanded to what they draw."""
    from reportlab.graphics.shapes import Group, String, UserNode

    out = []

    def walk(node, matrix):
        if isinstance(node, UserNode):         # a chart widget: what it draws
            node = node.provideNode()
        if isinstance(node, Group):
            t = node.transform
            a, b, c, d, e, f = matrix
            matrix = (a * t[0] + c * t[1], b * t[0] + d * t[1], a * t[2] + c * t[3], b * t[2] + d * t[3],
                      a * t[4] + c * t[5] + e, b * t[4] + d * t[5] + f)
            for child in node.contents:
                walk(child, matrix)
        elif isinstance(node, String) and node.text.strip():
            x0, y0, x1, y1 = node.getBounds()
            a, b, c, d, e, f = matrix
            xs = [a * x + c * y + e for x in (x0, x1) for y in (y0, y1)]
            ys = [b * x + d * y + f for x in (x0, x1) for y in (y0, y1)]
            out.append((node.text, (min(xs), min(ys), max(xs), max(ys))))
    walk(drawing, (1, 0, 0, 1, 0, 0))
    return out


def _overlap(p, q, slack: float = 0.3) -> bool:
    return p[0] < q[2] - slack and q[0] < p[2] - slack and p[1] < q[3] - slack and q[1] < p[3] - slack


def _pages(sections):
    regular, bold = chart._fonts()
    return chart._with_default_font(regular, lambda: chart.pages(sections, "Baraja", regular, bold))


def _assert_readable(page) -> None:
    boxes = _boxes(page)
    title, rest = boxes[0], boxes[1:]
    assert title[0].startswith("Baraja: ")
    for text, box in rest:
        assert box[3] < title[1][1], f"'{text}' reaches into the title"
        assert box[0] >= 0 and box[2] <= page.width and box[1] >= 0, f"'{text}' runs off the page"
    clashes = [(a, b) for i, (a, p) in enumerate(rest) for b, q in rest[i + 1:] if _overlap(p, q)]
    assert not clashes, clashes[:5]


def test_seven_player_counts_take_two_pages_of_readable_rows_with_nothing_drawn_over_anything():
    s = section([2, 3, 4, 5, 6, 7, 8])
    laid = chart.layout(s)
    assert [len(p) for p in laid] == [4, 3]
    assert all(height >= chart.MIN_ROW for blocks in laid for _, height, _ in blocks)
    pages = _pages([s])
    assert len(pages) == 2
    assert _boxes(pages[0])[0][0] == "Baraja: burro (basic), page 1 of 2"
    for page in pages + _pages([section([2, 3, 4], games=2000, freaks=False)]):     # the heading, no note under it
        _assert_readable(page)
    assert "8 players" in [text for text, _ in _boxes(pages[1])]


def test_a_strength_table_gets_its_own_block_and_nothing_overlaps():
    s = section([2], findings={2: [strength(46)]})
    pages = _pages([s])
    for page in pages:
        _assert_readable(page)
    words = [text for page in pages for text, _ in _boxes(page)]
    assert "card strength with greedy bots, 2 players" in words
    assert "Card number 0" in words and "Card never drawn" not in words     # never drawn: no rate to place


def test_the_title_band_is_clear_of_ink_below_the_title(tmp_path):
    """Rasterised: between the title's lowest ink and the first row, nothing is drawn."""
    pdf = tmp_path / "chart.pdf"
    chart.write_chart([section([2, 3, 4, 5])], "Baraja", pdf)
    document = pdfium.PdfDocument(str(pdf))
    pixels = np.asarray(document[0].render(scale=150 / 72).to_pil().convert("L"))
    document.close()
    per_mm = 150 / 25.4
    band = pixels[int((chart.TITLE_MM + 2) * per_mm):int(chart.CONTENT_TOP * per_mm)]
    assert (band > 200).all(), "ink between the title and the first row"
    title = pixels[int((chart.TITLE_MM - 6) * per_mm):int(chart.TITLE_MM * per_mm)]
    assert (title < 128).any(), "no title"


# -- the panels ------------------------------------------------------------------------------------

def test_length_axis_is_robust_and_says_what_it_leaves_out():
    rng = random.Random(1)
    body = [rng.randint(200, 240) for _ in range(2000)]
    bins = length_bins(body + [1, 2, 900, 1000])                  # freaks at both ends
    assert bins["edges"][0] == min(body) and max(body) < bins["edges"][-1] <= max(body) + 3
    assert bins["under"] == 2 and bins["over"] == 2 and sum(bins["counts"]) == 2000
    # a tail that would widen the axis by less than a quarter is the shape of the games: all drawn
    tail = [10 + i % 11 for i in range(1900)] + [21 + i % 20 for i in range(100)]
    assert length_bins(tail)["over"] == 0 and length_bins(tail)["edges"][-1] > max(tail)
    # and never more than 1 % of the games left out at an end
    skewed = [10 + int(rng.expovariate(1 / 5)) for _ in range(2000)]
    assert 0 < length_bins(skewed)["over"] <= 20
    # lengths in steps (four tricks to a hand) are binned by the step: no bin between two values
    tricks = [84] + [88] * 4 + [92] * 26 + [96] * 121 + [100] * 404 + [104] * 796 + [108] * 648   # L'Ombre's
    bins = length_bins(tricks)
    assert bins["step"] == 4 and bins["edges"] == list(range(84, 113, 4))
    assert bins["counts"] == [1, 4, 26, 121, 404, 796, 648]
    s = section([4])
    words = [text for text, _ in _boxes(_pages([s])[0])]
    assert any(re.fullmatch(r"not drawn: \d+ games over \d+ \(up to 600\)", w) for w in words), words


def test_a_dead_panel_with_nothing_dead_says_so(tmp_path):
    words = [text for text, _ in _boxes(_pages([section([3], dead=False)])[0])]
    assert "no card was dead" in words
    assert "every card held was put to use in every game it was held" in words
    assert "no card was dead" not in [text for text, _ in _boxes(_pages([section([3])])[0])]


def test_a_rate_table_is_read_from_any_finding_of_that_shape_and_marks_warned_items():
    table = rate_table(strength(5), 2)
    assert table is not None and len(table.items) == 5 and table.baseline == 0.5
    assert [r for _, r, _, _ in table.items] == sorted((r for _, r, _, _ in table.items), reverse=True)
    assert rate_table(Finding("info", "x", {"ties": 3, "games": 9, "ci95": [0.1, 0.5]}), 2) is None
    assert rate_table(Finding("info", "x", 0.5), 2) is None
    warning = Finding("warning", "'Card number 3': its holder wins ...", 0.6, about="card")
    topical = Finding("warning", "something", 0.6, topic=("strong", "Card number 1"))
    assert warned_names(table, [warning, topical]) == {"Card number 3", "Card number 1"}


def test_coppertwaddle_chart_shows_its_card_strength(tmp_path):
    from printgen.commands.validate import ValidateOptions, validate

    # looks=1: the games asked and no more (what is checked is the chart, not the verdict)
    sections, loaded = validate("coppertwaddle", ValidateOptions(games=120, looks=1), None)
    regular, bold = chart._fonts()
    for page in chart._with_default_font(regular, lambda: chart.pages(sections, "Baraja", regular, bold)):
        _assert_readable(page)
    pdf = tmp_path / "chart.pdf"
    chart.write_chart(sections, loaded.title, pdf)
    document = pdfium.PdfDocument(str(pdf))
    text = "".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    document.close()
    assert "card strength with greedy bots, 2 players" in text
    assert "Father Time" in text


# -- fonts -----------------------------------------------------------------------------------------

def test_svg_text_is_drawn_from_glyph_outlines_defined_in_the_file(tmp_path):
    svg = tmp_path / "chart.svg"
    chart.write_chart([section([2, 3])], "Baraja", svg)
    text = svg.read_text()
    doc = minidom.parseString(text.encode("utf-8"))
    assert not doc.getElementsByTagName("text") and "font-family" not in text
    defined = {p.getAttribute("id") for p in doc.getElementsByTagName("path") if p.getAttribute("id")}
    used = {u.getAttribute("xlink:href").lstrip("#") for u in doc.getElementsByTagName("use")}
    assert used and used <= defined
    labels = {g.getAttribute("aria-label") for g in doc.getElementsByTagName("g")}
    assert {"fair share 50 %", "dead: held but never used (%)", "Baraja: burro (basic)"} <= labels


@pytest.mark.parametrize("font", ["Caladea-Regular", "Caladea-Bold"])
def test_glyph_outlines_draw_what_the_pdf_font_draws(tmp_path, font):
    """The same words drawn by the embedded font in a PDF and from the outlines the SVG carries
    cover the same pixels (composite glyphs, accents and all)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas

    from printgen.draw.documents.svg_outlines import GlyphReader

    chart._fonts()
    words, size = "Père Noël's Ågç: 95 % & 1,234 — Wø", 28
    face = pdfmetrics.getFont(font).face
    reader, scale = GlyphReader(face), size / face.unitsPerEm

    def raster(draw) -> np.ndarray:
        pdf = tmp_path / "w.pdf"
        canvas = Canvas(str(pdf), pagesize=(560, 60))
        draw(canvas)
        canvas.save()
        document = pdfium.PdfDocument(str(pdf))
        out = np.asarray(document[0].render(scale=2).to_pil().convert("L")) < 128
        document.close()
        return out

    def by_font(canvas) -> None:
        canvas.setFont(font, size)
        canvas.drawString(10, 18, words)

    def by_outline(canvas) -> None:
        x = 10.0
        for char in words:
            path = canvas.beginPath()
            for op, *nums in re.findall(r"([MLCZ])([^MLCZ]*)", reader.path_data(face.charToGlyph.get(ord(char), 0))):
                v = [float(t) for t in nums[0].split()]
                pts = [(x + v[i] * scale, 18 + v[i + 1] * scale) for i in range(0, len(v), 2)]
                if op == "M":
                    path.moveTo(*pts[0])
                elif op == "L":
                    path.lineTo(*pts[0])
                elif op == "C":
                    path.curveTo(*pts[0], *pts[1], *pts[2])
                else:
                    path.close()
            canvas.drawPath(path, stroke=0, fill=1, fillMode=0)      # non-zero winding, as the SVG says
            x += pdfmetrics.stringWidth(char, font, size)

    a, b = raster(by_font), raster(by_outline)
    assert a.sum() > 2000
    assert (a & b).sum() / (a | b).sum() > 0.93


# -- what the verdicts decided -----------------------------------------------------------------------

def _skewed(players: int, games: int, share: float, seed: int = 5) -> dict:
    """A summary in which seat 1 wins `share` of the games and the rest share the others evenly."""
    rng = random.Random(seed)
    everything = (1 << len(NAMES)) - 1
    results = []
    for i in range(games):
        winner = 0 if rng.random() < share else rng.randrange(1, players)
        results.append(Result(i, players, 10, False, [0.0] * players, [winner], [5] * players, everything,
                              everything & ~(1 << 3) & ~(rng.getrandbits(len(NAMES)) & rng.getrandbits(len(NAMES))),
                              10))
    return summarise(results, NAMES, [n.split()[0] for n in NAMES], "turns")


def _flat(drawing) -> list:
    """The shapes of a panel, widgets expanded, in the panel's own points (its groups are not moved)."""
    from reportlab.graphics.shapes import Group, UserNode

    out = []
    for node in drawing.contents:
        if isinstance(node, UserNode):
            node = node.provideNode()
        out += _flat(node) if isinstance(node, Group) else [node]
    return out


def test_seat_whiskers_are_the_verdict_intervals_with_the_band_shaded_and_the_doubtful_seats_marked():
    from reportlab.graphics.shapes import Line, Rect, String

    from printgen.draw.documents.chart_judged import seat_panel
    from printgen.draw.documents.chart_panels import BAND, FAIR, INK
    from printgen.sim.verdicts import looking

    with looking(5):
        m = _skewed(4, 600, 0.40)       # seat 1 clearly over a fair 25 % +- a quarter; seat 2 near 20 %
    decisions = [v["decision"] for v in m["seat_verdicts"]]
    assert decisions[0] == "warning" and "undecided" in decisions[1:]
    regular, _ = chart._fonts()
    shapes = _flat(seat_panel(m, regular, 72, 60))
    fair = next(s for s in shapes if isinstance(s, Line) and s.strokeDashArray and s.strokeColor.hexval() ==
                f"0x{FAIR[1:].lower()}")
    base = 34.0                                     # the plot's foot (chart.y)
    scale = (fair.y1 - base) / (m["fair_share"] * 100)
    whiskers = sorted((s for s in shapes if isinstance(s, Line) and s.x1 == s.x2 and s.y1 != s.y2
                       and s.strokeColor.hexval() == f"0x{INK[1:].lower()}" and s.y1 > base - 0.1 and s.x1 > 31),
                      key=lambda s: s.x1)
    assert len(whiskers) == 4
    for line, v in zip(whiskers, m["seat_verdicts"]):       # the verdict's interval, not the 95 % one
        assert abs((line.y1 - base) / scale - v["interval"][0] * 100) < 0.05
        assert abs((line.y2 - base) / scale - v["interval"][1] * 100) < 0.05
    band = next(s for s in shapes if isinstance(s, Rect) and s.fillColor is not None
                and s.fillColor.hexval() == f"0x{BAND[1:].lower()}")
    assert abs((band.y - base) / scale - m["seat_verdicts"][0]["band"][0] * 100) < 0.05
    assert abs((band.y + band.height - base) / scale - m["seat_verdicts"][0]["band"][1] * 100) < 0.05
    marks = {s.text: s.x for s in shapes if isinstance(s, String) and s.text in ("!", "?")}
    assert "!" in marks and abs(marks["!"] - whiskers[0].x1) < 0.01 and "?" in marks
    words = [s.text for s in shapes if isinstance(s, String)]
    assert "seat (whiskers: 99.8 % interval)" in words
    assert "shaded: fine, 18.8-31.2 %; ? undecided, ! warning" in words


def test_dead_cards_are_drawn_with_their_intervals_at_the_runs_z_and_the_90_percent_edge():
    from reportlab.graphics.shapes import Circle, Line, String

    from printgen.draw.documents.chart_judged import dead_panel, dead_rows
    from printgen.sim.stats import wilson
    from printgen.sim.verdicts import looking, z_for

    with looking(1):                                    # one look: 99 % intervals
        m = _skewed(3, 300, 0.34)
    z = z_for(0.01)
    rows = dead_rows(m, 8)
    cards = [r for r in rows if r[1]]
    assert cards and cards[0][0] == NAMES[3]            # never used: dead every time it is held
    for name, _, _, low, high, _ in cards:
        counts = m["dead_by_card"][name], m["held_by_card"][name]
        assert (low, high) == pytest.approx(wilson(*counts, z), abs=1e-5)
    assert cards[0][5] == "warning"
    regular, _ = chart._fonts()
    panel = dead_panel(m, regular, 81, 60)
    shapes = _flat(panel)
    x0, width = 60.0, panel.width - 70.0
    edge = [s for s in shapes if isinstance(s, Line) and s.strokeDashArray and s.x1 == s.x2]
    assert len(edge) == 1 and abs(edge[0].x1 - (x0 + 0.9 * width)) < 0.01
    dots = sorted(s.cx for s in shapes if isinstance(s, Circle))
    assert len(dots) == len(cards) and abs(max(dots) - (x0 + cards[0][2] * width)) < 0.01
    words = [s.text for s in shapes if isinstance(s, String)]
    assert "90 % edge" in words and "bar: a group, dot: a card; whiskers: 99 % interval" in words
    assert NAMES[3] in words and "!" in words


def test_a_strength_table_with_verdicts_shades_the_band_and_marks_undecided_cards_apart():
    from reportlab.graphics.shapes import Circle, Rect, String

    from printgen.draw.documents.chart_panels import BAND, FAIR, UNSURE
    from printgen.draw.documents.chart_rates import rates_panel

    found = strength(6)
    decisions = ["warning", "undecided", "fine", "fine", "undecided", "fine"]
    for row, decision in zip([r for r in found.figure.values() if r["win_rate"] is not None], decisions):
        rate = row["win_rate"]
        row["verdict"] = {"interval": [rate - 0.05, rate + 0.05], "band": [0.4, 0.6], "decision": decision,
                          "z": 3.0902}
    table = rate_table(found, 2)
    assert table.band == (0.4, 0.6) and table.confidence == "99.8 %"
    assert all(abs((hi - lo) - 0.1) < 1e-9 for _, _, lo, hi in table.items)     # the verdict's interval
    regular, bold = chart._fonts()
    shapes = _flat(rates_panel(table, set(), regular, bold, 200))
    band = [s for s in shapes if isinstance(s, Rect) and s.fillColor is not None
            and s.fillColor.hexval() == f"0x{BAND[1:].lower()}"]
    assert len(band) == 1
    colours = [s.fillColor.hexval() for s in shapes if isinstance(s, Circle)]
    assert colours.count(f"0x{UNSURE[1:].lower()}") == 2 and colours.count(f"0x{FAIR[1:].lower()}") + \
        colours.count("0x3f6e9a") == 1
    assert [s.text for s in shapes if isinstance(s, String)].count("?") == 2
    undecided = Finding("undecided", "'Card number 1': its holder wins ...", 0.6, about="card")
    assert warned_names(table, [undecided]) == set()        # undecided is not drawn as a warning


def test_single_rate_findings_are_drawn_one_row_each_with_interval_and_band():
    from printgen.draw.documents.chart_lines import label_of, rate_lines
    from printgen.sim.verdicts import decide, looking, pct

    with looking(1):
        tie = decide(170, 300, (0.0, 0.5))
        trumpet = decide(60, 300, (0.0, 0.1))
    assert tie.decision == "undecided" and trumpet.decision == "warning"
    found = {2: [Finding("info", "the stock runs out and the game is a tie in 57% of games (95 % CI 51%-62%)",
                         {"ties": 170, "games": 300, "ci95": list(wilson_95(170, 300))}),
                 Finding("undecided", "2 players: the game is a tie in 57% of 300 games (...)", 0.57,
                         verdict=tie.as_dict()),
                 Finding("warning", "the Trumpet runs out in 20% of 300 games, a tie each time (...)", 0.2,
                         verdict=trumpet.as_dict()),
                 Finding("info", "the first player wins 62% of the 280 games with one winner (95 % CI ...)",
                         {"first_wins": 174, "last_wins": 100, "decided": 280, "ci95": list(wilson_95(174, 280)),
                          "p": 0.01}, about="seat")]}
    s = section([2], findings=found)
    lines = rate_lines(s.findings, s.summaries)
    assert [(line.label, line.decision) for line in lines] == [
        ("the game is a tie", "undecided"), ("the Trumpet runs out", "warning"), ("the first player wins", "")]
    first = lines[2]
    assert (first.successes, first.trials) == (174, 280)        # the count whose interval the figure gives
    assert label_of("3 players: 'Glad Tidings' is held but never used in 78% of ...") == \
        "'Glad Tidings' is held but never used"
    pages = _pages([s])
    for page in pages:
        _assert_readable(page)
    words = [text for page in pages for text, _ in _boxes(page)]
    assert "rates the findings judge" in words
    assert f"? 56.7 % of 300 ({pct(tie.low)}-{pct(tie.high)} %); fine 0-50 %" in words
    assert f"! 20 % of 300 ({pct(trumpet.low)}-{pct(trumpet.high)} %); fine 0-10 %" in words
    low, high = first_interval(s, 174, 280)
    assert f"62.1 % of 280 ({pct(low)}-{pct(high)} %)" in words


def wilson_95(successes: int, trials: int) -> tuple[float, float]:
    from printgen.sim.stats import wilson

    return wilson(successes, trials)


def first_interval(s: Section, successes: int, trials: int) -> tuple[float, float]:
    """At the run's z (the seats' verdicts carry it), not the figure's 95 %."""
    from printgen.sim.stats import wilson

    return wilson(successes, trials, s.summaries[2]["seat_verdicts"][0]["z"])
