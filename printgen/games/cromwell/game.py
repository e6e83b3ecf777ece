"""The Cromwell game for the simulation engine, assembled from its parts.

The play (a :class:`printgen.sim.engine.Game`) is a chain of mixins, each built on the one before so
that what it uses is declared and type-checked: Preparing (deck to tables, the deals), Lays (the
table: what a hand can lay, going out), TurnRules (the phases of a turn: legal moves and their
effect), and on those GreedyBot (and on it Pupil, the player who does not know the houses),
Hidden (what each seat knows, and a deal of the rest) and Checks (invariants, actions by name).
Reporting, built on Preparing, is what validate measures and says (a
:class:`printgen.sim.report.Report`: the deal, the measures, static findings, advice). What one
mixin asks of another (the deals, the lays that go out, the card an answerer received) is public,
without a leading underscore; a private method is called only inside the mixin that defines it.
"""

from __future__ import annotations

from printgen.games.cromwell.checks import Checks
from printgen.games.cromwell.hidden import Hidden
from printgen.games.cromwell.pupil import Pupil
from printgen.games.cromwell.report import Reporting
from printgen.games.cromwell.tables import MAX_PLAYERS, MIN_PLAYERS, OPTIONS


class Cromwell(Reporting, Pupil, Hidden, Checks):
    name = "cromwell"
    title = "Cromwell"
    variants = ("basic", "advanced")
    players = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    options = OPTIONS
    step_cap = 10000         # random bots play long rounds (6 players: 95 % end within ~6,500 steps)
