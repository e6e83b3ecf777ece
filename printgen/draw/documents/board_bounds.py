"""What a board draws past its edges: an element (or a repeat's copy) lying wholly off the board
is never printed and one reaching past an edge is cut off, so either is a warning at the
element's line in the board file (a typo in x or y, or a repeat with more copies than room).

The resolver that draws the board records each element's box as it draws it (BoundsResolver,
made once on first use: the template module is imported only when a board is drawn), then
off_board turns the boxes into one warning per element. Lengths in mm from the board's top-left.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, cast

from printgen.files.errors import Warning_

if TYPE_CHECKING:
    from printgen.files.schema import SlotElement as CheckedSlot

SLACK = 0.05    # mm: a box ending on the edge, rounded, is on the board

_CLASS: list[type] = []


def bounds_resolver(*args: Any) -> Any:
    """A template.Resolver that also keeps, per top-level element, the boxes it drew (`boxes`)."""
    if not _CLASS:
        from printgen.draw.template import Resolver
        from printgen.files.records import RepeatElement, SlotElement

        class BoundsResolver(Resolver):
            boxes: dict[str, list]

            def _maybe(self, side, name, element, context, card):
                ops = super()._maybe(side, name, element, context, card)
                if ops and not isinstance(element, RepeatElement):
                    box = self._slot_box(cast("CheckedSlot", element), self._where(side, name, "card", card)) \
                        if isinstance(element, SlotElement) else self._box(element)
                    self.boxes.setdefault(name.split(".")[0], []).append((box, element.rotation % 360))
                return ops

        _CLASS.append(BoundsResolver)
    resolver = _CLASS[0](*args)
    resolver.boxes = {}
    return resolver


def off_board(boxes: dict[str, list], board: tuple[float, float], where) -> list[Warning_]:
    """One warning per element drawn wholly or partly off the board. `boxes`: per element, its
    (x, y, w, h) boxes in points, y up from the board's bottom, and their turns; `where(name)`:
    the element's place in the board file."""
    W, H = board
    found = []
    for name, drawn in boxes.items():
        extents = [_extent(box, turn, H) for box, turn in drawn]
        outside = [e for e in extents if e[0] > W - SLACK or e[2] < SLACK or e[1] > H - SLACK or e[3] < SLACK]
        partly = [e for e in extents if e not in outside and (e[0] < -SLACK or e[1] < -SLACK
                                                              or e[2] > W + SLACK or e[3] > H + SLACK)]
        if outside or partly:
            found.append(Warning_(_message(name, extents, outside, partly, board), where(name)))
    return found


def _extent(box: tuple[float, float, float, float], turn: float, H: float) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in mm from the board's top-left, of a box turned about its centre."""
    k = 25.4 / 72
    x, y, bw, bh = (v * k for v in box)
    cx, cy, hw, hh = x + bw / 2, H - (y + bh / 2), abs(bw) / 2, abs(bh) / 2
    if turn:
        cos, sin = abs(math.cos(math.radians(turn))), abs(math.sin(math.radians(turn)))
        hw, hh = hw * cos + hh * sin, hw * sin + hh * cos
    return cx - hw, cy - hh, cx + hw, cy + hh


def _message(name: str, extents: list, outside: list, partly: list, board: tuple[float, float]) -> str:
    W, H = board
    size = f"{W:g} x {H:g} mm board"
    copies = "" if len(extents) == 1 else f"{len(outside) + len(partly)} of its {len(extents)} copies "
    if outside and len(extents) == 1:
        return f"the element '{name}' lies {_place(outside[0], board)}, so it is not printed; check its x and y"
    if len(extents) == 1:
        return (f"the element '{name}' runs {_past(partly[0], board)} of the {size}, so it is cut off; "
                "check its x, y and size")
    said = []
    if outside:
        said.append(f"{len(outside)} lie wholly off it and are not printed (the first {_place(outside[0], board)})")
    if partly:
        said.append(f"{len(partly)} reach past its edge and are cut off (the first {_past(partly[0], board)})")
    return (f"the element '{name}': {copies}do not fit on the {size}: " + "; ".join(said)
            + "; check the repeat's x, y, dx, dy, columns and items")


def _place(extent: tuple[float, float, float, float], board: tuple[float, float]) -> str:
    """Where a box wholly off the board lies, e.g. '446 mm from the left of a board 420 mm wide'."""
    W, H = board
    left, top, right, bottom = extent
    if right < SLACK:
        return f"{_mm(-left)} mm left of the board's left edge"
    if left > W - SLACK:
        return f"{_mm(left)} mm from the left of a board {W:g} mm wide"
    if bottom < SLACK:
        return f"{_mm(-top)} mm above the board's top edge"
    return f"{_mm(top)} mm from the top of a board {H:g} mm high"


def _past(extent: tuple[float, float, float, float], board: tuple[float, float]) -> str:
    """How far a box reaches past each edge, e.g. '12 mm past the right edge'."""
    W, H = board
    left, top, right, bottom = extent
    over = [(f"{_mm(-left)} mm past the left edge", left < -SLACK),
            (f"{_mm(right - W)} mm past the right edge", right > W + SLACK),
            (f"{_mm(-top)} mm past the top edge", top < -SLACK),
            (f"{_mm(bottom - H)} mm past the bottom edge", bottom > H + SLACK)]
    return " and ".join(text for text, yes in over if yes)


def _mm(value: float) -> str:
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"
