"""Castle Croquetnole played on a physics model of its table layout (docs/croquetnole.md).

Not a card game: it declares no GAME for the registry and is played by
printgen/commands/croquetnole.py, not by printgen.sim.engine (a flick is a continuous move, not a
choice among legal actions).
"""
