"""A template's mistake in the user's words: kept in printgen.model.template_words, where a deck's
`generate:` rules (read in the model layer) say theirs too; named here for the draw layer's callers."""

from __future__ import annotations

from printgen.model.template_names import Names
from printgen.model.template_words import (
    BOARD,
    CARD,
    FORM,
    LABEL,
    RULES,
    Syntax,
    Whose,
    missing,
    python_words,
    syntax_error,
    template_error,
    unknown_word,
)

__all__ = ["BOARD", "CARD", "FORM", "LABEL", "Names", "RULES", "Syntax", "Whose", "missing", "python_words",
           "syntax_error", "template_error", "unknown_word"]
