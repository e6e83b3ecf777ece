"""Total ink: the sum of a CMYK colour's four percentages, held under a press's limit.

Why: paper takes only so much wet ink before it smears, curls or sticks to the next sheet, so
shops state a limit (about 300 % for coated stock on an offset press; DriveThruCards asks 240 %).
A colour over the limit first has grey component replaced by black (GCR: equal parts of cyan,
magenta and yellow make a grey that black ink prints alone), which keeps its look; only what is
still over after that is taken off cyan, magenta and yellow in proportion. Black itself is never
cut, so text and lines stay as dark as they were.

Colours are handled one at a time (floats, 0 to 1 a channel) and pictures a whole band at a time
(8-bit, with Pillow's ImageMath), by the same steps; results are rounded down, so a colour is
never left over the limit by rounding.
"""

from __future__ import annotations

import math

Cmyk = tuple[float, float, float, float]


def total(cmyk: Cmyk) -> float:
    """Total ink in percent."""
    return 100.0 * sum(cmyk)


def limit_ink(cmyk: Cmyk, limit: float) -> Cmyk:
    """The colour with its total ink at most `limit` percent (0 to 1 a channel)."""
    c, m, y, k = cmyk
    cap = limit / 100.0
    over = c + m + y + k - cap
    if over <= 0:
        return cmyk
    moved = min(over / 2, min(c, m, y), 1.0 - k)   # each unit moved to black saves two of ink
    c, m, y, k = c - moved, m - moved, y - moved, k + moved
    rest, room = c + m + y, max(0.0, cap - k)
    if rest > room:
        scale = room / rest
        c, m, y = c * scale, m * scale, y * scale
    return _down(c), _down(m), _down(y), _down(k)


def _down(value: float) -> float:
    """Rounded down to the 1/10000 a PDF colour is written with, so rounding adds no ink."""
    return max(0.0, math.floor(value * 10000) / 10000)


def limit_ink_image(image, limit: float):
    """A CMYK picture with no pixel's total ink over `limit` percent (the same steps, per pixel)."""
    from PIL import Image, ImageMath

    cap = limit / 100.0 * 255.0
    c, m, y, k = image.split()

    def step(a):
        total = a["float"](a["c"]) + a["m"] + a["y"] + a["k"]
        over = a["max"](total - cap, 0.0)
        grey = a["min"](a["min"](a["float"](a["c"]), a["m"]), a["y"])
        moved = a["min"](a["min"](over / 2.0, grey), 255.0 - a["float"](a["k"]))
        return total, moved

    def band(name: str):
        def run(a):
            _, moved = step(a)
            cc, mm, yy = (a["float"](a[x]) - moved for x in "cmy")
            kk = a["float"](a["k"]) + moved
            if name == "k":
                return a["convert"](kk, "L")
            rest = a["max"](cc + mm + yy, 1.0)
            scale = a["min"]((cap - kk) / rest, 1.0)
            value = {"c": cc, "m": mm, "y": yy}[name] * scale
            return a["convert"](a["max"](value, 0.0), "L")         # float to 8 bits truncates: down
        return run

    bands = [ImageMath.lambda_eval(band(name), c=c, m=m, y=y, k=k) for name in "cmyk"]
    return Image.merge("CMYK", bands)
