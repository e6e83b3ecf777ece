"""A deck read and checked once, kept for the next build of the same unchanged files.

Why: reading a deck checks it against the schema (printgen/files/schema.py), and pydantic builds
the checking code of some thirty models the first time they are used, which is most of what a
small build spends before it draws (issue 30). A second build of a deck nobody changed needs none
of that: it takes the checked deck and layout from here.

What makes it safe:

* An entry holds, beside the checked deck, everything its reading depended on, as noted by
  printgen/files/deckfiles.py: a digest of every file read whole (deck.yaml, layouts, size lists,
  a spreadsheet of cards), the size, times and inode of every file only looked into (a picture's
  or a font's header), where each link led, and whether each name looked up was there (a layout
  of the deck's own that appears later takes the place of the shipped one). Any difference, and
  the deck is read and checked again, so an edited file is never passed over and its mistake is
  reported as without the cache. Only a reading that succeeded is kept.
* Its name covers what else decides the result: printgen's version and the size and time of
  each of its modules (an edited checkout), Python's version, the installed files of pydantic,
  pydantic-core, PyYAML and Jinja2 (found, not imported), the deck as named and the folder it
  was named from, and the build's options that reach the layout.
* The checked models in it (printgen/files/schema.py) are kept as plain records
  (printgen/files/records.py), so a build that takes its deck from here imports neither pydantic
  nor the YAML reader (issue 30, start-up); the checks ran when the entry was made.
* An entry is a pickle, which runs code when read, so it is read only when it carries a keyed
  digest (HMAC-SHA256) made with this user's own random key, kept beside the entries in a folder
  printgen makes for the user alone. A copied, foreign, damaged or truncated entry fails the check
  and is read again from the deck and written anew; nothing in a deck or output folder is ever
  unpickled. On systems with owners (POSIX), a cache folder or key another user could write is not
  used at all.
* It lives in the user's cache folder (PRINTGEN_CACHE_DIR, as the picture cache; 'off' turns both
  off), never in the output folder, so a failed build leaves every earlier output as it was, and
  it only ever saves time: when it cannot be read or written, the deck is simply read.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import io
import os
import pickle
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from printgen.files.deckfiles import Noted, noting
from printgen.files.deckfiles import stamp as file_stamp
from printgen.files.records import MARKERS, METHODS, rebuild
from printgen.model.ability_words import AbilityRecordMethods

# A card ability's record keeps the model's context() (a Coppertwaddle card template reads it).
METHODS["printgen.model.abilities.Ability"] = AbilityRecordMethods

T = TypeVar("T")
FORMAT = b"printgen-deck-cache 2\n"
_KEY_BYTES = 32
_MAX_ENTRY_BYTES = 64 * 1024 * 1024
MAX_ENTRIES = 100       # checked decks kept; the least recently written go first


def folder() -> Path | None:
    """Where checked decks are kept, or None when the cache is off."""
    from printgen.files.caches import cache_root

    root = cache_root()
    return None if root is None else root / "decks"


def cached(ref: str | Path, settings: tuple[Any, ...], read: Callable[[], T]) -> T:
    """What `read()` gives for the deck `ref` with these settings: from the cache when nothing it
    read has changed since, else read (and checked) now and kept. A UserError from `read` is
    raised as it is and nothing is kept."""
    from printgen.model.finding import find_deck

    place = folder()
    if place is None:
        return read()
    deck_folder = find_deck(str(ref)).resolve()       # a missing deck: the error load_deck gives
    name = _entry_name(ref, deck_folder, settings)
    key = _key(place)
    if key is not None:
        found: T | None = _read_entry(place / f"{name}.bin", key)
        if found is not None:
            return found
    with noting() as seen:
        value = read()
    if key is not None:
        _write_entry(place / f"{name}.bin", key, list(seen), value)
    return value




def read_side(kind: str) -> Any | None:
    """A value kept by keep_side, or None. It is one entry for all decks, in a folder of its own
    beside the checked decks, named by what decides it (this printgen's modules, its libraries,
    Python) and checked by digest as every entry is."""
    place, name = _side_place(kind)
    key = None if place is None else _key(place)
    return None if key is None or place is None else _read_entry(place / f"{name}.bin", key)


def keep_side(kind: str, merge: Callable[[Any | None], Any]) -> None:
    """Keep plain data (printgen/draw/template_facts.py: what builds learnt about templates) for
    every later build with this printgen: `merge` is given what is kept now (or None) and says
    what to keep. Processes take turns (a lock on the folder): the two workers of a build, or two
    builds, would otherwise each write what it read before the other wrote. Nothing happens when
    the cache is off, or the lock is not had within a second (the entry only ever saves time)."""
    from printgen.files.caches import write_whole
    from printgen.files.folderlock import FolderLocks

    place, name = _side_place(kind)
    key = None if place is None else _key(place)
    if key is None or place is None:
        return
    locks = FolderLocks(1.0, lambda _folder: TimeoutError())
    try:
        locks.take({str(place.resolve())})
        try:
            body = pickle.dumps(([], merge(_read_entry(place / f"{name}.bin", key))),
                                protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            return
        if len(body) <= _MAX_ENTRY_BYTES and write_whole(place / f"{name}.bin",
                                                         FORMAT + hmac.new(key, body, hashlib.sha256).digest() + body):
            _prune(place)
    except (TimeoutError, OSError):
        return
    finally:
        locks.release()


_side_name: str | None = None       # worked out once a process: the modules of a running printgen do not change


def _side_place(kind: str) -> tuple[Path | None, str]:
    """The folder of `kind` and the name of its one entry. Not a deck's name: the processes of a
    build of several decks share one entry (each deck's name would leave it to whichever deck a
    process looked up last)."""
    global _side_name
    decks = folder()
    if decks is None:
        return None, ""
    if _side_name is None:
        parts = (FORMAT, sys.version, _library_stamp(), _code_stamp())
        _side_name = hashlib.sha256(repr(parts).encode("utf-8", "surrogateescape")).hexdigest()
    return decks.parent / kind, _side_name


def _entry_name(ref: str | Path, deck_folder: Path, settings: tuple[Any, ...]) -> str:
    # printgen's version is not named: its own modules are, by _code_stamp (the version's file among them)
    parts = (FORMAT, sys.version, _library_stamp(), _code_stamp(), str(ref), os.getcwd(), str(deck_folder), settings)
    return hashlib.sha256(repr(parts).encode("utf-8", "surrogateescape")).hexdigest()


# The libraries whose version can change what reading a deck gives: the checks, the YAML parser,
# the templates of `generate:`.
LIBRARIES = ("pydantic", "pydantic_core", "yaml", "jinja2")


def _library_stamp() -> list[tuple[str, str | None, int, int]]:
    """Each library of LIBRARIES by where it is installed and the size and time of its first
    module (and pydantic's version.py), found without importing it: importing pydantic to read
    its version took longer than the rest of a build's use of the cache. An upgrade rewrites
    these files, so it makes new entries."""
    import importlib.util

    found: list[tuple[str, str | None, int, int]] = []
    for name in LIBRARIES:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        origin = spec.origin if spec is not None else None
        paths: list[str | None] = [origin]
        if origin and name == "pydantic":
            paths.append(os.path.join(os.path.dirname(origin), "version.py"))
        for path in paths:
            try:
                info = os.stat(path) if path else None
            except OSError:
                info = None
            found.append((name, path, info.st_size if info else -1, info.st_mtime_ns if info else -1))
    return found


def _code_stamp() -> str:
    """printgen's own modules by name, size and modification time: an edited checkout (or an
    upgrade that kept the version number) makes new entries rather than trusting old ones."""
    found: list[tuple[str, int, int]] = []

    def walk(top: str) -> None:         # os.scandir, not os.walk: a third less time, in every build
        with os.scandir(top) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
        for entry in entries:
            if entry.name.endswith(".py") and entry.is_file():
                info = entry.stat()
                found.append((entry.path, info.st_size, info.st_mtime_ns))
            elif entry.is_dir() and entry.name != "__pycache__":
                walk(entry.path)

    walk(str(Path(__file__).resolve().parent.parent))
    return hashlib.sha256(repr(found).encode("utf-8", "surrogateescape")).hexdigest()


def _private(info: os.stat_result, *, folder: bool) -> bool:
    """Owned by this user and writable by nobody else (always true where files have no owners)."""
    if not hasattr(os, "getuid"):
        return True
    others = stat.S_IWGRP | stat.S_IWOTH if folder else stat.S_IRWXG | stat.S_IRWXO
    return info.st_uid == os.getuid() and not info.st_mode & others


def _key(place: Path) -> bytes | None:
    """This user's key for the cache's digests, made on first use; None when the folder or the
    key is not the user's alone, or cannot be made (then nothing is read from or kept here)."""
    path = place / "key"
    try:
        place.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(os.stat(place), folder=True):
            return None
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "wb") as f:
                f.write(os.urandom(_KEY_BYTES))
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode) or not _private(info, folder=False):
                return None
            key = f.read(_KEY_BYTES + 1)
    except OSError:
        return None
    return key if len(key) == _KEY_BYTES else None      # one being written by another build: not yet


def _read_entry(path: Path, key: bytes) -> Any | None:
    """The value kept at `path`, when its digest holds and nothing it depended on has changed."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > _MAX_ENTRY_BYTES:
                return None
            raw = f.read()
    except OSError:
        return None
    head = len(FORMAT) + hashlib.sha256().digest_size
    if len(raw) <= head or not raw.startswith(FORMAT):
        return None
    body = memoryview(raw)[head:]      # not a copy: a deck of thousands of cards is a MiB or two
    if not hmac.compare_digest(raw[len(FORMAT):head], hmac.new(key, body, hashlib.sha256).digest()):
        return None                       # not written by this user's printgen: never unpickled
    try:
        depends, value = pickle.loads(body)
    except Exception:                     # a class renamed since: read the deck again
        return None
    return value if all(_unchanged(item) for item in depends) else None


def _unchanged(item: Noted) -> bool:
    """Whether a file or name a reading depended on is as it was then."""
    kind, path, was = item
    try:
        if kind == "exists":
            return os.path.lexists(path) == was
        if kind == "link":
            return os.path.realpath(path) == was
        info = os.stat(path)
        if kind == "stamp":
            return file_stamp(info) == was
        if kind == "bytes" and stat.S_ISREG(info.st_mode) and info.st_size < _MAX_ENTRY_BYTES:
            # a regular file, opened without waiting: a pipe put there since never blocks the build
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(fd, "rb") as f:
                return hashlib.sha256(f.read()).hexdigest() == was
    except (OSError, ValueError):
        return False
    return False


def _write_entry(path: Path, key: bytes, depends: list[Noted], value: Any) -> None:
    """Kept under a temporary name and renamed, so a build beside this one never reads half an
    entry. A value that cannot be pickled, or a cache that cannot be written, is skipped."""
    from printgen.files.caches import write_whole

    try:
        out = io.BytesIO()
        _AsRecords(out, protocol=pickle.HIGHEST_PROTOCOL).dump((depends, value))
        body = out.getvalue()
    except Exception:
        return
    if len(body) > _MAX_ENTRY_BYTES:
        return
    if write_whole(path, FORMAT + hmac.new(key, body, hashlib.sha256).digest() + body):
        _prune(path.parent)


class _AsRecords(pickle.Pickler):
    """Pickles every checked model of printgen/files/schema.py as a plain record
    (printgen/files/records.py), so reading the entry back imports no pydantic (issue 30: start-up).
    Why only on the way into the cache: the checks have run by then, and a record reads as the
    model did; the deck a build reads and checks itself stays as pydantic made it."""

    def reducer_override(self, obj: Any) -> Any:
        shape = _shape_of(type(obj))
        if shape is None:
            return NotImplemented
        # from the model's own dict, as pydantic pickles it: not by reading each setting as the drawing does
        values = obj.__dict__
        return rebuild, (shape, tuple(values[name] for name in shape[1]))


_SHAPES: dict[type, Any] = {}


def _shape_of(cls: type) -> Any:
    """A schema model class's record shape (records.record_class), or None for any other class.
    The same tuple each time, so pickle writes a class's shape once per entry."""
    if cls in _SHAPES:
        return _SHAPES[cls]
    from printgen.files.schema import Strict

    shape = None
    # the schema's models, and the card abilities' (printgen/model/abilities.py, checked the same way)
    if isinstance(cls, type) and (issubclass(cls, Strict) or cls.__module__ == "printgen.model.abilities"
                                  and hasattr(cls, "model_fields")):
        marker = MARKERS.get(cls.__name__)
        name = cls.__name__ if marker is not None and issubclass(cls, marker) \
            else f"{cls.__module__}.{cls.__qualname__}"
        class_values = tuple((n, getattr(cls, n)) for n in sorted(getattr(cls, "__class_vars__", ())))
        shape = (name, tuple(cls.model_fields), class_values)
    _SHAPES[cls] = shape
    return shape


def _prune(place: Path) -> None:
    """Keep the folder to MAX_ENTRIES entries, the oldest written removed first. Why: an entry's
    name holds printgen's code stamp, the working folder and the options, so upgrades and builds
    from many folders would otherwise leave entries that nothing reads again, without end."""
    try:
        entries = [(e.stat().st_mtime_ns, e.path) for e in os.scandir(place)
                   if e.name.endswith(".bin") and e.is_file(follow_symlinks=False)]
    except OSError:
        return
    if len(entries) <= MAX_ENTRIES:
        return
    for _, old in sorted(entries)[: len(entries) - MAX_ENTRIES]:
        with contextlib.suppress(OSError):
            os.unlink(old)
