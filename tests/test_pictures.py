"""Deck pictures print upright, at their box's resolution, from content alone; bad ones are refused.

Every picture is made here with Pillow: a phone photo stored sideways with an EXIF orientation,
a 16-bit grey PNG, a 4000 x 3000 photo-like JPEG, a PNG with transparency, and broken files.
Cards are rasterised with PDFium (pypdfium2) and the PDF's image objects read with pypdf.
"""

from __future__ import annotations

import io
import os
import shutil
import struct
import zlib
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from badinput import assert_refused, workspace
from conftest import DECKS, run_cli
from PIL import Image, ImageDraw
from pypdf import PdfReader

MM = 72 / 25.4
RED, BLUE = (224, 32, 32), (48, 96, 192)
CARDS = {  # card -> picture file, each added after the card's reign line
    "Edward VI": "art/phone.jpg",
    "Mary I": "art/grey16.png",
    "Elizabeth I": "art/photo.jpg",
    "James I": "art/clear.png",
}


# --- making pictures ----------------------------------------------------------------------------

def phone_photo(path: Path) -> None:
    """A portrait photo, red along its top fifth, stored lying on its side as a phone's sensor
    stores it, with EXIF orientation 6 ('turn 90 degrees clockwise to view')."""
    upright = Image.new("RGB", (1500, 2000), BLUE)
    ImageDraw.Draw(upright).rectangle((0, 0, 1500, 400), fill=RED)
    exif = Image.Exif()
    exif[0x0112] = 6
    upright.transpose(Image.Transpose.ROTATE_90).save(path, quality=92, exif=exif.tobytes())


def grey16(path: Path, level: int) -> None:
    """A 16-bit grey PNG: Pillow reads it as mode I;16."""
    Image.new("I;16", (600, 400), level).save(path)


def noisy_photo(path: Path, size: tuple[int, int] = (4000, 3000)) -> None:
    """Coarse noise over a gradient: compresses about as badly as a photograph."""
    rng = np.random.default_rng(7)
    w, h = size
    base = np.linspace(40, 200, w, dtype=np.float32)[None, :, None] * np.ones((h, 1, 3), np.float32)
    noise = rng.normal(0, 40, (h, w, 3)).astype(np.float32)
    Image.fromarray(np.clip(base + noise, 0, 255).astype(np.uint8)).save(path, quality=92)


def clear_png(path: Path) -> None:
    image = Image.new("RGBA", (800, 600), (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse((100, 100, 700, 500), fill=(20, 120, 40, 255))
    image.save(path)


def png_bytes(width: int, height: int, idat: bytes) -> bytes:
    """A PNG with the given header size and IDAT payload; every chunk checksum correct."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


def add_pictures(deck: Path, cards: dict[str, str]) -> None:
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    for name, picture in cards.items():
        start = text.index(f"\n  - name: {name}\n")
        reign = text.index("    reign:", start)
        end = text.index("\n", reign) + 1
        text = text[:end] + f"    picture: {picture}\n" + text[end:]
    (deck / "deck.yaml").write_text(text, encoding="utf-8")


def make_deck(folder: Path) -> Path:
    deck = folder / "cromwell"
    shutil.copytree(DECKS / "cromwell", deck)
    art = deck / "art"
    art.mkdir()
    phone_photo(art / "phone.jpg")
    grey16(art / "grey16.png", 0x4000)     # a quarter of the way up: prints as grey 64, not white
    noisy_photo(art / "photo.jpg")
    clear_png(art / "clear.png")
    add_pictures(deck, CARDS)
    return deck


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    """The deck with pictures in folder a/, built once with an empty cache."""
    root = tmp_path_factory.mktemp("pictures")
    cache = root / "cache"
    old = os.environ.get("PRINTGEN_CACHE_DIR")
    os.environ["PRINTGEN_CACHE_DIR"] = str(cache)
    deck = make_deck(root / "a")
    run = run_cli("build", str(deck), "--only", "cards", "--out", str(root / "out-a"), "--quiet")
    assert run.code == 0, run.err
    yield {"root": root, "deck": deck, "cache": cache, "pdf": root / "out-a" / "cromwell" / "cromwell-cards.pdf"}
    if old is None:
        os.environ.pop("PRINTGEN_CACHE_DIR", None)
    else:
        os.environ["PRINTGEN_CACHE_DIR"] = old


# --- looking at the result ------------------------------------------------------------------------

def picture_box(deck: Path) -> tuple[float, float, float, float]:
    """The picture element's box on the card (mm from the top-left): x, y, width, height."""
    from printgen.model.layouts import load_layout
    from printgen.model.load import load_deck

    d = load_deck(deck)
    layout = load_layout(d.layout, d)
    el = layout.spec.face["picture"]
    return layout.map_box(el.x, el.y, el.width, el.height)


def card_raster(deck: Path, name: str, dpi: int = 100) -> np.ndarray:
    """The card's front as printed (the PDF page of that card alone), as RGB pixels."""
    from printgen.draw.build import BuildOptions
    from printgen.draw.preview import card_pdf, find_card
    from printgen.model.load import load_deck

    d = load_deck(deck)
    pdf = card_pdf(d, BuildOptions(), find_card(d, name), back=False)
    document = pdfium.PdfDocument(pdf)
    pixels = np.asarray(document[0].render(scale=dpi / 72).to_pil().convert("RGB")).astype(int)
    document.close()
    return pixels


def at(pixels: np.ndarray, x_mm: float, y_mm: float, dpi: int = 100) -> tuple[int, ...]:
    """The colour at a point measured from the card's top-left corner."""
    return tuple(int(v) for v in pixels[int(y_mm / 25.4 * dpi), int(x_mm / 25.4 * dpi)])


def close(colour, target, tolerance: int = 30) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def images(pdf: Path) -> list[dict]:
    """Every image XObject in the PDF (reached through pages and nested forms), once each."""
    reader = PdfReader(str(pdf))
    found, seen = [], set()

    def walk(resources) -> None:
        xobjects = (resources or {}).get("/XObject") or {}
        for ref in xobjects.values():
            key = (ref.idnum, ref.generation) if hasattr(ref, "idnum") else id(ref)
            if key in seen:
                continue
            seen.add(key)
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Image":
                found.append(obj)
            elif obj.get("/Subtype") == "/Form":
                walk(obj.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


# --- printed right --------------------------------------------------------------------------------

def test_a_phone_photo_with_exif_orientation_prints_upright(built) -> None:
    x, y, w, h = picture_box(built["deck"])
    pixels = card_raster(built["deck"], "Edward VI")
    cx = x + w / 2
    # Portrait 3:4 in the box: it fills the height, and its top fifth is the red marker.
    assert close(at(pixels, cx, y + h * 0.08), RED), at(pixels, cx, y + h * 0.08)
    assert close(at(pixels, cx, y + h * 0.6), BLUE), at(pixels, cx, y + h * 0.6)
    assert close(at(pixels, cx, y + h * 0.95), BLUE)
    # Lying sideways it would be 4:3 and reach these points; upright it is narrower.
    drawn_w = h * 3 / 4
    for side in (-1, 1):
        beside = at(pixels, cx + side * (drawn_w / 2 + 3), y + h / 2)
        assert not close(beside, BLUE) and not close(beside, RED), beside


def test_a_16_bit_png_prints_its_real_grey(built) -> None:
    x, y, w, h = picture_box(built["deck"])
    pixels = card_raster(built["deck"], "Mary I")
    colour = at(pixels, x + w / 2, y + h / 2)
    assert close(colour, (64, 64, 64), 6), colour


def test_a_big_photo_is_shrunk_to_its_box_at_300_dpi(built) -> None:
    photo = built["deck"] / "art" / "photo.jpg"
    pdf = built["pdf"]
    # The whole cards PDF, with four pictures, is a small part of the one 12-megapixel photo.
    assert pdf.stat().st_size < photo.stat().st_size / 5, (pdf.stat().st_size, photo.stat().st_size)
    _, _, w, h = picture_box(built["deck"])
    scale = min(w / 4, h / 3)                      # 4:3 contained in the box, in mm per unit
    expected = (4 * scale / 25.4 * 300, 3 * scale / 25.4 * 300)
    jpegs = [im for im in images(pdf) if "/DCTDecode" in str(im.get("/Filter"))]
    sizes = sorted((int(im["/Width"]), int(im["/Height"])) for im in jpegs)
    assert any(abs(pw - expected[0]) <= 2 and abs(ph - expected[1]) <= 2 for pw, ph in sizes), (sizes, expected)
    assert max(pw * ph for pw, ph in sizes) < 700 * 700     # nothing went in at full size


def test_a_small_picture_is_never_enlarged(tmp_path, monkeypatch) -> None:
    from printgen.draw import pictures
    from printgen.files.errors import Where

    monkeypatch.setenv("PRINTGEN_CACHE_DIR", "off")
    small = tmp_path / "small.png"
    Image.new("RGB", (120, 90), (10, 200, 10)).save(small)
    made = pictures.prepare(small, 143.0, 93.5, "contain", 300.0, Where(), "small.png").made()
    assert made.size == (120, 90) and made.format == "PNG"
    covered = pictures.prepare(small, 100.0, 100.0, "cover", 300.0, Where(), "small.png").made()
    assert covered.size == (90, 90)                # cropped to the box's shape, not scaled up


def test_the_layout_sets_the_resolution(tmp_path, monkeypatch) -> None:
    from printgen.draw import pictures
    from printgen.files.errors import Where
    from printgen.model.layouts import load_layout
    from printgen.model.load import load_deck

    deck = load_deck("cromwell")
    assert load_layout(deck.layout, deck).imposition.picture_dpi == 300     # layouts/base.yaml
    monkeypatch.setenv("PRINTGEN_CACHE_DIR", "off")
    photo = tmp_path / "photo.jpg"
    Image.new("RGB", (2000, 1500), (200, 100, 50)).save(photo)
    sizes = {dpi: pictures.prepare(photo, 144.0, 72.0, "contain", dpi, Where(), "photo.jpg").made().size
             for dpi in (150.0, 300.0, 600.0)}
    assert sizes == {150.0: (200, 150), 300.0: (400, 300), 600.0: (800, 600)}, sizes


def test_transparency_is_kept(built) -> None:
    masked = [im for im in images(built["pdf"]) if "/SMask" in im]
    assert masked, "the transparent PNG lost its alpha"
    x, y, w, h = picture_box(built["deck"])
    pixels = card_raster(built["deck"], "James I")
    assert close(at(pixels, x + w / 2, y + h / 2), (20, 120, 40), 20)
    corner = at(pixels, x + w / 2 - h * 4 / 3 / 2 + 1, y + 1)    # transparent: the frame shows through
    assert not close(corner, (0, 0, 0), 60), corner


# --- deterministic --------------------------------------------------------------------------------

def test_same_deck_from_another_folder_and_from_the_cache_gives_the_same_bytes(built, tmp_path) -> None:
    first = built["pdf"].read_bytes()
    entries = sorted(p for p in (built["cache"] / "pictures").rglob("*.bin"))
    assert len(entries) == len(CARDS), entries      # one prepared picture per distinct picture and box
    # Elsewhere on disk, with the cache filled by the first build: every picture comes from it.
    other = tmp_path / "somewhere" / "else"
    other.mkdir(parents=True)
    deck = shutil.copytree(built["deck"], other / "cromwell")
    stamps = {p: p.stat().st_mtime_ns for p in entries}
    run = run_cli("build", str(deck), "--only", "cards", "--out", str(tmp_path / "out-b"), "--quiet")
    assert run.code == 0, run.err
    assert (tmp_path / "out-b" / "cromwell" / "cromwell-cards.pdf").read_bytes() == first
    pictures = (built["cache"] / "pictures").rglob("*.bin")
    assert {p: p.stat().st_mtime_ns for p in pictures} == stamps    # read, not rewritten
    # A damaged cache entry is not trusted, and a build without any cache is the same too.
    entries[0].write_bytes(entries[0].read_bytes()[:-100] + b"x" * 100)
    for cache in (str(built["cache"]), "off"):
        os.environ["PRINTGEN_CACHE_DIR"] = cache
        try:
            out = tmp_path / f"out-{len(cache)}"
            run = run_cli("build", str(deck), "--only", "cards", "--out", str(out), "--quiet")
        finally:
            os.environ["PRINTGEN_CACHE_DIR"] = str(built["cache"])
        assert run.code == 0, run.err
        assert (out / "cromwell" / "cromwell-cards.pdf").read_bytes() == first, cache


# --- refused, clearly -------------------------------------------------------------------------------

HENRY = "Henry VIII"


def refuse(tmp_path: Path, picture: str, says: list[str], make=None) -> None:
    """Give Henry VIII `picture: <picture>` (after making the file), build, and expect a refusal
    naming deck.yaml, the picture line, the card and the field."""
    ws = workspace(tmp_path, only="cards")
    if make is not None:
        (ws.deck / "art").mkdir(exist_ok=True)
        make(ws.deck / "art")
    add_pictures(ws.deck, {HENRY: picture})
    line = ws.line_of("deck.yaml", f"    picture: {picture[:40]}")
    outcome = ws.build("--only", "cards")
    assert_refused(outcome, ws, file="cromwell/deck.yaml", line=line, card=HENRY, field="picture", says=says)


def test_a_png_with_a_corrupt_data_stream_is_refused(tmp_path) -> None:
    # The chunk checksums are right, so only decoding the pixels finds the damage.
    refuse(tmp_path, "art/broken.png", ["art/broken.png", "damaged"],
           lambda art: (art / "broken.png").write_bytes(png_bytes(300, 200, b"not a zlib stream at all")))


def test_a_truncated_jpeg_is_refused(tmp_path) -> None:
    def make(art: Path) -> None:
        buffer = io.BytesIO()
        Image.effect_noise((800, 600), 60).convert("RGB").save(buffer, "JPEG", quality=90)
        (art / "cut.jpg").write_bytes(buffer.getvalue()[: len(buffer.getvalue()) // 2])

    refuse(tmp_path, "art/cut.jpg", ["art/cut.jpg", "cut short"], make)


def test_a_huge_picture_is_refused_from_its_header(tmp_path) -> None:
    # 12,000 x 12,000 in the header, next to no data: decoding it would report damage instead.
    refuse(tmp_path, "art/huge.png", ["art/huge.png", "too large", "144 megapixels", "the limit is 60 megapixels"],
           lambda art: (art / "huge.png").write_bytes(png_bytes(12000, 12000, zlib.compress(b"\0" * 1000))))


def test_a_picture_path_with_a_nul_byte_is_refused(tmp_path) -> None:
    refuse(tmp_path, '"art/henry\\0.png"', ["NUL"])


def test_a_5000_character_picture_path_is_refused(tmp_path) -> None:
    refuse(tmp_path, "art/" + "a" * 5000 + ".png", ["too long", "5008 characters"])


@pytest.mark.parametrize("links", [{"loop.png": "loop.png"}, {"loop.png": "other.png", "other.png": "loop.png"}])
def test_a_picture_that_is_a_symlink_loop_is_refused(tmp_path, links) -> None:
    def make(art: Path) -> None:
        for name, target in links.items():
            os.symlink(target, art / name)

    refuse(tmp_path, "art/loop.png", ["art/loop.png", "symlink loop"], make)
