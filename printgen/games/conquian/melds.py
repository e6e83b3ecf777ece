"""What fits where in Conquian: melds a card in play can make, additions, borrowing, forcing.

A mixin of :class:`printgen.games.conquian.game.Conquian`."""

from __future__ import annotations

from collections.abc import Sequence

from printgen.games.conquian.tables import MELD_FLAG, State, _cards, meld_action, reach
from printgen.sim.engine import Action


class Melds:
    # -- what fits where ---------------------------------------------------------------------------------
    def refit(self, st: State, p: int) -> None:
        """Recompute seat p's fit masks after its melds changed: what each meld reaches, together."""
        fit = fit2 = lendable = 0
        for meld in st.melds[p]:
            f, f2, lend = reach(st.prep, meld)
            fit |= f
            fit2 |= f2
            lendable |= lend
        st.fit[p], st.fit2[p] = fit, fit2
        st.lend[p] = lendable != 0
        st.lendable[p] = lendable
        st.maybe[p] = -1

    def lay_new(self, st: State, p: int, c: int, mask: int) -> None:
        """Card c and the hand cards of `mask` laid as a new meld of seat p. The meld in order and
        what it reaches are remembered per card and mask (a card makes few different melds), and
        added to the seat's masks: a new meld leaves the others as they were."""
        prep = st.prep
        laid = prep.laid[c].get(mask)
        if laid is None:
            meld = tuple(sorted([c] + _cards(mask), key=prep.cards.pos.__getitem__))
            laid = prep.laid[c][mask] = (meld, *reach(prep, meld))
        meld, fit, fit2, lendable = laid
        st.melds[p].append(list(meld))
        st.fit[p] |= fit
        st.fit2[p] |= fit2
        if lendable:                    # new cards to borrow: new partners
            st.lendable[p] |= lendable
            st.lend[p] = True
            st.maybe[p] = -1
        elif st.maybe[p] >= 0:          # the hand only lost cards: the mask still holds every card of use
            st.maybe[p] |= fit | fit2

    def fits(self, st: State, p: int, c: int) -> list[int]:
        """The melds of seat p that card c extends by itself."""
        if not st.fit[p] >> c & 1:
            return []
        cards = st.prep.cards
        s, r = cards.suit[c], cards.pos[c]
        pos, suit = cards.pos, cards.suit
        out = []
        for m, meld in enumerate(st.melds[p]):
            first, last = meld[0], meld[-1]
            if pos[first] == pos[last]:                      # a set
                if pos[first] == r and len(meld) < 4:
                    out.append(m)
            elif suit[first] == s and (pos[first] == r + 1 or pos[last] == r - 1):
                out.append(m)
        return out

    def meld_options(self, st: State, p: int, c: int) -> Sequence[Action]:
        """Every meld seat p can make with card c in play: new sets, new runs, then additions to its
        own melds. Without a card to borrow of c's rank or suit, the new sets depend only on c and the
        hand's cards of its rank, the new runs only on c and the hand's cards of its suit: both are
        read from tables made with the pack. The result may be such a tuple: callers copy it."""
        prep = st.prep
        if st.lend[p] and (st.lendable[p] & prep.related[c] or not prep.mates_in_order[c]):
            out: Sequence[Action] = self._new_borrowing(st, p, c)
        else:                   # nothing to borrow that could meld with c: as without a meld of four
            hand = st.hand[p]
            out = prep.new_sets[c][hand & prep.rank_mates[c]] + prep.new_runs[c][hand & prep.suit_mates[c]]
        if (st.fit[p] | st.fit2[p]) & prep.bit[c]:     # an addition is possible only with a card that fits
            return self._additions(st, p, c, list(out))
        return out

    def _new_borrowing(self, st: State, p: int, c: int) -> list[Action]:
        """The new melds of card c when seat p has a meld of four or more: cards from the hand, and
        at most one borrowed from such a meld (`lendable`)."""
        prep = st.prep
        hand, lendable = st.hand[p], st.lendable[p]
        out: list[Action] = []
        near = (hand | lendable) & prep.near[c]
        if not near & (near - 1):           # a new meld needs two more cards of the rank or close in the suit
            return out
        cards, R = prep.cards, prep.R
        at = cards.at
        s, r = cards.suit[c], cards.pos[c]
        row = at[s]
        # new sets: the other cards of the rank, from the hand or borrowed
        avail = [x for x in (at[t][r] for t in range(4) if t != s) if (hand | lendable) >> x & 1]
        if len(avail) >= 2:
            for i in range(len(avail)):
                for j in range(i + 1, len(avail)):
                    self._new(out, hand, (avail[i], avail[j]))
                    for k in range(j + 1, len(avail)):
                        self._new(out, hand, (avail[i], avail[j], avail[k]))
        # new runs in the suit through the card in play
        lo = r
        while lo > 0 and (hand | lendable) >> row[lo - 1] & 1:
            lo -= 1
        hi = r
        while hi < R - 1 and (hand | lendable) >> row[hi + 1] & 1:
            hi += 1
        if hi - lo >= 2:
            for a in range(lo, r + 1):
                for b in range(max(r, a + 2), hi + 1):
                    self._new(out, hand, [row[q] for q in range(a, b + 1) if q != r])
        return out

    def _additions(self, st: State, p: int, c: int, out: list[Action]) -> list[Action]:
        """Add to `out` the additions of card c to seat p's melds: alone, or with one hand card."""
        prep = st.prep
        cards, R, bit = prep.cards, prep.R, prep.bit
        pos, suit = cards.pos, cards.suit
        s, r = suit[c], pos[c]
        row = cards.at[s]
        hand = st.hand[p]
        for m, meld in enumerate(st.melds[p]):
            low = meld[0]
            first, last = pos[low], pos[meld[-1]]
            alone = MELD_FLAG | (m + 1) << 4                            # meld_action(0, -1, m)
            if first == last:
                if first == r and len(meld) < 4:
                    out.append(alone)
            elif suit[low] == s:
                if r == last + 1 or r == first - 1:
                    out.append(alone)
                    far = r + 1 if r == last + 1 else r - 1             # beyond the card in play
                    other = first - 1 if r == last + 1 else last + 1    # the run's other end
                    for q in (far, other):
                        if 0 <= q < R and hand & bit[row[q]]:
                            out.append(alone | bit[row[q]] << 16)
                elif r == last + 2 and hand & bit[row[last + 1]]:
                    out.append(alone | bit[row[last + 1]] << 16)
                elif r == first - 2 and hand & bit[row[first - 1]]:
                    out.append(alone | bit[row[first - 1]] << 16)
        return out

    @staticmethod
    def _new(out: list[Action], hand: int, cards) -> None:
        """A new meld of the card in play and `cards` (each from the hand or lendable): at most one
        borrowed, at least one card from the hand with a borrowed one, two without."""
        mask = 0
        lent = -1
        for x in cards:
            if hand >> x & 1:
                mask |= 1 << x
            elif lent >= 0:
                return
            else:
                lent = x
        if mask.bit_count() >= (1 if lent >= 0 else 2):
            out.append(meld_action(mask, lent, -1))
