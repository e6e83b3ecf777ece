"""`lean_dataclass`: a dataclass whose methods are shared functions, not code compiled per class.

`dataclasses.dataclass` writes the source of each class's `__init__`, `__repr__`, `__eq__`,
`__hash__` (and, frozen, `__setattr__` and `__delattr__`) and compiles it as the class is made:
0.4 to 0.7 ms of processor time a class on this machine, every time the module is imported, so
some 15 ms of every `printgen build` went on making the dataclasses of the build's path (issue 30,
start-up). Here the class is still made a dataclass by `dataclasses` (its fields, `fields()`,
`replace()`, `is_dataclass()`, `__match_args__` and subclassing by a real dataclass work as ever),
asked for none of those methods, and given generic ones that read the class's fields instead.

They behave as the generated ones do: built by position or keyword with the same defaults and
default factories, `__post_init__` called; equal only to an instance of the very same class with
equal compared fields; hashed by those fields when frozen, unhashable when not; shown as
`Name(field=value, ...)` (fields with `repr=False` left out, recursion shown as `...`); frozen ones
refuse to change with `FrozenInstanceError`; pickled and copied as the plain dataclass was (its
`__dict__`). A call with wrong arguments raises TypeError, in different words. Building one by
position with every field costs what the generated `__init__` does; with keywords or defaults,
about 1 us more (a loop over the fields in Python), so a class built thousands of times a deck
with keywords (`errors.Where`) writes its own `__init__`, which is kept, as dataclasses keeps it.

The type checker sees `dataclasses.dataclass` itself, so it checks construction, fields and
frozenness as before.
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any

_MISSING = dataclasses.MISSING


class _Shape:
    """What the shared methods need of one class: its fields in order and how each is filled."""

    __slots__ = ("names", "defaults", "factories", "compared", "shown", "post_init")

    def __init__(self, cls: type) -> None:
        fields = [f for f in dataclasses.fields(cls) if f.init]
        self.names = tuple(f.name for f in fields)
        self.defaults = {f.name: f.default for f in fields if f.default is not _MISSING}
        self.factories = {f.name: f.default_factory for f in fields if f.default_factory is not _MISSING}
        every = dataclasses.fields(cls)
        compared = tuple(f.name for f in every if f.compare)
        self.compared: Callable[[Any], tuple] = _getter(compared)
        self.shown = tuple(f.name for f in every if f.repr)
        self.post_init = getattr(cls, "__post_init__", None)


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """The named attributes of an object as a tuple, always a tuple (attrgetter gives one only for
    two names or more), so a record of one field compares and hashes as the generated methods do."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    shape: _Shape = type(self)._lean_shape
    if kwargs or len(args) != len(shape.names):
        args = _bind(type(self), shape, args, kwargs)
    self.__dict__.update(zip(shape.names, args))        # as object.__setattr__ field by field, in order
    if shape.post_init is not None:
        self.__post_init__()


def _bind(cls: type, shape: _Shape, args: tuple, kwargs: dict[str, Any]) -> tuple:
    """Every field's value in order, from the arguments given and the defaults, as the generated
    __init__ would take them."""
    names = shape.names
    if len(args) > len(names):
        raise TypeError(f"{cls.__qualname__}() takes {len(names)} arguments but {len(args)} were given")
    values = list(args)
    for name in names[len(args):]:
        if name in kwargs:
            values.append(kwargs.pop(name))
        elif name in shape.defaults:
            values.append(shape.defaults[name])
        elif name in shape.factories:
            values.append(shape.factories[name]())
        else:
            raise TypeError(f"{cls.__qualname__}() missing a required argument: {name!r}")
    if kwargs:
        extra = next(iter(kwargs))
        said = "multiple values for argument" if extra in names else "an unexpected keyword argument"
        raise TypeError(f"{cls.__qualname__}() got {said} {extra!r}")
    return tuple(values)


@reprlib.recursive_repr()
def _repr(self: Any) -> str:
    shape: _Shape = type(self)._lean_shape
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in shape.shown)
    return f"{type(self).__qualname__}({shown})"


def _eq(self: Any, other: object) -> bool:
    if other.__class__ is self.__class__:
        return _compared(self) == _compared(other)
    return NotImplemented


def _compared(obj: Any) -> tuple:
    return obj._lean_shape.compared(obj)


def _hash(self: Any) -> int:
    return hash(self._lean_shape.compared(self))


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _signature(cls: type) -> str:
    """What `dataclasses` puts as the docstring of a class without one, without `inspect`."""
    shown = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        text = f"{f.name}: {f.type!r}"
        if f.default is not _MISSING:
            text += f" = {f.default!r}"
        elif f.default_factory is not _MISSING:
            text += " = <factory>"
        shown.append(text)
    return f"{cls.__name__}({', '.join(shown)})"


def _lean(cls: type, frozen: bool) -> type:
    own = cls.__dict__
    for name in ("__repr__", "__eq__", "__setattr__", "__delattr__"):
        if name in own:
            raise TypeError(f"lean_dataclass: {cls.__qualname__} defines {name}; use dataclasses.dataclass")
    has_doc = cls.__doc__ is not None
    if not has_doc:
        cls.__doc__ = "-"           # else dataclasses works its signature out with inspect (slow)
    dataclasses.dataclass(cls, init=False, repr=False, eq=False)
    if not has_doc:
        cls.__doc__ = _signature(cls)
    shape = _Shape(cls)
    for name, value in (("_lean_shape", shape), ("__repr__", _repr), ("__eq__", _eq)):
        setattr(cls, name, value)
    if "__init__" not in own:                       # a class's own __init__ is kept, as dataclasses does
        cls.__init__ = _init                        # type: ignore[misc]
    if own.get("__hash__") is None:                 # a __hash__ of the class's own is kept, as dataclasses does
        cls.__hash__ = _hash if frozen else None    # type: ignore[assignment]
    if frozen:
        cls.__setattr__ = _frozen_setattr       # type: ignore[assignment]
        cls.__delattr__ = _frozen_delattr       # type: ignore[assignment]
    return cls


if TYPE_CHECKING:
    from dataclasses import dataclass as lean_dataclass
else:
    def lean_dataclass(cls: type | None = None, /, *, frozen: bool = False) -> Any:
        """`@lean_dataclass` or `@lean_dataclass(frozen=True)`, as `dataclasses.dataclass`."""
        if cls is None:
            return lambda cls: _lean(cls, frozen)
        return _lean(cls, frozen)
