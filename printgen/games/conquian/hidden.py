"""What one seat of Conquian knows, and a deal of the rest consistent with it (the search
player's determinisation, issue 28).

In Conquian no card ever goes into a hand: hands only shrink, by melds and discards, and both
are made face up. Every card that leaves the stock is turned face up for both players before it
is melded or wasted (the waste is turned down, but both saw each card go there). So a seat knows
its own hand, both players' melds, the waste and the card in play, and nothing of the opponent's
hand or the stock but their sizes: those two places hold exactly the cards it has not seen, in
any arrangement. What the opponent's refusals hint at (a card it did not meld was probably of no
use to it) is a matter of play, not of sight, and is left to the search.

A mixin of :class:`printgen.games.conquian.game.Conquian`."""

from __future__ import annotations

import random
from collections.abc import Hashable

from printgen.games.conquian.rules import Rules
from printgen.games.conquian.tables import State, _cards
from printgen.sim.engine import shuffle


class Hidden(Rules):
    def information(self, state: State, seat: int) -> Hashable:
        """The seat's hand, the opponent's hand size, the melds, the waste (in order), the card in
        play and its origin, the stock's size, whose decision and which, and the counts both see."""
        st = state
        return (seat, st.phase, st.actor, st.card, st.origin, st.winner, st.hand[seat],
                st.hand[1 - seat].bit_count(), tuple(tuple(tuple(m) for m in ms) for ms in st.melds),
                tuple(st.waste), len(st.stock), tuple(st.count), st.turned, st.forcible, st.forces, st.borrows,
                st.used, tuple(st.start), st.total)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """The opponent's hand and the stock dealt anew from the cards the seat has not seen (the
        hand keeps its size, the stock its size and gets a new order)."""
        st = state
        other = 1 - seat
        unseen = _cards(st.hand[other]) + st.stock
        shuffle(rng, unseen)
        k = st.hand[other].bit_count()
        bit = st.prep.bit
        hand = 0
        for c in unseen[:k]:
            hand |= bit[c]
        new = State.__new__(State)
        new.prep = st.prep
        new.hand = st.hand[:]
        new.hand[other] = hand
        new.held = (st.held & ~st.hand[other]) | hand
        new.melds = [[m[:] for m in ms] for ms in st.melds]
        new.count = st.count[:]
        new.stock = unseen[k:]
        new.waste = st.waste[:]
        new.card, new.origin, new.actor, new.phase, new.winner = st.card, st.origin, st.actor, st.phase, st.winner
        new.turned, new.forcible, new.forces, new.borrows = st.turned, st.forcible, st.forces, st.borrows
        new.used, new.start, new.total = st.used, st.start[:], st.total
        new.cache = None                  # legal() is made again from the new hand
        new.fit, new.fit2, new.lend, new.lendable = st.fit[:], st.fit2[:], st.lend[:], st.lendable[:]
        new.maybe = [-1, -1]              # made again from the hands when needed
        return new
