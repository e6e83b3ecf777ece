"""`printgen build --watch`: build, then build again whenever a file of the deck changes.

watchfiles (the operating system's change notices, batched) rather than polling: a save in an
editor often writes several files (a temporary copy, a rename, a backup), and one batch gives
one rebuild. A failed build only prints its error; the watcher keeps going, so the teacher fixes
the line and saves again.
"""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Callable

import click

from printgen.load import find_deck, shipped_decks
from printgen.paths import layouts_dir

# Files editors and office programs keep beside the one being edited (backups, swap and lock
# files); they are never part of a deck. Short-lived ones (sed -i's "sedAbC123", an editor's
# save-by-rename copy) need no pattern: a file that is gone by the end of a batch of changes and
# was not there before is nobody's file (see real_changes).
IGNORED_SUFFIXES = (".bak", ".tmp", ".swp", ".swo", ".swx", ".kate-swp", ".part", ".crdownload", "~")
IGNORED_PREFIXES = (".", "#", "~$", "~lock.")


def watched_folders(refs: list[str]) -> list[Path]:
    """Each deck's folder and the shipped layouts (a deck's look may come from there)."""
    folders = []
    for ref in refs:
        try:
            folders.append(find_deck(ref).resolve())
        except Exception:          # the first build reports it; watch what is there
            continue
    folders.append(layouts_dir().resolve())
    return sorted(set(folders))


def ignored(name: str) -> bool:
    """An editor's or office program's own file (backup, swap, lock), never a deck's."""
    return name.startswith(IGNORED_PREFIXES) or name.endswith(IGNORED_SUFFIXES) or name == "4913"  # vim's probe


def deck_files(folders: list[Path], out: Path) -> set[Path]:
    """The files under the watched folders that could be part of a deck (not our output)."""
    found = set()
    for folder in folders:
        for path in folder.rglob("*"):
            if path.is_file() and not ignored(path.name) and not _inside(path, out):
                found.add(path.resolve())
    return found


def real_changes(changed: set[Path], known: set[Path]) -> list[Path]:
    """Of a batch's changed paths, the deck's real files: those there now, and those that were
    there before the batch and are gone (a deleted picture). `known` is brought up to date."""
    real = []
    for path in sorted(changed):
        if path.is_file():
            known.add(path)
            real.append(path)
        elif path in known:
            known.discard(path)
            real.append(path)
    return real


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder)
        return True
    except ValueError:
        return False


def watch_builds(refs: list[str], out: Path, rebuild: Callable[[], None],
                 stop_event=None) -> None:
    """Run `rebuild` now and after every batch of changes until Ctrl-C (or `stop_event`)."""
    from watchfiles import watch

    folders = watched_folders(refs or [str(p) for p in shipped_decks()])
    out = Path(out).resolve()

    def relevant(change, path: str) -> bool:
        p = Path(path)
        return not ignored(p.name) and not _inside(p, out)    # not our own output, when --out is inside

    known = deck_files(folders, out)
    # watchfiles starts its watcher at the first step of the generator; the first build waits for
    # that step, so an edit saved while it runs (or just after) is seen, not lost in between.
    batches = watch(*folders, watch_filter=relevant, debounce=400, step=100, stop_event=stop_event,
                    raise_interrupt=False, yield_on_timeout=True, rust_timeout=250)
    # watchfiles turns any signal into a plain KeyboardInterrupt; note a SIGTERM, so the command
    # still ends as stopped (143) rather than interrupted (130).
    terminated = []

    def on_term(signum, frame):
        terminated.append(signum)
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, on_term)
    except ValueError:              # not the main thread
        previous = None
    try:
        watching = False
        for changes in batches:
            if not watching:        # the watcher is up: build once, covering anything already changed
                watching = True
                _run(rebuild)
                click.echo(f"watching {', '.join(str(f) for f in folders)} for changes (Ctrl-C to stop)", err=True)
                continue
            real = real_changes({Path(path).resolve() for _, path in changes}, known)
            if not real:                # nothing, or only an editor's temporary files came and went
                continue
            names = sorted({p.name for p in real})
            click.echo(f"changed: {', '.join(names)}; building again", err=True)
            _run(rebuild)
    except KeyboardInterrupt:
        if not terminated:
            raise
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    if terminated:
        signal.raise_signal(signal.SIGTERM)       # the command's own handler reports it
    elif stop_event is None or not stop_event.is_set():
        raise KeyboardInterrupt


def _run(rebuild: Callable[[], None]) -> None:
    try:
        rebuild()
    except SystemExit:          # the build command's exit status: its messages are already out
        pass
