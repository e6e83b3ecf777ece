"""Cromwell's greedy bot: a simple sensible player, so validate judges the deck, not chance.

A mixin of :class:`printgen.games.cromwell.game.Cromwell`."""

from __future__ import annotations

import random
from collections.abc import Callable

from printgen.games.cromwell.rules import TurnRules
from printgen.games.cromwell.tables import EXPLORE, State, _any_bit
from printgen.sim.engine import Action

Helps = Callable[[State, int, int], int]      # (state, a card heard by name, a hand) -> how much it helps


def _house_help(st: State, card: int, hand: int) -> int:
    """The cards of `hand` of the card's house within NEAR places of it: the houses known."""
    return (hand & st.prep.near[card]).bit_count()


def offer_help(st: State, card: int, hand: int) -> int:
    """As _house_help, two more when the card can be laid off on the table."""
    return (hand & st.prep.near[card]).bit_count() + (2 if st.ext_all >> card & 1 else 0)


class GreedyBot(TurnRules):
    # -- the greedy bot --------------------------------------------------------------------------
    def greedy(self, state: State, rng: random.Random) -> Action:
        """A simple sensible player. A card "helps" its hand when another card of the same house
        within two places of it (in the house's order) is in the hand, or when it can be laid off.

        * Lay whenever possible: the longest sequence first, then lay offs.
        * Announce a card that helps nothing, else the one helping least.
        * Offer: one time in five a card of the hand at random (two players each hoarding half of
          a run would otherwise never trade); else a card that helps nothing (one at random if
          several); else the least helpful card if the announced card would help more; else pass.
        * Decide: accept the offer that helps most; if none helps, draw (basic) or take the most
          helpful one anyway (advanced, an offer must be accepted).
        * Answer right with probability `knowledge` (the state's generator), "before" or "after"
          at random where both exist; with forfeit=card, wrong on purpose about a received card
          that helps nothing (the forfeit sheds it).
        * Equally good choices (cards that help as little, offers that help as much, sequences as
          long, a card that fits two table sequences, lays that all go out) are broken at random
          with `rng`, never by card order."""
        return self._greedy_by_phase[state.phase](self, state, rng)

    def _greedy_offer(self, st: State, rng: random.Random) -> Action:
        """Offer a card at random one time in five, else a card that helps nothing, else the least
        helpful one if the announced card would help more, else pass."""
        return self.offer_judging(st, rng, _house_help)

    def offer_judging(self, st: State, rng: random.Random, helps: Helps) -> Action:
        """The greedy way of offering, with `helps(state, card, hand)` judging how much the announced
        card would help the hand: what a player knows of a card heard by name (the pupil, pupil.py,
        guesses from the name where the greedy player knows the house)."""
        p = st.prep
        h = st.hands[st.actor]
        r = rng.random()
        if r < EXPLORE:
            k = min(int(r * (1.0 / EXPLORE) * h.bit_count()), h.bit_count() - 1)   # the same draw, rescaled
            while k:
                h &= h - 1
                k -= 1
            return p.OFFER + (h & -h).bit_length() - 1
        nb = ((h << 1) & p.ok_l1) | ((h << 2) & p.ok_l2) | ((h >> 1) & p.ok_r1) | ((h >> 2) & p.ok_r2)
        zero = h & ~nb & ~st.ext_all
        if zero:
            return p.OFFER + _any_bit(zero, rng)
        near = p.near
        ties, best_u = 0, 99
        x = h
        while x:
            low = x & -x
            u = (h & near[low.bit_length() - 1]).bit_count()
            if u < best_u:
                ties, best_u = low, u
            elif u == best_u:
                ties |= low
            x ^= low
        best = _any_bit(ties, rng)
        if helps(st, st.announced, h & ~(1 << best)) > best_u:
            return p.OFFER + best
        return p.PASS

    def _greedy_announce(self, st: State, rng: random.Random) -> Action:
        """Announce a card that helps nothing, else the one helping least (a card that can be laid
        off counts as helping)."""
        p = st.prep
        h = st.hands[st.actor]
        nb = ((h << 1) & p.ok_l1) | ((h << 2) & p.ok_l2) | ((h >> 1) & p.ok_r1) | ((h >> 2) & p.ok_r2)
        ext_all = st.ext_all
        zero = h & ~nb & ~ext_all
        if zero:
            return p.ANNOUNCE + _any_bit(zero, rng)
        near = p.near
        ties, best_u = 0, 99
        x = h
        while x:
            low = x & -x
            u = (h & near[low.bit_length() - 1]).bit_count() + (2 if ext_all & low else 0)
            if u < best_u:
                ties, best_u = low, u
            elif u == best_u:
                ties |= low
            x ^= low
        return p.ANNOUNCE + _any_bit(ties, rng)

    def _greedy_lay(self, st: State, rng: random.Random) -> Action:
        """Lay the longest sequence (several as long at random), then a lay off, else done."""
        p = st.prep
        h = st.hands[st.actor]
        for lo, full, runs in p.lay_houses:
            found = runs[(h >> lo) & full]
            if found:
                # the longest; several as long (a joint reign, two runs) at random
                if len(found) > 1:
                    seqs = p.seqs
                    size = seqs[found[0]].bit_count()
                    k = 1
                    while k < len(found) and seqs[found[k]].bit_count() == size:
                        k += 1
                    if k > 1:
                        return found[int(rng.random() * k)]
                return found[0]
        x = h & st.ext_all
        if x:
            c = _any_bit(x, rng)
            bit = 1 << c
            fits = [j for j, e in enumerate(st.ext) if e & bit]
            j = fits[int(rng.random() * len(fits))] if len(fits) > 1 else fits[0]
            return p.LAYOFF + j * p.n + c
        return p.DONE

    def _greedy_decide(self, st: State, rng: random.Random) -> Action:
        """Accept the offer that helps most; if none helps, draw (basic) or take the most helpful
        anyway (advanced: an offer must be accepted)."""
        return self.decide_judging(st, rng, offer_help)

    def decide_judging(self, st: State, rng: random.Random, helps: Helps) -> Action:
        """The greedy way of deciding, with `helps(state, card, hand)` judging each offer heard by name."""
        p = st.prep
        rest = st.hands[st.actor] & ~(1 << st.announced)
        ties, best_u = 0, 0 if not st.adv else -1
        for s in range(st.P):
            o = st.offers[s]
            if o < 0:
                continue
            u = helps(st, o, rest)
            if u > best_u:
                ties, best_u = 1 << s, u
            elif u == best_u and ties:
                ties |= 1 << s
        if ties:
            return p.ACCEPT + _any_bit(ties, rng)
        return p.DRAW

    def _greedy_answer(self, st: State, rng: random.Random) -> Action:
        """Right with probability `knowledge`, before or after at random where both exist; drawn
        from the state's generator, as a random bot's answer is. But with forfeit=card (the rule
        sheet) a card received that helps nothing is answered wrong on purpose: the forfeit takes it
        away and the card given stays given, one card fewer to lay. An honest answer there would keep
        a card the Cromwell only took because advanced play makes it accept an offer, and leave the
        shedding to players who are wrong by not knowing (issue 28: the pupil won 46 % at four
        players with test=house and scoring=out)."""
        p = st.prep
        r = st.rng
        shed = self.sheds(st, offer_help)
        if p.test == "house":
            right = 1 if r.random() < p.knowledge else 0
            return p.ANSWER + (0 if shed else right)
        card = self.answer_card(st)
        b, a = p.has_dir[card]
        direction = (r.random() < 0.5) if (b and a) else (1 if a else 0)
        right = 1 if r.random() < p.knowledge else 0
        return p.ANSWER + 2 * direction + (0 if shed else right)

    def sheds(self, st: State, helps: Helps) -> bool:
        """Whether the answerer gets rid of the card it received by answering wrong on purpose:
        only with forfeit=card (where a wrong answer loses the card, and nothing else), when the card
        helps nothing in the hand as `helps` judges it (any player can give a wrong answer, so the
        pupil does this too, judging by what it can see)."""
        if st.prep.forfeit != "card":
            return False
        card = self.answer_card(st)
        return helps(st, card, st.hands[st.actor] & ~(1 << card)) == 0

    def _greedy_go_out(self, st: State, rng: random.Random) -> Action:
        """Any lay that keeps the whole hand layable, at random."""
        lays = self.go_out_lays(st)
        return lays[int(rng.random() * len(lays))] if len(lays) > 1 else lays[0]

    def _greedy_over(self, st: State, rng: random.Random) -> Action:
        raise ValueError("the round is over")

    # the choice in each phase, in the order of the phase numbers (tables.py)
    _greedy_by_phase: tuple[Callable[[GreedyBot, State, random.Random], Action], ...] = (
        _greedy_lay, _greedy_announce, _greedy_offer, _greedy_decide, _greedy_go_out, _greedy_answer, _greedy_lay,
        _greedy_over)
