"""Casita Robada assembled from its parts: the rules (rules.py), the greedy player (bots.py) and the
report (report.py), over the data of tables.py."""

from __future__ import annotations

from printgen.games.casita.bots import CasitaBots
from printgen.games.casita.hidden import CasitaHidden
from printgen.games.casita.report import CasitaReport
from printgen.games.casita.rules import CasitaRules
from printgen.games.casita.tables import OPTIONS


class Casita(CasitaHidden, CasitaReport, CasitaBots, CasitaRules):
    name = "casita"
    title = "Casita Robada"
    aliases = ("casita-robada",)        # the name of its rule sheet (rules/casita-robada.md)
    variants = ("basic",)
    players = (2, 3, 4)
    options = OPTIONS
    step_cap = 200              # a game is at most 44 plays
