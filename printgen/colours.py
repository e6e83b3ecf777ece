"""Colour values from YAML and templates: '#RRGGBB', '#RGB' or a named colour."""

from __future__ import annotations

import re
from functools import lru_cache

_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


@lru_cache(maxsize=None)
def parse_colour(value: str):
    """A ReportLab colour; ValueError in plain words for anything else."""
    from reportlab.lib import colors

    text = str(value).strip()
    if _HEX.match(text):
        if len(text) == 4:
            text = "#" + "".join(ch * 2 for ch in text[1:])
        return colors.HexColor(text)
    named = colors.getAllNamedColors().get(text.lower())
    if named is not None:
        return named
    raise ValueError(f"'{value}' is not a colour: write it as '#RRGGBB' (for example '#1F4E79') or a name like 'white'")
