"""TrueType fonts by the names templates use, registered once per process, with a fallback.

Only TTFs are used so that every font is embedded (subset) in the PDF; ReportLab's built-in
Helvetica is never embedded, so it must never be drawn with. A font file is read, checked and
registered by printgen/files/font_files.py (a layout's font is checked when the layout loads).

A layout's font (Caladea) covers Latin only. So that a caption in Greek or Cyrillic prints
instead of showing empty boxes, text is cut into runs: characters the layout's font lacks are
drawn in a shipped fallback family of the same style (Noto Serif), chosen from the fonts' own
character maps. Characters no shipped font has are reported by `missing`, so the caller can
name the card and field; invisible joiners and variation selectors that no font has are
simply left out.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from printgen.draw.ops import Frozen, set_field
from printgen.files.errors import UserError, Where, did_you_mean
from printgen.files.font_files import register
from printgen.files.paths import FONTS_DIR


def escape(text: str) -> str:
    """The three characters Platypus markup reserves, as entities. Written here rather than taken
    from xml.sax.saxutils, which imports urllib, http and ssl: a tenth of a short build's start-up."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# Fallback families, tried in order, one file per style. Data, not code: another family (a
# sans for symbols, say) is one more entry.
FALLBACK_FAMILIES: tuple[dict[str, str], ...] = (
    {
        "regular": "noto-serif/NotoSerif-Regular.ttf",
        "bold": "noto-serif/NotoSerif-Bold.ttf",
        "italic": "noto-serif/NotoSerif-Italic.ttf",
        "bold-italic": "noto-serif/NotoSerif-BoldItalic.ttf",
    },
)

class Metrics(Frozen):
    """A font's height above and below the baseline (frozen; written out, not a dataclass: see
    draw/ops.py)."""

    __slots__ = _fields = ("ascent", "descent")
    ascent: float   # per point of size
    descent: float  # negative, per point of size

    def __init__(self, ascent: float, descent: float) -> None:
        set_field(self, "ascent", ascent)
        set_field(self, "descent", descent)


class FontSet:
    """The fonts a layout names, resolved lazily: unused fonts cost no start-up time."""

    def __init__(self, files: dict[str, Path]):
        self.files = files
        self._names: dict[str, str] = {}

    def pdf_name(self, key: str, where: Where | Callable[[], Where] | None = None) -> str:
        """The registered name of the font `key`; `where` (or what makes it, called only for an
        error) says where the layout names it."""
        name = self._names.get(key)
        if name is None:
            if callable(where):
                where = where()
            if key not in self.files:
                raise UserError(f"unknown font '{key}'", where or Where(),
                                did_you_mean(key, self.files) or "fonts in this layout: " + ", ".join(self.files))
            try:
                name = register(self.files[key])
            except ValueError as exc:
                raise UserError(f"the font '{key}' ({self.files[key].name}) cannot be used: {exc}",
                                where or Where()) from None
            self._names[key] = name
        return name

    def default(self) -> str:
        """The font every canvas starts with, so even stray text is embedded."""
        key = "serif" if "serif" in self.files else next(iter(self.files))
        return self.pdf_name(key)


def metrics(pdf_name: str) -> Metrics:
    """The font's ascent and descent per point, made once per font: text fitting asks for them
    at every size it tries (a frozen value of a name that stays one font, as _face says)."""
    held = _metrics.get(pdf_name)
    if held is None:
        face = _face(pdf_name)
        held = _metrics[pdf_name] = Metrics(face.ascent / 1000.0, face.descent / 1000.0)
    return held


_metrics: dict[str, Metrics] = {}


# --- fallback ---------------------------------------------------------------------------------

def _face(pdf_name: str) -> Any:
    """The typeface of a registered font: its ascent and descent, and a TTF's glyph map. Kept
    by name (a name is registered once and stays that font): text fitting asks for it on
    every trial line."""
    face = _faces.get(pdf_name)
    if face is None:
        from reportlab.pdfbase import pdfmetrics

        face = _faces[pdf_name] = pdfmetrics.getFont(pdf_name).face  # type: ignore[attr-defined]  # the stubs omit it
    return face


_faces: dict[str, Any] = {}


def _cmap(pdf_name: str) -> dict:
    """Code point -> glyph of a registered TTF; empty for a font without one."""
    return getattr(_face(pdf_name), "charToGlyph", None) or {}


def covers(pdf_name: str, text: str) -> bool:
    """Whether the font has every character of `text` (asked for every trial line when fitting
    text: a set of the font's characters answers it in one step, not one look-up a character)."""
    chars = _chars.get(pdf_name)
    if chars is None:
        chars = _chars[pdf_name] = frozenset(chr(cp) for cp in _cmap(pdf_name) if 0 <= cp < 0x110000)
    return chars.issuperset(text)


_chars: dict[str, frozenset[str]] = {}


def style(pdf_name: str) -> str:
    """regular, bold, italic or bold-italic, read from the font file itself (weight, slant)."""
    from reportlab.pdfbase.ttfonts import FF_FORCEBOLD, FF_ITALIC

    face = _face(pdf_name)
    flags = getattr(face, "flags", 0)
    bold = bool(flags & FF_FORCEBOLD)
    italic = bool(flags & FF_ITALIC) or bool(getattr(face, "italicAngle", 0))
    return {(False, False): "regular", (True, False): "bold", (False, True): "italic"}.get((bold, italic),
                                                                                          "bold-italic")


@cache
def chain(pdf_name: str) -> tuple[str, ...]:
    """The font itself, then the fallback faces of its style (registered on first use)."""
    wanted = style(pdf_name)
    names = [pdf_name]
    for family in FALLBACK_FAMILIES:
        name = register(FONTS_DIR / family.get(wanted, family["regular"]))
        if name not in names:
            names.append(name)
    return tuple(names)


def _ignorable(ch: str) -> bool:
    """Invisible format characters (joiners, variation selectors): dropped when no font has them."""
    cp = ord(ch)
    return unicodedata.category(ch) == "Cf" or 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF


def _drawn(ch: str) -> bool:
    return unicodedata.category(ch) not in ("Cc",)


def _clusters(text: str) -> list[str]:
    """The text cut before every character that is not a combining mark: each piece is a letter
    with the accents typed after it (e + U+0351), which must be drawn in one font to sit together."""
    out: list[str] = []
    for ch in text:
        if out and unicodedata.category(ch)[0] == "M":
            out[-1] += ch
        else:
            out.append(ch)
    return out


@lru_cache(maxsize=8192)
def runs(text: str, pdf_name: str) -> tuple[tuple[str, str], ...]:
    """(font, text) pieces to draw `text` with `pdf_name` first and the fallbacks after.

    Spaces and punctuation stay in the font of the run they are in, so a Greek phrase is one
    run. A letter and its combining accents go to the first font that has them all, so an accent
    only the fallback has is drawn over a letter of the same font, not beside one of another. A
    character no font has stays in the layout's font (it prints as that font's empty box, and
    `missing` reports it), except invisible ones, which are left out."""
    if covers(pdf_name, text):
        return ((pdf_name, text),) if text else ()
    fonts = chain(pdf_name)
    maps = [_cmap(name) for name in fonts]
    pieces: list[list[str]] = []
    current: str | None = None
    for cluster in _clusters(text):
        ch = cluster[0]
        cp = ord(ch)
        font: str | None
        if current is not None and len(cluster) == 1 and unicodedata.category(ch)[0] in "ZP" and cp in _cmap(current):
            font = current
        else:
            font = next((name for name, cmap in zip(fonts, maps) if all(ord(c) in cmap for c in cluster)), None)
            if font is None and len(cluster) > 1:       # no font has them all: the letter's own
                font = next((name for name, cmap in zip(fonts, maps) if cp in cmap), None)
            if font is None:
                if _ignorable(ch):
                    continue
                font = pdf_name
        if font == current:
            pieces[-1][1] += cluster
        else:
            pieces.append([font, cluster])
            current = font
    return tuple((font, piece) for font, piece in pieces)


def missing(text: str, pdf_name: str) -> list[str]:
    """The distinct characters of `text` that no font in the chain can draw, in order."""
    return list(_missing(text, pdf_name))


def forget_missing() -> None:
    """Empty the caches of `missing` and `text_width` (see text.forget_fits)."""
    _missing.cache_clear()
    _widths.clear()


@lru_cache(maxsize=4096)
def _missing(text: str, pdf_name: str) -> tuple[str, ...]:
    """missing(), remembered: each text is checked twice (warning, then where to point it), and a
    deck repeats its house names and labels on every card."""
    if covers(pdf_name, text) or ("\n" in text and covers(pdf_name, text.replace("\n", ""))):
        return ()           # (a line break is never missing: it is not drawn)
    maps = [_cmap(name) for name in chain(pdf_name)]
    found: list[str] = []
    for ch in text:
        if ch not in found and _drawn(ch) and not _ignorable(ch) and not any(ord(ch) in m for m in maps):
            found.append(ch)
    return tuple(found)


def loose_marks(text: str) -> list[str]:
    """The distinct combining accents of `text` (already in NFC, see text.typographic) that stay
    separate from their letter: no letter has them built in, and without the font's placement
    tables, which ReportLab does not read, printgen draws them near the letter, not over it."""
    if text.isascii():
        return []
    found: list[str] = []
    for cluster in _clusters(text):
        found += [ch for ch in cluster[1:] if unicodedata.category(ch) in ("Mn", "Me") and ch not in found]
    return found


def describe(ch: str) -> str:
    """'😀 (U+1F600 GRINNING FACE)': the character, its code and, where known, its name."""
    name = unicodedata.name(ch, "")
    return f"'{ch}' (U+{ord(ch):04X}{' ' + name if name else ''})"


def text_width(text: str, pdf_name: str, size: float, tracking: float = 0.0) -> float:
    """The width of `text` in points, remembered until text.forget_fits: fitting measures a line
    again at every size it tries, the block's lines once more to see it fits and placing them
    once more to align them (91,000 measures of 19,000 distinct lines at 2,150 cards, issue 30).
    A width depends on nothing else (a font's name stands for one font throughout a process, as
    `_measures` and `covers` already take it), so a remembered one is the same to the last bit."""
    key = (text, pdf_name, size, tracking)
    width = _widths.get(key)
    if width is None:
        if len(_widths) >= _WIDTHS:         # bounded: a huge deck of distinct texts starts afresh
            _widths.clear()
        width = _widths[key] = _measure(text, pdf_name, size, tracking)
    return width


_widths: dict[tuple[str, str, float, float], float] = {}
_WIDTHS = 1 << 16


def _measure(text: str, pdf_name: str, size: float, tracking: float) -> float:
    """text_width, measured. The usual case (the main font has every character) is measured at
    once, with the same sums as the general one below (so the same widths to the last bit)."""
    if not text:
        return 0
    if covers(pdf_name, text):
        measure = _measures.get(pdf_name)
        if measure is None:     # the font's own stringWidth: what pdfmetrics.stringWidth calls
            from reportlab.pdfbase.pdfmetrics import getFont

            measure = _measures[pdf_name] = getFont(pdf_name).stringWidth
        width = measure(text, size)
        if tracking and len(text) > 1:
            width += tracking * (len(text) - 1)
        return width
    from reportlab.pdfbase.pdfmetrics import stringWidth

    pieces = runs(text, pdf_name)
    width = sum(stringWidth(piece, font, size) for font, piece in pieces)
    count = sum(len(piece) for _, piece in pieces)
    if tracking and count > 1:
        width += tracking * (count - 1)
    return width


_measures: dict[str, Any] = {}


def draw_string(canvas, x: float, y: float, text: str, pdf_name: str, size: float, tracking: float = 0.0) -> None:
    """canvas.drawString with the fallback: one call per run, each starting where the last ended.

    Text the main font covers is drawn exactly as before (one drawString), so existing PDFs
    keep their bytes."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    pieces = runs(text, pdf_name)
    if len(pieces) == 1 and pieces[0][0] == pdf_name:
        if not _text_line(canvas, x, y, text, pdf_name, tracking):
            canvas.drawString(x, y, text, charSpace=tracking)
        return
    for font, piece in pieces:
        canvas.setFont(font, size)
        canvas.drawString(x, y, piece, charSpace=tracking)
        x += stringWidth(piece, font, size) + tracking * len(piece)
    canvas.setFont(pdf_name, size)


def _text_line(canvas, x: float, y: float, text: str, pdf_name: str, tracking: float) -> bool:
    """Write what `canvas.drawString(x, y, text, charSpace=tracking)` writes for a TrueType font,
    operator for operator, without its text object; False (nothing written) where the canvas or
    ReportLab could write anything else. Why: a deck's own strings (each card's name and corner
    indexes) are drawn anew on every card, and drawString spends most of its time building the
    text object and measuring a width it throws away (issue 30). The subsets, the font's name in
    the page and the escaping are ReportLab's own functions, called as drawString calls them;
    tests/test_card_speed.py checks the bytes against drawString's."""
    plain = canvas.__dict__.get("_printgen_plain_text")
    if plain is None:
        plain = canvas.__dict__["_printgen_plain_text"] = _plain_canvas(canvas)
    if not plain or canvas._fontname != pdf_name or not canvas.bottomup:
        return False
    font = _ttf_fonts.get(pdf_name, _NOT_TTF)
    if font is _NOT_TTF:
        from reportlab.pdfbase.pdfmetrics import getFont

        found = getFont(pdf_name)
        font = _ttf_fonts[pdf_name] = found if getattr(found, "_dynamicFont", False) else None
    if font is None:
        return False
    escape, fp_str = _writing
    doc = canvas._doc
    head = f"{fp_str(canvas._fontsize)} Tf {fp_str(canvas._leading)} TL"
    shown: list[str] = []
    current = -1
    for subset, piece in font.splitString(text, doc):
        if subset != current:
            shown.append(f"{font.getSubsetInternalName(subset, doc)} {head}")
            current = subset
        shown.append(f"({escape(piece)}) Tj")
    at = fp_str(x, y)
    if tracking:
        spaced = fp_str(tracking)
        canvas._code.append(f"BT 1 0 0 1 {at} Tm {spaced} Tc {' '.join(shown)} T* 0 Tc ET")
    else:
        canvas._code.append(f"BT 1 0 0 1 {at} Tm {' '.join(shown)} T* ET")
    return True


_NOT_TTF = object()
_ttf_fonts: dict[str, Any] = {}      # a registered name's TrueType font, or None for any other kind
_writing: tuple[Any, Any] = (None, None)
_WRITERS = ("drawString", "beginText", "drawText", "_escape")   # what drawString's writing goes through


def _plain_canvas(canvas) -> bool:
    """Whether the canvas writes text as ReportLab's own Canvas does: none of its text methods
    replaced, on its class or on itself, and no right-to-left reordering installed."""
    global _writing
    from reportlab.lib.rl_accel import escapePDF, fp_str
    from reportlab.pdfgen import textobject
    from reportlab.pdfgen.canvas import Canvas

    _writing = (escapePDF, fp_str)
    return not textobject.rtlSupport and all(getattr(type(canvas), name) is getattr(Canvas, name) and
                                             name not in canvas.__dict__ for name in _WRITERS)


def markup(text: str, pdf_name: str) -> str:
    """`text` escaped for a Platypus Paragraph whose font at this point is `pdf_name`, with the
    runs only a fallback can draw wrapped in <font name=...> of the matching style."""
    out = []
    for font, piece in runs(text, pdf_name):
        if font == pdf_name:
            out.append(escape(piece))
        else:
            out.append(f'<font name="{font}">{escape(piece)}</font>')
    return "".join(out)
