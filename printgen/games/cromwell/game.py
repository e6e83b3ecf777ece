"""The Cromwell game for the simulation engine, assembled from its parts.

Preparing (deck to tables), Reporting (static findings, advice), TurnRules (legal moves and their
effect), GreedyBot and Checks are mixins over the shared tables, so each reads on its own while the
engine sees one :class:`printgen.sim.engine.Game`. What one mixin asks of another (the deals, the
lays that go out, the card an answerer received) is public, without a leading underscore; a
private method is called only inside the mixin that defines it.
"""

from __future__ import annotations

from printgen.games.cromwell.bots import GreedyBot
from printgen.games.cromwell.checks import Checks
from printgen.games.cromwell.prepare import Preparing
from printgen.games.cromwell.report import Reporting
from printgen.games.cromwell.rules import TurnRules
from printgen.games.cromwell.tables import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from printgen.sim.engine import Game
from printgen.sim.report import Report


class Cromwell(Preparing, Reporting, TurnRules, GreedyBot, Checks, Game, Report):
    name = "cromwell"
    title = "Cromwell"
    variants = ("basic", "advanced")
    players = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    options = OPTIONS
    # hand sizes are judged by static_checks from the exact deal (fewer than 5 or more than 10)
    good_hand = None
    step_cap = 10000         # random bots play long rounds (6 players: 95 % end within ~6,500 steps)
    length_unit = "turns"
    length_note = "a turn is one player's go as the Cromwell"
