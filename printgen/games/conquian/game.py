"""The Conquian game for the simulation engine, assembled from its parts: the rules (rules.py, with
the melds of melds.py), the greedy player (bots.py), what each seat knows (hidden.py) and the
report (report.py), over the data of tables.py."""

from __future__ import annotations

from printgen.games.conquian.bots import GreedyBot
from printgen.games.conquian.hidden import Hidden
from printgen.games.conquian.report import Reporting
from printgen.games.conquian.rules import Rules
from printgen.games.conquian.tables import OPTIONS, VARIANTS


class Conquian(Reporting, GreedyBot, Hidden, Rules):
    name = "conquian"
    title = "Conquian"
    variants = VARIANTS
    players = (2,)
    options = OPTIONS
    step_cap = 400
