"""The chart of one simulated Castle Croquetnole game: the table to scale, its tiles, the gate and
door lines, and every coin's path over the game (knights solid, guards dashed, in their suit's
colour), as PDF, SVG or PNG by the file's suffix.

Why: a report says a gate costs four flicks or coins leave the table twice a game; the paths show
where they went wrong (bouncing off a post, a guard's long way round a castle).
"""

from __future__ import annotations

from pathlib import Path

from printgen.draw.documents.chart import _fonts, _with_default_font, check_chart_path
from printgen.files.units import pt
from printgen.games.croquetnole.table import Court, Point

PAGE = (210.0, 235.0)          # mm: a square table 190 mm across under a title
SIDE = 190.0
# The piecepack's suit colours (decks/piecepack/deck.yaml), by the castles' seat order.
COLOURS = {"Moons": "#1E1E1E", "Suns": "#C62828", "Crowns": "#2E7D32", "Arms": "#1F4E9C"}
SPARE = ("#7B1FA2", "#EF6C00", "#00838F", "#6D4C41")


def _drawing(court: Court, paths: list[tuple[str, list[Point]]], title: str, regular: str):
    from reportlab.graphics.shapes import Drawing, Line, PolyLine, Rect, String
    from reportlab.lib.colors import HexColor, black, white

    scale = SIDE / max(court.width, court.height)
    w, h = pt(PAGE[0]), pt(PAGE[1])
    left, top = pt((PAGE[0] - court.width * scale) / 2), pt(PAGE[1] - 30.0)

    def xy(p: Point) -> tuple[float, float]:
        return left + pt(p[0] * scale), top - pt(p[1] * scale)

    d = Drawing(w, h)

    def box(x: float, y: float, width: float, height: float, fill, stroke, line: float) -> None:
        shape = Rect(x, y, width, height)
        shape.fillColor, shape.strokeColor, shape.strokeWidth = fill, stroke, line
        d.add(shape)

    box(0, 0, w, h, white, None, 0)
    x0, y0 = xy((0.0, court.height))
    box(x0, y0, pt(court.width * scale), pt(court.height * scale), HexColor("#F4F1E8"), black, 0.8)
    for _, (a, b, c, e) in court.tiles:
        bx, by = xy((a, e))
        box(bx, by, pt((c - a) * scale), pt((e - b) * scale), HexColor("#C8B89A"), HexColor("#6B5B3E"), 0.5)
    owner = {}
    for index, castle in enumerate(court.castles):
        colour = HexColor(COLOURS.get(castle.name, SPARE[index % len(SPARE)]))
        owner[castle.knight_id] = (colour, True)
        owner[castle.guard_id] = (colour, False)
        for line, dashed in ((castle.gate, False), (castle.door, True)):
            (ax, ay), (bx2, by2) = xy(line.a), xy(line.b)
            segment = Line(ax, ay, bx2, by2, strokeColor=colour, strokeWidth=1.2)
            if dashed:
                segment.strokeDashArray = [2.0, 2.0]
            d.add(segment)
        tx, ty = xy(((castle.tower[0] + castle.tower[2]) / 2, (castle.tower[1] + castle.tower[3]) / 2))
        d.add(String(tx, ty - 3, castle.name, fontName=regular, fontSize=7, textAnchor="middle", fillColor=colour))
    for coin, points in paths:
        colour, knight = owner.get(coin, (black, True))
        flat = [v for p in points[:: max(1, len(points) // 60)] + [points[-1]] for v in xy(p)]
        trail = PolyLine(flat, strokeColor=colour, strokeWidth=0.7 if knight else 0.5)
        if not knight:
            trail.strokeDashArray = [1.5, 1.5]
        d.add(trail)
    d.add(String(pt(10), h - pt(12), title, fontName=regular, fontSize=11))
    d.add(String(pt(10), h - pt(19), "knights solid, guards dashed, in their suit's colour; gates solid lines, "
                 "doors dashed", fontName=regular, fontSize=8))
    return d


def replay_pdf(court: Court, paths: list[tuple[str, list[Point]]], title: str) -> bytes:
    from reportlab.graphics import renderPDF

    from printgen.draw.pdfcanvas import finish, new_canvas

    regular, _ = _fonts()

    def make() -> bytes:
        canvas = new_canvas(PAGE, regular, title, "Castle Croquetnole replay")
        renderPDF.draw(_drawing(court, paths, title, regular), canvas, 0, 0)
        canvas.showPage()
        return finish(canvas)
    return _with_default_font(regular, make)


def write_replay(court: Court, paths: list[tuple[str, list[Point]]], path: Path, title: str) -> None:
    from printgen.files.output import publish

    check_chart_path(path)
    suffix = path.suffix.lower()
    if suffix == ".svg":
        from reportlab.graphics import renderSVG

        from printgen.draw.documents.svg_outlines import outline_text

        regular, _ = _fonts()
        svg = _with_default_font(regular, lambda: outline_text(renderSVG.drawToString(
            _drawing(court, paths, title, regular))))
        publish({path: svg.encode("utf-8")})
        return
    pdf = replay_pdf(court, paths, title)
    if suffix == ".png":
        import io

        import pypdfium2 as pdfium

        from printgen.draw.pdfium_lock import PDFIUM

        with PDFIUM:
            document = pdfium.PdfDocument(pdf)
            image = document[0].render(scale=150 / 72).to_pil()
            document.close()
        out = io.BytesIO()
        image.save(out, format="PNG")
        publish({path: out.getvalue()})
    else:
        publish({path: pdf})
