"""The kinds of piece a deck is printed as: a card, or a component of a layout (tile, coin, die, pawn).

A layout's `components:` names kinds beside its card, each with a shape, a size, a face and a back
(schema.ComponentKind); a deck field of type `component` says which kind each card is. Each kind is
a layout of its own size, made here, so the card resolver draws it unchanged. Why in the model:
a table layout (printgen/model/tablelayout.py) measures pieces by their kind's real shape, and the
sheets (printgen/draw/sheets/) draw them; both ask here.
"""

from __future__ import annotations

from printgen.files.errors import UserError, Where, did_you_mean
from printgen.files.lean import lean_dataclass
from printgen.model.deck import Card, Deck, Layout
from printgen.model.shapes import Outline, layout_data, outline

CARD_KIND = "card"          # the kind of a card without a component field: the layout's own face and back


def component_field(deck: Deck) -> str | None:
    """The deck's field naming each card's kind, if it has one."""
    return next((name for name, spec in deck.fields.items() if spec.type == "component"), None)


def uses_components(deck: Deck, layout: Layout) -> bool:
    return bool(layout.spec.components) or component_field(deck) is not None


def kind_of(deck: Deck, layout: Layout, card: Card) -> str:
    """A card's kind, checked against the layout's kinds (an unknown one is named at its line)."""
    field = component_field(deck)
    name = card.values.get(field) if field else None
    if name is None:
        return CARD_KIND
    if name not in layout.spec.components:
        known = list(layout.spec.components)
        has = f"the layout '{layout.name}' has: {', '.join(known)}" if known else \
            f"the layout '{layout.name}' has no components: section"
        where = Where(card.where.file, card.where.line, card.name, field)
        raise UserError(f"unknown kind of component '{name}'", where, did_you_mean(name, known) or has)
    return str(name)


@lean_dataclass(frozen=True)
class Kind:
    name: str
    layout: Layout          # the kind's own layout: its size as the card size, its face and back
    shape: Outline
    bleed: float
    cut: str
    fill: str | None


def kind_layout(layout: Layout, name: str) -> Kind:
    """A kind as a layout of its own, so the card resolver draws it unchanged."""
    if name == CARD_KIND:
        shape = outline("rect", layout.card.width, layout.card.height)
        return Kind(name, layout, shape, layout.imposition.bleed, "marks", None)
    kind = layout.spec.components[name]
    where = layout.element_where.get((f"components.{name}", ""), Where())
    if kind.shape == "round" and abs(kind.size.width - kind.size.height) > 1e-6:
        raise UserError(f"the round component '{name}' is {kind.size.width:g} x {kind.size.height:g} mm; a round "
                        f"piece's width and height are its diameter and must be equal", where)
    shape = outline(kind.shape, kind.size.width, kind.size.height, kind.tab)
    imp = layout.imposition
    bleed = imp.bleed if kind.bleed is None else kind.bleed
    safe = imp.safe if kind.safe is None else kind.safe
    imposition = imp.model_copy(update={"bleed": bleed, "safe": min(safe, min(shape.faces[0].w, shape.faces[0].h) / 2)})
    # a Size of the kind's whole outline, made from the kind's own (a checked model, or its record in a
    # deck from the cache: so no pydantic is needed here)
    size = kind.size.model_copy(update={"width": round(shape.width, 4), "height": round(shape.height, 4), "note": None})
    spec = layout.spec.model_copy(update={"face": kind.face, "back": kind.back, "components": {},
                                          "data": {**layout.spec.data, "component": layout_data(shape)}})
    own = {(side.rsplit(".", 1)[1], element): w for (side, element), w in layout.element_where.items()
           if side in (f"components.{name}.face", f"components.{name}.back")}
    own_lines = {(side.rsplit(".", 1)[1], element, prop): at
                 for (side, element, prop), at in layout.property_lines.items()
                 if side in (f"components.{name}.face", f"components.{name}.back")}
    sub = Layout(name=f"{layout.name}:{name}", spec=spec, card_size=name, card=size, design=size,
                 paper_name=layout.paper_name, paper=layout.paper, imposition=imposition, fonts=layout.fonts,
                 element_where=own, property_lines=own_lines)
    cut = "line" if kind.shape in ("cube-net", "fold-stand") and kind.cut == "marks" else kind.cut
    return Kind(name, sub, shape, bleed, cut, kind.fill)
