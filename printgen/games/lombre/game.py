"""L'Ombre assembled from its parts: the rules (rules.py, over the family's in common/ombre/), the
greedy player (bots.py) and the report (report.py), over the data of tables.py."""

from __future__ import annotations

from printgen.games.lombre.bots import LOmbreBots
from printgen.games.lombre.hidden import LOmbreHidden
from printgen.games.lombre.report import LOmbreReport
from printgen.games.lombre.rules import LOmbreRules
from printgen.games.lombre.tables import OPTIONS


class LOmbre(LOmbreHidden, LOmbreReport, LOmbreBots, LOmbreRules):
    name = "lombre"
    title = "L'Ombre"
    options = OPTIONS
    players = (3,)
    step_cap = 80 * 1000        # about 80 decisions a hand at most, sessions of up to 1,000 hands
