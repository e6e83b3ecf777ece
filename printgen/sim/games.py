"""The games printgen can simulate, by name. Modules are imported only when asked for."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from printgen.errors import UserError, did_you_mean
from printgen.sim.engine import Game

GAMES = {
    "conquian": ("printgen.sim.conquian", "Conquian"),
    "casita": ("printgen.sim.casita", "Casita"),
    "burro": ("printgen.sim.burro", "Burro"),
    "coppertwaddle": ("printgen.sim.coppertwaddle", "Coppertwaddle"),
    "cromwell": ("printgen.sim.cromwell", "Cromwell"),
    "drafting": ("printgen.sim.drafting", "Drafting"),
    "lombre": ("printgen.sim.lombre", "LOmbre"),
    "tresillo": ("printgen.sim.tresillo", "Tresillo"),
}


def get_game(name: str) -> Game:
    if name not in GAMES:
        raise UserError(f"no game called '{name}'", hint=did_you_mean(name, GAMES) or "games: " + ", ".join(GAMES))
    module, cls = GAMES[name]
    return getattr(import_module(module), cls)()


def sheet_tables(name: str, deck) -> dict[str, Any]:
    """What the rule sheet named after a game (rules/lombre.md) may print from the game's own
    tables, as `game` in its template; {} when no game has that name."""
    if name not in GAMES:
        return {}
    return get_game(name).sheet_tables(deck)
