"""Drafting, a game of picking cards in turns: rules.py plays it, bots.py is its greedy player,
report.py says what validate measures of it, tables.py holds its numbers, phases, scoring and
prepared deck; game.py puts them together."""

from printgen.games.drafting.game import Drafting

GAME = Drafting

__all__ = ["GAME", "Drafting"]
