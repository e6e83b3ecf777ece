"""A ReportLab canvas set up for print truth: reproducible bytes, embedded fonts only,
no scaling by the viewer, trim and bleed boxes per page."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from printgen.files.units import pt


class BufferedCanvas(Canvas):
    """A canvas that keeps the memory buffer it writes to, so finish() can hand back the bytes."""

    buffer: io.BytesIO


def new_canvas(paper_mm: tuple[float, float], initial_font: str, title: str, subject: str) -> BufferedCanvas:
    """A canvas writing to memory; the caller decides where (and whether) the bytes land."""
    from reportlab import rl_config

    rl_config.useA85 = 0  # plain binary streams: faster and smaller than ASCII85 for pictures
    buffer = io.BytesIO()
    # types-reportlab declares initialFontName a float; ReportLab takes the font's name.
    canvas = BufferedCanvas(buffer, pagesize=(pt(paper_mm[0]), pt(paper_mm[1])), invariant=1, pageCompression=1,
                            initialFontName=initial_font, initialFontSize=10)  # type: ignore[arg-type]
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setCreator("printgen")
    canvas.setAuthor("printgen")
    canvas.buffer = buffer
    _press_if_printing(canvas)
    return canvas


def _press_if_printing(canvas: BufferedCanvas) -> None:
    """Under --colour cmyk (printgen/draw/press), every colour and picture is separated."""
    from printgen.draw.press import current_press

    press = current_press()
    if press is not None:
        from printgen.draw.press.canvas import install

        install(canvas, press)


def set_boxes(canvas, trim: tuple[float, float, float, float], bleed: tuple[float, float, float, float]) -> None:
    """TrimBox and BleedBox of the page being drawn (mm: x0, y0, x1, y1)."""
    canvas.setTrimBox(tuple(round(pt(v), 4) for v in trim))
    canvas.setBleedBox(tuple(round(pt(v), 4) for v in bleed))


def finish(canvas: BufferedCanvas) -> bytes:
    if getattr(canvas, "_printgen_press", None) is not None:
        from printgen.draw.press.canvas import mark_for_press

        mark_for_press(canvas)
    canvas.save()
    return canvas.buffer.getvalue()
