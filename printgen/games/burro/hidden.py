"""What one seat of Burro knows, and a game dealt anew behind what it cannot see (issue 28's
search player plays from these).

A seat sees its own hand, the cards played this hand (face up in the tricks), every count (the
size of each hand and of the stock), the letters and whose turn it is. It does not see the other
hands or the order of the stock: a determinisation deals those cards again at random, each hand
keeping its size. Cards drawn from the stock go into a hand face down, so drawing shows nothing
but how many were drawn. A player deciding how to follow is dealt cards of the led suit (it must
hold them); otherwise what play says about suits (a player who drew or passed had none of the led
suit) is not used: the deal is uniform over the unseen cards, a simplification the search accepts.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from printgen.games.burro.rules import State
from printgen.games.burro.tables import FOLLOW
from printgen.sim.engine import shuffle

# the fields of a State that play shows every seat (copied as they are into a determinisation)
_PUBLIC = ("n", "letters", "dealer", "count", "phase", "actor", "leader", "led", "best", "winner", "drew",
           "holders", "deciding", "decided", "hands", "passes", "tricks", "dealt")


class BurroHidden:
    """Burro's information(state, seat) and determinize(state, seat, rng), mixed into the game."""

    def information(self, state: State, seat: int) -> Hashable:
        """Seat's hand (by suit, sorted), the cards played this hand in order, the stock's size and
        every public field."""
        st = state
        own = tuple(tuple(sorted(cards)) for cards in st.hand[seat])
        public = tuple(tuple(v) if isinstance(v, list) else v for v in (getattr(st, f) for f in _PUBLIC))
        return seat, own, tuple(st.gone), len(st.stock), public

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A copy with the other hands and the stock dealt anew from the cards `seat` cannot see."""
        st = state
        cls = type(st)
        d = cls.__new__(cls)
        for name in cls.__slots__:
            value = getattr(st, name)
            if type(value) is list:
                value = list(value)
            setattr(d, name, value)
        suit = st.prep.cards.suit
        unseen = list(st.stock)
        for p in range(st.n):
            if p != seat:
                for cards in st.hand[p]:
                    unseen += cards
        shuffle(rng, unseen)
        # another player deciding how to follow holds a card of the led suit (or it would have drawn
        # or passed), two unless it has just drawn one (a single one is played for it): unseen cards
        # of that suit are dealt to it first
        follower = st.actor if st.phase == FOLLOW and st.actor != seat else -1
        if follower >= 0:
            need = 1 if st.drew else 2
            led = [i for i, c in enumerate(unseen) if suit[c] == st.led][:need]
            for k, i in enumerate(led):
                unseen[k], unseen[i] = unseen[i], unseen[k]
        hands: list[list[list[int]]] = [[] for _ in range(st.n)]
        at = 0
        held = st.held
        for p in ([follower] if follower >= 0 else []) + [p for p in range(st.n) if p != follower]:
            if p == seat:
                hands[p] = [list(cards) for cards in st.hand[p]]
                continue
            mine: list[list[int]] = [[], [], [], []]
            for c in unseen[at:at + st.count[p]]:
                mine[suit[c]].append(c)
                held |= 1 << c
            at += st.count[p]
            hands[p] = mine
        d.hand = hands
        d.stock = unseen[at:]
        d.held = held
        d.rng = random.Random(rng.getrandbits(64))
        return d
