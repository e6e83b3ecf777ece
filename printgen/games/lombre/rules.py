"""L'Ombre (seed 002), as decks/spanish/rules/lombre.md states it, for three players.

The stakes: the pool gets a large counter (5 small ones) from everyone when it is empty before a
deal, else a small counter from the eldest. Bidding: from the eldest, each player takes the
game (JUEGO) or passes, paying a small counter into the pool; when all three pass the eldest
plays. The Ombre names trumps (or LOOKs: exchanges first and lets the opponent on the left name
them), then exchanges paying a small counter a card, or plays SURE (without taking in: a large
counter from each opponent now, returned with another if the Ombre fails). The opponents then
exchange. A player holding the three matadors is paid for them (option `matadors`). A player
who wins the first five tricks stops (a small counter from each other player, the hand ends) or
plays on for the vole (a large counter from each if made; option `vole_fail` for a failure).
Then sacado, codillo or repuesto pays out of and into the pool (printgen.games.common.ombre.hand).

The shared machinery (deal, exchange, tricks, first five, invariants) is printgen.games.common.ombre;
the ranking orders are printgen.games.common.tricks, the tables the rule sheet's charts are drawn from.
"""

from __future__ import annotations

from typing import Any

from printgen.games.common.ombre.hand import OmbreRules
from printgen.games.common.ombre.pack import ACTIVE, Prepared, compile_pack
from printgen.games.common.ombre.state import CODILLO, JUEGO, PASS, REPUESTO, SACADO, TRICKS, State
from printgen.games.lombre.tables import LARGE, MATADOR_PAY, SMALL
from printgen.model.deck import Deck
from printgen.sim.engine import Action


class LOmbreRules(OmbreRules):
    """The play of L'Ombre that is its own: the pool, the bidding, taking in, the matadors, settling."""

    def prepare(self, deck: Deck, variant: str, options: dict[str, Any]) -> Prepared:
        opts = self.read_options(variant, options)
        return compile_pack(deck, self.title, opts)

    def ante(self, st: State) -> None:
        if st.pool == 0:
            for seat in st.active:
                st.money[seat] -= LARGE
            st.pool += LARGE * ACTIVE
        else:
            st.money[st.active[0]] -= SMALL
            st.pool += SMALL

    def into_pool(self, st: State, seat: int, amount: int) -> None:
        st.money[seat] -= amount
        st.pool += amount

    def start_bidding(self, st: State) -> None:
        st.bid_state = 0                    # passes so far

    def bid_legal(self, st: State) -> list[Action]:
        return [PASS, JUEGO]

    def bid_apply(self, st: State, action: Action) -> None:
        seat = st.actor
        if action == JUEGO:
            self.won_bid(st, seat, JUEGO)
        elif action == PASS:
            self.into_pool(st, seat, SMALL)
            st.bid_state += 1
            if st.bid_state == ACTIVE:          # all passed: the eldest must play
                self.won_bid(st, st.active[0], JUEGO)
            else:
                st.actor = st.active[st.bid_state]
        else:
            raise ValueError(f"in the bidding the choice is PASS or JUEGO, not {action}")

    def may_look(self, st: State) -> bool:
        return not st.looked

    def may_be_sure(self, st: State) -> bool:
        return not st.looked

    def exchange_pays(self, st: State, seat: int, cards: int) -> None:
        if seat != st.ombre:
            st.flags.add("opponents_exchange")
        if seat == st.ombre or st.opts["opponents_pay"] == "yes":
            self.into_pool(st, seat, cards * SMALL)

    def sure_bet(self, st: State) -> None:
        for seat in self.opponents(st):
            self.pay(st, seat, st.ombre, LARGE)

    def before_play(self, st: State) -> None:
        """Payment for the matadors, to the Ombre (or any player, or nobody: option `matadors`):
        three large counters from each other player, and a small one more for each further trump
        held in unbroken order below them."""
        rule = st.opts["matadors"]
        top = st.prep.orders.trump_cards[st.trumps]
        if any(top[0] in st.hand[s] and top[1] in st.hand[s] and top[2] in st.hand[s] for s in st.active):
            st.flags.add("matadors")        # a player holds the three matadors
        if rule == "off":
            return
        for seat in ([st.ombre] if rule == "ombre" else st.active):
            hand = st.hand[seat]
            if not (top[0] in hand and top[1] in hand and top[2] in hand):
                continue
            run = 3
            while run < len(top) and top[run] in hand:
                run += 1
            for other in st.active:
                if other != seat:
                    self.pay(st, other, seat, MATADOR_PAY + (run - 3) * SMALL)

    def settle(self, st: State) -> None:
        o = st.ombre
        opp = self.opponents(st)
        others = lambda seat: [s for s in st.active if s != seat]        # noqa: E731
        if st.stopped:                          # stopped after the first five: a small counter from each
            for seat in others(st.sweep):
                self.pay(st, seat, st.sweep, SMALL)
        if st.five >= 0:
            v = st.five
            if st.tricks[v] == TRICKS:
                for seat in others(v):
                    self.pay(st, seat, v, LARGE)
            elif st.opts["vole_fail"] == "pays":
                for seat in others(v):
                    self.pay(st, v, seat, LARGE)
        result, winners = self.outcome(st)
        if result == CODILLO and len(winners) == 2 and st.opts["codillo_tie"] == "repuesto":
            result = REPUESTO
        pool = st.pool
        if result == SACADO:
            st.money[o] += pool
            st.pool = 0
            for seat in opp:
                self.pay(st, seat, o, SMALL)
        elif result == CODILLO:
            share = pool // len(winners)
            for seat in winners:
                st.money[seat] += share
                st.pool -= share
                self.pay(st, o, seat, share)
        else:
            self.into_pool(st, o, pool)
        if st.sure:
            failed = result != SACADO if st.opts["fail"] == "lose" else st.tricks[o] < 5
            if failed:                          # the counters go back, and one more to each
                for seat in opp:
                    self.pay(st, o, seat, 2 * LARGE)
        self.record(st, result)
