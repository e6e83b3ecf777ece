"""Drafting, a game of picking cards in turns: rules.py plays it and reports on it."""

from printgen.games.drafting.rules import Drafting

GAME = Drafting

__all__ = ["GAME", "Drafting"]
