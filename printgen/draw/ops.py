"""Drawing operations: a card side resolved to plain, hashable data.

Resolving (templates, text fitting, checks) is kept apart from drawing so that errors are found
before any PDF is started, and so identical sides (the same back on every card) are drawn once
and reused as one PDF form. Coordinates are points from the trim's lower-left corner.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:       # a deck without pictures never imports the picture code (issue 30, start-up)
    from printgen.draw.pictures import Prepared


def _hash_once(*fields: str) -> Callable[[Any], int]:
    """An operation's hash (that of its fields, as the dataclass's own), worked out once and kept
    on the operation. Each operation is hashed several times on its way to the page (kept once
    per resolver, counted per side, looked up for replay), and a turned group or a text hashes
    all it holds each time (issue 30). A kept hash never crosses processes: str hashes differ
    between processes, so pickling an operation leaves it out (`_without_hash`)."""
    def __hash__(self: Any) -> int:
        kept = self.__dict__.get("_hash")
        if kept is None:
            kept = hash(tuple([getattr(self, name) for name in fields]))
            object.__setattr__(self, "_hash", kept)
        return kept

    return __hash__


def _without_hash(self: Any) -> dict[str, Any]:
    """What pickles of an operation: its fields, not its kept hash (see _hash_once)."""
    state = dict(self.__dict__)
    state.pop("_hash", None)
    return state


@dataclass(frozen=True)
class ShapeOp:
    shape: str          # rect | ellipse | line
    x: float
    y: float
    w: float
    h: float
    radius: float
    fill: str | None
    stroke: str | None
    stroke_width: float
    dash: tuple[float, ...] | None = None   # points on, off, ...

    __hash__ = _hash_once('shape', 'x', 'y', 'w', 'h', 'radius', 'fill', 'stroke', 'stroke_width', 'dash')
    __getstate__ = _without_hash


@dataclass(frozen=True)
class TextOp:
    font: str           # registered PDF font name
    size: float
    colour: str
    tracking: float
    lines: tuple[tuple[float, float, str], ...]   # (x, baseline y, text)

    __hash__ = _hash_once('font', 'size', 'colour', 'tracking', 'lines')
    __getstate__ = _without_hash


@dataclass(frozen=True)
class ImageOp:
    path: Path
    x: float
    y: float
    w: float
    h: float
    fit: str            # contain | cover
    picture: Prepared   # the picture turned upright and shrunk to this box, ready to embed

    __hash__ = _hash_once('path', 'x', 'y', 'w', 'h', 'fit', 'picture')
    __getstate__ = _without_hash


@dataclass(frozen=True)
class SymbolOp:
    motif: str | None
    key: str
    colour: str
    x: float
    y: float
    w: float
    h: float

    __hash__ = _hash_once('motif', 'key', 'colour', 'x', 'y', 'w', 'h')
    __getstate__ = _without_hash


@dataclass(frozen=True)
class TurnOp:
    """Operations drawn turned by `angle` degrees (counter-clockwise) about the point (cx, cy):
    how any element, text or symbol or picture, is printed sideways or upside down."""

    angle: float
    cx: float
    cy: float
    ops: tuple[Op, ...]

    __hash__ = _hash_once('angle', 'cx', 'cy', 'ops')
    __getstate__ = _without_hash


Op = ShapeOp | TextOp | ImageOp | SymbolOp | TurnOp
