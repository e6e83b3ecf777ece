"""The drafting game's greedy player."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from printgen.games.drafting.rules import DraftingRules, State
from printgen.games.drafting.tables import DISCARD2, FORCE1, FORCES, PLAYERS, SET_BONUS, SPLIT
from printgen.sim.engine import Action


def _best(cards: Sequence[int], value: Callable[[int], int], rng: random.Random) -> int:
    """The card of highest value; among equals, one at random (one draw, only on a tie)."""
    values = [value(c) for c in cards]
    best = max(values)
    if values.count(best) == 1:
        return cards[values.index(best)]
    ties = [c for c, v in zip(cards, values) if v == best]
    return ties[int(rng.random() * len(ties))]


class DraftingBots(DraftingRules):
    """The rule-of-thumb player validate plays the drafting game with."""

    def greedy(self, state: State, rng: random.Random) -> Action:
        """Split: the 6-stack (round 1, passed left) takes the cards of your shortest suits,
        dearest first; the 7-stack keeps your long suits and cheap cards. Draft and round-2 discard:
        the card that adds most to your score (suit square growth, completing a set of four suits,
        low face value) is picked, the one adding least is discarded. Forced discard: the target's
        face-up card whose loss costs them most. Equally good cards (a ten, jack, queen and king of
        one suit are worth the same) are chosen between at random with `rng`: a fixed order would
        always throw away the same ten and make it look like a dead card."""
        phase = state.phase
        seat = state.actor
        prep = state.prep
        suit, face = prep.suit, prep.face
        if phase == SPLIT:
            counts = state.dealt[seat]
            return _best(state.hold[seat], lambda c: face[c] - counts[suit[c]] * 64, rng)
        if phase in FORCES:
            target = (seat - 1 if phase == FORCE1 else seat + 1) % PLAYERS
            counts = self._counts(state, target)
            low = min(counts)

            def loss(c: int) -> int:
                n = counts[suit[c]]
                return 2 * n - 1 + (SET_BONUS if n == low else 0) - face[c]
            return _best(state.up[target], loss, rng)
        counts = self._counts(state, seat)
        low = min(counts)
        single_low = counts.count(low) == 1

        def gain(c: int) -> int:
            n = counts[suit[c]]
            return 2 * n + 1 + (SET_BONUS if n == low and single_low else 0) - face[c]
        if phase == DISCARD2:
            return _best(state.hold[seat], lambda c: -gain(c), rng)
        return _best(state.stack[seat], gain, rng)

    @staticmethod
    def _counts(state: State, seat: int) -> list[int]:
        """Suit counts of the cards in front of a seat (kept by apply; read-only here)."""
        return state.counts[seat]
