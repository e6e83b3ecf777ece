"""The lists the web editor offers in a box, in words a teacher understands.

A house is chosen from the deck's houses. A flag is "yes" or "no" (deck.yaml keeps true and
false). An emblem is chosen first from the emblems that fit the deck: those its groups and cards
already use and the others of the same set (the heraldic emblems for Cromwell, the Spanish suits
and courts for a Spanish deck), or the heraldic ones for a deck that uses none yet; every other
emblem printgen draws (another deck's suits, a piecepack's arms) comes after, under "More emblems",
so a Cromwell teacher does not meet `rey-bastos` among her choices.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from printgen.editing.roundtrip import DeckSource

FLAG_WORDS = {"true": "yes", "false": "no"}


def choice(value: str, words: str | None = None) -> dict[str, str]:
    return {"value": value, "label": words or value}


def emblem_sets() -> list[list[str]]:
    """Every emblem printgen draws, in its sets: the heraldic emblems first, then each set of card
    art (Spanish, French, Coppertwaddle, piecepack), each in its own order."""
    from printgen.art.emblems import motif_names
    from printgen.art.symbols import ART

    return [list(motif_names())] + [list(import_module(name).symbol_names()) for name in ART]


def used_emblems(source: DeckSource) -> list[str]:
    """The emblems the deck already uses, in the order it first uses them: its groups' (a house's
    emblem) and its cards' emblem values."""
    used: list[str] = []
    for spec in source.fields.values():
        if spec.type == "group" and isinstance(source.data.get(spec.group), list):
            used += [str(g["emblem"]) for g in source.data[spec.group] if isinstance(g, dict) and g.get("emblem")]
    for card in source.cards:
        used += [card.values[name] for name, spec in source.fields.items()
                 if spec.type == "emblem" and card.values.get(name)]
    return list(dict.fromkeys(used))


def emblem_choices(source: DeckSource) -> tuple[list[str], list[str]]:
    """(the emblems that fit the deck, every other one): the fitting ones are those the deck uses,
    then the rest of their sets; a deck that uses none is offered the heraldic set."""
    sets = emblem_sets()
    used = used_emblems(source)
    fitting = [e for e in used if any(e in s for s in sets)]
    chosen = [s for s in sets if any(e in s for e in fitting)] or sets[:1]
    for group in chosen:
        fitting += [e for e in group if e not in fitting]
    more = [e for group in sets for e in group if e not in fitting]
    return fitting, list(dict.fromkeys(more))


def field_choices(source: DeckSource, name: str) -> dict[str, Any]:
    """What the page's box for a field offers: `choices` (value and words, or None for a box to type
    in), `more` (further choices shown after a separator) and `blank` (the words of the empty
    choice: the usual value, or none)."""
    spec = source.fields.get(name)
    kind = source.kind(name)
    more: list[dict[str, str]] = []
    if kind == "group" and spec is not None and isinstance(source.data.get(spec.group), list):
        choices = [choice(str(g.get("name"))) for g in source.data[spec.group] if isinstance(g, dict)]
    elif kind == "flag":
        choices = [choice(value, words) for value, words in FLAG_WORDS.items()]
    elif kind == "emblem":
        fitting, others = emblem_choices(source)
        choices, more = [choice(e) for e in fitting], [choice(e) for e in others]
    else:
        return {"choices": None, "more": [], "blank": None}
    default = spec.default if spec is not None else None
    if spec is not None and spec.required:
        blank = "— choose —"
    elif default is not None:
        usual = ("true" if default else "false") if isinstance(default, bool) else str(default)
        blank = f"(as usual: {FLAG_WORDS.get(usual, usual) if kind == 'flag' else usual})"
    else:
        blank = "(none)"
    return {"choices": choices, "more": more, "blank": blank}
