"""The Cromwell game for the simulation engine, assembled from its parts.

Preparing (deck to tables), TurnRules (legal moves and their effect), GreedyBot and Checks are
the play (a :class:`printgen.sim.engine.Game`), Reporting what validate measures and says (a
:class:`printgen.sim.report.Report`: the deal, the measures, static findings, advice): mixins over
the shared tables, so each reads on its own. What one mixin asks of another (the deals, the
lays that go out, the card an answerer received) is public, without a leading underscore; a
private method is called only inside the mixin that defines it.
"""

from __future__ import annotations

from printgen.games.cromwell.bots import GreedyBot
from printgen.games.cromwell.checks import Checks
from printgen.games.cromwell.prepare import Preparing
from printgen.games.cromwell.report import Reporting
from printgen.games.cromwell.rules import TurnRules
from printgen.games.cromwell.tables import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, Prepared, State
from printgen.sim.engine import Game


class Cromwell(Preparing, Reporting, TurnRules, GreedyBot, Checks, Game[Prepared, State]):
    name = "cromwell"
    title = "Cromwell"
    variants = ("basic", "advanced")
    players = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    options = OPTIONS
    step_cap = 10000         # random bots play long rounds (6 players: 95 % end within ~6,500 steps)
