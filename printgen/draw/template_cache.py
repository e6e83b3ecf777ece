"""Compiled templates and their values, kept for the cards of one deck.

Why a module of its own: a card's side is dozens of short templates, and a deck renders the same
ones for every card. Each source is compiled once; a source that reads nothing of the card (a
deck's title on every face, a colour from the layout's data) is worked out once and its value
kept; and every render runs in Jinja's sandbox with its errors turned into the user's words.
The deadline is not set here: printgen.draw.template sets one for a card's whole side.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import PurePath
from typing import Any

from jinja2 import TemplateError

from printgen.draw import template_facts as facts
from printgen.files.errors import UserError, Where
from printgen.model import sandbox
from printgen.model.deck import Years
from printgen.model.sandbox import environment

_CONSTANT_NAMES = frozenset({"deck", "layout"})
_BY_FIELDS = frozenset({"card", "deck", "layout"})
_TRIAL = 32              # renders of a source before its per-field cache is judged
_MISSING = object()
_PLAIN_FIELD = re.compile(r"\{\{\s*card\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


# Where a template is in the layout, or how to say it: a card's text asks for several places (its
# text, colour, font, size) that only an error uses, so the hot path passes a way to make one.
Place = Where | Callable[[], Where]


def _at(where: Place) -> Where:
    return where() if callable(where) else where


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
    if isinstance(value, Years):            # a reign: a frozen value, known by its spans
        return ("Years", value.spans)
    if isinstance(value, PurePath):         # a picture's file
        return (type(value).__name__, str(value))
    raise _Unkeyable


@lru_cache(maxsize=2048)
def parsed(text: str) -> Any:
    """A template's syntax tree, or None when it does not parse (its rendering reports that).
    Each source is asked about several times (does it read the card, which fields, which names):
    parsed once, and only read after."""
    try:
        return environment().parse(text)
    except Exception:
        return None


def names_in(text: str) -> frozenset[str] | None:
    """The names a template looks up in its context (None: it does not parse). Kept by text
    between builds (template_facts)."""
    return facts.known("names", text, lambda: _names_in(text))


def _names_in(text: str) -> frozenset[str] | None:
    from jinja2 import meta

    tree = parsed(text)
    try:        # compiles the tree: an unknown filter is refused here, and said where it is compiled
        return None if tree is None else frozenset(meta.find_undeclared_variables(tree))
    except TemplateError:
        return None


def _fields_read(source: str, expression: bool) -> tuple[str, ...] | None:
    """The card's fields a source reads, when it reads the card only as `card.field` or
    `card['field']` (and otherwise only the deck and the layout, and draws no random choice):
    its value is then the same for every card with the same values in those fields (a house's
    colour, its name in capitals). None for any other source. Kept by text (template_facts)."""
    text = f"{{{{ {source} }}}}" if expression else source
    return facts.known("fields", text, lambda: _fields_of_text(text))


def _fields_of_text(text: str) -> tuple[str, ...] | None:
    from jinja2 import nodes

    tree, reads = parsed(text), names_in(text)
    if tree is None or reads is None or "card" not in reads or not reads <= _BY_FIELDS:
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
                if hasattr(dict, node.attr):    # card.get(...), card.items(): the mapping's own, the whole card
                    return None
                fields.append(node.attr)
            elif isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
                fields.append(node.arg.value)
            else:
                return None
    return tuple(dict.fromkeys(fields)) if len(fields) == uses else None


def _names_read(source: str, expression: bool) -> frozenset[str] | None:
    """The names a template (or expression) looks up in its context; None when it cannot be
    parsed (its rendering then reports the error)."""
    return names_in(f"{{{{ {source} }}}}" if expression else source)



def template_sources(elements: dict) -> list[str]:
    """Every template string of a set of elements, expressions wrapped as {{ }} (nested too)."""
    sources: list[str] = []

    def walk(data: dict) -> None:
        for key, value in data.items():
            if key == "type" or value is None:
                continue
            if isinstance(value, dict):
                walk(value)
            elif isinstance(value, str):
                sources.append("{{ " + value + " }}" if key in ("when", "items", "positions", "scale") else value)

    for element in elements.values():
        if element is not None:
            walk(_fields_of(element))
    return sources


def _fields_of(model: Any) -> dict[str, Any]:
    """A checked element's fields as plain data, nested elements too: what `model_dump()` gives
    for these models (no serializers, no aliases), read straight from the attributes. Why: a
    model's first `model_dump()` builds pydantic's checking and writing code for its class, which
    a build that took its checked deck from the cache (printgen/model/load_cache.py) otherwise
    never needs (issue 30: start-up)."""
    return {name: _plain(getattr(model, name)) for name in type(model).model_fields}


def _plain(value: Any) -> Any:
    if hasattr(type(value), "model_fields"):
        return _fields_of(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _element_reads(element: Any) -> tuple[str, ...] | None:
    """The card fields an element's templates read, all of them (nested elements too), when each
    template reads the card only by field, or nothing of it; None when any template reads more
    (a list's `item`, a global such as `range`, a random choice) or cannot be parsed."""
    fields: dict[str, None] = {}
    for source in template_sources({"element": element}):
        if "{" not in source:
            continue
        read = _fields_read(source, False)
        if read is not None:
            fields.update(dict.fromkeys(read))
        else:
            names = _names_read(source, False)
            if names is None or not names <= _CONSTANT_NAMES:
                return None               # else the deck's or the layout's alone: the same for every card
    return tuple(fields)


class CardFields(dict):
    """A card's fields as its templates see them (`card`), noting which fields a template reads.

    Why: a template such as `card.house.name if card.house else card.name` reads the name only
    for a card without a house, so an element drawn from it is the same for every card of a
    house; the fields its evaluation really looked up (here only the house) decide when a kept
    drawing fits another card (element_memo.py). Jinja's sandbox reads `card.field` and
    `card['field']` through __getitem__ (a dict has no such attribute), so each is noted while
    a template runs (CompiledTemplates._noted). The one attribute added is refused by the sandbox
    like every name that starts with '_'."""

    __slots__ = ("_printgen_reading",)

    def __init__(self, fields: dict[str, Any]) -> None:
        super().__init__(fields)
        self._printgen_reading: list[str | None] | None = None

    def __getitem__(self, name: str) -> Any:
        reading = self._printgen_reading
        if reading is not None:
            reading.append(name)
        return dict.__getitem__(self, name)


# Jinja names a value's type in its messages ("'dict object' has no attribute 'x'"): a card's
# fields are said as they always were.
CardFields.__module__, CardFields.__name__ = "builtins", "dict"
# Its instances have exactly its attributes (slots, no __getattr__): the sandbox judges `card.x`
# once per name, as for a plain dict (sandbox.Sandbox.getattr).
sandbox.attributes_by_type(CardFields)


def _note(context: dict, reads: tuple[str, ...] | None) -> None:
    """Add the card fields a value was worked out from to what the card notes (while an element
    is worked out: element_memo.py); None for reads not known (a card that is a plain dict)."""
    card = context.get("card")
    if type(card) is CardFields:
        reading = card._printgen_reading
        if reading is not None:
            if reads is None:
                reading.append(None)
            else:
                reading.extend(reads)


def _flat_globals(template: Any) -> Any:
    """The template with its globals (the sandbox's range, namespace ...) as one plain mapping of
    the same names and values. Why: Jinja keeps them as a ChainMap over the environment's, so each
    render lists both maps' keys twice to start its context, a tenth of a card's short template.
    The sandbox's globals are set once when it is made and never change, so nothing is lost."""
    from collections import ChainMap

    if template is not None and isinstance(template.globals, ChainMap):
        template.globals = dict(template.globals)
    return template


def _expression_code(source: str) -> Any:
    """The code Jinja's compile_expression compiles for an expression: an assignment of its value
    to `result`, as a template of its own. Jinja itself checks the expression first, so a
    mistake is refused in its words (TemplateSyntaxError), and nothing is kept."""
    from jinja2 import nodes
    from jinja2.parser import Parser

    env = environment()
    env.compile_expression(source)
    expr = Parser(env, source, state="variable").parse_expression()
    expr.set_environment(env)
    return env.compile(nodes.Template([nodes.Assign(nodes.Name("result", "store"), expr, lineno=1)], lineno=1))


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
        self._keyed: dict[str, int] = {}
        self._key_numbers: dict[Any, int] = {}               # a field value's _key -> its number
        self._render_card: dict | None = None                # the card context _card_renders belongs to
        # source -> its value for this card, and the fields it read
        self._card_renders: dict[str, tuple[str, tuple[str, ...] | None]] = {}
        self._plain: dict[str, Any] = {}                     # source -> the field of '{{ card.field }}', or None
        self._pure: dict[str, bool] = {}                     # source -> whether it reads only fields

    def render(self, source: str, context: dict, where: Place) -> str:
        if "{" not in source:
            return source
        constant = self._constant(source, context)
        if constant is not None and (source, False) in self._values:
            return self._values[(source, False)]
        key = None if constant else self._field_key(source, context, False)
        if key is not None:
            held = self._by_fields.get(key)
            if held is not None:
                self._tries[(source, False)][1] += 1
                _note(context, held[1])
                return held[0]
        found = self._card_render(source, context) if not constant else None
        if found is not None:
            value, reads = found
        else:
            template = self._templates.get(source)
            if template is None:
                template = self._compile(source, where, expression=False)
                self._templates[source] = template
            value, reads = self._noted(lambda: sandbox.render(template, context), where, context, source)
            if not constant:
                self._keep_card_render(source, context, value, reads)
        if constant:
            self._values[(source, False)] = value
        else:
            _note(context, reads)
            if key is not None:
                self._by_fields[key] = (value, reads)
        return value

    def _noted(self, call, where: Place, context: dict, source) -> tuple[Any, tuple[str, ...] | None]:
        """Run a template (`_run`), and say which of the card's fields it read, in the order it
        read them: exactly those its evaluation looked up, which for `card.a if card.b else card.c`
        depends on the card. None when the card is not a CardFields (the reads are not known)."""
        card = context.get("card")
        if type(card) is not CardFields:
            return self._run(call, where, context, source), None
        outer, card._printgen_reading = card._printgen_reading, []
        try:
            value = self._run(call, where, context, source)
        finally:
            read, card._printgen_reading = card._printgen_reading, outer
        return value, (None if None in read else tuple(dict.fromkeys(read)))    # type: ignore[arg-type]

    def _card_render(self, source: str, context: dict) -> tuple[str, tuple[str, ...] | None] | None:
        """The value of a source that reads only the card's fields, without Jinja where that is
        safe, with the fields it read: `{{ card.field }}` is the field's text (what Jinja's sandbox
        prints for a field of a plain mapping: the value, '' for None), and a source rendered
        already for this card (the two corner indexes print the same name) is its value then.
        None: render it."""
        card = context.get("card")
        if (type(card) is not dict and type(card) is not CardFields) or context.get("deck") is not self._deck_context \
                or context.get("layout") is not self._layout_context:
            return None
        if card is not self._render_card:
            self._render_card, self._card_renders = card, {}
        kept = self._card_renders.get(source)
        if kept is not None:
            return kept
        field = self._plain.get(source, _MISSING)
        if field is _MISSING:
            match = _PLAIN_FIELD.fullmatch(source)
            # a name that is a mapping's own attribute (card.items, card.get) is that, not the field
            field = self._plain[source] = match.group(1) if match and not hasattr(dict, match.group(1)) else None
        if field is None or field not in card:
            return None
        held = dict.get(card, field)
        text = "" if held is None else str(held)
        return (text, (field,)) if len(text) <= sandbox.MAX_OUTPUT else None     # too long: the sandbox refuses it

    def _keep_card_render(self, source: str, context: dict, value: str, reads: tuple[str, ...] | None) -> None:
        """Keep a rendered value for the rest of this card's side, if its source reads only the
        card's fields and the deck's and layout's (see _fields_read: no random choice)."""
        if context.get("card") is not self._render_card:
            return
        pure = self._pure.get(source)
        if pure is None:
            pure = self._pure[source] = _fields_read(source, False) is not None
        if pure:
            self._card_renders[source] = (value, reads)

    def evaluate(self, source: str, context: dict, where: Place) -> Any:
        constant = self._constant(source, context, expression=True)
        if constant is not None and (source, True) in self._values:
            return self._values[(source, True)]
        key = None if constant else self._field_key(source, context, True)
        if key is not None:
            held = self._by_fields.get(key)
            if held is not None:
                self._tries[(source, True)][1] += 1
                _note(context, held[1])
                return held[0]
        expression = self._expressions.get(source)
        if expression is None:
            expression = self._compile(source, where, expression=True)
            self._expressions[source] = expression
        value, reads = self._noted(lambda: sandbox.guarded(lambda: expression(**context)), where, context, (source,))
        if not constant:
            _note(context, reads)
        if constant and isinstance(value, (str, int, float, bool, type(None))):
            self._values[(source, True)] = value
        elif key is not None and isinstance(value, (str, int, float, bool, type(None))):
            self._by_fields[key] = (value, reads)
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

    def field_value_key(self, card: dict, name: str) -> int:
        """A card field's value as a key that tells apart what prints differently (_key); a
        card's keys are worked out once for all its templates and elements."""
        if card is not self._keyed_card:
            self._keyed_card, self._keyed = card, {}
        return self._field_value_key(card, name)

    def ours(self, context: dict) -> bool:
        """Whether a context holds this resolver's own deck and layout (the one input of its
        templates besides the card that the caches do not key)."""
        return context.get("deck") is self._deck_context and context.get("layout") is self._layout_context

    def _field_value_key(self, card: dict, name: str) -> int:
        """The number that stands for the field's _key: equal keys get the same number, once for
        the resolver. Why a number: a kept drawing or value is looked up by a tuple of these for
        each element of every card, and a tuple of small numbers hashes at once where a tuple of
        keys hashed every key again (a house is a mapping of a dozen fields)."""
        key = self._keyed.get(name)
        if key is None:
            numbers = self._key_numbers
            key = self._keyed[name] = numbers.setdefault(_key(card.get(name, _MISSING)), len(numbers))
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

    def _compile(self, source: str, where: Place, expression: bool):
        from jinja2 import TemplateSyntaxError

        try:
            env = environment()
            if expression:
                from jinja2.environment import TemplateExpression

                # env.compile_expression(source, undefined_to_none=False), its code kept by text
                code = facts.code("expression code", source, lambda: _expression_code(source))
                template = env.template_class.from_code(env, code, env.make_globals(None), None)
                return TemplateExpression(_flat_globals(template), False)
            # env.from_string(source), with the compiled code kept by text (template_facts)
            code = facts.code("code", source, lambda: env.compile(source))
            return _flat_globals(env.template_class.from_code(env, code, env.make_globals(None), None))
        except TemplateSyntaxError as exc:      # in plain words, imported on a mistake only (start-up)
            from printgen.draw.template_words import syntax_error

            said = syntax_error(exc, source, expression)
            words = said.words if source.strip() in said.words else f"{said.words} (in '{source}')"
            raise UserError(words, _at(where), said.hint) from None

    @staticmethod
    def _run(call, where: Place, context: dict, source: str | tuple[str]):
        try:        # (source: a template's text, or (text,) for an expression's)
            return call()
        except TemplateError as exc:    # said of a card, or of the deck for a board (no card), with what they know
            from printgen.draw.template_words import BOARD, CARD, Names, template_error

            at, text = _at(where), source if isinstance(source, str) else f"{{{{ {source[0]} }}}}"
            raise template_error(exc, at, CARD if at.card is not None else BOARD, Names(context, text)) from None
