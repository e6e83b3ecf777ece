"""`files.lean.lean_dataclass` against `dataclasses.dataclass`: the same classes made both ways must
behave alike in everything the project uses of a dataclass (issue 30, start-up: the lean one
compiles no code per class).

Each case builds a class both ways from one body and compares what users of the class see:
construction by position, keyword and default (factories called anew), equality (never with
another class), hash (frozen) or unhashability, repr, refusal to change, pickling, copying,
`dataclasses.replace`, `fields`, `__match_args__`, `__post_init__`, subclasses (plain, and real
dataclasses on top), and the project's own converted classes pickled the way the cache and the
process pool send them.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import FrozenInstanceError, field
from pathlib import Path
from typing import Any

import pytest

from printgen.files.lean import lean_dataclass


def _both(make: Any) -> tuple[type, type]:
    return make(dataclasses.dataclass), make(lean_dataclass)


def _point(deco: Any) -> type:
    @deco(frozen=True)
    class Point:
        x: float
        y: float
        label: str = "p"
        tags: tuple[str, ...] = ()
        note: str | None = field(default=None, repr=False)
    return Point


def _bag(deco: Any) -> type:
    @deco
    class Bag:
        name: str
        items: list[int] = field(default_factory=list)
        seen: dict[str, int] = field(default_factory=dict)
    return Bag


def _one(deco: Any) -> type:
    @deco(frozen=True)
    class One:
        """A record of one field."""
        value: Any
    return One


# the classes are made by pickle's lookup name, so pickling can find them: one pair per module name
Point_dc, Point_lean = _both(_point)
Bag_dc, Bag_lean = _both(_bag)
One_dc, One_lean = _both(_one)
for _cls, _name in ((Point_dc, "Point_dc"), (Point_lean, "Point_lean"), (Bag_dc, "Bag_dc"), (Bag_lean, "Bag_lean"),
                    (One_dc, "One_dc"), (One_lean, "One_lean")):
    _cls.__qualname__ = _cls.__name__ = _name


def _same(dc: Any, lean: Any) -> None:
    """Equal in every visible way but the class's name."""
    assert repr(dc).replace("_dc(", "(") == repr(lean).replace("_lean(", "(")
    assert [f.name for f in dataclasses.fields(dc)] == [f.name for f in dataclasses.fields(lean)]
    assert dataclasses.asdict(dc) == dataclasses.asdict(lean)
    assert vars(dc) == vars(lean) and list(vars(dc)) == list(vars(lean))


@pytest.mark.parametrize("args, kwargs", [((1.0, 2.0), {}), ((1.0,), {"y": 2.0, "label": "q"}),
                                          ((), {"x": 1, "y": 2, "tags": ("a",), "note": "n"}),
                                          ((1.0, 2.0, "r", ("b", "c"), "n"), {})])
def test_frozen_records_build_compare_hash_show_and_refuse_change_alike(args: tuple, kwargs: dict) -> None:
    dc, lean = Point_dc(*args, **kwargs), Point_lean(*args, **kwargs)
    _same(dc, lean)
    assert "note=" not in repr(lean)
    twin = Point_lean(*args, **kwargs)
    assert twin == lean and hash(twin) == hash(lean) == hash(dc)
    assert lean != dc and lean != dataclasses.astuple(lean)            # another class is never equal
    assert Point_lean(5.0, 6.0) != lean
    for change in (lambda o: setattr(o, "x", 9.0), lambda o: delattr(o, "x"), lambda o: setattr(o, "new", 1)):
        for obj in (dc, lean):
            with pytest.raises(FrozenInstanceError):
                change(obj)
    changed = dataclasses.replace(lean, label="z")
    assert type(changed) is Point_lean and vars(changed) == vars(dataclasses.replace(dc, label="z"))
    assert Point_lean.__match_args__ == Point_dc.__match_args__
    assert dataclasses.is_dataclass(Point_lean) and Point_lean.__doc__ == Point_dc.__doc__.replace("_dc(", "_lean(")


def test_plain_records_are_mutable_unhashable_and_take_fresh_defaults() -> None:
    dc, lean = Bag_dc("a"), Bag_lean("a")
    _same(dc, lean)
    lean.items.append(1)
    assert Bag_lean("a").items == [] and lean == Bag_lean("a", [1])           # each its own list
    lean.name = "b"
    assert lean.name == "b" and lean != Bag_lean("a", [1])
    with pytest.raises(TypeError):
        hash(lean)
    assert Bag_lean.__hash__ is None and Bag_dc.__hash__ is None
    assert dataclasses.replace(lean, name="c") == Bag_lean("c", [1])


def test_a_record_of_one_field_compares_as_a_tuple_does() -> None:
    nan = float("nan")
    assert One_lean(nan) == One_lean(nan) and (One_dc(nan) == One_dc(nan))     # the same object: equal
    assert One_lean(1) == One_lean(1.0) and hash(One_lean(1)) == hash(One_dc(1)) == hash((1,))
    assert repr(One_lean("a")) == "One_lean(value='a')" and One_lean.__doc__ == "A record of one field."


def test_wrong_arguments_are_refused() -> None:
    for args, kwargs in (((), {}), ((1, 2, "l", (), None, 6), {}), ((1,), {"x": 1, "y": 2}), ((1, 2), {"z": 3})):
        with pytest.raises(TypeError):
            Point_dc(*args, **kwargs)
        with pytest.raises(TypeError):
            Point_lean(*args, **kwargs)


@pytest.mark.parametrize("make", [lambda: Point_lean(1.0, 2.0, tags=("a",), note="n"),
                                  lambda: Bag_lean("a", [1, 2], {"k": 3}), lambda: One_lean(Path("x"))])
def test_pickled_and_copied_records_come_back_equal(make: Any) -> None:
    obj = make()
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(obj, protocol))
        assert back == obj and vars(back) == vars(obj) and type(back) is type(obj)
    assert copy.copy(obj) == obj and copy.deepcopy(obj) == obj


def test_post_init_own_init_and_subclasses() -> None:
    @lean_dataclass
    class Counted:
        n: int
        double: int = 0

        def __post_init__(self) -> None:
            self.double = 2 * self.n

    assert Counted(3).double == 6

    @lean_dataclass(frozen=True)
    class Keyed:
        a: int
        b: int = 0

        def __init__(self, a: int, b: int = 0) -> None:     # kept, as dataclasses keeps it
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b * 10)

    assert Keyed(1, 2).b == 20 and Keyed(1, 2) == Keyed(1, 2) and hash(Keyed(1, 2)) == hash((1, 20))

    @lean_dataclass
    class Problem(Exception):
        message: str
        hint: str | None = None

    class Plain(Problem):
        pass

    @dataclasses.dataclass
    class Many(Problem):
        count: int = 0

    assert Plain("m") == Plain("m") and Plain("m") != Problem("m") \
        and repr(Plain("m")).endswith(".<locals>.Plain(message='m', hint=None)")
    many = Many("m", "h", 3)
    assert repr(many) == "test_post_init_own_init_and_subclasses.<locals>.Many(message='m', hint='h', count=3)"
    assert [f.name for f in dataclasses.fields(Many)] == ["message", "hint", "count"]
    with pytest.raises(Problem):
        raise Plain("m")

    with pytest.raises(TypeError, match="defines __eq__"):
        @lean_dataclass
        class Own:
            a: int

            def __eq__(self, other: object) -> bool:
                return True


def test_the_converted_classes_of_a_build_pickle_as_they_did() -> None:
    """The cache of checked decks and the process pool pickle decks, layouts and their parts."""
    from printgen.draw.build import BuildOptions
    from printgen.files.errors import UserError, Warning_, Where
    from printgen.model.deck import Years
    from printgen.model.imposition import Slot

    where = Where(Path("deck.yaml"), 3, card="A", field="name")
    values = [where, Warning_("careful", where), UserError("bad", where, hint="h"), Years(((1066, 1087),)),
              Slot(1.0, 2.0, 3.0, 4.0, 90), BuildOptions(only=frozenset({"cards"}))]
    for value in values:
        back = pickle.loads(pickle.dumps(value))
        assert type(back) is type(value) and vars(back) == vars(value)
        assert repr(back) == repr(value)
    assert repr(where) == "Where(file=PosixPath('deck.yaml'), line=3, card='A', field='name', row=None, column=None)"
    assert str(UserError("bad", where, hint="h")) == "deck.yaml, line 3, card 'A', field 'name': bad\n  hint: h"
    assert hash(Slot(1.0, 2.0, 3.0, 4.0, 90)) == hash((1.0, 2.0, 3.0, 4.0, 90))
