"""The cache of prepared pictures kept between builds (see printgen.draw.pictures).

Kept apart from the preparing: it is a folder of the user's computer, not of the deck. Entries are
written whole or not at all, read as any file is (never a pipe, never more than MAX_ENTRY_BYTES),
and trusted only when their checksum holds, so a damaged cache costs time, never a wrong picture.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from printgen.files.caches import cache_root, write_whole
from printgen.files.deckfiles import read_bytes
from printgen.files.errors import UserError

MAX_ENTRY_BYTES = 250_000_032     # a prepared picture is far smaller than its source, at most MAX_PICTURE_BYTES

def cache_folder() -> Path | None:
    """Where prepared pictures are kept between builds (cache_root()/pictures), or None for no cache."""
    root = cache_root()
    return None if root is None else root / "pictures"


def _entry(key: str) -> Path | None:
    folder = cache_folder()
    return None if folder is None else folder / key[:2] / f"{key}.bin"


def read(key: str) -> bytes | None:
    """The entry's bytes when it exists and its checksum holds; anything else is a miss."""
    path = _entry(key)
    if path is None:
        return None
    try:
        raw = read_bytes(path, within=None, what="cache entry", limit=MAX_ENTRY_BYTES)
    except UserError:
        return None
    check, data = raw[:32], raw[32:]
    return data if len(raw) > 32 and hashlib.sha256(data).digest() == check else None


def write(key: str, data: bytes) -> None:
    """Written to a temporary name and renamed, so a parallel build never reads half an entry.
    A cache that cannot be written is skipped: it only ever saves time."""
    path = _entry(key)
    if path is None:
        return
    write_whole(path, hashlib.sha256(data).digest() + data)
