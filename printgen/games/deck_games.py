"""Games a deck carries in its own folder: `games/<name>.py`, a Game class written in Python.

Why a flag: a deck is data a designer may have downloaded or been sent, and building or validating
it must never run whatever the folder holds. So a deck's Python file is not opened as code, not
even imported to read its name, unless the user passes `--allow-code`; without it the file is
refused by name, with the two ways to run it (the flag, or installing it as a plug-in package,
which the user does knowingly with pip). The file must lie inside the deck's folder: a link leading
out is refused as every other file of a deck is (printgen.files.deckfiles.contained).

The registry (printgen.games.registry) asks here only for a name that neither printgen nor an
installed plug-in has: a deck cannot replace a game printgen ships.

Workers: validate hands the game to worker processes (or Ray) by pickling it, and a class from a
file is importable by no module name a fresh process knows. Each loaded class is therefore
registered with copyreg so that its instances travel as (the file's path, the game's name): the
worker loads the same file again, once a process, and gets the same class.
"""

from __future__ import annotations

import copyreg
import hashlib
import importlib.util
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any

from printgen.files.deckfiles import contained
from printgen.files.errors import UserError, Where
from printgen.sim.engine import Game

FOLDER = "games"                   # a deck's own games live in <deck>/games/
PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")   # a game's name as a file's stem: no path, no dots

# The kinds of file a deck's game can be, by suffix, each with the function that makes the game:
# (path, deck folder, name, allow_code) -> a Game. A data game, games/<name>.yaml, read by
# printgen.games.datagame.load_game_file(path, folder), is the kind to add beside the Python one:
# it runs no code, so it needs no --allow-code.
Loader = Callable[[Path, Path, str, bool], "Game[Any, Any]"]

_loaded: dict[Path, type[Game[Any, Any]]] = {}      # per process: a file is run at most once


def deck_file(name: str, folder: Path) -> Path | None:
    """The file of the deck's own game `name` (any kind), None when the deck holds none."""
    if not PLAIN_NAME.fullmatch(name):
        return None
    found = [path for suffix in KINDS
             if (path := Path(folder) / FOLDER / f"{name}{suffix}").is_file() or path.is_symlink()]
    if len(found) > 1:
        raise UserError(f"the deck holds two games called '{name}': {', '.join(p.name for p in found)}",
                        Where(file=found[0]), "keep one of the two files (or rename one)")
    return found[0] if found else None


def deck_game(name: str, folder: Path, allow_code: bool = False) -> Game[Any, Any] | None:
    """The game of the deck's own file for `name`, None when the deck holds none; UserError
    for a file that leads out of the deck, that is code and not allowed, or that defines no game."""
    path = deck_file(name, folder)
    if path is None:
        return None
    contained(path, Path(folder), place=f"the deck folder '{Path(folder).name}'")
    return KINDS[path.suffix](path, Path(folder), name, allow_code)


def python_game(path: Path, folder: Path, name: str, allow_code: bool) -> Game[Any, Any]:
    """The game of the Game class `path` (a deck's games/<name>.py) defines, the file run only when
    allowed."""
    if not allow_code:
        raise UserError(f"the game '{name}' is Python code in the deck's folder, and printgen runs no code from "
                        "a deck folder unless told to (a deck shared with you could run anything on your computer)",
                        Where(file=path),
                        "if you trust this file, validate with --allow-code; or install the game as a plug-in "
                        "package (docs/adding-a-game.md)")
    key = path.resolve()
    if key not in _loaded:
        _loaded[key] = _chosen(_run(key, path), path, name)
        copyreg.pickle(_loaded[key], _by_path)
    return _loaded[key]()


# games/<name>.yaml, a data game (printgen.games.datagame.load_game_file), is added here beside .py
def data_game(path: Path, folder: Path, name: str, allow_code: bool) -> Game[Any, Any]:
    """The game a game file (a deck's games/<name>.yaml) describes: data, read and compiled, never
    run as code, so it needs no --allow-code."""
    from printgen.games.datagame import load_game_file

    game = load_game_file(path, folder)
    if game.name != name:
        raise UserError(f"the game file says its name is '{game.name}', but it is games/{path.name}, so decks "
                        f"call it '{name}'", game.spec.where(("name",)),
                        f"leave the name: line out (the file's name is the game's), or name the file {game.name}.yaml")
    return game


# the data kind first: a deck holding both games/x.yaml and games/x.py is refused (deck_file)
KINDS: dict[str, Loader] = {".yaml": data_game, ".py": python_game}


def _module_name(path: Path) -> str:
    """The module a deck's file is run as: named after its path, so the same file is the same module
    in every process and two decks' files of one name never meet."""
    digest = hashlib.sha256(str(path).encode("utf-8")).hexdigest()[:16]
    return f"printgen_deck_game_{digest}"


def _run(path: Path, shown: Path) -> ModuleType:
    """The file run as a module (kept in sys.modules while it runs, as dataclasses need); UserError
    naming the file, and its line where the traceback passes through it, when it fails."""
    name = _module_name(path)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise UserError("printgen cannot load this file as Python", Where(file=shown))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit) as error:      # the deck's own code: say where it failed and why
        del sys.modules[name]
        raise UserError(f"the game file failed while loading: {type(error).__name__}: {error}",
                        Where(file=shown, line=_line_in(error, path)),
                        "run it with python to see the whole traceback") from None
    return module


def _line_in(error: BaseException, path: Path) -> int | None:
    """The last line of `path` the error passed through (a syntax error's own line)."""
    if isinstance(error, SyntaxError) and error.filename and Path(error.filename) == path:
        return error.lineno
    line = None
    tb: TracebackType | None = error.__traceback__
    while tb is not None:
        if Path(tb.tb_frame.f_code.co_filename) == path:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _chosen(module: ModuleType, path: Path, name: str) -> type[Game[Any, Any]]:
    """The module's game: its `GAME`, or else the one Game class it defines named `name`."""
    declared = getattr(module, "GAME", None)
    where = Where(file=path)
    if declared is not None:
        if not (isinstance(declared, type) and issubclass(declared, Game)):
            raise UserError(f"GAME is {declared!r}, not a Game class", where,
                            "set GAME to a subclass of printgen.sim.engine.Game")
        if declared.name != name:
            raise UserError(f"GAME is the game '{declared.name}', and the file is named for '{name}'", where,
                            f"set name = '{name}' on the class, or rename the file {declared.name}.py")
        return declared
    own = [value for value in vars(module).values()
           if isinstance(value, type) and issubclass(value, Game) and value.__module__ == module.__name__]
    named = [game for game in own if game.name == name]
    if len(named) == 1:
        return named[0]
    if named:
        raise UserError(f"the file defines {len(named)} Game classes named '{name}': "
                        + ", ".join(game.__name__ for game in named), where, "set GAME = the one to play")
    others = ", ".join(f"{game.__name__} (name '{game.name}')" for game in own)
    raise UserError(f"the file defines no Game class named '{name}'" + (f"; it defines {others}" if others else ""),
                    where, f"subclass printgen.sim.engine.Game with name = '{name}', or set GAME to the class")


def _by_path(game: Game[Any, Any]) -> tuple[Any, ...]:
    """How a deck's game crosses to a worker: its file and name, and what the instance holds."""
    path = next(path for path, cls in _loaded.items() if cls is type(game))
    return _revived, (str(path), game.name), dict(vars(game)) or None


def _revived(path: str, name: str) -> Game[Any, Any]:
    """A deck's game in a worker: its file loaded again (once a process); the run it belongs to was
    allowed to run code when it started."""
    return python_game(Path(path), Path(path).parents[1], name, allow_code=True)
