"""`printgen export --to images|tts`: the deck as pictures for a print shop or Tabletop Simulator
(printgen/draw/export/), beside export's spreadsheet. Its options are declared here, so export's
own stay as they were."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import click

from printgen.commands.terminal import say_error
from printgen.files.errors import UserError


def pictures_options(func):
    """The options of `export --to`."""
    options = [
        click.option("--to", "to", type=click.Choice(["images", "tts"]), default=None,
                     help="Pictures instead of a spreadsheet: card images for a print shop, or Tabletop Simulator."),
        click.option("--preset", default=None, metavar="NAME",
                     help="With --to images: tgc, mpc or plain (layouts/export-presets.yaml)."),
        click.option("--dpi", type=int, default=None, metavar="N",
                     help="Resolution: for --preset plain (default 300) and --to tts (default 150)."),
        click.option("--out", default=None, metavar="DIR", help="With --to: write into DIR/<deck>/ (default output)."),
        click.option("--pack", default=None, metavar="NAME", help="With --to: one pack only (default: each pack)."),
        click.option("--cards", default=None, metavar="ID,ID...",
                     help="With --to: only these cards (ids or names, separated by commas)."),
        click.option("--card-size", "card_size", default=None, metavar="NAME",
                     help="With --to: draw the cards at another size from layouts/card-sizes.yaml (e.g. poker)."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def refuse_picture_options(output: str | None, preset, dpi, out, pack, cards, card_size) -> None:
    """A spreadsheet export takes -o and none of the picture options."""
    given = [name for name, value in (("--preset", preset), ("--dpi", dpi), ("--out", out), ("--pack", pack),
                                      ("--cards", cards), ("--card-size", card_size)) if value is not None]
    if given:
        raise UserError(f"{', '.join(given)} go with --to images or --to tts, not with a spreadsheet export",
                        hint="add --to images --preset tgc (or mpc, plain), or --to tts")
    if output is None:
        raise UserError("export needs -o FILE.csv or -o FILE.xlsx for a spreadsheet, or --to images|tts for pictures",
                        hint="for example: printgen export cromwell -o cards.xlsx, or printgen export cromwell "
                             "--to images --preset tgc")


def export_pictures(deck: str, to: str, output: str | None, preset: str | None, dpi: int | None, out: str | None,
                    pack: str | None, cards: str | None, card_size: str | None, settle: Callable[[str], None]) -> None:
    """Draw every pack's pictures, then write them all or none (`settle`: export's own first step,
    finishing a save a killed printgen left half done in the deck's folder)."""
    from printgen.draw.build import check_out_folder
    from printgen.files.output import PublishError, publish

    folder = Path(out) if out is not None else Path("output")
    try:
        if output is not None:
            raise UserError(f"-o goes with a spreadsheet export; --to {to} writes into a folder",
                            hint="use --out DIR (the pictures go into DIR/<deck>/)")
        if dpi is not None and not 20 <= dpi <= 1200:
            raise UserError(f"--dpi {dpi} is out of range", hint="use a value from 20 to 1200")
        settle(deck)
        check_out_folder(folder, folder)
        if to == "images":
            from printgen.draw.export.images import export_images

            if preset is None:
                raise UserError("--to images needs --preset", hint="tgc (The Game Crafter), mpc (MakePlayingCards) "
                                "or plain (the deck's own size, with --dpi)")
            results = export_images(deck, preset, dpi, folder, pack, cards, card_size)
        else:
            from printgen.draw.export.tts import export_tts

            if preset is not None:
                raise UserError("--preset goes with --to images", hint="--to tts has its own sizes; --dpi sets them")
            results = export_tts(deck, dpi, folder, pack, cards, card_size)
        files = {path: data for result in results for path, data in result.files.items()}
        publish(files)
    except UserError as error:
        say_error(error)
        if not isinstance(error, PublishError):
            click.echo("  nothing was written.", err=True)
        sys.exit(2)
    for result in results:
        for warning in result.warnings:
            click.secho("warning: ", fg="yellow", err=True, nl=False)
            click.echo(str(warning), err=True)
        click.echo(result.summary)
