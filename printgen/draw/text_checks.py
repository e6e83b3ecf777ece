"""What the resolver warns about a card's text, and where it points: a value with characters
no font prints, text shrunk (or scaled by a smaller card size) below the legible size, and the
card field a warning belongs to. A part of render.template.Resolver (self is the resolver: its
layout, its warn callback), kept apart so the resolver stays about placing elements.
"""

from __future__ import annotations

from collections.abc import Callable

from printgen.draw import template_facts as facts
from printgen.draw.template_cache import parsed
from printgen.draw.text import Fitted
from printgen.files.errors import Warning_, Where
from printgen.model.deck import Card, Layout


class TextChecks:
    layout: Layout                          # (set by Resolver.__init__)
    warn: Callable[[Warning_], None]        # (the callback Resolver takes in __init__)
    _fields_read: dict
    s: float                                # the card size's scale (set by Resolver.__init__)
    _cuts: dict | None = None               # inside a repeat: its copies cut off, said once at its end

    def _cut_off(self, el, name: str, value: str, trial: Callable[[float], Fitted], where: Where) -> None:
        """Warn that a text is cut off, with the remedy: without a `min_size` it never shrinks, so
        say the `min_size` at which it would fit (`trial(points)` fits it down to that size); at
        its `min_size` already, only shortening it helps. Inside a repeat, each copy's words are
        gathered and said once by `_said_cuts`."""
        if el.min_size is not None and el.min_size < el.size:
            head, shrink = f"the {name} does not fit its box even at its min_size of {el.min_size:g} pt", None
        else:
            head = f"the {name} does not fit its box at {el.size:g} pt"
            legible = el.legible_size if el.legible_size is not None else self.layout.spec.legible_size
            smaller = trial((legible if legible is not None else 6.0) * self.s)
            shrink = int(smaller.size / self.s * 4 + 1e-6) / 4 if smaller.fits else None  # a size fit tries
        if self._cuts is None:
            self.warn(Warning_(f"{head}, so its end is cut off; {_remedy(shrink)}", where))
        else:
            said = self._cuts.setdefault((head, repr(where)), [where, [], 1e9])
            said[1].append(" ".join(value.split()))
            said[2] = min(said[2], shrink) if shrink is not None and said[2] is not None else None

    def _said_cuts(self, cuts: dict, copies: int) -> None:
        """The warnings a repeat's copies gathered: once each, naming the copies cut off."""
        for (head, _), (where, values, shrink) in cuts.items():
            shown = [v if len(v) <= 30 else v[:29] + "…" for v in dict.fromkeys(values)]
            listed = ", ".join(f"'{v}'" for v in shown[:4]) + (f" and {len(shown) - 4} more" if len(shown) > 4 else "")
            some = f"all {copies} of its copies" if len(values) == copies else f"{len(values)} of its {copies} copies"
            self.warn(Warning_(f"{head} in {some} ({listed}), so their ends are cut off; "
                               f"{_remedy(shrink)}", where))

    def _list_cut(self, el, name: str, cut: list[str], where: Where) -> None:
        """A list's lines that do not fit even at its smallest size are cut off: said once, naming
        them (a list shrinks all its lines together, down to its `min_size`)."""
        if not cut:
            return
        shown = [v if len(v) <= 30 else v[:29] + "…" for v in (" ".join(c.split()) for c in cut)]
        listed = ", ".join(f"'{v}'" for v in shown[:4]) + (f" and {len(shown) - 4} more" if len(shown) > 4 else "")
        if el.min_size is not None and el.min_size < el.size:
            at, remedy = f"even at its min_size of {el.min_size:g} pt", "shorten them"
        else:
            at, remedy = f"at {el.size:g} pt", "shorten them, or let the list shrink with a min_size"
        lines = "a line" if len(cut) == 1 else f"{len(cut)} lines"
        self.warn(Warning_(f"the {name} does not fit {lines} in its box {at} ({listed}), so their ends are cut off; "
                           f"{remedy}", where))

    def _text_where(self, card: Card | None, name: str, w, *sources: str) -> Where:
        """Warnings about a card's text point at the line of the card field the text shows
        (the first one the template reads that the card gives); else at the card, naming the
        element."""
        if card is None:
            return w("text")
        for field_name in (f for source in sources for f in self._card_fields(source)):
            if field_name in card.lines:
                return card.where_of(field_name)
        return Where(card.where.file, card.where.line, card.name, name, card.where.row)

    def _glyph_where(self, card: Card | None, where: Where, value: str, font: str) -> Where:
        """An unprintable character is reported at the field that holds it, when a field does."""
        from printgen.draw.fonts import missing

        if card is None:
            return where
        lost = missing(value, font)
        if not lost:        # the usual case: nothing to point at
            return where
        for field_name in card.lines:
            held = card.values.get(field_name)
            if isinstance(held, str) and any(ch in held for ch in lost):
                return card.where_of(field_name)
        return where

    def _card_fields(self, source: str) -> list[str]:
        """The card fields a template reads (`card.caption`, `card['note']`), in order of reading."""
        found = self._fields_read.get(source)
        if found is None:
            found = self._fields_read[source] = list(facts.known("card fields", source, lambda: _card_fields(source)))
        return found

    def _check_glyphs(self, value: str, font: str, name: str, where: Where) -> None:
        """Warn once per character that no shipped font can print (an emoji, Chinese ...), and
        about accents that cannot be drawn over their letter."""
        from printgen.draw.fonts import describe, loose_marks, missing

        marks = loose_marks(value)
        if marks:
            listed = ", ".join(describe(ch) for ch in marks[:5]) + (" ..." if len(marks) > 5 else "")
            self.warn(Warning_(f"the {name} has {'an accent' if len(marks) == 1 else 'accents'} that no letter has "
                               f"built in, printed beside the letter rather than over it: {listed}; use a letter "
                               "with the accent built in, or leave the accent out", where))

        lost = missing(value, font)
        if lost:
            listed = ", ".join(describe(ch) for ch in lost[:5]) + (" ..." if len(lost) > 5 else "")
            them = "it" if len(lost) == 1 else "them"
            self.warn(Warning_(f"the {name} has {'a character' if len(lost) == 1 else 'characters'} that no font "
                               f"here can print, shown as an empty box: {listed}; leave "
                               f"{them} out or write {them} in words", where))

    def _check_quotes(self, value: str, name: str, where: Where) -> None:
        """A text that opens with a curly quote and never closes it: most likely a word processor's
        curled quote meant to wrap the value (smart_quotes reads a closed pair as YAML's quotes), so
        it is printed as typed, with a word about it."""
        opening = value.lstrip()[:1]
        closing = {"“": "”", "„": "“”", "«": "»"}.get(opening)
        if closing is None or any(mark in value.lstrip()[1:] for mark in closing):
            return
        self.warn(Warning_(f"the {name} opens with {opening} but never closes it, so it prints as typed; to quote "
                           f"the words, end them with {closing[-1]}, or to have no quote marks, leave it out", where))

    def _check_legible(self, fitted: float, wanted: float, designed: float, own: float | None, name: str,
                       where: Where, element: Where | Callable[[], Where]) -> None:
        """Text that ends up too small for pupils, said at the layout's threshold: text shrunk to
        fit its box (at the card), and text a smaller card size scales down (`wanted`, the
        layout's `designed` size times the card size's scale; said once, at the element).

        Type a layout sets small on purpose is not reported."""
        legible = own if own is not None else self.layout.spec.legible_size
        if legible is None or fitted >= legible - 1e-9:
            return
        if fitted < wanted - 1e-9:
            self.warn(Warning_(f"the {name} is so long that it prints at {fitted:g} pt, below the {legible:g} pt "
                               f"pupils can read comfortably; shorten it", where))
        elif wanted < designed - 1e-9 and designed >= legible - 1e-9:
            # every card alike, and elements that share their words (`about:`, the two corner
            # indexes) alike: said once, at the first of them
            said = self.__dict__.setdefault("_scaled_said", set())
            if (name, designed, round(fitted, 1)) in said:
                return
            said.add((name, designed, round(fitted, 1)))
            at = element() if callable(element) else element      # (made only here: see Resolver._text)
            element = Where(at.file, at.line, None, at.field)
            self.warn(Warning_(f"on {self.layout.card_size} cards the {name} prints at {fitted:.1f} pt (set at "
                               f"{designed:g} pt for the layout's own size), below the {legible:g} pt pupils can read "
                               f"comfortably; choose a larger card size, or a layout drawn for this one", element))


def _remedy(shrink: float | None) -> str:
    return "shorten it" if shrink is None else f"shorten it, or let it shrink with min_size: {shrink:g}"


def _card_fields(source: str) -> tuple[str, ...]:
    """The card fields a template reads, in order of reading (kept by text: template_facts)."""
    from jinja2 import nodes

    found: list[str] = []
    if "{" in source:
        tree = parsed(source)   # None: the rendering has already reported a broken template
        for node in tree.find_all((nodes.Getattr, nodes.Getitem)) if tree is not None else ():
            assert isinstance(node, (nodes.Getattr, nodes.Getitem))
            if isinstance(node.node, nodes.Name) and node.node.name == "card":
                key = node.attr if isinstance(node, nodes.Getattr) else getattr(node.arg, "value", None)
                if isinstance(key, str) and key not in found:
                    found.append(key)
    return tuple(found)
