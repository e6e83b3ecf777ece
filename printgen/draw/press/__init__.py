"""Printing for a press: `--colour cmyk` (colours and pictures separated through a named ICC
profile under an ink limit, the PDF marked PDF/X-3 with an OutputIntent).

Why the press is set for a stretch of the build (`printing_in`) instead of handed to every
drawing routine: the card sheets are drawn by many routines (forms, art, marks, margins) that
all draw on the one canvas pdfcanvas.new_canvas makes, and only that canvas needs to know.
Outside `printing_in`, canvases are RGB exactly as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:       # an RGB build never loads the separation code (issue 30, start-up)
    from printgen.draw.press.convert import Press

_current: ContextVar[Press | None] = ContextVar("printgen_press", default=None)


def current_press() -> Press | None:
    """The press the canvases made now draw through, or None for RGB."""
    return _current.get()


@contextmanager
def printing_in(press: Press | None) -> Iterator[None]:
    """Canvases made inside draw through `press` (None: RGB, as outside)."""
    token = _current.set(press)
    try:
        yield
    finally:
        _current.reset(token)


DEFAULT_INK_LIMIT = 300.0          # percent: a generic coated-stock offset press
COLOURS = ("rgb", "cmyk")


def press_for(colour: str, ink_limit: float | None) -> Press | None:
    """The build's press for `--colour` and `--ink-limit`: None for rgb; the installed profile
    (or a UserError naming the package to install) for cmyk."""
    import math

    from printgen.files.errors import UserError

    if colour not in COLOURS:
        raise UserError(f"--colour {colour} is not a colour mode", hint="give rgb (screens, home printers) or "
                                                                        "cmyk (a print shop's press)")
    if ink_limit is not None and not (math.isfinite(ink_limit) and 100 <= ink_limit <= 400):
        raise UserError(f"--ink-limit {ink_limit:g} is not a total ink limit: give a percentage from 100 to 400",
                        hint="300 suits most coated paper; DriveThruCards asks 240")
    if colour == "rgb":
        if ink_limit is not None:
            raise UserError("--ink-limit limits the ink of CMYK colours, so it needs --colour cmyk",
                            hint="add --colour cmyk, or leave --ink-limit out")
        return None
    from printgen.draw.press.convert import Press
    from printgen.draw.press.profile import find_profile

    return Press(find_profile(), DEFAULT_INK_LIMIT if ink_limit is None else float(ink_limit))


def press_summary(press: Press) -> str:
    """The build's line saying how its cards were separated."""
    from printgen.draw.press.canvas import PDFX_VERSION

    marked = PDFX_VERSION if not press.transparent else "not PDF/X (a picture has transparent parts)"
    return (f"  colour: CMYK through '{press.profile.name}' ({press.profile.path}), total ink at most "
            f"{press.ink_limit:g} %, {marked}")
