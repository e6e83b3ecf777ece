"""Every file a deck names or holds, read one safe way.

A deck folder is untrusted input: a teacher copies one from a colleague or a download, and what
looks like `rules/cromwell.md` may be a named pipe (reading it waits for ever), a link to
/dev/zero (it never ends), a sparse file of gigabytes, or a link to a file elsewhere on the
computer (a shared deck would then print someone's private file). Each loader used to check some
of this on its own, so a case one of them forgot broke it. Every reader of a deck's files (deck,
layouts, rule sheets, score sheets, boards, table layouts, fonts, pictures) goes through here
instead, so a kind of file nobody listed is refused too:

* the path, its links followed, must stay inside the folder it belongs to (the deck's folder,
  or layouts/), and the message names the link that leads out;
* it must be a regular file: a named pipe, a device, a socket or a folder is named as what it is,
  before anything is opened (opening a device can itself do something);
* it is opened without waiting and without following a last link (O_NONBLOCK | O_NOFOLLOW), and
  what was opened is checked again, so a file swapped for a pipe or a link between the check and
  the open is refused rather than waited on;
* its size is checked before a byte is read, and at most limit + 1 bytes are read, so a file
  that grows while it is read stops at the limit.
"""

from __future__ import annotations

import errno
import io
import os
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO

from printgen.files.errors import UserError, Where
from printgen.files.limits import describe_bytes

_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))

DECK_FOLDER = "the deck's folder"       # `place` for the files of a deck

# Called with the open file and its size when it is over the limit: a reader may look into the
# file (yamlsrc names the over-long line) to say more than its size.
TooBig = Callable[[BinaryIO, int], UserError]

# What a reading noted, for the cache of checked decks (printgen/model/load_cache.py): while a list
# is open here (`noting`), each file read whole is noted by a digest of its bytes, each file only
# looked into (a picture's or a font's header) by its size, times and inode, and each name looked
# up by whether anything was there. (kind, absolute path, what was found.)
Noted = tuple[str, str, object]
_noting: list[list[Noted]] = []


@contextmanager
def noting() -> Iterator[list[Noted]]:
    """Every file read and every name looked up inside the block, in a list."""
    seen: list[Noted] = []
    _noting.append(seen)
    try:
        yield seen
    finally:
        _noting.remove(seen)


def _note(kind: str, path: Path, found: object) -> None:
    for seen in _noting:
        seen.append((kind, os.path.abspath(path), found))


def stamp(info: os.stat_result) -> tuple[int, int, int, int, int]:
    """What changes when a file is written or replaced: size, modification and change times
    (the change time cannot be set back by a program), inode and device."""
    return (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev)


def kind_of(mode: int) -> str | None:
    """What a file of this mode is, in a user's words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "not an ordinary file")


def shown(path: Path) -> str:
    """A path as messages show it (relative to the working folder where it lies inside it)."""
    return Where(Path(path)).describe()


def contained(path: Path, within: Path, *, where: Where | None = None, place: str | None = None) -> Path:
    """`path` with every link followed, refused when it leads out of `within`.

    Why the message names a link: a file that merely lies elsewhere cannot be reached by a
    plain name, so what leads out is always a link (the file's own, or a folder's on the way),
    and that link is what the user must replace.
    """
    path = Path(path)
    place = place or f"the folder '{Path(within).name}'"
    root = _followed(Path(within), None)
    resolved = _followed(path, where)
    if resolved.is_relative_to(root):
        return resolved
    culprit = _link_leading_out(path, Path(within), root)
    thing = "the folder" if culprit.is_dir() else "the file"
    hint = (f"copy {thing} itself into {place}: printgen reads only what a deck's folder holds, so a deck "
            "shared with a class carries all of it")
    if not culprit.is_symlink():
        raise _refusal(culprit, where, f"lies outside {place}", hint)
    raise _refusal(culprit, where, f"is a link to {os.readlink(culprit)}, outside {place}", hint)


def _followed(path: Path, where: Where | None) -> Path:
    """`path` with every link followed; a link loop is refused (Python before 3.13 raises
    RuntimeError for one, later ones leave it to the stat that follows)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        raise _loop(path, where) from None


def _loop(path: Path, where: Where | None) -> UserError:
    return _refusal(path, where, "is a link that leads back to itself (a link loop)",
                    "replace the link with the file itself")


def _link_leading_out(path: Path, within: Path, root: Path) -> Path:
    """The first link on the way from `within` to `path` whose target lies outside `root`."""
    try:
        parts = Path(os.path.abspath(path)).relative_to(os.path.abspath(within)).parts
    except ValueError:
        return path
    current = Path(within)
    for part in parts:
        current = current / part
        try:
            if current.is_symlink() and not current.resolve().is_relative_to(root):
                return current
        except (OSError, RuntimeError):
            return current
    return path


def _refusal(path: Path, where: Where | None, words: str, hint: str | None) -> UserError:
    """An error about the file itself: at the file, or at the line that named it (`where`),
    saying the file's name in the message then."""
    if where is None or where.file is None:
        return UserError(f"this {words}", Where(path), hint)
    return UserError(f"{shown(path)} {words}", where, hint)


@contextmanager
def opened(path: Path, *, within: Path | None, what: str, limit: int, where: Where | None = None,
           too_big: TooBig | None = None, place: str | None = None,
           whole: bool = False) -> Iterator[tuple[BinaryIO, int]]:
    """A deck's file, open for reading, with its size: refused unless it lies inside `within`
    (None: the caller has checked, or the user named the file on the command line), is a
    regular file, and holds at most `limit` bytes.

    `what` names the file for messages ('rule sheet'); `where`, when given, is the line that
    named the file, where the error is then reported. The file object reads the file as it was
    when checked; it is never a pipe or a device. `whole`: the caller reads the file whole and
    notes its bytes itself (otherwise the file is noted by its `stamp`).
    """
    path = Path(path)
    # the file itself is opened, every link followed first, so that O_NOFOLLOW refuses only a
    # link made since the look
    target = contained(path, within, where=where, place=place) if within is not None else _followed(path, where)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        raise _missing(path, where) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _loop(path, where) from None
        raise _unreadable(path, where, exc) from None
    _refuse_kind(path, mode, what, where)
    try:
        fd = os.open(target, _OPEN_FLAGS)
    except FileNotFoundError:
        raise _missing(path, where) from None
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK):     # made a link since it was looked at
            raise _refusal(path, where, "was replaced by a link while printgen read it", "build again") from None
        raise _unreadable(path, where, exc) from None
    try:
        info = os.fstat(fd)
        _refuse_kind(path, info.st_mode, what, where)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        if info.st_size > limit:
            raise (too_big(handle, info.st_size) if too_big is not None
                   else _too_big(path, where, what, describe_bytes(info.st_size), limit))
        if _noting:              # a link changed to another file with the same bytes is a change too
            _note("link", path, os.path.realpath(path))
            if not whole:
                _note("stamp", path, stamp(info))
        yield handle, info.st_size


def read_bytes(path: Path, *, within: Path | None, what: str, limit: int, where: Where | None = None,
               too_big: TooBig | None = None, place: str | None = None) -> bytes:
    """The bytes of a deck's file, read as `opened` says: at most `limit` of them."""
    with opened(path, within=within, what=what, limit=limit, where=where, too_big=too_big,
                place=place, whole=True) as (handle, size):
        try:
            # Asked for the size measured, not the limit: a read allocates what it is asked for
            # (64 MiB for every font otherwise). Only a file that grew meanwhile is read on.
            data = handle.read(size + 1)
            if len(data) > size:
                data += handle.read(limit + 1 - len(data))
        except OSError as exc:
            raise _unreadable(path, where, exc) from None
        if len(data) > limit:             # it grew since it was measured
            raise _too_big(path, where, what, f"more than {describe_bytes(limit)}", limit)
        if _noting:
            import hashlib

            _note("bytes", path, hashlib.sha256(data).hexdigest())
        return data


def in_memory(path: Path, *, within: Path | None, what: str, limit: int, where: Where | None = None) -> io.BytesIO:
    """A deck's file read whole into memory, for a library that wants a file object (a font);
    named after the file, as libraries that keep a name expect."""
    data = io.BytesIO(read_bytes(path, within=within, what=what, limit=limit, where=where))
    data.name = str(path)
    return data


def exists(path: Path) -> bool:
    """Whether anything at all is at `path` (a broken link, a pipe and a folder count): a name
    the user gave that is taken by something unreadable is refused as such, not passed over."""
    try:
        found = os.path.lexists(path)
    except (OSError, ValueError):
        found = False
    if _noting:
        _note("exists", path, found)
    return found


def what_is(path: Path) -> str | None:
    """None when `path` is a regular file (links followed); else what is there, in words ('a
    named pipe', 'a link to /dev/zero, which is a device'), for a reader that says it its own way."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return _link_words(path, "which does not exist") or "nothing (no such file)"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a link that leads back to itself (a link loop)"
        return f"a file that cannot be read ({exc.strerror or exc})"
    kind = kind_of(mode)
    if kind is None:
        return None
    return _link_words(path, f"which is {kind}") or kind


def link_target(path: Path) -> str:
    """Where a link leads, as written in it (else where the path leads), for messages."""
    try:
        return os.readlink(path)
    except OSError:
        try:
            return str(Path(path).resolve())
        except (OSError, RuntimeError):
            return str(path)


def _link_words(path: Path, then: str) -> str | None:
    try:
        return f"a link to {os.readlink(path)}, {then}" if path.is_symlink() else None
    except OSError:
        return None


def _refuse_kind(path: Path, mode: int, what: str, where: Where | None) -> None:
    kind = kind_of(mode)
    if kind is None:
        return
    words = f"is {kind}, not an ordinary file, so it cannot be read as {_a(what)}"
    if Path(path).is_symlink():
        with suppress(OSError):
            words = f"is a link to {os.readlink(path)}, which {words}"
    raise _refusal(path, where, words, f"in its place put the {what} itself, saved as an ordinary file")


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1] in "aeiou" else f"a {noun}"


def _missing(path: Path, where: Where | None) -> UserError:
    if Path(path).is_symlink():
        try:
            target = os.readlink(path)
        except OSError:
            target = "a file"
        return _refusal(path, where, f"is a link to {target}, which does not exist",
                        "replace the link with the file itself")
    if where is not None and where.file is not None:
        return UserError(f"{shown(path)} does not exist", where)
    return UserError("file not found", Where(path))


def _unreadable(path: Path, where: Where | None, exc: OSError) -> UserError:
    return _refusal(path, where, f"cannot be read ({exc.strerror or exc})", "check that you may read the file")


def _too_big(path: Path, where: Where | None, what: str, size: str, limit: int) -> UserError:
    return _refusal(path, where, f"is {size}; printgen reads {_a(what)} of at most {describe_bytes(limit)}",
                    "check that this is the right file, and that nothing large was pasted into it")
