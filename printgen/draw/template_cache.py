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

    def render(self, source: str, context: dict, where: Where) -> str:
        if "{" not in source:
            return source
        constant = self._constant(source, context)
        if constant is not None and (source, False) in self._values:
            return self._values[(source, False)]
        template = self._templates.get(source)
        if template is None:
            template = self._compile(source, where, expression=False)
            self._templates[source] = template
        value = self._run(lambda: sandbox.render(template, context), where)
        if constant:
            self._values[(source, False)] = value
        return value

    def evaluate(self, source: str, context: dict, where: Where) -> Any:
        constant = self._constant(source, context, expression=True)
        if constant is not None and (source, True) in self._values:
            return self._values[(source, True)]
        expression = self._expressions.get(source)
        if expression is None:
            expression = self._compile(source, where, expression=True)
            self._expressions[source] = expression
        value = self._run(lambda: sandbox.guarded(lambda: expression(**context)), where)
        if constant and isinstance(value, (str, int, float, bool, type(None))):
            self._values[(source, True)] = value
        return value

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
