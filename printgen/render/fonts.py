"""TrueType fonts by the names templates use, registered once per process.

Only TTFs are used so that every font is embedded (subset) in the PDF; ReportLab's built-in
Helvetica is never embedded, so it must never be drawn with.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printgen.errors import UserError, Where, did_you_mean

_registered: dict[Path, str] = {}


@dataclass(frozen=True)
class Metrics:
    ascent: float   # per point of size
    descent: float  # negative, per point of size


def register(path: Path) -> str:
    """Register a TTF with ReportLab (once) and return its PDF font name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    path = Path(path).resolve()
    name = _registered.get(path)
    if name is None:
        name = path.stem
        pdfmetrics.registerFont(TTFont(name, str(path)))
        _registered[path] = name
    return name


class FontSet:
    """The fonts a layout names, resolved lazily: unused fonts cost no start-up time."""

    def __init__(self, files: dict[str, Path]):
        self.files = files
        self._names: dict[str, str] = {}

    def pdf_name(self, key: str, where: Where | None = None) -> str:
        name = self._names.get(key)
        if name is None:
            if key not in self.files:
                raise UserError(f"unknown font '{key}'", where or Where(),
                                did_you_mean(key, self.files) or "fonts in this layout: " + ", ".join(self.files))
            name = register(self.files[key])
            self._names[key] = name
        return name

    def default(self) -> str:
        """The font every canvas starts with, so even stray text is embedded."""
        key = "serif" if "serif" in self.files else next(iter(self.files))
        return self.pdf_name(key)


def metrics(pdf_name: str) -> Metrics:
    from reportlab.pdfbase import pdfmetrics

    face = pdfmetrics.getFont(pdf_name).face
    return Metrics(face.ascent / 1000.0, face.descent / 1000.0)


def text_width(text: str, pdf_name: str, size: float, tracking: float = 0.0) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    width = stringWidth(text, pdf_name, size)
    if tracking and len(text) > 1:
        width += tracking * (len(text) - 1)
    return width
