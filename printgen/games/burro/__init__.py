"""Burro, the donkey game: rules.py plays it, bots.py is its greedy player, report.py says what
validate finds beyond the shared figures, tables.py holds its codes, options and prepared deck;
game.py puts them together."""

from printgen.games.burro.game import Burro

GAME = Burro

__all__ = ["GAME", "Burro"]
