"""A deck's picture files: found safely and checked from their header, before anything is drawn.

Why apart from drawing (printgen/draw/pictures.py): loading a deck checks every picture a card
names (printgen/model/card_values.py) and the web editor checks an upload, long before a page is
drawn; both read the file here, as printgen reads every file (printgen/files/deckfiles.py). A
picture is

* located safely (no NUL byte, no absurd length, no symlink loop, nothing outside the deck);
* checked from its header alone (PNG or JPEG, at most MAX_PIXELS), so a huge file is refused
  without decoding it.

Decoding it in full, turning it upright and cutting it down to its box is drawing's work.
"""

from __future__ import annotations

import errno
import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from printgen.files.deckfiles import exists, opened, what_is
from printgen.files.errors import UserError, Where
from printgen.files.limits import describe_bytes

MAX_PIXELS = 60_000_000      # 60 megapixels: beyond any real card picture, and about 240 MB decoded
MAX_PICTURE_BYTES = 250_000_000   # a 60-megapixel PNG is under 200 MB; a bigger file is never a card picture
MAX_PATH_CHARS = 1024        # a picture path longer than this is a mistake, not a real file
MAX_NAME_CHARS = 255         # the longest file or folder name most systems allow
FORMATS = {"PNG": "PNG", "JPEG": "JPEG", "MPO": "JPEG"}   # MPO: the JPEG of many cameras, with a second view
_ORIENTATION = 0x0112             # the EXIF tag
_SWAPS_SIDES = {5, 6, 7, 8}       # orientations that turn the picture a quarter turn


@dataclass(frozen=True)
class Header:
    """What a picture's header says, read without decoding the pixels."""

    format: str
    size: tuple[int, int]          # as stored
    upright: tuple[int, int]       # as printed, after the EXIF orientation


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
                        f"copy the picture into {folder} (for example into an 'art' folder) and give its path from "
                        "there")
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
        raise too_big(shown, None, where) from None
    except UnidentifiedImageError:
        raise UserError(f"the picture '{shown}' cannot be read as an image", where,
                        "open and re-save it as PNG or JPEG") from None
    except OSError as exc:
        if exc.errno is not None:     # the system refused (permissions, a folder, ...), not Pillow
            raise UserError(f"the picture '{shown}' cannot be opened: {exc.strerror or exc}", where) from None
        raise UserError(f"the picture '{shown}' cannot be read as an image ({reason(exc)})", where,
                        "open and re-save it as PNG or JPEG") from None
    except (SyntaxError, ValueError, EOFError) as exc:
        raise UserError(f"the picture '{shown}' cannot be read as an image ({reason(exc)})", where,
                        "open and re-save it as PNG or JPEG") from None
    if fmt not in FORMATS:
        raise UserError(f"the picture '{shown}' is a {fmt} file; printgen takes PNG or JPEG pictures", where,
                        "open it in an image editor and save it as PNG or JPEG")
    if size[0] * size[1] > MAX_PIXELS:
        raise too_big(shown, size, where)
    if size[0] < 1 or size[1] < 1:
        raise UserError(f"the picture '{shown}' has no pixels", where)
    upright = (size[1], size[0]) if orientation in _SWAPS_SIDES else size
    return Header(FORMATS[fmt], size, upright)


def too_big(shown: str, size: tuple[int, int] | None, where: Where) -> UserError:
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


def reason(exc: BaseException) -> str:
    """Pillow's reason in a teacher's words."""
    if "truncated" in str(exc) or isinstance(exc, EOFError):
        return "the file is cut short"
    return "the file is damaged"
