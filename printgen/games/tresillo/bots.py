"""Tresillo's greedy player: its bidding, and the family's play (printgen.games.common.ombre.bots)."""

from __future__ import annotations

import random

from printgen.games.common.ombre import bots
from printgen.games.common.ombre.state import JUEGO, PASS, SOLO, VUELTA, State
from printgen.games.tresillo.rules import TresilloRules
from printgen.sim.engine import Action


class TresilloBots(TresilloRules):
    """The rule-of-thumb player validate plays Tresillo with."""

    sure_at = None              # the Ombre of Tresillo never plays without taking in
    juego_at = 7.0              # the greedy bidder's strength (bots.strength) for a juego ...
    solo_at = 11.0              # ... for a solo
    vuelta_matadors = 2         # ... and a vuelta with two matadors but no suit strong enough for a juego

    def greedy_bid(self, st: State, rng: random.Random) -> Action:
        """Count matadors and trumps: a solo with a very strong suit, a juego with a good one, a
        vuelta with two matadors and no good suit; bid the wanted contract if it is allowed."""
        prep = st.prep
        hand = st.hand[st.actor]
        score, t = bots.best_trumps(prep, hand, rng)
        if score >= self.solo_at:
            want = SOLO
        elif score >= self.juego_at:
            want = JUEGO
        elif bots.matadors(prep, hand, t) >= self.vuelta_matadors:
            want = VUELTA
        else:
            return PASS
        return want if want in self.bid_legal(st) else PASS

    def greedy(self, st: State, rng: random.Random) -> Action:
        return bots.greedy(self, st, rng)
