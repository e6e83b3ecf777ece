"""Colour values from YAML and templates: '#RRGGBB', '#RGB' or a named colour."""

from __future__ import annotations

import re
from functools import cache

_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


@cache
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
    from printgen.files.errors import did_you_mean

    if _HEX.match("#" + text) and (any(ch.isdigit() for ch in text) or len(set(text.lower())) == 1):  # not 'bad'
        near: str | None = f"did you mean '#{text}'?"
    else:
        near = did_you_mean(text.lower(), colors.getAllNamedColors()) if text[:1].isalpha() else None
    raise ValueError(f"'{value}' is not a colour: write it as '#RRGGBB' or '#RGB' (for example '#1F4E79' or "
                     f"'#FFF') or by its name, like 'white' or 'darkblue'" + (f"; {near}" if near else ""))


# --- colour maths for checking a palette ------------------------------------------------------
# Used by the tests that keep the house colours legible and apart; plain Python, no dependency.

Rgb = tuple[float, float, float]

# Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation of color
# vision deficiency", severity 1.0 (the full dichromacy); applied to linear RGB.
CVD_MATRICES: dict[str, tuple[Rgb, Rgb, Rgb]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def hex_rgb(value: str) -> Rgb:
    """'#RRGGBB' (or '#RGB') as sRGB components from 0 to 1."""
    text = value.strip().lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    return tuple(int(text[i:i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]


def to_linear(rgb: Rgb) -> Rgb:
    return tuple(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)  # type: ignore[return-value]


def relative_luminance(value: str) -> float:
    """WCAG 2 relative luminance of a '#RRGGBB' colour."""
    r, g, b = to_linear(hex_rgb(value))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2 contrast ratio (1 to 21); 4.5 is the minimum for normal-size text."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def simulate(linear: Rgb, deficiency: str | None) -> Rgb:
    """A linear-RGB colour as seen with a colour vision deficiency (None: normal vision)."""
    if deficiency is None:
        return linear
    m = CVD_MATRICES[deficiency]
    return tuple(min(1.0, max(0.0, sum(m[i][j] * linear[j] for j in range(3)))) for i in range(3))  # type: ignore[return-value]


def lab(linear: Rgb) -> Rgb:
    """CIE L*a*b* (D65 white) of a linear-RGB colour."""
    r, g, b = linear
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e2000(lab1: Rgb, lab2: Rgb) -> float:
    """CIEDE2000 colour difference (Sharma, Wu & Dalal 2005 formulation)."""
    import math

    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh) / 2)
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (dH / s_h) ** 2 + r_t * (dc / s_c) * (dH / s_h))


def seen_difference(a: str, b: str, deficiency: str | None = None) -> float:
    """CIEDE2000 difference of two '#RRGGBB' colours as seen with `deficiency` (None: normal)."""
    return delta_e2000(lab(simulate(to_linear(hex_rgb(a)), deficiency)),
                       lab(simulate(to_linear(hex_rgb(b)), deficiency)))
