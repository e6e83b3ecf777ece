"""The options of issue 29's colour and ink saving on `build` and `preview`: `--colour`,
`--ink-limit` (printgen/draw/press) and `--backs` (a layout's `backs:` variants, model/backs.py).
Kept apart from cli.py so each way a deck leaves the desk adds its options in a module of its own."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:                 # the command line starts without loading the drawing code
    from printgen.draw.build import BuildOptions

BACKS = click.Choice(["dark", "light"], case_sensitive=False)


def backs_option(func):
    """`--backs`, for build and preview alike."""
    return click.option("--backs", "backs", type=BACKS, default="dark", show_default=True,
                        help="light: the layout's ink-saving backs (outline and words, no full-bleed colour).")(func)


def colour_options(func):
    """`--colour` and `--ink-limit`, for build, and `--backs`."""
    func = backs_option(func)
    func = click.option("--ink-limit", "ink_limit", type=float, default=None, metavar="PERCENT",
                        help="Most total ink under --colour cmyk (default 300; DriveThruCards asks 240).")(func)
    return click.option("--colour", "colour", type=click.Choice(["rgb", "cmyk"], case_sensitive=False),
                        default="rgb", show_default=True,
                        help="cmyk: the cards separated for a print shop's press through Ghostscript's CMYK "
                             "profile, with an OutputIntent (PDF/X-3).")(func)


def with_colour(options: BuildOptions, colour: str = "rgb", ink_limit: float | None = None,
                backs: str = "dark") -> BuildOptions:
    """The build options with these three set (the same object when all are the defaults)."""
    if (colour.lower(), ink_limit, backs.lower()) == ("rgb", None, "dark"):
        return options
    return replace(options, colour=colour.lower(), ink_limit=ink_limit, backs=backs.lower())
