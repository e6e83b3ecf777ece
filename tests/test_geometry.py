"""Fronts and backs measured from rasterised pages, against the manifest and the flip rule."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import ROOT, read_manifest, run_cli
from pdfcheck import Raster, near, trim_box

GEOMETRY = ROOT / "tests" / "data" / "geometry"
TOLERANCE = 0.3   # mm: two pixels at 150 dpi, far below a card-cutting error
FACE, BACK, FACE_MARK, BACK_MARK = "#3050C0", "#20A040", "#E02020", "#F0C000"
CARD_W, CARD_H = 63.5, 88.9


def build(tmp_path: Path, *args: str) -> tuple[Path, dict]:
    deck = tmp_path / "geometry"
    if not deck.exists():
        shutil.copytree(GEOMETRY, deck)
    out = tmp_path / "out"
    run = run_cli("build", str(deck), "--out", str(out), "--quiet", *args)
    assert run.code == 0, run.err
    return out / "geometry" / "geometry-cards.pdf", read_manifest(out / "geometry", "geometry")


def corner_of_card_top_left(side: dict) -> tuple[float, float]:
    """Where the design's top-left corner lands in the slot, by the slot's rotation (independent math)."""
    x0, y0, x1, y1 = trim_box(side)
    return {0: (x0, y1), 90: (x0, y0), 180: (x1, y0), 270: (x1, y1)}[side["rotation"]]


def corner_of_card_top_right(side: dict) -> tuple[float, float]:
    x0, y0, x1, y1 = trim_box(side)
    return {0: (x1, y1), 90: (x0, y1), 180: (x0, y0), 270: (x1, y0)}[side["rotation"]]


def inward(point: tuple[float, float], side: dict, distance: float) -> tuple[float, float]:
    x0, y0, x1, y1 = trim_box(side)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return (point[0] + (distance if cx > point[0] else -distance),
            point[1] + (distance if cy > point[1] else -distance))


CASES = [
    ("a4", "long", (0.0, 0.0), 0.0),
    ("a4", "long", (1.5, -2.0), 2.0),
    ("a4", "short", (-1.0, 0.75), 2.0),
    ("letter", "long", (2.0, 1.0), 2.0),    # cards turned sideways on Letter
    ("letter", "short", (0.0, -1.5), 0.0),
    ("a4", "none", (0.0, 0.0), 1.0),
]


@pytest.mark.parametrize("paper,duplex,offset,bleed", CASES)
def test_pixels_match_manifest_and_flip_rule(tmp_path, paper, duplex, offset, bleed):
    pdf, manifest = build(tmp_path, "--paper", paper, "--duplex", duplex, "--bleed", str(bleed),
                          "--back-offset", f"{offset[0]},{offset[1]}")
    paper_w, paper_h = manifest["paper"]["width_mm"], manifest["paper"]["height_mm"]
    assert manifest["duplex"] == duplex
    assert len(manifest["cards"]) == 11
    rasters: dict[int, Raster] = {}

    def raster(page: int) -> Raster:
        if page not in rasters:
            rasters[page] = Raster(pdf, page)
        return rasters[page]

    for card in manifest["cards"]:
        front, back = card["front"], card["back"]
        for side, colour, mark in ((front, FACE, FACE_MARK), (back, BACK, BACK_MARK)):
            assert sorted((side["width_mm"], side["height_mm"])) == sorted((CARD_W, CARD_H))
            r = raster(side["page"])
            assert abs(r.width_mm - paper_w) < 0.01 and abs(r.height_mm - paper_h) < 0.01
            x0, y0, x1, y1 = trim_box(side)
            # The painted area is exactly the trim plus the bleed on every side (the card's colour:
            # a crop mark may cross the bleed where the margin leaves it no room)
            ink = r.colour_box(x0 - bleed - 1.0, y0 - bleed - 1.0, x1 + bleed + 1.0, y1 + bleed + 1.0, colour)
            assert ink is not None, card["id"]
            for measured, expected in zip(ink, (x0 - bleed, y0 - bleed, x1 + bleed, y1 + bleed)):
                assert abs(measured - expected) < TOLERANCE, (card["id"], side, ink)
            assert near(r.colour_at((x0 + x1) / 2, (y0 + y1) / 2), colour)
            # The design's top-left marker sits where the slot's rotation says.
            assert near(r.colour_at(*inward(corner_of_card_top_left(side), side, 3)), mark), (card["id"], side)
        # Physically: turned over like a card in the hand, the back's top-left is behind the
        # front's top-right. The page flip maps that point, then the printer offset applies.
        fx, fy = corner_of_card_top_right(front)
        if duplex == "short":
            bx, by = fx, paper_h - fy
        else:
            bx, by = paper_w - fx, fy
        bx, by = bx + offset[0], by + offset[1]
        assert corner_of_card_top_left(back) == pytest.approx((bx, by), abs=0.01), card["id"]
        assert front["page"] != back["page"]


def test_page_order(tmp_path):
    _, alternating = build(tmp_path, "--duplex", "long")
    fronts = [c["front"]["page"] for c in alternating["cards"]]
    backs = [c["back"]["page"] for c in alternating["cards"]]
    assert alternating["sheets"] == 2 and alternating["pages"] == 4
    assert set(fronts) == {1, 3} and set(backs) == {2, 4}
    assert all(b == f + 1 for f, b in zip(fronts, backs))
    _, separate = build(tmp_path, "--duplex", "none")
    assert {c["front"]["page"] for c in separate["cards"]} == {1, 2}
    assert {c["back"]["page"] for c in separate["cards"]} == {3, 4}


def test_cards_per_sheet_is_the_best_orientation(tmp_path):
    # Test layout: 5 mm margins, 8 mm gutters, no bleed; A4 leaves 200 x 287 mm.
    # Tarot 70 x 120: upright 2 x 2 = 4, sideways 1 x 3 = 3, so upright.
    _, tarot = build(tmp_path, "--card-size", "tarot", "--bleed", "0")
    assert tarot["per_sheet"] == 4 and all(c["front"]["rotation"] == 0 for c in tarot["cards"])
    assert tarot["card_size"] == {"name": "tarot", "width_mm": 70.0, "height_mm": 120.0}
    # Poker 63.5 x 88.9: upright 2 x 3 = 6, sideways 2 x 4 = 8, so sideways.
    _, poker = build(tmp_path, "--bleed", "0")
    assert poker["per_sheet"] == 8 and all(c["front"]["rotation"] == 90 for c in poker["cards"])


def test_crop_marks_stay_outside_every_trim(tmp_path):
    pdf, manifest = build(tmp_path, "--bleed", "0")
    r = Raster(pdf, 1, dpi=200)
    boxes = [trim_box(c["front"]) for c in manifest["cards"] if c["front"]["page"] == 1]
    gy0 = min(b[1] for b in boxes)
    # Marks exist beside each trim line, in the margin ...
    for x in sorted({b[0] for b in boxes} | {b[2] for b in boxes}):
        ink = r.ink_box(x - 0.4, gy0 - 8.5, x + 0.4, gy0 - 2.5)
        assert ink is not None, f"no crop mark below x={x}"
    # ... and never inside a card: the gutters between cards are blank paper.
    for b in boxes:
        for other in boxes:
            if other is not b and abs(other[1] - b[1]) < 0.01 and other[0] > b[2]:
                assert r.ink_box(b[2] + 0.6, b[1] + 1, other[0] - 0.6, b[3] - 1) is None


def test_crop_marks_reach_the_printable_area_when_the_cards_fill_the_paper(tmp_path):
    """The 48-card Spanish pack fills A4 to its 5 mm margin, which home printers leave blank: the
    tick of every horizontal cut runs on across the outer cards' bleed, so part of it prints."""
    out = tmp_path / "out"
    run = run_cli("build", "spanish", "--only", "cards", "--out", str(out), "--quiet")
    assert run.code == 0, run.err
    manifest = read_manifest(out / "spanish", "spanish-48")
    pdf = out / "spanish" / "spanish-48-cards.pdf"
    r = Raster(pdf, 1, dpi=300)
    boxes = [trim_box(c["front"]) for c in manifest["cards"] if c["front"]["page"] == 1]
    bleed = manifest["bleed_mm"]
    left = min(b[0] for b in boxes)
    assert left - bleed < 5.0 + 1.0, "the cards no longer reach the margin: this test needs another deck"
    for y in sorted({b[1] for b in boxes} | {b[3] for b in boxes}):
        ink = r.ink_box(5.0, y - 0.3, left - 0.4, y + 0.3)          # inside the margin, short of the trim
        assert ink is not None and ink[2] - ink[0] > 1.5, f"no printable tick for the cut at y={y}"
