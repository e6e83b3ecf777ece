"""Plain Tricks put together: its name, variants, player counts and options, over the rules
(rules.py, the play contract), the greedy player (bots.py) and the report (report.py).

The order of the bases is the one printgen's own games use: the report first, then the bots, then
the rules, which bring printgen.sim.engine.Game and its defaults (clone, read_options).
"""

from __future__ import annotations

from .bots import PlainTricksBots
from .report import PlainTricksReport
from .rules import PlainTricksRules
from .tables import OPTIONS, VARIANTS


class PlainTricks(PlainTricksReport, PlainTricksBots, PlainTricksRules):
    name = "plaintricks"                 # as a deck's `games:` and --game say it; the entry point's name
    title = "Plain Tricks"
    variants = VARIANTS
    players = (2, 3, 4, 5)               # the rules' counts; player_counts keeps those the pack can deal
    options = OPTIONS
    step_cap = 200                       # a game is at most 12 tricks of 5 cards
