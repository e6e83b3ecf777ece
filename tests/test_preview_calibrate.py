"""`printgen preview` and `printgen calibrate`, checked as pictures and positions."""

from __future__ import annotations

import pytest
from conftest import run_cli
from pdfcheck import Raster, near, word_centres
from PIL import Image


def test_card_preview_is_the_card_at_the_asked_resolution(tmp_path):
    png = tmp_path / "henry.png"
    run = run_cli("preview", "cromwell", "--card", "henry viii", "--dpi", "100", "-o", str(png))
    assert run.code == 0, run.err
    image = Image.open(png).convert("RGB")
    assert image.size == (round(63.5 / 25.4 * 100), round(88.9 / 25.4 * 100))
    assert near(image.getpixel((10, 10)), "#1F6B3A")           # the Tudor band at the top
    assert near(image.getpixel((125, 347)), "#1F6B3A")         # and the foot band


def test_sheet_preview_and_back(tmp_path):
    png = tmp_path / "back.png"
    run = run_cli("preview", "cromwell", "--sheet", "2", "--back", "--dpi", "50", "--paper", "letter", "-o", str(png))
    assert run.code == 0, run.err
    assert Image.open(png).size == (round(215.9 / 25.4 * 50), round(279.4 / 25.4 * 50))


def test_preview_unknown_card_suggests(tmp_path):
    run = run_cli("preview", "cromwell", "--card", "Henry VIIII", "-o", str(tmp_path / "x.png"))
    assert run.code == 2 and "did you mean 'Henry VIII'?" in run.err and "Traceback" not in run.err
    assert not (tmp_path / "x.png").exists()


def test_calibration_scales_sit_behind_the_front_crosshairs(tmp_path):
    for duplex in ("long", "short"):
        pdf = tmp_path / f"cal-{duplex}.pdf"
        run = run_cli("calibrate", "--duplex", duplex, "-o", str(pdf))
        assert run.code == 0, run.err
        front = Raster(pdf, 1, dpi=200)
        w, h = front.width_mm, front.height_mm
        for tx, ty in ((w * 0.3, h * 0.25), (w * 0.7, h * 0.25)):
            # The front's upright arm, measured from pixels above the target.
            ink = front.ink_box(tx - 3, ty + 15, tx + 3, ty + 16)
            measured_x = (ink[0] + ink[2]) / 2
            assert abs(measured_x - tx) < 0.2
            bx, by = (w - measured_x, ty) if duplex == "long" else (measured_x, h - ty)
            zeros = word_centres(pdf, 2, "0", (bx - 1, by - 16, bx + 1, by + 16))
            assert zeros, (duplex, bx, by)
            assert any(abs(x - bx) < 0.3 for x, _ in zeros), (duplex, zeros, bx)


def test_preview_refuses_a_non_png_name(tmp_path):
    run = run_cli("preview", "cromwell", "-o", str(tmp_path / "x.pdf"))
    assert run.code == 2 and "should end in .png" in run.err and not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_calibration_scale_numbers_stand_apart(paper, duplex):
    """Numbered every 2 mm at 5 pt, the scale read '+2+4+6', the numbers touching: each number
    now keeps clear of every other, and each scale still runs from -6 through 0 to +6. The back's
    words keep clear of the scales too (on Letter turned on the short edge, a target's Y ran
    into the last line)."""
    import itertools
    import re

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    from printgen.draw.calibrate import calibration_pdf

    document = pdfium.PdfDocument(calibration_pdf(paper, duplex))
    page = document[1]
    textpage = page.get_textpage()
    numbers, letters, words = [], [], []
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_TEXT]):
        obj.textpage = textpage
        text = obj.extract().strip()
        box = [v * 25.4 / 72 for v in obj.get_bounds()]
        if re.fullmatch(r"[+\-\u2212]?\d+", text):
            numbers.append((text, box))
        else:
            (letters if text in ("X", "Y") else words).append((text, box))
    document.close()
    assert [t for t, _ in numbers].count("0") == 6                # an X and a Y scale at each of 3 targets
    assert {t[-1] for t, _ in numbers} >= {"0", "6"} and len({t for t, _ in numbers}) >= 5
    for (a, box_a), (b, box_b) in itertools.combinations(numbers, 2):
        assert _apart(box_a, box_b) >= 0.6, (a, b, round(_apart(box_a, box_b), 2))
    for (a, box_a), (b, box_b) in itertools.product(words, numbers + letters):
        assert _apart(box_a, box_b) >= 2.0, (a, b, round(_apart(box_a, box_b), 2))


def _apart(a: list[float], b: list[float]) -> float:
    """How far apart two boxes (left, bottom, right, top) are; negative when they overlap."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
