"""Lengths in the user's units, always stored in millimetres.

Designers think in mm or inches, printers in points; the YAML accepts all three and the code
works in mm until the last step, where ReportLab wants points.
"""

from __future__ import annotations

import re

MM_PER_INCH = 25.4
PT_PER_MM = 72.0 / MM_PER_INCH

_UNITS = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, '"': MM_PER_INCH, "pt": 1.0 / PT_PER_MM}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt|\")?\s*$")


def parse_length(value: object) -> float:
    """A number means millimetres; a string may carry a unit: '63.5mm', '2.5in', '10pt'."""
    if isinstance(value, bool):
        raise ValueError("should be a length such as 63.5 or '2.5in'")
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        match = _LENGTH.match(value)
        if match:
            return float(match.group(1)) * _UNITS[match.group(2) or "mm"]
    raise ValueError(f"'{value}' is not a length: write a number of millimetres (63.5) or add a unit ('2.5in', '10pt')")


def pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * PT_PER_MM
