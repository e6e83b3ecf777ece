"""Tresillo, the Spanish game of the ombre family for three or four players: rules.py holds what is its own
(the bidding, the books); the family's shared parts are in printgen/games/common/ombre/."""

from printgen.games.tresillo.rules import Tresillo

GAME = Tresillo

__all__ = ["GAME", "Tresillo"]
