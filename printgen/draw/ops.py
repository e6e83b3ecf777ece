"""Drawing operations: a card side resolved to plain, hashable data.

Resolving (templates, text fitting, checks) is kept apart from drawing so that errors are found
before any PDF is started, and so identical sides (the same back on every card) are drawn once
and reused as one PDF form. Coordinates are points from the trim's lower-left corner.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:       # a deck without pictures never imports the picture code (issue 30, start-up)
    from printgen.draw.pictures import Prepared


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


@dataclass(frozen=True)
class TextOp:
    font: str           # registered PDF font name
    size: float
    colour: str
    tracking: float
    lines: tuple[tuple[float, float, str], ...]   # (x, baseline y, text)


@dataclass(frozen=True)
class ImageOp:
    path: Path
    x: float
    y: float
    w: float
    h: float
    fit: str            # contain | cover
    picture: Prepared   # the picture turned upright and shrunk to this box, ready to embed


@dataclass(frozen=True)
class SymbolOp:
    motif: str | None
    key: str
    colour: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class TurnOp:
    """Operations drawn turned by `angle` degrees (counter-clockwise) about the point (cx, cy):
    how any element, text or symbol or picture, is printed sideways or upside down."""

    angle: float
    cx: float
    cy: float
    ops: tuple[Op, ...]


Op = ShapeOp | TextOp | ImageOp | SymbolOp | TurnOp
