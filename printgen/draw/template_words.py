"""A template's mistake in the user's words, whichever file the template is in: a card layout's,
a board's, a rule sheet's or a score sheet's foot.

Why a module of its own: the same Jinja errors reach the user from a card's caption, a board's
heading and a rule sheet's paragraph, and Jinja says them of Python objects ("'dict object' has no
attribute 'nme'"), which a teacher writing a template has never met. Each kind of file says them
the same plain way here, and says what is true of it: a board and a rule sheet have no card, so
their messages speak of the deck, and their hints point at where their data is described.
"""

from __future__ import annotations

import re

from jinja2 import TemplateError
from jinja2.exceptions import SecurityError, UndefinedError

from printgen.files.errors import UserError, Where
from printgen.files.lean import lean_dataclass
from printgen.model.sandbox import TemplateLimit

# Where the data a board's, rule sheet's or foot's templates see is described, for their hints
# (the reference's heading and the item in it that lists `deck`'s names).
DOCUMENT_DATA = "docs/reference.md, 'How decks and layouts are made', the item on rules/*.md"
DECK_NAMES = "`deck` (its title, card_count, cards and groups)"


@lean_dataclass(frozen=True)
class Whose:
    """A kind of file with templates, as its errors say it."""

    template: str       # what uses the templates: 'the layout', 'the board'
    holder: str         # what its templates read values of: 'this card', 'the deck'
    names_hint: str     # the hint for a name that is not there
    limit_hint: str     # the hint for a template that asks for too much


CARD = Whose("the layout", "this card", "check the field names used between {{ }} in the layout",
             "templates are for short card text; simplify the expression")
BOARD = Whose("the board", "the deck", f"a board's templates see {DECK_NAMES}, as a rule sheet's do: {DOCUMENT_DATA}",
              "a board's templates are for short text; simplify the expression")
RULES = Whose("the rule sheet", "the deck",
              f"a rule sheet's templates see {DECK_NAMES}, and `game` and `table` where the sheet has them: "
              f"{DOCUMENT_DATA}", "a rule sheet's templates count and list the deck's cards; simplify this one")
FORM = Whose("the foot", "the deck", f"a foot's templates see {DECK_NAMES}, as a rule sheet's do: {DOCUMENT_DATA}",
             "a foot's templates count and list the deck's cards; simplify this one")
# a score sheet's heading (said "the label" for a row's: forms.py)
LABEL = Whose("the heading", "the deck", f"a sheet's headings and labels see `n` (1, 2, 3 ...) and {DECK_NAMES}, "
              f"as a rule sheet's do: {DOCUMENT_DATA}", "headings and labels are a few words; simplify this one")


def template_error(exc: TemplateError, where: Where, whose: Whose) -> UserError:
    """A Jinja error from running a template (not from parsing one), as the user's mistake at
    `where`: a name that is not there, a limit of the sandbox, something it may not do."""
    if isinstance(exc, UndefinedError):
        return UserError(f"{whose.template} uses something {whose.holder} does not have: "
                         f"{missing(exc.message, whose.holder)}", where, whose.names_hint)
    if isinstance(exc, TemplateLimit):      # (a SecurityError too: asked first)
        return UserError(f"{whose.template}'s template asks for too much: {exc}", where, whose.limit_hint)
    if isinstance(exc, SecurityError):
        return UserError(f"{whose.template} tried something templates may not do: {exc}", where)
    return UserError(f"template error: {exc}", where)


_JINJA_MISSING = (      # Jinja's words about Python objects, then the same said of fields ({holder}: 'this card')
    (re.compile(r"^'dict object' has no attribute '(.+)'$"), "there is no field '{name}'"),
    (re.compile(r"^'None' has no attribute '(.+)'$"), "'{name}' of a field {holder} leaves empty"),
    (re.compile(r"^'(?:str|int|float) object' has no attribute '(.+)'$"),
     "'{name}' of a plain value (text or a number)"),
    (re.compile(r"^'(.+)' is undefined$"), "'{name}' is not a name a template knows"),
)


def missing(message: str | None, holder: str = "this card") -> str:
    """What is missing, said of fields and values rather than of Python's dict and str objects
    (a teacher writing a caption template has never met a 'dict object'); `holder` is what the
    fields belong to ('this card', or 'the deck' for a board or a rule sheet)."""
    for pattern, words in _JINJA_MISSING:
        found = pattern.match(message or "")
        if found:
            return words.format(name=found.group(1), holder=holder)
    return message or "something it names"
