"""Checks of a layout's elements against the card: one wholly off it (an error), content reaching
past the safe zone (a warning).

Why apart from printgen/model/layouts.py, which reads layouts: the build checks each component
kind's own layout (printgen/draw/sheets/faces.py) after reading, and a deck from the cache of
checked decks (printgen/model/load_cache.py) is drawn without the YAML reader and pydantic; the
elements here may be checked models or their records (printgen/files/records.py), told apart by
the records' marker classes, which both are.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from printgen.files.errors import UserError, Warning_, Where
from printgen.files.records import RepeatElement, ShapeElement
from printgen.model.deck import Layout

if TYPE_CHECKING:
    from printgen.files.schema import Element


def refuse_off_card(layout: Layout) -> None:
    """An element lying wholly outside the card can never print: a typo in x or y (a missing
    decimal point, a sign), so it is an error at its layout line. One reaching partly past the
    edge may be art running into the bleed, and is at most a safe-zone warning."""
    w, h = layout.card.width, layout.card.height
    for side in ("face", "back"):
        for name, element in getattr(layout.spec, side).items():
            if element is None or isinstance(element, RepeatElement):   # a repeat's copies go by its table
                continue
            x0, y0, x1, y1 = _turned_extent(layout, element)
            if _apart(x0, x1, w) or _apart(y0, y1, h):
                where = layout.element_where.get((side, name), Where())
                raise UserError(f"the {side} element '{name}' lies wholly off the card: it spans x {x0:g} to {x1:g} mm "
                                f"and y {y0:g} to {y1:g} mm, but the card is {w:g} x {h:g} mm "
                                "(x and y are millimetres from its top-left corner)", where,
                                "check its x, y, width and height (a missing decimal point or a minus sign?)")


def _turned_extent(layout: Layout, element: Element) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of an element's box on the printed card, turned by its rotation."""
    # a slot has no box of its own: it is measured as the whole card, as map_box takes a missing size
    x, y, bw, bh = layout.map_box(element.x, element.y, getattr(element, "width", None),
                                  getattr(element, "height", None))
    x0, x1 = sorted((x, x + bw))
    y0, y1 = sorted((y, y + bh))
    cx, cy, hw, hh = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    turn = math.radians(element.rotation % 360)
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    hw, hh = hw * cos + hh * sin, hw * sin + hh * cos
    return round(cx - hw, 2), round(cy - hh, 2), round(cx + hw, 2), round(cy + hh, 2)


def _apart(low: float, high: float, size: float) -> bool:
    """Whether [low, high] shares nothing with the card's [0, size] (a box with room in it that
    only touches an edge shares nothing either)."""
    if high < 0 or low > size:
        return True
    return high > low and (high <= 0 or low >= size)


def safe_zone_warnings(layout: Layout) -> list[Warning_]:
    """Content (text, pictures, emblems, lists) reaching past the safe zone, where a cut that
    is off by a millimetre or two would clip it. Shapes may run to the bleed on purpose."""
    safe = layout.imposition.safe
    w, h = layout.card.width, layout.card.height
    found = []
    for side in ("face", "back"):
        for name, element in getattr(layout.spec, side).items():
            # Shapes may run to the bleed on purpose, as may anything marked bleed; a repeat's
            # children are placed by its table, not by its own box.
            if element is None or isinstance(element, (ShapeElement, RepeatElement)) or element.bleed:
                continue
            x0, y0, bw, bh = layout.map_box(element.x, element.y, element.width, element.height)
            x1, y1 = x0 + bw, y0 + bh
            over = max(safe - x0, safe - y0, x1 - (w - safe), y1 - (h - safe))
            if over > 0.005:
                where = layout.element_where.get((side, name), Where())
                found.append(Warning_(f"the {side} element '{name}' reaches {over:.2f} mm past the {safe:g} mm "
                                      f"safe zone of a {w:g} x {h:g} mm card; a slightly off cut could clip it", where))
    return found
