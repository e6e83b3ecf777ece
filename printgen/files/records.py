"""Checked settings as plain records: what a layout's and a deck's checked models become in the
cache of checked decks (printgen/model/load_cache.py), readable without importing pydantic.

Why: a build whose deck comes from that cache checks nothing, yet unpickling pydantic models
imports pydantic and builds every schema class (about a quarter of a small build's start-up,
issue 30). In the cache, each model of printgen/files/schema.py is kept as a `Record` instead:
its class's name, its fields in their order and their values. A record reads like the model it
was made from (the same attributes, class-level settings such as a slot's `width` included,
`model_fields` and `model_copy(update=...)`, equality by class and values, frozen), and nothing
else: it never checks anything, so only values pydantic has already checked become records.

The drawing code tells elements apart by class. The names below (`TextElement`, ...) are plain
marker classes with no fields and no methods, the same tree as the schema's elements; each schema
element class derives from its marker, and each record of an element is an instance of the
marker of its class. So `isinstance(element, records.TextElement)` holds for a checked model
and for its record alike, and importing this module imports nothing but the standard library.
"""

from __future__ import annotations

from typing import Any, ClassVar


class Element:
    """What every element is, checked model or record (marker: no fields, no methods)."""

    __slots__ = ()


class SizedElement(Element):
    __slots__ = ()


class BoxElement(SizedElement):
    __slots__ = ()


class TextElement(BoxElement):
    __slots__ = ()


class ImageElement(BoxElement):
    __slots__ = ()


class ShapeElement(BoxElement):
    __slots__ = ()


class SymbolElement(BoxElement):
    __slots__ = ()


class ListElement(BoxElement):
    __slots__ = ()


class SlotElement(Element):
    __slots__ = ()


class RepeatElement(SizedElement):
    __slots__ = ()


class TableElement(BoxElement):
    __slots__ = ()


MARKERS: dict[str, type] = {cls.__name__: cls for cls in (
    Element, SizedElement, BoxElement, TextElement, ImageElement, ShapeElement, SymbolElement, ListElement,
    SlotElement, RepeatElement, TableElement)}


class Record:
    """A checked model's values, frozen. Its class is made per model class (`record_class`), so
    two records of one model compare and hash alike, and records of different models never do."""

    model_fields: ClassVar[dict[str, None]] = {}

    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: use model_copy(update=...)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Any:
        """A copy with some values replaced, unchecked (as pydantic's model_copy with update)."""
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        if update:
            copy.__dict__.update(update)
        return copy

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.__dict__ == self.__dict__

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(self.__dict__.values())))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"

    def __reduce__(self) -> tuple[Any, ...]:
        cls = type(self)
        return rebuild, (cls.shape, tuple(self.__dict__.values()))

    shape: ClassVar[tuple[str, tuple[str, ...], tuple[tuple[str, Any], ...]]]


_CLASSES: dict[tuple[str, tuple[str, ...], tuple[tuple[str, Any], ...]], type[Record]] = {}

# Methods a model's record must keep, by the model's record name: a mixin class each, registered by
# the layer that owns the model (printgen/model/load_cache.py registers the card abilities', whose
# templates call context()), since this module may import nothing of printgen's.
METHODS: dict[str, type] = {}


def record_class(shape: tuple[str, tuple[str, ...], tuple[tuple[str, Any], ...]]) -> type[Record]:
    """The record class of a model: (its name, its fields in order, its class-level values such
    as a slot's width). An element's record class derives from the element's marker."""
    found = _CLASSES.get(shape)
    if found is None:
        name, fields, class_values = shape
        bases: tuple[type, ...] = (Record, MARKERS[name]) if name in MARKERS else (Record,)
        if name in METHODS:
            bases = (METHODS[name], *bases)
        found = type(name, bases, {"model_fields": dict.fromkeys(fields), "shape": shape, **dict(class_values),
                                   "__module__": __name__})
        _CLASSES[shape] = found
    return found


def rebuild(shape: tuple[str, tuple[str, ...], tuple[tuple[str, Any], ...]], values: tuple[Any, ...]) -> Record:
    """A record from its class's shape and its values in field order (how pickle keeps one)."""
    cls = record_class(shape)
    record = object.__new__(cls)
    record.__dict__.update(zip(shape[1], values))
    return record
