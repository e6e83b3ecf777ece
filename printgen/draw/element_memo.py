"""A card element's drawing kept by the card fields its templates really read (issue 30).

Why: a deck's cards share most of their drawing (a house's band, its emblem, the frame), and
working an element out again (its templates, text fitting, checks, placing) for each card was
most of the cost of a card. An element whose every template reads the card only as `card.field`
(and otherwise the deck and the layout, no random choice: see template_cache._element_reads)
draws the same operations for every card that gives the same values to the fields its templates
*looked up while it was worked out*. That is often fewer than the fields named in its
templates: `card.house.name if card.house else card.name` reads the name only for a card
without a house, so a corner emblem keyed by that template is the same on every card of a house.

The argument: working an element out is deterministic, and its templates see the card only
through the fields they look up (noted by template_cache.CardFields as they run). A card that
agrees with an earlier one on every field that earlier working-out looked up is worked out the
same way, step by step, and so looks up the same fields and draws the same operations. Values
are compared by template_cache._key, which tells apart whatever prints differently.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.draw.template_cache import CardFields, _element_reads, _Unkeyable

# Cards drawn before an element's kept drawings are judged: longer than a template's trial, since a
# deck's repeats are often further apart than 32 cards (a set of designs printed over and over),
# and what a useless memo costs is only a key a card until then.
TRIAL = 256
# At most this many different sets of fields read per element (a house card's emblem reads the
# house, a card without one also its name): a template that reads many combinations is not kept
# under more of them.
SHAPES = 8


class _Kept:
    """One element's kept drawings: the fields it may read (None once it is not kept), its
    drawings by the fields a working-out read and their values, and its trial's counts."""

    __slots__ = ("fields", "drawings", "cards", "reuses")

    def __init__(self, fields: tuple[str, ...] | None) -> None:
        self.fields = fields
        self.drawings: dict[tuple[str, ...], dict[tuple, tuple]] = {}
        self.cards = self.reuses = 0


class ElementMemo:
    """The kept drawings of one resolver's elements."""

    def __init__(self, keyer: Callable[[dict, str], Any], ours: Callable[[dict], bool]) -> None:
        """`keyer(card, field)`: a field's value as a key; `ours(context)`: whether a context holds
        the resolver's own deck and layout (the templates' only other inputs)."""
        self._keyer = keyer
        self._ours = ours
        self._elements: dict[tuple[str, str], _Kept] = {}
        # For the context the last element was asked in (a card's side: its elements one after
        # another): whether its drawings may be kept at all, and the key of each set of fields
        # asked for. Most of a card's elements read the same fields (its house), so the key is
        # made once a card, not once an element. Contexts are not changed once made (a list's
        # item gets a context of its own), so the context's identity stands for both.
        self._context: dict | None = None
        self._usable = False
        self._keys: dict[tuple[str, ...], tuple] = {}

    def element(self, at: tuple[str, str], element: Any, context: dict, make: Callable[[], list],
                warnings: Callable[[], int]) -> tuple | list:
        """The element's operations for this card: kept ones when an earlier card gave the same
        values to every field the element read for it, else `make()`, kept unless it warned
        (a warning names its card, so the next card must say it again: `warnings()` counts them)."""
        kept = self._elements.get(at)
        if kept is None:
            kept = self._elements[at] = _Kept(_element_reads(element))
        fields = kept.fields
        if context is not self._context:
            card = context.get("card")
            self._context, self._keys = context, {}
            self._usable = isinstance(card, dict) and self._ours(context)
        if fields is None or not self._usable:
            return make()
        card, keys = context["card"], self._keys      # (held: a make() below may ask for another context)
        kept.cards += 1
        if kept.cards == TRIAL and kept.reuses * 2 < TRIAL:   # hardly reused (a card's own name): stop
            kept.fields, kept.drawings = None, {}
            return make()
        try:
            for shape, drawings in kept.drawings.items():
                ops = drawings.get(self._key(card, shape, keys))
                if ops is not None:
                    kept.reuses += 1
                    return ops
        except _Unkeyable:              # a value that is not plain data: worked out every time
            return make()
        said = warnings()
        if type(card) is CardFields:
            outer, card._printgen_reading = card._printgen_reading, []
            try:
                ops = tuple(make())
            finally:
                reads, card._printgen_reading = card._printgen_reading, outer
            # a value worked out where the reads are not known counts as reading every field
            shape = fields if None in reads else tuple(dict.fromkeys(reads))     # type: ignore[arg-type]
        else:
            ops, shape = tuple(make()), fields
        if warnings() == said and (shape in kept.drawings or len(kept.drawings) < SHAPES):
            kept.drawings.setdefault(shape, {})[self._key(card, shape, keys)] = ops
        return ops

    def _key(self, card: dict, shape: tuple[str, ...], keys: dict[tuple[str, ...], tuple]) -> tuple:
        """The values of the fields `shape` names on this card, as a key (made once a card: `keys`
        are its context's)."""
        key = keys.get(shape)
        if key is None:
            keyer = self._keyer
            key = keys[shape] = tuple([keyer(card, name) for name in shape])
        return key
