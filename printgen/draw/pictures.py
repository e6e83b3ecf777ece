"""Deck pictures made ready for print: found safely, checked, turned upright, cut down to size.

A picture arrives as whatever a teacher had: a 12-megapixel phone photo lying on its side, a
16-bit PNG from a scanner, a file cut short by a failed download. Before anything is drawn,
each one is

* located safely (no NUL byte, no absurd length, no symlink loop, nothing outside the deck);
* checked from its header alone (PNG or JPEG, at most MAX_PIXELS), so a huge file is refused
  without decoding it;
* decoded in full once, which is what finds a damaged or truncated file;
* turned as its EXIF orientation says, converted to 8-bit RGB, grey or RGBA, then cropped (for
  `fit: cover`) and shrunk to the box it prints in at the layout's `picture_dpi`, never enlarged.

The result is a small JPEG (from a JPEG, quality 90) or PNG (from a PNG, which keeps any
transparency), identified by a hash of the source's bytes and the box: the PDF names the image
after its pixels, so the output depends on content only, not on where the deck lies.

Preparing is done once per distinct (content, box, dpi) in a build, on worker threads while the
rest of the deck is resolved, and remembered across builds in a cache folder (printgen/draw/picture_cache.py). A cache entry carries a checksum of its own bytes and
is only used when the checksum holds, and the key includes the Pillow version, so a cached
build gives the same bytes as an uncached one.
"""

from __future__ import annotations

import errno
import hashlib
import io
import math
import os
import threading
import warnings
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Iterator

from printgen.files.deckfiles import exists, opened, what_is
from printgen.files.errors import UserError, Where
from printgen.files.limits import describe_bytes
from printgen.draw.picture_cache import cache_folder, read as _cache_read, write as _cache_write  # noqa: F401

MAX_PIXELS = 60_000_000      # 60 megapixels: beyond any real card picture, and about 240 MB decoded
MAX_PICTURE_BYTES = 250_000_000   # a 60-megapixel PNG is under 200 MB; a bigger file is never a card picture
MAX_PATH_CHARS = 1024        # a picture path longer than this is a mistake, not a real file
MAX_NAME_CHARS = 255         # the longest file or folder name most systems allow
JPEG_QUALITY = 90
DEFAULT_DPI = 300.0
FORMATS = {"PNG": "PNG", "JPEG": "JPEG", "MPO": "JPEG"}   # MPO: the JPEG of many cameras, with a second view
_RECIPE = "printgen-pictures-2"   # change when the preparation changes, so old cache entries are unused
_ORIENTATION = 0x0112             # the EXIF tag
_SWAPS_SIDES = {5, 6, 7, 8}       # orientations that turn the picture a quarter turn


@dataclass(frozen=True)
class Header:
    """What a picture's header says, read without decoding the pixels."""

    format: str
    size: tuple[int, int]          # as stored
    upright: tuple[int, int]       # as printed, after the EXIF orientation


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


# --- finding the file ---------------------------------------------------------------------------

def locate(value: object, folder: Path, where: Where) -> Path:
    """The resolved path of a picture named relative to `folder`, or a UserError saying why not.

    The text is checked before the file system is asked, and the file system's own refusals
    are caught, so a NUL byte, a 5,000 character path or a symlink loop gives a message, never
    a traceback.
    """
    if not isinstance(value, str) or not value.strip():
        raise UserError("should be the path of a picture file, such as art/henry-viii.png", where)
    shown = shown_path(value)
    if "\x00" in value:
        raise UserError(f"the picture path '{shown}' contains a NUL character (an invisible zero byte)", where,
                        "retype the path by hand; it was probably pasted from another program")
    if len(value) > MAX_PATH_CHARS or any(len(part) > MAX_NAME_CHARS for part in value.replace("\\", "/").split("/")):
        raise UserError(f"the picture path is {len(value)} characters long, too long to be a real file "
                        f"(at most {MAX_PATH_CHARS}, and {MAX_NAME_CHARS} for each folder or file name)", where,
                        "give the short path of the picture from the deck's folder, such as art/henry-viii.png")
    try:
        root = folder.resolve()
        path = (root / value).resolve(strict=False)
        kind = what_is(path) if exists(path) else "missing"
    except RuntimeError:          # Python before 3.13 reports a symlink loop this way
        raise _loop(shown, where) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _loop(shown, where) from None
        raise UserError(f"the picture '{shown}' cannot be opened: {exc.strerror or exc}", where) from None
    if not path.is_relative_to(root):
        raise UserError(f"the picture '{shown}' is outside the deck's folder", where,
                        f"copy the picture into {folder} (for example into an 'art' folder) and give its path from there")
    if kind == "missing":
        if _is_loop(root / value):
            raise _loop(shown, where)
        raise UserError(f"the picture '{shown}' does not exist", where,
                        f"paths are relative to {folder}; check the spelling and the folder")
    if kind is not None:             # a named pipe, a folder, a device: never opened
        raise UserError(f"the picture '{shown}' is {kind}, not a picture file", where,
                        "in its place put the picture itself, saved as a PNG or JPEG file")
    return path


@contextmanager
def opened_picture(path: Path, where: Where, shown: str) -> Iterator[BinaryIO]:
    """A located picture, open as every file of a deck is (printgen.files.deckfiles): a regular file,
    opened without waiting, at most MAX_PICTURE_BYTES, so a picture swapped for a pipe after
    `locate` is refused, and a sparse file of gigabytes is never hashed or decoded."""
    def too_big(_, size: int) -> UserError:
        return UserError(f"the picture '{shown}' is {describe_bytes(size)}; printgen reads pictures of at most "
                         f"{describe_bytes(MAX_PICTURE_BYTES)}", where,
                         "a card picture needs about 1000 x 1000 pixels; save a smaller copy of it")

    with opened(path, within=None, what="picture", limit=MAX_PICTURE_BYTES, where=where, too_big=too_big) as (f, _):
        yield f


def _loop(shown: str, where: Where) -> UserError:
    return UserError(f"the picture '{shown}' is a link that leads back to itself (a symlink loop)", where,
                     "replace the link with the picture file itself")


def _is_loop(path: Path) -> bool:
    """Whether following `path` goes round in circles (Python 3.13 resolves loops without raising)."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return False


def shown_path(value: str) -> str:
    """The path as a message may quote it: printable, and short."""
    text = value.replace("\x00", "\\0")
    return text if len(text) <= 200 else text[:120] + "..." + text[-15:]


# --- the header -----------------------------------------------------------------------------------

def header(path: Path, where: Where, shown: str) -> Header:
    """Format, size and upright size from the header only; refuses anything but a PNG or JPEG of at
    most MAX_PIXELS. Never decodes the pixels, so a 1.6 GB picture costs nothing to refuse."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with opened_picture(path, where, shown) as handle, Image.open(handle) as image:
                fmt, size = image.format, image.size
                orientation = _orientation(image)
    except Image.DecompressionBombError:
        raise _too_big(shown, None, where) from None
    except UnidentifiedImageError:
        raise UserError(f"the picture '{shown}' cannot be read as an image", where,
                        "open and re-save it as PNG or JPEG") from None
    except OSError as exc:
        if exc.errno is not None:     # the system refused (permissions, a folder, ...), not Pillow
            raise UserError(f"the picture '{shown}' cannot be opened: {exc.strerror or exc}", where) from None
        raise UserError(f"the picture '{shown}' cannot be read as an image ({_reason(exc)})", where,
                        "open and re-save it as PNG or JPEG") from None
    except (SyntaxError, ValueError, EOFError) as exc:
        raise UserError(f"the picture '{shown}' cannot be read as an image ({_reason(exc)})", where,
                        "open and re-save it as PNG or JPEG") from None
    if fmt not in FORMATS:
        raise UserError(f"the picture '{shown}' is a {fmt} file; printgen takes PNG or JPEG pictures", where,
                        "open it in an image editor and save it as PNG or JPEG")
    if size[0] * size[1] > MAX_PIXELS:
        raise _too_big(shown, size, where)
    if size[0] < 1 or size[1] < 1:
        raise UserError(f"the picture '{shown}' has no pixels", where)
    upright = (size[1], size[0]) if orientation in _SWAPS_SIDES else size
    return Header(FORMATS[fmt], size, upright)


def _too_big(shown: str, size: tuple[int, int] | None, where: Where) -> UserError:
    measured = f" ({size[0]:,} x {size[1]:,} = {size[0] * size[1] / 1e6:.0f} megapixels)" if size else ""
    return UserError(f"the picture '{shown}' is too large{measured}; the limit is {MAX_PIXELS / 1e6:.0f} megapixels",
                     where, "a card picture needs about 1000 x 1000 pixels; save a smaller copy of it")


def _orientation(image) -> int:
    """The EXIF orientation, from data read with the header (a PNG's eXIf chunk after the pixel
    data is not read here; the full decode still honours it)."""
    try:
        if image.format in ("JPEG", "MPO"):
            return int(image.getexif().get(_ORIENTATION, 1))
        raw = image.info.get("exif")
        if raw:
            from PIL import Image

            exif = Image.Exif()
            exif.load(raw)
            return int(exif.get(_ORIENTATION, 1))
    except Exception:    # a broken EXIF block: print the picture as stored
        return 1
    return 1


def _reason(exc: BaseException) -> str:
    """Pillow's reason in a teacher's words."""
    if "truncated" in str(exc) or isinstance(exc, EOFError):
        return "the file is cut short"
    return "the file is damaged"


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
        raise _too_big(shown, None, where) from None
    except (OSError, SyntaxError, ValueError, EOFError, MemoryError) as exc:
        raise UserError(f"the picture '{shown}' cannot be read as an image ({_reason(exc)})", where,
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
        return picture.resize((max(1, round(want_w)), max(1, round(want_h))), Image.LANCZOS, box=box,
                              reducing_gap=3.0)
    scale = min(want_w / full[0], want_h / full[1])
    if scale >= 1:
        return picture
    size = (max(1, round(full[0] * scale)), max(1, round(full[1] * scale)))
    return picture.resize(size, Image.LANCZOS, reducing_gap=3.0)


# --- drawing --------------------------------------------------------------------------------------

def draw(canvas, picture: Prepared, x: float, y: float, w: float, h: float, fit: str) -> None:
    """Draw a prepared picture in a box (points). ReportLab names the image after its decoded
    pixels, so the same picture on many cards is stored once and the name never depends on a path;
    a JPEG's bytes go into the PDF as they are."""
    from reportlab.lib.utils import ImageReader

    dx, dy, dw, dh = picture.placement(x, y, w, h, fit)
    canvas.drawImage(ImageReader(io.BytesIO(picture.made().data)), dx, dy, dw, dh, mask="auto")
