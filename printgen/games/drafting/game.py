"""The drafting game assembled from its parts: the rules (rules.py), the greedy player (bots.py),
what each seat knows (hidden.py) and the report (report.py), over the data of tables.py."""

from __future__ import annotations

from printgen.games.drafting.bots import DraftingBots
from printgen.games.drafting.hidden import DraftingHidden
from printgen.games.drafting.report import DraftingReport
from printgen.games.drafting.rules import DraftingRules
from printgen.games.drafting.tables import PLAYERS


class Drafting(DraftingReport, DraftingBots, DraftingHidden, DraftingRules):
    name = "drafting"
    title = "Drafting"
    variants = ("basic",)
    players = (PLAYERS,)
    step_cap = 200          # a game is exactly 84 steps
