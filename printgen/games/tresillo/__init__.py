"""Tresillo, the Spanish game of the ombre family for three or four players: rules.py plays what is
its own (the bidding, the books), bots.py is its greedy bidder, report.py says what validate finds,
tables.py holds its stakes, bonuses and options; game.py puts them together. The family's shared
parts are in printgen/games/common/ombre/."""

from printgen.games.tresillo.game import Tresillo

GAME = Tresillo

__all__ = ["GAME", "Tresillo"]
