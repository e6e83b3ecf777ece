"""`printgen preview` and `printgen calibrate`, checked as pictures and positions."""

from __future__ import annotations

from PIL import Image

from conftest import run_cli
from pdfcheck import Raster, near, word_centres


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
