"""The Spanish 40/48 packs and the standard deck: composition, identities, pinta, duplex."""

from __future__ import annotations

import pytest
from conftest import read_manifest, run_cli
from pdfcheck import Raster, near, squash, text_in_box, trim_box
from PIL import Image

SUITS_ES = ["oros", "copas", "espadas", "bastos"]
SUITS_FR = ["spades", "hearts", "diamonds", "clubs"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("packs")
    for deck in ("spanish", "standard"):
        run = run_cli("build", deck, "--only", "cards", "--out", str(out), "--quiet", "--back-offset", "1,-1")
        assert run.code == 0, run.err
    return out


@pytest.mark.parametrize("pack,ranks", [("spanish-40", [1, 2, 3, 4, 5, 6, 7, 10, 11, 12]),
                                        ("spanish-48", list(range(1, 13)))])
def test_spanish_packs_hold_the_right_cards(built, pack, ranks):
    manifest = read_manifest(built / "spanish", pack)
    ids = [c["id"] for c in manifest["cards"]]
    assert sorted(ids) == sorted(f"{s}-{r}" for s in SUITS_ES for r in ranks)
    assert manifest["card_size"]["name"] == "spanish"
    assert (manifest["card_size"]["width_mm"], manifest["card_size"]["height_mm"]) == (61.0, 95.0)
    pdf = built / "spanish" / f"{pack}-cards.pdf"
    for card in manifest["cards"]:
        value = card["id"].split("-")[1]
        text = squash(text_in_box(pdf, card["front"]["page"], trim_box(card["front"])))
        assert text.split() == [value, value], (card["name"], text)      # the numeral in two corners


@pytest.mark.parametrize("pack,count", [("standard-52", 52), ("standard-with-jokers", 54)])
def test_standard_packs_hold_the_right_cards(built, pack, count):
    manifest = read_manifest(built / "standard", pack)
    ids = {c["id"] for c in manifest["cards"]}
    assert len(manifest["cards"]) == count
    assert {f"{s}-{r}" for s in SUITS_FR for r in range(1, 14)} <= ids
    assert ("red-joker" in ids) == (count == 54)
    pdf = built / "standard" / f"{pack}-cards.pdf"
    labels = {1: "A", 11: "J", 12: "Q", 13: "K"}
    for card in manifest["cards"]:
        text = squash(text_in_box(pdf, card["front"]["page"], trim_box(card["front"])))
        if card["id"].endswith("joker"):
            # JOKER spelt down the top corner, and again turned half round in the lower corner
            # (read back from the page in reverse order; whether PDFium puts a space between the
            # stacked letters depends on the other text of the page, such as the sheet's label).
            assert "".join(text.split()) == "JOKERREKOJ", (card["name"], text)
            continue
        label = labels.get(int(card["id"].split("-")[1]), card["id"].split("-")[1])
        assert text.split() == [label, label], (card["name"], text)


# The pinta: gaps (mm from the card's left edge) in the top and bottom frame lines, by suit.
PINTA = {"oros": [], "copas": [30.5], "espadas": [27.0, 34.0], "bastos": [23.5, 30.5, 37.5]}
COLOURS = {"oros": "#B8860B", "copas": "#B3202A", "espadas": "#1F4E79", "bastos": "#2E6B3A"}
NAMES = {"oros": "Cinco de Oros", "copas": "Cinco de Copas", "espadas": "Cinco de Espadas", "bastos": "Cinco de Bastos"}


@pytest.mark.parametrize("suit", SUITS_ES)
def test_pinta_gaps_are_where_the_suit_says(tmp_path, suit):
    png = tmp_path / f"{suit}.png"
    dpi = 200
    run = run_cli("preview", "spanish", "--card", NAMES[suit], "--dpi", str(dpi), "-o", str(png))
    assert run.code == 0, run.err
    image = Image.open(png).convert("RGB")

    def at(x_mm: float, y_mm: float):
        return image.getpixel((round(x_mm * dpi / 25.4), round(y_mm * dpi / 25.4)))

    probes = [20.0, 23.5, 27.0, 30.5, 34.0, 37.5, 41.0]
    for y in (4.0, 91.0):                      # the top and the bottom frame line
        for x in probes:
            gap = x in PINTA[suit]
            assert near(at(x, y), "#FFFDF6", 30) == gap, (suit, x, y, at(x, y))
            if not gap:
                assert near(at(x, y), COLOURS[suit], 60), (suit, x, y, at(x, y))
    assert near(at(4.0, 47.5), COLOURS[suit], 60)   # the sides of the frame are unbroken


@pytest.mark.parametrize("deck,pack", [("spanish", "spanish-48"), ("standard", "standard-with-jokers")])
def test_backs_follow_the_flip_rule_with_offset(built, deck, pack):
    manifest = read_manifest(built / deck, pack)
    pdf = built / deck / f"{pack}-cards.pdf"
    width = manifest["paper"]["width_mm"]
    pages = {}
    for card in manifest["cards"][::5]:
        front, back = card["front"], card["back"]
        assert back["page"] == front["page"] + 1
        assert back["x_mm"] == pytest.approx(width - front["x_mm"] - front["width_mm"] + 1, abs=0.01)
        assert back["y_mm"] == pytest.approx(front["y_mm"] - 1, abs=0.01)
        raster = pages.setdefault(back["page"], Raster(pdf, back["page"], dpi=60))
        x0, y0, x1, y1 = trim_box(back)
        assert raster.ink_box(x0 + 2, y0 + 2, x1 - 2, y1 - 2) is not None      # the back pattern is there


def test_a_broken_pack_is_refused(deck_copy, tmp_path):
    folder = deck_copy("spanish")
    text = (folder / "deck.yaml").read_text()
    text = text.replace("  - {name: Siete,   label: \"7\",  value: 7}\n", "")
    (folder / "deck.yaml").write_text(text)
    run = run_cli("build", str(folder), "--out", str(tmp_path / "out"))
    assert run.code == 2 and "Traceback" not in run.err
    assert "the pack '40' should have 40 cards but has 36" in run.err and "deck.yaml, line" in run.err
    folder = deck_copy("spanish", as_name="spanish2")
    text = (folder / "deck.yaml").read_text().replace("leave_out: {rank: [Ocho, Nueve]}", "leave_out: {rank: [Ocho]}")
    (folder / "deck.yaml").write_text(text)
    run = run_cli("build", str(folder), "--out", str(tmp_path / "out2"))
    assert run.code == 2 and "should have 40 cards but has 44" in run.err
