"""The rules of a Cromwell round as decision steps: deal, lay, announce, offer, decide, answer.

A mixin of :class:`printgen.games.cromwell.game.Cromwell`, built on the table (lays.py); the phases
are described in the package docstring."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NoReturn

from printgen.files.errors import UserError
from printgen.games.cromwell.lays import Lays
from printgen.games.cromwell.tables import (
    ANNOUNCE,
    ANSWER,
    DECIDE,
    END_LAY,
    GO_OUT,
    LAY_PHASES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OFFER,
    OVER,
    PHASE_NAMES,
    START_LAY,
    Prepared,
    State,
    _bits,
    describe,
)
from printgen.sim.engine import Action, shuffle


class TurnRules(Lays):
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
    def _begin_turn(self, st: State) -> None:
        st.actor = st.crom
        st.phase = START_LAY if self.can_lay(st, st.hands[st.crom]) else ANNOUNCE

    def _next_turn(self, st: State) -> None:
        st.crom = (st.crom + 1) % st.P
        st.turns += 1
        if (not st.adv or st.prep.forfeit == "trade") and st.stalled < 0 and self._stalled(st):
            st.stalled = st.turns
            if st.prep.stalemate == "stop":
                st.phase = OVER
                st.winner = -1
                return
        st.actor = st.crom
        st.phase = START_LAY if self.can_lay(st, st.hands[st.crom]) else ANNOUNCE

    @staticmethod
    def _stalled(st: State) -> bool:
        """Nobody can ever lay again. Hands never grow in basic play (trades are one for one, a
        draw is followed by a discard) and hold at most one card more while going out, so a player
        with one card can never lay down a sequence; nor in advanced play with forfeit=trade (no
        stock, and a wrong answer calls the trade off), where a hand holds no more than it does,
        so a player with two cards never can. If every hand is that small and no card off the table
        (in advanced play: in a hand) fits an end of a table sequence, the table can never change
        and no one can go out: the rules give the round no end."""
        most = 2 if st.adv else 1
        held = 0
        for h in st.hands:
            if h.bit_count() > most:
                return False
            held |= h
        off = held if st.adv else st.prep.all_mask & ~st.table_mask
        return not (off & st.ext_all)

    def _to_end_lay(self, st: State) -> None:
        if self.can_lay(st, st.hands[st.crom]):
            st.phase = END_LAY
            st.actor = st.crom
        else:
            self._next_turn(st)

    # -- legal actions -------------------------------------------------------------------------------
    def legal(self, state: State) -> list[Action]:
        st = state
        p = st.prep
        phase = st.phase
        if phase in LAY_PHASES:
            return self.lays(st, st.hands[st.crom]) + [p.DONE]
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
            if p.test == "house":
                return [p.ANSWER + 0, p.ANSWER + 1]
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
        """Carry out the action of the seat to act, refusing one the phase does not allow
        (ValueError): each phase has its own handler, found by the phase's number."""
        self._by_phase[state.phase](self, state, action)

    def _apply_offer(self, st: State, action: int) -> None:
        """A seat offers a card or passes; after the last seat the Cromwell decides, or, with no
        offer, draws (basic) or ends the turn (advanced)."""
        p = st.prep
        seat = st.actor
        if action == p.PASS:
            st.offers[seat] = -1
        else:
            c = action - p.OFFER
            if not (0 <= c < p.n and st.hands[seat] >> c & 1):
                self._illegal(st, action)
            st.offers[seat] = c
            st.shown[seat] |= 1 << c        # offered by name: everyone knows who holds it
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

    def _apply_lay(self, st: State, action: int) -> None:
        """The Cromwell lays (START_LAY, END_LAY) or is done; an empty hand goes out, and a hand
        with nothing more to lay moves on to the announcement or the next turn."""
        p = st.prep
        phase = st.phase
        seat = st.actor
        if action == p.DONE:
            if phase == START_LAY:
                st.phase = ANNOUNCE
            else:
                self._next_turn(st)
            return
        h = st.hands[seat]
        if not self.lay_legal(st, h, action):
            self._illegal(st, action)
        self.lay(st, seat, action)
        if not st.hands[seat]:
            self._go_out(st, seat)
        elif not self.can_lay(st, st.hands[seat]):
            if phase == START_LAY:
                st.phase = ANNOUNCE
            else:
                self._next_turn(st)

    def _apply_announce(self, st: State, action: int) -> None:
        """The Cromwell names a card of the hand; the offers start at the left."""
        p = st.prep
        seat = st.actor
        c = action - p.ANNOUNCE
        if not (0 <= c < p.n and st.hands[seat] >> c & 1):
            self._illegal(st, action)
        st.announced = c
        st.shown[seat] |= 1 << c            # named aloud
        offers = st.offers
        for s in range(st.P):
            offers[s] = -1
        st.phase = OFFER
        st.actor = (seat + 1) % st.P

    def _apply_decide(self, st: State, action: int) -> None:
        """The Cromwell draws (basic) or accepts an offer: the two cards change hands, and in
        advanced play both traders answer the test."""
        p = st.prep
        seat = st.actor
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
        shown = st.shown                     # both cards were named: everyone knows where they went
        shown[seat] = (shown[seat] & ~a) | o
        shown[s] = (shown[s] & ~o) | a
        if st.adv:
            st.trade_seat = s
            st.stage = 1
            st.phase = ANSWER
            st.actor = seat
        else:
            self._to_end_lay(st)

    def _apply_answer(self, st: State, action: int) -> None:
        """A trader answers before or after, right or wrong (a wrong answer forfeits the card);
        after both answers an empty hand goes out, else the Cromwell lays again."""
        p = st.prep
        seat = st.actor
        k = action - p.ANSWER
        card = self.answer_card(st)
        if not (0 <= k < 4 and (k < 2 if p.test == "house" else p.has_dir[card][k >> 1])):
            self._illegal(st, action)
        if not k & 1:
            st.wrongs += 1
            if p.forfeit == "trade":
                self._call_off(st)
                self._to_end_lay(st)
                return
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

    def _apply_go_out(self, st: State, action: int) -> None:
        """The Cromwell lays out a hand that can be laid whole (no discard), one lay at a time."""
        seat = st.actor
        if not (self.lay_legal(st, st.hands[seat], action) and self.keeps_clearable(st, seat, action)):
            self._illegal(st, action)
        self.lay(st, seat, action)
        if not st.hands[seat]:
            self._go_out(st, seat)

    def _apply_over(self, st: State, action: int) -> None:
        """Nothing is legal once the round is over."""
        self._illegal(st, action)

    # the handler of each phase, in the order of the phase numbers (tables.py)
    _by_phase: tuple[Callable[[TurnRules, State, int], None], ...] = (
        _apply_lay, _apply_announce, _apply_offer, _apply_decide, _apply_go_out, _apply_answer, _apply_lay,
        _apply_over)

    def _illegal(self, st: State, action: int) -> NoReturn:
        raise ValueError(f"action {action} ({describe(st.prep, action)}) is not legal in phase "
                         f"{PHASE_NAMES[st.phase]} for seat {st.actor}")

    def _draw(self, st: State) -> None:
        """Refuse every offer (basic): draw, then discard the announced card, or go out without a
        discard when the whole hand can now be laid."""
        seat = st.crom
        if not st.stock and st.block:
            st.stock = st.block
            st.block = []
            st.pool = 0                      # the stock now holds cards everyone saw on the Block
            for c in st.stock:
                st.pool |= 1 << c
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
        st.shown[seat] &= ~(1 << st.announced)
        st.block.append(st.announced)
        self._to_end_lay(st)

    def _forfeit(self, st: State, seat: int, card: int, direction: int) -> None:
        """A wrong answer by `seat` about `card` received in the trade (with test=house nobody holds
        a right answer, so the card goes back)."""
        rights = st.prep.right[card][direction] if st.prep.test == "reign" else ()
        hands = st.hands
        giver = st.trade_seat if seat == st.crom else st.crom
        bit = 1 << card
        target = giver
        own = 0
        for r in rights:
            own |= 1 << r
        shown = st.shown
        if not hands[seat] & own:
            found = False
            for r in rights:
                rb = 1 << r
                for s in range(st.P):
                    if s != seat and hands[s] & rb:
                        target = s
                        found = True
                        shown[s] |= rb          # its holder shows it
                        break
                if found:
                    break
        else:                                   # the answerer shows the right monarch it holds
            shown[seat] |= (hands[seat] & own) & -(hands[seat] & own)
        hands[seat] ^= bit
        hands[target] |= bit
        shown[seat] &= ~bit
        shown[target] |= bit

    @staticmethod
    def _call_off(st: State) -> None:
        """forfeit=trade: a wrong answer calls the trade off, each card going back to the player who
        gave it (after the Cromwell's wrong answer the other trader is not asked). Hands then shrink
        only by laying, as the seed says of advanced play, so a wrong answer costs a turn's trade and
        never sheds a card."""
        a = 1 << st.announced
        o = 1 << st.offers[st.trade_seat]
        hands, shown = st.hands, st.shown
        hands[st.crom] ^= a | o
        hands[st.trade_seat] ^= a | o
        shown[st.crom] = (shown[st.crom] & ~o) | a                # both named: everyone saw them go back
        shown[st.trade_seat] = (shown[st.trade_seat] & ~a) | o

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
