"""Deck pictures made ready for print: turned upright and cut down to size.

A picture arrives as whatever a teacher had: a 12-megapixel phone photo lying on its side, a
16-bit PNG from a scanner, a file cut short by a failed download. Once it has been located safely
and checked from its header alone (printgen/files/picture_files.py, when the deck is loaded), each
one is

* decoded in full once, which is what finds a damaged or truncated file;
* turned as its EXIF orientation says, converted to 8-bit RGB, grey or RGBA, then cropped (for
  `fit: cover`) and shrunk to the box it prints in at the layout's `picture_dpi`, never enlarged.

The result is a small JPEG (from a JPEG, quality 90) or PNG (from a PNG, which keeps any
transparency), identified by a hash of the source's bytes and the box: the PDF names the image
after its pixels, so the output depends on content only, not on where the deck lies.

Preparing is done once per distinct (content, box, dpi) in a build, on worker threads while the
rest of the deck is resolved, and remembered across builds in a cache folder
(printgen/draw/picture_cache.py). A cache entry carries a checksum of its own bytes and
is only used when the checksum holds, and the key includes the Pillow version, so a cached
build gives the same bytes as an uncached one.
"""

from __future__ import annotations

import hashlib
import io
import math
import os
import threading
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.draw.picture_cache import cache_folder  # noqa: F401

if TYPE_CHECKING:        # imported when a deck has pictures: concurrent.futures brings logging with it
    from concurrent.futures import Future, ThreadPoolExecutor
from printgen.draw.picture_cache import read as _cache_read
from printgen.draw.picture_cache import write as _cache_write
from printgen.files.errors import UserError, Where
from printgen.files.picture_files import MAX_PICTURE_BYTES, MAX_PIXELS, Header, header, opened_picture, reason, too_big

JPEG_QUALITY = 90
DEFAULT_DPI = 300.0
_RECIPE = "printgen-pictures-2"   # change when the preparation changes, so old cache entries are unused


@dataclass(frozen=True)
class Made:
    """The prepared picture's bytes, and what they are."""

    format: str                    # PNG | JPEG
    size: tuple[int, int]
    data: bytes = field(repr=False)


class Prepared:
    """A picture being made ready to embed, equal to another when their keys are: the same
    content, box and dpi. Decoding runs on a worker thread while the rest of the deck is
    resolved; `made()` waits for it, and raises the UserError when the file was damaged."""

    def __init__(self, key: str, job: Future):
        self.key = key
        self._job = job

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Prepared) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Prepared({self.key[:12]})"

    def made(self) -> Made:
        return self._job.result()

    def placement(self, x: float, y: float, w: float, h: float, fit: str) -> tuple[float, float, float, float]:
        """Where the picture is drawn in a box (points): centred and whole for `contain`; for
        `cover` it was already cropped to the box's shape, so it fills the box."""
        if fit == "cover":
            return x, y, w, h
        pw, ph = self.made().size
        scale = min(w / pw, h / ph)
        dw, dh = pw * scale, ph * scale
        return x + (w - dw) / 2, y + (h - dh) / 2, dw, dh


# --- preparing ------------------------------------------------------------------------------------

_memo: dict[str, Prepared] = {}
_digests: dict[tuple[str, int, int], str] = {}
_pool: ThreadPoolExecutor | None = None
_budget = threading.Condition()
_in_flight = [0]                    # pixels being decoded right now, across the workers
PIXEL_BUDGET = MAX_PIXELS           # so several small photos decode at once, but one huge one alone


def prepare(path: Path, box_w: float, box_h: float, fit: str, dpi: float, where: Where, shown: str,
            head: Header | None = None) -> Prepared:
    """The picture at `path` made ready for a box of box_w x box_h points at `dpi`.

    Keyed by the file's content, the box, the fit and the dpi: once per key in this process, and
    remembered across builds in the cache folder. A picture that cannot be decoded raises a
    UserError at `where` when the result is asked for.
    """
    head = head or header(path, where, shown)
    digest = _digest(path, where, shown)
    key = hashlib.sha256("|".join((_RECIPE, _pillow(), digest, f"{box_w:.3f}", f"{box_h:.3f}", fit,
                                   f"{dpi:g}", str(JPEG_QUALITY))).encode()).hexdigest()
    hit = _memo.get(key)
    if hit is not None:
        return hit
    data = _cache_read(key)
    from concurrent.futures import Future

    if data is not None:
        job: Future = Future()
        job.set_result(_describe(data))
    else:
        job = _workers().submit(_job, key, path, head, box_w, box_h, fit, dpi, where, shown)
    prepared = _memo[key] = Prepared(key, job)
    return prepared


def _workers() -> ThreadPoolExecutor:
    """Pillow lets go of the interpreter lock while it decodes and resizes, so pictures are
    prepared side by side on the machine's cores (at most four)."""
    from concurrent.futures import ThreadPoolExecutor

    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1)), thread_name_prefix="pictures")
    return _pool


def _job(key: str, path: Path, head: Header, box_w: float, box_h: float, fit: str, dpi: float, where: Where,
         shown: str) -> Made:
    pixels = min(head.size[0] * head.size[1], PIXEL_BUDGET)
    with _budget:
        _budget.wait_for(lambda: _in_flight[0] + pixels <= PIXEL_BUDGET)
        _in_flight[0] += pixels
    try:
        data = _make(path, head, box_w, box_h, fit, dpi, where, shown)
    finally:
        with _budget:
            _in_flight[0] -= pixels
            _budget.notify_all()
    _cache_write(key, data)
    return _describe(data)


def _describe(data: bytes) -> Made:
    from PIL import Image

    with Image.open(io.BytesIO(data)) as made:
        return Made(made.format, made.size, data)


def _digest(path: Path, where: Where, shown: str) -> str:
    try:
        stat = path.stat()
        token = (str(path), stat.st_mtime_ns, stat.st_size)
        known = _digests.get(token)
        if known is None:
            h = hashlib.sha256()
            with opened_picture(path, where, shown) as f:
                left = MAX_PICTURE_BYTES + 1         # a file growing while hashed stops here
                while left > 0 and (block := f.read(min(1 << 20, left))):
                    h.update(block)
                    left -= len(block)
            known = _digests[token] = h.hexdigest()
    except OSError as exc:
        raise UserError(f"the picture '{shown}' cannot be read: {exc.strerror or exc}", where) from None
    return known


def _pillow() -> str:
    import PIL

    return PIL.__version__


def _make(path: Path, head: Header, box_w: float, box_h: float, fit: str, dpi: float, where: Where,
          shown: str) -> bytes:
    """Decode, turn upright, convert to 8 bits, crop and shrink; the encoded result."""
    from PIL import Image, ImageOps

    want_w, want_h = box_w / 72.0 * dpi, box_h / 72.0 * dpi       # pixels the box holds at dpi
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with opened_picture(path, where, shown) as handle, Image.open(handle) as image:
                if head.format == "JPEG":
                    # Let the decoder skip detail we would throw away (1/2, 1/4, 1/8 scale): a 12 MP
                    # photo decodes in a fraction of the time and memory.
                    scale = _scale(head.upright, want_w, want_h, fit)
                    if scale < 1:
                        need = (math.ceil(head.size[0] * scale), math.ceil(head.size[1] * scale))
                        image.draft(image.mode, need)
                image.load()
                picture = ImageOps.exif_transpose(image)
    except Image.DecompressionBombError:
        raise too_big(shown, None, where) from None
    except (OSError, SyntaxError, ValueError, EOFError, MemoryError) as exc:
        raise UserError(f"the picture '{shown}' cannot be read as an image ({reason(exc)})", where,
                        "open it in an image editor and save it again as PNG or JPEG") from None
    picture = _eight_bit(picture)
    picture = _to_srgb(picture)
    # A JPEG's orientation is known from its header; a PNG was decoded whole, so its size is its own.
    full = head.upright if head.format == "JPEG" else picture.size
    if (full[0] > full[1]) != (picture.size[0] > picture.size[1]):     # EXIF the header misread
        full = (full[1], full[0])
    picture = _fit(picture, full, want_w, want_h, fit)
    out = io.BytesIO()
    if head.format == "JPEG" and picture.mode in ("RGB", "L"):
        picture.save(out, "JPEG", quality=JPEG_QUALITY, subsampling="4:2:0", optimize=False)
    else:
        picture.save(out, "PNG", compress_level=6)
    return out.getvalue()


def _scale(size: tuple[int, int], want_w: float, want_h: float, fit: str) -> float:
    """How much the whole picture shrinks to give the box its pixels (cover: the box is filled)."""
    w, h = size
    return max(want_w / w, want_h / h) if fit == "cover" else min(want_w / w, want_h / h)


def _eight_bit(picture):
    """8-bit L, RGB, RGBA or CMYK, whatever came in. 16-bit grey is scaled down (converting it
    directly clips every value above 255, which prints white); palette and grey-with-alpha pictures
    become RGBA when they have transparency; an alpha channel opaque everywhere is dropped."""
    mode = picture.mode
    if mode.startswith("I;16") or mode == "I":       # a 16-bit grey PNG: 0..65535
        picture = picture.convert("I").point(lambda v: v * (255.0 / 65535.0)).convert("L")
    elif mode == "P":
        picture = picture.convert("RGBA" if "transparency" in picture.info else "RGB")
    elif mode in ("LA", "La", "PA", "RGBa"):
        picture = picture.convert("RGBA")
    elif mode == "1":
        picture = picture.convert("L")
    elif mode not in ("L", "RGB", "RGBA", "CMYK"):
        picture = picture.convert("RGB")
    if picture.mode == "RGBA" and picture.getextrema()[3][0] == 255:
        picture = picture.convert("RGB")
    return picture


def _to_srgb(picture):
    """Colours from an embedded profile (a phone's Display P3, Adobe RGB, a CMYK press profile)
    turned into sRGB, which is what the PDF's DeviceRGB means in practice. Grey stays grey."""
    icc = picture.info.get("icc_profile")
    if picture.mode == "L" or (not icc and picture.mode != "CMYK"):
        return picture
    try:
        if not icc:
            raise ValueError("no profile")
        from PIL import ImageCms

        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        if picture.mode != "CMYK" and "srgb" in (ImageCms.getProfileDescription(source) or "").lower():
            return picture
        alpha = picture.getchannel("A") if picture.mode == "RGBA" else None
        base = picture.convert("RGB") if alpha is not None else picture
        converted = ImageCms.profileToProfile(base, source, ImageCms.createProfile("sRGB"), outputMode="RGB")
        assert converted is not None, "profileToProfile returns the new picture unless asked to convert in place"
        if alpha is not None:
            converted.putalpha(alpha)
        return converted
    except Exception:        # no profile or an unusable one: take the numbers as they are
        return picture.convert("RGB") if picture.mode == "CMYK" else picture


def _fit(picture, full: tuple[int, int], want_w: float, want_h: float, fit: str):
    """Crop to the box's shape for `cover`; shrink to the box's pixels, never enlarge.

    `full` is the picture's upright size before the decoder skipped detail (JPEG draft): sizes
    are worked out from it, so the result does not depend on how much the decoder skipped.
    """
    from PIL import Image

    w, h = picture.size
    if fit == "cover":
        aspect = want_w / want_h
        if w / h > aspect:
            cw, ch = h * aspect, float(h)
        else:
            cw, ch = float(w), w / aspect
        box = ((w - cw) / 2, (h - ch) / 2, (w + cw) / 2, (h + ch) / 2)
        if want_w >= cw * full[0] / w:      # no more pixels than the box needs: crop only
            return picture.crop(tuple(round(v) for v in box))
        return picture.resize((max(1, round(want_w)), max(1, round(want_h))), Image.Resampling.LANCZOS, box=box,
                              reducing_gap=3.0)
    scale = min(want_w / full[0], want_h / full[1])
    if scale >= 1:
        return picture
    size = (max(1, round(full[0] * scale)), max(1, round(full[1] * scale)))
    return picture.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)


# --- drawing --------------------------------------------------------------------------------------

def draw(canvas, picture: Prepared, x: float, y: float, w: float, h: float, fit: str) -> None:
    """Draw a prepared picture in a box (points). ReportLab names the image after its decoded
    pixels, so the same picture on many cards is stored once and the name never depends on a path;
    a JPEG's bytes go into the PDF as they are."""
    from reportlab.lib.utils import ImageReader

    dx, dy, dw, dh = picture.placement(x, y, w, h, fit)
    canvas.drawImage(ImageReader(io.BytesIO(picture.made().data)), dx, dy, dw, dh, mask="auto")
