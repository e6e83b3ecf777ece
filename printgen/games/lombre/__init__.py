"""L'Ombre, the three-handed game of the ombre family: rules.py holds what is its own; the
family's shared session, bots and report are in printgen/games/common/ombre/."""

from printgen.games.lombre.rules import LOmbre

GAME = LOmbre

__all__ = ["GAME", "LOmbre"]
