"""A new user's review, fixed: the Cromwell corner index, Coppertwaddle's missing cards, the
README's opening, and the low Spanish swords and batons.

Where the defect was visual the check is on pixels: each element is rasterised alone (pypdfium2)
and its ink must keep clear of its neighbours'. The Coppertwaddle cards are checked where a
player meets them: in the deck, on the rule sheet, and played by the simulator.
"""

from __future__ import annotations

import io
import itertools
import re
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from conftest import ROOT, run_cli
from pdfcheck import page_text, squash
from printgen.draw.fonts import FontSet
from printgen.draw.ops import ShapeOp, SymbolOp, TextOp
from printgen.draw.paint import draw_ops
from printgen.draw.template import Resolver
from printgen.model.layouts import load_catalogue, load_layout
from printgen.model.load import ALL_CARDS, load_deck

DPI = 150


def masks(groups: list[list], card_w: float, card_h: float) -> list[np.ndarray]:
    """Each group of drawing operations rasterised alone on a white card: its ink, as a mask."""
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    mm = 72 / 25.4
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(card_w * mm, card_h * mm))
    for ops in groups:
        draw_ops(canvas, list(ops))
        canvas.showPage()
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    try:
        return [np.asarray(page.render(scale=DPI / 72).to_pil().convert("L")) < 235 for page in document]
    finally:
        document.close()


def grow(mask: np.ndarray, millimetres: float) -> np.ndarray:
    """The mask widened by a clearance, so 'grown A meets B' means 'closer than the clearance'."""
    pixels = max(1, round(millimetres / 25.4 * DPI))
    out = mask.copy()
    for dy, dx in itertools.product(range(-pixels, pixels + 1), repeat=2):
        out |= np.roll(np.roll(mask, dy, axis=0), dx, axis=1)
    return out


# --- 1. the Cromwell corner index keeps clear of the name, picture and caption --------------------

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


@lru_cache(maxsize=None)
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


# --- 2. Coppertwaddle: Mappa Mundi and Captain's Reversal -------------------------------------------

@pytest.fixture(scope="module")
def ct_deck():
    return load_deck("coppertwaddle", ALL_CARDS)


def test_the_two_missing_cards_are_in_the_deck_as_named_favours(ct_deck):
    from collections import Counter

    cards = {card.name: card for card in ct_deck.cards}
    assert len(ct_deck.cards) == 55, "the seed's deck of fifty-five, everything included"
    for name in ("Mappa Mundi", "Captain\u2019s Reversal"):
        card = next((c for c in ct_deck.cards if c.name.replace("'", "\u2019") == name), None)
        assert card is not None, name
        assert card.values["kind"].name == "Favour" and card.values["provenance"].name == "named", name
        assert card.values["ability"] is not None
    kinds = Counter(card.values["kind"].name for card in ct_deck.cards)
    assert kinds == {"Noble Threlm": 13, "Peasant Threlm": 15, "Wind Threlm": 4, "Favour": 15, "Declaration": 8}
    assert sum(1 for c in ct_deck.cards if c.name == "The Reeve") == 1 and "Mother Ratchet" not in cards


def test_the_winds_power_is_marked_as_designed(ct_deck):
    winds = [c for c in ct_deck.cards if c.values["kind"].name == "Wind Threlm"]
    assert len(winds) == 4
    for wind in winds:
        assert wind.values["power"] == 0
        assert wind.values["provenance"].name == "named", f"{wind.name}: the seed gives no Power"


def test_the_rule_sheet_says_how_the_count_was_kept(tmp_path: Path):
    run = run_cli("build", "coppertwaddle", "--only", "rules", "--out", str(tmp_path), "--quiet")
    assert run.code == 0, run.err
    pdf = tmp_path / "coppertwaddle" / "coppertwaddle-rules.pdf"
    import pypdfium2 as pdfium

    pages = len(pdfium.PdfDocument(str(pdf)))
    text = squash(" ".join(page_text(pdf, p) for p in range(1, pages + 1)))
    assert "13 Nobles, 15 Peasants, 4 Winds, 15 Favour cards and 8 Declaration cards" in text
    clarification = text[text.index("The original gives the deck"):][:600]
    for words in ("55 cards", "Mappa Mundi", "Captain\u2019s Reversal", "Reeve", "Mother Ratchet"):
        assert words in clarification, words


@pytest.fixture(scope="module")
def sim():
    from printgen.games.coppertwaddle import Coppertwaddle

    game = Coppertwaddle()
    return game, game.prepare(load_deck("coppertwaddle"), "basic", {})


def _card(prep, name: str) -> int:
    return prep.names.index(name)


def _play(prep, name: str, target: str | None = None) -> int:
    return prep.play_base + _card(prep, name) * prep.codes + (1 + _card(prep, target) if target else 0)


def test_captains_reversal_sends_a_robber_home_and_the_robbing_fails(sim):
    from printgen.games.coppertwaddle.cards import ROBBING
    from printgen.games.coppertwaddle.rules import PASS

    game, prep = sim
    henry = {"noble": ["Mount Ararat", "Trepaner"], "peasant": []}
    anne = {"noble": ["Lady Wimple", "The Leper"], "peasant": []}
    st = game.arrange(prep, [henry, anne], [["One Hundred Buttons"], ["Captain's Reversal"]], guardian=0)
    ararat, trepaner, wimple = (_card(prep, n) for n in ("Mount Ararat", "Trepaner", "Lady Wimple"))
    mask = sum(1 << d for d, c in enumerate(st.slot[0]) if c in (ararat, trepaner))
    game.apply(st, prep.rob_base + wimple * 256 + mask)
    assert st.stage == ROBBING and game.attack(st) == 9 and game.defence(st, wimple) == 7   # 5 + the Leper's 2
    assert game.to_act(st) == 0
    game.apply(st, PASS)                                   # Henry, the Guardian, answers first
    reversal = _play(prep, "Captain's Reversal", "Mount Ararat")
    assert game.to_act(st) == 1 and reversal in game.legal(st)
    game.apply(st, reversal)
    assert ararat in st.hand[0] and st.pos[ararat] < 0, "Mount Ararat goes back to Henry's hand"
    assert _card(prep, "Captain's Reversal") in st.midden
    assert st.stage == ROBBING and game.attack(st) == 1, "only Trepaner is left robbing"
    game.apply(st, _play(prep, "One Hundred Buttons", "Trepaner"))   # 1 + 3: nobody has more to play
    assert st.stage != ROBBING and _card(prep, "One Hundred Buttons") in st.midden
    assert st.robs == [1, 0] and st.robbed == [0, 0] and st.pos[wimple] // 8 == 1, "4 against 7: it fails"
    assert st.proud[trepaner], "a failed robber stays Proud"
    game.check(st)


def test_mappa_mundi_draws_one_and_the_opponent_discards_one(sim):
    game, prep = sim
    st = game.arrange(prep, [{}, {}], [["Mappa Mundi"], ["Spleen", "Compass"]], guardian=0,
                      trumpet=["Goodwife Plum"])
    game.apply(st, _play(prep, "Mappa Mundi"))
    assert _card(prep, "Goodwife Plum") in st.hand[0], "the Guardian draws the top of the Trumpet"
    assert game.to_act(st) == 1, "Anne chooses what she discards"
    choices = game.legal(st)
    assert sorted(choices) == sorted(prep.disc_base + _card(prep, n) for n in ("Spleen", "Compass"))
    game.apply(st, prep.disc_base + _card(prep, "Compass"))
    assert st.hand[1] == [_card(prep, "Spleen")] and _card(prep, "Compass") in st.midden
    assert _card(prep, "Mappa Mundi") in st.midden and game.to_act(st) == 0
    game.check(st)


# --- 3. the README's opening names every shipped deck and shows Coppertwaddle --------------------

def test_the_readme_opening_names_the_shipped_decks_and_shows_each():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    opening = readme[:readme.index("## Set up")]
    assert "Two more decks" not in opening
    shipped = sorted(p.name for p in (ROOT / "decks").iterdir() if (p / "deck.yaml").is_file())
    assert shipped == ["coppertwaddle", "cromwell", "piecepack", "spanish", "standard"]
    words = {"coppertwaddle": "Coppertwaddle", "cromwell": "Cromwell", "spanish": "Spanish pack",
             "standard": "standard deck", "piecepack": "piecepack"}
    for deck in shipped:
        assert f"**{words[deck]}**" in opening, deck
        assert f"printgen preview {deck} " in squash(opening), f"how the {deck} picture was made"
    pictures = re.findall(r"!\[[^\]]*\]\((docs/images/[^)]+)\)", opening)
    assert len(pictures) == len(set(pictures)) == 7
    for picture in pictures:
        assert (ROOT / picture).is_file(), picture


def test_the_coppertwaddle_picture_is_a_card_front_made_by_preview(tmp_path: Path):
    from PIL import Image

    shown = ROOT / "docs" / "images" / "the-bentham-fish.png"
    run = run_cli("preview", "coppertwaddle", "--card", "The Bentham Fish", "--dpi", "200",
                  "-o", str(tmp_path / "fish.png"))
    assert run.code == 0, run.err
    made = np.asarray(Image.open(tmp_path / "fish.png").convert("RGB")).astype(int)
    kept = np.asarray(Image.open(shown).convert("RGB")).astype(int)
    assert made.shape == kept.shape == (700, 500, 3), "a poker card at 200 dpi"
    plum = np.array([0x6B, 0x2D, 0x5C])
    band = kept[10:90, 150:450].reshape(-1, 3)
    assert (np.abs(band - plum).max(axis=1) < 30).mean() > 0.5, "the Noble kind's band across the top"
    assert np.abs(made - kept).mean() < 2.0, "the README's picture is what the command makes"


# --- 4. the low Spanish swords and batons are long and crossed, as in a real pack ----------------

@lru_cache(maxsize=None)
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
