"""The rules of a Cromwell round as decision steps: deal, lay, announce, offer, decide, answer.

A mixin of :class:`printgen.games.cromwell.game.Cromwell`; the phases are described in the package
docstring."""

from __future__ import annotations

import random
from typing import Sequence

from printgen.files.errors import UserError
from printgen.games.cromwell.tables import (
    ANNOUNCE, ANSWER, DECIDE, END_LAY, GO_OUT, MAX_PLAYERS, MIN_PLAYERS, OFFER, OVER, PHASE_NAMES, Prepared, START_LAY, State, _bits,
)
from printgen.sim.engine import Action, shuffle


class TurnRules:
    # -- one game --------------------------------------------------------------------------------
    def setup(self, prepared: Prepared, players: int, rng: random.Random) -> State:
        p = prepared
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise UserError(f"Cromwell is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        cards = list(range(p.n))
        out: list[int] = []
        if p.advanced:
            low, high, out = self.advanced_deal(p, players)
            left = set(out)
            cards = [c for c in cards if c not in left]
        shuffle(rng, cards)
        if p.advanced:
            hands = [cards[s::players] for s in range(players)]
            stock: list[int] = []
        else:
            piles = [cards[s::players + 1] for s in range(players + 1)]
            hands, stock = piles[:players], piles[players]
            hand, size, how, moved = self.basic_deal(p.n, players, p.even_up)
            if how == "give":
                for s in range(players):
                    if len(hands[s]) < hand:
                        hands[s].append(stock.pop())
            elif how == "stock":
                for s in range(players):
                    if len(hands[s]) > hand:
                        stock.append(hands[s].pop())
        return self.deal(p, hands, stock, rng=rng, out=out)

    def deal(self, prepared: Prepared, hands: Sequence[Sequence[int]], stock: Sequence[int] = (),
             block: Sequence[int] = (), cromwell: int = 0, rng: random.Random | None = None,
             out: Sequence[int] = ()) -> State:
        """A round from given hands (lists of card indices per seat), stock (top last) and Block,
        e.g. a scripted test deal. Cards in none of them are out of play (`out_mask`)."""
        st = State(prepared, len(hands), rng if rng is not None else random.Random(0))
        for s, h in enumerate(hands):
            m = 0
            for c in h:
                m |= 1 << c
            st.hands[s] = m
            st.held |= m
            st.dealt[s] = m.bit_count()
        st.stock = list(stock)
        st.block = list(block)
        inside = st.held
        for c in st.stock:
            inside |= 1 << c
        for c in st.block:
            inside |= 1 << c
        st.out_mask = prepared.all_mask & ~inside
        st.crom = cromwell
        self._begin_turn(st)
        return st

    def to_act(self, state: State) -> int:
        return state.actor

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    # -- turn machinery ----------------------------------------------------------------------------
    @staticmethod
    def can_lay(st: State, h: int) -> bool:
        """Whether hand h can lay anything. Every sequence of three or more holds one of exactly
        three (a prefix of it in house order), and a three-card sequence is either three cards
        next to each other in index order within a house (`ok3` marks where such a triple
        starts) or one of the few `odd3` that skip a joint partner (Charles II-James II-
        William III skips Mary II, who sorts first)."""
        if h & st.ext_all or h & (h >> 1) & (h >> 2) & st.prep.ok3:
            return True
        for m in st.prep.odd3:
            if h & m == m:
                return True
        return False

    def _begin_turn(self, st: State) -> None:
        st.actor = st.crom
        st.phase = START_LAY if self.can_lay(st, st.hands[st.crom]) else ANNOUNCE

    def _next_turn(self, st: State) -> None:
        st.crom = (st.crom + 1) % st.P
        st.turns += 1
        if not st.adv and st.stalled < 0 and self._stalled(st):
            st.stalled = st.turns
            if st.prep.stalemate == "stop":
                st.phase = OVER
                st.winner = -1
                return
        st.actor = st.crom
        st.phase = START_LAY if self.can_lay(st, st.hands[st.crom]) else ANNOUNCE

    @staticmethod
    def _stalled(st: State) -> bool:
        """Basic play: nobody can ever lay again. Hands never grow in basic play (trades are one
        for one, a draw is followed by a discard) and hold at most one card more while going out,
        so a player with one card can never lay down a sequence; if every hand has at most one
        card and no card off the table fits an end of a table sequence, the table can never change
        and no one can go out: the rules give the round no end."""
        for h in st.hands:
            if h & (h - 1):
                return False
        return not (st.prep.all_mask & ~st.table_mask & st.ext_all)

    def _to_end_lay(self, st: State) -> None:
        if self.can_lay(st, st.hands[st.crom]):
            st.phase = END_LAY
            st.actor = st.crom
        else:
            self._next_turn(st)

    def _lay(self, st: State, seat: int, action: int) -> None:
        """Carry out a lay down (action < S) or a lay off; no legality check."""
        p = st.prep
        if action < p.S:
            m = p.seqs[action]
            st.hands[seat] ^= m
            st.table.append(m)
            e = p.ext_of(m)
            st.ext.append(e)
            st.ext_all |= e
            st.table_mask |= m
            st.laid[seat] += m.bit_count()
        else:
            j, c = divmod(action - p.LAYOFF, p.n)
            bit = 1 << c
            st.hands[seat] ^= bit
            m = st.table[j] | bit
            st.table[j] = m
            st.ext[j] = p.ext_of(m)
            acc = 0
            for e in st.ext:
                acc |= e
            st.ext_all = acc
            st.table_mask |= bit
            st.laid[seat] += 1

    def _lays(self, st: State, h: int) -> list[int]:
        """Every lay down and lay off open to hand h."""
        p = st.prep
        out: list[int] = []
        for lo, full, runs in p.lay_houses:
            found = runs[(h >> lo) & full]
            if found:
                out.extend(found)
        if h & st.ext_all:
            n, base = p.n, p.LAYOFF
            for j, e in enumerate(st.ext):
                x = e & h
                while x:
                    low = x & -x
                    out.append(base + j * n + low.bit_length() - 1)
                    x ^= low
        return out

    def _lay_legal(self, st: State, h: int, action: int) -> bool:
        p = st.prep
        if action < 0:
            return False
        if action < p.S:
            m = p.seqs[action]
            return h & m == m
        if action < p.DONE:
            j, c = divmod(action - p.LAYOFF, p.n)
            return j < len(st.table) and (st.ext[j] & h) >> c & 1 == 1
        return False

    # full layability (going out without a discard) --------------------------------------------
    def clearable(self, st: State, h: int) -> bool:
        """Can every card of hand h be laid down or laid off, given the table?"""
        p = st.prep
        for hh, lo in enumerate(p.house_lo):
            local = (h >> lo) & p.house_full[hh]
            if not local:
                continue
            tables = tuple(sorted((t >> lo) & p.house_full[hh] for t in st.table if t & p.house_mask[hh]))
            if not self._clear_house(p, hh, local, tables):
                return False
        return True

    def _clear_house(self, p: Prepared, hh: int, local: int, tables: tuple[int, ...]) -> bool:
        if not local:
            return True
        key = (hh, local, tables)
        cached = p.clear_cache.get(key)
        if cached is not None:
            return cached
        lo = p.house_lo[hh]
        valid = p.valid
        result = False
        for i, t in enumerate(tables):
            for c in _bits(local):
                if ((t | (1 << c)) << lo) in valid:
                    rest = tables[:i] + (t | (1 << c),) + tables[i + 1:]
                    if self._clear_house(p, hh, local & ~(1 << c), tuple(sorted(rest))):
                        result = True
                        break
            if result:
                break
        if not result:
            for q in p.runs[hh][local]:
                m = p.seqs[q] >> lo
                if self._clear_house(p, hh, local & ~m, tuple(sorted(tables + (m,)))):
                    result = True
                    break
        p.clear_cache[key] = result
        return result

    def go_out_lays(self, st: State) -> list[int]:
        """The lays that keep the whole hand layable (phase GO_OUT)."""
        seat = st.crom
        h = st.hands[seat]
        out = []
        for a in self._lays(st, h):
            if self._keeps_clearable(st, seat, a):
                out.append(a)
        return out

    def _keeps_clearable(self, st: State, seat: int, action: int) -> bool:
        p = st.prep
        h = st.hands[seat]
        if action < p.S:
            m = p.seqs[action]
            table = st.table + [m]
        else:
            j, c = divmod(action - p.LAYOFF, p.n)
            m = 1 << c
            table = list(st.table)
            table[j] |= m
        saved = st.table
        st.table = table
        try:
            return self.clearable(st, h & ~m)
        finally:
            st.table = saved

    # -- legal actions -------------------------------------------------------------------------------
    def legal(self, state: State) -> list[Action]:
        st = state
        p = st.prep
        phase = st.phase
        if phase == START_LAY or phase == END_LAY:
            return self._lays(st, st.hands[st.crom]) + [p.DONE]
        if phase == ANNOUNCE:
            return [p.ANNOUNCE + c for c in _bits(st.hands[st.crom])]
        if phase == OFFER:
            return [p.OFFER + c for c in _bits(st.hands[st.actor])] + [p.PASS]
        if phase == DECIDE:
            out = [p.ACCEPT + s for s in self._offer_order(st) if st.offers[s] >= 0]
            if not st.adv:
                out.append(p.DRAW)
            return out
        if phase == GO_OUT:
            return self.go_out_lays(st)
        if phase == ANSWER:
            card = self.answer_card(st)
            b, a = p.has_dir[card]
            out = []
            if b:
                out += [p.ANSWER + 0, p.ANSWER + 1]
            if a:
                out += [p.ANSWER + 2, p.ANSWER + 3]
            return out
        return []

    @staticmethod
    def _offer_order(st: State) -> list[int]:
        return [(st.crom + k) % st.P for k in range(1, st.P)]

    @staticmethod
    def answer_card(st: State) -> int:
        """The card the current answerer received: stage 1 the Cromwell (the offered card), stage 2
        the other trader (the announced card)."""
        return st.offers[st.trade_seat] if st.stage == 1 else st.announced

    # -- applying ----------------------------------------------------------------------------------
    def apply(self, state: State, action: Action) -> None:
        st = state
        p = st.prep
        phase = st.phase
        seat = st.actor
        if phase == OFFER:
            if action == p.PASS:
                st.offers[seat] = -1
            else:
                c = action - p.OFFER
                if not (0 <= c < p.n and st.hands[seat] >> c & 1):
                    self._illegal(st, action)
                st.offers[seat] = c
            nxt = (seat + 1) % st.P
            if nxt != st.crom:
                st.actor = nxt
                return
            st.actor = st.crom
            for s in range(st.P):
                if st.offers[s] >= 0:
                    st.phase = DECIDE
                    return
            if st.adv:
                self._next_turn(st)          # nobody offered: the turn is over
            else:
                self._draw(st)
            return
        if phase == START_LAY or phase == END_LAY:
            if action == p.DONE:
                if phase == START_LAY:
                    st.phase = ANNOUNCE
                else:
                    self._next_turn(st)
                return
            h = st.hands[seat]
            if not self._lay_legal(st, h, action):
                self._illegal(st, action)
            self._lay(st, seat, action)
            if not st.hands[seat]:
                self._go_out(st, seat)
            elif not self.can_lay(st, st.hands[seat]):
                if phase == START_LAY:
                    st.phase = ANNOUNCE
                else:
                    self._next_turn(st)
            return
        if phase == ANNOUNCE:
            c = action - p.ANNOUNCE
            if not (0 <= c < p.n and st.hands[seat] >> c & 1):
                self._illegal(st, action)
            st.announced = c
            offers = st.offers
            for s in range(st.P):
                offers[s] = -1
            st.phase = OFFER
            st.actor = (seat + 1) % st.P
            return
        if phase == DECIDE:
            if action == p.DRAW and not st.adv:
                self._draw(st)
                return
            s = action - p.ACCEPT
            if not (0 <= s < st.P and s != st.crom and st.offers[s] >= 0):
                self._illegal(st, action)
            a = 1 << st.announced
            o = 1 << st.offers[s]
            hands = st.hands
            hands[seat] ^= a | o
            hands[s] ^= a | o
            if st.adv:
                st.trade_seat = s
                st.stage = 1
                st.phase = ANSWER
                st.actor = seat
            else:
                self._to_end_lay(st)
            return
        if phase == ANSWER:
            k = action - p.ANSWER
            card = self.answer_card(st)
            if not (0 <= k < 4 and p.has_dir[card][k >> 1]):
                self._illegal(st, action)
            if not k & 1:
                self._forfeit(st, seat, card, k >> 1)
            if st.stage == 1:
                st.stage = 2
                st.actor = st.trade_seat
                return
            hands = st.hands
            for j in range(st.P):
                s = (st.crom + j) % st.P
                if not hands[s]:
                    self._go_out(st, s)
                    return
            self._to_end_lay(st)
            return
        if phase == GO_OUT:
            if not (self._lay_legal(st, st.hands[seat], action) and self._keeps_clearable(st, seat, action)):
                self._illegal(st, action)
            self._lay(st, seat, action)
            if not st.hands[seat]:
                self._go_out(st, seat)
            return
        self._illegal(st, action)

    def _illegal(self, st: State, action: int) -> None:
        raise ValueError(f"action {action} ({self.describe(st.prep, action)}) is not legal in phase "
                         f"{PHASE_NAMES[st.phase]} for seat {st.actor}")

    def _draw(self, st: State) -> None:
        """Refuse every offer (basic): draw, then discard the announced card, or go out without a
        discard when the whole hand can now be laid."""
        seat = st.crom
        if not st.stock and st.block:
            st.stock = st.block
            st.block = []
            shuffle(st.rng, st.stock)
        if not st.stock:
            self._to_end_lay(st)             # nothing to draw: no draw, no discard
            return
        d = st.stock.pop()
        bit = 1 << d
        st.hands[seat] |= bit
        st.held |= bit
        h = st.hands[seat]
        if self.can_lay(st, h) and self.clearable(st, h):
            st.phase = GO_OUT
            st.actor = seat
            st.no_discard = True
            return
        st.hands[seat] = h ^ (1 << st.announced)
        st.block.append(st.announced)
        self._to_end_lay(st)

    def _forfeit(self, st: State, seat: int, card: int, direction: int) -> None:
        """A wrong answer by `seat` about `card` received in the trade."""
        rights = st.prep.right[card][direction]
        hands = st.hands
        giver = st.trade_seat if seat == st.crom else st.crom
        bit = 1 << card
        target = giver
        own = 0
        for r in rights:
            own |= 1 << r
        if not hands[seat] & own:
            found = False
            for r in rights:
                rb = 1 << r
                for s in range(st.P):
                    if s != seat and hands[s] & rb:
                        target = s
                        found = True
                        break
                if found:
                    break
        hands[seat] ^= bit
        hands[target] |= bit

    def _go_out(self, st: State, seat: int) -> None:
        st.winner = seat
        st.phase = OVER
        st.actor = seat

    def scores(self, state: State) -> list[float]:
        """Cards laid, plus the cards left in the other hands: for every seat (scoring=everyone,
        the seed) or only for the seat that went out (scoring=out)."""
        st = state
        out = [float(x) for x in st.laid]
        left = [h.bit_count() for h in st.hands]
        total = sum(left)
        if st.prep.scoring == "everyone":
            if st.phase == OVER:
                for s in range(st.P):
                    out[s] += total - left[s]
        elif st.winner >= 0:
            out[st.winner] += total - left[st.winner]
        return out
