"""Pips, corner indexes and frames keep clear of each other on every card, measured on their ink.

Each element of a card's face (each copy of a repeated one, such as a pip, apart) is rasterised
alone, and the gap between two of them is the shortest distance between their inked pixels: a
coin or a heart does not fill its square, so "touches" and "overlaps" are judged on what
prints, not on the boxes the layout gives.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

import numpy as np
import pytest
from pdfcheck import grown, ink_masks

from printgen.draw.fonts import FontSet
from printgen.draw.ops import Op, ShapeOp, SymbolOp, TextOp
from printgen.draw.template import Resolver
from printgen.files.schema import RepeatElement
from printgen.model.deck import Card
from printgen.model.layouts import load_catalogue, load_layout
from printgen.model.load import ALL_CARDS, load_deck

DPI = 200
PX = DPI / 25.4          # pixels per mm
MM = 72 / 25.4           # points per mm


# --- measuring ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Piece:
    """One thing printed on a card: an element, or one copy of a repeated element."""

    element: str
    copy: int            # which copy of a repeated element (0 for a plain one)
    ops: tuple[Op, ...]
    repeated: bool = False   # a copy of a repeated element: a pip


@dataclass(frozen=True)
class Ink:
    """A piece's inked pixels, cropped to their bounding box (pixels from the card's top-left),
    and the edge pixels among them, for distances."""

    mask: np.ndarray
    x0: int
    y0: int
    edge: np.ndarray     # (n, 2): x, y of each edge pixel

    @property
    def empty(self) -> bool:
        return not len(self.edge)

    @property
    def box(self) -> tuple[int, int, int, int]:
        return self.x0, self.y0, self.x0 + self.mask.shape[1] - 1, self.y0 + self.mask.shape[0] - 1

    def mm_box(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the ink in mm from the card's top-left corner."""
        x0, y0, x1, y1 = self.box
        return x0 / PX, y0 / PX, (x1 + 1) / PX, (y1 + 1) / PX


class CardInk:
    """The pieces of the cards of one deck (or pack), at one card size, and their ink."""

    def __init__(self, deck: str, pack: str | None = None, card_size: str | None = None):
        self.deck = load_deck(deck, pack)
        self.layout = load_layout(self.deck.layout, self.deck, card_size=card_size)
        self.resolver = Resolver(self.deck, self.layout, FontSet(self.layout.fonts), [].append)
        self.width, self.height = self.layout.card.width, self.layout.card.height
        self._ink: dict[tuple[Op, ...], Ink] = {}

    def card(self, name: str) -> Card:
        return next(c for c in self.deck.cards if c.name == name)

    def pieces(self, card: Card, side: str = "face") -> list[Piece]:
        """The card's side, element by element in drawing order; a repeated element gives one
        piece per copy."""
        context = self.resolver._context(card)
        out: list[Piece] = []
        for name, element in getattr(self.layout.spec, side).items():
            if element is None:
                continue
            ops = self.resolver._maybe(side, name, element, context, card)
            if isinstance(element, RepeatElement):
                out.extend(Piece(name, i, (op,), True) for i, op in enumerate(ops))
            elif ops:
                out.append(Piece(name, 0, tuple(ops)))
        return out

    def ink(self, pieces: list[Piece]) -> list[Ink]:
        """Each piece's ink, rasterised once however many cards share it."""
        todo = list(dict.fromkeys(p.ops for p in pieces if p.ops not in self._ink))
        if todo:
            for ops, mask in zip(todo, self._masks(todo)):
                self._ink[ops] = _ink_of(mask)
        return [self._ink[p.ops] for p in pieces]

    def _masks(self, sides: list[tuple[Op, ...]]) -> list[np.ndarray]:
        return ink_masks(sides, self.width, self.height, DPI)


def _ink_of(mask: np.ndarray) -> Ink:
    ys, xs = np.nonzero(mask)
    if not len(xs):
        return Ink(np.zeros((0, 0), bool), 0, 0, np.zeros((0, 2)))
    x0, y0 = int(xs.min()), int(ys.min())
    crop = mask[y0:int(ys.max()) + 1, x0:int(xs.max()) + 1]
    padded = np.pad(crop, 1)
    inner = padded[:-2, 1:-1] & padded[2:, 1:-1] & padded[1:-1, :-2] & padded[1:-1, 2:]
    ey, ex = np.nonzero(crop & ~inner)
    return Ink(crop, x0, y0, np.stack([ex + x0, ey + y0], axis=1).astype(np.float64))


def gap(a: Ink, b: Ink, within: float = 6.0) -> float:
    """The shortest distance in mm between two pieces' ink, 0 when they touch or overlap, inf
    when it is more than `within` mm (not worked out exactly)."""
    if a.empty or b.empty:
        return float("inf")
    reach = within * PX
    ax0, ay0, ax1, ay1 = a.box
    bx0, by0, bx1, by1 = b.box
    if ax0 - reach > bx1 or bx0 - reach > ax1 or ay0 - reach > by1 or by0 - reach > ay1:
        return float("inf")
    x0, y0, x1, y1 = max(ax0, bx0), max(ay0, by0), min(ax1, bx1), min(ay1, by1)
    if x0 <= x1 and y0 <= y1:
        wa = a.mask[y0 - a.y0:y1 - a.y0 + 1, x0 - a.x0:x1 - a.x0 + 1]
        wb = b.mask[y0 - b.y0:y1 - b.y0 + 1, x0 - b.x0:x1 - b.x0 + 1]
        if (wa & wb).any():
            return 0.0
    pa, pb = _near(a.edge, b.box, reach), _near(b.edge, a.box, reach)
    if not len(pa) or not len(pb):
        return float("inf")
    best = np.inf
    for start in range(0, len(pa), 512):
        d = ((pa[start:start + 512, None, :] - pb[None, :, :]) ** 2).sum(axis=2)
        best = min(best, float(d.min()))
    distance = (best ** 0.5 - 1) / PX           # neighbouring pixels: touching
    return max(0.0, distance) if distance <= within else float("inf")


def _near(points: np.ndarray, box: tuple[int, int, int, int], reach: float) -> np.ndarray:
    x0, y0, x1, y1 = box
    keep = ((points[:, 0] >= x0 - reach) & (points[:, 0] <= x1 + reach)
            & (points[:, 1] >= y0 - reach) & (points[:, 1] <= y1 + reach))
    return points[keep]


@cache
def card_ink(deck: str, pack: str | None = None, card_size: str | None = None) -> CardInk:
    return CardInk(deck, pack, card_size)


# --- every card of the Spanish and standard decks ------------------------------------------------

PIP_GAP = 2.0     # mm between two pips of one card: seen apart at arm's length, in a fanned hand
PIP_CLEAR = 1.5   # mm between a pip and anything else: the frame, a corner index
CLEAR = 1.0       # mm between any other two things printed on a card
# Drawn to meet on purpose: the long swords and batons of the Spanish 2 and 3 cross, and the
# pinta's gaps are cut out of the frame.
MEANT_TO_MEET = {"spanish": {("crossed", "crossed"), ("frame", "gaps_top"), ("frame", "gaps_bottom")}}


def crowded(deck: str, pack: str | None) -> list[tuple[float, float, str, str, str]]:
    """(gap, least allowed, card, element, element) for each two things printed too close."""
    ink = card_ink(deck, pack)
    meant = MEANT_TO_MEET.get(deck, set())
    found = []
    for card in ink.deck.cards:
        pieces = ink.pieces(card)
        for (p, a), (q, b) in itertools.combinations(zip(pieces, ink.ink(pieces)), 2):
            if tuple(sorted((p.element, q.element))) in meant:
                continue
            if p.repeated and q.repeated and p.element == q.element:
                least = PIP_GAP
            else:
                least = PIP_CLEAR if p.repeated or q.repeated else CLEAR
            distance = gap(a, b, within=least)
            if distance < least:
                found.append((round(distance, 2), least, card.name, f"{p.element} {p.copy + 1}",
                              f"{q.element} {q.copy + 1}"))
    return sorted(found)


@pytest.mark.parametrize("deck,pack", [("spanish", "48"), ("standard", "with-jokers")])
def test_pips_indexes_and_frames_keep_clear_on_every_card(deck, pack):
    """The Siete de Oros' centre coin crowded its neighbours (1.1 mm), the Nueve de Oros' coins
    too, and a court's frame touched the corner pip (0.1 mm on the King of Hearts)."""
    assert crowded(deck, pack) == []


# --- the Cromwell corner index, in its corner at every card size ---------------------------------

def _union(inks: list[Ink]) -> tuple[float, float, float, float]:
    boxes = [i.mm_box() for i in inks if not i.empty]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _card_sizes() -> list[str]:
    from printgen.model.layouts import load_catalogue

    return sorted(load_catalogue("card-sizes")[0])


@pytest.mark.parametrize("size", _card_sizes())
def test_cromwell_lower_corner_index_sits_in_its_corner_at_every_card_size(size):
    """The lower index (name and emblem, turned half round) is as far from the foot and the
    right edge as the upper one is from the house band and the left edge: it sat beside the
    caption, 67-85 % of the way down, with 11 mm of card under it."""
    ink = card_ink("cromwell", None, size)
    for name in ("Henry VIII", "Oliver Cromwell", "Stephen"):
        drawn = ink.pieces(ink.card(name))
        pieces = {p.element: i for p, i in zip(drawn, ink.ink(drawn))}
        band, foot = pieces["band"].mm_box(), pieces["foot"].mm_box()
        left, top, _, _ = _union([pieces["index_top"], pieces["index_emblem_top"]])
        _, _, right, bottom = _union([pieces["index_bottom"], pieces["index_emblem_bottom"]])
        upper = (top - band[3], left)                         # under the band, from the left edge
        lower = (foot[1] - bottom, ink.width - right)         # over the foot, from the right edge
        assert lower == pytest.approx(upper, abs=0.3), (size, name, upper, lower)
        assert upper[0] < 0.08 * ink.height, (size, name, upper)   # and the corner is the corner


# --- each element rasterised alone, its ink a mask -------------------------------------------------

MASK_DPI = 150


def masks(groups: list[list], card_w: float, card_h: float) -> list[np.ndarray]:
    """Each group of drawing operations rasterised alone on a white card: its ink, as a mask."""
    return ink_masks(groups, card_w, card_h, MASK_DPI)


def grow(mask: np.ndarray, millimetres: float) -> np.ndarray:
    """The mask widened by a clearance, so 'grown A meets B' means 'closer than the clearance'."""
    return grown(mask, max(1, round(millimetres / 25.4 * MASK_DPI)))


# --- the Cromwell corner index keeps clear of the name, picture and caption, element by element ----

INDEX = ("index_top", "index_emblem_top", "index_bottom", "index_emblem_bottom")
CONTENT = ("name", "reign", "frame", "caption", "note", "outside_play")
GAP = 0.5   # mm of card between any two boxes


def _apart(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """How far apart two boxes (x, y, w, h) are: negative when they overlap."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return max(bx - (ax + aw), ax - (bx + bw), by - (ay + ah), ay - (by + bh))


@pytest.mark.parametrize("size", sorted(load_catalogue("card-sizes")[0]))
def test_cromwell_boxes_never_meet_at_any_card_size(size):
    deck = load_deck("cromwell", ALL_CARDS)
    layout = load_layout(deck.layout, deck, card_size=size)
    face = layout.spec.face
    boxes = {name: layout.map_box(face[name].x, face[name].y, face[name].width, face[name].height)
             for name in INDEX + CONTENT}
    pairs = [(i, c) for i in INDEX for c in CONTENT] + list(itertools.combinations(INDEX, 2))
    pairs += [p for p in itertools.combinations(("name", "reign", "frame", "caption"), 2)]
    pairs += [("caption", "note"), ("caption", "outside_play")]
    gap = GAP * min(1.0, layout.scale)     # a smaller card shrinks the gaps with everything else
    for a, b in pairs:
        assert _apart(boxes[a], boxes[b]) >= gap - 1e-9, (size, a, b, boxes[a], boxes[b])
    # the two corners are the same index turned half round, each as far from its own end's band
    # (the house band at the top, the foot at the bottom) as the other: in the corner (to a
    # fifth of a mm: the foot lies in the edge strip Layout.map_box keeps, the band does not)
    top, bottom = boxes["index_top"], boxes["index_bottom"]
    band = layout.map_box(face["band"].x, face["band"].y, face["band"].width, face["band"].height)
    foot = layout.map_box(face["foot"].x, face["foot"].y, face["foot"].width, face["foot"].height)
    assert bottom[0] == pytest.approx(layout.card.width - top[0] - top[2])
    assert foot[1] - (bottom[1] + bottom[3]) == pytest.approx(top[1] - (band[1] + band[3]), abs=0.25)


def _longest_cards(deck) -> list:
    """The cards most likely to crowd a corner: the longest names, the longest corner words
    (short names such as 'Steph'), the longest captions."""
    def index_words(card) -> int:
        short = deck_layout_short(card.name)
        return len(short)
    by_name = sorted(deck.cards, key=lambda c: (-len(c.name), c.name))[:3]
    by_index = sorted(deck.cards, key=lambda c: (-index_words(c), c.name))[:2]
    by_caption = sorted(deck.cards, key=lambda c: (-len(c.values.get("caption") or ""), c.name))[:2]
    seen, out = set(), []
    for card in by_name + by_index + by_caption:
        if card.name not in seen:
            seen.add(card.name)
            out.append(card)
    return out


@cache
def _short_names() -> tuple[dict, dict]:
    data = load_layout("cromwell").spec.data
    return data["short_names"], data["whole_names"]


def deck_layout_short(name: str) -> str:
    short, whole = _short_names()
    first = name.split(" ")[0]
    return whole.get(name) or short.get(first, first)


@pytest.mark.parametrize("size", ["poker", "bridge", "mini-euro"])
def test_cromwell_index_ink_keeps_clear_on_the_longest_named_cards(size):
    deck = load_deck("cromwell", ALL_CARDS)
    layout = load_layout(deck.layout, deck, card_size=size)
    resolver = Resolver(deck, layout, FontSet(layout.fonts), [].append)
    names = INDEX + ("name", "reign", "frame", "caption")
    cards = _longest_cards(deck)
    assert {"Oliver Cromwell", "Stephen"} <= {c.name for c in cards}
    groups = []
    for card in cards:
        context = resolver._context(card)
        for name in names:
            groups.append(resolver._maybe("face", name, layout.spec.face[name], context, card))
    inks = masks(groups, layout.card.width, layout.card.height)
    for k, card in enumerate(cards):
        ink = dict(zip(names, inks[k * len(names):(k + 1) * len(names)]))
        assert all(ink[n].any() for n in names), (card.name, [n for n in names if not ink[n].any()])
        for a in INDEX:
            near = grow(ink[a], GAP)
            for b in names:
                if b != a:
                    assert not (near & ink[b]).any(), f"{size}: on '{card.name}' {a} comes within {GAP} mm of {b}"
        for a, b in (("name", "reign"), ("reign", "frame"), ("frame", "caption")):
            assert not (grow(ink[a], GAP) & ink[b]).any(), f"{size}: on '{card.name}' {a} touches {b}"


# --- the low Spanish swords and batons are long and crossed, as in a real pack ----------------------

@cache
def _spanish():
    deck = load_deck("spanish", "48")
    layout = load_layout(deck.layout, deck)
    return deck, layout, Resolver(deck, layout, FontSet(layout.fonts), [].append)


@pytest.mark.parametrize("suit", ["Espadas", "Bastos"])
@pytest.mark.parametrize("rank", [2, 3])
def test_low_swords_and_batons_cross_and_fill_the_card(suit, rank):
    deck, layout, resolver = _spanish()
    card = next(c for c in deck.cards if c.values["suit"].name == suit and c.values["rank"].value == rank)
    ops = resolver.side("face", card)
    pips = [op for op in ops if isinstance(_inner(op), SymbolOp)]
    assert [_inner(op).motif for op in pips] == [f"{suit.lower()}-long"] * rank, card.name
    frame = [op for op in ops if isinstance(op, ShapeOp) and op.stroke]
    numerals = [op for op in ops if isinstance(op, TextOp)]
    assert len(frame) == 1 and len(numerals) == 2
    inks = masks([[p] for p in pips] + [frame, numerals], layout.card.width, layout.card.height)
    pip_inks, frame_ink, numeral_ink = inks[:rank], inks[rank], inks[rank + 1]
    for ink in pip_inks:
        near = grow(ink, GAP)
        assert not (near & frame_ink).any() and not (near & numeral_ink).any(), f"{card.name}: a pip touches"
    assert (pip_inks[0] & pip_inks[1]).any(), f"{card.name}: the two lean ones cross"
    # fill: the pips' ink reaches across most of the frame, as the old upright pair did not
    ys, xs = np.nonzero(frame_ink)
    inside = np.zeros_like(frame_ink)
    inside[ys.min():ys.max(), xs.min():xs.max()] = True
    ink = np.logical_or.reduce(pip_inks)
    rows, cols = np.nonzero(ink)
    assert (ink & ~inside).sum() == 0
    assert np.ptp(cols) > 0.5 * np.ptp(xs), f"{card.name}: the pips span half the frame's width"
    assert np.ptp(rows) > 0.75 * np.ptp(ys), f"{card.name}: and three quarters of its height"


def _inner(op):
    """What a drawing operation draws: a turned pip is a SymbolOp inside its TurnOp."""
    from printgen.draw.ops import TurnOp

    return op.ops[0] if isinstance(op, TurnOp) and len(op.ops) == 1 else op
