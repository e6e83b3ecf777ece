"""The sandbox judges an attribute of a plain value once per type and name (issue 30, aim 2):
every answer must still be the one Jinja's own immutable sandbox gives, the first time and after."""

from __future__ import annotations

import pytest
from jinja2 import StrictUndefined, Undefined
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment, unsafe

from printgen.draw.template_cache import CardFields
from printgen.model.sandbox import Sandbox, attributes_by_type, environment, render

VALUES = ["Wm I", 3, 2.5, True, None, [1, 2], (1, 2), {"name": "Anne", "items": 1, "pop": 2},
          CardFields({"name": "Anne", "pop": 1, "get": 2, "_printgen_reading": 3})]
NAMES = ["name", "items", "pop", "get", "keys", "upper", "split", "join", "format", "format_map", "append",
         "clear", "sort", "count", "index", "update", "setdefault", "popitem", "fromkeys", "real", "imag",
         "bit_length", "mro", "__name__", "__class__", "__dict__", "__len__", "__init__", "__subclasses__",
         "__mro__", "_printgen_reading", "missing", "denominator", "conjugate"]


def _outcome(env: ImmutableSandboxedEnvironment, value: object, name: str) -> tuple:
    """What a template gets for `value.name`: the value, or the error using it raises."""
    got = env.getattr(value, name)
    if isinstance(got, Undefined):
        try:
            str(got)
        except Exception as exc:        # noqa: BLE001 - the kind and words are what is compared
            return ("undefined", type(exc).__name__, str(exc))
        return ("undefined, printable",)
    if isinstance(value, str) and name in ("format", "format_map"):    # wrapped (printgen's checks the width too)
        return ("formats", got("x") if name == "format" else got({}))
    return ("value", got)


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_each_attribute_gets_what_jinjas_own_sandbox_gives_first_time_and_after(value):
    jinja = ImmutableSandboxedEnvironment(undefined=StrictUndefined)
    for env in (Sandbox(undefined=StrictUndefined), environment()):
        for name in NAMES:
            expected = _outcome(jinja, value, name)
            assert _outcome(env, value, name) == expected, name      # worked out
            assert _outcome(env, value, name) == expected, name      # remembered


def test_what_templates_see_of_a_card_is_unchanged():
    card = CardFields({"name": "Wm I", "words": ["a", "b"], "house": None})
    context = {"card": card, "layout": {"short": {"Wm": "W"}}}
    jinja = ImmutableSandboxedEnvironment(undefined=StrictUndefined, finalize=lambda v: "" if v is None else v)
    for source in ["{{ card.name.split(' ') | join('-') }}", "{{ layout.short.get(card.name[:2], '?') }}",
                   "{{ card.words.index('b') }}{{ card.keys() | list | length }}", "{{ card.house }}",
                   "{{ '{0}!'.format(card.name) }}"]:
        expected = jinja.from_string(source).render(context)
        for _ in range(2):
            assert render(environment().from_string(source), context) == expected
    for source, says in [("{{ card.__class__ }}", "unsafe"), ("{{ card.pop('name') }}", "unsafe"),
                         ("{{ card.words.append(1) }}", "unsafe"), ("{{ card.nothing }}", "no attribute")]:
        for _ in range(2):
            with pytest.raises(Exception, match=says):
                render(environment().from_string(source), context)


def test_a_built_in_method_cannot_be_marked_unsafe_and_a_marked_callable_is_still_refused():
    # Why the safe-callable check is skipped for bound built-in methods: they hold no attributes
    with pytest.raises(AttributeError):
        "x".split.unsafe_callable = True  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        [].__len__.alters_data = True  # type: ignore[attr-defined]

    @unsafe
    def secret() -> str:
        return "reached"

    with pytest.raises(SecurityError, match="not safely callable"):
        render(environment().from_string("{{ f() }}"), {"f": secret})


def test_only_a_type_whose_instances_hold_nothing_of_their_own_is_judged_by_type():
    class Open(dict):                   # instances have a __dict__
        pass

    class Looking(dict):
        __slots__ = ()

        def __getattr__(self, name: str) -> str:
            return name

    for kind in (Open, Looking):
        with pytest.raises(TypeError, match="attributes their type does not say"):
            attributes_by_type(kind)
