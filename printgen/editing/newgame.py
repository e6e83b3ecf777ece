"""`printgen new DECK --game KIND`: a commented game file for a designer to start from.

The kinds are the files of printgen/editing/game_templates/ (tricks.yaml, shedding.yaml ...), each a
small real game for a deck of four suits and numbered ranks, with a note on nearly every line.
Why the file is loaded, compiled and prepared for the deck before `new` says it is done: a designer
who has never seen the language should start from a file that plays, and learn the language by
changing it; a template that did not work with their deck would teach the opposite. On any failure
nothing is left behind (the game file, and the deck folder when `new` made it).
"""

from __future__ import annotations

import re
from pathlib import Path

from printgen.editing.kinds import template
from printgen.files.errors import UserError, Where
from printgen.files.paths import DECK_FILE

GAMES = "games"                                   # a deck's own games live in <deck>/games/
STARTER_DECK = "standard"                         # copied when DECK is no deck yet: the templates read suit and rank
PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def game_name(kind: str, name: str | None) -> str:
    """The game's name (its file's stem): `name`, or the kind, or my-KIND when a game printgen
    knows has that name (validate would play that game, not the file)."""
    from printgen.games.registry import canonical

    if name is None:
        return kind if canonical(kind) is None else f"my-{kind}"
    if not PLAIN_NAME.fullmatch(name):
        raise UserError(f"'{name}' is not a usable game name", hint="use letters, digits, - and _, e.g. my-tricks")
    if canonical(name) is not None:
        raise UserError(f"'{name}' is the name of a game that comes with printgen: "
                        f"`printgen validate DECK --game {name}` would play that game, not your file",
                        hint=f"choose another name, e.g. --game-name my-{name}")
    return name


def new_game(deck: Path, kind: str, name: str | None = None, force: bool = False) -> tuple[Path, str, list[Path]]:
    """Write the game file of `kind` into the deck folder `deck` (made first as a copy of the
    standard deck when it is no deck yet); (the game file, the game's name, the deck files made).
    All or nothing: the file must load and be prepared for the deck, or nothing is left."""
    from printgen.editing.copying import DECK as COPY
    from printgen.editing.copying import _remove, copy_deck, refuse_shipped
    from printgen.files.output import publish

    text = template(kind)                       # an unknown kind is refused before anything is written
    name = game_name(kind, name)
    deck = Path(deck)
    made: list[Path] = []
    if (deck / DECK_FILE).is_file():
        refuse_shipped(deck, "adding a game file", ("printgen", "new", COPY, "--game", kind))
    else:
        made = copy_deck(STARTER_DECK, deck, force=force)
    target = deck / GAMES / f"{name}.yaml"
    games_folder_made = not (deck / GAMES).exists()
    written = False
    before: bytes | None = None            # a file replaced with --force: put back on failure
    try:
        if (target.exists() or target.is_symlink()) and not force:
            raise UserError(f"'{target}' already exists", Where(target),
                            "add --force to replace it (your changes to it are lost), or --game-name to write another")
        _inside(target, deck)
        before = target.read_bytes() if target.is_file() else None
        written = True
        publish({target: text.encode("utf-8")})
        check_game(target, deck)
    except BaseException as error:
        if isinstance(error, UserError) and error.where.file is not None and Path(error.where.file) == target:
            # the file named is taken away again below: say so, or the message points at nothing
            error.hint = (f"{error.hint}; " if error.hint else "") + (
                f"nothing was written: the '{kind}' template does not play on this deck as it is "
                "(a folder that is no deck yet is made as a copy of the standard deck, which it plays on)")
        if made:
            _remove(deck, [*made, target])
        elif written and before is not None:
            publish({target: before})
        elif written:
            target.unlink(missing_ok=True)
            if games_folder_made:
                _remove(deck / GAMES, [])
        raise
    return target, name, made


def _inside(target: Path, deck: Path) -> None:
    """Refuse a games/ folder or file that is a link leading out of the deck's folder."""
    from printgen.files.deckfiles import contained

    if target.parent.exists() or target.parent.is_symlink():
        contained(target.parent, deck, place=f"the deck folder '{deck.name}'")
    if target.exists() or target.is_symlink():
        contained(target, deck, place=f"the deck folder '{deck.name}'")


def check_game(path: Path, deck: Path) -> None:
    """Load the game file, compile it and prepare it for the deck in every variant, and deal it at
    every player count: any mistake a UserError at its line."""
    import random

    from printgen.games.datagame import load_game_file
    from printgen.model.load import load_deck

    game = load_game_file(path, within=deck)
    cards = load_deck(deck)
    for variant in game.variants:
        prepared = game.prepare(cards, variant, {})
        for players in game.players:
            game.setup(prepared, players, random.Random(0))
