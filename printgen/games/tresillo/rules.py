"""Tresillo (seed 002), as decks/spanish/rules/tresillo.md states it, for three or four players.

The stakes are tantos. Every player puts 5 into the reserve at the start (and again whenever it
is empty and the plato needs it). Before a deal the dealer moves 5 from the reserve to an empty
plato, then adds 1 of their own; with four players the dealer sits the hand out. Bidding, from
the dealer's left: pass (out of the bidding) or name a contract at least as high as the last:
JUEGO (name trumps, exchange), VUELTA (the talon's top card is turned: its suit is trumps;
exchange) or SOLO (name trumps, no exchange for the Ombre). A contract may be named twice, the
second time by another player, who then holds it; after that only a higher one. When two have
passed, the holder is the Ombre; when all pass the eldest plays a juego (option `all_pass`).

Settlement follows the three puestas of the rule sheet (first puesta, puesta in the plato,
reserved puesta), with the Reserved Puesta sheet kept as a list of open debts, and the bonuses
(vuelta 1, solo 2, estuche 1, primeras 1, bola 8) paid by each opponent to a winning Ombre, or
by a losing one to each opponent.
"""

from __future__ import annotations

from typing import Any

from printgen.games.common.ombre.hand import OmbreRules
from printgen.games.common.ombre.pack import ACTIVE, Prepared, compile_pack
from printgen.games.common.ombre.state import CODILLO, JUEGO, PASS, REPUESTO, SACADO, SOLO, TRICKS, VUELTA, State
from printgen.games.tresillo.tables import (
    BOLA,
    BONUS,
    CONTRACTS,
    DEALER_PAYS,
    ESTUCHE,
    FIRST,
    IN_PLATO,
    IN_PLAY_EXTRA,
    PRIMERAS,
    RESERVE_PIECE,
    RESERVED,
    SACADO_EACH,
)
from printgen.model.deck import Deck
from printgen.sim.engine import Action


class Book:
    """The reserve, the open debts of the Reserved Puesta sheet (seat, amount, in the order
    written), and the puesta of the hand being played with its amount in play."""

    __slots__ = ("reserve", "debts", "situation", "plato_before", "written", "paid")

    def __init__(self) -> None:
        self.reserve = 0
        self.debts: list[list[int]] = []
        self.situation = FIRST
        self.plato_before = 0
        self.written = 0            # puestas reserved in the session
        self.paid = 0               # ... and won back

    def highest(self) -> list[int] | None:
        """The highest open debt; between equal ones, the one written first."""
        best = None
        for debt in self.debts:
            if best is None or debt[1] > best[1]:
                best = debt
        return best


class Bidding:
    __slots__ = ("contract", "holder", "passed", "named")

    def __init__(self) -> None:
        self.contract = 0
        self.holder = -1
        self.passed: list[int] = []
        self.named = {JUEGO: 0, VUELTA: 0, SOLO: 0}


class TresilloRules(OmbreRules):
    """The play of Tresillo that is its own: the reserve and plato, the bidding, the puestas, settling."""

    def prepare(self, deck: Deck, variant: str, options: dict[str, Any]) -> Prepared:
        opts = self.read_options(variant, options)
        return compile_pack(deck, self.title, opts)

    def start_stakes(self, st: State) -> None:
        st.book = Book()
        self._fill_reserve(st)

    def _fill_reserve(self, st: State) -> None:
        for seat in range(st.players):
            st.money[seat] -= RESERVE_PIECE
        st.book.reserve += RESERVE_PIECE * st.players

    def ante(self, st: State) -> None:
        book = st.book
        book.plato_before = st.pool
        if st.pool == 0:
            if book.reserve < RESERVE_PIECE:
                self._fill_reserve(st)
            book.reserve -= RESERVE_PIECE
            st.pool += RESERVE_PIECE
        st.money[st.dealer] -= DEALER_PAYS
        st.pool += DEALER_PAYS
        if book.debts:
            book.situation = RESERVED
        elif book.plato_before:
            book.situation = IN_PLATO
        else:
            book.situation = FIRST

    def stakes_total(self, st: State) -> int:
        return st.pool + (st.book.reserve if st.book is not None else 0)

    def in_play(self, st: State) -> int:
        """The amount in play: the plato plus 4, or under a reserved puesta the highest debt plus the plato."""
        book = st.book
        if book.situation == RESERVED:
            return book.highest()[1] + st.pool
        return st.pool + IN_PLAY_EXTRA

    def start_bidding(self, st: State) -> None:
        st.bid_state = Bidding()

    def bid_legal(self, st: State) -> list[Action]:
        b = st.bid_state
        out = [PASS]
        for k in CONTRACTS:
            if k > b.contract or (k == b.contract and b.named[k] < 2 and st.opts["match"] == "once"):
                out.append(k)
        return out

    def bid_apply(self, st: State, action: Action) -> None:
        b = st.bid_state
        seat = st.actor
        if action == PASS:
            b.passed.append(seat)
        elif action in CONTRACTS and action in self.bid_legal(st):
            if b.contract:
                st.flags.add("contested")   # a contract named while another stands (the match rule's case)
            b.contract = action
            b.holder = seat
            b.named[action] += 1
        else:
            raise ValueError(f"bid {action} is not allowed now")
        if len(b.passed) == ACTIVE:
            st.flags.add("all_pass")
            if st.opts["all_pass"] == "eldest":
                self.won_bid(st, st.active[0], JUEGO)
            else:
                st.log.append((0, "", 0, False, -1, False, False, False))
                self.next_hand(st)
            return
        if len(b.passed) == ACTIVE - 1 and b.holder >= 0:
            self.won_bid(st, b.holder, b.contract)
            return
        nxt = st.nxt[seat]
        while nxt in b.passed:
            nxt = st.nxt[nxt]
        st.actor = nxt

    def won_bid(self, st: State, seat: int, contract: int) -> None:
        if contract == VUELTA:                  # the top card of the talon is turned: its suit is trumps
            st.ombre = seat
            st.contract = contract
            st.turned = st.talon[-1]
            self.set_trumps(st, st.prep.suit[st.turned])
            return
        super().won_bid(st, seat, contract)

    def exchangers(self, st: State) -> list[int]:
        opp = self.opponents(st)
        return opp if st.contract == SOLO else [st.ombre] + opp

    def five_allowed(self, st: State, seat: int) -> bool:
        return seat == st.ombre

    def settle(self, st: State) -> None:
        o = st.ombre
        opp = self.opponents(st)
        book = st.book
        result, winners = self.outcome(st)
        if result == CODILLO and len(winners) == 2 and st.opts["codillo_tie"] == "repuesto":
            result = REPUESTO
        in_play = self.in_play(st)
        if result == SACADO:
            st.money[o] += st.pool
            st.pool = 0
            if book.situation == RESERVED:
                debt = book.highest()
                book.debts.remove(debt)
                book.paid += 1
                if debt[0] != o:
                    self.pay(st, debt[0], o, debt[1])
            else:
                for seat in opp:
                    self.pay(st, seat, o, SACADO_EACH)
        else:
            if book.situation == FIRST:
                st.money[o] -= in_play
                st.pool += in_play
            else:
                book.debts.append([o, in_play])
                book.written += 1
            if result == CODILLO:
                for seat in winners:
                    self.pay(st, o, seat, in_play // len(winners))
        bonus = BONUS.get(st.contract, 0) + (ESTUCHE if st.estuche else 0) + (PRIMERAS if st.stopped else 0)
        for seat in opp:
            if result == SACADO:
                self.pay(st, seat, o, bonus)
            else:
                self.pay(st, o, seat, bonus)
        if st.five == o:
            if st.tricks[o] == TRICKS:
                for seat in opp:
                    self.pay(st, seat, o, BOLA)
            elif st.opts["bola_fail"] == "pays":
                for seat in opp:
                    self.pay(st, o, seat, BOLA)
        self.record(st, result)
