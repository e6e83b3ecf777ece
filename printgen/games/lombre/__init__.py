"""L'Ombre, the three-handed game of the ombre family: rules.py plays what is its own, bots.py is
its greedy bidder, report.py says what validate finds, tables.py holds its counters and options;
game.py puts them together. The family's shared session, bots and report are in
printgen/games/common/ombre/."""

from printgen.games.lombre.game import LOmbre

GAME = LOmbre

__all__ = ["GAME", "LOmbre"]
