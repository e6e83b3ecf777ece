"""What one seat of Casita Robada knows, and a game dealt anew behind what it cannot see (issue
28's search player plays from these).

Everything but the hands and the stock is face up: the middle, and every casita, whose cards all
went in face up (from the middle or a hand, or a whole casita stolen), so an attentive player
knows each casita's every card. A seat sees its own hand and the size of the others and of the
stock; a determinisation deals the other hands and the stock again from the cards it has not
seen, each hand keeping its size. The game draws nothing after the first shuffle, so its state
keeps no generator and the copy needs none.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from printgen.games.casita.rules import State
from printgen.sim.engine import shuffle


class CasitaHidden:
    """Casita Robada's information(state, seat) and determinize(state, seat, rng), mixed into the game."""

    def information(self, state: State, seat: int) -> Hashable:
        """Seat's hand (sorted), the middle, every casita bottom first, the sizes of the other hands
        and of the stock, whose turn, and the public counts."""
        st = state
        return (seat, tuple(sorted(st.hand[seat])), tuple(len(h) for h in st.hand), len(st.stock),
                tuple(tuple(m) for m in st.middle), tuple(tuple(p) for p in st.pile), tuple(st.top),
                st.actor, st.last, st.over, st.turns, tuple(st.steals), st.stolen, st.captures, tuple(st.seen))

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A copy with the other hands and the stock dealt anew from the cards `seat` cannot see."""
        st = state
        cls = type(st)
        d = cls.__new__(cls)
        d.prep, d.n, d.actor, d.last, d.over, d.turns = st.prep, st.n, st.actor, st.last, st.over, st.turns
        d.stolen, d.captures, d.used, d.total, d.could_steal = st.stolen, st.captures, st.used, st.total, st.could_steal
        d.middle = [list(m) for m in st.middle]
        d.pile = [list(p) for p in st.pile]
        d.top, d.steals, d.start, d.seen = list(st.top), list(st.steals), list(st.start), list(st.seen)
        d.cache = None
        unseen = list(st.stock)
        for p in range(st.n):
            if p != seat:
                unseen += st.hand[p]
        shuffle(rng, unseen)
        hands = []
        at = 0
        held = st.held
        for p in range(st.n):
            if p == seat:
                hands.append(list(st.hand[p]))
                continue
            k = len(st.hand[p])
            mine = unseen[at:at + k]
            for c in mine:
                held |= 1 << c
            at += k
            hands.append(mine)
        d.hand = hands
        d.stock = unseen[at:]
        d.held = held
        return d
