"""The cards themselves, checked as printed pixels: turned indices, the Cromwell corner index and
house colours, required fields, preview across packs, and the size and spacing of Spanish pips."""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import pytest
from badinput import assert_refused, workspace
from conftest import run_cli
from pdfcheck import grown, ink_masks

from printgen.draw.build import BuildOptions
from printgen.draw.fonts import FontSet
from printgen.draw.ops import ShapeOp, SymbolOp, TextOp, TurnOp
from printgen.draw.preview import card_pdf, deck_with_card
from printgen.draw.template import Resolver
from printgen.files.colours import CVD_MATRICES, contrast_ratio, delta_e2000, seen_difference
from printgen.files.errors import UserError
from printgen.model.layouts import load_layout
from printgen.model.load import load_deck

DPI = 300
PX = DPI / 25.4          # pixels per mm


def card_pixels(deck: str, name: str, dpi: int = DPI) -> np.ndarray:
    """One card's front (trim only) as an RGB array, drawn by the printing code."""
    import pypdfium2 as pdfium

    loaded, card = deck_with_card(deck, name, None)
    pdf = card_pdf(loaded, BuildOptions(), card, back=False)
    document = pdfium.PdfDocument(pdf)
    try:
        return np.asarray(document[0].render(scale=dpi / 72).to_pil().convert("RGB"), dtype=np.int16)
    finally:
        document.close()


def crop(image: np.ndarray, x: float, y: float, w: float, h: float) -> np.ndarray:
    """The part of a card picture in a box given in mm from the card's top-left corner."""
    return image[round(y * PX):round((y + h) * PX), round(x * PX):round((x + w) * PX)]


def turned_difference(image: np.ndarray, top: tuple, bottom: tuple) -> tuple[float, float]:
    """Mean pixel difference between the upper box and the lower box turned 180 degrees (the best
    over one-pixel shifts, for rounding), and the same without turning, for contrast."""
    a = crop(image, *top)
    best = upright = 1e9
    for dy, dx in itertools.product((-1, 0, 1), repeat=2):
        x, y, w, h = bottom
        b = crop(image, x + dx / PX, y + dy / PX, w, h)[: a.shape[0], : a.shape[1]]
        if b.shape != a.shape:
            continue
        best = min(best, float(np.abs(a - b[::-1, ::-1]).mean()))
        upright = min(upright, float(np.abs(a - b).mean()))
    return best, upright


def ink(region: np.ndarray) -> float:
    """Share of a region that is not background."""
    return float((region.min(axis=2) < 200).mean())


# --- 8. the standard deck's lower index is the upper one turned half round --------------------

@pytest.mark.parametrize("name", ["Seven of Hearts", "Ten of Clubs", "Queen of Spades", "Ace of Diamonds"])
def test_standard_lower_index_is_the_upper_turned(name):
    image = card_pixels("standard", name)
    # The rank and suit index boxes of layouts/standard.yaml and their mirror in the lower corner.
    top, bottom = (3.5, 3.5, 8, 13.5), (52, 71.9, 8, 13.5)
    assert ink(crop(image, *top)) > 0.05
    turned, upright = turned_difference(image, top, bottom)
    assert turned < 3, (name, turned)                  # the same picture turned round
    assert upright > 3 * turned + 5, (name, upright)   # and clearly not the same upright


@pytest.mark.parametrize("name", ["Red Joker", "Black Joker"])
def test_jokers_have_a_turned_index_in_two_corners(name):
    image = card_pixels("standard", name)
    top, bottom = (3, 3.5, 6.5, 24), (54, 61.4, 6.5, 24)
    assert ink(crop(image, *top)) > 0.03
    turned, upright = turned_difference(image, top, bottom)
    assert turned < 3 and upright > 3 * turned + 5, (name, turned, upright)


def test_rotation_turns_any_element_about_its_box():
    """A sideways (90) text element is laid out along its tall box and stays inside it."""
    from printgen.files.schema import TextElement

    deck = load_deck("cromwell")
    layout = load_layout(deck.layout, deck)
    resolver = Resolver(deck, layout, FontSet(layout.fonts), [].append)
    element = TextElement(type="text", text="SIDEWAYS", x=2, y=10, width=8, height=60, size=20, rotation=90)
    (op,) = resolver._maybe("face", "test", element, {"card": {}, "deck": {}, "layout": {}}, None)
    assert isinstance(op, TurnOp) and op.angle == 90
    (text,) = op.ops
    assert text.size > 12        # laid out along the 60 mm side, not squeezed into 8 mm
    mm = 72 / 25.4
    assert op.cx == pytest.approx(6 * mm, abs=0.01)
    assert op.cy == pytest.approx((88.9 - 40) * mm, abs=0.01)


# --- 9. the Cromwell corner index and house colours --------------------------------------------

def cromwell_index_texts() -> dict[str, list[str]]:
    """The words printed in each card's top-left corner index, from the resolved drawing."""
    deck = load_deck("cromwell")
    layout = load_layout(deck.layout, deck)
    resolver = Resolver(deck, layout, FontSet(layout.fonts), [].append)
    mm = 72 / 25.4
    texts = {}
    for card in deck.cards:
        lines = []
        for op in resolver.side("face", card):
            if isinstance(op, TextOp):
                for x, y, line in op.lines:
                    if x < 12 * mm and (88.9 - 23) * mm < y < (88.9 - 13) * mm:   # the corner under the band
                        lines.append(line)
        texts[card.name] = lines
    return texts


def test_every_cromwell_card_has_a_short_distinct_corner_index():
    texts = cromwell_index_texts()
    assert texts["Henry VIII"] == ["Hen", "VIII"]
    assert texts["Elizabeth I"] == ["Eliz", "I"] and texts["Edward I"] == ["Edw", "I"]
    shown = {name: " ".join(lines) for name, lines in texts.items()}
    assert all(shown.values()), [n for n, s in shown.items() if not s]
    assert len(set(shown.values())) == len(shown), "two cards share a corner index"


@pytest.mark.parametrize("name", ["Henry VIII", "Elizabeth I", "Stephen", "Oliver Cromwell"])
def test_cromwell_corner_index_shows_in_a_fan_and_is_turned_at_the_foot(name):
    image = card_pixels("cromwell", name)
    # In a hand fanned to the right about 12 mm of each card shows: the index must be there.
    index_box = (3, 13.5, 9, 17)
    assert ink(crop(image, *index_box)) > 0.08
    turned, upright = turned_difference(image, index_box, (51.5, 68.4, 9, 17))   # 1 mm over the foot
    assert turned < 3 and upright > 2 * turned + 5, (name, turned, upright)


HOUSE_COLOURS = {g.name: g.colour for g in load_deck("cromwell").groups["houses"]}
VISIONS = [None, *CVD_MATRICES]
# CIEDE2000 of about 1 is the smallest difference most people notice side by side; 10 is a
# difference seen at a glance, across a table, between small patches. Cards in a fanned hand show
# only a strip of colour, so every pair of houses must be at least that far apart for everyone.
MIN_DIFFERENCE = 10.0


def test_house_colours_take_white_lettering():
    for house, colour in HOUSE_COLOURS.items():
        assert contrast_ratio(colour, "#FFFFFF") >= 4.5, (house, colour, contrast_ratio(colour, "#FFFFFF"))


@pytest.mark.parametrize("vision", VISIONS, ids=lambda v: v or "normal")
def test_house_colours_stay_apart_with_colour_blindness(vision):
    for (a, ca), (b, cb) in itertools.combinations(HOUSE_COLOURS.items(), 2):
        difference = seen_difference(ca, cb, vision)
        assert difference >= MIN_DIFFERENCE, (vision, a, b, round(difference, 2))


def test_colour_maths_agrees_with_published_values():
    # Sharma, Wu & Dalal (2005), CIEDE2000 test data, pairs 1, 3, 7 and 17.
    assert delta_e2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e2000((50, -1.3802, -84.2814), (50, 0, -82.7485)) == pytest.approx(1.0000, abs=1e-4)
    assert delta_e2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert delta_e2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    # The simulation keeps greys grey, and merges what a dichromat cannot tell apart: the old
    # gold and orange were 13 apart for most people and nearly one colour with deuteranopia.
    for matrix in CVD_MATRICES.values():
        assert all(sum(row) == pytest.approx(1, abs=1e-4) for row in matrix)
    assert seen_difference("#7D6200", "#A3461A") > 10
    assert seen_difference("#7D6200", "#A3461A", "deuteranopia") < 3
    assert contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21)


# --- 10. required fields -------------------------------------------------------------------------

def test_a_card_without_its_house_is_refused(tmp_path):
    ws = workspace(tmp_path, "cromwell", only="cards")
    lines = (ws.deck / "deck.yaml").read_text(encoding="utf-8").splitlines()
    line = lines.index("  - name: Henry VIII") + 1      # the card itself, not the example in the notes
    ws.edit("deck.yaml",
            lambda text: text.replace("  - name: Henry VIII\n    house: Tudor\n", "  - name: Henry VIII\n"))
    assert_refused(ws.build("--only", "cards"), ws, file="deck.yaml", line=line, card="Henry VIII", field="house",
                   says=["has no 'house'"])


VALUES = {"text": "words", "group": "Red", "years": "1066-1087", "image": "pic.png", "emblem": "helm",
          "flag": True, "number": 3}


@pytest.mark.parametrize("kind", sorted(VALUES))
def test_required_is_enforced_for_every_field_type(tmp_path, kind):
    import yaml
    from PIL import Image

    folder = tmp_path / "tiny"
    folder.mkdir()
    Image.new("RGB", (800, 800), "#336699").save(folder / "pic.png")
    spec = {"type": kind, "required": True, "except_when": {"spare": True}}
    deck = {"title": "Tiny", "fields": {"name": {"type": "text", "required": True}, "thing": spec,
                                        "spare": {"type": "flag", "default": False}},
            "cards": [{"name": "Full", "thing": VALUES[kind]}, {"name": "Spare", "spare": True}]}
    if kind == "group":
        spec["group"] = "colours"
        deck["colours"] = [{"name": "Red", "colour": "#AA0000"}]
    (folder / "deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False))
    assert [c.name for c in load_deck(folder).cards] == ["Full", "Spare"]     # exempt card accepted
    deck["cards"].append({"name": "Empty"})
    (folder / "deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False))
    with pytest.raises(UserError) as refused:
        load_deck(folder)
    assert refused.value.where.card == "Empty" and refused.value.where.field == "thing"
    assert "has no 'thing'" in str(refused.value)


# --- 11. preview finds a card in whichever pack holds it ---------------------------------------

@pytest.mark.parametrize("args,shown", [
    (["standard", "--card", "Red Joker"], "Red Joker"),
    (["spanish", "--card", "Ocho de Oros"], "Ocho de Oros"),
    (["spanish", "--pack", "spanish-48", "--card", "Nueve de Copas"], "Nueve de Copas"),
    (["spanish", "--pack", "48", "--card", "Nueve de Copas"], "Nueve de Copas"),
])
def test_preview_finds_cards_in_any_pack(tmp_path, args, shown):
    run = run_cli("preview", *args, "--dpi", "30", "-o", str(tmp_path / "card.png"))
    assert run.code == 0 and f"'{shown}'" in run.out, run.err


def test_preview_accepts_the_pack_as_the_build_names_it():
    from printgen.draw.preview import pack_name

    deck = load_deck("spanish")
    assert pack_name(deck, "spanish-48") == "48" and pack_name(deck, "48") == "48"
    assert load_deck("spanish", pack_name(deck, "spanish-40")).pack == "40"
    with pytest.raises(UserError) as refused:
        deck_with_card("spanish", "Ocho de Oros", "40")
    assert "--pack 48" in refused.value.hint


# --- 12. Spanish pips sized like a real pack, never touching -----------------------------------

@cache
def spanish_resolver() -> tuple:
    deck = load_deck("spanish", "48")
    layout = load_layout(deck.layout, deck)
    return deck, layout, Resolver(deck, layout, FontSet(layout.fonts), [].append)


def op_masks(ops: list, card_w: float, card_h: float, dpi: int = 150) -> list[np.ndarray]:
    """Each drawing operation rasterised alone on a white card: its ink as a boolean mask."""
    return ink_masks([[op] for op in ops], card_w, card_h, dpi)


@pytest.mark.parametrize("suit", ["Oros", "Copas", "Espadas", "Bastos"])
def test_spanish_pips_keep_clear_of_each_other_the_frame_and_numerals(suit):
    deck, layout, resolver = spanish_resolver()
    dpi = 150
    clearance = round(0.5 / 25.4 * dpi)      # half a millimetre of card between any two
    crossed = layout.spec.data["crossed"].get(suit.lower(), {})   # long crossed pips: tests/test_pips.py
    for rank in range(2, 10):
        if rank in crossed:
            continue
        card = next(c for c in deck.cards if c.values["suit"].name == suit and c.values["rank"].value == rank)
        ops = resolver.side("face", card)
        pips = [op for op in ops if isinstance(op, SymbolOp)]
        frame = [op for op in ops if isinstance(op, ShapeOp) and op.stroke]
        numerals = [op for op in ops if isinstance(op, TextOp)]
        assert len(pips) == rank and len(frame) == 1 and len(numerals) == 2, card.name
        masks = op_masks(pips + frame + numerals, layout.card.width, layout.card.height, dpi)
        pip_masks, others = masks[:rank], masks[rank:]
        near = [grown(mask, clearance) for mask in pip_masks]
        for i, j in itertools.combinations(range(rank), 2):
            assert not (near[i] & pip_masks[j]).any(), (card.name, "pips touch", i, j)
        for i, other in itertools.product(range(rank), others):
            assert not (near[i] & other).any(), (card.name, "pip touches frame or numeral", i)
        # Inside the frame: the frame line's box holds every pip.
        ys, xs = np.nonzero(others[0])
        for i in range(rank):
            py, px = np.nonzero(pip_masks[i])
            assert xs.min() < px.min() and px.max() < xs.max() and ys.min() < py.min() and py.max() < ys.max()


def test_spanish_coins_are_the_size_of_a_real_pack():
    deck, layout, resolver = spanish_resolver()
    dpi = 150
    widths = {}
    for rank in range(1, 10):
        card = next(c for c in deck.cards if c.values["suit"].name == "Oros" and c.values["rank"].value == rank)
        pips = [op for op in resolver.side("face", card) if isinstance(op, SymbolOp)]
        masks = op_masks(pips, layout.card.width, layout.card.height, dpi)
        widths[rank] = [np.ptp(np.nonzero(m.any(axis=0))[0]) * 25.4 / dpi for m in masks]
    assert min(widths[1]) > 0.65 * layout.card.width, widths[1]              # the lone ace coin fills the card
    assert all(23 <= w <= 27 for w in widths[2]), widths[2]                  # two coins fill the card
    for rank in range(3, 8):
        assert all(18 <= w <= 22.5 for w in widths[rank]), (rank, widths[rank])
    for rank in (8, 9):
        assert all(14 <= w < 18 for w in widths[rank]), (rank, widths[rank])


def test_a_warning_names_an_element_by_its_about_words_once():
    """`about: the name in the card's corners` was said 'the the name in the card's corners'."""
    deck = load_deck("cromwell")
    layout = load_layout(deck.layout, deck, card_size="mini-euro")
    said = []
    resolver = Resolver(deck, layout, FontSet(layout.fonts), said.append)
    resolver.side("face", deck.cards[0])
    corners = [str(w) for w in said if "name in the card's corners" in str(w)]
    assert corners and not any("the the" in w for w in corners), corners
