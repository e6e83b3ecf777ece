"""A template's mistake in the user's words, whichever file the template is in: a card layout's,
a board's, a rule sheet's, a score sheet's foot, or a deck's generate: rule (read in this layer,
the model's, which is why the wording is kept here: printgen.draw.template_words names it too).

Why a module of its own: the same Jinja errors reach the user from a card's caption, a board's
heading and a rule sheet's paragraph, and Jinja says them of Python objects ("'dict object' has no
attribute 'nme'"), which a teacher writing a template has never met. Each kind of file says them
the same plain way here, and says what is true of it: a board and a rule sheet have no card, so
their messages speak of the deck, and their hints list what their templates can use (template_names).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from jinja2 import TemplateError, TemplateSyntaxError
from jinja2.exceptions import SecurityError, UndefinedError

from printgen.files.errors import UserError, Where, did_you_mean
from printgen.files.lean import lean_dataclass
from printgen.model.sandbox import TemplateLimit, environment
from printgen.model.template_names import Names, and_list, fields_offered, knows, listed, looked_in


@lean_dataclass(frozen=True)
class Whose:
    """A kind of file with templates, as its errors say it."""

    template: str       # what uses the templates: 'the layout', 'the board'
    holder: str         # what its templates read values of: 'this card', 'the deck'
    knows: str          # who knows the names a hint lists: "a board's templates"
    limit_hint: str     # the hint for a template that asks for too much


CARD = Whose("the layout", "this card", "this layout's templates",
             "templates are for short card text; simplify the expression")
BOARD = Whose("the board", "the deck", "a board's templates",
              "a board's templates are for short text; simplify the expression")
RULES = Whose("the rule sheet", "the deck", "a rule sheet's templates",
              "a rule sheet's templates count and list the deck's cards; simplify this one")
FORM = Whose("the foot", "the deck", "a foot's templates",
             "a foot's templates count and list the deck's cards; simplify this one")
# a score sheet's heading (said "the label" for a row's: forms.py)
LABEL = Whose("the heading", "the deck", "a sheet's headings and labels",
              "headings and labels are a few words; simplify this one")
# the name or id of a deck's generate: rule (printgen/model/load.py)
GENERATE = Whose("the generate: rule", "the group", "a generate: rule's templates",
                 "a card's name is a few words; simplify this one")


def template_error(exc: TemplateError, where: Where, whose: Whose, names: Names | None = None) -> UserError:
    """A Jinja error from running a template (not from parsing one), as the user's mistake at
    `where`: a name that is not there, a limit of the sandbox, something it may not do. `names`:
    what the template ran with, to say what lacked a name and what it has."""
    plain = python_words(exc.message or "")
    if plain is not None:       # Python's words about lists and numbers ('list object' has no attribute)
        return UserError(f"{whose.template}'s template has a mistake: {plain[0]}", where, plain[1])
    if isinstance(exc, UndefinedError):
        return undefined(exc.message or "", where, whose, names)
    if isinstance(exc, TemplateLimit):      # (a SecurityError too: asked first)
        return UserError(f"{whose.template}'s template asks for too much: {exc}", where, whose.limit_hint)
    if isinstance(exc, SecurityError):
        return UserError(f"{whose.template} tried something templates may not do: {exc}", where)
    unknown = unknown_word(exc.message or "")
    if unknown is not None:     # a test named in select or selectattr is looked up as it runs
        return UserError(f"{whose.template}'s template has a mistake: {unknown[0]}", where, unknown[1])
    return UserError(f"template error: {exc}", where)


_UNDEFINED = re.compile(r"^'(.+)' is undefined$")
_NO_ATTRIBUTE = re.compile(r"^'(dict object|None|str object|int object|float object)' has no attribute '(.+)'$")


def undefined(message: str, where: Where, whose: Whose, names: Names | None) -> UserError:
    """A name a template asked for and did not get, said of what lacked it (the deck, this card,
    the repeat's item, a name the template does not know), with the nearest name there is."""
    unknown = _UNDEFINED.match(message)
    if unknown is not None and names is not None:
        name, known = unknown.group(1), and_list(list(names.context))
        if whose in (CARD, BOARD) and "item" not in names.context:
            known += ", and item and index inside a repeat"
        return UserError(f"{whose.template}'s template has a mistake: '{name}' is not a name these templates know "
                         f"(they know {known})", where, _name_hint(name, names, whose))
    found = _NO_ATTRIBUTE.match(message)
    if found is None or names is None:
        return UserError(f"{whose.template} uses something {whose.holder} does not have: "
                         f"{missing(message, whose.holder)}", where, "check the names between {{ }}")
    kind, name = found.groups()
    at = looked_in(names, name, empty=kind == "None")
    if at is None:
        words, hint = missing(message, whose.holder), _field_hint(name, None, names, whose)
        return UserError(f"{whose.template} uses something {whose.holder} does not have: {words}", where, hint)
    text, value = at
    if kind == "None":      # deck.subtitle.name: the subtitle is not given
        parent = re.sub(r"(\.[^.\[]+|\[[^\]]+\])$", "", text)
        holder = _holder(parent, names) if parent != text else whose.holder
        return UserError(f"{whose.template} uses something {holder} does not have: '{name}' of a field {holder} "
                         f"leaves empty", where, f"ask first whether it is given: {{% if {text} %}} ... {{% endif %}}")
    if kind != "dict object":
        return UserError(f"{whose.template}'s template has a mistake: '{name}' of a plain value (text or a number)",
                         where, f"{text} has no fields of its own: {{{{ {text} }}}} is its value")
    holder = _holder(text, names)
    return UserError(f"{whose.template} uses something {holder} does not have: there is no field '{name}'", where,
                     _field_hint(name, value if isinstance(value, Mapping) else None, names, whose, holder))


def _field_hint(name: str, mapping: Mapping[str, Any] | None, names: Names, whose: Whose, holder: str = "") -> str:
    """The hint for a field not there: the nearest name of the mapping it was asked of, or of all
    the context offers when that is not known (a loop's variable), else what there is."""
    if mapping is not None:
        return did_you_mean(name, [str(k) for k in mapping]) or f"{holder} has {listed(mapping)}"
    return did_you_mean(name, fields_offered(names.context)) or f"{whose.knows} know {knows(names.context)}"


def _holder(text: str, names: Names) -> str:
    """What an object is called in a message: 'the deck', 'this card', 'the repeat's item', or its own words."""
    if text == "item":
        return "the repeat's item" if "index" in names.context else "the list's item"
    return {"deck": "the deck", "card": "this card", "layout": "the layout's data"}.get(text, f"'{text}'")


def _name_hint(name: str, names: Names, whose: Whose) -> str:
    """The hint for a name a template does not know: the nearest it knows, or all it knows."""
    close = did_you_mean(name, list(names.context) + sorted(environment().globals))
    if close:
        return close
    if name in ("item", "index") and whose in (CARD, BOARD):
        return f"{name} is known only inside a repeat, in the elements it repeats"
    if name == "card" and "deck" in names.context:
        return f"{whose.template} is not a card: deck.cards lists the deck's cards ({{% for c in deck.cards %}})"
    return f"{whose.knows} know {knows(names.context)}"


_JINJA_MISSING = (      # Jinja's words about Python objects, then the same said of fields ({holder}: 'this card')
    (re.compile(r"^'dict object' has no attribute '(.+)'$"), "there is no field '{name}'"),
    (re.compile(r"^'None' has no attribute '(.+)'$"), "'{name}' of a field {holder} leaves empty"),
    (re.compile(r"^'(?:str|int|float) object' has no attribute '(.+)'$"),
     "'{name}' of a plain value (text or a number)"),
    (re.compile(r"^'(.+)' is undefined$"), "'{name}' is not a name a template knows"),
)


_TEXT_AND_NUMBER = ("a number and text cannot be added with +",
                    "use ~ to join them: {{{{ deck.card_count ~ ' cards' }}}} (~ makes text of both)")
# Python's words for a mistake of a template, then the same in plain words and a hint (both str.format:
# {0} is what the pattern found, and a brace of the template's own is doubled)
_PYTHON_WORDS = (
    (re.compile(r"^'list object' has no attribute '(.+)'$"),
     ("'{0}' of a list: a list holds several values, each with its own '{0}'",
      "loop over it ({{% for c in deck.cards %}}{{{{ c.{0} }}}}{{% endfor %}}) or take one (| first)")),
    (re.compile(r"^list object has no element (-?\d+)$"),
     ("there is no item {0} in the list: it has fewer items (they count from 0, the first is [0])",
      "| length says how many items a list has")),
    (re.compile(r"^unsupported operand type\(s\) for \+: '(?:int|float)' and 'str'$"), _TEXT_AND_NUMBER),
    (re.compile(r"^unsupported operand type\(s\) for \+: 'str' and '(?:int|float)'$"), _TEXT_AND_NUMBER),
    (re.compile(r"^can only concatenate str \(not \"(?:int|float)\"\) to str$"), _TEXT_AND_NUMBER),
    (re.compile(r"^No (first|last) item, sequence was empty\.$"),
     ("'{0}' of an empty list: nothing was there to take (a filter such as selectattr may have kept nothing)",
      "ask first whether there is any: {{% if items %}} ... {{% endif %}}, or write | {0} | default('')")),
    (re.compile(r"^(?:integer |float )?(?:division|modulo|floor division)(?: or modulo)? by zero$|^float modulo$"),
     ("a division by zero", "check the number divided by is never 0 ({{% if n %}} ... {{% endif %}})")),
)


def python_words(message: str) -> tuple[str, str] | None:
    """Python's words about lists and numbers ("'list object' has no attribute 'name'",
    "unsupported operand type(s) for +: 'int' and 'str'") in plain words, with a hint; None for others."""
    for pattern, (words, hint) in _PYTHON_WORDS:
        found = pattern.match(message)
        if found:
            return words.format(*found.groups()), hint.format(*found.groups())
    return None


def missing(message: str | None, holder: str = "this card") -> str:
    """What is missing, said of fields and values rather than of Python's dict and str objects
    (a teacher writing a caption template has never met a 'dict object'); `holder` is what the
    fields belong to ('this card', or 'the deck' for a board or a rule sheet)."""
    for pattern, words in _JINJA_MISSING:
        found = pattern.match(message or "")
        if found:
            return words.format(name=found.group(1), holder=holder)
    return message or "something it names"


_NO_NAMED = re.compile(r"^No (filter|test) named '([^']+)'")
_COMPARING = {"greater": "gt", "bigger": "gt", "more": "gt", "above": "gt", "over": "gt", "less": "lt",
              "smaller": "lt", "fewer": "lt", "below": "lt", "under": "lt", "equal": "eq", "equals": "eq",
              "same": "eq", "atleast": "ge", "least": "ge", "atmost": "le", "most": "le", "notequal": "ne"}
COMPARE_HINT = ("to compare numbers the tests are gt, ge, lt and le (greater than, at least, less than, "
                "at most), eq and ne")


def unknown_word(message: str) -> tuple[str, str | None] | None:
    """A filter or test the template names that there is none of, as (words, hint); None for any
    other mistake. The hint is the nearest name there is ('upper' for 'uper')."""
    found = _NO_NAMED.match(message)
    if found is None:
        return None
    kind, name = found.groups()
    env = environment()
    if kind == "filter":
        return f"there is no filter '{name}' (the word after |)", did_you_mean(name, env.filters)
    compare = _COMPARING.get(re.sub(r"[^a-z]", "", name.lower()).removesuffix("than").removesuffix("to"))
    hint = f"'{compare}': {COMPARE_HINT}" if compare else did_you_mean(name, env.tests) or COMPARE_HINT
    if did_you_mean(name, ["empty", "blank"]) and not compare:
        hint = "there is no test for an empty list: write {% if not deck.cards %} or deck.cards | length == 0"
    return f"there is no test '{name}' (the word after 'is', or the test named in select or selectattr)", hint


@lean_dataclass(frozen=True)
class Syntax:
    """A template that cannot be read, in plain words: what is wrong, a hint, and the line of the
    template (from 1) where the mistake starts, when that is not the line Jinja stopped at."""

    words: str
    hint: str | None = None
    line: int | None = None


_BLOCKS = {"if": "endif", "for": "endfor", "macro": "endmacro", "call": "endcall", "filter": "endfilter",
           "block": "endblock", "with": "endwith", "autoescape": "endautoescape"}
_TAGS = ("if", "elif", "else", "endif", "for", "endfor", "set", "endset", "macro", "endmacro", "call",
         "endcall", "filter", "endfilter", "with", "endwith", "raw", "endraw")


def syntax_error(exc: TemplateSyntaxError, source: str, expression: bool = False) -> Syntax:
    """Jinja's words for a template that does not parse ("expected token 'end of print
    statement', got 'cards'"), said plainly for the common mistakes; Jinja's own words stay as
    the fallback for the rest, after a plain start. `expression`: the source is a field such as
    `when:` or `items:`, written without {{ }}."""
    message = exc.message or ""
    unknown = unknown_word(message)
    if unknown is not None:
        return Syntax(*unknown)
    if expression and any(brace in source for brace in ("{{", "}}", "{%", "%}")):
        return Syntax(f"'{source.strip()}' is written with {{{{ }}}}, but this field is an expression already",
                      "write it without the braces: " + source.replace("{{", "").replace("}}", "").strip())
    return _unclosed(message, source) or _said_plainly(message) or \
        Syntax(f"the template cannot be read: {message}", "check the braces {{ }} and {% %} and what is between them")


def _unclosed(message: str, source: str) -> Syntax | None:
    """A {{ never closed with }}, or a {% if %} or {% for %} never closed, named at its own line."""
    opened = _open_print(source)
    if opened is not None:
        return Syntax("a {{ is not closed with }}", "each {{ needs its }} after the value (two braces)", opened)
    block = re.search(r"The innermost block that needs to be closed is '(\w+)'", message)
    if block is None:
        return None
    tag, line = block.group(1), _open_block(source)
    end = _BLOCKS.get(tag, "end" + tag)
    at = f" at line {line}" if line is not None else ""
    stray = re.match(r"Encountered unknown tag '(\w+)'", message)
    if stray is not None:
        return Syntax(f"{{% {stray.group(1)} %}} comes while the {{% {tag} %}}{at} is still open",
                      f"close the {{% {tag} %}} with {{% {end} %}} first", None)
    return Syntax(f"the {{% {tag} %}} is never closed", f"add {{% {end} %}} where its part ends", line)


def _open_print(source: str) -> int | None:
    """The line of a {{ with no }} before the next {{ or the end, or None."""
    for found in re.finditer(r"\{\{", source):
        rest = source[found.end():]
        close, again = rest.find("}}"), rest.find("{{")
        if close < 0 or 0 <= again < close:
            if not (close < 0 and re.search(r"\}(?!\})", rest)):     # '{{ x }': said as one brace
                return source.count("\n", 0, found.start()) + 1
    return None


def _open_block(source: str) -> int | None:
    """The line of the innermost block tag ({% if %}, {% for %}) left open at the end, or None."""
    try:
        tokens = [token for token in environment().lex(source) if token[1] != "whitespace"]
    except TemplateSyntaxError:
        return None
    stack: list[tuple[str, int]] = []
    for (line, kind, _), following in zip(tokens, tokens[1:]):
        if kind != "block_begin" or following[1] != "name":
            continue
        name = following[2]
        if name in _BLOCKS:
            stack.append((name, line))
        elif name.startswith("end") and stack and stack[-1][0] == name[3:]:
            stack.pop()
    return stack[-1][1] if stack else None


def _said_plainly(message: str) -> Syntax | None:
    """Jinja's commonest complaints about a template's braces and words, said plainly."""
    got = re.match(r"expected token 'end of (print statement|statement block)', got '(.+)'$", message)
    if got is not None:
        inside = "{{ }}" if got.group(1) == "print statement" else "{% %}"
        return Syntax(f"'{got.group(2)}' was not expected there: {inside} holds one value",
                      "words to print go outside the braces; to join text to a value use ~ ({{ n ~ ' cards' }})")
    if message.startswith("unexpected end of template, expected 'end of"):
        if "statement block" in message:
            return Syntax("a {% is not closed with %}", "each {% needs its %} after the tag")
        return Syntax("a {{ is not closed with }}", "each {{ needs its }} after the value (two braces)")
    if re.match(r"unexpected char '[\"']'", message):
        return Syntax("a quotation mark is not closed", "text in a template is written between two quotation marks")
    if message == "unexpected '}'":
        return Syntax("a } stands alone: {{ }} is closed with two braces", "write }} (two braces)")
    if message.startswith("expected token ':', got '}'"):
        return Syntax("there are braces {{ }} inside braces", "inside {{ }} write the value alone, with no braces")
    if message == "chunk after expression":     # an expression field: `when: card.a card.b`
        return Syntax("this field gives one value, and more follows it",
                      "join conditions with and / or; join text with ~")
    missing_value = re.match(r"(?:Expected an expression, got|unexpected) '(end of print statement|end of statement "
                             r"block|end of template)'", message)
    if missing_value is not None:
        return Syntax("a value is missing: something comes before it that needs one (an 'if', a + or a |)",
                      "check what comes just before " + {"end of print statement": "}}",
                                                         "end of statement block": "%}"}.get(
                                                             missing_value.group(1), "the end"))
    tag = re.match(r"Encountered unknown tag '(\w+)'\.$", message)
    if tag is not None:
        word = tag.group(1)
        if word.startswith("end") and word[3:] in _BLOCKS:
            return Syntax(f"{{% {word} %}} closes a {{% {word[3:]} %}} that was not opened",
                          "remove it, or open its block")
        return Syntax(f"there is no tag '{{% {word} %}}'", did_you_mean(word, _TAGS))
    stray = re.match(r"unexpected '(.+)'$", message)
    if stray is not None:
        return Syntax(f"'{stray.group(1)}' is not expected there", "check the brackets ( ) [ ] come in pairs")
    return None
