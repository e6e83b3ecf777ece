"""Casita (casita robada): rules.py plays it and reports on it."""

from printgen.games.casita.rules import Casita

GAME = Casita

__all__ = ["GAME", "Casita"]
