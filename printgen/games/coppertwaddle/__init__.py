"""Coppertwaddle (seed 001) in the simulator.

cards.py compiles the deck (kinds, Powers, ability records) and the game options; state.py holds a
game; table.py the Domains, Powers and robbing sums; abilities.py interprets ability records;
rules.py the turn; decisions.py the legal decisions; invariants.py what checked games assert;
bots.py the greedy player; report.py what `printgen validate` says beyond the shared figures.
"""

from printgen.games.coppertwaddle.rules import Coppertwaddle

GAME = Coppertwaddle

__all__ = ["GAME", "Coppertwaddle"]
