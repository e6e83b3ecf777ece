"""The imposition options of `printgen build` (issue 29, items 3 and 5): a gutter fold for a card
of every listed size on A4 and Letter, the single PDF's page order both ways, and bad values or
pairings refused with exit status 2 and a message naming the option."""

from __future__ import annotations

import pytest
import yaml
from conftest import ROOT, run_cli

from printgen.draw.sheets.pdf import render_sheets
from printgen.files.errors import UserError
from printgen.model.arrange import arrange, check_choices
from printgen.model.gutterfold import FOLD_CLEAR
from printgen.model.imposition import plan_sheet
from printgen.model.kinds import kind_layout, kind_of
from printgen.model.layouts import load_layout
from printgen.model.load import load_deck

GEOMETRY = ROOT / "tests" / "data" / "geometry"
SIZES = list(yaml.safe_load((ROOT / "layouts" / "card-sizes.yaml").read_text()))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", SIZES)
def test_gutter_fold_holds_every_card_size_with_backs_behind_fronts(size, paper):
    deck = load_deck(str(GEOMETRY))
    layout = load_layout(deck.layout, deck, paper=paper, card_size=size)
    kinds = [kind_layout(layout, kind_of(deck, layout, card)) for card in deck.cards]
    imposed = arrange(deck, layout, kinds, "long", (0.0, 0.0), "gutter-fold")
    fold, grid, W, H = imposed.fold, imposed.grid, layout.paper.width, layout.paper.height
    assert fold is not None and grid is not None
    assert fold.at == pytest.approx(W / 2 if fold.axis == "vertical" else H / 2)
    # fewer a sheet than duplex sheets hold (each card takes room for its back too), never none
    assert 1 <= grid.per_sheet <= plan_sheet(layout.paper, layout.card, layout.imposition).per_sheet
    assert imposed.sheets == -(-len(deck.cards) // grid.per_sheet)
    b, m = layout.imposition.bleed, layout.imposition.margin
    for placed in imposed.of_piece():
        front, back = placed["front"], placed["back"]
        assert front.page == back.page
        for p in (front, back):
            x0, y0, x1, y1 = p.bleed_box
            assert m - 1e-6 <= x0 and x1 <= W - m + 1e-6 and m - 1e-6 <= y0 and y1 <= H - m + 1e-6
        f, k = front.slot, back.slot
        if fold.axis == "vertical":    # reflected in x = fold, clear of the fold by its bleed and more
            assert k.x + k.w / 2 == pytest.approx(2 * fold.at - f.x - f.w / 2) and k.y == f.y
            assert f.x + f.w + b <= fold.at - FOLD_CLEAR + 1e-6
        else:
            assert k.y + k.h / 2 == pytest.approx(2 * fold.at - f.y - f.h / 2) and k.x == f.x
            assert f.y - b >= fold.at + FOLD_CLEAR - 1e-6


@pytest.mark.parametrize("order,first", [("back-first", "back"), ("front-first", "front")])
def test_single_page_order_both_ways(order, first):
    deck = load_deck(str(GEOMETRY))
    layout = load_layout(deck.layout, deck)
    kinds = [kind_layout(layout, kind_of(deck, layout, card)) for card in deck.cards]
    imposed = arrange(deck, layout, kinds, "long", (0.0, 0.0), "single", order=order)
    second = "front" if first == "back" else "back"
    assert [(p.sheet, p.side) for p in imposed.pages][:4] == [(0, first), (0, second), (1, first), (1, second)]
    assert len(imposed.pages) == 2 * len(deck.cards)


@pytest.mark.parametrize("args,words", [
    (("--imposition", "single", "--crop", "lines"), "--crop lines"),
    (("--imposition", "gutter-fold", "--back-offset", "1,0"), "--back-offset 1,0"),
    (("--imposition", "single", "--duplex", "short"), "--duplex short"),
    (("--imposition", "booklet",), "--imposition 'booklet'"),
    (("--crop", "dotted",), "--crop 'dotted'"),
    (("--page-order", "middle",), "--page-order 'middle'"),
])
def test_meaningless_choices_are_refused_with_the_option_named(args, words):
    options = dict(zip(args[::2], args[1::2]))
    offset = tuple(float(v) for v in options.get("--back-offset", "0,0").split(","))
    with pytest.raises(UserError) as refused:
        check_choices(options.get("--imposition", "sheets"), options.get("--crop", "marks"),
                      options.get("--page-order", "back-first"), options.get("--duplex", "long"), offset)
    assert words in str(refused.value) and refused.value.hint


def test_cli_refuses_a_bad_value_with_exit_2_before_writing(tmp_path):
    bad = run_cli("build", "cromwell", "--imposition", "booklet", "--out", str(tmp_path))
    assert bad.code == 2 and "--imposition" in bad.err and "gutter-fold" in bad.err and "Traceback" not in bad.err
    assert not any(tmp_path.iterdir())


def test_single_front_first_manifest_and_summary():
    deck = load_deck(str(GEOMETRY))
    layout = load_layout(deck.layout, deck)
    sheets = render_sheets(deck, layout, "long", (0.0, 0.0), imposition="single", order="front-first")
    manifest = sheets.manifest
    assert manifest["imposition"] == "single" and manifest["page_order"] == "front-first"
    assert [(c["front"]["page"], c["back"]["page"]) for c in manifest["cards"][:2]] == [(1, 2), (3, 4)]
    assert "front 1, back 1, front 2" in sheets.summary(deck, layout)
