"""What a template could have named, for the words of a name it got wrong.

Why a module of its own: Jinja says "'dict object' has no attribute 'titel'" without saying which
object it asked, and "'m' is undefined" without saying what was defined. The context a template
runs with (a card's fields, the deck, a repeat's item, a score sheet's n) is known where it runs,
and the template's text says what the name was looked up in (`deck.titel`: deck), so a mistake
can be said of what really lacks the name, with the nearest name it has, and a hint can list what
there is, from the data itself rather than from a page a teacher who installed printgen lacks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printgen.files.lean import lean_dataclass

_UNKNOWN = object()
_SHOWN = 8              # the names of one mapping a hint lists before '...'
_CARDS_LOOKED_AT = 200  # the items of a list whose names are gathered for a 'did you mean'


@lean_dataclass(frozen=True)
class Names:
    """What a template ran with: its context (the names it knows) and its text (None: not known)."""

    context: Mapping[str, Any]
    source: str | None = None


def looked_in(names: Names, name: str, empty: bool = False) -> tuple[str, Any] | None:
    """The object a template asked for `name` of, as written in it and its value ('deck' and the
    deck's mapping; 'h' and an unknown value for a loop's variable), or None when the template does
    not say. `empty`: the object was None (Jinja's "'None' has no attribute"), so a mapping that
    has the name is not it."""
    from jinja2 import nodes

    tree = _parsed(names.source)
    if tree is None:
        return None
    fallback = None
    for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
        if _attribute(node) != name:
            continue
        text, value = _resolved(node.node, names.context)
        if text is None:
            continue
        if value is _UNKNOWN:
            fallback = fallback or (text, value)
        elif (value is None) == empty and not (isinstance(value, Mapping) and name in value):
            return text, value
    return fallback


def _parsed(source: str | None) -> Any:
    if not source:
        return None
    from printgen.model.sandbox import environment

    try:
        return environment().parse(source)
    except Exception:       # a template that does not parse is said so elsewhere
        return None


def _attribute(node: Any) -> Any:
    from jinja2 import nodes

    if isinstance(node, nodes.Getattr):
        return node.attr
    return node.arg.value if isinstance(node.arg, nodes.Const) else None


def _resolved(node: Any, context: Mapping[str, Any]) -> tuple[str | None, Any]:
    """An expression of names, fields and constant indexes (deck.houses[0]) as written, and its
    value in `context` (_UNKNOWN where it cannot be told: a loop's variable)."""
    from jinja2 import nodes

    if isinstance(node, nodes.Name):
        return node.name, context.get(node.name, _UNKNOWN)
    if isinstance(node, (nodes.Getattr, nodes.Getitem)):
        key = _attribute(node)
        text, value = _resolved(node.node, context)
        if text is None or key is None:
            return None, _UNKNOWN
        text = f"{text}.{key}" if isinstance(node, nodes.Getattr) else f"{text}[{key!r}]"
        try:
            return text, value[key] if isinstance(value, (Mapping, list, tuple)) else _UNKNOWN
        except (KeyError, IndexError, TypeError):
            return text, _UNKNOWN
    return None, _UNKNOWN


def fields_offered(context: Mapping[str, Any], depth: int = 3) -> list[str]:
    """Every field name the context's mappings hold, and those of the mappings in its lists (the
    deck's cards, its houses), a few levels down: what a name that belongs to no known object
    may have meant."""
    found: dict[str, None] = {}

    def walk(value: Any, level: int) -> None:
        if level > depth:
            return
        if isinstance(value, Mapping):
            for key, inner in value.items():
                if isinstance(key, str):
                    found.setdefault(key)
                walk(inner, level + 1)
        elif isinstance(value, (list, tuple)):
            for inner in value[:_CARDS_LOOKED_AT]:
                walk(inner, level)

    for value in context.values():
        walk(value, 1)
    return list(found)


def listed(value: Mapping[str, Any], prefix: str = "") -> str:
    """The names of a mapping, in the order it has them, a list of mappings followed by the names
    its items have: 'title, cards (each with id, name ...), card_count'."""
    return ", ".join(_parts(value, prefix)) + (" ..." if len(value) > _SHOWN else "")


def _parts(value: Mapping[str, Any], prefix: str) -> list[str]:
    parts = []
    for key, inner in list(value.items())[:_SHOWN]:
        each = inner[0] if isinstance(inner, (list, tuple)) and inner and isinstance(inner[0], Mapping) else None
        parts.append(f"{prefix}{key} (each with {_short(each)})" if each else f"{prefix}{key}")
    return parts


def _short(value: Mapping[str, Any]) -> str:
    keys = [str(k) for k in value]
    return ", ".join(keys[:_SHOWN]) + (" ..." if len(keys) > _SHOWN else "")


def knows(context: Mapping[str, Any]) -> str:
    """What a template can use, for a hint: the deck's names one by one (deck.title, deck.cards
    ...), and the context's other names ('n', 'item (name, colour ...)'), in one line or two."""
    parts = []
    for key, value in context.items():
        if key == "deck" and isinstance(value, Mapping):
            parts.extend(_parts(value, "deck.") + (["..."] if len(value) > _SHOWN else []))
        elif isinstance(value, Mapping) and value:
            parts.append(f"{key} ({_short(value)})")
        else:
            parts.append(key)
    return and_list(parts)


def and_list(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]
