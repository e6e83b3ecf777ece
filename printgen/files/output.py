"""Writing results all or none: never a half-written file, never half of a build replaced.

A build writes several files (cards PDF, manifest, rule sheets...). Each new file is first
written in full to a temporary file beside its target. Only when every one is complete are they
moved in, one by one; before each move the file it replaces is kept as a backup (a hard link,
so the target never goes missing). If any move fails (a folder where a file should be, a PDF
held open by another program, a full disk), every target already replaced gets its original
back and every new one is removed, so the message "nothing was written" stays true. Ctrl-C and
SIGTERM are held back during the moves and the clean-up runs on every way out, so no temporary
file is left behind.

A process killed outright (kill -9, a power cut) between two moves cannot undo anything itself.
For that, the set is journalled (printgen/files/journal.py): before the first move a journal naming
every target, its staged file and its backup is synced into each folder written to, and removed
after the last; the next publish into that folder (and `printgen build` at its start) finds it
and finishes the set, or puts the originals back, saying so in one line. Each publish holds a
lock on its folders meanwhile, so two printgen commands writing into one folder (two terminals,
or the web editor's threads) take turns, and each set stays whole.
"""

from __future__ import annotations

import errno
import os
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from printgen.files import journal
from printgen.files.errors import Where
from printgen.files.journal import PublishError

__all__ = ["PublishError", "UNCHANGED", "publish", "short_path"]

# What every refusal to write can promise, unless it says otherwise (PublishError.partial).
UNCHANGED = "nothing was written, and the files already there are unchanged"
_HINT = "check that the output folder is writable, the disk is not full and no other program has the file open"
_HINTS: dict[int | None, str] = {      # by an OSError's errno, which may be None; {option} names where to
    errno.ENOSPC: "free some space (or write elsewhere with {option}) and try again",
    errno.EDQUOT: "free some space (or write elsewhere with {option}) and try again",
    errno.EISDIR: "move or rename that folder, or write elsewhere with {option}",
    errno.ENOTDIR: "move or rename that file, or write elsewhere with {option}",
    errno.EROFS: "write elsewhere with {option}",
}


def publish(files: dict[Path, bytes], option: str = "--out") -> None:
    """Write all files or none of them: earlier versions stay untouched on any failure, and a
    set cut short by a kill is finished or undone by the next publish into its folders.
    `option`: the command-line option that chose where (a hint names it, never one the command lacks)."""
    if not files:
        return
    created: list[Path] = []          # folders made for this build, removed again on failure
    staged: list[tuple[Path, Path, bytes]] = []
    published = False
    try:
        for target in files:
            try:
                created += _make_folder(target.parent)
            except OSError as exc:
                raise _named(exc, target) from exc
        with journal.locked(target.parent for target in files):
            for target, data in files.items():
                try:
                    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{journal.STAGED_MARK}", suffix=".tmp",
                                               dir=target.parent)
                    staged.append((Path(tmp), target, data))
                    try:
                        os.fchmod(fd, _mode_for(target))
                        _write_all(fd, data)
                        os.fsync(fd)
                    finally:
                        os.close(fd)
                    journal.checkpoint("staged")
                except OSError as exc:
                    raise _named(exc, target) from exc
            with _signals_held():
                _commit(journal.new_plan(staged, created))
            published = True
    except OSError as exc:
        raise PublishError(f"{_describe(exc)}; {UNCHANGED}", Where(),
                           _HINTS.get(exc.errno, _HINT).format(option=option)) from None
    finally:
        with _signals_held():            # a second Ctrl-C must not leave the clean-up half done
            for staged_file, _, _ in staged:
                _remove(staged_file)
            if not published:
                for folder in reversed(created):
                    _rmdir_if_empty(folder)


def _commit(plan: journal.Plan) -> None:
    """Journal the set, move every staged file onto its target keeping backups, and undo all of
    it on failure; the journal goes once the set is settled."""
    journal.write(plan)                 # from here on, a kill is finished by the next publish
    done: list[tuple[Path, Path | None]] = []   # (target, its backup or None if it is new)
    try:
        for entry in plan.entries:
            try:
                backup = _backup(entry.target, entry.backup)
                done.append((entry.target, backup))
                os.replace(entry.staged, entry.target)
            except OSError as exc:
                raise _named(exc, entry.target) from exc
            journal.checkpoint("renamed")
    except BaseException as failure:
        journal.mark_undo(plan)
        journal.checkpoint("undoing")
        lost = _undo(done)
        if lost:                         # the journal stays: the next publish tries again
            names = "; ".join(f"{t} (its previous version is in {b})" for t, b in lost)
            message = _describe(failure) if isinstance(failure, OSError) else "writing was interrupted"
            error = PublishError(f"{message}; some files could not be put back as they were: {names}", Where(), _HINT)
            error.partial = True
            raise error from None
        journal.remove(plan)
        raise
    journal.sync_folders(plan)
    for _, backup in done:
        if backup is not None:
            _remove(backup)
    journal.checkpoint("cleaned")
    journal.remove(plan)


def _named(exc: OSError, target: Path) -> OSError:
    """The error naming the file the user asked for: a failed write() names no file at all, and
    a failed move names our hidden staging copy."""
    name = str(exc.filename) if exc.filename else ""
    if not name or name.endswith((".tmp", ".old")) or Path(name).name.startswith("."):
        exc.filename = str(target)
    return exc


def _backup(target: Path, backup: Path | None) -> Path | None:
    """Keep the current target under the hidden name the journal gave it; None when there is
    nothing to keep."""
    if backup is None or not os.path.lexists(target):
        return None
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "there is a folder with that name", str(target))
    try:
        os.link(target, backup, follow_symlinks=False)   # the target stays in place until replaced
    except FileExistsError:
        raise
    except OSError:
        os.replace(target, backup)       # file systems without hard links (some USB sticks)
    return backup


def _undo(done: list[tuple[Path, Path | None]]) -> list[tuple[Path, Path]]:
    """Put every original back; returns the (target, backup) pairs that could not be restored."""
    lost = []
    for target, backup in reversed(done):
        try:
            if backup is None:
                if os.path.lexists(target) and not target.is_dir():
                    os.unlink(target)
            elif os.path.lexists(target) and os.path.samefile(backup, target):
                os.unlink(backup)            # never replaced: rename() between two links does nothing
            else:
                os.replace(backup, target)
            journal.checkpoint("restored")
        except OSError:
            if backup is not None:
                lost.append((target, backup))
    return lost


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view[: 1 << 20])
        view = view[written:]


def _make_folder(folder: Path) -> list[Path]:
    """Create `folder` and missing parents; return the ones created, outermost first."""
    missing = []
    current = folder
    while not current.exists():
        if os.path.lexists(current):       # a broken link: mkdir would fail with a puzzling message
            break
        missing.append(current)
        if current.parent == current:
            break
        current = current.parent
    if current.exists() and not current.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "it is a file, not a folder", str(current))
    folder.mkdir(parents=True, exist_ok=True)
    return list(reversed(missing))


def _describe(exc: OSError) -> str:
    name = short_path(exc.filename) if exc.filename else "the output"
    reasons: dict[int | None, str] = {
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is used up",
        errno.EFBIG: "the file is larger than this system allows",
        errno.EISDIR: "there is a folder with that name",
        errno.ENOTDIR: "a part of the path is a file, not a folder",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.EROFS: "the disk is read-only",
        errno.ENAMETOOLONG: "the name is too long",
    }
    return f"could not write {name}: {reasons.get(exc.errno, exc.strerror or str(exc))}"


def short_path(name: object, limit: int = 120) -> str:
    """A path for a message: shortened in the middle when it is absurdly long."""
    text = str(name)
    return text if len(text) <= limit else f"{text[: limit // 2]}...{text[-limit // 2:]}"


def _remove(path: Path) -> None:
    with suppress(OSError):
        os.unlink(path)


def _rmdir_if_empty(folder: Path) -> None:
    with suppress(OSError):
        folder.rmdir()


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold back Ctrl-C and SIGTERM while files are moved, so a build is never half replaced;
    they take effect right after."""
    mask = getattr(signal, "pthread_sigmask", None)
    held = {signal.SIGINT, signal.SIGTERM}
    try:
        previous = mask(signal.SIG_BLOCK, held) if mask else None
    except (OSError, ValueError):
        previous = None
    try:
        yield
    finally:
        if mask is not None and previous is not None:
            mask(signal.SIG_SETMASK, previous)


def _mode_for(target: Path) -> int:
    """Keep an existing file's permissions; new files get the usual 0666 less the umask
    (mkstemp alone would leave them private to the user)."""
    try:
        return target.stat().st_mode & 0o777
    except (FileNotFoundError, NotADirectoryError):
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask
