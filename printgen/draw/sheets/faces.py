"""Every piece's front and back as drawing operations, checked, before any PDF exists: the first
stage of the sheet pipeline (faces -> placements -> drawn sides -> marks).

A card is a piece of the layout's own card kind; a tile, coin, die or pawn is a piece of one of the
layout's `components:` (model/kinds.py), drawn by the same template resolver in a layout of its
own size. Why resolve everything first: the build reports progress and every warning before it
draws, and the same faces serve the sheets and any later output made from them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field

from printgen.draw import template_facts
from printgen.draw.fonts import FontSet
from printgen.draw.ops import Op
from printgen.draw.template import Resolver
from printgen.files.colours import parse_colour
from printgen.files.errors import UserError, Warning_, Where
from printgen.files.lean import lean_dataclass
from printgen.model import sandbox
from printgen.model.deck import Card, Deck, Layout
from printgen.model.kinds import CARD_KIND, Kind, kind_layout, kind_of


@lean_dataclass
class Faces:
    """Each piece's kind, its two sides and the colour its outline is filled with (when its kind
    fills it), in the deck's order."""

    kinds: list[Kind]
    fronts: list[tuple[Op, ...]]
    backs: list[tuple[Op, ...]]
    fills: list[str | None]
    fonts: FontSet
    warnings: list[Warning_]
    # the pieces whose back had something to draw, among the backs let go once drawn (let_go)
    _backs_drawn: set[int] = field(default_factory=set)

    @property
    def table(self) -> dict[str, Kind]:
        """The kinds the deck uses, by name, in the order they first appear."""
        return {kind.name: kind for kind in self.kinds}

    def counts(self) -> dict[str, int]:
        """How many pieces of each kind, in the order of `table`."""
        return {name: sum(kind.name == name for kind in self.kinds) for name in self.table}

    def side(self, piece: int, side: str) -> tuple[tuple[Op, ...], str | None]:
        """A piece's operations and outline fill on one side (only a front is filled)."""
        if side == "front":
            return self.fronts[piece], self.fills[piece]
        return self.backs[piece], None

    def has_back(self, piece: int) -> bool:
        """Whether a piece's back draws anything (a die's net, a pawn's, draws nothing)."""
        return bool(self.backs[piece]) or piece in self._backs_drawn

    def let_go(self, piece: int, side: str) -> None:
        """Drop a side's operations once it is drawn for the last time. Why: every card's side is
        resolved before drawing starts (the sides placed more than once become shared forms, which
        needs them all), and a deck of thousands of cards held them all to the end of its file, some
        14 MiB at 2,150 cards (issue 30: peak memory). Only the build, which owns its faces, asks
        for this; `has_back` still answers for a back let go."""
        if side == "front":
            self.fronts[piece] = ()
            return
        if self.backs[piece]:
            self._backs_drawn.add(piece)
        self.backs[piece] = ()


def resolve_faces(deck: Deck, layout: Layout, tick: Callable[[], None] | None = None) -> Faces:
    """Every piece's kind, front, back and fill; the safe-zone warnings of each component kind."""
    warnings: list[Warning_] = []
    fonts = FontSet(layout.fonts)
    names = [kind_of(deck, layout, card) for card in deck.cards]
    table = {name: kind_layout(layout, name) for name in dict.fromkeys(names)}
    for name, kind in table.items():
        if name != CARD_KIND:
            from printgen.model.layout_checks import safe_zone_warnings

            warnings += [w for w in safe_zone_warnings(kind.layout) if kind.shape.shape == "rect"]
    resolvers = {name: Resolver(deck, kind.layout, fonts, warnings.append) for name, kind in table.items()}
    faces = Faces([], [], [], [], fonts, warnings)
    with sandbox.deadlines():       # each card's side still has its own deadline, set cheaply
        for card, name in zip(deck.cards, names):
            resolver, kind = resolvers[name], table[name]
            faces.kinds.append(kind)
            faces.fronts.append(resolver.side("face", card))
            faces.backs.append(resolver.side("back", card))
            faces.fills.append(fill_of(layout, resolver, kind, card))
            if tick:
                tick()
    template_facts.keep()           # what was learnt about the templates, for the next build
    return faces


def fill_of(layout: Layout, resolver: Resolver, kind: Kind, card: Card) -> str | None:
    """The colour a piece's outline is filled with (its kind's `fill`, a template), checked and
    said at its line in `layout`, the deck's; None when the kind fills nothing or the template
    gives nothing."""
    if not kind.fill:
        return None
    where = layout.element_where.get((f"components.{kind.name}", ""), Where())
    where = Where(where.file, where.line, card.name, f"components.{kind.name}.fill")
    fill = resolver.render(kind.fill, resolver._context(card), where).strip() or None
    if fill is not None:
        try:
            parse_colour(fill)
        except ValueError as exc:
            raise UserError(str(exc), where) from None
    return fill
