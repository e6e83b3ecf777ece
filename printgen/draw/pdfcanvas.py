"""A ReportLab canvas set up for print truth: reproducible bytes, embedded fonts only,
no scaling by the viewer, trim and bleed boxes per page."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from printgen.files.units import pt


class BufferedCanvas(Canvas):
    """A canvas that keeps the memory buffer it writes to, so finish() can hand back the bytes.

    Each page's drawing is compressed as soon as the page is finished, rather than when the whole
    file is saved: ReportLab keeps every page's operators as one uncompressed string until `save`,
    several MiB for a deck of thousands of cards (issue 30: peak memory). The stream made here is
    the one `save` would make (the same zlib call on the same text, the same dictionary), so the
    file is byte for byte the same."""

    buffer: io.BytesIO

    def showPage(self) -> None:
        super().showPage()
        if self._pageCompression:                         # type: ignore[attr-defined]
            _compress_now(self._doc.Pages.pages[-1])      # type: ignore[attr-defined]


def _compress_now(page) -> None:
    """The page's Contents stream made and compressed now, as PDFPage.check_format would at save."""
    from reportlab import rl_config
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFName, PDFStream, PDFZCompress

    if page.Override_default_compilation or page.Contents or not page.stream or rl_config.useA85:
        return                          # left to ReportLab as it is (an empty page gets its test stream)
    stream = PDFStream(content=PDFZCompress.encode(page.stream))
    stream.dictionary["Filter"] = PDFArray([PDFName(PDFZCompress.pdfname)])
    stream.__Comment__ = "page stream"                   # type: ignore[attr-defined]
    page.Contents, page.stream = stream, None


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
    # the file's bytes as `save` would write them into the buffer, without that copy (issue 30)
    return canvas.getpdfdata()
