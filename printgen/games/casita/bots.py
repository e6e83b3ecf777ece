"""Casita Robada's greedy player."""

from __future__ import annotations

import random

from printgen.games.casita.rules import CasitaRules, State
from printgen.sim.engine import Action


class CasitaBots(CasitaRules):
    """The rule-of-thumb player validate plays Casita Robada with."""

    def greedy(self, state: State, rng: random.Random) -> Action:
        """Take the most cards (a casita stolen counts all its cards, a capture the middle cards of
        the rank, each with the card played); with nothing to take, leave the card of a rank most
        already played (fewest left for the others to capture it with). Ties at random."""
        st = state
        cards = st.prep.cards
        best, chosen = None, []
        for a in self.legal(st):
            c, t = a % cards.n, a // cards.n - 1
            r = cards.pos[c]
            gain = len(st.pile[t]) + 1 if t >= 0 else (len(st.middle[r]) + 1 if st.middle[r] else st.seen[r] / 8 - 1)
            if best is None or gain > best:
                best, chosen = gain, [a]
            elif gain == best:
                chosen.append(a)
        return chosen[int(rng.random() * len(chosen))] if len(chosen) > 1 else chosen[0]
