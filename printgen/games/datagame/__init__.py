"""Games as data: a game file (decks/<deck>/games/<name>.yaml) read, checked and compiled to the
play contract every game keeps (printgen.sim.engine.Game), so validate plays a designer's game
with no Python written.

The parts, in the order a file goes through them: expr.py (the expression language), scope.py
(what names mean; expressions made into closures), spec.py (the file's settings checked), program.py
(the steps compiled to instructions), choice.py (decisions), state.py (a game's state and the card
moves), machine.py (the Game and Report over them). This package declares no GAME: the registry
finds game files beside a deck, not here.
"""

from printgen.games.datagame.machine import DataGame, load_game_file

__all__ = ["DataGame", "load_game_file"]
