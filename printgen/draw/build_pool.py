"""The decks of one `printgen build` drawn side by side, one process a core.

Why processes, forked: drawing is pure Python and holds the interpreter's lock, so threads would
take turns on one core. A process forked after the imports starts at once (a fresh interpreter
would spend a third of a small build importing ReportLab and Jinja again) and shares nothing a
build changes.

The pool's unit is a part of a deck, not a whole deck: the Spanish deck is about half of the
shipped decks' work, so with whole decks handed out it drew on alone while the other core sat
idle. First each deck is read and checked (`build.plan_build`, side by side too); then every
part of every deck (a pack's cards, a rule sheet, a form, a board) is handed out, the heaviest
first, with its deck's plan. The parent puts each deck's parts back together in their own order
(`build.finish`) and writes every deck's files in one all-or-none step (publish_builds), so a
mistake in any part of any deck still leaves every earlier output as it was.

A part's bytes do not depend on which process drew it nor on what that process drew before, so
the files are those of a build one deck at a time (tests/test_build_pool.py compares the two).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from printgen.draw import build
from printgen.draw.build import BuildOptions, BuildResult, Part, Plan, Progress
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
    if len(refs) < 2 or cores() < 2 or not hasattr(os, "fork"):
        return [_build(ref, options, progress()) for ref in refs]
    import gc

    # No garbage collection in the parent while it reads the decks and imports (a few hundredths of
    # a second of a build nothing else can use, collecting what it has just made and keeps), and
    # what it holds frozen at the fork (gc.freeze) so that the children's collections skip it: they
    # would scan it again in each process and, touching every object, copy its memory pages. The
    # children collect as usual.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _side_by_side(refs, options, collecting)
    finally:
        if collecting:
            gc.enable()


def _side_by_side(refs: Sequence[str], options: BuildOptions, collecting: bool) -> list[Outcome]:
    import gc
    import multiprocessing

    global _plans
    # Read and checked here, before the fork: both processes then share the checked decks and what
    # reading them loaded once (pydantic's checks, the layouts' fonts), and a deck from the cache of
    # checked decks costs next to nothing. Then every part of every deck, the heaviest first.
    plans: list[Plan | UserError] = [_planned(ref, options) for ref in refs]
    jobs = [(d, u) for d, plan in enumerate(plans) if isinstance(plan, Plan) for u in range(len(plan.units))]
    jobs.sort(key=lambda job: -unit_weight(_as_plan(plans[job[0]]), job[1]))      # stable: ties keep order
    drawn: list[tuple[str, Any]] = []
    if jobs:
        _warm({plan.units[u][0] for plan in plans if isinstance(plan, Plan) for u in range(len(plan.units))})
        _plans = plans
        gc.freeze()
        try:
            with multiprocessing.get_context("fork").Pool(min(len(jobs), cores()), initializer=_quiet_child,
                                                          initargs=(collecting,)) as pool:
                drawn = pool.map(_draw, jobs, chunksize=1)
                # Let the workers finish on their own. Leaving the block terminates them with SIGTERM,
                # and one killed while it held the job queue's lock left the other waiting for it
                # for ever (seen once on a loaded machine); after join they have all exited.
                pool.close()
                pool.join()
        finally:
            _plans = []
            gc.unfreeze()
    parts: dict[tuple[int, int], Part | UserError] = {job: _received(item) for job, item in zip(jobs, drawn)}
    back: list[Outcome] = []
    for d, plan in enumerate(plans):
        if not isinstance(plan, Plan):
            assert isinstance(plan, UserError), "every deck was planned"
            back.append(plan)
            continue
        mine = [parts[(d, u)] for u in range(len(plan.units))]
        # the first mistake in the order of the deck's parts: the one a build one part at a time stops at
        error = next((p for p in mine if isinstance(p, UserError)), None)
        back.append(error if error is not None else build.finish(plan, [p for p in mine if isinstance(p, Part)],
                                                                  write=False))
    return back


# Processor time a part takes, roughly (measured on the shipped decks): a card's face and back,
# and a byte of a rule sheet's, form's or board's source. Only the order of the parts uses it.
CARD_WORK = 3500
BYTE_WORK = 20


def unit_weight(plan: Plan, index: int) -> int:
    """A part's drawing work guessed from its plan: its cards, or its source file's bytes."""
    kind, what = plan.units[index]
    if kind == "cards":
        return CARD_WORK * len(plan.packs[what if isinstance(what, str) else None].cards)
    try:
        return BYTE_WORK * Path(str(what)).stat().st_size
    except OSError:
        return 0


def _as_plan(plan: Plan | UserError | None) -> Plan:
    assert isinstance(plan, Plan), "only the parts of planned decks are drawn"
    return plan


def _build(ref: str, options: BuildOptions, progress: Progress | None) -> Outcome:
    try:
        return build.build_deck(ref, options, progress, write=False)      # by the module: tests replace it
    except UserError as error:
        return error


def _quiet_child(collecting: bool = True) -> None:
    """Ctrl-C reaches every process of the terminal's group; the parent stops the children itself
    (the pool's exit ends them), so a child takes no notice and prints no traceback of its own. A
    child collects garbage as the parent did before the build (which stops while it forks)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if collecting:
        import gc

        gc.enable()


# What drawing each kind of part imports on first use (printgen imports its drawing code late, so
# that a command which draws nothing does not pay for it). Imported once in the parent before the
# fork, instead of once in every process: that was a few tenths of a second of processor time
# each. Leaving each kind's imports to the workers that draw it was measured too, and was slower
# (bench/README.md, "Both cores"): rule sheets, forms and boards share most of theirs (platypus,
# markdown_it), they are about 70 % of the drawing, so both workers need them, and importing in
# each costs as much time as importing once before the fork. Importing changes nothing a part
# draws. Not pydantic: a build from the cache of checked decks draws every part without it (the
# plan carries each form, board, table layout and card size checked), and a first build's parent
# imported it while reading.
WARM = {"cards": ("printgen.draw.sheets.faces", "printgen.draw.sheets.pdf", "printgen.draw.press"),
        "rules": ("printgen.draw.documents.rules", "markdown_it", "reportlab.platypus", "printgen.games.registry"),
        "sheet": ("printgen.draw.documents.forms",),
        "board": ("printgen.draw.documents.boards",)}


def _warm(kinds: set[str]) -> None:
    import importlib

    for kind in sorted(kinds):
        for module in WARM.get(kind, ()):
            importlib.import_module(module)


def _planned(ref: str, options: BuildOptions) -> Plan | UserError:
    try:
        return build.plan_build(ref, options)
    except UserError as error:
        return error


# The plans of the build in hand, set before the pool forks: a child finds its part's plan here.
_plans: list[Plan | UserError] = []


def _draw(job: tuple[int, int]) -> tuple[str, Any]:
    """In a child: one part of a deck drawn (the deck's index in the build, the part's in its
    plan), or its error."""
    deck, index = job
    try:
        return "built", build.draw_unit(_as_plan(_plans[deck]), index)
    except UserError as error:
        return _error(error)


def _error(error: UserError) -> tuple[str, Any]:
    """A UserError in a form that crosses back to the parent (it is a dataclass exception, which
    pickle cannot make again, so it travels as its fields)."""
    return "error", (error.message, error.where, error.hint, error.sheet_hint)


def _received(item: tuple[str, Any]) -> Any:
    kind, value = item
    if kind == "error":
        message, where, hint, sheet_hint = value
        return UserError(message, where, hint, sheet_hint)
    return value
