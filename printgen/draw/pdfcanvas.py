"""A ReportLab canvas set up for print truth: reproducible bytes, embedded fonts only,
no scaling by the viewer, trim and bleed boxes per page."""

from __future__ import annotations

import io

from printgen.files.units import pt


def new_canvas(paper_mm: tuple[float, float], initial_font: str, title: str, subject: str):
    """A canvas writing to memory; the caller decides where (and whether) the bytes land."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    rl_config.useA85 = 0  # plain binary streams: faster and smaller than ASCII85 for pictures
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(pt(paper_mm[0]), pt(paper_mm[1])), invariant=1, pageCompression=1,
                    initialFontName=initial_font, initialFontSize=10)
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setCreator("printgen")
    canvas.setAuthor("printgen")
    canvas._printgen_buffer = buffer
    return canvas


def set_boxes(canvas, trim: tuple[float, float, float, float], bleed: tuple[float, float, float, float]) -> None:
    """TrimBox and BleedBox of the page being drawn (mm: x0, y0, x1, y1)."""
    canvas.setTrimBox(tuple(round(pt(v), 4) for v in trim))
    canvas.setBleedBox(tuple(round(pt(v), 4) for v in bleed))


def finish(canvas) -> bytes:
    canvas.save()
    return canvas._printgen_buffer.getvalue()
