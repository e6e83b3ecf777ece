"""Burro, the donkey game: rules.py plays it, report.py says what validate finds beyond the shared figures."""

from printgen.games.burro.rules import Burro

GAME = Burro

__all__ = ["GAME", "Burro"]
