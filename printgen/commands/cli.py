"""The `printgen` command.

Exit status: 0 done, 1 warnings (validate), 2 a problem in the user's input or options (one
message naming file and line), 3 a bug in printgen (a short "please report" message; the
traceback only with `printgen --debug` or PRINTGEN_DEBUG=1), 130 interrupted by Ctrl-C and 143
stopped by SIGTERM (no temporary file is left behind either way).
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import sys
from pathlib import Path

import click

from printgen.commands.colour_options import backs_option, colour_options, with_colour
from printgen.commands.command_group import Commands
from printgen.commands.imposition_options import imposition_options, with_imposition
from printgen.commands.terminal import ProgressBar, batch_bars, reader_left, say_error
from printgen.commands.validate_flags import CONFIRM, skill_options
from printgen.files.errors import UserError
from printgen.sim.defaults import LOOKS

PAPERS = click.Choice(["a4", "letter"], case_sensitive=False)
DUPLEX = click.Choice(["long", "short", "none"], case_sensitive=False)


def _print_options(func):
    """The options that shape printed sheets, shared by build and preview."""
    options = [
        click.option("--paper", type=PAPERS, default=None, help="Paper size (default: the layout's, usually A4)."),
        click.option("--card-size", "card_size", default=None, metavar="NAME",
                     help="A card size from layouts/card-sizes.yaml "
                          "(poker, bridge, euro, mini-euro, tarot, spanish...)."),
        click.option("--duplex", type=DUPLEX, default="long", show_default=True,
                     help="How your printer turns the page: long or short edge; none puts all backs after the fronts."),
        click.option("--back-offset", "back_offset", default="0,0", metavar="X,Y", show_default=True,
                     help="Shift the backs by X,Y mm (+X right, +Y up as seen on the back page); "
                          "see `printgen calibrate`."),
        click.option("--bleed", type=float, default=None, metavar="MM",
                     help="Bleed around each card in mm (default 3)."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _options(paper, card_size, duplex, back_offset, bleed, out=None):
    from printgen.draw.build import BuildOptions, parse_offset

    if bleed is not None and not (math.isfinite(bleed) and bleed >= 0):
        raise UserError(f"--bleed {bleed:g} is not a bleed: give zero or more millimetres",
                        hint="3 mm is usual; 0 prints no colour past the cut line")
    return BuildOptions(paper=paper.lower() if paper else None, card_size=card_size, duplex=duplex.lower(),
                        back_offset=parse_offset(back_offset), bleed=bleed, out=Path(out) if out else Path("output"))


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="printgen")
@click.option("--debug", is_flag=True,
              help="Show the full traceback if printgen itself fails (or set PRINTGEN_DEBUG=1).")
def cli(debug: bool) -> None:
    """Print-and-play PDFs of card decks described in YAML.

    Exit status: 0 done, 1 warnings (validate), 2 a problem in your files or options, 3 a bug in
    printgen, 130 interrupted.
    """
    global _debug
    _debug = _debug or debug


def _settle_interrupted(refs: list[str], out: Path) -> None:
    """Before a build reads its decks or looks at its output: finish or undo any set of files a
    killed printgen left half replaced in the output folder or a deck's folder (see
    printgen/files/journal.py), so that even a build refused later leaves them consistent."""
    from printgen.files.journal import recover_leftovers
    from printgen.model.finding import find_deck

    folders = [out]
    for ref in refs:
        try:
            folders.append(find_deck(ref))
        except (UserError, OSError):
            continue                   # the build says what is wrong with it
    recover_leftovers(folders)


@cli.command()
@click.argument("decks", nargs=-1, metavar="[DECK]...")
@_print_options
@click.option("--out", default="output", show_default=True, metavar="DIR", help="Write into DIR/<deck>/.")
@click.option("--only", multiple=True, type=click.Choice(["cards", "rules", "sheets", "boards"]),
              help="Build only these parts (repeat the option for several); default: everything.")
@colour_options
@imposition_options
@click.option("--quiet", "-q", is_flag=True, help="No progress display or summary; errors and warnings only.")
@click.option("--watch", is_flag=True, help="Keep going: build again whenever a file of the deck (or a layout) "
                                            "changes. Ctrl-C stops.")
def build(decks, paper, card_size, duplex, back_offset, bleed, out, only, colour="rgb", ink_limit=None, backs="dark",
          quiet=False, watch=False, imposition="sheets", page_order="back-first", crop="marks") -> None:
    """Build each DECK (a name under decks/ or a deck folder): its cards PDF and manifest, rule
    sheets, score sheets and boards, into DIR/<deck>/.

    With no DECK, every shipped deck is built. Files are only replaced once every new file of
    every deck is complete: a mistake in any deck leaves every earlier output as it was.
    """
    from printgen.draw.build import check_distinct_names, publish_builds
    from printgen.draw.build_pool import build_decks
    from printgen.files.output import PublishError
    from printgen.model.finding import shipped_decks

    try:
        options = _options(paper, card_size, duplex, back_offset, bleed, out)
    except UserError as error:
        say_error(error)
        sys.exit(2)
    if only:
        from dataclasses import replace

        options = replace(options, only=frozenset(only))
    options = with_colour(options, colour, ink_limit, backs)
    options = with_imposition(options, imposition, crop, page_order)
    refs = list(decks) or [str(p) for p in shipped_decks()]
    if watch:                          # printgen/editing/watch.py: this same command, again on every change
        from printgen.editing.watch import watch_builds

        ctx = click.get_current_context()
        # The watcher names each deck by its folder, found once: the deck stays the one it started as.
        watch_builds(refs, options.out,
                     lambda folders: ctx.invoke(build, **{**ctx.params, "decks": tuple(folders), "watch": False}))
        return
    if not refs:
        say_error(UserError("there are no decks to build under decks/"))
        sys.exit(2)
    try:                               # a set of files a killed printgen left half replaced
        _settle_interrupted(refs, options.out)
    except UserError as error:
        say_error(error)
        sys.exit(2)
    # Every deck is checked and drawn first; only when all are complete is anything written, in one
    # all-or-none step, so a mistake in any deck leaves every earlier output as it was.
    try:
        check_distinct_names(refs)
    except UserError as error:
        say_error(error)
        click.echo("  nothing was written; any earlier PDF is unchanged.", err=True)
        sys.exit(2)
    results, failed = [], 0
    for result in build_decks(refs, options, lambda: ProgressBar(not quiet and sys.stderr.isatty())):
        if isinstance(result, UserError):
            say_error(result)
            failed += 1
            continue
        results.append(result)
        for warning in result.warnings:
            click.secho("warning: ", fg="yellow", err=True, nl=False)
            click.echo(str(warning), err=True)
    if failed:
        others = f" for any of the {len(refs)} decks" if len(refs) > 1 else ""
        click.echo(f"  nothing was written{others}; any earlier PDF is unchanged.", err=True)
        sys.exit(2)
    try:
        publish_builds(results)
    except UserError as error:
        say_error(error)            # a PublishError says itself what was and was not written
        if not isinstance(error, PublishError):
            click.echo("  nothing was written; any earlier PDF is unchanged.", err=True)
        sys.exit(2)
    if not quiet:
        for result in results:
            click.echo(result.summary)
            for path in result.files:
                click.echo(f"  wrote {path}")
    sys.exit(0)


@cli.command()
@click.argument("deck")
@click.option("--card", default=None, metavar="NAME", help="Show one card (by name); without it, a whole sheet.")
@click.option("--sheet", default=1, show_default=True, type=int, help="Which sheet to show when no --card is given.")
@click.option("--back", is_flag=True, help="Show the back instead of the front.")
@click.option("--dpi", default=150, show_default=True, type=int, help="Resolution of the PNG.")
@click.option("--pack", default=None, metavar="NAME",
              help="For decks with several packs: 48 or spanish-48 (default: the first pack, or with --card "
                   "the first pack holding that card).")
@click.option("-o", "--output", "output", default=None, metavar="FILE.png",
              help="Where to write the PNG (default: output/DECK/preview/, named after the card or sheet).")
@_print_options
@backs_option
def preview(deck, card, sheet, back, dpi, pack, output, paper, card_size, duplex, back_offset, bleed,
            backs="dark") -> None:
    """Write a PNG of one card or one sheet of DECK, to check it without printing."""
    from printgen.draw.preview import preview as make_preview
    from printgen.draw.preview import write_png

    try:
        if output is None:
            output = str(_preview_path(deck, card, sheet, back, pack))
        if Path(output).suffix.lower() != ".png":
            raise UserError(f"'{output}' should end in .png: preview writes a PNG picture",
                            hint="for a PDF, use printgen build")
        options = _options(paper, card_size, duplex, back_offset, bleed)
        options = with_colour(options, backs=backs)
        warnings: list = []
        png, what = make_preview(deck, options, card=card, sheet=sheet, back=back, dpi=dpi, pack=pack,
                                 warnings=warnings)
        write_png(png, Path(output))
        for warning in warnings:      # the same warnings a build would give, e.g. a caption cut short
            click.secho("warning: ", fg="yellow", err=True, nl=False)
            click.echo(str(warning), err=True)
    except UserError as error:
        say_error(error)
        sys.exit(2)
    click.echo(f"wrote {output}: {what}")


def _preview_path(deck: str, card: str | None, sheet: int, back: bool, pack: str | None) -> Path:
    """Where a preview goes when no -o is given: beside the deck's build, named after what it shows."""
    from printgen.model.load import find_deck, slug

    stem = slug(card) if card is not None else (f"{slug(pack)}-" if pack else "") + f"sheet-{sheet}"
    return Path("output") / find_deck(deck).name / "preview" / f"{stem}{'-back' if back else ''}.png"


@cli.command()
@click.argument("deck")
@click.option("--game", default=None, help="The game to simulate (default: every game the deck lists).")
@click.option("--variant", default=None, help="One variant only (default: all, e.g. basic and advanced).")
@click.option("--players", default=None, metavar="N|A-B", help="Player counts (default: every supported count).")
@click.option("--games", default=2000, show_default=True, type=int,
              help="Games per player count (1 to 1,000,000).")
@click.option("--seed", default=1, show_default=True, type=int, help="Same seed, same report.")
@click.option("--looks", default=LOOKS, show_default=True, type=int,
              help="While a finding is undecided, play its player count again with twice the games, up to this "
                   "many looks in all (1: exactly --games).")
@click.option("--workers", default=1, show_default=True, type=int,
              help="Processes to play in (results are identical); at most 4 per CPU.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="ray: run the batches on a Ray cluster (pip install 'printgen[ray]').")
@click.option("--ray-address", default=None, metavar="ADDRESS",
              help="An existing Ray cluster (default: start one here).")
@click.option("--bots", type=click.Choice(["greedy", "random", "mixed", "search"]), default=None,
              help="Who plays: simple sensible players (greedy, the default), random legal moves, one random player "
                   "among greedy ones, or a player that searches ahead over the cards it cannot see, trying each move "
                   "in games played on by the greedy player's rule of thumb (search).")
@click.option("--budget", type=int, default=None, metavar="N",
              help="The search bot's iterations a decision (default 200): more plays better and slower; the same "
                   "seed and budget replay the same games.")
@click.option("--seats", default=None, metavar="BOT,BOT,...",
              help="A line-up by seat instead of --bots, e.g. search:400,greedy,greedy,greedy (random, greedy, "
                   "search or search:N each; search-random:N searches with random playouts instead of greedy ones); "
                   "it sets the player count and turns a seat further each game.")
@click.option("--confirm", default=None, metavar="GAMES[:BUDGET]",
              help=f"Search players (BUDGET iterations; default {CONFIRM}) judge a dead or strong card warning again: "
                   "minutes (by default at most 20 million playout steps a count; typed, what it asks); 0: never.")
@skill_options
@click.option("--option", "-O", "game_options", multiple=True, metavar="KEY=VALUE",
              help="A game option, e.g. -O houses=Plantagenet,Lancaster,York,Tudor; it replaces the deck's own "
                   "setup (deck.yaml, games:) for every player count.")
@click.option("--json", "json_path", default=None, metavar="FILE", help="Write the figures as JSON.")
@click.option("--chart", "chart_path", default=None, metavar="FILE.pdf|svg|png",
              help="Draw game length, seat win rates and dead cards.")
@click.option("--replay", type=int, default=None, metavar="N",
              help="Print game N (1 to --games) move by move instead of the report: the moves open and the one taken "
                   "at each decision (one game and player count). Croquetnole: a summary; --chart draws its paths.")
@click.option("--precision", "hand", type=float, help="Castle Croquetnole: the bots' steadiness (default 1).")
@click.option("--allow-code", "allow_code", is_flag=True,
              help="Let the deck's own games/NAME.py (Python in the deck's folder) run; without it printgen runs no "
                   "code from a deck folder.")
@click.option("--quiet", "-q", is_flag=True, help="No progress display.")
def validate(deck, game, variant, players, games, seed, looks, workers, backend, ray_address, bots, budget, seats,
             confirm, skill, skill_games, game_options, json_path, chart_path, replay, hand, allow_code, quiet) -> None:
    """Check that DECK plays: static checks and thousands of simulated games, set up as the
    deck's games: section says (houses per player count...).

    Each finding is decided by its interval against a band of acceptable values: a warning beyond it,
    undecided when the interval straddles its edge (more games are then played, see --looks). Exit
    status 0 when the deck passes (undecided findings included), 1 when there are warnings (also when
    too few games were played to judge a seat or a card: fewer than 97 per player count), 2 on errors.
    """
    import json

    from printgen.commands.validate import ValidateOptions, check_limits, exit_status
    from printgen.commands.validate import validate as run_validation
    from printgen.commands.validate_args import check_output_paths, parse_options
    from printgen.commands.validate_bots import who_plays
    from printgen.commands.validate_confirm import parse_confirm
    from printgen.commands.validate_report import report, to_json

    try:
        options = ValidateOptions(game=game, variant=variant, players=players, games=games, seed=seed, looks=looks,
                                  workers=workers, backend=backend, address=ray_address, bots=who_plays(bots, seats),
                                  budget=budget, seats=seats, options=parse_options(game_options), deck_ref=deck,
                                  allow_code=allow_code, skill=skill, skill_games=skill_games)
        options.confirm, options.confirm_budget = parse_confirm(confirm or CONFIRM)
        options.confirm_capped = confirm is None            # the default is bounded in work; a typed one is not
        check_output_paths(json_path, chart_path)       # a folder, or one file for both: refused before play
        if chart_path:
            from printgen.draw.documents.chart import check_chart_path

            check_chart_path(Path(chart_path))
        for note in check_limits(options):
            click.secho("note: ", fg="cyan", err=True, nl=False)
            click.echo(note, err=True)
        tick_factory = batch_bars(quiet)
        from printgen.commands.tables import validate_tables

        checked = validate_tables(deck, game, options, (hand, replay, chart_path, json_path))  # a table layout
        if checked is not None and replay is not None:
            raise UserError("--replay: a table layout's check plays no games, so there is none to replay",
                            hint="leave --replay out")
        if checked is not None:
            given = [flag for flag, value in (("--json", json_path), ("--chart", chart_path)) if value]
            if given:
                raise UserError(f"{' and '.join(given)}: a table layout's check writes no figures file or chart, only "
                                "the report printed here", hint=f"leave {' and '.join(given)} out")
            click.echo(checked[0])
            sys.exit(checked[1])
        if replay is not None:
            from printgen.commands.validate_replay import replay_command

            click.echo(replay_command(deck, options, replay, json_path, chart_path))
            sys.exit(0)
        sections, loaded = run_validation(deck, options, tick_factory)
        click.echo(report(sections, loaded, options))
        if json_path:
            from printgen.files.output import publish

            data = json.dumps(to_json(sections, loaded, options), indent=2, ensure_ascii=False).encode("utf-8")
            publish({Path(json_path): data + b"\n"}, option="--json")
        if chart_path:
            from printgen.draw.documents.chart import write_chart

            write_chart(sections, loaded.title, Path(chart_path))
    except UserError as error:
        say_error(error)
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
    from printgen.draw.calibrate import calibration_pdf
    from printgen.files.output import publish

    paper, duplex = paper.lower(), duplex.lower()
    path = Path(output) if output else Path("output") / f"calibration-{paper}-{duplex}.pdf"
    try:
        if path.suffix.lower() != ".pdf":
            raise UserError(f"'{output}' should end in .pdf: calibrate writes a PDF to print",
                            hint="for example -o calibration.pdf")
        publish({path: calibration_pdf(paper, duplex)})
    except UserError as error:
        say_error(error)
        sys.exit(2)
    click.echo(f"wrote {path}: print both sides at 100 % with '{duplex}-edge' duplex, then follow the steps on it")




_debug = False
REPORT = ("this is a bug in printgen, not a mistake in your files: please report it to whoever gave you printgen "
          "(or the project's issue tracker), with the command you ran, this message and your deck folder")


class _Stopped(KeyboardInterrupt):
    """SIGTERM turned into an exception, so every `finally` (removing temporary files) runs."""


def _on_sigterm(signum, frame) -> None:
    if os.getpid() != _main_pid:          # a forked worker: die the ordinary way
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    raise _Stopped()


_main_pid = os.getpid()


def run(args: list[str] | None = None) -> int:
    """Run the command line and return the exit status, whatever happens inside.

    Every bad input should be a UserError answered by its command; what still escapes here is
    a bug, reported in a few lines (the traceback only with --debug) and exit status 3.
    """
    global _debug, _main_pid
    _debug = os.environ.get("PRINTGEN_DEBUG", "").strip() not in ("", "0")
    _main_pid = os.getpid()
    try:
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:                     # not the main thread (an embedding program)
        previous = None
    stderr_at_start = sys.stderr
    try:
        code = cli.main(args=args, prog_name="printgen", standalone_mode=False)
        return code if isinstance(code, int) else 0
    except SystemExit as exc:
        if exc.code == 1 and sys.stderr is not stderr_at_start:
            return reader_left()            # click's exit after a broken pipe: it wraps the streams first
        if isinstance(exc.code, str):
            click.echo(exc.code, err=True)
            return 1
        return 0 if exc.code is None else int(exc.code)
    except click.exceptions.Abort as exc:
        stopped = isinstance(exc.__cause__, _Stopped) or isinstance(exc.__context__, _Stopped)
        click.echo(f"{'stopped' if stopped else 'interrupted'}: nothing more was written; "
                   "any earlier PDF is unchanged.", err=True)
        return 143 if stopped else 130
    except _Stopped:
        click.echo("stopped: nothing more was written; any earlier PDF is unchanged.", err=True)
        return 143
    except KeyboardInterrupt:
        click.echo("interrupted: nothing more was written; any earlier PDF is unchanged.", err=True)
        return 130
    except click.ClickException as exc:    # a misspelt option, a missing argument...
        _usage_error(exc)
        return 2
    except UserError as error:             # one a command did not catch itself
        say_error(error)
        return 2
    except BrokenPipeError:                # `printgen ... | head`: the reader left, nothing to say
        return reader_left()
    except OSError as exc:                 # a path given to printgen that the system refuses
        if not exc.filename:
            _internal_error(exc)
            return 3
        from printgen.files.output import short_path

        say_error(UserError(f"could not use '{short_path(exc.filename)}': {exc.strerror or exc}",
                        hint="check the name and that the folder exists and can be read and written"))
        return 2
    except Exception as exc:               # the last resort: a bug
        _internal_error(exc)
        return 3
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _usage_error(exc: click.ClickException) -> None:
    """Click's complaint as one message, like every other error (not the usage screen)."""
    if type(exc).__name__ == "NoArgsIsHelpError":      # plain `printgen`: the help is the answer
        click.echo(exc.format_message(), err=True)
        return
    click.secho("error: ", fg="red", bold=True, err=True, nl=False)
    click.echo(exc.format_message(), err=True)
    ctx = getattr(exc, "ctx", None)
    command = ctx.command_path if ctx is not None else "printgen"
    click.echo(f"  hint: '{command} --help' lists what it accepts", err=True)


def _internal_error(exc: BaseException) -> None:
    import platform
    import traceback

    try:
        from importlib.metadata import version

        ours = version("printgen")
    except Exception:
        ours = "unknown"
    summary = f"{type(exc).__name__}: {exc}".strip()
    if len(summary) > 300:
        summary = summary[:300] + "..."
    click.secho("error: ", fg="red", bold=True, err=True, nl=False)
    click.echo(f"printgen stopped on an internal problem ({summary})", err=True)
    click.echo(f"  {REPORT}", err=True)
    click.echo(f"  printgen {ours}, Python {platform.python_version()}, {platform.system()}", err=True)
    if _debug:
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
    else:
        click.echo("  for the details, run the same command with --debug after 'printgen' "
                   "(printgen --debug build ...) or with PRINTGEN_DEBUG=1", err=True)


def main() -> None:
    """Run the command, then leave without tearing the interpreter down.

    Freeing every module at exit costs tens of milliseconds of a short build; all files are
    already published (written, synced and renamed) by then, so only the streams need flushing.
    """
    code = run()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)
