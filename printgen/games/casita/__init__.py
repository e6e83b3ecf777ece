"""Casita (casita robada): rules.py plays it, bots.py is its greedy player, report.py says what
validate finds beyond the shared figures, tables.py holds its deal, options and prepared deck;
game.py puts them together."""

from printgen.games.casita.game import Casita

GAME = Casita

__all__ = ["GAME", "Casita"]
