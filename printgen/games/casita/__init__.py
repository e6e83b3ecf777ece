"""Casita (casita robada): rules.py plays it and reports on it."""

from printgen.games.casita.rules import Casita

__all__ = ["Casita"]
