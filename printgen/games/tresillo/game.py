"""Tresillo assembled from its parts: the rules (rules.py, over the family's in common/ombre/), the
greedy player (bots.py) and the report (report.py), over the data of tables.py."""

from __future__ import annotations

from printgen.games.common.ombre.hidden import OmbreHidden
from printgen.games.tresillo.bots import TresilloBots
from printgen.games.tresillo.report import TresilloReport
from printgen.games.tresillo.rules import TresilloRules
from printgen.games.tresillo.tables import OPTIONS


class Tresillo(OmbreHidden, TresilloReport, TresilloBots, TresilloRules):
    name = "tresillo"
    title = "Tresillo"
    options = OPTIONS
    players = (3, 4)
    step_cap = 80 * 1000        # about 80 decisions a hand at most, sessions of up to 1,000 hands
