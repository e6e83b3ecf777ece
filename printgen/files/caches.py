"""Where printgen keeps what it can make again (prepared pictures, checked decks): one folder of
the user's computer, chosen in one place so that turning it off or moving it applies to every cache.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def cache_root() -> Path | None:
    """The folder of printgen's caches (prepared pictures, checked decks), or None for none.

    PRINTGEN_CACHE_DIR chooses the folder ('off' turns the caches off); otherwise it is the
    user's cache folder (~/.cache/printgen on Linux). Nothing is kept in the deck or the output
    folder, so neither fills up with copies.
    """
    chosen = os.environ.get("PRINTGEN_CACHE_DIR")
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "no") else Path(chosen)
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "printgen" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "printgen"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "printgen"


def write_whole(path: Path, data: bytes) -> bool:
    """Write a cache entry under a temporary name and rename it, so a build beside this one never
    reads half an entry; False when the cache cannot be written (a cache is only ever a saving)."""
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True
