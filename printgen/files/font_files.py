"""Font files: read as every file is, checked to be a TrueType font, registered once per process.

Why apart from drawing text (printgen/draw/fonts.py): a layout names its font files, and loading
the layout (printgen/model/layouts.py) refuses a wrong one at its `fonts:` line, long before any
text is drawn. ReportLab embeds TrueType outlines only, so an OpenType (CFF) font or a font
collection is refused by name here, not as a parse error later.
"""

from __future__ import annotations

import io
from pathlib import Path

from printgen.files.errors import UserError, Where

MAX_FONT_BYTES = 64_000_000   # a card font is well under this (Noto Serif: 0.6 MB); a bigger file is a mistake

_registered: dict[Path, str] = {}


def register(path: Path) -> str:
    """Register a TTF with ReportLab (once) and return its PDF font name.

    Raises ValueError with a reason a person can read when the file is not a usable TrueType
    font; `check_font` turns that into an error naming the layout line."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    path = Path(path).resolve()
    name = _registered.get(path)
    if name is None:
        reason, data = _not_a_font(path)
        if reason:
            raise ValueError(reason)
        name = path.stem
        taken = set(_registered.values())
        counter = 2
        while name in taken:               # two files called Regular.ttf in different folders
            name = f"{path.stem}-{counter}"
            counter += 1
        try:
            font = TTFont(name, data)
        except Exception as exc:           # ReportLab's TTFError and struct errors on a damaged file
            raise ValueError(f"it could not be read as a TrueType font ({exc})") from None
        pdfmetrics.registerFont(font)
        _registered[path] = name
    return name


def _not_a_font(path: Path) -> tuple[str | None, io.BytesIO | None]:
    """(why the file is not a usable font, or None; its bytes). A quick look at the first bytes
    catches most wrong files before parsing. The file is read as every file of a deck is
    (printgen.files.deckfiles: a regular file, opened without waiting, at most MAX_FONT_BYTES), once:
    ReportLab parses what was checked, never a file swapped in since."""
    from printgen.files.deckfiles import in_memory

    try:
        data = in_memory(path, within=None, what="font", limit=MAX_FONT_BYTES)
    except UserError as exc:
        said = exc.message          # 'this is a named pipe, ...' said of the font: 'it is ...'
        return ("it " + said.removeprefix("this ") if said.startswith("this ") else said), None
    head = data.getvalue()[:4]
    if head == b"OTTO":
        return "it is an OpenType font with PostScript (CFF) outlines, which cannot be embedded here", None
    if head == b"ttcf":
        return "it is a font collection (.ttc), not a single font", None
    if head not in (b"\x00\x01\x00\x00", b"true"):
        return "it is not a TrueType font file", None
    return None, data


def check_font(path: Path, where: Where) -> str:
    """Register a layout's font file now, so a wrong file is an error at its `fonts:` line."""
    try:
        return register(path)
    except ValueError as exc:
        raise UserError(f"the font file '{Path(path).name}' cannot be used: {exc}", where,
                        "give a TrueType font file (.ttf), for example one from printgen/fonts/") from None
