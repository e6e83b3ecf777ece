"""What one player of Coppertwaddle knows, and the game dealt anew from it (the search player's
determinisation, printgen.sim.engine.Game.information and determinize). The fifth part of the
rules (after invariants.py): Hidden adds it to Invariants, and rules.Coppertwaddle is built on it.

The seed lets players examine every card in play, the Midden included, but not the Trumpet, and
each hides its hand. So a player knows the Domains, Winds, Declarations, effects, the cards being
played, the Midden, its own hand, and of the opponent's hand its size and the cards an effect
returned to it from the table (seen going there); the rest of that hand and the Trumpet's order
are unseen. One more thing shows: a player asked to decide has a real choice (a decision of PASS
alone is taken for it), so a determinisation leaves the opponent, when it is to act, one.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from printgen.games.coppertwaddle.cards import OVER
from printgen.games.coppertwaddle.invariants import Invariants
from printgen.games.coppertwaddle.state import State, clone
from printgen.sim.engine import shuffle

TRIES = 20                  # deals tried for an opponent who must have a choice, before the real one
# fields that are no player's knowledge (draws, caches, validate's counts) or follow from the table
UNSEEN = frozenset(("prep", "hand", "trumpet", "held", "drawn", "cache", "memo", "aims", "pw", "vouched", "could",
                    "arose", "seen", "bearers", "vacant"))
PUBLIC = tuple(name for name in State.__slots__ if name not in UNSEEN)


def _frozen(value: object) -> Hashable:
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, set):
        return frozenset(value)
    return value


class Hidden(Invariants):
    """information() and determinize() for Coppertwaddle. The copy is state.clone's, as the
    game's own bots make (its lists of cards by side are replaced by play, never changed)."""

    def information(self, state: State, seat: int) -> Hashable:
        st = state
        other = st.hand[1 - seat]
        used = st.used
        shown = tuple(sorted(c for c in other if used >> c & 1))    # cards on the table before: returned to it
        return (seat, tuple(sorted(st.hand[seat])), len(other), shown, len(st.trumpet),
                tuple(_frozen(getattr(st, name)) for name in PUBLIC))

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        st = state
        opp = 1 - seat
        used = st.used
        known = [c for c in st.hand[opp] if used >> c & 1]
        unseen = [c for c in st.hand[opp] if not used >> c & 1] + st.trumpet
        mask = 0
        for c in unseen:
            mask |= 1 << c
        k = len(st.hand[opp]) - len(known)
        for _ in range(TRIES):
            det = clone(st)
            det.cache = None
            pool = list(unseen)
            shuffle(rng, pool)
            dealt = pool[:k]
            det.hand[opp] = known + dealt
            det.trumpet = pool[k:]
            if st.actor == seat or st.stage == OVER or self.has_choice(det):
                break
        else:
            det = clone(st)             # no deal found at random leaves it a choice: the real one does
            det.cache = None
            return det
        got = 0
        for c in dealt:
            got |= 1 << c
        det.held = (st.held & ~mask) | got     # the Trumpet's cards were never held
        drawn = list(st.drawn)
        drawn[opp] = (drawn[opp] & ~mask) | got
        det.drawn = drawn
        return det
