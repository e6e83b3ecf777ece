"""The words of an Ombre hand as ints (decisions, phases, how a hand ended) and the session's
State, shared by the rules, the bots, the report and the tests without importing the rules.
"""

from __future__ import annotations

import random
from typing import Any

from printgen.games.common.names import distinct_names
from printgen.games.common.ombre.pack import HAND, Prepared
from printgen.games.common.tricks import SUITS

# decisions
PASS, JUEGO, VUELTA, SOLO = 40, 41, 42, 43
TRUMPS = 44                         # + suit index
LOOK, SURE, DONE, STOP, ON = 48, 49, 50, 51, 52
CONTRACT_NAMES = {JUEGO: "juego", VUELTA: "vuelta", SOLO: "solo"}
ACTION_WORDS = {PASS: "pass", LOOK: "look: exchange first, the next player names trumps",
                SURE: "play without taking in", DONE: "done exchanging", STOP: "stop after five tricks",
                ON: "play on for every trick"}

# phases
BID, TRUMP, EXCHANGE, PLAY, FIVE, OVER = range(6)
PHASE_NAMES = ("bidding", "naming trumps", "exchanging", "playing", "first five tricks", "over")

# how a hand ended for the Ombre
SACADO, CODILLO, REPUESTO = "sacado", "codillo", "repuesto"
OUTCOMES = (SACADO, CODILLO, REPUESTO)
FIRST_FIVE = 5
TRICKS = HAND


class State:
    """A session. Per seat: `hand`, `tricks` (won this hand), `money` (net counters so far).
    `active` lists the three seats in this hand from the eldest (the dealer's left); `talon` is
    drawn from its end; `out` holds the discards and the cards of finished tricks; `trick` the
    cards on the table in the order played (seats in `trick_seats`)."""

    __slots__ = ("prep", "opts", "rng", "players", "hands", "hand_no", "dealer", "active", "hand", "talon", "out",
                 "phase", "actor", "trumps", "ombre", "contract", "queue", "pending", "looked", "sure",
                 "trick", "trick_seats", "leader", "tricks", "played", "sweep", "five", "stopped",
                 "money", "pool", "held", "used", "tricks_total", "bid_state", "log", "hand_start",
                 "estuche", "book", "tsuit", "tpower", "tmatador", "nxt", "deals", "flags", "arose", "exchanged",
                 "turned")

    def __init__(self, prep: Prepared, players: int, hands: int, rng: random.Random):
        self.prep = prep
        self.opts = prep.options
        self.rng = rng
        self.players = players
        self.hands = hands
        self.hand_no = 0
        self.dealer = players - 2           # new_hand moves the deal on: the last seat deals first, seat 0 is eldest
        self.active: list[int] = []
        self.hand: list[list[int]] = [[] for _ in range(players)]
        self.talon: list[int] = []
        self.out: list[int] = []
        self.phase = BID
        self.actor = 0
        self.trumps = -1
        self.ombre = -1
        self.contract = 0
        self.queue: list[int] = []          # seats still to exchange, in order
        self.pending: list[int] = []        # cards the exchanging seat has marked to discard
        self.looked = False                 # L'Ombre: the Ombre exchanged before naming trumps
        self.sure = False                   # L'Ombre: the Ombre plays without taking in
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.leader = -1
        self.tricks = [0] * players
        self.played = 0                     # tricks finished this hand
        self.sweep = -1                     # the seat that has won every trick so far this hand
        self.five = -1                      # the seat playing on for all nine after the first five
        self.stopped = False
        self.money = [0] * players
        self.pool = 0
        self.held = 0
        self.used = 0
        self.tricks_total = 0
        self.bid_state: Any = None          # the game's own bidding record
        self.log: list[tuple] = []          # per hand: (ombre, contract, outcome, ...) for the report
        self.hand_start: list[int] = []     # the stakes at the start of each hand
        self.estuche = False                # the Ombre holds the three matadors when play starts
        self.book: Any = None               # the game's own stakes (Tresillo: reserve and debts)
        self.tsuit: list[int] = []          # the trick tables for this hand's trumps (printgen.games.common.tricks)
        self.tpower: list[int] = []
        self.tmatador: list[int] = []
        self.nxt: list[int] = []            # the seat that plays after each seat in this hand
        self.deals: list[list[int]] = []    # scripted deals for the next hands (tests); else shuffled
        self.flags: set[str] = set()        # situations a rule option governs that arose this hand ...
        self.arose: dict[str, int] = {}     # ... and in how many hands of the session each arose
        # what the table saw of this hand's exchange (hidden.py deals unseen cards from it): each
        # exchanger's seat and number of cards discarded, in order, and Tresillo's vuelta card
        # turned on the talon (-1: none)
        self.exchanged: list[tuple[int, int]] = []
        self.turned = -1

    def __str__(self) -> str:
        """The session as the table sees it: the hand, its Ombre, contract and trumps, whose turn
        and in which phase, each seat's hand, tricks and counters, the trick on the table and the
        talon; for playthroughs and debugging."""
        names = distinct_names(self.prep.names)
        if self.phase == OVER:
            lines = [f"session over after {self.hand_no} hands; pool {self.pool}"]
        else:
            bid = f"; seat {self.ombre} is Ombre" if self.ombre >= 0 else ""
            bid += f" ({CONTRACT_NAMES[self.contract]})" if self.contract in CONTRACT_NAMES else ""
            bid += f"; {SUITS[self.trumps]} trumps" if self.trumps >= 0 else ""
            lines = [f"hand {self.hand_no} of {self.hands}, seat {self.dealer} deals{bid}; pool {self.pool}",
                     f"  {PHASE_NAMES[self.phase]}: seat {self.actor} to act"]
        for p in range(self.players):
            sitting = "" if p in self.active or self.phase == OVER else " (sits out)"
            in_suits = sorted(self.hand[p], key=lambda c: (self.prep.suit[c], self.prep.rank[c]))
            held = ", ".join(names[c] for c in in_suits)
            lines.append(f"  seat {p}{sitting}: hand {held or '-'}; tricks {self.tricks[p]}; counters {self.money[p]}")
        if self.trick:
            played = zip(self.trick, self.trick_seats)
            lines.append("  trick " + ", ".join(f"{names[c]} by seat {p}" for c, p in played))
        if self.pending:
            lines.append("  marked to discard " + ", ".join(names[c] for c in self.pending))
        lines.append(f"  talon {len(self.talon)} cards")
        return "\n".join(lines)
