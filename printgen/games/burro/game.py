"""Burro assembled from its parts: the rules (rules.py), the greedy player (bots.py) and the report
(report.py), over the data of tables.py."""

from __future__ import annotations

from printgen.games.burro.bots import BurroBots
from printgen.games.burro.hidden import BurroHidden
from printgen.games.burro.report import BurroReport
from printgen.games.burro.rules import BurroRules
from printgen.games.burro.tables import OPTIONS, VARIANTS


class Burro(BurroHidden, BurroReport, BurroBots, BurroRules):
    name = "burro"
    title = "Burro"
    variants = VARIANTS
    players = (2, 3, 4, 5, 6, 7, 8)
    options = OPTIONS
    step_cap = 6000             # 8 players need at most 33 hands of at most 48 plays
