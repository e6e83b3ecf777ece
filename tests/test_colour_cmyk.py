"""`build --colour cmyk`: the preflight a print shop runs, on printgen's own CMYK PDFs.

For Cromwell, a Spanish pack, Coppertwaddle and the piecepack: no RGB colour or image left in
any content stream or form, an OutputIntent carrying the installed press profile, PDF/X-3
markers, TrimBox and BleedBox on every page, every font embedded, and total ink (every CMYK
colour's sum, every CMYK picture's largest pixel sum) under the limit. The decks are cut to a
spread of cards (every house, suit and kind turns up) so the four builds stay quick; the
conversion is the canvas's, the same for every card.
"""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from conftest import run_cli
from preflight import preflight

from printgen.draw.build import BuildOptions, build_deck
from printgen.draw.press import press_for, press_summary, printing_in
from printgen.draw.press import profile as press_profile
from printgen.draw.press.convert import Press
from printgen.draw.press.ink import limit_ink, total
from printgen.draw.sheets.pdf import render_sheets
from printgen.files.errors import UserError
from printgen.model.layouts import load_layout
from printgen.model.load import ALL_CARDS, load_deck

DECKS = [("cromwell", None), ("spanish", "40"), ("coppertwaddle", None), ("piecepack", None)]


def _spread(deck, count: int = 10):
    """Every k-th card, so a short deck still has each house, suit and kind."""
    step = max(1, len(deck.cards) // count)
    return dataclasses.replace(deck, cards=deck.cards[::step])


def _cmyk_pdf(tmp_path: Path, name: str | Path, pack: str | None, ink_limit: float | None = None,
              count: int = 10) -> tuple[Path, Press]:
    deck = load_deck(name, pack if pack is not None else ALL_CARDS)
    deck = _spread(deck, count) if name != "piecepack" else deck
    layout = load_layout(deck.layout, deck)
    press = press_for("cmyk", ink_limit)
    assert press is not None
    with printing_in(press):
        sheets = render_sheets(deck, layout, "long", (0.0, 0.0))
    path = tmp_path / f"{deck.key}-{ink_limit}.pdf"
    path.write_bytes(sheets.pdf)
    return path, press


@pytest.mark.parametrize("name,pack", DECKS)
def test_cmyk_sheets_pass_preflight(tmp_path, name, pack):
    found = preflight(_cmyk_pdf(tmp_path, name, pack)[0])
    assert found.rgb == [], found.rgb[:5]
    assert found.cmyk_colours > 20                     # the colours are there, as CMYK
    assert found.fonts and all(found.fonts.values()), found.fonts
    assert found.pages_without_boxes == []
    assert found.output_intent is not None
    assert found.output_intent["S"] == "/GTS_PDFX" and found.output_intent["N"] == 4
    assert found.output_intent["profile"] == press_profile.find_profile().data
    assert found.pdfx_version == "PDF/X-3:2003" and found.trapped == "/False"
    assert 100 < found.max_ink <= 300


def test_the_ink_limit_is_kept_and_bites(tmp_path):
    """Cromwell's dark navy back separates to about 275 % through the profile: at 300 it is left
    alone, at DriveThruCards' 240 every colour is brought under."""
    free = preflight(_cmyk_pdf(tmp_path, "cromwell", None, count=2)[0])
    held = preflight(_cmyk_pdf(tmp_path, "cromwell", None, ink_limit=240, count=2)[0])
    assert free.max_ink > 250
    assert held.max_ink <= 240 and held.rgb == []


def test_ink_limit_moves_grey_to_black_first():
    navy = (0.82, 0.74, 0.54, 0.64)                    # 274 %
    held = limit_ink(navy, 240)
    assert total(held) <= 240 and held[3] > navy[3]     # black took over part of the grey
    assert held[0] > held[2]                           # the hue's order of inks is kept
    assert limit_ink((0.2, 0.1, 0.0, 0.3), 240) == (0.2, 0.1, 0.0, 0.3)
    assert total(limit_ink((1.0, 1.0, 1.0, 1.0), 240)) <= 240


def test_pictures_are_separated_and_transparency_is_said(deck_copy, tmp_path):
    """A saturated picture with a transparent corner: a CMYK image under the limit, its mask kept,
    and the build's line saying plainly that such a file is not PDF/X-3."""
    from PIL import Image

    folder = deck_copy("cromwell")
    picture = Image.new("RGBA", (120, 60), (20, 40, 230, 255))
    picture.paste((0, 0, 0, 255), (0, 0, 60, 30))      # black: four inks through the profile
    picture.paste((0, 0, 0, 0), (100, 40, 120, 60))
    (folder / "art").mkdir(exist_ok=True)
    buffer = io.BytesIO()
    picture.save(buffer, "PNG")
    (folder / "art" / "bright.png").write_bytes(buffer.getvalue())
    yaml = folder / "deck.yaml"
    yaml.write_text(yaml.read_text().replace("\n  - name: William I\n",
                                             "\n  - name: William I\n    picture: art/bright.png\n", 1))
    pdf, press = _cmyk_pdf(tmp_path, folder, None, ink_limit=260, count=3)
    found = preflight(pdf)
    assert found.rgb == [] and found.cmyk_images == 1
    assert 200 < found.max_image_ink <= 260
    assert found.pdfx_version is None and found.output_intent is not None
    said = press_summary(press)
    assert "total ink at most 260 %" in said and "not PDF/X" in said


def test_build_writes_cmyk_cards(tmp_path):
    """Through build_deck, as `printgen build --colour cmyk --ink-limit 240` runs it."""
    result = build_deck("piecepack", BuildOptions(colour="cmyk", ink_limit=240, out=tmp_path,
                                                  only=frozenset({"cards"})), write=False)
    assert "PDF/X-3:2003" in result.summary and "at most 240 %" in result.summary
    cards = next(path for path in result.staged if path.name.endswith("-cards.pdf"))
    cards.parent.mkdir(parents=True, exist_ok=True)
    cards.write_bytes(result.staged[cards])
    found = preflight(cards)
    assert found.rgb == [] and found.max_ink <= 240


def test_cli_refuses_an_ink_limit_without_cmyk(tmp_path):
    run = run_cli("build", "piecepack", "--ink-limit", "240", "--out", str(tmp_path))
    assert run.code == 2 and "needs --colour cmyk" in run.err and "Traceback" not in run.err


def test_missing_profile_names_the_package(monkeypatch):
    monkeypatch.setattr(press_profile, "PLACES", ("/nonexistent/default_cmyk.icc",))
    with pytest.raises(UserError) as caught:
        press_for("cmyk", None)
    assert "libgs-common" in (caught.value.hint or "")


def test_bad_ink_limits_are_refused():
    with pytest.raises(UserError, match="100 to 400"):
        press_for("cmyk", 40)
    with pytest.raises(UserError, match="needs --colour cmyk"):
        press_for("rgb", 240)


def test_the_preflight_fails_an_rgb_build(tmp_path):
    """The same sheets built as always (RGB): the preflight finds their RGB colours and no
    OutputIntent, so its passes above mean something."""
    deck = load_deck("piecepack", ALL_CARDS)
    sheets = render_sheets(deck, load_layout(deck.layout, deck), "long", (0.0, 0.0))
    (tmp_path / "rgb.pdf").write_bytes(sheets.pdf)
    found = preflight(tmp_path / "rgb.pdf")
    assert len(found.rgb) > 20 and found.output_intent is None and found.pdfx_version is None
