"""The options of `printgen build` that choose how the cards go on the pages (issue 29):
`--imposition`, `--page-order` and `--crop` (model/arrange.py), kept here so the build command
stays one screen long."""

from __future__ import annotations

import sys
from dataclasses import replace

import click

from printgen.commands.terminal import say_error
from printgen.files.errors import UserError

OPTIONS = [
    click.option("--imposition", type=click.Choice(["sheets", "gutter-fold", "single"]), default="sheets",
                 show_default=True, help="How the cards go on the pages: duplex sheets; gutter-fold (each back "
                                         "beside its front, fold and glue); single (one side a page at trim plus "
                                         "bleed, for a print shop)."),
    click.option("--page-order", "page_order", type=click.Choice(["back-first", "front-first"]),
                 default="back-first", show_default=True,
                 help="With --imposition single: each card's back page before its front (DriveThruCards) or after it."),
    click.option("--crop", type=click.Choice(["marks", "lines"]), default="marks", show_default=True,
                 help="Crop marks round the cards, or cut lines right across the sheet for a guillotine."),
]


def imposition_options(func):
    """The three options, in this order in --help."""
    for option in reversed(OPTIONS):
        func = option(func)
    return func


def with_imposition(options, imposition: str, crop: str, page_order: str):
    """The build's options with the choices added; a pairing that means nothing (a back offset
    for a gutter fold, cut lines on single pages) stops the build at once, exit status 2."""
    from printgen.model.arrange import check_choices

    try:
        check_choices(imposition, crop, page_order, options.duplex, options.back_offset)
    except UserError as error:
        say_error(error)
        sys.exit(2)
    return replace(options, imposition=imposition, crop=crop, page_order=page_order)
