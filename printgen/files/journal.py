"""The journal that keeps a set of published files all old or all new, even under kill -9.

`printgen.files.output.publish` replaces several files with one rename each. Renames can be undone
while the process lives, but a SIGKILL (or a power cut) between two of them would leave, say, a
new cards PDF beside the old manifest. So before the first rename, publish writes a journal into
every folder it is about to write into, listing each target, the staged file that will replace it
and the name of its backup (a hard link to the old file made just before the rename), with the
new file's size and SHA-256. It is the redo log of a database in miniature:

- Every folder but one gets a *secondary* copy first; the *primary* copy, written last in the
  first folder, is the commit point. Each copy is written under a temporary name, synced and
  renamed into place, and the folder is synced, so a copy is either whole or absent.
- After the last rename the backups are removed, then the primary copy, then the secondaries.
- A publish that fails while alive puts every original back; before it starts, it renames the
  primary to its "undo" name, so that a kill during the undo is finished as an undo.

Any publish into a folder, and `printgen build` at its start (for its output and deck folders),
first looks there for a journal left by a process that died. Finding one, it reads the primary:

- primary committed and every new file intact (its staged copy, or the target itself, has the
  recorded size and hash): the set is finished (roll forward), since all of it was written and
  synced before the commit point;
- primary marked for undo, or some new file damaged: every original is put back from its backup
  and every new target that had no original is removed;
- no primary of that set: it never committed (nothing was replaced), or it had finished and only
  its clean-up was cut short; either way the leftover staged files and copies are removed.

It says so in one line on the terminal. Recovery is idempotent, so a kill during recovery is
recovered by the next command in turn.

Two processes (two terminals, or the web editor's threads) may publish at once: each publish holds
an exclusive lock on every folder it writes into (printgen/files/folderlock.py) from before it stages
its files until its journal is gone. Under the lock a journal, or a staged file, can only be one
that a dead process left, which is what makes recovery (and sweeping stray staged files) safe.

Paths in a journal are relative to the folder holding that copy, so a folder moved or copied
whole (a USB stick) is still recovered correctly.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import field
from pathlib import Path

from printgen.files.errors import UserError
from printgen.files.folderlock import FolderLocks
from printgen.files.lean import lean_dataclass

JOURNAL = ".printgen-publish.journal"     # a copy of a set's journal (the primary: committed)
UNDO = ".printgen-publish.undo"           # the primary of a set being undone
PART = ".printgen-publish.part"           # a copy being written; never trusted
NAMES = (JOURNAL, UNDO, PART)
STAGED_MARK = "printgen-"                  # staged files are named .<target>.printgen-XXXXXXXX.tmp
_STAGED = re.compile(r"\..+\." + STAGED_MARK + r"[A-Za-z0-9_]{8}\.tmp")
LOCK_WAIT_S = 120.0                        # how long to wait for another printgen writing the same folder
PAUSE_ENV = "PRINTGEN_TEST_PUBLISH_PAUSE"  # tests only: STAGE[#N][=SECONDS], see checkpoint()


class PublishError(UserError):
    """Writing failed. `partial` is True only if some original could not be put back, in which
    case the message says which and where its backup is."""

    partial: bool = False


class JournalError(PublishError):
    """A folder is held by another printgen too long, or a leftover journal cannot be settled:
    nothing new was written."""


@lean_dataclass
class Entry:
    target: Path
    staged: Path
    backup: Path | None          # None when the target did not exist before
    size: int
    sha256: str


@lean_dataclass
class Plan:
    """One set of files published together, and the folders holding its journal (primary last)."""

    entries: list[Entry]
    copies: list[Path]
    created: list[Path] = field(default_factory=list)     # folders made for it, outermost first
    id: str = field(default_factory=lambda: secrets.token_hex(8))

    @property
    def primary(self) -> Path:
        return self.copies[-1]


def new_plan(staged: list[tuple[Path, Path, bytes]], created: list[Path]) -> Plan:
    """The journal of `staged` (temporary file, target, contents): backups named in advance, so
    that a recovery knows where each original is."""
    entries = []
    for tmp, target, data in staged:
        backup = None
        if os.path.lexists(target):
            backup = target.parent / f".{target.name}.{secrets.token_hex(4)}.old"
            while os.path.lexists(backup):
                backup = target.parent / f".{target.name}.{secrets.token_hex(4)}.old"
        entries.append(Entry(target, tmp, backup, len(data), hashlib.sha256(data).hexdigest()))
    folders = _distinct(e.target.parent for e in entries)
    # The primary is the first folder in the lock order; the others are written before it.
    return Plan(entries, folders[1:] + folders[:1], created)


# --- writing and removing a journal ------------------------------------------------------------

def write(plan: Plan) -> None:
    """Put a copy of the journal in every folder of the set, the primary last: once it is in
    place (and synced), the set is committed."""
    try:
        for folder in plan.copies:
            _write_copy(plan, folder)
            checkpoint("journal")
    except BaseException:
        for folder in plan.copies:       # the copies written, and the one cut short (PART)
            _unlink_copy(folder, plan.id)
        raise


def mark_undo(plan: Plan) -> None:
    """Before putting originals back: a recovery after a kill must undo, not finish, the set."""
    try:
        os.replace(plan.primary / JOURNAL, plan.primary / UNDO)
        sync_folder(plan.primary)
    except OSError:
        pass        # the undo goes on; a kill now would finish the set instead: still all or none


def remove(plan: Plan) -> None:
    """The set is settled: the primary goes first (the commit point), then the secondaries."""
    for folder in reversed(plan.copies):
        _unlink_copy(folder, plan.id)
        if folder == plan.primary:
            checkpoint("primary-removed")


def sync_folders(plan: Plan) -> None:
    for folder in plan.copies:
        sync_folder(folder)


def sync_folder(folder: Path) -> None:
    """Make renames and removals in `folder` durable (a no-op where folders cannot be synced)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_copy(plan: Plan, folder: Path) -> None:
    def rel(path: Path) -> str:
        return os.path.relpath(path, folder)

    record = {"printgen-publish": 1, "set": plan.id, "copies": [rel(f) for f in plan.copies],
              "created": [rel(f) for f in plan.created],
              "entries": [{"target": rel(e.target), "staged": rel(e.staged),
                           "backup": rel(e.backup) if e.backup else None, "size": e.size, "sha256": e.sha256}
                          for e in plan.entries]}
    part = folder / PART
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        data = memoryview(json.dumps(record).encode("utf-8"))
        while data:
            data = data[os.write(fd, data):]
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(part, folder / JOURNAL)
    sync_folder(folder)


def _read_copy(path: Path) -> Plan | None:
    """The set a journal copy describes; None for a copy that was never finished (PART) and
    cannot be read."""
    folder = path.parent
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        plan = Plan([Entry(folder / e["target"], folder / e["staged"], folder / e["backup"] if e["backup"] else None,
                           int(e["size"]), str(e["sha256"])) for e in record["entries"]],
                    [folder / f for f in record["copies"]], [folder / f for f in record["created"]], str(record["set"]))
    except (OSError, ValueError, KeyError, TypeError):
        if path.name == PART:
            return None
        raise JournalError(f"{_shown(path)} is left from a printgen command that was stopped while writing files, "
                           f"and it cannot be read; nothing was written",
                           hint="if the files in that folder look right, delete that hidden file and try "
                                "again") from None
    return plan


def _unlink_copy(folder: Path, set_id: str) -> None:
    """Remove this set's copy from `folder` under any of its names (and nobody else's)."""
    for name in NAMES:
        path = folder / name
        if not os.path.lexists(path):
            continue
        if name != PART:
            try:
                if json.loads(path.read_text(encoding="utf-8")).get("set") != set_id:
                    continue
            except (OSError, ValueError, AttributeError):
                continue
        _remove(path)
    sync_folder(folder)


@contextmanager
def locked(folders: Iterable[Path]) -> Iterator[None]:
    """Hold `folders` for one publish, first settling any set a dead process left in them."""
    wanted = {os.path.realpath(f) for f in folders}
    locks = FolderLocks(LOCK_WAIT_S, _lock_timeout)
    try:
        for _ in range(20):
            locks.take(wanted)
            leftovers = _leftovers(Path(f) for f in wanted)
            needed = wanted | {os.path.realpath(f) for plan in leftovers for f in _folders_of(plan)}
            if needed <= set(locks.held) or needed == wanted:
                for plan in leftovers:
                    _say(recover(plan))
                for folder in locks.held:
                    _sweep_staged(Path(folder))
                break
            wanted = needed              # the leftover set reaches further: hold its folders too
        yield
    finally:
        locks.release()


def _lock_timeout(folder: Path) -> JournalError:
    return JournalError(f"another printgen command has been writing into {_shown(folder)} for {LOCK_WAIT_S:g} s; "
                        f"nothing was written", hint="wait for it to finish (or stop it) and try again")


def recover_leftovers(folders: Iterable[Path], depth: int = 2) -> None:
    """Settle every set a killed printgen left in `folders` (and their folders `depth` deep):
    `printgen build` does this at its start, so that even a build that is then refused leaves
    its output and deck folders consistent."""
    found = []
    for folder in folders:
        found += _journal_folders(Path(folder), depth)
    for folder in _distinct(found):
        with locked([folder]):
            pass


def _journal_folders(folder: Path, depth: int) -> list[Path]:
    """The folders holding a journal or a staged file, from `folder` down `depth` levels."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    found = [folder] if any(e.name in NAMES or _STAGED.fullmatch(e.name) for e in entries) else []
    if depth > 0:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False) and not entry.name.startswith("."):
                found += _journal_folders(Path(entry.path), depth - 1)
    return found


def _leftovers(folders: Iterable[Path]) -> list[Plan]:
    plans: dict[str, Plan] = {}
    for folder in folders:
        for name in NAMES:
            path = folder / name
            if os.path.lexists(path):
                plan = _read_copy(path)
                if plan is None:
                    _remove(path)        # a copy cut short while written: its set never committed
                    sync_folder(folder)
                else:
                    plans.setdefault(plan.id, plan)
    return list(plans.values())


def _sweep_staged(folder: Path) -> None:
    """Remove staged files a process killed before its journal was written left behind. Files
    are staged only under the folder's lock, so under the lock any staged file is a dead one."""
    try:
        with os.scandir(folder) as entries:
            dead = [entry.path for entry in entries if entry.name.startswith(".") and _STAGED.fullmatch(entry.name)]
    except OSError:
        return
    for path in dead:
        _remove(Path(path))


def _folders_of(plan: Plan) -> list[Path]:
    return [f for f in _distinct([*plan.copies, *(e.target.parent for e in plan.entries)]) if f.is_dir()]


# --- recovery ----------------------------------------------------------------------------------

def recover(plan: Plan) -> str:
    """Finish or undo a set a dead process left (see the module's docstring); one line saying which."""
    state = _state(plan)
    where = ", ".join(_shown(f) for f in _distinct(e.target.parent for e in plan.entries))
    files = f"{len(plan.entries)} file{'s' if len(plan.entries) != 1 else ''}"
    try:
        if state == JOURNAL and all(_new_is_whole(e) for e in plan.entries):
            for entry in plan.entries:
                if os.path.lexists(entry.staged):
                    os.replace(entry.staged, entry.target)
            said = (f"an earlier printgen command was stopped while replacing {files} in {where}; "
                    f"all of them were whole, so the new versions are now in place")
            undone = False
        elif state in (JOURNAL, UNDO):
            for entry in plan.entries:
                _put_back(entry)
            said = (f"an earlier printgen command was stopped while replacing {files} in {where}; "
                    f"the earlier versions are back in place")
            undone = True
        else:
            said = (f"an earlier printgen command was stopped before replacing any of {files} in {where}; "
                    f"its unfinished copies were removed")
            undone = True
        for entry in plan.entries:
            for leftover in (entry.staged, entry.backup):
                if leftover is not None and os.path.lexists(leftover):
                    os.unlink(leftover)
    except OSError as exc:
        raise JournalError(f"an earlier printgen command was stopped while replacing {files} in {where}, and "
                           f"that could not be settled ({exc.strerror or exc}: {_shown(Path(exc.filename or ''))}); "
                           f"nothing new was written",
                           hint=f"move whatever is in the way and try again; the hidden file {JOURNAL} in that "
                                f"folder lists the files and their backups") from None
    for folder in _distinct(e.target.parent for e in plan.entries):
        sync_folder(folder)
    remove(plan)
    if undone:
        for folder in reversed(plan.created):
            with suppress(OSError):
                folder.rmdir()
    return said


def _state(plan: Plan) -> str | None:
    """JOURNAL (committed), UNDO (being undone), or None (never committed, or already done)."""
    for name in (UNDO, JOURNAL):
        path = plan.primary / name
        try:
            if json.loads(path.read_text(encoding="utf-8")).get("set") == plan.id:
                return name
        except (OSError, ValueError, AttributeError):
            continue
    return None


def _new_is_whole(entry: Entry) -> bool:
    """The new file is intact: still staged, or already renamed onto its target."""
    return _matches(entry.staged, entry) if os.path.lexists(entry.staged) else _matches(entry.target, entry)


def _put_back(entry: Entry) -> None:
    if entry.backup is not None:
        if os.path.lexists(entry.backup):
            if os.path.lexists(entry.target) and os.path.samefile(entry.backup, entry.target):
                os.unlink(entry.backup)          # never replaced
            else:
                os.replace(entry.backup, entry.target)
    elif not os.path.lexists(entry.staged) and _matches(entry.target, entry):
        os.unlink(entry.target)                  # a new file of the set, which had no earlier version


def _matches(path: Path, entry: Entry) -> bool:
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size != entry.size:
            return False
        digest = hashlib.sha256()
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
        return digest.hexdigest() == entry.sha256
    except OSError:
        return False


# --- small helpers ------------------------------------------------------------------------------

def checkpoint(stage: str) -> None:
    """A test-only pause, so that a test can kill the process at a chosen point of a publish:
    PRINTGEN_TEST_PUBLISH_PAUSE=STAGE[#N][=SECONDS] stops at the Nth time STAGE is reached
    (journal, renamed, undoing, restored, cleaned, primary-removed). Production never sets it."""
    spec = os.environ.get(PAUSE_ENV)
    if not spec:
        return
    wanted, _, seconds = spec.partition("=")
    name, _, nth = wanted.partition("#")
    if name != stage:
        return
    _REACHED[stage] = _REACHED.get(stage, 0) + 1
    if _REACHED[stage] == int(nth or 1):
        sys.stderr.write(f"printgen test hook: paused at {stage}#{_REACHED[stage]}\n")
        sys.stderr.flush()
        time.sleep(float(seconds or 60))


_REACHED: dict[str, int] = {}


def _distinct(folders: Iterable[Path]) -> list[Path]:
    """Folders in the lock order, each once (two spellings of one folder are one)."""
    seen: dict[str, Path] = {}
    for folder in folders:
        seen.setdefault(os.path.realpath(folder), Path(folder))
    return [seen[key] for key in sorted(seen)]


def _shown(path: Path) -> str:
    try:
        return os.path.relpath(path) if Path(path).resolve().is_relative_to(Path.cwd().resolve()) else str(path)
    except (OSError, ValueError):
        return str(path)


def _say(line: str) -> None:
    import click

    click.secho("note: ", fg="cyan", err=True, nl=False)
    click.echo(line, err=True)


def _remove(path: Path) -> None:
    with suppress(OSError):
        os.unlink(path)
