"""Burro's greedy player."""

from __future__ import annotations

import random

from printgen.games.burro.rules import BurroRules, State
from printgen.games.burro.tables import LEAD
from printgen.sim.engine import Action


class BurroBots(BurroRules):
    """The rule-of-thumb player validate plays Burro with."""

    def greedy(self, state: State, rng: random.Random) -> Action:
        """Lead the highest card of your longest suit (the others are likely short of it and must
        draw, and a high card keeps the lead); follow with your highest card of the led suit (it
        may win the lead, and low cards are easier to get rid of later); never draw more than you
        must. Equal choices are broken at random."""
        st = state
        pos = st.prep.cards.pos
        h = st.hand[st.actor]
        if st.phase == LEAD:
            longest = max(len(x) for x in h)
            suits = [x for x in h if len(x) == longest]
            cards = suits[int(rng.random() * len(suits))] if len(suits) > 1 else suits[0]
        else:
            cards = h[st.led]
        return max(cards, key=pos.__getitem__)
