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

IGNORED_SUFFIXES = (".bak", ".tmp", ".swp", "~")


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


def watch_builds(refs: list[str], out: Path, rebuild: Callable[[], None],
                 stop_event=None) -> None:
    """Run `rebuild` now and after every batch of changes until Ctrl-C (or `stop_event`)."""
    from watchfiles import watch

    folders = watched_folders(refs or [str(p) for p in shipped_decks()])
    out = Path(out).resolve()

    def relevant(change, path: str) -> bool:
        p = Path(path)
        if p.name.startswith(".") or p.name.endswith(IGNORED_SUFFIXES):
            return False
        try:
            p.resolve().relative_to(out)
            return False               # our own output, when --out lies inside a deck folder
        except ValueError:
            return True

    _run(rebuild)
    click.echo(f"watching {', '.join(str(f) for f in folders)} for changes (Ctrl-C to stop)", err=True)
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
        for changes in watch(*folders, watch_filter=relevant, debounce=400, step=100, stop_event=stop_event,
                             raise_interrupt=False):
            names = sorted({Path(path).name for _, path in changes})
            click.echo(f"changed: {', '.join(names)}; building again", err=True)
            _run(rebuild)
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
