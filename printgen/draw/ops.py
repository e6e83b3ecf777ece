"""Drawing operations: a card side resolved to plain, hashable data.

Resolving (templates, text fitting, checks) is kept apart from drawing so that errors are found
before any PDF is started, and so identical sides (the same back on every card) are drawn once
and reused as one PDF form. Coordinates are points from the trim's lower-left corner.

The operations are frozen values written out by hand, not dataclasses (issue 30): a frozen
dataclass generates and compiles five methods as its module is imported, some 0.6 ms of processor
time a class, in every `printgen build`. They behave as the frozen dataclasses they were: built
by position or keyword, equal only to an operation of the same class with equal fields, hashed by
their fields, shown as `ShapeOp(shape='rect', ...)`, refusing to change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:       # a deck without pictures never imports the picture code (issue 30, start-up)
    from printgen.draw.pictures import Prepared


class Frozen:
    """What every operation (and the small frozen values of text fitting and fonts) shares.
    `_fields` names the fields in order; the hash is worked out once and kept in `_hash`: an
    operation is hashed several times on its way to the page (kept once per resolver, counted per
    side, looked up for replay), and a turned group or a text hashed all it holds each time. A
    kept hash never crosses processes (str hashes differ between processes): a value pickles as
    its class and fields."""

    __slots__ = ("_hash",)
    _fields: tuple[str, ...] = ()
    _hash: int
    _get: Callable[[Any], tuple]            # the fields' values as a tuple (operator.attrgetter: C)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        assert len(cls._fields) > 1, "attrgetter gives a tuple only for two names or more"
        cls._get = attrgetter(*cls._fields)

    def _values(self) -> tuple:
        return self._get(self)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            get = self._get
            return get(self) == get(other)
        return NotImplemented

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            kept = hash(self._get(self))
            object.__setattr__(self, "_hash", kept)
            return kept

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple:
        return (self.__class__, self._values())


set_field = object.__setattr__    # how a Frozen value sets its fields in its __init__


class ShapeOp(Frozen):
    __slots__ = _fields = ("shape", "x", "y", "w", "h", "radius", "fill", "stroke", "stroke_width", "dash")
    shape: str          # rect | ellipse | line
    x: float
    y: float
    w: float
    h: float
    radius: float
    fill: str | None
    stroke: str | None
    stroke_width: float
    dash: tuple[float, ...] | None          # points on, off, ...

    def __init__(self, shape: str, x: float, y: float, w: float, h: float, radius: float, fill: str | None,
                 stroke: str | None, stroke_width: float, dash: tuple[float, ...] | None = None) -> None:
        set_field(self, "shape", shape)
        set_field(self, "x", x)
        set_field(self, "y", y)
        set_field(self, "w", w)
        set_field(self, "h", h)
        set_field(self, "radius", radius)
        set_field(self, "fill", fill)
        set_field(self, "stroke", stroke)
        set_field(self, "stroke_width", stroke_width)
        set_field(self, "dash", dash)


class TextOp(Frozen):
    __slots__ = _fields = ("font", "size", "colour", "tracking", "lines")
    font: str           # registered PDF font name
    size: float
    colour: str
    tracking: float
    lines: tuple[tuple[float, float, str], ...]   # (x, baseline y, text)

    def __init__(self, font: str, size: float, colour: str, tracking: float,
                 lines: tuple[tuple[float, float, str], ...]) -> None:
        set_field(self, "font", font)
        set_field(self, "size", size)
        set_field(self, "colour", colour)
        set_field(self, "tracking", tracking)
        set_field(self, "lines", lines)


class ImageOp(Frozen):
    __slots__ = _fields = ("path", "x", "y", "w", "h", "fit", "picture")
    path: Path
    x: float
    y: float
    w: float
    h: float
    fit: str            # contain | cover
    picture: Prepared   # the picture turned upright and shrunk to this box, ready to embed

    def __init__(self, path: Path, x: float, y: float, w: float, h: float, fit: str, picture: Prepared) -> None:
        set_field(self, "path", path)
        set_field(self, "x", x)
        set_field(self, "y", y)
        set_field(self, "w", w)
        set_field(self, "h", h)
        set_field(self, "fit", fit)
        set_field(self, "picture", picture)


class SymbolOp(Frozen):
    __slots__ = _fields = ("motif", "key", "colour", "x", "y", "w", "h")
    motif: str | None
    key: str
    colour: str
    x: float
    y: float
    w: float
    h: float

    def __init__(self, motif: str | None, key: str, colour: str, x: float, y: float, w: float, h: float) -> None:
        set_field(self, "motif", motif)
        set_field(self, "key", key)
        set_field(self, "colour", colour)
        set_field(self, "x", x)
        set_field(self, "y", y)
        set_field(self, "w", w)
        set_field(self, "h", h)


class TurnOp(Frozen):
    """Operations drawn turned by `angle` degrees (counter-clockwise) about the point (cx, cy):
    how any element, text or symbol or picture, is printed sideways or upside down."""

    __slots__ = _fields = ("angle", "cx", "cy", "ops")
    angle: float
    cx: float
    cy: float
    ops: tuple[Op, ...]

    def __init__(self, angle: float, cx: float, cy: float, ops: tuple[Op, ...]) -> None:
        set_field(self, "angle", angle)
        set_field(self, "cx", cx)
        set_field(self, "cy", cy)
        set_field(self, "ops", ops)


Op = ShapeOp | TextOp | ImageOp | SymbolOp | TurnOp
