"""Conquian's greedy bot.

A mixin of :class:`printgen.games.conquian.game.Conquian`."""

from __future__ import annotations

import random

from printgen.games.conquian.rules import Rules
from printgen.games.conquian.tables import CHOOSE, DISCARD, DISCARD_FORCE, MELD_FLAG, OFFER, REFUSE, State
from printgen.sim.engine import Action


class GreedyBot(Rules):
    # -- the greedy bot ---------------------------------------------------------------------------
    def greedy(self, state: State, rng: random.Random) -> Action:
        """Meld whenever possible, with the most cards from the hand; force a card the opponent
        refused when it is no use to us; discard the card with the fewest partners in hand (same
        rank, or same suit one or two places away), keeping cards that would fit the opponent's
        melds. Ties at random."""
        st = state
        legal = self.legal(st)
        if st.phase == OFFER:
            return self._pick([a for a in legal if a != REFUSE] or legal, rng)
        if st.phase == CHOOSE:
            melds = [a for a in legal if a >= MELD_FLAG]
            if melds:
                most = max((a >> 16).bit_count() for a in melds)
                return self._pick([a for a in melds if (a >> 16).bit_count() == most], rng)
            forces = [a for a in legal if REFUSE < a < DISCARD]
            return self._pick(forces or [REFUSE], rng)
        cards = st.prep.cards
        p = st.actor
        hand = st.hand[p]
        best, chosen = None, []
        for a in legal:
            if a >= DISCARD_FORCE:
                continue
            d = a - DISCARD
            s, r = cards.suit[d], cards.pos[d]
            value = 0
            for t in range(4):
                if t != s and hand >> cards.at[t][r] & 1:
                    value += 2
            for q, w in ((r - 2, 1), (r - 1, 2), (r + 1, 2), (r + 2, 1)):
                if 0 <= q < st.prep.R and hand >> cards.at[s][q] & 1:
                    value += w
            if st.fit[1 - p] >> d & 1:
                value += 3
            if best is None or value < best:
                best, chosen = value, [a]
            elif value == best:
                chosen.append(a)
        a = self._pick(chosen, rng)
        d = a - DISCARD
        forced = [x for x in legal if x >= DISCARD_FORCE and (x - DISCARD_FORCE) >> 3 == d]
        return forced[0] if forced else a

    @staticmethod
    def _pick(options: list[Action], rng: random.Random) -> Action:
        return options[int(rng.random() * len(options))] if len(options) > 1 else options[0]
