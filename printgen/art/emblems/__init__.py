"""Vector emblems of royal houses, drawn where a card has no picture.

Every emblem shares one frame: a roundel whose outer band is the house
colour, a gold fillet, and an inner field (a pale tint of the house colour,
or the house colour itself behind white charges).  The charge inside uses
heraldic tinctures and one ink outline weight, so the emblems read as a set
and tie to the house colour used elsewhere on the card.

Shapes are designed on a 100 x 100 grid centred on the origin and scaled to
the requested size, so outline weights stay in proportion at any print size.
Only vector paths are used: no text (fonts would need embedding) and no
images.  Shapes are kept as plain lists of path operations so one outline
can be moved, mirrored and reused without copy-paste.

The parts: frame (the roundel), heraldry (shields, charges and the shields generated for
houses without a motif), flowers (roses, thistle, broom) and devices (crown, helm, tower,
horse).  This module holds the registry of motifs and draw_emblem, which the symbol registry
(printgen.art.symbols) calls.
"""

from __future__ import annotations

import re

from reportlab.pdfgen.canvas import Canvas

from printgen.art.emblems import devices, flowers, heraldry
from printgen.art.emblems.frame import GRID, Motif, backdrop, light_field
from printgen.art.emblems.heraldry import draw_generated, shield_design
from printgen.art.vector import round_pen

__all__ = ["draw_emblem", "motif_names", "shield_design"]

_HEX_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")

# every motif by name, gathered from the modules that draw them
_MOTIFS: dict[str, tuple[Motif, bool]] = {**heraldry.MOTIFS, **flowers.MOTIFS, **devices.MOTIFS}


def motif_names() -> list[str]:
    """Sorted list of the motif names draw_emblem accepts."""
    return sorted(_MOTIFS)


def draw_emblem(canvas: Canvas, motif: str | None, key: str, colour: str,
                x: float, y: float, size: float) -> None:
    """Draw an emblem inside the square with lower-left corner (x, y) and side `size`, in points.

    motif None generates a shield from `key`, so a house a teacher adds still
    gets an emblem of its own rather than a placeholder.  The caller's graphics
    state is restored afterwards.
    """
    if motif is not None and motif not in _MOTIFS:
        raise ValueError(f"unknown emblem motif {motif!r}; expected one of: {', '.join(motif_names())}")
    if not isinstance(colour, str) or not _HEX_RE.match(colour):
        raise ValueError(f"emblem colour must be '#RRGGBB', got {colour!r}")
    if not size > 0:
        raise ValueError(f"emblem size must be positive, got {size!r}")
    canvas.saveState()
    try:
        canvas.translate(x + size / 2.0, y + size / 2.0)
        canvas.scale(size / GRID, size / GRID)
        round_pen(canvas)
        if motif is None:
            backdrop(canvas, colour, light_field(colour))
            draw_generated(canvas, colour, key)
        else:
            draw, dark_field = _MOTIFS[motif]
            backdrop(canvas, colour, colour if dark_field else light_field(colour))
            draw(canvas, colour)
    finally:
        canvas.restoreState()
