"""`printgen export --to images`: every picture is its preset's size, and each is the printed card
(held against the build's own sheet PDF, cut at the place its manifest gives)."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from exportcheck import SheetCards, aligned, png_pixels, shifted
from PIL import Image

from printgen.commands.cli import run
from printgen.draw.export.images import export_images
from printgen.files.errors import UserError
from printgen.files.paths import layouts_dir

ROOT = Path(__file__).resolve().parent.parent


def _files(results) -> dict[str, bytes]:
    """Each exported file by its path from the output folder."""
    return {str(p): d for r in results for p, d in r.files.items()}


def _manifest(files: dict[str, bytes], folder: str) -> dict:
    return json.loads(files[f"{folder}/manifest.json"])


@pytest.mark.parametrize("preset, size", [("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_shop_pictures_are_the_shops_size(tmp_path, preset, size):
    results = export_images("cromwell", preset, None, tmp_path, cards="henry-v,john,oliver-cromwell")
    files = _files(results)
    folder = f"{tmp_path}/cromwell/images-{preset}"
    manifest = _manifest(files, folder)
    assert [c["id"] for c in manifest["cards"]] == ["john", "henry-v", "oliver-cromwell"]     # the deck's order
    assert manifest["backs"] == ["back.png"]           # one back shared by every card, written once
    pictures = [name for name in files if name.endswith(".png")]
    assert len(pictures) == 4
    for name in pictures:
        image = Image.open(io.BytesIO(files[name]))
        assert image.size == size and image.mode == "RGB"
        assert image.info["dpi"][0] == pytest.approx(300, abs=0.01)
    for card in manifest["cards"]:
        assert (card["width_px"], card["height_px"]) == size
        assert card["trim_px"]["width"] == pytest.approx(750) and card["trim_px"]["height"] == pytest.approx(1050)


DECKS = [("cromwell", None, ["henry-v", "john", "william-i"]),
         ("spanish", "40", ["oros-1", "copas-12", "bastos-5"]),
         ("coppertwaddle", None, ["the-bentham-fish", "mount-ararat", "father-time"]),
         ("piecepack", None, ["tile-suns-ace", "tile-moons-2", "coin-moons-2", "coin-arms-3", "die-arms", "pawn-suns"])]


@pytest.mark.parametrize("deck, pack, ids", DECKS)
def test_each_picture_is_the_printed_card(tmp_path, deck, pack, ids):
    dpi = 60
    results = export_images(deck, "plain", dpi, tmp_path, pack=pack, cards=",".join(ids))
    files = {p.name: d for p, d in results[0].files.items()}
    manifest = json.loads(files["manifest.json"])
    sheets = SheetCards(deck, pack, dpi, only=ids)
    for card in manifest["cards"]:
        image = Image.open(io.BytesIO(files[card["face"]]))
        bleed = card["bleed_mm"]
        expected = tuple(round((card["trim_mm"][axis] + 2 * bleed) * dpi / 25.4) for axis in ("width", "height"))
        assert image.size == (card["width_px"], card["height_px"]) == expected
        picture = png_pixels(files[card["face"]])
        own, dx, dy = aligned(picture, card["trim_px"], sheets.trim(card["id"]))
        assert own < 6.0, (card["id"], own)
        for other in manifest["cards"]:     # and it is that card: any other one is further off
            if other["id"] != card["id"] and other["trim_mm"] == card["trim_mm"]:
                assert shifted(picture, card["trim_px"], sheets.trim(other["id"]), dx, dy) > own + 1.0
        if card["back"] is not None:
            back = png_pixels(files[card["back"]])
            assert aligned(back, card["trim_px"], sheets.trim(card["id"], "back"))[0] < 6.0
    kinds = {c["kind"] for c in manifest["cards"]}
    backs = {c["back"] for c in manifest["cards"] if c["back"]}
    assert set(manifest["backs"]) == backs
    if deck == "piecepack":        # a die's net and a pawn print nothing on the back
        assert kinds == {"tile", "coin", "die", "pawn"}
        assert [c["back"] for c in manifest["cards"] if c["kind"] in ("die", "pawn")] == [None, None]
        assert len(backs) == 3      # the tiles' one back, and a coin back for each of two suits


def test_another_shape_is_refused_and_a_near_one_is_scaled(tmp_path):
    with pytest.raises(UserError) as refused:
        export_images("spanish", "tgc", None, tmp_path, pack="40", cards="oros-1")
    assert refused.value.where.field == "card_size" and refused.value.where.line is not None
    assert "--preset plain" in (refused.value.hint or "")
    with pytest.raises(UserError):
        export_images("cromwell", "mpc", None, tmp_path, cards="john", card_size="bridge")
    near = export_images("cromwell", "tgc", None, tmp_path, cards="john", card_size="tcg")[0]
    assert ["101.0 %" in str(w) and "not stretched" in str(w) for w in near.warnings] == [True]
    picture = Image.open(io.BytesIO(near.files[tmp_path / "cromwell" / "images-tgc" / "john.png"]))
    assert picture.size == (825, 1125)
    with pytest.raises(UserError, match="--dpi 150 does not go with --preset tgc"):
        export_images("cromwell", "tgc", 150, tmp_path)


def test_same_deck_same_bytes(tmp_path):
    first = _files(export_images("cromwell", "plain", 40, tmp_path, cards="john,anne"))
    again = _files(export_images("cromwell", "plain", 40, tmp_path, cards="john,anne"))
    assert first == again
    chunks = _png_chunks(first[f"{tmp_path}/cromwell/images-plain/john.png"])
    assert not {"tIME", "tEXt", "iTXt", "zTXt"} & set(chunks)


def _png_chunks(data: bytes) -> list[str]:
    names, at = [], 8
    while at < len(data):
        length = int.from_bytes(data[at:at + 4], "big")
        names.append(data[at + 4:at + 8].decode())
        at += 12 + length
    return names


def test_unknown_preset_lists_the_known_ones(tmp_path, capsys):
    code = run(["export", "cromwell", "--to", "images", "--preset", "tcg", "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2
    assert "unknown --preset 'tcg'" in err and "tgc, mpc, plain" in err and "Traceback" not in err
    assert not (tmp_path / "cromwell").exists()


def test_a_mistyped_preset_is_found_at_its_line(tmp_path, monkeypatch):
    copy = tmp_path / "layouts"
    shutil.copytree(layouts_dir(), copy)
    text = (copy / "export-presets.yaml").read_text()
    (copy / "export-presets.yaml").write_text(text.replace("width: 825", "width: 852"))
    monkeypatch.setattr("printgen.model.presets.layouts_dir", lambda: copy)
    with pytest.raises(UserError) as error:
        export_images("cromwell", "tgc", None, tmp_path)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "width: 825" in t)
    assert error.value.where.line == line and "852 px" in error.value.message
