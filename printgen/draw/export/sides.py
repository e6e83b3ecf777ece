"""Single sides of pieces as pictures of an exact pixel size, drawn as the sheets draw them.

Each side is one page of a PDF, a piece alone on a page its trim (or its trim and bleed), drawn
through the sheet pipeline's forms exactly as `pdf.piece_pdf` draws it for `preview --card`; the
pages are then rasterised by PDFium. Why one PDF for all the sides rather than `piece_pdf` per
card: the faces are resolved once (`faces.resolve_faces`, as the build does) and each distinct
side is one form drawn once, which makes a deck's pictures about ten times quicker, while the
drawing itself is the same code.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from PIL import Image

from printgen.draw.pdfcanvas import finish, new_canvas
from printgen.draw.sheets.faces import Faces
from printgen.draw.sheets.forms import Forms, guides
from printgen.files.units import pt
from printgen.model.deck import Deck
from printgen.model.imposition import Slot

MM_PER_POINT = 25.4 / 72


@dataclass(frozen=True)
class Shot:
    """One side of one piece to picture: its page is the piece's trim, plus its bleed when
    `bleed`; it is drawn at `px_per_mm` and cut to `width` x `height` pixels about its centre."""

    piece: int
    side: str                 # "front" or "back"
    bleed: bool
    px_per_mm: float
    width: int
    height: int


def sides_pdf(deck: Deck, faces: Faces, shots: Sequence[Shot], packed: bool) -> bytes:
    """One page per shot, each the piece alone at its size, with the glue tabs and fold lines a
    packed piece's front carries on the sheets (`forms.guides`)."""
    first = faces.kinds[shots[0].piece]
    canvas = new_canvas((first.shape.width, first.shape.height), faces.fonts.default(),
                        f"{deck.title}: pictures", "export")
    forms = Forms(canvas, "piece" if packed else "side")
    for shot in shots:
        kind = faces.kinds[shot.piece]
        b = kind.bleed if shot.bleed else 0.0
        canvas.setPageSize((pt(kind.shape.width + 2 * b), pt(kind.shape.height + 2 * b)))
        slot = Slot(b, b, kind.shape.width, kind.shape.height, 0)
        ops, fill = faces.side(shot.piece, shot.side)
        forms.place(kind, ops, fill, slot)
        if packed and shot.side == "front":
            guides(canvas, kind, slot)
        canvas.showPage()
    return finish(canvas)


def rasterise(pdf: bytes, shots: Sequence[Shot]) -> Iterator[Image.Image]:
    """Each page as an RGB picture of its shot's exact size: drawn at the shot's scale, then cut
    about its centre (a page a hair over its size in pixels loses that hair, never gains a row)."""
    import pypdfium2 as pdfium

    from printgen.draw.pdfium_lock import PDFIUM

    for index, shot in enumerate(shots):        # the lock held for one page at a time, never across a yield
        scale = shot.px_per_mm * MM_PER_POINT * (1 - 1e-9)
        with PDFIUM:
            document = pdfium.PdfDocument(pdf)
            try:
                drawn = document[index].render(scale=scale).to_pil().convert("RGB")
            finally:
                document.close()
        yield centred(drawn, shot.width, shot.height)


def centred(image: Image.Image, width: int, height: int) -> Image.Image:
    """`image` cut (or, were it smaller, set on white) to width x height about its centre."""
    if image.size == (width, height):
        return image
    out = Image.new("RGB", (width, height), "white")
    out.paste(image, ((width - image.width) // 2, (height - image.height) // 2))
    return out


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """A PNG with nothing in it but the pixels and their resolution: no time, no software name,
    so the same deck gives the same bytes."""
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=6, dpi=(round(dpi, 3), round(dpi, 3)))
    return out.getvalue()
