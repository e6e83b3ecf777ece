"""Conquian's turn as decision steps: the deal, refusing, melding, forcing, discarding, the end,
and the invariants checked after each step.

A mixin of :class:`printgen.games.conquian.game.Conquian`."""

from __future__ import annotations

import random
from itertools import repeat
from typing import Any

from printgen.files.errors import UserError
from printgen.games.common.names import distinct_names
from printgen.games.common.suited import compile_suited, pack_deck
from printgen.games.conquian.melds import Melds
from printgen.games.conquian.tables import (
    _DISCARDS,
    CHOOSE,
    DISCARD,
    DISCARD_FORCE,
    DISCARDING,
    FORCE,
    LEFT,
    MELD_FLAG,
    OFFER,
    OVER,
    OWN,
    REFUSE,
    REFUSED,
    VARIANTS,
    Prepared,
    State,
    _cards,
)
from printgen.model.deck import Deck
from printgen.sim.engine import Action, Game


class Rules(Melds, Game[Prepared, State]):
    def prepare(self, deck: Deck, variant: str, options: dict[str, Any]) -> Prepared:
        if variant not in VARIANTS:
            raise UserError(f"Conquian has no variant '{variant}'", hint="variants: " + ", ".join(VARIANTS))
        chosen = self.read_options(variant, options)
        cards = compile_suited(pack_deck(deck, chosen, None, "Conquian"), "Conquian")
        if cards.n > 64:
            raise UserError(f"Conquian: a pack of {cards.n} cards is too big for the simulator (at most 64)",
                            hint="play the 40- or 48-card pack (-O pack=40)")
        return Prepared(cards, chosen["deal"], chosen["force_drawn"] == "at_once", chosen)

    # -- one game --------------------------------------------------------------------------------
    def setup(self, prepared: Prepared, players: int, rng: random.Random) -> State:
        if players != 2:
            raise UserError(f"Conquian is for 2 players, not {players}")
        n = prepared.cards.n
        keys = list(map(type(rng).random, repeat(rng, n)))        # n calls of rng.random(), in a loop in C
        order = sorted(range(n), key=keys.__getitem__)             # a shuffle, in fewer calls
        d = prepared.deal
        return self._start(prepared, [order[:d], order[d:2 * d]], order[2 * d:], [[], []])

    def deal(self, prepared: Prepared, hands: list[list[str]], stock: list[str], melds=None, card: str | None = None,
             origin: int = OWN, actor: int = 0) -> State:
        """A scripted position: hands and melds by card name, the stock top first (other cards are
        out of the game). Without `card`, `actor` turns up the stock's top card."""
        idx = prepared.cards.index
        st = self._start(prepared, [[idx(c) for c in h] for h in hands], [idx(c) for c in stock][::-1],
                         [[[idx(c) for c in m] for m in ms] for ms in (melds or [[], []])], turn=card is None,
                         actor=actor)
        if card is not None:
            st.card, st.origin, st.phase = idx(card), origin, CHOOSE
            st.total += 1
        return st

    def _start(self, prep: Prepared, hands, stock: list[int], melds, turn: bool = True, actor: int = 0) -> State:
        """The state of a deal: two hands and the melds as card lists; `stock` (top last) is kept."""
        st = State(prep)
        take = prep.bit.__getitem__
        first, second = hands
        st.hand = [sum(map(take, first)), sum(map(take, second))]
        st.held = st.hand[0] | st.hand[1]
        st.start = [len(first), len(second)]
        if melds[0] or melds[1]:                     # a scripted position
            pos = prep.cards.pos
            for p in range(2):
                st.melds[p] = [sorted(m, key=pos.__getitem__) for m in melds[p]]
                self.refit(st, p)
                st.count[p] = sum(len(m) for m in melds[p])
                for m in melds[p]:
                    for c in m:
                        st.used |= 1 << c
        st.stock = stock
        st.total = st.start[0] + st.start[1] + len(stock) + st.count[0] + st.count[1]
        st.actor = actor
        if turn:
            self._turn_up(st)
            self._settle(st)
        return st


    # -- the engine contract --------------------------------------------------------------------------
    def to_act(self, state: State) -> int:
        return state.actor

    def action_name(self, state: State, action: Action) -> str:
        """A decision in words: 'refuse 7 de Oros', 'meld 7 de Oros with ...', 'discard ...', 'force ... on meld 2'."""
        names = distinct_names(state.prep.cards.names)
        card = names[state.card] if state.card >= 0 else "the card"
        if action == REFUSE:
            return "do not force" if state.phase == OFFER else f"refuse {card}"
        if FORCE <= action < DISCARD:
            return f"force {card} on the opponent's meld {action - FORCE + 1}"
        if DISCARD <= action < DISCARD_FORCE:
            return f"discard {names[action - DISCARD]}"
        if DISCARD_FORCE <= action < MELD_FLAG:
            d, m = divmod(action - DISCARD_FORCE, 8)
            return f"discard {names[d]} and force it on the opponent's meld {m + 1}"
        # MELD_FLAG is bit 15
        used, borrow, target = action >> 16, ((action >> 8) & 0x7F) - 1, ((action >> 4) & 0xF) - 1
        words = f"meld {card}" + "".join(f", {names[c]}" for c in _cards(used))
        words += f" borrowing {names[borrow]}" if borrow >= 0 else ""
        return words + (f" onto own meld {target + 1}" if target >= 0 else " as a new meld")

    def legal(self, state: State) -> list[Action]:
        st = state
        if st.cache is not None:
            return st.cache
        p = st.actor
        if st.phase == CHOOSE:
            c = st.card
            out = [REFUSE, *self.meld_options(st, p, c)]
            if st.origin == REFUSED and not st.prep.at_once and st.fit[1 - p] & st.prep.bit[c]:
                out += [FORCE + m for m in self.fits(st, 1 - p, c)]
        elif st.phase == DISCARDING:
            fit = st.fit[1 - p]
            if not st.hand[p] & fit:                  # no discard can be forced: the common case
                out = _cards(st.hand[p], _DISCARDS)
                st.cache = out
                return out
            out = []
            for d in _cards(st.hand[p]):
                out.append(DISCARD + d)
                if fit >> d & 1:
                    out += [DISCARD_FORCE + 8 * d + m for m in self.fits(st, 1 - p, d)]
        elif st.phase == OFFER:
            out = [REFUSE] + [FORCE + m for m in self.fits(st, 1 - p, st.card)]
        else:
            out = []
        st.cache = out
        return out

    def apply(self, state: State, action: Action) -> None:
        st = state
        if st.phase == OVER or action not in (st.cache if st.cache is not None else self.legal(st)):
            raise ValueError(f"action {action} is not legal now")
        self._do(st, action)
        self._settle(st)

    def _settle(self, st: State) -> None:
        """Take every decision that has only one choice (most often: refuse a card that fits
        nothing), so the bots and the step count see real choices only. Refusals, the common case,
        are made in an inner loop on local names, written back to the state when it stops: most
        cards turned up pass through it. A card outside the seat's `maybe` mask (and not to be
        forced) is refused at once; for one inside it legal() lists the choices, and REFUSE alone is
        taken as any single choice is."""
        at_once, bit = st.prep.at_once, st.prep.bit
        fit, maybe = st.fit, st.maybe
        stock, waste = st.stock, st.waste
        own, refused = OWN, REFUSED
        while True:
            phase = st.phase
            if phase == CHOOSE:
                p, c, origin = st.actor, st.card, st.origin
                turned = st.turned
                while True:
                    b = bit[c]
                    mask = maybe[p]
                    if mask < 0:
                        mask = self._remake(st, p)
                    if mask & b or (origin == refused and not at_once and fit[1 - p] & b):
                        break                           # legal() looks closer; REFUSE alone is taken below
                    if origin == own:                   # pass the card on: the opponent may use it or force it
                        p = 1 - p
                        origin = refused
                        mask = maybe[p]
                        if mask < 0:
                            mask = self._remake(st, p)
                        if mask & b or (not at_once and fit[1 - p] & b):
                            break
                    waste.append(c)                     # waste it, turn up the next
                    if not stock:
                        st.card, st.actor, st.turned = -1, p, turned
                        st.phase = OVER
                        st.winner = -1
                        return
                    c = stock.pop()
                    origin = own
                    turned += 1
                    if fit[p] & bit[c]:                 # the two readings of -O force_drawn differ
                        st.forcible += 1
                        if at_once:                     # the opponent may force it at once
                            p = 1 - p
                            st.phase = OFFER
                            break
                st.actor, st.card, st.origin, st.turned = p, c, origin, turned
            elif phase == OVER:
                return
            options = self.legal(st)
            if len(options) != 1:
                return
            self._do(st, options[0])

    def _remake(self, st: State, p: int) -> int:
        """Seat p's `maybe` mask, made again from its hand, lendable cards and fit masks."""
        mask = st.maybe[p] = st.fit[p] | st.fit2[p] | st.prep.partners(st.hand[p] | st.lendable[p])
        return mask

    def _do(self, st: State, action: Action) -> None:
        st.cache = None
        p = st.actor
        if st.phase == DISCARDING:
            d = (action - DISCARD) if action < DISCARD_FORCE else (action - DISCARD_FORCE) >> 3
            st.hand[p] ^= st.prep.bit[d]             # (maybe[p] still holds every card of use)
            if action < DISCARD_FORCE:                  # the discard is the opponent's card in play
                st.card, st.origin, st.actor, st.phase = d, LEFT, 1 - p, CHOOSE
            else:
                self._force(st, 1 - p, d, (action - DISCARD_FORCE) & 7)
            return
        if st.phase == OFFER:
            if action == REFUSE:
                st.actor = 1 - p
                st.phase = CHOOSE
            else:
                self._force(st, 1 - p, st.card, action - FORCE)
            return
        if action == REFUSE:
            if st.origin == OWN:                        # passed on to the opponent
                st.origin, st.actor = REFUSED, 1 - p
            else:
                st.waste.append(st.card)
                st.card = -1
                self._turn_up(st)
            return
        if action < MELD_FLAG:
            self._force(st, 1 - p, st.card, action - FORCE)
            return
        self._meld(st, p, action)

    # -- the moves -----------------------------------------------------------------------------------
    def _turn_up(self, st: State) -> None:
        """The actor turns up the stock's top card; an empty stock ties the game."""
        if not st.stock:
            st.phase = OVER
            st.winner = -1
            return
        st.card = st.stock.pop()
        st.origin = OWN
        st.turned += 1
        st.phase = CHOOSE
        if st.fit[st.actor] >> st.card & 1:
            st.forcible += 1                 # the two readings of -O force_drawn differ
            if st.prep.at_once:
                st.actor = 1 - st.actor      # the opponent may force it at once
                st.phase = OFFER

    def _lay(self, st: State, p: int, c: int) -> None:
        st.used |= 1 << c
        st.count[p] += 1
        if st.count[p] > st.prep.deal:
            st.phase = OVER
            st.winner = p

    def _force(self, st: State, p: int, c: int, m: int) -> None:
        """Card c is laid on seat p's meld m by the opponent; p must discard."""
        meld = st.melds[p][m]
        pos = st.prep.cards.pos
        if pos[c] < pos[meld[0]]:
            meld.insert(0, c)
        else:
            meld.append(c)
        self.refit(st, p)
        st.forces += 1
        st.card = -1
        st.actor = p
        st.phase = DISCARDING
        self._lay(st, p, c)
        if st.phase != OVER and not st.hand[p]:
            self._turn_for(st, 1 - p)

    def _meld(self, st: State, p: int, action: Action) -> None:
        mask = action >> 16
        c = st.card
        st.hand[p] &= ~mask
        st.card = -1
        st.phase = DISCARDING
        if not action & 0x7FF0:                     # a new meld from the hand alone: the common case
            self.lay_new(st, p, c, mask)
        else:
            pos = st.prep.cards.pos
            lent = ((action >> 8) & 0x7F) - 1
            target = ((action >> 4) & 0xF) - 1
            new = [c] + _cards(mask)
            melds = st.melds[p]
            if lent >= 0:
                for meld in melds:
                    if lent in meld:
                        meld.remove(lent)
                        break
                new.append(lent)
                st.borrows += 1
            if target >= 0:
                melds[target] = sorted(melds[target] + new, key=pos.__getitem__)
            else:
                melds.append(sorted(new, key=pos.__getitem__))
            self.refit(st, p)
        st.used |= st.prep.bit[c] | mask
        st.count[p] += 1 + mask.bit_count()
        if st.count[p] > st.prep.deal:
            st.phase = OVER
            st.winner = p
        elif not st.hand[p]:
            self._turn_for(st, 1 - p)

    def _turn_for(self, st: State, p: int) -> None:
        """Nothing left to discard (a scripted position): seat p turns up the next card."""
        st.actor = p
        self._turn_up(st)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> list[float]:
        if state.winner < 0:
            return [0.0, 0.0]
        return [1.0 if p == state.winner else 0.0 for p in range(2)]

    def check(self, state: State) -> None:
        st = state
        cards = st.prep.cards
        pos, suit = cards.pos, cards.suit
        where = [0] * cards.n
        for p in range(2):
            maybe = st.maybe[p]
            kept = (st.fit[p], st.fit2[p], st.lend[p], st.lendable[p])
            self.refit(st, p)
            assert kept == (st.fit[p], st.fit2[p], st.lend[p], st.lendable[p]), f"seat {p}: fit masks out of date"
            st.maybe[p] = maybe
            if maybe >= 0:
                usable = st.fit[p] | st.fit2[p] | st.prep.partners(st.hand[p] | st.lendable[p])
                assert not usable & ~maybe, f"seat {p}: a card of use is missing from its maybe mask"
            for c in _cards(st.hand[p]):
                where[c] += 1
            assert st.count[p] == sum(len(m) for m in st.melds[p]), f"seat {p}: melded count is wrong"
            for meld in st.melds[p]:
                assert len(meld) >= 3, f"seat {p}: a meld of {len(meld)} cards"
                for c in meld:
                    where[c] += 1
                ranks = [pos[c] for c in meld]
                if len(set(ranks)) == 1:
                    assert len(meld) <= 4
                else:
                    assert len({suit[c] for c in meld}) == 1, f"seat {p}: a run of mixed suits"
                    assert ranks == list(range(ranks[0], ranks[0] + len(meld))), f"seat {p}: a broken run {ranks}"
        for c in st.stock + st.waste + ([st.card] if st.card >= 0 else []):
            where[c] += 1
        assert all(w <= 1 for w in where), "a card in two places"
        assert sum(where) == st.total, f"{sum(where)} cards in the game, not {st.total}"
        if st.phase != OVER:
            assert st.count[0] <= st.prep.deal and st.count[1] <= st.prep.deal
            assert (st.card >= 0) == (st.phase != DISCARDING), "a card in play while discarding"
        else:
            assert st.winner == -1 or st.count[st.winner] == st.prep.deal + 1
