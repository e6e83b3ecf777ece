"""The `printgen` command.

User errors print as one message and exit with status 2; only bugs show a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from printgen.errors import UserError

PAPERS = click.Choice(["a4", "letter"], case_sensitive=False)
DUPLEX = click.Choice(["long", "short", "none"], case_sensitive=False)


def _print_options(func):
    """The options that shape printed sheets, shared by build and preview."""
    options = [
        click.option("--paper", type=PAPERS, default=None, help="Paper size (default: the layout's, usually A4)."),
        click.option("--card-size", "card_size", default=None, metavar="NAME",
                     help="A card size from layouts/card-sizes.yaml (poker, bridge, euro, mini-euro, tarot, spanish...)."),
        click.option("--duplex", type=DUPLEX, default="long", show_default=True,
                     help="How your printer turns the page: long or short edge; none puts all backs after the fronts."),
        click.option("--back-offset", "back_offset", default="0,0", metavar="X,Y", show_default=True,
                     help="Shift the backs by X,Y mm (+X right, +Y up as seen on the back page); see `printgen calibrate`."),
        click.option("--bleed", type=float, default=None, metavar="MM", help="Bleed around each card in mm (default 3)."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _options(paper, card_size, duplex, back_offset, bleed, out=None):
    from printgen.build import BuildOptions, parse_offset

    return BuildOptions(paper=paper.lower() if paper else None, card_size=card_size, duplex=duplex.lower(),
                        back_offset=parse_offset(back_offset), bleed=bleed, out=Path(out) if out else Path("output"))


def _fail(error: UserError) -> None:
    click.secho("error: ", fg="red", bold=True, err=True, nl=False)
    click.echo(str(error), err=True)


class _Bar:
    """A click progress bar per stage; silent when --quiet or not on a terminal."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.bar = None

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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="printgen")
def cli() -> None:
    """Print-and-play PDFs of card decks described in YAML."""


@cli.command()
@click.argument("decks", nargs=-1, metavar="[DECK]...")
@_print_options
@click.option("--out", default="output", show_default=True, metavar="DIR", help="Write into DIR/<deck>/.")
@click.option("--only", multiple=True, type=click.Choice(["cards", "rules", "sheets", "boards"]),
              help="Build only these parts (repeat the option for several); default: everything.")
@click.option("--quiet", "-q", is_flag=True, help="No progress display or summary; errors and warnings only.")
def build(decks, paper, card_size, duplex, back_offset, bleed, out, only, quiet) -> None:
    """Build each DECK (a name under decks/ or a deck folder): its cards PDF and manifest, rule
    sheets, score sheets and boards, into DIR/<deck>/.

    With no DECK, every shipped deck is built. Files are only replaced once every new one is
    complete.
    """
    from printgen.build import build_deck
    from printgen.load import shipped_decks

    try:
        options = _options(paper, card_size, duplex, back_offset, bleed, out)
    except UserError as error:
        _fail(error)
        sys.exit(2)
    if only:
        from dataclasses import replace

        options = replace(options, only=frozenset(only))
    refs = list(decks) or [str(p) for p in shipped_decks()]
    if not refs:
        _fail(UserError("there are no decks to build under decks/"))
        sys.exit(2)
    failed = 0
    for ref in refs:
        try:
            result = build_deck(ref, options, _Bar(not quiet and sys.stderr.isatty()))
        except UserError as error:
            _fail(error)
            click.echo("  nothing was written; any earlier PDF is unchanged.", err=True)
            failed += 1
            continue
        for warning in result.warnings:
            click.secho("warning: ", fg="yellow", err=True, nl=False)
            click.echo(str(warning), err=True)
        if not quiet:
            click.echo(result.summary)
            for path in result.files:
                click.echo(f"  wrote {path}")
    sys.exit(2 if failed else 0)


@cli.command()
@click.argument("deck")
@click.option("--card", default=None, metavar="NAME", help="Show one card (by name); without it, a whole sheet.")
@click.option("--sheet", default=1, show_default=True, type=int, help="Which sheet to show when no --card is given.")
@click.option("--back", is_flag=True, help="Show the back instead of the front.")
@click.option("--dpi", default=150, show_default=True, type=int, help="Resolution of the PNG.")
@click.option("--pack", default=None, metavar="NAME", help="For decks with several packs (e.g. spanish 40 or 48).")
@click.option("-o", "--output", "output", required=True, metavar="FILE.png", help="Where to write the PNG.")
@_print_options
def preview(deck, card, sheet, back, dpi, pack, output, paper, card_size, duplex, back_offset, bleed) -> None:
    """Write a PNG of one card or one sheet of DECK, to check it without printing."""
    from printgen.preview import preview as make_preview
    from printgen.preview import write_png

    try:
        if Path(output).suffix.lower() != ".png":
            raise UserError(f"'{output}' should end in .png: preview writes a PNG picture",
                            hint="for a PDF, use printgen build")
        options = _options(paper, card_size, duplex, back_offset, bleed)
        warnings: list = []
        png, what = make_preview(deck, options, card=card, sheet=sheet, back=back, dpi=dpi, pack=pack,
                                 warnings=warnings)
        write_png(png, Path(output))
        for warning in warnings:      # the same warnings a build would give, e.g. a caption cut short
            click.secho("warning: ", fg="yellow", err=True, nl=False)
            click.echo(str(warning), err=True)
    except UserError as error:
        _fail(error)
        sys.exit(2)
    click.echo(f"wrote {output}: {what}")


@cli.command()
@click.argument("deck")
@click.option("--game", default=None, help="The game to simulate (default: every game the deck lists).")
@click.option("--variant", default=None, help="One variant only (default: all, e.g. basic and advanced).")
@click.option("--players", default=None, metavar="N|A-B", help="Player counts (default: every supported count).")
@click.option("--games", default=2000, show_default=True, type=int,
              help="Games per player count (1 to 1,000,000).")
@click.option("--seed", default=1, show_default=True, type=int, help="Same seed, same report.")
@click.option("--workers", default=1, show_default=True, type=int,
              help="Processes to play in (results are identical); at most 4 per CPU.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="ray: run the batches on a Ray cluster (pip install 'printgen[ray]').")
@click.option("--ray-address", default=None, metavar="ADDRESS", help="An existing Ray cluster (default: start one here).")
@click.option("--bots", type=click.Choice(["greedy", "random", "mixed"]), default="greedy", show_default=True,
              help="Who plays: simple sensible players, random legal moves, or one random player among greedy ones.")
@click.option("--option", "-O", "game_options", multiple=True, metavar="KEY=VALUE",
              help="A game option, e.g. -O houses=Plantagenet,Lancaster,York,Tudor; it replaces the deck's own "
                   "setup (deck.yaml, games:) for every player count.")
@click.option("--json", "json_path", default=None, metavar="FILE", help="Write the figures as JSON.")
@click.option("--chart", "chart_path", default=None, metavar="FILE.pdf|svg|png",
              help="Draw game length, seat win rates and dead cards.")
@click.option("--quiet", "-q", is_flag=True, help="No progress display.")
def validate(deck, game, variant, players, games, seed, workers, backend, ray_address, bots, game_options, json_path,
             chart_path, quiet) -> None:
    """Check that DECK plays: static checks and thousands of simulated games, set up as the
    deck's games: section says (houses per player count...).

    Exit status 0 when the deck passes, 1 when there are warnings, 2 on errors.
    """
    import json

    from printgen.validate import ValidateOptions, check_limits, exit_status, parse_option, report, to_json
    from printgen.validate import validate as run_validation

    try:
        options = ValidateOptions(game=game, variant=variant, players=players, games=games, seed=seed,
                                  workers=workers, backend=backend, address=ray_address, bots=bots,
                                  options=dict(parse_option(o) for o in game_options), deck_ref=deck)
        if chart_path:
            from printgen.sim.chart import check_chart_path

            check_chart_path(Path(chart_path))
        for note in check_limits(options):
            click.secho("note: ", fg="cyan", err=True, nl=False)
            click.echo(note, err=True)
        bars: list = []

        def tick_factory(label: str, total: int):
            if quiet or not sys.stderr.isatty():
                return None
            bar = click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True)
            bar.__enter__()
            bars.append(bar)

            def tick(n: int) -> None:
                bar.update(n)
                if bar.pos >= total:
                    bar.__exit__(None, None, None)
            return tick

        sections, loaded = run_validation(deck, options, tick_factory)
        click.echo(report(sections, loaded, options))
        if json_path:
            from printgen.output import publish

            data = json.dumps(to_json(sections, loaded, options), indent=2, ensure_ascii=False).encode("utf-8")
            publish({Path(json_path): data + b"\n"})
        if chart_path:
            from printgen.sim.chart import write_chart

            write_chart(sections, loaded.title, Path(chart_path))
    except UserError as error:
        _fail(error)
        sys.exit(2)
    sys.exit(exit_status(sections))


@cli.command()
@click.option("--paper", type=PAPERS, default="a4", show_default=True)
@click.option("--duplex", type=click.Choice(["long", "short"], case_sensitive=False), default="long", show_default=True)
@click.option("-o", "--output", "output", default=None, metavar="FILE.pdf",
              help="Default: output/calibration-<paper>-<duplex>.pdf")
def calibrate(paper, duplex, output) -> None:
    """A two-sided test sheet to measure how far your printer shifts the back page.

    Print it duplex at 100 %, hold it up to a light and read the scales: the numbers are the
    --back-offset X,Y to build with.
    """
    from printgen.calibrate import calibration_pdf
    from printgen.output import publish

    paper, duplex = paper.lower(), duplex.lower()
    path = Path(output) if output else Path("output") / f"calibration-{paper}-{duplex}.pdf"
    try:
        publish({path: calibration_pdf(paper, duplex)})
    except UserError as error:
        _fail(error)
        sys.exit(2)
    click.echo(f"wrote {path}: print both sides at 100 % with '{duplex}-edge' duplex, then follow the steps on it")


def main() -> None:
    """Run the command, then leave without tearing the interpreter down.

    Freeing every module at exit costs tens of milliseconds of a short build; all files are
    already published (written, synced and renamed) by then, so only the streams need flushing.
    """
    import os

    try:
        cli()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
