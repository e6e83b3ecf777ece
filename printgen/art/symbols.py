"""Every vector symbol a template can name: house emblems, Spanish and French suits, courts,
jokers and backs. One registry, so decks and layouts name symbols the same way whatever draws them."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType

ART = ("printgen.art.spanish", "printgen.art.french", "printgen.art.coppertwaddle",
       "printgen.art.piecepack")


@cache
def _owners() -> dict[str, ModuleType]:
    """The art packages' symbols by name. Importing them all costs a short build tens of
    milliseconds, so a house emblem (the common case, and never an art symbol's name: see
    tests/test_symbols.py) is looked up first and never needs them."""
    owners: dict[str, ModuleType] = {}
    for module_name in ART:
        module = import_module(module_name)
        for name in module.symbol_names():
            owners[name] = module
    return owners


def names() -> list[str]:
    from printgen.art.emblems import motif_names

    return sorted(set(motif_names()) | set(_owners()))


@cache
def _emblems() -> frozenset[str]:
    from printgen.art.emblems import motif_names

    return frozenset(motif_names())


def _emblem(name: str) -> bool:
    return name in _emblems()


def known(name: object) -> bool:
    """Whether a template or a card may name this symbol (the same as `name in names()`)."""
    return isinstance(name, str) and (_emblem(name) or name in _owners())


def is_square(name: str | None) -> bool:
    owner = _owners().get(name) if name and not _emblem(name) else None
    return True if owner is None else owner.is_square(name)


def draw(canvas, name: str | None, key: str, colour: str, x: float, y: float, w: float, h: float,
         rotation: float = 0.0) -> None:
    """Draw a symbol in the box (points). House emblems (and generated ones, name None) sit in
    the largest centred square; art symbols follow their own rule (square pips, boxed courts)."""
    owner = _owners().get(name) if name and not _emblem(name) else None
    if owner is not None:
        if getattr(owner, "TAKES_COLOUR", False):     # art drawn in the element's colour (piecepack suits)
            owner.draw(canvas, name, x, y, w, h, rotation, colour=colour)
        else:
            owner.draw(canvas, name, x, y, w, h, rotation)
        return
    from printgen.art.emblems import draw_emblem

    size = min(w, h)
    canvas.saveState()
    if rotation:
        canvas.translate(x + w / 2, y + h / 2)
        canvas.rotate(rotation)
        canvas.translate(-(x + w / 2), -(y + h / 2))
    draw_emblem(canvas, name, key, colour, x + (w - size) / 2, y + (h - size) / 2, size)
    canvas.restoreState()
