"""What one seat of Cromwell knows, and a deal of the rest consistent with it (the search player's
determinisation, issue 28).

Cromwell is played mostly in the open. The Cromwell names the card it announces; the others offer
by name; an accepted trade swaps two named cards (face down in basic play, but everyone heard
the names; face up in advanced play); after a wrong answer the right monarch's holder shows it and
the card changes hands in view. The table and the Block are face up. What stays hidden is a hand's
other cards, and the stock: who drew which card from it, and its order. The rules keep the public
part as it happens (`State.shown`: per seat, the cards of its hand everyone has seen named or shown;
`State.pool`: the cards the stock can hold, every card until the Block, seen face up, is turned into
the stock). A seat therefore knows its own hand, every shown card, the table, the Block and the
cards out of play; the unseen cards are those of the other hands not shown, and the stock's.

The determinisation deals those unseen cards anew: the stock first, its size kept, from the unseen
cards it can hold (all of them before the Block is ever reshuffled, the reshuffled Block's after),
then the rest among the other hands, each keeping the number of cards it had not shown. Plain int
masks and list copies: a search player calls it thousands of times a decision.

A mixin of :class:`printgen.games.cromwell.game.Cromwell`."""

from __future__ import annotations

import random
from collections.abc import Hashable

from printgen.games.cromwell.rules import TurnRules
from printgen.games.cromwell.tables import GO_OUT, LAY_PHASES, State, _bits
from printgen.sim.engine import shuffle

_TRIES = 30       # deals drawn for a Cromwell that must be able to lay, before its hidden cards are kept


class Hidden(TurnRules):
    def information(self, state: State, seat: int) -> Hashable:
        """The seat's hand, every hand's size and shown cards, the table and the score sheet, the
        Block in order, the stock's size and the cards it can hold, the announced card and the
        offers, and whose decision it is in which phase."""
        st = state
        return (seat, st.phase, st.actor, st.crom, st.announced, tuple(st.offers), st.trade_seat, st.stage,
                st.winner, st.turns, st.stalled, st.no_discard, tuple(st.table), tuple(st.laid), st.hands[seat],
                tuple(h.bit_count() for h in st.hands), tuple(st.shown), tuple(st.block), len(st.stock), st.pool,
                st.out_mask, tuple(st.dealt))

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """The other hands' unshown cards and the stock dealt anew from the cards the seat has not
        seen (see the module's docstring); a fresh generator for the copy's later draws."""
        st = state
        hands, shown, pool = st.hands, st.shown, st.pool
        stock_may: list[int] = []
        hands_only: list[int] = []
        for c in st.stock:
            stock_may.append(c)
        for s in range(st.P):
            if s != seat:
                for c in _bits(hands[s] & ~shown[s]):
                    (stock_may if pool >> c & 1 else hands_only).append(c)
        n_stock = len(st.stock)
        crom = st.crom
        # a lay phase says the Cromwell can lay, going out that its hand can be laid whole: a deal
        # of its hand must agree (drawn again a few times, else its hidden cards are kept)
        lay_phase = crom != seat and st.phase in LAY_PHASES
        going_out = crom != seat and st.phase == GO_OUT
        for attempt in range(_TRIES + 1):
            shuffle(rng, stock_may)
            rest = hands_only + stock_may[n_stock:]
            shuffle(rng, rest)
            new_hands = hands[:]
            at = 0
            for s in range(st.P):
                if s != seat:
                    k = (hands[s] & ~shown[s]).bit_count()
                    m = shown[s]
                    for c in rest[at:at + k]:
                        m |= 1 << c
                    at += k
                    new_hands[s] = m
            if not (lay_phase or going_out):
                break
            h = new_hands[crom]
            if (self.clearable(st, h) if going_out else self.can_lay(st, h)):
                break
            if attempt == _TRIES - 1:                # the last try: the Cromwell's own cards kept
                keep = hands[crom] & ~shown[crom]
                hands_only = [c for c in hands_only if not keep >> c & 1]
                stock_may = [c for c in stock_may if not keep >> c & 1]
                shown = shown[:]
                shown[crom] = hands[crom]
        held = st.held
        for m in new_hands:
            held |= m
        new = State.__new__(State)
        new.prep, new.P, new.adv = st.prep, st.P, st.adv
        new.hands = new_hands
        new.stock = stock_may[:n_stock]
        new.block = st.block[:]
        new.table = st.table[:]
        new.ext = st.ext[:]
        new.ext_all, new.table_mask = st.ext_all, st.table_mask
        new.laid = st.laid[:]
        new.held = held
        new.crom, new.phase, new.actor, new.announced = st.crom, st.phase, st.actor, st.announced
        new.offers = st.offers[:]
        new.trade_seat, new.stage, new.winner = st.trade_seat, st.stage, st.winner
        new.rng = random.Random(rng.getrandbits(64))
        new.out_mask, new.turns, new.stalled = st.out_mask, st.turns, st.stalled
        new.dealt = st.dealt[:]
        new.no_discard = st.no_discard
        new.shown = st.shown[:]
        new.pool = pool
        new.wrongs = st.wrongs
        return new
