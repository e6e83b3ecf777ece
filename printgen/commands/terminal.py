"""How every command speaks on the terminal: the one-line error a teacher reads, and the progress
bar; shared so that build, validate and the editing commands look and sound the same.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from printgen.files.errors import UserError

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar as ClickBar  # what click.progressbar() returns


def say_error(error: UserError) -> None:
    click.secho("error: ", fg="red", bold=True, err=True, nl=False)
    click.echo(str(error), err=True)


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
