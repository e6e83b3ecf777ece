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

import random
from typing import Any, Callable

from printgen.games.common.ombre import bots
from printgen.games.common.ombre import report
from printgen.games.common.ombre.hand import OmbreGame
from printgen.games.common.ombre.pack import ACTIVE, FAMILY_OPTIONS, Prepared, compile_pack, sheet_tables
from printgen.games.common.ombre.state import CODILLO, JUEGO, PASS, REPUESTO, SACADO, TRICKS, State
from printgen.sim.engine import Action
from printgen.sim.report import Finding, Result
from printgen.sim.options import Option

SMALL = 1
LARGE = 5                   # a large counter is worth five small ones
MATADOR_PAY = 3 * LARGE     # from each other player, for holding the three matadors

OPTIONS = (
    *FAMILY_OPTIONS,
    Option("fail", ("five", "lose"), "five",
                   "what fails a game played without taking in: five, fewer than the five tricks the Ombre declared "
                   "(the rule sheet, after the seed); lose, only a hand the Ombre does not win"),
    Option("opponents_pay", ("no", "yes"), "no",
                            "no: the opponents take in from the talon for nothing (the rule sheet); yes: a small counter "
                            "a card, as the Ombre pays"),
    Option("vole_fail", ("pays", "free"), "pays",
                        "pays: a player who fails the vole pays each other player a large counter (the rule sheet); "
                        "free: it costs nothing"),
    Option("codillo_tie", ("share", "repuesto"), "share",
                          "share: when both opponents beat the Ombre with equal tricks they share the pool and the "
                          "payment (the rule sheet); repuesto: the hand counts as a repuesto"),
    Option("matadors", ("ombre", "any", "off"), "ombre",
                       "ombre: an Ombre holding the three matadors is paid for them (the rule sheet); any: any player "
                       "holding them; off: nobody"),
)


class LOmbre(OmbreGame):
    name = "lombre"
    title = "L'Ombre"
    options = OPTIONS
    players = (3,)
    step_cap = 80 * 1000        # about 80 decisions a hand at most, sessions of up to 1,000 hands
    length_note = "tricks played in a session of hands (nine a hand, fewer when a player stops after five)"
    # each rule option's situation (a counter of ombre.state's State.flags) in words, for validate
    situations = {"privilege": ("privilege", "a trump lead after which the two readings of the privilege allow "
                                             "different cards"),
                  "fail": ("sure", "a game played without taking in"),
                  "opponents_pay": ("opponents_exchange", "an opponent taking in from the talon"),
                  "vole_fail": ("five_failed", "a vole tried and missed"),
                  "codillo_tie": ("codillo_tie", "both opponents beating the Ombre with equal tricks"),
                  "matadors": ("matadors", "a player holding the three matadors")}
    situation_unit = "hands"
    sure_at = 11.0              # the greedy Ombre plays without taking in with the three matadors and this strength
    bid_at = 7.0                # ... and takes the game with this strength (bots.strength)

    def prepare(self, deck, variant: str, options: dict[str, Any]) -> Prepared:
        opts = self.read_options(variant, options)
        return compile_pack(deck, self.title, opts)

    def sheet_tables(self, deck) -> dict[str, Any]:
        return sheet_tables(deck, self.title)

    # -- stakes ------------------------------------------------------------------------------------
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

    # -- bidding ------------------------------------------------------------------------------------
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

    def greedy_bid(self, st: State, rng: random.Random) -> Action:
        score, _ = bots.best_trumps(st.prep, st.hand[st.actor], rng)
        return JUEGO if score >= self.bid_at else PASS

    # -- exchange ----------------------------------------------------------------------------------------
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

    def greedy(self, st: State, rng: random.Random) -> Action:
        return bots.greedy(self, st, rng)

    # -- settling ------------------------------------------------------------------------------------
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

    # -- the report ------------------------------------------------------------------------------------
    def extra_findings(self, results: list[Result], prepared: Prepared, players: int, options: dict[str, Any],
                       more: Callable[[dict[str, Any], int], list[Result]]) -> list[Finding]:
        return report.findings(results, players, "pool", "counters")
