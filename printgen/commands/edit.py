"""The commands for editing without YAML: `export` and `import` (spreadsheets), `serve` (the web
editor), `new` (a deck to start from) and `list` (what there is to choose from).

Each one only reads its options and calls printgen.editing; the group in printgen.commands.cli adds them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from printgen.commands.export_pictures import export_pictures, pictures_options, refuse_picture_options
from printgen.commands.terminal import say_error
from printgen.files.errors import UserError

QUICK = ("--games", "300", "--looks", "1", "--confirm", "0")     # new's first validate: README's quick look


def settle(deck_ref: str) -> None:
    """Before an editing command reads a deck: finish or undo a save a killed printgen left half
    done in its folder (printgen/files/journal.py), as `printgen build` does, so what it reads is whole.
    A deck that cannot be found is left for the command itself to say."""
    from printgen.files.journal import recover_leftovers
    from printgen.model.load import find_deck

    try:
        folder = find_deck(deck_ref)
    except (UserError, OSError):
        return
    recover_leftovers([folder])


@click.command("export")
@click.argument("deck")
@click.option("-o", "--output", "output", default=None, metavar="FILE.csv|FILE.xlsx",
              help="The spreadsheet to write (without --to).")
@click.option("--force", is_flag=True, help="Replace FILE when it exists (its edits, if any, are lost).")
@pictures_options
def export_cmd(deck, output, force, to, preset, dpi, out, pack, cards, card_size) -> None:
    """Write DECK's cards to a spreadsheet, one row per card, to edit and bring back with import.

    With --to images: one PNG per card face and per distinct back, at a print shop's size
    (--preset tgc, The Game Crafter 825 x 1125 px; mpc, MakePlayingCards 822 x 1122 px; both
    300 dpi with bleed) or the deck's own size (--preset plain --dpi N), and manifest.json, into
    DIR/<deck>/images-<preset>/. With --to tts: Tabletop Simulator card sheets (at most 10 x 7,
    4096 px a side), backs, tiles and coins, a saved object and a README.txt on hosting the
    pictures, into DIR/<deck>/tts/. The presets are in layouts/export-presets.yaml.
    """
    if to is not None:
        export_pictures(deck, to, output, preset, dpi, out, pack, cards, card_size, settle)
        return
    from printgen.editing.sheets.export import export_deck

    try:
        refuse_picture_options(output, preset, dpi, out, pack, cards, card_size)
        settle(deck)
        count = export_deck(deck, Path(output), force)
    except UserError as error:
        say_error(error)
        sys.exit(2)
    from printgen.editing.copying import copy_command, is_shipped
    from printgen.editing.scaffold import command_line
    from printgen.files.wording import counted
    from printgen.model.load import find_deck

    if is_shipped(find_deck(deck)):     # printgen's own copy is never written: import into the user's
        name = find_deck(deck).name
        click.echo(f"wrote {output}: {counted(count, 'card')}; '{name}' comes with printgen, so make your own copy "
                   f"of it ({copy_command(name)}), edit the sheet, then run: "
                   f"{command_line('printgen', 'import', 'my-' + name, output)}")
        return
    click.echo(f"wrote {output}: {counted(count, 'card')}; edit it, then run: "
               f"{command_line('printgen', 'import', deck, output)}")


@click.command("import")
@click.argument("deck")
@click.argument("sheet", metavar="FILE.csv|FILE.xlsx")
@click.option("--force", is_flag=True,
              help="The sheet wins: where deck.yaml changed since the export or the last import (in both places, "
                   "or only in deck.yaml), take the sheet's value.")
def import_cmd(deck, sheet, force) -> None:
    """Write the values changed in a spreadsheet (made by export) back into DECK's deck.yaml,
    keeping its comments; the previous file is kept as deck.yaml.bak. A row with an empty id is a
    new card; a deleted row, a deleted card. Nothing is written on any error, and every error of
    the sheet is listed. A value changed in deck.yaml since the export (in the web editor, say) is
    not put back to the sheet's older one."""
    from printgen.editing.sheets.sheet_import import import_deck
    from printgen.files.sheets import CHECK

    try:
        settle(deck)
        result = import_deck(deck, Path(sheet), force)
    except UserError as error:
        say_error(error)
        click.echo("  nothing was written; deck.yaml is unchanged.", err=True)
        sys.exit(2)
    from printgen.files.wording import counted

    noted = bool(result.missing or result.gone or result.kept or result.ignored)
    if result.ignored:
        one = len(result.ignored) == 1
        click.secho("note: ", fg="cyan", err=True, nl=False)
        click.echo(f"{'the column' if one else 'the columns'} {_listed(result.ignored)} {'is' if one else 'are'} not "
                   f"{'a field' if one else 'fields'} of this deck, so {'it was' if one else 'they were'} not "
                   "imported (a column of your own is fine; one meant as a field must keep its exported name)",
                   err=True)
    if result.missing:
        one = len(result.missing) == 1
        why = {"unchecked": f"the sheet has no '{CHECK}' column, so printgen cannot tell a deleted row from a card "
                            "added to deck.yaml since",
               "unknown": f"printgen cannot tell whether {'its row was' if one else 'their rows were'} deleted or "
                          f"{'the card was' if one else 'the cards were'} added or renamed in deck.yaml after the "
                          "export",
               "since": f"{'it was' if one else 'they were'} added to deck.yaml after the sheet was exported (or last "
                        "imported)"}
        click.secho("note: ", fg="cyan", err=True, nl=False)
        click.echo(f"{counted(len(result.missing), 'card')} of deck.yaml {'has' if one else 'have'} "
                   f"no row in the sheet ({_listed(result.missing)}) and {'was' if one else 'were'} "
                   f"kept: {why.get(result.why_missing, why['since'])}; to delete a card, delete its row in a sheet "
                   "exported after it was added", err=True)
    if result.gone:
        click.secho("note: ", fg="cyan", err=True, nl=False)
        one = len(result.gone) == 1
        click.echo(f"{'the row' if one else 'the rows'} of {_listed(result.gone)} {'names' if one else 'name'} no "
                   f"card of deck.yaml any more (deleted since the sheet was exported): "
                   f"{'it was' if one else 'they were'} left out; to add {'it' if one else 'them'} again as "
                   f"{'a new card' if one else 'new cards'}, empty {'its' if one else 'their'} id "
                   f"{'cell' if one else 'cells'} and import again", err=True)
    if result.kept:
        click.secho("note: ", fg="cyan", err=True, nl=False)
        click.echo(f"kept deck.yaml's values of {_listed(result.kept)}: deck.yaml changed there after this sheet "
                   "was exported or last imported (in the web editor, by hand, or by putting a backup back), and "
                   "the sheet's cells are as they were then; to put the sheet's values in anyway, import again "
                   "with --force", err=True)
    if result.unchecked and result.changed:
        one = len(result.unchecked) == 1
        where = f"the sheet has no '{CHECK}' column" if result.whole else \
            f"{'the row' if one else 'the rows'} of {_listed(result.unchecked)} {'has' if one else 'have'} an " \
            f"empty '{CHECK}' cell"
        click.secho("note: ", fg="cyan", err=True, nl=False)
        click.echo(f"{where}, so printgen cannot tell a value changed in the sheet from one changed in deck.yaml "
                   "since the export: every value that differs there was taken from the sheet (export again to "
                   "get the check)", err=True)
    done = []
    if result.changed:
        done.append(f"changed {counted(result.changed, 'value')} on {counted(result.cards, 'card')} "
                    f"({_listed(result.names)})")
    if result.added:
        done.append(f"added {counted(len(result.added), 'card')} ({_listed(result.added)})")
    if result.deleted:
        done.append(f"deleted {counted(len(result.deleted), 'card')} ({_listed(result.deleted)})")
    if not done and noted:          # said with the notes above, so the two read together
        click.echo("nothing else to change: every other value in the sheet's rows is already in deck.yaml")
    elif not done:
        click.echo("nothing to change: every value in the sheet's rows is already in deck.yaml")
    else:
        click.echo("; ".join(done) + f"; the previous file is {result.backup}")


def _listed(names: list[str], most: int = 8) -> str:
    shown = ", ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


@click.command()
@click.argument("deck", required=False)
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535), help="0 picks a free port.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Where to listen; the default lets only this computer in.")
@click.option("--out", default="output", show_default=True, metavar="DIR", help="Where the build button writes.")
@click.option("--no-browser", is_flag=True, help="Do not open a browser window.")
def serve(deck, port, host, out, no_browser) -> None:
    """Edit DECK's cards in your web browser: change a caption, see the card, save, build.

    Without DECK, the deck in the current folder. Stop it with Ctrl-C.
    """
    from printgen.editing.web.server import run_server

    try:
        settle(deck if deck is not None else ".")
        run_server(deck, host=host, port=port, out=Path(out), open_browser=not no_browser)
    except UserError as error:
        say_error(error)
        sys.exit(2)


@click.command()
@click.argument("name")
@click.option("--from", "source", default=None, metavar="DECK",
              help="Copy DECK (a shipped deck such as cromwell, or a deck folder) instead of starting from three "
                   "example cards: your own copy, to edit, import into and serve.")
@click.option("--title", default=None, help="The deck's title (default: from NAME, or the copied deck's).")
@click.option("--game", "kind", default=None, metavar="KIND",
              help="Write a commented game file of this kind into NAME/games/ (tricks, shedding, fishing, "
                   "drafting, rummy ...: `printgen list` shows them), to change and validate; NAME is made first as a "
                   "copy of the standard deck when it is no deck yet.")
@click.option("--game-name", default=None, metavar="GAME",
              help="With --game: the game's name and file (NAME/games/GAME.yaml); the kind's name by default.")
@click.option("--force", is_flag=True, help="Use NAME even when a shipped deck has that name; with --game, "
                                            "replace a game file that exists.")
def new(name, source, title, kind, game_name, force) -> None:
    """Make a new deck folder NAME: a commented deck.yaml with three cards, its own layout and a
    rule sheet, ready to build; or, with --from, a copy of a deck to make your own; or, with
    --game KIND, a game file for the deck NAME to start a game of your own from."""
    from printgen.editing.scaffold import command_line, new_deck

    if kind is not None or game_name is not None:
        _new_game(name, kind, game_name, source, title, force)
        return
    try:
        if source is not None:
            from printgen.editing.copying import copy_deck

            settle(source)
            files = copy_deck(source, Path(name), title, force)
        else:
            files = new_deck(Path(name), title, force)
    except UserError as error:
        say_error(error)
        sys.exit(2)
    if source is not None:
        from printgen.files.wording import counted

        click.echo(f"  copied {counted(len(files), 'file')} of '{source}' into {name}/ (deck.yaml, rule sheets, ...)")
    else:
        for path in files:
            click.echo(f"  wrote {path}")
    click.echo(f"next: {command_line('printgen', 'build', name)}   "
               f"(or {command_line('printgen', 'serve', name)} to edit it in your browser)")


def _new_game(name: str, kind: str | None, game_name: str | None, source: str | None, title: str | None,
              force: bool) -> None:
    from printgen.editing.newgame import new_game
    from printgen.editing.scaffold import command_line

    try:
        if kind is None:
            raise UserError("--game-name names the game file --game KIND writes: give the kind too",
                            hint="e.g. printgen new my-deck --game tricks --game-name whist")
        if source is not None or title is not None:
            raise UserError("--game adds a game file to a deck: it takes no --from or --title",
                            hint="make the deck first (printgen new NAME --from DECK), then add the game")
        path, game, made = new_game(Path(name), kind, game_name, force)
    except UserError as error:
        say_error(error)
        sys.exit(2)
    if made:
        click.echo(f"  made {name}/ as a copy of the standard deck (52 cards in four suits)")
    click.echo(f"  wrote {path}: a game of the kind '{kind}' to change; each line starting with # "
               "says what the lines after it do")
    # a quick look first (about 25 s of processor time for the tricks template): the full default
    # run plays each player count up to 32,000 games and checks each strong or dead card again with
    # search players, which took a reviewer's first run of this template 842 s of processor time
    click.echo(f"next: {command_line('printgen', 'validate', name, '--game', game, *QUICK)}")
    click.echo(f"  (a quick look; once the rules settle, the full check takes minutes, more for a slow game: "
               f"{command_line('printgen', 'validate', name, '--game', game)})")


@click.command("list")
def list_cmd() -> None:
    """The shipped decks, layouts, card sizes, emblems and each game's -O options."""
    from printgen.editing.scaffold import listing

    try:
        click.echo(listing())
    except UserError as error:
        say_error(error)
        sys.exit(2)


COMMANDS = (export_cmd, import_cmd, serve, new, list_cmd)
