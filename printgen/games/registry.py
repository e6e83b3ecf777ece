"""The games printgen can simulate, found by the games themselves: no list is kept by hand.

Three places are looked in. Every package under printgen/games/ whose __init__ declares `GAME` (its
Game class) is a game, named as its package is (printgen/games/burro/ is `burro`); a package that
declares none (common/) holds what games share. And any installed distribution may add games through
the entry point group `printgen.games`: in its pyproject.toml, `[project.entry-points."printgen.games"]` with a line
`tides = "tides_game:Tides"` naming a Game class. A name printgen's own games use stays theirs.
And a deck may carry its own game in its folder (games/<name>.py, printgen.games.deck_games), asked
for only by a name neither printgen nor a plug-in has, and run only when the user allows code.

Why discovery: a new game is one new package (or one installed plug-in), and nothing else in
printgen has to learn its name; the layers stay in order, since nothing below games/ names one.
A game may also answer to other names (`aliases` on its class, such as the name of its rule
sheet: casita-robada for casita), so a user who types the name printed on the sheet is understood.
"""

from __future__ import annotations

import pkgutil
from functools import cache, lru_cache
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

from printgen.files.errors import UserError, Where, did_you_mean
from printgen.games.deck_games import deck_file, deck_game
from printgen.sim.engine import Game
from printgen.sim.report import Report

GROUP = "printgen.games"          # the entry point group of plug-in games
HOME = __name__.rpartition(".")[0]  # printgen.games, the package the shipped games live in


def _packages() -> list[str]:
    """The packages under printgen/games/ by name, none imported: a game's package is its name."""
    return sorted(info.name for info in pkgutil.iter_modules(import_module(HOME).__path__) if info.ispkg)


@cache
def _declared(package: str) -> type[Game] | None:
    """The Game class the package printgen/games/<package>/ declares as GAME (imported now); None
    for a package of shared parts, which declares none."""
    declared = getattr(import_module(f"{HOME}.{package}"), "GAME", None)
    if declared is None:
        return None
    if not (isinstance(declared, type) and issubclass(declared, Game)) or declared.name != package:
        raise TypeError(f"{HOME}.{package}.GAME must be a subclass of Game named '{package}', not {declared!r}")
    return declared


@lru_cache(maxsize=1)
def _plugins() -> dict[str, EntryPoint]:
    """Installed plug-in games by name (none is loaded); a name one of printgen's games has stays
    theirs. Read once a process: the installed distributions do not change while printgen runs."""
    own = set(_packages())
    return {ep.name: ep for ep in entry_points(group=GROUP) if ep.name not in own}


def _load(name: str, plugin: EntryPoint) -> type[Game]:
    """A plug-in's Game class; UserError saying which plug-in and why when it cannot be had."""
    where = f"{plugin.value}, entry point group {GROUP}"
    try:
        found = plugin.load()
    except Exception as error:          # a plug-in is someone else's code: say which and why
        raise UserError(f"the game '{name}' could not be loaded ({where}): {type(error).__name__}: {error}",
                        hint="check that its package is installed and imports") from None
    if not (isinstance(found, type) and issubclass(found, Game)):
        raise UserError(f"the game '{name}' ({where}) is not a Game class",
                        hint="the entry point must name a subclass of printgen.sim.engine.Game")
    return found


def _class(name: str) -> type[Game] | None:
    """The Game class whose own name is `name`; None when no game has that name."""
    if name in _packages():
        return _declared(name)
    plugin = _plugins().get(name)
    return _load(name, plugin) if plugin is not None else None


def _is_own_name(name: str) -> bool:
    """Whether `name` is a game's own name (imports that game only, or none)."""
    return (name in _packages() and _declared(name) is not None) or name in _plugins()


def names() -> list[str]:
    """Every game's own name: printgen's (in order of name), then the installed plug-ins' (printgen's
    are imported, to leave out the packages of shared parts)."""
    return [name for name in _packages() if _declared(name) is not None] + sorted(_plugins())


def aliases() -> dict[str, str]:
    """Every other name a game declares, to its own name. A plug-in that cannot be loaded declares
    none here: it is named when it is asked for by its own name."""
    found: dict[str, str] = {}
    for name in names():
        try:
            game = _class(name)
        except UserError:
            continue
        for alias in game.aliases if game is not None else ():
            found.setdefault(alias, name)
    return found


def canonical(name: str) -> str | None:
    """The game's own name for `name` (itself or an alias), None when no game answers to it."""
    if _is_own_name(name):
        return name
    return aliases().get(name)


def get_game(name: str, deck: Path | None = None, allow_code: bool = False) -> Game[Any, Any]:
    """The game called `name` (or one of its other names); UserError naming the games there are.
    With `deck` (a deck's folder), a name no other game has may be the deck's own game (its
    games/<name>.py, run only with `allow_code`)."""
    own = canonical(name)
    found = _class(own) if own is not None else None
    if deck is not None:
        shadowed = deck_file(name, deck) if found is not None else None
        if shadowed is not None and found is not None:
            _refuse_shadow(name, shadowed, found)
        local = deck_game(name, deck, allow_code) if found is None else None
        if local is not None:
            return local
    if found is None:
        known = names()
        raise UserError(f"no game called '{name}'",
                        hint=did_you_mean(name, known + list(aliases())) or "games: " + ", ".join(known))
    return found()


def _refuse_shadow(name: str, path: Path, found: type[Game[Any, Any]]) -> None:
    """A deck's file named for a game printgen (or a plug-in) has: refused, as the file would never
    be played, and a report on the other game under its name would mislead its designer."""
    whose = "an installed plug-in's game" if found.name in _plugins() else "printgen's own game"
    raise UserError(f"'{name}' is the name of {whose} ({found.title or found.name}), which a deck's own game "
                    "cannot take", Where(file=path), "give the deck's game (its file and its class's name) a name "
                    "of its own")


def sheet_tables(name: str, deck: Any) -> dict[str, Any]:
    """What the rule sheet named after a game (rules/lombre.md) may print from the game's own
    tables, as `game` in its template; {} when no game has that name (a sheet's own name only), or
    the game has no report to print from. A deck's own game file (games/<name>.yaml) gives its
    setup table: it is data, so building may read it; a deck's Python file is never run to build."""
    if not _is_own_name(name):       # only that game is imported, none for other sheets
        from printgen.games.deck_games import data_game, deck_file

        path = deck_file(name, deck.folder) if getattr(deck, "folder", None) is not None else None
        if path is None or path.suffix != ".yaml":
            return {}
        found = data_game(path, deck.folder, name, False)
        return found.sheet_tables(deck) if isinstance(found, Report) else {}
    game = get_game(name)
    return game.sheet_tables(deck) if isinstance(game, Report) else {}
