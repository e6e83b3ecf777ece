"""`printgen build --watch`: build, then build again whenever a file of the deck changes.

watchfiles (the operating system's change notices, batched) rather than polling: a save in an
editor often writes several files (a temporary copy, a rename, a backup), and one batch gives
one rebuild. A failed build only prints its error; the watcher keeps going, so the teacher fixes
the line and saves again.

Each deck is found once, at the start, and from then on built by its folder's full path, never
by the name typed: a name is looked up again on every build, and a folder `cromwell/` that lost
its deck.yaml would then mean the shipped Cromwell, whose PDFs would silently replace the
teacher's. A deck whose deck.yaml (or whole folder) disappears is said once and skipped until it
comes back; then the folders are watched afresh, since the system's watch on a deleted folder is
gone with it, even when a folder of the same name (and often the same inode number) is made again.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

import click

from printgen.files.paths import DECK_FILE, layouts_dir
from printgen.model.load import find_deck, shipped_decks

# Files editors and office programs keep beside the one being edited (backups, swap and lock
# files); they are never part of a deck. Short-lived ones (sed -i's "sedAbC123", an editor's
# save-by-rename copy) need no pattern: a file that is gone by the end of a batch of changes and
# was not there before is nobody's file (see real_changes).
IGNORED_SUFFIXES = (".bak", ".tmp", ".swp", ".swo", ".swx", ".kate-swp", ".part", ".crdownload", "~")
IGNORED_PREFIXES = (".", "#", "~$", "~lock.")


def resolve_decks(refs: list[str]) -> list[str]:
    """Each deck as the full path of its folder, found once at the start: the deck a later build
    makes is the one the watch started with. A deck that cannot be found is kept as typed, for
    each build to report."""
    found = []
    for ref in refs:
        try:
            found.append(str(find_deck(ref).resolve()))
        except Exception:          # the first build reports it
            found.append(ref)
    return found


def watched_folders(decks: list[str]) -> list[Path]:
    """Each deck's folder that is there now, and the shipped layouts (a deck's look may come
    from there)."""
    folders = [Path(d) for d in decks if Path(d).is_absolute() and Path(d).is_dir()]
    folders.append(layouts_dir().resolve())
    return sorted(set(folders))


def present(deck: str) -> bool:
    """The deck's folder has its deck.yaml."""
    return (Path(deck) / DECK_FILE).is_file()


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


def watch_builds(refs: list[str], out: Path, rebuild: Callable[[list[str]], None],
                 stop_event=None) -> None:
    """Run `rebuild(decks)` now and after every batch of changes until Ctrl-C (or `stop_event`);
    `decks` are the folders found at the start, those whose deck.yaml is there."""
    decks = resolve_decks(refs or [str(p) for p in shipped_decks()])
    out = Path(out).resolve()
    gone: set[str] = set()
    tracked = [deck for deck in decks if Path(deck).is_absolute() and present(deck)]   # not found: each build says why

    def build_present() -> None:
        here = [d for d in decks if d not in gone]
        if here:
            _run(lambda: rebuild(here))

    def went_or_came() -> bool:
        """Say once each deck that went and each that came back; True when one came back."""
        back = False
        for deck in tracked:
            if present(deck) == (deck not in gone):
                continue
            if deck in gone:
                gone.discard(deck)
                back = True
                click.echo(f"{_shown(Path(deck) / DECK_FILE)} is back; building again", err=True)
            else:
                gone.add(deck)
                click.echo(f"{_shown(Path(deck) / DECK_FILE)} is gone; not building it until it comes back "
                           f"(Ctrl-C to stop)", err=True)
        return back

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
        announced: list[bool] = []
        while _watch(decks, out, stop_event, announced, build_present, went_or_came, gone):
            pass                    # a deck came back, or a deck folder went or came: watch afresh
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


def _watch(decks: list[str], out: Path, stop_event, announced: list[bool], build_present: Callable[[], None],
           went_or_came: Callable[[], bool], gone: set[str]) -> bool:
    """Watch the decks' folders until stopped (False), or until a deck comes back or a deck's
    folder itself goes or comes (True: watch again, taking in the folders there now)."""
    import logging

    from watchfiles import watch

    # its own line on Ctrl-C or SIGTERM ("KeyboardInterrupt caught, stopping watch") would run into
    # printgen's one line saying it stopped
    logging.getLogger("watchfiles.main").setLevel(logging.ERROR)
    folders = watched_folders(decks)
    roots = {Path(deck) for deck in decks if Path(deck).is_absolute()}

    def relevant(change, path: str) -> bool:
        p = Path(path)
        return not ignored(p.name) and not _inside(p, out)    # not our own output, when --out is inside

    known = deck_files(folders, out)
    # watchfiles starts its watcher at the first step of the generator; the first build waits for
    # that step, so an edit saved while it runs (or just after) is seen, not lost in between.
    batches = watch(*folders, watch_filter=relevant, debounce=400, step=100, stop_event=stop_event,
                    raise_interrupt=False, yield_on_timeout=True, rust_timeout=250)
    watching = False
    try:
        while True:
            try:
                changes = next(batches)
            except StopIteration:
                return False
            except FileNotFoundError:   # a deck folder went as this watch was starting
                return True
            if not watching:        # the watcher is up: build once, covering anything already changed
                watching = True
                if went_or_came():  # a folder came back while this watch was starting: take it in
                    return True
                build_present()
                if not announced:
                    announced.append(True)
                    click.echo(f"watching {', '.join(str(f) for f in folders)} for changes (Ctrl-C to stop)",
                               err=True)
                continue
            # Checked on every batch, empty ones too: a folder made again is not watched until then.
            if went_or_came():
                return True
            paths = {Path(path).resolve() for _, path in changes}
            if paths & roots:       # a deck folder itself deleted or made (the system's watch went with it)
                return True
            real = real_changes(paths, known)
            real = [p for p in real if not any(_inside(p, Path(deck)) for deck in gone)]
            if not real:                # nothing, or only an editor's temporary files came and went
                continue
            names = sorted({p.name for p in real})
            click.echo(f"changed: {', '.join(names)}; building again", err=True)
            build_present()
    finally:
        batches.close()


def _shown(path: Path) -> str:
    """A path as a message shows it: relative to the working folder when inside it."""
    try:
        return str(path.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _run(rebuild: Callable[[], None]) -> None:
    with suppress(SystemExit):          # the build command's exit status: its messages are already out
        rebuild()
