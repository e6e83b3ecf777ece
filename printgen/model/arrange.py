"""Which imposition a build asked for (`--imposition`, `--crop`, `--page-order`), and the pages it
gives: the plain sheets (placement.impose), a gutter fold (gutterfold.py) or one piece a page
(single.py). Every one is an `Imposed`, drawn by the same writer and written to the same manifest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from printgen.files.errors import UserError
from printgen.model.deck import Deck, Layout
from printgen.model.kinds import Kind
from printgen.model.placement import Imposed, impose
from printgen.model.single import PAGE_ORDERS, one_a_page

IMPOSITIONS = ("sheets", "gutter-fold", "single")
CROPS = ("marks", "lines")
__all__ = ["CROPS", "IMPOSITIONS", "PAGE_ORDERS", "arrange", "check_choices"]


def check_choices(imposition: str, crop: str, order: str, duplex: str, offset: tuple[float, float]) -> None:
    """Refuse a value no imposition knows, and a pairing that means nothing: a duplex setting or a
    back offset for pages printed one-sided, cut lines on pages that are already cut to size."""
    for option, value, allowed in (("--imposition", imposition, IMPOSITIONS), ("--crop", crop, CROPS),
                                   ("--page-order", order, PAGE_ORDERS)):
        if value not in allowed:
            raise UserError(f"{option} '{value}' is not one of {', '.join(allowed)}",
                            hint=f"write {option} {allowed[0]} (the default) or {' or '.join(allowed[1:])}")
    if imposition == "sheets":
        return
    if offset != (0.0, 0.0) or duplex != "long":
        given = f"--back-offset {offset[0]:g},{offset[1]:g}" if offset != (0.0, 0.0) else f"--duplex {duplex}"
        how = "prints every back beside its front" if imposition == "gutter-fold" else \
            "gives each side a page of its own"
        raise UserError(f"{given} is for duplex sheets, and --imposition {imposition} {how}",
                        hint=f"leave out {given.split()[0]}, or build --imposition sheets")
    if imposition == "single" and crop != "marks":
        raise UserError("--crop lines draws cut lines across a sheet, and --imposition single makes pages already "
                        "cut to each piece's trim and bleed", hint="leave out --crop, or build --imposition sheets "
                                                                   "or gutter-fold")


def arrange(deck: Deck, layout: Layout, kinds: Sequence[Kind], duplex: str, offset: tuple[float, float],
            imposition: str = "sheets", crop: str = "marks", order: str = "back-first") -> Imposed:
    """Every side of every piece on its page, as the options ask (check_choices first)."""
    check_choices(imposition, crop, order, duplex, offset)
    if imposition == "gutter-fold":
        from printgen.model.gutterfold import gutter_fold  # here: only this imposition needs it

        imposed = gutter_fold(deck, layout, kinds)
    elif imposition == "single":
        imposed = one_a_page(deck, layout, kinds, order)
    else:
        imposed = impose(deck, layout, kinds, duplex, offset)
    return imposed if crop == "marks" else replace(imposed, crop=crop)
