"""Compiled templates and their values, kept for the cards of one deck.

Why a module of its own: a card's side is dozens of short templates, and a deck renders the same
ones for every card. Each source is compiled once; a source that reads nothing of the card (a
deck's title on every face, a colour from the layout's data) is worked out once and its value
kept; and every render runs in Jinja's sandbox with its errors turned into the user's words.
The deadline is not set here: printgen.draw.template sets one for a card's whole side.
"""

from __future__ import annotations

from typing import Any

from jinja2 import TemplateError
from jinja2.exceptions import SecurityError, UndefinedError

from printgen.files.errors import UserError, Where
from printgen.model import sandbox
from printgen.model.sandbox import TemplateLimit, environment

_CONSTANT_NAMES = frozenset({"deck", "layout"})
_BY_FIELDS = frozenset({"card", "deck", "layout"})
_TRIAL = 32              # renders of a source before its per-field cache is judged
_MISSING = object()


class _Unkeyable(Exception):
    """A card value that is not plain data (a number, text, a list or mapping of them)."""


def _key(value: Any) -> Any:
    """A card value as a key that tells apart exactly what prints differently (1, 1.0, True and
    -0.0 are equal in Python but not on a card)."""
    if value is None or isinstance(value, (bool, int, str)):
        return (type(value).__name__, value)
    if isinstance(value, float):
        return ("float", repr(value))
    if isinstance(value, dict):
        return ("dict", tuple((_key(k), _key(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(_key(v) for v in value))
    if value is _MISSING:
        return ("missing",)
    raise _Unkeyable


def _fields_read(source: str, expression: bool) -> tuple[str, ...] | None:
    """The card's fields a source reads, when it reads the card only as `card.field` or
    `card['field']` (and otherwise only the deck and the layout, and draws no random choice):
    its value is then the same for every card with the same values in those fields (a house's
    colour, its name in capitals). None for any other source."""
    from jinja2 import meta, nodes

    try:
        tree = environment().parse(f"{{{{ {source} }}}}" if expression else source)
    except Exception:
        return None
    reads = meta.find_undeclared_variables(tree)
    if "card" not in reads or not reads <= _BY_FIELDS:
        return None
    if any(f.name == "random" for f in tree.find_all(nodes.Filter)) or \
            any(n.name == "lipsum" for n in tree.find_all(nodes.Name)):     # chance, not the card
        return None
    uses = sum(1 for n in tree.find_all(nodes.Name) if n.name == "card")
    fields = []
    for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
        assert isinstance(node, (nodes.Getattr, nodes.Getitem))
        if isinstance(node.node, nodes.Name) and node.node.name == "card":
            if isinstance(node, nodes.Getattr):
                fields.append(node.attr)
            elif isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
                fields.append(node.arg.value)
            else:
                return None
    return tuple(dict.fromkeys(fields)) if len(fields) == uses else None


def _names_read(source: str, expression: bool) -> frozenset[str] | None:
    """The names a template (or expression) looks up in its context; None when it cannot be
    parsed (its rendering then reports the error)."""
    from jinja2 import meta

    env = environment()
    try:
        tree = env.parse(f"{{{{ {source} }}}}" if expression else source)
    except Exception:
        return None
    return frozenset(meta.find_undeclared_variables(tree))



class CompiledTemplates:
    """Rendering and evaluating template sources with a compiled form and a value cache."""

    def __init__(self, deck_context: dict[str, Any], layout_context: dict[str, Any]) -> None:
        self._templates: dict[str, Any] = {}
        self._expressions: dict[str, Any] = {}
        self._reads: dict[tuple[str, bool], frozenset[str] | None] = {}     # the names a source reads
        self._values: dict[tuple[str, bool], Any] = {}        # the value of a source read by no card
        self._deck_context = deck_context
        self._layout_context = layout_context
        self._fields: dict[tuple[str, bool], tuple[str, ...] | None] = {}   # what a source reads of the card
        self._by_fields: dict[tuple, Any] = {}                # (source, expression, fields' values) -> value
        self._tries: dict[tuple[str, bool], list[int]] = {}   # a source's [renders, reuses] while on trial
        self._keyed_card: dict | None = None                 # the card context whose fields _keyed holds
        self._keyed: dict[str, Any] = {}

    def render(self, source: str, context: dict, where: Where) -> str:
        if "{" not in source:
            return source
        constant = self._constant(source, context)
        if constant is not None and (source, False) in self._values:
            return self._values[(source, False)]
        key = None if constant else self._field_key(source, context, False)
        if key is not None and key in self._by_fields:
            self._tries[(source, False)][1] += 1
            return self._by_fields[key]
        template = self._templates.get(source)
        if template is None:
            template = self._compile(source, where, expression=False)
            self._templates[source] = template
        value = self._run(lambda: sandbox.render(template, context), where)
        if constant:
            self._values[(source, False)] = value
        elif key is not None:
            self._by_fields[key] = value
        return value

    def evaluate(self, source: str, context: dict, where: Where) -> Any:
        constant = self._constant(source, context, expression=True)
        if constant is not None and (source, True) in self._values:
            return self._values[(source, True)]
        key = None if constant else self._field_key(source, context, True)
        if key is not None and key in self._by_fields:
            self._tries[(source, True)][1] += 1
            return self._by_fields[key]
        expression = self._expressions.get(source)
        if expression is None:
            expression = self._compile(source, where, expression=True)
            self._expressions[source] = expression
        value = self._run(lambda: sandbox.guarded(lambda: expression(**context)), where)
        if constant and isinstance(value, (str, int, float, bool, type(None))):
            self._values[(source, True)] = value
        elif key is not None and isinstance(value, (str, int, float, bool, type(None))):
            self._by_fields[key] = value
        return value

    def _field_key(self, source: str, context: dict, expression: bool) -> tuple | None:
        """The key of this source's value for this card (see _fields_read), or None when it is not
        kept: a source that reads more than card fields, or whose values were seldom reused
        (a card's own name: keeping one per card would only cost memory)."""
        if (source, expression) not in self._fields:
            self._fields[(source, expression)] = _fields_read(source, expression)
            self._tries[(source, expression)] = [0, 0]
        fields = self._fields[(source, expression)]
        if fields is None:
            return None
        tries = self._tries[(source, expression)]
        tries[0] += 1
        if tries[0] == _TRIAL and tries[1] * 2 < _TRIAL:       # hardly reused: stop keeping it
            self._fields[(source, expression)] = None
            self._by_fields = {k: v for k, v in self._by_fields.items() if k[:2] != (source, expression)}
            return None
        card = context.get("card")
        if not isinstance(card, dict) or context.get("deck") is not self._deck_context \
                or context.get("layout") is not self._layout_context:
            return None
        if card is not self._keyed_card:      # a card's fields are keyed once for all its templates
            self._keyed_card, self._keyed = card, {}
        try:
            return (source, expression, tuple(self._field_value_key(card, name) for name in fields))
        except _Unkeyable:
            return None

    def _field_value_key(self, card: dict, name: str) -> Any:
        key = self._keyed.get(name, _MISSING)
        if key is _MISSING:
            key = self._keyed[name] = _key(card.get(name, _MISSING))
        return key

    def _constant(self, source: str, context: dict, expression: bool = False) -> bool | None:
        """True when `source` gives the same value for every card: it reads nothing but `deck`
        and `layout` (no card, no list item, not even a global such as range or lipsum), and
        the context holds this resolver's own. Such a value (a deck's title on every face, a
        colour from the layout's data) is worked out once, not once per card. None when the
        source is not constant (so the cache is not looked in)."""
        reads = self._reads.get((source, expression))
        if reads is None:
            reads = self._reads[(source, expression)] = _names_read(source, expression)
        if reads is None or not reads <= _CONSTANT_NAMES:
            return None
        return context.get("deck") is self._deck_context and context.get("layout") is self._layout_context

    def _compile(self, source: str, where: Where, expression: bool):
        from jinja2 import TemplateSyntaxError

        try:
            if expression:
                return environment().compile_expression(source, undefined_to_none=False)
            return environment().from_string(source)
        except TemplateSyntaxError as exc:
            raise UserError(f"template error in '{source}': {exc.message}", where) from None

    @staticmethod
    def _run(call, where: Where):
        try:
            return call()
        except UndefinedError as exc:
            raise UserError(f"the layout uses something this card does not have: {exc.message}", where,
                            "check the field names used between {{ }} in the layout") from None
        except TemplateLimit as exc:
            raise UserError(f"the layout's template asks for too much: {exc}", where,
                            "templates are for short card text; simplify the expression") from None
        except SecurityError as exc:
            raise UserError(f"the layout tried something templates may not do: {exc}", where) from None
        except TemplateError as exc:
            raise UserError(f"template error: {exc}", where) from None
