"""Each shipped deck's resolved drawing as text, one line per drawing operation: the pins that
tests/test_drawing_pins.py holds every change to.

A digest of a PDF says only that something moved; these say what: which card, which side, which
operation, which number. They are the resolver's output for each face and back (and each board),
before anything is placed on paper, so moving a card on its sheet changes none of them.

Which cards: every variant of every kind of piece, where a variant is the kind together with the
elements its `when`s let it draw (a court, a pip card, a joker), its first card and its last, so
the pins stay short and still show every element of every layout drawn at least once.

Regenerate after a change that is meant to change the drawing, and read the diff before committing:

    .venv/bin/python tests/drawing_pins.py            # every shipped deck
    .venv/bin/python tests/drawing_pins.py spanish    # one
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printgen.draw.documents.boards import resolve_board  # noqa: E402
from printgen.draw.fonts import FontSet  # noqa: E402
from printgen.draw.ops import ImageOp, Op, ShapeOp, SymbolOp, TextOp, TurnOp  # noqa: E402
from printgen.draw.template import Resolver  # noqa: E402
from printgen.model.deck import Card, Deck, Layout  # noqa: E402
from printgen.model.kinds import kind_layout, kind_of  # noqa: E402
from printgen.model.layouts import load_layout  # noqa: E402
from printgen.model.load import ALL_CARDS, load_deck  # noqa: E402

PINS = Path(__file__).resolve().parent / "pins"
DECKS = sorted(p.parent.name for p in (ROOT / "decks").glob("*/deck.yaml"))
REGENERATE = ".venv/bin/python tests/drawing_pins.py"


def number(value: float) -> str:
    """A length or size to a thousandth of a point (what a PDF keeps), without trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def box(x: float, y: float, w: float, h: float) -> str:
    return f"{number(x)},{number(y)} {number(w)}x{number(h)}"


def op_lines(op: Op, folder: Path, indent: str = "  ") -> list[str]:
    """One line for an operation (a text's lines and a turn's operations indented under it)."""
    if isinstance(op, ShapeOp):
        dash = ",".join(number(d) for d in op.dash) if op.dash else "solid"
        return [f"{indent}shape {op.shape} {box(op.x, op.y, op.w, op.h)} radius={number(op.radius)} "
                f"fill={op.fill or '-'} stroke={op.stroke or '-'} width={number(op.stroke_width)} dash={dash}"]
    if isinstance(op, TextOp):
        head = f"{indent}text {op.font} {number(op.size)}pt {op.colour} tracking={number(op.tracking)}"
        return [head] + [f"{indent}  {number(x)},{number(y)} {line!r}" for x, y, line in op.lines]
    if isinstance(op, SymbolOp):
        return [f"{indent}symbol {op.motif or '-'} key={op.key!r} {op.colour} {box(op.x, op.y, op.w, op.h)}"]
    if isinstance(op, ImageOp):
        try:
            shown = op.path.resolve().relative_to(folder.resolve()).as_posix()
        except ValueError:
            shown = op.path.name
        return [f"{indent}image {shown} {box(op.x, op.y, op.w, op.h)} fit={op.fit} picture={op.picture.key[:16]}"]
    if isinstance(op, TurnOp):
        inner = [line for child in op.ops for line in op_lines(child, folder, indent + "  ")]
        return [f"{indent}turn {number(op.angle)} about {number(op.cx)},{number(op.cy)}"] + inner
    raise TypeError(f"no pin format for {type(op).__name__}")


def variant(resolver: Resolver, layout: Layout, card: Card) -> tuple[str, ...]:
    """The elements of both sides whose `when` lets this card draw them: cards alike in this draw
    alike but for their values."""
    context = resolver._context(card)
    drawn = []
    for side in ("face", "back"):
        for name, element in getattr(layout.spec, side).items():
            if element is None:
                continue
            where = resolver._where(side, name, "when", card)
            if element.when is None or resolver.evaluate(element.when, context, where):
                drawn.append(f"{side}.{name}")
    return tuple(drawn)


def chosen_cards(deck: Deck, layout: Layout, resolvers: dict[str, Resolver]) -> list[tuple[str, Card]]:
    """(kind, card): each variant's first and last card, in deck order."""
    groups: dict[tuple, list[Card]] = {}
    for card in deck.cards:
        kind = kind_of(deck, layout, card)
        resolver = resolvers[kind]
        groups.setdefault((kind, variant(resolver, resolver.layout, card)), []).append(card)
    picked = {id(cards[0]) for cards in groups.values()} | {id(cards[-1]) for cards in groups.values()}
    kinds = {id(card): kind for (kind, _), cards in groups.items() for card in cards}
    return [(kinds[id(card)], card) for card in deck.cards if id(card) in picked]


def card_pins(deck: Deck, layout: Layout) -> list[str]:
    fonts = FontSet(layout.fonts)
    kinds = dict.fromkeys(kind_of(deck, layout, card) for card in deck.cards)
    resolvers = {kind: Resolver(deck, kind_layout(layout, kind).layout, fonts, lambda warning: None) for kind in kinds}
    lines: list[str] = []
    seen: dict[tuple[Op, ...], str] = {}
    for kind, card in chosen_cards(deck, layout, resolvers):
        for side in ("face", "back"):
            ops = resolvers[kind].side(side, card)
            title = f"== {kind} '{card.name}' {side}"
            if not ops:
                lines.append(f"{title}: nothing drawn")
                continue
            if ops in seen:
                lines.append(f"{title}: as {seen[ops]}")
                continue
            seen[ops] = f"'{card.name}' {side}"
            lines.append(title)
            lines += [line for op in ops for line in op_lines(op, deck.folder)]
    return lines


def board_pins(deck: Deck, layout: Layout) -> list[str]:
    lines: list[str] = []
    for path in sorted((deck.folder / "boards").glob("*.yaml")):
        lines.append(f"== board {path.name}")
        lines += [line for op in resolve_board(deck, layout, path) for line in op_lines(op, deck.folder)]
    return lines


def pin_text(name: str) -> str:
    """The pin of one shipped deck, as the file tests/pins/<name>.txt holds it."""
    deck = load_deck(ROOT / "decks" / name, ALL_CARDS)
    layout = load_layout(deck.layout, deck)
    head = [f"# {name}: the resolved drawing (points from the trim's lower-left corner) of every variant's",
            f"# first and last card, front and back, and of each board. Regenerate: {REGENERATE} {name}"]
    return "\n".join(head + card_pins(deck, layout) + board_pins(deck, layout)) + "\n"


def main(names: list[str]) -> None:
    PINS.mkdir(exist_ok=True)
    for name in names or DECKS:
        text = pin_text(name)
        (PINS / f"{name}.txt").write_text(text, encoding="utf-8")
        print(f"tests/pins/{name}.txt: {text.count(chr(10))} lines")


if __name__ == "__main__":
    main(sys.argv[1:])
