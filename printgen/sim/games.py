"""The games printgen can simulate, by name. Modules are imported only when asked for.

A game may also answer to other names (`aliases` on its class, such as the name of its rule
sheet: casita-robada for casita), so a user who types the name printed on the sheet is understood.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module
from typing import Any

from printgen.files.errors import UserError, did_you_mean
from printgen.sim.engine import Game

GAMES = {
    "conquian": ("printgen.games.conquian", "Conquian"),
    "casita": ("printgen.games.casita", "Casita"),
    "burro": ("printgen.games.burro", "Burro"),
    "coppertwaddle": ("printgen.games.coppertwaddle", "Coppertwaddle"),
    "cromwell": ("printgen.games.cromwell", "Cromwell"),
    "drafting": ("printgen.games.drafting", "Drafting"),
    "lombre": ("printgen.games.lombre", "LOmbre"),
    "tresillo": ("printgen.games.tresillo", "Tresillo"),
}


def _class(name: str) -> type[Game]:
    module, cls = GAMES[name]
    return getattr(import_module(module), cls)


@lru_cache(maxsize=1)
def aliases() -> dict[str, str]:
    """Every other name a game declares, to its own name (imports each game module: only asked
    when a name is not a game's own)."""
    return {alias: name for name in GAMES for alias in getattr(_class(name), "aliases", ())}


def canonical(name: str) -> str | None:
    """The game's own name for `name` (itself or an alias), None when no game answers to it."""
    if name in GAMES:
        return name
    return aliases().get(name)


def get_game(name: str) -> Game:
    own = canonical(name)
    if own is None:
        known = list(GAMES) + list(aliases())
        raise UserError(f"no game called '{name}'", hint=did_you_mean(name, known) or "games: " + ", ".join(GAMES))
    return _class(own)()


def sheet_tables(name: str, deck) -> dict[str, Any]:
    """What the rule sheet named after a game (rules/lombre.md) may print from the game's own
    tables, as `game` in its template; {} when no game has that name."""
    if name not in GAMES:          # a sheet's own name only: no game module is imported for other sheets
        return {}
    return get_game(name).sheet_tables(deck)
