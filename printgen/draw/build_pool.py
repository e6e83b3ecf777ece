"""Several decks of one `printgen build` drawn side by side, one process a core.

Why processes, forked: drawing is pure Python and holds the interpreter's lock, so threads would
take turns on one core. A process forked after the imports starts at once (a fresh interpreter
would spend a third of a small build importing ReportLab and Jinja again) and shares nothing a
build changes. Each child draws one deck at a time, as `build_deck(write=False)`, and hands back
its files; the parent writes every deck's files in one all-or-none step (publish_builds), so a
mistake in any deck still leaves every earlier output as it was.

A deck's bytes do not depend on which decks its process drew before it, so the files are those of
a build one deck at a time (tests/test_build_pool.py compares the two).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Sequence
from typing import Any

from printgen.draw import build
from printgen.draw.build import BuildOptions, BuildResult, Progress
from printgen.files.errors import UserError

Outcome = BuildResult | UserError


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:                      # not Linux
        return os.cpu_count() or 1


def build_decks(refs: Sequence[str], options: BuildOptions, progress: Callable[[], Progress]) -> list[Outcome]:
    """Each deck's build (its staged files) or its UserError, in the order of `refs`: side by side
    when there are several decks and several cores and the system can fork, else one at a time
    with `progress` (a bar per deck)."""
    workers = min(len(refs), cores())
    if workers < 2 or not hasattr(os, "fork"):
        return [_build(ref, options, progress()) for ref in refs]
    import multiprocessing

    # the heaviest deck first: handed out in the order asked, the Spanish deck (about half of the
    # shipped decks' work) started last and drew on alone while the other core sat idle
    order = sorted(range(len(refs)), key=lambda i: -weight(refs[i]))
    with multiprocessing.get_context("fork").Pool(workers, initializer=_quiet_child) as pool:
        sent = pool.map(_child, [(refs[i], options) for i in order], chunksize=1)
    back: list[Outcome | None] = [None] * len(refs)
    for i, item in zip(order, sent):
        back[i] = _received(item)
    return [outcome for outcome in back if outcome is not None]


def weight(ref: str) -> int:
    """A deck's drawing work guessed before it is read: the bytes of the files that say what is
    drawn (its cards, rule sheets, boards and tables). A deck that cannot be found weighs nothing;
    its build says why."""
    from printgen.model.load import find_deck

    try:
        folder = find_deck(ref)
        files = [folder / "deck.yaml", *folder.glob("rules/*.md"), *folder.glob("boards/*.yaml"),
                 *folder.glob("tables/*.yaml")]
        return sum(path.stat().st_size for path in files if path.is_file())
    except (UserError, OSError):
        return 0


def _build(ref: str, options: BuildOptions, progress: Progress | None) -> Outcome:
    try:
        return build.build_deck(ref, options, progress, write=False)      # by the module: tests replace it
    except UserError as error:
        return error


def _quiet_child() -> None:
    """Ctrl-C reaches every process of the terminal's group; the parent stops the children itself
    (the pool's exit ends them), so a child takes no notice and prints no traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _child(job: tuple[str, BuildOptions]) -> tuple[str, Any]:
    """In a child: one deck's build, in a form that crosses back to the parent (a UserError is a
    dataclass exception, which pickle cannot make again, so it travels as its fields)."""
    ref, options = job
    outcome = _build(ref, options, None)
    if isinstance(outcome, UserError):
        return "error", (outcome.message, outcome.where, outcome.hint, outcome.sheet_hint)
    return "built", outcome


def _received(item: tuple[str, Any]) -> Outcome:
    kind, value = item
    if kind == "error":
        message, where, hint, sheet_hint = value
        return UserError(message, where, hint, sheet_hint)
    return value
