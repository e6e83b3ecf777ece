"""What each sheet says in its margin, and the warnings when the margin has no room for it or for
the ruler: the words of the marks stage, the same for cards and for every other piece."""

from __future__ import annotations

from printgen.files.errors import Warning_
from printgen.model.deck import Deck, Layout
from printgen.model.imposition import single_sided_lines


def no_ruler(deck: Deck, ruler: float, missing: int, sheets: int, what: str) -> Warning_:
    """The warning for sheets the ruler did not fit on, naming the deck (a whole build is many)."""
    if missing < sheets:
        some = f"{missing} of {sheets} sheets"
    else:
        some = "the sheet" if sheets == 1 else f"all {sheets} sheets"
    return Warning_(f"{deck.output_key}: no room for the {ruler:g} mm ruler on {some}: the {what} fill the paper; "
                    f"check the print scale with the calibration page (printgen calibrate)")


def no_steps(deck: Deck, missing: int, pages: int, what: str) -> Warning_:
    """The warning for single-sided pages whose margin had no room to say how to print them."""
    some = f"{missing} of its {pages} pages" if missing < pages else f"its {pages} pages"
    return Warning_(f"{deck.output_key}: the {what} fill the paper, leaving no room on {some} to print which sheet "
                    f"each page is and how to print single-sided: follow the steps in this build's summary, and "
                    f"keep the sheets in order")


def sheet_lines(deck: Deck, layout: Layout, side: str, sheet: int, sheets: int, duplex: str,
                offset: tuple[float, float]) -> list[str]:
    """What a sheet says in its margin: its label, and when printed single-sided a second line
    saying how to put the backs on the fronts (imposition.single_sided_lines)."""
    what = "fronts" if side == "front" else "backs"
    how = {"long": "duplex, flip on long edge", "short": "duplex, flip on short edge"}.get(duplex)
    note = None
    if duplex == "none":
        how, note = single_sided_lines(sheets, side, sheet)
    text = f"{deck.title} · {what} · sheet {sheet + 1} of {sheets} · {layout.paper_name.upper()} · {how}"
    if side == "back" and offset != (0.0, 0.0):
        text += f" · back offset {offset[0]:g}, {offset[1]:g} mm"
    return [text] if note is None else [text, note]
