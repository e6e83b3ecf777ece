"""How every command speaks on the terminal: the one-line error a teacher reads, and the progress
bar; shared so that build, validate and the editing commands look and sound the same.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from printgen.files.errors import UserError

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar as ClickBar  # what click.progressbar() returns


errors_said = 0      # errors this process set out to report: the exit status when stderr's reader left


def reader_left() -> int:
    """The exit status when the reader of printgen's output went away before the end: 2 if an
    error was being reported (a script piping stderr into `head` still sees the failure), else 1."""
    return 2 if errors_said else 1


def say_error(error: UserError) -> None:
    global errors_said
    errors_said += 1                # counted first: the exit status says it if the reader left
    try:
        click.secho("error: ", fg="red", bold=True, err=True, nl=False)
        click.echo(str(error), err=True)
    except BrokenPipeError:         # `2>&1 | head -c 20`: nobody reads it; the status (2) still tells
        pass


class ProgressBar:
    """A click progress bar per stage; silent when --quiet or not on a terminal. It is what
    draw.build's Progress asks for, by shape: the terminal module stays free of the drawing code so
    that the command line starts quickly."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.bar: ClickBar[int] | None = None

    def start(self, label: str, total: int) -> None:
        if self.enabled:
            self.bar = click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True)
            self.bar.__enter__()

    def advance(self) -> None:
        if self.bar is not None:
            self.bar.update(1)

    def finish(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


def batch_bars(quiet: bool) -> Callable[[str, int], Callable[[int], None] | None]:
    """validate's progress: a bar for each call that plays games (the report's batches, a game's
    comparisons, the skill ladder's rungs), ticked by the games each batch played; None (no bar)
    when --quiet or not on a terminal."""

    def bar_for(label: str, total: int) -> Callable[[int], None] | None:
        if quiet or not sys.stderr.isatty():
            return None
        bar = click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True)
        bar.__enter__()

        def tick(n: int) -> None:
            bar.update(n)
            if bar.pos >= total:
                bar.__exit__(None, None, None)
        return tick
    return bar_for
