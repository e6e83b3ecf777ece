"""A picture chosen on the web editor's page, stored in the deck's folder for a card to use.

The file comes from the teacher's computer under any name (IMG_2041.JPG, "my photo (1).png"), so
its name is never used as a path: it is stored as art/<the card's id>.png or .jpg, by what the
file holds, not by its name, and under a new name (-2, -3 ...) rather than over any file already
there, so a picture another card uses is never replaced. Only PNG and JPEG are taken, at most
MAX_UPLOAD bytes and the pixels the build takes (printgen.files.picture_files.MAX_PIXELS: a
decompression bomb is refused from its header, before its pixels are decoded), and the file is
decoded in full once, so a damaged one is refused here rather than at the next build.

The bytes are kept exactly as they came: a phone photo's EXIF orientation stays in the file, and
the build turns it upright as it does every picture (printgen/draw/pictures.py), so the preview and
the print show it the same way up.
"""

from __future__ import annotations

import tempfile
import warnings
from pathlib import Path

from printgen.files.errors import UserError, Where

MAX_UPLOAD = 20 * 1024 * 1024      # bytes: a large phone photo is 5-12 MB
FOLDER = "art"
KINDS = ((b"\x89PNG\r\n\x1a\n", ".png"), (b"\xff\xd8\xff", ".jpg"))
MAX_COPIES = 1000


def _shown(name: str) -> str:
    """The file's own name, as a message may quote it (its last part, printable, short)."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    base = "".join(c for c in base if c.isprintable()) or "the file"
    return base if len(base) <= 60 else base[:40] + "..." + base[-15:]


def check_picture(data: bytes, name: str) -> str:
    """The suffix the picture is stored with ('.png' or '.jpg'); UserError for anything a card
    picture cannot be."""
    shown = _shown(name)
    if not data:
        raise UserError(f"'{shown}' is empty", hint="choose the picture again")
    if len(data) > MAX_UPLOAD:
        raise UserError(f"'{shown}' is {len(data) / 1e6:.0f} MB; a picture may be at most {MAX_UPLOAD / 1e6:.0f} MB",
                        hint="a card picture needs about 1000 x 1000 pixels: save a smaller copy of it")
    suffix = next((s for signature, s in KINDS if data.startswith(signature)), None)
    if suffix is None:
        raise UserError(f"'{shown}' is not a PNG or JPEG picture",
                        hint="open it in a picture program and save it as PNG or JPEG")
    from PIL import Image

    from printgen.files.picture_files import header

    with tempfile.TemporaryDirectory(prefix="printgen-upload-") as scratch:
        probe = Path(scratch) / f"upload{suffix}"
        probe.write_bytes(data)
        header(probe, Where(), shown)             # format and pixels, from the header alone
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                with Image.open(probe) as image:
                    image.load()                  # a cut-short or damaged file fails here
        except Exception:
            raise UserError(f"'{shown}' cannot be read as a picture (the file is damaged or cut short)",
                            hint="open it in a picture program and save it again as PNG or JPEG") from None
    return suffix


def store_picture(folder: Path, data: bytes, name: str, card: str) -> str:
    """Check the picture and store it in the deck's art folder under a name made from the card's
    (`card`, its name as typed); the path to put in the card's picture box, such as
    'art/henry-viii.jpg'. The same picture chosen again is stored once."""
    from printgen.files.output import publish
    from printgen.model.load import slug

    suffix = check_picture(data, name)
    art = folder / FOLDER
    try:
        art.resolve().relative_to(folder.resolve())
    except ValueError:
        raise UserError(f"the deck's '{FOLDER}' folder leads outside the deck's folder, so pictures cannot be stored "
                        "there", hint="make it an ordinary folder") from None
    if art.exists() and not art.is_dir():
        raise UserError(f"the deck's folder holds a file called '{FOLDER}' where pictures are stored",
                        hint="rename that file")
    stem = slug(card) if card.strip() else "picture"
    for number in range(1, MAX_COPIES):
        target = art / f"{stem}{'' if number == 1 else f'-{number}'}{suffix}"
        if target.exists() or target.is_symlink():
            if target.is_file() and not target.is_symlink() and target.read_bytes() == data:
                return target.relative_to(folder).as_posix()
            continue
        publish({target: data})
        return target.relative_to(folder).as_posix()
    raise UserError(f"the '{FOLDER}' folder already holds {MAX_COPIES} pictures named after this card",
                    hint="delete the ones no card uses")
