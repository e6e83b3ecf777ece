"""L'Ombre's greedy player: its bidding, and the family's play (printgen.games.common.ombre.bots)."""

from __future__ import annotations

import random

from printgen.games.common.ombre import bots
from printgen.games.common.ombre.state import JUEGO, PASS, State
from printgen.games.lombre.rules import LOmbreRules
from printgen.sim.engine import Action


class LOmbreBots(LOmbreRules):
    """The rule-of-thumb player validate plays L'Ombre with."""

    sure_at = 11.0              # the greedy Ombre plays without taking in with the three matadors and this strength
    bid_at = 7.0                # ... and takes the game with this strength (bots.strength)

    def greedy_bid(self, st: State, rng: random.Random) -> Action:
        score, _ = bots.best_trumps(st.prep, st.hand[st.actor], rng)
        return JUEGO if score >= self.bid_at else PASS

    def greedy(self, st: State, rng: random.Random) -> Action:
        return bots.greedy(self, st, rng)
