"""Several copies of a board: `copies: N` in the board's YAML.

A small board (a quick reference, a player aid) is printed as many to a sheet as fit, each with
its own cut marks, instead of one to a sheet with most of the paper wasted; a tiled board's sheets
come again for each copy; a copies value no printer wants is refused at its line. Read back from
the PDFs: pages, page boxes, the text of every copy, and the pixels of each copy alike.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from badinput import assert_refused, workspace
from conftest import DECKS, run_cli
from pdfcheck import Raster, page_text
from pypdf import PdfReader

from printgen.draw.documents.boards import COPY_GAP, plan_copies

A4, LETTER = (210.0, 297.0), (215.9, 279.4)
CARD_PAIR = (127.0, 88.9)          # the Coppertwaddle quick reference: two poker cards side by side


def _board_deck(deck_copy, boards: dict[str, dict]) -> Path:
    """A Coppertwaddle copy whose boards are only those given (name -> board YAML data)."""
    folder = deck_copy("coppertwaddle", as_name="boards")
    for old in (folder / "boards").iterdir():
        old.unlink()
    for name, data in boards.items():
        (folder / "boards" / f"{name}.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    return folder


def _aid(copies: int, width: float = CARD_PAIR[0], height: float = CARD_PAIR[1]) -> dict:
    return {"title": "Aid", "size": {"width": width, "height": height}, "background": "#FFFFFF", "copies": copies,
            "elements": {"edge": {"type": "shape", "stroke": "#1F4E79", "stroke_width": 1.5},
                         "word": {"type": "text", "text": "ENGARDE", "x": 10, "y": 10, "width": 60, "height": 10,
                                  "size": 14},
                         "dot": {"type": "shape", "shape": "ellipse", "x": width - 20, "y": height - 20, "width": 8,
                                 "height": 8, "fill": "#B3202A"}}}


def _build(folder: Path, tmp_path: Path, paper: str = "a4") -> Path:
    run = run_cli("build", str(folder), "--only", "boards", "--paper", paper, "--out", str(tmp_path / "out"), "--quiet")
    assert run.code == 0, run.err
    return tmp_path / "out" / folder.name


def _mm(box) -> list[float]:
    return [float(v) * 25.4 / 72 for v in box]


@pytest.mark.parametrize("paper,copies,sheets,per_sheet", [
    (A4, 2, 1, 3),            # upright: one column of three; two fit on one sheet
    (A4, 4, 1, 4),            # sideways: two by two (upright would need two sheets)
    (A4, 5, 2, 3),            # two sheets either way: upright, as the paper is given
    (LETTER, 2, 1, 2),        # Letter is shorter: two upright
    (LETTER, 3, 1, 4),        # three want it sideways, two by two
])
def test_copies_take_the_fewest_sheets(paper, copies, sheets, per_sheet):
    plan = plan_copies(CARD_PAIR, paper, 5.0, copies)
    assert plan is not None
    assert (plan.sheets, plan.columns * plan.rows) == (sheets, per_sheet)
    pw, ph = plan.sheet
    for count in range(1, min(copies, per_sheet) + 1):
        places = plan.places(CARD_PAIR, count)
        for x, top in places:                 # inside the margins, none overlapping another
            assert 5.0 - 1e-6 <= x and x + CARD_PAIR[0] <= pw - 5.0 + 1e-6
            assert top <= ph - 5.0 + 1e-6 and top - CARD_PAIR[1] >= 5.0 - 1e-6
        for i, a in enumerate(places):
            for b in places[i + 1:]:
                apart_x = abs(a[0] - b[0]) >= CARD_PAIR[0] + COPY_GAP - 1e-6
                apart_y = abs(a[1] - b[1]) >= CARD_PAIR[1] + COPY_GAP - 1e-6
                assert apart_x or apart_y, (a, b)


def test_a_board_larger_than_the_paper_has_no_copy_plan():
    assert plan_copies((300, 200), A4, 5.0, 2) is None


def test_two_copies_print_on_one_sheet_alike_with_cut_marks(tmp_path, deck_copy):
    out = _build(_board_deck(deck_copy, {"aid": _aid(2)}), tmp_path)
    pdf = out / "aid.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 1
    trim = _mm(reader.pages[0].trimbox)
    assert trim[2] - trim[0] == pytest.approx(127, abs=0.01)
    assert trim[3] - trim[1] == pytest.approx(2 * 88.9 + COPY_GAP, abs=0.01), "two copies, one above the other"
    assert page_text(pdf, 1).count("ENGARDE") == 2
    raster = Raster(pdf, 1, dpi=100)
    x0, y0, x1, y1 = trim
    upper = raster.ink_box(x0 + 0.5, y1 - 88.9 + 0.5, x1 - 0.5, y1 - 0.5)
    lower = raster.ink_box(x0 + 0.5, y0 + 0.5, x1 - 0.5, y0 + 88.9 - 0.5)
    assert upper is not None and lower is not None
    assert upper[0] == pytest.approx(lower[0], abs=0.3) and upper[2] == pytest.approx(lower[2], abs=0.3)
    assert upper[3] - lower[3] == pytest.approx(88.9 + COPY_GAP, abs=0.3), "the copies are drawn alike, apart"
    assert upper[3] - upper[1] == pytest.approx(lower[3] - lower[1], abs=0.3)
    # cut marks beyond the block, at each copy's top and bottom edge (four rows of ticks each side)
    marks_left = raster.ink_box(x0 - 5.5, y0 - 1, x0 - 1.2, y1 + 1)
    assert marks_left is not None, "no cut marks left of the copies"
    ticks = {round(y, 0) for y in (y0, y0 + 88.9, y1 - 88.9, y1)}
    for y in ticks:
        assert raster.ink_box(x0 - 5.5, y - 0.6, x0 - 1.2, y + 0.6) is not None, f"no tick at {y:.1f} mm"
    assert raster.ink_box(x0 - 5.5, y0 + 88.9 + 1.5, x0 - 1.2, y1 - 88.9 - 1.5) is None, "a tick in the gap"


def test_one_copy_prints_as_before(tmp_path, deck_copy):
    out = _build(_board_deck(deck_copy, {"aid": _aid(1)}), tmp_path)
    reader = PdfReader(out / "aid.pdf")
    assert len(reader.pages) == 1
    trim = _mm(reader.pages[0].trimbox)
    assert (trim[2] - trim[0], trim[3] - trim[1]) == pytest.approx(CARD_PAIR, abs=0.01)


def test_copies_of_a_tiled_board_repeat_its_sheets(tmp_path, deck_copy):
    out = _build(_board_deck(deck_copy, {"big": {**_aid(2, 300, 180), "overlap": 12}}), tmp_path)
    pdf = out / "big.pdf"
    assert len(PdfReader(pdf).pages) == 4          # 2 sheets a copy
    bands = [page_text(pdf, n) for n in range(1, 5)]
    assert [("copy 1 of 2" in b, "copy 2 of 2" in b) for b in bands] == [(True, False)] * 2 + [(False, True)] * 2


def test_the_quick_reference_prints_both_players_copies_on_one_sheet(tmp_path):
    for paper in ("a4", "letter"):
        run = run_cli("build", "coppertwaddle", "--only", "boards", "--paper", paper, "--out", str(tmp_path / paper),
                      "--quiet")
        assert run.code == 0, run.err
        pdf = tmp_path / paper / "coppertwaddle" / "quick-reference.pdf"
        assert len(PdfReader(pdf).pages) == 1, paper
        assert page_text(pdf, 1).count("A TURN") == 2, paper
    spec = yaml.safe_load((DECKS / "coppertwaddle" / "boards" / "quick-reference.yaml").read_text(encoding="utf-8"))
    assert spec["copies"] == 2


@pytest.mark.parametrize("value,says", [(0, "at least 1"), (101, "at most 100"), (2.5, "integer")])
def test_a_copies_value_no_printer_wants_is_refused_at_its_line(tmp_path, value, says):
    ws = workspace(tmp_path, "coppertwaddle", build_first=False)
    ws.edit("boards/quick-reference.yaml", lambda t: t.replace("copies: 2", f"copies: {value}"))
    outcome = ws.build("--only", "boards")
    assert_refused(outcome, file="quick-reference.yaml", line=ws.line_of("boards/quick-reference.yaml", "copies:"),
                   says=["copies", says])
