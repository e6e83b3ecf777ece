"""The changed layouts a Croquetnole run plays or compares (-O gate, -O table, -O compare), and the
refusal of any layout no coin can be played on, before a game is played.

Why refused rather than played and reported: a gate narrower than a coin cannot be passed at a real
table, while the physics' soft contacts would let a coin squeeze through it, and a table too small
for the layout drops its castles' coins off every flick; either way the figures would describe a
game that cannot be set up, and every game would time out. The refusal names the option as the
user typed it (or the layout file's line) and the smallest value that works.
"""

from __future__ import annotations

import math

from printgen.files.errors import UserError
from printgen.games.croquetnole.table import (
    CLEARANCE,
    narrowest,
    overlapping,
    passage,
    regated,
    resized,
    smallest_square,
)
from printgen.model.tabletypes import Table


def changed(table: Table, change: str, typed: str = "") -> tuple[Table, str]:
    """A comparison layout from 'gate:MM' (every gate MM wider, negative narrower) or 'table:MM' (a
    square table MM across), refused when it cannot be played (layout_problem). `typed`: the option
    as the user gave it, which a refusal names (-O gate=-40, or -O compare=... with the entry)."""
    typed = typed or f"-O compare={change}"
    kind, _, value = change.partition(":")
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if kind == "gate" and math.isfinite(number) and number <= 200:
        layout, words = regated(table, number), f"gates {abs(number):g} mm {'wider' if number >= 0 else 'narrower'}"
    elif kind == "table" and math.isfinite(number) and 300 <= number <= 3000:
        layout, words = resized(table, number, number), f"table {number:g} mm ({number / 25.4:.0f} in) square"
    else:
        raise UserError(f"{typed}: a changed layout is 'gate:MM' (every gate MM wider, at most 200; negative: "
                        f"narrower) or 'table:MM' (a square table 300 to 3000 mm across)",
                        hint="-O compare=gate:-6,table:711")
    layout_problem(table, layout, kind, number, typed)
    return layout, words


def layout_problem(before: Table, layout: Table, kind: str, number: float, typed: str) -> None:
    """Refuse a changed layout that cannot be played, naming the option and the smallest value that
    works: a gate or door narrower than a coin and its clearance (table.CLEARANCE), a piece pushed
    off the table or nearer its edge than the layout's spare, or two pieces run into each other."""
    width, name, _ = narrowest(layout)
    need = passage(layout)
    if width < need:
        smallest = math.ceil((number + need - width) * 10) / 10
        raise UserError(f"{typed}: the {name} would be {width:.1f} mm wide, narrower than a coin "
                        f"({layout.lengths['coin']:g} mm) and its clearance ({CLEARANCE:g} mm): no coin could be "
                        f"flicked through it", hint=f"{kind}:{smallest:g} or more" if typed.startswith("-O compare")
                        else f"-O gate={smallest:g} or more")
    size = smallest_square(before)
    if kind == "table" and number < size:
        smallest = math.ceil(size)
        raise UserError(f"{typed}: the layout needs a square table of {size:.1f} mm to keep every piece "
                        f"{layout.spare_words} from the edge", hint=f"table:{smallest} or more"
                        if typed.startswith("-O compare") else f"-O table={smallest} or more")
    if kind == "gate" and smallest_square(layout) > min(layout.width, layout.height):
        raise UserError(f"{typed}: gates this wide push the castles off the {layout.width:g} mm table (it would need "
                        f"{smallest_square(layout):.0f} mm)", hint="a narrower gate, or a bigger table with -O table")
    for a, b, by in overlapping(layout)[:1]:
        raise UserError(f"{typed}: {a} and {b} would overlap by {by:.1f} mm", hint="a smaller change")


def own_layout_problem(table: Table) -> None:
    """Refuse a layout file whose own gate or door a coin cannot pass, naming the file and the line of
    the gate's first tile (the edge and overlap rules are the table check's, printed before play)."""
    width, name, first = narrowest(table)
    need = passage(table)
    if width < need:
        raise UserError(f"the {name} of the table layout '{table.name}' is {width:.1f} mm wide, narrower than a "
                        f"coin ({table.lengths['coin']:g} mm) and its clearance ({CLEARANCE:g} mm): no coin could be "
                        f"flicked through it", table.by_id()[first].where,
                        hint=f"set its tiles at least {need:g} mm apart (the tiles' 'at:' and the {name.split()[-1]} "
                             f"rule's 'is:'), or widen every gate with -O gate={math.ceil((need - width) * 10) / 10:g}")
