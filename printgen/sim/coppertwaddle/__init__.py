"""Coppertwaddle (seed 001) in the simulator: rules.py plays it, cards.py compiles the deck and its
ability records, bots.py holds the greedy player, report.py what `printgen validate` says."""

from printgen.sim.coppertwaddle.rules import Coppertwaddle

__all__ = ["Coppertwaddle"]
