"""Text in an SVG as the font's own glyph outlines, so the picture looks the same anywhere.

Why: ReportLab's SVG renderer writes each string as a <text> element that only names its font
(font-family: Caladea-Regular). A viewer without that font installed (nearly every one) draws
another font in its place, with other widths, so labels run into each other or past their panel.
A PDF embeds its fonts; an SVG can carry the glyphs themselves. Each glyph used is defined once,
in font units, as a <path> in <defs>, and every <text> becomes a group of <use> references placed
by the same advance widths the PDF is laid out with (ReportLab's own metrics, no kerning, as in
the PDF). The words stay in the file as each group's aria-label, so the SVG can still be searched
and read aloud.

The outlines are read from the TrueType 'glyf' table of the registered font (simple and composite
glyphs); quadratic curves become cubic ones, exactly.
"""

from __future__ import annotations

import re
import struct
from typing import Any
from xml.dom import minidom

# flags of a simple glyph's points
_ON, _X_SHORT, _Y_SHORT, _REPEAT, _X_SAME, _Y_SAME = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20
# flags of a composite glyph's components
_WORDS, _XY, _SCALE, _MORE, _XY_SCALE, _TWO_BY_TWO = 0x0001, 0x0002, 0x0008, 0x0020, 0x0040, 0x0080

Point = tuple[float, float, bool]           # x, y, on the curve


class GlyphReader:
    """The outlines of one TrueType font's glyphs, as SVG path data in font units (y up)."""

    def __init__(self, face: Any) -> None:
        self.face = face
        self.data: bytes = face._ttf_data
        self.glyf: int = face.table["glyf"]["offset"]
        self._contours: dict[int, list[list[Point]]] = {}

    def contours(self, glyph: int, depth: int = 0) -> list[list[Point]]:
        """Each closed contour of `glyph` as its points; composite glyphs resolved (to a sane depth)."""
        if glyph in self._contours:
            return self._contours[glyph]
        pos = self.face.glyphPos
        out: list[list[Point]] = []
        if 0 <= glyph < len(pos) - 1 and pos[glyph + 1] > pos[glyph] and depth < 8:
            start = self.glyf + pos[glyph]
            count = struct.unpack_from(">h", self.data, start)[0]
            out = self._simple(start + 10, count) if count >= 0 else self._composite(start + 10, depth)
        self._contours[glyph] = out
        return out

    def _simple(self, at: int, count: int) -> list[list[Point]]:
        data = self.data
        ends = struct.unpack_from(f">{count}H", data, at)
        at += 2 * count
        at += 2 + struct.unpack_from(">H", data, at)[0]          # skip the hinting instructions
        total = ends[-1] + 1 if ends else 0
        flags: list[int] = []
        while len(flags) < total:
            flag = data[at]
            at += 1
            flags.append(flag)
            if flag & _REPEAT:
                flags += [flag] * data[at]
                at += 1
        xs, at = _coordinates(data, at, flags, _X_SHORT, _X_SAME)
        ys, at = _coordinates(data, at, flags, _Y_SHORT, _Y_SAME)
        points = [(float(x), float(y), bool(f & _ON)) for x, y, f in zip(xs, ys, flags)]
        contours, first = [], 0
        for end in ends:
            contours.append(points[first:end + 1])
            first = end + 1
        return contours

    def _composite(self, at: int, depth: int) -> list[list[Point]]:
        data, out = self.data, []
        while True:
            flags, glyph = struct.unpack_from(">HH", data, at)
            at += 4
            if flags & _WORDS:
                dx, dy = struct.unpack_from(">hh", data, at)
                at += 4
            else:
                dx, dy = struct.unpack_from(">bb", data, at)
                at += 2
            if not flags & _XY:          # placed by matching points: rare in text fonts, placed unmoved
                dx = dy = 0
            a, b, c, d = 1.0, 0.0, 0.0, 1.0
            if flags & _SCALE:
                a = d = struct.unpack_from(">h", data, at)[0] / 16384
                at += 2
            elif flags & _XY_SCALE:
                a, d = (v / 16384 for v in struct.unpack_from(">hh", data, at))
                at += 4
            elif flags & _TWO_BY_TWO:
                a, b, c, d = (v / 16384 for v in struct.unpack_from(">hhhh", data, at))
                at += 8
            for contour in self.contours(glyph, depth + 1):
                out.append([(x * a + y * c + dx, x * b + y * d + dy, on) for x, y, on in contour])
            if not flags & _MORE:
                return out

    def path_data(self, glyph: int) -> str:
        """SVG path data of `glyph`: lines and cubic curves (each quadratic one raised exactly)."""
        parts: list[str] = []
        for contour in self.contours(glyph):
            parts += _contour_path(contour)
        return " ".join(parts)


def _coordinates(data: bytes, at: int, flags: list[int], short: int, same: int) -> tuple[list[int], int]:
    values, value = [], 0
    for flag in flags:
        if flag & short:
            delta = data[at]
            at += 1
            value += delta if flag & same else -delta
        elif not flag & same:
            value += struct.unpack_from(">h", data, at)[0]
            at += 2
        values.append(value)
    return values, at


def _num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _contour_path(contour: list[Point]) -> list[str]:
    """One TrueType contour (on- and off-curve points, two off-curve points in a row implying the
    on-curve one between them) as SVG path commands."""
    if not contour:
        return []
    points = list(contour)
    # begin on a point on the curve (if none is, on the midpoint of the first two)
    first = next((i for i, p in enumerate(points) if p[2]), None)
    if first is None:
        (x0, y0, _), (x1, y1, _) = points[0], points[1 % len(points)]
        points.insert(0, ((x0 + x1) / 2, (y0 + y1) / 2, True))
        first = 0
    points = points[first:] + points[:first]
    sx, sy, _ = points[0]
    out = [f"M{_num(sx)} {_num(sy)}"]
    px, py = sx, sy
    control: tuple[float, float] | None = None
    for x, y, on in points[1:] + [points[0]]:
        if on:
            if control is None:
                out.append(f"L{_num(x)} {_num(y)}")
            else:
                out.append(_cubic(px, py, control, x, y))
                control = None
            px, py = x, y
        elif control is None:
            control = (x, y)
        else:
            mx, my = (control[0] + x) / 2, (control[1] + y) / 2
            out.append(_cubic(px, py, control, mx, my))
            px, py, control = mx, my, (x, y)
    out.append("Z")
    return out


def _cubic(x0: float, y0: float, c: tuple[float, float], x1: float, y1: float) -> str:
    c1 = (x0 + 2 / 3 * (c[0] - x0), y0 + 2 / 3 * (c[1] - y0))
    c2 = (x1 + 2 / 3 * (c[0] - x1), y1 + 2 / 3 * (c[1] - y1))
    return f"C{_num(c1[0])} {_num(c1[1])} {_num(c2[0])} {_num(c2[1])} {_num(x1)} {_num(y1)}"


_STYLE = re.compile(r"\s*([\w-]+)\s*:\s*([^;]*)")


def _style(text: str) -> dict[str, str]:
    return {k: v.strip() for k, v in _STYLE.findall(text)}


def outline_text(svg: str) -> str:
    """`svg` (as ReportLab's renderer writes it) with every <text> drawn from glyph outlines
    defined once in <defs> (ids g<font>-<glyph>); the words kept as aria-labels."""
    from reportlab.pdfbase import pdfmetrics

    doc = minidom.parseString(svg.encode("utf-8"))
    root = doc.documentElement
    defs = doc.createElement("defs")
    readers: dict[str, tuple[str, GlyphReader]] = {}
    defined: set[str] = set()
    for text in list(doc.getElementsByTagName("text")):
        style = _style(text.getAttribute("style"))
        font_name = style.pop("font-family", "")
        size = float(style.pop("font-size", "10").removesuffix("px"))
        face = pdfmetrics.getFont(font_name).face  # type: ignore[attr-defined]  # a TTFont, whose face the stubs omit
        key, reader = readers.setdefault(font_name, (f"g{len(readers)}", GlyphReader(face)))
        words = "".join(node.data for node in text.childNodes if node.nodeType == node.TEXT_NODE)
        scale = size / face.unitsPerEm
        x, y = float(text.getAttribute("x") or 0), float(text.getAttribute("y") or 0)
        group = doc.createElement("g")
        # the glyphs are in font units, y up: one scale for the whole string, each glyph moved along
        group.setAttribute("transform", f"{text.getAttribute('transform')} translate({_num4(x)},{_num4(y)}) "
                                        f"scale({_num4(scale)},{_num4(-scale)})")
        group.setAttribute("style", "; ".join(f"{k}: {v}" for k, v in style.items()))
        group.setAttribute("aria-label", words)
        group.setAttribute("role", "img")
        advance = 0.0
        for char in words:
            glyph = face.charToGlyph.get(ord(char), 0)
            ident = f"{key}-{glyph}"
            if ident not in defined:
                path = doc.createElement("path")
                path.setAttribute("id", ident)
                path.setAttribute("d", reader.path_data(glyph))
                path.setAttribute("fill-rule", "nonzero")
                defs.appendChild(path)
                defined.add(ident)
            use = doc.createElement("use")
            use.setAttribute("xlink:href", f"#{ident}")
            if advance:
                use.setAttribute("x", _num(advance))
            group.appendChild(use)
            advance += pdfmetrics.stringWidth(char, font_name, size) / scale
        parent = text.parentNode
        assert parent is not None          # a <text> found in the document sits in it
        parent.replaceChild(group, text)
    if defined and root is not None:
        root.insertBefore(defs, root.firstChild)
    return doc.toxml(encoding="utf-8").decode("utf-8")


def _num4(v: float) -> str:
    return f"{v:.4f}".rstrip("0").rstrip(".")
